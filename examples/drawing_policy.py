"""Learn a linear policy for the drawing decision through the PettingZoo environment, and
evaluate it against a built-in bot in duplicate. Runs in a minute or two on a laptop.

The learner keeps the top card when ``w · features > 0``, with five features read from its
observation tensor (docs/env.md): the top card's high-card points, its rank, how many cards of
its suit the learner holds, how many cards it holds, and a constant. For the auction and the
play it uses the heuristic bot. The weights are found by the cross-entropy method, each
candidate scored by its mean points difference per hand against the opponent bot over
duplicate pairs (each stock played twice, with the seats swapped, so the luck of the cards
cancels).

    pip install 'honeymoon[env]'
    python examples/drawing_policy.py [--opponent heuristic] [--rounds 6] [--pairs 30]
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

import numpy as np

from honeymoon.actions import KEEP, REJECT
from honeymoon.bots import make_bot
from honeymoon.env import raw_env
from honeymoon.env.encoding import INFO
from honeymoon.views import view_for

HAND, LOOKING = INFO["hand"], INFO["looking_at"]
HIGH_CARD_POINTS = {14: 4, 13: 3, 12: 2, 11: 1}


def features(observation: np.ndarray) -> np.ndarray:
    """Five numbers about the drawing decision, from the seat's observation tensor."""
    top = int(np.argmax(observation[LOOKING : LOOKING + 52]))
    suit, rank = divmod(top, 13)
    hand = observation[HAND : HAND + 52]
    return np.array(
        [
            HIGH_CARD_POINTS.get(rank + 2, 0) / 4.0,
            rank / 12.0,
            hand[suit * 13 : suit * 13 + 13].sum() / 13.0,
            hand.sum() / 13.0,
            1.0,
        ]
    )


Weights = np.ndarray | str | None


def play_hand(weights: Weights, opponent: str, seed: int, learner: int) -> float:
    """One hand: the learner (in seat ``learner``) against ``opponent``; the learner's points
    minus the opponent's. ``weights`` None: the learner draws as the heuristic bot does;
    ``"random"``: it keeps or rejects at random."""
    coin = random.Random(seed)
    table = raw_env()
    table.reset(seed=seed)
    bots = {learner: make_bot("heuristic", seed=seed), 1 - learner: make_bot(opponent, seed=seed)}
    total = 0.0
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, _ = table.last()
        seat = table.possible_agents.index(agent)
        if seat == learner:
            total += reward
        if terminated or truncated:
            table.step(None)
            continue
        mask = observation["action_mask"]
        if seat == learner and weights is not None and mask[KEEP] and mask[REJECT]:
            if isinstance(weights, str):
                keep = coin.random() < 0.5
            else:
                keep = float(weights @ features(observation["observation"])) > 0.0
            table.step(KEEP if keep else REJECT)
        else:
            table.step(bots[seat].act(view_for(table.game, seat)))
    return total


def duplicate_score(weights: Weights, opponent: str, seeds: list[int]) -> list[float]:
    """Per stock, the mean of the learner's result in both seats."""
    return [
        (play_hand(weights, opponent, seed, 0) + play_hand(weights, opponent, seed, 1)) / 2
        for seed in seeds
    ]


def summary(scores: list[float]) -> str:
    mean = statistics.fmean(scores)
    half = 1.96 * statistics.stdev(scores) / math.sqrt(len(scores))
    return f"{mean:+8.1f} ± {half:5.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opponent", default="heuristic", help="a built-in bot's name")
    parser.add_argument("--rounds", type=int, default=6, help="cross-entropy rounds")
    parser.add_argument("--population", type=int, default=10)
    parser.add_argument("--pairs", type=int, default=30, help="duplicate pairs per candidate")
    parser.add_argument("--test-pairs", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    start = time.perf_counter()
    mean, spread = np.zeros(5), np.ones(5)
    mean[0], mean[4] = 1.0, -0.2  # start near "keep honours"
    for round_number in range(args.rounds):
        seeds = [int(s) for s in rng.integers(1 << 30, size=args.pairs)]
        candidates = [mean + spread * rng.standard_normal(5) for _ in range(args.population)]
        scored = sorted(
            (
                (statistics.fmean(duplicate_score(w, args.opponent, seeds)), i)
                for i, w in enumerate(candidates)
            ),
            reverse=True,
        )
        elite = np.array([candidates[i] for _, i in scored[: max(2, args.population // 4)]])
        mean, spread = elite.mean(axis=0), elite.std(axis=0) + 0.05
        print(
            f"round {round_number + 1}: best {scored[0][0]:+.1f} points a hand; "
            f"weights {np.round(mean, 2).tolist()} ({time.perf_counter() - start:.0f} s)"
        )
    test = [
        random.Random(f"test:{args.seed}:{i}").randrange(1 << 30) for i in range(args.test_pairs)
    ]
    print(f"against {args.opponent}, on {args.test_pairs} new stocks, points a hand:")
    for label, weights in (
        ("learned drawing, heuristic bidding and play", mean),
        ("heuristic drawing, bidding and play", None),
        ("random drawing, heuristic bidding and play", "random"),
    ):
        print(f"  {label:45} {summary(duplicate_score(weights, args.opponent, test))}")
    print(f"({time.perf_counter() - start:.0f} s in all)")


if __name__ == "__main__":
    main()
