"""What the server refuses before it does any work: sizes, depths, rates, connections, origins.

Every limit here is checked before the request's work is done, and each refusal is typed:

* :class:`BodyLimit` (ASGI middleware): a request body over the limit is answered ``413``
  before the application reads it, and a body that does not arrive in time ``408``;
* :func:`json_too_deep`: JSON nested deeper than the limit is refused before it is parsed (so
  the parser can never recurse out of the stack);
* :class:`RateLimiter`: token buckets by key (a client address, a connection);
* :func:`guarded_http_protocol`: the HTTP protocol with a cap on open connections (in all and
  per address) and a deadline for a new connection's first request, so silent connections
  cannot use up the descriptors;
* :func:`origin_allowed`: the Origin allow-list of the API and the websocket;
* :class:`RedactTokens`: a log filter that blanks any ``token=`` value, whoever logs it.

>>> json_too_deep('{"a": [1, {"b": 2}]}', 3), json_too_deep('{"a": [1, {"b": 2}]}', 2)
(False, True)
>>> json_too_deep('{"text": "[[[[[[[[[[["}', 2)
False
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
import re
import time
from collections.abc import Iterable
from typing import Any

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = [
    "BodyLimit",
    "NoSniff",
    "RateLimiter",
    "host_is_address",
    "RedactTokens",
    "guarded_http_protocol",
    "json_too_deep",
    "origin_allowed",
    "is_loopback",
]

#: A JSON string, or what is left of one that is never closed. Written so that a match never
#: fails once it has started at a quote (the closing quote is optional): each character is
#: then read once, whatever the text. (The plain ``"(?:[^"\\]|\\.)*"`` fails on a string
#: that is never closed and is tried again from the next quote, quadratic in the length.)
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
#: An innermost array or object, once everything but the brackets is gone.
_INNERMOST = re.compile(r"\[\]|\{\}")


def json_too_deep(text: str, limit: int) -> bool:
    """Whether ``text`` opens more than ``limit`` arrays or objects inside one another.

    Strings are skipped, so brackets inside them do not count. Linear in the text's length
    (at most ``limit + 2`` passes of compiled expressions over it, none in Python).
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    if brackets.count("[") + brackets.count("{") <= limit:
        return False
    for _ in range(limit):
        brackets, removed = _INNERMOST.subn("", brackets)
        if not removed:
            break
    # What is left after ``limit`` layers were taken off is deeper than the limit (or not
    # balanced, which the parser refuses anyway).
    return "[" in brackets or "{" in brackets


def _json_error(
    status: int, code: str, message: str, headers: dict[str, str] | None = None
) -> JSONResponse:
    return JSONResponse(
        {"error": {"code": code, "message": message}}, status_code=status, headers=headers
    )


class BodyLimit:
    """ASGI middleware: every HTTP request body is read here first, at most ``max_bytes`` of it
    and within ``timeout`` seconds; a larger one gets ``413 body_too_large`` (from its
    ``Content-Length`` alone when it has one), a slow one ``408 body_timeout``.
    """

    def __init__(self, app: ASGIApp, *, max_bytes: int, timeout: float) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.timeout = timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        too_large = _json_error(
            413, "body_too_large", f"a request body is at most {self.max_bytes} bytes"
        )
        for name, value in scope["headers"]:
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    declared = self.max_bytes + 1
                if declared > self.max_bytes:
                    await too_large(scope, receive, send)
                    return
        chunks: list[bytes] = []
        size = 0
        try:
            async with asyncio.timeout(self.timeout):
                while True:
                    message = await receive()
                    if message["type"] != "http.request":
                        return  # the client went away
                    body = message.get("body", b"")
                    size += len(body)
                    if size > self.max_bytes:
                        await too_large(scope, receive, send)
                        return
                    chunks.append(body)
                    if not message.get("more_body", False):
                        break
        except TimeoutError:
            late = _json_error(
                408, "body_timeout", f"send the request body within {self.timeout:g} seconds"
            )
            await late(scope, receive, send)
            return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": b"".join(chunks), "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


