"""The ``hard`` level at the four-hand table: sampling plus the DDS double-dummy solver.

It reads only its seat's :class:`~honeymoon.views.TableView`. For a card it deals layouts of
the cards it has not seen consistent with what it knows (the hands it sees, the cards played,
the suits each unseen hand has shown out of: :mod:`honeymoon.bots.table_knowledge`), solves
each four-hand position with DDS through endplay (:mod:`honeymoon.bots.dds`) and plays the
card with the best mean score for its side over the layouts (the contract's points with the
tricks it leads to; the mean tricks break ties). Declarer's choice of dummy (Single Dummy
Bridge) and the extra cards (twelve and two) are weighed the same way: each choice's opening
position solved over the layouts. Its bidding is the medium bot's model of its hand and
dummy (:mod:`honeymoon.bots.table_heuristic`) on more layouts.

The number of layouts falls as the hand goes on being cheaper to solve:
:data:`PLAY_LAYOUTS` gives it by the cards still to play; ``layouts`` scales it. The solver is
the optional ``dds`` extra; without it the bot raises
:class:`~honeymoon.bots.dds.DDSMissingError` naming the line that installs it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from honeymoon.actions import TAKE_EXPOSED, TAKE_OTHER
from honeymoon.auction import Contract
from honeymoon.bots.advice import Advice, Candidate, Figures, Reason, ranked
from honeymoon.bots.dds import Position, best_defence, require_dds, solve_positions
from honeymoon.bots.table_heuristic import TableHeuristicBot
from honeymoon.bots.table_knowledge import Deal4, sample_deals, table_knowledge
from honeymoon.cards import CARD_MASK, Card
from honeymoon.rules import RuleSet
from honeymoon.scoring import score_contract
from honeymoon.seats import Direction, Seat
from honeymoon.table import opening_leader, play_order
from honeymoon.views import TableView

__all__ = ["TableExpertBot", "PLAY_LAYOUTS", "CHOICE_LAYOUTS", "AUCTION_LAYOUTS", "layouts_for"]

#: Layouts solved per card, by the cards still to play at least: a position with more cards
#: costs DDS more. Tuned with ``benchmarks/table_expert_speed.py`` so that a decision's p95
#: stays under a second.
PLAY_LAYOUTS: tuple[tuple[int, int], ...] = ((44, 8), (32, 12), (20, 16), (0, 24))
#: Layouts per option for declarer's choice of dummy and for the extra cards.
CHOICE_LAYOUTS = 6
#: Layouts of the bidding model (the medium bot's, which counts them by formula: cheap).
AUCTION_LAYOUTS = 48


def layouts_for(cards_left: int, scale: float = 1.0) -> int:
    """Layouts to solve for a card with ``cards_left`` cards still in the four hands.

    >>> layouts_for(52), layouts_for(10), layouts_for(52, scale=2.0)
    (8, 24, 16)
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
    :param name: the name the bot reports.
    :raises DDSMissingError: when made without endplay installed.
    """

    name = "expert"
    samples = AUCTION_LAYOUTS

    def __init__(
        self, seed: int | str | None = None, *, layouts: float = 1.0, name: str = "expert"
    ) -> None:
        if not layouts > 0:
            raise ValueError("layouts must be a positive scale")
        require_dds()
        super().__init__(seed)
        self.layouts = layouts
        self.name = name
        self._solve_rng = random.Random(f"{seed}:solve")

    # -- the play ---------------------------------------------------------------------------

    def _play(self, view: TableView) -> Advice:
        assert view.seat is not None and view.to_play is not None
        assert view.contract is not None and view.declarer is not None
        knowledge = table_knowledge(view)
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
        solved = solve_positions(positions)
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

    # -- choices before the play ------------------------------------------------------------

    def _opening_values(
        self, view: TableView, options: Sequence[tuple[int, list[Deal4]]]
    ) -> dict[int, tuple[float, float]]:
        """Each option's (mean score, mean tricks) for the seat's side: its layouts (the hands
        as they would be for the play) solved from the opening lead."""
        assert view.seat is not None and view.contract is not None and view.declarer is not None
        rules: RuleSet = view.rules
        declarer = view.declarer
        order = play_order(rules, declarer)
        leader = int(opening_leader(rules, declarer))
        trump = int(view.contract.strain)
        vulnerable = view.score_sheet.vulnerable(int(declarer))
        positions = [
            Position(layout, order, leader, (), trump)
            for _action, layouts in options
            for layout in layouts
        ]
        defence = best_defence(positions)
        values: dict[int, tuple[float, float]] = {}
        index = 0
        for action, layouts in options:
            score = tricks = 0.0
            for _layout in layouts:
                # The side to play first is the defenders'.
                declarer_tricks = 13 - defence[index]
                index += 1
                mine = declarer_tricks if declarer == view.seat else 13 - declarer_tricks
                score += _side_value(view.contract, declarer, view.seat, mine, vulnerable)
                tricks += mine
            values[action] = (score / len(layouts), tricks / len(layouts))
        return values

    def _choose_dummy(self, view: TableView) -> Advice:
        assert view.seat is not None
        layouts = sample_deals(table_knowledge(view), self._solve_rng, self._choice_count())
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
        values = self._opening_values(view, options)
        return self._choice_advice(values, len(layouts), None)

    def _place_extra(self, view: TableView) -> Advice:
        assert view.seat is not None
        knowledge = table_knowledge(view)
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
        values = self._opening_values(view, options)
        return self._choice_advice(values, len(layouts), view)

    def _choice_advice(
        self, values: dict[int, tuple[float, float]], layouts: int, view: TableView | None
    ) -> Advice:
        action = max(values, key=lambda a: (values[a][0], values[a][1], -a))
        candidates = [
            Candidate(a, score=round(score, 1), tricks=round(tricks, 2))
            for a, (score, tricks) in values.items()
        ]
        card = Card.from_id(action) if view is not None else None
        figures = Figures(card=card, tricks=round(values[action][1], 2), layouts=layouts)
        return Advice(action, Reason.MOST_TRICKS, figures, ranked(action, candidates))

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
