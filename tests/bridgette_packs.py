"""Fixed Bridgette deals for the tests: a 55-card stock that deals chosen hands, and the
exchange made so that the dealt hands stay as they were."""

from __future__ import annotations

from honeymoon.bridgette import BridgetteGame
from honeymoon.cards import Card, CardSet
from honeymoon.game import Game, Phase


def pack(non_dealer: str, dealer: str, stock: str = "") -> list[int]:
    """A 55-card stock order dealing ``non_dealer`` and ``dealer`` their hands (notation, 13
    cards each), then ``stock`` (cards separated by spaces, the upcard first), then every other
    card in id order."""
    first = list(CardSet.parse(non_dealer).card_ids())
    second = list(CardSet.parse(dealer).card_ids())
    assert len(first) == len(second) == 13
    order: list[int] = []
    for mine, theirs in zip(first, second, strict=True):
        order += [mine, theirs]
    order += [Card.parse(text).id for text in stock.split()]
    order += [c for c in range(55) if c not in order]
    assert sorted(order) == list(range(55))
    return order


def exchange_back(game: Game) -> BridgetteGame:
    """Both players discard exactly the cards they took from the stock, so the dealt hands
    stay; the game, now in its auction."""
    assert isinstance(game, BridgetteGame)
    while game.phase is Phase.EXCHANGE:
        seat = game.to_act
        assert seat is not None
        for card in game.exchange_drawn(seat):
            game.apply(card, seat)
    return game
