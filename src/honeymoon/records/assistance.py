"""The notes a game record may carry beside the rubber: the note on help (whether undo and
hints were allowed, and how often they were used), which the terminal writes into its saves
and the server into the record a player downloads, and the note on how a rubber ended that
was not played out (left by a player). The records reader ignores them.

>>> text = with_assistance('{\\n  "format": "honeymoon-record"\\n}\\n', {"hints": 2})
>>> read_assistance(text)
{'hints': 2}
>>> read_assistance('{"format": "honeymoon-record"}')
{}
"""

from __future__ import annotations

import json

__all__ = ["ASSISTANCE_KEY", "ENDING_KEY", "with_assistance", "with_ending", "read_assistance"]

#: The key of the note on help in a record's JSON object.
ASSISTANCE_KEY = "assistance"
#: The key of the note on a rubber that was not played out: ``{"left_by": "east"}``.
ENDING_KEY = "ending"


def with_assistance(record_text: str, assistance: dict[str, object]) -> str:
    """``record_text`` (a JSON object as the records module writes it) with the note on undo
    and hints as its first field."""
    return _with_note(record_text, ASSISTANCE_KEY, assistance)


def with_ending(record_text: str, left_by: str) -> str:
    """``record_text`` with the note that the rubber was ended as left by ``left_by`` (a
    seat's name): not a result on points."""
    return _with_note(record_text, ENDING_KEY, {"left_by": left_by})


def _with_note(record_text: str, key: str, note: dict[str, object]) -> str:
    if not record_text.startswith("{\n"):
        raise ValueError("a record's text is a JSON object written one field a line")
    return "{\n" + f'  "{key}": {json.dumps(note)},\n' + record_text[2:]


def read_assistance(text: str) -> dict[str, object]:
    """The note on undo and hints of a record's text (empty if it has none)."""
    try:
        data = json.loads(text)
    except ValueError:
        return {}
    note = data.get(ASSISTANCE_KEY) if isinstance(data, dict) else None
    return note if isinstance(note, dict) else {}
