"""The match runner on a Ray cluster: bad input, one result per pair, and a real local cluster
that loses a worker in the middle of a match and still reports the local runner's figures."""

from __future__ import annotations

import dataclasses
import json
import logging
import os
import socket
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from honeymoon.cli import main
from honeymoon.cluster import INSTALL_HINT, ClusterError
from honeymoon.match import (
    MatchConfig,
    MatchConfigError,
    MatchResult,
    PairOutcome,
    collect_pairs,
    play_pair,
    run_match,
)

KILLER = Path(__file__).resolve().parent / "worker_killing_bot.py"


def _refused_address() -> str:
    """HOST:PORT where nothing listens (a port just let go)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"127.0.0.1:{port}"


# -- bad input ----------------------------------------------------------------------------------


def test_an_unknown_cluster_is_refused_naming_the_one_known() -> None:
    config = MatchConfig("random", "random", rubber_pairs=1, cluster="spark")
    with pytest.raises(ClusterError) as raised:
        run_match(config)
    assert raised.value.code == "unknown_cluster"
    assert "'spark'" in str(raised.value) and "--cluster ray" in str(raised.value)


@pytest.mark.parametrize("address", ["nowhere", "ray://", "http://head:6379", "head:port"])
def test_an_address_of_no_known_form_is_refused(address: str) -> None:
    with pytest.raises(ClusterError) as raised:
        run_match(MatchConfig("random", "random", rubber_pairs=1, address=address))
    assert raised.value.code == "bad_address"
    assert "HOST:PORT" in str(raised.value) and "ray://HOST:PORT" in str(raised.value)


@pytest.mark.parametrize("scheme", ["", "ray://"])
def test_an_unreachable_cluster_is_told_at_once(scheme: str) -> None:
    address = scheme + _refused_address()
    with pytest.raises(ClusterError) as raised:
        run_match(MatchConfig("random", "random", rubber_pairs=1, address=address))
    assert raised.value.code == "cluster_unreachable"
    assert address in str(raised.value) and "ray start --head" in str(raised.value)


def test_the_command_tells_an_unreachable_cluster_without_a_traceback(
    capsys: pytest.CaptureFixture[str],
) -> None:
    address = _refused_address()
    status = main(["match", "random", "random", "--rubbers", "1", "--address", address])
    err = capsys.readouterr().err
    assert status == 2
    assert f"cannot reach a Ray cluster at '{address}'" in err
    assert "Traceback" not in err
    assert not Path("records").exists(), "nothing is played, so no record is written"


def test_without_ray_installed_the_error_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` now raises ImportError
    with pytest.raises(ClusterError) as raised:
        run_match(MatchConfig("random", "random", rubber_pairs=1, cluster="ray"))
    assert raised.value.code == "cluster_not_installed"
    assert INSTALL_HINT in str(raised.value)
    assert main(["match", "random", "random", "--rubbers", "1", "--cluster", "ray"]) == 2
    err = capsys.readouterr().err
    assert "pip install 'honeymoon[cluster]'" in err and "Traceback" not in err


def test_jobs_and_a_cluster_together_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["match", "random", "random", "--rubbers", "1", "--cluster", "ray", "--jobs", "2"]
    assert main(argv) == 2
    assert "leave --jobs out" in capsys.readouterr().err


def test_without_a_cluster_nothing_imports_ray(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    result = run_match(MatchConfig("random", "random", rubber_pairs=2, seed=1, max_hands=1))
    assert len(result.pairs) == 2


def test_a_node_without_the_package_is_told_to_install_it() -> None:
    import types

    from honeymoon.cluster import _result

    class RayError(Exception):
        pass

    class RayTaskError(RayError):
        def __init__(self, cause: Exception) -> None:
            super().__init__(str(cause))
            self.cause = cause

    def get(_ref: object) -> object:  # what ray.get raises when a node lacks the package
        raise RayTaskError(ModuleNotFoundError("No module named 'honeymoon'"))

    exceptions = types.SimpleNamespace(RayError=RayError, RayTaskError=RayTaskError)
    ray = types.SimpleNamespace(get=get, exceptions=exceptions)
    with pytest.raises(ClusterError) as raised:
        _result(ray, object(), 7)
    assert raised.value.code == "cluster_task_failed"
    message = str(raised.value)
    assert "rubber pair 7" in message and "No module named 'honeymoon'" in message
    assert "install honeymoon on every node" in message


# -- one result per pair ------------------------------------------------------------------------


def test_a_pair_that_comes_back_twice_counts_once() -> None:
    config = MatchConfig("heuristic", "random", rubber_pairs=3, seed=4, max_hands=2)
    pairs = [play_pair(config, pair) for pair in range(3)]
    seen: list[int] = []
    arrivals = iter([pairs[2], pairs[0], pairs[2], pairs[1], pairs[0]])
    result = collect_pairs(config, arrivals, lambda outcome: seen.append(outcome.pair))
    assert seen == [2, 0, 1]
    assert result.pairs == tuple(pairs)
    assert result.summary() == MatchResult(config, tuple(pairs)).summary()


def test_a_pair_that_never_comes_back_fails_the_match() -> None:
    config = MatchConfig("random", "random", rubber_pairs=3, seed=4, max_hands=1)
    arrivals = iter([play_pair(config, 0), play_pair(config, 2)])
    with pytest.raises(MatchConfigError, match="pair 1"):
        collect_pairs(config, arrivals)


def test_the_runner_is_stopped_when_the_caller_stops() -> None:
    config = MatchConfig("random", "random", rubber_pairs=2, seed=4, max_hands=1)
    closed: list[bool] = []

    def runner() -> Iterator[PairOutcome]:
        try:
            yield play_pair(config, 0)
            yield play_pair(config, 1)
        finally:
            closed.append(True)

    def stop(_outcome: PairOutcome) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        collect_pairs(config, runner(), stop)
    assert closed == [True]


# -- the driver's work per pair ------------------------------------------------------------------


class _InstantCluster:
    """Ray's calls as the driver makes them, on a cluster of ``cpus`` CPUs whose tasks finish
    in the order they were given, as soon as a wait asks; counts the tasks each wait looks at."""

    def __init__(self, cpus: int) -> None:
        self.cpus = cpus
        self.looked_at = 0
        self.order: list[Any] = []

    def is_initialized(self) -> bool:
        return True

    def cluster_resources(self) -> dict[str, float]:
        return {"CPU": float(self.cpus)}

    def remote(self, **_options: Any) -> Any:
        cluster = self

        class _Task:
            def __init__(self, _function: Any) -> None:
                pass

            def remote(self, _config: MatchConfig, pair: int) -> Any:
                ref = (pair,)
                cluster.order.append(ref)
                return ref

        return _Task

    def wait(self, refs: list[Any], num_returns: int = 1, timeout: float | None = None) -> Any:
        self.looked_at += len(refs)
        ready, self.order = self.order[:num_returns], self.order[num_returns:]
        return ready, []

    def get(self, ref: Any) -> Any:
        return PairOutcome(ref[0], ()), ()

    def cancel(self, ref: Any) -> None:
        raise AssertionError("a finished match leaves nothing to cancel")


@pytest.mark.parametrize("cpus", [25, 1600])
def test_the_driver_does_the_same_work_per_pair_whatever_the_cluster_size(cpus: int) -> None:
    from honeymoon.cluster import COLLECT_SHARE, in_flight_for, play_on_cluster

    cluster = _InstantCluster(cpus)
    pairs = 3 * in_flight_for(cpus)
    config = MatchConfig("random", "random", rubber_pairs=pairs, cluster="ray")
    outcomes = list(play_on_cluster(config, ray=cluster))
    assert sorted(outcome.pair for outcome in outcomes) == list(range(pairs))
    # Each wait looks at every pair in flight; collected in batches of an eighth of them, a
    # pair costs about COLLECT_SHARE looks (it cost the whole in-flight set, one pair a wait).
    assert cluster.looked_at / pairs <= 2 * COLLECT_SHARE


# -- a real local Ray cluster -------------------------------------------------------------------


@pytest.fixture
def ray_cluster() -> Iterator[Any]:
    """A new local Ray cluster of three worker CPUs in this process, shut down afterwards."""
    import ray

    ray.init(
        address="local",
        num_cpus=3,
        include_dashboard=False,
        logging_level=logging.WARNING,
        log_to_driver=False,
    )
    try:
        yield ray
    finally:
        ray.shutdown()


def _pair_figures(result: MatchResult) -> list[tuple[Any, ...]]:
    return [
        (
            pair.pair,
            pair.difference,
            tuple(
                (int(g.a_seat), g.total_a, g.total_b, g.winner, g.hands, g.forfeit)
                for g in pair.games
            ),
        )
        for pair in result.pairs
    ]


def _figures(result: MatchResult) -> dict[str, Any]:
    figures = result.summary().to_dict()
    del figures["decision_time"]  # seconds differ from run to run
    return figures


def _records(folder: Path) -> dict[str, str]:
    return {path.name: path.read_text() for path in sorted(folder.iterdir())}


@pytest.mark.slow
def test_a_worker_killed_mid_match_changes_nothing(ray_cluster: Any, tmp_path: Path) -> None:
    marker = tmp_path / "killed.json"
    bot_a = f"cmd:{sys.executable} {KILLER} {marker} 2"
    config = MatchConfig(
        bot_a,
        "heuristic",
        rubber_pairs=6,
        seed=21,
        max_hands=3,
        cluster="ray",
        records_dir=str(tmp_path / "ray"),
    )
    arrived: list[int] = []
    on_ray = run_match(config, lambda outcome: arrived.append(outcome.pair))

    killed = json.loads(marker.read_text())  # the bot did kill the process playing pair 2
    assert killed["command"].startswith("ray::"), killed
    with pytest.raises(ProcessLookupError):
        os.kill(killed["pid"], 0)
    assert ray_cluster.is_initialized(), "a connection made by the caller is left to it"

    here = run_match(dataclasses.replace(config, cluster=None, records_dir=str(tmp_path / "here")))
    assert sorted(arrived) == list(range(6)), "every pair reported once"
    assert _pair_figures(on_ray) == _pair_figures(here)
    assert _figures(on_ray) == _figures(here)
    assert _figures(on_ray)["rubbers"] == 12 and not _figures(on_ray)["forfeits"]["a"]
    assert _records(tmp_path / "ray") == _records(tmp_path / "here")
    assert len(_records(tmp_path / "ray")) == 12


@pytest.mark.slow
def test_the_command_on_a_cluster_of_its_own_reports_as_the_local_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import ray

    assert not ray.is_initialized()
    argv = ["match", "heuristic", "random", "--rubbers", "3", "--seed", "5", "--max-hands", "2"]
    assert main([*argv, "--json", "--no-records", "--address", "local"]) == 0
    on_ray = json.loads(capsys.readouterr().out)  # nothing but the report on stdout
    assert not ray.is_initialized(), "the connection the command made is closed"
    assert main([*argv, "--json", "--no-records"]) == 0
    here = json.loads(capsys.readouterr().out)
    for figures in (on_ray, here):
        del figures["decision_time"]
    assert on_ray == here


@pytest.mark.slow
def test_a_pair_lost_at_every_attempt_stops_the_match_naming_it(
    ray_cluster: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import honeymoon.cluster

    monkeypatch.setattr(honeymoon.cluster, "MAX_RETRIES", 0)  # one attempt: the lost one
    marker = tmp_path / "killed.json"
    config = MatchConfig(
        f"cmd:{sys.executable} {KILLER} {marker} 1",
        "random",
        rubber_pairs=3,
        seed=8,
        max_hands=2,
        cluster="ray",
        records_dir=str(tmp_path / "records"),
    )
    with pytest.raises(ClusterError) as raised:
        run_match(config)
    assert marker.exists(), "the worker playing pair 1 was killed"
    assert raised.value.code == "cluster_task_failed"
    assert "rubber pair 1 was lost" in str(raised.value)
    assert not (tmp_path / "records").exists() or not any(
        path.name.startswith("pair00001") for path in (tmp_path / "records").iterdir()
    ), "no record of the lost pair"
