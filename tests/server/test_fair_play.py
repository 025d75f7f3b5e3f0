"""Fair play between people: hints are off unless both agreed (the creator offers them, the
other player accepts), both seats see the setting and each seat's count, the record notes it;
against the computer hints stay on. The same on two nodes sharing a database."""

from __future__ import annotations

import json
from typing import Any

import pytest

from honeymoon.records import read_assistance
from honeymoon.server.fair_play import HintsSetting
from honeymoon.server.protocol import AnswerHints, ProtocolError, parse_client_message


@pytest.fixture
def server(server_factory: Any, sqlite_url: str) -> Any:
    with server_factory(sqlite_url) as running:
        yield running


def _ask(socket: Any) -> dict[str, Any]:
    """Ask a hint on the socket's decision; the hint or the refusal."""
    socket.ws.send_text(json.dumps({"type": "hint", "version": socket.version}))
    while True:
        message = socket.recv()
        if message["type"] in ("hint", "error"):
            return message


def _answer(socket: Any, agree: bool) -> None:
    socket.ws.send_text(json.dumps({"type": "hints", "agree": agree}))


def _record(server: Any, token: str) -> dict[str, object]:
    answer = server.client.get("/api/record", headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 200, answer.text
    return read_assistance(answer.text)


def test_between_people_hints_are_off_unless_offered_and_accepted(server: Any, ws: Any) -> None:
    game = server.create(opponent="friend", seat="south")
    with server.seat(game["token"]) as south, server.seat(game["opponent_token"]) as east:
        ws.connect_pair(south, east)
        assert (
            south.fair_play
            == east.fair_play
            == {
                "state": "off",
                "offered_by": None,
                "asked": {"south": 0, "east": 0},
            }
        )
        mover, _ = ws.turn(south, east)
        refused = _ask(mover)
        assert refused["code"] == "hints_off", refused
        assert "both agreed" in refused["message"]
        # Nothing was offered: there is nothing to accept.
        _answer(east, True)
        error = east.expect("error")
        assert error["code"] == "hints_off" and "no offer" in error["message"]
    assert _record(server, game["token"])["hints_allowed"] is False


def test_an_offer_is_answered_only_by_the_other_seat_and_only_once(server: Any, ws: Any) -> None:
    game = server.create(opponent="friend", seat="south", hints=True)
    with server.seat(game["token"]) as south, server.seat(game["opponent_token"]) as east:
        ws.connect_pair(south, east)
        assert east.fair_play["state"] == "offered" and east.fair_play["offered_by"] == "south"
        mover, _ = ws.turn(south, east)
        waiting = _ask(mover)
        assert waiting["code"] == "hints_off" and "accept" in waiting["message"], waiting
        _answer(south, True)  # the creator cannot accept its own offer
        assert "your own" in south.expect("error")["message"]
        _answer(east, False)
        for socket in (east, south):
            told = socket.expect("fair_play")
            assert told["state"] == "declined" and told["offered_by"] == "south"
        _answer(east, True)  # a declined offer is final
        assert east.expect("error")["code"] == "hints_off"
        refused = _ask(mover)
        assert refused["code"] == "hints_off" and "declined" in refused["message"]
    assert server.hub.storage.fair_play(game["game_id"])[0] == "declined-south"


def test_accepted_hints_are_counted_for_both_seats_to_see_and_in_the_record(
    server: Any, ws: Any
) -> None:
    game = server.create(opponent="friend", seat="south", hints=True)
    with server.seat(game["token"]) as south, server.seat(game["opponent_token"]) as east:
        ws.connect_pair(south, east)
        ws.agree_hints(south, east)
        mover, other = ws.turn(south, east)
        for _ in range(2):  # asked twice for one decision: counted once
            assert _ask(mover)["type"] == "hint"
        for socket in (mover, other):
            while socket.fair_play["asked"][mover.seat] == 0:
                socket.expect("fair_play")
        assert other.fair_play["asked"] == {mover.seat: 1, other.seat: 0}
        ws.play(mover, other, mover.legal()[0])
    note = _record(server, game["opponent_token"])
    assert note["hints_allowed"] is True and note["undo"] is False
    assert note["hints"] == 1 and note["hints_by_seat"] == {mover.seat: 1, other.seat: 0}
    # A restarted server reads the setting and the counts back.
    server.hub.rooms.clear()
    with server.seat(game["token"]) as south:
        assert south.fair_play["state"] == "on"
        assert south.fair_play["asked"][mover.seat] == 1


def test_against_the_computer_hints_stay_on_and_are_counted(server: Any) -> None:
    game = server.create(opponent="computer", level="easy", seat="south")
    with server.seat(game["token"]) as south:
        assert south.fair_play["state"] == "on"
        while south.view["to_act"] != "south":
            south.expect("state")
        assert _ask(south)["type"] == "hint"
    note = _record(server, game["token"])
    assert note["hints_allowed"] is True and note["hints"] == 1


def test_a_game_request_says_what_hints_may_be(server: Any) -> None:
    answer = server.client.post("/api/games", json={"opponent": "friend", "hints": "yes"})
    assert answer.status_code == 400 and "hints is true" in answer.json()["error"]["message"]


def test_answers_to_an_offer_are_parsed_and_checked() -> None:
    assert parse_client_message('{"type": "hints", "agree": true}') == AnswerHints(True)
    assert parse_client_message('{"type": "hints", "agree": false}') == AnswerHints(False)
    for bad in ('{"type": "hints"}', '{"type": "hints", "agree": 1}'):
        with pytest.raises(ProtocolError) as raised:
            parse_client_message(bad)
        assert raised.value.code == "bad_message" and "agree" in raised.value.message


def test_a_stored_setting_is_read_back_or_refused() -> None:
    for setting in (
        HintsSetting("on"),
        HintsSetting("off"),
        HintsSetting.offered(1),
        HintsSetting("declined", 0),
        HintsSetting("on", 1),
    ):
        assert HintsSetting.parse(setting.stored) == setting
    for bad in ("offered", "on-north", "maybe", "", "off-"):
        with pytest.raises(ValueError):
            HintsSetting.parse(bad)
