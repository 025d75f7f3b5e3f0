"""The websocket protocol: parsing what a client sends, building what the server sends.

See ``docs/web-protocol.md`` for the full description. Every message is one JSON object with
a ``type``. A client sends ``hello`` (with its seat token, unless the token is in the URL),
``move``, ``sync``, ``review``, ``analysis``, ``claim``, ``hint``, ``hints`` (the answer to an
offer of hints) and ``ping``; the server sends ``hello``, ``state``, ``ack``, ``error``,
``presence``, ``review``, ``analysis``, ``claim``, ``hint``, ``fair_play`` and ``pong``, each
built by one function here (``state_message``, ...), so the wire format the server writes is
in this one module.

>>> parse_client_message('{"type": "move", "action": 90, "version": 0, "move_id": "a1"}')
Move(action=90, version=0, move_id='a1')
>>> try:
...     parse_client_message('{"type": "move", "action": "SA"}')
... except ProtocolError as error:
...     print(error.code)
bad_message
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

__all__ = [
    "BAD_MESSAGE",
    "BAD_TOKEN",
    "STALE_VERSION",
    "STORAGE_ERROR",
    "RATE_LIMITED",
    "TOO_MANY_SOCKETS",
    "ORIGIN_REFUSED",
    "IDLE",
    "SEAT_LINK_REPLACED",
    "GAME_GONE",
    "CANNOT_CLAIM",
    "NO_HINT",
    "HINTS_OFF",
    "MAX_JSON_DEPTH",
    "ProtocolError",
    "Hello",
    "Move",
    "Sync",
    "Review",
    "Analysis",
    "Claim",
    "Ping",
    "ClientMessage",
    "parse_client_message",
    "encode",
    "error_message",
    "ack_message",
    "presence_message",
    "hello_message",
    "state_message",
    "review_message",
    "review_claim",
    "claim_trick",
    "analysis_message",
    "claim_message",
    "hint_message",
    "fair_play_message",
    "pong_message",
]

#: The message could not be read: not JSON, an unknown type, a missing or wrong field.
BAD_MESSAGE = "bad_message"
#: The seat token is missing or opens no seat.
BAD_TOKEN = "bad_token"
#: The move was made on a version of the game that is no longer current.
STALE_VERSION = "stale_version"
#: The server could not store the move; nothing was applied, the client may send it again.
STORAGE_ERROR = "storage_error"

#: The client sends messages faster than the server answers them, or faster than allowed.
RATE_LIMITED = "rate_limited"
#: The seat or the client's address has as many open websockets as allowed.
TOO_MANY_SOCKETS = "too_many_sockets"
#: The page that opened the socket is not on an allowed origin.
ORIGIN_REFUSED = "origin_refused"
#: The socket sent nothing for longer than the idle limit (the client reconnects).
IDLE = "idle"
#: The seat's link was replaced: this socket's token no longer opens the seat.
SEAT_LINK_REPLACED = "seat_link_replaced"
#: The game was deleted from the server's database (by a purge) while it was open: its
#: sockets are closed and its links open nothing any more.
GAME_GONE = "game_gone"
#: A claim made outside the play of a hand (the auction, the preliminary tricks, the drawing).
CANNOT_CLAIM = "cannot_claim"
#: A hint asked for when the seat has no decision to make (not its turn).
NO_HINT = "no_hint"
#: A hint asked for in a game where hints are not allowed (between people, unless both
#: agreed), or an answer to an offer of hints that there is not.
HINTS_OFF = "hints_off"
#: How deeply a client message may nest arrays and objects: it is one flat object.
MAX_JSON_DEPTH = 1
#: The most fields a client message may have (the longest valid one has four).
MAX_FIELDS = 16
#: The most digits of a number in a client message (an action, a version, a hand number).
MAX_DIGITS = 18

_MOVE_ID = re.compile(r"^[A-Za-z0-9_.:-]{1,64}$")
#: A seat token, as the server makes them (``secrets.token_urlsafe``).
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{1,256}$")
_MAX_MESSAGE = 4096


class ProtocolError(Exception):
    """A client message the server refuses, with a protocol error ``code``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True, slots=True)
