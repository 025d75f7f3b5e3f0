"""Durable storage of games: SQLAlchemy Core over SQLite (embedded default) or PostgreSQL.

A game is stored as its creation parameters (variant, seed, first dealer, who plays the
seats) plus its list of actions; the live :class:`~honeymoon.game.Game` is rebuilt by replaying
the actions through ``Game.apply``. Seat tokens are stored only as SHA-256 hashes.

Every call here is blocking; :meth:`Storage.run` runs one on the storage's single worker
thread, so writes never contend with each other and the event loop never waits on the disk.
Moves go through :meth:`Storage.commit_action`, which commits the moves of many games that
arrive together in one transaction (group commit) and returns once the move is durable.
The schema belongs to the Alembic migrations in ``honeymoon/server/migrations``, which
:meth:`Storage.migrate` applies at start-up.

Nodes sharing the database (``shared``) also number their changes: every move and every
replaced seat link writes the game's ``change_number``, which only grows, so that a node
asks for the games changed since it last looked (:meth:`Storage.changes_since`) instead of
comparing every game it holds. A move sent with a seat's token is stored only if that token
still opens the seat, in the statement that stores it (:class:`SeatLinkReplaced`).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    bindparam,
    create_engine,
    delete,
    event,
    exists,
    func,
    insert,
    literal_column,
    select,
    text,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError

__all__ = [
    "Storage",
    "StoredGame",
    "StoredAction",
    "NewGame",
    "StorageConflict",
    "GameGone",
    "SeatLinkReplaced",
    "GameChange",
    "hash_token",
    "MIGRATIONS",
]

#: The Alembic script directory (shipped as package data).
MIGRATIONS = Path(__file__).resolve().parent / "migrations"

P = ParamSpec("P")
T = TypeVar("T")

metadata = MetaData()

#: One row per game: how it was created, and how many actions it holds (``version``).
games = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("variant", String(64), nullable=False),
    Column("options", Text, nullable=False),
    Column("seed", String(64), nullable=False),
    Column("first_dealer", Integer, nullable=False),
    Column("opponent", String(16), nullable=False),
    Column("bot", String(32), nullable=True),
    Column("bot_seat", Integer, nullable=True),
    Column("version", Integer, nullable=False),
    Column("complete", Boolean, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    # Shared by several nodes (PostgreSQL and Redis): when the computer's seat should next be
    # looked at, and which node holds the lease to move for it, until when.
    Column("bot_due", DateTime(timezone=True), nullable=True),
    Column("lease_owner", String(64), nullable=True),
    Column("lease_until", DateTime(timezone=True), nullable=True),
    # Shared: the number of the change that last touched the game (a move, a replaced link);
    # see Storage.changes_since. Never written by a node alone, which has no one to tell.
    Column("change_number", BigInteger, nullable=True),
    # How many times a seat link of the game was replaced: a node that sees it grow checks
    # the tokens of the game's sockets.
    Column("links_replaced", Integer, nullable=False, server_default="0"),
    # Fair play (honeymoon.server.fair_play): whether hints are allowed (HintsSetting.stored)
    # and how many hints each seat asked.
    Column("hints", String(16), nullable=False, server_default="off"),
    Column("hints_south", Integer, nullable=False, server_default="0"),
    Column("hints_east", Integer, nullable=False, server_default="0"),
    # Since when each seat has had no socket on any node (None: connected, or never left),
    # and the seat that left the rubber (ended by the other after a stated time away).
    Column("away_south", DateTime(timezone=True), nullable=True),
    Column("away_east", DateTime(timezone=True), nullable=True),
    Column("left_by", Integer, nullable=True),
)

#: The seat links: a hash of each seat's secret token.
seat_tokens = Table(
    "seat_tokens",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("game_id", String(32), ForeignKey("games.id"), nullable=False),
    Column("seat", Integer, nullable=False),
)

#: Every accepted action, numbered from 0 across the whole rubber.
actions = Table(
    "actions",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", Integer, nullable=False),
    Column("move_id", String(64), nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
)


#: People who signed in (``honeymoon.server.accounts``): the address they sign in with, seen by
#: no one else, and the name other players see.
accounts = Table(
    "accounts",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("email", String(254), nullable=False, unique=True),
    Column("name", String(64), nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

#: A device's sign-in: a hash of its cookie's secret, never the secret itself. ``id`` is the
#: public name by which the account's owner lists and revokes it.
sessions = Table(
    "sessions",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("account_id", String(32), ForeignKey("accounts.id"), nullable=False, index=True),
    Column("device", String(120), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("last_seen_at", DateTime(timezone=True), nullable=False),
    Column("expires_at", DateTime(timezone=True), nullable=False),
)

#: The sign-in code last sent to an address: a hash of it, when it expires, and how many
#: wrong codes were tried against it. Deleted once used.
sign_in_codes = Table(
    "sign_in_codes",
    metadata,
    Column("email", String(254), primary_key=True),
    Column("code_hash", String(64), nullable=False),
    Column("expires_at", DateTime(timezone=True), nullable=False),
    Column("tries", Integer, nullable=False),
)

#: Which account sits in which seat of a game: one account per seat, one seat per account
#: in a game. The seat's token is not here: an account resumes by having a new one issued.
account_seats = Table(
    "account_seats",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("account_id", String(32), ForeignKey("accounts.id"), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    UniqueConstraint("account_id", "game_id", name="account_seats_account_game"),
)


# The statements of the hot path, built once: SQLAlchemy then compiles each only once.
_ADVANCE_GAME = (
    update(games)
    .where(
        games.c.id == bindparam("game_id"),
        games.c.version == bindparam("number"),
        # A rubber ended as left takes no move (on any node): the database decides.
        games.c.left_by.is_(None),
    )
    .values(
        version=bindparam("next_version"),
        complete=bindparam("complete"),
        updated_at=bindparam("now"),
    )
)
#: The same, for nodes sharing the database: the move also sets when the computer's seat is
#: next looked at, in the same transaction (so a node that dies after the commit leaves the
#: computer's turn to another), and the game's change number (one of :data:`_CHANGE_NUMBER`,
#: added per dialect).
_ADVANCE_GAME_DUE = _ADVANCE_GAME.values(bot_due=bindparam("bot_due"))
#: Whether a game's row is there (asked only when the update above matched nothing).
_GAME_EXISTS = select(games.c.id).where(games.c.id == bindparam("game_id"))
#: Whether a move's token still opens its seat (asked only when the update matched nothing).
_LINK_FOUND = (
    select(1)
    .select_from(seat_tokens)
    .where(
        seat_tokens.c.token_hash == bindparam("token_hash"),
        seat_tokens.c.game_id == bindparam("link_game"),
        seat_tokens.c.seat == bindparam("link_seat"),
    )
)
#: The condition that a move sent with a seat's token adds: the token still opens that seat.
_LINK_HOLDS = exists(_LINK_FOUND)
#: How a shared write numbers its change, as SQL, by dialect. PostgreSQL: the writing
#: transaction's own id, which :meth:`Storage.changes_since` compares with the oldest
#: transaction still running (so a change that commits late is never skipped). SQLite: one
#: more than the highest number so far, taken under the database's single write lock, so the
#: numbers commit in order.
_CHANGE_NUMBER = {
    "postgresql": "pg_current_xact_id()::text::bigint",
    "sqlite": "(SELECT COALESCE(MAX(change_number), 0) + 1 FROM games)",
}
_INSERT_ACTION = insert(actions).values(
    game_id=bindparam("game_id"),
    number=bindparam("number"),
    seat=bindparam("seat"),
    action=bindparam("action"),
    move_id=bindparam("move_id"),
    created_at=bindparam("now"),
)


#: The PostgreSQL advisory lock held while the schema is migrated.
_MIGRATION_LOCK = 0x486F6E6579

#: How SQLAlchemy writes a DateTime on SQLite; the driver-level path writes the same.
_SQLITE_TIME = "%Y-%m-%d %H:%M:%S.%f"


def _action_values(
    game_id: str,
    number: int,
    seat: int,
    action: int,
    move_id: str | None,
    complete: bool,
    bot_due: datetime | None = None,
    link: tuple[str, int] | None = None,
) -> dict[str, Any]:
    return {
        "bot_due": bot_due,
        "token_hash": link[0] if link is not None else None,
        "link_game": game_id,
        "link_seat": link[1] if link is not None else None,
        "game_id": game_id,
        "number": number,
        "next_version": number + 1,
        "complete": complete,
        "seat": seat,
        "action": action,
        "move_id": move_id,
        "now": datetime.now(UTC),
    }


def _conflict(values: dict[str, Any], *, gone: bool) -> StorageConflict | GameGone:
    if gone:
        return GameGone(f"game {values['game_id']} is no longer stored")
    return StorageConflict(f"game {values['game_id']} is not at version {values['number']}")


def _link_replaced(values: dict[str, Any]) -> SeatLinkReplaced:
    return SeatLinkReplaced(f"game {values['game_id']}: the move's seat link was replaced")


@dataclass(frozen=True, slots=True)
class _DriverStatements:
    """The hot-path statements in the driver's own parameter style."""

    #: Store the game's new version (shared: with ``bot_due`` first, and the change number).
    advance: str
    #: The same, only if the move's token still opens its seat (shared only).
    advance_with_link: str
    #: Whether that token still opens the seat (asked only once a checked update failed).
    link_found: str
    insert_action: str


