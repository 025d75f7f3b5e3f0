"""The Starlette application: routes, the websocket endpoint, and the lifespan.

Shared resources (the storage and the hub of live games) live in the lifespan state, so two
applications in one process (as in the tests) never share anything.

Routes:

=============================  ===================================================================
``GET /``, ``GET /play``       the browser client (one page; a seat link is ``/play#TOKEN``)
``GET /static/...``            its scripts and styles
``GET /sw.js``                 the service worker (keeps the app shell for the installed app)
``GET /manifest.webmanifest``  the web app manifest (name, icons: what a phone installs)
``GET /api/options``           the variants and computer levels a game can be created with
``POST /api/games``            create a game; returns the seat links (JSON body only)
``POST /api/seat-link``        replace the seat's link (``Authorization: Bearer TOKEN``)
``GET /api/record``            the seat's game record (``Authorization: Bearer TOKEN``)
``/api/sign-in...``            signing in with a code by email; the account, its sessions
``/api/account...``            and its games (:mod:`honeymoon.server.account_routes`)
``GET /healthz``               ``ok`` once the database is migrated
``GET /health``                JSON: the database and Redis reachable, this node's live games
                               (503 when the database is not, or the node is shutting down)
``WS /ws``                     the game protocol (``docs/web-protocol.md``)
=============================  ===================================================================

Everything a request carries is checked against a limit before it is worked on
(:mod:`honeymoon.server.limits`, ``docs/security.md``): body size, JSON depth, the Origin,
the rate of game creation and of messages, sockets per seat and per address, the time to
send a hello and the time a socket may stay silent.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import math
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from starlette.applications import Starlette
from starlette.requests import HTTPConnection, Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from honeymoon.errors import HoneymoonError
from honeymoon.game import Game
from honeymoon.rules import DEFAULT_RULES, OPTIONS, PACK_VARIANTS, TABLE_VARIANTS, VARIANTS
from honeymoon.seats import SEAT_NAMES
from honeymoon.server.account_routes import ACCOUNT_ROUTES, AccountService, attach_seat
from honeymoon.server.answers import base_url as _base_url
from honeymoon.server.answers import client_address as _address
from honeymoon.server.answers import error as _error
from honeymoon.server.answers import hub_of as _hub
from honeymoon.server.answers import origin_ok as _origin_ok
from honeymoon.server.answers import origin_refused as _origin_refused
from honeymoon.server.answers import rate_limited as _rate_limited
from honeymoon.server.answers import seat_link as _link
from honeymoon.server.answers import settings_of as _settings
from honeymoon.server.budgets import Budgets
from honeymoon.server.connections import CLOSE_OVERFLOW, Connection
from honeymoon.server.hub import Hub
from honeymoon.server.limits import (
    BodyLimit,
    NoSniff,
    RateLimiter,
    parse_json_limited,
)
from honeymoon.server.protocol import (
    BAD_MESSAGE,
    BAD_TOKEN,
    GAME_GONE,
    IDLE,
    RATE_LIMITED,
    SEAT_LINK_REPLACED,
    TOO_MANY_SOCKETS,
    Hello,
    ProtocolError,
    error_message,
    parse_client_message,
)
from honeymoon.server.rooms import COMPUTER_LEVELS, Room
from honeymoon.server.settings import Settings
from honeymoon.server.static import ClientFiles
from honeymoon.server.storage import Storage, hash_token
from honeymoon.table import TableGame

if TYPE_CHECKING:
    from honeymoon.records.json_record import GameRecord

__all__ = ["create_app", "WEB_ROOT"]

logger = logging.getLogger("honeymoon.server")

#: The browser client's static files.
WEB_ROOT = Path(__file__).resolve().parent.parent / "web"
#: Close code for a websocket refused for its token (or whose seat link was replaced).
CLOSE_BAD_TOKEN = 4401
#: Close code for a websocket opened from a page on an origin that is not allowed.
CLOSE_ORIGIN = 4403
#: Close code for a websocket that stayed silent past the idle limit.
CLOSE_IDLE = 4408
#: Close code for a websocket of a game deleted from the database while it was open.
CLOSE_GONE = 4410
#: The close code for each reason the server closes a socket of its own accord.
CLOSE_CODES = {
    RATE_LIMITED: CLOSE_OVERFLOW,
    TOO_MANY_SOCKETS: CLOSE_OVERFLOW,
    SEAT_LINK_REPLACED: CLOSE_BAD_TOKEN,
    IDLE: CLOSE_IDLE,
    GAME_GONE: CLOSE_GONE,
}
#: Longest variant name, option name and option count a request may carry.
MAX_NAME = 64
MAX_OPTIONS = 16
#: Headers of the page: no script but our own, no connection but to this server, no
#: referrer (a seat link never leaks).
PAGE_HEADERS = {
    "Cache-Control": "no-cache",
    "Content-Security-Policy": (
        "default-src 'self'; connect-src 'self'; img-src 'self' data:; "
        "style-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; "
        "frame-ancestors 'none'; form-action 'self'"
    ),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
}


class Limits:
    """The limiters of one application (kept in the lifespan state, never shared): games
    created per address, sockets per address on this node, and the budgets of messages and
    hellos (per seat and per address, shared by the nodes through Redis)."""

    def __init__(self, settings: Settings) -> None:
        self.games = RateLimiter(rate=settings.games_per_hour / 3600.0, burst=settings.games_burst)
        self.sockets_by_address: dict[str, int] = {}
        self.budgets = Budgets(
            messages_per_second=settings.messages_per_second,
            address_messages_per_second=settings.address_messages_per_second,
            hellos_per_minute=settings.hellos_per_minute,
            redis_url=settings.redis_url,
        )


def _limits(connection: HTTPConnection) -> Limits:
    return cast(Limits, connection.state.limits)


def _bearer(request: Request) -> str | None:
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token or len(token) > 256:
        return None
    return token


def _no_token() -> JSONResponse:
    return _error(401, BAD_TOKEN, "send the seat token as 'Authorization: Bearer TOKEN'")


async def index(request: Request) -> Response:
    """The browser client."""
    return FileResponse(WEB_ROOT / "index.html", headers=PAGE_HEADERS)


async def service_worker(request: Request) -> Response:
    """The service worker, from the site's root so that its scope is the whole app."""
    return FileResponse(WEB_ROOT / "sw.js", media_type="text/javascript", headers=PAGE_HEADERS)


