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
  the remaining tricks?", with exact values found by bisection over ``target``.
* **Sequences**: cards on adjacent compact bits of one hand are equivalent; one is searched.
* **Quick bounds**: the leader's cashable top cards, and the master trumps of either side.
* **Move ordering**: the lead stored in the table first, then cashing winners, low leads, and
  leads the follower can ruff last; the follower tries the cheapest winner, then the lowest card.

>>> tricks(0b11 << 48, 0b11 << 32, 4, -1)  # ♠32 against ♥32 at no trump, on lead
2
"""

from __future__ import annotations

from honeymoon.errors import SolverInputError

__all__ = ["tricks", "values", "nodes", "clear", "compact_position"]

NOTRUMP = 4
FULL_DECK = 0x1FFF1FFF1FFF1FFF
LANES_ONE = 0x0001000100010001
#: Entries kept before the table is emptied (a crude bound on memory, about 150 bytes each).
TABLE_LIMIT = 1 << 20

_table: dict[int, list[int]] = {}  # key -> [lower, upper, best lead or -1]
_nodes = 0


def nodes() -> int:
    """Trick-boundary positions searched by the last call to :func:`tricks` or :func:`values`."""
    return _nodes


def clear() -> None:
    """Empty the transposition table."""
    _table.clear()


def _lowbits(lane: int) -> list[int]:
    """The set bits of ``lane``, low to high."""
    bits = []
    while lane:
        low = lane & -lane
        bits.append(low.bit_length() - 1)
        lane ^= low
    return bits


# The top card of each sequence in a 16-bit lane, low to high, for every lane value.
_SEQUENCE_TOPS: list[tuple[int, ...]] = [
    tuple(_lowbits(lane & ~(lane >> 1))) for lane in range(1 << 14)
]
_POPCOUNT: list[int] = [lane.bit_count() for lane in range(1 << 14)]
_HIGHBIT: list[int] = [lane.bit_length() - 1 for lane in range(1 << 14)]


def _remove_card(mask: int, bit: int) -> int:
    """Remove compact card ``bit`` from ``mask``: higher cards of its lane move down by one."""
    lane = 0xFFFF << (bit & ~15)
    below = (1 << bit) - 1
    above = mask & lane & ~below & ~(1 << bit)
    return (mask & (~lane | below)) | (above >> 1)


class _Search:
    """The search for one strain; ``table`` is shared by every strain (the key holds the strain)."""

    __slots__ = ("trump", "trump_key", "table", "nodes")

    def __init__(self, trump: int) -> None:
        self.trump = trump
        self.trump_key = ((trump & 3) << 14) | ((trump >> 2) << 30)
        self.table = _table
        self.nodes = 0

    def leader_wins(self, lead: int, reply: int) -> bool:
        lead_suit = lead >> 4
        reply_suit = reply >> 4
        if reply_suit == lead_suit:
            return reply < lead
        return reply_suit != self.trump

    def quick_bounds(self, leader: int, follower: int, cards: int) -> tuple[int, int]:
        """A lower and an upper bound on the leader's tricks."""
        trump = self.trump
        count_l = []
        count_f = []
        top_l = []
        top_f = []
        for shift in (0, 16, 32, 48):
            lane_l = leader >> shift & 0xFFFF
            lane_f = follower >> shift & 0xFFFF
            n_l = _POPCOUNT[lane_l]
            n_f = _POPCOUNT[lane_f]
            count_l.append(n_l)
            count_f.append(n_f)
            length = n_l + n_f
            top_l.append(length - 1 - _HIGHBIT[lane_f] if lane_f else n_l)
            top_f.append(length - 1 - _HIGHBIT[lane_l] if lane_l else n_f)
        # Either side takes its master trumps and, in each side suit, as many of its masters as
        # the other side holds cards there (see docs/solver.md for why this is safe).
        sure = 0
        conceded = 0
        for suit in range(4):
            if suit == trump:
                sure += top_l[suit]
                conceded += top_f[suit]
            else:
                sure += min(top_l[suit], count_f[suit])
                conceded += min(top_f[suit], count_l[suit])
        cash = 0
        if trump == NOTRUMP or count_f[trump] == 0 or top_l[trump] >= count_f[trump]:
            for suit in range(4):
                cash += count_l[suit] if top_l[suit] >= count_f[suit] else top_l[suit]
        else:
            for suit in range(4):
                if suit != trump:
                    cash += min(top_l[suit], count_f[suit])
            cash += top_l[trump]
        return max(sure, cash), cards - conceded

    def reply_moves(self, follower: int, lead: int) -> list[int]:
        """The follower's replies (one per sequence), likeliest refutations first."""
        lead_suit = lead >> 4
        lead_bit = lead & 15
        base = lead_suit * 16
        lane = follower >> base & 0xFFFF
        if lane:
            tops = _SEQUENCE_TOPS[lane]
            above = [base + b for b in tops if b > lead_bit]
            below = [base + b for b in tops if b < lead_bit]
            moves = []
            if above:
                moves.append(above.pop(0))
            if below:
                moves.append(below.pop(0))
            return moves + above + below
        trump = self.trump
        moves = []
        rest: list[list[int]] = []
        for suit in range(4):
            rest.append([suit * 16 + b for b in _SEQUENCE_TOPS[follower >> suit * 16 & 0xFFFF]])
        if trump != NOTRUMP and rest[trump]:
            moves.append(rest[trump].pop(0))
        order = [suit for suit in range(4) if suit != trump and rest[suit]]
        order.sort(key=lambda suit: -_POPCOUNT[follower >> suit * 16 & 0xFFFF])
        for suit in order:
            moves.append(rest[suit].pop(0))
        for suit in range(4):
            moves.extend(rest[suit])
        return moves

    def lead_moves(self, leader: int, follower: int, hint: int) -> list[int]:
        """The leader's leads (one per sequence), best first."""
        trump = self.trump
        trump_f = 0 if trump == NOTRUMP else follower >> trump * 16 & 0xFFFF
        scored = []
        for suit in range(4):
            lane_l = leader >> suit * 16 & 0xFFFF
            if not lane_l:
                continue
            lane_f = follower >> suit * 16 & 0xFFFF
            f_high = _HIGHBIT[lane_f] if lane_f else -1
            ruffed = lane_f == 0 and trump_f != 0 and suit != trump
            tops = _SEQUENCE_TOPS[lane_l]
            lowest = tops[0]
            for b in tops:
                move = suit * 16 + b
                if move == hint:
                    score = 1000
                elif ruffed:
                    score = -50 - b
                elif b > f_high:
                    score = (60 + (10 if suit == trump else 0)) if lane_f else 40
                else:
                    score = 20 - _POPCOUNT[lane_f] if b == lowest else -b
                scored.append((-score, move))
        scored.sort()
        return [move for _, move in scored]

    def lead_succeeds(self, leader: int, follower: int, cards: int, lead: int, target: int) -> bool:
        """Does leading ``lead`` take at least ``target`` of the ``cards`` remaining tricks?"""
        if target <= 0:
            return True
        if target > cards:
            return False
        for reply in self.reply_moves(follower, lead):
            high, low = (lead, reply) if lead > reply else (reply, lead)
            rest_l = _remove_card(_remove_card(leader, high), low)
            rest_f = _remove_card(_remove_card(follower, high), low)
            if self.leader_wins(lead, reply):
                if not self.search(rest_l, rest_f, target - 1):
                    return False
            elif self.search(rest_f, rest_l, cards - target):
                return False
        return True

    def search(self, leader: int, follower: int, target: int) -> bool:
        """Can the player on lead take at least ``target`` of the remaining tricks?"""
        cards = leader.bit_count()
        if target <= 0:
            return True
        if target > cards:
            return False
        self.nodes += 1
        if cards == 1:
            lead = (leader & -leader).bit_length() - 1
            reply = (follower & -follower).bit_length() - 1
            return self.leader_wins(lead, reply)
        lower, upper = self.quick_bounds(leader, follower, cards)
        if lower >= target:
            return True
        if upper < target:
            return False
        key = leader | ((leader | follower) + LANES_ONE) | self.trump_key
        entry = self.table.get(key)
        hint = -1
        if entry is not None:
            if entry[0] >= target:
                return True
            if entry[1] < target:
                return False
            hint = entry[2]
        for lead in self.lead_moves(leader, follower, hint):
            if self.lead_succeeds(leader, follower, cards, lead, target):
                self.store(key, cards, target, cards, lead)
                return True
        self.store(key, cards, 0, target - 1, -1)
        return False

    def store(self, key: int, cards: int, lower: int, upper: int, best: int) -> None:
        entry = self.table.get(key)
        if entry is None:
            if len(self.table) >= TABLE_LIMIT:
                self.table.clear()
            self.table[key] = [lower, upper, best]
            return
        if lower > entry[0]:
            entry[0] = lower
        if upper < entry[1]:
            entry[1] = upper
        if best >= 0:
            entry[2] = best

    def solve_exact(self, leader: int, follower: int) -> int:
        """Exact tricks for the leader, by bisection over null-window searches."""
        cards = leader.bit_count()
        if cards == 0:
            return 0
        lower, upper = self.quick_bounds(leader, follower, cards)
        entry = self.table.get(leader | ((leader | follower) + LANES_ONE) | self.trump_key)
        if entry is not None:
            lower = max(lower, entry[0])
            upper = min(upper, entry[1])
        while lower < upper:
            target = (lower + upper + 1) // 2
            if self.search(leader, follower, target):
                lower = target
            else:
                upper = target - 1
        return lower

    def solve_lead(self, leader: int, follower: int, cards: int, lead: int, upper: int) -> int:
        """Exact tricks for the leader after leading ``lead``, knowing it is at most ``upper``."""
        lower = 0
        first = True
        while lower < upper:
            target = upper if first else (lower + upper + 1) // 2
            first = False
            if self.lead_succeeds(leader, follower, cards, lead, target):
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


def _root(
    mask_to_move: int, mask_other: int, trump: int, led_card: int
) -> tuple[_Search, int, int, int, list[list[int]]]:
    global _nodes
    check_position(mask_to_move, mask_other, trump, led_card)
    _nodes = 0
    if led_card == -1:
        leader, follower, ranks = compact_position(mask_to_move, mask_other)
        return _Search(trump), leader, follower, -1, ranks
    led_bit = _bit_of_card(led_card)
    leader, follower, ranks = compact_position(mask_other | led_bit, mask_to_move)
    suit = led_card // 13
    lead = suit * 16 + ranks[suit].index(led_card % 13)
    return _Search(trump), leader, follower, lead, ranks


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
            for reply in search.reply_moves(follower, lead)
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
                for move in search.lead_moves(leader, follower, -1):
                    value_of[move] = search.solve_lead(leader, follower, cards, move, best)
        else:
            own = follower
            suit_base = lead & ~15
            suit_lane = follower >> suit_base & 0xFFFF
            legal = suit_lane << suit_base if suit_lane else follower
            for reply in search.reply_moves(follower, lead):
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
