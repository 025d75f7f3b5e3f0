"""The ``claim`` message: a claim of every remaining trick, judged on the server's game by
``claims.judge_claim``. Accepted, the rest of the hand is played out along the verdict's line as
ordinary moves; refused, both seats learn only that, and play goes on. The count the best
defence leaves the claimant and the line depend on the opponent's hidden cards: no message
during the hand names a card a seat may not see or differs with the hidden cards; the count
and the line come in the hand's review once it is over."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from helpers import refused_claim_twins, run_apart

from honeymoon.actions import PASS
from honeymoon.cards import ALL_CARDS, Card
from honeymoon.claims import judge_claim
from honeymoon.engines import new_game
from honeymoon.game import Game, Phase
from honeymoon.rules import TABLE_VARIANTS
from honeymoon.seats import SEAT_NAMES, Direction, Seat
from honeymoon.server import solving as server_hub
from honeymoon.server.connections import Connection
from honeymoon.server.hub import Hub
from honeymoon.server.protocol import Claim
from honeymoon.server.rooms import Room
from honeymoon.server.storage import NewGame, Storage
from honeymoon.tricks import Trick

_QUOTED = re.compile(r'"([SHDC][2-9TJQKA])"')
_SYMBOLS = re.compile(r"([♠♥♦♣])(10|[2-9JQKA])(?![0-9])")
_SUIT_LETTER = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def named_cards(text: str) -> set[Card]:
    """Every card ``text`` names, in notation (``"SA"``) or in symbols (``♠A``), leaving out a
    view's ``previous_last_trick`` (played face up in the previous hand)."""
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if isinstance(data, dict) and isinstance(data.get("view"), dict):
        data["view"].pop("previous_last_trick", None)
        text = json.dumps(data, ensure_ascii=False)
    named = {Card.parse(pbn) for pbn in _QUOTED.findall(text)}
    for suit, rank in _SYMBOLS.findall(text):
        named.add(Card.parse(_SUIT_LETTER[suit] + ("T" if rank == "10" else rank)))
    return named


def hidden_cards(game: Game, seat: Seat) -> set[Card]:
    """During the play: every card but the seat's hand and discards and the cards played."""
    seen = set(game.hand(seat)) | set(game.discards(seat))
    for trick in game.completed_tricks:
        seen |= set(trick.cards)
    if game.current_trick is not None:
        seen |= set(game.current_trick.cards)
    return set(ALL_CARDS) - seen


@pytest.fixture
def server(server_factory: Any, sqlite_url: str) -> Any:
    with server_factory(sqlite_url) as running:
        yield running


def _to_play(ws: Any, south: Any, east: Any) -> None:
    """First legal actions through the drawing; one bid, then passes; until the play."""
    bid_made = False
    while south.view["phase"] != "play":
        mover, other = ws.turn(south, east)
        legal = mover.legal()
        if mover.view["phase"] == "auction":
            action = PASS if bid_made else max(a for a in legal if a != PASS)
            bid_made = True
        else:
            action = legal[0]
        ws.play(mover, other, action)


@contextmanager
def _two_seats_in_play(server: Any, ws: Any) -> Iterator[tuple[Any, dict[Seat, Any], Game]]:
    """A game between two friends, both seats connected, at the start of the play: the game's
    creation answer, the two sockets by seat and the live game."""
    game = server.create(opponent="friend", seat="south")
    with server.seat(game["token"]) as south, server.seat(game["opponent_token"]) as east:
        ws.connect_pair(south, east)
        _to_play(ws, south, east)
        yield game, {Seat.SOUTH: south, Seat.EAST: east}, server.game(game["game_id"])


def _claim(socket: Any, version: int | None = None) -> None:
    body: dict[str, Any] = {"type": "claim"}
    if version is not None:
        body["version"] = version
    socket.ws.send_text(json.dumps(body))


def _play_until_a_claim(ws: Any, sockets: dict[Seat, Any], live: Any, accepted: bool) -> Seat:
    """Play the first legal card until a seat's claim would be ``accepted`` (or refused) as the
    solver judges it on the live game; every message meanwhile is checked for hidden cards."""
    south, east = sockets[Seat.SOUTH], sockets[Seat.EAST]
    read = {seat: len(socket.texts) for seat, socket in sockets.items()}
    while True:
        for seat in Seat:
            if judge_claim(live, seat).accepted is accepted and live.to_act is not None:
                return seat
        mover, other = ws.turn(south, east)
        ws.play(mover, other, mover.legal()[0])
        for seat, socket in sockets.items():
            for text in socket.texts[read[seat] :]:
                assert not named_cards(text) & hidden_cards(live, seat), text
            read[seat] = len(socket.texts)


