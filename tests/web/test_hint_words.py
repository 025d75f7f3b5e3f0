"""The browser words every reason code a bot can give (``web/hints.js``), as the terminal does."""

from __future__ import annotations

import re
from pathlib import Path

import honeymoon
from honeymoon.bots.advice import Reason

HINTS_JS = Path(honeymoon.__file__).parent / "web" / "hints.js"


def test_the_browser_words_every_reason_code() -> None:
    text = HINTS_JS.read_text(encoding="utf-8")
    table = text[
        text.index("export const HINT_WORDS = {") : text.index("\n};", text.index("HINT_WORDS"))
    ]
    worded = set(re.findall(r"^  ([a-z_]+): ", table, re.M))
    assert worded == {reason.value for reason in Reason}
