"""``honeymoon replay FILE``: output, JSON output, PBN export and exit statuses."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from honeymoon.cli import main
from honeymoon.cli.replay import result_line
from honeymoon.records import loads

DATA = Path(__file__).resolve().parent.parent / "data"


def test_a_complete_record(capsys: pytest.CaptureFixture[str]) -> None:
    record = loads((DATA / "record_complete.json").read_text(encoding="utf-8"))
    assert main(["replay", str(DATA / "record_complete.json")]) == 0
    out = capsys.readouterr().out
    assert "South (Ann) against East (Bob)" in out
    assert f"Every action of {len(record.hands)} hand(s) replayed and valid." in out
    for result in record.results:
        assert result_line(result) in out
    sheet = record.score_sheet
    assert f"Total{sheet.totals[0]:>19}{sheet.totals[1]:>8}" in out
    assert f"Above the line{sheet.above(0):>10}{sheet.above(1):>8}" in out
    assert "Rubber won by South (Ann), 2 games to 0." in out
    assert "On points: South (Ann) wins by" in out


def test_json_output(capsys: pytest.CaptureFixture[str]) -> None:
    record = loads((DATA / "record_complete.json").read_text(encoding="utf-8"))
    assert main(["replay", str(DATA / "record_complete.json"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["replayed"] is True and data["complete"] is True
    assert data["players"] == {"south": "Ann", "east": "Bob"}
    assert len(data["hands"]) == len(record.hands)
    assert data["hands"][0]["summary"] == result_line(record.results[0])
    sheet = record.score_sheet
    assert data["score"]["totals"] == list(sheet.totals)
    assert data["score"]["rubber_winner"] == "south"
    assert data["score"]["points_winner"] == ("south" if sheet.points_winner == 0 else "east")


def test_an_unfinished_record(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(DATA / "record_unfinished.json")]) == 0
    out = capsys.readouterr().out
    assert "Hand 3: in progress after" in out
    assert "The rubber is not over (2 hand(s) finished)." in out
    assert "Rubber won" not in out


def test_a_player_safe_copy(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(DATA / "record_unfinished_player_copy.json")]) == 0
    assert "cannot be replayed" in capsys.readouterr().out


def test_pbn_export(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "rubber.pbn"
    assert main(["replay", str(DATA / "record_complete.json"), "--pbn", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert text.startswith("% PBN 2.1\n")
    assert text.count("[Board ") == len(loads((DATA / "record_complete.json").read_bytes()).hands)
    assert "Rubber won" in capsys.readouterr().out
    assert main(["replay", str(DATA / "record_complete.json"), "--pbn", "-"]) == 0
    assert capsys.readouterr().out == text


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("bad_syntax.json", "not valid JSON: "),
        ("bad_missing_field.json", "the record has no 'first_dealer' field"),
        ("bad_illegal_action.json", "hand 2, action 32: ♣J is not in your hand"),
        ("bad_result_mismatch.json", "hand 1: the recorded result does not match"),
    ],
)
def test_bad_records_exit_with_status_2(
    name: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(DATA / name)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("honeymoon replay: ")
    assert message in captured.err
    assert "Traceback" not in captured.err


def test_a_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path / "none.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_a_pbn_file_that_cannot_be_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "rubber.json"
    shutil.copy(DATA / "record_complete.json", record)
    assert main(["replay", str(record), "--pbn", str(tmp_path / "no" / "such" / "x.pbn")]) == 2
    assert "cannot write" in capsys.readouterr().err
