"""Memory of the pure-Python solver (the reference) over many deals.

Usage::

    python benchmarks/solver_memory.py [--deals 5000] [--seed 2026] [--every 500] [--trace]

Solves random 13+13 deals (strains in rotation, the table kept between deals, as a bot keeps
it): a full solve and the value of every opening lead per deal. Every ``--every`` deals it
prints the process's resident set (current, from /proc where available, and peak, from
``resource.getrusage``), the memory Python has allocated (``tracemalloc``, with ``--trace``:
slower, but it also names the lines that hold the most), and the entries of the solver's
caches. The last line is the figure that docs/solver.md quotes.
"""

from __future__ import annotations

import argparse
import gc
import random
import resource
import sys
import time
import tracemalloc
from pathlib import Path

from honeymoon.cards import CARD_MASK
from honeymoon.solver import _reference


def random_deal(rng: random.Random, index: int) -> tuple[int, int, int]:
    """Two random 13-card hands (masks) and the strain ``index % 5``."""
    deck = list(range(52))
    rng.shuffle(deck)
    first = sum(CARD_MASK[card] for card in deck[:13])
    second = sum(CARD_MASK[card] for card in deck[13:26])
    return first, second, index % 5


def resident_mb() -> float | None:
    """The current resident set in MB (Linux /proc), None elsewhere."""
    status = Path("/proc/self/status")
    if not status.exists():
        return None
    for line in status.read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return None


def peak_mb() -> float:
    """The peak resident set in MB (``ru_maxrss`` is in KB on Linux, bytes on macOS)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def cache_entries() -> str:
    """The entries of the reference solver's caches (tables per strain, and search caches)."""
    table = sum(len(t) for t in _reference._tables)
    parts = [f"tables {table}"]
    for trump, search in sorted(_reference._searches.items()):
        sizes = getattr(search, "cache_sizes", None)
        if callable(sizes):
            parts.append(f"search {trump} {sizes()}")
    return ", ".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--every", type=int, default=500)
    parser.add_argument("--trace", action="store_true", help="measure with tracemalloc too")
    args = parser.parse_args()
    if args.trace:
        tracemalloc.start()
    rng = random.Random(args.seed)
    _reference.clear()
    gc.collect()
    base = resident_mb()
    print(f"pure-Python solver, {args.deals} deals, seed {args.seed}; resident at start {base} MB")
    start = time.perf_counter()
    for index in range(1, args.deals + 1):
        first, second, strain = random_deal(rng, index)
        _reference.tricks(first, second, strain, -1)
        _reference.values(first, second, strain, -1)
        if index % args.every == 0 or index == args.deals:
            traced = ""
            if args.trace:
                current, peak = tracemalloc.get_traced_memory()
                traced = f", traced {current / 2**20:.1f} MB (peak {peak / 2**20:.1f})"
            print(
                f"{index:>6} deals: resident {resident_mb() or 0:.1f} MB, "
                f"peak {peak_mb():.1f} MB{traced}; {cache_entries()}; "
                f"{time.perf_counter() - start:.0f} s",
                flush=True,
            )
    if args.trace:
        print("largest holders (tracemalloc):")
        for stat in tracemalloc.take_snapshot().statistics("lineno")[:8]:
            print(f"  {stat.size / 2**20:7.1f} MB  {stat.traceback}")
    growth = (resident_mb() or peak_mb()) - (base or 0)
    print(f"grown by {growth:.1f} MB over {args.deals} deals (peak resident {peak_mb():.1f} MB)")


if __name__ == "__main__":
    main()
