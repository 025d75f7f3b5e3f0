"""The four-hand table over the websocket protocol: whole hands played by two sockets, each
seat's messages checked against the cards it may not see (the other player's hand always, the
opponent's dummy before the opening lead and always with racks), typed refusals, a game against
the computer and a table game resumed by a new server on the same database.

The cards a seat may see are worked out here from the rules (RULES.md 5 to 6) independently of
``honeymoon.views``, so a slip in the one view function, or a message the server builds past
it, is caught.
"""

from __future__ import annotations

import json
import logging
import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from card_leaks import ANY_CARD, echoed, leaks, named_cards

from honeymoon.actions import PASS, TAKE_EXPOSED, TAKE_OTHER
from honeymoon.cards import ALL_CARDS, Card
from honeymoon.game import Phase
from honeymoon.seats import Direction, Seat
from honeymoon.table import TableGame

#: Every four-hand variant and option that changes who sees what, or the phases.
TABLE_CASES = [
    ("double-dummy", {}),
    ("double-dummy", {"racks": True}),
    ("double-dummy", {"clockwise": True}),
    ("double-dummy", {"twelve_and_two": True}),
    ("single-dummy", {}),
    ("semi-exposed", {}),
    ("widow", {}),
]


def table_visible(game: TableGame, seat: Seat) -> set[Card]:
    """The cards ``seat`` may see now, by the rules: its own hand and extra cards, the cards
    played this hand, its own dummy once the auction is over (from the deal with twelve and
    two), the opponent's dummy once the opening lead is made (never with racks); in Single
    Dummy Bridge the exposed dummy from the deal and both dummies once declarer has chosen."""
    rules = game.rules
    seen = set(game.hand_at(seat.direction)) | set(game.extra_cards(seat))
    for trick in game.completed_tricks:
        seen |= set(trick.cards)
    if game.current_trick is not None:
        seen |= set(game.current_trick.cards)
    play = game.phase is Phase.PLAY
    if rules.semi_exposed:
        return seen | semi_exposed_face_up(game)
    auction_over = game.phase is not Phase.AUCTION
    if rules.widow and auction_over and game.declarer is seat:
        # The Widow: the last four cards of the stock; declarer takes and sees all four.
        seen |= {Card.from_id(c) for c in game.stock_for_hand(game.hand_number)[48:]}
    for dummy in (Direction.NORTH, Direction.WEST):
        own = dummy.owner is seat
        if rules.exposed_dummy:
            shown = play or dummy is game.exposed_dummy
        elif own:
            shown = play or rules.twelve_and_two or (rules.widow and auction_over)
        else:
            shown = game.opening_lead_made and not rules.racks
        if shown:
            seen |= set(game.hand_at(dummy))
    return seen


def semi_exposed_face_up(game: TableGame) -> set[Card]:
    """Semi-Exposed Dummies (RULES.md 7): the dummies' cards that lie face up, seen by both
    players from the deal: all but the face-down ones, each of which turns up at the end of
    the trick in which the card covering it was played (the layout as dealt is the table's
    DECISION, ``dummy_layouts``)."""
    from honeymoon.table import dummy_layouts

    layouts = dummy_layouts(game.rules, game.dealer, game.stock_for_hand(game.hand_number))
    played = {card.id for trick in game.completed_tricks for card in trick.cards}
    seen: set[Card] = set()
    for dummy in (Direction.NORTH, Direction.WEST):
        face_down = {under for cover, under in layouts[dummy] if under >= 0 and cover not in played}
        seen |= {card for card in game.hand_at(dummy) if card.id not in face_down}
    return seen


def table_hidden(game: TableGame, seat: Seat) -> set[Card]:
    return set(ALL_CARDS) - table_visible(game, seat)


def choose(rng: random.Random, socket: Any) -> int:
    """A legal action, steering the auction to a contract (a bid first, then passes) so the
    hands are played rather than passed out."""
    legal = socket.legal()
    auction = socket.view["auction"]
    if socket.view["phase"] == "auction":
        bids = [a for a in legal if a > 54]
        if not auction and bids:
            return rng.choice(bids[:10])
        return PASS
    return rng.choice(legal)


