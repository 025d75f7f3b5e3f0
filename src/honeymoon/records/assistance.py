"""The note on help that a game record may carry: whether undo and hints were allowed, and
how often they were used. The terminal writes it into its saves, the server into the record
a player downloads; the records reader ignores it (it is not part of the rubber).

>>> text = with_assistance('{\\n  "format": "honeymoon-record"\\n}\\n', {"hints": 2})
>>> read_assistance(text)
{'hints': 2}
>>> read_assistance('{"format": "honeymoon-record"}')
{}
"""

from __future__ import annotations

import json

__all__ = ["ASSISTANCE_KEY", "with_assistance", "read_assistance"]

#: The key of the note in a record's JSON object.
ASSISTANCE_KEY = "assistance"


def with_assistance(record_text: str, assistance: dict[str, object]) -> str:
    """``record_text`` (a JSON object as the records module writes it) with the note on undo
    and hints as its first field."""
    if not record_text.startswith("{\n"):
        raise ValueError("a record's text is a JSON object written one field a line")
    line = f'  "{ASSISTANCE_KEY}": {json.dumps(assistance)},\n'
    return "{\n" + line + record_text[2:]


def read_assistance(text: str) -> dict[str, object]:
    """The note on undo and hints of a record's text (empty if it has none)."""
    try:
        data = json.loads(text)
    except ValueError:
        return {}
    note = data.get(ASSISTANCE_KEY) if isinstance(data, dict) else None
    return note if isinstance(note, dict) else {}
