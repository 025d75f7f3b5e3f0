"""The shape of the code: no function of the package is longer than :data:`LONGEST` lines.

The check walks the syntax tree of every module of the package (found by walking the package,
not from a list, so a new module is checked from its first line), once, and names every
function or method longer than that, with its file, line and length.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "honeymoon"
#: The most lines a function may take, from its ``def`` line to its last, its docstring and
#: nested functions included (its decorators not).
LONGEST = 80


def _long_functions(root: Path, longest: int) -> list[str]:
    """Every function under ``root`` longer than ``longest`` lines, as "file:line name (n
    lines)", in the order of the files and lines."""
    found = []
    for path in sorted(root.rglob("*.py")):
        name = str(path.relative_to(root))
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=name)
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                assert node.end_lineno is not None
                lines = node.end_lineno - node.lineno + 1
                if lines > longest:
                    found.append((name, node.lineno, f"{node.name} ({lines} lines)"))
    return [f"{name}:{line} {what}" for name, line, what in sorted(found)]


def test_no_function_is_longer_than_the_limit() -> None:
    long = _long_functions(PACKAGE, LONGEST)
    assert not long, (
        f"functions longer than {LONGEST} lines: split each into well-named smaller functions "
        "(a step each, with a docstring saying what it is), without changing what it does:\n"
        + "\n".join(long)
    )


def test_a_long_function_is_named(tmp_path: Path) -> None:
    body = "\n".join(f"        x = {n}" for n in range(LONGEST))
    (tmp_path / "module.py").write_text(
        f"def short():\n    return 1\n\n\nclass C:\n    def long(self):\n{body}\n",
        encoding="utf-8",
    )
    assert _long_functions(tmp_path, LONGEST) == [f"module.py:6 long ({LONGEST + 1} lines)"]
