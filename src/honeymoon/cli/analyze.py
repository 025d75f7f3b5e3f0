"""``honeymoon analyze RECORD``: what was makeable in each hand, par, and the cost of each card.

For every hand of a game record (or one, with ``--hand N``, counted from 1 as the other
commands print hands): the double-dummy table of the two hands as the auction began, the par
contract under the hand's vulnerability, the cards that cost tricks against best play (with a
better card), and in Draw and Discard Bridge each player's drawing against the strongest bot's
from the same stock. ``--json`` prints one object. ``docs/analysis.md`` explains the figures.
A bad record or hand number exits with status 2 and a message saying what would be right.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from honeymoon.analysis import (
    AnalysisError,
    DrawingAnalysis,
    GameAnalysis,
    HandAnalysis,
    HandWorth,
    PlayAnalysis,
    TrickTable,
    analyze_game,
    analyze_hand,
)
from honeymoon.cards import Strain
from honeymoon.cli.replay import _read
from honeymoon.cli.session import open_record
from honeymoon.cli.solve import hand_text
from honeymoon.errors import HoneymoonError
from honeymoon.records import GameRecord, loads
from honeymoon.seats import SEATS, Direction


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``analyze`` sub-command."""
    parser = subparsers.add_parser(
        "analyze",
        help="double-dummy analysis of a game record: makeable contracts, par, costly cards",
        description=(
            "Analyse every hand of a JSON game record with the double-dummy solver: the tricks "
            "each player makes as declarer in each strain, the par contract, the cards that "
            "cost tricks against best play, and the drawing. Example: honeymoon analyze "
            "rubber.json --hand 2"
        ),
    )
    parser.add_argument("record", help="the JSON game record ('-' reads standard input)")
    parser.add_argument(
        "--hand", type=int, metavar="N", help="analyse hand N only (counted from 1)"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--no-drawing",
        action="store_true",
        help="skip the comparison of the drawing with the strongest bot's (the slowest part)",
    )
    parser.set_defaults(handler=run)


def read_record(path: str) -> GameRecord:
    """Load a record file (or a save of ``honeymoon play``); ``-`` reads standard input.

    :raises HoneymoonError: (a :class:`RecordError`) for a missing file or a bad record.
    """
    raw = _read(path)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return loads(raw)  # the reader says which byte is wrong
    return loads(open_record(text))


def run(args: argparse.Namespace) -> int:
    """Analyse the record and print it; bad input raises a :class:`HoneymoonError` (exit 2)."""
    record = read_record(args.record)
    drawing = not args.no_drawing
    if args.hand is None:
        analysis = analyze_game(record, drawing=drawing)
    else:
        count = len(record.hands)
        if not 1 <= args.hand <= count:
            raise AnalysisError(
                f"--hand {args.hand}: this record has hands 1 to {count}", "hand_out_of_range"
            )
        hand = analyze_hand(record, args.hand - 1, drawing=drawing)
        analysis = GameAnalysis(record.rules.name, (hand,))
    if args.json:
        print(json.dumps(analysis.to_dict(), ensure_ascii=False, indent=2))
    else:
        print("\n".join(analysis_lines(analysis)))
    return 0


def analysis_lines(analysis: GameAnalysis) -> list[str]:
    """The text report of every hand analysed, then the tricks lost to play."""
    lines: list[str] = []
    for hand in analysis.hands:
        lines.extend(hand_lines(hand))
        lines.append("")
    lost = analysis.lost
    lines.append(
        f"Tricks lost to play errors, double dummy: {SEATS[0]} {lost[0]}, {SEATS[1]} {lost[1]}"
    )
    return lines