async def manifest(request: Request) -> Response:
    """The web app manifest (what a phone installs)."""
    return FileResponse(
        WEB_ROOT / "manifest.webmanifest",
        media_type="application/manifest+json",
        headers={"Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff"},
    )


async def healthz(request: Request) -> Response:
    """A liveness check."""
    return PlainTextResponse("ok")


async def health(request: Request) -> Response:
    """A readiness check for a load balancer: 200 while this node can serve moves (Redis
    away only slows notices down: ``degraded``), 503 otherwise."""
    report = await _hub(request).health()
    status = 503 if report["status"] == "failing" else 200
    return JSONResponse(report, status_code=status, headers={"Cache-Control": "no-store"})


async def options(request: Request) -> Response:
    """What a game can be created with: the two-hand variants (Bridgette, with its 55 cards,
    last of them), then the four-hand ones
    (``four_hands``: each player with a dummy), each with its options."""
    return JSONResponse(
        {
            "variants": [
                {
                    "name": rules.name,
                    "title": rules.title,
                    "summary": rules.summary,
                    "four_hands": rules.four_hands,
                    "options": [
                        {
                            "name": option,
                            "label": _option_label(option),
                            "default": getattr(rules, option),
                        }
                        for option in rules.option_names
                    ],
                }
                for rules in (*VARIANTS.values(), *PACK_VARIANTS.values(), *TABLE_VARIANTS.values())
            ],
            "levels": list(COMPUTER_LEVELS),
            "opponents": ["computer", "friend"],
        }
    )


