/*
 * Compiled Bridgette solver (module honeymoon.solver._colons): two-hand double-dummy search with
 * the three Colons. The rules are those of honeymoon.tricks (bridgette_playable, colon_spoils,
 * trick_winner) and honeymoon.bridgette; the tests compare every answer with the pure-Python
 * reference honeymoon.solver._colons_reference, which is built on those functions.
 *
 * Positions. A hand is one 64-bit word: suit s in bits 16s .. 16s+12, the Little, Royal and Grand
 * Colons in bits 61, 62 and 63 (the unused top of the spade lane). A Colon matches a rank group
 * (2-10, J-K, A), so ranks cannot be renumbered freely as the 52-card kernel does; instead each
 * lane has three *segments*, one per group: bits 0-8 (2-10), 9-11 (J Q K) and 12 (A). Within a
 * segment, the cards still held by either hand occupy the lowest bits in rank order. Order within
 * a suit and the group of every card are all the rules look at, and both survive this renumbering,
 * so positions that differ only in cards already played share one form and one table entry.
 * Removing a played card shifts the higher cards of its segment down by one. Segments merge as
 * the Colons that tell them apart leave play (see the layouts below); with no Colon left a lane
 * is one segment, the 52-card kernel's form.
 *
 * Search: null-window alpha-beta at trick boundaries ("can the player on lead take at least t of
 * the remaining tricks?"), driven by a series of such searches over t. A position is the leader's
 * word, the follower's word and the suit the leader may not lead (a matching Colon spoiled its last
 * lead), or -1; the bar is dropped from the position when it binds nothing (the leader holds no card
 * of that suit, or no suited card of another suit), as the rule lets it lapse. The transposition
 * table keys on the leader's word, both hands' union, the strain and the bar, and keeps lower and
 * upper bounds and the lead that last proved a lower bound; its keys are exact, so it persists
 * between calls. Cards next to each other in one hand's segment are equivalent and searched once.
 * Quick bounds: a master trump wins the trick it is played to; a Colon loses its trick unless
 * the other hand plays a Colon to it; and the 52-card kernel's cashing bounds, counting only the
 * masters the other hand's Colons cannot spoil (see quick_bounds). Two-card endings are valued
 * directly.
 *
 * The module is not re-entrant: callers hold the GIL, which it never releases.
 */
#include "_search_common.h"

#define LANE(m, s) ((unsigned)((m) >> ((s) * 16)) & 0x1FFFu)
#define SUITED 0x1FFF1FFF1FFF1FFFULL
#define COLON_BASE 61
#define COLONS (7ULL << COLON_BASE)
#define MAX_MOVES 20

/* Layouts: how a lane is cut into segments, by the Colons still held (by either hand). A rank
 * group needs a segment of its own only while a Colon can tell it apart, so segments merge as the
 * Colons are played: with none left a lane is one segment, as in the 52-card kernel. */
enum { FULL, LITTLE_ONLY, GRAND_ONLY, THREE, LAYOUTS };
/* The layout for each set of live Colons (bit 0 Little, 1 Royal, 2 Grand). */
static const int layout_of_live[8] = {FULL, LITTLE_ONLY, THREE, THREE, GRAND_ONLY, THREE, THREE, THREE};
/* The first bit of the segment holding rank index r (0-12), per layout. A group starts at the
 * bit of its lowest rank index (2-10 at 0, J-K at 9, A at 12). */
static int segment_start[LAYOUTS][13];
/* Bits b whose neighbour b+1 lies in the same segment, per layout. */
static const u64 same_segment[LAYOUTS] = {
    0x0FFF0FFF0FFF0FFFULL, 0x0EFF0EFF0EFF0EFFULL, 0x07FF07FF07FF07FFULL, 0x06FF06FF06FF06FFULL};

/* The rank group of a compact bit in the three-segment layout; in a coarser layout it may name a
 * group of the same merged segment, whose Colon is gone: no live Colon ever matches it wrongly. */
static const int segment_of_bit[16] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 2, 3, 3, 3};

static uint8_t bits13[1 << 13];  /* popcount of a lane */
/* remove(m, q) = (m & keep) | ((m & shift) >> 1), per layout */
static u64 keep_mask[LAYOUTS][64], shift_mask[LAYOUTS][64];

static int trump = NOTRUMP;

