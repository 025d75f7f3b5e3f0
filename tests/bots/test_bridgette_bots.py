"""The bots in Bridgette (honeymoon.bots.bridgette): legal whole matches, an exchange that keeps
a plan, and a Colon kept for the lead it will spoil."""

from __future__ import annotations

import pytest
from bridgette_packs import exchange_back, pack

from honeymoon.actions import PASS
from honeymoon.auction import Call
from honeymoon.bots import HeuristicBot, NoviceBot, RandomBot
from honeymoon.bots.bridgette import colon_worth, plan_strain
from honeymoon.bots.sanity import check_hand
from honeymoon.cards import Card, CardSet, Strain
from honeymoon.engines import new_game
from honeymoon.game import Game, Phase
from honeymoon.match import MatchConfig, run_match
from honeymoon.rules import BRIDGETTE
from honeymoon.seats import Seat
from honeymoon.solver.colons import bridgette_tricks
from honeymoon.views import view_for

SOUTH, EAST = Seat.SOUTH, Seat.EAST


@pytest.mark.parametrize("names", [("heuristic", "random"), ("novice", "heuristic")])
def test_bots_play_whole_bridgette_matches_legally(names: tuple[str, str]) -> None:
    makers = {"random": RandomBot, "novice": NoviceBot, "heuristic": HeuristicBot}
    for seed in range(6):
        game = new_game(BRIDGETTE, seed=seed, first_dealer=seed % 2)
        bots = [makers[name](f"{seed}:{name}") for name in names]
        phases: set[Phase] = set()
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            view = view_for(game, seat)
            action = bots[seat].act(view)
            assert action in view.legal_actions, (names, seed, action)
            phases.add(game.phase)
            game.apply(action, seat)
        assert {Phase.EXCHANGE, Phase.AUCTION, Phase.PLAY} <= phases
        assert game.score_sheet.deals_scored == 6


def test_the_heuristic_beats_random_at_bridgette() -> None:
    wins = 0
    for seed in range(8):
        game = new_game(BRIDGETTE, seed=f"strength:{seed}", first_dealer=seed % 2)
        bots = [HeuristicBot(seed), RandomBot(seed)]
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            game.apply(bots[seat].act(view_for(game, seat)), seat)
        totals = game.score_sheet.totals
        wins += totals[0] > totals[1]
    assert wins >= 6


PLAN = "♠AKQJ98 ♥7 ♦Q72 ♣54 :G"
OTHER = "♠2 ♥AKQJ1098 ♦AKJ ♣AK"


def test_the_exchange_keeps_the_plan_and_the_grand_colon() -> None:
    # East (non-dealer) holds long spades and the Grand Colon without an ace outside spades;
    # the upcard and the card below it are two low hearts.
    game = new_game(BRIDGETTE, seed=1, stocks=[pack(PLAN, OTHER, "H2 H3")], first_dealer=SOUTH)
    assert plan_strain(game.hand(EAST).mask) is Strain.SPADES
    bot = HeuristicBot(seed=3)
    discarded = []
    while game.to_act == EAST and game.phase is Phase.EXCHANGE:
        action = bot.act(view_for(game, EAST))
        discarded.append(Card.from_id(action if action < 52 else action - 44))
        game.apply(action, EAST)
    assert len(discarded) == 2
    kept = game.hand(EAST)
    assert CardSet.parse("♠AKQJ98 :G").mask & ~kept.mask == 0  # the plan and the Colon stay
    assert all(not card.is_colon and card.suit != 3 for card in discarded)
    assert all(card.rank < 11 for card in discarded)  # low side cards go


def test_a_colon_is_worth_the_leads_it_can_spoil() -> None:
    no_aces = CardSet.parse("♠KQ ♥KQ").mask
    four_aces = CardSet.parse("♠A ♥A ♦A ♣A").mask
    grand, royal = 54, 53
    assert colon_worth(grand, no_aces) > colon_worth(grand, four_aces)
    assert colon_worth(royal, four_aces) > colon_worth(royal, no_aces)


def _to_play(east: str, south: str) -> Game:
    stock = pack(east, south, "C8")
    game = exchange_back(new_game(BRIDGETTE, seed=1, stocks=[stock], first_dealer=SOUTH))
    game.apply(Call.parse("1NT"), SOUTH)
    game.apply(PASS, EAST)
    return game


def test_the_grand_colon_spoils_an_ace_it_cannot_beat_and_a_cheap_win_is_taken() -> None:
    east = "♠AKQ ♥AKQ ♦AKQ ♣AKQ ♥J"
    south = "♠432 ♥432 ♦432 ♣432 :G"
    game = _to_play(east, south)
    game.apply(Card.parse("SA"), EAST)
    assert HeuristicBot(seed=1).act(view_for(game, SOUTH)) == Card.parse(":G").action
    # with a card that wins, the bot wins cheaply instead
    other = _to_play("♠J109 ♥AKQ ♦AKQ ♣AKQ ♥J", "♠Q32 ♥432 ♦432 ♣432 :G")
    other.apply(Card.parse("S9"), EAST)
    assert HeuristicBot(seed=1).act(view_for(other, SOUTH)) == Card.parse("SQ").action


def test_a_duplicate_match_heuristic_against_random_completes() -> None:
    config = MatchConfig(bot_a="heuristic", bot_b="random", rubber_pairs=2, seed=5, rules=BRIDGETTE)
    summary = run_match(config).summary()
    assert summary.rubbers == 4 and summary.pairs == 2
    assert not summary.forfeits_a and not summary.forfeits_b and not summary.forfeit_games
    assert summary.rubbers_won_a + summary.rubbers_won_b + summary.unfinished == 4
    assert summary.rubbers_won_a >= 3 and summary.mean_difference > 0


def test_a_bridgette_match_checks_its_contracts_with_the_colons_solver() -> None:
    """The sanity figures of a Bridgette match: each contract against the solver that knows
    the Colons, on the hands after the exchange (they were left out before)."""
    config = MatchConfig(bot_a="heuristic", bot_b="random", rubber_pairs=1, seed=3, rules=BRIDGETTE)
    summary = run_match(config).summary()
    sanity = summary.sanity_a + summary.sanity_b
    assert sanity.declared > 0
    game = new_game(BRIDGETTE, seed=7, first_dealer=0)
    bots = [HeuristicBot(1), HeuristicBot(2)]
    while not game.history:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].act(view_for(game, seat)), seat)
    hand = game.history[0]
    check = check_hand(hand, BRIDGETTE)
    assert check is not None and hand.deal is not None
    declarer = int(check.declarer)
    expected = 13 - bridgette_tricks(
        hand.deal[1 - declarer], hand.deal[declarer], int(check.contract.strain)
    )
    assert check.dd_tricks == expected
