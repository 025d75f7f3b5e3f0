"""Several nodes sharing one database: Redis pub/sub tells every node that a game changed.

The database is the one truth. A node that stores a move publishes a notice on
:data:`CHANNEL` that holds the game's id and its new version, never a card; every node that
has a seat of that game connected reads the new actions from the database and sends its own
seats their views. A notice only says "look again": a lost one (Redis restarted, a message
dropped) costs time, never a move, since each node also asks the database for the games
changed since it last asked, every few seconds and after every reconnection to Redis (a
replaced seat link too: the database refuses a move sent with the old token).

Which seats are connected where (presence) is kept in Redis as well, at a cost that does not
grow with the games a node holds while nothing changes: see :meth:`Notifier.renew`.

Nothing a notice carries chooses anything but which of the node's own live games to look at:
a notice that is not a game id and a version is ignored.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import re
import secrets
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = [
    "CHANNEL",
    "Notice",
    "Notifier",
    "check_redis_client",
    "default_node_id",
    "encode_notice",
    "parse_notice",
]

logger = logging.getLogger("honeymoon.server.nodes")

#: The pub/sub channel of game notices.
CHANNEL = "honeymoon:games"
#: A game id as :meth:`Hub.create_game` makes them (``secrets.token_urlsafe(12)``).
_GAME_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")
#: Notices waiting to be published; past this the oldest are dropped (the resync finds them).
MAX_PENDING = 10_000
#: Seconds between two attempts to reach Redis again, at most.
MAX_BACKOFF = 2.0
#: The sorted set of live nodes, each scored by when it lapses unless renewed.
NODES_KEY = "honeymoon:nodes"
#: Each node's hash of the games with a seat connected there (the node's id follows).
SEATS_PREFIX = "honeymoon:seats:"
#: Seconds after which a node that stopped renewing is taken out of :data:`NODES_KEY`.
FORGET_NODES = 3600.0


def _seat_bits(raw: Any) -> int:
    """The seats a presence field names (bit 1: the first seat, bit 2: the second); 0 for
    a missing or malformed field."""
    try:
        bits = int(raw) if raw is not None else 0
    except (TypeError, ValueError):
        return 0
    return bits if 0 <= bits <= 3 else 0


def check_redis_client() -> None:
    """Check that the Redis client is installed before a node starts with ``--redis``.

    :raises HoneymoonError: (code ``bad_setting``) saying how to install it.
    """
    try:
        import redis.asyncio  # noqa: F401
    except ImportError:
        from honeymoon.errors import HoneymoonError

        raise HoneymoonError(
            "--redis (HONEYMOON_REDIS_URL) needs the Redis client: pip install 'honeymoon[redis]'",
            "bad_setting",
        ) from None


def default_node_id() -> str:
    """A name for this node: the host name, the process id and a random suffix."""
    host = re.sub(r"[^A-Za-z0-9_.-]", "", socket.gethostname())[:32] or "node"
    return f"{host}-{os.getpid()}-{secrets.token_hex(2)}"


@dataclass(frozen=True, slots=True)
class Notice:
    """A game is now at ``version``; or the link of its seat ``replaced`` was replaced (the
    sockets opened with the old link must close on every node)."""

    game: str
    version: int | None = None
    replaced: int | None = None
    presence: bool = False


def encode_notice(
    game_id: str, version: int | None = None, replaced: int | None = None, presence: bool = False
) -> str:
    """The text of a notice.

    >>> encode_notice("abc", 7), encode_notice("abc", replaced=1)
    ('{"game":"abc","version":7}', '{"game":"abc","replaced":1}')
    """
    notice: dict[str, object] = {"game": game_id}
    if presence:
        notice["presence"] = True
    if version is not None:
        notice["version"] = version
    if replaced is not None:
        notice["replaced"] = replaced
    return json.dumps(notice, separators=(",", ":"))


def parse_notice(data: Any) -> Notice | None:
    """The notice in a message, or None for anything else.

    >>> parse_notice(b'{"game":"abc","version":7}')
    Notice(game='abc', version=7, replaced=None, presence=False)
    >>> parse_notice('{"game":"abc","replaced":0}').replaced
    0
    >>> parse_notice('{"game":"../x","version":7}') is None, parse_notice("nonsense") is None
    (True, True)
    """
    if isinstance(data, bytes):
        if len(data) > 256:
            return None
        data = data.decode("utf-8", "replace")
    if not isinstance(data, str) or len(data) > 256:
        return None
    try:
        notice = json.loads(data)
    except ValueError:
        return None
    if not isinstance(notice, dict):
        return None
    game_id, version = notice.get("game"), notice.get("version")
    if not isinstance(game_id, str) or not _GAME_ID.match(game_id):
        return None
    if notice.get("presence") is True:
        return Notice(game_id, presence=True)
    replaced = notice.get("replaced")
    if replaced is not None:
        return Notice(game_id, replaced=replaced) if replaced in (0, 1) else None
    if not isinstance(version, int) or isinstance(version, bool) or version < 0:
        return None
    return Notice(game_id, version)


class Notifier:
    """Publishes this node's notices and hands every notice it hears to ``on_notice``.

    ``on_connected`` is called each time the subscription is (re)established: notices sent
    while it was down are lost, so the node then compares its games with the database.
    Redis being away never stops a move: a notice that cannot be published is dropped.
    """

    def __init__(
        self,
        url: str,
        on_notice: Callable[[Notice], None],
        on_connected: Callable[[], None],
        node_id: str = "node",
        presence_ttl: float = 10.0,
    ) -> None:
        self.node_id = node_id
        self.presence_ttl = presence_ttl
        import redis.asyncio as aioredis

        self._client = aioredis.Redis.from_url(
            url, socket_connect_timeout=2.0, socket_keepalive=True, health_check_interval=5
        )
        self._on_notice = on_notice
        self._on_connected = on_connected
        self._pending: asyncio.Queue[str] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        #: Whether the subscription is live.
        self.connected = False

    async def start(self) -> None:
        """Start listening and publishing (in the background: Redis may come later)."""
        self._tasks = [
            asyncio.create_task(self._listen()),
            asyncio.create_task(self._publish_pending()),
        ]

    def publish(
        self,
        game_id: str,
        version: int | None = None,
        replaced: int | None = None,
        presence: bool = False,
    ) -> None:
        """Queue a notice that a game is now at ``version`` (or that the link of its seat
        ``replaced`` was replaced, or that a seat arrived or left on a node)."""
        if self._pending.qsize() >= MAX_PENDING:
            self._pending.get_nowait()
        self._pending.put_nowait(encode_notice(game_id, version, replaced, presence))

    # -- presence: which seats have a device connected on some node ----------------------------
    #
    # One sorted set of the live nodes, ``honeymoon:nodes``: each node's id, scored by when it
    # lapses unless the node renews it (so the seats of a node that died are away after
    # ``presence_ttl`` seconds). One hash a node, ``honeymoon:seats:NODE``: a field for each
    # game with a seat connected there, whose value says which (``1`` the first seat, ``2``
    # the second, ``3`` both); it expires with the node. A node renews both in one round
    # trip however many games it holds, and writes a game's field only when its seats change.

    @property
    def _seats_key(self) -> str:
        return f"{SEATS_PREFIX}{self.node_id}"

    def _keep_alive(self, pipe: Any) -> None:
        until = time.time() + self.presence_ttl
        pipe.zadd(NODES_KEY, {self.node_id: until})
        pipe.expire(self._seats_key, int(self.presence_ttl) + 1)

    async def set_here(self, here: dict[str, tuple[bool, bool]]) -> None:
        """Record, for each of these games, which seats have a device on this node now (the
        games not named are left as they were)."""
        if not here:
            return
        pipe = self._client.pipeline(transaction=False)
        present = {
            game_id: str(int(seats[0]) + 2 * int(seats[1]))
            for game_id, seats in here.items()
            if seats[0] or seats[1]
        }
        gone = [game_id for game_id, seats in here.items() if not (seats[0] or seats[1])]
        if present:
            pipe.hset(self._seats_key, mapping=present)  # type: ignore[arg-type]
        if gone:
            pipe.hdel(self._seats_key, *gone)
        self._keep_alive(pipe)
        await pipe.execute()

    async def renew(self) -> tuple[bool, frozenset[str]]:
        """Keep this node and its seats alive for ``presence_ttl`` seconds more, in one round
        trip; returns whether Redis still held this node's seats (False: it lost them, or
        there are none) and the other live nodes."""
        now = time.time()
        pipe = self._client.pipeline(transaction=False)
        self._keep_alive(pipe)
        pipe.zrangebyscore(NODES_KEY, f"({now}", "+inf")
        # Nodes gone for long are forgotten (a node's id is new at each start).
        pipe.zremrangebyscore(NODES_KEY, "-inf", f"({now - FORGET_NODES}")
        _added, kept, live, _forgotten = await pipe.execute()
        return bool(kept), self._others(live)

    def _others(self, members: list[Any]) -> frozenset[str]:
        names = (m.decode() if isinstance(m, bytes) else str(m) for m in members)
        return frozenset(name for name in names if name != self.node_id)

    async def elsewhere(self, game_ids: list[str]) -> dict[str, tuple[bool, bool]]:
        """For each game, which seats have a device connected on another live node."""
        if not game_ids:
            return {}
        live = await self._client.zrangebyscore(NODES_KEY, f"({time.time()}", "+inf")
        nodes = sorted(self._others(live))
        seats = {game_id: [False, False] for game_id in game_ids}
        if nodes:
            pipe = self._client.pipeline(transaction=False)
            for node in nodes:
                pipe.hmget(f"{SEATS_PREFIX}{node}", game_ids)
            for values in await pipe.execute():
                for game_id, raw in zip(game_ids, values, strict=True):
                    bits = _seat_bits(raw)
                    seats[game_id][0] |= bool(bits & 1)
                    seats[game_id][1] |= bool(bits & 2)
        return {game_id: (found[0], found[1]) for game_id, found in seats.items()}

    async def ping(self) -> bool:
        """Whether Redis answers now."""
        try:
            return bool(await asyncio.wait_for(self._client.ping(), 2.0))
        except Exception:
            return False

    async def close(self) -> None:
        """Publish what is queued (briefly), then stop."""
        with contextlib.suppress(TimeoutError):
            deadline = asyncio.get_running_loop().time() + 2.0
            while not self._pending.empty() and self.connected:
                if asyncio.get_running_loop().time() > deadline:
                    break
                await asyncio.sleep(0.01)
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        with contextlib.suppress(Exception):
            await self._client.aclose()

    async def _publish_pending(self) -> None:
        while True:
            text = await self._pending.get()
            try:
                await self._client.publish(CHANNEL, text)
            except Exception as error:  # Redis away: the resync finds the change
                logger.warning("could not publish a game notice (%s)", type(error).__name__)

    async def _listen(self) -> None:
        backoff = 0.1
        while True:
            pubsub = self._client.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(CHANNEL)
                self.connected = True
                backoff = 0.1
                logger.info("listening for game notices")
                self._on_connected()
                async for message in pubsub.listen():
                    if message.get("type") != "message":
                        continue
                    notice = parse_notice(message.get("data"))
                    if notice is not None:
                        self._on_notice(notice)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                if self.connected:
                    logger.warning("lost Redis (%s); reconnecting", type(error).__name__)
                self.connected = False
            finally:
                self.connected = False
                with contextlib.suppress(Exception):
                    await pubsub.aclose()  # type: ignore[no-untyped-call]
            await asyncio.sleep(backoff)
            backoff = min(MAX_BACKOFF, backoff * 2)
