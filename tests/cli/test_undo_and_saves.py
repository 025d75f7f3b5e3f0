"""Undo never lets the player decide again knowing a card the first decision showed; the
saved game says whether undo and hints were used, and keeps the stock out of sight."""

from __future__ import annotations

import datetime
import io
import json
import random
import sys
from pathlib import Path

import pytest

from honeymoon import records
from honeymoon.actions import KEEP, PASS, REJECT
from honeymoon.bots import RandomBot
from honeymoon.cards import Card
from honeymoon.cli import main
from honeymoon.cli.session import Table, open_record
from honeymoon.engines import new_game
from honeymoon.game import Game, Phase
from honeymoon.rules import find_variant
from honeymoon.seats import Seat


def _table(seed: str, variant: str = "draw-discard", **options: bool) -> Table:
    game = new_game(find_variant(variant), seed=seed, first_dealer=Seat.EAST)
    return Table(game, Seat.SOUTH, RandomBot(3), **options)


def _computer_moves(table: Table) -> None:
    while table.computer_to_act:
        table.computer_move()


@pytest.mark.parametrize("variant", ["draw-discard", "draw-discard-no-discard"])
@pytest.mark.parametrize("choice", [KEEP, REJECT], ids=["keep", "reject"])
def test_no_undo_past_a_card_seen_while_drawing(variant: str, choice: int) -> None:
    for seed in range(6):
        table = _table(f"drawing-{seed}", variant)
        _computer_moves(table)
        table.play(choice)
        _computer_moves(table)
        view = table.view()
        answer = table.undo()
        if answer.startswith("You take back"):
            # Only when nothing was shown since: in the variant where keeping ends the
            # turn, a keep with the computer still to draw.
            assert view.phase is Phase.DRAWING and not view.my_turn, answer
        else:
            assert answer.startswith("Undo stops here: you have seen ")
            assert table.view() == view and not table.can_undo


def test_undoing_and_choosing_again_never_shows_a_card_the_first_choice_showed() -> None:
    # The look-ahead of the issue: reject, undo, reject again to see the same next card.
    for seed in range(8):
        table = _table(f"peek-{seed}")
        _computer_moves(table)
        table.play(REJECT)
        seen = table.view().draws[-1].kept
        table.undo()
        assert table.view().draws[-1].kept == seen, "the reject was taken back"


def test_no_undo_past_the_computers_reply_in_the_tricks() -> None:
    table = _table("tricks")
    rng = random.Random(1)
    while table.view().phase is not Phase.PLAY:
        if table.computer_to_act:
            table.computer_move()
            continue
        view = table.view()
        table.play(PASS if view.phase is Phase.AUCTION and view.contract else view.legal_actions[0])
        assert not table.is_over, "the seed reaches the play"
    refused = 0
    while table.view().phase is Phase.PLAY:
        if table.computer_to_act:
            table.computer_move()
            continue
        before = table.view()
        table.play(rng.choice(before.legal_actions))
        _computer_moves(table)
        after = table.view()
        if after.hand_number != before.hand_number:
            assert table.undo() == f"Undo stops here: the hand of your {_last_card(table)} is over."
            break
        shown = {c.id for t in (*after.tricks, after.current_trick) if t for c in t.cards}
        earlier = {c.id for t in (*before.tricks, before.current_trick) if t for c in t.cards}
        answer = table.undo()
        if shown - earlier - {c.id for c in before.hand}:
            assert answer.startswith("Undo stops here"), answer
            refused += 1
        else:
            assert answer.startswith("You take back your "), answer
            assert table.view() == before
            table.play(rng.choice(before.legal_actions))
            _computer_moves(table)
    assert refused > 0


def _last_card(table: Table) -> str:
    last = table.last_trick
    assert last is not None
    played = last.cards[0] if last.leader == table.human else last.cards[1]
    return str(played)


