"""The analysis of Bridgette deals (the 55-card game with three Colons), played by bots: the
table is solved on the hands after the exchange by the solver that knows the Colons, each card's
cost is judged from the position before it (the bar on the lead after a spoiling Colon
included, as the engine set it), par is scored as the six-deal match scores, and a player's
copy names no card the player never saw (the opponent's exchange discards, the stock)."""

from __future__ import annotations

import json
import re
from functools import cache

from honeymoon.actions import card_of_action, is_card_action
from honeymoon.analysis import GameAnalysis, HandAnalysis, analyze_game, analyze_hand
from honeymoon.bots import HeuristicBot, RandomBot
from honeymoon.bridgette import (
    NON_DEALER_EXCHANGE,
    UPCARD_PLACE,
    BridgetteGame,
    dealer_exchange_size,
)
from honeymoon.cards import Card, CardSet
from honeymoon.cli.analyze import analysis_lines
from honeymoon.engines import new_game
from honeymoon.game import Game, HandHistory, Phase
from honeymoon.records import dumps, loads
from honeymoon.rules import BRIDGETTE
from honeymoon.scoring import score_deal
from honeymoon.seats import SEATS
from honeymoon.solver.colons import bridgette_tricks, bridgette_values
from honeymoon.views import view_for

#: A card in a JSON text: a quoted PBN card or Colon (``"SA"``, ``":G"``).
_QUOTED = re.compile(r'"(:[GRL]|[SHDC][2-9TJQKA])"')


@cache
def bot_match(seed: int) -> tuple[BridgetteGame, tuple[tuple[bool, bool], ...]]:
    """A six-deal match played by a heuristic and a random bot (which plays Colons freely),
    and the vulnerability the engine's sheet gave at the start of each hand."""
    game = new_game(BRIDGETTE, seed=seed, first_dealer=seed % 2)
    assert isinstance(game, BridgetteGame)
    bots = [HeuristicBot(f"h{seed}"), RandomBot(f"r{seed}")]
    vulnerable: list[tuple[bool, bool]] = []
    while not game.is_over:
        if len(vulnerable) == game.hand_number:
            sheet = game.score_sheet
            vulnerable.append((sheet.vulnerable(0), sheet.vulnerable(1)))
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].act(view_for(game, seat)), seat)
    return game, tuple(vulnerable)


SEEDS = (3, 8)


def played_hands(game: Game) -> list[int]:
    return [n for n, hand in enumerate(game.history) if hand.result.contract is not None]


def test_the_table_is_solved_with_the_colons_on_the_hands_after_the_exchange() -> None:
    for seed in SEEDS:
        game, _ = bot_match(seed)
        for number in played_hands(game):
            hand = analyze_hand(game, number, drawing=False)
            assert hand.table is not None and hand.deal is not None
            # The hands after the exchange are exactly the cards each player played.
            tricks = game.history[number].log.tricks
            for seat in (0, 1):
                played = CardSet.of(
                    c for t in tricks for s, c in zip(t.players, t.cards, strict=True) if s == seat
                )
                assert len(played) == 13 and hand.deal[seat] == played
            masks = (hand.deal[0].mask, hand.deal[1].mask)
            for strain in range(5):
                for leader in (0, 1):
                    solved = bridgette_tricks(masks[leader], masks[1 - leader], strain)
                    assert hand.table.leader_tricks[strain][leader] == solved
            assert "exchange with the stock" in " ".join(hand.notes)


def test_each_cards_cost_is_judged_from_the_engines_position_bar_included() -> None:
    spoiled = 0
    for seed in SEEDS:
        game, _ = bot_match(seed)
        replay = new_game(BRIDGETTE, seed=seed, first_dealer=seed % 2)
        assert isinstance(replay, BridgetteGame)
        for number, past in enumerate(game.history):
            analysis = analyze_hand(game, number, drawing=False)
            play = analysis.play
            judged = iter(play.cards if play is not None else ())
            for action in past.actions:
                if replay.phase is Phase.PLAY and is_card_action(action):
                    contract = replay.contract
                    seat = replay.to_act
                    assert contract is not None and seat is not None
                    led = replay.led_card
                    bar = replay.barred_suit if led is None else -1
                    spoiled += bar >= 0
                    best, values = bridgette_values(
                        replay.hand(seat).mask,
                        replay.hand(seat.other).mask,
                        int(contract.strain),
                        -1 if led is None else led.id,
                        bar,
                    )
                    cost = next(judged)
                    card = card_of_action(action)
                    assert cost.seat is seat and cost.card.id == card
                    assert cost.cost == best - dict(values)[card]
                    assert set(cost.best_cards) == {Card.from_id(c) for c, v in values if v == best}
                    assert (cost.better is None) is (cost.cost == 0)
                replay.apply(action)
            assert next(judged, None) is None
            if play is None:
                continue
            # The costs add up: a player's tricks are its double-dummy start, less what its
            # cards lost, plus what the opponent's lost.
            result = past.result
            assert play.complete and result.declarer is not None
            taken = [13 - result.declarer_tricks] * 2
            taken[result.declarer] = result.declarer_tricks
            assert list(play.taken) == taken
            for seat in (0, 1):
                assert play.lost[seat] == sum(c.cost for c in play.cards if c.seat == seat)
                other = 1 - seat
                assert taken[seat] == play.start[seat] - play.lost[seat] + play.lost[other]
    assert spoiled, "no lead after a spoiling Colon in these matches: the bar went untested"


