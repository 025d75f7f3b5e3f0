"""Computer players. A bot sees only its seat's view and returns one legal action.

Every bot follows the :class:`Bot` protocol: ``act(view)`` gets the same
:class:`~honeymoon.views.SeatView` that :func:`~honeymoon.views.view_for` gives a person and
returns an action number from ``view.legal_actions``. A bot may keep memory between calls
within a game; each has its own seeded random number generator, so a seed replays its choices.
Bots are deep-copyable (the terminal client snapshots them for undo), except external bots,
which drive another process.

Optional methods, found with :func:`getattr` (or the protocols below):

* ``advise(view) -> Advice``: the action the bot recommends, a reason code and its figures
  (:mod:`honeymoon.bots.advice`), for hints;
* ``game_over(view) -> None``: told once when the rubber ends (or is abandoned);
* ``close() -> None``: release anything the bot holds (an external bot's process).

Bots are found by name in :data:`BOTS` or by difficulty in :data:`LEVELS`:

>>> make_bot("medium", seed=1).name
'club'
>>> [resolve_bot_name(level) for level in LEVELS], strongest_bot_name()
(['novice', 'club', 'expert'], 'expert')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

from honeymoon.bots.advice import Advice, Figures, Reason
from honeymoon.bots.club import ClubBot
from honeymoon.bots.ddsample import YARDSTICK_SAMPLES, DDSampleBot
from honeymoon.bots.expert import STRONG_SAMPLES, ExpertBot
from honeymoon.bots.heuristic import HeuristicBot
from honeymoon.bots.novice import NoviceBot
from honeymoon.bots.random_bot import RandomBot
from honeymoon.errors import HoneymoonError
from honeymoon.views import SeatView, TableView

__all__ = [
    "Advice",
    "Bot",
    "AdvisingBot",
    "BotFactory",
    "RandomBot",
    "NoviceBot",
    "HeuristicBot",
    "ClubBot",
    "ExpertBot",
    "DDSampleBot",
    "BOTS",
    "LEVELS",
    "LEVEL_DESCRIPTIONS",
    "STRENGTH_ORDER",
    "EXTERNAL_PREFIX",
    "register_bot",
    "resolve_bot_name",
    "strongest_bot_name",
    "make_bot",
    "advise",
]


@runtime_checkable
class Bot(Protocol):
    """A computer player: ``act`` returns one of ``view.legal_actions``."""

    name: str

    def act(self, view: SeatView | TableView) -> int:
        """Choose one of ``view.legal_actions``; ``view`` is this bot's seat's view (a
        :class:`TableView` at the four-hand table)."""
        ...


@runtime_checkable
class AdvisingBot(Bot, Protocol):
    """A bot that can also explain its choice (used for hints)."""

    def advise(self, view: SeatView | TableView) -> Advice:
        """The action this bot would take in ``view``, with its reason code and figures."""
        ...


#: A bot factory takes a seed and returns a fresh bot.
BotFactory = Callable[[int | str | None], Bot]


def _strong_expert(seed: int | str | None) -> Bot:
    """The expert bot at its strong, slower setting."""
    return ExpertBot(seed, samples=STRONG_SAMPLES, name="expert-strong")


#: Bot factories by name.
BOTS: dict[str, BotFactory] = {
    "random": RandomBot,
    "novice": NoviceBot,
    "heuristic": HeuristicBot,
    "club": ClubBot,
    "expert": ExpertBot,
    "expert-strong": _strong_expert,
}


def _yardstick(samples: int) -> BotFactory:
    """The plain double-dummy sampling bot at ``samples`` layouts per card."""

    def factory(seed: int | str | None) -> Bot:
        return DDSampleBot(seed, samples=samples)

    return factory


#: The yardsticks (``ddsample25``, ``ddsample60``): the design of the strongest other program,
#: for matches only; they are not levels, and no request can name their number of layouts.
for _samples in YARDSTICK_SAMPLES:
    BOTS[f"ddsample{_samples}"] = _yardstick(_samples)

#: Bot names from the strongest to the weakest: a level whose bot is missing falls back along
#: it (see :func:`resolve_bot_name`), and hints come from the first one registered.
STRENGTH_ORDER: tuple[str, ...] = ("expert", "club", "heuristic", "novice", "random")

#: The difficulty levels, weakest first, and the bot each one names: the one list of levels
#: that the terminal, the match runner and the web server offer. ``easy`` is a beginner who
#: knows the rules, ``medium`` a club player (the heuristic bot's bidding, the expert's card
#: play), ``hard`` the expert; ``random`` is a bot for tests, not a level.
LEVELS: dict[str, str] = {"easy": "novice", "medium": "club", "hard": "expert"}

#: What each level plays like, in words for players (``--help``, the docs).
LEVEL_DESCRIPTIONS: dict[str, str] = {
    "easy": "a novice who knows the rules: sensible bids, simple card play, some mistakes",
    "medium": "a club player: bids by hand evaluation, plays its cards by solving the layouts",
    "hard": "the expert: bids and plays by sampling the unseen cards and solving each layout",
}

#: ``make_bot("cmd:COMMAND LINE")`` starts an external bot (see ``docs/bot-protocol.md``).
EXTERNAL_PREFIX = "cmd:"


def register_bot(name: str, factory: BotFactory) -> None:
    """Add (or replace) a bot under ``name``; ``factory(seed)`` builds one."""
    BOTS[name.strip().lower()] = factory


def resolve_bot_name(name_or_level: str) -> str:
    """The bot name that ``name_or_level`` stands for.

    A level (``easy``, ``medium``, ``hard``) names a bot; a level whose bot is not available
    falls back to the strongest available bot no stronger than it.

    :raises HoneymoonError: (code ``unknown_bot``) naming the known bots and levels.
    """
    key = name_or_level.strip().lower()
    if key in BOTS:
        return key
    wanted = LEVELS.get(key)
    if wanted is not None:
        if wanted in BOTS:
            return wanted
        start = STRENGTH_ORDER.index(wanted) if wanted in STRENGTH_ORDER else 0
        for candidate in STRENGTH_ORDER[start:]:
            if candidate in BOTS:
                return candidate
    raise HoneymoonError(
        f"unknown bot {name_or_level!r}: choose one of {', '.join(sorted(BOTS))}, a level "
        f"({', '.join(LEVELS)}) or '{EXTERNAL_PREFIX}COMMAND' for an external program",
        "unknown_bot",
    )


def strongest_bot_name() -> str:
    """The strongest registered bot (the first of :data:`STRENGTH_ORDER` in :data:`BOTS`, else
    the first registered)."""
    for name in STRENGTH_ORDER:
        if name in BOTS:
            return name
    return next(iter(BOTS))


def make_bot(name_or_level: str, seed: int | str | None = None, *, timeout: float = 10.0) -> Bot:
    """A fresh bot by name (``random``, ``novice``, ``heuristic``, ``club``, ``expert``), by level
    (``easy``, ``medium``, ``hard``) or ``cmd:COMMAND`` for an external program, seeded with
    ``seed``.

    ``timeout`` (seconds) bounds each answer of an external bot; it is ignored otherwise.

    :raises HoneymoonError: (code ``unknown_bot``) naming the known bots.
    """
    if name_or_level.startswith(EXTERNAL_PREFIX):
        from honeymoon.bots.external import ExternalBot

        return ExternalBot(name_or_level[len(EXTERNAL_PREFIX) :], seed=seed, timeout=timeout)
    return BOTS[resolve_bot_name(name_or_level)](seed)


def advise(bot: Bot, view: SeatView | TableView) -> Advice:
    """The bot's advice for ``view``: its own ``advise`` if it has one, else its action with a
    plain reason (code ``bot_choice``)."""
    method = getattr(bot, "advise", None)
    if callable(method):
        advice = method(view)
        assert isinstance(advice, Advice)
        return advice
    return Advice(bot.act(view), Reason.BOT_CHOICE, Figures(bot=bot.name))
