"""Pure-Python reference of the two-hand double-dummy search.

It offers the same four functions as the compiled kernel (``tricks``, ``values``, ``nodes``,
``clear``) and runs the same algorithm, so ``honeymoon.solver`` falls back to it when the kernel
is not built, and the tests compare the two.

The algorithm (see docs/solver.md):

* **Compact positions.** In each 16-bit suit lane, the cards still held by either player occupy
  bits ``0 … k-1`` in rank order, so a card's bit is its rank among the cards in play. Playing a
  card shifts the higher cards of its lane down by one. The compact hand on lead plus one marker
  bit per lane (at bit ``k``) and the strain is an exact transposition key: positions that differ
  only in ranks that no longer matter share an entry, in one search and across searches.
* **Null-window search** at trick boundaries: "can the player on lead take at least ``target`` of
  the remaining tricks?", with exact values found by a series of such searches over ``target``.
* **Sequences**: cards on adjacent compact bits of one hand are equivalent; one is searched.
* **Quick bounds**: the tricks the leader can cash, and the masters either side surely makes
  (its master trumps, and in each side suit as many masters as the other side holds cards).
* **Move ordering**: the lead stored in the table first, then masters the follower must follow,
  low leads, free winners, and leads the follower can ruff last; the follower tries the cheapest
  winner, then the lowest card.
* Endings of one or two cards are valued directly.

>>> tricks(0b11 << 48, 0b11 << 32, 4, -1)  # ♠32 against ♥32 at no trump, on lead
2
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from honeymoon.errors import SolverInputError

__all__ = ["tricks", "values", "nodes", "clear", "compact_position"]

NOTRUMP = 4
FULL_DECK = 0x1FFF1FFF1FFF1FFF
LANES_ONE = 0x0001000100010001
#: Entries kept per strain before that strain's table is emptied: about 400 bytes each, so the
#: five tables stay under about 60 MB.
TABLE_LIMIT = 1 << 15

# One table per strain: position key -> [lower, upper, best lead or -1, ordered leads or None].
_tables: list[dict[int, list[Any]]] = [{} for _ in range(5)]
_nodes = 0


def nodes() -> int:
    """Trick-boundary positions searched by the last call to :func:`tricks` or :func:`values`."""
    return _nodes


def clear() -> None:
    """Empty the transposition tables."""
    for table in _tables:
        table.clear()


# Per-lane tables -------------------------------------------------------------------------------
#
# A *lane key* is one suit of a position key: the leader's compact cards below a marker bit at the
# suit length k, so it is < 1 << 14 and says everything about the suit.


def _lowbits(lane: int) -> list[int]:
    """The set bits of ``lane``, low to high."""
    bits = []
    while lane:
        low = lane & -lane
        bits.append(low.bit_length() - 1)
        lane ^= low
    return bits


class _LaneTables:
    """Facts about every lane key, packed for quick sums (built on first use)."""

    def __init__(self) -> None:
        size = 1 << 14
        # Bounds, packed as sure | conceded << 8 | cash << 16 | flag << 24, so four lanes add up
        # field by field (no field exceeds 13 per lane). The flag marks "no ruff to fear".
        self.side = [0] * size  # a side suit in a trump contract
        self.trump = [0] * size  # the trump suit (flag: the leader can draw the trumps)
        self.notrump = [0] * size  # any suit at no trump (flag always set)
        # Leads of the leader (top card of each sequence) as (score, bit) when not ruffed.
        self.leads: list[tuple[tuple[int, int], ...]] = [()] * size
        self.highest_follower: list[int] = [-1] * size
        for key in range(1, size):
            length = key.bit_length() - 1
            full = (1 << length) - 1
            lane_l = key & full
            lane_f = full & ~lane_l
            count_l = lane_l.bit_count()
            count_f = length - count_l
            f_high = lane_f.bit_length() - 1
            top_l = length - 1 - f_high if lane_f else count_l
            top_f = length - 1 - (lane_l.bit_length() - 1) if lane_l else count_f
            cash = count_l if top_l >= count_f else top_l
            side_sure = min(top_l, count_f)
            side_conceded = min(top_f, count_l)
            self.side[key] = side_sure | side_conceded << 8 | cash << 16
            self.notrump[key] = self.side[key] | 1 << 24
            self.trump[key] = top_l | top_f << 8 | cash << 16 | (top_l >= count_f) << 24
            self.highest_follower[key] = f_high
            tops = _lowbits(lane_l & ~(lane_l >> 1))
            leads = []
            for bit in tops:
                if bit > f_high:
                    score = 60 - count_f if lane_f else -10  # a free winner can wait
                elif bit == tops[0]:
                    score = 20 - count_f
                else:
                    score = -bit
                leads.append((score, bit))
            self.leads[key] = tuple(leads)
        # _remove_card(mask, q) == (mask & keep[q]) | ((mask & shift[q]) >> 1)
        self.keep = [0] * 64
        self.shift = [0] * 64
        for q in range(64):
            lane = 0xFFFF << (q & ~15)
            below = (1 << q) - 1
            self.keep[q] = ~lane | below
            self.shift[q] = lane & ~below & ~(1 << q)
        # Replies when following suit: (lane key << 4 | lead bit) -> compact bits, in order.
        self.follow: dict[int, tuple[int, ...]] = {}

    def follow_replies(self, lane_key: int, lead_bit: int) -> tuple[int, ...]:
        """The follower's replies in the suit led: cheapest winner, lowest, then the rest."""
        index = lane_key << 4 | lead_bit
        replies = self.follow.get(index)
        if replies is None:
            length = lane_key.bit_length() - 1
            lane_f = ((1 << length) - 1) & ~lane_key
            tops = _lowbits(lane_f & ~(lane_f >> 1))
            above = [bit for bit in tops if bit > lead_bit]
            below = [bit for bit in tops if bit < lead_bit]
            first = above[:1] + below[:1]
            replies = tuple(first + above[1:] + below[1:])
            self.follow[index] = replies
        return replies


