"""The four-hand table, full screen, driven with Textual's pilot at 80×24 as a person would:
typed calls and cards, the arrows and Enter, against a computer player that opens 1♠ and
passes after.

Every screen is checked against the player's view: no card the seat may not see is ever on
it; the opponent's dummy is backs until the opening lead (and always, with racks).
"""

from __future__ import annotations

import pytest
from table_helpers import (
    TABLE_CASES,
    OpeningBot,
    answer,
    choose,
    shown_cards,
    table_rules,
    visible_cards,
)
from textual.pilot import Pilot
from textual.widgets import Static

from honeymoon.cards import Card
from honeymoon.cli.table_render import BACK
from honeymoon.cli.table_session import FourHandTable
from honeymoon.cli.tui import HoneymoonApp
from honeymoon.cli.tui.screens import TextScreen
from honeymoon.cli.tui.table_screen import FourHandScreen
from honeymoon.game import Phase
from honeymoon.seats import Direction, Seat
from honeymoon.table import TableGame
from honeymoon.views import TableView

SIZE = (80, 24)


def make_app(variant: str, options: dict[str, bool], seed: str, human: Seat) -> HoneymoonApp:
    game = TableGame(table_rules(variant, options), seed=seed, first_dealer=Seat.SOUTH)
    return HoneymoonApp(FourHandTable(game, human, OpeningBot()), delay=0)


def table_text(app: HoneymoonApp) -> str:
    return str(app.game_screen.query_one("#four-table", Static).render())


def screen_text(app: HoneymoonApp) -> str:
    return "\n".join(str(widget.render()) for widget in app.game_screen.query(Static))


def check_secrecy(app: HoneymoonApp, view: TableView, known: set[Card]) -> None:
    """The table shows only what the view shows now; the whole screen (the log keeps earlier
    messages) only cards the seat has seen at some point."""
    now = visible_cards(view)
    known |= now
    on_table = shown_cards(table_text(app))
    assert on_table <= now, f"the table shows unseen cards {on_table - now}"
    everywhere = shown_cards(screen_text(app))
    assert everywhere <= known, f"the screen shows unseen cards {everywhere - known}"


async def make_move(pilot: Pilot[int], screen: FourHandScreen, action: int, turn: int) -> None:
    """Make ``action`` with the keys a person would press: every other card by walking the
    highlight with the arrows, everything else typed."""
    offered = screen.offered()
    assert action in offered
    view = screen.view()
    if view.phase is Phase.PLAY and turn % 2 == 0:
        await pilot.press("right", "left")
        for _ in range(14):
            if offered[screen._cursor] == action:
                break
            await pilot.press("right")
        await pilot.press("enter")
        return
    await pilot.press(*answer(view, action), "enter")


@pytest.mark.parametrize(
    ("name", "variant", "options"), TABLE_CASES, ids=[c[0] for c in TABLE_CASES]
)
async def test_a_whole_hand_of_each_table_variant(
    name: str, variant: str, options: dict[str, bool]
) -> None:
    human = Seat.EAST if name == "clockwise" else Seat.SOUTH
    app = make_app(variant, options, f"tui-{name}", human)
    known: set[Card] = set()
    phases = set()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        turn = 0
        while isinstance(app.screen, FourHandScreen):
            screen = app.screen
            view = screen.view()
            assert view.my_turn, "the computer should have moved at once (no delay)"
            phases.add(view.phase)
            check_secrecy(app, view, known)
            text = table_text(app)
            me = view.seat
            assert me is not None
            if view.phase is Phase.PLAY:
                assert view.to_play is not None
                assert f"▶ {view.to_play.label}" in text
                if view.to_play.is_dummy:
                    assert "Your dummy" in str(app.screen.query_one("#prompt", Static).render())
            await make_move(pilot, screen, choose(view), turn)
            await pilot.pause()
            turn += 1
        assert isinstance(app.screen, TextScreen)
        sheet = "\n".join(str(w.render()) for w in app.screen.query(Static))
        assert "Hand 1:" in sheet
        await pilot.press("enter")
        await pilot.pause()
        assert app.game_screen.view().hand_number == 1
    # The player declares (South outbids nothing; East outbids South's 1♠), so declarer's
    # choices come to them.
    expected = {Phase.AUCTION, Phase.PLAY}
    if variant == "single-dummy":
        expected.add(Phase.DUMMY_CHOICE)
    if options.get("twelve_and_two"):
        expected.add(Phase.EXTRA_CARDS)
    if variant == "widow":  # the player declares: the defender places the cards given
        expected |= {Phase.WIDOW_HAND, Phase.WIDOW_DUMMY, Phase.LEAD_CHOICE}
    assert phases == expected


