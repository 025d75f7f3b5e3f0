"""What both line-by-line sessions share (``honeymoon play --plain``, the two-hand table and
the four-hand one): reading and writing lines, leaving, and saving."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from honeymoon.cli.render import score_sheet_lines
from honeymoon.errors import HoneymoonError
from honeymoon.scoring import ScoreSheet

__all__ = ["QuitGame", "LineSession", "Saving"]


class QuitGame(Exception):
    """The player asked to leave."""


class Saving(Protocol):
    """The table a line session drives: its turns, its score sheet, leaving and saving."""

    @property
    def computer_to_act(self) -> bool:
        """True if it is the computer's turn."""
        ...

    @property
    def forced_card(self) -> int | None:
        """The player's only legal card, to play for them (auto-play); None otherwise."""
        ...

    def computer_move(self) -> list[str]:
        """The computer's move; the lines narrating it."""
        ...

    def review_lines(self, number: int | None = None) -> list[str]:
        """Finished hand ``number`` (1-based; the latest if None) reviewed in words."""
        ...

    def play_forced(self) -> list[str]:
        """Play :attr:`forced_card`; the lines narrating it."""
        ...

    @property
    def score_sheet(self) -> ScoreSheet:
        """The rubber's score sheet so far."""
        ...

    def undo(self) -> str:
        """Take back the player's last action; a line saying what happened."""
        ...

    @property
    def is_over(self) -> bool:
        """True once the rubber is over."""
        ...

    @property
    def has_played(self) -> bool:
        """True once the player has made a move."""
        ...

    def save(self, path: str | Path, *, parents: bool = False) -> Path:
        """Write the game to ``path``; returns the path written."""
        ...


class LineSession:
    """One prompt a decision over ``read`` and ``write``; ``record_path`` is where ``save``
    writes by default and where the record is written when the rubber ends (None: only on
    request); ``create_directory`` creates its folder on the first save."""

    def __init__(
        self,
        saving: Saving,
        read: Callable[[str], str],
        write: Callable[[str], None],
        *,
        record_path: str | Path | None,
        write_record: bool,
        create_directory: bool,
    ) -> None:
        self._saving = saving
        self.read = read
        self.write = write
        self.record_path = Path(record_path) if record_path is not None else None
        self.write_record = write_record
        #: Create the record file's folder on the first save (the default games folder).
        self.create_directory = create_directory

    # -- what each session provides ----------------------------------------------------------

    def _greet(self) -> None:
        """The first lines: the variant, who sits where, how to get help."""

    def _before_each(self) -> None:
        """Anything said before each turn (a new hand's announcement)."""

    def _turn(self) -> None:
        """Ask the player for one decision and carry it out."""
        raise NotImplementedError

    def _narrate(self, lines: list[str]) -> None:
        """Write what a move did, and anything it brings (a new hand, the table drawn)."""
        raise NotImplementedError

    # -- shared -------------------------------------------------------------------------------

    def run(self) -> int:
        """Play until the rubber ends or the player quits; returns an exit status."""
        table = self._saving
        self._greet()
        try:
            while not table.is_over:
                self._before_each()
                try:
                    if table.computer_to_act:
                        self._narrate(table.computer_move())
                    elif table.forced_card is not None:
                        self._narrate(table.play_forced())
                    else:
                        self._turn()
                except KeyboardInterrupt:
                    self.write("")
                    self._offer_to_leave()
        except QuitGame:
            self.write("Game abandoned.")
            return 0
        for line in score_sheet_lines(table.score_sheet):
            self.write(line)
        if self.record_path is not None and self.write_record:
            self._save(self.record_path, "The record of the rubber is in")
        return 0

    def _shared_command(self, word: str, rest: str) -> list[str] | None:
        """``undo``, ``review [N]``, ``save [FILE]`` and ``quit``, the same in every line
        session: the lines to write, or None for another word."""
        if word in ("undo", "u"):
            return [self._saving.undo()]
        if word in ("review", "b"):
            number = rest.strip()
            if number and not number.isdigit():
                return ["Say which hand: review 2 (or review, for the latest)"]
            return self._saving.review_lines(int(number) if number else None)
        if word == "save":
            path = Path(rest.strip()) if rest.strip() else self.record_path
            if path is None:
                return ["Say where: save FILE"]
            self._save(path, "Saved to")
            return []
        if word in ("quit", "exit"):
            self._offer_to_leave()
            return []
        return None

    def _offer_to_leave(self) -> None:
        default = f" (to {self.record_path})" if self.record_path else " (save FILE)"
        question = (
            f"Leave the game? 's' saves and leaves{default}, 'q' leaves without saving, "
            "anything else goes on: "
        )
        try:
            answer = self.read(question).strip().lower()
        except (EOFError, KeyboardInterrupt):
            answer = "s" if self.record_path else "q"
        word, _, rest = answer.partition(" ")
        if word in ("s", "save", "y", "yes"):
            path = Path(rest) if rest else self.record_path
            if path is None:
                self.write("Say where: s FILE (or 'q' to leave without saving).")
                return
            if self._save(path, "Saved to"):
                raise QuitGame
        elif word in ("q", "quit", "n", "no"):
            raise QuitGame
        else:
            self.write("Playing on.")

    def _leave_at_end_of_input(self) -> None:
        if self.record_path is not None and self.write_record and self._saving.has_played:
            self._save(self.record_path, "End of input: saved to")
        raise QuitGame

    def _save(self, path: Path, what: str) -> bool:
        try:
            parents = self.create_directory and path == self.record_path
            written = self._saving.save(path, parents=parents)
        except (OSError, HoneymoonError) as error:
            self.write(f"Could not save to {path}: {error}")
            return False
        if self._saving.is_over:
            self.write(f"{what} {written}.")
        else:
            self.write(f"{what} {written}; resume with: honeymoon play --resume {written}")
        return True
