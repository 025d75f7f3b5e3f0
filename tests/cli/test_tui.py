"""The full-screen table, driven as a person would with Textual's pilot at 80×24.

The player's moves are chosen from what the table itself offers (``GameScreen.offered``,
built from the player's view) and made with the keys shown on screen: ``k``/``r`` while
drawing, a typed call and Enter in the auction, arrows and Enter or a typed card in play.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from helpers import play_randomly
from textual.pilot import Pilot
from textual.widgets import Static

from honeymoon.actions import FIRST_BID, KEEP, PASS, REJECT
from honeymoon.bots import RandomBot
from honeymoon.cli.session import Table
from honeymoon.cli.tui import GameScreen, HoneymoonApp
from honeymoon.cli.tui.screens import QuitScreen, TextScreen
from honeymoon.engines import new_game
from honeymoon.game import Game, Phase
from honeymoon.seats import Seat
from honeymoon.views import SeatView

SIZE = (80, 24)


def make_app(
    seed: object = "tui", *, record: Path | None = None, game: Game | None = None
) -> HoneymoonApp:
    game = game or Game(seed=str(seed), first_dealer=Seat.EAST)
    table = Table(game, Seat.SOUTH, RandomBot(7))
    return HoneymoonApp(table, delay=0, record_path=record)


def text(app: HoneymoonApp, selector: str) -> str:
    """The plain text a part of the screen shows."""
    return str(app.screen.query_one(selector, Static).render())


def screen_text(app: HoneymoonApp) -> str:
    """Everything the table shows."""
    return "\n".join(str(widget.render()) for widget in app.game_screen.query(Static))


def dialog_text(app: HoneymoonApp) -> str:
    """Everything a pop-up shows."""
    return "\n".join(str(widget.render()) for widget in app.screen.query(Static))


def table_screen(app: HoneymoonApp) -> GameScreen:
    assert isinstance(app.screen, GameScreen), f"expected the table, got {app.screen!r}"
    return app.screen


def choose(view: SeatView, offered: list[tuple[int, str]], rng: random.Random) -> int:
    """A sensible person's choice among the offered actions: pass often and bid low."""
    actions = [action for action, _ in offered]
    if view.phase is Phase.AUCTION:
        if PASS in actions and (view.contract is not None or rng.random() < 0.3):
            return PASS
        bids = [a for a in actions if a >= FIRST_BID][:3]
        return rng.choice(bids or actions)
    return rng.choice(actions)


async def move(pilot: Pilot[int], screen: GameScreen, action: int, turn: int) -> None:
    """Make ``action`` with the keys a person would press."""
    view = screen.view()
    typed = dict(screen.offered())[action]
    if view.phase is Phase.DRAWING:
        await pilot.press(typed)
    elif view.phase is Phase.PLAY and turn % 2 == 0:
        # Walk the cursor over the hand with the arrow keys to the card, then Enter (which
        # acts only once the highlight has been moved).
        await pilot.press("right", "left")
        for _ in range(14):
            if screen._card_cursor is not None and screen._card_cursor.id == action:
                break
            await pilot.press("right")
        await pilot.press("enter")
    else:
        await pilot.press(*typed, "enter")


async def test_a_whole_hand_drawing_auction_play_and_score_sheet() -> None:
    app = make_app()
    rng = random.Random(1)
    seen = set()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        turn = 0
        while isinstance(app.screen, GameScreen):
            screen = app.screen
            view = screen.view()
            assert view.my_turn, "the computer should have moved at once (no delay)"
            seen.add(view.phase)
            shown = screen_text(app)
            if view.phase is Phase.DRAWING:
                assert view.looking_at is not None
                assert f"You are looking at {view.looking_at}" in shown
                assert f"Stock: {view.stock_remaining} cards left" in shown
                assert f"Your discards ({len(view.discards)})" in shown
                assert {a for a, _ in screen.offered()} == {KEEP, REJECT}
            elif view.phase is Phase.AUCTION:
                grid = text(app, "#table-right")
                assert "Pass" in grid
                if view.contract is not None:
                    assert "Bid " in text(app, "#table-foot")
                    assert ("X" in grid.split("\n")[0]) == (53 in view.legal_actions)
            elif view.phase is Phase.PLAY:
                assert "Tricks won: You" in shown
                assert "need" in shown
            action = choose(view, screen.offered(), rng)
            await move(pilot, screen, action, turn)
            await pilot.pause()
            turn += 1
        assert seen == {Phase.DRAWING, Phase.AUCTION, Phase.PLAY} or Phase.PLAY not in seen
        assert isinstance(app.screen, TextScreen)
        sheet = dialog_text(app)
        assert "Hand 1:" in sheet
        assert "total" in sheet
        await pilot.press("enter")
        await pilot.pause()
        view = table_screen(app).view()
        assert view.hand_number == 1
        assert view.results and view.results[0].number == 0


