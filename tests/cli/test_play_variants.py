"""Every registered variant in the terminal game: whole rubbers in the plain mode from a
script, the full-screen table through the preliminary tricks, the variant options on the
command line, and the secrecy of the opponent's cards (dealt, drawn or discarded)."""

from __future__ import annotations

import io
import random
import sys
from pathlib import Path

import pytest
from textual.widgets import Static

from honeymoon.actions import FIRST_BID, PASS, describe
from honeymoon.bots import RandomBot
from honeymoon.cards import Card
from honeymoon.cli import main
from honeymoon.cli.options import variant_with_options
from honeymoon.cli.play import PlainSession
from honeymoon.cli.session import Table
from honeymoon.cli.tui import GameScreen, HoneymoonApp
from honeymoon.cli.tui.screens import TextScreen
from honeymoon.engines import new_game
from honeymoon.errors import UnknownVariantError
from honeymoon.game import Game, Phase
from honeymoon.rules import VARIANTS, RuleSet, find_variant
from honeymoon.seats import Seat
from honeymoon.views import SeatView

SIZE = (80, 24)
JUNK = ["", "zz", "S0", "XXX", "keepx", "1Q", "13", "♠", "k", "p", "S1"]
COMMANDS = ["help", "hand", "score", "auction", "discards", "drawn", "last", "rules"]


class LowBidder:
    """Passes often and bids low, so that rubbers end in a few hands."""

    name = "low-bidder"

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def act(self, view: SeatView) -> int:
        legal = view.legal_actions
        if view.phase is Phase.AUCTION:
            if PASS in legal and (view.contract is not None or self._rng.random() < 0.5):
                return PASS
            return self._rng.choice([a for a in legal if a >= FIRST_BID][:3] or list(legal))
        return self._rng.choice(legal)


class BrokenBot:
    """A computer player without a strategy for the preliminary tricks."""

    name = "broken"

    def act(self, view: SeatView) -> int:
        if view.phase is Phase.PRELIMINARY:
            raise AssertionError("no contract yet")
        return view.legal_actions[0]


def ascii_answer(action: int) -> str:
    """An action as a person types it: ``SA``, ``1NT``, ``keep``."""
    return describe(action).replace("♠", "S").replace("♥", "H").replace("♦", "D").replace("♣", "C")


class SecrecyCheck:
    """Checks that text shown to South never names a card East holds or discarded (a card
    East drew included) unless everyone saw it: played, or turned face up for both."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.hand_number = -1
        #: Cards East holds that the player saw legitimately: turned face up for both, or
        #: played by East and then taken back with an undo.
        self.face_up: set[Card] = set()
        self.checked = 0

    @property
    def game(self) -> Game:
        """The game the table plays now (an undo puts back an earlier copy)."""
        return self.table._game

    def hidden(self) -> set[Card]:
        game = self.game
        east = set(game.hand(Seat.EAST)) | set(game.discards(Seat.EAST))
        drawn = {card for card in game.drawn_cards(Seat.EAST) if card in game.hand(Seat.EAST)}
        assert drawn <= east
        return east - self.face_up

    def see(self, view: SeatView) -> None:
        """Note the face-up card the player sees now (public from now on)."""
        if view.hand_number != self.hand_number:
            self.hand_number = view.hand_number
            self.face_up = set()
        if view.face_up is not None:
            self.face_up.add(view.face_up)

    def check(self, text: str, *, chips: bool = False) -> None:
        """``chips``: also look for the table's ``4♠`` form (not where bids are shown)."""
        if self.game.is_over:
            return
        text = text.replace("'♠A'", "")  # the example in the notation help
        for card in self.hidden():
            assert str(card) not in text, f"{card} of East was shown"
            if card.is_colon:  # Bridgette: a Colon as the table shows it, ⁝G
                assert card.display not in text, f"{card} of East was shown"  # type: ignore[attr-defined]
            if chips and not card.is_colon:
                chip = f"{card.rank.symbol}{card.suit.symbol}"
                assert chip not in text, f"{card} of East was shown"
        self.checked += 1


