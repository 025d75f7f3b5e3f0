"""Server settings, read from the environment (Starlette ``Config``) and overridden by flags.

Every limit is a setting with a default that is safe on the open internet; ``docs/deploy.md``
explains each one.

======================================  ============================================================
``HONEYMOON_DATABASE_URL``              SQLAlchemy URL; default ``sqlite:///honeymoon.db``
``HONEYMOON_REDIS_URL``                 Redis URL (``redis://host:6379/0``): set on every node
                                        of several sharing one PostgreSQL database; unset: one
                                        node on its own
``HONEYMOON_NODE_ID``                   this node's name in logs and leases (default: host
                                        name, process id and a random suffix)
``HONEYMOON_LEASE_SECONDS``             how long a node holds a computer seat's turn (10)
``HONEYMOON_RESYNC_SECONDS``            how often a node asks the database for the games
                                        changed since it last asked, in case a notice was
                                        lost (2)
``HONEYMOON_LOG_FORMAT``                ``text`` (default) or ``json``: one object a line
``HONEYMOON_HOST``                      address to listen on; default ``127.0.0.1``
``HONEYMOON_PORT``                      port; default ``8000``
``HONEYMOON_PUBLIC_URL``                the address players use (``https://bridge.example.org``):
                                        seat links and the allowed origin are built from it
``HONEYMOON_ALLOWED_ORIGINS``           other origins allowed to call the API and open a websocket
                                        (comma-separated); by default only the page's own origin
``HONEYMOON_TRUSTED_PROXIES``           addresses of reverse proxies whose ``X-Forwarded-For`` is
                                        believed (comma-separated; default ``127.0.0.1,::1``)
``HONEYMOON_BOT_DELAY``                 seconds the computer waits before it moves (0.6)
``HONEYMOON_SQLITE_SYNCHRONOUS``        ``NORMAL`` (survives a killed server) or ``FULL``
``HONEYMOON_LOG_LEVEL``                 ``info`` by default
``HONEYMOON_MAX_BODY_BYTES``            largest HTTP request body (16384); larger: 413
``HONEYMOON_MAX_MESSAGE_BYTES``         largest websocket frame (16384), refused before buffering
``HONEYMOON_MAX_JSON_DEPTH``            deepest nesting of a JSON body or message (8)
``HONEYMOON_HEADER_TIMEOUT``            seconds a new connection has to send its request (10)
``HONEYMOON_HELLO_TIMEOUT``             seconds a websocket has to send its hello (10)
``HONEYMOON_IDLE_TIMEOUT``              seconds a websocket may stay silent (120; clients ping)
``HONEYMOON_MAX_CONNECTIONS``           open connections at once (default: below the descriptor
                                        limit, leaving room for the database and files)
``HONEYMOON_MAX_CONNECTIONS_PER_ADDRESS``  open connections from one address (64)
``HONEYMOON_MAX_SOCKETS_PER_SEAT``      websockets on one seat at once (8)
``HONEYMOON_MAX_SOCKETS_PER_ADDRESS``   websockets from one address at once (32)
``HONEYMOON_GAMES_PER_HOUR``            games one address may create per hour (60, in bursts of 10)
``HONEYMOON_MESSAGES_PER_SECOND``       websocket messages one seat may send per second, over all
                                        its sockets and nodes (20, in bursts of 40)
``HONEYMOON_ADDRESS_MESSAGES_PER_SECOND``  websocket messages one address may send per second,
                                        over all its seats (60, in bursts of 120)
``HONEYMOON_HELLOS_PER_MINUTE``         sockets one address, and one seat, may open per minute
                                        (60, in bursts of 30)
``HONEYMOON_HINTS_PER_MINUTE``          hints one seat may ask a minute, over all its sockets (12,
                                        in bursts of as many; and 3 for one decision)
``HONEYMOON_LEAVE_AFTER``              how long a player of a game between two people must be away
                                        before the other may end the rubber as left (``15m``)
``HONEYMOON_KEEP_FINISHED``             age after which finished games are purged (``30d``)
``HONEYMOON_KEEP_ABANDONED``            idle time before unfinished games are purged (``90d``)
``HONEYMOON_SMTP_HOST``                 the mail server that sends sign-in codes (unset: each code
                                        is written to the server's log instead, for a LAN or a test)
``HONEYMOON_SMTP_PORT``                 its port (25); STARTTLS is used when the server offers it
``HONEYMOON_SMTP_FROM``                 the sender of the sign-in mails (``honeymoon@localhost``)
``HONEYMOON_CODES_PER_HOUR``            sign-in codes sent per hour to one address, and asked by
                                        one client (12, in bursts of 3)
``HONEYMOON_SIGN_INS_PER_HOUR``         sign-in tries per hour for one address, and from one
                                        client (30, in bursts of 10)
``HONEYMOON_CODE_TRIES``                wrong codes after which a sign-in code stops working (5)
``HONEYMOON_ACCOUNT_REQUESTS_PER_MINUTE``  requests to the account's pages one client may make a
                                        minute (60, in bursts of as many)
``HONEYMOON_KEEP_SESSIONS``             how long a sign-in lasts on a device (``30d``)
``HONEYMOON_DEAL_SEED``                 for tests only: new games' deals, first dealers and seats
                                        follow from this value, so a test's games repeat (anyone
                                        knowing it foresees every deal: never set it for players)
======================================  ============================================================

>>> settings = Settings.from_environ({"HONEYMOON_PORT": "9000"})
>>> settings.port, settings.database_url
(9000, 'sqlite:///honeymoon.db')
>>> settings.replace(port=9001).port
9001
>>> Settings.from_environ({"HONEYMOON_KEEP_FINISHED": "12h"}).keep_finished
43200.0
>>> Settings.from_environ({"HONEYMOON_PUBLIC_URL": "https://bridge.example.org/"}).public_url
'https://bridge.example.org'
"""

