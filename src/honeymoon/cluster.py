"""Duplicate matches on a Ray cluster: ``honeymoon match A B --cluster ray``.

Each rubber pair is one Ray task running :func:`honeymoon.match.play_pair_unwritten`, the
same function the local runner plays a pair with; the pairs come back as they finish and go
through :func:`honeymoon.match.collect_pairs`, so the progress bar and the statistics are the
local runner's. A pair's cards and bots' seeds follow from the match seed and the pair's
index, so the results are the same as on one machine, whatever the cluster's size.

A task whose worker process or node dies is played again by Ray (up to :data:`MAX_RETRIES`
times): a task returns its results instead of writing anything, and the results are keyed by
pair index, so a pair played twice counts once. Game records travel back with the results and
are written by the process that asked for the match, into a folder on its own machine: the
workers need no shared file system.

Ray is an optional extra (``pip install 'honeymoon[cluster]'``) and is imported only here,
only when a match asks for a cluster. The cluster's workers import ``honeymoon`` too: on a
real cluster it must be installed on every node (see docs/scale.md).
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import os
import re
import socket
from collections.abc import Iterator
from typing import Any

from honeymoon.match import MatchConfig, MatchConfigError, PairOutcome, write_records

__all__ = [
    "CLUSTERS",
    "INSTALL_HINT",
    "MAX_RETRIES",
    "ClusterError",
    "check_cluster",
    "in_flight_for",
    "play_on_cluster",
]

#: The clusters a match can run on.
CLUSTERS = ("ray",)

#: How to install what a cluster needs.
INSTALL_HINT = "pip install 'honeymoon[cluster]'"

#: How many times Ray plays a pair again whose worker process or node died.
MAX_RETRIES = 3

#: Seconds to wait for a cluster's port to answer before calling it unreachable.
PROBE_SECONDS = 5.0

#: Tasks kept in flight per CPU of the cluster (at least :data:`MIN_IN_FLIGHT`), so a match of
#: many thousands of pairs does not flood the scheduler and each wait looks at few tasks.
IN_FLIGHT_PER_CPU = 4
MIN_IN_FLIGHT = 32

#: The driver collects finished pairs in batches: each wait returns once one in
#: :data:`COLLECT_SHARE` of the pairs in flight have finished, or after :data:`COLLECT_SECONDS`
#: with whatever has (see ``benchmarks/cluster_driver.py``).
COLLECT_SHARE = 8
COLLECT_SECONDS = 0.05

_ADDRESS = re.compile(r"(?P<scheme>ray://)?(?P<host>\[[0-9A-Fa-f:.]+\]|[^\s:/\[\]]+):(?P<port>\d+)")
_ADDRESS_ADVICE = (
    "give HOST:PORT of the cluster's head (port 6379 unless `ray start --head --port` chose "
    "another), ray://HOST:PORT of its Ray Client server (port 10001), 'auto' for the cluster "
    "started on this machine, or 'local' for a new one here"
)


class ClusterError(MatchConfigError):
    """A match that cannot be played on the cluster asked for. Codes: ``unknown_cluster``,
    ``cluster_not_installed``, ``bad_address``, ``cluster_unreachable`` and
    ``cluster_task_failed``; the message says what would do.

    >>> check_cluster("spark", None)
    Traceback (most recent call last):
    ...
    honeymoon.cluster.ClusterError: unknown cluster 'spark': the one known is 'ray' (--cluster ray)
    """

    code = "bad_cluster"


def check_cluster(name: str | None, address: str | None) -> None:
    """Check the cluster's name and address, and that Ray is installed, before anything is
    played (whether the cluster answers is known only when the match starts).

    :raises ClusterError: saying what would do.
    """
    if name is not None and name not in CLUSTERS:
        known = ", ".join(repr(known) for known in CLUSTERS)
        raise ClusterError(
            f"unknown cluster {name!r}: the one known is {known} (--cluster ray)",
            "unknown_cluster",
        )
    if address is not None and address not in ("auto", "local") and not _ADDRESS.fullmatch(address):
        raise ClusterError(
            f"{address!r} is not a Ray cluster's address: {_ADDRESS_ADVICE}", "bad_address"
        )
    _import_ray()


def _import_ray() -> Any:
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise ClusterError(
            f"Ray is not installed, so a match cannot run on a cluster: install the cluster "
            f"extra with {INSTALL_HINT} (or leave --cluster and --address out to play the "
            "match here with --jobs)",
            "cluster_not_installed",
        ) from None


def play_on_cluster(config: MatchConfig, *, ray: Any = None) -> Iterator[PairOutcome]:
    """Play the pairs of ``config`` as Ray tasks and yield each pair's outcome once, as it
    finishes, after writing its records (if ``config.records_dir`` is set).

    Connects to ``config.address`` (or ``RAY_ADDRESS``, or the cluster started on this
    machine, else a new local one); a Ray connection this process already has is used as it is.
    A connection made here is closed when the generator ends. ``ray`` is Ray's module (by
    default imported here); a benchmark passes a simulated cluster with the same calls.

    :raises ClusterError: if the cluster cannot be reached, or a pair fails on it.
    """
    ray = ray if ray is not None else _import_ray()
    from honeymoon.match import play_pair_unwritten

    connected_here = _connect(ray, config.address)
    pending: dict[Any, int] = {}
    try:
        task = ray.remote(num_cpus=1, max_retries=MAX_RETRIES, retry_exceptions=False)(
            play_pair_unwritten
        )
        cpus = int(ray.cluster_resources().get("CPU", 1))
        in_flight = in_flight_for(cpus)
        waiting = iter(range(config.rubber_pairs))
        done: set[int] = set()
        while True:
            for pair in waiting:
                pending[task.remote(config, pair)] = pair
                if len(pending) >= in_flight:
                    break
            if not pending:
                return
            for ref in _finished(ray, pending):
                pair = pending.pop(ref)
                outcome, records = _result(ray, ref, pair)
                if outcome.pair != pair or pair in done:
                    continue
                done.add(pair)
                write_records(records)
                yield outcome
    finally:
        for ref in pending:
            with contextlib.suppress(Exception):
                ray.cancel(ref)
        if connected_here:
            ray.shutdown()


def in_flight_for(cpus: int) -> int:
    """How many pairs the driver keeps in flight on a cluster of ``cpus`` CPUs.

    >>> in_flight_for(2), in_flight_for(1600)
    (32, 6400)
    """
    return max(MIN_IN_FLIGHT, IN_FLIGHT_PER_CPU * cpus)


def _finished(ray: Any, pending: dict[Any, int]) -> list[Any]:
    """The tasks of ``pending`` that have finished, collected in a batch.

    One wait looks at every task in flight, so it waits for a share of them
    (:data:`COLLECT_SHARE`) or for :data:`COLLECT_SECONDS`, whichever comes first: on a busy
    cluster each wait collects many pairs, which keeps the driver's work per pair the same
    whatever the number in flight; on a slow one it wakes a few times a second at most.
    """
    refs = list(pending)
    share = max(1, len(refs) // COLLECT_SHARE)
    ready, _ = ray.wait(refs, num_returns=share, timeout=COLLECT_SECONDS)
    return list(ready)


def _result(ray: Any, ref: Any, pair: int) -> Any:
    try:
        return ray.get(ref)
    except ray.exceptions.RayTaskError as error:  # raised by the task's code, not a lost worker
        cause = error.cause if getattr(error, "cause", None) is not None else error
        advice = (
            ": install honeymoon on every node of the cluster (see docs/scale.md)"
            if isinstance(cause, ImportError)
            else ""
        )
        raise ClusterError(
            f"rubber pair {pair} failed on the cluster: {type(cause).__name__}: {cause}{advice}",
            "cluster_task_failed",
        ) from None
    except ray.exceptions.RayError as error:
        raise ClusterError(
            f"rubber pair {pair} was lost on the cluster at each of its {MAX_RETRIES + 1} "
            f"attempts ({type(error).__name__}): check that its nodes stay up and have honeymoon "
            "installed, then play the match again",
            "cluster_task_failed",
        ) from None


def _connect(ray: Any, address: str | None) -> bool:
    """Connect to the cluster unless this process already is; True if connected here."""
    if ray.is_initialized():
        return False
    target = address or os.environ.get("RAY_ADDRESS") or None
    if target is not None and target not in ("auto", "local"):
        _probe(target)
    try:
        ray.init(address=target, logging_level=logging.WARNING, log_to_driver=False)
    except (ConnectionError, TimeoutError, RuntimeError, ValueError) as error:
        where = f"at {target!r}" if target else "on this machine"
        token = (
            ""
            if os.environ.get("RAY_AUTH_MODE")
            else "; a cluster that asks for Ray's token authentication (as one started by "
            "`ray start` does since Ray 2.59) needs RAY_AUTH_MODE=token here too"
        )
        raise ClusterError(
            f"cannot connect to a Ray cluster {where}: {error} ({_ADDRESS_ADVICE}{token})",
            "cluster_unreachable",
        ) from None
    return True


def _probe(address: str) -> None:
    """Fail at once, not after Ray's long retries, when nothing listens at ``address``."""
    match = _ADDRESS.fullmatch(address)
    if match is None:
        raise ClusterError(
            f"{address!r} is not a Ray cluster's address: {_ADDRESS_ADVICE}", "bad_address"
        )
    host = match["host"].strip("[]")
    try:
        socket.create_connection((host, int(match["port"])), timeout=PROBE_SECONDS).close()
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise ClusterError(
            f"cannot reach a Ray cluster at {address!r} ({reason}): start one with "
            "`ray start --head` and give the address it prints (HOST:6379, or "
            "ray://HOST:10001 for its Ray Client server), or leave --address out to start "
            "one on this machine",
            "cluster_unreachable",
        ) from None
