"""Load test of the web server: N concurrent games, two websocket players each, on loopback.

Starts ``honeymoon serve`` in a subprocess on 127.0.0.1 with a fresh SQLite database (or
``--database URL``), creates N games over HTTP, connects two websocket clients per game, and
lets each player, when it is their turn, think for a random time and then send a random
legal move. Reports moves per second and the latency from a move being sent to the
opponent receiving the new state (p50/p95/p99), and from the move to its ack.

    python benchmarks/web_load.py --games 300 --duration 60

With ``--nodes 2 --database postgresql+psycopg://... --redis redis://...`` it starts that many
nodes on the one database, creates the games on them in turn, and connects the two seats of
each game to two different nodes, so that every move reaches the opponent through the
database and a Redis notice (the worst case for a load balancer without sticky sessions).

With ``--idle`` nobody moves: every seat connects, reads its hello and then only pings every
30 s as the browser does, and the server processes' CPU is measured over ``--duration``
seconds once every seat is connected. What an idle server costs should not grow with the
number of connected games (the resync, the computer's due turns and presence do work in
proportion to what changed):

    python benchmarks/web_load.py --idle --games 1000 --duration 60

Bounded in count (``--games`` at most 2000) and time (``--duration`` plus the set-up).

The server runs with its default limits. Each simulated player stands for a person on a
device of their own, so each one's requests carry an ``X-Forwarded-For`` address of its own
(the server believes that header from loopback, as from a reverse proxy on the same machine):
the per-address limits then apply per player, as they would on the internet. No traffic goes
to those addresses; they are only labels in a header.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from websockets.asyncio.client import ClientConnection, connect

HOST = "127.0.0.1"  # loopback only
MAX_GAMES = 2000


@dataclass
class Stats:
    """Latencies in seconds, and counters."""

    to_opponent: list[float] = field(default_factory=list)
    to_ack: list[float] = field(default_factory=list)
    moves: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    finished_games: int = 0


@dataclass
class GameClock:
    """When each version's move was sent (shared by a game's two players)."""

    sent: dict[int, float] = field(default_factory=dict)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))
    return ordered[index]


def player_address(number: int) -> str:
    """A distinct documentation-range label (198.18.0.0/15) for simulated player ``number``."""
    return f"198.{18 + number // 65536}.{number // 256 % 256}.{number % 256}"


async def player(
    token: str,
    address: str,
    url: str,
    clock: GameClock,
    stats: Stats,
    stop_at: float,
    think: tuple[float, float],
    rng: random.Random,
) -> None:
    """One seat: answer each own turn with a random legal move after thinking."""
    async with connect(
        url,
        max_size=2**22,
        ping_interval=None,
        additional_headers={"X-Forwarded-For": address},
    ) as websocket:
        await websocket.send(json.dumps({"type": "hello", "token": token}))
        pending: dict[str, float] = {}
        turn_task: asyncio.Task[None] | None = None

        async def move_later(version: int, legal: list[int], ws: ClientConnection) -> None:
            await asyncio.sleep(rng.uniform(*think))
            if time.monotonic() >= stop_at:
                return
            move_id = f"{version}-{rng.getrandbits(48):x}"
            now = time.monotonic()
            pending[move_id] = now
            clock.sent[version + 1] = now
            await ws.send(
                json.dumps(
                    {
                        "type": "move",
                        "action": rng.choice(legal),
                        "version": version,
                        "move_id": move_id,
                    }
                )
            )

        while time.monotonic() < stop_at:
            try:
                raw = await asyncio.wait_for(websocket.recv(), max(0.1, stop_at - time.monotonic()))
            except TimeoutError:
                break
            arrived = time.monotonic()
            message = json.loads(raw)
            kind = message["type"]
            if kind == "ack":
                sent = pending.pop(message["move_id"], None)
                if sent is not None:
                    stats.to_ack.append(arrived - sent)
                    stats.moves += 1
            elif kind == "error":
                stats.errors[message["code"]] = stats.errors.get(message["code"], 0) + 1
            elif kind in ("hello", "state"):
                version = message["version"]
                view = message["view"]
                sent = clock.sent.get(version)
                if kind == "state" and sent is not None and view["to_act"] == view["seat"]:
                    # The opponent's move, as seen here.
                    stats.to_opponent.append(arrived - sent)
                if view["phase"] == "complete":
                    stats.finished_games += 1
                    break
                if view["to_act"] == view["seat"] and view["legal_actions"]:
                    legal = [entry["action"] for entry in view["legal_actions"]]
                    if turn_task is None or turn_task.done():
                        turn_task = asyncio.create_task(move_later(version, legal, websocket))
        if turn_task is not None:
            turn_task.cancel()


#: Seconds between two pings of an idle client (as the browser page pings).
IDLE_PING = 30.0


async def idle_player(
    token: str,
    address: str,
    url: str,
    connected: asyncio.Event,
    finished: asyncio.Event,
    stop_at: float,
    first_ping: float,
    stats: Stats,
) -> None:
    """One seat that never moves: read the hello, then ping now and then until the
    measurement is ``finished`` (or ``stop_at`` at the latest)."""
    async with connect(
        url, ping_interval=None, additional_headers={"X-Forwarded-For": address}
    ) as websocket:
        await websocket.send(json.dumps({"type": "hello", "token": token}))
        hello = json.loads(await websocket.recv())
        if hello["type"] != "hello":
            raise RuntimeError(f"no hello but {hello.get('code')}")
        connected.set()
        next_ping = time.monotonic() + first_ping
        while time.monotonic() < stop_at and not finished.is_set():
            wait = max(0.1, min(next_ping, time.monotonic() + 1.0) - time.monotonic())
            try:
                message = json.loads(await asyncio.wait_for(websocket.recv(), wait))
            except TimeoutError:
                if time.monotonic() >= next_ping:
                    await websocket.send('{"type":"ping"}')
                    next_ping += IDLE_PING
                continue
            if message["type"] == "error":
                stats.errors[message["code"]] = stats.errors.get(message["code"], 0) + 1


async def run_idle(
    args: argparse.Namespace, bases: list[str], pids: list[int]
) -> tuple[Stats, list[float], float]:
    """Connect both seats of every game (to two nodes when there are several), wait until all
    are connected and a few seconds more, then measure each server's CPU over ``--duration``
    seconds; returns the stats, each server's CPU seconds and the seconds measured."""
    stats = Stats()
    games = await create_games(args, bases)
    urls = [base.replace("http://", "ws://") + "/ws" for base in bases]
    # At the latest: long enough for every client to connect, the measured period, a margin.
    finished = asyncio.Event()
    stop_at = time.monotonic() + IDLE_SETUP + IDLE_SETTLE + args.duration + 5
    events: list[asyncio.Event] = []
    tasks = []
    # Each client's first ping at a moment of its own, so that the clients do not ping in step.
    rng = random.Random(args.seed)
    for number, game in enumerate(games):
        for seat, token in enumerate((game["token"], game["opponent_token"])):
            event = asyncio.Event()
            events.append(event)
            url = urls[(number + seat) % len(urls)]
            address = player_address(2 * number + seat)
            tasks.append(
                asyncio.create_task(
                    idle_player(
                        token,
                        address,
                        url,
                        event,
                        finished,
                        stop_at,
                        rng.uniform(0, IDLE_PING),
                        stats,
                    )
                )
            )
    waiting = asyncio.gather(*(event.wait() for event in events))
    try:
        await asyncio.wait_for(waiting, IDLE_SETUP)
    except TimeoutError:
        raise SystemExit("not every idle client connected in time") from None
    await asyncio.sleep(IDLE_SETTLE)  # the presence of the last arrivals settles first
    before = [cpu_seconds(pid) for pid in pids]
    started = time.monotonic()
    await asyncio.sleep(args.duration)
    used = [cpu_seconds(pid) - was for pid, was in zip(pids, before, strict=True)]
    elapsed = time.monotonic() - started
    finished.set()
    results = await asyncio.gather(*tasks, return_exceptions=True)
    failures = [r for r in results if isinstance(r, BaseException)]
    if failures:
        stats.errors["client_failure"] = len(failures)
        print(f"first client failure: {failures[0]!r}", file=sys.stderr)
    return stats, used, elapsed