class Hello:
    """The first message of a client that did not put its token in the URL."""

    token: str


@dataclass(frozen=True, slots=True)
class Move:
    """An action made on game version ``version``, with the client's own ``move_id``."""

    action: int
    version: int
    move_id: str


@dataclass(frozen=True, slots=True)
class Sync:
    """A request for the seat's current state."""


@dataclass(frozen=True, slots=True)
class Review:
    """A request for the review of finished hand ``hand`` (0-based; the hub checks the range)."""

    hand: int


@dataclass(frozen=True, slots=True)
class Analysis:
    """A request for the double-dummy analysis of finished hand ``hand`` (0-based; the hub
    checks the range)."""

    hand: int


@dataclass(frozen=True, slots=True)
class Claim:
    """A claim of every remaining trick of the hand in play, made on game version ``version``
    (None: on whatever version is current)."""

    version: int | None


@dataclass(frozen=True, slots=True)
class Hint:
    """A request for a hint on the seat's decision at game version ``version`` (None: the
    current one): what the strongest bot would do, its reason code and figures."""

    version: int | None


@dataclass(frozen=True, slots=True)
class AnswerHints:
    """The answer to the other player's offer of hints (``agree``: hints on for both)."""

    agree: bool


@dataclass(frozen=True, slots=True)
class Ping:
    """A keep-alive; answered with ``pong``."""


ClientMessage = Hello | Move | Sync | Review | Analysis | Claim | Hint | AnswerHints | Ping


def _int_field(data: dict[str, Any], name: str) -> int:
    value = data.get(name)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ProtocolError(BAD_MESSAGE, f"a move needs an integer {name!r}")
    return value


def _short_int(digits: str) -> int:
    """An integer of the JSON text, refused past :data:`MAX_DIGITS` digits (converting a
    long one costs more than its length)."""
    if len(digits) > MAX_DIGITS + 1:  # a minus sign and the digits
        raise ValueError("a number is too long")
    return int(digits)


def _optional_version(data: dict[str, Any], whose: str, state: str) -> int | None:
    """The ``version`` a hint or a claim may give (None if it gives none).

    :raises ProtocolError: ``bad_message`` for anything but an integer from 0.
    """
    version: int | None = data.get("version")
    if version is not None and (
        not isinstance(version, int) or isinstance(version, bool) or version < 0
    ):
        raise ProtocolError(
            BAD_MESSAGE, f"{whose} 'version', if given, is the integer version of {state}"
        )
    return version


