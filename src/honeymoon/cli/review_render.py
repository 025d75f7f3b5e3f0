"""The words of a hand's review, and of the auction and tricks so far during play.

Everything here reads a :class:`~honeymoon.views.HandReview` (from ``views.review_for``) or a
:class:`~honeymoon.views.SeatView`: the trick winners, who led, the result and the score come
from the core, never worked out here. Every table is reviewed by the same functions: the
review's hands are the table's places (South and East, or the four hands by Direction), and
a trick names its players as the table does. Plain text (no markup), so the terminal table, the
line-by-line mode and the tests read the same words.
"""

from __future__ import annotations

from dataclasses import dataclass

from honeymoon.analysis import CardCost, HandAnalysis
from honeymoon.cards import CardSet, Strain
from honeymoon.cli import table_render
from honeymoon.cli.render import (
    SYMBOLS,
    CardStyle,
    auction_table,
    hand_lines,
    result_words,
    trick_words,
    tricks_lines,
)
from honeymoon.game import Phase
from honeymoon.scoring import Line
from honeymoon.seats import SEATS, Direction, Seat
from honeymoon.views import HandReview, SeatView, TableTrickView, TrickView

__all__ = [
    "ReviewStep",
    "review_steps",
    "hands_at",
    "review_title",
    "review_auction_lines",
    "review_hand_columns",
    "review_step_line",
    "review_tricks_won_line",
    "review_score_lines",
    "review_own_lines",
    "hand_list",
    "so_far_lines",
    "analysis_lines",
    "costly_lines",
    "tricks_lost_line",
    "review_lines",
]


def _name(seat: Seat | None, me: Seat | None) -> str:
    if seat is None:
        return "nobody"
    return "You" if seat == me else seat.label


@dataclass(frozen=True, slots=True)
class ReviewStep:
    """One trick of the review: its title (``Trick 4 of 13``), the trick, and whether it is a
    preliminary (or memory) trick, played before the auction."""

    title: str
    trick: TrickView | TableTrickView
    preliminary: bool
    #: The index of this trick among the tricks of the play (-1 for a preliminary trick).
    index: int


def review_steps(review: HandReview, *, memory: bool = False) -> list[ReviewStep]:
    """The tricks to step through: the preliminary (or memory) tricks, then the play."""
    kind = "Memory trick" if memory else "Preliminary trick"
    steps = [
        ReviewStep(f"{kind} {n} of {len(review.preliminary_tricks)}", trick, True, -1)
        for n, trick in enumerate(review.preliminary_tricks, start=1)
    ]
    tricks: tuple[TrickView | TableTrickView, ...] = review.tricks
    steps += [
        ReviewStep(f"Trick {n} of {len(tricks)}", trick, False, n - 1)
        for n, trick in enumerate(tricks, start=1)
    ]
    return steps


def hands_at(review: HandReview, step: ReviewStep | None) -> tuple[CardSet, ...]:
    """The review's hands (South's and East's; at the four-hand table the four by Direction),
    as far as the review shows them, before the trick of ``step``: the hands after the drawing
    less the tricks of the play already over."""
    hands = review.hands
    if step is None or step.preliminary:
        return hands
    played = 0
    for trick in review.tricks[: step.index]:
        for card in trick.cards:
            played |= card.mask
    gone = CardSet(played)
    return tuple(hand - gone for hand in hands)


def _trick_words(trick: TrickView | TableTrickView, me: Seat | None, style: CardStyle) -> str:
    # A trick named as its table names its players (seats, or the table's hands).
    if isinstance(trick, TableTrickView):
        return table_render.trick_words(trick, me, style)
    return trick_words(trick, me, style)


def _side(winner: Seat | Direction | None) -> Seat | None:
    # The side that won a trick: a seat, or the owner of the table's hand.
    return winner.owner if isinstance(winner, Direction) else winner