#: Seconds allowed for every idle client to connect, and waited after that before measuring.
IDLE_SETUP = 120.0
IDLE_SETTLE = 5.0


def report_idle(args: argparse.Namespace, stats: Stats, used: list[float], elapsed: float) -> None:
    shown = args.database.split("@")[-1] if args.database else "sqlite (temporary file)"
    nodes = f"{args.nodes} nodes, Redis notices" if args.nodes > 1 else "one node"
    print(f"idle: {args.games} games ({2 * args.games} websocket clients), nobody moving")
    print(f"database: {shown}; {nodes}")
    per_node = ", ".join(f"{seconds / elapsed * 100:.1f}%" for seconds in used)
    print(
        f"CPU over {elapsed:.1f} s: servers {sum(used):.2f} s, "
        f"{sum(used) / elapsed * 100:.1f}% of a core (each node: {per_node}); "
        f"machine load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )
    print(f"errors: {stats.errors or 'none'}")


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a process so far (Linux), or NaN."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def client_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def start_server(
    port: int, database: str, log: Path, extra: dict[str, str] | None = None
) -> subprocess.Popen[bytes]:
    env = dict(os.environ, HONEYMOON_LOG_LEVEL="warning", **(extra or {}))
    command = [
        sys.executable, "-m", "honeymoon", "serve",
        "--host", HOST, "--port", str(port), "--database", database,
    ]  # fmt: skip
    with log.open("wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://{HOST}:{port}/healthz", timeout=1).status_code == 200:
                return process
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit(f"the server did not start: {log.read_text()[-2000:]}")


