"""The ``analysis`` message: a finished hand's double-dummy table, par and the cost of each
card, as ``analysis.analyze_hand(game, n, drawing=False).for_seat(seat)`` gives them, with the
tricks each player lost to its own cards over the finished hands; validated like ``review``."""

from __future__ import annotations

import json
from typing import Any

import pytest

from honeymoon.actions import PASS
from honeymoon.analysis import analyze_hand
from honeymoon.seats import Seat


@pytest.fixture
def server(server_factory: Any, sqlite_url: str) -> Any:
    with server_factory(sqlite_url) as running:
        yield running


def _play_hands(ws: Any, south: Any, east: Any, hands: int) -> None:
    """First legal actions, one bid per hand then passes, until ``hands`` hands are over."""
    bid_at = -1
    while south.view["hand_number"] < hands:
        mover, other = ws.turn(south, east)
        legal = mover.legal()
        if mover.view["phase"] == "auction":
            hand = mover.view["hand_number"]
            action = PASS if bid_at == hand else max(a for a in legal if a != PASS)
            bid_at = hand
        else:
            action = legal[-1] if mover.view["phase"] == "play" else legal[0]
        ws.play(mover, other, action)


def test_the_analysis_of_a_finished_hand_is_the_analysis_modules(server: Any, ws: Any) -> None:
    game = server.create(opponent="friend", seat="south")
    with server.seat(game["token"]) as south, server.seat(game["opponent_token"]) as east:
        ws.connect_pair(south, east)
        _play_hands(ws, south, east, 2)
        live = server.game(game["game_id"])
        for socket, seat in ((south, Seat.SOUTH), (east, Seat.EAST)):
            for hand in (1, 0, 1):  # the second request of a hand comes from the cache
                socket.ws.send_text(json.dumps({"type": "analysis", "hand": hand}))
                message = socket.expect("analysis")
                expected = analyze_hand(live, hand, drawing=False).for_seat(seat)
                assert message["hand"] == hand
                assert message["analysis"] == json.loads(json.dumps(expected.to_dict()))
                assert message["analysis"]["table"] is not None
                assert message["analysis"]["drawing"] is None
                lost = [
                    sum(analyze_hand(live, n, drawing=False).for_seat(seat).lost[s] for n in (0, 1))
                    for s in (0, 1)
                ]
                assert message["rubber"] == {
                    "hands": 2,
                    "lost": {"south": lost[0], "east": lost[1]},
                }
        assert len(server.hub.rooms[game["game_id"]].analyses) == 2
