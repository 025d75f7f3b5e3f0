"""The club bot (the medium level): the heuristic bot's drawing and bidding, the expert's
card play; legal in every variant, replayed by its seed, the heuristic table bot at the
four-hand table."""

from __future__ import annotations

import pytest
from helpers import double_dummy_best_cards, play_checked, play_south_against

from honeymoon.bots import LEVELS, Bot, ClubBot, ExpertBot, HeuristicBot, make_bot
from honeymoon.bots.table_bots import table_bot_for
from honeymoon.bots.table_heuristic import TableHeuristicBot
from honeymoon.engines import new_game
from honeymoon.game import Game, Phase
from honeymoon.rules import DOUBLE_DUMMY, find_variant
from honeymoon.seats import Seat
from honeymoon.table import TableGame
from honeymoon.views import SeatView, view_for


def test_the_medium_level_is_the_club_bot() -> None:
    assert LEVELS["medium"] == "club"
    bot = make_bot("medium", 1)
    assert isinstance(bot, ClubBot) and bot.name == "club"


@pytest.mark.parametrize("variant", ["draw-discard", "draw", "memory", "bridgette"])
def test_plays_only_legal_actions_in_every_procedure(variant: str) -> None:
    game = new_game(find_variant(variant), seed=f"club:{variant}")
    bots: dict[Seat, Bot] = {
        Seat.SOUTH: ClubBot("s", samples=6),
        Seat.EAST: make_bot("heuristic", "e"),
    }
    actions = play_checked(game, bots, max_hands=2)
    assert sum(1 for seat, _ in actions if seat is Seat.SOUTH) > 26


def test_a_seed_replays_it() -> None:
    def run(seed: str) -> list[tuple[Seat, int]]:
        game = Game(seed="club:replay")
        bots: dict[Seat, Bot] = {
            Seat.SOUTH: ClubBot(seed, samples=6),
            Seat.EAST: ClubBot("other", samples=6),
        }
        return play_checked(game, bots, max_hands=2)

    assert run("same") == run("same")


def test_it_draws_and_bids_as_the_heuristic_bot_and_plays_as_the_expert() -> None:
    # The heuristic bot sees South's drawing and auction views, the expert its play views
    # (the expert's generator serves the play only), so each stays in step with the club bot.
    game = Game(seed="club:as-both", first_dealer=Seat.SOUTH)
    club, heuristic = ClubBot(7, samples=8), HeuristicBot(7)
    expert = ExpertBot(7, samples=8)
    other = make_bot("heuristic", "e")
    compared = {Phase.DRAWING: 0, Phase.AUCTION: 0, Phase.PLAY: 0}

    def south(view: SeatView) -> int:
        action = club.act(view)
        assert action == (expert if view.phase is Phase.PLAY else heuristic).act(view)
        compared[view.phase] += 1
        return action

    play_south_against(game, other, south, lambda g: not g.is_over and g.hand_number < 2)
    assert all(count > 3 for count in compared.values()), compared


def test_with_the_hands_known_it_plays_a_double_dummy_best_card() -> None:
    checked = sum(
        double_dummy_best_cards(ClubBot(number), make_bot("heuristic", 1), f"club-known:{number}")
        for number in range(2)
    )
    assert checked > 5


def test_at_the_four_hand_table_it_is_the_heuristic_table_bot() -> None:
    game = TableGame(DOUBLE_DUMMY, seed=3, first_dealer=0)
    bot = make_bot("medium", seed=1)
    view = view_for(game, game.to_act)
    assert bot.act(view) in view.legal_actions
    assert isinstance(table_bot_for(bot), TableHeuristicBot)


def test_its_advice_in_the_auction_is_the_heuristic_bots() -> None:
    game = Game(seed="club:advice", first_dealer=Seat.SOUTH)
    bots = {seat: make_bot("heuristic", seat.label) for seat in Seat}
    while game.phase is not Phase.AUCTION:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].act(view_for(game, seat)), seat)
    seat = game.to_act
    assert seat is not None
    view = view_for(game, seat)
    assert isinstance(view, SeatView)
    assert ClubBot(3).advise(view) == HeuristicBot(3).advise(view)
