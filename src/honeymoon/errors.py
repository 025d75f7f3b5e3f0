"""Typed errors. Every error the engine raises on bad input is a :class:`HoneymoonError`.

Each carries a stable machine-readable ``code`` (for servers, bots and tests) and a message a
person understands. None of them ever names a card the caller is not entitled to see.
"""

from __future__ import annotations


class HoneymoonError(Exception):
    """Base class of every error raised by this package on bad input.

    ``code`` is a short, stable identifier such as ``"card_not_in_hand"``.
    """

    code: str = "error"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code

    @property
    def message(self) -> str:
        """The human-readable explanation."""
        return str(self.args[0]) if self.args else ""


class NotationError(HoneymoonError, ValueError):
    """Text that is not valid card, hand, call or contract notation.

    >>> from honeymoon.cards import Card
    >>> try:
    ...     Card.parse("ZZ")
    ... except NotationError as error:
    ...     print(error.code)
    bad_card
    """

    code = "bad_notation"


class IllegalActionError(HoneymoonError, ValueError):
    """An action that the rules do not allow in the current state.

    Codes: ``not_your_turn``, ``wrong_phase``, ``unknown_action``, ``not_an_action``,
    ``card_not_in_hand``, ``must_follow_suit``, ``bid_too_low``, ``cannot_double``,
    ``cannot_redouble``, ``game_over``. The state is left unchanged when this is raised.
    Its arguments come in the order of every :class:`HoneymoonError`: the message, then the code.

    >>> error = IllegalActionError("it is East's turn, not South's", "not_your_turn")
    >>> error.code, error.message
    ('not_your_turn', "it is East's turn, not South's")
    """

    code = "illegal_action"

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message, code)


class RecordError(HoneymoonError, ValueError):
    """A game record that is malformed, or whose actions are not legal when replayed.

    ``hand`` and ``action_index`` locate the fault (0-based) when it lies in a hand's actions.
    """

    code = "bad_record"

    def __init__(
        self,
        message: str,
        *,
        hand: int | None = None,
        action_index: int | None = None,
        code: str | None = None,
    ) -> None:
        where = []
        if hand is not None:
            where.append(f"hand {hand + 1}")
        if action_index is not None:
            where.append(f"action {action_index + 1}")
        full = f"{', '.join(where)}: {message}" if where else message
        super().__init__(full, code)
        self.hand = hand
        self.action_index = action_index


class UnknownVariantError(HoneymoonError, LookupError):
    """A variant name that is not registered."""

    code = "unknown_variant"


class SolverInputError(HoneymoonError, ValueError):
    """A position the double-dummy solver cannot take: the hands, strain or led card do not fit.

    Codes: ``card_in_both_hands``, ``unequal_hands``, ``too_many_cards``, ``bad_strain``,
    ``bad_leader``, ``bad_led_card``, ``bad_mask``; and for Bridgette's solver
    (:mod:`honeymoon.solver.colons`), ``bad_barred_suit``.
    """

    code = "bad_solver_input"
