"""Claims: a player says they take all the remaining tricks, and the solver judges it.

During the play of a hand either player may claim the rest of the tricks. :func:`judge_claim`
looks at both hands (the judge sees every card, as a tournament director would) and asks the
two-hand solver of the game's rules (:func:`~honeymoon.double_dummy.double_dummy`; in
Bridgette, the one that knows the Colons and the bar on the next lead) how many of the
remaining tricks the claimant takes against the best defence. The claim is good when that is
all of them. :func:`best_line` is best play by both from the position; it is how a good claim
is played out (every card through :meth:`Game.apply <honeymoon.game.Game.apply>`, so the record
stays an ordinary record), and for a refused claim it is the line that beats it.

At the four-hand table (:class:`~honeymoon.table.TableGame`) the same judgement is made with
the four hands, by the DDS double-dummy solver (``endplay``, the ``dds`` extra); a claim is
refused as premature there while a semi-exposed dummy still has face-down cards (no
double-dummy solver knows cards that may not be played yet).

The line names the opponent's cards, which the claimant has not seen: a client shows it only
once the hand is over (``docs/playing.md``, "Claims").

>>> from honeymoon.game import Game, Phase
>>> import random
>>> game = Game(seed=5, first_dealer=0)
>>> rng = random.Random(1)
>>> while game.phase is not Phase.PLAY:
...     game.apply(rng.choice(game.legal_actions()))
>>> verdict = judge_claim(game, game.to_act)
>>> verdict.remaining, verdict.guaranteed <= verdict.remaining, len(verdict.line)
(13, True, 26)
"""

from __future__ import annotations

from dataclasses import dataclass

from honeymoon.bridgette import BridgetteGame
from honeymoon.cards import CARD_MASK, Card
from honeymoon.double_dummy import double_dummy
from honeymoon.errors import HoneymoonError
from honeymoon.game import Game, Phase
from honeymoon.seats import Direction, Seat
from honeymoon.table import TableGame
from honeymoon.tricks import Trick

__all__ = ["ClaimError", "ClaimVerdict", "judge_claim", "best_line", "line_tricks"]

#: Tricks in a hand's play.
_TRICKS = 13


class ClaimError(HoneymoonError):
    """A claim made when there is nothing to claim (code ``cannot_claim``)."""


@dataclass(frozen=True, slots=True)
class ClaimVerdict:
    """The judgement of a claim of all the remaining tricks.

    ``remaining`` counts the tricks not yet complete (the one in progress included);
    ``guaranteed`` is how many of them the claimant takes against the best defence; ``line``
    is best play by both from the claim to the end of the hand (card ids would be enough; the
    cards are given for the clients).
    """

    claimant: Seat
    remaining: int
    guaranteed: int
    line: tuple[Card, ...]

    @property
    def accepted(self) -> bool:
        """True if the claimant takes every remaining trick whatever the defence does."""
        return self.guaranteed == self.remaining


def _check_claimable(game: Game | TableGame) -> None:
    if game.phase is not Phase.PLAY:
        raise ClaimError(
            "a claim is made during the play of a hand (after the auction); "
            f"now it is the {game.phase.name.lower()} phase",
            "cannot_claim",
        )
    if isinstance(game, TableGame) and any(game.face_down(d) for d in Direction):
        raise ClaimError(
            "a claim is judged once no dummy has face-down cards left: play on until they "
            "are all turned up",
            "cannot_claim",
        )


def _solve_position(game: Game) -> tuple[int, dict[Card, int]]:
    # The tricks the seat to move takes with best play, and each of its legal cards' worth;
    # in Bridgette, with the bar on the lead after a spoiling Colon.
    contract = game.contract
    trick = game.current_trick
    to_move = game.to_act
    assert contract is not None and trick is not None and to_move is not None
    led = trick.cards[0].id if trick.cards else -1
    barred = game.barred_suit if led < 0 and isinstance(game, BridgetteGame) else -1
    values = double_dummy(game.rules).values(
        game.hand(to_move).mask, game.hand(to_move.other).mask, int(contract.strain), led, barred
    )
    return max(value for _, value in values), {Card.from_id(c): value for c, value in values}


