"""The terminal's narration, built from the engine's events: it names no card the player has
not seen, in every variant and option, and tells who won each trick as the engine decided."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from honeymoon.bots import RandomBot
from honeymoon.cli.session import Table
from honeymoon.engines import new_game
from honeymoon.events import HandOver, TrickWon
from honeymoon.game import Game, Phase
from honeymoon.rules import VARIANTS
from honeymoon.seats import Seat
from honeymoon.views import TrickView


@settings(max_examples=25, deadline=None)
@given(st.data())
def test_the_narration_names_no_card_the_player_has_not_seen(data: st.DataObject) -> None:
    rules = VARIANTS[data.draw(st.sampled_from(sorted(VARIANTS)), label="variant")]
    for option in rules.option_names:
        if isinstance(getattr(rules, option), bool) and data.draw(st.booleans(), label=option):
            rules = rules.with_options(**{option: not getattr(rules, option)})
    human = data.draw(st.sampled_from([Seat.SOUTH, Seat.EAST]), label="seat")
    game = new_game(rules, seed=data.draw(st.integers(0, 10**6), label="seed"))
    table = Table(game, human, RandomBot(data.draw(st.integers(0, 99))), allow_undo=False)
    other = human.other
    shown_face_up: set[str] = set()
    for _ in range(data.draw(st.integers(1, 150), label="actions")):
        if table.is_over:
            break
        view = table.view()
        if view.face_up is not None:
            shown_face_up.add(str(view.face_up))
        hand_number = view.hand_number
        if view.phase is Phase.PLAY and data.draw(st.integers(0, 9), label="claim") == 0:
            lines = table.claim()  # refused: a count; accepted: the hand played out
        elif table.computer_to_act:
            lines = table.computer_move()
        else:
            lines = table.play(data.draw(st.sampled_from(view.legal_actions), label="action"))
        text = "\n".join(lines)
        # What the opponent holds, discarded or drew in this hand stays unseen (a card that lay
        # face up before the winner took it excepted); after the hand ends, a new one is dealt.
        if table.view().hand_number == hand_number and not table.is_over:
            secret = _secrets(game, other) - shown_face_up
            for card in secret:
                assert card not in text, (card, lines)
        else:
            shown_face_up.clear()
        last = table.last_trick
        for line in lines:
            if line.endswith("the trick.") or " wins the trick" in line:
                # The winner named is the engine's.
                assert last is not None and last.winner is not None
                winner = "You" if last.winner == human else last.winner.label
                assert line.startswith(winner), (line, last)


def _secrets(game: Game, seat: Seat) -> set[str]:
    """The cards of ``seat`` the other player may not see: its hand (with what it drew and has
    not played) and its discards (the table plays on ``game`` itself)."""
    cards = set(game.hand(seat)) | set(game.discards(seat))
    return {str(card) for card in cards}


def test_the_draw_bridge_narration_tells_the_face_up_card_the_winner_takes() -> None:
    rules = VARIANTS["draw"].with_options(face_up_stock=True)
    game = new_game(rules, seed=4, first_dealer=Seat.SOUTH)
    table = Table(game, Seat.SOUTH, RandomBot(1), allow_undo=False)
    said: list[str] = []
    while table.view().phase is Phase.PRELIMINARY:
        face_up = table.view().face_up
        if table.computer_to_act:
            lines = table.computer_move()
        else:
            lines = table.play(table.view().legal_actions[0])
        said += lines
        if any(line.startswith("East wins the trick") for line in lines):
            assert f"East wins the trick and draws the face-up {face_up}." in lines
    assert any("draws the face-up" in line for line in said)


def test_the_table_keeps_the_events_of_the_last_action() -> None:
    game = Game(VARIANTS["memory"], seed=2, first_dealer=Seat.SOUTH)
    table = Table(game, Seat.EAST, RandomBot(3), allow_undo=False)
    assert table.last_events == ()
    while not table.is_over and table.view().hand_number == 0:
        if table.computer_to_act:
            lines = table.computer_move()
        else:
            lines = table.play(table.view().legal_actions[0])
        said = table.last_events
        assert said and said[0].seat in (Seat.SOUTH, Seat.EAST)  # type: ignore[union-attr]
        # A hand's end is in the events exactly when its result line is in the narration.
        ended = any(isinstance(event, HandOver) for event in said)
        assert ended == any(line.startswith("Hand 1:") for line in lines)
        won = [event for event in said if isinstance(event, TrickWon)]
        assert [table.last_trick] == [
            TrickView(Seat(e.trick.leader), e.trick.cards, e.seat) for e in won
        ] or not won
