"""The full-screen card table: one person against the computer, keyboard first.

Everything on screen comes from :meth:`Table.view() <honeymoon.cli.session.Table.view>`, the
player's own view, so the table cannot show the computer's cards. Keys are shown at the bottom
and depend on the phase; every action can also be typed (``k``, ``1n``, ``sa``), chosen with
the arrows and Enter, or clicked.
"""

from __future__ import annotations

import dataclasses
import textwrap
from collections.abc import Sequence
from pathlib import Path

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.markup import escape
from textual.widgets import Static

from honeymoon.actions import KEEP, REJECT, card_of_action
from honeymoon.auction import Call
from honeymoon.bots import advise
from honeymoon.bots.advice import Advice
from honeymoon.cards import Card
from honeymoon.cli import render
from honeymoon.cli.review_render import so_far_lines
from honeymoon.cli.session import HintRequest, Table
from honeymoon.cli.table_session import FourHandTable
from honeymoon.cli.tui import widgets
from honeymoon.cli.tui.base import COMMAND_WORDS, PlayScreen
from honeymoon.cli.tui.review import ReviewScreen, review_screen
from honeymoon.cli.tui.screens import QuitScreen, TextScreen
from honeymoon.cli.tui.table_screen import FourHandScreen
from honeymoon.errors import HoneymoonError
from honeymoon.events import HandOver, TrickWon
from honeymoon.game import Phase
from honeymoon.rules import Procedure
from honeymoon.views import SeatView, TrickView

__all__ = ["HoneymoonApp", "GameScreen", "run_app", "KEYS_HELP"]

#: The keys, for the help screen (no line longer than the narrowest dialog, 72 columns).
KEYS_HELP = """\
[b]While drawing[/b]    k keep · r reject · or ←→ and Enter
[b]In the auction[/b]   type a call and Enter: 1n (1NT), 2s, p (pass),
                   x (double), xx; or ←→↑↓ over the calls and Enter
[b]In the tricks[/b]    type a card and Enter: sa, h10, 10h, dq …
                   or ←→↑↓ and Enter; c and Enter claims the rest
                   of the tricks (the computer checks the claim)
[b]Any time[/b]         ? help · h hint (h again: the numbers behind it)
                   u undo (a call taken back has shown you the
                     computer's answer to it) · l last trick
                   a the auction and the tricks so far
                   b review a finished hand: ← → its tricks,
                     ↑ ↓ the other hands (also offered after each hand)
                   v your discards (Draw Bridge: the cards you drew)
                   s score sheet · f four colours · Ctrl-S save
                   q or Ctrl-C leave
In the tricks h, s, d, c, q and a start a card: type h, s, a or c, then
Enter, for a hint, the score sheet, the auction and tricks so far, or
a claim.
On a terminal 120 columns wide the auction and tricks stay in view;
from 100×36 the cards are bigger; a taller terminal keeps a longer log.
Backspace and Esc edit what you type.
Enter does nothing until you have moved the highlight or typed.
Mouse: click a card or a call."""

# The two-hand table's commands: those of every table, and the drawing turns and saving.
_COMMAND_WORDS = {
    **COMMAND_WORDS,
    "v": "discards",
    "d": "discards",
    "discards": "discards",
    "w": "save",
    "save": "save",
}
_CARD_PHASES = widgets.CARD_PHASES
# Keys that act at once in each phase, when nothing has been typed yet: those that cannot
# begin an answer there.
_ALWAYS = set("?ulvfwb")
_IMMEDIATE = {
    Phase.DRAWING: _ALWAYS | set("krhdsqa"),
    Phase.AUCTION: _ALWAYS | set("hsqa"),
    Phase.PLAY: _ALWAYS,
    Phase.PRELIMINARY: _ALWAYS,
    Phase.EXCHANGE: _ALWAYS,
    Phase.COMPLETE: _ALWAYS | set("hdsqa"),
}


