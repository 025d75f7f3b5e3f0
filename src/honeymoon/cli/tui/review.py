"""The review of a finished hand: both hands after the drawing, the auction, the tricks one at
a time (← →), the result and the score of the hand; ↑ ↓ go through the finished hands.

What it shows comes from ``views.review_for`` for the player's seat only (through
``review`` given by the table), so it holds no card the player did not see.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.markup import escape
from textual.screen import ModalScreen
from textual.widgets import Static

from honeymoon.cli.review_render import (
    ReviewStep,
    hand_list,
    review_auction_lines,
    review_hand_columns,
    review_own_lines,
    review_score_lines,
    review_step_line,
    review_steps,
    review_title,
    review_tricks_won_line,
)
from honeymoon.views import HandReview

__all__ = ["ReviewScreen", "REVIEW_KEYS"]

#: The keys of the review, as its foot line shows them.
REVIEW_KEYS = "← → trick · Home/End · ↑ ↓ other hands · Enter or Esc: back"


class ReviewScreen(ModalScreen[None]):
    """One finished hand at a time. ``review(n)`` gives hand ``n`` (0-based) for the player;
    ``count`` hands are finished; the review opens on hand ``number``."""

    BINDINGS = [
        Binding("left", "step(-1)", "Previous trick"),
        Binding("right", "step(1)", "Next trick"),
        Binding("home", "step(-99)", "Start", show=False),
        Binding("end", "step(99)", "Last trick", show=False),
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
    ) -> None:
        super().__init__()
        self._review = review
        self.count = count
        self.number = count - 1 if number is None else number
        self._memory = memory
        self.step = 0
        self._load()

    def _load(self) -> None:
        self.hand = self._review(self.number)
        self.steps: list[ReviewStep] = review_steps(self.hand, memory=self._memory)

    @property
    def current(self) -> ReviewStep | None:
        """The trick shown (None at the start: the hands after the drawing)."""
        return self.steps[self.step - 1] if self.step else None

    def compose(self) -> ComposeResult:
        """Headline, the hands beside the auction, the trick, the score, the keys."""
        with Vertical(id="dialog", classes="review"):
            yield Static(id="review-headline")
            with VerticalScroll(id="dialog-body"):
                with Horizontal(id="review-columns"):
                    yield Static(id="review-hand-0", classes="review-hand")
                    yield Static(id="review-hand-1", classes="review-hand")
                    yield Static(id="review-auction")
                yield Static(id="review-trick")
                yield Static(id="review-score")
            yield Static(f"[@click=screen.close]{escape(REVIEW_KEYS)}[/]", id="dialog-keys")

    def on_mount(self) -> None:
        """Fill the frame."""
        self._draw()

    def _draw(self) -> None:
        review = self.hand
        step = self.current
        self.query_one("#dialog").border_title = f"Review · hand {self.number + 1}"
        hands = " ".join(
            f"[@click=screen.goto({n})]{escape(label)}[/]"
            for n, label in hand_list(self.count, self.number)
        )
        self.query_one("#review-headline", Static).update(
            f"[bold]{escape(review_title(review))}[/]\n[#9fbfa8]Finished hands:[/] {hands}"
        )
        for index, (heading, lines) in enumerate(review_hand_columns(review, step)):
            body = "\n".join(escape(line) for line in lines)
            self.query_one(f"#review-hand-{index}", Static).update(
                f"[bold]{escape(heading)}[/]\n{body}"
            )
        self.query_one("#review-auction", Static).update(
            "\n".join(escape(line) for line in review_auction_lines(review))
        )
        where = f"{self.step} of {len(self.steps)}" if self.steps else "no tricks"
        trick = [
            f"[bold #ffd75f]{escape(review_step_line(review, step))}[/]",
            f"{escape(review_tricks_won_line(review, step))} · step {where}",
        ]
        self.query_one("#review-trick", Static).update("\n".join(trick))
        lines = review_score_lines(review) + review_own_lines(review)
        self.query_one("#review-score", Static).update("\n".join(escape(x) for x in lines))

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