def _places(review: HandReview) -> list[tuple[int, str, bool]]:
    # Each hand of the review as (its index in ``hands``, heading, the player's own): the
    # player's own first, then at the table its dummy, the opponent's hand and dummy.
    me = review.seat
    if len(review.hands) == 4:
        first = me if me is not None else Seat.SOUTH
        places = (first.direction, first.dummy, first.other.direction, first.other.dummy)
        return [
            (
                int(place),
                table_render.hand_name(place, me, capital=True)
                if place.is_dummy
                else "Your hand"
                if place.owner == me
                else f"{place.label}'s hand",
                me is not None and place == me.direction,
            )
            for place in places
        ]
    order = [me, me.other] if me is not None else list(SEATS)
    return [
        (int(seat), "Your hand" if seat == me else f"{seat.label}'s hand", seat == me)
        for seat in order
    ]


def review_title(review: HandReview, style: CardStyle = SYMBOLS) -> str:
    """``Hand 3 of 4: 2♥ by you, 9 tricks, made with 1 over: 60 below, 30 above``."""
    words = result_words(review.result, review.seat, style)
    head, _, rest = words.partition(": ")
    return f"{head} of {review.finished_hands}: {rest}" if rest else words


def review_auction_lines(review: HandReview, style: CardStyle = SYMBOLS) -> list[str]:
    """Who dealt, then the calls in two columns (the first caller's first)."""
    me = review.seat
    lines = [f"{_name(review.dealer, me)} dealt"]
    if review.first_caller is None:
        return lines + ["No auction (the memory award ended the rubber)."]
    first = review.first_caller
    lines.append(f"{_name(first, me):<8}{_name(first.other, me):<8}")
    calls = [style.call(call) for call in review.auction]
    for index in range(0, len(calls), 2):
        lines.append("".join(f"{c:<8}" for c in calls[index : index + 2]).rstrip())
    if review.contract is not None:
        lines.append(f"{style.contract(review.contract)} by {_name(review.declarer, me)}")
    return lines


def review_hand_columns(
    review: HandReview, step: ReviewStep | None, style: CardStyle = SYMBOLS
) -> list[tuple[str, list[str]]]:
    """Each seat's heading and its cards, one line a suit; the player's own hand first."""
    me = review.seat
    hands = hands_at(review, step)
    if review.first_caller is None:  # Memory Bridge: the award ended the rubber undealt
        order = [me, me.other] if me is not None else list(SEATS)
        return [(f"{_name(seat, me)}", ["no second deal"]) for seat in order]
    unseen = review.contract is None
    columns = []
    for index, heading, own in _places(review):
        cards = hands[index]
        if unseen and not own:
            columns.append((heading, ["not seen:", "no card", "was played"]))
        else:
            columns.append((f"{heading} ({len(cards)})", hand_lines(cards, style)))
    return columns


def review_step_line(
    review: HandReview, step: ReviewStep | None, style: CardStyle = SYMBOLS
) -> str:
    """The trick shown, in words; or where the review starts."""
    if step is None:
        if not review.tricks and not review.preliminary_tricks:
            return "No card was played in this hand."
        if len(review.hands) == 4:
            return "The hands as the play began: → steps through the tricks"
        return "The hands after the drawing: → steps through the tricks"
    return f"{step.title}: {_trick_words(step.trick, review.seat, style)}"


def review_tricks_won_line(review: HandReview, step: ReviewStep | None) -> str:
    """The tricks each side has won up to and including the trick shown."""
    me = review.seat
    tricks: tuple[TrickView | TableTrickView, ...]
    if step is None:
        tricks = ()
    elif step.preliminary:
        tricks = review.preliminary_tricks[: review.preliminary_tricks.index(step.trick) + 1]
    else:
        tricks = review.tricks[: step.index + 1]
    counts = [sum(1 for t in tricks if _side(t.winner) == seat) for seat in SEATS]
    first = me if me is not None else Seat.SOUTH
    return (
        f"Tricks so far: {_name(first, me)} {counts[first]} · "
        f"{_name(first.other, me)} {counts[first.other]}"
    )


