"""The JSON game record: round trips, resuming, malformed records, player-safe copies."""

from __future__ import annotations

import contextlib
import io
import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from honeymoon.cards import ALL_CARDS, Card
from honeymoon.errors import RecordError
from honeymoon.game import Game, Phase
from honeymoon.records import (
    FORMAT_NAME,
    GameRecord,
    dump,
    dumps,
    load,
    loads,
    record_from_game,
)
from honeymoon.rules import DEFAULT_RULES
from honeymoon.seats import Seat
from honeymoon.views import view_for

DATA = Path(__file__).resolve().parent.parent / "data"

Player = Callable[..., int]


def _play_random(game: Game, rng: random.Random, max_actions: int | None = None) -> None:
    while not game.is_over and (max_actions is None or max_actions > 0):
        game.apply(rng.choice(game.legal_actions()))
        if max_actions is not None:
            max_actions -= 1


def _state(game: Game) -> tuple[object, ...]:
    return (
        game.phase,
        game.to_act,
        game.hand_number,
        game.dealer,
        game.actions,
        game.legal_actions(),
        game.history,
        game.score_sheet,
        tuple(repr(view_for(game, seat).to_dict()) for seat in (Seat.SOUTH, Seat.EAST, None)),
    )


# -- round trips --------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_uniformly_random_rubbers_round_trip(seed: int) -> None:
    game = Game(seed=seed)
    _play_random(game, random.Random(seed))
    text = dumps(game)
    record = loads(text)
    replayed = record.replay()
    assert replayed.history == game.history
    assert replayed.score_sheet == game.score_sheet
    assert record.score_sheet == game.score_sheet
    assert record.is_complete and replayed.is_over
    assert dumps(record) == text


@pytest.mark.parametrize("seed", range(100, 120))
def test_many_rubbers_round_trip(seed: int, rubber: Callable[[int], Game]) -> None:
    game = rubber(seed)
    record = loads(dumps(game))
    assert [hand.actions for hand in record.hands] == [hand.actions for hand in game.history]
    assert [hand.stock for hand in record.hands] == [hand.stock for hand in game.history]
    assert record.results == tuple(hand.result for hand in game.history)
    replayed = record.to_game()
    assert replayed.history == game.history
    assert replayed.score_sheet == game.score_sheet
    assert replayed.score_sheet.entries == game.score_sheet.entries


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**64),
    play_seed=st.integers(min_value=0, max_value=2**32),
    pass_chance=st.sampled_from([0.3, 0.6, 0.9]),
    honours=st.booleans(),
    stop=st.one_of(st.none(), st.integers(min_value=0, max_value=3000)),
)
def test_written_and_replayed_reproduces_the_scores(
    seed: int, play_seed: int, pass_chance: float, honours: bool, stop: int | None, play: Player
) -> None:
    game = Game(DEFAULT_RULES.with_options(honours=honours), seed=seed)
    play(game, random.Random(play_seed), max_actions=stop, pass_chance=pass_chance)
    record = loads(dumps(game))
    replayed = record.replay()
    assert replayed.score_sheet == game.score_sheet
    assert replayed.history == game.history
    assert replayed.actions == game.actions
    assert record.rules == game.rules


def test_dump_and_load_use_files() -> None:
    game = Game(seed=9, first_dealer=Seat.EAST)
    _play_random(game, random.Random(9), 200)
    buffer = io.StringIO()
    dump(game, buffer, players=("Ann", None))
    buffer.seek(0)
    record = load(buffer)
    assert record.players == ("Ann", None)
    assert record.seed == 9 and record.first_dealer is Seat.EAST
    assert load(io.BytesIO(buffer.getvalue().encode())).hands == record.hands


def test_string_seeds_and_options_are_kept() -> None:
    game = Game(DEFAULT_RULES.with_options(honours=True), seed="night", first_dealer=0)
    _play_random(game, random.Random(1), 100)
    data = json.loads(dumps(game))
    assert data["seed"] == "night"
    assert data["variant"] == {"name": "draw-discard", "options": {"honours": True}}
    record = loads(json.dumps(data))
    assert record.rules.honours and record.seed == "night"


def test_the_fixture_records_are_valid() -> None:
    complete = loads((DATA / "record_complete.json").read_text(encoding="utf-8"))
    assert complete.is_complete and complete.players == ("Ann", "Bob")
    assert complete.score_sheet.rubber_winner == Seat.SOUTH
    unfinished = loads((DATA / "record_unfinished.json").read_bytes())
    assert not unfinished.is_complete and unfinished.hands[-1].result is None
    assert unfinished.to_game().phase is Phase.PLAY


