"""How sane each level's contracts are: first hands of seeded games, checked double dummy.

For each seed ``0 … N-1`` the first hand of ``Game(seed=s)`` is played by bot A (South) and
bot B (East), then again with the seats swapped; every final contract is solved with the
double-dummy solver for the declared strain, the defender leading
(:func:`honeymoon.bots.sanity.check_hand`). Prints each bot's contracts declared and made, the
share that was double-dummy makeable, how many needed 3 or more tricks beyond it, its doubles
and what they gained, and its slams; then the time taken. One process, one core.

    python benchmarks/bot_sanity.py [BOT_A BOT_B] [--hands 200]
"""

from __future__ import annotations

import argparse
import time

from honeymoon.bots import make_bot
from honeymoon.bots.sanity import SanityStats, check_hand
from honeymoon.game import Game
from honeymoon.seats import Seat
from honeymoon.views import view_for


def main() -> None:
    """Play the hands and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bot_a", nargs="?", default="medium")
    parser.add_argument("bot_b", nargs="?", default="medium")
    parser.add_argument("--hands", type=int, default=200, help="seeds (each played twice)")
    args = parser.parse_args()
    stats = {"a": SanityStats(), "b": SanityStats()}
    started = time.perf_counter()
    for seed in range(args.hands):
        for a_seat in (Seat.SOUTH, Seat.EAST):
            game = Game(seed=seed, first_dealer=Seat.SOUTH)
            bots = {
                a_seat: make_bot(args.bot_a, f"{seed}:a"),
                a_seat.other: make_bot(args.bot_b, f"{seed}:b"),
            }
            while not game.history:
                seat = game.to_act
                assert seat is not None
                game.apply(bots[seat].act(view_for(game, seat)), seat)
            check = check_hand(game.history[0])
            stats["a"] += SanityStats.of([check], a_seat)
            stats["b"] += SanityStats.of([check], a_seat.other)
    elapsed = time.perf_counter() - started
    print(f"{args.bot_a} (A) against {args.bot_b} (B): first hands of seeds 0-{args.hands - 1}")
    print(f"  {args.bot_a} (A): {stats['a'].summary()}")
    print(f"  {args.bot_b} (B): {stats['b'].summary()}")
    print(f"{2 * args.hands} hands in {elapsed:.1f} s")


if __name__ == "__main__":
    main()
