"""Regenerate the screenshots of ``honeymoon play`` in docs/screenshots/ (SVG, 80×24).

Plays a fixed-seed rubber in the full-screen table, both seats played by the plain fixed
policy below (:class:`HousePlayer`: keep high cards, open the long suit with values, win a
trick cheaply), the player's moves typed as a person would, and saves the app's own
screenshot at each phase; then a Draw Bridge hand with the face-up stock, for a screenshot of
a preliminary trick:

    python scripts/make_screenshots.py [OUTPUT_DIR]

The policy is written here rather than taken from ``honeymoon.bots`` so that the pictures
change only when the table or the rules do, not whenever a bot gets stronger; the same
seed then gives the same files, byte for byte (a test checks the committed ones).
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from honeymoon.actions import KEEP, PASS, REJECT
from honeymoon.auction import FIRST_BID, Call
from honeymoon.cards import Card, Rank
from honeymoon.cli.session import Table
from honeymoon.cli.tui import GameScreen, HoneymoonApp
from honeymoon.game import Game, Phase
from honeymoon.rules import find_variant
from honeymoon.seats import Seat
from honeymoon.views import SeatView

SEED = "honeymoon-screenshots"
SIZE = (80, 24)


class HousePlayer:
    """A fixed, plain policy for both seats: deterministic and independent of the bots."""

    name = "house"

    def act(self, view: SeatView) -> int:
        """Keep a ten or better; open the longest suit with 12 high-card points (raise it
        once with 15); win a trick with the cheapest card that does, else play the lowest."""
        legal = view.legal_actions
        if view.phase is Phase.DRAWING:
            card = view.looking_at
            return KEEP if card is not None and card.rank >= Rank.TEN else REJECT
        if view.phase is Phase.AUCTION:
            return self._call(view)
        cards = sorted((Card.from_id(a) for a in legal), key=lambda c: (c.rank, c.suit))
        trick = view.current_trick
        if trick is None or not trick.cards:
            longest = max(cards, key=lambda c: (len(view.hand.ranks(c.suit)), c.rank))
            return longest.id
        led = trick.cards[0]
        winners = [c for c in cards if c.suit == led.suit and c.rank > led.rank]
        return (winners or cards)[0].id

    def _call(self, view: SeatView) -> int:
        legal = view.legal_actions
        hand = view.hand
        points = sum(max(0, card.rank - 10) for card in hand)
        suit = max(
            (card.suit for card in hand), key=lambda s: (len(hand.ranks(s)), s), default=None
        )
        mine = view.contract is not None and view.declarer == view.seat
        wanted = 12 if view.contract is None else 15
        if suit is None or mine or points < wanted:
            return PASS
        bids = [a for a in legal if a >= FIRST_BID and Call(a).strain == suit]
        if bids and Call(bids[0]).level <= 3:
            return bids[0]
        return PASS


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
    adviser = HousePlayer()
    app = HoneymoonApp(Table(game, Seat.SOUTH, HousePlayer()), delay=0, record_path=None)
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
                    # The review of the hand just finished, at its second trick.
                    await pilot.press("b", "right", "right")
                    await pilot.pause()
                    shoot("review.svg")
                    await pilot.press("escape")
                    await pilot.pause()
                    continue
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


async def make_draw_preliminary(output: Path) -> Path:
    """A Draw Bridge preliminary trick with the face-up stock: East has led, South to follow."""
    output.mkdir(parents=True, exist_ok=True)
    rules = find_variant("draw").with_options(face_up_stock=True)
    game = Game(rules, seed=SEED, first_dealer=Seat.EAST)
    adviser = HousePlayer()
    app = HoneymoonApp(Table(game, Seat.SOUTH, HousePlayer()), delay=0, record_path=None)
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
                await pilot.press(*keys_for(screen, adviser.act(view)))
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