def test_a_save_keeps_the_stock_out_of_sight_and_resumes_exactly(tmp_path: Path) -> None:
    table = _table("sealed")
    rng = random.Random(4)
    for _ in range(9):
        _computer_moves(table)
        table.play(rng.choice(table.view().legal_actions))
    _computer_moves(table)
    path = table.save(tmp_path / "save.json")
    text = path.read_text(encoding="utf-8")
    data = json.loads(text)
    assert "seed" not in data
    assert all("stock" not in hand for hand in data["hands"])
    # No card the player has not seen is written out in the open: the stock is sealed.
    unseen = [c for c in table._game.stock_for_hand(0) if Card.from_id(c) not in _seen(table)]
    open_part = json.dumps({k: v for k, v in data.items() if k != "sealed"})
    for card_id in unseen:
        assert f'"{Card.from_id(card_id).pbn}"' not in open_part
    assert '"keep"' not in open_part and '"reject"' not in open_part
    # The records reader reads the open part as a player-safe copy ...
    assert not records.loads(text).is_replayable
    # ... and resuming opens the seal: the same game, exactly.
    resumed, _ = Table.resume(path, level="easy")
    assert resumed.view() == table.view()
    assert records.loads(open_record(text)).is_replayable


def _seen(table: Table) -> set[Card]:
    from honeymoon.cli.session import cards_seen

    return {Card.from_id(c) for c in cards_seen(table.view())}


def test_the_record_notes_undo_and_hints_and_resuming_keeps_the_count(tmp_path: Path) -> None:
    table = _table("noted", adviser=lambda: RandomBot(9))
    _computer_moves(table)
    assert table.hint()[0].startswith("Hint (")
    table.play(KEEP)
    _computer_moves(table)
    while table.view().phase is Phase.DRAWING:
        table.play(KEEP)
        _computer_moves(table)
    bidding = table.view()
    table.play(PASS)
    assert table.undo() == "You take back your Pass."
    assert table.view() == bidding
    path = table.save(tmp_path / "noted.json")
    note = json.loads(path.read_text(encoding="utf-8"))["assistance"]
    assert note == {"undo": True, "undos": 1, "hints": 1}
    assert json.loads(table.record_text())["assistance"] == note
    resumed, _ = Table.resume(path, level="easy")
    assert resumed.assistance == note


def test_no_undo_from_the_command_line_stays_off_when_resumed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "strict.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO("k\nundo\nsave\n"))
    argv = ["play", "--plain", "--no-undo", "--seed", "5", "--level", "easy"]
    assert main([*argv, "--record", str(record)]) == 0
    out = capsys.readouterr().out
    assert "Undo is off in this game" in out and "You take back" not in out
    assert json.loads(record.read_text(encoding="utf-8"))["assistance"]["undo"] is False
    monkeypatch.setattr(sys, "stdin", io.StringIO("k\nu\n"))
    assert main(["play", "--plain", "--resume", str(record), "--no-record"]) == 0
    assert "Undo is off in this game" in capsys.readouterr().out
    assert main(["replay", str(record)]) == 0, "replay opens a saved game's seal"
    assert "Every action of 1 hand(s) replayed and valid." in capsys.readouterr().out