def play_plain_rubber(rules: RuleSet, seed: str) -> tuple[list[str], Table, SecrecyCheck]:
    """A whole rubber in the plain mode, South's answers taken from the view's legal actions
    with junk and commands mixed in; checks secrecy at every prompt."""
    game = new_game(rules, seed=seed, first_dealer=Seat.EAST)
    table = Table(game, Seat.SOUTH, LowBidder(3))
    secrecy = SecrecyCheck(table)
    rng = random.Random(seed)
    output: list[str] = []
    checked_upto = 0
    last_hand = 0
    answers = 0

    def read(prompt: str) -> str:
        nonlocal answers, checked_upto, last_hand
        output.append(prompt)
        view = table.view()
        new = output[checked_upto:]
        if view.hand_number != last_hand:
            # Lines before the new hand's announcement belong to the hand just over.
            start = max(
                (
                    i
                    for i, line in enumerate(new)
                    if line.startswith(f"Hand {view.hand_number + 1}:")
                ),
                default=len(new),
            )
            new = new[start:]
            last_hand = view.hand_number
        if not view.tricks and not view.preliminary_tricks:
            # Until this hand's first trick, "last" shows the previous hand's (public) one.
            new = [line for line in new if not line.startswith("Last trick:")]
        secrecy.see(view)
        secrecy.check("\n".join(new))
        checked_upto = len(output)
        answers += 1
        if answers % 9 == 0:
            return rng.choice(JUNK)
        if answers % 13 == 0:
            return rng.choice(COMMANDS)
        assert view.my_turn, "asked for an answer when it is not the player's turn"
        if view.phase is Phase.AUCTION:
            if PASS in view.legal_actions and rng.random() < 0.6:
                return "p"
            return ascii_answer(rng.choice([a for a in view.legal_actions if a != PASS][:3]))
        return ascii_answer(rng.choice(view.legal_actions))

    session = PlainSession(None, Seat.SOUTH, None, read=read, write=output.append, table=table)
    assert session.run() == 0
    return output, table, secrecy


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("draw-discard", []),
        ("draw-discard-no-discard", []),
        ("draw", []),
        ("draw", ["face_up_stock=true", "preliminary_follow_suit=false"]),
        ("memory", []),
        ("bridgette", []),
        ("bridgette", ["rubber_scoring=true"]),
    ],
)
def test_plain_mode_plays_a_whole_rubber_of_each_variant(name: str, options: list[str]) -> None:
    rules = variant_with_options(name, options)
    output, table, secrecy = play_plain_rubber(rules, f"plain-{name}-{len(options)}")
    text = "\n".join(output)
    assert table.is_over
    if rules.deals_in_match:
        assert "The match is over after 6 deals: " in text
    else:
        assert "The rubber is over." in text and "rubber won by" in text
    assert secrecy.checked > 20
    assert any("legal now:" in line for line in output)
    assert text.startswith(rules.title)
    if name == "draw":
        assert "draws first" not in text
        assert "preliminary trick 1 of 13" in text
        assert "You win the trick and draw " in text and "East draws a card." in text
        assert "You draw " in text
        assert "The stock is empty: the preliminary tricks are over" in text
        assert ("The face-up card is " in text) == rules.face_up_stock
        assert "Cards you drew this hand:" in text
    elif name == "memory":
        assert "draws first" not in text and "draw " not in text.replace("drawing", "")
        assert "memory trick 1 of 13" in text
        assert "(memory tricks: you " in text
        assert " memory tricks: 40 below, " in text
        assert "The other 26 cards are dealt, 13 each;" in text
    elif name == "bridgette":
        assert "the upcard is " in text and "Exchange: " in text
        assert "[exchange · upcard " in text
        # How to type a Colon, which its tricolon does not show, at both kinds of prompt.
        assert "Your discard (a Colon: :g, :r or :l): " in text
        assert "Your card (a Colon: :g, :r or :l): " in text
        assert "East discards a card face down" in text and "East takes " in text
        assert "The exchange is over; the other " in text
        assert "⁝" in text  # the Colons are shown
    elif name == "draw-discard-no-discard":
        assert "; your turn ends." in text
        assert "East keeps the top card." in text
        assert "stock cards stay unseen" in text
        assert "None" not in text
    else:
        assert "draws first" in text or "draw first" in text
        assert "East draws: one card kept, one discarded." in text


