"""Speed of the analysis of one hand: the double-dummy table, par and the 26 cards played.

Usage::

    python benchmarks/analysis_speed.py [--hands 300] [--seed 2026] [--repeat 3] [--drawing]

Each hand is the first hand of a seeded game of Draw and Discard Bridge: random drawing, a
random contract at the one to four level, then random legal cards to the end (all 13 tricks).
For each hand it times ``analyze_hand(game, 0, drawing=False)``: ten solves for the table, par
(70 contracts scored on the sheet and the auction searched), and one solve of every card's
position (26). ``--drawing`` also times the drawing analysis (two replays of the drawing with
the strongest bot's policy and the worth of both hands each) on its own. The solver's
transposition table is kept between hands and emptied before each pass; ``--repeat N`` runs
each pass N times and keeps each hand's fastest time, to filter out time lost to other work on
a busy machine (the load average is printed for the same reason).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from honeymoon.actions import PASS
from honeymoon.analysis import analyze_hand
from honeymoon.auction import Call
from honeymoon.game import Game, Phase
from honeymoon.solver import BACKEND, clear_cache


def played_hand(seed: int) -> Game:
    """The first hand of a seeded game, played at random to its end with a contract."""
    rng = random.Random(seed)
    game = Game(seed=seed, first_dealer=seed % 2)
    while game.phase is Phase.DRAWING:
        game.apply(rng.choice(game.legal_actions()))
    level = rng.randint(1, 4)
    strain = rng.choice(["C", "D", "H", "S", "NT"])
    game.apply(Call.parse(f"{level}{strain}").action)
    game.apply(PASS)
    while game.hand_number == 0:
        game.apply(rng.choice(game.legal_actions()))
    return game


def percentile(sorted_values: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of the values lie (nearest rank)."""
    index = min(len(sorted_values) - 1, max(0, round(fraction * len(sorted_values)) - 1))
    return sorted_values[index]


def time_pass(games: list[Game], drawing: bool) -> list[float]:
    """Seconds per hand for one pass over ``games``, the solver's table emptied first."""
    clear_cache()
    times = []
    for game in games:
        start = time.perf_counter()
        if drawing:
            full = analyze_hand(game, 0, drawing=True)
            assert full.drawing is not None
        else:
            analysis = analyze_hand(game, 0, drawing=False)
            assert analysis.play is not None and len(analysis.play.cards) == 26
        times.append(time.perf_counter() - start)
    return times


def report(label: str, times: list[float]) -> None:
    ordered = sorted(times)
    print(
        f"{label}: mean {statistics.fmean(times) * 1000:.2f} ms, "
        f"p50 {percentile(ordered, 0.5) * 1000:.2f} ms, "
        f"p95 {percentile(ordered, 0.95) * 1000:.2f} ms, "
        f"p99 {percentile(ordered, 0.99) * 1000:.2f} ms, "
        f"max {ordered[-1] * 1000:.2f} ms over {len(times)} hands"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300, help="hands to analyse (default 300)")
    parser.add_argument("--seed", type=int, default=2026, help="first game seed (default 2026)")
    parser.add_argument("--repeat", type=int, default=3, help="passes; each hand's fastest kept")
    parser.add_argument(
        "--drawing", action="store_true", help="also time the drawing analysis on its own"
    )
    args = parser.parse_args()
    games = [played_hand(args.seed + index) for index in range(args.hands)]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"solver backend: {BACKEND}; load average {load:.1f} on {os.cpu_count()} CPUs")
    best = [float("inf")] * len(games)
    for _ in range(max(1, args.repeat)):
        best = [min(a, b) for a, b in zip(best, time_pass(games, False), strict=True)]
    report("whole hand (table, par, 26 cards)", best)
    if args.drawing:
        drawing_best = [float("inf")] * len(games)
        for _ in range(max(1, args.repeat)):
            with_drawing = time_pass(games, True)
            drawing_best = [min(a, b) for a, b in zip(drawing_best, with_drawing, strict=True)]
        report("with the drawing analysis as well", drawing_best)


if __name__ == "__main__":
    main()
