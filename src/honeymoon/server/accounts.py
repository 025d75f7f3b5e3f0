"""Accounts without passwords: a one-time code sent by email signs a device in.

A person asks for a code for their address; the code (six characters) is mailed to it and
stored only as a hash, with the address, for ten minutes. Sending the right code back signs
the device in: the account is made on the first sign-in, and the device gets a session
cookie whose secret is stored only as a hash too. A code works once; a few wrong codes make
it stop working (the address must ask for a new one), and the routes charge every try to
the address and to the client before it is checked.

What an account holds: the address (shown to its owner only), the name other players see,
its devices' sessions (when each signed in and was last seen, and which browser it was), and
which seat it holds in which game (``account_seats``). A seat's token is never stored with
the account: the account resumes a seat by having a new token issued for it.

Every method of :class:`AccountStore` blocks; call it through ``Storage.run``.

>>> normalize_email("  Ada@Example.ORG "), normalize_email("no at sign"), normalize_email("a@b")
('ada@example.org', None, None)
>>> normalize_email("a,b@example.org"), normalize_email("<a@example.org>")
(None, None)
>>> normalize_code(" k7m-2pq "), normalize_code("K7M2P"), normalize_code("K7M2P0")
('K7M2PQ', None, None)
>>> check_name("  Aunt Ada "), check_name(""), check_name("x" * 40)
('Aunt Ada', None, None)
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import re
import secrets
import smtplib
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from typing import Any

from sqlalchemy import Engine, and_, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from honeymoon.server.storage import (
    account_seats,
    accounts,
    games,
    hash_token,
    sessions,
    sign_in_codes,
)

__all__ = [
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "CODE_LIFETIME",
    "MAX_NAME",
    "SESSION_COOKIE",
    "Account",
    "AccountGame",
    "AccountStore",
    "DeviceSession",
    "Mailer",
    "check_name",
    "code_hash",
    "new_code",
    "normalize_code",
    "normalize_email",
]

logger = logging.getLogger("honeymoon.server")

#: The characters of a sign-in code: capitals and digits, without those easily mistaken for
#: one another (0 and O, 1 and I).
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
#: Seconds a sign-in code works after it was sent.
CODE_LIFETIME = 600.0
#: The cookie that holds a signed-in device's session secret.
SESSION_COOKIE = "honeymoon_session"
#: The longest display name, in characters.
MAX_NAME = 32
#: The longest address (RFC 5321's limit on a path).
MAX_EMAIL = 254
#: How a device is described in its owner's list of sessions (the start of its User-Agent).
MAX_DEVICE = 120
#: A session's last-seen time is written at most this often (seconds).
SEEN_EVERY = 300.0
#: The most games the account's list shows (the latest first).
MAX_GAMES = 100


#: An address: a name of the characters RFC 5322 allows unquoted, ``@``, and a domain of two
#: or more labels. Each part is told from the next by one character it cannot hold, so a
#: match takes one pass over the text.
_EMAIL = re.compile(r"[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+")


def normalize_email(text: object) -> str | None:
    """The address as stored and looked up (trimmed, in small letters), or None when it is
    not one: at most 254 characters, a name of letters, digits and ``.!#$%&'*+/=?^_`{|}~-``,
    one ``@``, and a domain of letters, digits and dashes with a dot (no spaces, commas,
    quotes or angle brackets, so that a mail goes to this one address and no other)."""
    if not isinstance(text, str) or len(text) > 2 * MAX_EMAIL:
        return None
    address = text.strip().lower()
    if len(address) > MAX_EMAIL or _EMAIL.fullmatch(address) is None:
        return None
    return address


def normalize_code(text: object) -> str | None:
    """The code as sent (capitals; spaces and dashes a person may type are dropped), or None
    when it is not six characters of :data:`CODE_ALPHABET`."""
    if not isinstance(text, str) or len(text) > 32:
        return None
    code = text.upper().replace(" ", "").replace("-", "")
    if len(code) != CODE_LENGTH or any(character not in CODE_ALPHABET for character in code):
        return None
    return code


def check_name(text: object) -> str | None:
    """A display name, trimmed, or None when it is empty, longer than :data:`MAX_NAME` or
    holds a character that does not print."""
    if not isinstance(text, str) or len(text) > 4 * MAX_NAME:
        return None
    name = " ".join(text.split())
    if not 0 < len(name) <= MAX_NAME or not name.isprintable():
        return None
    return name


def new_code() -> str:
    """A fresh random sign-in code."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def code_hash(email: str, code: str) -> str:
    """The stored form of a code sent to ``email``: a SHA-256 of both, in hex."""
    return hashlib.sha256(f"{email}\n{code}".encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class Account:
    """A signed-in person: the account's id, the address (for its owner's eyes only) and the
    name others see (None until chosen)."""

    id: str
    email: str
    name: str | None


@dataclass(frozen=True, slots=True)
class DeviceSession:
    """One device's sign-in, as its owner sees it in the list."""

    id: str
    device: str
    created_at: datetime
    last_seen_at: datetime


@dataclass(frozen=True, slots=True)
class AccountGame:
    """A game an account holds a seat in: the seat, the opponent (``computer`` or
    ``friend``), the other seat's name when an account with a name holds it, whether the
    rubber is over and when the game last changed."""

    game_id: str
    seat: int
    variant: str
    opponent: str
    level: str | None
    opponent_name: str | None
    complete: bool
    updated_at: datetime


def _aware(moment: datetime) -> datetime:
    """A stored time as UTC (SQLite gives it back without its zone)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


class AccountStore:
    """The accounts, sessions, sign-in codes and seats held by accounts, in the game
    database. Blocking methods."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # -- sign-in codes ------------------------------------------------------------------------

    def save_code(self, email: str, code: str, now: datetime) -> None:
        """Store a new code for ``email`` (hashed), replacing any code sent to it before."""
        with self.engine.begin() as connection:
            connection.execute(delete(sign_in_codes).where(sign_in_codes.c.email == email))
            connection.execute(
                insert(sign_in_codes).values(
                    email=email,
                    code_hash=code_hash(email, code),
                    expires_at=now + timedelta(seconds=CODE_LIFETIME),
                    tries=0,
                )
            )

    def use_code(self, email: str, code: str, now: datetime, max_tries: int) -> bool:
        """Whether ``code`` is the code last sent to ``email``, unexpired and not yet used.
        The right code is deleted (it works once); a wrong one counts a try, and the code
        is deleted once ``max_tries`` wrong ones were tried. Each change is made by a
        statement that says whether it applied, so that two tries at once (two nodes) use a
        code once."""
        mine = sign_in_codes.c.email == email
        with self.engine.begin() as connection:
            # Locked until this transaction ends on PostgreSQL: two tries at once are counted
            # one after the other.
            row = connection.execute(select(sign_in_codes).where(mine).with_for_update()).first()
            if row is None:
                return False
            if _aware(row.expires_at) <= now:
                connection.execute(delete(sign_in_codes).where(mine))
                return False
            if hmac.compare_digest(row.code_hash, code_hash(email, code)):
                used = connection.execute(
                    delete(sign_in_codes).where(mine, sign_in_codes.c.code_hash == row.code_hash)
                )
                return bool(used.rowcount == 1)
            connection.execute(
                update(sign_in_codes).where(mine).values(tries=sign_in_codes.c.tries + 1)
            )
            connection.execute(
                delete(sign_in_codes).where(mine, sign_in_codes.c.tries >= max_tries)
            )
            return False

    # -- accounts and sessions ----------------------------------------------------------------

    def account_for(self, email: str, now: datetime) -> tuple[Account, bool]:
        """The account of ``email``, made if there is none; and whether it was just made."""
        with self.engine.begin() as connection:
            row = connection.execute(select(accounts).where(accounts.c.email == email)).first()
            if row is not None:
                return Account(row.id, row.email, row.name), False
            account = Account(secrets.token_urlsafe(12), email, None)
            try:
                with connection.begin_nested():
                    connection.execute(
                        insert(accounts).values(id=account.id, email=email, created_at=now)
                    )
            except IntegrityError:  # made at the same moment by another sign-in
                row = connection.execute(select(accounts).where(accounts.c.email == email)).one()
                return Account(row.id, row.email, row.name), False
        return account, True

    def open_session(
        self, account_id: str, token: str, device: str, now: datetime, lifetime: float
    ) -> str:
        """Store a new session (the hash of its secret ``token``); returns its public id."""
        session_id = secrets.token_urlsafe(12)
        with self.engine.begin() as connection:
            connection.execute(
                insert(sessions).values(
                    id=session_id,
                    token_hash=hash_token(token),
                    account_id=account_id,
                    device=device[:MAX_DEVICE],
                    created_at=now,
                    last_seen_at=now,
                    expires_at=now + timedelta(seconds=lifetime),
                )
            )
        return session_id

    def session_account(self, token: str, now: datetime) -> tuple[Account, str] | None:
        """The account a session secret signs in, and the session's id; None when the
        secret opens no session or the session has expired (it is then deleted)."""
        token_hash = hash_token(token)
        with self.engine.begin() as connection:
            row = connection.execute(
                select(
                    sessions.c.id,
                    sessions.c.expires_at,
                    sessions.c.last_seen_at,
                    accounts.c.id.label("account_id"),
                    accounts.c.email,
                    accounts.c.name,
                )
                .join(accounts, accounts.c.id == sessions.c.account_id)
                .where(sessions.c.token_hash == token_hash)
            ).first()
            if row is None:
                return None
            if _aware(row.expires_at) <= now:
                connection.execute(delete(sessions).where(sessions.c.id == row.id))
                return None
            if (now - _aware(row.last_seen_at)).total_seconds() > SEEN_EVERY:
                connection.execute(
                    update(sessions).where(sessions.c.id == row.id).values(last_seen_at=now)
                )
        return Account(row.account_id, row.email, row.name), row.id

    def close_session(self, token: str) -> None:
        """Delete the session that ``token`` opens (signing the device out), if any."""
        with self.engine.begin() as connection:
            connection.execute(delete(sessions).where(sessions.c.token_hash == hash_token(token)))

    def sessions(self, account_id: str, now: datetime) -> list[DeviceSession]:
        """The account's unexpired sessions, the latest seen first."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(sessions.c.id, sessions.c.device, sessions.c.created_at)
                .add_columns(sessions.c.last_seen_at)
                .where(sessions.c.account_id == account_id, sessions.c.expires_at > now)
                .order_by(sessions.c.last_seen_at.desc())
            ).all()
        return [
            DeviceSession(row.id, row.device, _aware(row.created_at), _aware(row.last_seen_at))
            for row in rows
        ]

    def revoke(self, account_id: str, session_id: str) -> bool:
        """Delete one of the account's sessions; False if the account has no such session."""
        with self.engine.begin() as connection:
            result = connection.execute(
                delete(sessions).where(
                    sessions.c.id == session_id, sessions.c.account_id == account_id
                )
            )
        return bool(result.rowcount == 1)

    def set_name(self, account_id: str, name: str) -> None:
        """Change the account's display name."""
        with self.engine.begin() as connection:
            connection.execute(
                update(accounts).where(accounts.c.id == account_id).values(name=name)
            )

    # -- seats held by accounts ---------------------------------------------------------------

    def attach_seat(self, account_id: str, game_id: str, seat: int, now: datetime) -> bool:
        """Note that the account holds ``seat`` of the game, unless another account holds
        that seat or this account holds the other one; True if it was noted."""
        try:
            with self.engine.begin() as connection:
                connection.execute(
                    insert(account_seats).values(
                        game_id=game_id, seat=seat, account_id=account_id, created_at=now
                    )
                )
        except IntegrityError:
            return False
        return True

    def seat_of(self, account_id: str, game_id: str) -> int | None:
        """The seat the account holds in the game, or None."""
        with self.engine.connect() as connection:
            row = connection.execute(
                select(account_seats.c.seat).where(
                    account_seats.c.account_id == account_id, account_seats.c.game_id == game_id
                )
            ).first()
        return int(row.seat) if row is not None else None

    def games(self, account_id: str) -> list[AccountGame]:
        """The games the account holds a seat in, the latest changed first, with the name of
        the account in the other seat (never its address)."""
        other = account_seats.alias("other")
        opponent = accounts.alias("opponent")
        mine = account_seats
        query = (
            select(mine.c.game_id, mine.c.seat, games.c.variant, games.c.opponent)
            .add_columns(games.c.bot, games.c.complete, games.c.updated_at)
            .add_columns(opponent.c.name.label("opponent_name"))
            .join(games, games.c.id == mine.c.game_id)
            .outerjoin(other, and_(other.c.game_id == mine.c.game_id, other.c.seat != mine.c.seat))
            .outerjoin(opponent, opponent.c.id == other.c.account_id)
            .where(mine.c.account_id == account_id)
            .order_by(games.c.updated_at.desc())
            .limit(MAX_GAMES)
        )
        with self.engine.connect() as connection:
            rows = connection.execute(query).all()
        return [_account_game(row) for row in rows]


def _account_game(row: Any) -> AccountGame:
    return AccountGame(
        game_id=row.game_id,
        seat=int(row.seat),
        variant=row.variant,
        opponent=row.opponent,
        level=row.bot,
        opponent_name=row.opponent_name,
        complete=bool(row.complete),
        updated_at=_aware(row.updated_at),
    )


class Mailer:
    """Sends sign-in codes through the operator's mail server (standard SMTP, with STARTTLS
    when the server offers it), in a worker thread; with no server configured, writes each
    code to the server's log instead. Neither ever logs the address."""

    def __init__(self, host: str | None, port: int, sender: str, *, timeout: float = 20.0) -> None:
        self.host = host
        self.port = port
        self.sender = sender
        self.timeout = timeout

    async def send_code(self, email: str, code: str) -> None:
        """Send ``code`` to ``email`` (raises ``OSError`` or ``smtplib.SMTPException`` when
        the mail server refuses it or cannot be reached)."""
        if self.host is None:
            logger.warning("sign-in code %s (no mail server configured: it was not mailed)", code)
            return
        await asyncio.to_thread(self._send, self._message(email, code))

    def _message(self, email: str, code: str) -> EmailMessage:
        message = EmailMessage()
        message["From"] = self.sender
        message["To"] = email
        message["Subject"] = f"Your Honeymoon Bridge sign-in code: {code}"
        minutes = int(CODE_LIFETIME // 60)
        message.set_content(
            f"Your sign-in code is {code}\n\n"
            f"Type it on the sign-in page within {minutes} minutes. It works once.\n"
            "If you did not ask for it, you can ignore this mail: nobody can sign in "
            "without the code.\n"
        )
        return message

    def _send(self, message: EmailMessage) -> None:
        assert self.host is not None
        with smtplib.SMTP(self.host, self.port, timeout=self.timeout) as client:
            client.ehlo()
            if client.has_extn("starttls"):
                client.starttls()
                client.ehlo()
            client.send_message(message, to_addrs=[str(message["To"])])