def test_plain_mode_narrates_the_memory_award_and_first_caller() -> None:
    rules = VARIANTS["memory"]
    game = new_game(rules, seed="memory-words", first_dealer=Seat.SOUTH)
    table = Table(game, Seat.SOUTH, RandomBot(1))
    output: list[str] = []
    rng = random.Random(4)

    def read(prompt: str) -> str:
        view = table.view()
        if view.phase is not Phase.PRELIMINARY:
            raise EOFError
        return ascii_answer(rng.choice(view.legal_actions))

    PlainSession(None, Seat.SOUTH, None, read=read, write=output.append, table=table).run()
    text = "\n".join(output)
    assert "Hand 1: You deal 13 cards each for the memory tricks" in text
    assert "East leads to the first" in text
    award = next(line for line in output if "memory tricks: 40 below" in line)
    view = table.view()
    won = max(sum(1 for t in view.preliminary_tricks if t.winner is s) for s in Seat)
    assert award.endswith(f"{won} memory tricks: 40 below, {30 * (won - 7) + 100} above.")
    # Non-dealer (East) calls first in Memory Bridge.
    assert "East calls first." in text


def test_a_computer_player_without_a_strategy_gets_a_stand_in() -> None:
    game = Game(VARIANTS["draw"], seed="stand-in", first_dealer=Seat.SOUTH)
    table = Table(game, Seat.SOUTH, BrokenBot())
    lines = table.computer_move()
    assert lines[0].startswith("(The broken player cannot move here (AssertionError)")
    assert lines[1].startswith("East plays ")
    assert table.view().my_turn