def table_game(server: Any, game_id: str) -> TableGame:
    game = server.game(game_id)
    assert isinstance(game, TableGame)
    return game


@pytest.mark.parametrize(("variant", "options"), TABLE_CASES)
def test_a_whole_table_hand_is_played_by_two_sockets_and_each_sees_only_its_cards(
    server_factory: Any,
    sqlite_url: str,
    ws: Any,
    caplog: pytest.LogCaptureFixture,
    variant: str,
    options: dict[str, bool],
) -> None:
    caplog.set_level(logging.DEBUG)
    rng = random.Random(f"table:{variant}:{sorted(options.items())}")
    with server_factory(sqlite_url) as server:
        info = server.create(opponent="friend", seat="south", variant=variant, options=options)
        game_id = info["game_id"]
        with server.seat(info["token"]) as south, server.seat(info["opponent_token"]) as east:
            sockets = {Seat.SOUTH: south, Seat.EAST: east}
            assert south.texts[0].count('"four_hands":true') == 1
            for seat, socket in sockets.items():
                assert not leaks(socket.texts[0], table_hidden(table_game(server, game_id), seat))
            ws.connect_pair(south, east)
            read = {seat: len(socket.texts) for seat, socket in sockets.items()}
            seen_phases: set[str] = set()
            dummy_turns = 0
            checked = 0
            while south.view["hand_number"] == 0:
                game = table_game(server, game_id)
                mover_seat = game.to_act
                assert mover_seat is not None
                mover, other = sockets[mover_seat], sockets[mover_seat.other]
                view = mover.view
                seen_phases.add(view["phase"])
                # Each seat's view says whose card it is: the mover's own hand or dummy.
                if view["phase"] == "play":
                    to_play = Direction[view["to_play"].upper()]
                    assert to_play.owner is mover_seat
                    assert view["hands"][to_play.name.lower()] is not None
                    dummy_turns += to_play.is_dummy
                roll = rng.random()
                if roll < 0.05:
                    mover.send_move(rng.randrange(94))  # often illegal
                    if mover.recv()["type"] == "ack":
                        mover.expect("state")
                        other.expect("state")
                elif roll < 0.08:
                    other.send_move(rng.randrange(94))  # out of turn
                    assert other.expect("error")["code"] == "not_your_turn"
                else:
                    ws.play(mover, other, choose(rng, mover))
                game = table_game(server, game_id)
                for seat, socket in sockets.items():
                    hidden = table_hidden(game, seat)
                    for text in socket.texts[read[seat] :]:
                        assert not leaks(text, hidden - echoed(socket, text)), (seat, text)
                        checked += 1
                    read[seat] = len(socket.texts)
                    # The record so far, as this seat downloads it: its hand in progress
                    # names no card hidden from the seat.
                    token = info["token"] if seat is Seat.SOUTH else info["opponent_token"]
                    record = server.client.get(
                        "/api/record", headers={"Authorization": f"Bearer {token}"}
                    ).json()
                    assert "seed" not in record
                    hand = json.dumps(record["hands"][-1], ensure_ascii=False)
                    assert not leaks(hand, hidden), (seat, hand)
            game = table_game(server, game_id)
            result = game.history[0].result
            assert result.contract is not None  # the hand was played, not passed out
            log = game.history[0].log
            assert len(log.tricks) == 13 and all(len(t.cards) == 4 for t in log.tricks)
            assert result.declarer_tricks is not None
            won = [log.tricks_won(seat) for seat in Seat]
            assert sum(won) == 13 and result.declarer is not None
            assert won[result.declarer] == result.declarer_tricks
            assert south.view["results"][0]["declarer_tricks"] == result.declarer_tricks
            assert dummy_turns >= 13  # both players played their dummies' cards
            assert checked > 100
            expected = {"auction", "play"}
            if options.get("twelve_and_two"):
                expected.add("extra_cards")
            if variant == "single-dummy":
                expected.add("dummy_choice")
            if variant == "widow":
                expected |= {"widow_hand", "widow_dummy", "extra_cards", "lead_choice"}
            assert expected <= seen_phases
    for entry in caplog.records:
        assert not ANY_CARD.search(entry.getMessage()), entry.getMessage()


