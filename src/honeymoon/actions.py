"""The action space, in one place. Every decision in every phase is one small int:

======  ======================================================================
0–51    play a card: the card id ``suit * 13 + rank - 2`` (♣2 = 0 … ♠A = 51)
52      pass
53      double
54      redouble
55–89   bids, ascending: ``55 + (level - 1) * 5 + strain`` (1♣ = 55 … 7NT = 89)
90      keep the top card of the stock (drawing)
91      reject the top card of the stock (drawing)
92      take the exposed dummy (Single Dummy Bridge: declarer's choice)
93      take the other dummy (Single Dummy Bridge: declarer's choice)
94      the defender leads (the Widow: declarer's choice of opening leader)
95      the defender's dummy leads (the Widow: declarer's choice of opening leader)
96–98   play (or discard) a Colon, Bridgette: 96 the Little, 97 the Royal, 98 the Grand
======  ======================================================================

A Colon's card id (52–54) is not its action number, since 52–54 are calls: ``Card.action``
and :func:`card_of_action` convert.

Choosing a card that is not played (the Widow's split, twelve and two's extra cards) is the
card's own number in the phase that asks for it.

:func:`action_of` turns a :class:`~honeymoon.cards.Card` or :class:`~honeymoon.auction.Call`
into its number; :func:`describe` turns a number into words.

>>> describe(51), describe(89), describe(KEEP)
('♠A', '7NT', 'keep')
"""

from __future__ import annotations

from honeymoon.auction import DOUBLE, FIRST_BID, LAST_BID, PASS, REDOUBLE, Call
from honeymoon.cards import FIRST_COLON_ACTION, FIRST_COLON_ID, Card

KEEP = 90
REJECT = 91
#: Single Dummy Bridge: declarer takes the dummy that was face up in the auction as partner.
TAKE_EXPOSED = 92
#: Single Dummy Bridge: declarer takes the dummy that was face down in the auction as partner.
TAKE_OTHER = 93
#: The Widow: declarer has the defender make the opening lead from their own hand.
LEAD_DEFENDER = 94
#: The Widow: declarer has the defender's dummy make the opening lead.
LEAD_DEFENDERS_DUMMY = 95
#: Bridgette: the actions that play or discard the Little, Royal and Grand Colons.
COLON_ACTIONS = range(FIRST_COLON_ACTION, FIRST_COLON_ACTION + 3)
#: The highest action number of Bridgette (the Grand Colon).
LAST_COLON_ACTION = FIRST_COLON_ACTION + 2
#: The number of distinct actions of the two-hand variants (the research environments' space).
NUM_ACTIONS = 92
#: The card actions.
CARD_ACTIONS = range(52)
#: The call actions.
CALL_ACTIONS = range(PASS, LAST_BID + 1)
#: The drawing actions.
DRAW_ACTIONS = (KEEP, REJECT)
#: Declarer's choice of dummy (Single Dummy Bridge).
DUMMY_CHOICE_ACTIONS = (TAKE_EXPOSED, TAKE_OTHER)
#: Declarer's choice of opening leader (the Widow).
LEAD_CHOICE_ACTIONS = (LEAD_DEFENDER, LEAD_DEFENDERS_DUMMY)

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
    "TAKE_EXPOSED",
    "TAKE_OTHER",
    "DUMMY_CHOICE_ACTIONS",
    "LEAD_DEFENDER",
    "LEAD_DEFENDERS_DUMMY",
    "LEAD_CHOICE_ACTIONS",
    "COLON_ACTIONS",
    "LAST_COLON_ACTION",
    "action_of",
    "card_of_action",
    "card_action",
    "is_card_action",
    "describe",
]


def action_of(value: int | Card | Call) -> int:
    """The action number of a card, a call, or an action number (returned unchanged)."""
    if isinstance(value, Card):
        return value.action
    if isinstance(value, Call):
        return value.action
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise TypeError(f"an action is an int, a Card or a Call, not {type(value).__name__}")


def is_card_action(action: int) -> bool:
    """True for an action that plays or chooses a card: 0–51, and the Colons' 96–98."""
    return 0 <= action < 52 or FIRST_COLON_ACTION <= action <= LAST_COLON_ACTION


def card_of_action(action: int) -> int:
    """The card id an action plays: itself for 0–51, 52–54 for the Colons' 96–98.

    >>> card_of_action(51), card_of_action(98)
    (51, 54)
    """
    return (
        action - (FIRST_COLON_ACTION - FIRST_COLON_ID) if action >= FIRST_COLON_ACTION else action
    )


def card_action(card_id: int) -> int:
    """The action number that plays card id ``card_id`` (the inverse of :func:`card_of_action`).

    >>> card_action(51), card_action(52)
    (51, 96)
    """
    return card_id + (FIRST_COLON_ACTION - FIRST_COLON_ID) if card_id >= FIRST_COLON_ID else card_id


def describe(action: int) -> str:
    """Words for an action number: ``♠A``, ``3NT``, ``Pass``, ``keep``, ``:G``."""
    if 0 <= action < 52:
        return str(Card.from_id(action))
    if FIRST_COLON_ACTION <= action <= LAST_COLON_ACTION:
        return str(Card.from_id(card_of_action(action)))
    if PASS <= action <= LAST_BID:
        return str(Call(action))
    if action == KEEP:
        return "keep"
    if action == REJECT:
        return "reject"
    if action == TAKE_EXPOSED:
        return "take the exposed dummy"
    if action == TAKE_OTHER:
        return "take the other dummy"
    if action == LEAD_DEFENDER:
        return "the defender leads"
    if action == LEAD_DEFENDERS_DUMMY:
        return "the defender's dummy leads"
    return f"<unknown action {action}>"
