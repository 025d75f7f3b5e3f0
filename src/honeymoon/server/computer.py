"""The computer's turns: the computer's seat moves from its own view after ``bot_delay``
seconds, also after a restart; on a shared database, under a lease taken from the database.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime, timedelta

from honeymoon.errors import IllegalActionError
from honeymoon.seats import SEATS, Seat
from honeymoon.server.rooms import Room, Rooms
from honeymoon.server.storage import (
    GameGone,
    StorageConflict,
)
from honeymoon.views import SeatView, TableView, view_for

__all__ = ["ComputerTurns"]

logger = logging.getLogger("honeymoon.server")


class ComputerTurns(Rooms):
    """The computer's seat: its moves, each after ``bot_delay`` seconds, from this process's
    memory or, on a shared database, under a lease taken from the database."""

    def _schedule_bot(self, room: Room) -> None:
        seat = room.bot_seat
        if room.bot is None or seat is None or room.game.to_act != seat:
            return
        if self.shared:
            self._bot_timer(room.id, self.bot_delay)
            return
        if room.bot_task is not None and not room.bot_task.done():
            return
        room.bot_task = asyncio.create_task(self._bot_turns(room, SEATS[seat]))

    async def _bot_turns(self, room: Room, seat: Seat) -> None:
        while True:
            await asyncio.sleep(self.bot_delay)
            async with room.lock:
                game = room.game
                if game.is_over or game.to_act != seat:
                    return
                action = await _computer_action(room, view_for(game, seat))
                try:
                    await self._commit(room, int(seat), action, None)
                except GameGone:
                    return
                except Exception as error:
                    logger.error(
                        "game %s: could not store the computer's move (%s)",
                        room.id,
                        type(error).__name__,
                    )
                    return
                room.broadcast_state()

    def _bot_due(self) -> datetime:
        """When the computer's seat is due if it is to act after a move made now."""
        return datetime.now(UTC) + timedelta(seconds=self.bot_delay)

    def _bot_timer(self, game_id: str, delay: float) -> None:
        """Try to take the computer's turn in a game after ``delay`` seconds (once at a time
        per game on this node; the lease decides between nodes)."""
        running = self._bot_timers.get(game_id)
        if running is not None and not running.done() or self.draining:
            return

        async def fire() -> None:
            try:
                if delay > 0:
                    await asyncio.sleep(delay)
                again = await self._drive_bot(game_id)
            except Exception as error:
                logger.error(
                    "game %s: the computer's turn failed (%s)", game_id, type(error).__name__
                )
                return
            finally:
                self._bot_timers.pop(game_id, None)
            if again:
                self._bot_timer(game_id, self.bot_delay)

        self._bot_timers[game_id] = asyncio.create_task(fire())

    async def _drive_bot(self, game_id: str) -> bool:
        """Take the lease on a game's computer seat and make its move; True if the computer
        is to act again after it. Of several nodes trying at once, one takes the lease;
        and the move is stored with the version check, so it is stored once whatever
        happens to the lease."""
        now = datetime.now(UTC)
        until = now + timedelta(seconds=self.lease_seconds)
        claimed = await self.storage.run(self.storage.claim_bot, game_id, self.node_id, now, until)
        if not claimed:
            return False
        settled: int | None = None
        again = False
        try:
            room = await self.room(game_id)
            async with room.lock:
                await self._catch_up_locked(room)
                seat = room.bot_seat
                game = room.game
                if room.bot is None or seat is None or game.is_over or game.to_act != seat:
                    settled = room.version
                    return False
                logger.info("game %s: node %s moves for the computer", room.id, self.node_id)
                action = await _computer_action(room, view_for(game, SEATS[seat]))
                try:
                    await self._commit(room, seat, action, None)
                except GameGone:
                    return False
                except StorageConflict:
                    await self._catch_up_locked(room)
                    return room.game.to_act == seat
                room.broadcast_state()
                again = not game.is_over and game.to_act == seat
                return again
        finally:
            await self.storage.run(
                self.storage.release_bot, game_id, self.node_id, settled_at=settled
            )


async def _computer_action(room: Room, view: SeatView | TableView) -> int:
    """The computer's action on ``view`` (in a thread); a legal one, logged, if it fails."""
    assert room.bot is not None
    try:
        action = await asyncio.to_thread(room.bot.act, view)
        if action not in view.legal_actions:
            raise IllegalActionError("the computer chose badly", "unknown_action")
    except Exception as error:
        logger.error(
            "game %s: the computer failed (%s); playing a legal action",
            room.id,
            type(error).__name__,
        )
        action = view.legal_actions[0]
    return int(action)