def test_the_opponents_dummy_reaches_a_seat_only_with_the_opening_lead(
    server_factory: Any, sqlite_url: str, ws: Any
) -> None:
    """Double Dummy: after the auction each seat gets its own dummy, not the opponent's; the
    opening lead turns both face up, in the same state message as the card."""
    with server_factory(sqlite_url) as server:
        info = server.create(opponent="friend", seat="south", variant="double-dummy")
        game_id = info["game_id"]
        with server.seat(info["token"]) as south, server.seat(info["opponent_token"]) as east:
            ws.connect_pair(south, east)
            first, second = ws.turn(south, east)
            ws.play(first, second, 55)  # 1 club, passed: the auction is over
            ws.play(second, first, PASS)
            game = table_game(server, game_id)
            assert game.phase is Phase.PLAY and not game.opening_lead_made
            for socket, me in ((south, "south"), (east, "east")):
                mine, theirs = ("north", "west") if me == "south" else ("west", "north")
                assert sorted(socket.view["hands"][mine]) == sorted_cards(game, mine)
                assert socket.view["hands"][theirs] is None
                assert not set(socket.view["dummy"]) & set(sorted_cards(game, theirs))
            leader = ws.turn(south, east)[0]
            before = {d: sorted_cards(game, d) for d in ("north", "west")}
            ws.play(leader, south if leader is east else east, leader.legal()[0])
            for socket in (south, east):
                for dummy in ("north", "west"):
                    shown = socket.view["hands"][dummy]
                    assert shown is not None and set(shown) <= set(before[dummy])


def sorted_cards(game: TableGame, direction: str) -> list[str]:
    return sorted(card.pbn for card in game.hand_at(Direction[direction.upper()]))


def test_racks_keep_each_dummy_from_the_opponent_for_the_whole_hand(
    server_factory: Any, sqlite_url: str, ws: Any
) -> None:
    rng = random.Random(5)
    with server_factory(sqlite_url) as server:
        info = server.create(
            opponent="friend", seat="south", variant="double-dummy", options={"racks": True}
        )
        with server.seat(info["token"]) as south, server.seat(info["opponent_token"]) as east:
            ws.connect_pair(south, east)
            while south.view["hand_number"] == 0:
                mover, other = ws.turn(south, east)
                ws.play(mover, other, choose(rng, mover))
                if south.view["phase"] == "play":
                    assert south.view["hands"]["west"] is None
                    assert east.view["hands"]["north"] is None
                    assert south.view["hands"]["north"] is not None
                    assert east.view["hands"]["west"] is not None