async def test_bad_input_at_each_kind_of_prompt_gets_one_helpful_line() -> None:
    app = make_app("bad-input")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = table_screen(app)
        await pilot.press("z")  # not a command while drawing
        assert "does nothing here: k keeps, r rejects" in text(app, "#log")
        await pilot.press("w")  # 'w' saves, but no file was named
        assert "No record file was named" in text(app, "#log")
        while screen.view().phase is Phase.DRAWING:
            await pilot.press("k")
            await pilot.pause()
        await pilot.press("9", "n", "t", "enter")
        assert "legal now: Pass" in text(app, "#log")
        await pilot.press("backspace", "x", "x", "enter")  # redouble with nothing doubled
        log = text(app, "#log")
        assert "redouble" in log and "legal now" in log
        assert screen.view().phase is Phase.AUCTION and screen.view().my_turn
        await pilot.press("1", "c", "enter")
        await pilot.pause()
        while screen.view().phase is Phase.AUCTION:
            await pilot.press("p", "enter")
            await pilot.pause()
        assert screen.view().phase is Phase.PLAY
        await pilot.press("z", "z", "enter")
        assert "'zz' is not a card" in text(app, "#log")
        hand = screen.view().hand
        missing = next(c for c in __import__("honeymoon.cards").cards.ALL_CARDS if c not in hand)
        await pilot.press(*missing.pbn.lower(), "enter")
        assert "legal now" in text(app, "#log")
        assert screen.view().my_turn and screen.view().phase is Phase.PLAY


async def test_undo_takes_back_a_call_but_never_goes_back_past_a_card_seen() -> None:
    app = make_app("undo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = table_screen(app)
        first = screen.view()
        await pilot.press("r")  # the reject shows the next card of the stock
        await pilot.pause()
        after = screen.view()
        assert after.stock_remaining == first.stock_remaining - 4
        await pilot.press("u")
        await pilot.pause()
        assert screen.view() == after, "undo would let the player reject again, knowing"
        assert text(app, "#log").endswith("since your reject.")
        assert "Undo stops here: you have seen" in text(app, "#log")
        while screen.view().phase is Phase.DRAWING:
            await pilot.press("k")
            await pilot.pause()
        bidding = screen.view()
        await pilot.press("1", "c", "enter")  # a call shows no card: it can be taken back
        await pilot.pause()
        await pilot.press("u")
        await pilot.pause()
        assert "You take back your 1♣." in text(app, "#log")
        assert screen.view() == bidding
        await pilot.press("u")
        assert "Undo stops here" in text(app, "#log") or "nothing to undo" in text(app, "#log")
        assert screen.view() == bidding
        assert screen.table.undos_used == 1


async def test_help_hint_discards_and_score_pop_ups() -> None:
    app = make_app("help")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        assert isinstance(app.screen, TextScreen)
        body = dialog_text(app)
        assert "Draw and Discard Bridge" in body and "k keep" in body
        # Undo in the auction: the help says the call taken back has shown its answer.
        assert "a call taken back has shown you the" in body
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)
        await pilot.press("h")
        await pilot.pause()
        assert "Hint (" in text(app, "#log")
        await pilot.press("k", "v")
        assert isinstance(app.screen, TextScreen)
        assert "kept" in dialog_text(app)
        await pilot.press("escape", "s")
        assert isinstance(app.screen, TextScreen)
        await pilot.press("enter", "f")
        assert table_screen(app).palette.four_colours