def parse_client_message(text: str) -> ClientMessage:
    """Read one client message.

    :raises ProtocolError: with code ``bad_message`` (and, for an unusable token in a
        ``hello``, ``bad_token``), saying what a valid message looks like.
    """
    # Each check before the parser is one pass of compiled code over the text, and it leaves
    # the parser nothing to do that costs more than reading the text once: no nesting (no
    # valid field holds a bracket), a few fields, short numbers.
    if len(text) > _MAX_MESSAGE:
        raise ProtocolError(BAD_MESSAGE, f"messages are at most {_MAX_MESSAGE} characters")
    if "[" in text or text.count("{") > 1:
        raise ProtocolError(
            BAD_MESSAGE, "a message is one flat JSON object: no arrays, no objects inside it"
        )
    if text.count(",") >= MAX_FIELDS:
        raise ProtocolError(BAD_MESSAGE, f"a message has at most {MAX_FIELDS} fields")
    try:
        data = json.loads(text, parse_int=_short_int)
    except ValueError:
        raise ProtocolError(
            BAD_MESSAGE,
            f'a message is one JSON object, such as {{"type": "ping"}}, with numbers of at most '
            f"{MAX_DIGITS} digits",
        ) from None
    if not isinstance(data, dict):
        raise ProtocolError(BAD_MESSAGE, "a message is one JSON object")
    kind = data.get("type")
    if kind == "move":
        action = _int_field(data, "action")
        version = _int_field(data, "version")
        move_id = data.get("move_id")
        if not isinstance(move_id, str) or not _MOVE_ID.match(move_id):
            raise ProtocolError(
                BAD_MESSAGE, "a move needs a 'move_id': 1 to 64 letters, digits or _.:-"
            )
        return Move(action, version, move_id)
    if kind == "hello":
        token = data.get("token")
        if not isinstance(token, str) or not _TOKEN.match(token):
            raise ProtocolError(
                BAD_TOKEN, "hello needs the seat's 'token' from its link (letters, digits, _ and -)"
            )
        return Hello(token)
    if kind == "sync":
        return Sync()
    if kind == "ping":
        return Ping()
    if kind in ("review", "analysis"):
        hand = data.get("hand")
        if not isinstance(hand, int) or isinstance(hand, bool) or hand < 0:
            raise ProtocolError(
                BAD_MESSAGE,
                f"{'a review' if kind == 'review' else 'an analysis'} needs 'hand': "
                "the number of a finished hand, an integer from 0",
            )
        return Review(hand) if kind == "review" else Analysis(hand)
    if kind == "hint":
        return Hint(_optional_version(data, "a hint's", "the state it is for"))
    if kind == "claim":
        return Claim(_optional_version(data, "a claim's", "the state it was made on"))
    if kind == "hints":
        agree = data.get("agree")
        if not isinstance(agree, bool):
            raise ProtocolError(
                BAD_MESSAGE,
                "an answer to the offer of hints needs 'agree': true (hints for both) or false",
            )
        return AnswerHints(agree)
    raise ProtocolError(
        BAD_MESSAGE,
        "'type' must be one of hello, move, sync, review, analysis, claim, hint, hints, ping",
    )


def encode(message: dict[str, Any]) -> str:
    """Compact JSON text of a message.

    >>> encode({"type": "pong"})
    '{"type":"pong"}'
    """
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def error_message(
    code: str, message: str, *, move_id: str | None = None, version: int | None = None
) -> str:
    """An ``error`` message: a typed code, words, and the move and version it concerns."""
    body: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if move_id is not None:
        body["move_id"] = move_id
    if version is not None:
        body["version"] = version
    return encode(body)


def ack_message(move_id: str | None, version: int, *, duplicate: bool = False) -> str:
    """An ``ack``: the move was stored and applied, and the game is now at ``version``."""
    body: dict[str, Any] = {"type": "ack", "move_id": move_id, "version": version}
    if duplicate:
        body["duplicate"] = True
    return encode(body)


def presence_message(presence: dict[str, str]) -> str:
    """A ``presence`` message: ``here``, ``away`` or ``computer`` for each seat."""
    return encode({"type": "presence", "seats": presence})


def hello_message(
    *,
    game_id: str,
    seat: str,
    opponent: str,
    level: str | None,
    variant: str,
    variant_title: str,
    four_hands: bool,
    options: dict[str, Any],
    rules: dict[str, Any],
    version: int,
    view: str,
    presence: dict[str, str],
    fair_play: dict[str, Any],
) -> str:
    """The ``hello`` sent when a seat connects: the game, its version, the seat's view (JSON
    text, as :func:`state_message` takes it), who is connected, and the fair-play setting
    (:func:`fair_play_message`)."""
    game = encode(
        {
            "id": game_id,
            "seat": seat,
            "opponent": opponent,
            "level": level,
            "variant": variant,
            "variant_title": variant_title,
            "four_hands": four_hands,
            "options": options,
            "rules": rules,
        }
    )
    return (
        f'{{"type":"hello","game":{game},"version":{version},'
        f'"view":{view},"presence":{encode(presence)},"fair_play":{encode(fair_play)}}}'
    )