_lanes: _LaneTables | None = None


def _lane_tables() -> _LaneTables:
    global _lanes
    if _lanes is None:
        _lanes = _LaneTables()
    return _lanes


def _remove_card(mask: int, bit: int) -> int:
    """Remove compact card ``bit`` from ``mask``: higher cards of its lane move down by one."""
    lane = 0xFFFF << (bit & ~15)
    below = (1 << bit) - 1
    above = mask & lane & ~below & ~(1 << bit)
    return (mask & (~lane | below)) | (above >> 1)


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _highest(mask: int) -> int:
    return mask.bit_length() - 1


# The search's parts, each built by a function over local tables: the closures read their tables
# as free variables, which is quicker than attributes. A reply step is (keep, shift, leader
# wins): keep and shift remove the reply (after the lead is removed), see _LaneTables.keep.
_Steps = tuple[tuple[int, int, bool], ...]
_LeaderWins = Callable[[int, int], bool]
_Moves = Callable[[int, int, int], Sequence[int]]


def _packed_lanes(lanes: _LaneTables, trump: int) -> list[list[int]]:
    """The packed bounds table of each suit's lane in ``trump``'s strain (see _LaneTables)."""
    if trump == NOTRUMP:
        return [lanes.notrump] * 4
    packed = [lanes.side] * 4
    packed[trump] = lanes.trump
    return packed


def _leader_wins(trump: int) -> _LeaderWins:
    """Whether the lead (a compact card) wins the trick against the reply, in ``trump``."""

    def leader_wins(lead: int, reply: int) -> bool:
        if reply >> 4 == lead >> 4:
            return reply < lead
        return reply >> 4 != trump

    return leader_wins


def _quick_bounds(lanes: _LaneTables, trump: int) -> Callable[[int, int], tuple[int, int]]:
    """The quick lower and upper bounds on the leader's tricks of a position key."""
    lane0, lane1, lane2, lane3 = _packed_lanes(lanes, trump)

    def quick_bounds(key: int, cards: int) -> tuple[int, int]:
        total = (
            lane0[key & 0x3FFF]
            + lane1[key >> 16 & 0x3FFF]
            + lane2[key >> 32 & 0x3FFF]
            + lane3[key >> 48]
        )
        lower = total & 0xFF
        if total >> 24 and total >> 16 & 0xFF > lower:
            lower = total >> 16 & 0xFF
        return lower, cards - (total >> 8 & 0xFF)

    return quick_bounds