def _driver_statements(
    paramstyle: str, shared: bool = False, change_number: str | None = None
) -> _DriverStatements | None:
    """The hot-path statements in the driver's own parameter style (None: use SQLAlchemy);
    ``shared``, the update also sets the ``bot_due`` column (its value comes first) and the
    change number (``change_number``, SQL)."""
    if paramstyle == "qmark":
        mark = "?"
    elif paramstyle in ("format", "pyformat"):
        mark = "%s"
    else:
        return None
    due = f"bot_due = {mark}, " if shared else ""
    change = f", change_number = {change_number}" if shared and change_number else ""
    advance = (
        f"UPDATE games SET {due}version = {mark}, complete = {mark}, updated_at = {mark}"
        f"{change} WHERE id = {mark} AND version = {mark} AND left_by IS NULL"
    )
    link = f"FROM seat_tokens WHERE token_hash = {mark} AND game_id = {mark} AND seat = {mark}"
    insert_action = (
        "INSERT INTO actions (game_id, number, seat, action, move_id, created_at) "
        f"VALUES ({mark}, {mark}, {mark}, {mark}, {mark}, {mark})"
    )
    return _DriverStatements(
        advance=advance,
        advance_with_link=f"{advance} AND EXISTS (SELECT 1 {link})",
        link_found=f"SELECT 1 {link}",
        insert_action=insert_action,
    )


