"""Presence and the notices between nodes: who is connected to each game, here and on the
other nodes sharing the database (Redis), moves made elsewhere caught up, replaced links
closed, and the database watched for what a notice missed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time
from datetime import UTC, datetime

from honeymoon.seats import SEAT_NAMES
from honeymoon.server.connections import Connection
from honeymoon.server.nodes import Notice
from honeymoon.server.protocol import (
    presence_message,
)
from honeymoon.server.rooms import Room, Rooms
from honeymoon.server.storage import (
    GameChange,
)

__all__ = ["Presence", "PRESENCE_GATHER"]

logger = logging.getLogger("honeymoon.server")

#: Seconds that presence changes are gathered for, to share them in one round trip to Redis.
PRESENCE_GATHER = 0.05


class Presence(Rooms):
    """Who is connected, on this node and the others, and the notices between nodes: moves
    made elsewhere caught up, replaced links closed, the database watched."""

    def _send_presence(self, room: Room, skip: Connection | None = None) -> None:
        text = presence_message(room.presence())
        for seat in (0, 1):
            for connection in room.connections[seat]:
                if connection is not skip:
                    connection.send(text)

    def _share_presence(self, room: Room) -> None:
        """A seat arrived on this node or left it: tell the other nodes (Redis)."""
        self._presence_later(room, shared=True)

    def _presence_later(self, room: Room, *, shared: bool) -> None:
        """Gather presence work for a moment, then do it in one round trip to Redis: share
        the rooms whose seats arrived or left here (``shared``), and read the others'."""
        if self.notifier is None or self.draining:
            return
        if shared:
            self._presence_changed[room.id] = room
        self._presence_read[room.id] = room
        if self._presence_flush is None:
            self._presence_flush = asyncio.get_running_loop().call_later(
                PRESENCE_GATHER, lambda: self._spawn(self._flush_presence())
            )

    async def _flush_presence(self) -> None:
        self._presence_flush = None
        changed, self._presence_changed = self._presence_changed, {}
        read, self._presence_read = self._presence_read, {}
        if self.notifier is None:
            return
        if changed:
            here = {
                game_id: (bool(room.connections[0]), bool(room.connections[1]))
                for game_id, room in changed.items()
            }
            # Noted before it is written: if the write is lost, the whole of it is written
            # again once Redis is back.
            for game_id, seats in here.items():
                if seats[0] or seats[1]:
                    self._here[game_id] = seats
                else:
                    self._here.pop(game_id, None)
            await self.notifier.set_here(here)
            for game_id in changed:
                self.notifier.publish(game_id, presence=True)
        await self._refresh_presence(
            [room for room in read.values() if room.connections[0] or room.connections[1]]
        )

    async def _refresh_presence(self, rooms: list[Room]) -> None:
        """Learn which seats of these games are connected on other nodes; tell this node's
        seats of any change."""
        if self.notifier is None or not rooms:
            return
        found = await self.notifier.elsewhere([room.id for room in rooms])
        for room in rooms:
            elsewhere = found.get(room.id, (False, False))
            if elsewhere != room.elsewhere:
                before = room.presence()
                room.elsewhere = elsewhere
                if room.presence() != before:
                    self._send_presence(room)

    def _connected_rooms(self) -> list[Room]:
        return [room for room in self.rooms.values() if room.connections[0] or room.connections[1]]

    async def _renew_presence(self) -> None:
        """Keep this node's seats alive in Redis (a third of the time they are kept, or
        every resync if that is longer), in one round trip however many games are
        connected: the games' seats are written when they change, not renewed one by one.
        The other nodes' seats are read again only when a node came or went (one died: its
        seats are away), and this node's are written again if Redis no longer holds them."""
        if self.notifier is None or not self.notifier.connected:
            return
        now = time.monotonic()
        if now - self._presence_renewed < self.notifier.presence_ttl / 3:
            return
        self._presence_renewed = now
        kept, nodes = await self.notifier.renew()
        if self._here and not kept:
            logger.warning("presence: Redis no longer held this node's seats; writing them again")
            await self.notifier.set_here(dict(self._here))
        if nodes != self._live_nodes:
            self._live_nodes = nodes
            await self._refresh_presence(self._connected_rooms())

    def _on_redis_connected(self) -> None:
        """After (re)connecting to Redis: notices may have been lost, and a restarted Redis
        holds no presence: compare with the database now, write this node's seats again,
        and read the others' again."""
        if self.draining:
            return
        self._spawn(self.resync())
        self._live_nodes = None
        self._presence_renewed = -math.inf
        self._spawn(self._share_all_presence())

    async def _share_all_presence(self) -> None:
        if self.notifier is None:
            return
        if self._here:
            await self.notifier.set_here(dict(self._here))
        await self._renew_presence()

    def _on_notice(self, notice: Notice) -> None:
        """A node says a game is at ``version``: a live room of it that is behind (a version
        gap of any size) reads the actions it lacks from the database. A room without
        connected seats catches up when it is next used. A node says a seat's link was
        replaced: the sockets opened here with the old link are closed (a lost notice is
        made up for by the resync, which sees the game's link count grow)."""
        room = self.rooms.get(notice.game)
        if room is None or self.draining:
            return
        if notice.presence:
            if room.connections[0] or room.connections[1]:
                self._presence_later(room, shared=False)
            return
        if notice.replaced is not None:
            if room.connections[notice.replaced]:
                self._spawn(self._close_replaced(room))
            return
        if notice.version is None or notice.version <= room.version:
            return
        if room.connections[0] or room.connections[1]:
            self._spawn(self.catch_up(room))

    async def _close_replaced(self, room: Room) -> None:
        """Close the sockets of a game whose token no longer opens their seat (its link was
        replaced on another node)."""
        hashes = await self.storage.read(self.storage.seat_hashes, [room.id])
        self._close_stale_links(room, hashes.get(room.id, {}))

    def _close_stale_links(self, room: Room, hashes: dict[int, str]) -> None:
        """Close the sockets of a room whose token is not ``hashes[seat]``, the hash of the
        token that opens their seat now."""
        for seat in (0, 1):
            for connection in list(room.connections[seat]):
                if connection.token_hash is None or connection.token_hash == hashes.get(seat):
                    continue
                if not connection.closed:
                    logger.info("game %s: closed a replaced %s link", room.id, SEAT_NAMES[seat])
                self._close_link(room, connection)

    async def resync(self) -> int:
        """Catch up the live games with a connected seat that changed in the database since
        the last resync, and close their sockets whose link was replaced; returns how many
        games were behind.

        Only the games changed since the last resync are read (``Storage.changes_since``),
        so an idle node does the same small work however many games it holds, and a
        change whose notice was lost is still found. Until the node knows where changes
        start (its first resync, if the database did not answer at start-up), every live
        game with a connected seat is compared instead.
        """
        async with self._resyncing:
            if self._horizon is None:
                horizon = await self.storage.read(self.storage.change_horizon)
                connected = [room.id for room in self._connected_rooms()]
                changes = await self.storage.read(self.storage.game_changes, connected)
            else:
                changes, horizon = await self.storage.read(
                    self.storage.changes_since, self._horizon
                )
            behind = await self._apply_changes(changes)
            # Only once every change was applied: after a failure they are all read again.
            self._horizon = horizon
        if behind:
            logger.info("resync: %d games were behind the database", behind)
        return behind

    async def _apply_changes(self, changes: list[GameChange]) -> int:
        """Bring this node's live games up to these changes; returns how many were behind."""
        behind: list[Room] = []
        relinked: dict[str, int] = {}
        for change in changes:
            room = self.rooms.get(change.id)
            loading = self._loading.get(change.id)
            if room is None and loading is not None:
                # Read before the change, maybe: its sockets are checked once it is here.
                with contextlib.suppress(Exception):
                    room = await asyncio.shield(loading)
            if room is None:
                continue  # a game loaded later reads its links and actions then
            connected = room.connections[0] or room.connections[1]
            # An answer to an offer of hints, or a hint counted, on another node.
            if room.set_fair_play(change.hints, change.hints_asked):
                room.tell_fair_play()
            if change.left_by is not None:  # ended as left on another node
                room.end_as_left(change.left_by)
            if change.links_replaced > room.links_replaced:
                if connected:
                    relinked[room.id] = change.links_replaced
                else:
                    # No socket to check; one that joins later with a token found before
                    # the replacement is looked at again (see authenticate).
                    room.links_replaced = change.links_replaced
            if connected and change.version > room.version:
                behind.append(room)
        if relinked:
            hashes = await self.storage.read(self.storage.seat_hashes, list(relinked))
            for game_id, links in relinked.items():
                room = self.rooms.get(game_id)
                if room is not None:
                    self._close_stale_links(room, hashes.get(game_id, {}))
                    room.links_replaced = max(room.links_replaced, links)
        for room in behind:
            await self.catch_up(room)
        return len(behind)

    async def _watch(self) -> None:
        """Every ``resync_seconds``: catch up the games notices did not reach, and take the
        computer's turns that are due and that no live node holds (its node died)."""
        while True:
            await asyncio.sleep(self.resync_seconds)
            try:
                await self.resync()
                due = await self.storage.read(self.storage.due_bots, datetime.now(UTC))
            except Exception as error:
                logger.warning("watch: the database did not answer (%s)", type(error).__name__)
                continue
            for game_id in due:
                self._bot_timer(game_id, 0.0)
            try:
                await self._renew_presence()
            except Exception as error:
                logger.warning("watch: presence not shared (%s)", type(error).__name__)
