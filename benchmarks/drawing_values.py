"""Hand building compared: one drawing's values against the plain drawing's on the same stocks.

For each seed, a Draw and Discard Bridge deal is drawn twice from the same stock: the compared
values (the expert's by default) in one seat and the plain values (the heuristic bot's, which
``medium`` and the yardsticks draw with) in the other, then with the seats swapped. Each pair of
hands is solved double dummy in every strain (:func:`honeymoon.analysis.trick_table`). Prints,
per hand drawn with the compared values, the mean and standard error of

* **tricks**: its tricks in its best strain minus the other hand's in theirs (opponent leading);
* **par**: its points at par minus the other's (:func:`honeymoon.analysis.par`, the first hand
  of a rubber, each player calling first half the time): what perfect bidding and play of the
  two hands would score.

Both are paired over the same stocks, so the standard error is that of the difference.

    python benchmarks/drawing_values.py [--deals 1000] [--seed 0] [--ratio 0.75]
        [--length-scale 0.9] [--variant draw-discard]
"""

from __future__ import annotations

import argparse
import math
import statistics

from honeymoon.analysis import par, trick_table
from honeymoon.bots.heuristic import EXPERT_DRAWING, PLAIN_DRAWING, DrawingValues, drawn_hands
from honeymoon.rules import RuleSet, find_variant
from honeymoon.scoring import ScoreSheet


def compare(
    rules: RuleSet, seeds: range, compared: DrawingValues
) -> tuple[list[float], list[float]]:
    """Per seed, the compared drawing's edge in best-strain tricks and in par points (the
    mean of its two seats)."""
    trick_edges, par_edges = [], []
    for seed in seeds:
        tricks = points = 0.0
        for seat in (0, 1):
            values = (compared, PLAIN_DRAWING) if seat == 0 else (PLAIN_DRAWING, compared)
            table = trick_table(*drawn_hands(seed, values, rules))
            best = [max(table.tricks(player, strain) for strain in range(5)) for player in (0, 1)]
            tricks += best[seat] - best[1 - seat]
            points += statistics.mean(
                par(table, ScoreSheet(), hand_number=0, first_caller=first).net(seat)
                for first in (0, 1)
            )
        trick_edges.append(tricks / 2)
        par_edges.append(points / 2)
    return trick_edges, par_edges


def _summary(values: list[float]) -> str:
    error = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return f"{statistics.mean(values):+.3f} +- {error:.3f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0, help="the first stock's seed")
    parser.add_argument("--ratio", type=float, help="card values 4 * ratio**k (the expert's)")
    parser.add_argument("--length-scale", type=float, default=1.0)
    parser.add_argument("--variant", default="draw-discard")
    args = parser.parse_args()
    compared = (
        EXPERT_DRAWING
        if args.ratio is None
        else DrawingValues.decaying(args.ratio, args.length_scale)
    )
    rules = find_variant(args.variant)
    tricks, points = compare(rules, range(args.seed, args.seed + args.deals), compared)
    label = "expert" if args.ratio is None else f"ratio {args.ratio}, length x{args.length_scale}"
    print(f"{label} against plain, {args.deals} stocks of {args.variant} (seeds from {args.seed}):")
    print(f"  best-strain tricks per hand: {_summary(tricks)}")
    print(f"  par points per hand:         {_summary(points)}")


if __name__ == "__main__":
    main()