def test_record_from_game_includes_the_hand_in_progress() -> None:
    game = Game(seed=2, first_dealer=Seat.SOUTH)
    record = record_from_game(game)
    assert len(record.hands) == 1 and record.hands[0].actions == ()
    assert record.hands[0].stock == game.stock_for_hand(0)
    assert _state(loads(dumps(game)).to_game()) == _state(game)


# -- resuming an unfinished game ----------------------------------------------------------------


@pytest.mark.parametrize("seed", range(12))
def test_an_unfinished_record_resumes_at_the_same_state(seed: int, play: Player) -> None:
    rng = random.Random(seed)
    game = Game(seed=seed)
    play(game, rng, max_actions=rng.randrange(1, 1500), pass_chance=0.5)
    resumed = loads(dumps(game)).to_game()
    assert _state(resumed) == _state(game)
    for seat in (Seat.SOUTH, Seat.EAST):
        assert resumed.hand(seat) == game.hand(seat)
        assert resumed.discards(seat) == game.discards(seat)
    # Both continue identically, later hands included (their stocks come from the seed).
    play(game, random.Random(seed + 1), pass_chance=0.5)
    play(resumed, random.Random(seed + 1), pass_chance=0.5)
    assert resumed.history == game.history


@pytest.mark.parametrize("phase", [Phase.DRAWING, Phase.AUCTION, Phase.PLAY])
def test_resume_in_each_phase(phase: Phase) -> None:
    rng = random.Random(int(phase))
    game = Game(seed=40 + int(phase))
    while game.phase is not phase or len(game.actions) % 3 != 1:
        game.apply(rng.choice(game.legal_actions()))
    assert _state(loads(dumps(game)).to_game()) == _state(game)


# -- malformed and illegal records --------------------------------------------------------------


def _valid() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / "record_complete.json").read_text(encoding="utf-8"))
    return data


def _error(data: object) -> RecordError:
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(RecordError) as caught:
        loads(text)
    return caught.value


def test_bad_json_reports_line_and_column() -> None:
    error = _error('{\n  "format": "honeymoon-record",\n  "version" 1\n}')
    assert error.code == "bad_json"
    assert "line 3, column 13" in str(error)
    assert _error((DATA / "bad_syntax.json").read_text(encoding="utf-8")).code == "bad_json"


def test_bytes_that_are_not_utf8() -> None:
    with pytest.raises(RecordError, match="UTF-8"):
        loads(b'{"format": "\xff"}')


@pytest.mark.parametrize("data", [[], "text", 3, None])
def test_a_record_is_an_object(data: object) -> None:
    assert _error(json.dumps(data)).code == "wrong_type"


@pytest.mark.parametrize("field", ["format", "version", "variant", "first_dealer", "hands"])
def test_missing_top_level_field(field: str) -> None:
    data = _valid()
    del data[field]
    error = _error(data)
    assert error.code == "missing_field" and repr(field) in str(error)


@pytest.mark.parametrize("field", ["number", "dealer", "actions"])
def test_missing_hand_field(field: str) -> None:
    data = _valid()
    del data["hands"][3][field]
    error = _error(data)
    assert (error.code, error.hand) == ("missing_field", 3)
    assert str(error).startswith("hand 4: ")


def test_missing_stock_in_one_hand() -> None:
    data = _valid()
    del data["hands"][2]["stock"]
    error = _error(data)
    assert (error.code, error.hand) == ("missing_field", 2)


def test_the_missing_field_fixture() -> None:
    error = loads_error(DATA / "bad_missing_field.json")
    assert error.code == "missing_field" and "'first_dealer'" in str(error)


def loads_error(path: Path) -> RecordError:
    with pytest.raises(RecordError) as caught:
        loads(path.read_text(encoding="utf-8"))
    return caught.value


