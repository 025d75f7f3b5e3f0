"""``honeymoon solve`` prints the trick count and each card's value; bad input exits with 2."""

from __future__ import annotations

import json

import pytest

from honeymoon.cli import main

FIRST = "♠AK ♥AKQ"
SECOND = "♠QJ ♦AKQ"


def test_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", FIRST, SECOND, "--trump", "S", "--lead", "first"]) == 0
    out = capsys.readouterr().out
    assert "the first hand takes 5 of 5 tricks" in out
    lines = [line.split() for line in out.splitlines() if line.startswith("  ")]
    assert lines == [
        ["♠A", "5", "best"],
        ["♠K", "5", "best"],
        ["♥A", "4"],
        ["♥K", "4"],
        ["♥Q", "4"],
    ]


def test_json_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", FIRST, SECOND, "--trump", "♠", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["tricks"] == 5
    assert result["of_tricks"] == 5
    assert result["to_move"] == "first"
    assert result["trump"] == "S"
    assert result["card_values"] == {"SA": 5, "SK": 5, "HA": 4, "HK": 4, "HQ": 4}
    assert result["best_cards"] == ["SA", "SK"]
    assert result["backend"] in ("compiled", "python")


def test_led_card_is_taken_from_the_leaders_hand(capsys: pytest.CaptureFixture[str]) -> None:
    # The second hand leads ♦A from ♠QJ ♦AKQ. Ruffing and cashing ♠A leaves the second hand a
    # trump to ruff a heart and a diamond to cash; discarding is no better: 2 tricks either way.
    args = ["solve", FIRST, SECOND, "--trump", "S", "--lead", "second", "--led-card", "DA"]
    assert main([*args, "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["to_move"] == "first"
    assert result["led_card"] == "DA"
    assert result["second"] == "♠QJ ♥- ♦KQ ♣-"
    assert result["tricks"] == 2
    assert set(result["card_values"].values()) == {2}
    assert main(args) == 0
    assert "♦A led by the second hand" in capsys.readouterr().out


def test_dotted_hands_and_no_trump(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "AK.AKQ..", "QJ...AKQ", "--trump", "NT", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["tricks"] == 5


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([FIRST, "♠QJ ♦AK", "--trump", "S"], "both hands must hold as many cards"),
        ([FIRST, SECOND, "--trump", "X"], "is not a strain"),
        ([FIRST, "♠AJ ♦AKQ", "--trump", "S"], "♠A in both hands"),
        ([FIRST, SECOND, "--trump", "S", "--lead", "north"], "'first' or 'second'"),
        ([FIRST, SECOND, "--trump", "S", "--led-card", "DA"], "is in the second hand"),
        ([FIRST, SECOND, "--trump", "S", "--led-card", "ZZ"], "is not a card"),
        (["♠AX", SECOND, "--trump", "S"], "is not a rank"),
    ],
)
def test_bad_input_exits_with_status_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", *args]) == 2
    error = capsys.readouterr().err
    assert error.startswith("honeymoon solve: ")
    assert message in error