def _reply_orders(
    lanes: _LaneTables, trump: int
) -> tuple[_Moves, Callable[[int, int, int], _Steps]]:
    """The follower's replies to a lead in the order tried, as compact cards and as steps."""
    keep = lanes.keep
    shift = lanes.shift
    follow_replies = lanes.follow_replies

    def reply_moves(follower: int, lead: int, key: int) -> tuple[int, ...] | list[int]:
        base = lead & ~15
        if follower >> base & 0xFFFF:
            return [base + bit for bit in follow_replies(key >> base & 0x3FFF, lead & 15)]
        # Void: the cheapest ruff, the lowest card of each side suit (longest suit first),
        # then every other card.
        rest = []
        for suit in range(4):
            lane = follower >> suit * 16 & 0xFFFF
            rest.append([suit * 16 + bit for bit in _lowbits(lane & ~(lane >> 1))])
        moves = []
        if trump != NOTRUMP and rest[trump]:
            moves.append(rest[trump].pop(0))
        order = [suit for suit in range(4) if suit != trump and rest[suit]]
        order.sort(key=lambda suit: -(follower >> suit * 16 & 0xFFFF).bit_count())
        for suit in order:
            moves.append(rest[suit].pop(0))
        for suit in range(4):
            moves.extend(rest[suit])
        return moves

    follow_steps: dict[int, _Steps] = {}
    void_steps: dict[int, _Steps] = {}

    def reply_steps(follower: int, lead: int, key: int) -> _Steps:
        base = lead & 48
        if follower >> base & 0xFFFF:
            index = (key >> base & 0x3FFF) << 6 | lead
            steps = follow_steps.get(index)
            if steps is None:
                steps = follow_steps[index] = tuple(
                    (keep[reply - (reply > lead)], shift[reply - (reply > lead)], reply < lead)
                    for reply in reply_moves(follower, lead, key)
                )
            return steps
        steps = void_steps.get(follower)
        if steps is None:
            if len(void_steps) >= TABLE_LIMIT:
                void_steps.clear()
            steps = void_steps[follower] = tuple(
                (keep[reply], shift[reply], reply >> 4 != trump)
                for reply in reply_moves(follower, lead, key)
            )
        return steps

    return reply_moves, reply_steps


def _lead_order(lanes: _LaneTables, trump: int) -> Callable[[int, int, int], list[int]]:
    """The leader's leads in the order tried (leads the follower can ruff last)."""
    lane_leads = lanes.leads
    trump_shift = 16 * trump
    # Sort keys of the leads of one suit: (128 - score) << 6 | move, per lane key, suit and
    # whether the follower ruffs it.
    lead_keys: dict[int, tuple[int, ...]] = {}

    def lead_moves(leader: int, follower: int, key: int) -> list[int]:
        ruffer = trump != NOTRUMP and follower >> trump_shift & 0xFFFF
        scored: list[int] = []
        for base in (0, 16, 32, 48):
            if not leader >> base & 0xFFFF:
                continue
            ruffed = bool(ruffer and base != trump_shift and not follower >> base & 0xFFFF)
            lane_key = key >> base & 0x3FFF
            index = lane_key << 7 | base << 1 | ruffed
            keys = lead_keys.get(index)
            if keys is None:
                keys = lead_keys[index] = tuple(
                    (128 + (50 + bit if ruffed else -score)) << 6 | (base + bit)
                    for score, bit in lane_leads[lane_key]
                )
            scored.extend(keys)
        scored.sort()
        return [sort_key & 63 for sort_key in scored]

    return lead_moves


def _two_cards_value(leader_wins: _LeaderWins) -> Callable[[int, int], int]:
    """The leader's tricks in an ending of two cards each, valued directly."""

    def two_cards_value(leader: int, follower: int) -> int:
        leads = (_lowest(leader), _highest(leader))
        replies = (_lowest(follower), _highest(follower))
        best = 0
        for i in (0, 1):
            lead = leads[i]
            other_lead = leads[1 - i]
            follows = replies[0] >> 4 == lead >> 4 or replies[1] >> 4 == lead >> 4
            worst = 2
            for j in (0, 1):
                reply = replies[j]
                if follows and reply >> 4 != lead >> 4:
                    continue
                other_reply = replies[1 - j]
                if leader_wins(lead, reply):
                    value = 1 + leader_wins(other_lead, other_reply)
                else:
                    value = 1 - leader_wins(other_reply, other_lead)
                worst = min(worst, value)
            best = max(best, worst)
        return best

    return two_cards_value


