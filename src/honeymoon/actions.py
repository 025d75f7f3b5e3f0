"""The action space, in one place. Every decision in every phase is one small int:

======  ======================================================================
0–51    play a card: the card id ``suit * 13 + rank - 2`` (♣2 = 0 … ♠A = 51)
52      pass
53      double
54      redouble
55–89   bids, ascending: ``55 + (level - 1) * 5 + strain`` (1♣ = 55 … 7NT = 89)
90      keep the top card of the stock (drawing)
91      reject the top card of the stock (drawing)
======  ======================================================================

:func:`action_of` turns a :class:`~honeymoon.cards.Card` or :class:`~honeymoon.auction.Call`
into its number; :func:`describe` turns a number into words.

>>> describe(51), describe(89), describe(KEEP)
('♠A', '7NT', 'keep')
"""

from __future__ import annotations

from honeymoon.auction import DOUBLE, FIRST_BID, LAST_BID, PASS, REDOUBLE, Call
from honeymoon.cards import Card

KEEP = 90
REJECT = 91
#: The number of distinct actions.
NUM_ACTIONS = 92
#: The card actions.
CARD_ACTIONS = range(52)
#: The call actions.
CALL_ACTIONS = range(PASS, LAST_BID + 1)
#: The drawing actions.
DRAW_ACTIONS = (KEEP, REJECT)

__all__ = [
    "KEEP",
    "REJECT",
    "PASS",
    "DOUBLE",
    "REDOUBLE",
    "FIRST_BID",
    "LAST_BID",
    "NUM_ACTIONS",
    "CARD_ACTIONS",
    "CALL_ACTIONS",
    "DRAW_ACTIONS",
    "action_of",
    "describe",
]


def action_of(value: int | Card | Call) -> int:
    """The action number of a card, a call, or an action number (returned unchanged)."""
    if isinstance(value, Card):
        return value.id
    if isinstance(value, Call):
        return value.action
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise TypeError(f"an action is an int, a Card or a Call, not {type(value).__name__}")


def describe(action: int) -> str:
    """Words for an action number: ``♠A``, ``3NT``, ``Pass``, ``keep``."""
    if 0 <= action < 52:
        return str(Card.from_id(action))
    if PASS <= action <= LAST_BID:
        return str(Call(action))
    if action == KEEP:
        return "keep"
    if action == REJECT:
        return "reject"
    return f"<unknown action {action}>"
