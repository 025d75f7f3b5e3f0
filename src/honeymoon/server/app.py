"""The Starlette application: routes, the websocket endpoint, and the lifespan.

Shared resources (the storage and the hub of live games) live in the lifespan state, so two
applications in one process (as in the tests) never share anything.

Routes:

=========================  ===================================================================
``GET /``, ``GET /play``   the browser client (one page; a seat link is ``/play#TOKEN``)
``GET /static/...``        its scripts and styles
``GET /api/options``       the variants and computer levels a game can be created with
``POST /api/games``        create a game; returns the seat links
``GET /api/record``        the seat's game record (``Authorization: Bearer TOKEN``)
``GET /healthz``           ``ok`` once the database is migrated
``WS /ws``                 the game protocol (``docs/web-protocol.md``)
=========================  ===================================================================
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, cast

from starlette.applications import Starlette
from starlette.requests import HTTPConnection, Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from honeymoon.errors import HoneymoonError
from honeymoon.rules import OPTIONS, VARIANTS
from honeymoon.server.hub import SEAT_NAMES, Connection, Hub
from honeymoon.server.protocol import (
    BAD_MESSAGE,
    BAD_TOKEN,
    Hello,
    ProtocolError,
    error_message,
    parse_client_message,
)
from honeymoon.server.settings import Settings
from honeymoon.server.storage import Storage

__all__ = ["create_app", "WEB_ROOT"]

logger = logging.getLogger("honeymoon.server")

#: The browser client's static files.
WEB_ROOT = Path(__file__).resolve().parent.parent / "web"
#: Seconds a new websocket has to send its hello.
HELLO_TIMEOUT = 15.0
#: Close code for a websocket refused for its token.
CLOSE_BAD_TOKEN = 4401
LEVELS = ("easy", "medium", "hard")
#: Headers of the page: no script but our own, no referrer (a seat link never leaks).
PAGE_HEADERS = {
    "Cache-Control": "no-cache",
    "Content-Security-Policy": (
        "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; "
        "style-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; "
        "frame-ancestors 'none'"
    ),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
}


def _hub(connection: HTTPConnection) -> Hub:
    return cast(Hub, connection.state.hub)


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


async def index(request: Request) -> Response:
    """The browser client."""
    return FileResponse(WEB_ROOT / "index.html", headers=PAGE_HEADERS)


async def healthz(request: Request) -> Response:
    """A liveness check."""
    return PlainTextResponse("ok")


async def options(request: Request) -> Response:
    """What a game can be created with."""
    return JSONResponse(
        {
            "variants": [
                {
                    "name": rules.name,
                    "title": rules.title,
                    "summary": rules.summary,
                    "options": [
                        {
                            "name": option,
                            "label": _option_label(option),
                            "default": getattr(rules, option),
                        }
                        for option in rules.option_names
                    ],
                }
                for rules in VARIANTS.values()
            ],
            "levels": list(LEVELS),
            "opponents": ["computer", "friend"],
        }
    )


async def create_game(request: Request) -> Response:
    """Create a game against the computer or a friend; returns the seat links.

    Body: ``{"opponent": "computer" | "friend", "level": "easy" | "medium" | "hard",
    "variant": "draw-discard", "options": {"face_up_stock": true},
    "seat": "south" | "east" | "random"}`` (all optional). ``options`` are the variant's own
    (``RuleSet.option_names``), each true or false.
    """
    try:
        body = await request.json() if await request.body() else {}
    except ValueError:
        return _error(400, "bad_request", "the body must be a JSON object")
    if not isinstance(body, dict):
        return _error(400, "bad_request", "the body must be a JSON object")
    opponent = body.get("opponent", "computer")
    level = body.get("level")
    variant = body.get("variant", "draw-discard")
    seat_name = body.get("seat", "random")
    options = body.get("options", {})
    if not isinstance(options, dict):
        return _error(400, "bad_request", "options must be an object of true/false values")
    if seat_name not in ("south", "east", "random"):
        return _error(400, "bad_request", "seat must be 'south', 'east' or 'random'")
    if not all(isinstance(v, str) for v in (opponent, variant)) or not (
        level is None or isinstance(level, str)
    ):
        return _error(400, "bad_request", "opponent, level and variant are strings")
    seat = None if seat_name == "random" else SEAT_NAMES.index(seat_name)
    try:
        game_id, creator, tokens = await _hub(request).create_game(
            opponent=opponent, variant=variant, options=options, bot=level, seat=seat
        )
    except HoneymoonError as error:
        return _error(400, error.code, error.message)
    base = str(request.base_url).rstrip("/")
    answer: dict[str, Any] = {
        "game_id": game_id,
        "seat": SEAT_NAMES[creator],
        "token": tokens[creator],
        "link": f"{base}/play#{tokens[creator]}",
    }
    other = 1 - creator
    if other in tokens:
        answer["opponent_seat"] = SEAT_NAMES[other]
        answer["opponent_token"] = tokens[other]
        answer["opponent_link"] = f"{base}/play#{tokens[other]}"
    return JSONResponse(answer, status_code=201, headers={"Cache-Control": "no-store"})


async def record(request: Request) -> Response:
    """The game record for the seat whose token is in ``Authorization: Bearer``.

    Before the rubber is over it is the player-safe copy (no seed, no stock, no drawing
    choices); once it is over, the full record.
    """
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token:
        return _error(401, BAD_TOKEN, "send the seat token as 'Authorization: Bearer TOKEN'")
    found = await _hub(request).authenticate(token.strip())
    if found is None:
        return _error(401, BAD_TOKEN, "this token opens no seat")
    room, _seat = found
    from honeymoon.records import dumps

    async with room.lock:
        game = room.game
        text = dumps(game) if game.is_over else dumps(game, reveal=False)
    name = f"honeymoon-{room.id}{'' if game.is_over else '-so-far'}.json"
    return Response(
        text,
        media_type="application/json",
        headers={
            "Content-Disposition": f'attachment; filename="{name}"',
            "Cache-Control": "no-store",
        },
    )


async def _read_hello(websocket: WebSocket) -> str | None:
    """The token: from the URL, or from the first message. None after sending an error."""
    token = websocket.query_params.get("token")
    if token:
        return token
    try:
        message = await asyncio.wait_for(websocket.receive(), HELLO_TIMEOUT)
    except TimeoutError:
        await websocket.send_text(error_message(BAD_TOKEN, "send hello with the seat token"))
        return None
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text")
    if text is None:
        await websocket.send_text(error_message(BAD_MESSAGE, "messages are JSON text"))
        return None
    try:
        hello = parse_client_message(text)
    except ProtocolError as error:
        await websocket.send_text(error_message(error.code, error.message))
        return None
    if not isinstance(hello, Hello):
        await websocket.send_text(
            error_message(BAD_TOKEN, "the first message must be hello with the seat token")
        )
        return None
    return hello.token


async def _write(websocket: WebSocket, connection: Connection) -> None:
    """Send a connection's queued messages in order until it is closed."""
    try:
        while True:
            text = await connection.queue.get()
            if text is None:
                break
            await websocket.send_text(text)
    except Exception:  # the socket went away; the reader notices too
        connection.closed = True


