"""What both line-by-line sessions share (``honeymoon play --plain``, the two-hand table and
the four-hand one): reading and writing lines, leaving, and saving."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from honeymoon.errors import HoneymoonError

__all__ = ["QuitGame", "LineSession", "Saving"]


class QuitGame(Exception):
    """The player asked to leave."""


class Saving(Protocol):
    """The table a line session drives, as far as leaving and saving go."""

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