# -- the command line -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        (["--variant", "draw", "--option", "colour=true"], "'colour' is not an option of draw"),
        (["--variant", "draw", "--option", "face_up_stock=maybe"], "true or false, not 'maybe'"),
        (["--variant", "draw", "--option", "face_up_stock"], "should be NAME=true"),
        (["--option", "face_up_stock=true"], "not an option of draw-discard"),
        (["--variant", "bridgette-deluxe"], "unknown variant 'bridgette-deluxe'"),
    ],
)
def test_bad_variants_and_options_exit_2_listing_the_options(
    arguments: list[str], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", "--plain", "--no-record", *arguments]) == 2
    err = capsys.readouterr().err
    assert expected in err
    if "option" in expected or "NAME" in expected or "true or false" in expected:
        variant = "draw" if "draw" in arguments else "draw-discard"
        assert f"The options of {variant} are:" in err
        for option in VARIANTS[variant].option_names:
            assert f"  {option}=" in err


def test_variant_with_options_reads_true_and_false_words() -> None:
    rules = variant_with_options("draw", ["face_up_stock=Yes", "preliminary-follow-suit=off"])
    assert rules.face_up_stock and not rules.preliminary_follow_suit
    with pytest.raises(UnknownVariantError):
        variant_with_options("memory", ["face_up_stock=true"])


def test_command_line_options_reach_the_game_and_resume_keeps_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "draw.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO("rules\nsave\n"))
    arguments = ["play", "--plain", "--seed", "3", "--level", "easy", "--record", str(record)]
    status = main([*arguments, "--variant", "draw", "--option", "face_up_stock=true"])
    assert status == 0
    out = capsys.readouterr().out
    assert out.startswith("Draw Bridge, face-up stock.")
    assert "The face-up card is " in out and "turned face up" in out
    assert main(["play", "--plain", "--resume", str(record), "--option", "honours=true"]) == 2
    assert "cannot be used with --resume" in capsys.readouterr().err
    resumed, _ = Table.resume(record)
    assert resumed.rules.face_up_stock and resumed.view().phase is Phase.PRELIMINARY


# -- the full-screen table --------------------------------------------------------------------


def screen_text(app: HoneymoonApp) -> str:
    """Everything the table shows."""
    return "\n".join(str(widget.render()) for widget in app.game_screen.query(Static))


async def play_preliminaries(rules: RuleSet, seed: str) -> tuple[HoneymoonApp, list[str]]:
    """Drive the table with keys through the preliminary tricks into the auction, checking
    what each screen shows; returns the app (closed) and the texts seen in the auction."""
    game = new_game(rules, seed=seed, first_dealer=Seat.EAST)
    table = Table(game, Seat.SOUTH, RandomBot(5))
    app = HoneymoonApp(table, delay=0)
    secrecy = SecrecyCheck(table)
    rng = random.Random(seed)
    seen: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.game_screen
        first = screen.view()
        assert first.phase is Phase.PRELIMINARY and len(first.hand) == 13
        shown = screen_text(app)
        assert rules.title in shown
        assert "♠" in str(screen.query_one("#hand", Static).render())
        turns = 0
        while screen.view().phase is Phase.PRELIMINARY:
            view = screen.view()
            assert view.my_turn
            secrecy.see(view)
            shown = screen_text(app)
            secrecy.check(shown, chips=True)
            number = len(view.tricks) + 1
            if rules.name == "memory":
                assert f"Memory trick {number} of 13" in shown
                assert "Toward seven: You" in shown
            else:
                assert f"Preliminary trick {number} of 13" in shown
                assert f"stock {view.stock_remaining} cards" in shown
                assert f"You drew ({len(view.drawn)})" in shown or not view.drawn
                if rules.face_up_stock:
                    assert view.face_up is not None
                    assert f"Face up: {view.face_up}" in shown
                    assert f"The winner gets {view.face_up}" in shown
            assert "l last trick" in shown
            action, typed = rng.choice(screen.offered())
            if turns % 3 == 0:
                # Arrows and Enter, as in play (Enter acts once the highlight was moved).
                await pilot.press("right", "left")
                for _ in range(14):
                    if screen._card_cursor is not None and screen._card_cursor.id == action:
                        break
                    await pilot.press("right")
                await pilot.press("enter")
            else:
                await pilot.press(*typed, "enter")
            await pilot.pause()
            turns += 1
            if turns == 2:
                # Undo in the preliminary tricks goes back only if no card was shown since
                # (a card East played in reply, a card drawn). Cards East played and then
                # took back count as public from here on.
                played = screen.view()
                for trick in (*played.tricks, played.current_trick):
                    secrecy.face_up.update(trick.cards if trick is not None else ())
                await pilot.press("u")
                await pilot.pause()
                answer = screen.messages[-1][1]
                if answer.startswith("Undo stops here: you have seen "):
                    assert screen.view() == played
                else:
                    assert answer.startswith("You take back your "), answer
                    assert len(screen.view().tricks) + 1 == number
        assert turns >= 13
        view = screen.view()
        assert view.phase is Phase.AUCTION
        secrecy.check(screen_text(app))
        seen.append(screen_text(app))
        await pilot.press("question_mark")
        assert isinstance(app.screen, TextScreen)
        seen.append("\n".join(str(w.render()) for w in app.screen.query(Static)))
        await pilot.press("escape")
    return app, seen


async def test_the_table_plays_draw_bridge_with_the_face_up_stock_into_the_auction() -> None:
    rules = VARIANTS["draw"].with_options(face_up_stock=True)
    _, (auction, help_text) = await play_preliminaries(rules, "tui-draw")
    assert "Preliminary tricks: You" in auction
    assert "Draw Bridge, face-up stock" in auction
    assert "Preliminary tricks: 13 tricks at no trump" in help_text
    assert "turned face up" in help_text


async def test_the_table_plays_the_memory_tricks_and_shows_the_award() -> None:
    _, (auction, help_text) = await play_preliminaries(VARIANTS["memory"], "tui-memory")
    assert "Memory award: " in auction and "40 below" in auction
    assert "Memory tricks: 13 tricks at no trump" in help_text


async def test_the_table_saves_and_resumes_in_the_preliminary_tricks(tmp_path: Path) -> None:
    record = tmp_path / "prelim.json"
    game = Game(VARIANTS["draw"], seed="tui-save", first_dealer=Seat.EAST)
    app = HoneymoonApp(Table(game, Seat.SOUTH, RandomBot(2)), delay=0, record_path=record)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.game_screen
        for _ in range(3):
            _, typed = screen.offered()[0]
            await pilot.press(*typed, "enter")
            await pilot.pause()
        await pilot.press("h", "enter")  # in the tricks h begins a card: h Enter is a hint
        await pilot.pause()
        log = str(screen.query_one("#log", Static).render())
        assert "Hint (" in log or "No hint" in log
        await pilot.press("v")
        assert isinstance(app.screen, TextScreen)
        drawn = "\n".join(str(w.render()) for w in app.screen.query(Static))
        assert "after trick 1 you drew" in drawn
        await pilot.press("escape", "ctrl+s")
        await pilot.pause()
        before = screen.view()
    resumed, _ = Table.resume(record, level="easy")
    after = resumed.view()
    assert (after.phase, after.hand, after.drawn, after.tricks) == (
        Phase.PRELIMINARY,
        before.hand,
        before.drawn,
        before.tricks,
    )


async def test_the_table_plays_a_bridgette_hand_through_the_exchange_with_the_colons() -> None:
    rules = find_variant("bridgette")
    game = new_game(rules, seed="tui-bridgette", first_dealer=Seat.EAST)
    table = Table(game, Seat.SOUTH, RandomBot(7))
    app = HoneymoonApp(table, delay=0)
    secrecy = SecrecyCheck(table)
    seen_phases: set[Phase] = set()
    colon_shown = False
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.game_screen
        first = screen.view()
        # South, the non-dealer, has taken the upcard and the card below it
        assert first.phase is Phase.EXCHANGE and len(first.hand) == 15 and first.to_discard == 2
        shown = screen_text(app)
        assert "Upcard: " in shown and "Discard 2 more" in shown
        assert screen.query_one("#table").border_title == "Exchange"
        for _ in range(200):
            if screen.view().hand_number != 0 or not isinstance(app.screen, GameScreen):
                break
            view = screen.view()
            assert view.my_turn
            seen_phases.add(view.phase)
            secrecy.see(view)
            shown = screen_text(app)
            secrecy.check(shown, chips=True)
            hand = str(screen.query_one("#hand", Static).render())
            if view.hand.colons:
                assert "⁝" in hand
                colon_shown = True
            _, typed = screen.offered()[-1]  # the last: a Colon whenever one is legal
            await pilot.press(*typed, "enter")
            await pilot.pause()
    assert {Phase.EXCHANGE, Phase.AUCTION, Phase.PLAY} <= seen_phases
    assert colon_shown
    assert len(table.view().results) >= 1


async def test_bridgette_at_the_table_words_discards_as_discards_and_cards_as_cards() -> None:
    rules = find_variant("bridgette")
    game = new_game(rules, seed="careful-bridgette", first_dealer=Seat.EAST)
    table = Table(game, Seat.SOUTH, RandomBot(7), adviser=lambda: RandomBot(9))
    app = HoneymoonApp(table, delay=0)
    hinted: set[Phase] = set()
    colons_seen = False
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.game_screen
        for _ in range(200):
            view = screen.view()
            if view.hand_number != 0 or not isinstance(app.screen, GameScreen):
                break
            hand = str(screen.query_one("#hand", Static).render())
            # Each Colon is shown once, with its own tricolon: no stray mark before them.
            assert hand.count("⁝") == len(view.hand.colons)
            colons_seen = colons_seen or bool(view.hand.colons)
            prompt = str(screen.query_one("#prompt", Static).render())
            if view.phase is Phase.PLAY:
                assert ":g, :r, :l" in prompt
            if view.phase in (Phase.EXCHANGE, Phase.PLAY) and view.phase not in hinted:
                hinted.add(view.phase)
                (line,) = table.hint(more=False)
                verb = "discard" if view.phase is Phase.EXCHANGE else "play"
                assert line.startswith(f"Hint (random): {verb} "), line
                assert ": bid " not in line
            action, typed = screen.offered()[-1]  # the last: a Colon whenever one is legal
            await pilot.press(*typed, "enter")
            await pilot.pause()
            if view.phase is Phase.EXCHANGE:
                card = table.style.action(action)
                told = [text for _kind, text in screen.messages]
                assert any(f"You discard {card} face down" in text for text in told), told[-3:]
    assert hinted == {Phase.EXCHANGE, Phase.PLAY} and colons_seen


def test_the_colon_hint_in_the_play_is_a_card_to_play() -> None:
    from honeymoon.bots.advice import Advice, Reason
    from honeymoon.cli import hints

    little = Card.parse(":L")
    advice = Advice(little.action, Reason.PLAY_LOW)
    assert hints.hint_line(advice, "expert", phase=Phase.PLAY).startswith("Hint (expert): play ⁝L")
    discard = hints.hint_line(advice, "expert", phase=Phase.EXCHANGE)
    assert discard.startswith("Hint (expert): discard ⁝L")