static void init_tables(void)
{
    for (unsigned x = 0; x < (1u << 13); x++) bits13[x] = (uint8_t)__builtin_popcount(x);
    for (int layout = 0; layout < LAYOUTS; layout++) {
        for (int r = 0; r < 13; r++) {
            int little = r <= 8, grand = r == 12;
            int start;
            if (layout == FULL) start = 0;
            else if (layout == LITTLE_ONLY) start = little ? 0 : 9;
            else if (layout == GRAND_ONLY) start = grand ? 12 : 0;
            else start = little ? 0 : grand ? 12 : 9;
            segment_start[layout][r] = start;
        }
        for (int q = 0; q < 64; q++) {
            int b = q & 15, lane = q & ~15;
            if (q >= COLON_BASE || b > 12) {  /* a Colon, or not a card */
                keep_mask[layout][q] = q >= COLON_BASE ? ~(1ULL << q) : ~0ULL;
                shift_mask[layout][q] = 0;
                continue;
            }
            int top = b;
            while (top < 12 && segment_start[layout][top + 1] == segment_start[layout][b]) top++;
            u64 from_q = 0, above_q = 0;
            for (int i = b; i <= top; i++) {
                from_q |= 1ULL << (lane + i);
                if (i > b) above_q |= 1ULL << (lane + i);
            }
            keep_mask[layout][q] = ~from_q;
            shift_mask[layout][q] = above_q;
        }
    }
}

static inline int popcount64(u64 x)
{
    return bits13[x & 0x1FFF] + bits13[(x >> 16) & 0x1FFF] + bits13[(x >> 32) & 0x1FFF] +
           bits13[(x >> 48) & 0x1FFF] + (int)((x >> 61) & 1) + (int)((x >> 62) & 1) +
           (int)(x >> 63);
}

static inline int layout_of(u64 all) { return layout_of_live[all >> COLON_BASE]; }

static inline u64 remove_card(u64 mask, int q, int layout)
{
    return (mask & keep_mask[layout][q]) | ((mask & shift_mask[layout][q]) >> 1);
}

/* Both hands in layout `to`, coarser than `from`: each card keeps its order and moves into the
 * merged segment that holds its group. */
static void relayout(u64 *leader, u64 *follower, int from, int to)
{
    /* The segments of each layout, as their first bits (the cards of a segment of k cards fill
     * its first k bits): the blocks move down, whole, to their place in the merged segments. */
    static const int starts[LAYOUTS][4] = {{0, 13}, {0, 9, 13}, {0, 12, 13}, {0, 9, 12, 13}};
    u64 l = *leader & COLONS, f = *follower & COLONS;
    for (int s = 0; s < 4; s++) {
        unsigned lane_l = LANE(*leader, s), lane_f = LANE(*follower, s), all = lane_l | lane_f;
        int used[13] = {0};
        for (int i = 0; starts[from][i] < 13; i++) {
            int first = starts[from][i], end = starts[from][i + 1];
            int count = bits13[all & ((1u << end) - 1) & ~((1u << first) - 1)];
            int start = segment_start[to][first];
            int place = s * 16 + start + used[start];
            unsigned block = (1u << count) - 1;
            l |= (u64)((lane_l >> first) & block) << place;
            f |= (u64)((lane_f >> first) & block) << place;
            used[start] += count;
        }
    }
    *leader = l;
    *follower = f;
}

/* Both hands after a trick of compact cards a and b in `layout` (the higher index is removed
 * first, which keeps the lower valid); a Colon played may coarsen the layout. */
static inline void play_trick(u64 *leader, u64 *follower, int a, int b, int layout)
{
    if (a < b) { int t = a; a = b; b = t; }
    *leader = remove_card(remove_card(*leader, a, layout), b, layout);
    *follower = remove_card(remove_card(*follower, a, layout), b, layout);
    if (a >= COLON_BASE) {
        int after = layout_of(*leader | *follower);
        if (after != layout) relayout(leader, follower, layout, after);
    }
}

/* The Colon bit that matches a suited compact card. */
static inline int matching_colon(int card) { return COLON_BASE + segment_of_bit[card & 15]; }

/* Who wins: 1 if the leader; *bar is set to the suit the winner may not lead next, or -1. */
static inline int leader_wins(int lead, int reply, int *bar)
{
    *bar = -1;
    if (lead >= COLON_BASE) return reply >= COLON_BASE;  /* only a Colon loses to a Colon lead */
    if (reply >= COLON_BASE) {
        if (reply == matching_colon(lead)) *bar = lead >> 4;
        return 1;
    }
    int lead_suit = lead >> 4, reply_suit = reply >> 4;
    if (reply_suit == lead_suit) return reply < lead;
    return reply_suit != trump;
}

