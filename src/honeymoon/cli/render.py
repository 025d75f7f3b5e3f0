"""Plain-text rendering of what a seat sees: hands, the auction, tricks and the score sheet.

Everything here takes a :class:`~honeymoon.views.SeatView` (or public values such as a score
sheet), so nothing can print a card the seat may not see.
"""

from __future__ import annotations

from honeymoon.actions import FIRST_BID, LAST_BID, describe
from honeymoon.cards import CardSet, Suit
from honeymoon.game import Phase
from honeymoon.scoring import Line, ScoreSheet
from honeymoon.seats import SEATS, Seat
from honeymoon.views import SeatView


def hand_lines(cards: CardSet) -> list[str]:
    """One line a suit, spades first: ``♠ A K 10 5``."""
    lines = []
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        ranks = cards.ranks(suit)
        lines.append(f"{suit.symbol} " + (" ".join(r.symbol for r in ranks) if ranks else "-"))
    return lines


def auction_table(view: SeatView) -> list[str]:
    """The calls so far as a two-column table, the first caller's column first."""
    if view.first_caller is None:
        return []
    first = view.first_caller
    second = first.other
    lines = [f"{first.label:<8}{second.label:<8}"]
    calls = [str(call) for call in view.auction]
    if view.phase is Phase.AUCTION and view.to_act is not None:
        calls.append("?")
    for index in range(0, len(calls), 2):
        pair = calls[index : index + 2]
        lines.append("".join(f"{c:<8}" for c in pair).rstrip())
    return lines


def score_sheet_lines(sheet: ScoreSheet) -> list[str]:
    """The score sheet: points above the line, the line(s), games below, and the totals."""
    width = 12
    header = f"{'':<10}{SEATS[0].label:>{width}}{SEATS[1].label:>{width}}"
    lines = [header]
    above = [sheet.above(0), sheet.above(1)]
    lines.append(f"{'above':<10}{above[0]:>{width}}{above[1]:>{width}}")
    lines.append("-" * len(header))
    games = max(sheet.current_game + 1, 1)
    for game in range(games):
        below = [
            sum(
                e.points
                for e in sheet.entries
                if e.seat == seat and e.line is Line.BELOW and e.game == game
            )
            for seat in (0, 1)
        ]
        if game < sheet.current_game:
            winner = SEATS[sheet.game_winners[game]].label
            lines.append(
                f"{f'game {game + 1}':<10}{below[0]:>{width}}{below[1]:>{width}}  won by {winner}"
            )
            lines.append("-" * len(header))
        elif not sheet.is_complete:
            lines.append(
                f"{f'game {game + 1}':<10}{below[0]:>{width}}{below[1]:>{width}}  in progress"
            )
    totals = sheet.totals
    lines.append(f"{'total':<10}{totals[0]:>{width}}{totals[1]:>{width}}")
    vulnerable = [s.label for s in SEATS if sheet.vulnerable(s)]
    lines.append("vulnerable: " + (", ".join(vulnerable) if vulnerable else "nobody"))
    if sheet.is_complete:
        assert sheet.rubber_winner is not None
        lines.append(f"rubber won by {SEATS[sheet.rubber_winner].label}")
        points_winner = sheet.points_winner
        lines.append(
            "equal totals"
            if points_winner is None
            else f"{SEATS[points_winner].label} wins on points by {abs(totals[0] - totals[1])}"
        )
    return lines


def status_line(view: SeatView) -> str:
    """Hand number, dealer, phase and (in play) contract and tricks."""
    parts = [f"Hand {view.hand_number + 1}", f"dealer {view.dealer.label}"]
    if view.contract is not None and view.declarer is not None:
        parts.append(f"contract {view.contract} by {view.declarer.label}")
    if view.phase is Phase.PLAY:
        parts.append(
            f"tricks {SEATS[0].label} {view.tricks_won[0]}, {SEATS[1].label} {view.tricks_won[1]}"
        )
    return " | ".join(parts)


def legal_action_words(view: SeatView) -> str:
    """The legal actions as words, for a prompt; bids are summed up as ``a bid from 3♦ up``."""
    bids = [a for a in view.legal_actions if FIRST_BID <= a <= LAST_BID]
    others = [describe(a) for a in view.legal_actions if not FIRST_BID <= a <= LAST_BID]
    if len(bids) > 1:
        others.append(f"or a bid from {describe(bids[0])} up")
    elif bids:
        others.append(describe(bids[0]))
    return ", ".join(others)


def seat_label(seat: Seat | None) -> str:
    """A seat's label, or ``nobody``."""
    return seat.label if seat is not None else "nobody"
