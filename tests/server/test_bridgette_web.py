"""Bridgette (the 55-card game with three Colons) over the websocket protocol: a whole deal
played against the computer through real sockets, the computer at the hard level played by the
strongest bot that plays Bridgette (the rule the terminal uses), and every message the player
gets checked against the cards it may not see: the opponent's exchange discards and the stock
cards nobody took.

The hidden cards are worked out here from the stored actions and the hand's stock order, not
from ``honeymoon.views``, so a slip in the view function is caught.
"""

from __future__ import annotations

import json
import random
import re
import time
from typing import Any

import pytest
from card_leaks import named_cards

from honeymoon.actions import PASS, card_of_action, is_card_action
from honeymoon.analysis import analyze_hand
from honeymoon.bots.choice import choose_bot
from honeymoon.bridgette import DEAL_SIZE, NON_DEALER_EXCHANGE, UPCARD_PLACE, dealer_exchange_size
from honeymoon.cards import Card
from honeymoon.claims import judge_claim
from honeymoon.rules import BRIDGETTE
from honeymoon.seats import Seat

#: A Colon in a message: in notation (``":G"``) or as the page and terminal show it (``⁝G``).
_COLON = re.compile(r'":([GRL])"|⁝([GRL])')


def named(text: str) -> set[Card]:
    """Every card ``text`` names, the Colons included."""
    colons = {Card.parse(":" + (a or b)) for a, b in _COLON.findall(text)}
    return named_cards(text) | colons


@pytest.fixture
def server(server_factory: Any, sqlite_url: str) -> Any:
    with server_factory(sqlite_url) as running:
        yield running


def hidden_after_exchange(stock: tuple[int, ...], me: int, actions: Any) -> set[Card]:
    """The cards ``me`` may never see in this deal: the opponent's exchange discards (but the
    upcard, which is public) and the stock cards below the ones the players took (RULES.md 9)."""
    upcard = stock[UPCARD_PLACE]
    taken = UPCARD_PLACE + NON_DEALER_EXCHANGE + dealer_exchange_size(upcard)
    exchange = actions[: NON_DEALER_EXCHANGE + dealer_exchange_size(upcard)]
    assert all(is_card_action(entry.action) for entry in exchange)
    discards = {card_of_action(e.action) for e in exchange if e.seat != me} - {upcard}
    assert len(stock) == 55 and len(exchange) == taken - 2 * DEAL_SIZE
    return {Card.from_id(c) for c in discards | set(stock[taken:])}


def test_the_computer_at_hard_plays_bridgette_with_the_terminals_choice(server: Any) -> None:
    game = server.create(opponent="computer", level="hard", variant="bridgette")
    bot = server.hub.rooms[game["game_id"]].bot
    expected, _ = choose_bot("hard", 0, BRIDGETTE)
    assert bot.name == expected.name == "expert"


def test_a_bridgette_deal_against_the_computer_names_no_hidden_card(server: Any) -> None:
    rng = random.Random(15)
    game = server.create(opponent="computer", level="hard", variant="bridgette", seat="south")
    with server.seat(game["token"]) as me:
        assert me.view["variant"] == "bridgette" and me.view["phase"] == "exchange"
        assert me.view["face_up"] is not None  # the upcard, public from the deal
        seen_phases: set[str] = set()
        hinted = False
        deadline = time.monotonic() + 120
        while not me.view["results"]:
            assert time.monotonic() < deadline, f"the deal did not end: {me.view['phase']}"
            view = me.view
            seen_phases.add(view["phase"])
            if view["to_act"] != "south" or not view["legal_actions"]:
                me.expect("state")
                continue
            if view["phase"] == "exchange":
                assert view["to_discard"] > 0
                if not hinted:  # the hint comes from a bot that plays Bridgette
                    me.ws.send_text(json.dumps({"type": "hint", "version": me.version}))
                    hint = me.expect("hint")
                    assert hint["adviser"] == "expert" and hint["action"] in me.legal()
                    hinted = True
            legal = me.legal()
            if view["phase"] == "auction":
                bids = [a for a in legal if a > PASS]
                action = bids[0] if view["contract"] is None and bids else PASS
            else:
                action = rng.choice(legal)
            move_id = me.send_move(action)
            assert me.expect("ack")["move_id"] == move_id
            me.expect("state")
        assert {"exchange", "auction", "play"} <= seen_phases
        stored = server.hub.storage.load_game(game["game_id"])
        stock = server.game(game["game_id"]).stock_for_hand(0)
        hidden = hidden_after_exchange(stock, 0, stored.actions)
        assert hidden, "the stock below the exchange is never empty"
        for text in me.texts:
            if json.loads(text).get("view", {}).get("hand_number", 0) > 0:
                break  # the next deal: a new stock
            leaked = named(text) & hidden
            assert not leaked, f"a message names hidden cards {sorted(map(str, leaked))}: {text}"