/* The bar as the rule applies it: -1 unless the leader holds the suit and another suit too. */
static inline int binding_bar(u64 leader, int bar)
{
    if (bar < 0) return -1;
    u64 lane = 0x1FFFULL << (bar * 16);
    if (!(leader & lane) || !(leader & SUITED & ~lane)) return -1;
    return bar;
}

/* The top card of each run of one hand's cards that no card of the other hand splits. */
static inline u64 run_tops(u64 hand, int layout)
{
    return hand & ~((hand >> 1) & same_segment[layout]);
}

/* The leads the rules allow (bridgette_playable with no card led). */
static inline u64 legal_leads(u64 leader, int bar)
{
    u64 suited = leader & SUITED;
    if (bar >= 0) {
        u64 others = suited & ~(0x1FFFULL << (bar * 16));
        if (others) return others;
    }
    return suited ? suited : leader;
}

/* The replies the rules allow to compact card `lead` (bridgette_playable with a card led). */
static inline u64 legal_replies(u64 follower, int lead)
{
    if (lead >= COLON_BASE) return follower;
    u64 in_suit = follower & (0x1FFFULL << (lead & ~15));
    return in_suit ? in_suit | (follower & (1ULL << matching_colon(lead))) : follower;
}

/* ---------------------------------------------------------------------------------------------
 * Transposition table (see _search_common.h), keyed by position_key and both hands' union.
 */
typedef struct {
    u64 key, all;   /* the leader's word with the strain and bar in spare bits; both hands */
    TABLE_BOUNDS;
    uint32_t pad;
} Entry;

#ifndef TT_BITS
#define TT_BITS 17
#endif
#define TT_SIZE (1u << TT_BITS)
static Entry *table = NULL;

static inline u64 position_key(u64 leader, int bar)
{
    /* Spare bits 13-15 of the club and diamond lanes: the strain and the bar + 1. */
    return leader | ((u64)trump << 13) | ((u64)(bar + 1) << 29);
}

static inline Entry *bucket_of(u64 key, u64 all)
{
    u64 hash = (key * 0x9E3779B97F4A7C15ULL) ^ (all * 0xC2B2AE3D27D4EB4FULL);
    hash ^= hash >> 29;
    hash *= 0xBF58476D1CE4E5B9ULL;
    return table + ((size_t)(hash >> (64 - TT_BITS)) & ~(size_t)1);
}

static inline Entry *probe(u64 key, u64 all)
{
    Entry *bucket = bucket_of(key, all);
    if (bucket[0].key == key && bucket[0].all == all) return bucket;
    if (bucket[1].key == key && bucket[1].all == all) return bucket + 1;
    return NULL;
}

static void store(u64 key, u64 all, int cards, int lower, int upper, int best)
{
    Entry *bucket = bucket_of(key, all);
    Entry *entry;
    if (bucket[0].key == key && bucket[0].all == all) {
        entry = bucket;
    } else if (bucket[1].key == key && bucket[1].all == all) {
        entry = bucket + 1;
    } else {
        TABLE_CLAIM(entry, bucket, cards);
        entry->key = key;
        entry->all = all;
    }
    TABLE_TIGHTEN(entry, lower, upper, best);
}

/* ---------------------------------------------------------------------------------------------
 * Quick bounds on the leader's tricks.
 */

/* Cards of `mine` above every card of `theirs` in a lane. */
static inline int masters(unsigned mine, unsigned theirs)
{
    return theirs ? bits13[(mine >> (highbit(theirs) + 1)) & 0x1FFF] : bits13[mine];
}

/* The lanes of the rank groups whose Colons `colons` (bits 0-2: Little, Royal, Grand) match. */
static const unsigned group_lanes[8] = {0, 0x1FF, 0xE00, 0xFFF, 0x1000, 0x11FF, 0x1E00, 0x1FFF};

/* How many of the top cards of `mine` can be led one after the other with no Colon of
 * `colons` to spoil them: those above its highest card whose Colon the other hand holds. */
static inline int unspoiled(unsigned mine, unsigned colons)
{
    unsigned spoilable = mine & group_lanes[colons];
    return spoilable ? bits13[(mine >> (highbit(spoilable) + 1)) & 0x1FFF] : bits13[mine];
}

static inline int min2(int a, int b) { return a < b ? a : b; }