def _null_window_search(
    lanes: _LaneTables,
    trump: int,
    count: list[int],
    leader_wins: _LeaderWins,
    reply_steps: Callable[[int, int, int], _Steps],
    lead_moves: Callable[[int, int, int], list[int]],
) -> Callable[[int, int, int, int], bool]:
    """The null-window search at trick boundaries, counting its positions in ``count``."""
    table = _tables[trump]
    keep = lanes.keep
    shift = lanes.shift
    lane0, lane1, lane2, lane3 = _packed_lanes(lanes, trump)
    two_cards_value = _two_cards_value(leader_wins)

    def search(leader: int, follower: int, cards: int, target: int) -> bool:
        """Can the player on lead take at least ``target`` of the remaining tricks?"""
        # lead_succeeds, quick_bounds and leader_wins are inlined here: this is the hot path.
        if target <= 0:
            return True
        if target > cards:
            return False
        count[0] += 1
        if cards <= 2:
            if cards == 1:
                return leader_wins(_lowest(leader), _lowest(follower))
            return two_cards_value(leader, follower) >= target
        key = leader | ((leader | follower) + LANES_ONE)
        total = (
            lane0[key & 0x3FFF]
            + lane1[key >> 16 & 0x3FFF]
            + lane2[key >> 32 & 0x3FFF]
            + lane3[key >> 48]
        )
        if total & 0xFF >= target or (total >> 24 and total >> 16 & 0xFF >= target):
            return True
        if cards - (total >> 8 & 0xFF) < target:
            return False
        entry = table.get(key)
        if entry is None:
            if len(table) >= TABLE_LIMIT:
                table.clear()
            entry = table[key] = [0, cards, -1, None]
        else:
            if entry[0] >= target:
                return True
            if entry[1] < target:
                return False
        leads = entry[3]
        if leads is None:
            leads = entry[3] = lead_moves(leader, follower, key)
        best = entry[2]
        if best >= 0:
            leads = [best] + [lead for lead in leads if lead != best]
        rest = cards - 1
        lose_target = cards - target  # the follower's target when it wins the trick
        for lead in leads:
            keep_lead = keep[lead]
            shift_lead = shift[lead]
            leader_rest = (leader & keep_lead) | ((leader & shift_lead) >> 1)
            follower_rest = (follower & keep_lead) | ((follower & shift_lead) >> 1)
            for keep_reply, shift_reply, leader_won in reply_steps(follower, lead, key):
                rest_l = (leader_rest & keep_reply) | ((leader_rest & shift_reply) >> 1)
                rest_f = (follower_rest & keep_reply) | ((follower_rest & shift_reply) >> 1)
                if leader_won:
                    if not search(rest_l, rest_f, rest, target - 1):
                        break
                elif search(rest_f, rest_l, rest, lose_target):
                    break
            else:
                entry[0] = target
                entry[2] = lead
                return True
        entry[1] = target - 1
        return False

    return search


def _lead_test(
    lanes: _LaneTables,
    leader_wins: _LeaderWins,
    reply_moves: _Moves,
    search: Callable[[int, int, int, int], bool],
) -> Callable[[int, int, int, int, int, int], bool]:
    """Whether the leader takes at least a target of the remaining tricks after one lead."""
    keep = lanes.keep
    shift = lanes.shift

    def lead_succeeds(
        leader: int, follower: int, key: int, cards: int, lead: int, target: int
    ) -> bool:
        if target <= 0:
            return True
        if target > cards:
            return False
        keep_lead = keep[lead]
        shift_lead = shift[lead]
        leader = (leader & keep_lead) | ((leader & shift_lead) >> 1)
        follower_rest = (follower & keep_lead) | ((follower & shift_lead) >> 1)
        for reply in reply_moves(follower, lead, key):
            # Remove the lead first, then the reply at its index after that removal.
            after = reply - 1 if reply >> 4 == lead >> 4 and reply > lead else reply
            keep_reply = keep[after]
            shift_reply = shift[after]
            rest_l = (leader & keep_reply) | ((leader & shift_reply) >> 1)
            rest_f = (follower_rest & keep_reply) | ((follower_rest & shift_reply) >> 1)
            if leader_wins(lead, reply):
                if not search(rest_l, rest_f, cards - 1, target - 1):
                    return False
            elif search(rest_f, rest_l, cards - 1, cards - target):
                return False
        return True

    return lead_succeeds