@pytest.mark.parametrize(
    ("mutate", "hand", "action_index"),
    [
        (lambda d: d.__setitem__("version", "1"), None, None),
        (lambda d: d.__setitem__("seed", 1.5), None, None),
        (lambda d: d.__setitem__("hands", {"0": 1}), None, None),
        (lambda d: d["hands"][1].__setitem__("actions", "keep keep"), 1, None),
        (lambda d: d["hands"][1]["actions"].__setitem__(5, 90), 1, 5),
        (lambda d: d["hands"][2]["stock"].__setitem__(7, None), 2, None),
        (lambda d: d["hands"][0]["result"].__setitem__("declarer_tricks", "9"), 0, None),
        (lambda d: d["hands"][0].__setitem__("result", [1]), 0, None),
        (lambda d: d["variant"]["options"].__setitem__("honours", "yes"), None, None),
    ],
)
def test_wrong_types(
    mutate: Callable[[dict[str, Any]], None], hand: int | None, action_index: int | None
) -> None:
    data = _valid()
    mutate(data)
    error = _error(data)
    assert error.code == "wrong_type"
    assert (error.hand, error.action_index) == (hand, action_index)


def _first_play_index(data: dict[str, Any], hand: int) -> int:
    record = loads(json.dumps(data))
    log = record.hands[hand].log
    assert log is not None
    return 26 + len(log.calls)


def test_unknown_card_text_in_the_play() -> None:
    data = _valid()
    position = _first_play_index(data, 1)
    data["hands"][1]["actions"][position] = "SZ"
    error = _error(data)
    assert (error.code, error.hand, error.action_index) == ("bad_action", 1, position)
    assert str(error).startswith(f"hand 2, action {position + 1}: 'SZ' is not a card")


def test_unknown_card_text_in_a_stock() -> None:
    data = _valid()
    data["hands"][4]["stock"][10] = "1S"
    error = _error(data)
    assert (error.code, error.hand) == ("bad_card", 4)
    assert "card 11" in str(error)


def test_a_call_where_a_draw_is_due() -> None:
    data = _valid()
    data["hands"][0]["actions"][3] = "1NT"
    error = _error(data)
    assert (error.code, error.hand, error.action_index) == ("bad_action", 0, 3)


def test_the_illegal_action_fixture() -> None:
    error = loads_error(DATA / "bad_illegal_action.json")
    assert (error.code, error.hand, error.action_index) == ("card_not_in_hand", 1, 31)
    assert str(error) == "hand 2, action 32: ♣J is not in your hand"


def test_an_illegal_call() -> None:
    data = _valid()
    first_call = 26
    data["hands"][5]["actions"][first_call] = "XX"
    error = _error(data)
    assert (error.code, error.hand, error.action_index) == ("cannot_redouble", 5, first_call)


def test_failing_to_follow_suit() -> None:
    data = _valid()
    record = loads(json.dumps(data))
    # Find a trick whose follower held the led suit, and make them play another suit.
    game = Game(stocks=[h.stock or () for h in record.hands], first_dealer=record.first_dealer)
    for hand_index, hand in enumerate(record.hands):
        for position, action in enumerate(hand.actions):
            assert action is not None
            trick = game.current_trick
            if trick is not None and len(trick.cards) == 1:
                held = game.hand(game.to_act or 0)
                other = [c for c in held if c.suit != trick.cards[0].suit]
                if held.count(trick.cards[0].suit) and other:
                    data["hands"][hand_index]["actions"][position] = other[0].pbn
                    error = _error(data)
                    assert error.code == "must_follow_suit"
                    assert (error.hand, error.action_index) == (hand_index, position)
                    return
            game.apply(action)
    pytest.fail("no trick to revoke in")


def test_the_result_mismatch_fixture() -> None:
    error = loads_error(DATA / "bad_result_mismatch.json")
    assert (error.code, error.hand) == ("result_mismatch", 0)
    assert "declarer_tricks 9 recorded, 8 in play" in str(error)


@pytest.mark.parametrize(
    ("field", "value"),
    [("declarer", "east"), ("contract", "2H"), ("declarer_above", 0), ("honours", [100, 0])],
)
def test_every_result_field_is_checked(field: str, value: object) -> None:
    data = _valid()
    data["hands"][0]["result"][field] = value
    error = _error(data)
    assert (error.code, error.hand) == ("result_mismatch", 0)


def test_a_passed_out_claim_for_a_played_hand() -> None:
    data = _valid()
    data["hands"][0]["result"] = {"passed_out": True, "contract": None}
    assert _error(data).code == "result_mismatch"


