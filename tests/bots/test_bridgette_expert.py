"""The expert in Bridgette: its knowledge of the unseen cards knows the Colons, it values
contracts on the six-deal sheet, and it plays whole matches legally."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from honeymoon.auction import Call, Contract
from honeymoon.bots import HeuristicBot
from honeymoon.bots.bridgette import BRIDGETTE_BOTS, BridgetteCallReader
from honeymoon.bots.choice import choose_bot
from honeymoon.bots.expert import ExpertBot, contract_value
from honeymoon.bots.expert.values import _contract_scorer
from honeymoon.bots.sampling import knowledge_from_view, sample_layouts
from honeymoon.cards import BRIDGETTE_DECK_MASK, COLON_MASK, CardSet
from honeymoon.engines import new_game
from honeymoon.game import Game, Phase
from honeymoon.rules import BRIDGETTE
from honeymoon.scoring import ScoreSheet, score_deal
from honeymoon.views import view_for


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 10_000))
def test_the_opponents_real_hand_is_always_possible(data: st.DataObject, seed: int) -> None:
    """Whatever has been played (a matching Colon on a suit the player holds, a led Colon, the
    upcard non-dealer took), the opponent's real hand is one of the hands the seat samples
    from: no void is read wrongly and no card is ruled out that the opponent may hold."""
    game = new_game(BRIDGETTE, seed=seed, first_dealer=seed % 2)
    start = game.hand_number
    while game.hand_number == start and not game.is_over:
        seat = game.to_act
        assert seat is not None
        if game.phase in (Phase.AUCTION, Phase.PLAY):
            for me in (0, 1):
                view = view_for(game, me)
                knowledge = knowledge_from_view(view)
                real = game.hand(1 - me).mask
                assert real & ~knowledge.possible == 0, (me, game.phase)
                assert knowledge.opponent_size == real.bit_count()
                assert knowledge.possible & ~BRIDGETTE_DECK_MASK == 0
                assert knowledge.possible & (view.hand.mask | view.discards.mask) == 0
        legal = game.legal_actions()
        if game.phase is Phase.AUCTION:
            # Reach the play: bid once, then pass.
            action = legal[1] if game.contract is None and len(legal) > 1 else legal[0]
        else:
            action = data.draw(st.sampled_from(legal))
        game.apply(action, seat)


def test_layouts_are_dealt_from_the_55_cards_colons_included() -> None:
    game = new_game(BRIDGETTE, seed=11, first_dealer=0)
    while game.phase is Phase.EXCHANGE:
        seat = game.to_act
        assert seat is not None
        game.apply(game.legal_actions()[0], seat)
    me = int(game.to_act or 0)
    view = view_for(game, me)
    knowledge = knowledge_from_view(view)
    unseen_colons = COLON_MASK & ~view.hand.mask & ~view.discards.mask
    assert knowledge.possible & COLON_MASK == unseen_colons
    layouts = sample_layouts(knowledge, random.Random(1), 200)
    assert all(layout.bit_count() == 13 and layout & ~knowledge.possible == 0 for layout in layouts)
    if unseen_colons:
        assert any(layout & COLON_MASK for layout in layouts)


def test_a_six_deal_sheet_values_contracts_deal_by_deal() -> None:
    sheet = ScoreSheet.for_deals(6, first_dealer=0)
    scorer = _contract_scorer(sheet, 0, 0.5)
    game = Contract.parse("4S")
    part = Contract.parse("2H")
    expected = score_deal(game, 10, False)
    assert scorer(game, 10) == expected.declarer_below + expected.declarer_above
    assert scorer(part, 8) == score_deal(part, 8, False).declarer_above + 60
    # A rubber's part score is a step toward game: worth more than its points and the 50.
    rubber = _contract_scorer(ScoreSheet(), 0, 0.5)
    assert rubber(part, 8) == contract_value(part, 8, False, False, 0, 0.5) != scorer(part, 8)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [3, 8])
def test_the_expert_plays_whole_bridgette_matches_legally(seed: int) -> None:
    game = new_game(BRIDGETTE, seed=seed, first_dealer=seed % 2)
    expert = ExpertBot(seed, samples=6, max_samples=6)
    bots = {seed % 2: expert, 1 - seed % 2: HeuristicBot(seed)}
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        view = view_for(game, seat)
        action = bots[int(seat)].act(view)
        assert action in view.legal_actions, (seed, view.phase, action)
        game.apply(action, seat)
    assert game.score_sheet.deals_scored == 6


def test_the_hard_level_is_the_expert_in_bridgette() -> None:
    assert "expert" in BRIDGETTE_BOTS
    bot, note = choose_bot("hard", 1, BRIDGETTE)
    assert bot.name == "expert" and note is None


def _auction_with(calls: list[str], seed: int = 5) -> Game:
    """A seeded Bridgette game through the exchange (the heuristic's discards) and ``calls``."""
    game = new_game(BRIDGETTE, seed=seed, first_dealer=0)
    bot = HeuristicBot(1)
    while game.phase is Phase.EXCHANGE:
        seat = game.to_act
        assert seat is not None
        game.apply(bot.act(view_for(game, seat)), seat)
    for text in calls:
        game.apply(Call.parse(text))
    return game


def test_the_reader_takes_a_bid_to_need_the_tricks_and_an_opening_pass_to_deny_them() -> None:
    # Dealer (South) calls first: South bids 4♠; East reads it.
    game = _auction_with(["4S"])
    reader = BridgetteCallReader(view_for(game, 1))
    assert reader
    strong = CardSet.parse("♠AKQJ1098 ♥AK2 ♦32 ♣2").mask
    weak = CardSet.parse("♠32 ♥5432 ♦5432 ♣432").mask
    assert reader.misfit(strong) == 0 < reader.misfit(weak)
    # South passes first: a hand that would have opened does not fit the pass.
    passed = BridgetteCallReader(view_for(_auction_with(["pass"]), 1))
    assert passed.misfit(weak) == 0 < passed.misfit(strong)


def test_the_expert_deals_its_bridgette_layouts_to_fit_the_opponents_bid() -> None:
    game = _auction_with(["3S"])
    view = view_for(game, 1)
    bot = ExpertBot(1, samples=12, max_samples=12)
    table, reader = bot._auction_layouts(view, knowledge_from_view(view))
    assert isinstance(reader, BridgetteCallReader)
    assert table.fitting >= 1
    fitting = [layout for layout, fit in zip(table.layouts, table.fits, strict=True) if fit]
    assert all(reader.misfit(layout) == 0 for layout in fitting)
