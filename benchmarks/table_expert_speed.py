"""The table expert's decision time: the hard level at the four-hand table, its layouts solved
by endplay's DDS, timed decision by decision.

Seeded hands of each table variant (and the options given) are played with the expert in both
seats; every decision with more than one legal action is timed. Prints, per variant and phase
(auction, dummy choice, extra cards, the play, and the play split into the opening lead, the
rest of the first trick and later tricks), the count and the p50, p95 and max in milliseconds,
by the wall clock and by the process's CPU time (steadier when other work shares the machine;
DDS's own threads count in it). The issue's aim: p95 under one second.

    python benchmarks/table_expert_speed.py [--variant NAME ...] [--option NAME ...]
        [--hands 6] [--layouts 1.0] [--seed 1]
"""

from __future__ import annotations

import argparse
import math
import platform
import time
from collections import defaultdict

from honeymoon.bots.table_expert import PLAY_LAYOUTS, TableExpertBot
from honeymoon.game import Phase
from honeymoon.rules import TABLE_VARIANTS, RuleSet
from honeymoon.table import TableGame
from honeymoon.views import view_for


def _percentile(ordered: list[float], share: float) -> float:
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def _phase_name(phase: Phase, cards_left: int) -> str:
    if phase is not Phase.PLAY:
        return phase.name.lower()
    if cards_left == 52:
        return "play: opening lead"
    if cards_left > 48:
        return "play: first trick"
    return "play: later tricks"


def time_variant(
    rules: RuleSet, hands: int, layouts: float, seed: int
) -> dict[str, list[tuple[float, float]]]:
    """(wall, CPU) seconds of each expert decision, by phase, over ``hands`` played hands."""
    times: dict[str, list[tuple[float, float]]] = defaultdict(list)
    bots = [TableExpertBot(f"{seed}:{seat}", layouts=layouts) for seat in range(2)]
    played = 0
    rubber = 0
    while played < hands:
        game = TableGame(rules, seed=f"{seed}:{rubber}", first_dealer=rubber % 2)
        while not game.is_over and played < hands:
            seat = game.to_act
            assert seat is not None
            view = view_for(game, seat)
            before = game.hand_number
            if len(view.legal_actions) > 1:
                wall, cpu = time.perf_counter(), time.process_time()
                action = bots[seat].act(view)
                wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
                times[_phase_name(view.phase, sum(view.hand_sizes))].append((wall, cpu))
                times["all"].append((wall, cpu))
            else:
                action = view.legal_actions[0]
            game.apply(action, seat)
            if game.hand_number != before or game.is_over:
                played += 1
        rubber += 1
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--variant", action="append", default=[], help="a table variant (repeatable; all)"
    )
    parser.add_argument(
        "--option", action="append", default=[], help="a variant option to turn on (repeatable)"
    )
    parser.add_argument("--hands", type=int, default=6, help="hands played per variant")
    parser.add_argument("--layouts", type=float, default=1.0, help="scale of the layouts")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    names = args.variant or sorted(TABLE_VARIANTS)
    print(f"Python {platform.python_version()} on {platform.machine()}")
    print(f"layouts per card by cards left: {PLAY_LAYOUTS}, scaled by {args.layouts}")
    for name in names:
        rules = TABLE_VARIANTS[name]
        options = {option: True for option in args.option if option in rules.option_names}
        rules = rules.with_options(**options)
        label = name + "".join(f" +{option}" for option in options)
        times = time_variant(rules, args.hands, args.layouts, args.seed)
        print(f"\n{label}: {args.hands} hands")
        print(f"  {'phase':<22}{'n':>6}  {'p50 ms':>9}{'p95 ms':>9}{'max ms':>9}   cpu p95 ms")
        for phase, samples in sorted(times.items(), key=lambda item: item[0] != "all"):
            walls = sorted(wall for wall, _cpu in samples)
            cpus = sorted(cpu for _wall, cpu in samples)
            print(
                f"  {phase:<22}{len(walls):>6}  {_percentile(walls, 0.5) * 1000:>9.1f}"
                f"{_percentile(walls, 0.95) * 1000:>9.1f}{walls[-1] * 1000:>9.1f}"
                f"   {_percentile(cpus, 0.95) * 1000:>9.1f}"
            )


if __name__ == "__main__":
    main()
