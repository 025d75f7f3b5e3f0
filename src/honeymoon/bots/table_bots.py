"""The bots of the four-hand table (Double Dummy, Single Dummy and the other variants in which
each player has a dummy: RULES.md 5–8).

Every bot of :data:`honeymoon.bots.BOTS` plays the table too: given a
:class:`~honeymoon.views.TableView` instead of a :class:`~honeymoon.views.SeatView`, it hands
the decision to its table counterpart (:func:`table_bot_for`), made once per bot from
:data:`TABLE_BOTS` by the bot's name and seeded from the bot's own generator. So the one entry
point, :func:`honeymoon.bots.make_bot` (or a level), gives a bot for either table:

>>> from honeymoon.bots import make_bot
>>> from honeymoon.rules import DOUBLE_DUMMY
>>> from honeymoon.table import TableGame
>>> from honeymoon.views import view_for
>>> game = TableGame(DOUBLE_DUMMY, seed=3, first_dealer=0)
>>> bot = make_bot("medium", seed=1)
>>> view = view_for(game, game.to_act)
>>> bot.act(view) in view.legal_actions
True

A table bot reads only its seat's :class:`~honeymoon.views.TableView` and answers one of its
``legal_actions``; in a phase it does not know (a variant newer than the bot) it still
answers a legal action.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol, runtime_checkable

from honeymoon.bots.advice import Advice, Figures, Reason
from honeymoon.errors import HoneymoonError
from honeymoon.views import TableView

__all__ = [
    "TableBot",
    "TableBotFactory",
    "TableRandomBot",
    "TABLE_BOTS",
    "register_table_bot",
    "make_table_bot",
    "table_bot_for",
    "table_advice",
]


@runtime_checkable
class TableBot(Protocol):
    """A player at the four-hand table: ``advise`` returns one of ``view.legal_actions``
    with its reason, ``act`` the action alone."""

    name: str

    def act(self, view: TableView) -> int:
        """Choose one of ``view.legal_actions``."""
        ...

    def advise(self, view: TableView) -> Advice:
        """The action this bot would take in ``view``, with its reason code and figures."""
        ...


#: A table bot factory takes a seed and returns a fresh table bot.
TableBotFactory = Callable[[int | str | None], TableBot]


def _check_turn(view: TableView) -> None:
    if not view.legal_actions or view.seat is None:
        raise ValueError("it is not this bot's turn: the view offers no legal action")


class TableRandomBot:
    """Uniformly random legal actions at the table, from its own seeded generator.

    >>> from honeymoon.rules import SINGLE_DUMMY
    >>> from honeymoon.table import TableGame
    >>> from honeymoon.views import view_for
    >>> game = TableGame(SINGLE_DUMMY, seed=2)
    >>> view = view_for(game, game.to_act)
    >>> TableRandomBot(1).act(view) in view.legal_actions
    True
    """

    name = "random"

    def __init__(self, seed: int | str | None = None) -> None:
        self._rng = random.Random(seed)

    def act(self, view: TableView) -> int:
        """A uniformly random choice among ``view.legal_actions``."""
        return self.advise(view).action

    def advise(self, view: TableView) -> Advice:
        """A random legal action, with the plain reason ``bot_choice``."""
        _check_turn(view)
        return Advice(
            self._rng.choice(view.legal_actions), Reason.BOT_CHOICE, Figures(bot=self.name)
        )


def _novice(seed: int | str | None) -> TableBot:
    from honeymoon.bots.table_heuristic import TableNoviceBot

    return TableNoviceBot(seed)


def _heuristic(seed: int | str | None) -> TableBot:
    from honeymoon.bots.table_heuristic import TableHeuristicBot

    return TableHeuristicBot(seed)


def _expert(seed: int | str | None) -> TableBot:
    from honeymoon.bots.table_expert import TableExpertBot

    return TableExpertBot(seed)


def _expert_strong(seed: int | str | None) -> TableBot:
    from honeymoon.bots.table_expert import TableExpertBot

    return TableExpertBot(seed, layouts=2.0, name="expert-strong")


#: Table bots by the name of the two-hand bot they stand in for: ``random`` for tests, then
#: the levels ``easy`` (novice), ``medium`` (club, which plays the table as the heuristic
#: bot) and ``hard`` (expert, which needs the ``dds`` extra).
TABLE_BOTS: dict[str, TableBotFactory] = {
    "random": TableRandomBot,
    "novice": _novice,
    "heuristic": _heuristic,
    "club": _heuristic,
    "expert": _expert,
    "expert-strong": _expert_strong,
}


def register_table_bot(name: str, factory: TableBotFactory) -> None:
    """Make ``factory(seed)`` the table bot of the bot called ``name``."""
    TABLE_BOTS[name.strip().lower()] = factory


def make_table_bot(name: str, seed: int | str | None = None) -> TableBot:
    """A fresh table bot standing in for the bot called ``name`` (the yardsticks
    ``ddsampleN`` play the table as the expert does).

    :raises HoneymoonError: (code ``no_table_bot``) for a bot that has no table counterpart.
    """
    key = name.strip().lower()
    if key not in TABLE_BOTS and key.startswith("ddsample"):
        key = "expert"
    factory = TABLE_BOTS.get(key)
    if factory is None:
        raise HoneymoonError(
            f"the bot {name!r} does not play the four-hand table: choose one of "
            f"{', '.join(sorted(TABLE_BOTS))} or a level (easy, medium, hard)",
            "no_table_bot",
        )
    return factory(seed)


def table_bot_for(bot: object) -> TableBot:
    """The table counterpart of ``bot`` (a bot of :data:`honeymoon.bots.BOTS`), made on first
    use from its name and seeded from its own generator, then kept with it (so a deep copy of
    the bot copies it too)."""
    table = getattr(bot, "_table_bot", None)
    if table is None:
        generator = getattr(bot, "_rng", None)
        seed = generator.getrandbits(64) if isinstance(generator, random.Random) else None
        table = make_table_bot(str(getattr(bot, "name", "")), seed)
        setattr(bot, "_table_bot", table)  # noqa: B010 - the bot classes do not declare it
    assert isinstance(table, TableBot)
    return table


def table_advice(bot: object, view: TableView) -> Advice:
    """``bot``'s advice for a table view: its table counterpart's."""
    return table_bot_for(bot).advise(view)
