/*
 * Compiled kernel of the two-hand double-dummy solver (module honeymoon.solver._kernel).
 *
 * The search works on a *compact* form of the position: in each 16-bit suit lane the cards still
 * held by either player occupy bits 0..k-1 in rank order, so a card's bit is its relative rank.
 * Removing a played card shifts the higher cards of its lane down by one. Two positions that differ
 * only in cards that no longer matter therefore have the same compact form, and the compact form of
 * the hand on lead, plus one marker bit per lane for the suit length, is an exact transposition key.
 *
 * Search: null-window alpha-beta at trick boundaries ("can the player on lead take at least t of the
 * remaining tricks?"), driven by a series of such searches over t. Cards in sequence in one hand (adjacent bits
 * in the compact form) are searched once. Bounds: the tricks the leader can cash, and the masters
 * either side surely makes (see quick_bounds). The transposition table keeps lower and upper bounds
 * and the lead that last proved a lower bound; it persists between calls because its keys are
 * exact. Endings of one or two cards are valued directly. docs/solver.md has the details.
 *
 * The kernel is not re-entrant: callers hold the GIL, which it never releases.
 */
#include "_search_common.h"

/* Portable popcount: without -mpopcnt the builtin is a library call, slower than this. */
static inline int popcount64(u64 x)
{
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

#define LANE(m, s) ((unsigned)((m) >> ((s) * 16)) & 0xFFFFu)
#define LANES_ONE 0x0001000100010001ULL
#define FULL_DECK 0x1FFF1FFF1FFF1FFFULL
#define MAX_MOVES 16

/* ---------------------------------------------------------------------------------------------
 * Transposition table (see _search_common.h), keyed by position_key.
 */
typedef struct {
    u64 key;
    TABLE_BOUNDS;
} Entry;

#define TT_BITS 16
#define TT_SIZE (1u << TT_BITS)

static Entry *table = NULL;
static int trump = NOTRUMP;
static u64 trump_key = 0;  /* the strain, folded into the unused bits 14-15 of the key lanes */

static inline u64 position_key(u64 leader, u64 follower)
{
    /* (leader | follower) has bits 0..k-1 set in a lane of k cards; adding one marks k. */
    return leader | ((leader | follower) + LANES_ONE) | trump_key;
}

static inline Entry *bucket_of(u64 key)
{
    return table + ((size_t)((key * 0x9E3779B97F4A7C15ULL) >> (64 - TT_BITS)) & ~(size_t)1);
}

static inline Entry *probe(u64 key)
{
    Entry *bucket = bucket_of(key);
    if (bucket[0].key == key) return bucket;
    if (bucket[1].key == key) return bucket + 1;
    return NULL;
}

static void store(u64 key, int cards, int lower, int upper, int best)
{
    Entry *bucket = bucket_of(key);
    Entry *entry;
    if (bucket[0].key == key) {
        entry = bucket;
    } else if (bucket[1].key == key) {
        entry = bucket + 1;
    } else {
        TABLE_CLAIM(entry, bucket, cards);
        entry->key = key;
    }
    TABLE_TIGHTEN(entry, lower, upper, best);
}

/* ---------------------------------------------------------------------------------------------
 * Position helpers.
 */

/* Remove compact bit q (global index) from a mask: higher cards of that lane move down one. */
static inline u64 remove_card(u64 mask, int q)
{
    u64 lane = 0xFFFFULL << (q & ~15);
    u64 below = (1ULL << q) - 1;
    u64 kept = mask & (~lane | below);
    u64 above = mask & lane & ~below & ~(1ULL << q);
    return kept | (above >> 1);
}

/* Both hands after a trick in which compact cards `a` and `b` were played. */
static inline void play_trick(u64 *leader, u64 *follower, int a, int b)
{
    if (a < b) { int t = a; a = b; b = t; }  /* the higher index first keeps the lower valid */
    *leader = remove_card(remove_card(*leader, a), b);
    *follower = remove_card(remove_card(*follower, a), b);
}

static inline int leader_wins_trick(int lead, int reply)
{
    int lead_suit = lead >> 4, reply_suit = reply >> 4;
    if (reply_suit == lead_suit) return reply < lead;
    return reply_suit != trump;
}

/* What the bounds need from one suit, indexed by its lane of the key: the leader's compact
 * cards below a marker bit at the suit length. */
typedef struct {
    uint8_t count_l, count_f;  /* cards held by the leader, the follower */
    uint8_t top_l, top_f;      /* cards above every card of the other side */
    uint8_t side_sure;         /* min(top_l, count_f) */
    uint8_t side_conceded;     /* min(top_f, count_l) */
    uint8_t cash;              /* tricks the leader cashes when the other side cannot ruff */
    uint8_t pad;
} LaneInfo;

#define LANE_KEYS (1 << 14)
static LaneInfo lane_info[LANE_KEYS];

static void init_lane_info(void)
{
    for (unsigned key = 1; key < LANE_KEYS; key++) {
        int length = highbit(key);
        unsigned all = (1u << length) - 1, l = key & all, f = all & ~l;
        int count_l = (int)popcount64(l), count_f = length - count_l;
        int top_l = f ? length - 1 - highbit(f) : count_l;
        int top_f = l ? length - 1 - highbit(l) : count_f;
        LaneInfo *info = &lane_info[key];
        info->count_l = (uint8_t)count_l;
        info->count_f = (uint8_t)count_f;
        info->top_l = (uint8_t)top_l;
        info->top_f = (uint8_t)top_f;
        info->side_sure = (uint8_t)(top_l < count_f ? top_l : count_f);
        info->side_conceded = (uint8_t)(top_f < count_l ? top_f : count_l);
        info->cash = (uint8_t)(top_l >= count_f ? count_l : top_l);
    }
}

#define LANE_INFO(key, s) (&lane_info[((key) >> ((s) * 16)) & 0x3FFF])

/* Quick bounds on the leader's tricks, from the position key. */
static inline void quick_bounds(u64 key, int cards, int *lower, int *upper)
{
    const LaneInfo *lanes[4] = {LANE_INFO(key, 0), LANE_INFO(key, 1), LANE_INFO(key, 2),
                                LANE_INFO(key, 3)};
    /* Either side takes its master trumps and, in each side suit, as many of its masters as the
     * other side holds cards there: it cashes them when on lead (side suits first, so the other
     * side follows and cannot discard), wins with them when that suit or a trump is led, ruffs
     * with a master trump when void, and otherwise has a spare card to discard (it needs to keep
     * fewer cards than it holds, the other side having just played one of the void suit). */
    int sure = 0, conceded = 0;
    for (int s = 0; s < 4; s++) {
        if (s == trump) {
            sure += lanes[s]->top_l;
            conceded += lanes[s]->top_f;
        } else {
            sure += lanes[s]->side_sure;
            conceded += lanes[s]->side_conceded;
        }
    }
    /* On lead, the leader also cashes every winner when no ruff is to be feared (at once, or
     * once the follower's trumps are drawn); otherwise `sure` is what it cashes (side winners
     * while the follower still follows, then the master trumps). */
    if (trump == NOTRUMP || lanes[trump]->top_l >= lanes[trump]->count_f) {
        int cash = lanes[0]->cash + lanes[1]->cash + lanes[2]->cash + lanes[3]->cash;
        if (cash > sure) sure = cash;
    }
    *lower = sure;
    *upper = cards - conceded;
}

static int search(u64 leader, u64 follower, int cards, int target);

/* Replies of the follower to compact card `lead`, most likely refutations first. */
static int reply_moves(u64 follower, int lead, int *moves)
{
    int count = 0;
    int lead_suit = lead >> 4, lead_bit = lead & 15;
    unsigned f = LANE(follower, lead_suit);
    if (f) {
        unsigned reps = f & ~(f >> 1);  /* the top card of each sequence */
        unsigned above = reps & ~((2u << lead_bit) - 1);
        unsigned below = reps & ((1u << lead_bit) - 1);
        if (above) {  /* cheapest winner */
            int b = lowbit(above);
            moves[count++] = lead_suit * 16 + b;
            above &= above - 1;
        }
        if (below) {  /* lowest card */
            int b = lowbit(below);
            moves[count++] = lead_suit * 16 + b;
            below &= below - 1;
        }
        while (above) { moves[count++] = lead_suit * 16 + lowbit(above); above &= above - 1; }
        while (below) { moves[count++] = lead_suit * 16 + lowbit(below); below &= below - 1; }
        return count;
    }
    /* Void: the cheapest ruff, then the lowest card of each side suit, longest suit first,
     * then every other card. */
    unsigned rest[4];
    for (int s = 0; s < 4; s++) {
        unsigned lane = LANE(follower, s);
        rest[s] = lane & ~(lane >> 1);
    }
    if (trump != NOTRUMP && rest[trump]) {
        int b = lowbit(rest[trump]);
        moves[count++] = trump * 16 + b;
        rest[trump] &= rest[trump] - 1;
    }
    int order[4], n_order = 0;
    for (int s = 0; s < 4; s++)
        if (s != trump && rest[s]) order[n_order++] = s;
    for (int i = 1; i < n_order; i++) {
        int s = order[i], j = i;
        int len = popcount64(LANE(follower, s));
        while (j > 0 && popcount64(LANE(follower, order[j - 1])) < len) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = s;
    }
    for (int i = 0; i < n_order; i++) {
        int s = order[i];
        moves[count++] = s * 16 + lowbit(rest[s]);
        rest[s] &= rest[s] - 1;
    }
    for (int s = 0; s < 4; s++)
        while (rest[s]) { moves[count++] = s * 16 + lowbit(rest[s]); rest[s] &= rest[s] - 1; }
    return count;
}

/* Does leading compact card `lead` let the leader take at least `target` of `cards` tricks? */
static int lead_succeeds(u64 leader, u64 follower, int cards, int lead, int target)
{
    if (target <= 0) return 1;
    if (target > cards) return 0;
    int moves[MAX_MOVES];
    int count = reply_moves(follower, lead, moves);
    for (int i = 0; i < count; i++) {
        int reply = moves[i];
        u64 l = leader, f = follower;
        play_trick(&l, &f, lead, reply);
        int ok;
        if (leader_wins_trick(lead, reply))
            ok = search(l, f, cards - 1, target - 1);
        else
            ok = !search(f, l, cards - 1, cards - target);
        if (!ok) return 0;
    }
    return 1;
}

/* Leads of the leader (one per sequence), best first, into moves; returns how many. */
static int lead_moves(u64 leader, u64 follower, int hint, int *moves)
{
    int scores[MAX_MOVES];
    int count = 0;
    unsigned trump_f = trump == NOTRUMP ? 0 : LANE(follower, trump);
    for (int s = 0; s < 4; s++) {
        unsigned l = LANE(leader, s);
        if (!l) continue;
        unsigned f = LANE(follower, s);
        int f_high = f ? highbit(f) : -1;
        int ruffed = f == 0 && trump_f != 0 && s != trump;
        unsigned reps = l & ~(l >> 1);
        int lowest = lowbit(reps);
        while (reps) {
            int b = lowbit(reps);
            reps &= reps - 1;
            int move = s * 16 + b, score;
            if (move == hint) score = 1000;
            else if (ruffed) score = -50 - b;
            else if (b > f_high) score = f ? 60 - popcount64(f) : -10;  /* a free winner can wait */
            else score = b == lowest ? 20 - popcount64(f) : 0 - b;
            int j = count++;
            while (j > 0 && scores[j - 1] < score) {
                scores[j] = scores[j - 1];
                moves[j] = moves[j - 1];
                j--;
            }
            scores[j] = score;
            moves[j] = move;
        }
    }
    return count;
}

static inline int lowest_card(u64 mask)
{
    unsigned low = (unsigned)mask;
    return low ? lowbit(low) : 32 + lowbit((unsigned)(mask >> 32));
}

static inline int highest_card(u64 mask)
{
    unsigned high = (unsigned)(mask >> 32);
    return high ? 32 + highbit(high) : highbit((unsigned)mask);
}

/* Exact tricks for the leader with two cards each, by plain minimax. Removing played cards
 * without compacting is fine here: it keeps the order of the cards that remain. */
static int two_cards_value(u64 leader, u64 follower)
{
    int leads[2] = {lowest_card(leader), highest_card(leader)};
    int replies[2] = {lowest_card(follower), highest_card(follower)};
    int best = 0;
    for (int i = 0; i < 2; i++) {
        int lead = leads[i], other_lead = leads[1 - i];
        int follows = (replies[0] >> 4) == (lead >> 4) || (replies[1] >> 4) == (lead >> 4);
        int worst = 2;
        for (int j = 0; j < 2; j++) {
            int reply = replies[j], other_reply = replies[1 - j];
            if (follows && (reply >> 4) != (lead >> 4)) continue;
            int value;
            if (leader_wins_trick(lead, reply))
                value = 1 + leader_wins_trick(other_lead, other_reply);
            else
                value = 1 - leader_wins_trick(other_reply, other_lead);
            if (value < worst) worst = value;
        }
        if (worst > best) best = worst;
    }
    return best;
}

/* Can the player on lead take at least `target` of the remaining tricks? */
static int search(u64 leader, u64 follower, int cards, int target)
{
    if (target <= 0) return 1;
    if (target > cards) return 0;
    nodes++;
    if (cards <= 2) {
        if (cards == 1) return leader_wins_trick(lowest_card(leader), lowest_card(follower));
        return two_cards_value(leader, follower) >= target;
    }
    u64 key = position_key(leader, follower);
    int lower, upper;
    quick_bounds(key, cards, &lower, &upper);
    if (lower >= target) return 1;
    if (upper < target) return 0;
    Entry *entry = probe(key);
    int hint = -1;
    if (entry) {
        if (entry->lower >= target) return 1;
        if (entry->upper < target) return 0;
        if (entry->best != 0xFF) hint = entry->best;
    }
    int moves[MAX_MOVES];
    int count = lead_moves(leader, follower, hint, moves);
    for (int i = 0; i < count; i++) {
        if (lead_succeeds(leader, follower, cards, moves[i], target)) {
            store(key, cards, target, cards, moves[i]);
            return 1;
        }
    }
    store(key, cards, 0, target - 1, -1);
    return 0;
}

/* Exact tricks for the leader, by a series of null-window searches. */
static int solve_exact(u64 leader, u64 follower)
{
    int cards = popcount64(leader);
    if (cards == 0) return 0;
    u64 key = position_key(leader, follower);
    int lower, upper;
    quick_bounds(key, cards, &lower, &upper);
    Entry *entry = probe(key);
    if (entry) {
        if (entry->lower > lower) lower = entry->lower;
        if (entry->upper < upper) upper = entry->upper;
    }
    if (lower >= upper) return lower;
    /* The first test halves the range; the value is usually close, so then step by one. */
    int target = (lower + upper + 1) / 2;
    int rising = search(leader, follower, cards, target);
    if (rising) lower = target;
    else upper = target - 1;
    while (lower < upper) {
        target = rising ? lower + 1 : upper;
        if (search(leader, follower, cards, target)) lower = target;
        else upper = target - 1;
    }
    return lower;
}

/* Exact tricks for the leader after leading `lead`, knowing it is at most `upper`. */
static int solve_lead(u64 leader, u64 follower, int cards, int lead, int upper)
{
    int lower = 0, first = 1;
    while (lower < upper) {
        int target = first ? upper : (lower + upper + 1) / 2;
        first = 0;
        if (lead_succeeds(leader, follower, cards, lead, target)) lower = target;
        else upper = target - 1;
    }
    return lower;
}

/* Tricks for the follower (of `cards` in all, this one included) after replying `reply`. */
static int reply_value(u64 leader, u64 follower, int cards, int lead, int reply)
{
    u64 l = leader, f = follower;
    play_trick(&l, &f, lead, reply);
    if (leader_wins_trick(lead, reply)) return cards - 1 - solve_exact(l, f);
    return 1 + solve_exact(f, l);
}

/* ---------------------------------------------------------------------------------------------
 * Python interface.
 */

typedef struct {
    u64 leader, follower;   /* compact hands; the leader's includes a card on the table */
    int lead;               /* compact card on the table, or -1 */
    int mover_leads;        /* 1 at a trick boundary */
    int ranks[4][16];       /* compact bit -> rank index 0..12, per suit */
} Root;

static int parse_args(PyObject *const *args, Py_ssize_t nargs, Root *root)
{
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "expected (mask_to_move, mask_other, trump, led_card)");
        return -1;
    }
    u64 mover = PyLong_AsUnsignedLongLong(args[0]);
    if (PyErr_Occurred()) goto bad_mask;
    u64 other = PyLong_AsUnsignedLongLong(args[1]);
    if (PyErr_Occurred()) goto bad_mask;
    long strain = PyLong_AsLong(args[2]);
    if (strain == -1 && PyErr_Occurred()) return -1;
    long led = PyLong_AsLong(args[3]);
    if (led == -1 && PyErr_Occurred()) return -1;
    if ((mover | other) & ~FULL_DECK) goto bad_mask;
    if (strain < 0 || strain > 4) {
        raise_input("bad_strain", "the trump strain must be 0-3 (clubs to spades) or 4 (no trump)");
        return -1;
    }
    if (mover & other) {
        raise_input("card_in_both_hands", "a card is in both hands");
        return -1;
    }
    int n_mover = popcount64(mover), n_other = popcount64(other);
    if (n_mover > 13 || n_other > 13) {
        raise_input("too_many_cards", "a hand holds more than 13 cards");
        return -1;
    }
    u64 led_bit = 0;
    if (led != -1) {
        if (led < 0 || led > 51) {
            raise_input("bad_led_card", "the led card must be a card id 0-51 or -1 for none");
            return -1;
        }
        led_bit = 1ULL << ((led / 13) * 16 + led % 13);
        if (led_bit & (mover | other)) {
            raise_input("bad_led_card", "the led card is on the table, so it cannot be in a hand");
            return -1;
        }
        if (n_mover != n_other + 1) {
            raise_input("unequal_hands",
                        "with a card led, the hand to move must hold one card more than the other");
            return -1;
        }
        if (n_mover == 0) {
            raise_input("unequal_hands", "the hand to move is empty");
            return -1;
        }
    } else if (n_mover != n_other) {
        raise_input("unequal_hands", "at the start of a trick both hands must hold as many cards");
        return -1;
    }
    if ((int)strain != trump) {
        trump = (int)strain;
        trump_key = ((u64)(strain & 3) << 14) | ((u64)(strain >> 2) << 30);
    }
    u64 leader_abs = led_bit ? (other | led_bit) : mover;
    u64 follower_abs = led_bit ? mover : other;
    root->leader = root->follower = 0;
    root->lead = -1;
    root->mover_leads = led_bit == 0;
    for (int s = 0; s < 4; s++) {
        int index = 0;
        for (int r = 0; r < 13; r++) {
            u64 bit = 1ULL << (s * 16 + r);
            if (!((leader_abs | follower_abs) & bit)) continue;
            u64 compact = 1ULL << (s * 16 + index);
            if (leader_abs & bit) root->leader |= compact;
            else root->follower |= compact;
            if (bit == led_bit) root->lead = s * 16 + index;
            root->ranks[s][index++] = r;
        }
    }
    return 0;