static void quick_bounds(u64 leader, u64 follower, int bar, int cards, int *lower, int *upper)
{
    int sure = 0, conceded = 0;
    unsigned colons_l = (unsigned)(leader >> COLON_BASE), colons_f = (unsigned)(follower >> COLON_BASE);
    if (trump != NOTRUMP) {
        /* A master trump wins whatever trick it is played to, for either hand. */
        sure = masters(LANE(leader, trump), LANE(follower, trump));
        conceded = masters(LANE(follower, trump), LANE(leader, trump));
    }
    /* Side suits, as the 52-card kernel counts them, minding the Colons of the other hand (a
     * spoiled master still wins its trick, but the bar may cut the run short):
     * - sure: the leader cashes its masters while the follower must follow (a barred suit
     *   aside), those no Colon can spoil first, and counts no further than the first that can;
     * - cash: with no ruff to fear, its masters so counted, or the whole suit once the follower
     *   is out of it when no card of it can be spoiled;
     * - conceded: the follower's masters matched by the leader's length, which it wins however
     *   the lead goes (the 52-card kernel's argument: the leader cannot spoil them). */
    int side_sure = 0, side_conceded = 0, cash = 0;
    for (int s = 0; s < 4; s++) {
        if (s == trump) continue;
        unsigned l = LANE(leader, s), f = LANE(follower, s);
        int count_l = bits13[l], count_f = bits13[f];
        int top_l = masters(l, f), top_f = masters(f, l);
        if (s != bar && l) {
            /* The leader leads the masters no Colon can spoil first; the first that is spoiled
             * still wins, but the bar may then end the run in this suit. */
            unsigned mine = f ? l & ~((2u << highbit(f)) - 1) : l;
            int free_masters = bits13[mine & ~group_lanes[colons_f]];
            int plan = min2(top_l, count_f);
            side_sure += min2(plan, free_masters + 1);
            if (top_l >= count_f && unspoiled(l, colons_f) >= count_l) cash += count_l;
            else cash += min2(top_l, free_masters + 1);
        }
        if (f) side_conceded += min2(min2(top_f, count_l), unspoiled(f, colons_l));
    }
    int total = sure + side_sure;
    if (trump == NOTRUMP) {
        if (cash > total) total = cash;
    } else if (bar != trump || !LANE(follower, trump)) {
        unsigned l = LANE(leader, trump), f = LANE(follower, trump);
        int count_f = bits13[f];
        /* No ruff to fear: the follower has no trump, or the leader draws them with masters
         * it cannot spoil (it must follow each time); then every trump of the leader wins. */
        if (!f || (masters(l, f) >= count_f && unspoiled(l, colons_f) >= count_f)) {
            cash += bits13[l];
            if (cash > total) total = cash;
        }
    }
    /* A trick to which one hand plays a Colon goes to the other unless both play a Colon. */
    int colon_balance = bits13[colons_l] - bits13[colons_f];
    if (-colon_balance > total) total = -colon_balance;
    int lost = conceded + side_conceded;
    if (colon_balance > lost) lost = colon_balance;
    *lower = total;
    *upper = cards - lost;
}

/* ---------------------------------------------------------------------------------------------
 * Moves.
 */

/* Leads of the leader (one per run), most promising first; returns how many. */
static int lead_moves(u64 leader, u64 follower, int bar, int hint, int *moves)
{
    u64 legal = legal_leads(leader, bar);
    u64 tops = run_tops(leader, layout_of(leader | follower)) & legal;
    int scores[MAX_MOVES];
    int count = 0;
    unsigned trump_f = trump == NOTRUMP ? 0 : LANE(follower, trump);
    while (tops) {
        int move = lowbit64(tops);
        tops &= tops - 1;
        int score;
        if (move == hint) {
            score = 1000;
        } else if (move >= COLON_BASE) {
            score = 0;
        } else {
            int s = move >> 4, b = move & 15;
            unsigned l = LANE(leader, s), f = LANE(follower, s);
            int f_high = f ? highbit(f) : -1;
            if (!f && trump_f && s != trump) score = -50 - b;  /* ruffed */
            else if (b > f_high) score = f ? 60 - bits13[f] : -10;  /* a free winner can wait */
            else score = b == lowbit(l) ? 20 - bits13[f] : -b;
            if ((follower >> matching_colon(move)) & 1) score -= 15;  /* may be spoiled */
        }
        int j = count++;
        while (j > 0 && scores[j - 1] < score) {
            scores[j] = scores[j - 1];
            moves[j] = moves[j - 1];
            j--;
        }
        scores[j] = score;
        moves[j] = move;
    }
    return count;
}

