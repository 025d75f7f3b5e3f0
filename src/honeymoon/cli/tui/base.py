"""What the two card tables of the terminal share (the two-hand :class:`~honeymoon.cli.tui.app.
GameScreen` and the four-hand :class:`~honeymoon.cli.tui.table_screen.FourHandScreen`): the
message log's list, redrawing only what changed, the keys (typing, editing, arrows, Enter),
and the flow of the game: the computer's move after a pause, the player's only legal card
played for them (auto-play)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, ClassVar, Generic, Protocol, TypeVar, cast

from textual import events
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static

from honeymoon.cli.tui.review import ReviewScreen
from honeymoon.errors import HoneymoonError
from honeymoon.game import Phase
from honeymoon.views import SeatView, TableView

if TYPE_CHECKING:
    from honeymoon.cli.tui.app import HoneymoonApp

__all__ = ["PlayScreen", "Playing", "COMMAND_WORDS"]

#: What may be typed for a command at either table, and the command's name.
COMMAND_WORDS = {
    "?": "help",
    "help": "help",
    "rules": "help",
    "h": "hint",
    "hint": "hint",
    "u": "undo",
    "undo": "undo",
    "l": "last",
    "last": "last",
    "s": "score",
    "score": "score",
    "f": "colours",
    "a": "so-far",
    "auction": "so-far",
    "tricks": "so-far",
    "b": "review",
    "review": "review",
    "c": "claim",
    "claim": "claim",
    "q": "quit",
    "quit": "quit",
}


ViewT = TypeVar("ViewT", SeatView, TableView)
TrickT = TypeVar("TrickT")


class Playing(Protocol):
    """The table a screen drives, as far as the flow of the game goes."""

    @property
    def is_over(self) -> bool:
        """True once the rubber is over."""
        ...

    @property
    def computer_to_act(self) -> bool:
        """True if it is the computer's turn."""
        ...

    @property
    def forced_card(self) -> int | None:
        """The player's only legal card, to play for them (auto-play); None otherwise."""
        ...

    def play_forced(self) -> list[str]:
        """Play :attr:`forced_card`; the lines narrating it."""
        ...

    def computer_move(self) -> list[str]:
        """The computer's move; the lines narrating it."""
        ...

    def parse(self, text: str) -> int:
        """Read the player's typed answer and check it is legal now."""
        ...

    def final_line(self) -> str:
        """Who won the rubber, in words."""
        ...

    def play(self, action: int) -> list[str]:
        """Carry out the player's action; the lines narrating it."""
        ...


#: The smallest terminal a card table fits.
MIN_SIZE = (80, 24)


