"""What a stranger can make the server spend: its CPU per websocket message, for each kind of
hostile input next to normal moves, on loopback.

Starts ``honeymoon serve`` in a subprocess on 127.0.0.1 with a fresh SQLite database, then
measures the server process's CPU time (user and system, from ``/proc``) over each batch:

* ``move``: a game between two seats playing random legal moves, every move acknowledged
  and followed by both seats' new views (the normal work);
* ``ping``: the cheapest message;
* each hostile kind: the same frame sent again and again on a seat's socket, each one
  answered with a typed error (an unterminated string of escaped quotes, brackets, nesting,
  long numbers, escapes, unknown types, fields of the wrong type, ...), all under the frame
  cap;
* ``hello``: a hostile first frame on a new socket without a token (the handshake included);
* ``flood``: one socket sending pings as fast as it can for ten seconds, with the default
  budget: the share of a core the server spends on it.

The message budget is raised for the batches (except ``flood``), so every frame is parsed
and answered: the figure is the cost of the work a frame buys, not of the refusal. Prints
microseconds of server CPU per frame and the ratio to a normal move; the closing line gives
the frames per second one address would need to keep a core busy.

    python benchmarks/hostile_messages.py --frames 2000

Bounded in count (``--frames`` at most 20000 a kind) and time; loopback only.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import sys
import tempfile
import time
from pathlib import Path

import httpx
from web_load import HOST, cpu_seconds, free_port, start_server
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

MAX_FRAMES = 20_000
FLOOD_SECONDS = 10.0
#: The frame cap of the protocol (``honeymoon.server.protocol``): every hostile frame fits.
CAP = 4096


def hostile_frames() -> dict[str, str]:
    """Each kind of hostile input, as one frame of at most :data:`CAP` characters."""
    frames = {
        "quotes": '"' + '\\"' * 2047,
        "brackets": "[]" * 2047,
        "nesting": "[" * 4095,
        "objects": '{"a":' * 819,
        "strings-in-arrays": '["' * 2047,
        "long-number": '{"type":"move","action":' + "9" * 4000 + "}",
        "many-numbers": "[" + ",".join(["1"] * 2040) + "]",
        "escapes": '{"type":"' + "\\u00e9" * 680 + '"}',
        "backslashes": "\\" * 4095,
        "unicode": '{"type":"' + "\U0001f0a1" * 1000 + '"}',
        "many-fields": "{" + ",".join(f'"k{n}":{n}' for n in range(380)) + "}",
        "wrong-types": json.dumps(
            {"type": "move", "action": "x" * 3000, "version": [], "move_id": 1}
        ),
        "unknown-type": json.dumps({"type": "x" * 4000}),
        "not-json": "move 90 " * 511,
    }
    for name, text in frames.items():
        assert len(text) <= CAP, (name, len(text))
    return frames


async def open_seat(url: str, token: str, address: str) -> tuple[ClientConnection, dict]:
    websocket = await connect(
        url, max_size=2**22, ping_interval=None, additional_headers={"X-Forwarded-For": address}
    )
    await websocket.send(json.dumps({"type": "hello", "token": token}))
    hello = json.loads(await websocket.recv())
    assert hello["type"] == "hello", hello
    return websocket, hello


async def answered_batch(websocket: ClientConnection, text: str, count: int, window: int) -> int:
    """Send ``text`` ``count`` times, at most ``window`` unanswered; returns the answers."""
    answers = 0
    sent = 0
    while answers < count:
        while sent < count and sent - answers < window:
            await websocket.send(text)
            sent += 1
        await websocket.recv()
        answers += 1
    return answers


async def play_moves(url: str, base: str, count: int, rng: random.Random) -> int:
    """The two seats of a game between people make ``count`` random legal moves in all
    (a new game when a rubber ends)."""
    made = 0
    async with httpx.AsyncClient() as client:
        while made < count:
            game = (await client.post(f"{base}/api/games", json={"opponent": "friend"})).json()
            made += await play_game(url, game, count - made, rng)
    return made


async def play_game(url: str, game: dict, count: int, rng: random.Random) -> int:
    first, hello = await open_seat(url, game["token"], "198.18.1.1")
    second, other = await open_seat(url, game["opponent_token"], "198.18.1.2")
    await first.recv()  # the presence of the second seat
    seats = {hello["game"]["seat"]: first, other["game"]["seat"]: second}
    views = {hello["game"]["seat"]: hello["view"], other["game"]["seat"]: other["view"]}
    version = hello["version"]
    made = 0
    try:
        while made < count:
            mover = views[hello["game"]["seat"]]["to_act"]
            if mover not in seats:
                break  # the rubber is over
            legal = [entry["action"] for entry in views[mover]["legal_actions"]]
            move = {"type": "move", "action": rng.choice(legal), "version": version}
            await seats[mover].send(json.dumps({**move, "move_id": f"m{version}"}))
            made += 1
            for seat, websocket in seats.items():
                while True:
                    message = json.loads(await websocket.recv())
                    if message["type"] == "error":
                        raise SystemExit(f"a move was refused: {message}")
                    if message["type"] == "state":
                        views[seat] = message["view"]
                        version = message["version"]
                        break
    finally:
        await first.close()
        await second.close()
    return made


async def hello_batch(url: str, text: str, count: int) -> int:
    """``count`` new sockets, each sending ``text`` as its first frame (no token)."""
    done = 0
    for number in range(count):
        address = f"198.19.{number // 256 % 256}.{number % 256}"
        async with connect(
            url, ping_interval=None, additional_headers={"X-Forwarded-For": address}
        ) as websocket:
            await websocket.send(text)
            with contextlib.suppress(ConnectionClosed):
                await websocket.recv()
        done += 1
    return done


async def flood(url: str, token: str, seconds: float, limit: int) -> tuple[int, int, int]:
    """A socket sending pings as fast as it can for ``seconds`` (at most ``limit`` frames),
    past the default budget: the frames sent, answered ``pong`` and refused ``rate_limited``."""
    websocket, _ = await open_seat(url, token, "198.18.2.1")
    counts = {"sent": 0, "pong": 0, "refused": 0}
    stop_at = time.monotonic() + seconds

    async def read() -> None:
        with contextlib.suppress(ConnectionClosed):
            async for raw in websocket:
                counts["refused" if '"rate_limited"' in str(raw) else "pong"] += 1

    async def write() -> None:
        with contextlib.suppress(ConnectionClosed):
            while counts["sent"] < limit and time.monotonic() < stop_at:
                await websocket.send('{"type":"ping"}')
                counts["sent"] += 1

    reader = asyncio.create_task(read())
    writer = asyncio.create_task(write())
    await asyncio.sleep(seconds)
    writer.cancel()
    reader.cancel()
    await websocket.close()
    return counts["sent"], counts["pong"], counts["refused"]


def measure(pid: int, work) -> tuple[float, float]:
    before = cpu_seconds(pid)
    started = time.monotonic()
    asyncio.run(work)
    return cpu_seconds(pid) - before, time.monotonic() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--frames", type=int, default=2000, help="frames of each kind")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    frames = max(100, min(args.frames, MAX_FRAMES))
    rng = random.Random(args.seed)
    folder = Path(tempfile.mkdtemp(prefix="honeymoon-hostile-"))
    port = free_port()
    base = f"http://{HOST}:{port}"
    url = f"ws://{HOST}:{port}/ws"
    fast = {
        "HONEYMOON_MESSAGES_PER_SECOND": "1000000",
        "HONEYMOON_ADDRESS_MESSAGES_PER_SECOND": "1000000",
        "HONEYMOON_HELLOS_PER_MINUTE": "100000000",
        "HONEYMOON_GAMES_PER_HOUR": "1000000",
        "HONEYMOON_GAMES_BURST": "10000",
        "HONEYMOON_MAX_SOCKETS_PER_ADDRESS": "1000",
    }
    process = start_server(port, f"sqlite:///{folder / 'games.db'}", folder / "server.log", fast)
    rows: list[tuple[str, float]] = []
    try:
        game = httpx.post(f"{base}/api/games", json={"opponent": "friend"}).json()
        cpu, _ = measure(process.pid, play_moves(url, base, frames, rng))
        move_cost = cpu / frames
        rows.append(("move (normal)", move_cost))

        async def batch(text: str) -> None:
            websocket, _ = await open_seat(url, game["token"], "198.18.3.1")
            try:
                await answered_batch(websocket, text, frames, 32)
            finally:
                await websocket.close()

        cpu, _ = measure(process.pid, batch('{"type":"ping"}'))
        rows.append(("ping", cpu / frames))
        for name, text in hostile_frames().items():
            cpu, _ = measure(process.pid, batch(text))
            rows.append((name, cpu / frames))
        hellos = max(50, frames // 10)
        cpu, _ = measure(process.pid, hello_batch(url, '{"type":"hello","token":1}', hellos))
        hello_plain = cpu / hellos
        cpu, _ = measure(process.pid, hello_batch(url, hostile_frames()["quotes"], hellos))
        rows.append(("hello: quotes, new socket", cpu / hellos))
        rows.append(("hello: bad token, new socket", hello_plain))
    finally:
        process.terminate()
        process.wait(10)

    # The refusals past the budget, with the default settings.
    port = free_port()
    base = f"http://{HOST}:{port}"
    url = f"ws://{HOST}:{port}/ws"
    process = start_server(port, f"sqlite:///{folder / 'flood.db'}", folder / "flood.log")
    try:
        game = httpx.post(f"{base}/api/games", json={"opponent": "friend"}).json()
        before = cpu_seconds(process.pid)
        sent, answered, refused = asyncio.run(flood(url, game["token"], FLOOD_SECONDS, 200_000))
        flood_share = (cpu_seconds(process.pid) - before) / FLOOD_SECONDS
    finally:
        process.terminate()
        process.wait(10)

    print(f"server CPU per frame, {frames} frames a kind (a move: {move_cost * 1e6:.0f} us)")
    print(f"{'kind':32} {'us':>8} {'x move':>7}")
    for name, cost in rows:
        print(f"{name:32} {cost * 1e6:8.1f} {cost / move_cost:7.2f}")
    worst = max(cost for name, cost in rows[1:] if not name.startswith("hello"))
    print(
        f"one socket flooding pings for {FLOOD_SECONDS:g} s at the default budget: {sent} sent, "
        f"{answered} answered, {refused} refused rate_limited; the server spent "
        f"{flood_share:.1%} of a core"
    )
    print(
        f"worst hostile frame: {worst / move_cost:.2f} x a move; one address keeps a core busy "
        f"at {1 / worst:,.0f} such frames a second"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
