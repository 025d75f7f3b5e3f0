"""Engine speed: random complete hands through ``legal_actions()`` and ``apply()``.

Every action goes through ``apply``, which validates it. Prints decisions per second and hands
per second (a passed-out hand counts as a hand), by the wall clock and by the process's own CPU
time (the second is steadier when other work shares the machine). One process, one core.

    python benchmarks/engine_speed.py [--seconds 10] [--seed 1] [--repeat 3]

With ``--rubbers N`` it plays exactly N rubbers instead (a fixed workload, the same on every
run), for counting instructions rather than timing, e.g. under
``valgrind --tool=callgrind python benchmarks/engine_speed.py --rubbers 40 --repeat 1``; take
the count of ``--rubbers 0`` (the start-up alone) from it.
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from honeymoon.game import Game


def run(seconds: float, seed: int, rubbers: int | None = None) -> tuple[int, int, float, float]:
    """Play random rubbers for about ``seconds`` (or exactly ``rubbers`` of them); return
    (decisions, hands, wall, cpu time)."""
    chooser = random.Random(seed)
    pick = chooser.random
    decisions = 0
    hands = 0
    rubber = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    deadline = start + seconds
    while rubber < rubbers if rubbers is not None else time.perf_counter() < deadline:
        game = Game(seed=f"{seed}:{rubber}")
        legal_actions = game.legal_actions
        apply = game.apply
        while True:
            actions = legal_actions()
            if not actions:
                break
            apply(actions[int(pick() * len(actions))])
            decisions += 1
        hands += len(game.history)
        rubber += 1
    return decisions, hands, time.perf_counter() - start, time.process_time() - cpu_start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="time per repeat")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="repeats; the best is reported")
    parser.add_argument(
        "--rubbers", type=int, default=None, help="play exactly this many rubbers per repeat"
    )
    args = parser.parse_args()
    print(f"Python {platform.python_version()} ({platform.python_implementation()}), one core")
    best = best_hands = best_cpu = best_cpu_hands = 0.0
    for index in range(args.repeat):
        decisions, hands, elapsed, cpu = run(args.seconds, args.seed + index, args.rubbers)
        if not decisions:
            print(f"run {index + 1}: no rubbers played")
            continue
        rate, cpu_rate = decisions / elapsed, decisions / cpu
        print(
            f"run {index + 1}: {decisions:,} decisions, {hands:,} hands in {elapsed:.2f} s "
            f"({cpu:.2f} s of CPU): {rate:,.0f} decisions/s, {hands / elapsed:,.0f} hands/s; "
            f"per CPU second {cpu_rate:,.0f} decisions, {hands / cpu:,.0f} hands; "
            f"{decisions / hands:.1f} decisions per hand"
        )
        if rate > best:
            best, best_hands = rate, hands / elapsed
        if cpu_rate > best_cpu:
            best_cpu, best_cpu_hands = cpu_rate, hands / cpu
    print(f"best: {best:,.0f} validated decisions per second, {best_hands:,.0f} hands per second")
    print(f"best per CPU second: {best_cpu:,.0f} validated decisions, {best_cpu_hands:,.0f} hands")


if __name__ == "__main__":
    main()