def _solve_table_position(game: TableGame) -> tuple[int, dict[Card, int]]:
    # The same at the four-hand table, by DDS: the tricks the side of the hand to play takes
    # with best play from the current trick on, and each of its legal cards' worth.
    from honeymoon.bots.dds import Position, solve_positions

    trick = game.current_trick
    assert trick is not None and game.trump is not None
    hands = [game.hand_at(d).mask for d in Direction]
    for hand, card in zip(trick.players, trick.cards, strict=False):
        hands[int(hand)] |= CARD_MASK[card.id]  # as the hands were when the trick began
    position = Position(
        (hands[0], hands[1], hands[2], hands[3]),
        tuple(int(d) for d in game.order),
        int(trick.leader),
        tuple(card.id for card in trick.cards),
        int(game.trump),
    )
    values = solve_positions([position])[0]
    return max(values.values()), {Card.from_id(card): tricks for card, tricks in values.items()}


def _solved(game: Game | TableGame) -> tuple[int, dict[Card, int]]:
    if isinstance(game, TableGame):
        return _solve_table_position(game)
    return _solve_position(game)


def best_line(game: Game | TableGame) -> tuple[Card, ...]:
    """Best play by both from the current position to the end of the hand (the lowest of
    equally good cards each time), at either table. ``game`` is not changed.

    :raises ClaimError: outside the play of a hand.
    """
    _check_claimable(game)
    play = game.clone()
    hand = play.hand_number
    line: list[Card] = []
    while play.phase is Phase.PLAY and play.hand_number == hand:
        best, values = _solved(play)
        card = min((c for c, value in values.items() if value == best), key=lambda c: c.id)
        line.append(card)
        play.apply(card.action)
        if play.is_over:
            break
    return tuple(line)


def line_tricks(game: Game | TableGame, line: tuple[Card, ...]) -> tuple[Trick, ...]:
    """The tricks ``line`` plays from the current position, as the engine plays them on a copy
    of ``game`` (which is not changed): the trick in progress first, with the cards already on
    the table in it, then every later one, each with its leader, its cards in playing order and
    its winner. A trick the line leaves unfinished has no winner.

    >>> from honeymoon.game import Game, Phase
    >>> import random
    >>> game = Game(seed=5, first_dealer=0)
    >>> rng = random.Random(1)
    >>> while game.phase is not Phase.PLAY:
    ...     game.apply(rng.choice(game.legal_actions()))
    >>> tricks = line_tricks(game, best_line(game))
    >>> len(tricks), sum(len(t.cards) for t in tricks), tricks[0].leader == int(game.to_act)
    (13, 26, True)
    """
    play = game.clone()
    hand = play.hand_number
    done = len(play.completed_tricks)
    for card in line:
        play.apply(card.action)
    if play.hand_number != hand or play.is_over:
        return play.previous_hand_tricks[done:]
    current = play.current_trick
    unfinished = (current,) if current is not None and current.cards else ()
    return play.completed_tricks[done:] + unfinished


def judge_claim(game: Game | TableGame, claimant: Seat | int) -> ClaimVerdict:
    """Judge ``claimant``'s claim of every remaining trick of the hand in play, at either
    table (at the four-hand one the claimant plays its hand and its dummy).

    :raises ClaimError: outside the play of a hand, or at the table while a semi-exposed
        dummy has face-down cards.
    :raises DDSMissingError: at the four-hand table without ``endplay`` installed.
    """
    _check_claimable(game)
    seat = Seat(int(claimant))
    remaining = _TRICKS - len(game.completed_tricks)
    best, _ = _solved(game)
    to_move = game.to_act
    guaranteed = best if to_move == seat else remaining - best
    return ClaimVerdict(seat, remaining, guaranteed, best_line(game))
