"""Structured logs: one JSON object a line (``HONEYMOON_LOG_FORMAT=json``).

Each line has the time (UTC, ISO 8601), the level, the logger, this node's id, the message,
and the game id when the message is about one game. What the server logs never holds a card,
an action, a view, a token or a password (the hub logs ids, seats, versions and error codes
only; :class:`~honeymoon.server.limits.RedactTokens` blanks any token on the way out).
"""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime

__all__ = ["JsonFormatter", "use_json_logs"]


class JsonFormatter(logging.Formatter):
    """A log record as one line of JSON.

    >>> record = logging.LogRecord("honeymoon.server", 20, "", 0, "game %s: %s", ("g1", "x"), None)
    >>> line = json.loads(JsonFormatter("node-a").format(record))
    >>> line["level"], line["node"], line["game"], line["message"]
    ('info', 'node-a', 'g1', 'game g1: x')
    """

    def __init__(self, node: str) -> None:
        super().__init__()
        self.node = node

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "node": self.node,
            "message": record.getMessage(),
        }
        args = record.args
        if (
            isinstance(record.msg, str)
            and record.msg.startswith("game %s")
            and isinstance(args, tuple)
            and args
        ):
            entry["game"] = str(args[0])
        if record.exc_info:
            entry["error"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False)


def use_json_logs(node: str, level: str = "info") -> None:
    """Send every log record (uvicorn's too) to standard error as JSON lines."""
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter(node))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level.upper())
