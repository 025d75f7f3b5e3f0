"""Four-hand table speed: random complete rubbers of each four-hand variant (Double Dummy
Bridge, Single Dummy Bridge, Semi-Exposed Dummies, the Widow) through ``legal_actions()`` and
``apply()``.

Every action goes through ``apply``, which validates it. In the auction a call is a pass more
often than not, so that hands reach the play (uniformly random calls climb to seven-level
contracts that fail, and a rubber would last hundreds of hands). Prints decisions per second and
hands per second, by the wall clock and by the process's own CPU time (the second is steadier
when other work shares the machine), as ``engine_speed.py`` does for the two-hand game.

    python benchmarks/table_speed.py [--variant NAME ...] [--option NAME ...]
        [--seconds 10] [--repeat 3]

Without ``--variant`` every four-hand variant is measured in turn (double-dummy, single-dummy,
semi-exposed, widow), each with the options given that it has.
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from honeymoon.actions import PASS
from honeymoon.rules import TABLE_VARIANTS, RuleSet, find_variant
from honeymoon.table import TableGame


def run(rules: RuleSet, seconds: float, seed: int) -> tuple[int, int, int, float, float]:
    """Play random rubbers for about ``seconds``; return (decisions, card plays, hands, wall
    time, CPU time)."""
    chooser = random.Random(seed)
    pick = chooser.random
    decisions = cards = hands = rubber = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        game = TableGame(rules, seed=f"{seed}:{rubber}")
        legal_actions = game.legal_actions
        apply = game.apply
        while True:
            actions = legal_actions()
            if not actions:
                break
            if actions[0] == PASS and pick() < 0.6:
                action = PASS
            else:
                action = actions[int(pick() * len(actions))]
                cards += action < PASS
            apply(action)
            decisions += 1
        hands += len(game.history)
        rubber += 1
    elapsed = time.perf_counter() - start
    return decisions, cards, hands, elapsed, time.process_time() - cpu_start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--variant", action="append", default=[], help="a four-hand variant (repeatable; all)"
    )
    parser.add_argument(
        "--option", action="append", default=[], help="a variant option to turn on (repeatable)"
    )
    parser.add_argument("--seconds", type=float, default=10.0, help="time per repeat")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="repeats; the best is reported")
    args = parser.parse_args()
    print(f"Python {platform.python_version()} ({platform.python_implementation()}), one core")
    for name in args.variant or list(TABLE_VARIANTS):
        rules = find_variant(name, four_hands=True)
        options = [option for option in args.option if option in rules.option_names]
        measure(rules.with_options(**dict.fromkeys(options, True)), options, args)


def measure(rules: RuleSet, options: list[str], args: argparse.Namespace) -> None:
    """Run and print the repeats for one variant."""
    print(f"variant: {rules.title}" + "".join(f", {name}" for name in options))
    best = best_cpu = best_hands = 0.0
    for index in range(args.repeat):
        decisions, cards, hands, elapsed, cpu = run(rules, args.seconds, args.seed + index)
        rate, cpu_rate = decisions / elapsed, decisions / cpu
        print(
            f"run {index + 1}: {decisions:,} decisions ({cards:,} cards), {hands:,} hands in "
            f"{elapsed:.2f} s ({cpu:.2f} s of CPU): {rate:,.0f} decisions/s, "
            f"{hands / elapsed:,.0f} hands/s; per CPU second {cpu_rate:,.0f} decisions; "
            f"{decisions / hands:.1f} decisions per hand"
        )
        if rate > best:
            best, best_hands = rate, hands / elapsed
        best_cpu = max(best_cpu, cpu_rate)
    print(f"best: {best:,.0f} validated decisions per second, {best_hands:,.0f} hands per second")
    print(f"best per CPU second ({rules.name}): {best_cpu:,.0f} validated decisions")


if __name__ == "__main__":
    main()
