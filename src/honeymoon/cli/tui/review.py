"""The review of a finished hand at any table: the hands (both after the drawing, or the
four hands as the play began at the four-hand table), the auction, the tricks one at
a time (← →), the result and the score of the hand, and its double-dummy analysis (the tricks
each player takes in every strain, par, the cards that cost a trick, marked in their trick);
↑ ↓ go through the finished hands. At the end of the rubber, the tricks each player lost to
its own cards over the rubber.

What it shows comes from ``views.review_for`` and ``analysis.analyze_hand(...).for_seat`` for
the player's seat only (through ``review`` and ``analysis`` given by the table), so it holds
no card the player did not see. The analysis is worked out when a hand is first reviewed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.markup import escape
from textual.screen import ModalScreen
from textual.widgets import Static

from honeymoon.analysis import HandAnalysis
from honeymoon.cli.render import SYMBOLS, CardStyle
from honeymoon.cli.review_render import (
    ReviewStep,
    analysis_lines,
    costly_lines,
    hand_list,
    review_auction_lines,
    review_hand_columns,
    review_own_lines,
    review_score_lines,
    review_step_line,
    review_steps,
    review_title,
    review_tricks_won_line,
    tricks_lost_line,
)
from honeymoon.rules import Procedure
from honeymoon.views import HandReview

if TYPE_CHECKING:
    from honeymoon.cli.session import Seated

__all__ = ["ReviewScreen", "REVIEW_KEYS", "review_screen"]

#: The keys of the review, as its foot line shows them.
REVIEW_KEYS = "← → trick · Home/End · ↑ ↓ other hands · PgUp/PgDn scroll · Esc back"


class ReviewScreen(ModalScreen[None]):
    """One finished hand at a time. ``review(n)`` gives hand ``n`` (0-based) for the player;
    ``count`` hands are finished; the review opens on hand ``number``."""

    BINDINGS = [
        Binding("left", "step(-1)", "Previous trick"),
        Binding("right", "step(1)", "Next trick"),
        Binding("home", "step(-99)", "Start", show=False),
        Binding("end", "step(99)", "Last trick", show=False),
        Binding("pageup", "scroll(-1)", "Scroll up", show=False),
        Binding("pagedown", "scroll(1)", "Scroll down", show=False),
        Binding("up", "hand(-1)", "Previous hand"),
        Binding("down", "hand(1)", "Next hand"),
        Binding("escape", "close", "Close"),
        Binding("enter", "close", "Close"),
        Binding("q", "close", "Close", show=False),
        Binding("b", "close", "Close", show=False),
    ]

    def __init__(
        self,
        review: Callable[[int], HandReview],
        count: int,
        number: int | None = None,
        *,
        memory: bool = False,
        analysis: Callable[[int], HandAnalysis] | None = None,
        summary: Callable[[], str] | None = None,
        style: CardStyle = SYMBOLS,
    ) -> None:
        super().__init__()
        #: How cards are written (the table's card style).
        self.style = style
        self._review = review
        self._analysis = analysis
        self._summary = summary
        self.count = count
        self.number = count - 1 if number is None else number
        self._memory = memory
        self.step = 0
        self._load()

    def _load(self) -> None:
        self.hand = self._review(self.number)
        self.steps: list[ReviewStep] = review_steps(self.hand, memory=self._memory)
        #: The hand's double-dummy analysis for the player (None if none was given).
        self.analysis = self._analysis(self.number) if self._analysis is not None else None

    @property
    def current(self) -> ReviewStep | None:
        """The trick shown (None at the start: the hands after the drawing)."""
        return self.steps[self.step - 1] if self.step else None

    def compose(self) -> ComposeResult:
        """Headline, the hands beside the auction, the trick, the score, the keys."""
        with Vertical(id="dialog", classes="review"):
            yield Static(id="review-headline")
            # Not focusable: the arrows, Home and End step through the tricks and the hands,
            # PgUp and PgDn scroll.
            with VerticalScroll(id="dialog-body", can_focus=False):
                with Horizontal(id="review-columns"):
                    for index in range(len(self.hand.hands)):
                        yield Static(id=f"review-hand-{index}", classes="review-hand")
                    yield Static(id="review-auction")
                yield Static(id="review-trick")
                yield Static(id="review-score")
                yield Static(id="review-analysis")
            yield Static(f"[@click=screen.close]{escape(REVIEW_KEYS)}[/]", id="dialog-keys")

    def on_mount(self) -> None:
        """Fill the frame."""
        self._fit()
        self._draw()

    def on_resize(self, _event: events.Resize) -> None:
        """A taller terminal shows more of the review (the analysis) without scrolling."""
        self._fit()

    def _fit(self) -> None:
        # The frame, the headline and the keys take eight rows; the body has the rest.
        body = self.query_one("#dialog-body", VerticalScroll)
        body.styles.max_height = max(8, self.app.size.height - 8)

    def action_scroll(self, pages: int) -> None:
        """Scroll the review's body a page up or down (to the analysis below the score)."""
        body = self.query_one("#dialog-body", VerticalScroll)
        if pages > 0:
            body.scroll_page_down(animate=False)
        else:
            body.scroll_page_up(animate=False)

    def _draw(self) -> None:
        review = self.hand
        step = self.current
        self.query_one("#dialog").border_title = f"Review · hand {self.number + 1}"
        hands = " ".join(
            f"[@click=screen.goto({n})]{escape(label)}[/]"
            for n, label in hand_list(self.count, self.number)
        )
        title = escape(review_title(review, self.style))
        self.query_one("#review-headline", Static).update(
            f"[bold]{title}[/]\n[#9fbfa8]Finished hands:[/] {hands}"
        )
        for index, (heading, lines) in enumerate(review_hand_columns(review, step, self.style)):
            body = "\n".join(escape(line) for line in lines)
            self.query_one(f"#review-hand-{index}", Static).update(
                f"[bold]{escape(heading)}[/]\n{body}"
            )
        self.query_one("#review-auction", Static).update(
            "\n".join(escape(line) for line in review_auction_lines(review, self.style))
        )
        where = f"{self.step} of {len(self.steps)}" if self.steps else "no tricks"
        trick = [
            f"[bold #ffd75f]{escape(review_step_line(review, step, self.style))}[/]",
            f"{escape(review_tricks_won_line(review, step))} · step {where}",
        ]
        trick += [
            f"[#ff8787]{escape(line)}[/]"
            for line in costly_lines(self.analysis, step, review.seat, self.style)
        ]
        self.query_one("#review-trick", Static).update("\n".join(trick))
        lines = review_score_lines(review) + review_own_lines(review, self.style)
        self.query_one("#review-score", Static).update("\n".join(escape(x) for x in lines))
        study = (
            analysis_lines(self.analysis, review.seat, self.style)
            if self.analysis is not None
            else []
        )
        if self._summary is not None:
            study.append(self._summary())
        self.query_one("#review-analysis", Static).update("\n".join(escape(x) for x in study))

    def action_step(self, delta: int) -> None:
        """Step back or forth through the tricks (±99: to the start or the last trick)."""
        self.step = max(0, min(len(self.steps), self.step + delta))
        self._draw()

    def action_hand(self, delta: int) -> None:
        """Another finished hand (the list runs from the first hand to the latest)."""
        number = max(0, min(self.count - 1, self.number + delta))
        if number != self.number:
            self.number = number
            self.step = 0
            self._load()
            self._draw()

    def action_goto(self, number: int) -> None:
        """Hand ``number`` (a click on the list of finished hands)."""
        self.action_hand(number - self.number)

    def action_close(self) -> None:
        """Back to where the review was opened from."""
        self.dismiss(None)


def review_screen(table: Seated[Any], number: int | None = None) -> ReviewScreen:
    """The review of a finished hand at ``table`` (any table of the terminal; the latest hand
    unless ``number`` is given), with its analysis; at the end of the rubber, the tricks lost
    to play errors over it too."""

    def summary() -> str:
        return tricks_lost_line(table.tricks_lost(), table.human)

    return ReviewScreen(
        table.review,
        table.finished_hands,
        number,
        memory=table.rules.procedure is Procedure.MEMORY,
        analysis=table.analysis,
        summary=summary if table.is_over else None,
        style=table.style,
    )
