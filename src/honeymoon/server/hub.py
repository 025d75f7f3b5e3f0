"""Live games: the hub keeps one :class:`Room` per game in memory and runs every move.

A move is checked against the live game, applied to a copy, committed to storage, and only
then made current, acknowledged, and followed by each connected seat's own view (built by
:func:`honeymoon.views.view_for`, the one view function, and nothing else). A computer seat
moves from its own view after a short delay, also after a restart.

Nothing here logs a card, an action, a view or a token: only game ids, seats, versions and
error codes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import secrets
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from honeymoon.analysis import HandAnalysis, analyze_hand
from honeymoon.bots import LEVELS as BOT_LEVELS
from honeymoon.bots import advise, strongest_bot_name
from honeymoon.bots.choice import choose_bot
from honeymoon.bots.table_bots import table_bot_for
from honeymoon.claims import ClaimError, ClaimVerdict, judge_claim
from honeymoon.engines import new_game
from honeymoon.errors import HoneymoonError, IllegalActionError
from honeymoon.game import Game, Phase
from honeymoon.rules import (
    DEFAULT_RULES,
    RuleSet,
    find_variant,
)
from honeymoon.seats import SEAT_NAMES, SEATS, Seat
from honeymoon.server.limits import RateLimiter
from honeymoon.server.nodes import Notice, Notifier, default_node_id
from honeymoon.server.protocol import (
    BAD_MESSAGE,
    CANNOT_CLAIM,
    GAME_GONE,
    NO_HINT,
    RATE_LIMITED,
    SEAT_LINK_REPLACED,
    STALE_VERSION,
    STORAGE_ERROR,
    Analysis,
    Claim,
    Hello,
    Hint,
    Move,
    Ping,
    ProtocolError,
    Review,
    Sync,
    ack_message,
    encode,
    error_message,
    parse_client_message,
    presence_message,
)
from honeymoon.server.storage import (
    GameChange,
    GameGone,
    NewGame,
    SeatLinkReplaced,
    Storage,
    StorageConflict,
    StoredGame,
    hash_token,
)
from honeymoon.table import TableGame
from honeymoon.views import SeatView, TableView, review_for, view_for

__all__ = ["Hub", "Room", "Connection", "GameNotFound", "SEAT_NAMES"]

logger = logging.getLogger("honeymoon.server")

#: A connection whose client has stopped reading is closed once this many messages wait
#: (close code :data:`CLOSE_OVERFLOW`, reason ``rate_limited``).
MAX_QUEUED = 256
#: While this many messages wait to be sent, a new message from the client is not handled:
#: it gets a ``rate_limited`` error instead (pipelined moves beyond the queue).
BUSY_QUEUED = 64
#: Close code for a connection whose client stopped reading its messages.
CLOSE_OVERFLOW = 4429
#: Seconds that presence changes are gathered for, to share them in one round trip to Redis.
PRESENCE_GATHER = 0.05
#: Hints a seat may ask for one decision (one version of the game), over all its sockets;
#: the first is worked out, the others are answered from the room's cache.
HINTS_PER_VERSION = 3
#: Hints a seat may ask a minute by default, over all its sockets and decisions (a token
#: bucket: as many at once, then one every ``60 / HINTS_PER_MINUTE`` seconds; the setting
#: ``hints_per_minute``). A person asking at every decision of the drawing, a turn every
#: two seconds or so, stays within it.
HINTS_PER_MINUTE = 12.0


class GameNotFound(Exception):
    """No stored game has this id."""


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


@dataclass(eq=False)
class Room:
    """A live game: the Game, its version (actions applied), move ids, connections, bot."""

    params: NewGame
    game: Game | TableGame
    version: int
    move_ids: tuple[dict[str, int], dict[str, int]]
    bot: Any = None
    connections: tuple[set[Connection], set[Connection]] = field(
        default_factory=lambda: (set(), set())
    )
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_task: asyncio.Task[None] | None = None
    last_active: float = field(default_factory=time.monotonic)
    _views: dict[int, tuple[int, str]] = field(default_factory=dict)
    #: The claims made in each hand (by hand number), as the review shows them once the hand
    #: is over: who claimed at which trick, the verdict, and the line of best play (kept in
    #: memory only: a restarted server reviews the hand without them).
    claims: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    #: Each seat's last claim judged: the version and the verdict (a claim repeated on the
    #: same position, by either seat in turn, is answered from here, not solved again: a
    #: seat's claims cost one solve per position, whatever it sends).
    last_claims: dict[int, tuple[int, ClaimVerdict]] = field(default_factory=dict)
    #: The analysis of each finished hand, worked out on the first request.
    analyses: dict[int, HandAnalysis] = field(default_factory=dict)
    #: Each seat's hint at one version, being worked out or done (the ``hint`` message's
    #: text): a hint asked again, from any socket of the seat, waits for the same one.
    hints: dict[int, tuple[int, asyncio.Future[str]]] = field(default_factory=dict)
    #: How many hints each seat asked at one version (against :data:`HINTS_PER_VERSION`).
    hint_asks: dict[int, tuple[int, int]] = field(default_factory=dict)
    #: Which seats have a device connected on another node (nodes sharing a database).
    elsewhere: tuple[bool, bool] = (False, False)
    #: Nodes sharing a database: every socket of the room has been checked against the seat
    #: links as they stood after this many replacements (``games.links_replaced``); a
    #: resync that sees the stored count grow checks them again.
    links_replaced: int = 0

    @property
    def id(self) -> str:
        """The game id."""
        return self.params.id

    @property
    def bot_seat(self) -> int | None:
        """The computer's seat, or None in a game between two people."""
        return self.params.bot_seat

    def view(self, seat: int) -> str:
        """The seat's view (``SeatView.to_dict()``, or ``TableView.to_dict()`` at the
        four-hand table) at the current version, as JSON text.

        Cached as text: the dict is garbage at once, so thousands of live games do not fill
        the cyclic garbage collector's generations with views.
        """
        cached = self._views.get(seat)
        if cached is not None and cached[0] == self.version:
            return cached[1]
        text = encode(view_for(self.game, SEATS[seat]).to_dict())
        self._views[seat] = (self.version, text)
        return text

    def presence(self) -> dict[str, str]:
        """``here``, ``away`` or ``computer`` for each seat."""
        return {
            SEAT_NAMES[seat]: (
                "computer"
                if seat == self.bot_seat
                else ("here" if self.connections[seat] or self.elsewhere[seat] else "away")
            )
            for seat in (0, 1)
        }

    def state_message(self, seat: int) -> str:
        """The ``state`` message for a seat: its own view and the version."""
        return f'{{"type":"state","version":{self.version},"view":{self.view(seat)}}}'

    def hello_message(self, seat: int) -> str:
        """The ``hello`` message sent when a seat connects."""
        params = self.params
        rules = self.game.rules
        game = encode(
            {
                "id": params.id,
                "seat": SEAT_NAMES[seat],
                "opponent": params.opponent,
                "level": params.bot,
                "variant": params.variant,
                "variant_title": rules.title,
                "four_hands": rules.four_hands,
                "options": rules.options(),
                "rules": rules.public_rules(),
            }
        )
        return (
            f'{{"type":"hello","game":{game},"version":{self.version},'
            f'"view":{self.view(seat)},"presence":{encode(self.presence())}}}'
        )

    def review_message(self, seat: int, hand: int) -> str:
        """The ``review`` of finished hand ``hand`` for a seat (``views.review_for``), or a
        ``bad_message`` error naming the finished hands when ``hand`` is not one of them."""
        refused = self.finished_hand_error(hand, "a review")
        if refused is not None:
            return refused
        review = review_for(self.game, SEATS[seat], hand)
        return encode(
            {
                "type": "review",
                "hand": hand,
                "review": review.to_dict(),
                "claims": self.claims.get(hand, []),
            }
        )

    def finished_hand_error(self, hand: int, what: str) -> str | None:
        """A ``bad_message`` error naming the finished hands when ``hand`` is not one of them
        (``what`` is the request: ``a review``), else None."""
        finished = len(self.game.history)
        if 0 <= hand < finished:
            return None
        span = f"0 to {finished - 1}" if finished else "none yet"
        return error_message(
            BAD_MESSAGE,
            f"hand {hand} is not a finished hand of this rubber, so {what} of it cannot be "
            f"given (finished hands, numbered from 0: {span})",
        )

    def analyse_finished(self) -> None:
        """Analyse every finished hand not analysed yet (double dummy, without the drawing;
        at the four-hand table by DDS). Called in a worker thread with the room's lock held,
        so the game does not change."""
        for number in range(len(self.game.history)):
            if number not in self.analyses:
                self.analyses[number] = analyze_hand(self.game, number, drawing=False)

    def analysis_message(self, seat: int, hand: int) -> str:
        """The ``analysis`` of finished hand ``hand`` as ``seat`` may see it
        (``HandAnalysis.for_seat``), with the tricks each player lost to its own cards over the
        finished hands of the rubber. The hands must have been analysed
        (:meth:`analyse_finished`)."""
        own = [self.analyses[n].for_seat(seat) for n in range(len(self.game.history))]
        lost = [sum(a.lost[s] for a in own) for s in (0, 1)]
        return encode(
            {
                "type": "analysis",
                "hand": hand,
                "analysis": own[hand].to_dict(),
                "rubber": {
                    "hands": len(own),
                    "lost": {SEAT_NAMES[s]: lost[s] for s in (0, 1)},
                },
            }
        )

    def broadcast_state(self) -> None:
        """Queue each connected seat's own state."""
        for seat in (0, 1):
            if self.connections[seat]:
                text = self.state_message(seat)
                for connection in self.connections[seat]:
                    connection.send(text)


