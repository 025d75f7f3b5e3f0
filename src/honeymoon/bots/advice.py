"""The advice a bot gives for a hint, and the shape of a bot that decides each phase in a method
of its own.

Advice is data, not a sentence: the recommended action, a :class:`Reason` code, the
:class:`Figures` the reason rests on and, where the bot compared its choices by their outcome,
the :class:`Candidate` actions with their figures. The clients word it (the terminal in
``honeymoon.cli.hints``, the browser in ``table.js``); nobody reads a reason back from words.

The codes and the figures each carries (besides the action itself):

=====================  ==========================================================================
code                   figures
=====================  ==========================================================================
``no_choice``          ``card`` (if a card is looked at): the only thing to do
``bot_choice``         ``bot``: the bot gave no reason of its own
``keep_length``        ``card``, ``suit``, ``length`` (the suit's length with the card)
``keep_master``        ``card``, ``suit``: the top card of its suit still in play
``keep_high``          ``card``, ``suit``, ``length``, ``longest`` (the suit is the longest)
``keep_value``         ``card``: the hand is worth more with it than with an unseen card
``reject_value``       ``card``: an unseen card is worth more on average
``reject_short``       ``card``, ``suit``, ``length``: a low card of a short suit
``whim``               ``card``: a beginner's mistake (it keeps or rejects against its rule)
``pass_weak``          ``points``: not enough to open
``pass_content``       ``points``: happy to stop below what it could bid
``pass_no_suit``       ``points``: no suit worth bidding
``pass_no_bid``        ``strain`` and ``tricks`` of the best bid it weighed (if any)
``pass_own``           ``contract``: the seat's own contract stands
``pass_defend``        ``contract``: defending costs less than bidding on
``pass_too_high``      ``contract``: too high to bid on over it
``bid``                ``call``, ``points``, ``suit`` and ``length`` (a suit) or ``shape``
                       (no trump: lengths spades first), ``tricks``, ``push`` (1: one level too
                       high, a beginner's mistake)
``double``             ``contract``, ``points`` or ``margin`` (tricks it expects to beat it by)
``redouble``           ``contract``, ``tricks``
``best_call``          ``call``, ``score`` (expected points), ``tricks`` (a bid), ``layouts``
``only_card``          ``card``
``win_cheaply``        ``card``
``play_low``           ``card``: it cannot win the trick
``ruff``               ``card``
``discard``            ``card``: the least useful card
``draw_trumps``        ``card``
``cash``               ``card``: a sure winner
``lead_singleton``     ``card``: to ruff later
``lead_sequence``      ``card``: the top of a sequence
``lead_length``        ``card``, ``suit``, ``length``
``lead_safe``          ``card``: the safest suit to lead
``makes``              ``card``, ``contract``, ``chance``, ``layouts``: the declarer's best card
``sets``               ``card``, ``contract``, ``chance``, ``layouts``: the defender's best card
``memory``             ``card``, ``chance``, ``layouts``: the best card for 7+ memory tricks
``lost``               ``card``, ``contract`` (None in Memory Bridge), ``declarer`` (1 if the
                       seat declares): nothing makes (or sets) it with the hands known
``most_tricks``        ``card``, ``tricks`` (on average, from now), ``layouts``
``best_hand``          ``card``, ``value`` (of the hand after the draw), ``chance`` and
                       ``face_up`` (Draw Bridge with the face-up card): to win it
=====================  ==========================================================================

``layouts`` is the number of layouts of the unseen cards the bot solved; 0 means it knew every
card (``with the hands known``). ``chance`` is a share from 0 to 1. Candidates carry ``score``
(mean points), ``tricks`` (mean tricks), ``chance`` and ``value`` as the bot compared them. No
figure names a card the seat has not seen: the cards are the seat's own, the face-up card, or a
card looked at; a sampled layout is a guess and never leaves the bot.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, fields
from enum import StrEnum

from honeymoon.actions import describe
from honeymoon.auction import Call, Contract
from honeymoon.cards import Card, Strain, Suit
from honeymoon.game import Phase
from honeymoon.views import SeatView, TableView

__all__ = ["Advice", "Candidate", "Figures", "PhasedBot", "Reason", "ranked", "plain_reason"]


class Reason(StrEnum):
    """Why a bot recommends an action (the table in the module docstring gives the figures)."""

    NO_CHOICE = "no_choice"
    BOT_CHOICE = "bot_choice"
    KEEP_LENGTH = "keep_length"
    KEEP_MASTER = "keep_master"
    KEEP_HIGH = "keep_high"
    KEEP_VALUE = "keep_value"
    REJECT_VALUE = "reject_value"
    REJECT_SHORT = "reject_short"
    WHIM = "whim"
    PASS_WEAK = "pass_weak"
    PASS_CONTENT = "pass_content"
    PASS_NO_SUIT = "pass_no_suit"
    PASS_NO_BID = "pass_no_bid"
    PASS_OWN = "pass_own"
    PASS_DEFEND = "pass_defend"
    PASS_TOO_HIGH = "pass_too_high"
    BID = "bid"
    DOUBLE = "double"
    REDOUBLE = "redouble"
    BEST_CALL = "best_call"
    ONLY_CARD = "only_card"
    WIN_CHEAPLY = "win_cheaply"
    PLAY_LOW = "play_low"
    RUFF = "ruff"
    DISCARD = "discard"
    DRAW_TRUMPS = "draw_trumps"
    CASH = "cash"
    LEAD_SINGLETON = "lead_singleton"
    LEAD_SEQUENCE = "lead_sequence"
    LEAD_LENGTH = "lead_length"
    LEAD_SAFE = "lead_safe"
    MAKES = "makes"
    SETS = "sets"
    MEMORY = "memory"
    LOST = "lost"
    MOST_TRICKS = "most_tricks"
    BEST_HAND = "best_hand"


#: A figure's value: a card, call, contract, suit or strain, or a number or name.
Figure = Card | Call | Contract | Suit | Strain | int | float | str | tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Figures:
    """The figures a reason rests on; a reason fills the ones it names (the others stay None).

    >>> Figures(card=Card.parse("SQ"), points=12).items()
    [('card', Card.parse('♠Q')), ('points', 12)]
    """

    card: Card | None = None
    suit: Suit | None = None
    length: int | None = None
    longest: bool | None = None
    points: int | None = None
    shape: tuple[int, ...] | None = None
    call: Call | None = None
    contract: Contract | None = None
    strain: Strain | None = None
    declarer: bool | None = None
    tricks: float | None = None
    score: float | None = None
    margin: float | None = None
    chance: float | None = None
    value: float | None = None
    layouts: int | None = None
    face_up: Card | None = None
    push: bool | None = None
    bot: str | None = None

    def items(self) -> list[tuple[str, Figure]]:
        """The figures that are set, in field order."""
        return list(self._set())

    def _set(self) -> Iterator[tuple[str, Figure]]:
        for field in fields(self):
            value = getattr(self, field.name)
            if value is not None:
                yield field.name, value

    def cards(self) -> list[Card]:
        """The cards the figures name (for the checks that a hint shows no unseen card)."""
        return [card for card in (self.card, self.face_up) if card is not None]

    def to_dict(self) -> dict[str, object]:
        """The figures that are set, as JSON values: cards, calls and contracts in PBN
        (``SA``, ``3NT``, ``4SX``), suits and strains as letters (``S``, ``NT``).

        >>> Figures(card=Card.parse("ST"), suit=Suit.SPADES, chance=0.5).to_dict()
        {'card': 'ST', 'suit': 'S', 'chance': 0.5}
        """
        shown: dict[str, object] = {}
        for name, value in self._set():
            if isinstance(value, Card | Call | Contract):
                shown[name] = value.pbn
            elif isinstance(value, Suit | Strain):
                shown[name] = value.letter
            elif isinstance(value, tuple):
                shown[name] = list(value)
            else:
                shown[name] = value
        return shown


@dataclass(frozen=True, slots=True)
class Candidate:
    """One action a bot compared, with its estimated outcome: ``score`` (mean points for the
    seat), ``tricks`` (mean tricks for the seat from now), ``chance`` (share of the layouts
    where the contract makes, or is set, as the seat wants) and ``value`` (a hand's worth)."""

    action: int
    score: float | None = None
    tricks: float | None = None
    chance: float | None = None
    value: float | None = None

    def to_dict(self) -> dict[str, object]:
        """The action and the figures that are set."""
        shown: dict[str, object] = {"action": self.action}
        for name in ("score", "tricks", "chance", "value"):
            value = getattr(self, name)
            if value is not None:
                shown[name] = value
        return shown


def ranked(best: int, candidates: Iterable[Candidate]) -> tuple[Candidate, ...]:
    """The candidates with ``best`` first, then the rest from the best outcome down (score,
    then chance, tricks and value).

    >>> [c.action for c in ranked(2, [Candidate(1, score=5), Candidate(2, score=3),
    ...                               Candidate(3, score=9)])]
    [2, 3, 1]
    """

    def order(candidate: Candidate) -> tuple[bool, float, float, float, float]:
        return (
            candidate.action != best,
            -(candidate.score or 0.0),
            -(candidate.chance or 0.0),
            -(candidate.tricks or 0.0),
            -(candidate.value or 0.0),
        )

    return tuple(sorted(candidates, key=order))


@dataclass(frozen=True, slots=True)
class Advice:
    """A recommended action, the :class:`Reason` code, its :class:`Figures` and the candidates
    compared (best first; empty when the bot followed a rule rather than compared outcomes).

    ``str`` gives plain words for logs and debugging; players read the clients' wording.

    >>> str(Advice(49, Reason.WIN_CHEAPLY, Figures(card=Card.parse("SQ"))))
    '♠Q: win cheaply (card ♠Q)'
    """

    action: int
    code: Reason
    figures: Figures = Figures()
    candidates: tuple[Candidate, ...] = ()

    @property
    def reason(self) -> str:
        """The code and figures in plain words, e.g. ``win cheaply (card ♠Q)``."""
        return plain_reason(self)

    def __str__(self) -> str:
        return f"{describe(self.action)}: {plain_reason(self)}"

    def to_dict(self) -> dict[str, object]:
        """As JSON values (the web protocol's ``hint`` message):

        >>> advice = Advice(90, Reason.KEEP_HIGH, Figures(card=Card.parse("SK")),
        ...                 (Candidate(90, value=21.5),))
        >>> advice.to_dict()["figures"], advice.to_dict()["candidates"]
        ({'card': 'SK'}, [{'action': 90, 'value': 21.5}])
        """
        return {
            "action": self.action,
            "code": self.code.value,
            "figures": self.figures.to_dict(),
            "candidates": [candidate.to_dict() for candidate in self.candidates],
        }


def plain_reason(advice: Advice) -> str:
    """The code and its figures in plain words (for logs; the clients word hints themselves).

    >>> plain_reason(Advice(90, Reason.KEEP_LENGTH, Figures(suit=Suit.SPADES, length=5)))
    'keep length (suit ♠, length 5)'
    """
    shown: list[str] = []
    for name, value in advice.figures.items():
        if isinstance(value, float):
            text = f"{value:.2f}"
        elif isinstance(value, Suit | Strain):
            text = value.symbol
        elif isinstance(value, tuple):
            text = "-".join(str(v) for v in value)
        else:
            text = str(value)
        shown.append(f"{name} {text}")
    words = advice.code.value.replace("_", " ")
    return f"{words} ({', '.join(shown)})" if shown else words


class PhasedBot:
    """A bot that advises in each phase through a method of its own: ``_draw`` while drawing,
    ``_call`` in the auction and ``_play`` for cards (the preliminary tricks and the play);
    ``act`` takes the advice's action."""

    def act(self, view: SeatView | TableView) -> int:
        """The action :meth:`advise` recommends."""
        return self.advise(view).action

    def advise(self, view: SeatView | TableView) -> Advice:
        """The recommended action for ``view`` with its reason (at the four-hand table, the
        bot's table counterpart's: :mod:`honeymoon.bots.table_bots`).

        :raises ValueError: if the view offers no legal action (not this bot's turn).
        """
        if isinstance(view, TableView):
            from honeymoon.bots.table_bots import table_advice

            return table_advice(self, view)
        if not view.legal_actions or view.seat is None:
            raise ValueError("it is not this bot's turn: the view offers no legal action")
        if view.rules is not None and view.rules.colons:
            # Bridgette's 55 cards: played by honeymoon.bots.bridgette for every phased bot.
            from honeymoon.bots.bridgette import bridgette_advice

            return bridgette_advice(self, view)
        if view.phase is Phase.DRAWING:
            return self._draw(view)
        if view.phase is Phase.AUCTION:
            return self._call(view)
        return self._play(view)

    def _draw(self, view: SeatView) -> Advice:
        raise NotImplementedError

    def _call(self, view: SeatView) -> Advice:
        raise NotImplementedError

    def _play(self, view: SeatView) -> Advice:
        raise NotImplementedError
