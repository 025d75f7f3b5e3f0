"""The pop-up screens of the full-screen table: help, score sheet, discards, leaving."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.markup import escape
from textual.screen import ModalScreen
from textual.widgets import Static

__all__ = ["TextScreen", "QuitScreen"]


class TextScreen(ModalScreen[str | None]):
    """A framed page of text (help, the score sheet, the discards); any listed key closes it.

    ``body`` is Textual markup; ``footer`` names the keys that close it. ``choices`` maps more
    keys to what the screen closes with (e.g. ``{"b": "review"}``); the listed keys give None.
    With ``passes_keys`` any other key closes it too and is then pressed on the table (a page
    read in passing, such as a hint's numbers, never swallows the player's next key).
    """

    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("enter", "close", "Close"),
        Binding("space", "close", "Close", show=False),
        Binding("q", "close", "Close", show=False),
        Binding("question_mark", "close", "Close", show=False),
    ]

    def __init__(
        self,
        title: str,
        body: str,
        footer: str = "Enter or Esc: back to the table",
        *,
        headline: str = "",
        side: str = "",
        choices: dict[str, str] | None = None,
        passes_keys: bool = False,
    ) -> None:
        super().__init__()
        self._choices = dict(choices or {})
        self._passes_keys = passes_keys
        self._title = title
        self._body = body
        self._footer = footer
        self._headline = headline
        self._side = side

    def compose(self) -> ComposeResult:
        """A frame: an optional headline, the text (with an optional side column), the keys."""
        with Vertical(id="dialog"):
            if self._headline:
                yield Static(self._headline, id="dialog-headline")
            with VerticalScroll(id="dialog-body"), Horizontal(id="dialog-columns"):
                # Beside a side column the text keeps its own width (a score sheet); alone it
                # takes the dialog's width and wraps there, so no line runs past the frame.
                yield Static(self._body, id="dialog-text", classes="beside" if self._side else "")
                if self._side:
                    yield Static(self._side, id="dialog-side")
            yield Static(f"[@click=screen.close]{escape(self._footer)}[/]", id="dialog-keys")

    def on_mount(self) -> None:
        """Title the frame."""
        self.query_one("#dialog").border_title = self._title

    def on_key(self, event: events.Key) -> None:
        """A key of ``choices`` closes the screen with its answer."""
        answer = self._choices.get(event.key)
        if answer is not None:
            event.stop()
            self.dismiss(answer)
            return
        if self._passes_keys and event.key not in ("escape", "enter", "space", "q"):
            event.stop()
            key = event.key
            self.dismiss(None)
            self.app.call_later(self.app.simulate_key, key)

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)


class QuitScreen(ModalScreen[str]):
    """Leaving: save and leave (``s``), leave without saving (``q``), or go on (Esc)."""

    BINDINGS = [
        Binding("s", "choose('save')", "Save and leave"),
        Binding("q", "choose('quit')", "Leave without saving"),
        Binding("escape", "choose('stay')", "Go on playing"),
        Binding("n", "choose('stay')", "Go on playing", show=False),
        Binding("ctrl+c", "choose('quit')", "Leave without saving", show=False, priority=True),
    ]

    def __init__(self, where: str) -> None:
        super().__init__()
        self._where = where

    def compose(self) -> ComposeResult:
        """The question and the three answers."""
        with Vertical(id="dialog", classes="small"):
            yield Static(
                "Leave the game?\n\n"
                f"[@click=screen.choose('save')][b]s[/b] save and leave[/] "
                f"(to {escape(self._where)}; resume later with honeymoon play --resume "
                "and the file's name)\n"
                "[@click=screen.choose('quit')][b]q[/b] leave without saving[/]"
                " (Ctrl-C again does the same)\n"
                "[@click=screen.choose('stay')][b]Esc[/b] go on playing[/]",
                id="dialog-text",
            )

    def on_mount(self) -> None:
        """Title the frame."""
        self.query_one("#dialog").border_title = "Leave"

    def action_choose(self, answer: str) -> None:
        """Close with the answer."""
        self.dismiss(answer)