def test_a_refused_claim_tells_both_seats_only_that_and_play_goes_on(server: Any, ws: Any) -> None:
    with _two_seats_in_play(server, ws) as (game, sockets, live):
        south, east = sockets[Seat.SOUTH], sockets[Seat.EAST]
        refused = _play_until_a_claim(ws, sockets, live, accepted=False)
        verdict = judge_claim(live, refused)
        claimant, other = sockets[refused], sockets[refused.other]
        version = claimant.version
        hidden = {seat: hidden_cards(live, seat) for seat in Seat}
        _claim(claimant, version)
        told = claimant.expect("claim")
        assert told["accepted"] is False
        assert told["claimant"] == refused.key
        assert told["remaining"] == verdict.remaining
        assert "guaranteed" not in told
        seen = other.expect("claim")
        assert seen == told
        for seat, socket in sockets.items():
            assert not named_cards(socket.texts[-1]) & hidden[seat]
            assert "line" not in socket.texts[-1]
        # Nothing was played: the same version, and the seat to move can move.
        assert live.phase is Phase.PLAY and server.hub.rooms[game["game_id"]].version == version
        mover, waiting = ws.turn(south, east)
        ws.play(mover, waiting, mover.legal()[0])


def test_an_accepted_claim_plays_the_rest_along_the_line_and_the_review_shows_it(
    server: Any, ws: Any
) -> None:
    with _two_seats_in_play(server, ws) as (game, sockets, live):
        claimant_seat = _play_until_a_claim(ws, sockets, live, accepted=True)
        verdict = judge_claim(live, claimant_seat)
        hand = live.hand_number
        actions_before = len(live.actions)
        hidden = {seat: hidden_cards(live, seat) for seat in Seat}
        claimant = sockets[claimant_seat]
        _claim(claimant)
        for seat, socket in sockets.items():
            told = socket.expect("claim")
            assert told["accepted"] is True and told["claimant"] == claimant_seat.key
            assert told["remaining"] == verdict.remaining and "guaranteed" not in told
            assert not named_cards(socket.texts[-1]) & hidden[seat]
            state = socket.expect("state")
            assert state["view"]["hand_number"] == hand + 1
        # The hand was played out as ordinary actions, along the verdict's line.
        played = live.history[hand].actions[actions_before:]
        assert tuple(played) == tuple(card.id for card in verdict.line)
        result = live.history[hand].result
        assert result is not None
        # The line is in the review, now that the hand is over.
        claimant.ws.send_text(json.dumps({"type": "review", "hand": hand}))
        review = claimant.expect("review")
        assert review["claims"] == [
            {
                "seat": claimant_seat.key,
                "trick": 14 - verdict.remaining,
                "remaining": verdict.remaining,
                "guaranteed": verdict.remaining,
                "accepted": True,
                "line": [card.pbn for card in verdict.line],
                "tricks": review["claims"][0]["tricks"],
            }
        ]


def _mid_trick_claim(live: Game) -> Seat | None:
    """The seat whose claim would be accepted now, if a card is already on the table."""
    trick = live.current_trick
    if live.to_act is None or trick is None or not trick.cards:
        return None
    return next((seat for seat in Seat if judge_claim(live, seat).accepted), None)


