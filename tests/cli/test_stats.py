"""``honeymoon stats``: finished rubbers per level and variant, unfinished games to resume,
unreadable files named; every figure read from the saved records' own score sheets."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from honeymoon.bots import make_bot
from honeymoon.cli import main
from honeymoon.cli.session import Table
from honeymoon.engines import new_game
from honeymoon.game import Game
from honeymoon.rules import find_variant
from honeymoon.seats import Seat
from honeymoon.views import view_for


def _played(seed: int, rules_name: str = "draw-discard", *, hands: int | None = None) -> Game:
    game = new_game(find_variant(rules_name), seed=seed)
    bots = [make_bot("easy", seed=f"{seed}:0"), make_bot("easy", seed=f"{seed}:1")]
    while not game.is_over and (hands is None or len(game.history) < hands):
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].act(view_for(game, seat)))
    return game


def _save(folder: Path, name: str, game: Game, you: Seat, level: str) -> Table:
    table = Table(game, you, make_bot(level, seed=1))
    table.save(folder / name)
    return table


def test_finished_rubbers_are_counted_from_their_score_sheets(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games = {
        "a.json": (_played(1), Seat.SOUTH, "medium"),
        "b.json": (_played(2), Seat.EAST, "medium"),
        "c.json": (_played(3, "memory"), Seat.SOUTH, "hard"),
    }
    for name, (game, you, level) in games.items():
        _save(tmp_path, name, game, you, level)
    assert main(["stats", "--json", str(tmp_path)]) == 0
    report = json.loads(capsys.readouterr().out)
    rows = {(row["level"], row["variant"]): row for row in report["rubbers"]}
    assert set(rows) == {("medium", "draw-discard"), ("hard", "memory")}
    medium = rows["medium", "draw-discard"]
    expected_won = sum(
        1
        for game, you, level in games.values()
        if level == "medium" and game.score_sheet.rubber_winner == you
    )
    expected_net = sum(
        game.score_sheet.totals[you] - game.score_sheet.totals[you.other]
        for game, you, level in games.values()
        if level == "medium"
    )
    assert medium["rubbers"] == 2
    assert medium["won"] == expected_won and medium["lost"] == 2 - expected_won
    assert medium["net_points"] == expected_net
    assert report["unfinished"] == [] and report["unreadable"] == []


def test_unfinished_games_are_listed_to_resume_and_bad_files_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    unfinished = _played(4, hands=2)
    assert not unfinished.is_over
    _save(tmp_path, "open.json", unfinished, Seat.SOUTH, "easy")
    (tmp_path / "broken.json").write_text("{not json", encoding="utf-8")
    (tmp_path / ".open.json.123.tmp").write_text("partial", encoding="utf-8")
    assert main(["stats", "--games", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Unfinished" in out and "open.json" in out
    assert f"honeymoon play --resume {tmp_path / 'open.json'}" in out
    assert "2 hands played" in out and "against easy" in out
    assert "broken.json" in out and "Left out (1 file)" in out
    assert ".tmp" not in out
    # The unfinished save is sealed: the statistics never print a card of its stock.
    game_json = main(["stats", "--json", "--games", str(tmp_path)])
    report = json.loads(capsys.readouterr().out)
    assert game_json == 0
    assert [Path(g["path"]).name for g in report["unfinished"]] == ["open.json"]
    assert report["unfinished"][0]["hands"] == 2
    assert report["rubbers"] == []


def test_undo_and_hints_are_counted_as_assisted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table = Table(_played(5), Seat.SOUTH, make_bot("medium", seed=1))
    table.undos_used = 1
    table.save(tmp_path / "helped.json")
    assert main(["stats", "--json", str(tmp_path)]) == 0
    (row,) = json.loads(capsys.readouterr().out)["rubbers"]
    assert row["assisted"] == 1


def test_nothing_saved_yet_is_not_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["stats", "--games", str(tmp_path)]) == 0
    assert "No games against the computer in" in capsys.readouterr().out


def test_a_finished_rubber_is_not_counted_as_a_saved_game_to_resume(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _save(tmp_path, "done.json", _played(1), Seat.SOUTH, "medium")
    assert main(["stats", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("1 finished rubber and 0 unfinished games against the computer in ")
    assert "saved game" not in out


def test_a_missing_path_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["stats", str(tmp_path / "nowhere.json")]) == 2
    err = capsys.readouterr().err
    assert "no such file or folder" in err and "nowhere.json" in err
