"""docs/rules.md and the rules module say what the program does: every variant the clients
offer is described as played, and the readings of silent seeds are marked DECISION."""

from __future__ import annotations

import inspect
import io
import re
import sys
from pathlib import Path

import pytest

from honeymoon import rules as rules_module
from honeymoon.cli import main
from honeymoon.rules import PACK_VARIANTS, TABLE_VARIANTS

RULES_TEXT = (Path(__file__).resolve().parents[1] / "docs" / "rules.md").read_text("utf-8")


def _section(title: str) -> str:
    start = RULES_TEXT.index(f"### `{title}`")
    end = RULES_TEXT.find("\n### ", start + 1)
    return RULES_TEXT[start:end]


@pytest.mark.parametrize("name", [*TABLE_VARIANTS, *PACK_VARIANTS])
def test_every_variant_the_terminal_offers_is_not_said_to_be_unplayed(
    name: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    argv = ["play", "--plain", "--variant", name, "--seed", "1", "--bot", "random"]
    assert main([*argv, "--no-record"]) == 0
    assert TABLE_VARIANTS.get(name, PACK_VARIANTS.get(name)).title in capsys.readouterr().out
    assert not re.search(r"not yet played", RULES_TEXT, re.IGNORECASE)
    assert "do not offer them yet" not in inspect.getsource(rules_module)


def test_the_widows_rules_for_seeing_the_dummies_are_marked_decisions() -> None:
    widow = _section("widow")
    auction = widow[widow.index("2. The auction") : widow.index("\n3. ")]
    assert "**The dummies are unseen**" in auction and "DECISION" in auction
    lead = widow[widow.index("4. **Declarer chooses") : widow.index("\n5. ")]
    assert "face up after the opening lead" in lead and "DECISION" in lead


def test_seed_003s_end_of_the_bidding_is_read_as_the_usual_rule() -> None:
    semi = " ".join(_section("semi-exposed").split())
    assert '"the bidding ends when a bid has been passed, doubled or redoubled"' in semi
    assert "a double or redouble does not end the auction" in semi


@pytest.mark.parametrize("name", ["semi-exposed", "widow"])
def test_a_doubled_bid_does_not_end_the_auction_at_the_table(name: str) -> None:
    from honeymoon.auction import DOUBLE, FIRST_BID, PASS, REDOUBLE
    from honeymoon.table import TableGame

    game = TableGame(TABLE_VARIANTS[name], seed=3)
    game.apply(FIRST_BID)  # 1♣
    game.apply(DOUBLE)
    assert game.phase.name == "AUCTION"
    assert {REDOUBLE, FIRST_BID + 1, PASS} <= set(game.legal_actions())
    game.apply(REDOUBLE)
    assert game.phase.name == "AUCTION" and FIRST_BID + 1 in game.legal_actions()


def _honours_table() -> dict[str, bool]:
    section = RULES_TEXT[RULES_TEXT.index("### Honours") :]
    section = section[: section.index("\n## ")]
    rows = re.findall(r"^\| `([a-z-]+)` \| (yes|no) \|", section, re.MULTILINE)
    return {name: answer == "yes" for name, answer in rows}


def test_each_variants_default_honours_is_the_one_docs_rules_md_gives() -> None:
    from honeymoon.rules import VARIANTS

    table = _honours_table()
    every = {**VARIANTS, **PACK_VARIANTS, **TABLE_VARIANTS}
    assert set(table) == set(every)
    for name, rules in every.items():
        assert rules.honours is table[name], name
    # The option works both ways wherever honours are scored by default.
    for rules in every.values():
        if rules.honours:
            assert not rules.with_options(honours=False).honours


@pytest.mark.parametrize(("name", "scored"), [("draw", True), ("draw-discard", False)])
def test_the_rules_command_says_whether_honours_are_scored(
    name: str, scored: bool, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("rules\n"))
    argv = ["play", "--plain", "--variant", name, "--seed", "1", "--bot", "random"]
    assert main([*argv, "--no-record"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert ("Honours are scored" in out) is scored
    assert ("Honours are not scored in this game." in out) is not scored