async def create_games(args: argparse.Namespace, bases: list[str]) -> list[dict[str, str]]:
    """Create ``--games`` games between friends, game ``n`` on node ``n % len(bases)``."""
    games = []
    for number in range(args.games):
        base = bases[number % len(bases)]
        async with httpx.AsyncClient(base_url=base, timeout=30) as client:
            answer = await client.post(
                "/api/games",
                json={"opponent": "friend"},
                headers={"X-Forwarded-For": player_address(2 * number)},
            )
        answer.raise_for_status()
        games.append(answer.json())
    return games


async def run(args: argparse.Namespace, bases: list[str]) -> Stats:
    """Play on the nodes at ``bases``: game ``n`` is created on node ``n % len(bases)``, its
    first seat plays there and its second on the next node."""
    stats = Stats()
    rng = random.Random(args.seed)
    games = await create_games(args, bases)
    urls = [base.replace("http://", "ws://") + "/ws" for base in bases]
    setup_done = time.monotonic()
    stop_at = setup_done + args.duration
    tasks = []
    think = (args.think_min, args.think_max)
    for number, game in enumerate(games):
        clock = GameClock()
        for seat, token in enumerate((game["token"], game["opponent_token"])):
            seat_rng = random.Random(rng.getrandbits(64))
            address = player_address(2 * number + seat)
            url = urls[(number + seat) % len(urls)]
            tasks.append(player(token, address, url, clock, stats, stop_at, think, seat_rng))
    results = await asyncio.gather(*tasks, return_exceptions=True)
    failures = [r for r in results if isinstance(r, BaseException)]
    if failures:
        stats.errors["client_failure"] = len(failures)
        print(f"first client failure: {failures[0]!r}", file=sys.stderr)
    stats.elapsed = time.monotonic() - setup_done  # type: ignore[attr-defined]
    return stats