bad_mask:
    PyErr_Clear();
    raise_input("bad_mask", "a card mask must be a non-negative int using bits 0-12 of each "
                            "16-bit suit lane");
    return -1;
}

static int ensure_table(void)
{
    if (!table) table = (Entry *)table_allocate(TT_SIZE * sizeof(Entry));
    return table ? 0 : -1;
}

static inline int card_id(const Root *root, int compact)
{
    int s = compact >> 4;
    return s * 13 + root->ranks[s][compact & 15];
}

PyDoc_STRVAR(tricks_doc,
"tricks(mask_to_move, mask_other, trump, led_card) -> int\n\n"
"Tricks the player to move takes with best play (led_card is a card id, or -1 for none).");

static PyObject *kernel_tricks(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    Root root;
    nodes = 0;
    if (parse_args(args, nargs, &root) < 0 || ensure_table() < 0) return NULL;
    int cards = popcount64(root.leader);
    if (root.mover_leads) return PyLong_FromLong(solve_exact(root.leader, root.follower));
    int moves[MAX_MOVES];
    int count = reply_moves(root.follower, root.lead, moves);
    int best = 0;
    for (int i = 0; i < count; i++) {
        int value = reply_value(root.leader, root.follower, cards, root.lead, moves[i]);
        if (value > best) best = value;
    }
    return PyLong_FromLong(best);
}