def test_par_is_scored_as_the_six_deal_match_scores() -> None:
    for seed in SEEDS:
        game, vulnerable = bot_match(seed)
        for number in played_hands(game):
            hand = analyze_hand(game, number, drawing=False)
            assert hand.vulnerable == vulnerable[number]
            assert hand.par is not None
            for outcome in (hand.par.outcome, *hand.par.own_best):
                if outcome is None:
                    continue
                declarer = int(outcome.declarer)
                expected = score_deal(
                    outcome.contract, outcome.tricks, vulnerable[number][declarer]
                )
                assert outcome.score == expected
                assert not outcome.wins_rubber


def _named(data: HandAnalysis) -> set[Card]:
    """Every card ``data``'s JSON form names: the deal's hands, and each card in quotes."""
    text = json.dumps(data.to_dict(), ensure_ascii=False)
    named = {Card.parse(token) for token in _QUOTED.findall(text)}
    if data.deal is not None:
        named |= set(data.deal[0]) | set(data.deal[1])
    return named


def hidden_from(past: HandHistory, seat: int) -> set[Card]:
    """What ``seat`` never sees of a deal, worked out from its stock and actions: the
    opponent's exchange discards (but the upcard, public) and the stock nobody took."""
    stock = past.stock
    upcard = stock[UPCARD_PLACE]
    size = dealer_exchange_size(upcard)
    discards = [card_of_action(a) for a in past.actions[: NON_DEALER_EXCHANGE + size]]
    by_dealer = past.dealer == SEATS[1 - seat]
    theirs = discards[NON_DEALER_EXCHANGE:] if by_dealer else discards[:NON_DEALER_EXCHANGE]
    untaken = stock[UPCARD_PLACE + NON_DEALER_EXCHANGE + size :]
    return {Card.from_id(c) for c in (set(theirs) - {upcard}) | set(untaken)}


def test_a_players_copy_names_no_card_the_player_never_saw() -> None:
    for seed in SEEDS:
        game, _ = bot_match(seed)
        for number, past in enumerate(game.history):
            full = analyze_hand(game, number, drawing=False)
            played = {c for t in past.log.tricks for c in t.cards}
            for seat in (0, 1):
                named = _named(full.for_seat(seat))
                hidden = hidden_from(past, seat)
                assert hidden and not named & hidden, sorted(map(str, named & hidden))
                assert named <= played, sorted(map(str, named - played))
                assert (full.deal is not None and full.deal_shown) is bool(named)


def in_play_with_a_colon() -> BridgetteGame:
    """A Bridgette game played by bots into the fourth trick of its first played deal, where a
    player kept a Colon in the exchange (the first such seed)."""
    for seed in range(50):
        game = new_game(BRIDGETTE, seed=seed, first_dealer=0)
        assert isinstance(game, BridgetteGame)
        bots = [HeuristicBot("a"), RandomBot("b")]
        while game.phase is not Phase.PLAY or len(game.completed_tricks) < 3:
            seat = game.to_act
            assert seat is not None and game.hand_number < 5
            game.apply(bots[seat].act(view_for(game, seat)), seat)
        deal = game.hand_log().deal
        assert deal is not None
        if any(card.is_colon for hand in deal for card in hand):
            return game
    raise AssertionError("no deal with a Colon kept in 50 games")


def test_during_the_play_a_players_copy_shows_no_hand() -> None:
    game = in_play_with_a_colon()
    current = analyze_hand(game, game.hand_number, drawing=False)
    assert current.table is not None and current.play is not None
    assert current.deal is not None and any(c.is_colon for h in current.deal for c in h)
    for seat in SEATS:
        secret = current.for_seat(seat)
        assert secret.deal is None and secret.table is None and secret.play is None
        assert _named(secret) == set()


def test_a_bridgette_record_is_analysed_as_the_game() -> None:
    game, _ = bot_match(SEEDS[0])
    record = loads(dumps(game))
    assert (
        analyze_game(record, drawing=False).to_dict() == analyze_game(game, drawing=False).to_dict()
    )
    analysis: GameAnalysis = analyze_game(game, drawing=False)
    assert analysis.variant == BRIDGETTE.name and len(analysis.hands) == len(game.history)


def test_the_analyze_command_writes_each_hand_with_its_colons() -> None:
    game, _ = bot_match(SEEDS[0])
    lines = analysis_lines(analyze_game(loads(dumps(game)), drawing=False))
    colons = 0
    for hand in analyze_game(game, drawing=False).hands:
        assert hand.deal is not None
        for seat in SEATS:
            line = f"  {seat.label:<6} ♠"
            shown = [text for text in lines if text.startswith(line)]
            assert any(CardSet.parse(text[len(line) - 1 :]) == hand.deal[seat] for text in shown)
            colons += len(hand.deal[seat].colons)
    assert colons, "no Colon kept in the match: the notation went untested"