def test_score_sheet_mismatch() -> None:
    data = _valid()
    data["score"]["totals"][0] += 10
    error = _error(data)
    assert error.code == "score_mismatch" and "totals" in str(error)
    data = _valid()
    data["complete"] = False
    assert _error(data).code == "score_mismatch"


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda stock: stock.__setitem__(0, stock[1]), "twice"),
        (lambda stock: stock.pop(), "has 51 cards"),
    ],
)
def test_a_stock_that_is_not_a_pack(mutate: Callable[[list[str]], object], message: str) -> None:
    data = _valid()
    mutate(data["hands"][3]["stock"])
    error = _error(data)
    assert (error.code, error.hand) == ("bad_stock", 3)
    assert message in str(error)


def test_a_stock_in_the_wrong_order_is_caught_by_the_replay() -> None:
    data = _valid()
    stock = data["hands"][0]["stock"]
    stock[0], stock[1] = stock[1], stock[0]
    error = _error(data)
    assert error.hand == 0
    assert error.code in {"card_not_in_hand", "must_follow_suit", "result_mismatch"}


def test_structure_of_the_hand_list() -> None:
    data = _valid()
    data["hands"][2]["number"] = 7
    error = _error(data)
    assert (error.code, error.hand) == ("bad_number", 2)
    # Counted from 1 where it names the hand for people, from 0 where it names a number.
    assert str(error) == (
        "hand 3: 'number' is 7, but the hand in this place of the list is number 2 "
        "(numbers start at 0)"
    )
    data = _valid()
    data["hands"][2]["dealer"] = data["hands"][3]["dealer"]
    assert (_error(data).code, _error(data).hand) == ("wrong_dealer", 2)
    data = _valid()
    data["hands"][2]["result"] = None
    assert (_error(data).code, _error(data).hand) == ("missing_result", 2)
    data = _valid()
    data["hands"][2]["actions"].pop()
    data["hands"][2]["result"] = None
    assert (_error(data).code, _error(data).hand) == ("unfinished_hand", 2)
    data = _valid()
    data["hands"][2]["actions"].pop()
    assert (_error(data).code, _error(data).hand) == ("unfinished_hand", 2)
    data = _valid()
    data["hands"][2]["actions"].append("SA")
    error = _error(data)
    assert (error.code, error.hand, error.action_index) == (
        "extra_action",
        2,
        len(data["hands"][2]["actions"]) - 1,
    )
    data = _valid()
    data["hands"].append(dict(data["hands"][-2], number=len(data["hands"])))
    assert _error(data).code == "extra_hand"
    data = _valid()
    data["hands"] = []
    assert _error(data).code == "missing_field"


@pytest.mark.parametrize(
    ("mutate", "code"),
    [
        (lambda d: d.__setitem__("format", "pgn"), "bad_format"),
        (lambda d: d.__setitem__("version", 2), "unsupported_version"),
        (lambda d: d["variant"].__setitem__("name", "whist"), "unknown_variant"),
        (lambda d: d["variant"]["options"].__setitem__("jokers", True), "unknown_option"),
        (lambda d: d.__setitem__("first_dealer", "north"), "bad_seat"),
        (lambda d: d.__setitem__("players", {"west": "Al"}), "bad_seat"),
    ],
)
def test_header_faults(mutate: Callable[[dict[str, Any]], None], code: str) -> None:
    data = _valid()
    mutate(data)
    assert _error(data).code == code


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_any_corruption_gives_a_record_error_or_a_valid_record(data: st.DataObject) -> None:
    text = (DATA / "record_unfinished.json").read_text(encoding="utf-8")
    start = data.draw(st.integers(min_value=0, max_value=len(text) - 1))
    length = data.draw(st.integers(min_value=0, max_value=8))
    filler = data.draw(st.sampled_from(["", "1", '"', "x", "{}", "[]", "null", "SA", ",", "9"]))
    corrupted = text[:start] + filler + text[start + length :]
    with contextlib.suppress(RecordError):
        loads(corrupted)


# -- player-safe copies (reveal=False) ----------------------------------------------------------

_CARD_TEXT = re.compile(r'"([SHDC][2-9TJQKA])"')