def _exact_solver(
    lanes: _LaneTables, trump: int, search: Callable[[int, int, int, int], bool]
) -> Callable[[int, int], int]:
    """The leader's exact tricks, found by a series of null-window searches."""
    table = _tables[trump]
    quick_bounds = _quick_bounds(lanes, trump)

    def solve_exact(leader: int, follower: int) -> int:
        cards = leader.bit_count()
        if cards == 0:
            return 0
        key = leader | ((leader | follower) + LANES_ONE)
        lower, upper = quick_bounds(key, cards)
        entry = table.get(key)
        if entry is not None:
            lower = max(lower, entry[0])
            upper = min(upper, entry[1])
        if lower == upper:
            return lower
        # The first test halves the range; the value is usually close, so then step by one.
        target = (lower + upper + 1) // 2
        rising = search(leader, follower, cards, target)
        if rising:
            lower = target
        else:
            upper = target - 1
        while lower < upper:
            target = lower + 1 if rising else upper
            if search(leader, follower, cards, target):
                lower = target
            else:
                upper = target - 1
        return lower

    return solve_exact


class _Search:
    """The search for one strain, written as closures over local tables for speed."""

    def __init__(self, trump: int) -> None:
        lanes = _lane_tables()
        count = [0]
        self.count = count
        leader_wins = _leader_wins(trump)
        reply_moves, reply_steps = _reply_orders(lanes, trump)
        lead_moves = _lead_order(lanes, trump)
        search = _null_window_search(lanes, trump, count, leader_wins, reply_steps, lead_moves)
        self.leader_wins = leader_wins
        self.reply_moves = reply_moves
        self.lead_moves = lead_moves
        self.lead_succeeds = _lead_test(lanes, leader_wins, reply_moves, search)
        self.search = search
        self.solve_exact = _exact_solver(lanes, trump, search)

    @property
    def nodes(self) -> int:
        return self.count[0]

    def solve_lead(self, leader: int, follower: int, cards: int, lead: int, upper: int) -> int:
        """Exact tricks for the leader after leading ``lead``, knowing it is at most ``upper``."""
        key = leader | ((leader | follower) + LANES_ONE)
        lower = 0
        first = True
        while lower < upper:
            target = upper if first else (lower + upper + 1) // 2
            first = False
            if self.lead_succeeds(leader, follower, key, cards, lead, target):
                lower = target
            else:
                upper = target - 1
        return lower

    def reply_value(self, leader: int, follower: int, cards: int, lead: int, reply: int) -> int:
        """Tricks for the follower, this trick included, after replying ``reply``."""
        high, low = (lead, reply) if lead > reply else (reply, lead)
        rest_l = _remove_card(_remove_card(leader, high), low)
        rest_f = _remove_card(_remove_card(follower, high), low)
        if self.leader_wins(lead, reply):
            return cards - 1 - self.solve_exact(rest_l, rest_f)
        return 1 + self.solve_exact(rest_f, rest_l)

    def replies(self, leader: int, follower: int, lead: int) -> Sequence[int]:
        """The follower's replies to ``lead`` (one per sequence)."""
        return self.reply_moves(follower, lead, leader | ((leader | follower) + LANES_ONE))

    def leads(self, leader: int, follower: int) -> list[int]:
        """The leader's leads (one per sequence)."""
        return self.lead_moves(leader, follower, leader | ((leader | follower) + LANES_ONE))


