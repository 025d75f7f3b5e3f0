"""Claims at the four-hand table, judged with the four hands by DDS: checked against an
exhaustive search of the last tricks (every card of every hand tried), in every variant."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from honeymoon.actions import PASS
from honeymoon.claims import ClaimError, judge_claim, line_tricks
from honeymoon.engines import new_game
from honeymoon.game import Phase
from honeymoon.rules import TABLE_VARIANTS
from honeymoon.seats import Seat
from honeymoon.table import TableGame


def _exhaustive(game: TableGame, side: Seat) -> int:
    """The tricks ``side`` takes from now (the trick in progress included) with best play by
    both, every legal card of every hand tried."""
    if game.phase is not Phase.PLAY:
        return 0
    number, before = game.hand_number, game.tricks_won[int(side)]
    outcomes = []
    for action in game.legal_actions():
        child = game.clone()
        child.apply(action)
        if child.hand_number != number or child.is_over:
            # The hand is over: what the side won in it, from the history.
            outcomes.append(child.history[number].log.tricks_won(side) - before)
            continue
        outcomes.append(child.tricks_won[int(side)] - before + _exhaustive(child, side))
    return max(outcomes) if game.to_act == side else min(outcomes)


def _late_in_the_play(game: TableGame, data: st.DataObject, tricks_left: int) -> None:
    """Drawn actions (one bid, then passes) until ``tricks_left`` tricks remain, and maybe a
    card or two of the next trick."""
    while not (game.phase is Phase.PLAY and 13 - len(game.completed_tricks) <= tricks_left):
        legal = game.legal_actions()
        if game.phase is Phase.AUCTION:
            action = PASS if game.contract is not None else data.draw(st.sampled_from(legal[1:]))
        else:
            action = data.draw(st.sampled_from(legal))
        game.apply(action)
    for _ in range(data.draw(st.integers(0, 2), label="cards of the trick")):
        if game.phase is Phase.PLAY and len(game.completed_tricks) < 12:
            game.apply(data.draw(st.sampled_from(game.legal_actions())))


@settings(max_examples=30, deadline=None)
@given(st.data())
def test_a_table_claim_is_judged_as_an_exhaustive_search_of_the_last_tricks(
    data: st.DataObject,
) -> None:
    name = data.draw(st.sampled_from(["double-dummy", "single-dummy", "widow"]), label="variant")
    game = new_game(TABLE_VARIANTS[name], seed=data.draw(st.integers(0, 999), label="seed"))
    assert isinstance(game, TableGame)
    _late_in_the_play(game, data, tricks_left=data.draw(st.integers(1, 3), label="tricks left"))
    if game.phase is not Phase.PLAY:
        return  # the hand ended on the cards drawn
    claimant = data.draw(st.sampled_from(list(Seat)), label="claimant")
    verdict = judge_claim(game, claimant)
    assert verdict.remaining == 13 - len(game.completed_tricks)
    assert verdict.guaranteed == _exhaustive(game, claimant)
    # The line is best play by both: played out, it gives the claimant what was found.
    played = game.clone()
    number, before = played.hand_number, played.hand_log().tricks_won(claimant)
    for card in verdict.line:
        played.apply(card.action)
    after = played.history[number].log.tricks_won(claimant)
    assert after - before == verdict.guaranteed
    # The line's tricks are the ones the engine recorded playing it: leaders, hands, winners.
    first = len(game.completed_tricks)
    assert line_tricks(game, verdict.line) == played.history[number].log.tricks[first:]


def test_a_claim_waits_while_a_semi_exposed_dummy_has_face_down_cards() -> None:
    game = new_game(TABLE_VARIANTS["semi-exposed"], seed=2)
    assert isinstance(game, TableGame)
    while game.phase is not Phase.PLAY:
        legal = game.legal_actions()
        game.apply(PASS if game.contract is not None else legal[-1])
    with pytest.raises(ClaimError) as refused:
        judge_claim(game, Seat.SOUTH)
    assert refused.value.code == "cannot_claim" and "face-down" in refused.value.message
