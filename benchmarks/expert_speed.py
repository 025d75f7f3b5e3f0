"""Decision time of each level: time per decision by kind, over a fixed-seed set of games.

Each level's bot (``easy``, ``medium``, ``hard``; the expert at its default setting unless
``--samples``, ``--max-samples`` or ``--time-budget`` is given) plays against the heuristic bot,
alternating seats; only the level's decisions are timed, around ``act``. Prints, per level and
kind of decision (card played, call, drawing decision, preliminary-trick card), how many there
were and the mean, p50, p95, p99 and maximum time. One process, one core.

``--clock cpu`` times the process's CPU time instead of the wall clock: on a machine whose
other work comes and goes, rounds measured so compare with each other (the wall clock is what
a player waits, and the default).

    python benchmarks/expert_speed.py [--games 12] [--hands 3] [--seed 1] [--variant draw-discard]
        [--levels easy,medium,hard] [--samples 40] [--max-samples N] [--time-budget SECONDS]
        [--clock wall|cpu]
"""

from __future__ import annotations

import argparse
import math
import platform
import statistics
import time
from collections.abc import Callable

from honeymoon.bots import LEVELS, Bot, ExpertBot, make_bot
from honeymoon.bots.expert import DEFAULT_SAMPLES
from honeymoon.engines import new_game
from honeymoon.game import Phase
from honeymoon.rules import find_variant
from honeymoon.seats import Seat
from honeymoon.solver import BACKEND
from honeymoon.views import view_for

_KINDS = {
    Phase.PLAY: "card played",
    Phase.AUCTION: "call",
    Phase.DRAWING: "drawing decision",
    Phase.PRELIMINARY: "preliminary card",
    Phase.EXCHANGE: "exchange discard",
}


def _percentile(ordered: list[float], fraction: float) -> float:
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


_CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}


def run(
    games: int,
    hands: int,
    seed: int,
    variant: str,
    build: Callable[[str], Bot],
    clock: Callable[[], float] = time.perf_counter,
) -> dict[Phase, list[float]]:
    """Play the games; return the timed bot's decision times (seconds) by phase."""
    rules = find_variant(variant)
    times: dict[Phase, list[float]] = {phase: [] for phase in _KINDS}
    for number in range(games):
        game = new_game(rules, seed=f"{seed}:{number}")
        expert_seat = Seat.SOUTH if number % 2 == 0 else Seat.EAST
        expert = build(f"{seed}:{number}:expert")
        other = make_bot("heuristic", f"{seed}:{number}:heuristic")
        while not game.is_over and game.hand_number < hands:
            seat = game.to_act
            assert seat is not None
            view = view_for(game, seat)
            if seat is expert_seat:
                started = clock()
                action = expert.act(view)
                times[view.phase].append(clock() - started)
            else:
                action = other.act(view)
            game.apply(action, seat)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12, help="games (rubbers), seats alternate")
    parser.add_argument("--hands", type=int, default=3, help="hands per game at most")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", default="draw-discard")
    parser.add_argument("--levels", default=",".join(LEVELS), help="levels to time, by commas")
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES, help="expert's layouts")
    parser.add_argument(
        "--max-samples", type=int, default=None, help="expert's layouts for a close decision"
    )
    parser.add_argument(
        "--time-budget", type=float, default=None, help="expert's seconds per decision"
    )
    parser.add_argument(
        "--clock",
        choices=sorted(_CLOCKS),
        default="wall",
        help="wall: the time a player waits (default); cpu: the process's CPU time",
    )
    args = parser.parse_args()
    levels = [level.strip() for level in args.levels.split(",") if level.strip()]
    for level in levels:
        if level not in LEVELS:
            parser.error(f"unknown level {level!r}: choose from {', '.join(LEVELS)}")
    grown = ExpertBot(0, samples=args.samples, max_samples=args.max_samples).max_samples
    expert = (
        f"{args.samples} layouts, at most {grown} when close, "
        f"time budget {f'{args.time_budget} s' if args.time_budget else 'none'}"
    )
    print(
        f"Python {platform.python_version()}, solver {BACKEND}, one core; each level against "
        f"heuristic, {args.variant}, {args.games} games of at most {args.hands} hands, seed "
        f"{args.seed}; hard: expert with {expert}; {args.clock} clock"
    )

    def build(level: str) -> Callable[[str], Bot]:
        if LEVELS[level] == "expert":
            return lambda seed: ExpertBot(
                seed,
                samples=args.samples,
                max_samples=args.max_samples,
                time_budget=args.time_budget,
            )
        return lambda seed: make_bot(level, seed)

    print(
        f"{'level':<7} {'decision':<18} {'count':>6} {'mean':>9} {'p50':>9} {'p95':>9} "
        f"{'p99':>9} {'max':>9}"
    )
    for level in levels:
        clock = _CLOCKS[args.clock]
        started = clock()
        times = run(args.games, args.hands, args.seed, args.variant, build(level), clock)
        elapsed = clock() - started
        everything: list[float] = []
        for phase, kind in _KINDS.items():
            ordered = sorted(times[phase])
            everything += ordered
            if not ordered:
                continue
            row = [statistics.fmean(ordered), _percentile(ordered, 0.5)]
            row += [_percentile(ordered, 0.95), _percentile(ordered, 0.99), ordered[-1]]
            cells = " ".join(f"{value * 1000:>6.1f} ms" for value in row)
            print(f"{level:<7} {kind:<18} {len(ordered):>6} {cells}")
        everything.sort()
        print(
            f"{level:<7} all decisions: {len(everything)}, p95 "
            f"{_percentile(everything, 0.95) * 1000:.1f} ms, max {everything[-1] * 1000:.1f} ms; "
            f"{elapsed:.1f} s in all"
        )


if __name__ == "__main__":
    main()