def build_game(params: NewGame) -> Game | TableGame:
    """A fresh game from a stored game's creation parameters: a :class:`Game`, or a
    :class:`TableGame` for a four-hand variant."""
    rules = find_variant(params.variant, four_hands=True)
    if params.options:
        rules = rules.with_options(**params.options)
    return new_game(rules, seed=params.seed, first_dealer=params.first_dealer)


def replay(stored: StoredGame) -> Game | TableGame:
    """Rebuild a stored game by applying its actions in order."""
    game = build_game(stored.params)
    for entry in stored.actions:
        game.apply(entry.action, entry.seat)
    return game


#: The computer levels a game can be created with. A request names one of these; the bot is
#: then taken from the built-in table, never looked up or started from what the request says.
COMPUTER_LEVELS: tuple[str, ...] = tuple(BOT_LEVELS)
#: The level of a game created without one, and of a stored game whose level is unknown.
DEFAULT_LEVEL = "hard"


def computer_level(level: object) -> str:
    """The level a request names, checked against :data:`COMPUTER_LEVELS`.

    :raises HoneymoonError: (code ``unknown_level``) for anything else, naming the levels.
    """
    if level is None:
        return DEFAULT_LEVEL
    if isinstance(level, str) and level in COMPUTER_LEVELS:
        return level
    raise HoneymoonError(
        f"the computer's level is one of {', '.join(COMPUTER_LEVELS)}", "unknown_level"
    )


