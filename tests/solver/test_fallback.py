"""Without the compiled kernel the package falls back to the pure-Python reference."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import honeymoon.solver
from honeymoon.cards import CardSet
from honeymoon.solver import _reference


def run_python(code: str, **environment: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        env={**os.environ, **environment},
        check=False,
    )


def test_missing_kernel_warns_once_and_uses_the_reference() -> None:
    result = run_python(
        """
        import sys, warnings
        sys.modules["honeymoon.solver._kernel"] = None  # as if it had not been built
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            import honeymoon.solver as solver
        from honeymoon.cards import CardSet
        print(solver.BACKEND)
        print(len(caught), caught[0].category.__name__, "\\n" in str(caught[0].message))
        print(solver.solve(CardSet.parse("♠AK ♥AKQ"), CardSet.parse("♠QJ ♦AKQ"), 3, 0).tricks)
        """
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split("\n")[:3] == ["python", "1 RuntimeWarning False", "5"]


def test_environment_variable_forces_the_reference() -> None:
    result = run_python("import honeymoon.solver as s; print(s.BACKEND)", HONEYMOON_SOLVER="python")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "python"


def test_reference_used_directly_matches_the_public_api() -> None:
    first = CardSet.parse("♠AK5 ♥T2 ♦J8 ♣J4")
    second = CardSet.parse("♠Q6 ♥J5 ♦42 ♣K72")
    for trump in range(5):
        solution = honeymoon.solver.solve(first, second, trump, 0)
        best, values = _reference.values(first.mask, second.mask, trump, -1)
        assert best == solution.tricks
        assert values == [(card.id, value) for card, value in solution.card_values.items()]
        _reference.clear()
        assert _reference.tricks(first.mask, second.mask, trump, -1) == solution.tricks
        assert _reference.nodes() > 0