class NoSniff:
    """ASGI middleware: every HTTP response says ``X-Content-Type-Options: nosniff`` (JSON,
    static files, errors), so no browser reads a response as another type than it says."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_header(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [
                    (name, value)
                    for name, value in message.get("headers", [])
                    if name.lower() != b"x-content-type-options"
                ]
                headers.append((b"x-content-type-options", b"nosniff"))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_header)


class RateLimiter:
    """Token buckets by key: ``rate`` tokens a second, at most ``burst`` saved up.

    >>> limiter = RateLimiter(rate=1.0, burst=2)
    >>> [limiter.take("a", now=0.0) for _ in range(3)]
    [0.0, 0.0, 1.0]
    >>> limiter.take("a", now=1.0), limiter.take("b", now=1.0)
    (0.0, 0.0)

    :meth:`take` returns 0 when a token was taken, else the seconds until one is free.
    """

    def __init__(self, *, rate: float, burst: int, max_keys: int = 100_000) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.max_keys = max_keys
        self._buckets: dict[str, tuple[float, float]] = {}

    def take(self, key: str, *, now: float | None = None) -> float:
        """Take one token for ``key``: 0.0 if there was one, else the wait for the next."""
        moment = time.monotonic() if now is None else now
        tokens, since = self._buckets.get(key, (self.burst, moment))
        tokens = min(self.burst, tokens + (moment - since) * self.rate)
        if tokens >= 1.0:
            if key not in self._buckets and len(self._buckets) >= self.max_keys:
                self._forget_full(moment)
            self._buckets[key] = (tokens - 1.0, moment)
            return 0.0
        self._buckets[key] = (tokens, moment)
        return (1.0 - tokens) / self.rate if self.rate > 0 else float("inf")

    def _forget_full(self, now: float) -> None:
        # A bucket that has filled up again is the same as no bucket: forget it.
        full = [
            key
            for key, (tokens, since) in self._buckets.items()
            if tokens + (now - since) * self.rate >= self.burst
        ]
        for key in full:
            del self._buckets[key]
        if len(self._buckets) >= self.max_keys:  # all busy: forget the oldest
            oldest = sorted(self._buckets, key=lambda key: self._buckets[key][1])
            for key in oldest[: len(oldest) // 2]:
                del self._buckets[key]


def is_loopback(host: str | None) -> bool:
    """Whether an address is a loopback address (``127.0.0.0/8`` or ``::1``).

    >>> is_loopback("127.0.0.1"), is_loopback("::1"), is_loopback("192.0.2.1"), is_loopback(None)
    (True, True, False, False)
    """
    if not host:
        return False
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def host_is_address(host: str | None) -> bool:
    """Whether a ``Host`` header names this server by an address (an IP literal, or
    ``localhost``) rather than by a DNS name, with or without a port.

    A page can only reach a server by a name it does not own through DNS rebinding (its
    own name made to point at the server's address): without a configured public URL, only
    a server reached by address is trusted to be the page's own.

    >>> [host_is_address(h) for h in ("127.0.0.1:8000", "[::1]:8000", "localhost", "192.0.2.7")]
    [True, True, True, True]
    >>> host_is_address("evil.example:8000"), host_is_address(None), host_is_address("1.2.3.4:x")
    (False, False, False)
    """
    if not host:
        return False
    host = host.strip().lower()
    if host.startswith("["):  # an IPv6 literal, [::1]:8000
        name, _, rest = host[1:].partition("]")
        port = rest.removeprefix(":") if rest.startswith(":") else rest
    else:
        name, _, port = host.rpartition(":") if host.count(":") == 1 else (host, "", "")
    if port and not port.isdigit():
        return False
    if name == "localhost":
        return True
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def origin_allowed(origin: str | None, host: str | None, allowed: Iterable[str]) -> bool:
    """Whether a request with this ``Origin`` header may use the API or the websocket.

    No Origin header (a program, not a browser page): allowed, a browser always sends one
    with a cross-origin request. Otherwise the origin must be in ``allowed`` or, when
    ``allowed`` is empty, name the same host and port as the ``Host`` header, and that host
    must be an address (:func:`host_is_address`): a page served under a DNS name that was
    made to point at this server (DNS rebinding) has an Origin equal to its Host, and is
    refused all the same.

    >>> origin_allowed("http://127.0.0.1:8000", "127.0.0.1:8000", ())
    True
    >>> origin_allowed("http://127.0.0.1:9000", "127.0.0.1:8000", ())
    False
    >>> origin_allowed("https://bridge.example.org", "10.0.0.5:8000", ["https://bridge.example.org"])
    True
    >>> origin_allowed("null", "127.0.0.1:8000", ())
    False
    >>> origin_allowed("http://rebound.example:8000", "rebound.example:8000", ())
    False
    """
    if origin is None:
        return True
    origin = origin.strip().lower()
    allowed = tuple(allowed)
    if allowed:
        return origin in allowed
    if not host or "://" not in origin or not host_is_address(host):
        return False
    netloc = origin.split("://", 1)[1]
    scheme = origin.split("://", 1)[0]
    default_port = {"http": ":80", "https": ":443"}.get(scheme, "")
    host = host.strip().lower()
    return netloc in (host, host.removesuffix(default_port)) or f"{netloc}{default_port}" == host


def guarded_http_protocol(
    *,
    max_connections: int,
    max_per_address: int,
    header_timeout: float,
    exempt: Iterable[str] = (),
) -> type[H11Protocol]:
    """uvicorn's h11 protocol, with limits on connections set before any byte is read.

    * at most ``max_connections`` open connections (HTTP and websocket) at once, and at most
      ``max_per_address`` from one address (except the ``exempt`` ones: reverse proxies,
      whose connections carry many players); a connection over a limit is answered ``503``
      and closed at once, so descriptors are never used up;
    * a new connection that has not sent a whole first request after ``header_timeout``
      seconds is closed (uvicorn's keep-alive timeout covers the time between requests).
    """
    exempt_addresses = frozenset(exempt)
    logger = logging.getLogger("honeymoon.server")

    class GuardedH11Protocol(H11Protocol):
        _header_timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            refusal = self._refusal()
            if refusal is not None:
                logger.warning("connection refused (%s)", refusal)
                body = f'{{"error":{{"code":"{refusal}","message":"too many connections"}}}}'
                transport.write(
                    b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n"
                    b"Retry-After: 10\r\nConnection: close\r\n"
                    + f"Content-Length: {len(body)}\r\n\r\n{body}".encode()
                )
                transport.close()
                return
            self._header_timer = self.loop.call_later(header_timeout, self._header_deadline)

        def _refusal(self) -> str | None:
            connections = self.server_state.connections
            if len(connections) > max_connections:
                return "too_many_connections"
            address = self.client[0] if self.client else None
            if address is None or address in exempt_addresses:
                return None
            count = 0
            for connection in connections:
                client = getattr(connection, "client", None)
                if client and client[0] == address:
                    count += 1
            return "too_many_connections_from_address" if count > max_per_address else None

        def _header_deadline(self) -> None:
            self._header_timer = None
            upgraded = self.transport.get_protocol() is not self
            if not upgraded and self.cycle is None and not self.transport.is_closing():
                self.transport.close()

        def connection_lost(self, exc: Exception | None) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None
            super().connection_lost(exc)

    return GuardedH11Protocol


_TOKEN_VALUE = re.compile(r"""(token=|token\\?"\s*:\s*\\?")[^&\s"'\\]+""", re.IGNORECASE)


#: The websocket library's debug lines that dump a whole frame (``< %s``, ``> %s``): a
#: frame carries a view or a token, so these lines are dropped.
_FRAME_DUMPS = frozenset({"< %s", "> %s", "< %s: %s", "> %s: %s"})


class RedactTokens(logging.Filter):
    """Blanks every ``token=…`` and JSON ``"token": "…"`` in a log record, and drops the
    websocket library's frame dumps (they hold views and tokens).

    >>> args = ("1.2.3.4", "/ws?token=abc")
    >>> record = logging.LogRecord("x", 20, "", 0, '%s - "WebSocket %s"', args, None)
    >>> RedactTokens().filter(record), record.getMessage()
    (True, '1.2.3.4 - "WebSocket /ws?token=[redacted]"')
    >>> hello = logging.LogRecord("x", 10, "", 0, "got %s", ('{"token": "abc"}',), None)
    >>> RedactTokens().filter(hello), hello.getMessage()
    (True, 'got {"token": "[redacted]"}')
    >>> RedactTokens().filter(logging.LogRecord("x", 10, "", 0, "< %s", ("TEXT",), None))
    False
    """

    def filter(self, record: logging.LogRecord) -> bool:
        if record.msg in _FRAME_DUMPS:
            return False
        text = record.getMessage()
        if "token" in text.lower():
            record.msg = _TOKEN_VALUE.sub(r"\1[redacted]", text)
            record.args = None
        return True


def parse_json_limited(text: str | bytes, max_depth: int) -> Any:
    """``json.loads`` after checking the nesting depth.

    :raises ValueError: for text that is not JSON or is nested deeper than ``max_depth``.
    """
    if isinstance(text, bytes):
        text = text.decode("utf-8")
    if json_too_deep(text, max_depth):
        raise ValueError(f"JSON is nested at most {max_depth} deep")
    return json.loads(text)