def _read_game_request(body: object) -> dict[str, Any] | JSONResponse:
    """The fields of a game request, each checked; or the refusal saying what was wrong."""
    if not isinstance(body, dict):
        return _error(400, "bad_request", "the body must be a JSON object")
    unknown = set(body) - {"opponent", "level", "variant", "seat", "options", "hints"}
    if unknown:
        return _error(
            400,
            "bad_request",
            "a game request has only opponent, level, variant, seat, options and hints",
        )
    opponent = body.get("opponent", "computer")
    variant = body.get("variant", DEFAULT_RULES.name)
    # Against the computer the player sits South, as bridge players expect; between two
    # people the seats are drawn unless the creator chooses.
    seat_name = body.get("seat", "south" if opponent == "computer" else "random")
    options = body.get("options", {})
    level = body.get("level")
    hints = body.get("hints", False)
    if not isinstance(hints, bool):
        return _error(400, "bad_request", "hints is true (offer hints to both players) or false")
    if opponent not in ("computer", "friend"):
        return _error(400, "bad_request", "opponent must be 'computer' or 'friend'")
    if seat_name not in (*SEAT_NAMES, "random"):
        choices = ", ".join(f"'{name}'" for name in SEAT_NAMES)
        return _error(400, "bad_request", f"seat must be {choices} or 'random'")
    if not isinstance(variant, str) or not 0 < len(variant) <= MAX_NAME:
        return _error(400, "bad_request", "variant is the name of a variant, such as 'draw'")
    if not isinstance(options, dict) or len(options) > MAX_OPTIONS:
        return _error(400, "bad_request", "options must be an object of true/false values")
    if not all(isinstance(name, str) and len(name) <= MAX_NAME for name in options):
        return _error(400, "bad_request", "options are named by the variant's option names")
    if level is not None and level not in COMPUTER_LEVELS:
        return _error(
            400, "unknown_level", f"the computer's level is one of {', '.join(COMPUTER_LEVELS)}"
        )
    return {
        "opponent": opponent,
        "variant": variant,
        "options": options,
        "bot": level,
        "seat": None if seat_name == "random" else SEAT_NAMES.index(seat_name),
        "hints": hints,
    }


async def create_game(request: Request) -> Response:
    """Create a game against the computer or a friend; returns the seat links.

    Body (``Content-Type: application/json``): ``{"opponent": "computer" | "friend",
    "level": "easy" | "medium" | "hard", "variant": "draw-discard",
    "options": {"face_up_stock": true}, "seat": "south" | "east" | "random",
    "hints": true | false}`` (all optional). ``options`` are the variant's own
    (``RuleSet.option_names``), each true or false. ``hints`` (a game with a friend): offer
    hints to both players; they are on once the friend accepts (off by default; against the
    computer hints are always allowed).
    """
    settings = _settings(request)
    if not _origin_ok(request):
        return _origin_refused()
    content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if content_type != "application/json":
        return _error(
            415,
            "unsupported_media_type",
            "send the game request as JSON, with 'Content-Type: application/json'",
        )
    wait = _limits(request).games.take(_address(request))
    if wait > 0:
        return _rate_limited(wait, "games created")
    try:
        raw = await request.body()
        body = parse_json_limited(raw, settings.max_json_depth) if raw.strip() else {}
    except (ValueError, UnicodeDecodeError):
        return _error(
            400,
            "bad_request",
            f"the body must be one JSON object, nested at most {settings.max_json_depth} deep",
        )
    fields = _read_game_request(body)
    if isinstance(fields, JSONResponse):
        return fields
    try:
        game_id, creator, tokens = await _hub(request).create_game(**fields)
    except HoneymoonError as error:
        return _error(400, error.code, error.message)
    await attach_seat(request, game_id, creator)
    base = _base_url(request)
    answer: dict[str, Any] = {
        "game_id": game_id,
        "seat": SEAT_NAMES[creator],
        "token": tokens[creator],
        "link": _link(base, tokens[creator]),
    }
    other = 1 - creator
    if other in tokens:
        answer["opponent_seat"] = SEAT_NAMES[other]
        answer["opponent_token"] = tokens[other]
        answer["opponent_link"] = _link(base, tokens[other])
    return JSONResponse(answer, status_code=201, headers={"Cache-Control": "no-store"})


