"""Finding cards in the server's messages and log lines: the secrecy tests of the two-hand
game and of the four-hand table check every message to a seat against the cards hidden from
it with these."""

from __future__ import annotations

import json
import re
from typing import Any

from honeymoon.cards import Card

__all__ = ["ANY_CARD", "named_cards", "leaks", "echoed"]

_QUOTED = re.compile(r'"([SHDC][2-9TJQKA])"')
_SYMBOLS = re.compile(r"([♠♥♦♣])(10|[2-9JQKA])(?![0-9])")
_SUIT_LETTER = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}

#: Any card in a log line, in notation or in symbols.
ANY_CARD = re.compile(r"(?<![A-Za-z0-9_-])[SHDC][2-9TJQKA](?![A-Za-z0-9_-])|[♠♥♦♣](?:10|[2-9JQKA])")


def named_cards(text: str) -> set[Card]:
    """Every card ``text`` names, in notation (``"SA"``) or in symbols (``♠A``).

    >>> sorted(str(c) for c in named_cards('{"hand": ["SA"], "message": "♥10 is not legal"}'))
    ['♠A', '♥10']
    """
    named = {Card.parse(pbn) for pbn in _QUOTED.findall(text)}
    for suit, rank in _SYMBOLS.findall(text):
        named.add(Card.parse(_SUIT_LETTER[suit] + ("T" if rank == "10" else rank)))
    return named


def leaks(text: str, hidden: set[Card]) -> list[str]:
    """The hidden cards named in ``text``, leaving out a view's ``previous_last_trick``: those
    cards were played face up in the previous hand and may lie in any hand of this one
    (tests/test_views.py checks that field)."""
    return sorted(str(card) for card in named_cards(_without_previous_trick(text)) & hidden)


def _without_previous_trick(text: str) -> str:
    try:
        data = json.loads(text)
    except ValueError:
        return text  # a log line, not a message
    return json.dumps(_drop_key(data, "previous_last_trick"), ensure_ascii=False)


def _drop_key(data: Any, key: str) -> Any:
    if isinstance(data, dict):
        return {k: _drop_key(v, key) for k, v in data.items() if k != key}
    if isinstance(data, list):
        return [_drop_key(v, key) for v in data]
    return data


def echoed(socket: Any, text: str) -> set[Card]:
    """The card a refused move named itself ("♦8 is not in your hand"): the seat chose it,
    and the answer says nothing about where it is."""
    message = json.loads(text)
    action = socket.sent.get(message.get("move_id", ""), -1)
    if message["type"] == "error" and 0 <= action < 52:
        return {Card.from_id(action)}
    return set()
