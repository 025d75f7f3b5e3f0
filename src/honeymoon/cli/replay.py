"""``honeymoon replay FILE``: re-validate a game record, print each hand and the score sheet.

A record with stock orders is replayed action by action through the rules engine (a game
saved by ``honeymoon play`` is read with its sealed stock); a player-safe copy (written
without the stocks) is checked as far as it can be and its results re-scored from the play.
``--pbn OUT`` also writes every hand as PBN. A bad record exits with status 2 and a message
naming the hand and action.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from honeymoon.cli.render import CardStyle, result_words
from honeymoon.cli.session import open_record
from honeymoon.errors import RecordError
from honeymoon.game import HandResult
from honeymoon.records import GameRecord, dumps_pbn, loads, record_to_dict
from honeymoon.scoring import ScoreSheet
from honeymoon.seats import Seat


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``replay`` sub-command."""
    parser = subparsers.add_parser(
        "replay",
        help="re-validate a game record, print the score sheet, export PBN",
        description=(
            "Read a JSON game record, replay and re-validate every action, and print each "
            "hand's result and the score sheet. Example: honeymoon replay rubber.json --pbn "
            "rubber.pbn"
        ),
    )
    parser.add_argument("file", help="the JSON game record ('-' reads standard input)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--pbn", metavar="OUT", help="also write every hand as PBN to OUT ('-': standard output)"
    )
    parser.add_argument(
        "--analyze", action="store_true", help="add each hand's double-dummy analysis"
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Replay the record and print it; a bad record raises :class:`RecordError` (exit 2)."""
    raw = _read(args.file)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        record = loads(raw)  # the reader says which byte is wrong
    else:
        record = loads(open_record(text))
    if args.pbn is not None:
        _write(args.pbn, dumps_pbn(record))
    analysis = None
    if args.analyze:
        from honeymoon.analysis import analyze_game
        from honeymoon.cli.analyze import analysis_lines

        analysis = analyze_game(record)
    if args.json:
        data = summary_dict(record)
        if analysis is not None:
            data["analysis"] = analysis.to_dict()
        print(json.dumps(data, ensure_ascii=False, indent=2))
    elif args.pbn != "-":
        lines = summary_lines(record)
        if analysis is not None:
            lines += ["", *analysis_lines(analysis)]
        print("\n".join(lines))
    return 0


def _read(path: str) -> bytes:
    if path == "-":
        return sys.stdin.buffer.read()
    try:
        with open(path, "rb") as file:
            return file.read()
    except OSError as error:
        raise RecordError(f"cannot read {path}: {error.strerror}", code="unreadable") from None


def _write(path: str, text: str) -> None:
    if path == "-":
        sys.stdout.write(text)
        return
    try:
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
    except OSError as error:
        raise RecordError(f"cannot write {path}: {error.strerror}", code="unwritable") from None


def _name(record: GameRecord, seat: Seat) -> str:
    name = record.players[seat]
    return f"{seat} ({name})" if name else str(seat)


def result_line(result: HandResult) -> str:
    """One hand's result line, with honours if any were scored (the words of
    :func:`~honeymoon.cli.render.result_words`, plain letters for the suits)."""
    return result_words(result, style=CardStyle(letters=True))


def summary_lines(record: GameRecord) -> list[str]:
    """The text report: what was checked, each hand's result and the score sheet."""
    lines = [
        f"{record.rules.title}: {_name(record, Seat.SOUTH)} against {_name(record, Seat.EAST)}"
    ]
    finished = len(record.results)
    if record.is_replayable:
        lines.append(f"Every action of {len(record.hands)} hand(s) replayed and valid.")
    else:
        lines.append(
            "Written without the stock order (a player-safe copy): the calls were checked "
            "and the results re-scored from the play, but the actions cannot be replayed."
        )
    lines.append("")
    lines.extend(result_line(result) for result in record.results)
    if not record.is_complete:
        current = record.hands[-1]
        if current.result is None:
            lines.append(
                f"Hand {current.number + 1}: in progress after {len(current.actions)} action(s)"
            )
    lines.append("")
    lines.extend(sheet_lines(record))
    if not record.is_complete:
        lines.append(f"The rubber is not over ({finished} hand(s) finished).")
    return lines


def sheet_lines(record: GameRecord) -> list[str]:
    """The score sheet as a small table, then the rubber and points winners."""
    sheet = record.score_sheet
    rows = [
        ("Above the line", sheet.above(0), sheet.above(1)),
        ("Below the line", sheet.below(0), sheet.below(1)),
        ("Total", *sheet.totals),
    ]
    if not sheet.match_deals:
        rows.append(("Games", *sheet.games))
    lines = [f"{'':<16}{Seat.SOUTH.label:>8}{Seat.EAST.label:>8}"]
    lines.extend(f"{label:<16}{south:>8}{east:>8}" for label, south, east in rows)
    if sheet.match_deals:
        # A match of deals (Bridgette's six): no games; the higher total wins once it is over.
        lines.append(f"{'Deals scored':<16}{f'{sheet.deals_scored} of {sheet.match_deals}':>16}")
        if sheet.is_complete:
            lines.append(_match_line(record, sheet))
    elif sheet.rubber_winner is not None:
        winner = Seat(sheet.rubber_winner)
        games = sheet.games
        lines.append(
            f"Rubber won by {_name(record, winner)}, {games[winner]} games to "
            f"{games[winner.other]}."
        )
        lines.append(_points_line(record, sheet))
    return lines


def _match_line(record: GameRecord, sheet: ScoreSheet) -> str:
    winner = sheet.points_winner
    deals = sheet.match_deals
    if winner is None:
        return f"The match of {deals} deals is drawn, {sheet.totals[0]} each."
    seat = Seat(winner)
    margin = sheet.totals[seat] - sheet.totals[seat.other]
    return f"Match of {deals} deals won by {_name(record, seat)}, by {margin} points."


def _points_line(record: GameRecord, sheet: ScoreSheet) -> str:
    winner = sheet.points_winner
    if winner is None:
        return f"On points: equal, {sheet.totals[0]} each."
    seat = Seat(winner)
    margin = sheet.totals[seat] - sheet.totals[seat.other]
    return f"On points: {_name(record, seat)} wins by {margin}."


def summary_dict(record: GameRecord) -> dict[str, Any]:
    """The JSON report: the results and the score sheet as the record writes them."""
    data = record_to_dict(record, reveal=False)
    return {
        "variant": data["variant"],
        "players": data.get("players"),
        "replayed": record.is_replayable,
        "hands": [
            {"number": hand.number, "summary": result_line(hand.result), **entry["result"]}
            if hand.result is not None
            else {"number": hand.number, "summary": None, "in_progress": True}
            for hand, entry in zip(record.hands, data["hands"], strict=True)
        ],
        "complete": data["complete"],
        "score": data["score"],
    }
