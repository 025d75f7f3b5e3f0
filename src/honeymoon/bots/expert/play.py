"""The expert's card play (:mod:`honeymoon.bots.expert`): every legal card valued by the solver
on layouts that fit the opponent's calls, each trick count scored for the contract (or, in
Memory Bridge's preliminary tricks, for the memory award).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from honeymoon.actions import card_action, card_of_action
from honeymoon.bots.advice import Advice, Candidate, Figures, Reason, ranked
from honeymoon.bots.bridgette import BridgetteCallReader
from honeymoon.bots.expert.auction import MISFIT_WEIGHT, CallReader, _colons, _Expert, _summary
from honeymoon.bots.expert.values import _contract_scorer, _memory_award
from honeymoon.bots.sampling import Knowledge, conditioned_layouts, knowledge_from_view
from honeymoon.cards import Card
from honeymoon.double_dummy import DoubleDummy, double_dummy
from honeymoon.game import Phase
from honeymoon.knowledge import view_rules
from honeymoon.views import SeatView

__all__ = ["CLOSE_MARGIN", "PLAY_CONDITION_ATTEMPTS"]

#: A card decision is close while the best card's lead over the next is less than this many
#: standard errors (paired over the layouts); a close decision may deal more layouts.
CLOSE_MARGIN = 2.0
#: Layouts drawn per layout wanted, at most, to find layouts that fit the calls for a card:
#: one, so a card's new layouts are plain ones weighed by whether they fit (a card is asked
#: for thirteen times a deal; the pool of fitting hands does the rest).
PLAY_CONDITION_ATTEMPTS = 1
#: The scorer of a solver value: (points for the seat, whether the seat reaches its goal).
_Outcome = Callable[[int], tuple[float, bool]]


def _action_values(solver: DoubleDummy, colons: bool, *position: int) -> list[tuple[int, int]]:
    """``(action, tricks)`` for each legal card of the position (a Colon's action is not its
    card id)."""
    values = solver.values(*position)
    if colons:
        return [(card_action(card), tricks) for card, tricks in values]
    return values


@dataclass(slots=True)
class _PlayReading:
    """The opponent's calls read for the play of one deal, and the hands found to fit them."""

    key: tuple[int, int, int, int]
    reader: CallReader | BridgetteCallReader
    #: The opponent's hands of the auction (its current hand and the cards it has played)
    #: known to fit its calls.
    pool: list[int]


def _mean_outcomes(
    legal: Sequence[int],
    score: dict[int, float],
    tricks: dict[int, float],
    success: dict[int, float],
    total: float,
) -> list[Candidate]:
    """Each legal card with its mean outcome over the layouts (``total``: their weight)."""
    return [
        Candidate(
            c,
            score=round(score[c] / total),
            tricks=round(tricks[c] / total, 2),
            chance=round(success[c] / total, 3),
        )
        for c in legal
    ]


def _close_cards(
    rows: Sequence[tuple[float, dict[int, float]]],
    score: dict[int, float],
    tricks: dict[int, float],
    legal: Sequence[int],
) -> bool:
    """True when the best card's lead over the next, paired over the layouts, is under
    :data:`CLOSE_MARGIN` standard errors (and not the same on every layout)."""
    if len(rows) < 2 or len(legal) < 2:
        return False
    ranked = sorted(legal, key=lambda c: (score[c], tricks[c]), reverse=True)
    first, second = ranked[0], ranked[1]
    total = sum(weight for weight, _ in rows)
    if total <= 0:
        return False
    diffs = [(weight, row[first] - row[second]) for weight, row in rows]
    mean = sum(w * d for w, d in diffs) / total
    variance = sum(w * (d - mean) ** 2 for w, d in diffs) / total
    if variance <= 0:
        return False
    error = math.sqrt(variance / len(rows))
    return mean < CLOSE_MARGIN * error


