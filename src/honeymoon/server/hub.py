"""Live games: the hub keeps one room per game in memory and runs every move; a computer seat
moves from its own view after a short delay, also after a restart.

:class:`Hub` is made of the hub's parts, one module each:
:mod:`~honeymoon.server.rooms` (the live games, their moves and views; the hub's state),
:mod:`~honeymoon.server.connections` (sockets, the hello, each message read and answered),
:mod:`~honeymoon.server.solving` (the analysis, hints and claims worked out in threads),
:mod:`~honeymoon.server.computer` (the computer's turns) and
:mod:`~honeymoon.server.presence` (who is connected, per node, and the notices between nodes).

Nothing here logs a card, an action, a view or a token: only game ids, seats, versions and
error codes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

from honeymoon.server.computer import ComputerTurns
from honeymoon.server.connections import Connections
from honeymoon.server.nodes import Notifier
from honeymoon.server.presence import Presence
from honeymoon.server.solving import Solving

__all__ = ["Hub"]

logger = logging.getLogger("honeymoon.server")


class Hub(Connections, Solving, ComputerTurns, Presence):
    """Every live game of one server process."""

    async def start(self) -> None:
        """Resume the computer's turn in every unfinished game against the computer (on a
        shared database: start listening for notices and watching the database instead)."""
        if self.shared:
            if self.redis_url is not None:
                self.notifier = Notifier(
                    self.redis_url,
                    self._on_notice,
                    self._on_redis_connected,
                    node_id=self.node_id,
                    presence_ttl=max(10.0, 3 * self.resync_seconds),
                )
                await self.notifier.start()
            try:
                # Before any game is loaded: every change after this is read by the resync.
                self._horizon = await self.storage.read(self.storage.change_horizon)
            except Exception as error:  # the first resync compares every game instead
                logger.warning("no change horizon yet (%s)", type(error).__name__)
            self._watcher = asyncio.create_task(self._watch())
            self._janitor = asyncio.create_task(self._evict_idle())
            if self.keep_finished is not None and self.keep_abandoned is not None:
                self._purger = asyncio.create_task(self._purge_regularly())
            logger.info("node %s sharing the database", self.node_id)
            return
        for game_id in await self.storage.run(self.storage.active_computer_games):
            try:
                room = await self.room(game_id)
            except Exception as error:  # a game that no longer replays must not stop the server
                logger.error("game %s could not be resumed (%s)", game_id, type(error).__name__)
                continue
            self._schedule_bot(room)
        self._janitor = asyncio.create_task(self._evict_idle())
        if self.keep_finished is not None and self.keep_abandoned is not None:
            self._purger = asyncio.create_task(self._purge_regularly())

    async def close(self, grace: float = 10.0) -> None:
        """Finish the moves in flight (up to ``grace`` seconds), stop the computer players,
        give up this node's leases and close every connection."""
        self.draining = True
        if self._presence_flush is not None:
            self._presence_flush.cancel()
        deadline = time.monotonic() + grace
        for room in list(self.rooms.values()):
            try:
                await asyncio.wait_for(room.lock.acquire(), max(0.0, deadline - time.monotonic()))
            except TimeoutError:
                logger.warning("game %s: a move was still in flight at shutdown", room.id)
                continue
            room.lock.release()
        tasks = [room.bot_task for room in self.rooms.values() if room.bot_task is not None]
        tasks.extend(self._bot_timers.values())
        tasks.extend(self._background)
        for extra in (self._janitor, self._purger, self._watcher):
            if extra is not None:
                tasks.append(extra)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self.shared:
            with contextlib.suppress(Exception):
                released = await self.storage.run(self.storage.release_leases, self.node_id)
                if released:
                    logger.info("node %s gave up %d leases", self.node_id, released)
        if self.notifier is not None:
            await self.notifier.close()
        for room in self.rooms.values():
            for seat in (0, 1):
                for connection in room.connections[seat]:
                    connection.close()

    async def health(self) -> dict[str, Any]:
        """What ``/health`` reports: the database and Redis reachable, the live games."""
        try:
            await asyncio.wait_for(self.storage.run(self.storage.ping), 5.0)
            database = True
        except Exception:
            database = False
        redis: bool | None = None
        if self.notifier is not None:
            redis = self.notifier.connected and await self.notifier.ping()
        ok = database and not self.draining
        return {
            "status": "ok" if ok and redis is not False else ("degraded" if ok else "failing"),
            "node": self.node_id,
            "shared": self.shared,
            "database": database,
            "redis": redis,
            "draining": self.draining,
            "games": len(self.rooms),
            "connections": sum(
                len(room.connections[0]) + len(room.connections[1]) for room in self.rooms.values()
            ),
        }
