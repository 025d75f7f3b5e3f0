"""The match report's sanity statistics: each bot's contracts, doubles and slams."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from honeymoon.cli import main
from honeymoon.records import load


def _recount(folder: Path) -> dict[str, dict[str, int]]:
    """Contracts declared and made, doubles and slams per side, read from the game records."""
    counts = {side: dict.fromkeys(("declared", "made", "doubles", "slams"), 0) for side in "ab"}
    for path in sorted(folder.iterdir()):
        record = load(path.open())
        a_seat = 0 if path.name.endswith("-a-south.json") else 1
        for result in record.results:
            contract, declarer = result.contract, result.declarer
            if contract is None or declarer is None or result.declarer_tricks is None:
                continue
            side = "a" if int(declarer) == a_seat else "b"
            other = "b" if side == "a" else "a"
            counts[side]["declared"] += 1
            counts[side]["made"] += result.declarer_tricks >= contract.tricks_needed
            counts[side]["slams"] += contract.level >= 6
            counts[other]["doubles"] += contract.doubling > 0
    return counts


def test_the_json_report_counts_each_bots_contracts_as_the_records_show(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path / "records"
    argv = ["match", "medium", "random", "--rubbers", "1", "--seed", "4", "--max-hands", "6"]
    assert main([*argv, "--json", "--records", str(folder)]) == 0
    data = json.loads(capsys.readouterr().out)
    sanity = data["sanity"]
    expected = _recount(folder)
    for side in "ab":
        stats = sanity[side]
        for key, value in expected[side].items():
            assert stats[key] == value, (side, key)
        assert stats["made"] <= stats["declared"]
        assert stats["makeable"] + stats["far_short"] <= stats["declared"]
        assert stats["slams_makeable"] <= stats["slams"]
        assert stats["doubles_set"] <= stats["doubles"]
    # The random bot bids wildly: slams it cannot make, doubled by the medium level.
    assert sanity["b"]["far_short"] > 0 and sanity["a"]["doubles"] > 0
    assert sanity["a"]["gain_per_double"] == round(
        sanity["a"]["double_gain"] / sanity["a"]["doubles"], 1
    )


def test_the_text_report_has_a_contracts_line_per_bot(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["match", "medium", "easy", "--rubbers", "1", "--max-hands", "3", "--no-records"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    for name in ("medium", "easy"):
        line = next(line for line in out.splitlines() if line.startswith(f"contracts {name}:"))
        assert "declared" in line and "double-dummy makeable" in line and "slams" in line
