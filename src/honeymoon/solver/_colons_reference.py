"""Pure-Python reference of the Bridgette solver (two hands, with the Colons).

A memoised minimax over whole tricks, built on the core's rule functions only
(:func:`~honeymoon.tricks.bridgette_playable`, :func:`~honeymoon.tricks.trick_winner`,
:func:`~honeymoon.tricks.colon_spoils`), so it plays exactly the engine's rules and serves as the
yardstick for the compiled backend (``honeymoon.solver._colons``). It tries every legal card, so
it is meant for small positions (up to about eight cards each); it offers the same four functions
as the compiled backend (``tricks``, ``values``, ``nodes``, ``clear``), which take arguments
already checked by :mod:`honeymoon.solver.colons`.

A position at a trick boundary is the hand on lead, the other hand and the suit the leader may
not lead (-1 for none); its value is the number of the remaining tricks the leader takes.

>>> from honeymoon.cards import CardSet
>>> leader, other = CardSet.parse("♠A ♥2"), CardSet.parse("♠2 ♥A")
>>> tricks(leader.mask, other.mask, 4, -1, -1)
1
>>> tricks(leader.mask, CardSet.parse("♠2 :G").mask, 4, -1, -1)  # :G spoils ♠A, ♥ must follow
2
"""

from __future__ import annotations

from honeymoon.cards import CARD_MASK, CARD_SUIT, mask_to_card_ids
from honeymoon.tricks import bridgette_playable, colon_spoils, trick_winner

__all__ = ["tricks", "values", "nodes", "clear"]

#: Entries kept per strain before that strain's table is emptied.
TABLE_LIMIT = 1 << 20

# One table per strain: (leader, follower, barred suit) -> the leader's tricks.
_tables: list[dict[tuple[int, int, int], int]] = [{} for _ in range(5)]
_nodes = 0


def nodes() -> int:
    """Positions valued (at trick boundaries, not from the table) by the last call."""
    return _nodes


def clear() -> None:
    """Empty the tables."""
    for table in _tables:
        table.clear()


def _value(leader: int, follower: int, barred: int, trump: int) -> int:
    """Tricks the hand on lead takes of the remaining ones with best play by both."""
    global _nodes
    if not leader:
        return 0
    table = _tables[trump]
    key = (leader, follower, barred)
    known = table.get(key)
    if known is not None:
        return known
    _nodes += 1
    best = 0
    for lead in mask_to_card_ids(bridgette_playable(leader, -1, barred)):
        worst = _after_lead(leader & ~CARD_MASK[lead], follower, lead, trump)
        if worst > best:
            best = worst
    if len(table) >= TABLE_LIMIT:
        table.clear()
    table[key] = best
    return best


def _after_lead(leader: int, follower: int, lead: int, trump: int) -> int:
    """The leader's tricks (this one included) after leading ``lead`` (no longer in ``leader``),
    with the follower's best reply."""
    cards = leader.bit_count() + 1
    return min(
        cards - _reply_value(follower, leader, lead, reply, trump)
        for reply in mask_to_card_ids(bridgette_playable(follower, lead, -1))
    )


def _reply_value(follower: int, leader: int, lead: int, reply: int, trump: int) -> int:
    """The follower's tricks (this one included) after replying ``reply`` to ``lead``; both
    cards are already out of the hands, ``reply`` still in ``follower``."""
    rest = follower & ~CARD_MASK[reply]
    if trick_winner((lead, reply), trump) == 1:
        return 1 + _value(rest, leader, -1, trump)
    barred = CARD_SUIT[lead] if colon_spoils(lead, reply) else -1
    return rest.bit_count() - _value(leader, rest, barred, trump)


def tricks(mask_to_move: int, mask_other: int, trump: int, led_card: int, barred_suit: int) -> int:
    """Tricks the player to move takes with best play (arguments as checked by the API)."""
    return values(mask_to_move, mask_other, trump, led_card, barred_suit)[0]


def values(
    mask_to_move: int, mask_other: int, trump: int, led_card: int, barred_suit: int
) -> tuple[int, list[tuple[int, int]]]:
    """The best result for the player to move and ``(card id, tricks)`` for each legal card,
    low card id first."""
    global _nodes
    _nodes = 0
    result: list[tuple[int, int]] = []
    if led_card == -1:
        cards = mask_to_move.bit_count()
        for card in mask_to_card_ids(bridgette_playable(mask_to_move, -1, barred_suit)):
            rest = mask_to_move & ~CARD_MASK[card]
            result.append((card, _after_lead(rest, mask_other, card, trump)))
        if cards == 0:
            return 0, []
    else:
        for card in mask_to_card_ids(bridgette_playable(mask_to_move, led_card, -1)):
            result.append((card, _reply_value(mask_to_move, mask_other, led_card, card, trump)))
    return max(value for _, value in result), result
