"""The hub's sockets: one :class:`Connection` per websocket, its seat's token checked, the
hello, each message read and answered or refused, and the sockets of a replaced link closed.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from datetime import UTC, datetime

from honeymoon.seats import SEAT_NAMES
from honeymoon.server.protocol import (
    BAD_MESSAGE,
    RATE_LIMITED,
    SEAT_LINK_REPLACED,
    Analysis,
    AnswerHints,
    Claim,
    EndRubber,
    Hello,
    Hint,
    Move,
    Ping,
    ProtocolError,
    Review,
    Sync,
    error_message,
    parse_client_message,
    pong_message,
)
from honeymoon.server.rooms import GameNotFound, Room, Rooms
from honeymoon.server.storage import (
    hash_token,
)

__all__ = ["Connection", "Connections", "MAX_QUEUED", "BUSY_QUEUED", "CLOSE_OVERFLOW"]

logger = logging.getLogger("honeymoon.server")

#: A connection whose client has stopped reading is closed once this many messages wait
#: (close code :data:`CLOSE_OVERFLOW`, reason ``rate_limited``).
MAX_QUEUED = 256
#: While this many messages wait to be sent, a new message from the client is not handled:
#: it gets a ``rate_limited`` error instead (pipelined moves beyond the queue).
BUSY_QUEUED = 64
#: Close code for a connection whose client stopped reading its messages.
CLOSE_OVERFLOW = 4429


class Connection:
    """One websocket of one seat. Messages are queued here and sent in order by a writer."""

    def __init__(self, seat: int, token_hash: str | None = None) -> None:
        self.seat = seat
        #: The hash of the token this socket was opened with (to close it once replaced).
        self.token_hash = token_hash
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False
        #: Why the server closed this connection (a protocol error code), if it did.
        self.close_reason: str | None = None
        self._drained = asyncio.Event()
        self._drained.set()

    def note_sent(self) -> None:
        """Called by the writer after taking a message: wakes a reader waiting for room."""
        if self.queue.qsize() < BUSY_QUEUED // 2:
            self._drained.set()

    async def drained(self, timeout: float) -> bool:
        """Wait until few enough messages wait to be sent (at most ``timeout`` seconds);
        False if they did not drain in time."""
        if not self.busy:
            return True
        self._drained.clear()
        try:
            await asyncio.wait_for(self._drained.wait(), timeout)
        except TimeoutError:
            return False
        return True

    @property
    def busy(self) -> bool:
        """Whether so many messages wait to be sent that new requests are refused."""
        return self.queue.qsize() >= BUSY_QUEUED

    def send(self, text: str) -> None:
        """Queue a message (dropped once closed; closes a connection that stopped reading)."""
        if self.closed:
            return
        if self.queue.qsize() >= MAX_QUEUED:
            self.close(RATE_LIMITED)
            return
        self.queue.put_nowait(text)

    def close(self, reason: str | None = None) -> None:
        """Ask the writer to stop after the queued messages; ``reason`` is the error code the
        socket is closed with, if the server is closing it for one."""
        if not self.closed:
            self.closed = True
            self.close_reason = reason
            self.queue.put_nowait(None)


class Connections(Rooms):
    """The hub's sockets: a seat's token checked, its sockets registered and sent the hello,
    each message read and answered or refused, and the sockets of a replaced link closed."""

    async def authenticate(self, token: str) -> tuple[Room, int] | None:
        """The room and seat a token opens, or None."""
        token_hash = hash_token(token)
        if self.shared:
            return await self._authenticate_shared(token_hash)
        found = self._seats.get(token_hash)
        if found is None:
            found = await self.storage.run(self.storage.find_seat, token_hash)
            if found is None:
                return None
            self._seats[token_hash] = found
        game_id, seat = found
        try:
            room = await self.room(game_id)
        except GameNotFound:
            return None
        return room, seat

    async def _authenticate_shared(self, token_hash: str) -> tuple[Room, int] | None:
        # Another node may have replaced the link, so the database is always asked.
        found = await self.storage.run(self.storage.find_link, token_hash)
        if found is None:
            return None
        game_id, seat, links = found
        try:
            room = await self.room(game_id)
        except GameNotFound:
            return None
        await self.catch_up(room)
        # A resync has already checked this game's sockets against a link replaced after
        # this token was found: the token is found again, or the socket would escape that
        # check. (The caller registers the socket without awaiting anything, so a later
        # replacement is the resync's to find.)
        while links < room.links_replaced:
            again = await self.storage.run(self.storage.find_link, token_hash)
            if again is None:
                return None
            links = again[2]
        return room, seat

    async def replace_token(self, token: str) -> tuple[str, int, str] | None:
        """Give the seat that ``token`` opens a new token; the old one stops working at once
        and every socket opened with it is closed (``seat_link_replaced``). Returns the game
        id, the seat and the new token, or None if ``token`` opens no seat.
        """
        old_hash = hash_token(token)
        new_token = secrets.token_urlsafe(24)
        found = await self.storage.run(
            self.storage.replace_seat_token, old_hash, hash_token(new_token)
        )
        self._seats.pop(old_hash, None)
        if found is None:
            return None
        game_id, seat = found
        self._link_replaced(game_id, seat)
        return game_id, seat, new_token

    async def replace_seat(self, game_id: str, seat: int) -> tuple[int, str] | None:
        """Give ``seat`` of the game a new token, whatever token it had (for the account
        holding the seat): the old one stops working at once, as in :meth:`replace_token`.
        Returns the seat and the new token, or None if the game has no such seat."""
        new_token = secrets.token_urlsafe(24)
        old_hash = await self.storage.run(
            self.storage.replace_seat_token_of, game_id, seat, hash_token(new_token)
        )
        if old_hash is None:
            return None
        self._seats.pop(old_hash, None)
        self._link_replaced(game_id, seat)
        return seat, new_token

    def _link_replaced(self, game_id: str, seat: int) -> None:
        """Close the sockets opened with a seat's old token, here and on the other nodes."""
        room = self.rooms.get(game_id)  # a game not in memory has no socket to close
        for connection in list(room.connections[seat]) if room is not None else []:
            connection.send(
                error_message(SEAT_LINK_REPLACED, "this seat's link was replaced: open the new one")
            )
            connection.close(SEAT_LINK_REPLACED)
        if self.notifier is not None:
            self.notifier.publish(game_id, replaced=seat)
        logger.info("game %s: %s link replaced", game_id, SEAT_NAMES[seat])

    def join(self, room: Room, connection: Connection) -> bool:
        """Register a connection and send it the hello; tell the others if the seat arrived.

        Returns False (and registers nothing) when the seat already has
        ``max_sockets_per_seat`` connections.
        """
        seat = connection.seat
        if len(room.connections[seat]) >= self.max_sockets_per_seat:
            logger.info("game %s: refused a socket for %s (too many)", room.id, SEAT_NAMES[seat])
            return False
        arrived = not room.connections[seat]
        room.connections[seat].add(connection)
        room.last_active = time.monotonic()
        connection.send(room.hello_message(seat))
        logger.info("game %s: %s connected", room.id, SEAT_NAMES[seat])
        if arrived:
            self._send_presence(room, skip=connection)
            self._share_presence(room)
            self._note_away(room, seat, None)
        return True

    def _note_away(self, room: Room, seat: int, since: datetime | None) -> None:
        """Store since when a person's seat in a game between two people has had no socket
        (None: it has one now), for the other to end the rubber as left after a while. The
        storage's one writer keeps the notes in the order they were made."""
        if room.bot_seat is None and room.left_by is None and not room.game.is_over:
            self._spawn(self.storage.run(self.storage.mark_away, room.id, seat, since))

    def leave(self, room: Room, connection: Connection) -> None:
        """Forget a connection; tell the others if the seat is now away."""
        seat = connection.seat
        room.connections[seat].discard(connection)
        connection.close()
        room.last_active = time.monotonic()
        logger.info("game %s: %s disconnected", room.id, SEAT_NAMES[seat])
        if not room.connections[seat] and not room.elsewhere[seat]:
            self._note_away(room, seat, datetime.now(UTC))
        if not room.connections[seat]:
            self._send_presence(room)
            self._share_presence(room)

    async def handle(self, room: Room, connection: Connection, text: str) -> None:
        """Handle one message from a connected seat."""
        try:
            message = parse_client_message(text)
        except ProtocolError as error:
            logger.info("game %s: refused a message (%s)", room.id, error.code)
            connection.send(error_message(error.code, error.message))
            return
        if isinstance(message, Move):
            await self.move(room, connection, message)
        elif isinstance(message, Sync):
            connection.send(room.state_message(connection.seat))
        elif isinstance(message, Review):
            connection.send(room.review_message(connection.seat, message.hand))
        elif isinstance(message, Analysis):
            await self.analysis(room, connection, message.hand)
        elif isinstance(message, Claim):
            await self.claim(room, connection, message)
        elif isinstance(message, Hint):
            await self.hint(room, connection, message)
        elif isinstance(message, AnswerHints):
            await self.answer_hints(room, connection, message)
        elif isinstance(message, EndRubber):
            await self.end_rubber(room, connection)
        elif isinstance(message, Ping):
            connection.send(pong_message())
        elif isinstance(message, Hello):
            connection.send(error_message(BAD_MESSAGE, "this connection already has a seat"))

    def _link(self, connection: Connection) -> tuple[str, int] | None:
        """What a move from this connection must still hold to be stored: its token opens
        its seat. Only nodes sharing a database ask (another node may have replaced the
        link, and its notice may be lost); a node alone closes the sockets itself."""
        if not self.shared or connection.token_hash is None:
            return None
        return connection.token_hash, connection.seat

    def _close_link(self, room: Room, connection: Connection, move_id: str | None = None) -> None:
        """Close every socket of the connection's seat opened with its token, which no
        longer opens the seat (``seat_link_replaced``; ``move_id``: the move refused)."""
        token_hash = connection.token_hash
        closing = [connection] + [
            other
            for other in room.connections[connection.seat]
            if other is not connection and token_hash is not None and other.token_hash == token_hash
        ]
        for other in closing:
            other.send(
                error_message(
                    SEAT_LINK_REPLACED,
                    "this seat's link was replaced: open the new one",
                    move_id=move_id if other is connection else None,
                )
            )
            other.close(SEAT_LINK_REPLACED)
