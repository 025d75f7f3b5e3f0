"""One factory for every variant: :func:`new_game`, and :data:`Engine`, the type of what it
makes.

Each family of variants has its engine class: :class:`~honeymoon.game.Game` (the two-hand
game: Draw and Discard, Draw Bridge, Memory Bridge), :class:`~honeymoon.bridgette.BridgetteGame`
(its 55 cards and exchange, a :class:`~honeymoon.game.Game` with phases of its own) and
:class:`~honeymoon.table.TableGame` (each player with a dummy). They share the engine base
(:class:`~honeymoon.game.EngineBase`: set-up, validation, scoring and the end of a hand) and
the same surface (``apply``, ``check``/``is_legal``, ``legal_actions``, ``clone``, ``phase``,
``to_act``, ``hand_log``, ``history``, ``score_sheet``); a caller never needs to know which
class a variant plays through, and asks :func:`new_game` for it.

>>> from honeymoon.rules import BRIDGETTE, DEFAULT_RULES, DOUBLE_DUMMY
>>> [type(new_game(rules, seed=1)).__name__ for rules in (DEFAULT_RULES, BRIDGETTE, DOUBLE_DUMMY)]
['Game', 'BridgetteGame', 'TableGame']
"""

from __future__ import annotations

from collections.abc import Sequence

from honeymoon.bridgette import BridgetteGame
from honeymoon.cards import Card
from honeymoon.game import Game
from honeymoon.rules import DEFAULT_RULES, Procedure, RuleSet
from honeymoon.seats import Seat
from honeymoon.table import TableGame

__all__ = ["Engine", "new_game", "engine_class"]

#: What :func:`new_game` makes: every variant's state (a Bridgette game is a ``Game``).
Engine = Game | TableGame


def engine_class(rules: RuleSet) -> type[Game] | type[TableGame]:
    """The engine class that plays ``rules`` (one place decides it).

    >>> from honeymoon.rules import BRIDGETTE
    >>> engine_class(BRIDGETTE).__name__
    'BridgetteGame'
    """
    if rules.four_hands:
        return TableGame
    if rules.procedure is Procedure.BRIDGETTE:
        return BridgetteGame
    return Game


def new_game(
    rules: RuleSet = DEFAULT_RULES,
    *,
    seed: int | str | None = None,
    stocks: Sequence[Sequence[int | Card]] = (),
    first_dealer: Seat | int | None = None,
) -> Engine:
    """A new rubber (or match of deals) of ``rules``, whatever the variant.

    :param seed: seeds each hand's shuffle and the choice of first dealer; random if omitted.
    :param stocks: explicit stock orders (card ids or cards, top first) for the first hands.
    :param first_dealer: the first hand's dealer; chosen from the seed if omitted.
    :raises NotImplementedError: for a variant whose procedure no engine plays.
    :raises IllegalActionError: (code ``bad_stock``) for a stock that is not a whole pack.
    """
    return engine_class(rules)(rules, seed=seed, stocks=stocks, first_dealer=first_dealer)
