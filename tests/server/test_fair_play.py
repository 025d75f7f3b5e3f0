"""Fair play between people: hints are off unless both agreed (the creator offers them, the
other player accepts), both seats see the setting and each seat's count, the record notes it;
against the computer hints stay on. The same on two nodes sharing a database."""

from __future__ import annotations

import json
import time
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


def _end(socket: Any) -> dict[str, Any]:
    """Ask to end the rubber as left by the other player; the answer."""
    socket.ws.send_text(json.dumps({"type": "end_rubber"}))
    while True:
        message = socket.recv()
        if message["type"] in ("rubber_left", "error"):
            return message


def _away_noted(server: Any, game_id: str, seat: int) -> None:
    """Wait until the database notes the seat as away (the note is written in the
    background once its last socket closed)."""
    for _ in range(200):
        if server.hub.storage.away_since(game_id)[seat] is not None:
            return
        time.sleep(0.01)
    raise AssertionError("the seat was never noted as away")


def test_a_rubber_is_ended_as_left_only_after_the_other_was_away_the_stated_time(
    server_factory: Any, sqlite_url: str, ws: Any
) -> None:
    with server_factory(sqlite_url, leave_after=1.0) as server:
        game = server.create(opponent="friend", seat="south")
        with server.seat(game["token"]) as south:
            with server.seat(game["opponent_token"]) as east:
                ws.connect_pair(south, east)
                here = _end(south)
                assert here["code"] == "cannot_end" and "is here" in here["message"]
                assert _end(east)["code"] == "cannot_end"
            south.expect("presence")
            _away_noted(server, game["game_id"], 1)
            early = _end(south)
            assert early["code"] == "cannot_end", early
            assert "once they have been away 1 second" in early["message"]
            time.sleep(1.0)
            ended = _end(south)
            assert ended == {"type": "rubber_left", "left_by": "east"}
            # Nothing more is played in it, by either seat.
            mover = south.view
            south.send_move(south.legal()[0] if south.legal() else 0)
            refused = south.expect("error")
            assert refused["code"] == "rubber_left" and "east left it" in refused["message"]
            assert _ask(south)["code"] == "rubber_left"
            assert _end(south)["code"] == "cannot_end"
            assert mover == south.view
        with server.seat(game["opponent_token"]) as east:
            hello = json.loads(east.texts[0])
            assert hello["left_by"] == "east"
            east.send_move(0)
            assert east.expect("error")["code"] == "rubber_left"
        assert server.hub.storage.load_game(game["game_id"]).complete
        answer = server.client.get(
            "/api/record", headers={"Authorization": f"Bearer {game['token']}"}
        )
        assert json.loads(answer.text)["ending"] == {"left_by": "east"}
        # A server started again reads it back.
        server.hub.rooms.clear()
        with server.seat(game["token"]) as south:
            assert json.loads(south.texts[0])["left_by"] == "east"


def test_a_player_who_came_back_has_not_left_and_the_computer_never_leaves(
    server_factory: Any, sqlite_url: str, ws: Any
) -> None:
    with server_factory(sqlite_url, leave_after=0.0) as server:
        game = server.create(opponent="friend", seat="south")
        with server.seat(game["token"]) as south:
            with server.seat(game["opponent_token"]) as east:
                ws.connect_pair(south, east)
            south.expect("presence")
            _away_noted(server, game["game_id"], 1)
            with server.seat(game["opponent_token"]):
                south.expect("presence")
                for _ in range(200):  # the return is noted in the background too
                    if server.hub.storage.away_since(game["game_id"])[1] is None:
                        break
                    time.sleep(0.01)
            # Away again, for no time at all: the database has the new time, and ends it.
            south.expect("presence")
            _away_noted(server, game["game_id"], 1)
            assert _end(south)["type"] == "rubber_left"
        computer = server.create(opponent="computer", level="easy", seat="south")
        with server.seat(computer["token"]) as me:
            refused = _end(me)
            assert refused["code"] == "cannot_end" and "computer" in refused["message"]


def test_the_database_ends_a_rubber_as_left_once_and_then_takes_no_move(
    database_url: str,
) -> None:
    from datetime import UTC, datetime, timedelta

    from honeymoon.server.storage import NewGame, Storage, StorageConflict

    storage = Storage(database_url, shared=True)
    try:
        storage.migrate()
        params = NewGame("left1", "draw-discard", {}, 1, 0, "friend", None, None, "off")
        storage.create_game(params, {0: "a" * 64, 1: "b" * 64})
        now = datetime.now(UTC)
        assert not storage.end_as_left("left1", 1, now)  # never away
        storage.mark_away("left1", 1, now - timedelta(minutes=20))
        assert not storage.end_as_left("left1", 1, now - timedelta(minutes=30))  # too soon
        assert storage.end_as_left("left1", 1, now - timedelta(minutes=15))
        assert not storage.end_as_left("left1", 1, now)  # once
        with pytest.raises(StorageConflict):
            storage.append_action("left1", 0, 0, 5, "m1")
        stored = storage.load_game("left1")
        assert stored is not None and stored.left_by == 1 and stored.complete
    finally:
        storage.close()
