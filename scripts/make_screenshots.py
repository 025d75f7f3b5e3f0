"""Regenerate the screenshots of ``honeymoon play`` in docs/screenshots/ (SVG, 80×24).

Plays a fixed-seed rubber in the full-screen table against the medium computer player,
choosing the player's moves with the strongest bot's advice (read from the player's own
view) and typing them as a person would, and saves the app's own screenshot at each phase;
then a Draw Bridge hand with the face-up stock, for a screenshot of a preliminary trick:

    python scripts/make_screenshots.py [OUTPUT_DIR]
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from honeymoon.bots import Bot, make_bot
from honeymoon.cli.session import Table, choose_bot, strongest_bot_name
from honeymoon.cli.tui import GameScreen, HoneymoonApp
from honeymoon.game import Game, Phase
from honeymoon.rules import find_variant
from honeymoon.seats import Seat
from honeymoon.views import SeatView

SEED = "honeymoon-screenshots"
SIZE = (80, 24)


def keys_for(screen: GameScreen, action: int) -> list[str]:
    """The keys a person presses for ``action`` (typed notation, then Enter)."""
    text = dict(screen.offered())[action]
    if screen.view().phase is Phase.DRAWING:
        return [text]
    return [*text, "enter"]


async def make(output: Path) -> list[Path]:
    """Play and save one screenshot per phase; returns the files written."""
    output.mkdir(parents=True, exist_ok=True)
    game = Game(seed=SEED, first_dealer=Seat.EAST)
    bot, _ = choose_bot("medium", f"{SEED}:bot")
    adviser = make_bot(strongest_bot_name(), f"{SEED}:player")
    app = HoneymoonApp(Table(game, Seat.SOUTH, bot), delay=0, record_path=None)
    written: list[Path] = []

    def shoot(name: str) -> None:
        app.save_screenshot(name, str(output))
        written.append(output / name)

    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        wanted = ["drawing", "auction", "play", "score-sheet", "rubber-over"]
        while wanted:
            screen = app.screen
            if not isinstance(screen, GameScreen):
                if wanted == ["score-sheet", "rubber-over"]:
                    shoot("score-sheet.svg")
                    wanted.remove("score-sheet")
                elif app.game_screen.table.is_over:
                    shoot("rubber-over.svg")
                    break
                await pilot.press("enter")
                await pilot.pause()
                continue
            view = screen.view()
            if not view.my_turn:
                await pilot.pause()
                continue
            if view.phase is Phase.DRAWING and len(view.draws) == 7 and "drawing" in wanted:
                shoot("drawing.svg")
                wanted.remove("drawing")
            if view.phase is Phase.AUCTION and view.auction and "auction" in wanted:
                shoot("auction.svg")
                wanted.remove("auction")
            if (
                view.phase is Phase.PLAY
                and len(view.tricks) >= 5
                and view.current_trick is not None
                and view.current_trick.cards
                and "play" in wanted
            ):
                await pilot.press("l")
                shoot("play.svg")
                wanted.remove("play")
            action = adviser.act(view)
            await pilot.press(*keys_for(screen, action))
            await pilot.pause()
    return written


def advised(adviser: Bot, view: SeatView) -> int:
    """The adviser's choice, or the highest legal card where it has no advice yet."""
    try:
        action = adviser.act(view)
    except Exception:  # an adviser without a strategy for the preliminary tricks
        return view.legal_actions[-1]
    return action if action in view.legal_actions else view.legal_actions[-1]


async def make_draw_preliminary(output: Path) -> Path:
    """A Draw Bridge preliminary trick with the face-up stock: East has led, South to follow."""
    output.mkdir(parents=True, exist_ok=True)
    rules = find_variant("draw").with_options(face_up_stock=True)
    game = Game(rules, seed=SEED, first_dealer=Seat.EAST)
    bot, _ = choose_bot("medium", f"{SEED}:bot")
    adviser = make_bot(strongest_bot_name(), f"{SEED}:player")
    app = HoneymoonApp(Table(game, Seat.SOUTH, bot), delay=0, record_path=None)
    name = "draw-preliminary.svg"
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        while True:
            screen = app.screen
            assert isinstance(screen, GameScreen)
            view = screen.view()
            trick = view.current_trick
            if view.phase is not Phase.PRELIMINARY:
                raise RuntimeError("the preliminary tricks ended before the screenshot")
            if len(view.tricks) >= 5 and trick is not None and trick.cards and view.my_turn:
                app.save_screenshot(name, str(output))
                return output / name
            if view.my_turn:
                await pilot.press(*keys_for(screen, advised(adviser, view)))
            await pilot.pause()


def main() -> int:
    """Write the screenshots and list them."""
    output = (
        Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parents[1] / "docs/screenshots"
    )
    for path in asyncio.run(make(output)):
        print(path)
    print(asyncio.run(make_draw_preliminary(output)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