def test_the_review_gives_a_claims_line_trick_by_trick_as_the_engine_played_it(
    server: Any, ws: Any
) -> None:
    with _two_seats_in_play(server, ws) as (game, sockets, live):
        south, east = sockets[Seat.SOUTH], sockets[Seat.EAST]
        # Play on until a seat can claim with a card on the table (at the last trick at the
        # latest, one seat or the other takes it).
        while (claimant_seat := _mid_trick_claim(live)) is None:
            mover, other = ws.turn(south, east)
            ws.play(mover, other, mover.legal()[0])
        verdict = judge_claim(live, claimant_seat)
        hand, first = live.hand_number, len(live.completed_tricks)
        on_table = [(SEAT_NAMES[hand_], card.pbn) for hand_, card in _seated(live.current_trick)]
        _claim(sockets[claimant_seat])
        for socket in sockets.values():
            socket.expect("claim")
            socket.expect("state")
        claimant = sockets[claimant_seat]
        claimant.ws.send_text(json.dumps({"type": "review", "hand": hand}))
        tricks = claimant.expect("review")["claims"][0]["tricks"]
    # The tricks the engine recorded from the claim on, played along the line.
    played = [
        Trick(leader, tuple(map(Card.from_id, ids)), winner)
        for leader, ids, winner in live.history[hand].played[first:]
    ]
    assert len(tricks) == len(played) == verdict.remaining
    for told, trick in zip(tricks, played, strict=True):
        assert told["leader"] == SEAT_NAMES[trick.leader]
        assert trick.winner is not None and told["winner"] == SEAT_NAMES[trick.winner]
        seated = [(entry["seat"], entry["card"]) for entry in told["on_table"] + told["cards"]]
        assert seated == [(SEAT_NAMES[h], card.pbn) for h, card in _seated(trick)]
    # The cards on the table at the claim are set apart; the rest add up to the line.
    assert [(e["seat"], e["card"]) for e in tricks[0]["on_table"]] == on_table
    assert all(not told["on_table"] for told in tricks[1:])
    line = [entry["card"] for told in tricks for entry in told["cards"]]
    assert line == [card.pbn for card in verdict.line]


def _seated(trick: Trick | None) -> list[tuple[int, Card]]:
    """Each card of ``trick`` with the hand that played it, in playing order."""
    assert trick is not None
    return list(zip(trick.players, trick.cards, strict=True))


def test_a_claim_outside_the_play_is_cannot_claim(server: Any, ws: Any) -> None:
    game = server.create(opponent="friend", seat="south")
    with server.seat(game["token"]) as south:
        _claim(south)
        error = south.expect("error")
        assert error["code"] == "cannot_claim"
        assert "drawing" in error["message"] and "play" in error["message"]
        assert server.hub.rooms[game["game_id"]].version == 0


@pytest.mark.parametrize("version", ["3", True, -1, 1.5])
def test_a_claim_with_a_bad_version_is_bad_message(server: Any, version: Any) -> None:
    game = server.create(opponent="friend", seat="south")
    with server.seat(game["token"]) as south:
        south.ws.send_text(json.dumps({"type": "claim", "version": version}))
        error = south.expect("error")
        assert error["code"] == "bad_message" and "version" in error["message"]


def test_a_claim_on_an_old_version_is_stale(server: Any, ws: Any) -> None:
    with _two_seats_in_play(server, ws) as (_, sockets, _):
        south = sockets[Seat.SOUTH]
        _claim(south, south.version - 1)
        assert south.expect("error")["code"] == "stale_version"
        assert south.expect("state")["version"] == south.version


def test_a_claim_against_the_computer_is_judged_and_the_computer_plays_on(
    server_factory: Any, sqlite_url: str
) -> None:
    with server_factory(sqlite_url) as server:
        game = server.create(opponent="computer", level="easy", seat="south")
        with server.seat(game["token"]) as south:
            live = server.game(game["game_id"])
            bid_made = False
            acted = -1
            while live.phase is not Phase.PLAY or live.to_act is not Seat.SOUTH:
                if south.view["to_act"] == "south" and south.version > acted:
                    acted = south.version
                    legal = south.legal()
                    if south.view["phase"] == "auction":
                        action = PASS if bid_made else max(a for a in legal if a != PASS)
                        bid_made = True
                    else:
                        action = legal[0]
                    south.send_move(action)
                south.recv()
            verdict = judge_claim(live, Seat.SOUTH)
            hand = live.hand_number
            _claim(south)
            told = south.recv()
            while told["type"] != "claim":
                told = south.recv()
            assert told["accepted"] is verdict.accepted and "guaranteed" not in told
            if verdict.accepted:
                while south.view["hand_number"] == hand:
                    south.expect("state")
            else:
                assert live.phase is Phase.PLAY and live.hand_number == hand


