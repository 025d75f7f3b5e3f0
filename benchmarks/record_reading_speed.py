"""Speed of reading records: a full record against a player-safe copy, per variant.

Usage::

    python benchmarks/record_reading_speed.py [--rubbers 10] [--seed 0]

For each variant, ``--rubbers`` seeded rubbers are played to the end by a random player that
passes often (so hands end soon) and written twice: as a full record (``dumps(game)``) and as
a player-safe copy (``dumps(game, reveal=False)``: no stock, the drawing hidden). It times
``loads`` of each and prints milliseconds per hand. A full record is replayed once on its
stocks; a player-safe copy is replayed on a stand-in stock that ``records._shape`` fits by
replaying the hand on the engine until the engine accepts it (about one attempt per two
cards played), so it costs more.
"""

from __future__ import annotations

import argparse
import random
import time

from honeymoon.actions import FIRST_BID, PASS
from honeymoon.game import Game, Phase
from honeymoon.records import dumps, loads
from honeymoon.rules import VARIANTS


def _play(game: Game, rng: random.Random) -> None:
    while not game.is_over:
        legal = game.legal_actions()
        action = rng.choice(legal)
        if game.phase is Phase.AUCTION:
            bids = [a for a in legal if a >= FIRST_BID][:4]
            action = PASS if rng.random() < 0.4 or not bids else rng.choice(bids)
        game.apply(action)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rubbers", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    options = parser.parse_args()
    print(f"{'variant':<26}{'hands':>6}{'full ms/hand':>14}{'player-safe ms/hand':>21}")
    for name in sorted(VARIANTS):
        games = []
        for number in range(options.rubbers):
            seed = options.seed + number
            game = Game(VARIANTS[name], seed=seed)
            _play(game, random.Random(seed))
            games.append(game)
        hands = sum(len(game.history) for game in games)
        timings = []
        for reveal in (True, False):
            texts = [dumps(game, reveal=reveal) for game in games]
            start = time.perf_counter()
            for text in texts:
                loads(text)
            timings.append(1000 * (time.perf_counter() - start) / hands)
        print(f"{name:<26}{hands:>6}{timings[0]:>14.2f}{timings[1]:>21.2f}")


if __name__ == "__main__":
    main()
