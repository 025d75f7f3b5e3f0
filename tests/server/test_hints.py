"""The ``hint`` message: the strongest bot's advice on the seat's decision as data (a reason
code, its figures and the choices compared), never a card the seat has not seen."""

from __future__ import annotations

import json
import re
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
    game = server.create(opponent="friend", seat="south")
    with server.seat(game["token"]) as south, server.seat(game["opponent_token"]) as east:
        ws.connect_pair(south, east)
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
    game = server.create(opponent="friend", seat="south")
    live = server.game(game["game_id"])
    asked: set[str] = set()
    with server.seat(game["token"]) as south, server.seat(game["opponent_token"]) as east:
        ws.connect_pair(south, east)
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
