"""``honeymoon stats``: your rubbers against the computer, from the games you saved.

Every game ``honeymoon play`` records (in :func:`~honeymoon.cli.play.games_directory` unless
``--record`` said otherwise) is read back with the records module, which checks it, so the
figures are the score sheets of the games themselves: nothing is kept twice. Finished rubbers
are counted per level and variant, practice rubbers (``honeymoon play --practice``) apart and
not in the counts; unfinished ones are listed to resume. A file that is not a
readable record is named with the reason and left out.

    honeymoon stats [--games DIR] [--json] [FILE ...]
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from honeymoon import records
from honeymoon.bots import LEVELS
from honeymoon.cli.session import human_seat_from_players, open_record
from honeymoon.errors import HoneymoonError
from honeymoon.records.assistance import read_assistance
from honeymoon.seats import Seat

#: A saved game larger than this is not a record this program wrote (a whole rubber of
#: hundreds of hands is well under a megabyte).
MAX_RECORD_BYTES = 8 * 1024 * 1024

#: The level of each bot name, for records that name the bot (``computer (heuristic)``).
_LEVEL_OF_BOT = {bot: level for level, bot in LEVELS.items()}
#: Records written before the medium level was the club bot name the heuristic bot.
_LEVEL_OF_BOT.setdefault("heuristic", "medium")


@dataclass(frozen=True, slots=True)
class SavedGame:
    """One saved game against the computer, as its record says."""

    path: str
    variant: str
    #: The level the computer played (``medium`` …), or the bot's name if it is not a level.
    level: str
    you: Seat
    finished: bool
    #: True if you won the rubber; None while it is unfinished.
    won: bool | None
    your_points: int
    computer_points: int
    hands: int
    #: Undo or hints were used in this game.
    assisted: bool
    #: A practice rubber (``play --practice``): listed, never counted.
    practice: bool
    modified: float


@dataclass(frozen=True, slots=True)
class LevelStats:
    """Finished rubbers at one level and variant."""

    level: str
    variant: str
    rubbers: int
    won: int
    lost: int
    #: Your points minus the computer's, over these rubbers.
    net_points: int
    #: Rubbers in which undo or hints were used.
    assisted: int

    @property
    def per_rubber(self) -> float:
        """Net points per rubber."""
        return self.net_points / self.rubbers if self.rubbers else 0.0


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A file that was left out, and why."""

    path: str
    reason: str


def read_saved_game(path: Path) -> SavedGame:
    """The saved game at ``path``.

    :raises HoneymoonError: if it is not a record of a game against the computer.
    :raises OSError: if it cannot be read.
    """
    if path.stat().st_size > MAX_RECORD_BYTES:
        raise HoneymoonError(
            f"larger than {MAX_RECORD_BYTES // (1024 * 1024)} MB: not a saved game", "bad_record"
        )
    text = path.read_text(encoding="utf-8")
    full = open_record(text)
    record = records.loads(full)
    you = human_seat_from_players(record.players)
    if you is None:
        raise HoneymoonError(
            "not a game against the computer (one player must be named 'computer (LEVEL)')",
            "not_against_computer",
        )
    # The record names the computer ``computer (BOT)`` (session.computer_name).
    computer = record.players[int(you.other)] or ""
    bot = computer.removeprefix("computer").strip().strip("()").strip()
    sheet = record.score_sheet
    totals = sheet.totals
    assistance = read_assistance(full)
    return SavedGame(
        path=str(path),
        variant=record.rules.name,
        level=_LEVEL_OF_BOT.get(bot, bot or "unknown"),
        you=you,
        finished=sheet.is_complete,
        won=(sheet.rubber_winner == you) if sheet.is_complete else None,
        your_points=totals[you],
        computer_points=totals[you.other],
        hands=len(record.results),
        assisted=bool(assistance.get("undos") or assistance.get("hints")),
        practice=assistance.get("practice") is True,
        modified=path.stat().st_mtime,
    )


def collect(paths: Iterable[Path]) -> tuple[list[SavedGame], list[Unreadable]]:
    """Read each path (a folder stands for its ``*.json`` files); newest game first."""
    games: list[SavedGame] = []
    unreadable: list[Unreadable] = []
    for path in _record_files(paths):
        try:
            games.append(read_saved_game(path))
        except (HoneymoonError, OSError, UnicodeDecodeError) as error:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else error
            unreadable.append(Unreadable(str(path), str(reason)))
    games.sort(key=lambda game: game.modified, reverse=True)
    return games, unreadable


def _record_files(paths: Iterable[Path]) -> list[Path]:
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            # Not the hidden temporary files of a save in progress.
            files += sorted(p for p in path.glob("*.json") if not p.name.startswith("."))
        elif path.exists():
            files.append(path)
    return files


