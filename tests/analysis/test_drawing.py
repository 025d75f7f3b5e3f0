"""The drawing analysis: the final hands' worth and the strongest bot's drawing from the same
stock; and what the preliminary tricks of Draw and Memory Bridge get."""

from __future__ import annotations

import random

from helpers import play_randomly
from hypothesis import given, settings
from hypothesis import strategies as st

from honeymoon.actions import KEEP, PASS
from honeymoon.analysis import DRAWING_BOT, analyze_game, analyze_hand, trick_table
from honeymoon.bots import make_bot
from honeymoon.cards import CardSet
from honeymoon.engines import new_game
from honeymoon.game import Game, Phase
from honeymoon.rules import find_variant
from honeymoon.seats import Seat
from honeymoon.views import view_for


def _draw_like_the_bot(game: Game) -> None:
    bot = make_bot(DRAWING_BOT, seed=0)
    while game.phase is Phase.DRAWING:
        seat = game.to_act
        assert seat is not None
        game.apply(bot.act(view_for(game, seat)))


def _pass_out(game: Game) -> None:
    game.apply(PASS)
    game.apply(PASS)


def test_a_player_who_draws_as_the_bot_does_gets_the_bots_hand() -> None:
    for variant in ("draw-discard", "draw-discard-no-discard"):
        game = new_game(find_variant(variant), seed=21, first_dealer=Seat.SOUTH)
        _draw_like_the_bot(game)
        final = (game.hand(Seat.SOUTH), game.hand(Seat.EAST))
        _pass_out(game)
        hand = analyze_hand(game, 0)
        assert hand.drawing is not None
        for drawing in hand.drawing:
            assert drawing.bot.hand == drawing.actual.hand == final[drawing.seat]
            assert drawing.bot_opponent_hand == final[drawing.seat.other]
            assert drawing.opponent_repeated == 13
            assert drawing.disagreements == 0
            assert drawing.difference == 0
            assert len(drawing.turns) == 13
            # Nothing the player did not see: its share keeps the comparison, in both variants
            # (were the hand played out; a passed-out deal is not shown at all).
            assert not drawing.cards_shown - (final[0] | final[1] | drawing.discards)


def _draw_freely(game: Game, data: st.DataObject) -> None:
    while game.phase is Phase.DRAWING:
        game.apply(data.draw(st.sampled_from(game.legal_actions()), label="draw"))


@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_in_draw_and_discard_the_opponent_draws_the_same_hand(data: st.DataObject) -> None:
    # Every turn takes two stock cards, so the opponent meets the same two cards at each turn
    # whatever the player chose, repeats its choices and ends with the same hand.
    game = Game(seed=data.draw(st.integers(0, 10**6), label="seed"), first_dealer=Seat.EAST)
    _draw_freely(game, data)
    final = (game.hand(Seat.SOUTH), game.hand(Seat.EAST))
    turns = {seat: game.draw_turns(seat) for seat in Seat}
    _pass_out(game)
    hand = analyze_hand(game, 0)
    assert hand.drawing is not None
    for drawing in hand.drawing:
        seat = drawing.seat
        assert drawing.opponent_repeated == 13
        assert drawing.bot_opponent_hand == final[seat.other]
        assert drawing.actual.hand == final[seat]
        # The card looked at each turn, and the choice, are the engine's.
        looked = [kept if first else gone for kept, gone, first in turns[seat]]
        assert [turn.looked_at.id for turn in drawing.turns] == looked
        assert [turn.kept for turn in drawing.turns] == [first for _, _, first in turns[seat]]
        # The bot's hand holds one card of each two-card pair the player met.
        bot_hand = drawing.bot.hand
        assert len(bot_hand) == 13 and not bot_hand.mask & final[seat.other].mask
        for kept, gone, _first in turns[seat]:
            pair = CardSet.from_ids([kept, gone])
            assert len(bot_hand & pair) == 1
        # The worth is the double-dummy table's best strain for the hand, opponent leading.
        table = trick_table(*final)
        assert drawing.actual.best_tricks == max(table.tricks(seat, s) for s in range(5))
        assert hand.par is not None
        assert drawing.actual.par_net == hand.par.net(seat)


