"""The ``honeymoon score`` calculator."""

from __future__ import annotations

import json

import pytest

from honeymoon.cli import main


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["4SX", "7"], (0, 0, 500)),
        (["3NT", "10"], (100, 30, 0)),
        (["3nt", "10", "--vulnerable"], (100, 30, 0)),
        (["6HXX", "13", "--vulnerable"], (720, 400 + 100 + 750, 0)),
        (["7C", "13"], (140, 1000, 0)),
        (["2DX", "10", "--vulnerable"], (80, 400 + 50, 0)),
        (["1NT", "0", "--vulnerable"], (0, 0, 700)),
    ],
)
def test_json_output(
    argv: list[str], expected: tuple[int, int, int], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["score", *argv, "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert (
        result["declarer_below"],
        result["declarer_above"],
        result["defender_above"],
    ) == expected
    assert all(
        isinstance(result[key], int)
        for key in ("declarer_below", "declarer_above", "defender_above")
    )


def test_text_output_names_each_figure(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "4SX", "7"]) == 0
    out = capsys.readouterr().out
    assert "defender above: 500" in out
    assert "declarer below: 0" in out


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["8S", "7"], "level 8"),
        (["4Q", "7"], "'Q' is not a strain"),
        (["4SXXX", "7"], "at most XX"),
        (["4S", "14"], "0 to 13"),
        (["4S", "-1"], "0 to 13"),
        (["4S", "seven"], "'seven'"),
        (["", "7"], "not a contract"),
    ],
)
def test_bad_input_exits_2_with_a_clear_message(
    argv: list[str], fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["score", *argv]) == 2
    captured = capsys.readouterr()
    assert fragment in captured.err
    assert captured.out == ""