/* The lowest run top of each suit in `tops` (longest holding of `hand` first), then the rest. */
static int discards(u64 hand, u64 tops, int skip_suit, int *moves, int count)
{
    int order[4], n = 0;
    for (int s = 0; s < 4; s++)
        if (s != skip_suit && LANE(tops, s)) order[n++] = s;
    for (int i = 1; i < n; i++) {
        int s = order[i], j = i, len = bits13[LANE(hand, s)];
        while (j > 0 && bits13[LANE(hand, order[j - 1])] < len) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = s;
    }
    for (int i = 0; i < n; i++) {
        int s = order[i];
        int b = lowbit(LANE(tops, s));
        moves[count++] = s * 16 + b;
        tops &= ~(1ULL << (s * 16 + b));
    }
    u64 suited = tops & SUITED;
    while (suited) {
        int q = lowbit64(suited);
        suited &= suited - 1;
        if ((q >> 4) != skip_suit) moves[count++] = q;
    }
    return count;
}

/* Replies of the follower to compact card `lead` (one per run), likely refutations first. The
 * leader's word still holds the lead, so that it splits the follower's runs. */
static int reply_moves(u64 leader, u64 follower, int lead, int *moves)
{
    int count = 0;
    u64 tops = run_tops(follower, layout_of(leader | follower));
    if (lead >= COLON_BASE) {
        /* Any card: a suited one wins the trick, a Colon loses it. */
        count = discards(follower, tops & SUITED, -1, moves, 0);
        for (int q = COLON_BASE; q < 64; q++)
            if ((follower >> q) & 1) moves[count++] = q;
        return count;
    }
    int suit = lead >> 4, lead_bit = lead & 15;
    int colon = matching_colon(lead);
    int has_colon = (int)((follower >> colon) & 1);
    unsigned f = LANE(tops, suit);
    if (f) {
        unsigned above = f & ~((2u << lead_bit) - 1);
        unsigned below = f & ((1u << lead_bit) - 1);
        if (above) {  /* the cheapest winner */
            moves[count++] = suit * 16 + lowbit(above);
            above &= above - 1;
        }
        if (has_colon) moves[count++] = colon;  /* spoiling keeps the lowest card and bars */
        if (below) {  /* the lowest card */
            moves[count++] = suit * 16 + lowbit(below);
            below &= below - 1;
        }
        while (above) { moves[count++] = suit * 16 + lowbit(above); above &= above - 1; }
        while (below) { moves[count++] = suit * 16 + lowbit(below); below &= below - 1; }
        return count;
    }
    /* Void: the cheapest ruff, the matching Colon, the lowest card of each other suit (longest
     * first), every other card, then the Colons that do not match (plain discards). */
    if (trump != NOTRUMP && trump != suit && LANE(tops, trump)) {
        int b = lowbit(LANE(tops, trump));
        moves[count++] = trump * 16 + b;
        tops &= ~(1ULL << (trump * 16 + b));
    }
    if (has_colon) moves[count++] = colon;
    count = discards(follower, tops & SUITED, -1, moves, count);
    for (int q = COLON_BASE; q < 64; q++)
        if (q != colon && ((follower >> q) & 1)) moves[count++] = q;
    return count;
}

/* ---------------------------------------------------------------------------------------------
 * Search.
 */

static int search(u64 leader, u64 follower, int bar, int cards, int target);

/* Does leading `lead` let the leader take at least `target` of `cards` tricks? */
static int lead_succeeds(u64 leader, u64 follower, int cards, int lead, int target)
{
    if (target <= 0) return 1;
    if (target > cards) return 0;
    int moves[MAX_MOVES];
    int count = reply_moves(leader, follower, lead, moves);
    int layout = layout_of(leader | follower);
    for (int i = 0; i < count; i++) {
        int reply = moves[i], bar;
        u64 l = leader, f = follower;
        int won = leader_wins(lead, reply, &bar);
        play_trick(&l, &f, lead, reply, layout);
        int ok = won ? search(l, f, bar, cards - 1, target - 1)
                     : !search(f, l, -1, cards - 1, cards - target);
        if (!ok) return 0;
    }
    return 1;
}

static inline int only_card(u64 mask) { return lowbit64(mask); }

/* Exact tricks for the leader with two cards each, by plain minimax. Played cards are removed
 * without renumbering: the one card left each is all that matters. */
