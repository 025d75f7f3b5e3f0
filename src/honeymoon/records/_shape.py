"""Player-safe records: stand-in stocks for hands whose stock was left out.

A copy written without the stock (``reveal=False``) hides every drawing action (written
``draw``) and every card that was not played. To check such a copy, and to read its calls and
tricks, the record is replayed through :class:`~honeymoon.game.Game` like any other, on a
stand-in stock built here for each hand: one that gives each player the cards they are seen to
play, with the hidden drawing actions taken as ``keep``. So the engine, not this module, decides
everything the record says: the sequence of the hand, who calls and leads, the legality of
each action, the tricks and the score.

Nothing here is a rule of its own. Which stock positions reach which hand is learned by playing
the drawing actions on a probe game over the stock 0–51; who played each card, and who won each
trick, comes from :mod:`honeymoon.tricks`. Cards that no one played go to the places the
drawing does not give to a hand, or, in a hand not played to its end, to a player who has not
shown out of their suit. Only Draw and Discard Bridge is read this way: the other procedures
deal the cards, and a copy of them without the stock is not supported yet.
"""

from __future__ import annotations

from collections.abc import Sequence

from honeymoon.actions import KEEP
from honeymoon.cards import CARD_SUIT, Card
from honeymoon.errors import HoneymoonError, RecordError
from honeymoon.game import Game, Phase
from honeymoon.rules import Procedure, RuleSet
from honeymoon.seats import Seat
from honeymoon.tricks import TWO_HANDS, playing_order, trick_won_by

#: How a drawing action hidden from a player-safe copy is written.
HIDDEN_DRAW_TEXT = "draw"

_PROBE_STOCK = tuple(range(52))


def is_hidden_draw(raw: str | int | None) -> bool:
    """True for a drawing action that a player-safe copy hides."""
    return raw is None or (isinstance(raw, str) and raw.strip().lower() == HIDDEN_DRAW_TEXT)


def check_support(rules: RuleSet) -> None:
    """Raise :class:`RecordError` unless a record of ``rules`` can be read without its stock."""
    if rules.procedure is not Procedure.DRAW_DISCARD:
        raise RecordError(
            f"{rules.title}: a record without the stock order (a player-safe copy) can be read "
            "only for Draw and Discard Bridge so far",
            code="unsupported_variant",
        )


def stand_in_stock(
    rules: RuleSet, dealer: Seat, actions: Sequence[str | int | None]
) -> tuple[int, ...]:
    """A stock order under which ``actions`` (one hand dealt by ``dealer``) give each player
    the cards they play. Faulty actions are not reported here: the stock stops being fitted
    at the first one, and the replay on it reports the fault."""
    check_support(rules)
    probe = Game(rules, seed=0, stocks=[_PROBE_STOCK], first_dealer=dealer)
    index = 0
    for index, raw in enumerate(actions):  # noqa: B007 - the index is used after the loop
        if probe.hand_number != 0 or probe.phase is Phase.PLAY:
            break
        try:
            action = KEEP if is_hidden_draw(raw) else _number(probe, raw)
            probe.apply(action)
        except HoneymoonError:
            return _PROBE_STOCK
    else:
        index = len(actions)
    log = probe.hand_log(0)
    if log.deal is None:
        return _PROBE_STOCK  # still drawing: no card has been played
    # The positions of the stock that reach each hand; the others are discards or unseen.
    places = [[card.id for card in log.deal[seat]] for seat in (Seat.SOUTH, Seat.EAST)]
    held: list[list[int]] = [[], []]
    void: list[set[int]] = [set(), set()]
    if probe.hand_number == 0 and probe.phase is Phase.PLAY:
        assert log.contract is not None and probe.to_act is not None
        _read_play(actions[index:], int(probe.to_act), int(log.contract.strain), held, void)
    return _arrange(places, held, void)


def _number(game: Game, raw: str | int | None) -> int:
    if isinstance(raw, int):
        return raw
    assert raw is not None
    return game.parse_action(raw)


def _read_play(
    actions: Sequence[str | int | None],
    leader: int,
    trump: int,
    held: list[list[int]],
    void: list[set[int]],
) -> None:
    # Who played each card (and so held it), and the suits each has shown out of.
    seen: set[int] = set()
    trick: list[int] = []
    for raw in actions:
        try:
            card = raw if isinstance(raw, int) else Card.parse(str(raw)).id
        except HoneymoonError:
            return
        if not 0 <= card < 52 or card in seen:
            return
        seat = playing_order(leader)[len(trick)]
        if trick and CARD_SUIT[card] != CARD_SUIT[trick[0]]:
            void[seat].add(CARD_SUIT[trick[0]])
        seen.add(card)
        held[seat].append(card)
        trick.append(card)
        if len(trick) == len(TWO_HANDS):
            leader = trick_won_by(trick, leader, trump)
            trick = []


def _arrange(
    places: list[list[int]], held: list[list[int]], void: list[set[int]]
) -> tuple[int, ...]:
    stock: list[int | None] = [None] * 52
    given = {card for cards in held for card in cards}
    spare = [card for card in range(52) if card not in given]
    for seat in (0, 1):
        for place, card in zip(places[seat], held[seat], strict=False):
            stock[place] = card
        spare += held[seat][len(places[seat]) :]
    # Fill each hand's empty places with cards of suits it has not shown out of: first those
    # only it may hold, then those either may hold.
    open_places = [places[seat][len(held[seat]) :] for seat in (0, 1)]
    for first in (True, False):
        for seat in (0, 1):
            other = 1 - seat
            for card in list(spare):
                if not open_places[seat]:
                    break
                suit = CARD_SUIT[card]
                if suit in void[seat] or (first and suit not in void[other]):
                    continue
                stock[open_places[seat].pop(0)] = card
                spare.remove(card)
    rest = iter(spare)
    return tuple(next(rest) if card is None else card for card in stock)