class _Cards(_Expert):
    """The expert's cards (see the package docstring): each legal card valued by the solver on
    layouts that fit the opponent's calls."""

    def _reader_for(self, view: SeatView, knowledge: Knowledge) -> _PlayReading:
        """The reading of the opponent's calls kept through the play of a deal: the reader
        and a pool of the opponent's hands of the auction that fit the calls (first the
        auction's own layouts that fit them, then those found for earlier cards)."""
        key = (
            view.hand_number,
            len(_summary(view).calls),
            knowledge.hand | knowledge.seat_played,
            view.discards.mask,
        )
        kept = self._reading
        if kept is None or kept.key != key:
            reader = self._reader(view, knowledge)
            table = self._auction
            pool: list[int] = []
            if reader and table is not None and table.key[0] == view.hand_number:
                pool = [layout for layout in table.layouts if reader.misfit(layout) <= 0]
            kept = _PlayReading(key, reader, pool)
            self._reading = kept
        return kept

    def _play_layouts(
        self, view: SeatView, knowledge: Knowledge, count: int | None = None
    ) -> tuple[list[int], list[float]]:
        """Layouts for a card and their weights. In the play they fit the opponent's calls
        (the layout with the cards it has played being its hand of the auction): the pool's
        hands that agree with the cards played so far, then layouts dealt to fit; 1 for a
        layout that fits and :data:`MISFIT_WEIGHT` for one that does not."""
        wanted = (1 if knowledge.is_exact else self.samples) if count is None else count
        if knowledge.is_exact or view.phase is not Phase.PLAY:
            layouts = self._layouts(knowledge, wanted)
            return layouts, [1.0] * len(layouts)
        reading = self._reader_for(view, knowledge)
        reader = reading.reader
        if not reader:
            layouts = self._layouts(knowledge, wanted)
            return layouts, [1.0] * len(layouts)
        played = knowledge.opponent_played
        possible = knowledge.possible
        agreeing = [
            hand & ~played
            for hand in reading.pool
            if hand & played == played and not hand & ~played & ~possible
        ]
        if len(agreeing) >= wanted:
            return self._rng.sample(agreeing, wanted), [1.0] * wanted
        short = wanted - len(agreeing)
        layouts, fits = conditioned_layouts(
            knowledge,
            self._rng,
            short,
            lambda layout: reader.misfit(layout | played),
            PLAY_CONDITION_ATTEMPTS * short,
        )
        reading.pool.extend(layout | played for layout in layouts[:fits])
        fitting = len(agreeing) + fits
        if not fitting:
            return layouts, [1.0] * len(layouts)
        return agreeing + layouts, [1.0] * fitting + [MISFIT_WEIGHT] * (short - fits)

    def _play(self, view: SeatView) -> Advice:
        """Choose a card by its mean score over solved layouts (play, and Memory Bridge's
        preliminary tricks)."""
        legal = view.legal_actions
        if len(legal) == 1:
            only = Card.from_id(card_of_action(legal[0]))
            return Advice(legal[0], Reason.ONLY_CARD, Figures(card=only))
        assert view.seat is not None
        me = int(view.seat)
        knowledge = knowledge_from_view(view)
        layouts, weights = self._play_layouts(view, knowledge)
        trick = view.current_trick
        led = trick.cards[0].id if trick is not None and len(trick.cards) == 1 else -1
        contract = view.contract if view.phase is Phase.PLAY else None
        assert view.trump is not None  # a card is asked for only while tricks are played
        trump = int(view.trump)
        colons = _colons(view)
        solver = double_dummy(view_rules(view))
        barred = int(view.barred_suit) if view.barred_suit is not None and led < 0 else -1
        outcome = self._outcome_function(view, me)
        score = dict.fromkeys(legal, 0.0)
        tricks = dict.fromkeys(legal, 0.0)
        success = dict.fromkeys(legal, 0.0)
        # Each layout's points per card, to tell a close decision (paired over the layouts).
        rows: list[tuple[float, dict[int, float]]] = []
        hand = knowledge.hand
        count = 0
        while True:
            for layout, weight in zip(layouts, weights, strict=True):
                if self._out_of_time(count):
                    break
                count += 1
                if not weight:
                    continue
                row: dict[int, float] = {}
                for choice, value in _action_values(
                    solver, colons, hand, layout, trump, led, barred
                ):
                    points, good = outcome(value)
                    row[choice] = points
                    score[choice] += weight * points
                    tricks[choice] += weight * value
                    if good:
                        success[choice] += weight
                rows.append((weight, row))
            more = min(self.samples, self.max_samples - count)
            if (
                knowledge.is_exact
                or more <= 0
                or self._out_of_time(count)
                or not _close_cards(rows, score, tricks, legal)
            ):
                break
            layouts, weights = self._play_layouts(view, knowledge, more)
        best = max(legal, key=lambda c: (score[c], tricks[c], -(c % 13), -c))
        total = sum(weight for weight, _ in rows) or 1.0
        # The advice: the best card, and every card with its mean outcome (no layout).
        compared = ranked(best, _mean_outcomes(legal, score, tricks, success, total))
        declarer = view.declarer == view.seat
        code = Reason.MEMORY if contract is None else Reason.MAKES if declarer else Reason.SETS
        if knowledge.is_exact and not success[best]:
            code = Reason.LOST
        figures = Figures(
            card=Card.from_id(card_of_action(best)),
            contract=contract,
            declarer=declarer if contract is not None else None,
            chance=compared[0].chance,
            layouts=0 if knowledge.is_exact else count,
        )
        return Advice(best, code, figures, compared)

    def _outcome_function(self, view: SeatView, me: int) -> _Outcome:
        """The scorer of a card's solver value (the seat's tricks from now on)."""
        sheet = view.score_sheet
        remaining = 13 - len(view.tricks)
        won = view.tricks_won
        contract = view.contract if view.phase is Phase.PLAY else None
        if contract is None:
            # Memory Bridge: seven or more tricks win the award.
            progress = sheet.progress
            vulnerable = (sheet.vulnerable(me), sheet.vulnerable(1 - me))

            def memory(value: int) -> tuple[float, bool]:
                mine = won[me] + value
                if mine >= 7:
                    return _memory_award(mine, progress[me], *vulnerable), True
                theirs = 13 - mine
                return -_memory_award(theirs, progress[1 - me], *vulnerable[::-1]), False

            return memory
        declarer = int(view.declarer) if view.declarer is not None else me
        sign = 1 if declarer == me else -1
        need = contract.tricks_needed
        scorer = _contract_scorer(sheet, declarer, self.part_score_share)

        def played(value: int) -> tuple[float, bool]:
            mine = won[me] + value
            taken = mine if declarer == me else won[declarer] + remaining - value
            points = sign * scorer(contract, taken)
            return points, (taken >= need) == (declarer == me)

        return played
