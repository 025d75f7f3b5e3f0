"""The four-hand table, full screen: the four hands placed as at a real table, the trick in
the middle, the player acting for their own hand and their dummy.

Everything on screen comes from :meth:`FourHandTable.view()
<honeymoon.cli.table_session.FourHandTable.view>`, the player's own view, drawn by
:func:`~honeymoon.cli.table_render.table_diagram`: a hand the player may not see is drawn as
backs with its size. The choices of each phase are the view's legal actions: cards of the
hand to play are picked in the diagram, the others (calls, declarer's choice of dummy, the
extra cards) in a row under it; type one and Enter, or move with the arrows and press Enter.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from textual import events
from textual.app import ComposeResult
from textual.containers import Container, Vertical
from textual.content import Content
from textual.markup import escape
from textual.widgets import Static

from honeymoon.actions import is_card_action
from honeymoon.cards import Card, Suit
from honeymoon.cli import render, table_render
from honeymoon.cli.table_session import FourHandTable
from honeymoon.cli.tui import widgets
from honeymoon.cli.tui.base import COMMAND_WORDS, PlayScreen
from honeymoon.cli.tui.review import ReviewScreen, review_screen
from honeymoon.cli.tui.screens import TextScreen
from honeymoon.errors import HoneymoonError
from honeymoon.game import Phase
from honeymoon.views import TableTrickView, TableView

if TYPE_CHECKING:
    from honeymoon.cli.tui.app import HoneymoonApp

__all__ = ["FourHandScreen", "TABLE_KEYS_HELP"]

#: The keys at the four-hand table, for the help screen.
TABLE_KEYS_HELP = """\
[b]In the auction[/b]   type a call and Enter: 1n (1NT), 2s, p (pass),
                   x (double), xx; or ←→↑↓ over the calls and Enter
[b]In the tricks[/b]    the hand to play is marked ▶ (your own or your
                   dummy): type its card (sa, h10) and Enter, or
                   ←→↑↓ over its cards and Enter
[b]Choices[/b]          declarer's dummy: e (exposed) or o (other);
                   extra cards: type the card for your hand
[b]Any time[/b]         ? help · u undo · l last trick · a the auction
                   and tricks so far · s score sheet · f colours
                   Ctrl-S save · q or Ctrl-C leave
[b]Help[/b]             h hint (again: the numbers behind it) · c claim
                   the rest of the tricks · b review a finished hand
                   (← → its tricks, with its double-dummy analysis)
