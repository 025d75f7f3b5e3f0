"""Server settings, read from the environment (Starlette ``Config``) and overridden by flags.

====================================  =================================================
``HONEYMOON_DATABASE_URL``            SQLAlchemy URL; default ``sqlite:///honeymoon.db``
``HONEYMOON_HOST``                    address to listen on; default ``127.0.0.1``
``HONEYMOON_PORT``                    port; default ``8000``
``HONEYMOON_BOT_DELAY``               seconds the computer waits before it moves (0.6)
``HONEYMOON_SQLITE_SYNCHRONOUS``      ``NORMAL`` (survives a killed server) or ``FULL``
                                      (also survives a power cut, slower)
``HONEYMOON_LOG_LEVEL``               ``info`` by default
====================================  =================================================

>>> settings = Settings.from_environ({"HONEYMOON_PORT": "9000"})
>>> settings.port, settings.database_url
(9000, 'sqlite:///honeymoon.db')
>>> settings.replace(port=9001).port
9001
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from starlette.config import Config

__all__ = ["Settings", "DEFAULT_DATABASE_URL"]

DEFAULT_DATABASE_URL = "sqlite:///honeymoon.db"


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the server needs to start."""

    database_url: str = DEFAULT_DATABASE_URL
    host: str = "127.0.0.1"
    port: int = 8000
    bot_delay: float = 0.6
    sqlite_synchronous: str = "NORMAL"
    log_level: str = "info"

    @classmethod
    def from_environ(cls, environ: Mapping[str, str] | None = None) -> Settings:
        """Settings from ``environ`` (the process environment if omitted)."""
        config = Config(environ=environ) if environ is not None else Config()
        synchronous = config("HONEYMOON_SQLITE_SYNCHRONOUS", default="NORMAL").upper()
        if synchronous not in ("NORMAL", "FULL"):
            raise ValueError("HONEYMOON_SQLITE_SYNCHRONOUS must be NORMAL or FULL")
        return cls(
            database_url=config("HONEYMOON_DATABASE_URL", default=DEFAULT_DATABASE_URL),
            host=config("HONEYMOON_HOST", default="127.0.0.1"),
            port=config("HONEYMOON_PORT", cast=int, default=8000),
            bot_delay=config("HONEYMOON_BOT_DELAY", cast=float, default=0.6),
            sqlite_synchronous=synchronous,
            log_level=config("HONEYMOON_LOG_LEVEL", default="info").lower(),
        )

    def replace(self, **changes: object) -> Settings:
        """A copy with some settings changed; ``None`` values are ignored (unset flags)."""
        return replace(self, **{k: v for k, v in changes.items() if v is not None})  # type: ignore[arg-type]