def test_in_the_no_discard_variation_the_opponent_repeats_only_where_it_meets_the_same_card() -> (
    None
):
    game = new_game(find_variant("draw-discard-no-discard"), seed=4, first_dealer=Seat.SOUTH)
    # South keeps every card it sees, East rejects every one: the positions then differ from
    # the bot's drawing as soon as the bot chooses otherwise.
    while game.phase is Phase.DRAWING:
        game.apply(KEEP if game.to_act is Seat.SOUTH else game.legal_actions()[-1])
    _pass_out(game)
    hand = analyze_hand(game, 0)
    assert hand.drawing is not None
    for drawing in hand.drawing:
        assert 0 <= drawing.opponent_repeated <= 13
        assert len(drawing.bot.hand) == 13
        assert not drawing.bot.hand.mask & drawing.bot_opponent_hand.mask


def test_drawing_can_be_left_out() -> None:
    game = Game(seed=2, first_dealer=Seat.SOUTH)
    _draw_like_the_bot(game)
    _pass_out(game)
    hand = analyze_hand(game, 0, drawing=False)
    assert hand.drawing is None
    assert hand.table is not None and hand.par is not None


def test_memory_bridge_preliminary_tricks_are_judged_from_the_first_deal() -> None:
    game = new_game(find_variant("memory"), seed=8, first_dealer=Seat.SOUTH)
    play_randomly(game, random.Random(3), max_actions=200)
    analysis = analyze_game(game)
    first = analysis.hands[0]
    prelim = first.preliminary
    assert prelim is not None and prelim.complete
    stock = game.history[0].stock if game.history else game.stock_for_hand(0)
    dealt = CardSet.from_ids(stock[:26])
    assert len(prelim.cards) == 26
    assert CardSet.of(card.card for card in prelim.cards) == dealt
    assert prelim.trump.letter == "NT"
    for seat in Seat:
        assert prelim.taken[seat] == prelim.start[seat] - prelim.lost[seat] + prelim.lost[1 - seat]
    result = game.history[0].result.preliminary if game.history else game.preliminary_result
    assert result is not None and prelim.taken == result.tricks
    assert first.drawing is None
    assert any("second deal" in note for note in first.notes)


def test_draw_bridge_preliminary_tricks_are_not_analysed_and_say_so() -> None:
    game = new_game(find_variant("draw"), seed=8, first_dealer=Seat.SOUTH)
    play_randomly(game, random.Random(3), max_actions=120)
    first = analyze_hand(game, 0)
    assert first.preliminary is None
    assert first.drawing is None
    assert any("preliminary tricks not analysed" in note for note in first.notes)


def test_a_player_sees_no_deal_that_was_not_played_out() -> None:
    game = Game(seed=2, first_dealer=Seat.SOUTH)
    _draw_like_the_bot(game)
    _pass_out(game)
    hand = analyze_hand(game, 0)
    assert hand.deal is not None and hand.drawing is not None
    for seat in Seat:
        shown = hand.for_seat(seat)
        assert shown.deal is None and shown.table is None and shown.par is None
        assert shown.drawing is None and shown.play is None
        assert "the deal is not shown: not every card of it was played" in shown.notes
        text = str(shown.to_dict())
        assert hand.deal[seat.other].to_dotted() not in text


@settings(max_examples=12, deadline=None)
@given(data=st.data())
def test_a_players_share_of_the_analysis_names_only_cards_it_saw(data: st.DataObject) -> None:
    # Once a hand is played out both hands are known; of the drawing a player saw its own
    # hand and discards. Its share never names another card, in either drawing variant.
    variant = data.draw(st.sampled_from(["draw-discard", "draw-discard-no-discard"]), label="v")
    game = new_game(find_variant(variant), seed=data.draw(st.integers(0, 999), label="seed"))
    _draw_freely(game, data)
    final = (game.hand(Seat.SOUTH), game.hand(Seat.EAST))
    discards = (game.discards(Seat.SOUTH), game.discards(Seat.EAST))
    game.apply(game.parse_action("1C"))
    game.apply(PASS)
    while game.hand_number == 0:
        game.apply(data.draw(st.sampled_from(game.legal_actions()), label="card"))
    hand = analyze_hand(game, 0)
    for seat in Seat:
        shown = hand.for_seat(seat)
        assert shown.deal == final and shown.play == hand.play
        if variant == "draw-discard":
            # The bot's hand takes one card of each pair the player met, all seen by it.
            assert shown.drawing is not None
        seen = final[0] | final[1] | discards[seat]
        for drawing in shown.drawing or ():
            assert drawing.seat is seat
            assert drawing.discards == discards[seat]
            assert not drawing.cards_shown - seen
