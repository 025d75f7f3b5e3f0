"""Regenerate the screenshots of ``honeymoon play`` in docs/screenshots/ (SVG, 80×24, and one
four-hand table at 160×50).

Plays a fixed-seed rubber in the full-screen table, both seats played by the plain fixed
policy below (:class:`HousePlayer`: keep high cards, open the long suit with values, win a
trick cheaply), the player's moves typed as a person would, and saves the app's own
screenshot at each phase of its first hand; then its last hand, for the rubber's end (the
hands between are played without the table); then a Draw Bridge hand with the face-up stock,
for a screenshot of a preliminary trick; then Bridgette's exchange and play
(``bridgette-*.svg``); then one of each four-hand variant and option (``table-*.svg``), both
seats played by :class:`TableHousePlayer`:

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
from honeymoon.cli.table_render import choice_words
from honeymoon.cli.table_session import FourHandTable
from honeymoon.cli.tui import GameScreen, HoneymoonApp
from honeymoon.cli.tui.table_screen import FourHandScreen
from honeymoon.engines import new_game
from honeymoon.game import Game, Phase
from honeymoon.rules import find_variant
from honeymoon.seats import Seat
from honeymoon.table import TableGame
from honeymoon.views import SeatView, TableView, view_for

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


def _rubber(last_hand: bool) -> Game:
    """The screenshots' rubber as the house player plays it in both seats: at its start, or
    (``last_hand``) played on to the start of its last hand without the table, so that the
    table plays only that hand for the rubber's end (typing every move of a whole rubber into
    the table took minutes)."""
    game = Game(seed=SEED, first_dealer=Seat.EAST)
    if not last_hand:
        return game
    player = HousePlayer()
    played = Game(seed=SEED, first_dealer=Seat.EAST)
    actions: list[tuple[int, Seat, int]] = []
    while not played.is_over:
        seat = played.to_act
        assert seat is not None
        action = player.act(view_for(played, seat))
        actions.append((played.hand_number, seat, action))
        played.apply(action, seat)
    last = actions[-1][0]
    for number, seat, action in actions:
        if number == last:
            break
        game.apply(action, seat)
    return game


async def make(output: Path) -> list[Path]:
    """Play and save one screenshot per phase; returns the files written."""
    output.mkdir(parents=True, exist_ok=True)
    written = await _play_rubber(output, ["drawing", "auction", "play", "score-sheet", "review"])
    written += await _play_rubber(output, ["rubber-over"])
    return written


async def _play_rubber(output: Path, wanted: list[str]) -> list[Path]:
    """Play the rubber in the table, from the start or (for the rubber's end alone) from its
    last hand, and save the ``wanted`` screenshots."""
    game = _rubber(last_hand=wanted == ["rubber-over"])
    adviser = HousePlayer()
    app = HoneymoonApp(Table(game, Seat.SOUTH, HousePlayer()), delay=0, record_path=None)
    written: list[Path] = []

    def shoot(name: str) -> None:
        app.save_screenshot(name, str(output))
        written.append(output / name)

    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        while wanted:
            screen = app.screen
            if not isinstance(screen, GameScreen):
                if wanted == ["score-sheet", "review"]:
                    shoot("score-sheet.svg")
                    # The review of the hand just finished, at its second trick.
                    await pilot.press("b", "right", "right")
                    await pilot.pause()
                    shoot("review.svg")
                    break
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
    game = new_game(rules, seed=SEED, first_dealer=Seat.EAST)
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


class BridgetteHousePlayer(HousePlayer):
    """The house policy for Bridgette: discard the lowest suited card in the exchange (the
    Colons are kept); spoil a lead it cannot beat with the matching Colon; never lead a
    Colon while it holds a suited card (the rules forbid it anyway)."""

    def act(self, view: SeatView) -> int:
        """The policy's action for ``view``."""
        legal = view.legal_actions
        if view.phase is Phase.AUCTION:
            # The first call opens one of the longest suit; every later call passes.
            if view.contract is not None:
                return PASS
            hand = [c for c in view.hand if not c.is_colon]
            suit = max((c.suit for c in hand), key=lambda s: (len(view.hand.ranks(s)), s))
            return next(a for a in legal if a >= FIRST_BID and Call(a).strain == suit)
        cards = [Card.from_id(a - 44 if a >= 96 else a) for a in legal]
        suited = sorted((c for c in cards if not c.is_colon), key=lambda c: (c.rank, c.suit))
        colons = [c for c in cards if c.is_colon]
        if view.phase is Phase.EXCHANGE:
            return (suited or colons)[0].action
        trick = view.current_trick
        if trick is None or not trick.cards:
            if not suited:
                return colons[0].action
            longest = max(suited, key=lambda c: (len(view.hand.ranks(c.suit)), c.rank))
            return longest.action
        led = trick.cards[0]
        if led.is_colon:
            return (suited or colons)[0].action
        winners = [c for c in suited if c.suit == led.suit and c.rank > led.rank]
        return (winners or colons or suited)[0].action


async def make_bridgette(output: Path) -> list[Path]:
    """Bridgette: the player's exchange (the upcard, the cards taken), and the play with a
    Colon in the player's hand."""
    output.mkdir(parents=True, exist_ok=True)
    game = new_game(find_variant("bridgette"), seed=SEED, first_dealer=Seat.SOUTH)
    adviser = BridgetteHousePlayer()
    app = HoneymoonApp(Table(game, Seat.SOUTH, BridgetteHousePlayer()), delay=0, record_path=None)
    written: list[Path] = []
    wanted = ["bridgette-exchange.svg", "bridgette-play.svg"]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(2000):
            if not wanted:
                break
            screen = app.screen
            if not isinstance(screen, GameScreen):
                await pilot.press("enter")
                await pilot.pause()
                continue
            view = screen.view()
            if not view.my_turn:
                await pilot.pause()
                continue
            if view.phase is Phase.EXCHANGE and wanted[0] == "bridgette-exchange.svg":
                if view.to_discard == 4:
                    app.save_screenshot(wanted[0], str(output))
                    written.append(output / wanted.pop(0))
            elif (
                view.phase is Phase.PLAY
                and wanted == ["bridgette-play.svg"]
                and len(view.tricks) >= 3
                and view.hand.colons
                and view.current_trick is not None
                and view.current_trick.cards
            ):
                await pilot.press("l")
                app.save_screenshot(wanted[0], str(output))
                written.append(output / wanted.pop(0))
                break
            await pilot.press(*keys_for(screen, adviser.act(view)))
            await pilot.pause()
    if wanted:
        raise RuntimeError(f"no moment for {', '.join(wanted)} in the Bridgette match")
    return written


class TableHousePlayer:
    """A fixed, plain policy at the four-hand table: the first caller opens one of their
    longest suit and everyone passes after; the extra card with the highest rank goes to the
    hand; in the tricks win cheaply in the suit led, else play the lowest card."""

    name = "house"

    def act(self, view: TableView) -> int:
        """The policy's action for ``view``."""
        legal = view.legal_actions
        if view.phase is Phase.AUCTION:
            if view.contract is not None:
                return PASS
            hand = view.hand
            suit = max((card.suit for card in hand), key=lambda s: (len(hand.ranks(s)), s))
            return next(a for a in legal if a >= FIRST_BID and Call(a).strain == suit)
        if view.phase is not Phase.PLAY:
            return legal[-1]
        cards = sorted((Card.from_id(a) for a in legal), key=lambda c: (c.rank, c.suit))
        trick = view.current_trick
        if trick is None or not trick.cards:
            return cards[-1].id
        led = trick.cards[0]
        winners = [
            c
            for c in cards
            if c.suit == led.suit
            and c.rank > max((p.rank for p in trick.cards if p.suit == led.suit), default=led.rank)
        ]
        return (winners or cards)[0].id


#: A large terminal, for the four-hand table with the messages beside it.
LARGE = (160, 50)

#: The four-hand screenshots: file, variant, options, the player's seat, when to shoot, and
#: the terminal's size.
TABLE_SHOTS: list[tuple[str, str, dict[str, bool], Seat, str, tuple[int, int]]] = [
    ("table-double-dummy.svg", "double-dummy", {}, Seat.SOUTH, "play", SIZE),
    ("table-racks.svg", "double-dummy", {"racks": True}, Seat.SOUTH, "play", SIZE),
    ("table-clockwise.svg", "double-dummy", {"clockwise": True}, Seat.EAST, "play", SIZE),
    (
        "table-twelve-and-two.svg",
        "double-dummy",
        {"twelve_and_two": True},
        Seat.SOUTH,
        "extra",
        SIZE,
    ),
    ("table-single-dummy.svg", "single-dummy", {}, Seat.SOUTH, "choice", SIZE),
    ("table-semi-exposed.svg", "semi-exposed", {}, Seat.SOUTH, "play", SIZE),
    ("table-widow.svg", "widow", {}, Seat.SOUTH, "widow", SIZE),
    ("table-large.svg", "double-dummy", {}, Seat.SOUTH, "play", LARGE),
]


def _table_keys(view: TableView, action: int) -> list[str]:
    """The keys a person types for ``action`` at the four-hand table, then Enter."""
    words = {92: "exposed", 93: "other", 94: "defender", 95: "dummy"}
    if action in words:
        return [*words[action], "enter"]
    text = choice_words(action).lower().replace("nt", "n")
    for symbol, letter in zip("♠♥♦♣", "shdc", strict=True):
        text = text.replace(symbol, letter)
    return [*text, "enter"]


async def make_table(output: Path) -> list[Path]:
    """One screenshot of each four-hand variant and option, at the moment it shows best."""
    output.mkdir(parents=True, exist_ok=True)
    written = []
    for name, variant, options, seat, moment, size in TABLE_SHOTS:
        rules = find_variant(variant, four_hands=True).with_options(**options)
        game = TableGame(rules, seed=SEED, first_dealer=seat)
        table = FourHandTable(game, seat, TableHousePlayer())
        app = HoneymoonApp(table, delay=0, record_path=None)
        policy = TableHousePlayer()
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            while True:
                screen = app.screen
                assert isinstance(screen, FourHandScreen), f"{name}: the hand ended first"
                view = screen.view()
                trick = view.current_trick
                ready = {
                    "play": view.phase is Phase.PLAY
                    and len(view.tricks) >= 3
                    and trick is not None
                    and len(trick.cards) >= 2,
                    "extra": view.phase is Phase.EXTRA_CARDS,
                    "choice": view.phase is Phase.DUMMY_CHOICE,
                    "widow": view.phase is Phase.WIDOW_HAND,
                }[moment]
                if ready and view.my_turn:
                    app.save_screenshot(name, str(output))
                    written.append(output / name)
                    break
                await pilot.press(*_table_keys(view, policy.act(view)))
                await pilot.pause()
    return written


def main() -> int:
    """Write the screenshots and list them."""
    output = (
        Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parents[1] / "docs/screenshots"
    )
    for path in asyncio.run(make(output)):
        print(path)
    print(asyncio.run(make_draw_preliminary(output)))
    for path in asyncio.run(make_bridgette(output)):
        print(path)
    for path in asyncio.run(make_table(output)):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
