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
    bindparam,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
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


# The statements of the hot path, built once: SQLAlchemy then compiles each only once.
_ADVANCE_GAME = (
    update(games)
    .where(games.c.id == bindparam("game_id"), games.c.version == bindparam("number"))
    .values(
        version=bindparam("next_version"),
        complete=bindparam("complete"),
        updated_at=bindparam("now"),
    )
)
#: The same, for nodes sharing the database: the move also sets when the computer's seat is
#: next looked at, in the same transaction (so a node that dies after the commit leaves the
#: computer's turn to another).
_ADVANCE_GAME_DUE = _ADVANCE_GAME.values(bot_due=bindparam("bot_due"))
#: Whether a game's row is there (asked only when the update above matched nothing).
_GAME_EXISTS = select(games.c.id).where(games.c.id == bindparam("game_id"))
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
) -> dict[str, Any]:
    return {
        "bot_due": bot_due,
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


def _driver_statements(paramstyle: str, bot_due: bool = False) -> tuple[str, str] | None:
    """The hot-path statements in the driver's own parameter style (None: use SQLAlchemy);
    with ``bot_due``, the update also sets the ``bot_due`` column (its value comes first)."""
    if paramstyle == "qmark":
        mark = "?"
    elif paramstyle in ("format", "pyformat"):
        mark = "%s"
    else:
        return None
    due = f"bot_due = {mark}, " if bot_due else ""
    advance = (
        f"UPDATE games SET {due}version = {mark}, complete = {mark}, updated_at = {mark} "
        f"WHERE id = {mark} AND version = {mark}"
    )
    insert_action = (
        "INSERT INTO actions (game_id, number, seat, action, move_id, created_at) "
        f"VALUES ({mark}, {mark}, {mark}, {mark}, {mark}, {mark})"
    )
    return advance, insert_action


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
        self._driver_sql = (
            _driver_statements(self.engine.dialect.paramstyle, shared)
            if backend in ("sqlite", "postgresql")
            and parsed.get_driver_name() in ("pysqlite", "psycopg")
            else None
        )
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
        )
        stored = tuple(StoredAction(r.seat, r.action, r.move_id) for r in rows)
        return StoredGame(params, stored, bool(row.complete))

    def append_action(
        self,
        game_id: str,
        number: int,
        seat: int,
        action: int,
        move_id: str | None,
        *,
        complete: bool = False,
    ) -> None:
        """Commit action ``number`` (0-based) of a game; returns only once it is durable.

        :raises StorageConflict: if the stored game does not hold exactly ``number`` actions.
        :raises GameGone: if there is no such stored game (any more).
        """
        values = _action_values(game_id, number, seat, action, move_id, complete)
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
    ) -> None:
        """:meth:`append_action` from async code, with group commit: the actions that arrive
        while a transaction is being written go together into the next one. Returns only once
        this action is durable.

        :raises StorageConflict: as :meth:`append_action`; :class:`GameGone` too; other
            errors if the write failed.
        """
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        values = _action_values(game_id, number, seat, action, move_id, complete, bot_due)
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

    def write_actions(self, batch: list[dict[str, Any]]) -> list[StorageConflict | GameGone | None]:
        """Write several games' actions in one transaction; for each, None once it is
        committed, or what kept it out: a :class:`StorageConflict` (the game is at another
        version) or :class:`GameGone` (there is no such game any more).
        """
        if self._driver_sql is not None:
            return self._write_actions_driver(batch, *self._driver_sql)
        results: list[StorageConflict | GameGone | None] = []
        advance = _ADVANCE_GAME_DUE if self.shared else _ADVANCE_GAME
        try:
            with self.engine.begin() as connection:
                for values in batch:
                    moved = connection.execute(advance, values)
                    if moved.rowcount != 1:
                        # Only on this rare path: is the row there at another version, or gone?
                        row = connection.execute(_GAME_EXISTS, values).first()
                        results.append(_conflict(values, gone=row is None))
                        continue
                    connection.execute(_INSERT_ACTION, values)
                    results.append(None)
        except IntegrityError as error:
            raise StorageConflict("an action was already stored by another writer") from error
        return results

    def _write_actions_driver(
        self, batch: list[dict[str, Any]], advance: str, insert_action: str
    ) -> list[StorageConflict | GameGone | None]:
        # The hot path, straight on the driver: the same two statements as the SQLAlchemy
        # path above, at a fraction of its cost per move.
        results: list[StorageConflict | GameGone | None] = []
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
                cursor.execute(
                    advance,
                    (
                        *due,
                        values["next_version"],
                        values["complete"],
                        now,
                        values["game_id"],
                        values["number"],
                    ),
                )
                if cursor.rowcount != 1:
                    cursor.execute(exists, (values["game_id"],))
                    results.append(_conflict(values, gone=cursor.fetchone() is None))
                    continue
                cursor.execute(
                    insert_action,
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
            connection.execute(
                update(seat_tokens)
                .where(seat_tokens.c.token_hash == token_hash)
                .values(token_hash=new_hash)
            )
        return row.game_id, row.seat

    def purge(self, *, finished_before: datetime, abandoned_before: datetime) -> list[str]:
        """Delete the finished games last changed before ``finished_before`` and the unfinished
        ones last changed before ``abandoned_before``, with their seats and actions; returns
        their ids.
        """
        with self.engine.begin() as connection:
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
