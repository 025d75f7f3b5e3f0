"""What each seat may see (views.py): its own cards, never the opponent's or the stock."""

from __future__ import annotations

import json
import random

from helpers import call_all, cards, draw_all, play_randomly, stock_for_hands

from honeymoon.actions import KEEP, REJECT
from honeymoon.actions import PASS as PASS_ACTION
from honeymoon.cards import Card, CardSet, Strain
from honeymoon.engines import new_game
from honeymoon.game import Game, Phase
from honeymoon.rules import find_variant
from honeymoon.seats import Seat
from honeymoon.views import DrawTurn, view_for

SOUTH, EAST = Seat.SOUTH, Seat.EAST


def test_a_seat_sees_its_own_cards_and_the_card_it_looks_at() -> None:
    game = Game(stocks=[list(range(52))], first_dealer=SOUTH, seed=10**15 + 7)
    east, south = view_for(game, EAST), view_for(game, SOUTH)
    assert east.my_turn and not south.my_turn
    assert east.looking_at == Card.parse("C2") and south.looking_at is None
    assert east.legal_actions == (KEEP, REJECT) and south.legal_actions == ()
    game.apply(KEEP, EAST)
    east, south = view_for(game, EAST), view_for(game, SOUTH)
    assert east.hand == CardSet.parse("♣2") and east.discards == CardSet.parse("♣3")
    assert east.draws == (DrawTurn(Card.parse("C2"), Card.parse("C3"), True),)
    assert east.looking_at is None
    assert south.hand == CardSet() and south.discards == CardSet() and south.draws == ()
    assert south.looking_at == Card.parse("C4")
    assert south.hand_sizes == (0, 1) and south.discard_counts == (0, 1)
    assert south.stock_remaining == 50
    game.apply(REJECT, SOUTH)
    south = view_for(game, SOUTH)
    assert south.draws == (DrawTurn(Card.parse("C5"), Card.parse("C4"), False),)
    assert view_for(game, EAST).draws == east.draws  # East never learns South's turn


def test_a_spectator_sees_only_what_is_public() -> None:
    game = Game(seed=10**15 + 3)
    play_randomly(game, random.Random(3), max_actions=30)
    view = view_for(game, None)
    assert view.seat is None and not view.my_turn
    assert view.hand == CardSet() and view.discards == CardSet() and view.draws == ()
    assert view.looking_at is None and view.legal_actions == ()
    assert view.hand_sizes == (len(game.hand(SOUTH)), len(game.hand(EAST)))


def test_views_in_the_auction_and_the_play() -> None:
    stock, draws = stock_for_hands(cards("♠AKQJ ♥AKQJ ♦AKQJ ♣A"), cards("♠2345 ♥2345 ♦2345 ♣2"))
    game = Game(stocks=[stock], first_dealer=SOUTH, seed=10**15 + 11)
    draw_all(game, draws)
    view = view_for(game, EAST)
    assert view.phase is Phase.AUCTION and view.stock_remaining == 0 and view.looking_at is None
    assert view.first_caller is EAST and view.legal_actions == game.legal_actions()
    call_all(game, ["1NT", "pass"])
    game.apply(Card.parse("H2"), SOUTH)
    for seat in (SOUTH, EAST, None):
        view = view_for(game, seat)
        assert [str(c) for c in view.auction] == ["1NT", "Pass"]
        assert str(view.contract) == "1NT" and view.declarer is EAST
        assert view.current_trick is not None
        assert view.current_trick.leader is SOUTH
        assert view.current_trick.cards == (Card.parse("H2"),)
    game.apply(Card.parse("HA"), EAST)
    view = view_for(game, SOUTH)
    assert view.tricks[0].winner is EAST and view.tricks_won == (0, 1)
    assert Card.parse("H2") not in view.hand
    data = view.to_dict()
    assert data["tricks"] == [{"leader": "south", "cards": ["H2", "HA"], "winner": "east"}]
    assert data["contract"] == "1NT" and data["auction"] == ["1NT", "Pass"]