static int two_cards_value(u64 leader, u64 follower, int bar)
{
    int best = 0;
    u64 leads = legal_leads(leader, bar);
    while (leads) {
        int lead = lowbit64(leads);
        leads &= leads - 1;
        int worst = 2;
        u64 replies = legal_replies(follower, lead);
        while (replies) {
            int reply = lowbit64(replies), ignored;
            replies &= replies - 1;
            int last_l = only_card(leader & ~(1ULL << lead));
            int last_f = only_card(follower & ~(1ULL << reply));
            int value;
            if (leader_wins(lead, reply, &ignored)) value = 1 + leader_wins(last_l, last_f, &ignored);
            else value = 1 - leader_wins(last_f, last_l, &ignored);
            if (value < worst) worst = value;
        }
        if (worst > best) best = worst;
    }
    return best;
}

/* Can the player on lead take at least `target` of the remaining `cards` tricks? */
static int search(u64 leader, u64 follower, int bar, int cards, int target)
{
    if (target <= 0) return 1;
    if (target > cards) return 0;
    nodes++;
    if (cards <= 2) {
        int ignored;
        if (cards == 1) return leader_wins(only_card(leader), only_card(follower), &ignored);
        return two_cards_value(leader, follower, bar) >= target;
    }
    bar = binding_bar(leader, bar);
    int lower, upper;
    quick_bounds(leader, follower, bar, cards, &lower, &upper);
    if (lower >= target) return 1;
    if (upper < target) return 0;
    u64 key = position_key(leader, bar), all = leader | follower;
    Entry *entry = probe(key, all);
    int hint = -1;
    if (entry) {
        if (entry->lower >= target) return 1;
        if (entry->upper < target) return 0;
        if (entry->best != 0xFF) hint = entry->best;
    }
    int moves[MAX_MOVES];
    int count = lead_moves(leader, follower, bar, hint, moves);
    for (int i = 0; i < count; i++) {
        if (lead_succeeds(leader, follower, cards, moves[i], target)) {
            store(key, all, cards, target, cards, moves[i]);
            return 1;
        }
    }
    store(key, all, cards, 0, target - 1, -1);
    return 0;
}

/* Exact tricks for the leader, by a series of null-window searches. */
static int solve_exact(u64 leader, u64 follower, int bar)
{
    int cards = popcount64(leader);
    if (cards == 0) return 0;
    bar = binding_bar(leader, bar);
    int lower, upper;
    quick_bounds(leader, follower, bar, cards, &lower, &upper);
    Entry *entry = probe(position_key(leader, bar), leader | follower);
    if (entry) {
        if (entry->lower > lower) lower = entry->lower;
        if (entry->upper < upper) upper = entry->upper;
    }
    if (lower >= upper) return lower;
    int target = (lower + upper + 1) / 2;
    int rising = search(leader, follower, bar, cards, target);
    if (rising) lower = target;
    else upper = target - 1;
    while (lower < upper) {
        target = rising ? lower + 1 : upper;
        if (search(leader, follower, bar, cards, target)) lower = target;
        else upper = target - 1;
    }
    return lower;
}

/* Exact tricks for the leader after leading `lead`, knowing it is at most `upper`: the values of
 * leads are mostly close to the best, so step down from it. */
static int solve_lead(u64 leader, u64 follower, int cards, int lead, int upper)
{
    while (upper > 0 && !lead_succeeds(leader, follower, cards, lead, upper)) upper--;
    return upper;
}

/* Tricks for the follower (of `cards`, this one included) after replying `reply` to `lead`. */
static int reply_value(u64 leader, u64 follower, int cards, int lead, int reply)
{
    int bar;
    u64 l = leader, f = follower;
    int won = leader_wins(lead, reply, &bar);
    play_trick(&l, &f, lead, reply, layout_of(leader | follower));
    if (won) return cards - 1 - solve_exact(l, f, bar);
    return 1 + solve_exact(f, l, -1);
}

/* ---------------------------------------------------------------------------------------------
 * Python interface. honeymoon.solver.colons checks the arguments first; the checks here keep
 * the module safe when called directly.
 */

typedef struct {
    u64 leader, follower;  /* compact words; the leader's holds a card on the table */
    int lead;              /* compact card on the table, or -1 */
    int bar;               /* the suit the player to move may not lead, or -1 */
    int layout;            /* the segments of the lanes, by the Colons held */
    int ranks[4][16];      /* compact bit -> rank index 0..12, per suit */
} Root;

