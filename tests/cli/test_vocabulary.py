"""One vocabulary: levels, seats, strains and variant names are defined once and read from there
by the terminal, the bots and the match runner; no dead code in those layers."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

import honeymoon
from honeymoon import bots
from honeymoon.cli import build_parser
from honeymoon.cli.session import choose_bot
from honeymoon.seats import SEAT_NAMES, SEATS, Seat

PACKAGE = Path(honeymoon.__file__).parent
#: The layers that must speak the core's vocabulary (the server is checked by its own tests).
LAYERS = [
    *sorted((PACKAGE / "cli").rglob("*.py")),
    *sorted((PACKAGE / "bots").glob("*.py")),
    PACKAGE / "match.py",
]


def _source(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def _play_parser() -> argparse.ArgumentParser:
    parser = build_parser()
    for action in parser._subparsers._actions if parser._subparsers else []:  # noqa: SLF001
        if isinstance(action, argparse._SubParsersAction):  # noqa: SLF001
            return action.choices["play"]
    raise AssertionError("no play sub-command")


def test_the_terminal_offers_exactly_the_bots_levels(monkeypatch: pytest.MonkeyPatch) -> None:
    # A level added to honeymoon.bots.LEVELS is offered by `honeymoon play --level` and played.
    monkeypatch.setitem(bots.LEVELS, "test-level", "random")  # a level no bot is named
    parser = _play_parser()
    level = next(a for a in parser._actions if a.dest == "level")  # noqa: SLF001
    assert level.choices is not None and list(level.choices) == list(bots.LEVELS)
    bot, note = choose_bot("test-level", 1)
    assert bot.name == "random" and note is None


def test_a_level_whose_bot_is_missing_plays_the_strongest_available_with_a_note(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delitem(bots.BOTS, "expert")
    assert bots.strongest_bot_name() == "club"
    bot, note = choose_bot("hard", 1)
    assert bot.name == "club"
    assert note is not None and "hard" in note and "club" in note
    monkeypatch.delitem(bots.BOTS, "club")
    bot, note = choose_bot("medium", 1)
    assert bot.name == "heuristic"
    assert note is not None and "medium" in note and "heuristic" in note


def test_seat_names_are_defined_once() -> None:
    assert [seat.key for seat in SEATS] == list(SEAT_NAMES) == ["south", "east"]
    assert [Seat.parse(name) for name in SEAT_NAMES] == list(SEATS)
    assert [seat.label for seat in SEATS] == ["South", "East"]


@pytest.mark.parametrize("path", LAYERS, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_layer_defines_the_vocabulary_again(path: Path) -> None:
    text = _source(path)
    # variant names come from honeymoon.rules (DEFAULT_RULES.name, VARIANTS)
    assert not re.search(r"[\"']draw-discard[\"']", text)
    # levels and the strength order come from honeymoon.bots
    if path.parent.name != "bots":
        assert not re.search(r"^(LEVELS|STRENGTH_ORDER)\b.*=", text, re.M)
        assert not re.search(r"[\"']easy[\"'], *[\"']medium[\"']", text)
    # no trump is Strain.NOTRUMP, seat names are Seat.key / Seat.label
    assert not re.search(r"^_?NO_?TRUMP *=", text, re.M)
    assert not re.search(r"strain *= *4\b", text)
    assert not re.search(r"[\"'](south|east)[\"'], *[\"'](south|east)[\"']", text, re.I)
    assert not re.search(r"[\"'](South|East)[\"'](?!s )", text)
    # bids are numbered in honeymoon.auction only (bid_action, Call.contract)
    assert not re.search(r"FIRST_BID *\+", text)


def test_no_dead_functions_in_the_terminal_the_bots_and_the_match_runner() -> None:
    # Every module-level function of these layers is used somewhere in the package.
    sources = {path: _source(path) for path in PACKAGE.rglob("*.py")}
    everything = "\n".join(sources.values())
    unused = [
        f"{path.relative_to(PACKAGE)}: {name}"
        for path in LAYERS
        for name in re.findall(r"^def (\w+)\(", sources[path], re.M)
        if len(re.findall(rf"\b{name}\b", everything)) < 2
    ]
    assert unused == []


def test_play_help_says_what_each_level_plays_like(capsys: pytest.CaptureFixture[str]) -> None:
    from honeymoon.bots import LEVEL_DESCRIPTIONS, LEVELS
    from honeymoon.cli import main

    with pytest.raises(SystemExit):
        main(["play", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert set(LEVEL_DESCRIPTIONS) == set(LEVELS)
    for name, words in LEVEL_DESCRIPTIONS.items():
        assert f"{name}: {words}" in text
