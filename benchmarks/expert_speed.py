"""Expert bot speed: time per decision by kind, over a fixed-seed set of games.

The expert bot (default setting unless ``--samples`` is given) plays against the heuristic
bot, alternating seats; only the expert's decisions are timed, around ``act``. Prints, per kind
of decision (card played, call, drawing decision, preliminary-trick card), how many there were
and the p50, p95, p99 and maximum time. One process, one core.

    python benchmarks/expert_speed.py [--games 12] [--hands 3] [--seed 1] [--variant draw-discard]
"""

from __future__ import annotations

import argparse
import math
import platform
import statistics
import time

from honeymoon.bots import ExpertBot, make_bot
from honeymoon.bots.expert import DEFAULT_SAMPLES
from honeymoon.game import Game, Phase
from honeymoon.rules import find_variant
from honeymoon.seats import Seat
from honeymoon.solver import BACKEND
from honeymoon.views import view_for

_KINDS = {
    Phase.PLAY: "card played",
    Phase.AUCTION: "call",
    Phase.DRAWING: "drawing decision",
    Phase.PRELIMINARY: "preliminary card",
}


def _percentile(ordered: list[float], fraction: float) -> float:
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


def run(games: int, hands: int, seed: int, variant: str, samples: int) -> dict[Phase, list[float]]:
    """Play the games; return the expert's decision times (seconds) by phase."""
    rules = find_variant(variant)
    times: dict[Phase, list[float]] = {phase: [] for phase in _KINDS}
    clock = time.perf_counter
    for number in range(games):
        game = Game(rules, seed=f"{seed}:{number}")
        expert_seat = Seat.SOUTH if number % 2 == 0 else Seat.EAST
        expert = ExpertBot(f"{seed}:{number}:expert", samples=samples)
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
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES, help="layouts")
    args = parser.parse_args()
    print(
        f"Python {platform.python_version()}, solver {BACKEND}, one core; expert with "
        f"{args.samples} layouts against heuristic, {args.variant}, {args.games} games of at "
        f"most {args.hands} hands, seed {args.seed}"
    )
    started = time.perf_counter()
    times = run(args.games, args.hands, args.seed, args.variant, args.samples)
    elapsed = time.perf_counter() - started
    print(f"{'decision':<18} {'count':>6} {'mean':>9} {'p50':>9} {'p95':>9} {'p99':>9} {'max':>9}")
    everything: list[float] = []
    for phase, kind in _KINDS.items():
        ordered = sorted(times[phase])
        everything += ordered
        if not ordered:
            continue
        row = [statistics.fmean(ordered), _percentile(ordered, 0.5), _percentile(ordered, 0.95)]
        row += [_percentile(ordered, 0.99), ordered[-1]]
        cells = " ".join(f"{value * 1000:>6.1f} ms" for value in row)
        print(f"{kind:<18} {len(ordered):>6} {cells}")
    everything.sort()
    print(
        f"all decisions: {len(everything)}, p95 {_percentile(everything, 0.95) * 1000:.1f} ms, "
        f"max {everything[-1] * 1000:.1f} ms; {elapsed:.1f} s in all"
    )


if __name__ == "__main__":
    main()
