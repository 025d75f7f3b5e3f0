"""Four-hand positions solved double dummy by DDS, through endplay (the optional ``dds`` extra).

The table expert (:mod:`honeymoon.bots.table_expert`) solves each layout it samples with the
DDS library that endplay wraps: a :class:`Position` (the four hands as they were when the
current trick began, the hands' playing order, the hand that led it, the cards played to it so
far and the strain) goes in; out comes, for every card the hand to play may play, the tricks
its side takes from this trick on.

DDS seats the hands clockwise N E S W. The table plays them clockwise too, except under the
clockwise arrangement when East declares (N W S E): the hands are then handed to DDS in their
playing order, which keeps the partnerships (North with South, East with West) and the order
of play.

endplay is an optional dependency: without it, :func:`require_dds` raises
:class:`DDSMissingError` naming the line that installs it.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from honeymoon.cards import CARD_SUIT
from honeymoon.errors import HoneymoonError

__all__ = [
    "DDS_INSTALL",
    "DDSMissingError",
    "Position",
    "require_dds",
    "solve_positions",
    "best_defence",
    "reaching_cards",
]

#: The line that installs the solver the table expert needs.
DDS_INSTALL = "pip install 'honeymoon[dds]'"
#: Boards DDS takes in one batch (its limit is 200; smaller batches keep answers flowing).
_BATCH = 40
_RANKS = "23456789TJQKA"
_SUITS = "CDHS"


class DDSMissingError(HoneymoonError, ImportError):
    """The double-dummy library the table expert needs is not installed (code
    ``dds_missing``); the message names the line that installs it."""

    code = "dds_missing"


def require_dds() -> tuple[ModuleType, ModuleType]:
    """endplay's ``dds`` and ``types`` modules.

    :raises DDSMissingError: if endplay is not installed, naming ``pip install
        'honeymoon[dds]'``.
    """
    try:
        dds = importlib.import_module("endplay.dds")
        types = importlib.import_module("endplay.types")
    except ImportError as error:
        raise DDSMissingError(
            "the four-hand table solves its positions (the hard level's layouts, the analysis "
            "of a hand, claims) with the DDS double-dummy solver of endplay, which is not "
            f"installed ({error}): run {DDS_INSTALL} (endplay==0.5.12); the easy and medium "
            "levels play without it"
        ) from None
    return dds, types


@dataclass(frozen=True, slots=True)
class Position:
    """A four-hand position to solve.

    ``hands`` are the four hands by Direction (card masks) as they were when the current trick
    began; ``order`` the hands (Direction numbers) in playing order; ``leader`` the hand that
    led (or is to lead) the current trick; ``trick`` the card ids played to it so far; ``trump``
    the strain (0–3 clubs to spades, 4 no trump).
    """

    hands: tuple[int, int, int, int]
    order: tuple[int, ...]
    leader: int
    trick: tuple[int, ...]
    trump: int


def _hand_text(mask: int) -> str:
    suits = []
    for suit in (3, 2, 1, 0):
        lane = mask >> (16 * suit) & 0x1FFF
        suits.append("".join(_RANKS[rank] for rank in range(12, -1, -1) if lane >> rank & 1))
    return ".".join(suits)


def _card_text(card: int) -> str:
    return _SUITS[CARD_SUIT[card]] + _RANKS[card % 13]


def _deal(types: ModuleType, position: Position) -> Any:
    order = position.order
    pbn = "N:" + " ".join(_hand_text(position.hands[hand]) for hand in order)
    denom = types.Denom.nt if position.trump == 4 else types.Denom(3 - position.trump)
    deal = types.Deal(pbn, first=types.Player(order.index(position.leader)), trump=denom)
    for card in position.trick:
        deal.play(types.Card(_card_text(card)))
    return deal


def _card_id(card: Any) -> int:
    suit = 3 - int(card.suit)
    rank = int(card.rank).bit_length() - 1  # endplay's ranks are bits: 2 is 1 << 2
    return suit * 13 + rank - 2


def solve_positions(positions: Sequence[Position]) -> list[dict[int, int]]:
    """For each position, the tricks (from the current trick on) that the side of the hand to
    play takes with each card it may play, by card id.

    :raises DDSMissingError: if endplay is not installed.
    """
    dds, types = require_dds()
    results: list[dict[int, int]] = []
    for start in range(0, len(positions), _BATCH):
        deals = [_deal(types, position) for position in positions[start : start + _BATCH]]
        solved = dds.solve_all_boards(deals) if len(deals) > 1 else [dds.solve_board(deals[0])]
        for board in solved:
            results.append({_card_id(card): int(tricks) for card, tricks in board})
    return results


def best_defence(positions: Sequence[Position]) -> list[int]:
    """For each position, the most tricks the side of the hand to play can take from now
    (only the best card is searched: cheaper than :func:`solve_positions`).

    :raises DDSMissingError: if endplay is not installed.
    """
    dds, types = require_dds()
    optimal = importlib.import_module("endplay.dds.solve").SolveMode.OptimalOne
    results: list[int] = []
    for start in range(0, len(positions), _BATCH):
        deals = [_deal(types, position) for position in positions[start : start + _BATCH]]
        solved = dds.solve_all_boards(deals, optimal)
        for board in solved:
            results.append(max((int(tricks) for _card, tricks in board), default=0))
    return results


def reaching_cards(positions: Sequence[Position], targets: Sequence[int]) -> list[frozenset[int]]:
    """For each position, the cards with which the side of the hand to play takes at least
    ``targets[i]`` tricks from now, a target of at least one (empty when no card does). Asking
    for a target is several times cheaper than scoring every card (:func:`solve_positions`):
    the opening lead uses it.

    :raises DDSMissingError: if endplay is not installed.
    """
    dds, types = require_dds()
    target_all = importlib.import_module("endplay.dds.solve").SolveMode.TargetAll
    results: list[frozenset[int]] = []
    for position, target in zip(positions, targets, strict=True):
        if target <= 0:
            raise ValueError(f"a target of {target} tricks: every card reaches it")
        board = dds.solve_board(_deal(types, position), target_all, target)
        results.append(frozenset(_card_id(card) for card, tricks in board if int(tricks) >= target))
    return results