@pytest.mark.parametrize("racks", [False, True], ids=["face-up", "racks"])
async def test_the_opponents_dummy_before_and_after_the_opening_lead(racks: bool) -> None:
    # South passes, East opens 1♠ and South passes: East declares and South, at declarer's
    # left, leads. Until that lead South sees their own dummy but not East's (West); after
    # it both dummies are face up, except with racks, where West is never shown to South.
    rules = table_rules("double-dummy", {"racks": racks})
    game = TableGame(rules, seed="lead", first_dealer=Seat.SOUTH)
    app = HoneymoonApp(FourHandTable(game, Seat.SOUTH, OpeningBot()), delay=0)
    west = set(game.hand_at(3))
    north = set(game.hand_at(0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.game_screen
        assert isinstance(screen, FourHandScreen)
        assert not shown_cards(table_text(app)) & (west | north), "no dummy in the auction"
        for call in ("p", "p"):
            await pilot.press(call, "enter")
            await pilot.pause()
        view = screen.view()
        assert view.phase is Phase.PLAY and view.to_play is Direction.SOUTH
        before = shown_cards(table_text(app))
        assert not before & west, "East's dummy shown before the opening lead"
        assert north <= before, "South sees their own dummy once the auction is over"
        assert "▶ South" in table_text(app)
        await pilot.press(*Card.from_id(screen.offered()[0]).pbn.lower(), "enter")
        await pilot.pause()
        view = screen.view()
        played = {
            card for trick in [*view.tricks, view.current_trick] if trick for card in trick.cards
        }
        after = shown_cards(table_text(app))
        if racks:
            assert not (after & west) - played, "a racked dummy is never shown to the opponent"
            assert BACK in table_text(app)
        else:
            assert west - played <= after, "after the lead both dummies are face up"


async def test_a_hint_a_claim_and_a_review_asked_for_too_early() -> None:
    app = make_app("double-dummy", {}, "no-hints", Seat.SOUTH)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        mine = app.game_screen.view().my_turn
        said = {
            "h": "Hint (expert): " if mine else "No hint: it is not your turn.",
            "c": "A claim is made during the play of a hand, after the auction.",
            "b": "No hand is finished yet: b reviews one once it is over.",
        }
        for key, words in said.items():
            await pilot.press(key)
            await pilot.pause()
            log = str(app.game_screen.query_one("#log", Static).render())
            assert words in log
            assert isinstance(app.screen, FourHandScreen)


async def test_a_bad_card_gets_one_line_and_changes_nothing() -> None:
    app = make_app("double-dummy", {}, "bad", Seat.SOUTH)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("z", "z", "enter")
        await pilot.pause()
        log = str(app.game_screen.query_one("#log", Static).render())
        assert "legal now:" in log
        assert app.game_screen.view().auction == ()


async def test_the_end_of_a_hand_waits_for_enter_with_no_old_trick_on_the_next_deal() -> None:
    app = make_app("double-dummy", {}, "tui-hand-over", Seat.SOUTH)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        turn = 0
        while isinstance(app.screen, FourHandScreen):
            screen = app.screen
            await make_move(pilot, screen, choose(screen.view()), turn)
            await pilot.pause()
            turn += 1
        assert isinstance(app.screen, TextScreen)
        dialog = "\n".join(str(w.render()) for w in app.screen.query(Static))
        assert "Last trick: " in dialog
        assert "Press b to review the hand, Enter for the next hand." in dialog
        behind = app.game_screen
        prompt = str(behind.query_one("#prompt", Static).render())
        assert "thinking" not in prompt and "Enter for the next hand" in prompt
        # The next deal behind the dialog has no trick of the last hand in its middle.
        assert " wins" not in table_text(app) and " win" not in table_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert behind.view().hand_number == 1
        assert "Enter for the next hand" not in str(behind.query_one("#prompt", Static).render())


def test_a_trick_you_win_is_worded_you_win() -> None:
    from honeymoon.cli.table_render import trick_words, wins_words
    from honeymoon.views import TableTrickView

    trick = TableTrickView(Direction.WEST, tuple(Card.parse(c) for c in ("S3", "S5", "SK", "SA")))
    won = TableTrickView(trick.leader, trick.cards, Direction.SOUTH)
    assert trick_words(won, Seat.SOUTH).endswith(": you win")
    assert wins_words(Direction.SOUTH, Seat.SOUTH, capital=True) == "You win"
    assert wins_words(Direction.NORTH, Seat.SOUTH) == "your dummy (North) wins"
    assert (
        trick_words(TableTrickView(trick.leader, trick.cards, Direction.EAST), Seat.SOUTH)[-11:]
        == ": East wins"
    )


def rendered_line(widget: Static, row: int = 0) -> str:
    """The characters a widget puts on the screen in ``row``: what is cut off is not there."""
    return "".join(segment.text for segment in widget.render_line(row)).rstrip()


@pytest.mark.parametrize(
    ("variant", "options", "phase"),
    [
        ("widow", {}, Phase.WIDOW_HAND),
        ("widow", {}, Phase.WIDOW_DUMMY),
        ("double-dummy", {"twelve_and_two": True}, Phase.EXTRA_CARDS),
        ("single-dummy", {}, Phase.DUMMY_CHOICE),
    ],
    ids=["widow-hand", "widow-dummy", "extra-cards", "dummy-choice"],
)
async def test_the_prompt_of_each_choice_is_shown_whole_at_80_columns(
    variant: str, options: dict[str, bool], phase: Phase
) -> None:
    app = make_app(variant, options, f"prompt-{variant}", Seat.SOUTH)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.game_screen
        assert isinstance(screen, FourHandScreen)
        while not (screen.view().phase is phase and screen.view().my_turn):
            await pilot.press(*answer(screen.view(), choose(screen.view())), "enter")
            await pilot.pause()
        prompt = screen.query_one("#prompt", Static)
        whole = str(prompt.render()).strip()
        assert whole.endswith("Enter")
        assert rendered_line(prompt).strip() == whole, "the prompt is cut at the screen's edge"


def screen_rows(app: HoneymoonApp) -> list[str]:
    """The terminal's rows as the player sees them."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


@pytest.mark.parametrize("size", [(120, 40), (160, 50)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_on_a_large_terminal_the_messages_fill_the_columns_beside_the_table(
    size: tuple[int, int],
) -> None:
    width, height = size
    app = make_app("double-dummy", {}, "large", Seat.SOUTH)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.game_screen
        for _ in range(8):  # the auction and two tricks: messages enough to fill rows
            await pilot.press(*answer(screen.view(), choose(screen.view())), "enter")
            await pilot.pause()
        table = screen.query_one("#four-table").region
        log = screen.query_one("#log").region
        assert log.x >= table.right, "the messages stand beside the table"
        assert table.width + log.width >= width - 2, "no columns are left empty"
        assert log.width >= 40
        # The messages have every row between the status line and the prompt.
        prompt = screen.query_one("#prompt").region
        assert log.y == table.y and log.bottom == prompt.y
        assert log.height >= height - 4
        # Every message so far is shown, whole and in order, wrapped to the log's width.
        rows = screen_rows(app)[log.y : log.bottom]
        shown = " ".join(" ".join(row[log.x : log.right] for row in rows).split())
        said = " ".join(" ".join(text for _, text in screen.messages).split())
        assert shown == said


@pytest.mark.parametrize("size", [(80, 24), (160, 50)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_rows_under_a_wide_table_show_the_auction_and_the_tricks(
    size: tuple[int, int],
) -> None:
    app = make_app("double-dummy", {}, "large", Seat.SOUTH)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.game_screen
        for _ in range(8):
            await pilot.press(*answer(screen.view(), choose(screen.view())), "enter")
            await pilot.pause()
        panel = screen.query_one("#four-so-far")
        if size == SIZE:
            assert not panel.display, "at 80×24 there is no room for it"
            return
        table = screen.query_one("#four-table").region
        assert panel.region.x == table.x and panel.region.y > table.bottom
        assert panel.region.bottom == screen.query_one("#prompt").region.y
        rows = screen_rows(app)[panel.region.y : panel.region.bottom]
        shown = "\n".join(row[panel.region.x : panel.region.right] for row in rows)
        assert "Auction and tricks" in shown
        assert "1♣" in shown and "Pass" in shown
        assert "1. " in shown and "2. " in shown
