"""Speed of the two-hand double-dummy solver on random full deals (13 cards each).

Usage::

    python benchmarks/solver_speed.py [--deals 1000] [--python-deals 200] [--seed 2026]
                                      [--repeat 1] [--cold]

For each backend (the compiled kernel when built, and the pure-Python reference) it times, per
deal, a full solve (``tricks``: the leader's best result) and the value of every first lead
(``values``), with the five strains in rotation, and prints mean, p50, p99 and max, plus the
positions searched (nodes). The transposition table is kept between deals, as a bot would keep it,
and emptied before each pass; ``--cold`` empties it before every solve as well. The reference is
slower, so it gets its own number of deals (``--python-deals``), which the report states.

On a busy machine, ``--repeat N`` runs each pass N times (emptying the table before each, so every
pass sees the same table states) and keeps each deal's fastest time, which filters out time lost
to other processes; the load average is printed for the same reason.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
from types import ModuleType

from _timing import Position, percentile, time_pass

from honeymoon.cards import CARD_MASK
from honeymoon.solver import _reference

try:
    from honeymoon.solver import _kernel
except ImportError:
    _kernel = None

Deal = Position  # (leader's mask, follower's mask, strain)


def random_deals(count: int, seed: int) -> list[Deal]:
    """``count`` deals of 13 cards each from a seeded shuffle, strains 0-4 in rotation."""
    rng = random.Random(seed)
    deals = []
    for index in range(count):
        deck = list(range(52))
        rng.shuffle(deck)
        first = sum(CARD_MASK[card] for card in deck[:13])
        second = sum(CARD_MASK[card] for card in deck[13:26])
        deals.append((first, second, index % 5))
    return deals


def report(name: str, what: str, seconds: list[float], nodes: list[int]) -> None:
    ms = sorted(value * 1000 for value in seconds)
    counts = sorted(nodes)
    print(
        f"  {name:<9} {what:<12} mean {statistics.fmean(ms):8.3f} ms"
        f"  p50 {percentile(ms, 0.5):8.3f}"
        f"  p99 {percentile(ms, 0.99):8.3f}  max {ms[-1]:8.3f}   nodes mean "
        f"{statistics.fmean(counts):7.0f}  p50 {percentile(counts, 0.5):6d}"
        f"  p99 {percentile(counts, 0.99):6d}  max {counts[-1]:6d}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=1000, help="deals for the compiled kernel")
    parser.add_argument(
        "--python-deals", type=int, default=200, help="deals for the pure-Python reference"
    )
    parser.add_argument("--seed", type=int, default=2026, help="seed of the deals")
    parser.add_argument("--repeat", type=int, default=1, help="passes; keep each deal's fastest")
    parser.add_argument("--cold", action="store_true", help="empty the table before each solve")
    args = parser.parse_args(argv)

    print(
        f"solver speed: 13+13 random deals, seed {args.seed}, strains C D H S NT in rotation, "
        f"table {'emptied before each solve' if args.cold else 'kept between deals'}"
    )
    load = "?"
    if hasattr(os, "getloadavg"):
        load = " ".join(f"{value:.2f}" for value in os.getloadavg())
    print(
        f"Python {platform.python_version()} on {platform.machine()}, one thread, "
        f"{args.repeat} pass(es) keeping each deal's fastest, load average {load}"
    )
    backends: list[tuple[str, ModuleType, int]] = []
    if _kernel is not None:
        backends.append(("compiled", _kernel, args.deals))
    else:
        print("  (the compiled kernel is not built: reference only)")
    backends.append(("python", _reference, args.python_deals))
    for name, backend, count in backends:
        deals = random_deals(count, args.seed)
        print(f"{name}: {count} deals")
        seconds, nodes = time_pass(backend, deals, backend.tricks, (-1,), args.cold, args.repeat)
        report(name, "full solve", seconds, nodes)
        seconds, nodes = time_pass(backend, deals, backend.values, (-1,), args.cold, args.repeat)
        report(name, "every lead", seconds, nodes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
