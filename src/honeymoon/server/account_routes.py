"""The account routes: signing in with a code sent by email, the account, its sessions and
its games.

=========================================  =========================================================
``POST /api/sign-in/code``                 mail a sign-in code to ``{"email"}``
``POST /api/sign-in``                      sign in with ``{"email", "code"}``: sets the session
                                           cookie (a new one, whatever the device had)
``POST /api/sign-out``                     end this device's session
``GET /api/account``                       who is signed in: the name and (to its owner) the address
``POST /api/account/name``                 change the display name: ``{"name"}``
``GET /api/account/sessions``              the account's signed-in devices
``POST /api/account/sessions/{id}/revoke``  sign one of them out
``GET /api/account/games``                 the account's games, in progress and finished
``POST /api/account/games/{id}/seat-link``  a new link to the account's seat in a game
=========================================  =========================================================

Every route is charged to the client's budget before it does anything; those that change
something check the Origin and take JSON only (so a page on another site can neither send
them nor, with the cookie's ``SameSite=Lax``, send the cookie). The sign-in routes are also
charged to the address they name. No answer and no log line carries another account's
address.
"""

from __future__ import annotations

import logging
import re
import secrets
import smtplib
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, cast

from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from honeymoon.seats import SEAT_NAMES
from honeymoon.server.accounts import (
    CODE_LIFETIME,
    MAX_NAME,
    SESSION_COOKIE,
    Account,
    AccountGame,
    AccountStore,
    Mailer,
    check_name,
    new_code,
    normalize_code,
    normalize_email,
)
from honeymoon.server.answers import (
    base_url,
    client_address,
    error,
    hub_of,
    origin_ok,
    origin_refused,
    seat_link,
    settings_of,
)
from honeymoon.server.budgets import Budget, SharedBuckets
from honeymoon.server.limits import parse_json_limited
from honeymoon.server.protocol import RATE_LIMITED
from honeymoon.server.settings import Settings
from honeymoon.server.storage import Storage, hash_token

__all__ = ["AccountService", "ACCOUNT_ROUTES", "signed_in", "attach_seat"]

logger = logging.getLogger("honeymoon.server")

#: The public ids of sessions and games (``secrets.token_urlsafe``), as a path may carry them.
_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
#: The longest session secret a cookie may carry.
_MAX_SECRET = 128
NO_STORE = {"Cache-Control": "no-store"}


@dataclass
class AccountService:
    """The accounts of one application: the store, the mail, and the budgets of codes sent,
    sign-in tries and account requests (each by client, and the first two by address). On
    several nodes the budgets are kept in Redis too (``shared``), so that N nodes do not
    allow N times as many tries."""

    storage: Storage
    store: AccountStore
    mailer: Mailer
    codes: Budget
    tries: Budget
    requests: Budget
    shared: SharedBuckets | None = None

    @classmethod
    def create(
        cls, storage: Storage, settings: Settings, shared: SharedBuckets | None = None
    ) -> AccountService:
        """The service for an application on ``storage`` configured by ``settings``."""
        return cls(
            storage=storage,
            store=AccountStore(storage.engine),
            mailer=Mailer(settings.smtp_host, settings.smtp_port, settings.smtp_from),
            codes=Budget(settings.codes_per_hour / 3600.0, settings.codes_burst),
            tries=Budget(settings.sign_ins_per_hour / 3600.0, settings.sign_ins_burst),
            requests=Budget(
                settings.account_requests_per_minute / 60.0,
                max(1, int(settings.account_requests_per_minute)),
            ),
            shared=shared,
        )

    async def charge(self, budget: Budget, kind: str, key: str) -> float:
        """Charge one token of ``budget`` to ``key`` (a client or an email address, kept
        only as a hash); 0.0 if allowed, else the seconds to wait."""
        return await budget.take(f"account:{kind}:{hash_token(key)[:32]}", self.shared)


def _service(connection: HTTPConnection) -> AccountService:
    return cast(AccountService, connection.state.accounts)


def _now() -> datetime:
    return datetime.now(UTC)


def _too_many(wait: float, what: str) -> JSONResponse:
    """``429 rate_limited`` with ``Retry-After``, saying what was too many."""
    seconds = max(1, int(wait + 0.999))
    return error(
        429,
        RATE_LIMITED,
        f"too many {what}: try again in {seconds} seconds",
        headers={"Retry-After": str(seconds)},
    )