async def test_save_with_ctrl_s_and_resume_round_trip(tmp_path: Path) -> None:
    record = tmp_path / "rubber.json"
    app = make_app("save", record=record)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for key in "kkrk":
            await pilot.press(key)
            await pilot.pause()
        await pilot.press("ctrl+s")
        assert "Saved to" in text(app, "#log")
        before = table_screen(app).view()
    resumed, _ = Table.resume(record, level="easy")
    after = resumed.view()
    assert after == before or (
        after.hand,
        after.discards,
        after.draws,
        after.looking_at,
        after.stock_remaining,
    ) == (before.hand, before.discards, before.draws, before.looking_at, before.stock_remaining)


async def test_ctrl_c_asks_first_and_can_save_and_leave(tmp_path: Path) -> None:
    record = tmp_path / "left.json"
    app = make_app("quit", record=record)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("k")
        await pilot.pause()
        await pilot.press("ctrl+c")
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)
        await pilot.press("ctrl+c")
        await pilot.press("s")
        await pilot.pause()
    assert record.exists()
    assert any("Resume with" in line for line in app.farewell)


async def test_the_end_of_the_rubber_shows_the_winners_and_writes_the_record(
    tmp_path: Path,
) -> None:
    record = tmp_path / "end.json"
    probe = Game(seed="ending", first_dealer=Seat.EAST)
    total = play_randomly(probe, random.Random(3))
    game = Game(seed="ending", first_dealer=Seat.EAST)
    play_randomly(game, random.Random(3), max_actions=total - 1)
    app = make_app(game=game, record=record)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        if isinstance(app.screen, GameScreen):
            await pilot.press("right", "enter")  # the last card, highlighted
            await pilot.pause()
        assert isinstance(app.screen, TextScreen)
        body = dialog_text(app)
        assert "The rubber is over." in body
        assert "won the rubber" in body
        assert "on points" in body and "total" in body
        assert "The record of the rubber is in" in body
        await pilot.press("enter")
        await pilot.pause()
    assert record.exists()
    assert app.return_value == 0


async def test_the_table_never_shows_the_computers_cards() -> None:
    game = Game(seed="no-peeking", first_dealer=Seat.EAST)
    app = make_app(game=game)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = table_screen(app)
        while screen.view().phase is Phase.DRAWING:
            await pilot.press("r")
            await pilot.pause()
        shown = screen_text(app)
        hidden = game.hand(Seat.EAST) | game.discards(Seat.EAST)
        for card in hidden:
            chip = f"{card.rank.symbol}{card.suit.symbol}"
            assert str(card) not in shown and chip not in shown, f"{card} is on the screen"


async def test_the_computer_moves_after_the_pause() -> None:
    game = Game(seed="paced", first_dealer=Seat.EAST)
    app = HoneymoonApp(Table(game, Seat.SOUTH, RandomBot(1)), delay=0.6)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = table_screen(app)
        await pilot.press("k")
        assert not screen.view().my_turn
        assert "thinking" in text(app, "#prompt")
        await pilot.pause(1.0)
        assert screen.view().my_turn
        assert "East draws" in text(app, "#log")


# -- what the screen shows, character by character -------------------------------------------


