"""The ``hint`` message: the strongest bot's advice on the seat's decision as data (a reason
code, its figures and the choices compared), never a card the seat has not seen."""

from __future__ import annotations

import json
import re
import time
from contextlib import ExitStack
from typing import Any

import pytest

from honeymoon.actions import PASS
from honeymoon.bots.advice import Reason
from honeymoon.cards import ALL_CARDS
from honeymoon.cli.session import cards_seen
from honeymoon.seats import Seat
from honeymoon.server.protocol import Hint, ProtocolError, parse_client_message
from honeymoon.views import view_for

_QUOTED = re.compile(r'"([SHDC][2-9TJQKA])"')
_CODES = {reason.value for reason in Reason}


def _hint(socket: Any, version: int | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"type": "hint"}
    if version is not None:
        body["version"] = version
    socket.ws.send_text(json.dumps(body))
    while True:
        message = socket.recv()
        if message["type"] in ("hint", "error"):
            return message


@pytest.fixture
def server(server_factory: Any, sqlite_url: str) -> Any:
    with server_factory(sqlite_url) as running:
        yield running


def test_a_hint_is_the_advice_as_data_and_only_on_the_seats_turn(server: Any, ws: Any) -> None:
    game = server.create(opponent="friend", seat="south", hints=True)
    with server.seat(game["token"]) as south, server.seat(game["opponent_token"]) as east:
        ws.connect_pair(south, east)
        ws.agree_hints(south, east)
        mover, other = ws.turn(south, east)
        hint = _hint(mover)
        assert hint["type"] == "hint" and hint["version"] == mover.version
        assert hint["adviser"] == "expert"
        assert hint["action"] in mover.legal() and hint["code"] in _CODES
        assert hint["figures"]["card"] == mover.view["looking_at"]
        assert [c["action"] for c in hint["candidates"]][0] == hint["action"]
        assert {c["action"] for c in hint["candidates"]} <= set(mover.legal())
        refused = _hint(other)
        assert refused["type"] == "error" and refused["code"] == "no_hint"
        stale = _hint(mover, mover.version + 1)
        assert stale["type"] == "error" and stale["code"] == "stale_version"


def test_no_hint_names_a_card_the_seat_has_not_seen(server: Any, ws: Any) -> None:
    game = server.create(opponent="friend", seat="south", hints=True)
    live = server.game(game["game_id"])
    asked: set[str] = set()
    with server.seat(game["token"]) as south, server.seat(game["opponent_token"]) as east:
        ws.connect_pair(south, east)
        ws.agree_hints(south, east)
        bid_made = False
        decisions = 0
        while south.view["hand_number"] == 0 and south.view["phase"] != "complete":
            mover, other = ws.turn(south, east)
            phase = mover.view["phase"]
            decisions += 1
            if phase in ("auction", "play") or decisions % 5 == 0:
                hint = _hint(mover)
                assert hint["type"] == "hint", hint
                asked.add(phase)
                seat = Seat.SOUTH if mover.seat == "south" else Seat.EAST
                seen = cards_seen(view_for(live, seat))
                hidden = {card.pbn for card in ALL_CARDS if card.id not in seen}
                named = set(_QUOTED.findall(json.dumps(hint)))
                assert not named & hidden, (hint, named & hidden)
            legal = mover.legal()
            if phase == "auction":
                action = PASS if bid_made else max(a for a in legal if a != PASS)
                bid_made = True
            else:
                action = legal[0]
            ws.play(mover, other, action)
    assert {"drawing", "auction", "play"} <= asked


def test_hint_messages_are_parsed_and_checked() -> None:
    assert parse_client_message('{"type": "hint"}') == Hint(None)
    assert parse_client_message('{"type": "hint", "version": 4}') == Hint(4)
    for bad in ('{"type": "hint", "version": "4"}', '{"type": "hint", "version": -1}'):
        with pytest.raises(ProtocolError) as raised:
            parse_client_message(bad)
        assert raised.value.code == "bad_message"