def _not_signed_in() -> JSONResponse:
    return error(401, "not_signed_in", "sign in first: POST /api/sign-in/code, then /api/sign-in")


async def signed_in(connection: HTTPConnection) -> tuple[Account, str] | None:
    """The account whose session cookie this request carries, and the session's id; None
    when it carries none, or one that opens no session."""
    secret = connection.cookies.get(SESSION_COOKIE)
    if not secret or len(secret) > _MAX_SECRET:
        return None
    service = _service(connection)
    return await service.storage.run(service.store.session_account, secret, _now())


async def attach_seat(connection: HTTPConnection, game_id: str, seat: int) -> None:
    """Note that the signed-in account (if any) holds ``seat`` of the game: a game created,
    or a seat opened, while signed in is then on the account's list."""
    try:
        found = await signed_in(connection)
        if found is None:
            return
        service = _service(connection)
        await service.storage.run(service.store.attach_seat, found[0].id, game_id, seat, _now())
    except Exception as failure:  # the game is played all the same
        logger.error("game %s: the seat was not noted (%s)", game_id, type(failure).__name__)


async def _charged(request: Request, *, changes: bool) -> JSONResponse | None:
    """The refusal of a request before its work (another site's page, or past the client's
    budget of account requests), else None."""
    if changes and not origin_ok(request):
        return origin_refused()
    service = _service(request)
    wait = await service.charge(service.requests, "requests", client_address(request))
    if wait > 0:
        return _too_many(wait, "account requests from this address")
    return None


async def _json_body(request: Request, fields: tuple[str, ...]) -> dict[str, Any] | JSONResponse:
    """The JSON object the request carries (an empty body is an empty object), holding no
    field but ``fields``; or the refusal saying what was wrong."""
    content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if content_type != "application/json":
        return error(
            415, "unsupported_media_type", "send JSON, with 'Content-Type: application/json'"
        )
    depth = settings_of(request).max_json_depth
    try:
        raw = await request.body()
        body = parse_json_limited(raw, depth) if raw.strip() else {}
    except (ValueError, UnicodeDecodeError):
        return error(400, "bad_request", f"the body must be one JSON object, at most {depth} deep")
    if not isinstance(body, dict):
        return error(400, "bad_request", "the body must be a JSON object")
    if set(body) - set(fields):
        wanted = " and ".join(fields) if fields else "nothing"
        return error(400, "bad_request", f"this request's body holds {wanted}")
    return body


def _bad_email() -> JSONResponse:
    return error(400, "bad_email", "email is an address such as ada@example.org")


async def send_code(request: Request) -> Response:
    """Mail a sign-in code to the address in ``{"email"}`` (whether or not it has an
    account: the answer is the same)."""
    service = _service(request)
    if not origin_ok(request):
        return origin_refused()
    wait = await service.charge(service.codes, "codes", f"client {client_address(request)}")
    if wait > 0:
        return _too_many(wait, "sign-in codes asked from this address")
    body = await _json_body(request, ("email",))
    if isinstance(body, JSONResponse):
        return body
    email = normalize_email(body.get("email"))
    if email is None:
        return _bad_email()
    wait = await service.charge(service.codes, "codes", f"email {email}")
    if wait > 0:
        return _too_many(wait, "sign-in codes sent to this email address")
    code = new_code()
    await service.storage.run(service.store.save_code, email, code, _now())
    try:
        await service.mailer.send_code(email, code)
    except (OSError, smtplib.SMTPException) as failure:
        logger.error("a sign-in mail was not sent (%s)", type(failure).__name__)
        return error(502, "mail_failed", "the sign-in mail could not be sent: try again later")
    return JSONResponse(
        {"sent": True, "expires_in": int(CODE_LIFETIME)},
        status_code=202,
        headers=NO_STORE,
    )