def screen_lines(app: HoneymoonApp) -> list[str]:
    """The terminal's rows as the player sees them (every widget composed, borders and all)."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def plain(markup: str) -> str:
    """The text of Textual markup, as it would be read on screen."""
    from textual.content import Content

    return Content.from_markup(markup).plain


_SCROLLBAR = str.maketrans("", "", "▁▂▃▄▅▆▇█▔▕▏▐")


async def dialog_shown_text(pilot: Pilot[int], app: HoneymoonApp) -> str:
    """Every character the pop-up's frame shows, scrolling its body from top to bottom: the
    rows inside the frame, without the frame."""
    from textual.containers import VerticalScroll

    frame = app.screen.query_one("#dialog")
    region = frame.region
    bodies = list(app.screen.query(VerticalScroll))
    rows: dict[int, str] = {}
    positions = [0]
    if bodies:
        body = bodies[0]
        positions = list(range(0, int(body.max_scroll_y) + body.size.height, body.size.height))
    for position in positions:
        if bodies:
            bodies[0].scroll_to(y=position, animate=False, immediate=True)
            await pilot.pause()
            top = int(bodies[0].scroll_y) - bodies[0].region.y
        else:
            top = 0
        lines = screen_lines(app)
        for y in range(region.y + 1, region.bottom - 1):
            inside = lines[y][region.x + 1 : region.right - 1].translate(_SCROLLBAR)
            key = y + top if bodies and bodies[0].region.y <= y < bodies[0].region.bottom else -y
            rows[key] = inside
    return "\n".join(rows[key] for key in sorted(rows, key=lambda k: (k < 0, abs(k))))


def words(text: str) -> list[str]:
    return text.split()


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (160, 50)])
async def test_the_help_and_the_leave_dialog_show_every_character(size: tuple[int, int]) -> None:
    app = make_app("fits")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, TextScreen)
        source = plain(str(app.screen.query_one("#dialog-text", Static).content))
        shown = await dialog_shown_text(pilot, app)
        for word in words(source):
            assert word in shown, f"{word!r} is cut off at {size}"
        assert " ".join(words(source)) in " ".join(words(shown))
        await pilot.press("escape", "k", "ctrl+c")
        await pilot.pause()
        assert isinstance(app.screen, QuitScreen)
        source = plain(str(app.screen.query_one("#dialog-text", Static).content))
        shown = " ".join(words(await dialog_shown_text(pilot, app)))
        assert " ".join(words(source)) in shown, f"the Leave dialog is cut off at {size}"


@pytest.mark.parametrize(
    ("variant", "keep_words", "wrong_words"),
    [
        ("draw-discard", "keep it, discard the next card", "your turn ends"),
        ("draw-discard-no-discard", "keep it; your turn ends", "discard the next card"),
    ],
)
async def test_the_drawing_choices_say_what_keeping_does_in_the_variant(
    variant: str, keep_words: str, wrong_words: str
) -> None:
    from honeymoon.rules import find_variant

    rules = find_variant(variant)
    app = make_app(game=new_game(rules, seed="legend", first_dealer=Seat.EAST))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        shown = "\n".join(screen_lines(app))
        assert keep_words in shown and wrong_words not in shown
        assert "reject it, take the next card" in shown
        await pilot.press("k")  # and keeping does what the choice said
        await pilot.pause()
        turn = table_screen(app).view().draws[0]
        assert (turn.discarded is not None) == rules.discard_after_keep


def shown_rows(app: HoneymoonApp, selector: str) -> list[str]:
    """The rows of the screen that a part of the table covers, as the player sees them."""
    region = app.screen.query_one(selector).region
    lines = screen_lines(app)
    return [lines[y][region.x : region.right] for y in range(region.y, region.bottom)]


def newest_message_is_shown(app: HoneymoonApp) -> None:
    """The log's last rows hold the whole newest message (every word, in order)."""
    kind, newest = table_screen(app).messages[-1]
    shown = " ".join(" ".join(shown_rows(app, "#log")).split())
    assert shown.endswith(" ".join(newest.split())), (newest, shown)


@pytest.mark.parametrize("width", [80, 100])
async def test_the_message_line_shows_the_newest_message_even_when_it_wraps(width: int) -> None:
    app = make_app("12", record=Path("/nonexistent-dir/x.json"))
    async with app.run_test(size=(width, 24)) as pilot:
        await pilot.pause()
        screen = table_screen(app)
        while screen.view().phase is Phase.DRAWING:
            await pilot.press("k")
            await pilot.pause()
        assert screen.view().my_turn and screen.view().phase is Phase.AUCTION
        await pilot.press("9", "n", "enter")  # a refusal long enough to wrap
        newest_message_is_shown(app)
        assert "legal now" in screen.messages[-1][1]
        await pilot.press("z", "z", "enter")  # a second, different refusal replaces it
        newest_message_is_shown(app)
        assert "'zz'" in screen.messages[-1][1]
        await pilot.press("h")  # the hint shows on the first press
        await pilot.pause()
        assert screen.messages[-1][0] == "hint"
        newest_message_is_shown(app)
        await pilot.press("ctrl+s")  # a failed save says so at once
        await pilot.pause()
        assert screen.messages[-1][1].startswith("Could not save to /nonexistent-dir/x.json")
        newest_message_is_shown(app)
        assert "Could not save" in " ".join(shown_rows(app, "#log"))