def test_single_dummy_the_exposed_dummy_and_declarers_choice(
    server_factory: Any, sqlite_url: str, ws: Any
) -> None:
    with server_factory(sqlite_url) as server:
        info = server.create(opponent="friend", seat="south", variant="single-dummy")
        game_id = info["game_id"]
        with server.seat(info["token"]) as south, server.seat(info["opponent_token"]) as east:
            ws.connect_pair(south, east)
            exposed = south.view["exposed_dummy"]
            assert exposed in ("north", "west") and east.view["exposed_dummy"] == exposed
            hidden = "west" if exposed == "north" else "north"
            for socket in (south, east):
                assert socket.view["hands"][exposed] is not None
                assert socket.view["hands"][hidden] is None
            first, second = ws.turn(south, east)
            ws.play(first, second, 59)  # 1NT
            ws.play(second, first, PASS)
            # A card or a call is refused in the choice; only declarer chooses.
            assert first.legal() == [TAKE_EXPOSED, TAKE_OTHER]
            assert second.legal() == []
            first.send_move(PASS)
            assert first.expect("error")["code"] == "wrong_phase"
            second.send_move(TAKE_OTHER)
            assert second.expect("error")["code"] == "not_your_turn"
            ws.play(first, second, TAKE_OTHER)
            game = table_game(server, game_id)
            assert game.phase is Phase.PLAY
            for socket in (south, east):  # both dummies face up, each opposite its player
                assert sorted(socket.view["hands"]["north"]) == sorted_cards(game, "north")
                assert sorted(socket.view["hands"]["west"]) == sorted_cards(game, "west")


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"variant": "quadruple-dummy"}, "unknown_variant"),
        ({"variant": "single-dummy", "options": {"racks": True}}, "unknown_option"),
        ({"variant": "double-dummy", "options": {"racks": "yes"}}, "bad_option"),
        ({"variant": "double-dummy", "options": {"widows": True}}, "unknown_option"),
        ({"variant": "double-dummy", "options": {"racks": {"x": 1}}}, "bad_option"),
        ({"variant": "double-dummy", "options": ["racks"]}, "bad_request"),
        ({"variant": ["double-dummy"]}, "bad_request"),
    ],
)
def test_a_bad_table_variant_or_option_gets_a_typed_error(
    server_factory: Any, sqlite_url: str, body: dict[str, Any], code: str
) -> None:
    with server_factory(sqlite_url) as server:
        answer = server.client.post("/api/games", json={"opponent": "friend", **body})
        assert answer.status_code == 400, answer.text
        error = answer.json()["error"]
        assert error["code"] == code, error
        assert error["message"]


def test_bad_table_actions_get_typed_errors(server_factory: Any, sqlite_url: str, ws: Any) -> None:
    with server_factory(sqlite_url) as server:
        info = server.create(opponent="friend", seat="south", variant="double-dummy")
        game_id = info["game_id"]
        with server.seat(info["token"]) as south, server.seat(info["opponent_token"]) as east:
            ws.connect_pair(south, east)
            first, second = ws.turn(south, east)
            for action, code in ((TAKE_EXPOSED, "wrong_phase"), (5000, "unknown_action")):
                first.send_move(action)
                assert first.expect("error")["code"] == code
            ws.play(first, second, 55)
            ws.play(second, first, PASS)
            leader, waiter = ws.turn(south, east)
            game = table_game(server, game_id)
            to_play = game.to_play
            assert to_play is not None
            # A card of the player's other hand (own hand vs dummy) is not the one to play.
            own = leader.seat == "south"
            other_hand = {
                Direction.NORTH: Direction.SOUTH,
                Direction.SOUTH: Direction.NORTH,
                Direction.EAST: Direction.WEST,
                Direction.WEST: Direction.EAST,
            }[to_play]
            assert other_hand.owner is (Seat.SOUTH if own else Seat.EAST)
            wrong = next(iter(game.hand_at(other_hand)))
            leader.send_move(wrong.id)
            error = leader.expect("error")
            assert error["code"] == "card_not_in_hand"
            leader.send_move(PASS)
            assert leader.expect("error")["code"] == "wrong_phase"
            assert server.hub.rooms[game_id].version == 2  # nothing refused was applied


@contextmanager
def _friends_at_the_table(
    server_factory: Any, url: str, variant: str, *, hints: bool = False
) -> Iterator[tuple[Any, str, dict[str, Any]]]:
    """A server with a game of ``variant`` between two people, both seats connected: the
    server, the game id and the two sockets by seat name (``hints``: both agreed to hints)."""
    with server_factory(url) as server:
        info = server.create(opponent="friend", seat="south", variant=variant, hints=hints)
        with server.seat(info["token"]) as south, server.seat(info["opponent_token"]) as east:
            south.expect("presence")
            if hints:
                east.ws.send_text(json.dumps({"type": "hints", "agree": True}))
                for socket in (east, south):
                    assert socket.expect("fair_play")["state"] == "on"
            yield server, info["game_id"], {"south": south, "east": east}


def _move_on(rng: random.Random, mover: Any, sockets: dict[str, Any]) -> None:
    """The seat to act makes a move (:func:`choose`); both seats read the new state."""
    version = mover.version
    mover.send_move(choose(rng, mover))
    mover.expect("ack")
    for socket in sockets.values():
        while socket.version <= version:
            socket.expect("state")


