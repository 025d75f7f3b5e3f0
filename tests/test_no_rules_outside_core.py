"""One truth per rule: the clients, the records, the bots and the server read the rules from the
core and never work one out again.

Each check walks the syntax tree of every module under ``cli/``, ``records/``, ``bots/`` and
``server/`` and names the places that break it, so bringing back a re-derivation (a trick
winner computed outside the engine, the seat that plays next worked out by arithmetic, the
memory award found by the words of a score-sheet reason, a sentence edited into another, the
terminal searching its own narration for what happened) fails here with the file and line.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "honeymoon"
OUTSIDE = ("cli", "records", "bots", "server")
#: The parts that only show, store or serve a game (the bots may reason about tricks).
CLIENTS = ("cli", "records", "server")

#: What decides a trick or the order of play: the engine's alone.
TRICK_RULES = {"trick_winner", "trick_won_by", "beats", "BEATS", "playing_order", "next_hands"}
#: A bot may weigh hypothetical tricks with ``beats``, but decides no real one.
BOT_TRICK_RULES = {"trick_winner", "trick_won_by", "BEATS", "playing_order", "next_hands"}
#: String methods that read or edit text.
TEXT_METHODS = {"startswith", "endswith", "replace", "split", "find", "index", "partition"}


def _modules(parts: tuple[str, ...]) -> Iterator[tuple[str, ast.Module]]:
    for part in parts:
        for path in sorted((PACKAGE / part).rglob("*.py")):
            name = str(path.relative_to(PACKAGE))
            yield name, ast.parse(path.read_text(encoding="utf-8"), filename=name)


def _where(name: str, node: ast.AST) -> str:
    return f"{name}:{getattr(node, 'lineno', '?')}"


def _trick_rule_imports(parts: tuple[str, ...], forbidden: set[str]) -> list[str]:
    found = []
    for name, tree in _modules(parts):
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "honeymoon.tricks":
                found += [
                    f"{_where(name, node)} imports {alias.name}"
                    for alias in node.names
                    if alias.name in forbidden or alias.name == "*"
                ]
            elif isinstance(node, ast.Import):
                found += [
                    f"{_where(name, node)} imports {alias.name}"
                    for alias in node.names
                    if alias.name == "honeymoon.tricks"
                ]
            elif (
                isinstance(node, ast.Attribute)
                and node.attr in forbidden
                and isinstance(node.value, ast.Name)
                and node.value.id == "tricks"
            ):
                found.append(f"{_where(name, node)} uses tricks.{node.attr}")
    return found


def test_no_trick_winner_or_playing_order_is_worked_out_outside_the_core() -> None:
    found = _trick_rule_imports(CLIENTS, TRICK_RULES)
    found += _trick_rule_imports(("bots",), BOT_TRICK_RULES)
    assert not found, "read who won and who plays next from the game or its events: " + str(found)


def test_no_seat_arithmetic_in_the_clients() -> None:
    # ``(leader + offset) % 2`` is the order of play, worked out again; ``dealer.other`` is who
    # draws or leads first. Both come from the core (TrickView.players, Game.opener).
    found = []
    for name, tree in _modules(CLIENTS):
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.BinOp)
                and isinstance(node.op, ast.Mod)
                and isinstance(node.right, ast.Constant)
                and node.right.value == 2
            ):
                found.append(f"{_where(name, node)}: % 2")
            if (
                isinstance(node, ast.Attribute)
                and node.attr == "other"
                and isinstance(node.value, ast.Attribute)
                and node.value.attr == "dealer"
            ):
                found.append(f"{_where(name, node)}: dealer.other")
    assert not found, found


def test_no_trump_is_assumed_by_the_clients() -> None:
    # The preliminary tricks are played at no trump: a rule of the engine, not of a client.
    found = []
    for name, tree in _modules(CLIENTS):
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr == "NOTRUMP":
                found.append(f"{_where(name, node)}: Strain.NOTRUMP")
            if isinstance(node, ast.Name) and node.id == "NO_TRUMP":
                found.append(f"{_where(name, node)}: NO_TRUMP")
    assert not found, found


def _reads_reason(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "reason"


def test_no_score_sheet_reason_is_read_as_text() -> None:
    # A reason is wording for people; what it stands for has a typed field.
    found = []
    for name, tree in _modules(OUTSIDE):
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in TEXT_METHODS
                and _reads_reason(node.func.value)
            ):
                found.append(f"{_where(name, node)}: reason.{node.func.attr}(...)")
            if isinstance(node, ast.Compare) and any(
                _reads_reason(side) for side in (node.left, *node.comparators)
            ):
                found.append(f"{_where(name, node)}: a reason compared")
    assert not found, found


def test_no_sentence_is_edited_into_another() -> None:
    # ``text.replace(" win ", " wins ")``: the words are chosen once, where they are written.
    found = []
    for name, tree in _modules(OUTSIDE):
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "replace"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(text := node.args[0].value, str)
                and " " in text
                and any(letter.isalpha() for letter in text)
            ):
                found.append(f"{_where(name, node)}: replace({text!r}, ...)")
    assert not found, found


def _phrase(node: ast.AST) -> str | None:
    # Words of a sentence: a string constant with a letter and a space (``" wins the trick"``).
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        text = node.value
        if " " in text and any(letter.isalpha() for letter in text):
            return text
    return None


def test_the_terminal_decides_nothing_by_searching_its_narration() -> None:
    # ``line.startswith("Hand ")`` or ``" wins the trick" in line``: what an action did is in
    # ``Table.last_events`` (the engine's typed events); the narration is only for reading.
    found = []
    for name, tree in _modules(("cli",)):
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("startswith", "endswith")
                and node.args
                and (text := _phrase(node.args[0])) is not None
            ):
                found.append(f"{_where(name, node)}: {node.func.attr}({text!r})")
            if (
                isinstance(node, ast.Compare)
                and any(isinstance(op, (ast.In, ast.NotIn)) for op in node.ops)
                and (text := _phrase(node.left)) is not None
            ):
                found.append(f"{_where(name, node)}: {text!r} in ...")
    assert not found, found


@pytest.mark.parametrize("part", OUTSIDE)
def test_the_checks_see_the_modules(part: str) -> None:
    # A check that read no file would pass for nothing.
    assert sum(1 for _ in _modules((part,))) >= 2