async def replace_seat_link(request: Request) -> Response:
    """Replace the link of the seat whose token is in ``Authorization: Bearer``: the old
    token stops working at once (its sockets are closed), the new one is returned."""
    if not _origin_ok(request):
        return _origin_refused()
    token = _bearer(request)
    if token is None:
        return _no_token()
    wait = _limits(request).games.take(f"link {_address(request)}")
    if wait > 0:
        return _rate_limited(wait, "links replaced")
    replaced = await _hub(request).replace_token(token)
    if replaced is None:
        return _error(401, BAD_TOKEN, "this token opens no seat")
    game_id, seat, new_token = replaced
    return JSONResponse(
        {
            "game_id": game_id,
            "seat": SEAT_NAMES[seat],
            "token": new_token,
            "link": _link(_base_url(request), new_token),
        },
        headers={"Cache-Control": "no-store"},
    )


async def record(request: Request) -> Response:
    """The game record for the seat whose token is in ``Authorization: Bearer``.

    Before the rubber is over it is the player-safe copy (no seed, no stock, no drawing
    choices); once it is over, the full record.
    """
    token = _bearer(request)
    if token is None:
        return _no_token()
    found = await _hub(request).authenticate(token)
    if found is None:
        return _error(401, BAD_TOKEN, "this token opens no seat")
    room, _seat = found
    from honeymoon.records import dumps, with_assistance, with_ending

    stored = await _hub(request).storage.read(_hub(request).storage.fair_play, room.id)
    async with room.lock:
        if stored is not None:
            room.set_fair_play(*stored)
        game = room.game
        text = dumps(game) if game.is_over else dumps(_player_safe(game), reveal=False)
        text = with_assistance(text, _assistance(room))
        if room.left_by is not None:
            text = with_ending(text, SEAT_NAMES[room.left_by])
    name = f"honeymoon-{room.id}{'' if game.is_over else '-so-far'}.json"
    return Response(
        text,
        media_type="application/json",
        headers={
            "Content-Disposition": f'attachment; filename="{name}"',
            "Cache-Control": "no-store",
        },
    )


def _assistance(room: Room) -> dict[str, object]:
    """The record's note on help (as the terminal's saves write it): no undo between the
    browser's seats, whether hints were allowed, and how many each seat asked."""
    asked = room.hints_asked
    return {
        "undo": False,
        "undos": 0,
        "hints_allowed": room.hints_setting.allowed,
        "hints": sum(asked) if room.bot_seat is None else asked[1 - room.bot_seat],
        "hints_by_seat": {SEAT_NAMES[seat]: asked[seat] for seat in (0, 1)},
    }


def _player_safe(game: Game | TableGame) -> GameRecord:
    """The record of a game in progress that either seat may download: the game's own
    record, except that with twelve and two the hand in progress stops at the end of its
    auction once the extra cards were placed. Which extra card went to which hand is each
    player's secret until it is played, and the records' player-safe copy writes those
    placements as cards (the Widow's it writes as ``widow``). Finished hands are whole: every
    card of them was played face up."""
    from honeymoon.records.json_record import GameRecord, HandRecord, record_from_game

    record = record_from_game(game)
    if not isinstance(game, TableGame) or game.is_over or not game.rules.twelve_and_two:
        return record
    public = len(game.auction_calls)
    if len(game.actions) <= public:
        return record
    current = record.hands[-1]
    cut = HandRecord(current.number, current.dealer, current.stock, current.actions[:public], None)
    return GameRecord(
        record.rules,
        record.first_dealer,
        (*record.hands[:-1], cut),
        record.score_sheet,
        record.seed,
        record.players,
    )


async def _read_hello(websocket: WebSocket, timeout: float, budgets: Budgets) -> str | None:
    """The token from the first message, charged to the address's hello budget before it is
    read. None after sending an error."""
    try:
        message = await asyncio.wait_for(websocket.receive(), timeout)
    except TimeoutError:
        await websocket.send_text(
            error_message(BAD_TOKEN, f"send hello with the seat token within {timeout:g} seconds")
        )
        return None
    if message["type"] == "websocket.disconnect":
        return None
    wait = await budgets.hello(f"address:{_address(websocket)}")
    if wait > 0:
        await _refuse_and_close(
            websocket, RATE_LIMITED, _too_many_hellos(wait, "from this address"), CLOSE_OVERFLOW
        )
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