def review_score_lines(review: HandReview) -> list[str]:
    """The hand's entries on the score sheet: who scored what, above or below, and why."""
    me = review.seat
    if not review.score:
        return ["Score: nothing this hand"]
    lines = ["Score this hand:"]
    for entry in review.score:
        where = "below" if entry.line is Line.BELOW else "above"
        lines.append(f"  {_name(SEATS[entry.seat], me)} {entry.points} {where} ({entry.reason})")
    return lines


def review_own_lines(review: HandReview, style: CardStyle = SYMBOLS) -> list[str]:
    """The player's own drawing: discards (Draw and Discard) or drawn cards (Draw Bridge)."""
    lines = []
    if review.discards:
        cards = " ".join(style.card(c) for c in review.discards.cards_high_to_low())
        lines.append(f"Your discards ({len(review.discards)}): {cards}")
    if review.drawn:
        drawn = " ".join(style.card(c) for c in review.drawn)
        lines.append(f"You drew ({len(review.drawn)}): {drawn}")
    return lines


def hand_list(count: int, current: int) -> list[tuple[int, str]]:
    """The finished hands to choose from, as (number, label): ``1 2 [3] 4``."""
    return [(n, f"[{n + 1}]" if n == current else f" {n + 1} ") for n in range(count)]


def so_far_lines(view: SeatView, *, compact: bool = False, style: CardStyle = SYMBOLS) -> list[str]:
    """During a hand: the auction (once it has begun) and the tricks so far. ``compact``
    (the side panel) numbers the tricks under a heading instead of naming each one."""
    lines: list[str] = []
    table = auction_table(view, style)
    if table:
        lines.append("Auction")
        lines += table
        if view.contract is not None and view.phase is not Phase.AUCTION:
            contract = style.contract(view.contract)
            lines.append(f"Contract {contract} by {_name(view.declarer, view.seat)}")
        lines.append("")
    if not compact:
        if view.phase in (Phase.PLAY, Phase.PRELIMINARY) or view.preliminary_tricks:
            lines.append("Tricks")
            lines += tricks_lines(view, style)
        return lines or ["No call and no trick yet this hand."]
    me = view.seat
    groups = [("Preliminary tricks", view.preliminary_tricks)]
    if view.phase is Phase.PRELIMINARY:
        groups = [("Preliminary tricks", view.tricks)]
    elif view.phase is Phase.PLAY:
        groups.append(("Tricks", view.tricks))
    for title, tricks in groups:
        if tricks:
            lines.append(title)
            lines += [f"{n:>2} {trick_words(t, me, style)}" for n, t in enumerate(tricks, start=1)]
    current = view.current_trick
    if current is not None and current.cards and view.phase in (Phase.PLAY, Phase.PRELIMINARY):
        lines.append(f"Now {trick_words(current, me, style)}")
    return lines or ["No call and no trick yet", "this hand."]


# -- the double-dummy analysis of a finished hand ----------------------------------------------


