"""Timing shared by the solver benchmarks (``solver_speed.py``, ``colon_solver_speed.py``).

Both time a solver backend's ``tricks`` or ``values`` on a list of positions, each given as
(mask to move, other mask, strain), and summarise the times by nearest-rank percentiles.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from types import ModuleType

Position = tuple[int, int, int]  # (mask to move, other mask, strain)


def percentile(sorted_values: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of the values lie (nearest rank)."""
    index = min(len(sorted_values) - 1, max(0, round(fraction * len(sorted_values)) - 1))
    return sorted_values[index]


def time_pass(
    backend: ModuleType,
    positions: list[Position],
    call: Callable[..., object],
    rest: tuple[int, ...],
    cold: bool,
    repeat: int,
) -> tuple[list[float], list[int]]:
    """Seconds (the fastest of ``repeat`` passes) and nodes for ``call(to_move, other, strain,
    *rest)`` on each position. The backend's table is emptied before each pass, and before each
    call too when ``cold``."""
    seconds = [float("inf")] * len(positions)
    nodes = [0] * len(positions)
    for _ in range(repeat):
        backend.clear()
        for index, (first, second, strain) in enumerate(positions):
            if cold:
                backend.clear()
            args = (first, second, strain, *rest)
            start = time.perf_counter()
            call(*args)
            seconds[index] = min(seconds[index], time.perf_counter() - start)
            nodes[index] = backend.nodes()
    return seconds, nodes