def _too_many_hellos(wait: float, whence: str) -> str:
    seconds = max(1, math.ceil(wait))
    return f"too many connections opened {whence}: try again in {seconds} seconds"


async def _write(websocket: WebSocket, connection: Connection) -> None:
    """Send a connection's queued messages in order until it is closed; then close the
    socket with the reason's code if the server closed the connection for one."""
    try:
        while True:
            text = await connection.queue.get()
            connection.note_sent()
            if text is None:
                break
            await websocket.send_text(text)
        if connection.close_reason is not None:
            await websocket.close(CLOSE_CODES.get(connection.close_reason, 1000))
    except Exception:  # the socket went away; the reader notices too
        connection.closed = True


async def _refuse_and_close(websocket: WebSocket, code: str, message: str, close: int) -> None:
    with contextlib.suppress(Exception):
        await websocket.send_text(error_message(code, message))
        await websocket.close(close)


def _move_id(text: str) -> str | None:
    """The move id of a message refused unread (past the budget), found without parsing the
    message: one linear search for a well-formed ``"move_id"`` field."""
    found = _MOVE_ID_FIELD.search(text)
    return found.group(1) if found is not None else None


_MOVE_ID_FIELD = re.compile(r'"move_id"\s*:\s*"([A-Za-z0-9_.:-]{1,64})"')
#: Messages refused in a row past the budget after which the server stops reading the socket
#: until the budget has filled up again (``PAUSE_SECONDS``): a flood then costs one refusal
#: per message for this many messages, and then nothing but the client's own socket buffer.
REFUSALS_BEFORE_PAUSE = 20
PAUSE_SECONDS = 1.0


async def game_socket(websocket: WebSocket) -> None:
    """One seat's websocket: authenticate, then relay moves and views until it closes."""
    settings = _settings(websocket)
    if not _origin_ok(websocket):
        await websocket.close(CLOSE_ORIGIN)  # before accepting: the handshake gets a 403
        return
    await websocket.accept()
    if "token" in websocket.query_params:
        await _refuse_and_close(
            websocket,
            BAD_TOKEN,
            "send the seat token in the hello message, never in the address",
            CLOSE_BAD_TOKEN,
        )
        return
    address = _address(websocket)
    sockets = _limits(websocket).sockets_by_address
    if sockets.get(address, 0) >= settings.max_sockets_per_address:
        await _refuse_and_close(
            websocket,
            TOO_MANY_SOCKETS,
            f"at most {settings.max_sockets_per_address} connections from one address",
            CLOSE_OVERFLOW,
        )
        return
    sockets[address] = sockets.get(address, 0) + 1
    try:
        await _serve_seat(websocket, settings)
    finally:
        left = sockets.get(address, 1) - 1
        if left > 0:
            sockets[address] = left
        else:
            sockets.pop(address, None)


async def _open_seat(
    websocket: WebSocket, hub: Hub, settings: Settings, budgets: Budgets
) -> tuple[Room, int, str] | None:
    """The room, seat and token of the hello; None after refusing a token that opens no
    seat (and closing the socket)."""
    token = await _read_hello(websocket, settings.hello_timeout, budgets)
    found = await hub.authenticate(token) if token else None
    if found is None or not token:
        if token:
            await websocket.send_text(error_message(BAD_TOKEN, "this token opens no seat"))
        with contextlib.suppress(Exception):
            await websocket.close(CLOSE_BAD_TOKEN)
        return None
    return found[0], found[1], token


