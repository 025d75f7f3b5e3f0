"""The ``review`` message: a finished hand as the seat may look back on it, from
``views.review_for``; a hand number out of range or of the wrong type is ``bad_message``."""

from __future__ import annotations

import json
from typing import Any

import pytest

from honeymoon.actions import PASS
from honeymoon.seats import Seat
from honeymoon.views import review_for


@pytest.fixture
def server(server_factory: Any, sqlite_url: str) -> Any:
    with server_factory(sqlite_url) as running:
        yield running


def _finish_first_hand(ws: Any, south: Any, east: Any, *, bid: bool) -> None:
    """Both seats take the first legal action, except in the auction: one bid (or none), then
    passes; until the first hand is over."""
    bid_made = not bid
    while south.view["hand_number"] == 0:
        mover, other = ws.turn(south, east)
        legal = mover.legal()
        if mover.view["phase"] == "auction":
            action = PASS if bid_made else max(legal)
            bid_made = True
        else:
            action = legal[0]
        ws.play(mover, other, action)


@pytest.mark.parametrize("bid", [True, False])
def test_a_seat_gets_the_review_of_a_finished_hand(server: Any, ws: Any, bid: bool) -> None:
    game = server.create(opponent="friend", seat="south")
    with server.seat(game["token"]) as south, server.seat(game["opponent_token"]) as east:
        ws.connect_pair(south, east)
        # East's discards, as East's own view shows them once the drawing is over
        while south.view["phase"] == "drawing":
            mover, other = ws.turn(south, east)
            ws.play(mover, other, mover.legal()[0])
        east_discards = set(east.view["discards"])
        assert east_discards
        _finish_first_hand(ws, south, east, bid=bid)
        live = server.game(game["game_id"])
        for socket, seat in ((south, Seat.SOUTH), (east, Seat.EAST)):
            socket.ws.send_text(json.dumps({"type": "review", "hand": 0}))
            message = socket.expect("review")
            assert message["hand"] == 0
            assert message["review"] == review_for(live, seat, 0).to_dict()
        review = south.texts[-1]
        for card in east_discards:
            assert f'"{card}"' not in review  # East's discards stay secret from South
        data = json.loads(review)["review"]
        assert data["result"]["contract"] == (data["contract"])
        assert (data["contract"] is not None) == bid
        assert len(data["tricks"]) == (13 if bid else 0)


@pytest.mark.parametrize("kind", ["review", "analysis"])
@pytest.mark.parametrize("hand", [0, 1, -1, "0", True, 0.0, None])
def test_a_review_or_analysis_of_no_finished_hand_is_bad_message(
    server: Any, ws: Any, kind: str, hand: Any
) -> None:
    game = server.create(opponent="friend", seat="south")
    with server.seat(game["token"]) as south:
        body: dict[str, Any] = {"type": kind}
        if hand is not None:
            body["hand"] = hand
        south.ws.send_text(json.dumps(body))
        error = south.expect("error")
        assert error["code"] == "bad_message"
        assert "hand" in error["message"] and "finished" in error["message"]
        south.ws.send_text(json.dumps({"type": "sync"}))
        assert south.expect("state")["version"] == 0  # the socket goes on