def summarise(games: Sequence[SavedGame]) -> list[LevelStats]:
    """Finished rubbers grouped by level and variant, the levels in the order easy–hard;
    practice rubbers are not counted."""
    groups: dict[tuple[str, str], list[SavedGame]] = {}
    for game in games:
        if game.finished and not game.practice:
            groups.setdefault((game.level, game.variant), []).append(game)
    order = {level: index for index, level in enumerate(LEVELS)}
    rows = []
    for (level, variant), members in groups.items():
        won = sum(1 for game in members if game.won)
        rows.append(
            LevelStats(
                level=level,
                variant=variant,
                rubbers=len(members),
                won=won,
                lost=len(members) - won,
                net_points=sum(game.your_points - game.computer_points for game in members),
                assisted=sum(1 for game in members if game.assisted),
            )
        )
    rows.sort(key=lambda row: (order.get(row.level, len(order)), row.level, row.variant))
    return rows


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``stats`` sub-command."""
    parser = subparsers.add_parser(
        "stats",
        help="your rubbers per level and variant, and the games you can resume",
        description=(
            "Your results against the computer, read from the games you saved: finished "
            "rubbers per level and variant (won, lost, points), and the unfinished games "
            "with the command that resumes each."
        ),
    )
    parser.add_argument(
        "paths",
        nargs="*",
        metavar="FILE",
        help="records or folders to read (default: the folder where games are saved)",
    )
    parser.add_argument("--games", metavar="DIR", help="the folder of saved games to read")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Print the statistics; 0 even when there is nothing saved yet."""
    from honeymoon.cli.play import games_directory

    folder = Path(args.games).expanduser() if args.games else games_directory()
    paths = [Path(p).expanduser() for p in args.paths] or [folder]
    missing = [str(p) for p in paths if not p.exists() and p != games_directory()]
    if missing:
        raise HoneymoonError(
            f"no such file or folder: {', '.join(missing)}; give saved games (.json) or a "
            "folder of them",
            "no_such_file",
        )
    games, unreadable = collect(paths)
    rows = summarise(games)
    unfinished = [game for game in games if not game.finished]
    if args.json:
        print(json.dumps(_as_json(rows, unfinished, unreadable), indent=2))
        return 0
    for line in _report_lines(paths, games, rows, unfinished, unreadable):
        print(line)
    return 0


def _as_json(
    rows: Sequence[LevelStats], unfinished: Sequence[SavedGame], unreadable: Sequence[Unreadable]
) -> dict[str, Any]:
    def game_json(game: SavedGame) -> dict[str, Any]:
        data = asdict(game)
        data["you"] = game.you.key
        return data

    return {
        "rubbers": [asdict(row) | {"per_rubber": round(row.per_rubber, 1)} for row in rows],
        "unfinished": [game_json(game) for game in unfinished],
        "unreadable": [asdict(item) for item in unreadable],
    }


def _report_lines(
    paths: Sequence[Path],
    games: Sequence[SavedGame],
    rows: Sequence[LevelStats],
    unfinished: Sequence[SavedGame],
    unreadable: Sequence[Unreadable],
) -> list[str]:
    where = ", ".join(_short(p) for p in paths)
    # A finished rubber is a record, not a game to resume: count the two apart, and the
    # practice rubbers apart from both (they are not in the figures).
    practice = sum(1 for game in games if game.finished and game.practice)
    finished = len(games) - len(unfinished) - practice
    if games:
        counts = (
            f"{_count(finished, 'finished rubber')} and "
            f"{_count(len(unfinished), 'unfinished game')}"
        )
        lines = [f"{counts} against the computer in {where}."]
        if practice:
            lines.append(f"({_count(practice, 'practice rubber')} not counted.)")
    else:
        lines = [f"No games against the computer in {where}."]
    if not games:
        lines.append("Play with 'honeymoon play': each game is saved there as you go.")
    if rows:
        lines += ["", "Finished rubbers (points are yours minus the computer's):"]
        header = ("level", "variant", "rubbers", "won", "lost", "points", "per rubber")
        table = [header] + [
            (
                row.level,
                row.variant,
                str(row.rubbers),
                str(row.won),
                str(row.lost),
                f"{row.net_points:+,}",
                f"{row.per_rubber:+,.0f}",
            )
            for row in rows
        ]
        widths = [max(len(r[i]) for r in table) for i in range(len(header))]
        for row_text in table:
            cells = [
                text.ljust(width) if i < 2 else text.rjust(width)
                for i, (text, width) in enumerate(zip(row_text, widths, strict=True))
            ]
            lines.append("  " + "  ".join(cells).rstrip())
        assisted = sum(row.assisted for row in rows)
        if assisted:
            lines.append(f"  ({_count(assisted, 'rubber')} with undo or hints.)")
    if unfinished:
        lines += ["", "Unfinished, newest first:"]
        for game in unfinished:
            lines.append(
                f"  {Path(game.path).name}: {game.variant} against {game.level}, "
                f"{_count(game.hands, 'hand')} played, you {game.your_points:,} – "
                f"computer {game.computer_points:,}"
            )
            lines.append(f"    honeymoon play --resume {_quoted(game.path)}")
    if unreadable:
        lines += ["", f"Left out ({_count(len(unreadable), 'file')}):"]
        lines += [f"  {Path(item.path).name}: {item.reason}" for item in unreadable]
    return lines


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _short(path: Path) -> str:
    home = str(Path.home())
    text = str(path)
    return "~" + text[len(home) :] if text.startswith(home + os.sep) else text


def _quoted(path: str) -> str:
    return shlex.quote(path)