def test_claim_and_analysis_messages_are_parsed_and_checked() -> None:
    from honeymoon.server.protocol import (
        Analysis,
        Claim,
        ProtocolError,
        parse_client_message,
    )

    assert parse_client_message('{"type": "claim"}') == Claim(None)
    assert parse_client_message('{"type": "claim", "version": 7}') == Claim(7)
    assert parse_client_message('{"type": "analysis", "hand": 2}') == Analysis(2)
    for bad in (
        '{"type": "analysis"}',
        '{"type": "analysis", "hand": "1"}',
        '{"type": "analysis", "hand": -1}',
        '{"type": "analysis", "hand": false}',
        '{"type": "claim", "version": "1"}',
    ):
        with pytest.raises(ProtocolError) as caught:
            parse_client_message(bad)
        assert caught.value.code == "bad_message"


def test_a_refused_claim_says_the_same_whatever_the_opponents_hidden_cards(
    tmp_path: Path,
) -> None:
    run_apart(_refused_claims_told_alike(tmp_path))


async def _refused_claims_told_alike(tmp_path: Path) -> None:
    """The answer to a refused claim is built from nothing the claimant may not see: two
    deals that differ only in a card hidden from it (and in the count the best defence
    leaves it) give both seats the same bytes."""
    first, second, claimant = refused_claim_twins("claim-swap")
    storage = Storage(f"sqlite:///{tmp_path / 'games.db'}")
    hub = Hub(storage)
    told: list[list[str]] = []
    try:
        for number, game in enumerate((first, second)):
            params = NewGame(f"swap{number}", game.rules.name, {}, 1, 1, "friend", None, None)
            room = Room(params, game, len(game.actions), ({}, {}))
            claimant_socket, other_socket = Connection(int(claimant)), Connection(1 - claimant)
            room.connections[int(claimant)].add(claimant_socket)
            room.connections[1 - claimant].add(other_socket)
            await hub.claim(room, claimant_socket, Claim(room.version))
            texts = []
            for socket in (claimant_socket, other_socket):
                while not socket.queue.empty():
                    text = socket.queue.get_nowait()
                    assert text is not None
                    texts.append(text)
            assert [json.loads(text)["accepted"] for text in texts] == [False, False]
            told.append(texts)
    finally:
        storage.close()
    assert told[0] == told[1]


def test_claims_repeated_by_both_seats_in_turn_are_solved_once_a_seat(
    server: Any, ws: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A refused claim costs a solve: claiming again and again on one position, the two seats
    taking turns, buys no more than one solve for each seat."""
    with _two_seats_in_play(server, ws) as (game, sockets, live):
        _play_until_a_claim(ws, sockets, live, accepted=False)
        room = server.hub.rooms[game["game_id"]]
        solved: list[Seat] = []

        def counting(game: Game, seat: Seat) -> Any:
            solved.append(seat)
            return judge_claim(game, seat)

        monkeypatch.setattr(server_hub, "judge_claim", counting)
        answers = []
        for _ in range(4):
            for seat in Seat:
                _claim(sockets[seat], room.version)
                answers.append(sockets[seat].expect("claim"))
                sockets[seat.other].expect("claim")
        assert len(answers) == 8 and room.version == sockets[Seat.SOUTH].version
        assert sorted(solved) == sorted(Seat)


def test_at_the_four_hand_table_a_claims_tricks_name_each_hand_by_its_direction() -> None:
    game = new_game(TABLE_VARIANTS["double-dummy"], seed=3)
    # Into the play, then a card led to the tenth trick (so one is on the table at the claim).
    while not (game.phase is Phase.PLAY and len(game.completed_tricks) == 9):
        legal = game.legal_actions()
        auction = game.phase is Phase.AUCTION
        game.apply(PASS if auction and game.contract is not None else legal[-1])
    game.apply(game.legal_actions()[0])
    claimant = game.to_act
    assert claimant is not None
    verdict = judge_claim(game, claimant)
    tricks = server_hub.claim_line_tricks(game, verdict)
    play = game.clone()
    number = play.hand_number
    for card in verdict.line:
        play.apply(card.action)
    recorded = play.history[number].log.tricks[9:]
    name = {int(d): d.name.lower() for d in Direction}
    assert len(tricks) == len(recorded) == 4
    for told, trick in zip(tricks, recorded, strict=True):
        assert told["leader"] == name[trick.leader]
        assert trick.winner is not None and told["winner"] == name[trick.winner]
        seated = [(e["seat"], e["card"]) for e in told["on_table"] + told["cards"]]
        assert seated == [(name[h], card.pbn) for h, card in _seated(trick)]
    assert len(tricks[0]["on_table"]) == 1
    assert [e["card"] for t in tricks for e in t["cards"]] == [c.pbn for c in verdict.line]