#: The decisions of each variant besides the auction and the play.
CHOICES = {
    "double-dummy": set(),
    "single-dummy": {"dummy_choice"},
    "semi-exposed": set(),
    "widow": {"widow_hand", "widow_dummy", "extra_cards", "lead_choice"},
}


@pytest.mark.parametrize("variant", sorted(CHOICES))
def test_a_hint_is_given_at_every_table_from_the_seats_own_view(
    server_factory: Any, sqlite_url: str, variant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At each decision of a hand (the auction, declarer's choices, the placements and the
    play) the seat to act gets a hint: one of its legal actions, with a reason code, naming
    no card it may not see; the other seat is refused ``no_hint``."""
    from honeymoon.server import solving as server_hub

    # The strongest bot solves layouts with DDS; the medium one advises as fast, by rule.
    monkeypatch.setattr(server_hub, "strongest_bot_name", lambda: "club")
    rng = random.Random(variant)
    phases = set()
    with _friends_at_the_table(server_factory, sqlite_url, variant, hints=True) as (
        server,
        game_id,
        sockets,
    ):
        south, east = sockets["south"], sockets["east"]
        for _ in range(40):
            game = table_game(server, game_id)
            mover = sockets[str(south.view["to_act"])]
            other = east if mover is south else south
            mover.ws.send_text(json.dumps({"type": "hint", "version": mover.version}))
            hint = mover.expect("hint")
            assert hint["action"] in mover.legal() and hint["code"], hint
            seat = Seat.SOUTH if mover is south else Seat.EAST
            assert not leaks(mover.texts[-1], table_hidden(game, seat)), hint
            phases.add(mover.view["phase"])
            other.ws.send_text(json.dumps({"type": "hint"}))
            assert other.expect("error")["code"] == "no_hint"
            _move_on(rng, mover, sockets)
    assert {"auction", "play"} | CHOICES[variant] <= phases


def test_the_options_list_the_table_variants_with_their_options(
    server_factory: Any, sqlite_url: str
) -> None:
    with server_factory(sqlite_url) as server:
        variants = {v["name"]: v for v in server.client.get("/api/options").json()["variants"]}
    assert variants["double-dummy"]["four_hands"] is True
    assert variants["draw"]["four_hands"] is False
    names = {o["name"] for o in variants["double-dummy"]["options"]}
    assert {"racks", "clockwise", "twelve_and_two"} <= names
    assert variants["single-dummy"]["four_hands"] is True


def test_a_table_game_against_the_computer_is_played_and_resumed_after_a_restart(
    server_factory: Any, sqlite_url: str
) -> None:
    """The computer plays its hand and its dummy; a new server on the same database rebuilds
    the table game and the computer's turn goes on."""
    rng = random.Random(11)

    def play(server: Any, token: str, game_id: str, until: int) -> None:
        with server.seat(token) as south:
            while server.hub.rooms[game_id].version < until:
                room = server.hub.rooms[game_id]
                while south.version < room.version:
                    south.expect("state")
                if room.game.to_act is Seat.SOUTH:
                    south.send_move(choose(rng, south))
                    south.expect("ack")
                else:
                    south.expect("state")
                hidden = table_hidden(table_game(server, game_id), Seat.SOUTH)
                assert not leaks(south.texts[-1], hidden), south.texts[-1]

    with server_factory(sqlite_url) as server:
        info = server.create(
            opponent="computer", level="easy", seat="south", variant="single-dummy"
        )
        game_id = info["game_id"]
        play(server, info["token"], game_id, 30)
        before = table_game(server, game_id).actions
    with server_factory(sqlite_url) as server:
        with server.seat(info["token"]) as south:
            assert south.version >= 30
        game = table_game(server, game_id)
        assert game.actions[: len(before)] == before
        play(server, info["token"], game_id, 80)
        game = table_game(server, game_id)
        assert game.hand_number >= 1 or len(game.completed_tricks) > 5
        record = server.client.get(
            "/api/record", headers={"Authorization": f"Bearer {info['token']}"}
        )
        assert record.status_code == 200
        copy = json.loads(record.text)
        assert copy["variant"]["name"] == "single-dummy" and "seed" not in copy
        hidden = table_hidden(table_game(server, game_id), Seat.SOUTH)
        assert not leaks(json.dumps(copy["hands"][-1], ensure_ascii=False), hidden)


def test_semi_exposed_a_covered_card_turns_up_at_the_end_of_its_covers_trick(
    server_factory: Any, sqlite_url: str, ws: Any
) -> None:
    """Both seats see each dummy's seven face-up cards from the deal and no face-down one; a
    face-down card cannot be played; it reaches both seats in the state that ends the trick in
    which its cover was played, and not before."""
    from honeymoon.table import dummy_layouts

    rng = random.Random(3)
    with server_factory(sqlite_url) as server:
        info = server.create(opponent="friend", seat="south", variant="semi-exposed")
        game_id = info["game_id"]
        with server.seat(info["token"]) as south, server.seat(info["opponent_token"]) as east:
            ws.connect_pair(south, east)
            game = table_game(server, game_id)
            layouts = dummy_layouts(game.rules, game.dealer, game.stock_for_hand(0))
            under = {cover: below for d in (0, 3) for cover, below in layouts[d] if below >= 0}
            for socket in (south, east):
                for dummy, direction in (("north", 0), ("west", 3)):
                    assert len(socket.view["hands"][dummy]) == 7
                    places = socket.view["covers"][dummy]
                    assert [covered for _, covered in places] == [True] * 6 + [False]
                    assert [pbn for pbn, _ in places] == [
                        Card.from_id(cover).pbn for cover, _ in layouts[direction]
                    ]
            first, second = ws.turn(south, east)
            ws.play(first, second, 55)
            ws.play(second, first, PASS)
            turned = 0
            refused = False
            while south.view["hand_number"] == 0 and turned < 2:
                game = table_game(server, game_id)
                mover, other = ws.turn(south, east)
                to_play = Direction[mover.view["to_play"].upper()]
                hidden_here = set(game.face_down(to_play)) if to_play.is_dummy else set()
                if hidden_here and not refused:
                    mover.send_move(next(iter(hidden_here)).id)
                    assert mover.expect("error")["code"] == "card_not_in_hand"
                    refused = True
                action = rng.choice(mover.legal())
                tricks_before = len(game.completed_tricks)
                ws.play(mover, other, action)
                game = table_game(server, game_id)
                if len(game.completed_tricks) > tricks_before:
                    for card in game.completed_tricks[-1].cards:
                        below = under.get(card.id)
                        if below is None:
                            continue
                        turned += 1
                        for socket in (south, east):
                            hands = socket.view["hands"].values()
                            shown = {pbn for hand in hands for pbn in hand or []}
                            assert Card.from_id(below).pbn in shown
            assert refused and turned >= 1


def test_the_widow_is_shared_out_unseen_and_declarer_chooses_the_leader(
    server_factory: Any, sqlite_url: str, ws: Any
) -> None:
    """Declarer sees the four widow cards once the auction is over, puts one in the hand and
    one in the dummy; the defender gets the other two (and never learns the two kept), places
    them, and declarer has the defender's dummy lead."""
    with server_factory(sqlite_url) as server:
        info = server.create(opponent="friend", seat="south", variant="widow")
        game_id = info["game_id"]
        with server.seat(info["token"]) as south, server.seat(info["opponent_token"]) as east:
            ws.connect_pair(south, east)
            game = table_game(server, game_id)
            widow = [Card.from_id(c).pbn for c in game.stock_for_hand(0)[48:]]
            assert south.view["hand_sizes"] == [12, 12, 12, 12]
            declarer, defender = ws.turn(south, east)
            ws.play(declarer, defender, 59)  # 1NT, passed
            ws.play(defender, declarer, PASS)
            assert declarer.view["phase"] == "widow_hand"
            assert sorted(declarer.view["widow"]) == sorted(widow)
            assert sorted(declarer.view["extra_cards"]) == sorted(widow)
            assert defender.view["widow"] == [] and defender.view["extra_cards"] == []
            assert not set(widow) & {c for t in defender.texts for c in named(t)}
            kept = sorted(widow)[:2]
            ws.play(declarer, defender, Card.parse(kept[0]).id)  # to declarer's hand
            assert declarer.view["phase"] == "widow_dummy"
            defender.send_move(Card.parse(kept[1]).id)
            assert defender.expect("error")["code"] == "not_your_turn"
            ws.play(declarer, defender, Card.parse(kept[1]).id)  # to declarer's dummy
            given = sorted(set(widow) - set(kept))
            assert sorted(defender.view["extra_cards"]) == given
            assert sorted(defender.view["widow"]) == given
            ws.play(defender, declarer, Card.parse(given[0]).id)  # to the defender's hand
            assert declarer.view["phase"] == "lead_choice"
            assert [a["action"] for a in declarer.view["legal_actions"]] == [94, 95]
            ws.play(declarer, defender, 95)  # the defender's dummy leads
            game = table_game(server, game_id)
            leader = "west" if defender.seat == "east" else "north"
            assert defender.view["opening_leader"] == leader == defender.view["to_play"]
            mine = "north" if declarer.seat == "south" else "west"
            assert kept[1] in declarer.view["hands"][mine]
            # The two cards declarer kept never reached the defender (none is played yet).
            for text in defender.texts:
                assert not set(kept) & named(text), text


def named(text: str) -> set[str]:
    from card_leaks import named_cards

    return {card.pbn for card in named_cards(text)}


def test_the_computer_at_the_table_is_the_levels_own_bot(
    server_factory: Any, sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No random stand-in: the computer's seat is played by the level's bot through its table
    counterpart, made with the game; a level whose bot has no table counterpart is refused
    when the game is made, never played at random in the middle of it."""
    from honeymoon.bots import table_bots

    with server_factory(sqlite_url) as server:
        info = server.create(opponent="computer", level="easy", seat="south", variant="widow")
        bot = server.hub.rooms[info["game_id"]].bot
        assert bot.name == "novice" and type(bot).__module__.startswith("honeymoon.bots.")
        assert isinstance(table_bots.table_bot_for(bot), table_bots.TableBot)
        monkeypatch.delitem(table_bots.TABLE_BOTS, "novice")
        refused = server.client.post(
            "/api/games",
            json={"opponent": "computer", "level": "easy", "variant": "double-dummy"},
        )
        assert refused.status_code == 400 and refused.json()["error"]["code"] == "no_table_bot"


@pytest.mark.parametrize("variant", ["double-dummy", "widow"])
def test_a_claim_at_the_table_is_judged_with_the_four_hands(
    server_factory: Any, sqlite_url: str, variant: str
) -> None:
    """Late in the play the seat to act claims the rest: both seats hear the same verdict,
    the one the judge gives with the four hands; an accepted claim is played out card by
    card, a refused one changes nothing; no message names a card a seat may not see."""
    from honeymoon.claims import judge_claim

    rng = random.Random(variant)
    with _friends_at_the_table(server_factory, sqlite_url, variant) as (server, game_id, sockets):
        south, east = sockets["south"], sockets["east"]
        game = table_game(server, game_id)
        verdicts = []
        while game.hand_number == 0 and len(verdicts) < 3:
            mover = sockets[str(south.view["to_act"])]
            late = game.phase is Phase.PLAY and len(game.completed_tricks) >= 9
            if late and not game.current_trick.cards:
                seat = Seat.SOUTH if mover is south else Seat.EAST
                expected = judge_claim(game, seat)
                version = mover.version
                mover.ws.send_text(json.dumps({"type": "claim", "version": version}))
                told = mover.expect("claim")
                other = east if mover is south else south
                assert other.expect("claim") == told
                assert told["accepted"] is expected.accepted
                assert "guaranteed" not in told and "line" not in told
                for socket, who in ((south, Seat.SOUTH), (east, Seat.EAST)):
                    hidden = table_hidden(game, who)
                    assert not leaks(socket.texts[-1], hidden)
                verdicts.append(told["accepted"])
                if told["accepted"]:
                    for socket in (south, east):
                        while socket.view["hand_number"] == 0:
                            socket.expect("state")
                    break
            _move_on(rng, mover, sockets)
        assert verdicts, "no claim was made"
        if verdicts[-1]:
            assert game.hand_number == 1 and game.history[0].log.play_over


def _ask(socket: Any, kind: str, hand: int) -> dict[str, Any]:
    socket.ws.send_text(json.dumps({"type": kind, "hand": hand}))
    answer: dict[str, Any] = socket.recv()
    while answer["type"] in ("state", "presence"):
        answer = socket.recv()
    return answer


@pytest.mark.parametrize("variant", sorted(CHOICES))
def test_the_review_and_analysis_of_a_hand_at_every_table(
    server_factory: Any, sqlite_url: str, variant: str
) -> None:
    """Once a hand is played out each seat gets its review (the four hands as the play began,
    the thirteen tricks) and its analysis (the four hands solved by DDS: the table, par and
    each card's cost), the same analysis for both seats; a hand in progress is refused."""
    pytest.importorskip("endplay")
    from honeymoon.analysis import analyze_hand

    rng = random.Random(f"review:{variant}")
    with _friends_at_the_table(server_factory, sqlite_url, variant) as (server, game_id, sockets):
        south = sockets["south"]
        game = table_game(server, game_id)
        while game.hand_number == 0:
            _move_on(rng, sockets[str(south.view["to_act"])], sockets)
        log = game.history[0].log
        assert log.hands is not None and log.contract is not None
        expected = analyze_hand(game, 0, drawing=False)
        for name, socket in sockets.items():
            review = _ask(socket, "review", 0)
            assert review["type"] == "review", review
            hands = review["review"]["hands"]
            assert [sorted(h) for h in hands] == [sorted(c.pbn for c in h) for h in log.hands]
            tricks = review["review"]["tricks"]
            assert len(tricks) == 13 and all(len(t["players"]) == 4 for t in tricks)
            analysis = _ask(socket, "analysis", 0)
            assert analysis["type"] == "analysis", analysis
            data = analysis["analysis"]
            assert data == json.loads(json.dumps(expected.for_seat(Seat[name.upper()]).to_dict()))
            assert set(data["deal"]) == {"north", "east", "south", "west"}
            assert data["table"] and data["par"] and data["play"]["complete"]
            assert all(card["hand"] for card in data["play"]["cards"])
            for kind in ("review", "analysis"):
                refused = _ask(socket, kind, 1)
                assert refused["type"] == "error" and refused["code"] == "bad_message"


@pytest.mark.parametrize("variant", sorted(CHOICES))
def test_the_review_and_analysis_of_a_passed_out_hand_name_only_the_seats_own_cards(
    server_factory: Any, sqlite_url: str, variant: str
) -> None:
    pytest.importorskip("endplay")
    with _friends_at_the_table(server_factory, sqlite_url, variant) as (server, game_id, sockets):
        south, east = sockets["south"], sockets["east"]
        first = sockets[str(south.view["to_act"])]
        second = east if first is south else south
        for mover in (first, second):
            version = mover.version
            mover.send_move(PASS)
            mover.expect("ack")
            for socket in sockets.values():
                while socket.version <= version:
                    socket.expect("state")
        log = table_game(server, game_id).history[0].log
        assert log.hands is not None and log.contract is None
        for name, socket in sockets.items():
            own = {card.pbn for card in log.hands[Seat[name.upper()].direction]}
            for kind in ("review", "analysis"):
                answer = _ask(socket, kind, 0)
                assert answer["type"] == kind, answer
                named = {card.pbn for card in named_cards(json.dumps(answer))}
                assert named == (own if kind == "review" else set()), (kind, named)
