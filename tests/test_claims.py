"""Claims judged by the solver: the verdict agrees with best play by both, a good claim is the
one that wins every trick, and a claim outside the play is refused with a code."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from invariants import action_strategy

from honeymoon.claims import ClaimError, best_line, judge_claim, line_tricks
from honeymoon.game import Game, Phase
from honeymoon.seats import SEATS


def _to_play(game: Game, data: st.DataObject, cards: int) -> None:
    # Random legal actions (drawn through hypothesis, so a failure shrinks) until the play
    # has ``cards`` cards in it.
    while game.phase is not Phase.PLAY:
        game.apply(data.draw(action_strategy(game)))
    hand = game.hand_number
    for _ in range(cards):
        game.apply(data.draw(action_strategy(game)))
        if game.hand_number != hand or game.phase is not Phase.PLAY:
            break


def _tricks_in_line(game: Game, claimant: int) -> int:
    play = game.clone()
    before = play.tricks_won[claimant]
    for card in best_line(game):
        play.apply(card.id)
    # The hand is over: its tricks are in the history.
    return play.history[-1].log.tricks_won(claimant) - before


LONG = [HealthCheck.too_slow, HealthCheck.large_base_example, HealthCheck.data_too_large]


@settings(max_examples=40, deadline=None, suppress_health_check=LONG)
@given(seed=st.integers(0, 10_000), cards=st.integers(0, 25), data=st.data())
def test_the_verdict_is_what_best_play_gives(seed: int, cards: int, data: st.DataObject) -> None:
    game = Game(seed=seed)
    _to_play(game, data, cards)
    if game.phase is not Phase.PLAY:
        return
    before = game.actions
    remaining = 13 - len(game.completed_tricks)
    verdicts = [judge_claim(game, seat) for seat in SEATS]
    assert game.actions == before  # judging changes nothing
    for seat, verdict in zip(SEATS, verdicts, strict=True):
        assert verdict.remaining == remaining
        assert verdict.guaranteed == _tricks_in_line(game, seat)
        assert verdict.accepted == (verdict.guaranteed == remaining)
    # The two sides' best results share the remaining tricks.
    assert verdicts[0].guaranteed + verdicts[1].guaranteed == remaining
    # The line's tricks are the ones the engine records playing it, the trick in progress
    # with the cards already on the table, and the game is not changed.
    play = game.clone()
    for card in verdicts[0].line:
        play.apply(card.id)
    tricks = line_tricks(game, verdicts[0].line)
    assert game.actions == before
    assert tricks == play.history[-1].log.tricks[13 - remaining :]


@settings(max_examples=20, deadline=None, suppress_health_check=LONG)
@given(seed=st.integers(0, 10_000), data=st.data())
def test_at_the_last_trick_exactly_one_claim_is_good(seed: int, data: st.DataObject) -> None:
    game = Game(seed=seed)
    _to_play(game, data, 24)
    if game.phase is not Phase.PLAY or len(game.completed_tricks) != 12:
        return
    accepted = [judge_claim(game, seat).accepted for seat in SEATS]
    assert sorted(accepted) == [False, True]


def test_a_claim_outside_the_play_is_refused_with_a_code() -> None:
    game = Game(seed=1)
    assert game.phase is Phase.DRAWING
    with pytest.raises(ClaimError) as caught:
        judge_claim(game, game.to_act or 0)
    assert caught.value.code == "cannot_claim"
    assert "play of a hand" in str(caught.value)
