"""Property tests: random legal games keep every invariant of the rules and of the views."""

from __future__ import annotations

import json
import random
from typing import Any

from helpers import (
    card_locations,
    check_previous_last_trick,
    play_randomly,
    random_action,
    searchable_view,
    snapshot,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from honeymoon.auction import Contract
from honeymoon.cards import Card, CardSet
from honeymoon.errors import IllegalActionError
from honeymoon.game import Game, Phase
from honeymoon.scoring import (
    GAME_POINTS,
    RUBBER_BONUS_TWO_GAMES_TO_NIL,
    RUBBER_BONUS_TWO_GAMES_TO_ONE,
    Line,
    ScoreSheet,
    score_contract,
)
from honeymoon.seats import Seat
from honeymoon.views import view_for

SEEDS = st.integers(min_value=10**12, max_value=10**15)  # long enough to spot in a view's text
CHOICES = st.integers(min_value=0, max_value=2**32)
DEALERS = st.sampled_from([Seat.SOUTH, Seat.EAST])
EVERY_ACTION = range(-2, 95)  # every action number and a few outside the range


def check_locations(game: Game) -> None:
    """Every card is in exactly one place: a hand, a discard pile, the stock, or played."""
    places = card_locations(game)
    assert all(len(where) == 1 for where in places.values()), {
        Card.from_id(card_id): where for card_id, where in places.items() if len(where) != 1
    }


def check_counts(game: Game) -> None:
    sizes = [len(game.hand(seat)) for seat in Seat]
    discards = [len(game.discards(seat)) for seat in Seat]
    if game.phase is Phase.DRAWING:
        turns = (52 - game.stock_remaining) // 2
        assert sum(sizes) == turns and sum(discards) == turns
        assert sizes == discards
    elif game.phase is Phase.AUCTION:
        assert sizes == [13, 13] and discards == [13, 13] and game.stock_remaining == 0
    elif game.phase is Phase.PLAY:
        assert discards == [13, 13]
        played = len(game.completed_tricks)
        trick = game.current_trick
        assert trick is not None
        leader_played = len(trick.cards)
        expected = [13 - played, 13 - played]
        if leader_played:
            expected[trick.leader] -= 1
        assert sizes == expected


def secrets_of(game: Game, seat: Seat | None) -> CardSet:
    """The cards the seat must not see now: the opponent's hand and discards, the unseen stock."""
    secret = CardSet()
    for other in Seat:
        if other != seat:
            secret = secret | game.hand(other) | game.discards(other)
    if game.phase is Phase.DRAWING:
        stock = game.stock_for_hand(game.hand_number)
        unseen = stock[52 - game.stock_remaining :]
        if seat is not None and game.to_act == seat:
            unseen = unseen[1:]  # the seat to draw looks at the top card
        secret = secret | CardSet.from_ids(unseen)
    return secret


def all_keys(data: Any) -> set[str]:
    if isinstance(data, dict):
        return set(data) | {k for value in data.values() for k in all_keys(value)}
    if isinstance(data, list):
        return {k for value in data for k in all_keys(value)}
    return set()


def check_views(game: Game) -> None:
    for seat in (Seat.SOUTH, Seat.EAST, None):
        view = view_for(game, seat)
        if seat is not None:
            assert view.hand == game.hand(seat)
            assert view.discards == game.discards(seat)
            drawing_now = game.phase is Phase.DRAWING and game.to_act == seat
            assert view.looking_at == (game.looking_at() if drawing_now else None)
            own = CardSet.of(t.discarded for t in view.draws)
            assert own == view.discards or game.phase is Phase.COMPLETE
            mine = game.to_act == seat
            assert view.legal_actions == (game.legal_actions() if mine else ())
        check_previous_last_trick(game, view)
        text = json.dumps(searchable_view(view), ensure_ascii=False)
        for card in secrets_of(game, seat):
            assert f'"{card.pbn}"' not in text, (seat, card)
            assert str(card) not in text, (seat, card)
        assert str(game.seed) not in text
        keys = all_keys(view.to_dict())
        assert not {k for k in keys if "seed" in k or ("stock" in k and k != "stock_remaining")}
        if game.phase is Phase.DRAWING:
            stock = list(game.stock_for_hand(game.hand_number))
            assert json.dumps(stock) not in text and json.dumps(stock[1:]) not in text


def check_refusals(game: Game) -> None:
    """Every action outside legal_actions() is refused, and a refusal changes nothing."""
    legal = set(game.legal_actions())
    before_actions, before_phase = game.actions, game.phase
    for action in EVERY_ACTION:
        if action in legal:
            assert game.is_legal(action)
            continue
        try:
            game.apply(action)
        except IllegalActionError as error:
            assert error.code in {
                "wrong_phase",
                "unknown_action",
                "card_not_in_hand",
                "must_follow_suit",
                "bid_too_low",
                "cannot_double",
                "cannot_redouble",
                "game_over",
            }
        else:
            raise AssertionError(f"action {action} was applied but is not legal")
        assert game.actions == before_actions and game.phase is before_phase
    wrong_seat = Seat.EAST if game.to_act is Seat.SOUTH else Seat.SOUTH
    if not game.is_over:
        for action in legal:
            assert not game.is_legal(action, wrong_seat)


def check_sheet(sheet: ScoreSheet) -> None:
    for seat in (0, 1):
        assert sheet.total(seat) == sheet.above(seat) + sheet.below(seat)
        assert sheet.vulnerable(seat) == (sheet.games[seat] >= 1)
        assert 0 <= sheet.progress[seat] < GAME_POINTS
        current = sum(
            e.points
            for e in sheet.entries
            if e.seat == seat and e.line is Line.BELOW and e.game == sheet.current_game
        )
        assert sheet.progress[seat] == (0 if sheet.is_complete else current)
        assert sheet.games[seat] == sheet.game_winners.count(seat)
    assert sheet.is_complete == (max(sheet.games) == 2)
    assert max(sheet.games) <= 2 and len(sheet.game_winners) == sum(sheet.games)
    rubber = [e for e in sheet.entries if e.reason == "rubber"]
    if sheet.is_complete:
        winner = sheet.rubber_winner
        assert winner is not None and sheet.games[winner] == 2
        bonus = (
            RUBBER_BONUS_TWO_GAMES_TO_NIL
            if sheet.games[1 - winner] == 0
            else RUBBER_BONUS_TWO_GAMES_TO_ONE
        )
        assert [(e.seat, e.points) for e in rubber] == [(winner, bonus)]
    else:
        assert rubber == [] and sheet.rubber_winner is None


@settings(max_examples=12, deadline=None)
@given(seed=SEEDS, choices=CHOICES, dealer=DEALERS, pass_chance=st.sampled_from([0.3, 0.7]))
def test_random_games_keep_every_invariant(
    seed: int, choices: int, dealer: Seat, pass_chance: float
) -> None:
    game = Game(seed=seed, first_dealer=dealer)
    rng = random.Random(choices)
    for step in range(200):
        if game.is_over:
            break
        check_locations(game)
        check_counts(game)
        check_views(game)
        check_refusals(game)
        if step % 25 == 0:
            before = snapshot(game)
            check_refusals(game)
            assert snapshot(game) == before
        phase, hand_number = game.phase, game.hand_number
        action = random_action(game, rng, pass_chance)
        assert action in game.legal_actions()
        game.apply(action, game.to_act)
        if phase is Phase.DRAWING and game.phase is Phase.AUCTION:
            assert [len(game.hand(s)) for s in Seat] == [13, 13]
            assert len(game.discards(Seat.SOUTH) | game.discards(Seat.EAST)) == 26
            assert game.stock_remaining == 0
        if game.hand_number != hand_number or game.is_over:
            check_sheet(game.score_sheet)


@settings(max_examples=30, deadline=None)
@given(seed=SEEDS, choices=CHOICES, pass_chance=st.sampled_from([0.2, 0.5, 0.8]))
def test_whole_rubbers_end_exactly_at_two_games(
    seed: int, choices: int, pass_chance: float
) -> None:
    game = Game(seed=seed)
    rng = random.Random(choices)
    hands = 0
    while not game.is_over:
        number = game.hand_number
        while not game.is_over and game.hand_number == number:
            game.apply(random_action(game, rng, pass_chance))
        hands += 1
        sheet = game.score_sheet
        check_sheet(sheet)
        assert game.is_over == sheet.is_complete
        result = game.history[-1].result
        if result.passed_out:
            assert result.score is None
        else:
            assert result.contract is not None and result.declarer is not None
            assert result.declarer_tricks is not None
            assert 0 <= result.declarer_tricks <= 13
    assert len(game.history) == hands
    # the dealer alternates through every hand, passed-out ones included
    assert all(a.dealer != b.dealer for a, b in zip(game.history, game.history[1:], strict=False))
    # replaying the recorded actions on a new game with the same seed gives the same rubber
    replay = Game(seed=game.seed, first_dealer=game.first_dealer)
    for history in game.history:
        for action in history.actions:
            replay.apply(action)
    assert replay.is_over and replay.score_sheet == game.score_sheet


@settings(max_examples=40, deadline=None)
@given(
    hands=st.lists(
        st.tuples(
            st.integers(0, 1),
            st.integers(1, 7),
            st.integers(0, 4),
            st.integers(0, 2),
            st.integers(0, 13),
        ),
        min_size=1,
        max_size=30,
    )
)
def test_score_sheet_invariants(hands: list[tuple[int, int, int, int, int]]) -> None:
    sheet = ScoreSheet()
    for number, (declarer, level, strain, doubling, tricks) in enumerate(hands):
        if sheet.is_complete:
            break
        contract = Contract(level, strain, doubling)
        score = score_contract(contract, tricks, sheet.vulnerable(declarer))
        if tricks >= contract.tricks_needed:
            assert score.defender_above == 0 and score.declarer_below > 0
        else:
            assert score.declarer_below == score.declarer_above == 0 and score.defender_above > 0
        new = sheet.add_hand(number, declarer, score)
        gained = new.totals[declarer] - sheet.totals[declarer]
        added = new.entries[len(sheet.entries) :]
        rubber_bonus = sum(e.points for e in added if e.reason == "rubber")
        assert gained == score.declarer_below + score.declarer_above + rubber_bonus
        assert new.totals[1 - declarer] - sheet.totals[1 - declarer] == score.defender_above
        check_sheet(new)
        sheet = new


def test_a_random_rubber_is_not_trivially_short() -> None:
    # guards the property tests above against a policy that never reaches the play
    game = Game(seed=10**12)
    count = play_randomly(game, random.Random(0))
    assert count > 100 and any(not h.result.passed_out for h in game.history)