class PlayScreen(Screen[None], Generic[ViewT, TrickT]):
    """A card table's screen: ``delay`` is the pause before each computer move, ``greeting``
    the first messages. A subclass draws (:meth:`refresh_table`), reads the player's view
    (:meth:`view`), handles Enter, the arrows and typing, and carries on after a move
    (:meth:`_after_move`)."""

    def __init__(self, playing: Playing, *, delay: float, greeting: Sequence[str] = ()) -> None:
        super().__init__()
        self._playing = playing
        self.delay = delay
        self.typed = ""
        self.messages: list[tuple[str, str]] = [("info", line) for line in greeting]
        self._timer: Timer | None = None
        # Enter acts on the highlight only once the player has moved it for this decision: a
        # stray Enter must not keep a card or play one.
        self._chosen = False
        # The trick just completed stays on the table until the next card or a key press.
        self._held_trick: TrickT | None = None
        #: The last trick shown on request (``l``) instead of the trick in progress.
        self.show_last_trick = False
        self._waiting = False  # a hand-over or end screen is up
        self._shown: dict[str, str] = {}

    # -- what a subclass provides -------------------------------------------------------------

    def view(self) -> ViewT:
        """The player's view (the only source of what is drawn)."""
        raise NotImplementedError

    def refresh_table(self) -> None:
        """Redraw everything from the player's view."""
        raise NotImplementedError

    def _move(self, step: int, vertical: bool) -> None:
        raise NotImplementedError

    def _typed_character(self, char: str) -> None:
        raise NotImplementedError

    def _after_move(self, before: ViewT, lines: list[str]) -> None:
        raise NotImplementedError

    def sheet_screen(
        self, headline: list[str] | None = None, *, final: bool = False
    ) -> Screen[str | None]:
        """The score sheet (its ``b`` answers ``review``), with ``headline`` on top."""
        raise NotImplementedError

    def review_screen(self, number: int | None = None) -> ReviewScreen:
        """The review of finished hand ``number`` (the latest if None), with its analysis."""
        raise NotImplementedError

    def _show_hand_over(self, headline: list[str]) -> None:
        # The end of a hand: the sheet, with b for the hand's review (back to the sheet after
        # it), then on to the next hand.
        headline.append("Press b to review the hand, Enter for the next hand.")
        self._waiting = True
        finished = len(self.view().results) - 1

        def resume() -> None:
            self._waiting = False
            self.show_last_trick = False
            self._held_trick = None
            self.refresh_table()
            self._continue()

        self._sheet_with_review(lambda: self.sheet_screen(headline), finished, resume)

    def _finish(self) -> None:
        # The end of the rubber: the final sheet, with b for the reviews, then leave.
        app = self.app
        headline = [self._playing.final_line()]
        written = cast("HoneymoonApp", app).write_final_record()
        if written:
            headline.append(written)
        headline.append("Press b to review the hands, Enter to leave the table.")
        self._waiting = True
        self._sheet_with_review(
            lambda: self.sheet_screen(headline, final=True), None, lambda: app.exit(0)
        )

    def _sheet_with_review(
        self, sheet: Callable[[], Screen[str | None]], number: int | None, then: Callable[[], None]
    ) -> None:
        def answered(answer: str | None) -> None:
            if answer == "review":
                self.app.push_screen(
                    self.review_screen(number), lambda _: self.app.push_screen(sheet(), answered)
                )
                return
            then()

        self.app.push_screen(sheet(), answered)

    def _cursor_action(self, view: ViewT) -> int | None:
        """The action under the highlight (None if there is none)."""
        raise NotImplementedError

    def _legal_words(self, view: ViewT) -> str:
        """The legal actions in words, for a refusal."""
        raise NotImplementedError

    def _reset_cursors(self) -> None:
        """Put the highlights back for the next decision."""

    def action_command(self, command: str) -> None:
        """Run a command by its name (help, score, undo …)."""
        raise NotImplementedError

    #: What may be typed for a command, and the command's name.
    COMMAND_WORDS: ClassVar[dict[str, str]] = {}

    # -- shared -------------------------------------------------------------------------------

    def say(self, text: str, kind: str = "info") -> None:
        """Add a message to the log (kinds: info, error, hint)."""
        self.messages.append((kind, text))
        del self.messages[:-50]

    def _show(self, selector: str, markup: str) -> None:
        # Updating only what changed keeps typing quick.
        if self._shown.get(selector) != markup:
            self._shown[selector] = markup
            self.query_one(selector, Static).update(markup)

    def _check_size(self) -> None:
        """Below :data:`MIN_SIZE` hide the table and say why (the screen's CSS shows only
        ``#too-small`` under the ``too-small`` class)."""
        width, height = self.app.size
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        self.set_class(small, "too-small")
        if small:
            self._show(
                "#too-small",
                f"The card table needs a terminal of at least {MIN_SIZE[0]}×{MIN_SIZE[1]}; "
                f"this one is {width}×{height}.\n\nMake the window bigger, or play line by "
                "line with: honeymoon play --plain\n\nCtrl-C leaves (you are offered to save).",
            )

    def on_key(self, event: events.Key) -> None:
        """Typing, editing, arrows, Enter and the one-key commands."""
        key = event.key
        released = self._held_trick is not None
        if released:  # any key takes the finished trick off the table
            self._held_trick = None
            self.refresh_table()
        handled = True
        if key == "enter":
            self._submit()
        elif key == "backspace":
            self.typed = self.typed[:-1]
            self.refresh_table()
        elif key == "escape":
            self.typed = ""
            self.refresh_table()
        elif key in ("left", "right", "up", "down"):
            self._move(1 if key in ("right", "down") else -1, key in ("up", "down"))
        elif event.is_printable and event.character and event.character.strip():
            self._typed_character(event.character)
        else:
            handled = False
        if handled:
            event.stop()
            event.prevent_default()
        if released:
            # The computer's lead (or a forced card) waited for the trick to be taken off.
            self._continue()

    def on_click(self, _event: events.Click) -> None:
        """A click takes a finished trick off the table, as a key does (a player who uses
        the mouse alone is never left waiting for the computer's next lead)."""
        if self._held_trick is not None:
            self._held_trick = None
            self.refresh_table()
            self._continue()

    def _submit(self) -> None:
        """Enter: the typed answer, or the action under the highlight once it was moved."""
        view = self.view()
        text = self.typed.strip()
        self.typed = ""
        if not text:
            action = self._cursor_action(view) if view.my_turn else None
            if action is not None and not self._chosen:
                self.say(
                    "Enter acts on the highlight once you have moved it (arrows), or on what "
                    "you type: nothing was done."
                )
                action = None
            if action is None:
                if view.phase is Phase.COMPLETE:
                    self.action_command("score")
                self.refresh_table()
                return
            self.action_act(action)
            return
        command = self.COMMAND_WORDS.get(text.lower())
        if not view.my_turn:
            if command:
                self.action_command(command)
            else:
                self.say("Wait: it is not your turn.", "error")
                self.refresh_table()
            return
        try:
            action = self._playing.parse(text)
        except HoneymoonError as error:
            if command:
                self.action_command(command)
                return
            self.say(f"{error} · legal now: {self._legal_words(view)}", "error")
            self.refresh_table()
            return
        self.action_act(action)

    def action_act(self, action: int) -> None:
        """Make the player's move ``action`` (from a key, Enter or a click)."""
        view = self.view()
        if not view.my_turn:
            self.say("Wait: it is not your turn.", "error")
            self.refresh_table()
            return
        self.typed = ""
        self._cancel_timer()  # a card the player plays before its forced card played itself
        try:
            lines = self._playing.play(action)
        except HoneymoonError as error:
            self.say(f"{error} · legal now: {self._legal_words(view)}", "error")
            self.refresh_table()
            return
        self._reset_cursors()
        self._chosen = False
        self._after_move(view, lines)

    def _continue(self) -> None:
        """Let the computer move, after the pause, if it is its turn; or, with auto-play, play
        the player's only legal card after the same pause."""
        playing = self._playing
        if self._waiting or playing.is_over:
            return
        if self.trick_waits_for_key():
            return
        if playing.forced_card is not None:
            move = self._forced_move
        elif playing.computer_to_act:
            move = self._computer_move
        else:
            return
        if self.delay <= 0:
            move()
        elif self._timer is None:
            self._timer = self.set_timer(self.delay, move)

    def trick_waits_for_key(self) -> bool:
        """True while a finished trick is on the table and the next card is not the player's
        to choose: it stays until the player's key, whoever won it, so the computer's next lead
        (or a forced card) waits; with no pause at all, as the player asked, nothing waits."""
        playing = self._playing
        return (
            self._held_trick is not None
            and self.delay > 0
            and (playing.computer_to_act or playing.forced_card is not None)
        )

    def _forced_move(self) -> None:
        self._timer = None
        if self._waiting or self._playing.forced_card is None:
            self._continue()
            return
        before = self.view()
        self.typed = ""
        self._chosen = False
        self._after_move(before, self._playing.play_forced())

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def _computer_move(self) -> None:
        self._timer = None
        if self._waiting or not self._playing.computer_to_act:
            self._continue()
            return
        before = self.view()
        try:
            lines = self._playing.computer_move()
        except Exception as error:  # a faulty bot must not lose the player's game
            self.say(f"The computer failed to move ({error}); save with Ctrl-S.", "error")
            self.refresh_table()
            return
        self._after_move(before, lines)
