"""Several nodes sharing one database: Redis pub/sub tells every node that a game changed.

The database is the one truth. A node that stores a move publishes a notice on
:data:`CHANNEL` that holds the game's id and its new version, never a card; every node that
has a seat of that game connected reads the new actions from the database and sends its own
seats their views. A notice only says "look again": a lost one (Redis restarted, a message
dropped) costs time, never a move, since each node also compares its games' versions with the
database every few seconds and after every reconnection to Redis.

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
    # One Redis hash a game, ``honeymoon:here:GAME``: a field ``SEAT:NODE`` for each seat
    # connected on a node, whose value is when it lapses unless the node renews it (so the
    # seats of a node that died are away after ``presence_ttl`` seconds).

    async def set_here(self, here: dict[str, tuple[bool, bool]]) -> None:
        """Record, for each game, which seats have a device on this node (renewing them)."""
        if not here:
            return
        until = str(time.time() + self.presence_ttl)
        pipe = self._client.pipeline(transaction=False)
        for game_id, seats in here.items():
            key = f"honeymoon:here:{game_id}"
            fields = {seat: f"{seat}:{self.node_id}" for seat in (0, 1)}
            present = {fields[seat]: until for seat in (0, 1) if seats[seat]}
            gone = [fields[seat] for seat in (0, 1) if not seats[seat]]
            if present:
                pipe.hset(key, mapping=present)  # type: ignore[arg-type]
            if gone:
                pipe.hdel(key, *gone)
            pipe.expire(key, int(self.presence_ttl) + 1)
        await pipe.execute()

    async def elsewhere(self, game_ids: list[str]) -> dict[str, tuple[bool, bool]]:
        """For each game, which seats have a device connected on another node."""
        if not game_ids:
            return {}
        pipe = self._client.pipeline(transaction=False)
        for game_id in game_ids:
            pipe.hgetall(f"honeymoon:here:{game_id}")
        answers = await pipe.execute()
        now = time.time()
        found: dict[str, tuple[bool, bool]] = {}
        for game_id, fields in zip(game_ids, answers, strict=True):
            seats = [False, False]
            for raw_field, raw_until in (fields or {}).items():
                field = raw_field.decode() if isinstance(raw_field, bytes) else str(raw_field)
                seat, _, node = field.partition(":")
                if node == self.node_id or seat not in ("0", "1"):
                    continue
                try:
                    if float(raw_until) > now:
                        seats[int(seat)] = True
                except ValueError:
                    continue
            found[game_id] = (seats[0], seats[1])
        return found

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