def _bit_of_card(card_id: int) -> int:
    return 1 << (card_id // 13 * 16 + card_id % 13)


def check_position(mask_to_move: int, mask_other: int, trump: int, led_card: int) -> None:
    """Raise :class:`SolverInputError` unless the arguments describe a position to solve.

    The compiled kernel makes the same checks with the same codes.
    """
    if not (
        isinstance(mask_to_move, int)
        and isinstance(mask_other, int)
        and mask_to_move >= 0
        and mask_other >= 0
        and not (mask_to_move | mask_other) & ~FULL_DECK
    ):
        raise SolverInputError(
            "a card mask must be a non-negative int using bits 0-12 of each 16-bit suit lane",
            "bad_mask",
        )
    if not 0 <= trump <= 4:
        raise SolverInputError(
            "the trump strain must be 0-3 (clubs to spades) or 4 (no trump)", "bad_strain"
        )
    if mask_to_move & mask_other:
        raise SolverInputError("a card is in both hands", "card_in_both_hands")
    n_mover = mask_to_move.bit_count()
    n_other = mask_other.bit_count()
    if n_mover > 13 or n_other > 13:
        raise SolverInputError("a hand holds more than 13 cards", "too_many_cards")
    if led_card != -1:
        if not 0 <= led_card <= 51:
            raise SolverInputError(
                "the led card must be a card id 0-51 or -1 for none", "bad_led_card"
            )
        if _bit_of_card(led_card) & (mask_to_move | mask_other):
            raise SolverInputError(
                "the led card is on the table, so it cannot be in a hand", "bad_led_card"
            )
        if n_mover != n_other + 1:
            raise SolverInputError(
                "with a card led, the hand to move must hold one card more than the other",
                "unequal_hands",
            )
    elif n_mover != n_other:
        raise SolverInputError(
            "at the start of a trick both hands must hold as many cards", "unequal_hands"
        )


def compact_position(leader_mask: int, follower_mask: int) -> tuple[int, int, list[list[int]]]:
    """The compact forms of two hands and, per suit, the rank index (0-12) of each compact bit."""
    leader = 0
    follower = 0
    ranks: list[list[int]] = [[], [], [], []]
    for suit in range(4):
        shift = suit * 16
        lane_l = leader_mask >> shift & 0x1FFF
        lane_f = follower_mask >> shift & 0x1FFF
        for rank in range(13):
            bit = 1 << rank
            if lane_l & bit:
                leader |= 1 << (shift + len(ranks[suit]))
            elif lane_f & bit:
                follower |= 1 << (shift + len(ranks[suit]))
            else:
                continue
            ranks[suit].append(rank)
    return leader, follower, ranks


_searches: dict[int, _Search] = {}


def _root(
    mask_to_move: int, mask_other: int, trump: int, led_card: int
) -> tuple[_Search, int, int, int, list[list[int]]]:
    global _nodes
    check_position(mask_to_move, mask_other, trump, led_card)
    _nodes = 0
    search = _searches.get(trump)
    if search is None:
        search = _searches[trump] = _Search(trump)
    search.count[0] = 0
    if led_card == -1:
        leader, follower, ranks = compact_position(mask_to_move, mask_other)
        return search, leader, follower, -1, ranks
    led_bit = _bit_of_card(led_card)
    leader, follower, ranks = compact_position(mask_other | led_bit, mask_to_move)
    suit = led_card // 13
    lead = suit * 16 + ranks[suit].index(led_card % 13)
    return search, leader, follower, lead, ranks


def tricks(mask_to_move: int, mask_other: int, trump: int, led_card: int) -> int:
    """Tricks the player to move takes with best play (``led_card`` is a card id or -1)."""
    global _nodes
    search, leader, follower, lead, _ = _root(mask_to_move, mask_other, trump, led_card)
    try:
        if lead == -1:
            return search.solve_exact(leader, follower)
        cards = leader.bit_count()
        return max(
            search.reply_value(leader, follower, cards, lead, reply)
            for reply in search.replies(leader, follower, lead)
        )
    finally:
        _nodes = search.nodes


def values(
    mask_to_move: int, mask_other: int, trump: int, led_card: int
) -> tuple[int, list[tuple[int, int]]]:
    """The best result for the player to move and ``(card id, result)`` for each legal card."""
    global _nodes
    search, leader, follower, lead, ranks = _root(mask_to_move, mask_other, trump, led_card)
    cards = leader.bit_count()
    value_of: dict[int, int] = {}
    best = 0
    try:
        if lead == -1:
            own = legal = leader
            if cards:
                best = search.solve_exact(leader, follower)
                for move in search.leads(leader, follower):
                    value_of[move] = search.solve_lead(leader, follower, cards, move, best)
        else:
            own = follower
            suit_base = lead & ~15
            suit_lane = follower >> suit_base & 0xFFFF
            legal = suit_lane << suit_base if suit_lane else follower
            for reply in search.replies(leader, follower, lead):
                value = search.reply_value(leader, follower, cards, lead, reply)
                value_of[reply] = value
                best = max(best, value)
    finally:
        _nodes = search.nodes
    # A card takes the value of the top card of its sequence, searched above.
    result = []
    for suit in range(4):
        run_value = -1
        for b in range(15, -1, -1):
            q = suit * 16 + b
            if not own >> q & 1:
                run_value = -1
                continue
            run_value = value_of.get(q, run_value)
            if legal >> q & 1:
                result.append((suit * 13 + ranks[suit][b], run_value))
    result.sort()
    return best, result
