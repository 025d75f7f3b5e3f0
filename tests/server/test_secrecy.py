"""Secrecy by construction: in many random games of every variant, no message to a seat and no
log line ever names a card that seat may not see (the opponent's hand, discards and drawn
cards, the stock beyond the card the seat is looking at or the face-up card), whatever the
seats send.
"""

from __future__ import annotations

import json
import logging
import random
from typing import Any

import pytest
from card_leaks import ANY_CARD, echoed, leaks

from honeymoon.cards import ALL_CARDS, Card
from honeymoon.game import Game, Phase
from honeymoon.rules import Procedure
from honeymoon.seats import Seat
from honeymoon.server.rooms import build_game

GAMES = 3
MAX_MOVES = 200
#: Every registered variant, the options that show more (or less) to the players included.
VARIANT_CASES = [
    ("draw-discard", {}),
    ("draw-discard-no-discard", {}),
    ("draw", {"face_up_stock": True}),
    ("draw", {"preliminary_follow_suit": False}),
    ("memory", {}),
]


def visible_cards(game: Game, seat: Seat) -> set[Card]:
    """What ``seat`` may see now: its hand and discards, the cards played this hand (the
    preliminary tricks included), the top of the stock while it is drawing, and the face-up
    stock card of Draw Bridge. (Its drawn cards are in its hand or in those tricks.)"""
    seen = set(game.hand(seat)) | set(game.discards(seat))
    for trick in game.completed_tricks + game.preliminary_tricks:
        seen |= set(trick.cards)
    face_up = game.face_up_card()
    if face_up is not None:
        seen.add(face_up)
    if game.current_trick is not None:
        seen |= set(game.current_trick.cards)
    if game.phase is Phase.DRAWING and game.to_act == seat:
        looking = game.looking_at()
        assert looking is not None
        seen.add(looking)
    return seen


def hidden_cards(game: Game, seat: Seat) -> set[Card]:
    return set(ALL_CARDS) - visible_cards(game, seat)


def check_player_copy(text: str, hidden: set[Card], game: Game) -> None:
    """The record of an unfinished game: no seed, no stock, no drawing choice; the hand in
    progress names only cards the seat may see (earlier hands name only cards played)."""
    record = json.loads(text)
    assert "seed" not in record
    for hand in record["hands"]:
        assert "stock" not in hand
        if game.rules.procedure is Procedure.DRAW_DISCARD:
            assert set(hand["actions"][:26]) <= {"draw"}
    assert not leaks(json.dumps(record["hands"][-1], ensure_ascii=False), hidden)


@pytest.mark.parametrize(("variant", "options"), VARIANT_CASES)
def test_no_message_or_log_line_names_a_hidden_card(
    server_factory: Any,
    sqlite_url: str,
    ws: Any,
    caplog: pytest.LogCaptureFixture,
    variant: str,
    options: dict[str, bool],
) -> None:
    caplog.set_level(logging.DEBUG)
    rng = random.Random(f"2024:{variant}:{sorted(options.items())}")
    checked = 0
    tokens: list[str] = []
    with server_factory(sqlite_url) as server:
        for _ in range(GAMES):
            game_info = server.create(
                opponent="friend", seat="south", variant=variant, options=options
            )
            game_id = game_info["game_id"]
            tokens += [game_info["token"], game_info["opponent_token"]]
            with (
                server.seat(game_info["token"]) as south,
                server.seat(game_info["opponent_token"]) as east,
            ):
                sockets = {Seat.SOUTH: south, Seat.EAST: east}
                for seat, socket in sockets.items():
                    # The hello of each seat, checked against the game at version 0.
                    assert not leaks(socket.texts[0], hidden_cards(server.game(game_id), seat))
                ws.connect_pair(south, east)
                read = {seat: len(socket.texts) for seat, socket in sockets.items()}
                for _move in range(MAX_MOVES):
                    game = server.game(game_id)
                    if game.is_over:
                        break
                    mover_seat = game.to_act
                    assert mover_seat is not None
                    mover, other = sockets[mover_seat], sockets[mover_seat.other]
                    roll = rng.random()
                    if roll < 0.05:
                        mover.send_move(rng.randrange(92))  # often illegal
                        reply = mover.recv()
                        if reply["type"] == "ack":
                            mover.expect("state")
                            other.expect("state")
                    elif roll < 0.08:
                        other.send_move(rng.randrange(92))  # out of turn
                        other.expect("error")
                    elif roll < 0.10:
                        mover.send_move(rng.choice(mover.legal()), version=mover.version - 1)
                        mover.expect("error")
                        mover.expect("state")
                    elif roll < 0.13 and game.phase is Phase.PLAY:
                        # A claim by either seat: its answers name no card (the line that
                        # beats a refused claim waits for the review).
                        claimant, watcher = rng.choice([(mover, other), (other, mover)])
                        claimant.ws.send_text('{"type": "claim"}')
                        told = claimant.expect("claim")
                        watcher.expect("claim")
                        if told["accepted"]:
                            claimant.expect("state")
                            watcher.expect("state")
                    else:
                        ws.play(mover, other, rng.choice(mover.legal()))
                    # Every new message to each seat, against that seat's hidden cards now.
                    game = server.game(game_id)
                    for seat, socket in sockets.items():
                        hidden = hidden_cards(game, seat)
                        for text in socket.texts[read[seat] :]:
                            assert not leaks(text, hidden - echoed(socket, text)), (seat, text)
                            checked += 1
                        read[seat] = len(socket.texts)
                    if not game.is_over and _move % 25 == 0:
                        record = server.client.get(
                            "/api/record",
                            headers={"Authorization": f"Bearer {game_info['token']}"},
                        ).text
                        check_player_copy(record, hidden_cards(game, Seat.SOUTH), game)
    assert checked > GAMES * 100
    for entry in caplog.records:
        message = entry.getMessage()
        assert not ANY_CARD.search(message), message
        assert not any(token in message for token in tokens)


@pytest.mark.parametrize(("variant", "options"), VARIANT_CASES)
def test_a_game_against_the_computer_shows_the_person_only_their_own_cards(
    server_factory: Any, sqlite_url: str, variant: str, options: dict[str, bool]
) -> None:
    rng = random.Random(77)
    with server_factory(sqlite_url) as server:
        for level in ("easy", "medium"):
            info = server.create(
                opponent="computer", level=level, seat="south", variant=variant, options=options
            )
            game_id = info["game_id"]
            with server.seat(info["token"]) as south:
                for _ in range(150):
                    room = server.hub.rooms[game_id]
                    if room.game.is_over:
                        break
                    while south.version < room.version:
                        south.expect("state")
                    if room.game.to_act is Seat.SOUTH:
                        south.send_move(rng.choice(south.legal()))
                        south.expect("ack")
                    else:
                        south.expect("state")  # the computer's move
            # Every message against the game as it stood at that message's version.
            stored = server.hub.storage.load_game(game_id)
            shadow = build_game(stored.params)
            version = 0
            for text in south.texts:
                message = json.loads(text)
                target = message.get("version", version)
                for entry in stored.actions[version:target]:
                    shadow.apply(entry.action, entry.seat)
                version = max(version, target)
                assert not leaks(text, hidden_cards(shadow, Seat.SOUTH)), text
            assert version > 100
