"""Research environments' speed: random hands through the native engine, the OpenSpiel-shaped
state and the PettingZoo environment (with its observation tensors and action masks), side by
side in one process on one core; and, when they are installed, OpenSpiel's C++ bridge and
RLCard's bridge environment as anchors (neither is a dependency of this project).

Prints decisions per second by the wall clock and per CPU second of this process (the second is
steadier when other work shares the machine), and the second as a share of the native engine's.
A decision is a player's action; chance outcomes are not counted. Each loop does what a user's
loop must: the PettingZoo ones read the observation and pick a random action among the mask's
ones (``mask.nonzero()``), the engine's among its legal actions.

    python benchmarks/env_speed.py [--seconds 5] [--repeat 3] [--variant draw-discard]
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections.abc import Callable

import numpy as np

from honeymoon.engines import new_game
from honeymoon.env import HoneymoonState, env, raw_env
from honeymoon.env.batch import BatchEnv
from honeymoon.rules import find_variant

Runner = Callable[[float, int], int]


VARIANT = "draw-discard"


def native(seconds: float, seed: int) -> int:
    """Random hands through Game.legal_actions() and Game.apply(), one hand per game."""
    rules = find_variant(VARIANT)
    pick = random.Random(seed).random
    decisions = 0
    hand = 0
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        game = new_game(rules, seed=f"{seed}:{hand}", first_dealer=hand & 1)
        legal_actions, apply = game.legal_actions, game.apply
        while game.hand_number == 0:
            actions = legal_actions()
            apply(actions[int(pick() * len(actions))])
            decisions += 1
        hand += 1
    return decisions


def pettingzoo(make: Callable[[], object]) -> Runner:
    def run(seconds: float, seed: int) -> int:
        """Random hands through the AEC loop: last() (observation tensor copy and mask), a
        random action among the mask's ones, and step()."""
        table = make(variant=VARIANT)  # type: ignore[call-arg]
        pick = random.Random(seed).random
        decisions = 0
        hand = 0
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            table.reset(seed=seed * 1_000_003 + hand)  # type: ignore[attr-defined]
            for _ in table.agent_iter():  # type: ignore[attr-defined]
                observation, _, terminated, truncated, _ = table.last()  # type: ignore[attr-defined]
                if terminated or truncated:
                    table.step(None)  # type: ignore[attr-defined]
                    continue
                legal = observation["action_mask"].nonzero()[0]
                table.step(int(legal[int(pick() * len(legal))]))  # type: ignore[attr-defined]
                decisions += 1
            hand += 1
        return decisions

    return run


def batch(size: int) -> Runner:
    def run(seconds: float, seed: int) -> int:
        """Random hands through BatchEnv, ``size`` games a step: each game's action drawn
        uniformly among its mask's ones (the arg max of random numbers times the mask)."""
        table = BatchEnv(size, variant=VARIANT, seed=seed)
        rng = np.random.default_rng(seed)
        _, masks = table.reset()
        decisions = 0
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            actions = (rng.random(masks.shape) * masks).argmax(axis=1)
            masks = table.step(actions).masks
            decisions += size
        return decisions

    return run


def spiel_state(tensors: bool) -> Runner:
    def run(seconds: float, seed: int) -> int:
        """Random hands through HoneymoonState, chance nodes included."""
        rng = random.Random(seed)
        rules = find_variant(VARIANT)
        decisions = 0
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            state = HoneymoonState(rules, first_dealer=decisions & 1)
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(rng.choice(state.chance_outcomes())[0])
                    continue
                if tensors:
                    player = state.current_player()
                    state.information_state_tensor(player)
                    state.legal_actions_mask()
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
        return decisions

    return run


def open_spiel_bridge(tensors: bool) -> Runner | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    # Cards played out (its default scores the auction by a double-dummy solve instead).
    game = pyspiel.load_game("bridge(use_double_dummy_result=false)")

    def run(seconds: float, seed: int) -> int:
        """OpenSpiel's C++ bridge (four hands, auction and play) through its Python API."""
        rng = random.Random(seed)
        decisions = 0
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
                    continue
                if tensors:
                    state.observation_tensor()
                    state.legal_actions_mask()
                actions = state.legal_actions()
                state.apply_action(actions[int(rng.random() * len(actions))])
                decisions += 1
        return decisions

    return run


def rlcard_bridge() -> Runner | None:
    try:
        import rlcard  # type: ignore[import-not-found]
    except ImportError:
        return None

    def run(seconds: float, seed: int) -> int:
        """RLCard's bridge environment (its encoded state and legal actions at every step)."""
        table = rlcard.make("bridge", config={"seed": seed})
        rng = random.Random(seed)
        decisions = 0
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            state, _ = table.reset()
            while not table.is_over():
                legal = list(state["legal_actions"].keys())
                state, _ = table.step(legal[int(rng.random() * len(legal))])
                decisions += 1
        return decisions

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per run")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each; the best is shown")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", default="draw-discard", help="for this project's runs")
    parser.add_argument("--no-anchors", action="store_true", help="skip OpenSpiel and RLCard")
    args = parser.parse_args()
    global VARIANT
    VARIANT = args.variant
    print(
        f"Python {platform.python_version()} ({platform.python_implementation()}), one core; "
        f"variant {VARIANT}"
    )
    runners: list[tuple[str, Runner | None]] = [
        ("native Game (legal_actions + apply)", native),
        ("PettingZoo raw_env (tensor + mask)", pettingzoo(raw_env)),
        ("PettingZoo env() (tensor + mask)", pettingzoo(env)),
        ("BatchEnv of 64 games (tensors + masks)", batch(64)),
        ("HoneymoonState (no tensors)", spiel_state(False)),
        ("HoneymoonState (info tensor + mask)", spiel_state(True)),
        ("anchor: OpenSpiel bridge (no tensors)", open_spiel_bridge(False)),
        ("anchor: OpenSpiel bridge (tensor + mask)", open_spiel_bridge(True)),
        ("anchor: RLCard bridge", rlcard_bridge()),
    ]
    native_cpu = 0.0
    for name, runner in runners:
        if args.no_anchors and name.startswith("anchor"):
            continue
        if runner is None:
            print(f"{name:44} not installed: skipped")
            continue
        best = best_cpu = 0.0
        for index in range(args.repeat):
            wall, cpu = time.perf_counter(), time.process_time()
            decisions = runner(args.seconds, args.seed + index)
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            best = max(best, decisions / wall)
            best_cpu = max(best_cpu, decisions / cpu)
        if runner is native:
            native_cpu = best_cpu
        share = f"{best_cpu / native_cpu:6.1%} of native" if native_cpu else ""
        print(f"{name:44} {best:>11,.0f} decisions/s   {best_cpu:>11,.0f} per CPU second   {share}")


if __name__ == "__main__":
    main()