def hash_token(token: str) -> str:
    """The stored form of a seat token: its SHA-256, in hex.

    >>> len(hash_token("abc")), hash_token("abc") == hash_token("abc")
    (64, True)
    """
    return hashlib.sha256(token.encode()).hexdigest()


class StorageConflict(Exception):
    """The stored game moved on under us (another writer): the action was not stored."""


class GameGone(Exception):
    """The stored game is gone (deleted by a purge, say from ``honeymoon purge`` beside the
    server): the action was not stored, and no action of this game ever will be."""


class SeatLinkReplaced(Exception):
    """The token a move was sent with no longer opens its seat (its link was replaced, maybe
    on another node): the move was not stored."""


@dataclass(frozen=True, slots=True)
class GameChange:
    """What a node compares with its live copy of a changed game: the stored version, how
    many times a seat link of the game was replaced, and its fair-play setting."""

    id: str
    version: int
    links_replaced: int
    #: The hints setting as stored, and how many hints each seat asked.
    hints: str
    hints_asked: tuple[int, int]
    #: The seat that left the rubber, if it was ended so.
    left_by: int | None = None


#: The columns a :class:`GameChange` is read from.
_CHANGE_COLUMNS = (
    games.c.id,
    games.c.version,
    games.c.links_replaced,
    games.c.hints,
    games.c.hints_south,
    games.c.hints_east,
    games.c.left_by,
)


def _aware(moment: datetime | None) -> datetime | None:
    """A time read back from the database, in UTC (SQLite returns it without its zone)."""
    if moment is None or moment.tzinfo is not None:
        return moment
    return moment.replace(tzinfo=UTC)


def _change(row: Any) -> GameChange:
    """The :class:`GameChange` of a row read with :data:`_CHANGE_COLUMNS`."""
    return GameChange(
        row.id,
        int(row.version),
        int(row.links_replaced),
        row.hints,
        (int(row.hints_south), int(row.hints_east)),
        row.left_by,
    )


@dataclass(frozen=True, slots=True)
class NewGame:
    """The creation parameters of a game."""

    id: str
    variant: str
    options: dict[str, Any]
    seed: int
    first_dealer: int
    opponent: str
    bot: str | None
    bot_seat: int | None
    #: Whether hints are allowed, as stored (``HintsSetting.stored``): when created, the
    #: setting it starts with; when loaded, the setting as it stands.
    hints: str = "on"


