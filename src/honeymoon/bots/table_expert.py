"""The ``hard`` level at the four-hand table: sampling plus the DDS double-dummy solver.

It reads only its seat's :class:`~honeymoon.views.TableView`. For a card it deals layouts of
the cards it has not seen consistent with what it knows (the hands it sees, the cards played,
the suits each unseen hand has shown out of: :mod:`honeymoon.knowledge`), solves
each four-hand position with DDS through endplay (:mod:`honeymoon.bots.dds`) and plays the
card with the best mean score for its side over the layouts (the contract's points with the
tricks it leads to; the mean tricks break ties). The opening lead, by far the dearest position
to solve card by card, asks DDS instead which leads set the contract in each layout (several
times cheaper) and leads the card that sets it in most, the medium bot's choice among equals.
Declarer's choice of dummy (Single Dummy Bridge) and the extra cards (twelve and two) are
weighed by their chance: each choice's opening position, over the layouts, asked whether some
lead sets the contract. Its bidding is the medium bot's model of its hand and dummy
(:mod:`honeymoon.bots.table_heuristic`) on more layouts.

The number of layouts falls as the hand goes on being cheaper to solve:
:data:`PLAY_LAYOUTS` gives it by the cards still to play; ``layouts`` scales it. The solver is
the optional ``dds`` extra; without it the bot raises
:class:`~honeymoon.bots.dds.DDSMissingError` naming the line that installs it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from honeymoon.actions import LEAD_DEFENDERS_DUMMY, TAKE_EXPOSED, TAKE_OTHER
from honeymoon.auction import Contract
from honeymoon.bots.advice import Advice, Candidate, Figures, Reason, ranked
from honeymoon.bots.dds import (
    Position,
    reaching_cards,
    require_dds,
    solve_positions,
)
from honeymoon.bots.table_heuristic import TableHeuristicBot, play_card
from honeymoon.bots.table_knowledge import Deal4, sample_deals
from honeymoon.cards import CARD_MASK, Card
from honeymoon.knowledge import knowledge_of
from honeymoon.rules import RuleSet
from honeymoon.scoring import score_contract
from honeymoon.seats import Direction, Seat
from honeymoon.table import opening_leader, play_order
from honeymoon.views import TableView

__all__ = [
    "TableExpertBot",
    "PLAY_LAYOUTS",
    "OPENING_LEAD_LAYOUTS",
    "CHOICE_LAYOUTS",
    "TIME_BUDGET",
    "MIN_LAYOUTS",
    "AUCTION_LAYOUTS",
    "layouts_for",
]

#: Layouts solved per card, by the cards still to play at least: a position with more cards
#: costs DDS more, the opening lead (52 cards, every card of the leader compared) by far the
#: most: about 0.2 s a layout against 2–20 ms in later tricks. Tuned with
#: ``benchmarks/table_expert_speed.py`` so that a decision's p95 stays under a second.
PLAY_LAYOUTS: tuple[tuple[int, int], ...] = ((52, 4), (45, 12), (32, 16), (20, 20), (0, 24))
#: Layouts for the opening lead, each asked only which leads set the contract.
OPENING_LEAD_LAYOUTS = 6
#: Seconds after which a decision stops solving layouts (by default).
TIME_BUDGET = 0.5
#: Layouts solved together for a card; past the time budget no further batch is solved.
PLAY_BATCH = 4
#: Layouts solved for the opening lead and the choices whatever the clock says.
MIN_LAYOUTS = 1
#: Layouts per option for declarer's choice of dummy and for the extra cards (each asked
#: whether an opening lead sets the contract).
CHOICE_LAYOUTS = 8
#: Layouts of the bidding model (the medium bot's, which counts them by formula: cheap).
AUCTION_LAYOUTS = 48


def layouts_for(cards_left: int, scale: float = 1.0) -> int:
    """Layouts to solve for a card with ``cards_left`` cards still in the four hands.

    >>> layouts_for(52), layouts_for(10), layouts_for(52, scale=2.0)
    (4, 24, 8)
    """
    for least, count in PLAY_LAYOUTS:
        if cards_left >= least:
            return max(1, round(count * scale))
    return max(1, round(PLAY_LAYOUTS[-1][1] * scale))


def _side_value(
    contract: Contract, declarer: Seat, me: Seat, my_tricks: int, vulnerable: bool
) -> float:
    """The points the hand's result is worth to ``me``'s side (positive: to it), when it
    takes ``my_tricks`` tricks in all."""
    taken = my_tricks if declarer == me else 13 - my_tricks
    score = score_contract(contract, taken, vulnerable)
    value = score.declarer_below + score.declarer_above - score.defender_above
    return float(value if declarer == me else -value)


class TableExpertBot(TableHeuristicBot):
    """The ``hard`` level at the table (see the module docstring).

    :param seed: seeds the bot's own generator (a seed replays its choices).
    :param layouts: scales the number of layouts solved per decision (:data:`PLAY_LAYOUTS`).
    :param time_budget: seconds after which a decision solves no further layout (a card: no
        further batch of :data:`PLAY_BATCH`; the opening lead and the choices before the play:
        at least :data:`MIN_LAYOUTS`): a slow position on a busy machine stays within it. None
        keeps no clock, so a seed replays every decision exactly on any machine.
    :param name: the name the bot reports.
    :raises DDSMissingError: when made without endplay installed.
    """

    name = "expert"
    samples = AUCTION_LAYOUTS

    def __init__(
        self,
        seed: int | str | None = None,
        *,
        layouts: float = 1.0,
        time_budget: float | None = TIME_BUDGET,
        name: str = "expert",
    ) -> None:
        if not layouts > 0:
            raise ValueError("layouts must be a positive scale")
        if time_budget is not None and not time_budget > 0:
            raise ValueError("time_budget must be a positive number of seconds")
        require_dds()
        super().__init__(seed)
        self.layouts = layouts
        self.time_budget = time_budget
        self.name = name
        self._solve_rng = random.Random(f"{seed}:solve")

    # -- the play ---------------------------------------------------------------------------

    def _play(self, view: TableView) -> Advice:
        assert view.seat is not None and view.to_play is not None
        assert view.contract is not None and view.declarer is not None
        knowledge = knowledge_of(view)
        if not view.tricks and (view.current_trick is None or not view.current_trick.cards):
            return self._opening_lead(view)
        cards_left = sum(view.hand_sizes)
        count = 1 if knowledge.is_exact else layouts_for(cards_left, self.layouts)
        layouts = sample_deals(knowledge, self._solve_rng, count)
        trick = view.current_trick
        cards = tuple(card.id for card in trick.cards) if trick is not None else ()
        players = tuple(trick.players) if trick is not None else ()
        leader = trick.leader if trick is not None else view.to_play
        order = tuple(int(d) for d in view.order)
        trump = int(view.trump) if view.trump is not None else 4
        positions = []
        for layout in layouts:
            hands = list(layout)
            for hand, card in zip(players, cards, strict=True):
                hands[hand] |= CARD_MASK[card]
            positions.append(
                Position((hands[0], hands[1], hands[2], hands[3]), order, int(leader), cards, trump)
            )
        solved = self._solve_in_time(positions)
        me = view.seat
        won = view.tricks_won[int(me)]
        vulnerable = view.score_sheet.vulnerable(int(view.declarer))
        legal = view.legal_actions
        totals = {card: [0.0, 0.0, 0] for card in legal}
        for result in solved:
            for card in legal:
                tricks = won + _tricks_of(result, card)
                value = _side_value(view.contract, view.declarer, me, tricks, vulnerable)
                entry = totals[card]
                entry[0] += value
                entry[1] += tricks
                entry[2] += 1 if value > 0 else 0
        runs = len(solved)
        candidates = [
            Candidate(
                card,
                score=round(entry[0] / runs, 1),
                tricks=round(entry[1] / runs, 2),
                chance=round(entry[2] / runs, 3),
            )
            for card, entry in totals.items()
        ]
        best = max(candidates, key=lambda c: (c.score or 0.0, c.tricks or 0.0, -c.action))
        code = Reason.MAKES if view.declarer == me else Reason.SETS
        figures = Figures(
            card=Card.from_id(best.action),
            contract=view.contract,
            chance=best.chance,
            layouts=0 if knowledge.is_exact else runs,
        )
        return Advice(best.action, code, figures, ranked(best.action, candidates))

    def _solve_in_time(self, positions: Sequence[Position]) -> list[dict[int, int]]:
        """:func:`solve_positions` in batches of :data:`PLAY_BATCH` until the time budget is
        spent (all of them without a budget)."""
        if self.time_budget is None:
            return solve_positions(positions)
        started = time.perf_counter()
        solved: list[dict[int, int]] = []
        for start in range(0, len(positions), PLAY_BATCH):
            solved += solve_positions(positions[start : start + PLAY_BATCH])
            if time.perf_counter() - started > self.time_budget:
                break
        return solved

    def _opening_lead(self, view: TableView) -> Advice:
        """The lead that sets the contract in most layouts; among equals the medium bot's."""
        assert view.contract is not None and view.to_play is not None
        knowledge = knowledge_of(view)
        count = max(1, round(OPENING_LEAD_LAYOUTS * self.layouts))
        layouts = sample_deals(knowledge, self._solve_rng, count)
        order = tuple(int(d) for d in view.order)
        trump = int(view.trump) if view.trump is not None else 4
        leader = int(view.to_play)
        positions = [Position(layout, order, leader, (), trump) for layout in layouts]
        # The defenders set the contract with 14 - (6 + level) tricks.
        target = 14 - view.contract.tricks_needed
        setting = [row[0] for row in self._targets([[p] for p in positions], target)]
        legal = view.legal_actions
        chance = {card: sum(card in cards for cards in setting) / len(setting) for card in legal}
        best = max(chance.values())
        tied = [card for card in legal if chance[card] == best]
        plain = play_card(view).action
        action = plain if plain in tied else tied[0]
        candidates = [Candidate(card, chance=round(chance[card], 3)) for card in legal]
        figures = Figures(
            card=Card.from_id(action),
            contract=view.contract,
            chance=round(best, 3),
            layouts=len(setting),
        )
        return Advice(action, Reason.SETS, figures, ranked(action, candidates))

    def _targets(
        self, groups: Sequence[Sequence[Position]], target: int
    ) -> list[list[frozenset[int]]]:
        """For each group of positions (one layout, a position per option), the cards with
        which the side to play reaches ``target`` tricks in each; groups are solved in turn
        until the time budget is spent (at least :data:`MIN_LAYOUTS`)."""
        started = time.perf_counter()
        rows: list[list[frozenset[int]]] = []
        for group in groups:
            rows.append(reaching_cards(group, [target] * len(group)))
            spent = time.perf_counter() - started
            if (
                self.time_budget is not None
                and len(rows) >= MIN_LAYOUTS
                and spent > self.time_budget
            ):
                break
        return rows

    # -- choices before the play ------------------------------------------------------------

    def _opening_chances(
        self,
        view: TableView,
        options: Sequence[tuple[int, list[Deal4]]],
        leaders: dict[int, int] | None = None,
    ) -> tuple[dict[int, float], int]:
        """Each option's chance for the seat's side (the contract made if it declares, set if
        it defends): its layouts, the hands as they would be for the play, each asked of DDS
        whether some opening lead sets the contract (a target: cheap); and how many layouts were
        solved."""
        assert view.seat is not None and view.contract is not None and view.declarer is not None
        rules: RuleSet = view.rules
        declarer = view.declarer
        order = play_order(rules, declarer)
        leader = int(opening_leader(rules, declarer))
        trump = int(view.contract.strain)
        count = min(len(layouts) for _action, layouts in options)
        lead = leaders or {}
        groups = [
            [
                Position(layouts[index], order, lead.get(action, leader), (), trump)
                for action, layouts in options
            ]
            for index in range(count)
        ]
        rows = self._targets(groups, 14 - view.contract.tricks_needed)
        chances: dict[int, float] = {}
        for column, (action, _layouts) in enumerate(options):
            share = sum(1 for row in rows if row[column]) / len(rows)
            chances[action] = 1.0 - share if declarer == view.seat else share
        return chances, len(rows)

    def _choose_dummy(self, view: TableView) -> Advice:
        assert view.seat is not None
        layouts = sample_deals(knowledge_of(view), self._solve_rng, self._choice_count())
        exposed = view.exposed_dummy
        assert exposed is not None
        options: list[tuple[int, list[Deal4]]] = []
        for action in (TAKE_EXPOSED, TAKE_OTHER):
            chosen = exposed if action == TAKE_EXPOSED else _other_dummy(exposed)
            placed = []
            for layout in layouts:
                hands = list(layout)
                if chosen != view.seat.dummy:  # the chosen dummy sits opposite declarer
                    hands[0], hands[3] = hands[3], hands[0]
                placed.append((hands[0], hands[1], hands[2], hands[3]))
            options.append((action, placed))
        chances, solved = self._opening_chances(view, options)
        plain = super()._choose_dummy(view).action
        return self._choice_advice(view, chances, plain, solved, with_card=False)

    def _place_extra(self, view: TableView) -> Advice:
        assert view.seat is not None
        knowledge = knowledge_of(view)
        layouts = sample_deals(knowledge, self._solve_rng, self._choice_count())
        extra = view.extra_cards.mask
        own, dummy = int(view.seat.direction), int(view.seat.dummy)
        them = view.seat.other
        completed: list[Deal4] = []
        for layout in layouts:
            hands = list(layout)
            # The opponent's extra cards, if not placed yet: the unseen cards no hand took.
            spare = knowledge.unseen
            for direction in Direction:
                spare &= ~(layout[direction] & ~knowledge.known[direction])
            spare_cards = _bits(spare)
            self._solve_rng.shuffle(spare_cards)
            for place, bit in zip(
                (int(them.direction), int(them.dummy)), spare_cards, strict=False
            ):
                if hands[place].bit_count() < 13:
                    hands[place] |= bit
            completed.append((hands[0], hands[1], hands[2], hands[3]))
        options: list[tuple[int, list[Deal4]]] = []
        for card in view.legal_actions:
            placed = []
            for layout in completed:
                hands = list(layout)
                hands[own] |= CARD_MASK[card]
                hands[dummy] |= extra & ~CARD_MASK[card]
                placed.append((hands[0], hands[1], hands[2], hands[3]))
            options.append((card, placed))
        chances, solved = self._opening_chances(view, options)
        plain = super()._place_extra(view).action
        return self._choice_advice(view, chances, plain, solved, with_card=True)

    def _lead_choice(self, view: TableView) -> Advice:
        """The Widow: the defender's hand or dummy on lead, whichever sets the contract in
        fewer layouts (declarer's choice)."""
        assert view.seat is not None
        defender = view.seat.other
        layouts = sample_deals(knowledge_of(view), self._solve_rng, self._choice_count())
        leaders = {
            action: int(defender.dummy if action == LEAD_DEFENDERS_DUMMY else defender.direction)
            for action in view.legal_actions
        }
        options = [(action, layouts) for action in view.legal_actions]
        chances, solved = self._opening_chances(view, options, leaders)
        plain = super()._lead_choice(view).action
        return self._choice_advice(view, chances, plain, solved, with_card=False)

    def _choice_advice(
        self,
        view: TableView,
        chances: dict[int, float],
        plain: int,
        layouts: int,
        *,
        with_card: bool,
    ) -> Advice:
        """The choice with the best chance; among equals ``plain``, the medium bot's."""
        best = max(chances.values())
        tied = [action for action, chance in chances.items() if chance == best]
        action = plain if plain in tied else min(tied)
        candidates = [Candidate(a, chance=round(chance, 3)) for a, chance in chances.items()]
        figures = Figures(
            card=Card.from_id(action) if with_card else None,
            contract=view.contract,
            chance=round(best, 3),
            layouts=layouts,
        )
        code = Reason.MAKES if view.declarer == view.seat else Reason.SETS
        return Advice(action, code, figures, ranked(action, candidates))

    def _choice_count(self) -> int:
        return max(1, round(CHOICE_LAYOUTS * self.layouts))


def _tricks_of(result: dict[int, int], card: int) -> int:
    """The tricks DDS gave ``card``; a card it left out is worth its nearest listed
    neighbour of the suit (DDS lists each card of a run of equals)."""
    if card in result:
        return result[card]
    suit = card // 13
    near = [c for c in result if c // 13 == suit]
    if not near:
        return max(result.values(), default=0)
    return result[min(near, key=lambda c: abs(c - card))]


def _other_dummy(dummy: Direction) -> Direction:
    return Direction.WEST if dummy is Direction.NORTH else Direction.NORTH


def _bits(mask: int) -> list[int]:
    bits = []
    while mask:
        low = mask & -mask
        bits.append(low)
        mask ^= low
    return bits