def state_message(version: int, view: str) -> str:
    """A ``state``: the seat's own view (its JSON text, encoded once per version) and the
    version.

    >>> state_message(3, '{"phase":"auction"}')
    '{"type":"state","version":3,"view":{"phase":"auction"}}'
    """
    return f'{{"type":"state","version":{version},"view":{view}}}'


def review_message(hand: int, review: dict[str, Any], claims: list[dict[str, Any]]) -> str:
    """A ``review`` of finished hand ``hand``: ``review`` is ``HandReview.to_dict()``, and
    ``claims`` the claims made in the hand (:func:`review_claim`)."""
    return encode({"type": "review", "hand": hand, "review": review, "claims": claims})


def review_claim(
    *,
    seat: str,
    trick: int,
    remaining: int,
    guaranteed: int,
    accepted: bool,
    line: list[str],
    tricks: list[dict[str, Any]],
) -> dict[str, Any]:
    """One claim as a ``review`` lists it once the hand is over: who claimed at which trick,
    the verdict, the line of best play (cards in notation) and the same line trick by trick
    (:func:`claim_trick`)."""
    return {
        "seat": seat,
        "trick": trick,
        "remaining": remaining,
        "guaranteed": guaranteed,
        "accepted": accepted,
        "line": line,
        "tricks": tricks,
    }


def claim_trick(
    *, leader: str, played: list[tuple[str, str]], winner: str | None, on_table: int
) -> dict[str, Any]:
    """One trick of a claim's line: the hand that led it, each card with the hand that played
    it (``played``: pairs of hand and card in notation, in playing order), the hand that won it
    (None if the line leaves it unfinished). The first ``on_table`` cards were on the table
    when the claim was made (``on_table``); the others (``cards``) are the line's."""
    cards = [{"seat": hand, "card": card} for hand, card in played]
    return {
        "leader": leader,
        "on_table": cards[:on_table],
        "cards": cards[on_table:],
        "winner": winner,
    }


def analysis_message(hand: int, analysis: dict[str, Any], hands: int, lost: dict[str, int]) -> str:
    """An ``analysis`` of finished hand ``hand`` (``HandAnalysis.for_seat(seat).to_dict()``),
    with the rubber's finished ``hands`` and the tricks each seat ``lost`` over them."""
    return encode(
        {
            "type": "analysis",
            "hand": hand,
            "analysis": analysis,
            "rubber": {"hands": hands, "lost": lost},
        }
    )


def claim_message(*, hand: int, trick: int, claimant: str, accepted: bool, remaining: int) -> str:
    """A ``claim`` verdict, the same to both seats: only the public position and whether the
    claim was accepted (never the count or the line, which depend on hidden cards)."""
    return encode(
        {
            "type": "claim",
            "hand": hand,
            "trick": trick,
            "claimant": claimant,
            "accepted": accepted,
            "remaining": remaining,
        }
    )


def fair_play_message(fair_play: dict[str, Any]) -> str:
    """A ``fair_play``: whether hints are allowed (``state``: on, off, offered or declined),
    which seat offered them, and how many hints each seat asked; sent to both seats when any
    of it changes.

    >>> fair_play_message({"state": "off", "offered_by": None, "asked": {"south": 0}})
    '{"type":"fair_play","state":"off","offered_by":null,"asked":{"south":0}}'
    """
    return encode({"type": "fair_play", **fair_play})


def hint_message(version: int, adviser: str, advice: dict[str, Any]) -> str:
    """A ``hint`` on the seat's decision at ``version``: the adviser's name and its advice
    (``Advice.to_dict()``: the action, the reason code, its figures and the candidates)."""
    return encode({"type": "hint", "version": version, "adviser": adviser, **advice})


def pong_message() -> str:
    """The ``pong`` that answers a ``ping``.

    >>> pong_message()
    '{"type":"pong"}'
    """
    return encode({"type": "pong"})
