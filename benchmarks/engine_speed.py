"""Engine speed: random complete hands through ``legal_actions()`` and ``apply()``.

Every action goes through ``apply``, which validates it. Prints decisions per second and hands
per second (a passed-out hand counts as a hand). One process, one core.

    python benchmarks/engine_speed.py [--seconds 10] [--seed 1] [--repeat 3]
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from honeymoon.game import Game


def run(seconds: float, seed: int) -> tuple[int, int, float]:
    """Play random rubbers for about ``seconds``; return (decisions, hands, elapsed)."""
    chooser = random.Random(seed)
    pick = chooser.random
    decisions = 0
    hands = 0
    rubber = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
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
    return decisions, hands, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="time per repeat")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="repeats; the best is reported")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} ({platform.python_implementation()}), one core")
    best = 0.0
    best_hands = 0.0
    for index in range(args.repeat):
        decisions, hands, elapsed = run(args.seconds, args.seed + index)
        rate = decisions / elapsed
        print(
            f"run {index + 1}: {decisions:,} decisions, {hands:,} hands in {elapsed:.2f} s: "
            f"{rate:,.0f} decisions/s, {hands / elapsed:,.0f} hands/s, "
            f"{decisions / hands:.1f} decisions per hand"
        )
        if rate > best:
            best, best_hands = rate, hands / elapsed
    print(f"best: {best:,.0f} validated decisions per second, {best_hands:,.0f} hands per second")


if __name__ == "__main__":
    main()
