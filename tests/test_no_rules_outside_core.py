"""One truth per rule: the clients, the records, the bots and the server read the rules from the
core and never work one out again.

Each check walks the syntax tree of every module of the package that is not the core (found
by walking the package, not from a list, so a new module is checked from its first line) and
names the places that break it, so bringing back a re-derivation (a trick
winner computed outside the engine, the seat that plays next worked out by arithmetic, the
memory award found by the words of a score-sheet reason, a sentence edited into another, the
terminal searching its own narration for what happened) fails here with the file and line.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "honeymoon"
#: The modules of the core: the rules are computed here, once.
CORE = (
    "cards.py", "seats.py", "errors.py", "rules.py", "actions.py", "auction.py", "tricks.py",
    "scoring.py", "game.py", "bridgette.py", "table.py", "engines.py", "events.py", "views.py",
    "knowledge.py",
)  # fmt: skip
#: Everything above the core: every other module of the package, as found.
OUTSIDE = tuple(
    sorted(
        name
        for path in PACKAGE.rglob("*.py")
        if (name := str(path.relative_to(PACKAGE))) not in CORE
    )
)
#: The parts that only show, store or serve a game (the bots may reason about tricks).
CLIENTS = ("cli", "records", "server")

#: What decides a trick or the order of play: the engine's alone.
TRICK_RULES = {"trick_winner", "trick_won_by", "beats", "BEATS", "playing_order", "next_hands"}
#: A bot may weigh hypothetical tricks with ``beats``, but decides no real one (the solver,
#: which plays tricks out in its search, imports the core's rules).
BOT_TRICK_RULES = {"trick_winner", "trick_won_by", "BEATS", "playing_order", "next_hands"}
#: String methods that read or edit text.
TEXT_METHODS = {"startswith", "endswith", "replace", "split", "find", "index", "partition"}


def _modules(parts: tuple[str, ...]) -> Iterator[tuple[str, ast.Module]]:
    for part in parts:
        where = PACKAGE / part
        for path in [where] if where.is_file() else sorted(where.rglob("*.py")):
            name = str(path.relative_to(PACKAGE))
            yield name, ast.parse(path.read_text(encoding="utf-8"), filename=name)


def _places(parts: tuple[str, ...], finding: Callable[[ast.AST], str | None]) -> list[str]:
    """Every place in the modules of ``parts`` where ``finding`` names a breach, with its file
    and line."""
    found = []
    for name, tree in _modules(parts):
        for node in ast.walk(tree):
            what = finding(node)
            if what is not None:
                found.append(f"{name}:{getattr(node, 'lineno', '?')}: {what}")
    return found


def _trick_rule_use(forbidden: set[str]) -> Callable[[ast.AST], str | None]:
    def finding(node: ast.AST) -> str | None:
        if isinstance(node, ast.ImportFrom) and node.module == "honeymoon.tricks":
            names = [a.name for a in node.names if a.name in forbidden or a.name == "*"]
            return f"imports {', '.join(names)}" if names else None
        if isinstance(node, ast.Import) and any(a.name == "honeymoon.tricks" for a in node.names):
            return "imports honeymoon.tricks"
        if (
            isinstance(node, ast.Attribute)
            and node.attr in forbidden
            and isinstance(node.value, ast.Name)
            and node.value.id == "tricks"
        ):
            return f"uses tricks.{node.attr}"
        return None

    return finding


def test_no_trick_winner_or_playing_order_is_worked_out_outside_the_core() -> None:
    found = _places(CLIENTS, _trick_rule_use(TRICK_RULES))
    found += _places(("bots",), _trick_rule_use(BOT_TRICK_RULES))
    assert not found, "read who won and who plays next from the game or its events: " + str(found)


def _seat_arithmetic(node: ast.AST) -> str | None:
    # ``(leader + offset) % 2`` is the order of play, worked out again; ``dealer.other`` is who
    # draws or leads first. Both come from the core (TrickView.players, Game.opener).
    if (
        isinstance(node, ast.BinOp)
        and isinstance(node.op, ast.Mod)
        and isinstance(node.right, ast.Constant)
        and node.right.value == 2
    ):
        return "% 2"
    if (
        isinstance(node, ast.Attribute)
        and node.attr == "other"
        and isinstance(node.value, ast.Attribute)
        and node.value.attr == "dealer"
    ):
        return "dealer.other"
    return None


def test_no_seat_arithmetic_in_the_clients() -> None:
    found = _places(CLIENTS, _seat_arithmetic)
    assert not found, found


def _assumed_trump(node: ast.AST) -> str | None:
    # The preliminary tricks are played at no trump: a rule of the engine, not of a client.
    if isinstance(node, ast.Attribute) and node.attr == "NOTRUMP":
        return "Strain.NOTRUMP"
    if isinstance(node, ast.Name) and node.id == "NO_TRUMP":
        return "NO_TRUMP"
    return None


def test_no_trump_is_assumed_by_the_clients() -> None:
    found = _places(CLIENTS, _assumed_trump)
    assert not found, found


def _reads_reason(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "reason"


def _reason_as_text(node: ast.AST) -> str | None:
    # A reason is wording for people; what it stands for has a typed field.
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in TEXT_METHODS
        and _reads_reason(node.func.value)
    ):
        return f"reason.{node.func.attr}(...)"
    if isinstance(node, ast.Compare) and any(
        _reads_reason(side) for side in (node.left, *node.comparators)
    ):
        return "a reason compared"
    return None


def test_no_score_sheet_reason_is_read_as_text() -> None:
    found = _places(OUTSIDE, _reason_as_text)
    assert not found, found


def _phrase(node: ast.AST) -> str | None:
    # Words of a sentence: a string constant with a letter and a space (``" wins the trick"``).
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        text = node.value
        if " " in text and any(letter.isalpha() for letter in text):
            return text
    return None


def _sentence_edit(node: ast.AST) -> str | None:
    # ``text.replace(" win ", " wins ")``: the words are chosen once, where they are written.
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "replace"
        and node.args
        and (text := _phrase(node.args[0])) is not None
    ):
        return f"replace({text!r}, ...)"
    return None


def test_no_sentence_is_edited_into_another() -> None:
    found = _places(OUTSIDE, _sentence_edit)
    assert not found, found


def _narration_search(node: ast.AST) -> str | None:
    # ``line.startswith("Hand ")`` or ``" wins the trick" in line``: what an action did is in
    # ``Table.last_events`` (the engine's typed events); the narration is only for reading.
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in ("startswith", "endswith")
        and node.args
        and (text := _phrase(node.args[0])) is not None
    ):
        return f"{node.func.attr}({text!r})"
    if (
        isinstance(node, ast.Compare)
        and any(isinstance(op, (ast.In, ast.NotIn)) for op in node.ops)
        and (text := _phrase(node.left)) is not None
    ):
        return f"{text!r} in ..."
    return None


def test_the_terminal_decides_nothing_by_searching_its_narration() -> None:
    found = _places(("cli",), _narration_search)
    assert not found, found


def _core_rule_names() -> set[str]:
    """The public functions and constants of the core's rule modules (``__all__``), less the
    names of the values everyone uses (cards, seats, calls)."""
    names: set[str] = set()
    for module in ("tricks.py", "auction.py", "scoring.py", "actions.py"):
        tree = ast.parse((PACKAGE / module).read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
                names.add(node.name)
    return names


def test_no_core_rule_is_written_again_under_its_name() -> None:
    """A function above the core named as a rule of the core (``trick_winner``, ``beats``,
    ``score_contract``, ...) is that rule written a second time."""
    rules = _core_rule_names()
    assert {"trick_winner", "score_contract", "is_card_action"} <= rules

    found = [
        f"{name}:{node.lineno}: def {node.name}: the core's own"
        for name, tree in _modules(OUTSIDE)
        for node in tree.body  # a module's functions (a method of that name is another thing)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name in rules
    ]
    assert not found, "import the core's rule instead of writing it again: " + str(found)


def _describes(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name | ast.Attribute)
        and (node.func.id if isinstance(node.func, ast.Name) else node.func.attr) == "describe"
    )


def test_no_description_of_an_action_is_read_back() -> None:
    """``"dummy" in describe(action)``: what an action is, is in ``honeymoon.actions``
    (``is_card_action``, the named constants); its description is for people."""

    def finding(node: ast.AST) -> str | None:
        if isinstance(node, ast.Compare) and any(
            _describes(side) for side in (node.left, *node.comparators)
        ):
            return "describe(...) compared"
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in TEXT_METHODS
            and _describes(node.func.value)
        ):
            return f"describe(...).{node.func.attr}"
        return None

    found = _places(OUTSIDE, finding)
    assert not found, found


#: The numbers where the action space changes kind (``honeymoon.actions``): the first call
#: (52), the bids (55, 89), the drawing choices (90, 91), the table's (92-95), the Colons (96-98).
ACTION_BOUNDS = {52, 53, 54, 55, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98}


def test_no_bare_action_number_is_compared() -> None:
    """``action < 52`` or ``action == 92``: the kinds of actions have names in
    ``honeymoon.actions`` (``is_card_action``, ``PASS``, ``TAKE_EXPOSED``, ...)."""

    def names_an_action(node: ast.AST) -> bool:
        # ``action``, ``legal_actions[0]``, ``a`` of ``for a in view.legal_actions``, ``cursor``.
        text = ast.unparse(node)
        return "action" in text or text in ("a", "cursor", "only", "choice")

    def finding(node: ast.AST) -> str | None:
        if not isinstance(node, ast.Compare):
            return None
        sides = (node.left, *node.comparators)
        if not any(names_an_action(side) for side in sides):
            return None  # a stock position or a card id, not an action
        for side in sides:
            if (
                isinstance(side, ast.Constant)
                and type(side.value) is int
                and side.value in ACTION_BOUNDS
            ):
                return f"compared with {side.value}"
        return None

    found = _places(OUTSIDE, finding)
    assert not found, found


def _engine_private_names() -> set[str]:
    """The private names (fields and methods) of every engine class."""
    from honeymoon.bridgette import BridgetteGame
    from honeymoon.table import TableGame

    names: set[str] = set()
    for engine in (BridgetteGame, TableGame):
        for cls in engine.__mro__:
            members = {*getattr(cls, "__slots__", ()), *vars(cls)}
            names |= {n for n in members if n.startswith("_") and not n.startswith("__")}
    return names


def test_no_private_field_of_an_engine_is_touched_outside_the_core() -> None:
    """Above the core an engine is driven through its public methods: no module reads or
    writes an engine's private field or calls its private method (its stock, its hand set-up),
    whatever the object is called; only an object's own (``self``, ``cls``, ``super()``) are
    its business."""
    private = _engine_private_names()
    assert {"_stock", "_stocks", "_sheet", "_start_hand", "_follow_required"} <= private

    def finding(node: ast.AST) -> str | None:
        if not isinstance(node, ast.Attribute) or node.attr not in private:
            return None
        owner = node.value
        if isinstance(owner, ast.Name) and owner.id in ("self", "cls"):
            return None
        if isinstance(owner, ast.Call) and ast.unparse(owner.func) == "super":
            return None
        return f"touches {ast.unparse(node)}"

    found = _places(OUTSIDE, finding)
    assert not found, found


@pytest.mark.parametrize("part", ("cli", "records", "bots", "server", "env", "solver"))
def test_the_checks_see_the_modules(part: str) -> None:
    # A check that read no file would pass for nothing.
    assert sum(1 for name in OUTSIDE if name.startswith(part + "/")) >= 2


def test_the_core_and_what_stands_on_it_are_every_module() -> None:
    """Every module is either the core or checked here, and every module of the core exists."""
    every = {str(path.relative_to(PACKAGE)) for path in PACKAGE.rglob("*.py")}
    assert set(CORE) <= every
    assert {name for name, _ in _modules(OUTSIDE)} == every - set(CORE)
    assert {"analysis.py", "claims.py", "match.py", "env/state.py"} <= set(OUTSIDE)