@dataclass(frozen=True, slots=True)
class StoredAction:
    """One stored action: who made it, the action number, and the client's move id."""

    seat: int
    action: int
    move_id: str | None


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A game as stored: its parameters and its actions in order."""

    params: NewGame
    actions: tuple[StoredAction, ...]
    complete: bool
    #: How many times a seat link of the game had been replaced when it was read.
    links_replaced: int = 0
    #: How many hints each seat had asked when it was read.
    hints_asked: tuple[int, int] = (0, 0)
    #: The seat that left the rubber (None: it was not left).
    left_by: int | None = None


class Storage:
    """The game store. Blocking methods; call them through :meth:`run` from async code."""

    def __init__(
        self,
        url: str,
        *,
        sqlite_synchronous: str = "NORMAL",
        inline_writes: bool = True,
        shared: bool = False,
    ) -> None:
        self.url = url
        #: Whether several nodes share this database: every move then also writes when the
        #: computer's seat is next due (``bot_due``), and moves are never written inline.
        self.shared = shared
        parsed = make_url(url)
        self.is_sqlite = parsed.get_backend_name() == "sqlite"
        # No statement's parameters in an error's text: a traceback in the log must not carry
        # what a request sent.
        kwargs: dict[str, Any] = {"hide_parameters": True}
        if self.is_sqlite:
            kwargs["connect_args"] = {"check_same_thread": False}
        else:
            kwargs["pool_pre_ping"] = True
        self.engine: Engine = create_engine(url, **kwargs)
        if self.is_sqlite:
            synchronous = sqlite_synchronous.upper()

            @event.listens_for(self.engine, "connect")
            def _pragmas(dbapi_connection: Any, _record: Any) -> None:
                # WAL with synchronous=NORMAL: a commit survives the process being killed;
                # FULL also survives a power cut.
                cursor = dbapi_connection.cursor()
                cursor.execute("PRAGMA journal_mode=WAL")
                cursor.execute(f"PRAGMA synchronous={synchronous}")
                cursor.execute("PRAGMA busy_timeout=5000")
                cursor.execute("PRAGMA foreign_keys=ON")
                cursor.close()

        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="storage")
        #: Shared: the reads that follow other nodes' moves run on threads of their own, so
        #: that they never hold up this node's commits.
        self._readers = (
            ThreadPoolExecutor(max_workers=2, thread_name_prefix="storage-read") if shared else None
        )
        backend = parsed.get_backend_name()
        #: How this database numbers a change (SQL), see :data:`_CHANGE_NUMBER`.
        self._change_sql = _CHANGE_NUMBER.get(backend)
        if shared and self._change_sql is None:
            raise ValueError(f"nodes cannot share a {backend} database (PostgreSQL or SQLite)")
        self._driver_sql = (
            _driver_statements(self.engine.dialect.paramstyle, shared, self._change_sql)
            if backend in ("sqlite", "postgresql")
            and parsed.get_driver_name() in ("pysqlite", "psycopg")
            else None
        )
        change: dict[str, Any] = (
            {"change_number": literal_column(self._change_sql)} if self._change_sql else {}
        )
        #: The SQLAlchemy forms of the same (when the driver is not one of those two).
        self._advance = _ADVANCE_GAME_DUE.values(**change) if shared else _ADVANCE_GAME
        self._advance_with_link = self._advance.where(_LINK_HOLDS)
        #: Write moves on the event loop's own thread: a SQLite commit without fsync takes
        #: a fraction of a millisecond, less than handing it to another thread costs.
        self.inline_writes = (
            self.is_sqlite
            and sqlite_synchronous.upper() == "NORMAL"
            and inline_writes
            and not shared
        )
        self._batch: list[tuple[dict[str, Any], asyncio.Future[None]]] = []
        self._flushing = False
        self._flusher: asyncio.Task[None] | None = None

    # -- async bridge -------------------------------------------------------------------------

    async def run(self, func: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Run a blocking storage call on the storage thread and wait for it."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, lambda: func(*args, **kwargs))

    async def read(self, func: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Run a blocking read on a reader thread (shared storage), else as :meth:`run`."""
        if self._readers is None:
            return await self.run(func, *args, **kwargs)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._readers, lambda: func(*args, **kwargs))

    def close(self) -> None:
        """Finish pending work and release the connections."""
        self._executor.shutdown(wait=True)
        if self._readers is not None:
            self._readers.shutdown(wait=True)
        self.engine.dispose()

    # -- schema -------------------------------------------------------------------------------

    def migrate(self) -> None:
        """Bring the schema up to date (Alembic ``upgrade head``)."""
        from alembic import command
        from alembic.config import Config

        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as connection:
            if self.engine.dialect.name == "postgresql":
                # Nodes starting together migrate one after the other.
                connection.execute(select(func.pg_advisory_xact_lock(_MIGRATION_LOCK)))
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    # -- games --------------------------------------------------------------------------------

    def create_game(
        self, game: NewGame, token_hashes: dict[int, str], *, bot_due: datetime | None = None
    ) -> None:
        """Store a new game and the hashes of its seat tokens, in one transaction
        (``bot_due``: when the computer's seat is first due, on a shared database)."""
        now = datetime.now(UTC)
        due = {"bot_due": bot_due} if bot_due is not None else {}
        with self.engine.begin() as connection:
            connection.execute(
                insert(games).values(
                    id=game.id,
                    variant=game.variant,
                    options=json.dumps(game.options, sort_keys=True),
                    seed=str(game.seed),
                    first_dealer=game.first_dealer,
                    opponent=game.opponent,
                    bot=game.bot,
                    bot_seat=game.bot_seat,
                    hints=game.hints,
                    version=0,
                    complete=False,
                    created_at=now,
                    updated_at=now,
                    **due,
                )
            )
            connection.execute(
                insert(seat_tokens),
                [
                    {"token_hash": token_hash, "game_id": game.id, "seat": seat}
                    for seat, token_hash in token_hashes.items()
                ],
            )

    def find_seat(self, token_hash: str) -> tuple[str, int] | None:
        """The game id and seat that a token hash opens, or None."""
        with self.engine.connect() as connection:
            row = connection.execute(
                select(seat_tokens.c.game_id, seat_tokens.c.seat).where(
                    seat_tokens.c.token_hash == token_hash
                )
            ).first()
        return (row.game_id, row.seat) if row is not None else None

    def find_link(self, token_hash: str) -> tuple[str, int, int] | None:
        """The game id and seat that a token hash opens and how many times a link of that
        game had been replaced when the token was found, or None."""
        with self.engine.connect() as connection:
            row = connection.execute(
                select(seat_tokens.c.game_id, seat_tokens.c.seat, games.c.links_replaced)
                .join(games, games.c.id == seat_tokens.c.game_id)
                .where(seat_tokens.c.token_hash == token_hash)
            ).first()
        return (row.game_id, row.seat, int(row.links_replaced)) if row is not None else None

    def load_game(self, game_id: str) -> StoredGame | None:
        """A stored game with all its actions, or None if there is no such game."""
        with self.engine.connect() as connection:
            row = connection.execute(select(games).where(games.c.id == game_id)).first()
            if row is None:
                return None
            rows = connection.execute(
                select(actions.c.seat, actions.c.action, actions.c.move_id)
                .where(actions.c.game_id == game_id)
                .order_by(actions.c.number)
            ).all()
        params = NewGame(
            id=row.id,
            variant=row.variant,
            options=json.loads(row.options),
            seed=int(row.seed),
            first_dealer=row.first_dealer,
            opponent=row.opponent,
            bot=row.bot,
            bot_seat=row.bot_seat,
            hints=row.hints,
        )
        stored = tuple(StoredAction(r.seat, r.action, r.move_id) for r in rows)
        return StoredGame(
            params,
            stored,
            bool(row.complete),
            int(row.links_replaced),
            (int(row.hints_south), int(row.hints_east)),
            row.left_by,
        )

    def append_action(
        self,
        game_id: str,
        number: int,
        seat: int,
        action: int,
        move_id: str | None,
        *,
        complete: bool = False,
        link: tuple[str, int] | None = None,
    ) -> None:
        """Commit action ``number`` (0-based) of a game; returns only once it is durable.
        ``link`` (shared storage): the hash of the token the move was sent with and the seat
        it must still open.

        :raises StorageConflict: if the stored game does not hold exactly ``number`` actions.
        :raises GameGone: if there is no such stored game (any more).
        :raises SeatLinkReplaced: if the token of ``link`` no longer opens that seat.
        """
        values = _action_values(game_id, number, seat, action, move_id, complete, link=link)
        result = self.write_actions([values])[0]
        if result is not None:
            raise result

    async def commit_action(
        self,
        game_id: str,
        number: int,
        seat: int,
        action: int,
        move_id: str | None,
        *,
        complete: bool = False,
        bot_due: datetime | None = None,
        link: tuple[str, int] | None = None,
    ) -> None:
        """:meth:`append_action` from async code, with group commit: the actions that arrive
        while a transaction is being written go together into the next one. Returns only once
        this action is durable.

        :raises StorageConflict: as :meth:`append_action`; :class:`GameGone` and
            :class:`SeatLinkReplaced` too; other errors if the write failed.
        """
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        values = _action_values(game_id, number, seat, action, move_id, complete, bot_due, link)
        self._batch.append((values, done))
        if not self._flushing:
            self._flushing = True
            if self.inline_writes:
                # The moves that arrive in this turn of the event loop go in one transaction.
                loop.call_soon(self._flush_inline)
            else:
                self._flusher = loop.create_task(self._flush())
        await done

    def _flush_inline(self) -> None:
        batch, self._batch = self._batch, []
        self._flushing = False
        try:
            results = self.write_actions([values for values, _ in batch])
        except Exception as error:
            _settle(batch, error)
            return
        _settle(batch, results)

    async def _flush(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while self._batch:
                batch, self._batch = self._batch, []
                try:
                    results = await loop.run_in_executor(
                        self._executor, self.write_actions, [values for values, _ in batch]
                    )
                except Exception as error:
                    _settle(batch, error)
                    continue
                _settle(batch, results)
        finally:
            self._flushing = False

    def _checks_link(self, values: dict[str, Any]) -> bool:
        # A node alone closes a replaced link's sockets itself; a computer's move has no link.
        return self.shared and values["token_hash"] is not None

    def write_actions(
        self, batch: list[dict[str, Any]]
    ) -> list[StorageConflict | GameGone | SeatLinkReplaced | None]:
        """Write several games' actions in one transaction; for each, None once it is
        committed, or what kept it out: a :class:`StorageConflict` (the game is at another
        version), :class:`GameGone` (there is no such game any more) or
        :class:`SeatLinkReplaced` (the move's token no longer opens its seat).
        """
        if self._driver_sql is not None:
            return self._write_actions_driver(batch, self._driver_sql)
        results: list[StorageConflict | GameGone | SeatLinkReplaced | None] = []
        try:
            with self.engine.begin() as connection:
                for values in batch:
                    checked = self._checks_link(values)
                    advance = self._advance_with_link if checked else self._advance
                    moved = connection.execute(advance, values)
                    if moved.rowcount != 1:
                        # Only on this rare path: is the row gone, the move's link
                        # replaced, or the game at another version?
                        if connection.execute(_GAME_EXISTS, values).first() is None:
                            results.append(_conflict(values, gone=True))
                        elif checked and connection.execute(_LINK_FOUND, values).first() is None:
                            results.append(_link_replaced(values))
                        else:
                            results.append(_conflict(values, gone=False))
                        continue
                    connection.execute(_INSERT_ACTION, values)
                    results.append(None)
        except IntegrityError as error:
            raise StorageConflict("an action was already stored by another writer") from error
        return results

    def _write_actions_driver(
        self, batch: list[dict[str, Any]], sql: _DriverStatements
    ) -> list[StorageConflict | GameGone | SeatLinkReplaced | None]:
        # The hot path, straight on the driver: the same two statements as the SQLAlchemy
        # path above, at a fraction of its cost per move.
        results: list[StorageConflict | GameGone | SeatLinkReplaced | None] = []
        exists = "SELECT 1 FROM games WHERE id = " + ("?" if self.is_sqlite else "%s")
        integrity_error = self.engine.dialect.loaded_dbapi.IntegrityError
        raw = self.engine.raw_connection()
        try:
            cursor = raw.cursor()
            for values in batch:
                now = values["now"].strftime(_SQLITE_TIME) if self.is_sqlite else values["now"]
                due = (values["bot_due"],) if self.shared else ()
                if self.shared and self.is_sqlite and values["bot_due"] is not None:
                    due = (values["bot_due"].strftime(_SQLITE_TIME),)
                checked = self._checks_link(values)
                link = (values["token_hash"], values["game_id"], values["link_seat"])
                cursor.execute(
                    sql.advance_with_link if checked else sql.advance,
                    (
                        *due,
                        values["next_version"],
                        values["complete"],
                        now,
                        values["game_id"],
                        values["number"],
                        *(link if checked else ()),
                    ),
                )
                if cursor.rowcount != 1:
                    cursor.execute(exists, (values["game_id"],))
                    if cursor.fetchone() is None:
                        results.append(_conflict(values, gone=True))
                        continue
                    if checked:
                        cursor.execute(sql.link_found, link)
                        if cursor.fetchone() is None:
                            results.append(_link_replaced(values))
                            continue
                    results.append(_conflict(values, gone=False))
                    continue
                cursor.execute(
                    sql.insert_action,
                    (
                        values["game_id"],
                        values["number"],
                        values["seat"],
                        values["action"],
                        values["move_id"],
                        now,
                    ),
                )
                results.append(None)
            cursor.close()
            raw.commit()
        except integrity_error as error:
            raw.rollback()
            raise StorageConflict("an action was already stored by another writer") from error
        except BaseException:
            raw.rollback()
            raise
        finally:
            raw.close()
        return results

    def mark_complete(self, game_id: str) -> None:
        """Note that a game's rubber is over (it is then no longer resumed at start-up)."""
        with self.engine.begin() as connection:
            connection.execute(update(games).where(games.c.id == game_id).values(complete=True))

    def active_computer_games(self) -> list[str]:
        """The ids of unfinished games against the computer (resumed at start-up)."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(games.c.id).where(
                    games.c.opponent == "computer", games.c.complete.is_(False)
                )
            ).all()
        return [row.id for row in rows]

    def replace_seat_token(self, token_hash: str, new_hash: str) -> tuple[str, int] | None:
        """Give the seat that ``token_hash`` opens the token ``new_hash`` instead, in one
        transaction; returns the game id and seat, or None if the old token opens no seat.
        """
        with self.engine.begin() as connection:
            row = connection.execute(
                select(seat_tokens.c.game_id, seat_tokens.c.seat).where(
                    seat_tokens.c.token_hash == token_hash
                )
            ).first()
            if row is None:
                return None
            self._replace_token(connection, row.game_id, row.seat, new_hash)
        return row.game_id, row.seat

    def replace_seat_token_of(self, game_id: str, seat: int, new_hash: str) -> str | None:
        """Give ``seat`` of the game the token ``new_hash``, whatever its token was (for the
        account that holds the seat); returns the hash of the token it had, or None if the
        game has no such seat."""
        with self.engine.begin() as connection:
            row = connection.execute(
                select(seat_tokens.c.token_hash).where(
                    seat_tokens.c.game_id == game_id, seat_tokens.c.seat == seat
                )
            ).first()
            if row is None:
                return None
            self._replace_token(connection, game_id, seat, new_hash)
        return str(row.token_hash)

    def _replace_token(self, connection: Any, game_id: str, seat: int, new_hash: str) -> None:
        # The game's row first: a node that sees its change checks its sockets' tokens.
        connection.execute(
            update(games)
            .where(games.c.id == game_id)
            .values(links_replaced=games.c.links_replaced + 1, **self._change_values())
        )
        connection.execute(
            update(seat_tokens)
            .where(seat_tokens.c.game_id == game_id, seat_tokens.c.seat == seat)
            .values(token_hash=new_hash)
        )

    # -- fair play (honeymoon.server.fair_play) ------------------------------------------------

    def _change_values(self) -> dict[str, Any]:
        """The new change number to write with a change, on a shared database."""
        if self.shared and self._change_sql:
            return {"change_number": literal_column(self._change_sql)}
        return {}

    def fair_play(self, game_id: str) -> tuple[str, tuple[int, int]] | None:
        """The hints setting of a game as it stands (``HintsSetting.stored``) and how many
        hints each seat asked; None if there is no such game."""
        with self.engine.connect() as connection:
            row = connection.execute(
                select(games.c.hints, games.c.hints_south, games.c.hints_east).where(
                    games.c.id == game_id
                )
            ).first()
        if row is None:
            return None
        return row.hints, (int(row.hints_south), int(row.hints_east))

    def answer_hints(self, game_id: str, before: str, after: str) -> bool:
        """Change the hints setting of a game from ``before`` to ``after``, only if it still
        is ``before`` (two answers at once, on two nodes: one is stored); True if it was."""
        with self.engine.begin() as connection:
            result = connection.execute(
                update(games)
                .where(games.c.id == game_id, games.c.hints == before)
                .values(hints=after, **self._change_values())
            )
        return bool(result.rowcount == 1)

    def count_hint(self, game_id: str, seat: int) -> tuple[int, int]:
        """Count one hint asked by ``seat``; returns both seats' counts after it."""
        column = games.c.hints_south if seat == 0 else games.c.hints_east
        with self.engine.begin() as connection:
            connection.execute(
                update(games)
                .where(games.c.id == game_id)
                .values(**{column.name: column + 1}, **self._change_values())
            )
            row = connection.execute(
                select(games.c.hints_south, games.c.hints_east).where(games.c.id == game_id)
            ).first()
        return (int(row.hints_south), int(row.hints_east)) if row is not None else (0, 0)

    def mark_away(self, game_id: str, seat: int, since: datetime | None) -> None:
        """Note that ``seat`` has had no socket since ``since`` (None: it is connected)."""
        column = "away_south" if seat == 0 else "away_east"
        with self.engine.begin() as connection:
            connection.execute(update(games).where(games.c.id == game_id).values(**{column: since}))

    def end_as_left(self, game_id: str, seat: int, away_before: datetime) -> bool:
        """End the rubber as left by ``seat``, only if it is unfinished, not left already, and
        the seat has been away since before ``away_before``; True if it was ended."""
        away = games.c.away_south if seat == 0 else games.c.away_east
        with self.engine.begin() as connection:
            result = connection.execute(
                update(games)
                .where(
                    games.c.id == game_id,
                    games.c.complete.is_(False),
                    games.c.left_by.is_(None),
                    away.is_not(None),
                    away <= away_before,
                )
                .values(
                    left_by=seat,
                    complete=True,
                    updated_at=datetime.now(UTC),
                    **self._change_values(),
                )
            )
        return bool(result.rowcount == 1)

    def away_since(self, game_id: str) -> tuple[datetime | None, datetime | None]:
        """Since when each seat has had no socket (None: connected, or never left)."""
        with self.engine.connect() as connection:
            row = connection.execute(
                select(games.c.away_south, games.c.away_east).where(games.c.id == game_id)
            ).first()
        if row is None:
            return None, None
        return _aware(row.away_south), _aware(row.away_east)

    def purge(self, *, finished_before: datetime, abandoned_before: datetime) -> list[str]:
        """Delete the finished games last changed before ``finished_before`` and the unfinished
        ones last changed before ``abandoned_before``, with their seats and actions; returns
        their ids. Expired sessions and sign-in codes are deleted too.
        """
        now = datetime.now(UTC)
        with self.engine.begin() as connection:
            connection.execute(delete(sessions).where(sessions.c.expires_at < now))
            connection.execute(delete(sign_in_codes).where(sign_in_codes.c.expires_at < now))
            ids = [
                row.id
                for row in connection.execute(
                    select(games.c.id).where(
                        (games.c.complete.is_(True) & (games.c.updated_at < finished_before))
                        | (games.c.complete.is_(False) & (games.c.updated_at < abandoned_before))
                    )
                )
            ]
            for start in range(0, len(ids), 500):
                chunk = ids[start : start + 500]
                connection.execute(delete(actions).where(actions.c.game_id.in_(chunk)))
                connection.execute(delete(seat_tokens).where(seat_tokens.c.game_id.in_(chunk)))
                connection.execute(delete(account_seats).where(account_seats.c.game_id.in_(chunk)))
                connection.execute(delete(games).where(games.c.id.in_(chunk)))
        return ids

    # -- nodes sharing the database -----------------------------------------------------------

    def ping(self) -> None:
        """Check that the database answers (raises if it does not)."""
        with self.engine.connect() as connection:
            connection.execute(select(1)).scalar_one()

    def versions(self, game_ids: Sequence[str]) -> dict[str, int]:
        """The stored version of each of these games (a game that is gone is left out)."""
        found: dict[str, int] = {}
        with self.engine.connect() as connection:
            for start in range(0, len(game_ids), 500):
                chunk = list(game_ids[start : start + 500])
                for row in connection.execute(
                    select(games.c.id, games.c.version).where(games.c.id.in_(chunk))
                ):
                    found[row.id] = int(row.version)
        return found

    def game_changes(self, game_ids: Sequence[str]) -> list[GameChange]:
        """The stored version and replaced links of each of these games (a game that is gone
        is left out): the whole comparison, made when a node does not know what changed."""
        found: list[GameChange] = []
        with self.engine.connect() as connection:
            for start in range(0, len(game_ids), 500):
                chunk = list(game_ids[start : start + 500])
                for row in connection.execute(
                    select(*_CHANGE_COLUMNS).where(games.c.id.in_(chunk))
                ):
                    found.append(_change(row))
        return found

    def change_horizon(self) -> int:
        """A change number such that every change not yet visible now will be numbered at
        least this: where :meth:`changes_since` starts, before a node has looked."""
        with self.engine.connect() as connection:
            return self._horizon(connection)

    def _horizon(self, connection: Any) -> int:
        if self.engine.dialect.name == "postgresql":
            # The oldest transaction still running: one that has not committed yet numbers
            # its changes with its own id, never less than this.
            return int(
                connection.execute(
                    text("SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint")
                ).scalar_one()
            )
        latest = connection.execute(select(func.max(games.c.change_number))).scalar()
        return int(latest or 0) + 1

    def changes_since(self, horizon: int) -> tuple[list[GameChange], int]:
        """The games changed (by a move or a replaced link) at or after change number
        ``horizon``, and the horizon to ask from next time.

        Every change that was not visible at the previous call is numbered at least the
        horizon that call returned, so none is missed, however late it commits: on
        PostgreSQL the horizon is the oldest transaction running when the changes are read
        (a change is numbered by its transaction's id, which is at least that), on SQLite
        one more than the highest number read (changes are numbered under the single write
        lock, in the order they commit). A change may be returned twice; the caller compares
        it with what it holds.
        """
        with self.engine.connect() as connection:
            postgresql = self.engine.dialect.name == "postgresql"
            # Taken before the rows are read: what commits between the two is read again
            # next time, never lost.
            following = self._horizon(connection) if postgresql else horizon
            rows = connection.execute(
                select(*_CHANGE_COLUMNS, games.c.change_number).where(
                    games.c.change_number >= horizon
                )
            ).all()
        if not postgresql and rows:
            following = max(following, max(int(row.change_number) for row in rows) + 1)
        return [_change(row) for row in rows], following

    def seat_hashes(self, game_ids: Sequence[str]) -> dict[str, dict[int, str]]:
        """The hash of the token that opens each seat of these games, by game id."""
        found: dict[str, dict[int, str]] = {}
        with self.engine.connect() as connection:
            for start in range(0, len(game_ids), 500):
                chunk = list(game_ids[start : start + 500])
                for row in connection.execute(
                    select(
                        seat_tokens.c.game_id, seat_tokens.c.seat, seat_tokens.c.token_hash
                    ).where(seat_tokens.c.game_id.in_(chunk))
                ):
                    found.setdefault(row.game_id, {})[int(row.seat)] = row.token_hash
        return found

    def actions_since(self, game_id: str, number: int) -> tuple[StoredAction, ...]:
        """The stored actions of a game from action ``number`` (0-based) on, in order."""
        if self._driver_sql is not None:
            # Read after every move another node stores: straight on the driver, as writes.
            mark = "?" if self.is_sqlite else "%s"
            raw = self.engine.raw_connection()
            try:
                cursor = raw.cursor()
                cursor.execute(
                    "SELECT seat, action, move_id FROM actions "
                    f"WHERE game_id = {mark} AND number >= {mark} ORDER BY number",
                    (game_id, number),
                )
                found = tuple(StoredAction(*row) for row in cursor.fetchall())
                cursor.close()
                raw.commit()
            finally:
                raw.close()
            return found
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(actions.c.seat, actions.c.action, actions.c.move_id)
                .where(actions.c.game_id == game_id, actions.c.number >= number)
                .order_by(actions.c.number)
            ).all()
        return tuple(StoredAction(r.seat, r.action, r.move_id) for r in rows)

    def due_bots(self, now: datetime, limit: int = 100) -> list[str]:
        """Unfinished games whose computer seat is due and whose lease (if any) has run out."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(games.c.id)
                .where(
                    games.c.bot_due.is_not(None),
                    games.c.bot_due <= now,
                    games.c.complete.is_(False),
                    games.c.lease_until.is_(None) | (games.c.lease_until < now),
                )
                .order_by(games.c.bot_due)
                .limit(limit)
            ).all()
        return [row.id for row in rows]

    def claim_bot(self, game_id: str, owner: str, now: datetime, until: datetime) -> bool:
        """Take the lease on a game's computer seat until ``until``, if its turn is due and no
        other node holds an unexpired lease; True if this node now holds it. One statement:
        of several nodes claiming at once, exactly one gets it."""
        with self.engine.begin() as connection:
            result = connection.execute(
                update(games)
                .where(
                    games.c.id == game_id,
                    games.c.bot_due.is_not(None),
                    games.c.bot_due <= now,
                    games.c.complete.is_(False),
                    games.c.lease_until.is_(None) | (games.c.lease_until < now),
                )
                .values(lease_owner=owner, lease_until=until)
            )
        return bool(result.rowcount == 1)

    def release_bot(self, game_id: str, owner: str, *, settled_at: int | None = None) -> None:
        """Give up this node's lease on a game's computer seat; with ``settled_at``, also note
        that nothing is due for the computer while the game stays at that version."""
        values: dict[str, Any] = {"lease_owner": None, "lease_until": None}
        with self.engine.begin() as connection:
            connection.execute(
                update(games)
                .where(games.c.id == game_id, games.c.lease_owner == owner)
                .values(**values)
            )
            if settled_at is not None:
                connection.execute(
                    update(games)
                    .where(games.c.id == game_id, games.c.version == settled_at)
                    .values(bot_due=None)
                )

    def settle_bot(self, game_id: str, version: int) -> None:
        """Nothing is due for the computer while the game stays at ``version`` (it is a
        person's turn)."""
        with self.engine.begin() as connection:
            connection.execute(
                update(games)
                .where(games.c.id == game_id, games.c.version == version)
                .values(bot_due=None)
            )

    def release_leases(self, owner: str) -> int:
        """Give up every lease this node holds (at shutdown); returns how many."""
        with self.engine.begin() as connection:
            result = connection.execute(
                update(games)
                .where(games.c.lease_owner == owner)
                .values(lease_owner=None, lease_until=None)
            )
        return int(result.rowcount)

    def game_count(self) -> int:
        """How many games are stored."""
        with self.engine.connect() as connection:
            return int(connection.execute(select(func.count()).select_from(games)).scalar_one())

    def action_count(self, game_id: str) -> int:
        """How many actions are stored for a game (0 if there is no such game)."""
        with self.engine.connect() as connection:
            value = connection.execute(
                select(games.c.version).where(games.c.id == game_id)
            ).scalar()
        return int(value) if value is not None else 0


def _settle(
    batch: list[tuple[dict[str, Any], asyncio.Future[None]]],
    outcome: Sequence[Exception | None] | Exception,
) -> None:
    """Answer every waiter of a written batch: its own result, or the error of the whole batch."""
    for index, (_, waiter) in enumerate(batch):
        if waiter.done():
            continue
        result = outcome if isinstance(outcome, Exception) else outcome[index]
        if result is None:
            waiter.set_result(None)
        else:
            waiter.set_exception(result)
