"""Words and looks: one name per seat on the score sheet, the undertricks of a hand that went
down, counts that agree with their nouns, tens written so that a hand reads, a label on
every row, readable dimmed cards, saves out of the working directory, and a table that
says so when the terminal is too small and uses the room of a big one."""

from __future__ import annotations

import io
import random
import re
import sys
from pathlib import Path

import pytest
from helpers import play_randomly

from honeymoon.actions import KEEP, PASS
from honeymoon.bots import RandomBot
from honeymoon.cli import main
from honeymoon.cli.render import score_sheet_lines
from honeymoon.cli.session import Table
from honeymoon.cli.tui import GameScreen, HoneymoonApp, widgets
from honeymoon.game import Game, Phase
from honeymoon.seats import Seat
from honeymoon.views import view_for

ROOT = Path(__file__).resolve().parents[2]


def make_app(seed: str) -> HoneymoonApp:
    table = Table(Game(seed=seed, first_dealer=Seat.EAST), Seat.SOUTH, RandomBot(7))
    return HoneymoonApp(table, delay=0)


def screen_lines(app: HoneymoonApp) -> list[str]:
    """The terminal's rows as the player sees them."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def shown_rows(app: HoneymoonApp, selector: str) -> list[str]:
    """The rows of the screen that a part of the table covers."""
    region = app.screen.query_one(selector).region
    lines = screen_lines(app)
    return [lines[y][region.x : region.right] for y in range(region.y, region.bottom)]


def test_solve_writes_a_ten_as_t(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["solve", "♠AK5 ♥T2 ♦J8 ♣J4", "♠Q6 ♥J5 ♦42 ♣K72", "--trump", "S"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "first hand:  ♠AK5 ♥T2 ♦J8 ♣J4" in out
    assert "♥102" not in out


def test_a_match_of_one_rubber_pair_says_pair(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["match", "random", "random", "--rubbers", "1", "--max-hands", "1", "--no-records"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert ": 1 rubber pair, 2 rubbers, seed 0" in out


def _game_won_by_south() -> Game:
    """A rubber played at random until South has won a game and a contract went down."""
    for seed in range(40):
        game = Game(seed=f"sheet-{seed}", first_dealer=Seat.EAST)
        play_randomly(game, random.Random(seed), max_actions=2000)
        sheet = game.score_sheet
        results = view_for(game, Seat.SOUTH).results
        down = [
            r
            for r in results
            if r.contract is not None and (r.declarer_tricks or 0) < r.contract.tricks_needed
        ]
        if 0 in sheet.game_winners[: sheet.current_game] and down:
            return game
    raise AssertionError("no seed gave South a game")


def test_the_score_sheet_calls_the_player_you_throughout() -> None:
    game = _game_won_by_south()
    view = view_for(game, Seat.SOUTH)
    sheet = re.sub(r"\[[^\]]*\]", "", widgets.sheet_markup(view, compact=False))
    assert "South" not in sheet
    assert "to you" in sheet and "You" in sheet.splitlines()[0]
    table = Table(game, Seat.SOUTH, RandomBot(1))
    lines = [table.describe_result(result) for result in view.results]
    assert not any("South" in line for line in lines)
    went_down = [line for line in lines if ", down " in line]
    assert went_down and all(re.search(r"down \d+: (you|East) \d+ above", x) for x in went_down)


def test_every_row_above_the_line_is_labelled() -> None:
    game = _game_won_by_south()
    lines = score_sheet_lines(game.score_sheet)
    rule = next(index for index, line in enumerate(lines) if line.startswith("="))
    assert rule > 1, "points were scored above the line"
    assert lines[rule - 1].startswith("above")


def test_a_six_deal_sheet_counts_deals_not_games() -> None:
    from honeymoon.auction import Contract
    from honeymoon.scoring import ScoreSheet, score_deal

    sheet = ScoreSheet.for_deals(6, first_dealer=1)
    sheet = sheet.add_hand(0, 0, score_deal(Contract.parse("4S"), 10, False))
    lines = score_sheet_lines(sheet)
    assert not any("game" in line for line in lines), lines
    assert any(line.startswith("deals ") and line.split()[1] == "120" for line in lines), lines
    assert any(line.split()[:5] == ["deals", "scored", "1", "of", "6"] for line in lines), lines


def _luminance(colour: str) -> float:
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def test_dimmed_cards_are_readable() -> None:
    from honeymoon.cards import Card

    chip = widgets.Palette().chip(Card.parse("SA"), dim=True)
    text, face = re.match(r"\[(#\w{6}) on (#\w{6})\]", chip).groups()  # type: ignore[union-attr]
    lighter, darker = sorted((_luminance(text), _luminance(face)), reverse=True)
    assert (lighter + 0.05) / (darker + 0.05) >= 4.5


def test_a_game_is_saved_in_the_data_directory_not_the_working_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr(sys, "stdin", io.StringIO("k\nsave\n"))
    assert main(["play", "--plain", "--seed", "3", "--level", "easy"]) == 0
    assert list(work.iterdir()) == []
    saved = list((tmp_path / "data" / "honeymoon" / "games").glob("honeymoon-*.json"))
    assert len(saved) == 1
    assert f"Saved to {saved[0]}" in capsys.readouterr().out


async def test_a_terminal_below_80_by_24_says_what_is_needed() -> None:
    app = make_app("small")
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        shown = " ".join(" ".join(screen_lines(app)).split())
        assert "needs a terminal of at least 80×24; this one is 70×20" in shown
        assert "honeymoon play --plain" in shown


async def test_a_big_terminal_shows_a_longer_log() -> None:
    app = make_app("big")
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        for _ in range(6):
            await pilot.press("k")
            await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        messages = [text for _kind, text in screen.messages]
        rows = [row.strip() for row in shown_rows(app, "#log")]
        assert len(rows) >= 8
        assert rows[-8:] == messages[-8:]


@pytest.mark.slow
def test_the_screenshot_script_reproduces_the_committed_screenshots(tmp_path: Path) -> None:
    import subprocess

    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "make_screenshots.py"), str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    made = sorted(path.name for path in tmp_path.glob("*.svg"))
    assert made == sorted(p.name for p in (ROOT / "docs" / "screenshots").glob("*.svg"))
    for name in made:
        committed = (ROOT / "docs" / "screenshots" / name).read_text(encoding="utf-8")
        assert (tmp_path / name).read_text(encoding="utf-8") == committed, (
            f"{name} differs: run scripts/make_screenshots.py and commit docs/screenshots"
        )


def _south_declares(seed: int) -> Game | None:
    # Keep every card, then South opens 1♣ and passes after: a played hand South declares.
    game = Game(seed=f"by-you-{seed}", first_dealer=Seat.EAST)
    rng = random.Random(seed)
    while game.phase is not Phase.PLAY:
        if game.is_over or len(game.history):
            return None
        legal = game.legal_actions()
        if game.phase is Phase.DRAWING:
            game.apply(KEEP if KEEP in legal else rng.choice(legal))
        elif game.to_act == Seat.SOUTH:
            game.apply(PASS if 55 not in legal else 55)
        else:
            game.apply(PASS)
    return game if game.declarer == Seat.SOUTH else None


async def test_the_contract_is_by_you_in_lower_case_as_in_the_narration() -> None:
    game = next(g for g in map(_south_declares, range(20)) if g is not None)
    app = HoneymoonApp(Table(game, Seat.SOUTH, RandomBot(7)), delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        shown = "\n".join(screen_lines(app))
        assert "by you" in shown
        assert "by You" not in shown
