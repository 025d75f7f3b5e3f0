"""The hub's live games: one :class:`Room` per game in memory, and the moves run on it.

A move is checked against the live game, committed to storage, and only then applied,
acknowledged, and followed by each connected seat's own view (built by
:func:`honeymoon.views.view_for`, the one view function, and nothing else).
"""

from __future__ import annotations

import asyncio
import logging
import math
import random
import secrets
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from honeymoon.analysis import HandAnalysis, analyze_hand
from honeymoon.bots import LEVELS as BOT_LEVELS
from honeymoon.bots.choice import choose_bot
from honeymoon.bots.table_bots import table_bot_for
from honeymoon.claims import ClaimVerdict
from honeymoon.engines import new_game
from honeymoon.errors import HoneymoonError, IllegalActionError
from honeymoon.game import Game
from honeymoon.rules import (
    DEFAULT_RULES,
    RuleSet,
    find_variant,
)
from honeymoon.seats import SEAT_NAMES, SEATS
from honeymoon.server.fair_play import HINTS_OFF, HINTS_ON, HintsSetting
from honeymoon.server.limits import RateLimiter
from honeymoon.server.nodes import Notifier, default_node_id
from honeymoon.server.protocol import (
    BAD_MESSAGE,
    GAME_GONE,
    RUBBER_LEFT,
    SEAT_LINK_REPLACED,
    STALE_VERSION,
    STORAGE_ERROR,
    AnswerHints,
    Claim,
    Hint,
    Move,
    ack_message,
    analysis_message,
    encode,
    error_message,
    fair_play_message,
    hello_message,
    review_message,
    rubber_left_message,
    state_message,
)
from honeymoon.server.storage import (
    GameGone,
    NewGame,
    SeatLinkReplaced,
    Storage,
    StorageConflict,
    StoredGame,
    hash_token,
)
from honeymoon.table import TableGame
from honeymoon.views import review_for, view_for

if TYPE_CHECKING:
    from honeymoon.server.connections import Connection

__all__ = [
    "Rooms",
    "Room",
    "GameNotFound",
    "build_game",
    "replay",
    "computer_level",
    "COMPUTER_LEVELS",
    "DEFAULT_LEVEL",
    "HINTS_PER_MINUTE",
]

logger = logging.getLogger("honeymoon.server")

#: Hints a seat may ask a minute by default, over all its sockets and decisions (a token
#: bucket: as many at once, then one every ``60 / HINTS_PER_MINUTE`` seconds; the setting
#: ``hints_per_minute``). A person asking at every decision of the drawing, a turn every
#: two seconds or so, stays within it.
HINTS_PER_MINUTE = 12.0


class GameNotFound(Exception):
    """No stored game has this id."""


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
    #: Whether hints are allowed (against the computer always; between people only if both
    #: agreed), and how many hints each seat asked: both seats see them, the record notes them.
    hints_setting: HintsSetting = HintsSetting(HINTS_ON)
    hints_asked: tuple[int, int] = (0, 0)
    #: The seat that left the rubber, once the other ended it so (no move is taken then).
    left_by: int | None = None

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
        return state_message(self.version, self.view(seat))

    def hello_message(self, seat: int) -> str:
        """The ``hello`` message sent when a seat connects."""
        params = self.params
        rules = self.game.rules
        return hello_message(
            game_id=params.id,
            seat=SEAT_NAMES[seat],
            opponent=params.opponent,
            level=params.bot,
            variant=params.variant,
            variant_title=rules.title,
            four_hands=rules.four_hands,
            options=rules.options(),
            rules=rules.public_rules(),
            version=self.version,
            view=self.view(seat),
            presence=self.presence(),
            fair_play=self.fair_play(),
            left_by=SEAT_NAMES[self.left_by] if self.left_by is not None else None,
        )

    def end_as_left(self, seat: int) -> None:
        """The rubber is over, left by ``seat``: tell every socket of both seats."""
        if self.left_by is not None:
            return
        self.left_by = seat
        text = rubber_left_message(SEAT_NAMES[seat])
        for sockets in self.connections:
            for connection in list(sockets):
                connection.send(text)

    def left_refusal(self, move_id: str | None = None) -> str | None:
        """The refusal of a move, claim or hint once the rubber was ended as left (None
        while it goes on)."""
        if self.left_by is None:
            return None
        return error_message(
            RUBBER_LEFT,
            f"this rubber is over: {SEAT_NAMES[self.left_by]} left it",
            move_id=move_id,
        )

    def fair_play(self) -> dict[str, Any]:
        """What both seats are told of fair play: the hints setting and each seat's count."""
        return self.hints_setting.to_dict(self.hints_asked)

    def set_fair_play(self, stored: str, asked: tuple[int, int]) -> bool:
        """Take the hints setting and counts the database holds; True if they changed (the
        seats are then told, with :func:`fair_play_message`)."""
        setting = HintsSetting.parse(stored)
        asked = (max(asked[0], self.hints_asked[0]), max(asked[1], self.hints_asked[1]))
        if setting == self.hints_setting and asked == self.hints_asked:
            return False
        self.hints_setting, self.hints_asked = setting, asked
        return True

    def tell_fair_play(self) -> None:
        """Send every socket of both seats the fair-play setting as it stands now."""
        text = fair_play_message(self.fair_play())
        for seat in (0, 1):
            for connection in list(self.connections[seat]):
                connection.send(text)

    def review_message(self, seat: int, hand: int) -> str:
        """The ``review`` of finished hand ``hand`` for a seat (``views.review_for``), or a
        ``bad_message`` error naming the finished hands when ``hand`` is not one of them."""
        refused = self.finished_hand_error(hand, "a review")
        if refused is not None:
            return refused
        review = review_for(self.game, SEATS[seat], hand)
        return review_message(hand, review.to_dict(), self.claims.get(hand, []))

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
        lost_by_seat = {SEAT_NAMES[s]: lost[s] for s in (0, 1)}
        return analysis_message(hand, own[hand].to_dict(), len(own), lost_by_seat)

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


