"""Creating games over HTTP, and downloading the record."""

from __future__ import annotations

import json
from typing import Any

import pytest

from honeymoon.bots import make_bot
from honeymoon.records import loads
from honeymoon.rules import PACK_VARIANTS, TABLE_VARIANTS, VARIANTS, find_variant
from honeymoon.seats import Seat
from honeymoon.views import view_for


@pytest.fixture
def server(server_factory: Any, sqlite_url: str) -> Any:
    with server_factory(sqlite_url) as running:
        yield running


def test_a_game_for_two_gives_two_different_seat_links(server: Any) -> None:
    game = server.create(opponent="friend", seat="east")
    assert game["seat"] == "east" and game["opponent_seat"] == "south"
    assert game["token"] != game["opponent_token"]
    assert game["link"].endswith("/play#" + game["token"])
    assert game["opponent_link"].endswith("/play#" + game["opponent_token"])
    assert len(game["token"]) >= 32


def test_a_game_against_the_computer_gives_one_link(server: Any) -> None:
    game = server.create(opponent="computer", level="easy")
    assert "opponent_token" not in game and "opponent_link" not in game


def test_tokens_are_stored_only_as_hashes(server: Any) -> None:
    game = server.create(opponent="friend")
    engine = server.hub.storage.engine
    with engine.connect() as connection:
        rows = connection.exec_driver_sql("SELECT * FROM seat_tokens").all()
    dump = json.dumps([list(map(str, row)) for row in rows])
    assert game["token"] not in dump and game["opponent_token"] not in dump
    assert len(rows) == 2


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"opponent": "stranger"}, "bad_request"),
        ({"opponent": "computer", "level": "grandmaster"}, "unknown_level"),
        ({"opponent": "computer", "level": "heuristic"}, "unknown_level"),
        ({"variant": "chess"}, "unknown_variant"),
        ({"variant": "draw", "options": {"trumps": True}}, "unknown_option"),
        ({"variant": "memory", "options": {"face_up_stock": True}}, "unknown_option"),
        ({"variant": "draw", "options": {"face_up_stock": "yes"}}, "bad_option"),
        ({"variant": "draw", "options": ["face_up_stock"]}, "bad_request"),
        ({"seat": "north"}, "bad_request"),
        ([1, 2], "bad_request"),
    ],
)
def test_bad_requests_say_what_was_wrong(server: Any, body: Any, code: str) -> None:
    answer = server.client.post("/api/games", json=body)
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == code


def test_the_pages_and_options_are_served(server: Any) -> None:
    assert "Honeymoon Bridge" in server.client.get("/").text
    assert server.client.get("/play").status_code == 200
    assert server.client.get("/static/app.js").status_code == 200
    assert server.client.get("/healthz").text == "ok"
    options = server.client.get("/api/options").json()
    assert options["levels"] == ["easy", "medium", "hard"]
    assert [v["name"] for v in options["variants"]] == [*VARIANTS, *PACK_VARIANTS, *TABLE_VARIANTS]
    bridgette = next(v for v in options["variants"] if v["name"] == "bridgette")
    assert bridgette["title"] == PACK_VARIANTS["bridgette"].title and not bridgette["four_hands"]
    draw = next(v for v in options["variants"] if v["name"] == "draw")
    assert draw["title"] == "Draw Bridge"
    # Draw Bridge scores honours by default (seeds 002 and 003: scored as in rubber bridge).
    assert {o["name"]: o["default"] for o in draw["options"]} == {
        "honours": True,
        "preliminary_follow_suit": False,
        "face_up_stock": False,
    }
    assert all(o["label"] for v in options["variants"] for o in v["options"])


@pytest.mark.parametrize(
    ("variant", "options", "phase"),
    [
        ("draw-discard", {}, "drawing"),
        ("draw-discard", {"honours": True}, "drawing"),
        ("draw-discard-no-discard", {}, "drawing"),
        ("draw", {}, "preliminary"),
        ("draw", {"face_up_stock": True, "preliminary_follow_suit": True}, "preliminary"),
        ("memory", {"honours": True}, "preliminary"),
    ],
)
@pytest.mark.parametrize("opponent", ["friend", "computer"])
def test_every_variant_can_be_created_with_its_options(
    server: Any, variant: str, options: dict[str, bool], phase: str, opponent: str
) -> None:
    game = server.create(opponent=opponent, level="easy", variant=variant, options=options)
    rules = server.game(game["game_id"]).rules
    assert rules.name == variant
    assert rules == find_variant(variant).with_options(**options)
    stored = server.hub.storage.load_game(game["game_id"])
    assert stored.params.variant == variant
    assert stored.params.options == {
        k: v for k, v in options.items() if v != getattr(find_variant(variant), k)
    }
    with server.seat(game["token"]) as seat:
        hello = seat.texts[0]
        message = json.loads(hello)
        assert message["game"]["variant"] == variant
        assert message["game"]["variant_title"] == rules.title
        assert message["game"]["rules"]["procedure"] == rules.procedure.value
        assert message["game"]["rules"]["face_up_stock"] == rules.face_up_stock
        assert message["view"]["phase"] == phase
        if variant == "draw" and options.get("face_up_stock"):
            assert message["view"]["face_up"] is not None


def test_the_record_needs_a_seat_token(server: Any) -> None:
    assert server.client.get("/api/record").status_code == 401
    answer = server.client.get("/api/record", headers={"Authorization": "Bearer nope"})
    assert answer.status_code == 401 and answer.json()["error"]["code"] == "bad_token"