def hand_lines(hand: HandAnalysis) -> list[str]:
    """One hand's report."""
    vulnerable = ", ".join(
        f"{seat} {'vulnerable' if hand.vulnerable[seat] else 'not vulnerable'}" for seat in SEATS
    )
    lines = [f"Hand {hand.number + 1} (dealer {hand.dealer}; {vulnerable})"]
    if hand.preliminary is not None:
        prelim = hand.preliminary
        lines.append(
            f"  Preliminary tricks: {SEATS[0]} took {prelim.taken[0]}, {SEATS[1]} "
            f"{prelim.taken[1]}; with best play from the first lead {prelim.start[0]} and "
            f"{prelim.start[1]}"
        )
        lines.extend(_play_lines(prelim))
    if hand.deal is not None:  # South's and East's hands, or the table's four
        places = [d.label for d in Direction] if len(hand.deal) == 4 else [s.label for s in SEATS]
        for place, cards in zip(places, hand.deal, strict=True):
            lines.append(f"  {place:<6} {hand_text(cards)}")
    if hand.table is not None:
        lines.extend(table_lines(hand.table))
    if hand.par is not None:
        lines.append(f"  Par: {hand.par.describe()}")
    if hand.contract is not None and hand.declarer is not None and hand.play is not None:
        declarer = hand.declarer
        play = hand.play
        lines.append(
            f"  Played: {declarer} {hand.contract}; {declarer} took {play.taken[declarer]}"
            f"{'' if play.complete else ' so far'}, {play.start[declarer]} with best play "
            "from the opening lead"
        )
        lines.extend(_play_lines(play))
    if hand.drawing is not None:
        lines.append("  Drawing (each hand drawn, valued at par for the player who drew it):")
        for drawing in hand.drawing:
            lines.extend(_drawing_lines(drawing))
    lines.extend(f"  ({note})" for note in hand.notes)
    return lines


def table_lines(table: TrickTable) -> list[str]:
    """The double-dummy table: tricks as declarer in each strain, the opponent leading."""
    header = "".join(f"{strain.symbol:>4}" for strain in Strain)
    lines = ["  Tricks as declarer, the opponent leading:", f"  {'':<8}{header}"]
    for seat in SEATS:
        row = "".join(f"{table.tricks(seat, strain):>4}" for strain in Strain)
        lines.append(f"  {seat.label:<8}{row}")
    return lines


def _play_lines(play: PlayAnalysis) -> list[str]:
    costly = play.costly
    if not costly:
        return ["  No card cost a trick."]
    lines = []
    for card in costly:
        tricks = "trick" if card.cost == 1 else "tricks"
        better = f"; {card.better} was better" if card.better is not None else ""
        who = card.seat.label if card.hand is None else card.hand.label  # a table's hand
        lines.append(
            f"  Trick {card.trick + 1}: {who} {card.card} cost {card.cost} {tricks}{better}"
        )
    lines.append(f"  Tricks lost: {SEATS[0]} {play.lost[0]}, {SEATS[1]} {play.lost[1]}")
    return lines


def _signed(points: int) -> str:
    return f"{'+' if points >= 0 else '−'}{abs(points)}"


def _worth_words(worth: HandWorth) -> str:
    return (
        f"worth {_signed(worth.par_net)} at par (most tricks in {worth.best_strain.symbol}: "
        f"{worth.best_tricks})"
    )


def _drawing_lines(drawing: DrawingAnalysis) -> list[str]:
    # Two sentences a player can read: what the hand drawn is worth, and what the bot would
    # have drawn in the player's place from the same stock.
    seat = drawing.seat
    turns = len(drawing.turns)
    differently = drawing.disagreements
    return [
        f"  {seat} drew a hand {_worth_words(drawing.actual)}.",
        f"    The {drawing.bot_name} bot, drawing for {seat} from the same stock, would have "
        f"drawn a hand {_worth_words(drawing.bot)}; it would have chosen differently at "
        f"{differently} of {seat}'s {turns} {'turn' if turns == 1 else 'turns'}.",
    ]


def write_analyses(record_paths: Iterable[str | None], *, drawing: bool = True) -> list[str]:
    """Write the analysis of each record beside it (see :func:`write_beside`); the paths."""
    return [write_beside(path, drawing=drawing) for path in record_paths if path is not None]


def write_beside(record_path: str, *, drawing: bool = True) -> str:
    """Analyse the record at ``record_path`` and write the JSON analysis beside it, as
    ``NAME.analysis.json``; returns that path."""
    record = read_record(record_path)
    path = Path(record_path)
    target = path.with_name(f"{path.stem}.analysis.json")
    data: dict[str, Any] = analyze_game(record, drawing=drawing).to_dict()
    try:
        target.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    except OSError as error:
        raise HoneymoonError(f"cannot write {target}: {error.strerror}", "unwritable") from None
    return str(target)