def analysis_lines(
    analysis: HandAnalysis, me: Seat | None, style: CardStyle = SYMBOLS
) -> list[str]:
    """What the hand held, double dummy: the tricks each player takes as declarer in every
    strain (the other leading), par, and the tricks each player's cards cost in the play. Every
    figure is the analysis's (``analysis.for_seat``: nothing of a deal the player has not
    seen); without a deal, the analysis's notes say why."""
    table = analysis.table
    if table is None:
        notes = [note[0].upper() + note[1:] + "." for note in analysis.notes]
        return ["Double dummy: nothing to analyse.", *notes]
    first = me if me is not None else Seat.SOUTH
    strains = list(Strain)
    lines = [
        "Double dummy, tricks as declarer:",
        f"  {'':<6}" + "".join(f"{style.strain(strain):>4}" for strain in strains),
    ]
    for seat in (first, first.other):
        row = "".join(f"{table.tricks(seat, strain):>4}" for strain in strains)
        lines.append(f"  {_name(seat, me):<6}{row}")
    par = analysis.par
    if par is not None:
        outcome = par.outcome
        if outcome is None:
            lines.append("Par: pass the hand out.")
        else:
            net = outcome.net(first)
            who = _lower(first, me)
            sacrifice = " (a sacrifice)" if par.is_sacrifice else ""
            lines.append(
                f"Par: {style.contract(outcome.contract)} by {_lower(outcome.declarer, me)}, "
                f"{outcome.tricks} "
                f"tricks{sacrifice}: {who} {'+' if net >= 0 else '−'}{abs(net)}."
            )
    play = analysis.play
    if play is not None:
        lost = play.lost
        start = play.start
        begun = play.cards[0].trick if play.cards else 0
        where = f"From trick {begun + 1}" if begun else "From the first lead"
        lines.append(
            f"{where}, best play gives {_lower(first, me)} {start[first]} and "
            f"{_lower(first.other, me)} {start[first.other]} tricks; lost to their own cards: "
            f"{_lower(first, me)} {lost[first]}, {_lower(first.other, me)} {lost[first.other]}."
        )
        costly = play.costly
        if costly:
            lines.append("Costly cards:")
            lines += [
                f"  trick {cost.trick + 1}: {_costly_words(cost, me, style)}" for cost in costly
            ]
        else:
            lines.append("No card cost a trick.")
    lines += [note[0].upper() + note[1:] + "." for note in analysis.notes]
    return lines


def _costly_words(cost: CardCost, me: Seat | None, style: CardStyle) -> str:
    tricks = "1 trick" if cost.cost == 1 else f"{cost.cost} tricks"
    better = f" ({style.card(cost.better)} was better)" if cost.better is not None else ""
    who = (
        _name(cost.seat, me)
        if cost.hand is None
        else table_render.hand_name(cost.hand, me, capital=True)
    )
    return f"{who} {style.card(cost.card)} cost {tricks}{better}"


def costly_lines(
    analysis: HandAnalysis | None,
    step: ReviewStep | None,
    me: Seat | None,
    style: CardStyle = SYMBOLS,
) -> list[str]:
    """The cards of the trick shown that cost a trick or more, each with the better card."""
    if analysis is None or analysis.play is None or step is None or step.preliminary:
        return []
    return [
        "Costly: " + _costly_words(cost, me, style)
        for cost in analysis.play.costly
        if cost.trick == step.index
    ]


def tricks_lost_line(lost: tuple[int, int], me: Seat | None) -> str:
    """The rubber's summary: the tricks each player lost to its own cards, double dummy."""
    first = me if me is not None else Seat.SOUTH
    return (
        f"Tricks lost to play errors this rubber (double dummy): {_lower(first, me)} "
        f"{lost[first]}, {_lower(first.other, me)} {lost[first.other]}."
    )


def _lower(seat: Seat, me: Seat | None) -> str:
    # A seat in the middle of a sentence: ``you`` or ``East``.
    return "you" if seat == me else seat.label


def review_lines(
    review: HandReview, analysis: HandAnalysis | None, style: CardStyle = SYMBOLS
) -> list[str]:
    """The whole review of a finished hand as lines of text (the line-by-line mode prints
    it): the result, the auction, the hands, every trick with the cards that cost a trick,
    the score and the analysis."""
    lines = [review_title(review, style), *review_auction_lines(review, style)]
    for heading, cards in review_hand_columns(review, None, style):
        lines.append(f"{heading}: " + " · ".join(cards))
    me = review.seat
    for step in review_steps(review):
        lines.append(review_step_line(review, step, style))
        lines += costly_lines(analysis, step, me, style)
    if not review.tricks and not review.preliminary_tricks:
        lines.append(review_step_line(review, None, style))
    lines += review_score_lines(review) + review_own_lines(review, style)
    if analysis is not None:
        lines += analysis_lines(analysis, me, style)
    return lines