async def game_socket(websocket: WebSocket) -> None:
    """One seat's websocket: authenticate, then relay moves and views until it closes."""
    hub = _hub(websocket)
    await websocket.accept()
    token = await _read_hello(websocket)
    found = await hub.authenticate(token) if token else None
    if found is None:
        if token:
            await websocket.send_text(error_message(BAD_TOKEN, "this token opens no seat"))
        with contextlib.suppress(Exception):
            await websocket.close(CLOSE_BAD_TOKEN)
        return
    room, seat = found
    connection = Connection(seat)
    writer = asyncio.create_task(_write(websocket, connection))
    hub.join(room, connection)
    try:
        while not connection.closed:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                connection.send(error_message(BAD_MESSAGE, "messages are JSON text"))
                continue
            await hub.handle(room, connection, text)
    except WebSocketDisconnect:
        pass
    finally:
        hub.leave(room, connection)
        try:
            await asyncio.wait_for(writer, 5.0)
        except (TimeoutError, asyncio.CancelledError):
            writer.cancel()
        with contextlib.suppress(Exception):
            await websocket.close()


def create_app(settings: Settings | None = None) -> Starlette:
    """The web application, configured by ``settings`` (from the environment if omitted)."""
    config = settings if settings is not None else Settings.from_environ()

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[dict[str, Any]]:
        storage = Storage(config.database_url, sqlite_synchronous=config.sqlite_synchronous)
        await storage.run(storage.migrate)
        hub = Hub(storage, bot_delay=config.bot_delay)
        await hub.start()
        # Everything loaded so far lives as long as the server: keep it out of the cyclic
        # garbage collector's way, whose full passes would otherwise stall every game.
        # Full passes are also made rarer: live games hold few reference cycles.
        gc.collect()
        gc.freeze()
        gc.set_threshold(5000, 20, 100)
        logger.info("honeymoon server ready")
        try:
            yield {"hub": hub, "storage": storage, "settings": config}
        finally:
            await hub.close()
            storage.close()

    routes = [
        Route("/", index),
        Route("/play", index),
        Route("/healthz", healthz),
        Route("/api/options", options),
        Route("/api/games", create_game, methods=["POST"]),
        Route("/api/record", record),
        WebSocketRoute("/ws", game_socket),
        Mount("/static", app=StaticFiles(directory=WEB_ROOT), name="static"),
    ]
    return Starlette(routes=routes, lifespan=lifespan)


def _option_label(option: str) -> str:
    """How the lobby names a variant option; an option without a label shows its own name."""
    info = OPTIONS.get(option)
    return info.label if info is not None else option.replace("_", " ")
