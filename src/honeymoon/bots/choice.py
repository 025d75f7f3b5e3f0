"""The opponent a player gets for a level: one rule for the terminal and the server."""

from __future__ import annotations

from honeymoon.bots import LEVELS, Bot, make_bot, strongest_bot_name
from honeymoon.bots.bridgette import BRIDGETTE_BOTS
from honeymoon.errors import HoneymoonError
from honeymoon.rules import RuleSet

__all__ = ["choose_bot"]


def choose_bot(
    level: str, seed: int | str | None, rules: RuleSet | None = None
) -> tuple[Bot, str | None]:
    """The opponent for ``level`` (or a bot name), and a one-line note when that level's bot
    is not available (yet) and the strongest available one plays instead. In Bridgette
    (``rules`` with the Colons) a bot that does not play it gives way to the heuristic bot.

    :raises HoneymoonError: (code ``unknown_bot``) for a name that is neither a level nor a bot.
    """
    key = level.strip().lower()
    wanted = LEVELS.get(key, key)
    try:
        bot = make_bot(key, seed)
    except HoneymoonError:
        if key not in LEVELS:
            raise
        bot = make_bot(strongest_bot_name(), seed)
    if rules is not None and rules.colons and bot.name not in BRIDGETTE_BOTS:
        unable = bot.name
        bot = make_bot("heuristic", seed)
        return (
            bot,
            f"The {unable} bot does not play Bridgette yet: you are playing the heuristic bot.",
        )
    if key in LEVELS and bot.name != wanted:
        return bot, f"The {key} level is not available yet: you are playing the {bot.name} bot."
    return bot, None