#: Rows of the message log at 80×24, and the most it grows to there for a long message.
_LOG_ROWS = 2
_LOG_ROWS_MOST = 3
#: From this width on, the auction and the tricks so far stay in view in a side panel.
WIDE = 120
#: From this height on (and 100 columns), the big cards are bigger still.
TALL = 36
#: From this size on, the big cards are biggest.
LARGE = (140, 45)


def log_rows(height: int) -> int:
    """Rows of the message log on a terminal ``height`` rows high: two at 24 rows, up to ten
    on a tall one, where the table has room to spare.

    >>> log_rows(24), log_rows(40), log_rows(50), log_rows(80)
    (2, 8, 10, 10)
    """
    return max(_LOG_ROWS, min(10, _LOG_ROWS + (height - 28) // 2))


def _wrapped(text: str, width: int) -> list[str]:
    """``text`` wrapped as the log shows it, ``width`` columns a row."""
    return textwrap.wrap(text, width, break_long_words=True, break_on_hyphens=False) or [""]


def _shortened(text: str, width: int) -> str:
    """The start of ``text`` in one row of ``width`` columns, ending in … if cut."""
    return text if len(text) <= width else text[: width - 1].rstrip() + "…"


class GameScreen(PlayScreen[SeatView, TrickView]):
    """The table: status line, the phase panel, the score sheet, your hand, messages, keys."""

    COMMAND_WORDS = _COMMAND_WORDS

    def __init__(
        self, table: Table, *, delay: float, four_colours: bool, greeting: Sequence[str] = ()
    ) -> None:
        super().__init__(table, delay=delay, greeting=greeting)
        self.table = table
        self.palette = widgets.Palette(four_colours, cards=table.style)
        self._card_cursor: Card | None = None
        self._call_cursor = 0
        self._draw_cursor = 0

    # -- layout -------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        """The table's parts, top to bottom."""
        surface = widgets.Surface
        yield Static(id="status")
        with Horizontal(id="middle"):
            with Vertical(id="table"):
                with Horizontal(id="table-top"):
                    yield surface(id="table-left")
                    yield surface(id="table-right")
                yield surface(id="table-foot")
            yield Static(id="sheet")
            yield Static(id="so-far")
        yield surface(id="hand")
        yield Static(id="log")
        yield Static(id="prompt")
        yield surface(id="keys")
        yield Static(id="too-small")

    def on_mount(self) -> None:
        """Draw the table and let the computer move if it starts."""
        self.query_one("#sheet").border_title = "Score"
        self.query_one("#so-far").border_title = "Auction and tricks"
        self.refresh_table()
        self.call_after_refresh(self._continue)

    def on_resize(self, _event: events.Resize) -> None:
        """Re-wrap the messages for the new size; below 80×24 say why the table is gone."""
        self.refresh_table()

    # -- what is shown ------------------------------------------------------------------------

    def view(self) -> SeatView:
        """The player's view (the only source of what is drawn)."""
        return self.table.view()

    def refresh_table(self) -> None:
        """Redraw everything from the player's view."""
        self._check_size()
        width, height = self.app.size
        big = width >= 100 and height >= TALL
        huge = width >= LARGE[0] and height >= LARGE[1]
        if (self.palette.big, self.palette.huge, self.palette.cards) != (
            big,
            huge,
            self.table.style,
        ):
            self.palette = dataclasses.replace(
                self.palette, big=big, huge=huge, cards=self.table.style
            )
        view = self.view()
        self._fix_cursors(view)
        self._show("#status", widgets.status_markup(view, self.table.rules_title))
        self._draw_phase(view)
        self._show("#sheet", widgets.sheet_markup(view))
        self._draw_so_far(view)
        hand = self.query_one("#hand", Static)
        hand.border_title = f"Your hand ({len(view.hand)})"
        highlight = None
        if view.phase is Phase.DRAWING and view.draws and not view.my_turn:
            highlight = view.draws[-1].kept
        elif view.phase is Phase.PRELIMINARY and view.drawn and view.drawn[-1] in view.hand:
            highlight = view.drawn[-1]
        cursor = self._card_cursor if view.phase in _CARD_PHASES and view.my_turn else None
        self._show(
            "#hand", widgets.hand_markup(view, self.palette, cursor=cursor, highlight=highlight)
        )
        self._draw_log()
        self._draw_prompt(view)
        self._show("#keys", self._keys_markup(view))

    def _draw_so_far(self, view: SeatView) -> None:
        """On a wide terminal: the auction and the tricks so far, the latest kept in view."""
        wide = self.app.size.width >= WIDE
        self.set_class(wide, "wide")
        if not wide:
            return
        lines = [escape(line) for line in so_far_lines(view, compact=True, style=self.table.style)]
        # The panel is as high as the middle of the table, less its frame.
        height = self.app.size.height
        room = max(4, height - 1 - 6 - log_rows(height) - 2 - 2)
        if len(lines) > room:
            lines = ["…", *lines[-(room - 1) :]]
        self._show("#so-far", "\n".join(lines))

    def _draw_phase(self, view: SeatView) -> None:
        panel = self.query_one("#table", Vertical)
        phase = view.phase
        if phase is Phase.DRAWING:
            panel.border_title = "Drawing"
            left_text, right_text = widgets.drawing_markup(
                view,
                self.palette,
                self._draw_cursor,
                discard_after_keep=self.table.rules.discard_after_keep,
            )
            foot_text = widgets.discards_markup(view, self.palette)
        elif phase is Phase.AUCTION:
            panel.border_title = "Auction"
            left_text = widgets.auction_markup(view, self.table.style)
            legal = view.legal_actions
            cursor = legal[self._call_cursor] if view.my_turn and legal else None
            right_text = widgets.call_grid_markup(view, self.palette, cursor)
            foot_text = widgets.contract_line(view, self.table.style)
            summary = widgets.preliminary_summary_line(view, self.table.rules.procedure)
            if summary:
                foot_text += "\n" + summary
        elif phase is Phase.PRELIMINARY:
            procedure = self.table.rules.procedure
            memory = procedure is Procedure.MEMORY
            panel.border_title = "Memory tricks" if memory else "Preliminary tricks"
            left_text = widgets.trick_markup(self._trick_shown(view), view.seat, self.palette)
            right_text = widgets.preliminary_info_markup(view, procedure, self.palette)
            foot_text = self._last_trick_line()
            if not memory:
                foot_text = widgets.drawn_markup(view, self.palette) + "\n" + foot_text
        elif phase is Phase.EXCHANGE:
            panel.border_title = "Exchange"
            left_text, right_text = widgets.exchange_markup(view, self.palette)
            foot_text = widgets.discards_markup(view, self.palette)
        elif phase is Phase.PLAY:
            panel.border_title = "Play"
            left_text = widgets.trick_markup(self._trick_shown(view), view.seat, self.palette)
            right_text = widgets.play_info_markup(view, self.table.style)
            foot_text = self._last_trick_line()
        else:
            panel.border_title = "The rubber is over"
            left_text = ""
            right_text = escape(self.table.final_line())
            foot_text = "s score sheet · q leave"
        self._show("#table-left", left_text)
        self._show("#table-right", right_text)
        self._show("#table-foot", foot_text)

    def _trick_shown(self, view: SeatView) -> TrickView | None:
        """The trick on the table: the one just completed while it is held, else the current."""
        return self._held_trick if self._held_trick is not None else view.current_trick

    def _last_trick_line(self) -> str:
        last = self.table.last_trick
        if not self.show_last_trick:
            return "[#9fbfa8]l: show the last trick[/]" if last else ""
        if last is None:
            return "Last trick: none yet"
        words = render.trick_words(last, self.table.human, self.table.style)
        return "Last trick: " + escape(words)

    def _draw_log(self) -> None:
        """The newest message in full (the log grows to three rows for it), and above it as
        many whole earlier messages as fit."""
        styles = {"info": "#e8e8e8", "error": "bold #ff8787", "hint": "bold #87d7ff"}
        width = max(20, self.app.size.width - 2)  # the log spans the screen, padded by one
        rows = log_rows(self.app.size.height)
        newest = _wrapped(self.messages[-1][1], width) if self.messages else []
        rows = max(rows, min(len(newest), _LOG_ROWS_MOST))
        shown: list[str] = []
        for kind, text in reversed(self.messages):
            lines = _wrapped(text, width)
            room = rows - len(shown)
            if not shown and len(lines) > room:
                lines = lines[: room - 1] + [_shortened(" ".join(lines[room - 1 :]), width)]
            elif len(lines) > room:
                break
            style = styles.get(kind, "#e8e8e8")
            shown[:0] = [f"[{style}]{escape(line)}[/]" for line in lines]
            if len(shown) >= rows:
                break
        log = self.query_one("#log", Static)
        if log.styles.height is None or log.styles.height.value != rows:
            log.styles.height = rows
        self._show("#log", "\n".join(shown))

    def _draw_prompt(self, view: SeatView) -> None:
        typed = f"[bold]› {escape(self.typed)}[/][blink]▏[/]"
        if view.phase is Phase.COMPLETE:
            ask = "The rubber is over: s score sheet, q leave."
        elif self._waiting:
            ask = "The hand is over: Enter for the next hand."
        elif self.trick_waits_for_key():
            ask = "Press a key (or click) to take the trick off the table and go on."
        elif not view.my_turn:
            ask = f"{view.to_act.label if view.to_act else ''} is thinking…"
        elif view.phase is Phase.DRAWING:
            looking = self.table.style.card(view.looking_at) if view.looking_at else ""
            ask = f"Keep or reject {looking}?  k / r"
        elif view.phase is Phase.AUCTION:
            ask = "Your call: type it (1n, 2s, p, x) and Enter, or arrows and Enter"
        elif view.phase is Phase.PRELIMINARY:
            ask = "Your card (no trump): type it (sa, h10) and Enter, or arrows and Enter"
        elif view.phase is Phase.EXCHANGE:
            ask = "Your discard: type it (sa, h10, :g) and Enter, or arrows and Enter"
        elif self.table.rules.colons:
            ask = "Your card: type it (sa, h10, :g, :r, :l) and Enter, or arrows and Enter"
        else:
            ask = "Your card: type it (sa, h10) and Enter, or arrows and Enter"
        self._show("#prompt", f"{typed}  [#9fbfa8]{escape(ask)}[/]")

    def _keys_markup(self, view: SeatView) -> str:
        def key(keys: str, words: str, command: str) -> str:
            return f"[@click=screen.command('{command}')][b]{keys}[/b] {words}[/]"

        phase = view.phase
        cards = phase in _CARD_PHASES
        procedure = self.table.rules.procedure
        parts = []
        if phase is Phase.DRAWING:
            parts += [key("k", "keep", "keep"), key("r", "reject", "reject")]
        parts.append(key("h⏎" if cards else "h", "hint", "hint"))
        if self.table.allow_undo:
            parts.append(key("u", "undo", "undo"))
        if cards:
            parts.append(key("l", "last trick", "last"))
            parts.append(key("a⏎", "tricks", "so-far"))
        if phase is Phase.PLAY:
            parts.append(key("c⏎", "claim", "claim"))
        if view.results:
            parts.append(key("b", "review", "review"))
        if procedure is Procedure.DRAW:
            parts.append(key("v", "drawn", "discards"))
        elif procedure is Procedure.BRIDGETTE or (
            procedure is Procedure.DRAW_DISCARD and phase is not Phase.DRAWING
        ):
            parts.append(key("v", "discards", "discards"))
        parts += [
            key("s⏎" if cards else "s", "score", "score"),
            key("?", "help", "help"),
            key("^S", "save", "save"),
            key("^C", "quit", "quit"),
        ]
        # A legend too wide for one row goes on two, broken between keys, never inside one.
        width = max(20, self.app.size.width - 2)
        rows = [""]
        for part in parts:
            length = len(Content.from_markup(part).plain)
            used = len(Content.from_markup(rows[-1]).plain)
            if rows[-1] and used + 2 + length > width:
                rows.append(part)
            else:
                rows[-1] = f"{rows[-1]}  {part}" if rows[-1] else part
        return "\n".join(rows)

    # -- cursors ------------------------------------------------------------------------------

    def _fix_cursors(self, view: SeatView) -> None:
        if view.phase in _CARD_PHASES and view.my_turn:
            legal = [c for c in widgets.hand_order(view) if c.action in view.legal_actions]
            if self._card_cursor not in legal and legal:
                self._card_cursor = legal[0]
        if view.phase is Phase.AUCTION and not 0 <= self._call_cursor < len(view.legal_actions):
            self._call_cursor = 0

    def _move(self, step: int, vertical: bool) -> None:
        view = self.view()
        if not view.my_turn:
            return
        self._chosen = True
        if view.phase is Phase.DRAWING:
            self._draw_cursor = 1 - self._draw_cursor
        elif view.phase is Phase.AUCTION:
            count = len(view.legal_actions)
            index = self._call_cursor + step * (5 if vertical else 1)
            self._call_cursor = max(0, min(count - 1, index))
        elif view.phase in _CARD_PHASES:
            legal = [c for c in widgets.hand_order(view) if c.action in view.legal_actions]
            if not legal:
                return
            current = legal.index(self._card_cursor) if self._card_cursor in legal else 0
            if vertical:
                key = widgets.suit_key
                suit = key(legal[current])
                later = [c for c in legal if (key(c) < suit if step > 0 else key(c) > suit)]
                if later:
                    target = (
                        later[0] if step > 0 else [c for c in legal if key(c) == key(later[-1])][0]
                    )
                    self._card_cursor = target
            else:
                self._card_cursor = legal[(current + step) % len(legal)]
        self.refresh_table()

    def _cursor_action(self, view: SeatView) -> int | None:
        if view.phase is Phase.DRAWING:
            return (KEEP, REJECT)[self._draw_cursor]
        if view.phase is Phase.AUCTION and view.legal_actions:
            return view.legal_actions[self._call_cursor]
        if view.phase in _CARD_PHASES and self._card_cursor is not None:
            return self._card_cursor.action
        return None

    def offered(self) -> list[tuple[int, str]]:
        """The actions the table offers the player now, each with what to type for it."""
        view = self.view()
        if not view.my_turn:
            return []
        result = []
        for action in view.legal_actions:
            if view.phase is Phase.DRAWING:
                text = "k" if action == KEEP else "r"
            elif view.phase is Phase.AUCTION:
                text = Call(action).pbn.lower()
            else:
                text = Card.from_id(card_of_action(action)).pbn.lower().replace("t", "10")
            result.append((action, text))
        return result

    # -- keys ---------------------------------------------------------------------------------

    def _typed_character(self, char: str) -> None:
        view = self.view()
        lower = char.lower()
        immediate = _IMMEDIATE[view.phase] if view.my_turn else _ALWAYS | set("hdsqkra")
        if not self.typed and lower in immediate:
            if view.phase is Phase.DRAWING and lower in "kr" and view.my_turn:
                self.action_act(KEEP if lower == "k" else REJECT)
            elif lower in "kr" and view.phase is Phase.DRAWING:
                self.say("Wait: it is not your turn.", "error")
                self.refresh_table()
            else:
                self.action_command(_COMMAND_WORDS.get(lower, lower))
            return
        if not self.typed and view.my_turn and view.phase is Phase.DRAWING:
            self.say(f"{char!r} does nothing here: k keeps, r rejects, ? shows the keys.", "error")
            self.refresh_table()
            return
        if len(self.typed) < 12:
            self.typed += char
        if view.phase in _CARD_PHASES and view.my_turn:
            try:
                card = Card.parse(self.typed)
            except HoneymoonError:
                card = None
            if card is not None and card.action in view.legal_actions:
                self._card_cursor = card
        self.refresh_table()

    # -- actions ------------------------------------------------------------------------------

    def _legal_words(self, view: SeatView) -> str:
        return render.legal_action_words(view, self.table.style)

    def _reset_cursors(self) -> None:
        self._draw_cursor = 0
        self._call_cursor = 0

    def _think_of_a_hint(self) -> None:
        # The strongest bot may think for a second or more: say so at once, and work the
        # advice out on a thread of its own from the view taken now, so the table keeps
        # answering keys; a hint for a decision the player has moved past is dropped.
        asked = self.table.ask_hint(more=False)
        if isinstance(asked, list):
            for line in asked:
                self.say(line, "hint")
            return
        self.say("Thinking about a hint…", "info")
        self.refresh_table()

        def work() -> None:
            try:
                advice = advise(asked.adviser, asked.view)
            except Exception:  # a faulty adviser must never end the game
                advice = None
            self.app.call_from_thread(self._hint_thought, asked, advice)

        self.run_worker(work, thread=True, group="hint", exclusive=True)

    def _hint_thought(self, asked: HintRequest, advice: Advice | None) -> None:
        for line in self.table.answer_hint(asked, advice, more=False):
            self.say(line, "hint")
        self.refresh_table()

    def action_command(self, command: str) -> None:
        """Run a command: help, hint, undo, last, discards, score, colours, save, quit, keep,
        reject."""
        app = self.app
        assert isinstance(app, HoneymoonApp)
        self.typed = ""
        if command in ("keep", "reject"):
            self.action_act(KEEP if command == "keep" else REJECT)
            return
        if command == "help":
            rules = render.rules_help(self.table.rules, width=None)
            body = "\n".join(escape(line) for line in rules)
            app.push_screen(TextScreen("Help", body + "\n\n" + KEYS_HELP))
        elif command == "hint":
            if self.table.has_hint():  # asked again on the same decision: the numbers
                body = "\n".join(escape(line) for line in self.table.hint(more=True))
                # Any key of the table closes it and does its work there (a card, a call).
                app.push_screen(TextScreen("The numbers behind the hint", body, passes_keys=True))
            else:
                self._think_of_a_hint()
        elif command == "claim":
            self._claim()
            return
        elif command == "undo":
            self._cancel_timer()
            self._chosen = False
            self._held_trick = None
            self.say(self.table.undo())
        elif command == "last":
            self.show_last_trick = not self.show_last_trick
        elif command == "discards":
            self._show_own_cards(app)
        elif command == "score":
            app.push_screen(self.sheet_screen())
        elif command == "so-far":
            lines = [escape(line) for line in so_far_lines(self.view(), style=self.table.style)]
            app.push_screen(TextScreen("The auction and the tricks so far", "\n".join(lines)))
        elif command == "review":
            if not self.view().results:
                self.say("No hand is finished yet: b reviews one once it is over.", "error")
            else:
                app.push_screen(self.review_screen())
        elif command == "colours":
            self.palette = dataclasses.replace(
                self.palette, four_colours=not self.palette.four_colours
            )
            self.say("Four colours." if self.palette.four_colours else "Red and black.")
        elif command == "save":
            app.save_game()
        elif command == "quit":
            app.action_request_quit()
            return
        else:
            self.say(f"{command!r} does nothing here: press ? for the keys.", "error")
        self.refresh_table()

    def _claim(self) -> None:
        """The player claims the rest of the tricks: accepted, the hand is played out and
        ends; refused, one line says so (the best defence is shown once the hand is over), and
        play goes on."""
        before = self.view()
        if before.phase is not Phase.PLAY:
            self.say("A claim is made during the play of a hand, after the auction.", "error")
            self.refresh_table()
            return
        self._cancel_timer()
        self._held_trick = None
        lines = self.table.claim()
        if self.table.is_over or self.view().hand_number != before.hand_number:
            self._chosen = False
            self._after_move(before, lines)
            return
        for line in lines:
            self.say(line, "error")
        self.refresh_table()
        self._continue()

    def _show_own_cards(self, app: App[int]) -> None:
        """``v``: the player's own drawing turns (or drawn cards) this hand, never the other's."""
        view = self.view()
        procedure = self.table.rules.procedure
        if procedure is Procedure.DRAW:
            lines = render.drawn_lines(view, self.table.style) or [
                "You have not drawn a card yet this hand."
            ]
            body = "\n".join(escape(line) for line in lines)
            app.push_screen(TextScreen("The cards you drew this hand", body))
        elif procedure is Procedure.MEMORY:
            self.say("Memory Bridge has no drawing and no discards.", "error")
        else:
            lines = render.draws_lines(view, self.table.style) or [
                "You have not drawn yet this hand."
            ]
            body = widgets.discards_markup(view, self.palette) + "\n\n" + "\n".join(lines)
            app.push_screen(TextScreen("Your drawing turns this hand", body))

    def review_screen(self, number: int | None = None) -> ReviewScreen:
        """The review of a finished hand (the latest unless ``number`` is given)."""
        return review_screen(self.table, number)

    def sheet_screen(self, headline: list[str] | None = None, *, final: bool = False) -> TextScreen:
        """The score sheet, full size, with the results of the hands so far."""
        view = self.view()
        top = "\n".join(f"[bold]{escape(line)}[/]" for line in headline or [])
        results = [escape(self.table.describe_result(r)) for r in view.results]
        side = "[bold]Hands[/]\n" + "\n".join(results) if results else ""
        footer = "Enter: leave the table" if final else "Enter or Esc: back to the table"
        title = "The rubber is over" if final else "Score sheet"
        return TextScreen(
            title,
            widgets.sheet_markup(view, compact=False),
            footer,
            headline=top,
            side=side,
            choices={"b": "review"} if view.results else None,
        )

    # -- the flow of the game -----------------------------------------------------------------

    def _after_move(self, before: SeatView, lines: list[str]) -> None:
        for line in lines:
            self.say(line)
        after = self.view()
        if before.phase in _CARD_PHASES:
            trick = before.current_trick
            completed = trick is not None and len(trick.cards) == 1
            same_hand = after.hand_number == before.hand_number
            self._held_trick = self.table.last_trick if completed and same_hand else None
        # The end of a hand (or of the rubber) waits for Enter on its dialog: nobody moves
        # meanwhile, and the prompt behind the dialog says so.
        self._waiting = after.phase is Phase.COMPLETE or after.hand_number != before.hand_number
        self.refresh_table()
        if after.phase is Phase.COMPLETE:
            self._finish()
        elif after.hand_number != before.hand_number:
            self._hand_over()
        else:
            self._continue()

    def _hand_over(self) -> None:
        # What the last action did comes from the engine's events, not from the narration's
        # words: the hand's result, and whether a trick was won on the way.
        said = self.table.last_events
        headline = [self.table.describe_result(e.result) for e in said if isinstance(e, HandOver)]
        last = self.table.last_trick
        if last is not None and any(isinstance(e, TrickWon) for e in said):
            words = render.trick_words(last, self.table.human, self.table.style)
            headline.append("Last trick: " + words)
        beaten = self.table.beaten_claim(len(self.view().results) - 1)
        if beaten is not None:
            headline.append(beaten)
        self._show_hand_over(headline)


class HoneymoonApp(App[int]):
    """The full-screen game. ``delay`` is the pause (seconds) before each computer move."""

    CSS_PATH = "app.tcss"
    TITLE = "Honeymoon Bridge"
    BINDINGS = [
        Binding("ctrl+c", "request_quit", "Leave", priority=True),
        Binding("ctrl+q", "request_quit", "Leave", priority=True),
        Binding("ctrl+s", "save", "Save", priority=True),
    ]

    def __init__(
        self,
        table: Table | FourHandTable,
        *,
        note: str | None = None,
        record_path: str | Path | None = None,
        write_record: bool = True,
        delay: float = 0.8,
        four_colours: bool = False,
        create_directory: bool = False,
    ) -> None:
        super().__init__()
        self.table = table
        #: Create the record file's folder on the first save (the default games folder).
        self.create_directory = create_directory
        self.note = note
        self.record_path = Path(record_path) if record_path is not None else None
        self.write_record = write_record
        self.delay = delay
        self.four_colours = four_colours
        #: Lines to print after the screen closes.
        self.farewell: list[str] = []

    def get_default_screen(self) -> GameScreen | FourHandScreen:
        """The table: the two-hand table, or the four-hand one for its variants."""
        me = self.table.human
        greeting = [
            f"You are {me.label}; the computer ({self.table.bot.name}) is {me.other.label}. "
            "Press ? for help."
        ]
        if self.note:
            greeting.append(self.note)
        if isinstance(self.table, FourHandTable):
            greeting[0] = (
                f"You are {me.label} and play your dummy {me.dummy.label} too; the computer "
                f"({self.table.bot.name}) is {me.other.label} with {me.other.dummy.label}. "
                "Press ? for help."
            )
            return FourHandScreen(
                self.table, delay=self.delay, four_colours=self.four_colours, greeting=greeting
            )
        return GameScreen(
            self.table, delay=self.delay, four_colours=self.four_colours, greeting=greeting
        )

    @property
    def game_screen(self) -> GameScreen | FourHandScreen:
        """The table screen (under any pop-up)."""
        screen = self.screen_stack[0]
        assert isinstance(screen, (GameScreen, FourHandScreen))
        return screen

    def save_game(self) -> bool:
        """Save to the record file; say where (or why not) on the table."""
        screen = self.game_screen
        if self.record_path is None:
            screen.say("No record file was named: start with --record FILE.", "error")
            screen.refresh_table()
            return False
        try:
            written = self.table.save(self.record_path, parents=self.create_directory)
        except (OSError, HoneymoonError) as error:
            screen.say(f"Could not save to {self.record_path}: {error}", "error")
            screen.refresh_table()
            return False
        screen.say(f"Saved to {written}. Resume with: honeymoon play --resume {written}")
        self.farewell = [f"Saved to {written}. Resume with: honeymoon play --resume {written}"]
        screen.refresh_table()
        return True

    def write_final_record(self) -> str | None:
        """At the end of the rubber: write the record (unless told not to); a line saying so."""
        if not self.write_record or self.record_path is None:
            return None
        try:
            written = self.table.save(self.record_path, parents=self.create_directory)
        except (OSError, HoneymoonError) as error:
            return f"Could not write the record to {self.record_path}: {error}"
        self.farewell = [self.table.final_line(), f"The record of the rubber is in {written}."]
        return f"The record of the rubber is in {written}."

    def action_save(self) -> None:
        """Ctrl-S."""
        self.save_game()

    def action_request_quit(self) -> None:
        """Ctrl-C, Ctrl-Q or q: ask before leaving, offering to save."""
        if isinstance(self.screen, QuitScreen):
            return
        if self.table.is_over or not self.table.has_played:
            self.exit(0)
            return
        where = str(self.record_path) if self.record_path else "no file named"

        def answer(choice: str | None) -> None:
            if choice == "save":
                if self.save_game():
                    self.exit(0)
            elif choice == "quit":
                self.farewell = ["Game abandoned."]
                self.exit(0)

        self.push_screen(QuitScreen(where), answer)

    def action_save_screenshot_as(self, name: str) -> None:
        """Save an SVG screenshot of the table (used by the documentation script)."""
        self.save_screenshot(name)


def run_app(
    table: Table | FourHandTable,
    *,
    note: str | None = None,
    record_path: str | Path | None = None,
    write_record: bool = True,
    delay: float = 0.8,
    four_colours: bool = False,
    create_directory: bool = False,
) -> int:
    """Run the full-screen game until the player leaves; print any closing lines."""
    app = HoneymoonApp(
        table,
        note=note,
        record_path=record_path,
        write_record=write_record,
        delay=delay,
        four_colours=four_colours,
        create_directory=create_directory,
    )
    status = app.run()
    for line in app.farewell:
        print(line)
    return status if isinstance(status, int) else 0
