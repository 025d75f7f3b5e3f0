"""``honeymoon analyze``: the text and JSON reports, and every bad input's message and status."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from helpers import play_randomly

from honeymoon import records
from honeymoon.analysis import analyze_game, analyze_hand
from honeymoon.cli import main
from honeymoon.engines import new_game
from honeymoon.game import Game

DATA = Path(__file__).resolve().parent.parent / "data"


@pytest.fixture(scope="module")
def game() -> Game:
    game = Game(seed=5, first_dealer=0)
    play_randomly(game, random.Random(1), pass_chance=0.3)
    return game


@pytest.fixture
def record_file(tmp_path: Path, game: Game) -> Path:
    path = tmp_path / "rubber.json"
    with path.open("w", encoding="utf-8") as handle:
        records.dump(game, handle)
    return path


def test_json_report_is_the_analysis_of_every_hand(
    record_file: Path, game: Game, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["analyze", str(record_file), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    expected = analyze_game(records.loads(record_file.read_text(encoding="utf-8")))
    assert data == json.loads(json.dumps(expected.to_dict()))
    assert len(data["hands"]) == len(game.history)
    first = data["hands"][0]
    log = game.hand_log(0)
    assert log.deal is not None
    assert first["deal"]["south"] == log.deal[0].to_dotted()
    assert set(first["table"]["south"]) == {"C", "D", "H", "S", "NT"}
    assert data["lost"]["south"] == sum(
        h["play"]["lost"]["south"] for h in data["hands"] if h["play"]
    )


def test_one_hand_is_counted_from_one(
    record_file: Path, game: Game, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["analyze", str(record_file), "--hand", "2", "--json", "--no-drawing"]) == 0
    data = json.loads(capsys.readouterr().out)
    # The hand asked for, as the text report numbers it.
    assert [hand["number"] for hand in data["hands"]] == [2]
    assert main(["analyze", str(record_file), "--hand", "2", "--no-drawing"]) == 0
    assert capsys.readouterr().out.startswith("Hand 2 (")
    assert data["hands"][0] == json.loads(
        json.dumps(analyze_hand(game, 1, drawing=False).to_dict())
    )
    assert data["hands"][0]["drawing"] is None


def test_text_report_names_par_and_each_costly_card(
    record_file: Path, game: Game, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["analyze", str(record_file), "--no-drawing"]) == 0
    out = capsys.readouterr().out
    analysis = analyze_game(game, drawing=False)
    assert out.count("Par: ") == len(analysis.hands)
    costly = [card for hand in analysis.hands if hand.play for card in hand.play.costly]
    assert costly, "random play should give the report something to name"
    for card in costly:
        assert f"Trick {card.trick + 1}: {card.seat} {card.card} cost {card.cost}" in out
        assert f"{card.better} was better" in out
    assert out.rstrip().endswith(f"South {analysis.lost[0]}, East {analysis.lost[1]}")


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["no-such-file.json"], "cannot read no-such-file.json"),
        ([str(DATA / "bad_syntax.json")], "not valid JSON"),
        ([str(DATA / "bad_illegal_action.json")], "is not in your hand"),
        ([str(DATA / "bad_result_mismatch.json")], "does not match"),
    ],
)
def test_a_bad_record_is_a_message_and_status_2(
    arguments: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["analyze", *arguments]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("honeymoon analyze: ")
    assert message in captured.err
    assert "Traceback" not in captured.err


@pytest.mark.parametrize("hand", ["0", "99", "-1"])
def test_a_hand_out_of_range_says_which_hands_there_are(
    record_file: Path, game: Game, hand: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["analyze", str(record_file), "--hand", hand]) == 2
    err = capsys.readouterr().err
    assert f"this record has hands 1 to {len(game.history)}" in err
    assert "Traceback" not in err


def test_a_hand_that_is_not_a_number_is_a_usage_error(
    record_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["analyze", str(record_file), "--hand", "two"])
    assert exit_info.value.code == 2
    assert "invalid int value" in capsys.readouterr().err


def test_a_player_safe_copy_is_analysed_without_its_drawing(
    tmp_path: Path, game: Game, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "safe.json"
    path.write_text(records.dumps(game, reveal=False), encoding="utf-8")
    assert main(["analyze", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    full = analyze_game(game, drawing=False).to_dict()
    shown = 0
    for hand, expected in zip(data["hands"], full["hands"], strict=True):
        assert hand["drawing"] is None
        if expected["play"] is not None and expected["play"]["complete"]:
            # Every card was played: the copy shows the deal, so all but the drawing is there.
            shown += 1
            assert "drawing not analysed: the record has no stock order" in hand["notes"]
            assert hand["par"] == json.loads(json.dumps(expected["par"]))
            assert hand["play"] == json.loads(json.dumps(expected["play"]))
        else:
            assert hand["deal"] is None and hand["table"] is None
            assert any("player-safe copy" in note for note in hand["notes"])
    assert shown


def test_replay_attaches_the_analysis(
    record_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(record_file), "--json", "--analyze"]) == 0
    data = json.loads(capsys.readouterr().out)
    expected = analyze_game(records.loads(record_file.read_text(encoding="utf-8")))
    assert data["analysis"] == json.loads(json.dumps(expected.to_dict()))
    assert main(["replay", str(record_file)]) == 0
    assert "Par: " not in capsys.readouterr().out


def test_match_writes_each_records_analysis_beside_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "records"
    arguments = ["match", "novice", "random", "--rubbers", "1", "--max-hands", "2"]
    assert main([*arguments, "--records", str(folder), "--analyze"]) == 0
    capsys.readouterr()
    written = sorted(folder.glob("*.json"))
    sidecars = [path for path in written if path.name.endswith(".analysis.json")]
    games = [path for path in written if path not in sidecars]
    assert len(games) == 2 and len(sidecars) == 2
    for path in games:
        sidecar = path.with_name(f"{path.stem}.analysis.json")
        data = json.loads(sidecar.read_text(encoding="utf-8"))
        record = records.loads(path.read_text(encoding="utf-8"))
        assert data == json.loads(json.dumps(analyze_game(record).to_dict()))


def test_memory_bridge_preliminary_tricks_are_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from honeymoon.rules import find_variant

    game = new_game(find_variant("memory"), seed=11, first_dealer=0)
    play_randomly(game, random.Random(2), max_actions=300, pass_chance=0.3)
    path = tmp_path / "memory.json"
    path.write_text(records.dumps(game), encoding="utf-8")
    assert main(["analyze", str(path), "--hand", "1"]) == 0
    out = capsys.readouterr().out
    prelim = analyze_hand(game, 0).preliminary
    assert prelim is not None
    assert (
        f"Preliminary tricks: South took {prelim.taken[0]}, East {prelim.taken[1]}; with best "
        f"play from the first lead {prelim.start[0]} and {prelim.start[1]}"
    ) in out
    assert "drawing not compared with a bot: the final hands come from the second deal" in out


def test_par_and_the_drawing_say_whose_points_they_are(
    record_file: Path, game: Game, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["analyze", str(record_file), "--hand", "1"]) == 0
    out = capsys.readouterr().out
    hand = analyze_hand(game, 0)
    assert hand.par is not None and hand.par.outcome is not None and hand.drawing is not None
    outcome = hand.par.outcome
    net = outcome.net(outcome.declarer)
    figure = f"{outcome.declarer} {'+' if net >= 0 else '−'}{abs(net)}"
    assert f"tricks: {figure}" in out, "par names the side the figure is from"
    for drawing in hand.drawing:
        seat = drawing.seat
        assert f"  {seat} drew a hand worth " in out
        assert f"The expert bot, drawing for {seat} from the same stock, would have drawn" in out
        assert f"chosen differently at {drawing.disagreements} of {seat}'s 13 turns." in out
    assert "the expert bot's drawing from the same stock" not in out


def test_a_four_hand_record_is_reported_by_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("endplay")
    from honeymoon.cli.analyze import hand_text
    from honeymoon.rules import WIDOW

    game = new_game(WIDOW, seed=4, first_dealer=0)
    rng = random.Random(3)
    while not game.history or game.history[-1].result.contract is None:
        game.apply(rng.choice(game.legal_actions()))
    path = tmp_path / "widow.json"
    with path.open("w", encoding="utf-8") as handle:
        records.dump(game, handle)
    number = len(game.history)
    assert main(["analyze", str(path), "--hand", str(number)]) == 0
    text = capsys.readouterr().out
    log = game.hand_log(number - 1)
    assert log.hands is not None
    for direction, cards in zip(("North", "East", "South", "West"), log.hands, strict=True):
        assert f"  {direction:<6} {hand_text(cards)}" in text
    assert "Par: " in text and "Tricks as declarer" in text
