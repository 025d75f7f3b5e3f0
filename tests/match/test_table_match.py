"""Duplicate matches at the four-hand table (the variants with dummies)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from honeymoon.cards import CARD_MASK
from honeymoon.cli import main
from honeymoon.match import MatchConfig, MatchConfigError, check_config, run_match
from honeymoon.records import loads
from honeymoon.rules import TABLE_VARIANTS
from honeymoon.table import TableGame

VARIANTS = sorted(TABLE_VARIANTS)


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_table_match_mirrors_the_deals_with_the_seats_swapped(
    variant: str, tmp_path: Path
) -> None:
    rules = TABLE_VARIANTS[variant]
    config = MatchConfig(
        "medium", "easy", 2, seed=4, max_hands=2, records_dir=str(tmp_path), rules=rules
    )
    result = run_match(config)
    summary = result.summary()
    assert summary.variant == variant and summary.rubbers == 4
    assert summary.forfeits_a == {} == summary.forfeits_b
    assert summary.hands >= 4
    for pair in result.pairs:
        south, east = pair.games
        assert (int(south.a_seat), int(east.a_seat)) == (0, 1)
        assert south.decision_times_a and east.decision_times_b
        records = [loads(Path(game.record or "").read_text()) for game in pair.games]
        assert records[0].players == ("medium", "easy")
        assert records[1].players == ("easy", "medium")
        # The same four hands dealt to the same places in both rubbers of the pair.
        stocks = [[hand.stock for hand in record.hands] for record in records]
        played = min(len(stocks[0]), len(stocks[1]))
        assert played >= 1 and stocks[0][:played] == stocks[1][:played]
        games = [record.replay() for record in records]
        assert all(isinstance(game, TableGame) for game in games)
        # As dealt: the hands held for the play less the cards the players placed after the
        # auction (the Widow's four, the last of the stock), which depend on their choices.
        placed = sum(CARD_MASK[card] for card in stocks[0][0][48:])
        kept = ~placed if rules.widow else -1
        deals = [tuple(hand & kept for hand in game.history[0].hands) for game in games]
        # The players' own hands alike; the dummies alike (Single Dummy Bridge may place
        # them on the other side after declarer's choice).
        assert [deal[1:3] for deal in deals[:1]] == [deal[1:3] for deal in deals[1:]]
        assert {deals[0][0], deals[0][3]} == {deals[1][0], deals[1][3]}


def test_the_match_command_plays_a_table_variant(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["match", "medium", "random", "--variant", "double-dummy", "--option", "racks=true"]
    argv += ["--rubbers", "2", "--seed", "2", "--max-hands", "2", "--json", "--no-records"]
    assert main(argv) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["variant"] == "double-dummy" and report["options"] == {"racks": True}
    assert report["forfeits"] == {"a": {}, "b": {}}
    assert report["rubbers"] == 4 and report["hands"] >= 4


def test_the_table_report_leaves_out_the_two_hand_contract_check(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["match", "easy", "random", "--variant", "single-dummy", "--rubbers", "2"]
    argv += ["--max-hands", "1", "--no-records"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "variant single-dummy" in out and "95% CI" in out
    assert "contracts easy" not in out


def test_an_external_bot_cannot_play_the_table(tmp_path: Path) -> None:
    config = MatchConfig("cmd:python bot.py", "easy", 1, rules=TABLE_VARIANTS["double-dummy"])
    with pytest.raises(MatchConfigError) as caught:
        check_config(config)
    assert "two-hand protocol" in str(caught.value)


def test_analyze_is_refused_for_a_table_variant(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["match", "easy", "random", "--variant", "double-dummy", "--analyze"]
    assert main(argv) == 2
    assert "--analyze" in capsys.readouterr().err