async def sign_in(request: Request) -> Response:
    """Sign in with ``{"email", "code"}``: the account is made on the first sign-in, and the
    device gets a new session cookie (any session it had is ended)."""
    service = _service(request)
    if not origin_ok(request):
        return origin_refused()
    wait = await service.charge(service.tries, "tries", f"client {client_address(request)}")
    if wait > 0:
        return _too_many(wait, "sign-in tries from this address")
    body = await _json_body(request, ("email", "code"))
    if isinstance(body, JSONResponse):
        return body
    email = normalize_email(body.get("email"))
    if email is None:
        return _bad_email()
    wait = await service.charge(service.tries, "tries", f"email {email}")
    if wait > 0:
        return _too_many(wait, "sign-in tries for this email address")
    code = normalize_code(body.get("code"))
    if code is None:
        return error(400, "bad_code", "code is the six letters and digits of the mail")
    settings = settings_of(request)
    now = _now()
    if not await service.storage.run(service.store.use_code, email, code, now, settings.code_tries):
        return error(
            401,
            "wrong_code",
            "this code is wrong, used or expired: check the mail, or ask for a new code",
        )
    account, new = await service.storage.run(service.store.account_for, email, now)
    old = request.cookies.get(SESSION_COOKIE)
    if old and len(old) <= _MAX_SECRET:
        await service.storage.run(service.store.close_session, old)
    secret = secrets.token_urlsafe(32)
    device = "".join(c for c in request.headers.get("user-agent", "")[:200] if c.isprintable())
    await service.storage.run(
        service.store.open_session,
        account.id,
        secret,
        device or "a device",
        now,
        settings.keep_sessions,
    )
    logger.info("account %s signed in%s", account.id, " (new)" if new else "")
    answer = JSONResponse(_account_answer(account) | {"new": new}, headers=NO_STORE)
    answer.set_cookie(
        SESSION_COOKIE,
        secret,
        max_age=int(settings.keep_sessions),
        path="/",
        secure=settings.secure_cookies,
        httponly=True,
        samesite="lax",
    )
    return answer


def _account_answer(account: Account) -> dict[str, Any]:
    return {"signed_in": True, "name": account.name, "email": account.email}


def _forget_cookie(answer: Response, settings: Settings) -> Response:
    answer.delete_cookie(
        SESSION_COOKIE, path="/", secure=settings.secure_cookies, httponly=True, samesite="lax"
    )
    return answer


async def sign_out(request: Request) -> Response:
    """End this device's session (and forget its cookie)."""
    refused = await _charged(request, changes=True)
    if refused is not None:
        return refused
    body = await _json_body(request, ())
    if isinstance(body, JSONResponse):
        return body
    secret = request.cookies.get(SESSION_COOKIE)
    if secret and len(secret) <= _MAX_SECRET:
        service = _service(request)
        await service.storage.run(service.store.close_session, secret)
    answer = JSONResponse({"signed_in": False}, headers=NO_STORE)
    return _forget_cookie(answer, settings_of(request))


async def account(request: Request) -> Response:
    """Who is signed in on this device: ``{"signed_in": false}``, or the name (None until
    chosen) and the address the account signs in with."""
    refused = await _charged(request, changes=False)
    if refused is not None:
        return refused
    found = await signed_in(request)
    if found is None:
        return JSONResponse({"signed_in": False}, headers=NO_STORE)
    return JSONResponse(_account_answer(found[0]), headers=NO_STORE)


async def change_name(request: Request) -> Response:
    """Change the display name to ``{"name"}`` (what the other players see)."""
    refused = await _charged(request, changes=True)
    if refused is not None:
        return refused
    body = await _json_body(request, ("name",))
    if isinstance(body, JSONResponse):
        return body
    name = check_name(body.get("name"))
    if name is None:
        return error(400, "bad_name", f"name is 1 to {MAX_NAME} letters, digits, spaces or signs")
    found = await signed_in(request)
    if found is None:
        return _not_signed_in()
    service = _service(request)
    await service.storage.run(service.store.set_name, found[0].id, name)
    account = Account(found[0].id, found[0].email, name)
    return JSONResponse(_account_answer(account), headers=NO_STORE)