async def _serve_seat(websocket: WebSocket, settings: Settings) -> None:
    hub = _hub(websocket)
    budgets = _limits(websocket).budgets
    opened = await _open_seat(websocket, hub, settings, budgets)
    if opened is None:
        return
    room, seat, token = opened
    seat_key = f"{room.id}:{seat}"
    wait = await budgets.hello(f"seat:{seat_key}")
    if wait > 0:
        await _refuse_and_close(
            websocket, RATE_LIMITED, _too_many_hellos(wait, "on this seat"), CLOSE_OVERFLOW
        )
        return
    connection = Connection(seat, hash_token(token))
    if not hub.join(room, connection):
        await _refuse_and_close(
            websocket,
            TOO_MANY_SOCKETS,
            f"this seat is open on {settings.max_sockets_per_seat} devices already",
            CLOSE_OVERFLOW,
        )
        return
    await attach_seat(websocket, room.id, seat)
    writer = asyncio.create_task(_write(websocket, connection))
    address = _address(websocket)
    refused_in_a_row = 0
    try:
        while not connection.closed:
            # A client that does not read its answers is not read either: what it sends
            # waits in its own socket until the answers drain (or the idle limit passes).
            if not await connection.drained(settings.idle_timeout):
                connection.close(RATE_LIMITED)
                break
            try:
                message = await asyncio.wait_for(websocket.receive(), settings.idle_timeout)
            except TimeoutError:
                connection.send(
                    error_message(
                        IDLE, f"nothing was sent for {settings.idle_timeout:g} seconds; reconnect"
                    )
                )
                connection.close(IDLE)
                break
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                connection.send(error_message(BAD_MESSAGE, "messages are JSON text"))
                continue
            if await budgets.message(address, seat_key) > 0:
                connection.send(
                    error_message(
                        RATE_LIMITED,
                        f"at most {settings.messages_per_second:g} messages a second from a "
                        "seat: wait for the answer before sending again",
                        move_id=_move_id(text),
                    )
                )
                refused_in_a_row += 1
                if refused_in_a_row >= REFUSALS_BEFORE_PAUSE:
                    refused_in_a_row = 0
                    await asyncio.sleep(PAUSE_SECONDS)
                continue
            refused_in_a_row = 0
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
        storage = Storage(
            config.database_url,
            sqlite_synchronous=config.sqlite_synchronous,
            shared=config.redis_url is not None,
        )
        await storage.run(storage.migrate)
        hub = Hub(
            storage,
            bot_delay=config.bot_delay,
            max_sockets_per_seat=config.max_sockets_per_seat,
            hints_per_minute=config.hints_per_minute,
            leave_after=config.leave_after,
            keep_finished=config.keep_finished,
            keep_abandoned=config.keep_abandoned,
            redis_url=config.redis_url,
            node_id=config.node_id,
            lease_seconds=config.lease_seconds,
            resync_seconds=config.resync_seconds,
            deal_seed=config.deal_seed,
        )
        await hub.start()
        if config.deal_seed is not None:
            logger.warning("HONEYMOON_DEAL_SEED is set: every new game's deal can be foreseen")
        # Everything loaded so far lives as long as the server: keep it out of the cyclic
        # garbage collector's way, whose full passes would otherwise stall every game.
        # Full passes are also made rarer: live games hold few reference cycles.
        gc.collect()
        gc.freeze()
        gc.set_threshold(5000, 20, 100)
        logger.info("honeymoon server ready")
        limits = Limits(config)
        try:
            yield {
                "hub": hub,
                "storage": storage,
                "settings": config,
                "limits": limits,
                "accounts": AccountService.create(storage, config, limits.budgets.shared),
            }
        finally:
            await hub.close()
            storage.close()

    routes = [
        Route("/", index),
        Route("/play", index),
        Route("/sw.js", service_worker),
        Route("/manifest.webmanifest", manifest),
        Route("/healthz", healthz),
        Route("/health", health),
        Route("/api/options", options),
        Route("/api/games", create_game, methods=["POST"]),
        Route("/api/seat-link", replace_seat_link, methods=["POST"]),
        Route("/api/record", record),
        *ACCOUNT_ROUTES,
        WebSocketRoute("/ws", game_socket),
        Mount("/static", app=ClientFiles(WEB_ROOT), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.add_middleware(BodyLimit, max_bytes=config.max_body_bytes, timeout=config.header_timeout)
    app.add_middleware(NoSniff)
    return app


def _option_label(option: str) -> str:
    """How the lobby names a variant option; an option without a label shows its own name."""
    info = OPTIONS.get(option)
    return info.label if info is not None else option.replace("_", " ")
