"""Rubber pairs per second of one duplicate match: the local process pool (``--jobs``) against a
local Ray cluster, each with 1, 2 and 4 workers.

Every run plays the same match (the same bots, seed and pairs), and the figures of every run
are checked to be the same. A local run is timed from the call of ``run_match`` to its return
(starting the worker processes included); a Ray run likewise, on a cluster already started
(``ray.init(num_cpus=N)``, timed apart as the cluster's start). Each is played ``--repeat``
times and the fastest is shown (the first Ray run includes its workers importing the
package). The load average is printed, since other work on the machine changes every figure.
Needs the cluster extra (``pip install 'honeymoon[cluster]'``).

    python benchmarks/ray_match_speed.py [--bots medium,easy] [--pairs 48] [--seed 1]
        [--max-hands 500] [--workers 1,2,4] [--repeat 2]
"""

from __future__ import annotations

import argparse
import dataclasses
import logging
import os
import platform
import time
from typing import Any

from honeymoon.match import MatchConfig, MatchResult, run_match


def _figures(result: MatchResult) -> dict[str, Any]:
    figures = result.summary().to_dict()
    del figures["decision_time"]
    return figures


def _timed(config: MatchConfig, repeat: int) -> tuple[float, MatchResult]:
    """The fastest of ``repeat`` runs, and the last run's result."""
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        result = run_match(config)
        best = min(best, time.perf_counter() - started)
    return best, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", default="medium,easy", help="BOT_A,BOT_B (default medium,easy)")
    parser.add_argument("--pairs", type=int, default=48, help="rubber pairs (default 48)")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--max-hands", type=int, default=500)
    parser.add_argument("--workers", default="1,2,4", help="worker counts (default 1,2,4)")
    parser.add_argument("--repeat", type=int, default=2, help="runs of each, the fastest shown")
    args = parser.parse_args()

    import ray

    bot_a, bot_b = args.bots.split(",")
    counts = [int(count) for count in args.workers.split(",")]
    config = MatchConfig(
        bot_a, bot_b, rubber_pairs=args.pairs, seed=args.seed, max_hands=args.max_hands
    )
    print(
        f"{bot_a} against {bot_b}, {args.pairs} rubber pairs, seed {args.seed}; "
        f"{os.cpu_count()} CPUs, {platform.python_implementation()} "
        f"{platform.python_version()}, Ray {ray.__version__}; load average {_load()}"
    )
    print(f"{'runner':<22}{'workers':>8}{'seconds':>10}{'pairs/s':>10}{'vs --jobs 1':>13}")
    reference: dict[str, Any] | None = None
    base: float | None = None
    for count in counts:  # each count's local run beside its Ray run, as the load drifts
        seconds, result = _timed(dataclasses.replace(config, jobs=count), args.repeat)
        reference = reference or _figures(result)
        assert _figures(result) == reference, "the figures depend on the runner"
        base = base or seconds
        _print_row("local --jobs", count, seconds, args.pairs, base)
        started = time.perf_counter()
        ray.init(
            address="local",
            num_cpus=count,
            include_dashboard=False,
            logging_level=logging.WARNING,
            log_to_driver=False,
        )
        start = time.perf_counter() - started
        try:
            seconds, result = _timed(dataclasses.replace(config, cluster="ray"), args.repeat)
        finally:
            ray.shutdown()
        assert _figures(result) == reference, "the figures depend on the runner"
        _print_row(f"Ray (start {start:.1f} s)", count, seconds, args.pairs, base)
    print("every run gave the same figures; load average at the end: " + _load())


def _load() -> str:
    return ", ".join(f"{load:.1f}" for load in os.getloadavg())


def _print_row(runner: str, workers: int, seconds: float, pairs: int, base: float) -> None:
    print(
        f"{runner:<22}{workers:>8}{seconds:>10.2f}{pairs / seconds:>10.2f}{base / seconds:>12.2f}x"
    )


if __name__ == "__main__":
    main()