def test_to_dict_is_json_and_names_no_secret() -> None:
    seed = 10**15 + 123
    game = Game(seed=seed, first_dealer=EAST)
    draw_all(game, [KEEP, REJECT] * 13)
    for seat in (SOUTH, EAST):
        data = view_for(game, seat).to_dict()
        text = json.dumps(data, ensure_ascii=False)
        assert json.loads(text) == data
        assert str(seed) not in text
        assert "seed" not in text and '"stock"' not in text
        for card in game.hand(seat.other) | game.discards(seat.other):
            assert f'"{card.pbn}"' not in text and str(card) not in text
        assert data["hand"] == [c.pbn for c in game.hand(seat)]
        assert data["discards"] == [c.pbn for c in game.discards(seat)]


def test_the_complete_rubber_view() -> None:
    game = Game(seed=10**15 + 5)
    play_randomly(game, random.Random(5))
    view = view_for(game, SOUTH)
    assert view.phase is Phase.COMPLETE and view.to_act is None and view.legal_actions == ()
    assert view.looking_at is None
    # what is left on show is the seat's own last hand: its discards and its own turns
    assert view.discards == game.discards(SOUTH)
    assert CardSet.of(t.discarded for t in view.draws if t.discarded) == view.discards
    data = view.to_dict()
    assert data["score"]["rubber_winner"] in ("south", "east")
    assert data["score"]["totals"] == list(game.score_sheet.totals)
    assert len(data["results"]) == len(game.history)


def test_to_dict_names_south_as_first_caller() -> None:
    # Seat.SOUTH is the int 0: a truthiness test would lose it.
    game = Game(seed=1, first_dealer=Seat.EAST)
    while game.phase is Phase.DRAWING:
        game.apply(KEEP)
    assert game.first_caller is Seat.SOUTH
    for seat in (Seat.SOUTH, Seat.EAST, None):
        assert view_for(game, seat).to_dict()["first_caller"] == "south"


def test_previous_last_trick_is_the_last_trick_played() -> None:
    rng = random.Random(4)
    game = Game(seed="previous", first_dealer=Seat.SOUTH)
    for seat in (Seat.SOUTH, Seat.EAST, None):
        assert view_for(game, seat).previous_last_trick is None
    while not game.history or game.history[-1].result.contract is None:
        game.apply(rng.choice(game.legal_actions()))
    last_cards = [Card.from_id(c) for c in game.history[-1].actions[-2:]]
    for seat in (Seat.SOUTH, Seat.EAST, None):
        view = view_for(game, seat)
        assert view.tricks == () and view.previous_last_trick is not None
        assert list(view.previous_last_trick.cards) == last_cards
        assert view.to_dict()["previous_last_trick"]["cards"] == [c.pbn for c in last_cards]
    # Two opening passes: a hand without play leaves no previous trick.
    while game.phase is Phase.DRAWING:
        game.apply(KEEP)
    game.apply(PASS_ACTION)
    game.apply(PASS_ACTION)
    assert view_for(game, Seat.SOUTH).previous_last_trick is None


def test_the_trump_of_the_tricks_being_played_is_in_the_view() -> None:
    for name in ("draw-discard", "draw", "memory"):
        game = new_game(find_variant(name), seed=11)
        rng = random.Random(3)
        seen = set()
        while game.hand_number < 3 and not game.is_over:
            view = view_for(game, game.to_act)
            if game.phase is Phase.PLAY:
                assert game.contract is not None
                assert view.trump is game.contract.strain
                assert view.to_dict()["trump"] == game.contract.strain.letter
            elif game.phase is Phase.PRELIMINARY:
                assert view.trump is Strain.NOTRUMP
            else:
                assert view.trump is None and view.to_dict()["trump"] is None
            seen.add(game.phase)
            game.apply(rng.choice(game.legal_actions()))
        assert Phase.PLAY in seen


def test_the_view_carries_the_rules_with_their_options() -> None:
    rules = find_variant("draw").with_options(face_up_stock=True, preliminary_follow_suit=True)
    game = new_game(rules, seed=4)
    for seat in (Seat.SOUTH, Seat.EAST, None):
        view = view_for(game, seat)
        assert view.rules == rules
        assert view.to_dict()["rules"] == rules.public_rules()
        assert view.to_dict()["rules"]["face_up_stock"] is True
