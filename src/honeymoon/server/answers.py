"""What every route shares: the application's state, the client's address, the Origin check,
the seat links and the JSON refusals (``{"error": {"code", "message"}}``)."""

from __future__ import annotations

import math
from typing import cast

from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse

from honeymoon.server.hub import Hub
from honeymoon.server.limits import is_loopback, origin_allowed
from honeymoon.server.protocol import ORIGIN_REFUSED, RATE_LIMITED
from honeymoon.server.settings import Settings

__all__ = [
    "base_url",
    "client_address",
    "error",
    "hub_of",
    "origin_ok",
    "origin_refused",
    "rate_limited",
    "seat_link",
    "settings_of",
]


def hub_of(connection: HTTPConnection) -> Hub:
    """The live games of the application serving this request."""
    return cast(Hub, connection.state.hub)


def settings_of(connection: HTTPConnection) -> Settings:
    """The settings of the application serving this request."""
    return cast(Settings, connection.state.settings)


def client_address(connection: HTTPConnection) -> str:
    """The client's address (the player's, behind a trusted reverse proxy)."""
    return connection.client.host if connection.client is not None else "unknown"


def error(
    status: int, code: str, message: str, headers: dict[str, str] | None = None
) -> JSONResponse:
    """A refusal: the status, a code a program can test, and a message saying what was
    wrong and what would be right."""
    return JSONResponse(
        {"error": {"code": code, "message": message}}, status_code=status, headers=headers
    )


def origin_ok(connection: HTTPConnection) -> bool:
    """Whether the page that sent this request (its ``Origin``) may use the API."""
    settings = settings_of(connection)
    origin = connection.headers.get("origin")
    if settings.public_origin is not None:
        return origin is None or origin.strip().lower() in (
            settings.public_origin,
            *settings.allowed_origins,
        )
    if origin is not None and origin.strip().lower() in settings.allowed_origins:
        return True
    return origin_allowed(origin, connection.headers.get("host"), ())


def rate_limited(wait: float, what: str) -> JSONResponse:
    """``429`` with ``Retry-After``: the seconds until the address may try again."""
    seconds = max(1, math.ceil(wait))
    return error(
        429,
        RATE_LIMITED,
        f"too many {what} from this address: try again in {seconds} seconds",
        headers={"Retry-After": str(seconds)},
    )


def origin_refused() -> JSONResponse:
    """``403 origin_refused``: the request came from a page on another site."""
    return error(
        403,
        ORIGIN_REFUSED,
        "this server accepts requests from its own pages only (see HONEYMOON_ALLOWED_ORIGINS)",
    )


def base_url(request: Request) -> str | None:
    """Where seat links point: the public URL; or, when none is set, the address the request
    was sent to, if it came from this machine; else None (links are then relative)."""
    settings = settings_of(request)
    if settings.public_url is not None:
        return settings.public_url
    if is_loopback(request.client.host if request.client else None):
        # The address the connection reached (the listening socket's), never the Host
        # header: a page on this machine can send any Host it likes.
        server = request.scope.get("server")
        if server is not None and server[0] and server[1] is not None:
            host = f"[{server[0]}]" if ":" in server[0] else server[0]
            return f"{request.url.scheme}://{host}:{server[1]}"
    return None


def seat_link(base: str | None, token: str) -> str:
    """The seat link of ``token``: the page, with the token after ``#`` (never sent)."""
    return f"{base or ''}/play#{token}"
