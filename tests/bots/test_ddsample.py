"""The plain double-dummy sampling yardstick: legal, seeded, double-dummy best with the hands
known, no inference beyond the hard facts, the heuristic bot's bidding; a bot, not a level."""

from __future__ import annotations

import random

import pytest
from helpers import double_dummy_best_cards, play_checked

from honeymoon.bots import BOTS, LEVELS, Bot, DDSampleBot, HeuristicBot, make_bot, resolve_bot_name
from honeymoon.bots import ddsample as ddsample_module
from honeymoon.bots.sampling import Knowledge, knowledge_from_view
from honeymoon.engines import new_game
from honeymoon.errors import HoneymoonError
from honeymoon.game import Game, Phase
from honeymoon.rules import find_variant
from honeymoon.seats import Seat
from honeymoon.server.rooms import computer_level
from honeymoon.views import SeatView, view_for


@pytest.mark.parametrize("variant", ["draw-discard", "draw", "memory"])
def test_plays_only_legal_actions_in_every_procedure(variant: str) -> None:
    game = new_game(find_variant(variant), seed=f"ddsample:{variant}")
    bots: dict[Seat, Bot] = {
        Seat.SOUTH: DDSampleBot("s", samples=5),
        Seat.EAST: make_bot("heuristic", "e"),
    }
    actions = play_checked(game, bots, max_hands=2)
    assert sum(1 for seat, _ in actions if seat is Seat.SOUTH) > 26


def test_a_seed_replays_it() -> None:
    def run(seed: str) -> list[tuple[Seat, int]]:
        game = Game(seed="ddsample:replay")
        bots: dict[Seat, Bot] = {
            Seat.SOUTH: DDSampleBot(seed, samples=6),
            Seat.EAST: DDSampleBot("other", samples=6),
        }
        return play_checked(game, bots, max_hands=2)

    first = run("same")
    assert first == run("same")


def test_with_the_hands_known_it_plays_a_double_dummy_best_card() -> None:
    checked = sum(
        double_dummy_best_cards(
            DDSampleBot(number, samples=25), make_bot("heuristic", 1), f"ddsample-known:{number}"
        )
        for number in range(3)
    )
    assert checked > 5


def _play_views(seed: str, limit: int) -> list[SeatView]:
    game = Game(seed=seed)
    bots = {seat: make_bot("heuristic", seat.label) for seat in Seat}
    views: list[SeatView] = []
    while not game.is_over and game.hand_number < 1 and len(views) < limit:
        seat = game.to_act
        assert seat is not None
        view = view_for(game, seat)
        if view.phase is Phase.PLAY and len(view.legal_actions) > 1:
            views.append(view)
        game.apply(bots[seat].act(view), seat)
    return views


def test_its_layouts_use_the_hard_facts_only(monkeypatch: pytest.MonkeyPatch) -> None:
    # No drawing bias and no reading of the calls: every layout that fits the cards seen.
    seen: list[Knowledge] = []
    real = ddsample_module.sample_layouts

    def spy(knowledge: Knowledge, rng: random.Random, count: int) -> list[int]:
        seen.append(knowledge)
        return real(knowledge, rng, count)

    monkeypatch.setattr(ddsample_module, "sample_layouts", spy)
    views = _play_views("ddsample:facts", 12)
    assert views
    for view in views:
        seen.clear()
        DDSampleBot(1, samples=4).act(view)
        assert len(seen) == 1
        facts = knowledge_from_view(view)
        assert facts.biased  # Draw and Discard: the other bots weigh high cards up
        assert not seen[0].biased
        assert seen[0].possible == facts.possible
        assert seen[0].opponent_size == facts.opponent_size


def test_it_bids_and_draws_as_the_heuristic_bot() -> None:
    game = Game(seed="ddsample:auction", first_dealer=Seat.SOUTH)
    bots = {seat: make_bot("heuristic", seat.label) for seat in Seat}
    compared = 0
    while game.phase in (Phase.DRAWING, Phase.AUCTION):
        seat = game.to_act
        assert seat is not None
        view = view_for(game, seat)
        if view.phase is Phase.AUCTION or compared % 7 == 0:
            assert DDSampleBot(5, samples=3).act(view) == HeuristicBot(5).act(view)
        compared += 1
        game.apply(bots[seat].act(view), seat)
    assert compared > 26


def test_registered_as_yardsticks_not_levels() -> None:
    for samples in (25, 60):
        bot = make_bot(f"ddsample{samples}", 1)
        assert isinstance(bot, DDSampleBot)
        assert bot.samples == samples and bot.name == f"ddsample{samples}"
        assert f"ddsample{samples}" not in LEVELS.values()
    # Only the built-in table names a number of layouts: nothing is parsed from a name.
    for name in ("ddsample", "ddsample:1000", "ddsample100000", "ddsample-1"):
        assert name not in BOTS
        with pytest.raises(HoneymoonError):
            resolve_bot_name(name)
    # The server offers levels only.
    with pytest.raises(HoneymoonError) as raised:
        computer_level("ddsample60")
    assert raised.value.code == "unknown_level"


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError):
        DDSampleBot(1, samples=0)