@pytest.mark.parametrize("seed", range(6))
def test_a_player_safe_copy_reveals_no_hidden_card(seed: int, play: Player) -> None:
    rng = random.Random(seed)
    game = Game(seed=f"secret-{seed}")
    play(game, rng, max_actions=rng.randrange(30, 900), pass_chance=0.5)
    text = dumps(game, reveal=False)
    data = json.loads(text)
    assert "seed" not in data and "stock" not in text and str(game.seed) not in text
    assert all(a == "draw" for h in data["hands"] for a in h["actions"][:26])
    assert "keep" not in text and "reject" not in text
    # Each hand shows only cards already played in it, which both players have seen.
    hands = [h.actions for h in game.history] + ([game.actions] if not game.is_over else [])
    assert len(hands) == len(data["hands"])
    for entry, actions in zip(data["hands"], hands, strict=True):
        played = {Card.from_id(a).pbn for a in actions[26:] if a < 52}
        assert set(_CARD_TEXT.findall(json.dumps(entry))) <= played
    if not game.is_over:
        current = json.dumps(data["hands"][-1])
        for seat in (Seat.SOUTH, Seat.EAST):
            for card in game.hand(seat) | game.discards(seat):
                assert f'"{card.pbn}"' not in current


def test_a_player_safe_copy_can_be_read_but_not_replayed(rubber: Callable[[int], Game]) -> None:
    game = rubber(12)
    record = loads(dumps(game, reveal=False))
    assert record.seed is None and not record.is_replayable
    assert record.results == tuple(h.result for h in game.history)
    assert record.score_sheet == game.score_sheet
    with pytest.raises(RecordError) as caught:
        record.replay()
    assert caught.value.code == "not_replayable"
    assert dumps(record) == dumps(game, reveal=False)


def test_the_player_safe_fixture() -> None:
    text = (DATA / "record_unfinished_player_copy.json").read_text(encoding="utf-8")
    record = loads(text)
    full = loads((DATA / "record_unfinished.json").read_text(encoding="utf-8"))
    assert record.results == full.results
    assert record.score_sheet == full.score_sheet


def test_a_player_safe_copy_is_still_checked() -> None:
    game = Game(seed=21)
    _play_random(game, random.Random(21))
    data = json.loads(dumps(game, reveal=False))
    played = next(i for i, h in enumerate(data["hands"]) if not h["result"]["passed_out"])
    data["hands"][played]["result"]["declarer_tricks"] ^= 1
    error = _error(data)
    assert (error.code, error.hand) == ("result_mismatch", played)
    data = json.loads(dumps(game, reveal=False))
    actions = data["hands"][played]["actions"]
    actions[-1] = actions[-3]  # a card played twice
    error = _error(data)
    assert (error.code, error.hand, error.action_index) == (
        "card_not_in_hand",
        played,
        len(actions) - 1,
    )
    data = json.loads(dumps(game, reveal=False))
    data["hands"][played]["actions"][26] = "8NT"
    assert _error(data).code == "bad_action"


def test_game_record_is_a_frozen_value() -> None:
    record = loads(dumps(Game(seed=1)))
    assert isinstance(record, GameRecord)
    with pytest.raises(AttributeError):
        record.seed = 2  # type: ignore[misc]
    assert json.loads(dumps(record))["format"] == FORMAT_NAME
    assert len(ALL_CARDS) == len(record.hands[0].stock or ())


def test_the_documented_example_is_a_valid_record() -> None:
    doc = (DATA.parent.parent / "docs" / "record-format.md").read_text(encoding="utf-8")
    example = doc.split("```json\n", 1)[1].split("```", 1)[0]
    record = loads(example)
    assert record.players == ("Ann", "Bob") and len(record.hands) == 2
    assert record.hands[0].result is not None and record.hands[0].result.passed_out
    assert record.to_game().phase is Phase.PLAY
    assert _error('{\n  "format": "honeymoon-record",\n  "version" 1\n}').message in doc


def test_a_variant_that_scores_honours_by_default_names_the_option_in_its_record() -> None:
    from honeymoon.rules import find_variant

    game = Game(find_variant("draw"), seed=3)
    data = json.loads(dumps(game))
    assert data["variant"]["options"] == {"honours": True}
    assert loads(dumps(game)).rules.honours
    # A record written before honours were scored by default names no honours option: its
    # hands were scored without them, and it is read so.
    data["variant"]["options"] = {}
    assert not loads(json.dumps(data)).rules.honours
    off = Game(find_variant("draw").with_options(honours=False), seed=3)
    assert json.loads(dumps(off))["variant"]["options"] == {"honours": False}
    # The default variant, Draw and Discard, writes no option, as before.
    assert json.loads(dumps(Game(seed=3)))["variant"]["options"] == {}
