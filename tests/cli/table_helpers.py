"""Helpers for the four-hand table's terminal tests: the variants, a player's choices, and
the cards a piece of text shows."""

from __future__ import annotations

import re

from honeymoon.actions import FIRST_BID, PASS
from honeymoon.auction import Call, bid_action
from honeymoon.cards import Card, CardSet, Rank, Strain, Suit
from honeymoon.rules import RuleSet, find_variant
from honeymoon.views import TableView

#: Every four-hand variant and option the terminal plays: (id, variant, options).
TABLE_CASES: list[tuple[str, str, dict[str, bool]]] = [
    ("double-dummy", "double-dummy", {}),
    ("racks", "double-dummy", {"racks": True}),
    ("clockwise", "double-dummy", {"clockwise": True}),
    ("twelve-and-two", "double-dummy", {"twelve_and_two": True}),
    ("single-dummy", "single-dummy", {}),
    ("semi-exposed", "semi-exposed", {}),
    ("widow", "widow", {}),
]


def answer(view: TableView, action: int) -> str:
    """What a person types for ``action``: a call or a card in letters (``1c``, ``sa``), a
    choice in a word the table reads (``exposed``, ``other``, ``defender``, ``dummy``)."""
    words = {92: "exposed", 93: "other", 94: "defender", 95: "dummy"}
    if action in words:
        return words[action]
    if action < 52:
        return Card.from_id(action).pbn.lower().replace("t", "10")
    return Call(action).pbn.lower().replace("nt", "n")


def table_rules(variant: str, options: dict[str, bool]) -> RuleSet:
    return find_variant(variant, four_hands=True).with_options(**options)


def choose(view: TableView) -> int:
    """A plain player's choice: outbid the opponent at the one or two level, else pass; in
    any other decision the last legal action the engine lists."""
    legal = view.legal_actions
    if view.phase.name == "AUCTION":
        low = [a for a in legal if FIRST_BID <= a <= bid_action(2, Strain.NOTRUMP)]
        if low and view.declarer != view.seat:
            return low[0]
        return PASS
    return legal[-1]


_SUITS = {"♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS}
_RANK = r"(?:10|[2-9JQKA])"
# A suit symbol and the ranks after it, one space apart (a hand's line: ♠ A K 10 5), or a
# card written whole (♠A, ♥10).
_SUIT_LINE = re.compile(rf"([♠♥♦♣])((?: {_RANK}(?![0-9A-Za-z]))+)")
_CARD = re.compile(rf"([♠♥♦♣])({_RANK})(?![0-9])")


def _rank(text: str) -> Rank:
    return Rank(Card.parse("S" + text).rank)


def shown_cards(text: str) -> set[Card]:
    """Every card the text names, in a hand's suit line or written whole."""
    cards: set[Card] = set()
    for symbol, ranks in _SUIT_LINE.findall(text):
        for rank in ranks.split():
            cards.add(Card(_SUITS[symbol], _rank(rank)))
    for symbol, rank in _CARD.findall(text):
        cards.add(Card(_SUITS[symbol], _rank(rank)))
    return cards


def visible_cards(view: TableView) -> set[Card]:
    """The cards the view lets its seat see now: the hands it shows, its extra cards, every
    card played this hand and the previous hand's last trick."""
    seen: set[Card] = set(view.extra_cards)
    for cards in view.hands:
        if cards is not None:
            seen |= set(cards)
    tricks = [*view.tricks, view.current_trick, view.previous_last_trick]
    for trick in tricks:
        if trick is not None:
            seen |= set(trick.cards)
    return seen


def unseen(cards: CardSet, view: TableView) -> set[Card]:
    """The cards of ``cards`` the view does not show."""
    return set(cards) - visible_cards(view)


class OpeningBot:
    """A computer player that opens 1♠ when it can and passes after; in any other phase it
    takes the first legal action. With it South can defend and make the opening lead."""

    name = "opening"

    def act(self, view: TableView) -> int:
        legal = view.legal_actions
        one_spade = bid_action(1, Strain.SPADES)
        if view.phase.name == "AUCTION":
            return one_spade if view.contract is None and one_spade in legal else PASS
        return legal[0]