def _friends_in_play(server: Any, ws: Any, south: Any, east: Any) -> None:
    """Both seats keep every Colon they draw (each discards its lowest cards), South's side
    bids once, then passes: until the play of the first deal."""
    bid_made = False
    deadline = time.monotonic() + 60
    while south.view["phase"] != "play":
        assert time.monotonic() < deadline, f"the play did not begin: {south.view['phase']}"
        mover, other = ws.turn(south, east)
        legal = mover.legal()
        if mover.view["phase"] == "auction":
            action = PASS if bid_made else max(a for a in legal if PASS < a < 96)
            bid_made = True
        else:
            action = legal[0]
        ws.play(mover, other, action)


def test_claims_and_the_analysis_are_answered_in_bridgette(server: Any, ws: Any) -> None:
    """A refused claim and an accepted one whose line plays a Colon, judged with the Colons'
    solver on the live game; after the deal, the analysis is the analysis module's for the seat
    (the table of the hands after the exchange). No message names a card hidden from its seat.
    A deal where nobody keeps a Colon (rare: each keeps every Colon it draws) is dealt again in
    a new game."""
    for _attempt in range(12):
        game = server.create(opponent="friend", seat="south", variant="bridgette")
        with server.seat(game["token"]) as south, server.seat(game["opponent_token"]) as east:
            ws.connect_pair(south, east)
            _friends_in_play(server, ws, south, east)
            live = server.game(game["game_id"])
            sockets = {Seat.SOUTH: south, Seat.EAST: east}
            if not any(card.is_colon for seat in Seat for card in live.hand(seat)):
                continue
            # A refused claim: the claimant is told only that, nothing moves.
            refused = next(s for s in Seat if not judge_claim(live, s).accepted)
            verdict = judge_claim(live, refused)
            version = server.hub.rooms[game["game_id"]].version
            sockets[refused].ws.send_text(json.dumps({"type": "claim", "version": version}))
            told = sockets[refused].expect("claim")
            assert told["accepted"] is False and "guaranteed" not in told
            assert told["remaining"] == verdict.remaining
            assert sockets[refused.other].expect("claim")["accepted"] is False
            assert server.hub.rooms[game["game_id"]].version == version
            # Play the lowest card (the Colons go last) until a claim with a Colon in its line
            # is good.
            deadline = time.monotonic() + 60
            while True:
                assert time.monotonic() < deadline, "no accepted claim with a Colon in its line"
                good = [s for s in Seat if judge_claim(live, s).accepted]
                line = judge_claim(live, good[0]).line if good else ()
                if any(card.is_colon for card in line):
                    break
                mover, other = ws.turn(south, east)
                ws.play(mover, other, mover.legal()[0])
            claimant = good[0]
            before = len(live.actions)
            sockets[claimant].ws.send_text(json.dumps({"type": "claim"}))
            for socket in (south, east):
                told = socket.expect("claim")
                assert told["accepted"] is True and "guaranteed" not in told
                assert socket.expect("state")["view"]["hand_number"] == 1
            assert live.history[0].actions[before:] == tuple(card.action for card in line)
            stored = server.hub.storage.load_game(game["game_id"])
            assert [entry.action for entry in stored.actions][: len(live.history[0].actions)] == (
                list(live.history[0].actions)
            )
            # The analysis of the deal, as the analysis module gives it to each seat.
            for seat, socket in sockets.items():
                socket.ws.send_text(json.dumps({"type": "analysis", "hand": 0}))
                message = socket.expect("analysis")
                expected = analyze_hand(live, 0, drawing=False).for_seat(seat)
                assert message["analysis"] == json.loads(json.dumps(expected.to_dict()))
                assert message["analysis"]["table"] is not None
                assert message["analysis"]["play"]["complete"] is True
            stock = live.stock_for_hand(0)
            for seat, socket in sockets.items():
                hidden = hidden_after_exchange(stock, int(seat), stored.actions)
                for text in socket.texts:
                    if json.loads(text).get("view", {}).get("hand_number", 0) > 0:
                        continue  # the next deal's views: a new stock
                    leaked = named(text) & hidden
                    assert not leaked, f"a message names hidden cards {sorted(map(str, leaked))}"
            return
    raise AssertionError("no deal with a Colon kept in 12 games")