def _answers(socket: Any, count: int) -> list[dict[str, Any]]:
    """The next ``count`` answers to hint requests (hints and errors) a socket receives."""
    found: list[dict[str, Any]] = []
    while len(found) < count:
        message = socket.recv()
        if message["type"] in ("hint", "error"):
            found.append(message)
    return found


def _to_souths_turn(ws: Any, south: Any, east: Any, others: list[Any]) -> None:
    """East moves (first legal action) until South is to act; South's other sockets read the
    states on the way."""
    while east.view["to_act"] == "east":
        ws.play(east, south, east.legal()[0])
        for socket in others:
            socket.expect("state")


#: Hints a seat may ask for one decision (docs/web-protocol.md).
HINTS_PER_VERSION = 3


def test_a_seats_hints_are_worked_out_once_per_version_and_its_sockets_share_a_budget(
    server: Any, ws: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Eight sockets of one seat asking three hints each at once: the adviser runs once for
    the decision, three asks are answered (the same hint), the rest are ``rate_limited``
    before any work; at the next decision the same again."""
    from honeymoon.server import solving as hub_module

    runs: list[int] = []
    adviser = hub_module.advise

    def counted(*args: Any) -> Any:
        runs.append(1)  # list.append is atomic: the adviser runs in worker threads
        time.sleep(0.2)  # a slow hint: the other sockets' asks come while it is worked out
        return adviser(*args)

    monkeypatch.setattr(hub_module, "advise", counted)
    game = server.create(opponent="friend", seat="south", hints=True)
    with ExitStack() as stack:
        east = stack.enter_context(server.seat(game["opponent_token"]))
        sockets = [stack.enter_context(server.seat(game["token"])) for _ in range(8)]
        south, others = sockets[0], sockets[1:]
        ws.agree_hints(south, east)
        for socket in others:
            socket.expect("fair_play")
        for _ in range(2):
            _to_souths_turn(ws, south, east, others)
            before = len(runs)
            for socket in sockets:
                for _ in range(3):
                    socket.ws.send_text(json.dumps({"type": "hint", "version": south.version}))
            answers = [answer for socket in sockets for answer in _answers(socket, 3)]
            hints = [answer for answer in answers if answer["type"] == "hint"]
            refused = [answer for answer in answers if answer["type"] == "error"]
            assert len(hints) == HINTS_PER_VERSION, answers
            assert all(hint == hints[0] for hint in hints)
            assert hints[0]["version"] == south.version
            assert {error["code"] for error in refused} == {"rate_limited"}
            assert len(refused) == 8 * 3 - HINTS_PER_VERSION
            assert "next decision" in refused[0]["message"]
            assert len(runs) == before + 1  # the adviser ran once for the decision
            ws.play(south, east, south.legal()[0])
            for socket in others:
                socket.expect("state")


def test_a_seat_that_spent_its_hints_for_the_minute_is_told_when_to_ask_again(
    server_factory: Any, sqlite_url: str, ws: Any
) -> None:
    with ExitStack() as stack:
        server = stack.enter_context(server_factory(sqlite_url, hints_per_minute=2))
        _ask_until_the_minute_is_spent(server, ws)


def _ask_until_the_minute_is_spent(server: Any, ws: Any) -> None:
    """Two hints a minute: South's hints at its first two decisions are answered, at the
    third it is told when to ask again, and nothing was worked out for it."""
    game = server.create(opponent="friend", seat="south", hints=True)
    hub = server.hub
    with server.seat(game["token"]) as south, server.seat(game["opponent_token"]) as east:
        ws.connect_pair(south, east)
        ws.agree_hints(south, east)
        for decision in range(3):
            _to_souths_turn(ws, south, east, [])
            before = hub.hints_worked_out
            answer = _hint(south, south.version)
            if decision < 2:
                assert answer["type"] == "hint"
                assert hub.hints_worked_out == before + 1
            else:
                assert answer["type"] == "error" and answer["code"] == "rate_limited"
                assert re.search(r"ask again in \d+ s", answer["message"]), answer
                assert hub.hints_worked_out == before  # refused before any work
            ws.play(south, east, south.legal()[0])