async def list_sessions(request: Request) -> Response:
    """The account's signed-in devices: each one's id, its browser, when it signed in and
    was last seen, and whether it is this one."""
    refused = await _charged(request, changes=False)
    if refused is not None:
        return refused
    found = await signed_in(request)
    if found is None:
        return _not_signed_in()
    service = _service(request)
    rows = await service.storage.run(service.store.sessions, found[0].id, _now())
    return JSONResponse(
        {
            "sessions": [
                {
                    "id": row.id,
                    "device": row.device,
                    "signed_in_at": row.created_at.isoformat(),
                    "last_seen_at": row.last_seen_at.isoformat(),
                    "current": row.id == found[1],
                }
                for row in rows
            ]
        },
        headers=NO_STORE,
    )


async def _change_of_one(
    request: Request, name: str, what: str, listed: str
) -> tuple[tuple[Account, str], str] | JSONResponse:
    """The checks of a change to one thing of the account that the path names: charged
    before the work, an empty JSON body, the id well formed (``what`` it is, and the list
    it comes from), and the request signed in. The account with its session, and the id;
    or the refusal."""
    refused = await _charged(request, changes=True)
    if refused is not None:
        return refused
    body = await _json_body(request, ())
    if isinstance(body, JSONResponse):
        return body
    value = request.path_params[name]
    if not _ID.fullmatch(value):
        return error(400, "bad_request", f"{what} is the id from {listed}")
    found = await signed_in(request)
    if found is None:
        return _not_signed_in()
    return found, value


async def revoke_session(request: Request) -> Response:
    """Sign one of the account's devices out (this one too, if it is its id)."""
    checked = await _change_of_one(request, "session_id", "a session id", "/api/account/sessions")
    if isinstance(checked, JSONResponse):
        return checked
    found, session_id = checked
    service = _service(request)
    if not await service.storage.run(service.store.revoke, found[0].id, session_id):
        return error(404, "no_such_session", "this account has no session with this id")
    answer = JSONResponse({"revoked": session_id}, headers=NO_STORE)
    return _forget_cookie(answer, settings_of(request)) if session_id == found[1] else answer


def _game_answer(game: AccountGame) -> dict[str, Any]:
    return {
        "game_id": game.game_id,
        "seat": SEAT_NAMES[game.seat],
        "variant": game.variant,
        "opponent": game.opponent,
        "level": game.level,
        "opponent_name": game.opponent_name,
        "finished": game.complete,
        "updated_at": game.updated_at.isoformat(),
    }


async def list_games(request: Request) -> Response:
    """The account's games, the latest changed first: in progress and finished, with the
    other player's name when that seat is an account's (never an address)."""
    refused = await _charged(request, changes=False)
    if refused is not None:
        return refused
    found = await signed_in(request)
    if found is None:
        return _not_signed_in()
    service = _service(request)
    rows = await service.storage.run(service.store.games, found[0].id)
    return JSONResponse({"games": [_game_answer(row) for row in rows]}, headers=NO_STORE)


async def resume_seat(request: Request) -> Response:
    """A new link to the account's seat in a game (any link to that seat given before stops
    working, as when a seat link is replaced)."""
    checked = await _change_of_one(request, "game_id", "a game id", "/api/account/games")
    if isinstance(checked, JSONResponse):
        return checked
    found, game_id = checked
    service = _service(request)
    seat = await service.storage.run(service.store.seat_of, found[0].id, game_id)
    replaced = None if seat is None else await hub_of(request).replace_seat(game_id, seat)
    if replaced is None:
        return error(404, "no_such_game", "this account holds no seat in a game with this id")
    return JSONResponse(
        {
            "game_id": game_id,
            "seat": SEAT_NAMES[replaced[0]],
            "token": replaced[1],
            "link": seat_link(base_url(request), replaced[1]),
        },
        headers=NO_STORE,
    )


#: The routes, in the order the module's table lists them.
ACCOUNT_ROUTES = [
    Route("/api/sign-in/code", send_code, methods=["POST"]),
    Route("/api/sign-in", sign_in, methods=["POST"]),
    Route("/api/sign-out", sign_out, methods=["POST"]),
    Route("/api/account", account),
    Route("/api/account/name", change_name, methods=["POST"]),
    Route("/api/account/sessions", list_sessions),
    Route("/api/account/sessions/{session_id}/revoke", revoke_session, methods=["POST"]),
    Route("/api/account/games", list_games),
    Route("/api/account/games/{game_id}/seat-link", resume_seat, methods=["POST"]),
]