@pytest.mark.parametrize("variant", ["draw-discard", "double-dummy"])
def test_a_resumed_game_keeps_its_opponent_unless_a_level_is_given(
    variant: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    record = tmp_path / "medium.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO("save\n"))
    argv = ["play", "--plain", "--variant", variant, "--seed", "5", "--level", "medium"]
    assert main([*argv, "--record", str(record)]) == 0
    assert "the computer (club) is" in capsys.readouterr().out
    players = json.loads(open_record(record.read_text(encoding="utf-8")))["players"]
    assert "computer (club)" in players.values()
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play", "--plain", "--resume", str(record), "--no-record"]) == 0
    assert "the computer (club) is" in capsys.readouterr().out
    resumed = ["play", "--plain", "--resume", str(record), "--no-record", "--level", "easy"]
    assert main(resumed) == 0
    assert "the computer (novice) is" in capsys.readouterr().out


def test_a_saved_game_knows_the_day_it_began_and_keeps_it_when_resumed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = tmp_path / "dated.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO("save\n"))
    argv = ["play", "--plain", "--seed", "5", "--level", "easy", "--record", str(record)]
    assert main(argv) == 0
    today = datetime.date.today().isoformat()
    assert json.loads(open_record(record.read_text(encoding="utf-8")))["date"] == today
    # A game begun on another day keeps that day through a save and a resume.
    table = _table("dated")
    table.date = "2025-02-03"
    _computer_moves(table)
    table.play(KEEP)
    resumed, _ = Table.resume(table.save(tmp_path / "old.json"))
    assert resumed.date == "2025-02-03"
    assert json.loads(resumed.record_text())["date"] == "2025-02-03"


@pytest.mark.parametrize("variant", ["draw-discard", "double-dummy"])
def test_the_help_says_a_call_taken_back_has_shown_its_answer(
    variant: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("help\n"))
    argv = ["play", "--plain", "--variant", variant, "--seed", "5", "--level", "easy"]
    assert main([*argv, "--no-record"]) == 0
    help_text = " ".join(capsys.readouterr().out.split())
    assert "a call taken back has shown you the" in help_text


def test_a_rubber_that_counts_has_no_undo_and_a_practice_rubber_has_it_and_is_not_counted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["play", "--plain", "--seed", "5", "--level", "easy"]
    counted, practice = tmp_path / "counted.json", tmp_path / "practice.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO("k\nundo\nsave\n"))
    assert main([*argv, "--record", str(counted)]) == 0
    out = capsys.readouterr().out
    assert "Undo is off in this game: it counts in honeymoon stats" in out
    assert "You take back" not in out
    monkeypatch.setattr(sys, "stdin", io.StringIO("k\nu\nsave\n"))
    assert main([*argv, "--practice", "--record", str(practice)]) == 0
    # Undo is allowed (here it stops at the card the keep showed).
    out = capsys.readouterr().out
    assert "Undo is off" not in out and ("Undo stops here" in out or "You take back" in out)
    note = json.loads(practice.read_text(encoding="utf-8"))["assistance"]
    assert note["practice"] is True and note["undo"] is True
    # Resumed, the practice rubber stays one, with undo.
    resumed, _ = Table.resume(practice)
    assert resumed.practice and resumed.allow_undo
    # --undo asks for undo in a rubber that counts; --no-undo turns it off in practice.
    monkeypatch.setattr(sys, "stdin", io.StringIO("k\nundo\n"))
    assert main([*argv, "--undo", "--no-record"]) == 0
    assert "Undo is off" not in capsys.readouterr().out
    monkeypatch.setattr(sys, "stdin", io.StringIO("k\nundo\n"))
    assert main([*argv, "--practice", "--no-undo", "--no-record"]) == 0
    assert "Undo is off in this game." in capsys.readouterr().out


def test_stats_leaves_practice_rubbers_out_of_the_counts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from honeymoon.bots import make_bot
    from honeymoon.views import view_for

    for name, practice in (("counted.json", False), ("practice.json", True)):
        game = Game(seed=7)
        bots = [make_bot("easy", seed="7:0"), make_bot("easy", seed="7:1")]
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            game.apply(bots[seat].act(view_for(game, seat)))
        table = Table(game, Seat.SOUTH, make_bot("medium", seed=1))
        table.practice = practice
        table.save(tmp_path / name)
    assert main(["stats", "--json", str(tmp_path)]) == 0
    (row,) = json.loads(capsys.readouterr().out)["rubbers"]
    assert row["rubbers"] == 1
    assert main(["stats", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("1 finished rubber and 0 unfinished games")
    assert "(1 practice rubber not counted.)" in out