PyDoc_STRVAR(values_doc,
"values(mask_to_move, mask_other, trump, led_card) -> (tricks, [(card_id, tricks), ...])\n\n"
"The best result for the player to move and the result of each legal card, low card id first.");

static PyObject *kernel_values(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    Root root;
    nodes = 0;
    if (parse_args(args, nargs, &root) < 0 || ensure_table() < 0) return NULL;
    int cards = popcount64(root.leader);
    int value_of[64];
    u64 legal;
    int best = 0;
    for (int i = 0; i < 64; i++) value_of[i] = -1;
    if (root.mover_leads) {
        legal = root.leader;
        if (cards > 0) {
            best = solve_exact(root.leader, root.follower);
            int moves[MAX_MOVES];
            int count = lead_moves(root.leader, root.follower, -1, moves);
            for (int i = 0; i < count; i++)
                value_of[moves[i]] =
                    solve_lead(root.leader, root.follower, cards, moves[i], best);
        }
    } else {
        unsigned suit_cards = LANE(root.follower, root.lead >> 4);
        legal = suit_cards ? (u64)suit_cards << (root.lead & ~15) : root.follower;
        int moves[MAX_MOVES];
        int count = reply_moves(root.follower, root.lead, moves);
        for (int i = 0; i < count; i++) {
            int value = reply_value(root.leader, root.follower, cards, root.lead, moves[i]);
            value_of[moves[i]] = value;
            if (value > best) best = value;
        }
    }
    /* A card takes the value of the top card of its sequence, searched above. */
    PyObject *list = PyList_New(0);
    if (!list) return NULL;
    u64 own = root.mover_leads ? root.leader : root.follower;
    for (int s = 0; s < 4; s++) {
        int run_value = -1;
        for (int b = 15; b >= 0; b--) {
            int q = s * 16 + b;
            if (!((own >> q) & 1)) { run_value = -1; continue; }
            if (value_of[q] >= 0) run_value = value_of[q];
            if (!((legal >> q) & 1)) continue;
            if (append_card_value(list, card_id(&root, q), run_value) < 0) return NULL;
        }
    }
    return values_result(best, list);
}

static PyMethodDef kernel_methods[] = {
    {"tricks", (PyCFunction)(void (*)(void))kernel_tricks, METH_FASTCALL, tricks_doc},
    {"values", (PyCFunction)(void (*)(void))kernel_values, METH_FASTCALL, values_doc},
    COMMON_METHODS,
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef kernel_module = {
    PyModuleDef_HEAD_INIT, "honeymoon.solver._kernel",
    "Compiled two-hand double-dummy search; use honeymoon.solver, not this module.", -1,
    kernel_methods,
};

PyMODINIT_FUNC PyInit__kernel(void)
{
    if (load_input_error() < 0) return NULL;
    PyObject *module = PyModule_Create(&kernel_module);
    init_lane_info();
    if (module) PyModule_AddIntConstant(module, "TABLE_ENTRIES", TT_SIZE);
    return module;
}
