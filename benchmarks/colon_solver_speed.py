"""Speed of the Bridgette solver (honeymoon.solver.colons) on random full hands with the Colons.

Usage::

    python benchmarks/colon_solver_speed.py [--hands 500] [--seed 2026] [--repeat 1] [--cold]
                                            [--python-hands 20] [--python-cards 6]

Each hand is 13 + 13 cards from a seeded shuffle of the 55-card pack (so a hand holds about one
Colon and a half between the two), strains in rotation, the player to move on lead at trick 1.
For the compiled backend it times ``bridgette_values`` (the best result and the value of every
legal card) per hand and prints p50, p95, max and mean in milliseconds, and the positions searched.
The table is kept between hands, as a bot keeps it, and emptied before each pass; ``--cold``
empties it before every solve as well. ``--repeat N`` runs the pass N times and keeps each hand's
fastest time, filtering out time lost to other processes on a busy machine (the load average is
printed for the same reason).

The pure-Python reference tries every card, so it is timed on smaller hands: ``--python-cards``
each (6 by default), ``--python-hands`` of them.
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
from honeymoon.solver import _colons_reference

try:
    from honeymoon.solver import _colons
except ImportError:
    _colons = None

Hand = Position


def random_hands(count: int, seed: int, cards: int = 13) -> list[Hand]:
    """``count`` layouts of ``cards`` each from a seeded shuffle of the 55 cards, strains 0-4 in
    rotation."""
    rng = random.Random(seed)
    hands = []
    for index in range(count):
        pack = list(range(55))
        rng.shuffle(pack)
        first = sum(CARD_MASK[card] for card in pack[:cards])
        second = sum(CARD_MASK[card] for card in pack[cards : 2 * cards])
        hands.append((first, second, index % 5))
    return hands


def time_values(
    backend: ModuleType, hands: list[Hand], repeat: int, cold: bool
) -> tuple[list[float], list[int]]:
    """Each hand's fastest ``values`` time (ms) over ``repeat`` passes, and its node count."""
    seconds, nodes = time_pass(backend, hands, backend.values, (-1, -1), cold, repeat)
    return [value * 1000 for value in seconds], nodes


def report(name: str, times: list[float], nodes: list[int]) -> None:
    ordered = sorted(times)
    p50, p95 = percentile(ordered, 0.5), percentile(ordered, 0.95)
    print(
        f"{name:<34} p50 {p50:8.3f} ms  p95 {p95:8.3f} ms"
        f"  max {ordered[-1]:8.3f} ms  mean {statistics.fmean(ordered):8.3f} ms"
        f"  nodes mean {statistics.fmean(nodes):9.0f}  max {max(nodes)}"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=500)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--cold", action="store_true")
    parser.add_argument("--python-hands", type=int, default=20)
    parser.add_argument("--python-cards", type=int, default=6)
    args = parser.parse_args(argv)
    print(
        f"Python {platform.python_version()}, {platform.machine()}, "
        f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores"
    )
    if _colons is None:
        print("the compiled Bridgette backend is not built; timing the reference only")
    else:
        hands = random_hands(args.hands, args.seed)
        times, nodes = time_values(_colons, hands, args.repeat, args.cold)
        label = f"compiled, {args.hands} hands 13+13"
        report(label + (" cold" if args.cold else ""), times, nodes)
    small = random_hands(args.python_hands, args.seed, args.python_cards)
    times, nodes = time_values(_colons_reference, small, 1, args.cold)
    report(
        f"python, {args.python_hands} hands {args.python_cards}+{args.python_cards}", times, nodes
    )
    if _colons is not None:
        times, nodes = time_values(_colons, small, args.repeat, args.cold)
        report(f"compiled, the same {args.python_cards}+{args.python_cards}", times, nodes)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