/* A card mask (Colons in bits 64-66) as a word: suits as they are, Colons in bits 61-63.
 * 0 when done, -1 for a bad mask, -2 with a Python error set. */
static int word_of(PyObject *object, u64 *word)
{
    static PyObject *sixty_four = NULL;
    if (!PyLong_Check(object)) return -1;
    if (!sixty_four && !(sixty_four = PyLong_FromLong(64))) return -2;
    PyObject *high_object = PyNumber_Rshift(object, sixty_four);
    if (!high_object) return -2;
    long high = PyLong_AsLong(high_object);
    Py_DECREF(high_object);
    if (high == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        return -1;
    }
    if (high < 0 || high > 7) return -1;
    u64 low = PyLong_AsUnsignedLongLongMask(object);
    if (low == (u64)-1 && PyErr_Occurred()) return -2;
    if (low & ~SUITED) return -1;
    *word = low | ((u64)high << COLON_BASE);
    return 0;
}

static inline u64 card_bit(long card)
{
    return card >= 52 ? 1ULL << (COLON_BASE + card - 52) : 1ULL << ((card / 13) * 16 + card % 13);
}

static int parse_args(PyObject *const *args, Py_ssize_t nargs, Root *root)
{
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError,
                        "expected (mask_to_move, mask_other, trump, led_card, barred_suit)");
        return -1;
    }
    u64 mover, other;
    for (int i = 0; i < 2; i++) {
        int status = word_of(args[i], i == 0 ? &mover : &other);
        if (status == -2) return -1;
        if (status < 0)
            return raise_input("bad_mask", "a card mask must be a non-negative int using bits "
                                           "0-12 of four 16-bit suit lanes and 64-66 (Colons)");
    }
    long strain = PyLong_AsLong(args[2]);
    if (strain == -1 && PyErr_Occurred()) return -1;
    long led = PyLong_AsLong(args[3]);
    if (led == -1 && PyErr_Occurred()) return -1;
    long bar = PyLong_AsLong(args[4]);
    if (bar == -1 && PyErr_Occurred()) return -1;
    if (strain < 0 || strain > 4)
        return raise_input("bad_strain",
                           "the trump strain must be 0-3 (clubs to spades) or 4 (no trump)");
    if (mover & other) return raise_input("card_in_both_hands", "a card is in both hands");
    int n_mover = popcount64(mover), n_other = popcount64(other);
    if (n_mover > 13 || n_other > 13)
        return raise_input("too_many_cards", "a hand holds more than 13 cards");
    if (bar < -1 || bar > 3 || (bar != -1 && led != -1))
        return raise_input("bad_barred_suit",
                           "the barred suit must be 0-3 or -1, and -1 with a card led");
    u64 led_bit = 0;
    if (led != -1) {
        if (led < 0 || led > 54)
            return raise_input("bad_led_card", "the led card must be a card id 0-54 or -1");
        led_bit = card_bit(led);
        if (led_bit & (mover | other))
            return raise_input("bad_led_card", "the led card is on the table, not in a hand");
        if (n_mover != n_other + 1)
            return raise_input("unequal_hands", "with a card led, the hand to move must hold "
                                                "one card more than the other");
    } else if (n_mover != n_other) {
        return raise_input("unequal_hands",
                           "at the start of a trick both hands must hold as many cards");
    }
    trump = (int)strain;
    u64 leader_abs = led_bit ? (other | led_bit) : mover;
    u64 follower_abs = led_bit ? mover : other;
    root->leader = leader_abs & COLONS;
    root->follower = follower_abs & COLONS;
    root->lead = led_bit && led >= 52 ? COLON_BASE + (int)(led - 52) : -1;
    root->bar = (int)bar;
    int layout = layout_of(leader_abs | follower_abs);
    root->layout = layout;
    for (int s = 0; s < 4; s++) {
        int used[13] = {0};
        for (int r = 0; r < 13; r++) {
            u64 bit = 1ULL << (s * 16 + r);
            if (!((leader_abs | follower_abs) & bit)) continue;
            int start = segment_start[layout][r];
            int b = start + used[start]++;
            u64 compact = 1ULL << (s * 16 + b);
            if (leader_abs & bit) root->leader |= compact;
            else root->follower |= compact;
            if (bit == led_bit) root->lead = s * 16 + b;
            root->ranks[s][b] = r;
        }
    }
    return 0;
}