def test_the_record_is_the_player_copy_until_the_rubber_is_over(server: Any, ws: Any) -> None:
    game = server.create(opponent="friend", seat="south")
    headers = {"Authorization": f"Bearer {game['token']}"}
    with server.seat(game["token"]) as south, server.seat(game["opponent_token"]) as east:
        ws.connect_pair(south, east)
        ws.play(*ws.turn(south, east), ws.turn(south, east)[0].legal()[0])
        early = server.client.get("/api/record", headers=headers)
        assert "so-far" in early.headers["content-disposition"]
        data = early.json()
        assert "seed" not in data and all("stock" not in hand for hand in data["hands"])
        # Two heuristic players finish a rubber in a few hundred moves (random ones take
        # thousands); each decides from its own seat's view, as a person would.
        bots = {"south": make_bot("heuristic", seed=1), "east": make_bot("heuristic", seed=2)}
        while not server.game(game["game_id"]).is_over:
            mover, other = ws.turn(south, east)
            view = view_for(server.game(game["game_id"]), Seat.parse(mover.seat))
            ws.play(mover, other, bots[mover.seat].act(view))
        mover, _other = ws.turn(south, east) if south.view["to_act"] else (south, east)
        mover.send_move(52)
        assert mover.expect("error")["code"] == "game_over"
    full = server.client.get("/api/record", headers=headers)
    record = loads(full.text)
    assert record.is_complete and record.seed is not None
    replayed = record.replay()
    assert replayed.score_sheet.totals == server.game(game["game_id"]).score_sheet.totals


def test_a_link_is_replaced_without_loading_the_game(server: Any) -> None:
    """A game not in memory (say after a restart) has no socket to close: the link is
    replaced in storage alone, and the new one opens the seat."""
    game = server.create(opponent="friend", seat="south")
    server.hub.rooms.pop(game["game_id"])
    answer = server.client.post(
        "/api/seat-link", headers={"Authorization": f"Bearer {game['token']}"}
    )
    assert answer.status_code == 200, answer.text
    assert game["game_id"] not in server.hub.rooms
    new = answer.json()["token"]
    with server.seat(new) as seat:
        assert seat.seat == "south"
    with server.client.websocket_connect("/ws") as websocket:
        websocket.send_json({"type": "hello", "token": game["token"]})
        assert websocket.receive_json()["code"] == "bad_token"


def test_against_the_computer_the_player_sits_south_unless_they_choose(server: Any) -> None:
    seats = {server.create(opponent="computer")["seat"] for _ in range(8)}
    assert seats == {"south"}
    assert server.create(opponent="computer", seat="east")["seat"] == "east"
    # Between people the seat is drawn (by the server's own randomness) unless chosen.
    assert server.create(opponent="friend")["seat"] in ("south", "east")
    assert server.create(opponent="friend", seat="east")["seat"] == "east"


def _first_games(server_factory: Any, url: str, deal_seed: str | None) -> list[tuple[Any, ...]]:
    with server_factory(url, deal_seed=deal_seed) as server:
        made = [server.create(opponent="computer", level="easy") for _ in range(3)]
        rooms = [server.hub.rooms[game["game_id"]] for game in made]
        return [
            (room.params.seed, room.params.first_dealer, room.params.bot_seat, game["token"])
            for room, game in zip(rooms, made, strict=True)
        ]


def test_a_deal_seed_makes_a_servers_games_repeat_and_only_the_deals(
    server_factory: Any, tmp_path: Any
) -> None:
    one = _first_games(server_factory, f"sqlite:///{tmp_path / 'one.db'}", "test:7")
    two = _first_games(server_factory, f"sqlite:///{tmp_path / 'two.db'}", "test:7")
    # The same deals, dealers and seats, game by game; the tokens never follow the seed.
    assert [game[:3] for game in one] == [game[:3] for game in two]
    assert len({game[0] for game in one}) == 3
    assert not {game[3] for game in one} & {game[3] for game in two}
    other = _first_games(server_factory, f"sqlite:///{tmp_path / 'three.db'}", None)
    assert [game[0] for game in other] != [game[0] for game in one]


def test_the_clients_files_are_sent_compressed_and_revalidated(server: Any) -> None:
    """The client's files go out gzip-compressed (compressed once, at start-up) to a browser
    that takes gzip, as they are to one that does not, and a browser that has a file is told
    it has not changed; a name that is not one of the files, a path among them, is not found."""
    plain = server.client.get("/static/table.js", headers={"Accept-Encoding": "identity"})
    assert plain.status_code == 200 and "content-encoding" not in plain.headers
    assert plain.headers["content-type"].startswith("text/javascript")
    packed = server.client.get("/static/table.js", headers={"Accept-Encoding": "gzip, br"})
    assert packed.headers["content-encoding"] == "gzip" and packed.content == plain.content
    assert int(packed.headers["content-length"]) < len(plain.content) / 2
    assert packed.headers["vary"] == "Accept-Encoding"
    refused = server.client.get("/static/table.js", headers={"Accept-Encoding": "gzip;q=0"})
    assert "content-encoding" not in refused.headers
    etag = plain.headers["etag"]
    again = server.client.get("/static/table.js", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.content == b""
    assert server.client.get("/static/icon-192.png").headers.get("content-encoding") is None
    for missing in ("/static/nothing.js", "/static/../app.py", "/static/%2e%2e/app.py"):
        assert server.client.get(missing).status_code == 404, missing
    assert server.client.post("/static/table.js").status_code == 405
