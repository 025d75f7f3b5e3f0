"""The match driver's CPU per rubber pair on a simulated cluster, by the number of pairs in
flight: does the driver keep up with a 100-node cluster?

The driver (:func:`honeymoon.cluster.play_on_cluster`) is run as it is, against a simulated
cluster that makes the same calls of Ray's API (``remote``, ``wait``, ``get``, ``cancel``,
``cluster_resources``): every task takes ``--task-seconds`` (±50%, seeded) of simulated time on
one of the cluster's CPUs and returns an empty pair, and ``wait`` moves the simulated clock on
to the moment its answer is ready (or its timeout), looking at every task it is given once, as
Ray's does. What is measured is the driver's own CPU time (``time.process_time``) per pair,
the simulation included; the cluster's tasks cost the driver nothing, as on a real cluster.

Each size is run twice: collecting one finished pair per wait (the driver before batching:
``COLLECT_SHARE`` set so that each wait returns at the first pair) and in batches (today). At
``--task-seconds`` 0.5, 6,400 in flight is a cluster of 1,600 CPUs (100 nodes of 16) finishing
about 3,200 pairs a second; the last column is the share of one core the driver needs to keep
up with that rate (above 100% the driver, not the cluster, sets the pace).

A real ``ray.wait`` costs more per task looked at than the simulation's; ``--real-ray``
measures it on a local Ray cluster (tasks that never finish, so the wait looks at all of them)
and prints the driver's wait CPU per pair it implies, one pair per wait and batched.

    python benchmarks/cluster_driver.py [--in-flight 100,1600,6400] [--generations 6]
        [--task-seconds 0.5] [--seed 1] [--real-ray]
"""

from __future__ import annotations

import argparse
import heapq
import random
import time
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

import honeymoon.cluster as cluster
from honeymoon.match import MatchConfig, PairOutcome


class _Ref:
    __slots__ = ("pair", "done")

    def __init__(self, pair: int) -> None:
        self.pair = pair
        self.done = False


class _Exceptions:
    class RayError(Exception):
        pass

    class RayTaskError(RayError):
        pass


class SimulatedCluster:
    """The parts of Ray's API the driver calls, on ``cpus`` simulated CPUs."""

    exceptions = _Exceptions

    def __init__(self, cpus: int, task_seconds: float, seed: int) -> None:
        self.cpus = cpus
        self.task_seconds = task_seconds
        self.rng = random.Random(seed)
        self.now = 0.0
        self.running: list[tuple[float, int, _Ref]] = []
        self.queued: deque[_Ref] = deque()
        self.uncollected = 0
        self.started = 0

    def is_initialized(self) -> bool:
        return True

    def cluster_resources(self) -> dict[str, float]:
        return {"CPU": float(self.cpus)}

    def remote(self, **_options: Any) -> Callable[[Any], Any]:
        simulation = self

        class _Task:
            def __init__(self, _function: Any) -> None:
                pass

            def remote(self, _config: MatchConfig, pair: int) -> _Ref:
                return simulation.submit(pair)

        return _Task

    def submit(self, pair: int) -> _Ref:
        ref = _Ref(pair)
        if len(self.running) < self.cpus:
            self._start(ref)
        else:
            self.queued.append(ref)
        return ref

    def _start(self, ref: _Ref) -> None:
        self.started += 1
        finish = self.now + self.task_seconds * self.rng.uniform(0.5, 1.5)
        heapq.heappush(self.running, (finish, self.started, ref))

    def wait(
        self, refs: Sequence[_Ref], num_returns: int = 1, timeout: float | None = None
    ) -> tuple[list[_Ref], list[_Ref]]:
        until = float("inf") if timeout is None else self.now + timeout
        while self.uncollected < num_returns and self.running and self.running[0][0] <= until:
            self.now, _, ref = heapq.heappop(self.running)
            ref.done = True
            self.uncollected += 1
            if self.queued:
                self._start(self.queued.popleft())
        if self.uncollected < num_returns:
            self.now = until
        ready = [ref for ref in refs if ref.done][:num_returns]
        self.uncollected -= len(ready)
        return ready, []

    def get(self, ref: _Ref) -> tuple[PairOutcome, tuple[tuple[str, str], ...]]:
        return PairOutcome(ref.pair, ()), ()

    def cancel(self, ref: _Ref) -> None:
        pass

    def shutdown(self) -> None:
        pass


def _driver_cpu(in_flight: int, pairs: int, task_seconds: float, seed: int) -> tuple[float, float]:
    """Driver CPU seconds per pair, and the simulated cluster's pairs per second."""
    simulation = SimulatedCluster(in_flight // cluster.IN_FLIGHT_PER_CPU, task_seconds, seed)
    config = MatchConfig("random", "random", rubber_pairs=pairs, cluster="ray")
    started = time.process_time()
    finished = sum(1 for _ in cluster.play_on_cluster(config, ray=simulation))
    spent = time.process_time() - started
    assert finished == pairs, (finished, pairs)
    return spent / pairs, pairs / simulation.now


def _sleep(seconds: float) -> None:
    time.sleep(seconds)


def _real_waits(sizes: Sequence[int], repeat: int = 20) -> None:
    """A real ``ray.wait``'s CPU at each size, and what it costs per pair."""
    import ray

    ray.init(num_cpus=1, logging_level="ERROR", log_to_driver=False)
    try:
        blocker = ray.remote(num_cpus=1)(_sleep)
        refs = [blocker.remote(3600) for _ in range(max(sizes))]
        time.sleep(3)
        print(f"\n{'in flight':>9}  {'real wait':>10}  {'one per wait':>12}  {'batched':>9}")
        for size in sizes:
            started = time.process_time()
            for _ in range(repeat):
                ray.wait(refs[:size], num_returns=1, timeout=0)
            wait = (time.process_time() - started) / repeat
            batch = max(1, size // cluster.COLLECT_SHARE)
            print(
                f"{size:>9,}  {wait * 1e3:>7.2f} ms  {wait * 1e6:>9,.0f} us  "
                f"{wait / batch * 1e6:>6,.1f} us"
            )
    finally:
        ray.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--in-flight", default="100,1600,6400")
    parser.add_argument("--generations", type=int, default=6, help="pairs = this × in flight")
    parser.add_argument("--task-seconds", type=float, default=0.5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--real-ray", action="store_true", help="also time a real ray.wait")
    args = parser.parse_args()
    sizes = [int(size) for size in args.in_flight.split(",")]
    print(
        f"{'in flight':>9}  {'pairs':>6}  {'pairs/s':>8}  {'driver':<13} "
        f"{'CPU per pair':>12}  {'core at that rate':>17}"
    )
    batched_share = cluster.COLLECT_SHARE
    for in_flight in sizes:
        pairs = in_flight * args.generations
        for label, share in (("one per wait", 10**9), ("batched", batched_share)):
            cluster.COLLECT_SHARE = share
            per_pair, rate = _driver_cpu(in_flight, pairs, args.task_seconds, args.seed)
            print(
                f"{in_flight:>9,}  {pairs:>6,}  {rate:>8,.0f}  {label:<13} "
                f"{per_pair * 1e6:>9,.1f} us  {per_pair * rate:>16.1%}"
            )
    cluster.COLLECT_SHARE = batched_share
    if args.real_ray:
        _real_waits(sizes)


if __name__ == "__main__":
    main()