static int ensure_table(void)
{
    if (!table) table = (Entry *)table_allocate(TT_SIZE * sizeof(Entry));
    return table ? 0 : -1;
}

static inline int card_id(const Root *root, int compact)
{
    if (compact >= COLON_BASE) return 52 + compact - COLON_BASE;
    int s = compact >> 4;
    return s * 13 + root->ranks[s][compact & 15];
}

/* What tricks() and values() do first: the node count reset, the arguments read into `root`, the
 * table ready. -1 with a Python error set if any of it fails. */
static int begin_call(PyObject *const *args, Py_ssize_t nargs, Root *root)
{
    nodes = 0;
    return parse_args(args, nargs, root) < 0 || ensure_table() < 0 ? -1 : 0;
}

/* Leads or replies of the player to move with their values; returns the best value. */
static int root_values(const Root *root, int *value_of, u64 *legal_out, u64 *own_out)
{
    int moves[MAX_MOVES];
    int best = 0;
    for (int i = 0; i < 64; i++) value_of[i] = -1;
    if (root->lead < 0) {
        u64 leader = root->leader, follower = root->follower;
        int cards = popcount64(leader);
        int bar = binding_bar(leader, root->bar);
        *legal_out = legal_leads(leader, bar);
        *own_out = leader;
        if (cards == 0) return 0;
        best = solve_exact(leader, follower, bar);
        int count = lead_moves(leader, follower, bar, -1, moves);
        for (int i = 0; i < count; i++)
            value_of[moves[i]] = solve_lead(leader, follower, cards, moves[i], best);
        return best;
    }
    u64 leader = root->leader, follower = root->follower;
    int lead = root->lead, cards = popcount64(follower);
    *legal_out = legal_replies(follower, lead);
    *own_out = follower;
    int count = reply_moves(leader, follower, lead, moves);
    for (int i = 0; i < count; i++) {
        int value = reply_value(leader, follower, cards, lead, moves[i]);
        value_of[moves[i]] = value;
        if (value > best) best = value;
    }
    return best;
}

PyDoc_STRVAR(tricks_doc,
"tricks(mask_to_move, mask_other, trump, led_card, barred_suit) -> int\n\n"
"Tricks the player to move takes with best play (led_card a card id or -1, barred_suit 0-3 or -1).");

static PyObject *colons_tricks(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    Root root;
    if (begin_call(args, nargs, &root) < 0) return NULL;
    if (root.lead < 0) return PyLong_FromLong(solve_exact(root.leader, root.follower, root.bar));
    int value_of[64];
    u64 legal, own;
    return PyLong_FromLong(root_values(&root, value_of, &legal, &own));
}

PyDoc_STRVAR(values_doc,
"values(mask_to_move, mask_other, trump, led_card, barred_suit) -> (tricks, [(card_id, tricks)])\n\n"
"The best result for the player to move and the result of each legal card, low card id first.");

static PyObject *colons_values(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    Root root;
    if (begin_call(args, nargs, &root) < 0) return NULL;
    int value_of[64];
    u64 legal = 0, own = 0;
    int best = root_values(&root, value_of, &legal, &own);
    /* A card takes the value of the top card of its run, searched above. */
    PyObject *list = PyList_New(0);
    if (!list) return NULL;
    for (int q = 0; q < 64; q++) {
        if (!((legal >> q) & 1)) continue;
        int top = q;
        while (top < COLON_BASE && ((same_segment[root.layout] >> top) & 1) && ((own >> (top + 1)) & 1)) top++;
        if (append_card_value(list, card_id(&root, q), value_of[top]) < 0) return NULL;
    }
    return values_result(best, list);
}

static PyMethodDef colons_methods[] = {
    {"tricks", (PyCFunction)(void (*)(void))colons_tricks, METH_FASTCALL, tricks_doc},
    {"values", (PyCFunction)(void (*)(void))colons_values, METH_FASTCALL, values_doc},
    COMMON_METHODS,
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef colons_module = {
    PyModuleDef_HEAD_INIT, "honeymoon.solver._colons",
    "Compiled Bridgette double-dummy search; use honeymoon.solver.colons, not this module.", -1,
    colons_methods,
};

PyMODINIT_FUNC PyInit__colons(void)
{
    if (load_input_error() < 0) return NULL;
    init_tables();
    PyObject *module = PyModule_Create(&colons_module);
    if (module) PyModule_AddIntConstant(module, "TABLE_ENTRIES", TT_SIZE);
    return module;
}