async def test_enter_acts_only_after_the_player_moved_the_highlight_or_typed() -> None:
    app = make_app("stray-enter")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = table_screen(app)
        before = screen.view()
        await pilot.press("enter")  # a stray Enter while drawing keeps nothing
        await pilot.pause()
        assert screen.view() == before
        assert "nothing was done" in screen.messages[-1][1]
        await pilot.press("right", "enter")  # the highlight moved to reject: Enter rejects
        await pilot.pause()
        assert screen.view().draws[0].kept_first is False
        while screen.view().phase is Phase.DRAWING:
            await pilot.press("k")
            await pilot.pause()
        calls = screen.view().auction
        assert screen.view().my_turn
        await pilot.press("enter")  # nor does it pass in the auction
        await pilot.pause()
        assert screen.view().auction == calls and screen.view().my_turn
        await pilot.press("1", "c", "enter")
        await pilot.pause()
        while screen.view().phase is Phase.AUCTION:
            await pilot.press("p", "enter")
            await pilot.pause()
        assert screen.view().phase is Phase.PLAY and screen.view().my_turn
        hand = screen.view().hand
        await pilot.press("enter")  # nor plays the highlighted card
        await pilot.pause()
        assert screen.view().hand == hand and screen.view().my_turn
        await pilot.press("left", "enter")
        await pilot.pause()
        assert len(screen.view().hand) == len(hand) - 1


def _winning_card(view: SeatView) -> int:
    """A legal card that wins the trick if the player follows, else the highest legal one."""
    from honeymoon.cards import Card
    from honeymoon.tricks import trick_winner

    legal = [Card.from_id(a) for a in view.legal_actions]
    trick = view.current_trick
    if trick is not None and trick.cards and view.contract is not None:
        for card in legal:
            ids = [trick.cards[0].id, card.id]
            if trick_winner(ids, int(view.contract.strain)) == 1:
                return card.id
    return max(legal, key=lambda card: card.rank).id


async def test_a_finished_trick_stays_on_the_table_until_a_key_is_pressed() -> None:
    app = make_app("held-trick")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = table_screen(app)
        while screen.view().phase is Phase.DRAWING:
            await pilot.press("k")
            await pilot.pause()
        while screen.view().phase is Phase.AUCTION:
            await pilot.press("p", "enter")
            await pilot.pause()
        assert screen.view().phase is Phase.PLAY, "this seed's first hand is played"
        checked = False
        while isinstance(app.screen, GameScreen) and screen.view().phase is Phase.PLAY:
            view = screen.view()
            card = _winning_card(view)
            screen.action_act(card)
            await pilot.pause()
            after = screen.view()
            last = screen.table.last_trick
            if (
                isinstance(app.screen, GameScreen)
                and after.phase is Phase.PLAY
                and not (after.current_trick and after.current_trick.cards)
                and last is not None
                and last.winner == Seat.SOUTH
                and last.leader == Seat.SOUTH
            ):
                # The computer's card completed the trick and the player leads next: both
                # cards stay in view.
                shown = "\n".join(shown_rows(app, "#table-left"))
                for played in last.cards:
                    assert f"│{played.rank.symbol:<5}│" in shown, (played, shown)
                    assert played.suit.symbol in shown
                assert "You win the trick" in shown
                await pilot.press("right")  # a key press clears the table for the next lead
                await pilot.pause()
                shown = "\n".join(shown_rows(app, "#table-left"))
                assert "You win the trick" not in shown and "You lead" in shown
                checked = True
                break
        assert checked, "the player never won a trick to check"


def _east_led_and_south_can_lose(seed: int) -> tuple[Game, int] | None:
    """A game in the play where East has led and South holds a card that loses the trick."""
    from honeymoon.tricks import trick_winner

    game = Game(seed=f"held-{seed}", first_dealer=Seat.EAST)
    rng = random.Random(seed)
    for _ in range(400):
        trick = game.current_trick
        if game.phase is Phase.PLAY and game.to_act == Seat.SOUTH and trick and trick.cards:
            trump = int(game.trump) if game.trump is not None else 4
            for card in game.legal_actions():
                if trick_winner([*(c.id for c in trick.cards), card], trump) == 0:
                    return game, card
        if game.is_over or game.history:
            return None
        legal = game.legal_actions()
        bids = [a for a in legal if FIRST_BID <= a <= FIRST_BID + 2]
        pick = PASS if game.phase is Phase.AUCTION and game.contract else None
        game.apply(pick if pick is not None else rng.choice(bids or legal))
    return None