In the tricks s, h, d, c, q and a start a card: type s or a, then
Enter, for the score sheet or the auction and tricks so far."""

_COMMAND_WORDS = COMMAND_WORDS
_ALWAYS = set("?ulfb")
# Keys that act at once when nothing is typed: those that cannot begin an answer in the phase.
_IMMEDIATE = {
    Phase.AUCTION: _ALWAYS | set("hsqac"),
    Phase.DUMMY_CHOICE: _ALWAYS | set("hsqac"),
    Phase.COMPLETE: _ALWAYS | set("hsqac"),
}
_LOG_ROWS = 2
#: The columns to spare beside the table from which the messages stand there, not under it.
BESIDE = 40
#: The least width of the table when the messages stand beside it.
TABLE_COLUMNS = 72


class FourHandScreen(PlayScreen[TableView, TableTrickView]):
    """The four-hand table: status line, the table, the choices, messages, prompt, keys; on a
    terminal with room to spare the messages stand beside the table and take every row."""

    COMMAND_WORDS = _COMMAND_WORDS

    DEFAULT_CSS = """
    FourHandScreen { layout: vertical; background: #0b3d1f; color: #e8e8e8; }
    FourHandScreen #status { height: 1; background: #062614; padding: 0 1; }
    FourHandScreen #four-table {
        height: auto; border: round #3f7f55; border-title-color: #ffd75f;
        border-title-style: bold; padding: 0 1;
    }
    FourHandScreen #choices { height: auto; max-height: 3; padding: 0 1; }
    FourHandScreen #four-middle { layout: vertical; height: auto; }
    FourHandScreen #four-main { height: auto; }
    FourHandScreen #log { height: 2; padding: 0 1; }
    FourHandScreen #four-so-far {
        display: none; height: 1fr; border: round #3f7f55; border-title-color: #ffd75f;
        border-title-style: bold; padding: 0 1;
    }
    FourHandScreen.wide #four-middle { layout: horizontal; height: 1fr; }
    FourHandScreen.wide #four-main { height: 1fr; }
    FourHandScreen.wide.so-far #four-so-far { display: block; }
    FourHandScreen.wide #choices { max-height: 8; }
    FourHandScreen.wide #log { width: 1fr; padding: 0 1 0 2; }
    FourHandScreen #prompt { height: 1; background: #062614; padding: 0 1; }
    FourHandScreen #keys { height: auto; max-height: 2; background: #041a0e;
        color: #a8c8b0; padding: 0 1; }
    FourHandScreen #too-small { display: none; padding: 1 2; color: #ffd75f; }
    FourHandScreen.too-small > * { display: none; }
    FourHandScreen.too-small > #too-small { display: block; height: 1fr; }
    """

    def __init__(
        self,
        table: FourHandTable,
        *,
        delay: float,
        four_colours: bool,
        greeting: Sequence[str] = (),
    ) -> None:
        super().__init__(table, delay=delay, greeting=greeting)
        self.table = table
        self.palette = widgets.Palette(four_colours, cards=table.style)
        self._cursor = 0

    def compose(self) -> ComposeResult:
        """The table's parts, top to bottom."""
        yield Static(id="status")
        # On a wide terminal the messages stand beside the table and its choices, not under.
        with Container(id="four-middle"):
            with Vertical(id="four-main"):
                yield widgets.Surface(id="four-table")
                yield widgets.Surface(id="choices")
                yield Static(id="four-so-far")
            yield Static(id="log")
        yield Static(id="prompt")
        yield widgets.Surface(id="keys")
        yield Static(id="too-small")

    def on_mount(self) -> None:
        """Draw the table and let the computer move if it starts."""
        self.query_one("#four-so-far").border_title = "Auction and tricks"
        self.refresh_table()
        self.call_after_refresh(self._continue)

    def on_resize(self, _event: events.Resize) -> None:
        """Redraw for the new size."""
        self.refresh_table()

    # -- what is shown ------------------------------------------------------------------------

    def view(self) -> TableView:
        """The player's view (the only source of what is drawn)."""
        return self.table.view()

    def offered(self) -> list[int]:
        """The actions the player may take now, in the order the arrows walk them: the cards
        of the hand to play as the diagram shows them (spades first, high to low), the calls
        from pass up, any other choice in the engine's order."""
        view = self.view()
        if not view.my_turn:
            return []
        legal = view.legal_actions
        if all(is_card_action(action) for action in legal):
            cards = sorted((Card.from_id(a) for a in legal), key=_display_key)
            return [card.id for card in cards]
        return list(legal)

    def _paint(self, kind: str, text: str) -> str:
        text = escape(text)
        if kind.startswith("suit"):
            return f"[bold {self.palette.on_table(Suit(int(kind[4:])))}]{text}[/]"
        styles = {
            "card": "bold #f7f5ee",
            "legal": "bold #ffffff",
            "cursor": "bold underline #111111 on #ffd75f",
            "dim": "#7f9f88",
            "back": "#6f9fcf",
            "title": "#c8dccf",
            "turn": "bold #ffd75f",
            "info": "#c8dccf",
        }
        style = styles.get(kind)
        return f"[{style}]{text}[/]" if style else text

    def refresh_table(self) -> None:
        """Redraw everything from the player's view."""
        self._check_size()
        width, height = self.app.size
        view = self.view()
        offered = self.offered()
        if not 0 <= self._cursor < len(offered):
            self._cursor = 0
        cursor = offered[self._cursor] if offered else None
        me = self.table.human
        deals = "you deal" if view.dealer == me else f"{view.dealer.label} deals"
        # The status line names the variant, the hand, the dealer and the player's seats, as
        # many of them as fit.
        parts = [
            f"Hand {view.hand_number + 1}",
            deals,
            f"you are {me.label}, your dummy {me.dummy.label}",
        ]
        title = self.table.rules_title
        while parts and len(" · ".join([title, *parts])) > width - 2:
            parts.pop()
        tail = "".join(f" · {escape(part)}" for part in parts)
        self._show("#status", f"[bold]{escape(title)}[/]{tail}")
        panel = self.query_one("#four-table", Static)
        panel.border_title = table_render.phase_text(view.phase).title
        trick = self._held_trick
        card_cursor = (
            Card.from_id(cursor)
            if cursor is not None and is_card_action(cursor) and view.phase is Phase.PLAY
            else None
        )
        compact = height < 30
        lines = table_render.table_diagram(
            view, self.table.style, trick=trick, cursor=card_cursor, compact=compact
        )
        self._show(
            "#four-table", "\n".join(table_render.painted(line, self._paint) for line in lines)
        )
        # With room for a log of BESIDE columns to the right of the table, the messages go
        # there and have every row between the status line and the prompt.
        # The table is never narrower than TABLE_COLUMNS there, so that the messages do not
        # move sideways whenever a hand's longest suit gets shorter.
        table_width = max(TABLE_COLUMNS, *(len(table_render.plain(line)) + 4 for line in lines))
        wide = width - table_width >= BESIDE
        self.set_class(wide, "wide")
        main = self.query_one("#four-main", Vertical)
        main.styles.width = table_width if wide else None
        choices = self._choices_markup(view, offered, cursor)
        self._show("#choices", choices)
        keys_rows = 1
        if wide:
            middle = height - 1 - 1 - keys_rows
            self._draw_log(max(1, middle), width - table_width - 3)
            # Under the table, in the rows it leaves: the auction and the tricks so far, the
            # latest kept in view (a row more is kept for choices that break between chips).
            choice_rows = -(-len(Content.from_markup(choices).plain) // (table_width - 2))
            room = middle - (len(lines) + 2) - (choice_rows + 1 if choice_rows else 0) - 2
            self.set_class(room >= 3, "so-far")
            self._show("#four-so-far", "\n".join(self._latest_so_far(room, table_width - 4)))
        else:
            self.set_class(False, "so-far")
            # The log takes the rows left over, and shows the newest messages in them.
            choice_rows = -(-len(Content.from_markup(choices).plain) // max(20, width - 2))
            used = 1 + len(lines) + 2 + min(3, choice_rows) + 1 + keys_rows
            self._draw_log(max(1, height - used), width - 2)
        self._draw_prompt(view)
        self._show("#keys", self._keys_markup(view))

    def _choices_markup(self, view: TableView, offered: list[int], cursor: int | None) -> str:
        if view.phase is Phase.COMPLETE:
            return escape(self.table.final_line())
        if view.phase is Phase.PLAY:
            if not self.show_last_trick:
                return "[#9fbfa8]l: show the last trick[/]" if self.table.last_trick else ""
            last = self.table.last_trick
            words = table_render.trick_words(last, view.seat, self.table.style) if last else "none"
            return "Last trick: " + escape(words)
        if not offered:
            return ""
        parts = []
        for action in offered:
            words = escape(table_render.choice_words(action, self.table.style))
            style = "bold #111111 on #ffd75f" if action == cursor else "bold #111111 on #f7f5ee"
            # No space inside a chip: a long row breaks between chips, never within one.
            parts.append(f"[@click=screen.act({action})][{style}]\u00a0{words}\u00a0[/][/]")
        lead = {
            Phase.EXTRA_CARDS: "For your hand: ",
            Phase.WIDOW_HAND: "For your hand: ",
            Phase.WIDOW_DUMMY: "For your dummy: ",
        }.get(view.phase, "")
        return lead + " ".join(parts)

    def _draw_log(self, rows: int, width: int) -> None:
        """The newest messages, as many rows of them as ``rows``, wrapped to ``width``."""
        styles = {"info": "#e8e8e8", "error": "bold #ff8787", "hint": "bold #87d7ff"}
        width = max(20, width)
        shown: list[str] = []
        for kind, text in reversed(self.messages[-rows:]):
            lines = _wrapped(text, width)
            room = rows - len(shown)
            if room <= 0:
                break
            if len(lines) > room:
                if shown:
                    break
                # The newest message always shows, cut short if it must be.
                rest = " ".join(lines[room - 1 :])
                cut = rest if len(rest) <= width else rest[: width - 1].rstrip() + "…"
                lines = [*lines[: room - 1], cut]
            style = styles.get(kind, "#e8e8e8")
            shown[:0] = [f"[{style}]{escape(line)}[/]" for line in lines]
        log = self.query_one("#log", Static)
        if log.styles.height is None or log.styles.height.value != rows:
            log.styles.height = rows
        self._show("#log", "\n".join(shown[-rows:]))

    def _draw_prompt(self, view: TableView) -> None:
        typed = f"[bold]› {escape(self.typed)}[/][blink]▏[/]"
        if view.phase is Phase.COMPLETE:
            ask = "The rubber is over: s score sheet, q leave."
        elif self._waiting:
            ask = "The hand is over: Enter for the next hand."
        elif self.trick_waits_for_key():
            ask = "Press a key (or click) to take the trick off the table and go on."
        else:
            ask = table_render.prompt_words(view, self.table.style)
        self._show("#prompt", f"{typed}  [#9fbfa8]{escape(ask)}[/]")

    def _keys_markup(self, view: TableView) -> str:
        def key(keys: str, words: str, command: str) -> str:
            return f"[@click=screen.command('{command}')][b]{keys}[/b] {words}[/]"

        typing = view.phase not in _IMMEDIATE
        parts = []
        if self.table.allow_undo:
            parts.append(key("u", "undo", "undo"))
        if view.phase is Phase.PLAY:
            parts.append(key("l", "last trick", "last"))
        parts += [
            key("a⏎" if typing else "a", "auction, tricks", "so-far"),
            key("s⏎" if typing else "s", "score", "score"),
            key("?", "help", "help"),
            key("^S", "save", "save"),
            key("^C", "quit", "quit"),
        ]
        return "  ".join(parts)

    # -- keys ---------------------------------------------------------------------------------

    def _move(self, step: int, vertical: bool) -> None:
        view = self.view()
        offered = self.offered()
        if not offered:
            return
        self._chosen = True
        if vertical and view.phase is Phase.PLAY:
            # Up and down go to the next suit of the hand to play.
            cards = [Card.from_id(a) for a in offered]
            suit = cards[self._cursor].suit
            later = [
                i for i, c in enumerate(cards) if (c.suit < suit if step > 0 else c.suit > suit)
            ]
            if later:
                target = later[0] if step > 0 else later[-1]
                if step < 0:
                    target = next(i for i, c in enumerate(cards) if c.suit == cards[target].suit)
                self._cursor = target
        elif vertical and view.phase is Phase.AUCTION:
            self._cursor = max(0, min(len(offered) - 1, self._cursor + step * 5))
        else:
            self._cursor = (self._cursor + step) % len(offered)
        self.refresh_table()

    def _typed_character(self, char: str) -> None:
        view = self.view()
        lower = char.lower()
        immediate = _IMMEDIATE.get(view.phase, _ALWAYS) if view.my_turn else _ALWAYS | set("hsqac")
        if not self.typed and lower in immediate:
            self.action_command(_COMMAND_WORDS.get(lower, lower))
            return
        if len(self.typed) < 12:
            self.typed += char
        if view.my_turn and all(is_card_action(a) for a in view.legal_actions):
            try:
                card = Card.parse(self.typed)
            except HoneymoonError:
                card = None
            offered = self.offered()
            if card is not None and card.id in offered:
                self._cursor = offered.index(card.id)
        self.refresh_table()

    def _cursor_action(self, view: TableView) -> int | None:
        offered = self.offered()
        return offered[self._cursor] if offered else None

    def _reset_cursors(self) -> None:
        self._cursor = 0

    def _legal_words(self, view: TableView) -> str:
        if view.phase is Phase.AUCTION:
            return render.legal_action_words(view, self.table.style)
        return ", ".join(table_render.choice_words(a, self.table.style) for a in self.offered())

    # -- actions ------------------------------------------------------------------------------

    def action_command(self, command: str) -> None:
        """Run a command: help, undo, last, score, so-far, colours, save, quit, hint (again:
        the numbers behind it), claim, review (the latest finished hand)."""
        app = self.app
        self.typed = ""
        if command == "help":
            rules = table_render.table_rules_help(self.table.rules)
            body = "\n\n".join(escape(line) for line in rules)
            app.push_screen(TextScreen("Help", body + "\n\n" + TABLE_KEYS_HELP))
        elif command == "hint":
            for line in self.table.hint():
                self.say(line, "hint")
        elif command == "claim":
            before = self.view()
            lines = self.table.claim()
            if self.table.is_over or self.view().hand_number != before.hand_number:
                self._after_move(before, lines)  # accepted: the hand was played out
            else:
                for line in lines:
                    self.say(line)
        elif command == "review":
            if not self.table.finished_hands:
                self.say("No hand is finished yet: b reviews one once it is over.", "error")
            else:
                app.push_screen(self.review_screen())
        elif command == "undo":
            self._cancel_timer()
            self._chosen = False
            self._held_trick = None
            self.say(self.table.undo())
        elif command == "last":
            self.show_last_trick = not self.show_last_trick
        elif command == "score":
            app.push_screen(self.sheet_screen())
        elif command == "so-far":
            app.push_screen(
                TextScreen("The auction and the tricks so far", "\n".join(self._so_far_lines()))
            )
        elif command == "colours":
            self.palette = dataclasses.replace(
                self.palette, four_colours=not self.palette.four_colours
            )
            self.say("Four colours." if self.palette.four_colours else "Red and black.")
        elif command == "save":
            self._app().save_game()
        elif command == "quit":
            self._app().action_request_quit()
            return
        else:
            self.say(f"{command!r} does nothing here: press ? for the keys.", "error")
        self.refresh_table()

    def _latest_so_far(self, rows: int, width: int) -> list[str]:
        """The last lines of :meth:`_so_far_lines` that fill ``rows`` rows ``width`` wide
        (after a "…" when earlier ones are left out)."""
        lines = self._so_far_lines()
        kept: list[str] = []
        used = 0
        for line in reversed(lines):
            need = len(_wrapped(Content.from_markup(line).plain, max(1, width)))
            if used + need > rows - (1 if len(kept) + 1 < len(lines) else 0):
                break
            kept.insert(0, line)
            used += need
        return kept if len(kept) == len(lines) else ["…", *kept]

    def _so_far_lines(self) -> list[str]:
        view = self.view()
        style = self.table.style
        lines = [escape(line) for line in render.auction_table(view, style)]
        for number, trick in enumerate(view.tricks, 1):
            lines.append(escape(f"{number}. {table_render.trick_words(trick, view.seat, style)}"))
        if view.current_trick is not None and view.current_trick.cards:
            words = table_render.trick_words(view.current_trick, view.seat, style)
            lines.append(escape(f"Now: {words}"))
        return lines or ["Nothing yet."]

    def sheet_screen(self, headline: list[str] | None = None, *, final: bool = False) -> TextScreen:
        """The score sheet, full size, with the results of the hands so far."""
        view = self.view()
        top = "\n".join(f"[bold]{escape(line)}[/]" for line in headline or [])
        results = [escape(self.table.describe_result(r)) for r in view.results]
        side = "[bold]Hands[/]\n" + "\n".join(results) if results else ""
        footer = "Enter: leave the table" if final else "Enter or Esc: back to the table"
        return TextScreen(
            "The rubber is over" if final else "Score sheet",
            widgets.sheet_markup(view, compact=False),
            footer,
            headline=top,
            side=side,
            choices={"b": "review"} if view.results else None,
        )

    # -- the flow of the game -----------------------------------------------------------------

    def _after_move(self, before: TableView, lines: list[str]) -> None:
        for line in lines:
            self.say(line)
        table = self.table
        hand_over = table.is_over or bool(table.finished)
        # At the end of a hand the last trick is in the dialog's headline; the table behind it
        # is the next deal, which must not show that trick, and nobody moves until Enter.
        self._held_trick = table.last_trick if table.trick_completed and not hand_over else None
        self._waiting = hand_over
        self.refresh_table()
        if table.is_over:
            self._finish()
        elif table.finished:
            self._hand_over()
        else:
            self._continue()

    def _hand_over(self) -> None:
        headline = [self.table.describe_result(r) for r in self.table.finished]
        last = self.table.last_trick
        if last is not None and self.table.trick_completed:
            words = table_render.trick_words(last, self.table.human, self.table.style)
            headline.append("Last trick: " + words)
        self._show_hand_over(headline)

    def review_screen(self, number: int | None = None) -> ReviewScreen:
        """The review of a finished hand (the latest unless ``number`` is given)."""
        return review_screen(self.table, number)

    def _app(self) -> HoneymoonApp:
        return cast("HoneymoonApp", self.app)


def _display_key(card: Card) -> tuple[int, int]:
    # Spades first, high to low: the order of the diagram's lines.
    return (-int(card.suit), -int(card.rank))


def _wrapped(text: str, width: int) -> list[str]:
    import textwrap

    return textwrap.wrap(text, width, break_long_words=True, break_on_hyphens=False) or [""]