def _level_bot(level: str, rules: RuleSet, seed: int) -> Any:
    """A fresh built-in bot for a level of :data:`COMPUTER_LEVELS` (a stored level that is not
    one of them plays at the default level), chosen as the terminal chooses it
    (:func:`~honeymoon.bots.choice.choose_bot`: in Bridgette a bot that does not play it gives
    way to the strongest one that does). Every built-in bot plays every variant, the
    four-hand table through its table counterpart
    (:func:`~honeymoon.bots.table_bots.table_bot_for`), which is made here so that a level
    without one fails when the game is made, never in the middle of it. Its choices follow
    from the game's seed, so a game replayed from its record plays the same."""
    if level not in COMPUTER_LEVELS:
        logger.warning("a stored game names an unknown level; it plays at %s", DEFAULT_LEVEL)
        level = DEFAULT_LEVEL
    bot, _ = choose_bot(level, f"computer:{seed}", rules)
    if rules.four_hands:
        table_bot_for(bot)
    return bot


class Rooms:
    """The hub's live games: each game's room, loaded and replayed on first use, evicted when
    idle, forgotten when purged; moves checked, stored, then applied; a room caught up
    with the database. The hub's state, which its other parts share, is set up here."""

    if TYPE_CHECKING:  # written in the hub's other parts (see honeymoon.server.hub)

        def _schedule_bot(self, room: Room) -> None: ...
        def _bot_due(self) -> datetime: ...
        def _bot_timer(self, game_id: str, delay: float) -> None: ...
        def _link(self, connection: Connection) -> tuple[str, int] | None: ...
        def _close_link(
            self, room: Room, connection: Connection, move_id: str | None = None
        ) -> None: ...
        def _send_presence(self, room: Room, skip: Connection | None = None) -> None: ...
        def _share_presence(self, room: Room) -> None: ...
        async def analysis(self, room: Room, connection: Connection, hand: int) -> None: ...
        async def hint(self, room: Room, connection: Connection, hint: Hint) -> None: ...
        async def answer_hints(
            self, room: Room, connection: Connection, answer: AnswerHints
        ) -> None: ...
        async def end_rubber(self, room: Room, connection: Connection) -> None: ...
        async def claim(self, room: Room, connection: Connection, claim: Claim) -> None: ...

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
        deal_seed: str | None = None,
        leave_after: float = 900.0,
    ) -> None:
        self.storage = storage
        #: Seconds a player must have been away before the other may end the rubber as left.
        self.leave_after = leave_after
        #: Where new games' seeds, first dealers and seats come from: the system's randomness,
        #: or (tests only, ``HONEYMOON_DEAL_SEED``) a sequence that repeats. Ids and tokens
        #: always come from the system.
        self._deals: random.Random = (
            random.Random(deal_seed) if deal_seed is not None else random.SystemRandom()
        )
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

    async def create_game(
        self,
        *,
        opponent: str,
        variant: str = DEFAULT_RULES.name,
        options: dict[str, Any] | None = None,
        bot: str | None = None,
        seat: int | None = None,
        hints: bool = False,
    ) -> tuple[str, int, dict[int, str]]:
        """Create and store a game; returns its id, the creator's seat and both seat tokens
        (only the creator's token when the opponent is the computer).

        ``hints``: between two people, the creator offers hints to both (they are on once
        the other player accepts); against the computer hints are always allowed.

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
        deals = self._deals
        creator = deals.randrange(2) if seat is None else seat
        if opponent == "computer":
            setting = HintsSetting(HINTS_ON)
        else:
            setting = HintsSetting.offered(creator) if hints else HintsSetting(HINTS_OFF)
        params = NewGame(
            id=secrets.token_urlsafe(12),
            variant=rules.name,
            options=rules.options(),
            seed=deals.getrandbits(64),
            first_dealer=deals.randrange(2),
            opponent=opponent,
            bot=bot,
            bot_seat=1 - creator if opponent == "computer" else None,
            hints=setting.stored,
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
        bot = _level_bot(params.bot, game.rules, params.seed) if params.bot is not None else None
        room = Room(params, game, len(stored.actions), move_ids, bot)
        room.links_replaced = stored.links_replaced
        room.hints_setting = HintsSetting.parse(params.hints)
        room.hints_asked = stored.hints_asked
        room.left_by = stored.left_by
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
            left = room.left_refusal(move.move_id)
            if left is not None:
                connection.send(left)
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