def report(args: argparse.Namespace, stats: Stats) -> None:
    elapsed = getattr(stats, "elapsed", args.duration)
    ms = 1000.0
    print(f"games: {args.games} ({2 * args.games} websocket clients), think time "
          f"{args.think_min}-{args.think_max} s, {elapsed:.1f} s measured")  # fmt: skip
    shown = args.database.split("@")[-1] if args.database else "sqlite (temporary file)"
    nodes = f"{args.nodes} nodes, Redis notices" if args.nodes > 1 else "one node"
    print(f"database: {shown}; {nodes}")
    print(f"moves acknowledged: {stats.moves} ({stats.moves / elapsed:.1f} moves/s)")
    for name, values in (("move -> opponent's update", stats.to_opponent),
                         ("move -> ack", stats.to_ack)):  # fmt: skip
        if values:
            print(
                f"{name}: p50 {percentile(values, 0.50) * ms:.1f} ms, "
                f"p95 {percentile(values, 0.95) * ms:.1f} ms, "
                f"p99 {percentile(values, 0.99) * ms:.1f} ms, "
                f"max {max(values) * ms:.1f} ms, mean {statistics.fmean(values) * ms:.1f} ms "
                f"({len(values)} samples)"
            )
    server_cpu = getattr(stats, "server_cpu", None)
    if server_cpu is not None and stats.moves:
        client_cpu = getattr(stats, "client_cpu", 0.0)
        print(
            f"CPU: server {server_cpu:.1f} s ({server_cpu / stats.moves * 1000:.2f} ms a move, "
            f"{server_cpu / elapsed * 100:.0f}% of a core), load generator {client_cpu:.1f} s; "
            f"machine load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
        )
    print(f"errors: {stats.errors or 'none'}; rubbers finished: {stats.finished_games // 2}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300, help="concurrent games (max 2000)")
    parser.add_argument("--duration", type=float, default=60.0, help="seconds of play")
    parser.add_argument("--think-min", type=float, default=0.5, help="seconds (default 0.5)")
    parser.add_argument("--think-max", type=float, default=1.5, help="seconds (default 1.5)")
    parser.add_argument("--database", help="SQLAlchemy URL (default: a temporary SQLite file)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--nodes", type=int, default=1, help="server nodes (more than one needs --redis)"
    )
    parser.add_argument("--redis", help="Redis URL shared by the nodes")
    parser.add_argument(
        "--port", type=int, help="use a server already running on 127.0.0.1 at this port"
    )
    parser.add_argument(
        "--idle",
        action="store_true",
        help="nobody moves: measure the servers' CPU with every seat connected",
    )
    args = parser.parse_args()
    if not 1 <= args.games <= MAX_GAMES:
        parser.error(f"--games must be 1 to {MAX_GAMES}")
    if not 1 <= args.duration <= 3600:
        parser.error("--duration must be 1 to 3600 seconds")
    if not 1 <= args.nodes <= 8:
        parser.error("--nodes must be 1 to 8")
    if args.nodes > 1 and not (args.redis and args.database):
        parser.error("several nodes share a --database (PostgreSQL) and a --redis")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 8192)), hard))
    if args.port:
        if args.idle:
            parser.error("--idle measures servers it starts itself (no --port)")
        report(args, asyncio.run(run(args, [f"http://{HOST}:{args.port}"])))
        return 0
    with tempfile.TemporaryDirectory(prefix="honeymoon-load-") as folder:
        database = args.database or f"sqlite:///{Path(folder) / 'load.db'}"
        extra = {"HONEYMOON_REDIS_URL": args.redis} if args.redis else {}
        ports = [free_port() for _ in range(args.nodes)]
        servers: list[subprocess.Popen[bytes]] = []
        try:
            for number, port in enumerate(ports):
                log = Path(folder) / f"server{number}.log"
                node = {**extra, "HONEYMOON_NODE_ID": f"n{number}"} if extra else {}
                servers.append(start_server(port, database, log, node))
            bases = [f"http://{HOST}:{port}" for port in ports]
            if args.idle:
                pids = [server.pid for server in servers]
                stats, used, elapsed = asyncio.run(run_idle(args, bases, pids))
                report_idle(args, stats, used, elapsed)
                return 0
            server_before = sum(cpu_seconds(server.pid) for server in servers)
            client_before = client_cpu_seconds()
            stats = asyncio.run(run(args, bases))
            server_cpu = sum(cpu_seconds(server.pid) for server in servers) - server_before
            stats.server_cpu = server_cpu  # type: ignore[attr-defined]
            stats.client_cpu = client_cpu_seconds() - client_before  # type: ignore[attr-defined]
        finally:
            for server in servers:
                server.send_signal(signal.SIGTERM)
            for server in servers:
                try:
                    server.wait(15)
                except subprocess.TimeoutExpired:
                    server.kill()
    report(args, stats)
    return 0


if __name__ == "__main__":
    sys.exit(main())