async def test_a_trick_the_computer_wins_stays_until_a_key() -> None:
    game, losing = next(found for found in map(_east_led_and_south_can_lose, range(30)) if found)
    app = HoneymoonApp(Table(game, Seat.SOUTH, RandomBot(1)), delay=0.05)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = table_screen(app)
        screen.action_act(losing)
        # Longer than the pause before any computer move: East, on lead, waits for a key.
        await pilot.pause(1.6)
        trick = game.current_trick
        assert trick is None or not trick.cards, "East led while its trick was on the table"
        assert "East wins the trick" in text(app, "#table-left")
        assert "Press a key (or click) to take the trick off the table" in text(app, "#prompt")
        await pilot.press("escape")
        await pilot.pause(0.5)
        assert game.current_trick is not None and game.current_trick.cards
        assert "East wins the trick" not in text(app, "#table-left")


async def test_a_click_takes_the_computers_trick_off_the_table_too() -> None:
    game, losing = next(found for found in map(_east_led_and_south_can_lose, range(30)) if found)
    app = HoneymoonApp(Table(game, Seat.SOUTH, RandomBot(1)), delay=0.05)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table_screen(app).action_act(losing)
        await pilot.pause(0.5)
        assert "East wins the trick" in text(app, "#table-left")
        await pilot.click("#table-left")
        await pilot.pause(0.5)
        assert game.current_trick is not None and game.current_trick.cards


def _at_souths_last_card(game: Game) -> bool:
    return (
        game.phase is Phase.PLAY and game.to_act == Seat.SOUTH and len(game.completed_tricks) == 12
    )


async def test_behind_the_end_of_hand_dialog_the_prompt_waits_for_enter() -> None:
    for seed in range(40):
        game = Game(seed=f"hand-over-{seed}", first_dealer=Seat.SOUTH)
        rng = random.Random(seed)
        while not game.is_over and not game.history:
            if (
                game.phase is Phase.PLAY
                and game.to_act == Seat.SOUTH
                and len(game.completed_tricks) == 12
            ):
                break
            legal = game.legal_actions()
            calls = [a for a in legal if FIRST_BID <= a <= FIRST_BID + 2]
            if game.phase is Phase.AUCTION:
                game.apply(PASS if game.contract or not calls else calls[0])
            else:
                game.apply(rng.choice(legal))
        if (
            game.phase is Phase.PLAY
            and game.to_act == Seat.SOUTH
            and len(game.completed_tricks) == 12
        ):
            break
    else:
        raise AssertionError("no seed reached South's last card")
    app = HoneymoonApp(Table(game, Seat.SOUTH, RandomBot(1)), delay=0.05)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = table_screen(app)
        (last,) = game.legal_actions()
        screen.action_act(last)
        await pilot.pause(0.3)
        assert isinstance(app.screen, TextScreen)
        prompt = str(screen.query_one("#prompt", Static).render())
        assert "thinking" not in prompt and "Enter for the next hand" in prompt
        await pilot.press("enter")
        await pilot.pause(0.3)
        assert "Enter for the next hand" not in str(screen.query_one("#prompt", Static).render())


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (160, 50)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_drawing_turn_count_is_never_broken_across_rows(size: tuple[int, int]) -> None:
    app = make_app("turn-count")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert table_screen(app).view().phase is Phase.DRAWING
        rows = [row.strip() for row in shown_rows(app, "#table-right")]
        assert any(row.startswith("You are looking at ") for row in rows)
        assert any("turn 1 of 13" in row.lower() for row in rows), rows


async def card_size(size: tuple[int, int]) -> tuple[int, int]:
    """Columns and rows of the card looked at in the drawing, as drawn on a terminal of
    ``size``."""
    app = make_app("card-size")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert table_screen(app).view().phase is Phase.DRAWING
        rows = [row.rstrip() for row in shown_rows(app, "#table-left") if row.strip()]
        assert rows[0].lstrip().startswith("╭") and rows[-1].lstrip().startswith("╰")
        return len(rows[0].strip()), len(rows)


async def test_the_cards_grow_with_the_terminal() -> None:
    small, big, large = [await card_size(size) for size in [(80, 24), (120, 40), (160, 50)]]
    assert small == (7, 5)
    assert big == (9, 7)
    assert large[0] > big[0] and large[1] > big[1], "the cards grow on a large terminal"