def _level_bot(level: str, rules: RuleSet) -> Any:
    """A fresh built-in bot for a level of :data:`COMPUTER_LEVELS` (a stored level that is not
    one of them plays at the default level), chosen as the terminal chooses it
    (:func:`~honeymoon.bots.choice.choose_bot`: in Bridgette a bot that does not play it gives
    way to the strongest one that does). Every built-in bot plays every variant, the
    four-hand table through its table counterpart
    (:func:`~honeymoon.bots.table_bots.table_bot_for`), which is made here so that a level
    without one fails when the game is made, never in the middle of it."""
    if level not in COMPUTER_LEVELS:
        logger.warning("a stored game names an unknown level; it plays at %s", DEFAULT_LEVEL)
        level = DEFAULT_LEVEL
    bot, _ = choose_bot(level, secrets.randbits(64), rules)
    if rules.four_hands:
        table_bot_for(bot)
    return bot


class Hub:
    """Every live game of one server process."""

    def __init__(
        self,
        storage: Storage,
        *,
        bot_delay: float = 0.6,
        idle_seconds: float = 900.0,
        max_sockets_per_seat: int = 8,
        max_analyses: int = 2,
        hints_per_minute: float = HINTS_PER_MINUTE,
        keep_finished: float | None = None,
        keep_abandoned: float | None = None,
        purge_every: float = 3600.0,
        redis_url: str | None = None,
        node_id: str | None = None,
        lease_seconds: float = 10.0,
        resync_seconds: float = 2.0,
    ) -> None:
        self.storage = storage
        #: Whether other nodes share the database (``storage.shared``): then moves are
        #: announced through Redis, rooms catch up from the database, and the computer's
        #: turns are taken from the database under a lease instead of this process's memory.
        self.shared = storage.shared
        self.redis_url = redis_url
        self.node_id = node_id or default_node_id()
        self.lease_seconds = lease_seconds
        self.resync_seconds = resync_seconds
        self.notifier: Notifier | None = None
        self._watcher: asyncio.Task[None] | None = None
        self._bot_timers: dict[str, asyncio.Task[None]] = {}
        self._background: set[asyncio.Task[Any]] = set()
        #: Set at shutdown: in-flight moves finish, nothing new is started.
        self.draining = False
        self._presence_changed: dict[str, Room] = {}
        self._presence_read: dict[str, Room] = {}
        self._presence_flush: asyncio.TimerHandle | None = None
        self._presence_renewed = -math.inf
        #: What this node last wrote to Redis as its seats: which seats of each game have a
        #: device here (games with none are left out), to write again if Redis lost it.
        self._here: dict[str, tuple[bool, bool]] = {}
        #: The other live nodes as last read (None: not read yet, or Redis came back).
        self._live_nodes: frozenset[str] | None = None
        #: Where the next resync asks for changes from (``Storage.changes_since``); None
        #: until known, when a resync compares every live game with a connected seat.
        self._horizon: int | None = None
        self._resyncing = asyncio.Lock()
        self.bot_delay = bot_delay
        self.idle_seconds = idle_seconds
        self.max_sockets_per_seat = max_sockets_per_seat
        # Analyses and claims run in worker threads, at most this many at once server-wide.
        self._solving = asyncio.Semaphore(max_analyses)
        #: Each seat's hints a minute, by game and seat: the budget is the seat's, shared by
        #: its sockets, and outlives the room (a game evicted and loaded again keeps it).
        self.hints_per_minute = hints_per_minute
        self.hint_budget = RateLimiter(
            rate=hints_per_minute / 60.0, burst=max(1, int(hints_per_minute))
        )
        #: How many hints were worked out (the adviser run), not answered from a cache.
        self.hints_worked_out = 0

        self.keep_finished = keep_finished
        self.keep_abandoned = keep_abandoned
        self.purge_every = purge_every
        self._purger: asyncio.Task[None] | None = None
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Future[Room]] = {}
        self._seats: dict[str, tuple[str, int]] = {}
        self._janitor: asyncio.Task[None] | None = None

    # -- life cycle ---------------------------------------------------------------------------

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

    async def _evict_idle(self) -> None:
        while True:
            await asyncio.sleep(min(60.0, self.idle_seconds))
            now = time.monotonic()
            for game_id, room in list(self.rooms.items()):
                busy = room.bot_task is not None and not room.bot_task.done()
                connected = room.connections[0] or room.connections[1]
                if not busy and not connected and now - room.last_active > self.idle_seconds:
                    del self.rooms[game_id]

    async def purge(self, keep_finished: float, keep_abandoned: float) -> int:
        """Delete finished games older than ``keep_finished`` seconds and unfinished ones idle
        for longer than ``keep_abandoned``; returns how many were deleted."""
        now = datetime.now(UTC)
        ids = await self.storage.run(
            self.storage.purge,
            finished_before=now - timedelta(seconds=keep_finished),
            abandoned_before=now - timedelta(seconds=keep_abandoned),
        )
        gone = set(ids)
        for game_id in gone:
            room = self.rooms.pop(game_id, None)
            if room is not None:
                self._close_gone(room)
        self._seats = {h: found for h, found in self._seats.items() if found[0] not in gone}
        if ids:
            logger.info("purged %d old games", len(ids))
        return len(ids)

    def _forget(self, room: Room) -> None:
        """A game whose stored row is gone (``honeymoon purge`` ran beside this server): drop
        its room and the cached seats of its tokens, so that its links open nothing and its
        record is not served from memory, and close its sockets with ``game_gone``."""
        if self.rooms.get(room.id) is room:
            del self.rooms[room.id]
        self._seats = {h: found for h, found in self._seats.items() if found[0] != room.id}
        self._close_gone(room)
        logger.info("game %s: no longer stored; its room is closed", room.id)

    def _close_gone(self, room: Room) -> None:
        """Stop a deleted game's room: its computer player, its caches, and its sockets,
        each told ``game_gone`` (so a client stops reconnecting to a game that is gone)."""
        room.analyses.clear()
        room.claims.clear()
        task = room.bot_task
        if task is not None and task is not asyncio.current_task():
            task.cancel()
        text = error_message(
            GAME_GONE, "this game was deleted from the server: its links open nothing any more"
        )
        for seat in (0, 1):
            for connection in list(room.connections[seat]):
                connection.send(text)
                connection.close(GAME_GONE)

    async def _purge_regularly(self) -> None:
        assert self.keep_finished is not None and self.keep_abandoned is not None
        while True:
            try:
                await self.purge(self.keep_finished, self.keep_abandoned)
            except Exception as error:  # a failed purge is tried again next time
                logger.error("purge failed (%s)", type(error).__name__)
            await asyncio.sleep(self.purge_every)

    # -- games --------------------------------------------------------------------------------

    async def create_game(
        self,
        *,
        opponent: str,
        variant: str = DEFAULT_RULES.name,
        options: dict[str, Any] | None = None,
        bot: str | None = None,
        seat: int | None = None,
    ) -> tuple[str, int, dict[int, str]]:
        """Create and store a game; returns its id, the creator's seat and both seat tokens
        (only the creator's token when the opponent is the computer).

        ``options`` are the variant's options (``RuleSet.with_options``); only the values that
        differ from the variant's defaults are stored, and a restart rebuilds the same rules.

        :raises HoneymoonError: for an unknown variant (``unknown_variant``), an option the
            variant does not have (``unknown_option``) or one that is not true or false
            (``bad_option``), or an unknown computer level.
        """
        if opponent not in ("friend", "computer"):
            raise HoneymoonError("opponent must be 'friend' or 'computer'", "bad_request")
        rules = find_variant(variant, four_hands=True)
        rules = rules.with_options(**(options or {}))
        bot = computer_level(bot) if opponent == "computer" else None
        creator = secrets.randbelow(2) if seat is None else seat
        params = NewGame(
            id=secrets.token_urlsafe(12),
            variant=rules.name,
            options=rules.options(),
            seed=secrets.randbits(64),
            first_dealer=secrets.randbelow(2),
            opponent=opponent,
            bot=bot,
            bot_seat=1 - creator if opponent == "computer" else None,
        )
        tokens = {s: secrets.token_urlsafe(24) for s in (0, 1) if s != params.bot_seat}
        room = self._new_room(StoredGame(params, (), False))
        due = (
            self._bot_due()
            if self.shared and params.bot_seat is not None and room.game.to_act == params.bot_seat
            else None
        )
        await self.storage.run(
            self.storage.create_game,
            params,
            {s: hash_token(t) for s, t in tokens.items()},
            bot_due=due,
        )
        logger.info("game %s created (%s)", params.id, opponent)
        self.rooms[params.id] = room
        self._schedule_bot(room)
        return params.id, creator, tokens

    def _new_room(self, stored: StoredGame) -> Room:
        move_ids: tuple[dict[str, int], dict[str, int]] = ({}, {})
        for number, entry in enumerate(stored.actions):
            if entry.move_id is not None:
                move_ids[entry.seat][entry.move_id] = number + 1
        params = stored.params
        game = replay(stored)
        bot = _level_bot(params.bot, game.rules) if params.bot is not None else None
        room = Room(params, game, len(stored.actions), move_ids, bot)
        room.links_replaced = stored.links_replaced
        return room

    async def room(self, game_id: str) -> Room:
        """The live room of a game, loaded from storage (and replayed) on first use.

        :raises GameNotFound: if no game has this id.
        """
        room = self.rooms.get(game_id)
        if room is not None:
            return room
        loading = self._loading.get(game_id)
        if loading is None:
            loading = asyncio.ensure_future(self._load(game_id))
            self._loading[game_id] = loading
            loading.add_done_callback(lambda _: self._loading.pop(game_id, None))
        return await asyncio.shield(loading)

    async def _load(self, game_id: str) -> Room:
        stored = await self.storage.run(self.storage.load_game, game_id)
        if stored is None:
            raise GameNotFound(game_id)
        room = self.rooms.get(game_id)
        if room is None:
            room = self._new_room(stored)
            self.rooms[game_id] = room
        return room

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
        room = self.rooms.get(game_id)  # a game not in memory has no socket to close
        for connection in list(room.connections[seat]) if room is not None else []:
            connection.send(
                error_message(SEAT_LINK_REPLACED, "this seat's link was replaced: open the new one")
            )
            connection.close(SEAT_LINK_REPLACED)
        if self.notifier is not None:
            self.notifier.publish(game_id, replaced=seat)
        logger.info("game %s: %s link replaced", game_id, SEAT_NAMES[seat])
        return game_id, seat, new_token

    # -- connections --------------------------------------------------------------------------

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
        return True

    def leave(self, room: Room, connection: Connection) -> None:
        """Forget a connection; tell the others if the seat is now away."""
        seat = connection.seat
        room.connections[seat].discard(connection)
        connection.close()
        room.last_active = time.monotonic()
        logger.info("game %s: %s disconnected", room.id, SEAT_NAMES[seat])
        if not room.connections[seat]:
            self._send_presence(room)
            self._share_presence(room)

    def _send_presence(self, room: Room, skip: Connection | None = None) -> None:
        text = presence_message(room.presence())
        for seat in (0, 1):
            for connection in room.connections[seat]:
                if connection is not skip:
                    connection.send(text)

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
        elif isinstance(message, Ping):
            connection.send(encode({"type": "pong"}))
        elif isinstance(message, Hello):
            connection.send(error_message(BAD_MESSAGE, "this connection already has a seat"))

    # -- analysis and claims -------------------------------------------------------------------

    async def analysis(self, room: Room, connection: Connection, hand: int) -> None:
        """Answer an ``analysis`` request: worked out once per hand (in a worker thread, with
        the room's lock held), then from the room's cache."""
        refused = room.finished_hand_error(hand, "an analysis")
        if refused is not None:
            connection.send(refused)
            return
        if len(room.analyses) < len(room.game.history):
            async with self._solving, room.lock:
                try:
                    await asyncio.to_thread(room.analyse_finished)
                except HoneymoonError as error:  # no DDS for the four hands
                    connection.send(error_message(error.code, error.message))
                    return
        connection.send(room.analysis_message(connection.seat, hand))

    async def hint(self, room: Room, connection: Connection, hint: Hint) -> None:
        """Answer a ``hint`` request: the strongest bot's advice on the seat's decision, from
        the seat's own view (so it holds no card the seat has not seen), worked out in a
        worker thread. The advice is data (a reason code, its figures and the choices
        compared); the browser words it. Refused when the seat has no decision to make.

        A hint is worked out once per seat and version: asked again, from any socket of the
        seat, it is answered from the room's cache (a request that comes while it is being
        worked out waits for the same one). Each seat may ask :data:`HINTS_PER_VERSION` hints
        for one decision and ``hints_per_minute`` a minute; beyond that the answer is
        ``rate_limited``, before any work is done.
        """
        seat = connection.seat
        async with room.lock:  # the view is a snapshot: the bot thinks without the lock
            version = room.version
            if hint.version is not None and hint.version != version:
                connection.send(
                    error_message(
                        STALE_VERSION,
                        f"the game is at version {version}, not {hint.version}: "
                        "ask again for the current state",
                    )
                )
                return
            refusal = self._spend_hint(room, seat, version)
            if refusal is not None:
                connection.send(error_message(RATE_LIMITED, refusal, version=version))
                return
            cached = room.hints.get(seat)
            if cached is not None and cached[0] == version:
                working = cached[1]
            else:
                view = view_for(room.game, SEATS[seat])
                if not view.legal_actions:
                    refusal = "a hint is given on your turn, for your decision"
                    connection.send(error_message(NO_HINT, refusal))
                    return
                working = asyncio.ensure_future(self._work_out_hint(room, view, version))
                room.hints[seat] = (version, working)
        try:
            # Shielded: a socket that goes away does not cancel the others' hint.
            text = await asyncio.shield(working)
        except Exception:
            if room.hints.get(seat, (version, None))[1] is working:
                del room.hints[seat]  # a hint that failed is worked out again if asked
            raise
        connection.send(text)

    def _spend_hint(self, room: Room, seat: int, version: int) -> str | None:
        """Count one hint asked by ``seat`` at ``version`` against the seat's budget; the
        words of the refusal if it is spent (nothing is counted then), else None."""
        asked_version, asked = room.hint_asks.get(seat, (version, 0))
        if asked_version != version:
            asked = 0
        if asked >= HINTS_PER_VERSION:
            return (
                f"at most {HINTS_PER_VERSION} hints for one decision: "
                "ask again at your next decision"
            )
        wait = self.hint_budget.take(f"{room.id}:{seat}")
        if wait > 0:
            return (
                f"at most {self.hints_per_minute:g} hints a minute: "
                f"ask again in {math.ceil(wait)} s"
            )
        room.hint_asks[seat] = (version, asked + 1)
        return None

    async def _work_out_hint(self, room: Room, view: SeatView | TableView, version: int) -> str:
        """The ``hint`` message for ``view`` at ``version``: the strongest bot's advice,
        worked out in a worker thread (with the analyses' and claims' limit)."""
        adviser, _ = choose_bot(strongest_bot_name(), f"hint:{room.id}:{version}", room.game.rules)
        name = adviser.name
        async with self._solving:
            self.hints_worked_out += 1
            advice = await asyncio.to_thread(advise, adviser, view)
        return encode({"type": "hint", "version": version, "adviser": name, **advice.to_dict()})

    async def claim(self, room: Room, connection: Connection, claim: Claim) -> None:
        """Judge a claim of every remaining trick with :func:`honeymoon.claims.judge_claim`.

        Accepted: both seats are told, and the rest of the hand is played out along the
        verdict's line of best play, card by card through the normal commit (so the stored
        actions are ordinary moves). Refused: both seats are told only that it was refused,
        and play goes on. The count the best defence leaves the claimant and the line depend
        on the opponent's hidden cards (a count at every turn would be a double-dummy oracle):
        they go out only in the review of the hand, once the hand is over.
        """
        seat = connection.seat
        async with room.lock:
            room.last_active = time.monotonic()
            game = room.game
            if claim.version is not None and claim.version != room.version:
                connection.send(
                    error_message(
                        STALE_VERSION,
                        f"the game is at version {room.version}, not {claim.version}: "
                        "claim again from the current state",
                        version=room.version,
                    )
                )
                connection.send(room.state_message(seat))
                return
            if game.phase is not Phase.PLAY:
                phase = (
                    "the rubber is over"
                    if game.is_over
                    else f"now it is the {game.phase.name.lower()} phase"
                )
                connection.send(
                    error_message(
                        CANNOT_CLAIM,
                        "a claim is made during the play of a hand, after the auction; " + phase,
                        version=room.version,
                    )
                )
                return
            cached = room.last_claims.get(seat)
            if cached is not None and cached[0] == room.version:
                verdict = cached[1]
            else:
                try:
                    async with self._solving:
                        verdict = await asyncio.to_thread(judge_claim, game, SEATS[seat])
                except ClaimError as error:  # a semi-exposed dummy's cards still face down
                    connection.send(
                        error_message(CANNOT_CLAIM, error.message, version=room.version)
                    )
                    return
                room.last_claims[seat] = (room.version, verdict)
            hand = game.hand_number
            trick = len(game.completed_tricks) + 1
            entry = {
                "seat": SEAT_NAMES[seat],
                "trick": trick,
                "remaining": verdict.remaining,
                "guaranteed": verdict.guaranteed,
                "accepted": verdict.accepted,
                "line": [card.pbn for card in verdict.line],
            }
            if not room.claims.get(hand) or room.claims[hand][-1] != entry:
                room.claims.setdefault(hand, []).append(entry)
            logger.info(
                "game %s: %s claimed (%s)",
                room.id,
                SEAT_NAMES[seat],
                "accepted" if verdict.accepted else "refused",
            )
            # Only what either seat may know: the verdict and the public position. The same
            # text goes to both seats, whatever the hidden cards are.
            text = encode(
                {
                    "type": "claim",
                    "hand": hand,
                    "trick": trick,
                    "claimant": SEAT_NAMES[seat],
                    "accepted": verdict.accepted,
                    "remaining": verdict.remaining,
                }
            )
            for side in (0, 1):
                for other in room.connections[side]:
                    other.send(text)
            if not verdict.accepted:
                return
            link = self._link(connection)
            try:
                for card in verdict.line:
                    mover = game.to_act
                    assert mover is not None
                    await self._commit(room, int(mover), card.action, None, link)
            except GameGone:
                return  # every socket of the game was told and closed (_forget)
            except SeatLinkReplaced:
                logger.info("game %s: refused a claim (%s)", room.id, SEAT_LINK_REPLACED)
                self._close_link(room, connection)
            except Exception as error:
                logger.error(
                    "game %s: could not store a claimed card (%s)", room.id, type(error).__name__
                )
                connection.send(
                    error_message(
                        STORAGE_ERROR,
                        "the claimed tricks could not all be stored; play goes on from here",
                        version=room.version,
                    )
                )
            room.broadcast_state()
        self._schedule_bot(room)

    # -- moves --------------------------------------------------------------------------------

    async def move(self, room: Room, connection: Connection, move: Move) -> None:
        """Check, store, apply and announce one move of a person; or refuse it with a code."""
        seat = connection.seat
        async with room.lock:
            room.last_active = time.monotonic()
            done = room.move_ids[seat].get(move.move_id)
            if done is not None:
                # A move sent again (say after a reconnect) is acknowledged, never re-applied.
                connection.send(ack_message(move.move_id, done, duplicate=True))
                return
            if move.version != room.version:
                logger.info("game %s: refused a move (%s)", room.id, STALE_VERSION)
                _refuse_stale(room, connection, seat, move)
                return
            link = self._link(connection)
            try:
                await self._commit(room, seat, move.action, move.move_id, link)
            except SeatLinkReplaced:
                logger.info("game %s: refused a move (%s)", room.id, SEAT_LINK_REPLACED)
                self._close_link(room, connection, move.move_id)
                return
            except IllegalActionError as error:
                logger.info("game %s: refused a move (%s)", room.id, error.code)
                connection.send(
                    error_message(
                        error.code, error.message, move_id=move.move_id, version=room.version
                    )
                )
                return
            except GameGone:
                return  # every socket of the game was told and closed (_forget)
            except StorageConflict:
                if self.shared:
                    await self._refuse_raced(room, connection, move)
                    return
                logger.error("game %s: storage conflict at version %d", room.id, room.version)
                connection.send(
                    error_message(
                        STORAGE_ERROR,
                        "the move was not stored; reload the game",
                        move_id=move.move_id,
                        version=room.version,
                    )
                )
                return
            except Exception as error:
                logger.error("game %s: could not store a move (%s)", room.id, type(error).__name__)
                connection.send(
                    error_message(
                        STORAGE_ERROR,
                        "the move could not be stored; try again",
                        move_id=move.move_id,
                        version=room.version,
                    )
                )
                return
            connection.send(ack_message(move.move_id, room.version))
            room.broadcast_state()
        self._schedule_bot(room)

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

    async def _commit(
        self,
        room: Room,
        seat: int,
        action: int,
        move_id: str | None,
        link: tuple[str, int] | None = None,
    ) -> None:
        """Check an action, store it, then apply it to the live game.

        The check is the one ``Game.apply`` makes, so an action that passed it is applied
        without fail once it is stored. ``link``: the token hash and seat of a person's
        move on a shared database, stored only if that token still opens that seat.

        :raises IllegalActionError: if the action is not legal (nothing is stored).
        :raises GameGone: if the game's row is gone from storage (purged beside the server);
            the room is then forgotten and its sockets closed (:meth:`_forget`).
        :raises SeatLinkReplaced: if the token of ``link`` no longer opens its seat.
        """
        game = room.game
        game.check(action, seat)
        number = room.version
        due = self._bot_due() if self.shared and room.bot_seat is not None else None
        try:
            await self.storage.commit_action(
                room.id, number, seat, action, move_id, bot_due=due, link=link
            )
        except GameGone:
            self._forget(room)
            raise
        game.apply(action, seat)
        room.version = number + 1
        if move_id is not None:
            room.move_ids[seat][move_id] = room.version
        logger.debug("game %s: version %d", room.id, room.version)
        if self.notifier is not None:
            self.notifier.publish(room.id, room.version)
        if due is not None and game.to_act != room.bot_seat:
            # A person's turn: nothing is due for the computer at this version.
            self._spawn(self.storage.run(self.storage.settle_bot, room.id, room.version))
        if game.is_over:
            logger.info("game %s: rubber over", room.id)
            await self.storage.run(self.storage.mark_complete, room.id)

    # -- the computer -------------------------------------------------------------------------

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

    # -- nodes sharing the database -----------------------------------------------------------

    def _bot_due(self) -> datetime:
        """When the computer's seat is due if it is to act after a move made now."""
        return datetime.now(UTC) + timedelta(seconds=self.bot_delay)

    def _spawn(self, awaitable: Any) -> None:
        """Run a background job; kept until done so that shutdown can wait for it."""

        async def run() -> None:
            try:
                await awaitable
            except Exception as error:
                logger.error("a background job failed (%s)", type(error).__name__)

        task = asyncio.create_task(run())
        self._background.add(task)
        task.add_done_callback(self._background.discard)

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

    async def catch_up(self, room: Room) -> bool:
        """Bring a room up to the database's version and send its seats their views."""
        async with room.lock:
            return await self._catch_up_locked(room)

    async def _catch_up_locked(self, room: Room) -> bool:
        stored = await self.storage.read(self.storage.actions_since, room.id, room.version)
        if not stored:
            return False
        for entry in stored:
            room.game.apply(entry.action, entry.seat)
            room.version += 1
            if entry.move_id is not None:
                room.move_ids[entry.seat][entry.move_id] = room.version
        logger.debug("game %s: caught up to version %d", room.id, room.version)
        room.broadcast_state()
        return True

    async def _refuse_raced(self, room: Room, connection: Connection, move: Move) -> None:
        """A move that lost the race to another node (the database moved on first): catch
        up, then answer as for any move made on an old version, or acknowledge it as a
        duplicate if the move that won was this very move, sent to the other node too."""
        seat = connection.seat
        await self._catch_up_locked(room)
        done = room.move_ids[seat].get(move.move_id)
        if done is not None:
            connection.send(ack_message(move.move_id, done, duplicate=True))
            return
        logger.info("game %s: refused a move (%s, raced)", room.id, STALE_VERSION)
        _refuse_stale(room, connection, seat, move)

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


def _refuse_stale(room: Room, connection: Connection, seat: int, move: Move) -> None:
    """Tell the player their move was made on an old state, and send the current one."""
    connection.send(
        error_message(
            STALE_VERSION,
            f"the game is at version {room.version}, not {move.version}: "
            "choose again from the current state",
            move_id=move.move_id,
            version=room.version,
        )
    )
    connection.send(room.state_message(seat))