from __future__ import annotations

import re
import resource
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from urllib.parse import urlsplit

from starlette.config import Config

__all__ = [
    "Settings",
    "DEFAULT_DATABASE_URL",
    "ACCEPT_BACKLOG",
    "parse_duration",
    "parse_smtp",
    "default_max_connections",
    "raise_descriptor_limit",
]

DEFAULT_DATABASE_URL = "sqlite:///honeymoon.db"

_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([smhdw]?)\s*$")
_UNIT_SECONDS = {"": 1, "s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}
#: Descriptors kept free for the database, the log and the files the server opens itself.
_DESCRIPTOR_RESERVE = 64
#: The listen backlog. asyncio accepts up to this many connections in one go, and a new
#: connection reaches the server's check two turns of the event loop later, so up to three
#: such batches hold descriptors before any of them can be refused: they too must fit below
#: the descriptor limit.
ACCEPT_BACKLOG = 64
_ACCEPT_BATCHES_IN_FLIGHT = 3


def parse_duration(text: str) -> float:
    """Seconds in a duration such as ``30d``, ``12h``, ``90m``, ``45s`` or ``600``.

    >>> parse_duration("30d"), parse_duration("1.5h"), parse_duration("90")
    (2592000.0, 5400.0, 90.0)
    >>> parse_duration("soon")
    Traceback (most recent call last):
    ...
    ValueError: 'soon' is not a duration: write a number with s, m, h, d or w, such as 30d
    """
    match = _DURATION.match(text)
    if match is None:
        raise ValueError(
            f"{text!r} is not a duration: write a number with s, m, h, d or w, such as 30d"
        )
    return float(match.group(1)) * _UNIT_SECONDS[match.group(2)]


def parse_smtp(text: str) -> tuple[str, int | None]:
    """The mail server's host and port (None: the default) in ``HOST[:PORT]``.

    >>> parse_smtp("mail.example.org"), parse_smtp("127.0.0.1:2525"), parse_smtp("[::1]:25")
    (('mail.example.org', None), ('127.0.0.1', 2525), ('::1', 25))
    >>> parse_smtp("m:x")
    Traceback (most recent call last):
    ...
    ValueError: 'm:x' is not a mail server: write HOST or HOST:PORT, such as mail.example.org:25
    """
    host, port = text.strip(), ""
    if host.startswith("["):
        host, _, rest = host[1:].partition("]")
        port = rest.removeprefix(":")
    elif host.count(":") == 1:
        host, _, port = host.partition(":")
    if not host or (port and not port.isdigit()):
        raise ValueError(
            f"{text!r} is not a mail server: write HOST or HOST:PORT, such as mail.example.org:25"
        )
    return host, int(port) if port else None


def default_max_connections() -> int:
    """Open connections allowed at once: the descriptor limit less what the server needs
    for itself and for a batch of new connections not yet refused (at least 16)."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        soft = 65536
    in_flight = _ACCEPT_BATCHES_IN_FLIGHT * ACCEPT_BACKLOG
    return max(16, int(soft) - _DESCRIPTOR_RESERVE - in_flight)


def raise_descriptor_limit(ceiling: int = 65536) -> int:
    """Raise this process's soft descriptor limit to its hard limit (at most ``ceiling``), as
    servers do; returns the soft limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = ceiling if hard == resource.RLIM_INFINITY else min(int(hard), ceiling)
    if soft == resource.RLIM_INFINITY or soft >= wanted:
        return int(soft) if soft != resource.RLIM_INFINITY else ceiling
    resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    return wanted


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


def _csv(text: str) -> tuple[str, ...]:
    return tuple(item.strip() for item in text.split(",") if item.strip())


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the server needs to start."""

    database_url: str = DEFAULT_DATABASE_URL
    redis_url: str | None = None
    node_id: str | None = None
    lease_seconds: float = 10.0
    resync_seconds: float = 2.0
    log_format: str = "text"
    host: str = "127.0.0.1"
    port: int = 8000
    public_url: str | None = None
    allowed_origins: tuple[str, ...] = ()
    trusted_proxies: tuple[str, ...] = ("127.0.0.1", "::1")
    bot_delay: float = 0.6
    sqlite_synchronous: str = "NORMAL"
    log_level: str = "info"
    max_body_bytes: int = 16384
    max_message_bytes: int = 16384
    max_json_depth: int = 8
    header_timeout: float = 10.0
    hello_timeout: float = 10.0
    idle_timeout: float = 120.0
    max_connections: int = field(default_factory=default_max_connections)
    max_connections_per_address: int = 64
    max_sockets_per_seat: int = 8
    max_sockets_per_address: int = 32
    games_per_hour: float = 60.0
    games_burst: int = 10
    messages_per_second: float = 20.0
    address_messages_per_second: float = 60.0
    hellos_per_minute: float = 60.0
    hints_per_minute: float = 12.0
    leave_after: float = 15 * 60.0
    keep_finished: float = 30 * 86400.0
    keep_abandoned: float = 90 * 86400.0
    smtp_host: str | None = None
    smtp_port: int = 25
    smtp_from: str = "honeymoon@localhost"
    codes_per_hour: float = 12.0
    codes_burst: int = 3
    sign_ins_per_hour: float = 30.0
    sign_ins_burst: int = 10
    code_tries: int = 5
    account_requests_per_minute: float = 60.0
    keep_sessions: float = 30 * 86400.0
    deal_seed: str | None = None

    def __post_init__(self) -> None:
        if self.sqlite_synchronous.upper() not in ("NORMAL", "FULL"):
            raise ValueError("the SQLite synchronous setting is NORMAL or FULL")
        object.__setattr__(self, "sqlite_synchronous", self.sqlite_synchronous.upper())
        object.__setattr__(self, "log_level", self.log_level.lower())
        if self.log_format.lower() not in ("text", "json"):
            raise ValueError("the log format is text or json")
        object.__setattr__(self, "log_format", self.log_format.lower())
        if self.redis_url is not None:
            scheme = urlsplit(self.redis_url).scheme
            if scheme not in ("redis", "rediss", "unix"):
                raise ValueError(
                    "the Redis URL must look like redis://host:6379/0 (or rediss:// for TLS)"
                )
        if not 0 < self.smtp_port < 65536:
            raise ValueError("the SMTP port is a number from 1 to 65535")
        if not self.code_tries > 0:
            raise ValueError("the wrong codes allowed before a code stops working is at least 1")
        if not self.lease_seconds > 0 or not self.resync_seconds > 0:
            raise ValueError("the lease and resync times are positive numbers of seconds")
        if self.public_url is not None:
            url = self.public_url.rstrip("/")
            parts = urlsplit(url)
            if parts.scheme not in ("http", "https") or not parts.netloc:
                raise ValueError(
                    f"the public URL {self.public_url!r} must look like https://host[:port]"
                )
            object.__setattr__(self, "public_url", url)
        object.__setattr__(self, "allowed_origins", tuple(_origin(o) for o in self.allowed_origins))

    @property
    def secure_cookies(self) -> bool:
        """Whether the session cookie is sent over HTTPS only (the public URL is https)."""
        return self.public_url is not None and self.public_url.startswith("https://")

    @property
    def public_origin(self) -> str | None:
        """The origin (scheme, host and port) of the public URL, if one is set."""
        return _origin(self.public_url) if self.public_url else None

    @classmethod
    def from_environ(cls, environ: Mapping[str, str] | None = None) -> Settings:
        """Settings from ``environ`` (the process environment if omitted): each field from
        ``HONEYMOON_`` and its name in capitals, read by the field's type.

        :raises ValueError: for a value that cannot be read, naming the variable.
        """
        config = Config(environ=environ) if environ is not None else Config()
        values: dict[str, object] = {}
        for setting in fields(cls):
            variable = f"HONEYMOON_{setting.name.upper()}"
            text = config(variable, default=None)
            if text is None or text == "":
                continue
            read = _READERS.get(setting.name) or _READERS_BY_TYPE[str(setting.type)]
            try:
                values[setting.name] = read(text)
            except ValueError as error:
                raise ValueError(f"{variable}={text!r}: {error}") from None
        return cls(**values)  # type: ignore[arg-type]

    def replace(self, **changes: object) -> Settings:
        """A copy with some settings changed; ``None`` values are ignored (unset flags)."""
        return replace(self, **{k: v for k, v in changes.items() if v is not None})  # type: ignore[arg-type]


def _number(kind: Callable[[str], float], words: str) -> Callable[[str], float]:
    def read(text: str) -> float:
        try:
            return kind(text)
        except ValueError:
            raise ValueError(f"write {words}") from None

    return read


#: How a setting is read from its variable: by name where the type does not say it all,
#: else by the field's type.
_READERS: dict[str, Callable[[str], object]] = {
    "keep_finished": parse_duration,
    "keep_abandoned": parse_duration,
    "leave_after": parse_duration,
    "keep_sessions": parse_duration,
}
_READERS_BY_TYPE: dict[str, Callable[[str], object]] = {
    "str": str,
    "str | None": str,
    "int": _number(int, "a whole number"),
    "float": _number(float, "a number, such as 0.5"),
    "tuple[str, ...]": _csv,
}
