"""Player-safe records: stand-in stocks for hands whose stock was left out.

A copy written without the stock (``reveal=False``) hides every drawing action (written
``draw``) and every card that was not played. To check such a copy, and to read its calls and
tricks, the record is replayed through :class:`~honeymoon.game.Game` like any other, on a
stand-in stock built here for each hand: one that gives each player the cards they are seen to
play, when they play them, with the hidden drawing actions taken as ``keep``. So the engine,
not this module, decides everything the record says: the sequence of the hand, who calls and
leads, who wins each trick and draws after it, the legality of each action and the score.

Nothing here is a rule of its own: the stock is fitted by asking the engine. Each attempt
replays the hand on the stock fitted so far and notes what the engine shows: which stock
position reached which hand and when (the deal, the drawing, the draws after each preliminary
trick of Draw Bridge, the second deal of Memory Bridge), which player played each card, and,
when a card is refused because its player holds the suit led, that the player held none of it
then. The next stock puts every card played in a place that reaches its player in time and
keeps the suits a player showed out of away from them; the attempts stop when the replay runs
through, or when an attempt learns nothing new (then the record itself is at fault and the
replay on the last stock says where). Cards no one played fill the other places.

Every procedure is read this way: Draw and Discard Bridge, Draw Bridge and Memory Bridge, and
Bridgette. What cannot be known is only what was never shown: the cards of a hand not played to
its end, and the discards and the unseen rest of the stock.

Bridgette (55 cards) is read the same way, on a stand-in stock of 55 with the upcard, which the
copy writes (both players saw it), in its own place. Its exchange discards are hidden (written
``draw``); each is replayed as a card of the stand-in hand that its player is not seen to play
afterwards (:attr:`StandIn.discards`), choosing first a card of a suit the replays showed the
player could not hold. Besides showing out of a suit led, a Bridgette player shows the suits
they held no more by leading the suit a Colon barred (they held no other suit) or a Colon (they
held no suited card); the engine's refusals (``barred_suit``, ``colon_lead``) say so.

The four-hand table (:func:`table_stand_in_stock`) is read the same way, more simply: all 52
cards are dealt before the auction, so a stock place reaches its hand at the deal, and each
replay shows only which hand (as dealt) played each card and which hands showed out of a suit.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from honeymoon.actions import CARD_ACTIONS, KEEP, card_action, card_of_action, is_card_action
from honeymoon.bridgette import UPCARD_PLACE
from honeymoon.cards import CARD_MASK, CARD_SUIT
from honeymoon.engines import new_game
from honeymoon.errors import HoneymoonError, IllegalActionError
from honeymoon.game import Game, Phase
from honeymoon.knowledge import shown_out_of
from honeymoon.rules import RuleSet
from honeymoon.seats import Direction, Seat
from honeymoon.table import EXTRA_PLACE, WIDOW_PLACE, TableGame, stock_places

__all__ = [
    "StandIn",
    "stand_in",
    "HIDDEN_DRAW_TEXT",
    "HIDDEN_WIDOW_TEXT",
    "is_hidden_draw",
    "is_hidden_widow",
    "hidden_widow_card",
    "stand_in_stock",
    "table_stand_in_stock",
]

#: How a drawing action hidden from a player-safe copy is written.
HIDDEN_DRAW_TEXT = "draw"
#: How a placement of a widow card hidden from a player-safe copy is written (the Widow).
HIDDEN_WIDOW_TEXT = "widow"

#: The suits a hand may hold in the fitting: the four and the Colons' (4; a Colon has no suit).
_SUITS = range(5)
_CARD_OF_BIT = {mask: card for card, mask in enumerate(CARD_MASK)}
_WIDOW_PHASES = (Phase.WIDOW_HAND, Phase.WIDOW_DUMMY, Phase.EXTRA_CARDS)
#: Each attempt learns at least one fact; a hand has far fewer to learn than this.
_MAX_ATTEMPTS = 400


def is_hidden_widow(raw: str | int | None) -> bool:
    """True for a placement of a widow card that a player-safe copy hides (the Widow)."""
    return isinstance(raw, str) and raw.strip().lower() == HIDDEN_WIDOW_TEXT


def hidden_widow_card(game: TableGame, stock: Sequence[int]) -> int:
    """The card a hidden widow placement is replayed as, on a stand-in stock: of the cards
    waiting to be placed, the one dealt first. The stand-in stock deals the widow in the
    order declarer's hand, declarer's dummy, the defender's hand, the defender's dummy.

    :raises IllegalActionError: (``wrong_phase``) when no widow card waits to be placed.
    """
    phase = game.phase
    waiting = game.legal_actions()
    if phase not in _WIDOW_PHASES or not game.rules.widow or not waiting:
        raise IllegalActionError(
            f"'{HIDDEN_WIDOW_TEXT}' (a hidden placement of a widow card) is not possible now: "
            "no widow card waits to be placed",
            "wrong_phase",
        )
    return min(waiting, key=list(stock).index)


def is_hidden_draw(raw: str | int | None) -> bool:
    """True for a drawing action that a player-safe copy hides."""
    return raw is None or (isinstance(raw, str) and raw.strip().lower() == HIDDEN_DRAW_TEXT)


@dataclass(slots=True)
class _Facts:
    """What the replays have shown of one hand. Times count the preliminary tricks finished."""

    #: stock position -> (the hand it reached, when)
    places: dict[int, tuple[int, int]] = field(default_factory=dict)
    #: card id -> (the hand that played it, when, the action's index)
    played: dict[int, tuple[int, int, int]] = field(default_factory=dict)
    #: (hand, suit, time): the hand held no card of the suit then
    void: set[tuple[int, int, int]] = field(default_factory=set)
    #: action index -> the action, as read in the phase it was played in
    parsed: dict[int, int] = field(default_factory=dict)
    #: Bridgette: the card actions the hidden exchange discards were replayed as, in order
    discards: list[int] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class StandIn:
    """A stand-in for one hand of a player-safe copy: the stock order to replay it on and, in
    Bridgette, the card action each hidden exchange discard (``draw``) is replayed as, in
    order (a hidden drawing action of the other variants is replayed as ``keep``)."""

    stock: tuple[int, ...]
    discards: tuple[int, ...] = ()


def stand_in_stock(
    rules: RuleSet, dealer: Seat, actions: Sequence[str | int | None]
) -> tuple[int, ...]:
    """A stock order under which ``actions`` (one hand dealt by ``dealer``) give each player
    the cards they play. Faulty actions are not reported here: the stock stops being fitted
    at the first one, and the replay on it reports the fault."""
    return stand_in(rules, dealer, actions).stock


def stand_in(
    rules: RuleSet,
    dealer: Seat,
    actions: Sequence[str | int | None],
    upcard: int | None = None,
) -> StandIn:
    """As :func:`stand_in_stock`, with the card each hidden Bridgette exchange discard is
    replayed as. ``upcard``: Bridgette's upcard (a card id), which the stand-in stock keeps in
    its place; without it (or outside Bridgette) any card may lie there."""
    facts = _Facts()
    pack = 55 if rules.colons else 52
    pinned = upcard if rules.colons and upcard is not None else None
    stock = _pin(tuple(range(pack)), pinned)
    for _ in range(_MAX_ATTEMPTS):
        learned, finished = _attempt(rules, dealer, actions, stock, facts)
        if finished or not learned:
            break
        stock = _pin(_fit(facts, pack, pinned), pinned)
    return StandIn(stock, tuple(facts.discards))


def _pin(stock: tuple[int, ...], upcard: int | None) -> tuple[int, ...]:
    # Bridgette: the upcard in its place (the card there goes where the upcard was).
    if upcard is None or stock[UPCARD_PLACE] == upcard:
        return stock
    order = list(stock)
    where = order.index(upcard)
    order[where], order[UPCARD_PLACE] = order[UPCARD_PLACE], upcard
    return tuple(order)


def _attempt(
    rules: RuleSet,
    dealer: Seat,
    actions: Sequence[str | int | None],
    stock: tuple[int, ...],
    facts: _Facts,
) -> tuple[bool, bool]:
    """Replay ``actions`` on ``stock`` and add what the engine shows to ``facts``; return
    whether anything new was learned and whether the replay ran through."""
    position = [0] * len(stock)
    for place, card in enumerate(stock):
        position[card] = place
    game = new_game(rules, seed=0, stocks=[stock], first_dealer=dealer)
    assert isinstance(game, Game)
    time = 0
    held = [0, 0]
    facts.discards.clear()

    def note_arrivals() -> bool:
        # The cards that reached a hand since the last look: their places, and when.
        new = False
        for hand in (0, 1):
            mask = game.hand(hand).mask
            arrived = mask & ~held[hand]
            held[hand] = mask
            while arrived:
                bit = arrived & -arrived
                arrived ^= bit
                place = position[_CARD_OF_BIT[bit]]
                if place not in facts.places:
                    facts.places[place] = (hand, time)
                    new = True
        return new

    learned = note_arrivals()
    for index, raw in enumerate(actions):
        if game.hand_number != 0 or game.is_over:
            return learned, False  # the hand is over before its actions are
        actor = game.to_act
        phase = game.phase
        assert actor is not None
        if phase is Phase.EXCHANGE and is_hidden_draw(raw):
            # A hidden discard: a card the player is not seen to play (chosen anew each time).
            discard = _hidden_discard(game, int(actor), facts, time)
            facts.discards.append(discard)
            game.apply(discard)
            learned = note_arrivals() or learned
            continue
        action = facts.parsed.get(index)
        if action is None:
            try:
                action = KEEP if is_hidden_draw(raw) else _number(game, raw)
            except HoneymoonError:
                return learned, False
            # Read once: the phase at each action is the same in every attempt.
            facts.parsed[index] = action
        if is_card_action(action) and phase in _CARD_PHASES:
            card = card_of_action(action)
            seen = facts.played.get(card)
            if seen is None:
                facts.played[card] = (int(actor), time, index)
                learned = True
            elif seen[2] != index:
                return learned, False  # a card played twice: the replay reports it
            suit = _suit_shown_out_of(game, card)
            if suit is not None and (int(actor), suit, time) not in facts.void:
                facts.void.add((int(actor), suit, time))
                learned = True
        try:
            game.apply(action)
        except IllegalActionError as error:
            return _refused(game, int(actor), error.code, time, facts) or learned, False
        # The time: how many preliminary tricks are finished (all of them once they are over).
        if game.phase is Phase.PRELIMINARY:
            time = sum(game.tricks_won)
        elif phase is Phase.PRELIMINARY:
            time = len(game.preliminary_tricks)
        learned = note_arrivals() or learned
    return learned, True


#: The phases whose card actions put a card of the player's on the table (or, in Bridgette's
#: exchange, a card shown as discarded): each must reach its player in time.
_CARD_PHASES = (Phase.PRELIMINARY, Phase.PLAY, Phase.EXCHANGE)


def _suit_shown_out_of(game: Game | TableGame, card: int) -> int | None:
    """The suit led that playing ``card`` (a card id) to the trick in progress shows its player
    held none of (:func:`honeymoon.knowledge.shown_out_of`), or None."""
    trick = game.current_trick
    if trick is None or not trick.cards:
        return None
    return shown_out_of(game.rules, game.phase, trick.cards[0].id, card)


def _refused(game: Game, actor: int, code: str, time: int, facts: _Facts) -> bool:
    """Note what a refusal of a lead shows in Bridgette: the suits the player held none of
    then (a show-out was noted before the card was tried). Returns whether that is new."""
    suits: tuple[int, ...] = ()
    if code == "barred_suit":
        # Bridgette: they led the barred suit, so they held no card of another suit.
        barred = getattr(game, "barred_suit", -1)
        suits = tuple(suit for suit in range(4) if suit != barred)
    elif code == "colon_lead":
        # Bridgette: they led a Colon, so they held no suited card.
        suits = tuple(range(4))
    new = {(actor, suit, time) for suit in suits} - facts.void
    facts.void.update(new)
    return bool(new)


def _hidden_discard(game: Game, actor: int, facts: _Facts, time: int) -> int:
    """The card action a hidden Bridgette exchange discard is replayed as: of the cards the
    player holds and is not seen to play, first one of a suit they showed they could not
    hold, then the one dealt last. With none of those (a faulty record), any card held."""
    hand = game.hand(actor).mask
    kept = {card for card, (owner, _, _) in facts.played.items() if owner == actor}
    cards = [card for card, bit in enumerate(CARD_MASK) if hand & bit]
    spare = [card for card in cards if card not in kept] or cards
    stock = game.stock_in_play
    chosen = min(
        spare,
        key=lambda card: (_may_hold(facts, actor, CARD_SUIT[card], time), -stock.index(card)),
    )
    return card_action(chosen)


def _number(game: Game, raw: str | int | None) -> int:
    if isinstance(raw, int):
        return raw
    assert raw is not None
    return game.parse_action(raw)


def _fit(facts: _Facts, pack: int = 52, upcard: int | None = None) -> tuple[int, ...]:
    """A stock with each card played in a place that reaches its player by the time it is
    played and not while they show out of its suit; the other cards fill the other places.
    ``upcard``: Bridgette's upcard, which keeps its own place."""
    stock: list[int | None] = [None] * pack
    placed: set[int] = set()
    if upcard is not None:
        stock[UPCARD_PLACE] = upcard
        placed.add(upcard)
    for hand in (0, 1):
        places = sorted(
            (when, place)
            for place, (owner, when) in facts.places.items()
            if owner == hand and stock[place] is None
        )
        cards = [
            (card, when)
            for card, (owner, when, _) in facts.played.items()
            if owner == hand and card not in placed
        ]
        windows = {card: (_release(facts, hand, card, when), when) for card, when in cards}
        for when, place in places:
            # Earliest deadline first: the card needed soonest takes the place.
            ready = [
                (deadline, card)
                for card, (release, deadline) in windows.items()
                if card not in placed and release <= when <= deadline
            ]
            if ready:
                _, card = min(ready)
                stock[place] = card
                placed.add(card)
    spare = [card for card in range(pack) if card not in placed]
    # The places left that reach a hand take cards of suits the hand may hold from then on,
    # matched suit by suit (a card never played stays where it arrived).
    open_places = sorted(
        (when, place) for place, (_, when) in facts.places.items() if stock[place] is None
    )
    allowed = [
        [suit for suit in _SUITS if _may_hold(facts, facts.places[place][0], suit, when)]
        for when, place in open_places
    ]
    capacity = [sum(1 for card in spare if CARD_SUIT[card] == suit) for suit in _SUITS]
    chosen = _match(range(len(open_places)), allowed.__getitem__, capacity)
    by_suit = [[card for card in spare if CARD_SUIT[card] == suit] for suit in _SUITS]
    for slot, suit in chosen.items():
        stock[open_places[slot][1]] = by_suit[suit].pop()
    rest = iter(card for cards in by_suit for card in cards)
    return tuple(next(rest) if card is None else card for card in stock)


def _match(
    items: Iterable[int], choices: Callable[[int], Sequence[int]], room: list[int]
) -> dict[int, int]:
    """Give each item one of its ``choices`` with room left (``room`` is taken from as they
    are given), by augmenting paths: an item whose choices are full moves an item given one
    of them to another choice of its own. Returns item -> choice for the items placed; an
    item that cannot be placed, however the others move, is left out."""
    chosen: dict[int, int] = {}

    def place(item: int, tried: set[int]) -> bool:
        for choice in choices(item):
            if choice in tried:
                continue
            tried.add(choice)
            if room[choice] > 0:
                room[choice] -= 1
                chosen[item] = choice
                return True
            for other, taken in list(chosen.items()):
                if taken == choice and place(other, tried):
                    chosen[item] = choice
                    return True
        return False

    for item in items:
        place(item, set())
    return chosen


def _release(facts: _Facts, hand: int, card: int, played: int) -> int:
    # The first time the card may reach ``hand``: after every time the hand showed out of its
    # suit before playing it.
    suit = CARD_SUIT[card]
    times = [when for owner, void, when in facts.void if (owner, void) == (hand, suit)]
    return max((when + 1 for when in times if when < played), default=0)


def _may_hold(facts: _Facts, hand: int, suit: int, since: int) -> bool:
    # A card never played, reaching ``hand`` at ``since``, stays there: it may not be of a suit
    # the hand showed out of at any time from then on.
    return not any(
        owner == hand and void == suit and when >= since for owner, void, when in facts.void
    )


# -- the four-hand table ----------------------------------------------------------------------


def table_stand_in_stock(
    rules: RuleSet,
    dealer: Seat,
    actions: Sequence[str | int | None],
    layouts: Mapping[int, Sequence[tuple[int, int]]] | None = None,
) -> tuple[int, ...]:
    """A stock order under which ``actions`` (one hand of a four-hand variant, dealt by
    ``dealer``) give each hand the cards it plays. As :func:`stand_in_stock`, faulty actions
    are not reported here: the replay on the stock returned reports them.

    ``layouts``: with semi-exposed dummies, each dummy's layout as both players saw it (by
    Direction: per place, the face-up card dealt there and the card under it if it was
    turned up, else -1), which the record writes (see :func:`~honeymoon.table.seen_layouts`).
    """
    facts = _TableFacts()
    stock = _table_stock(rules, dealer, facts, layouts)
    for _ in range(_MAX_ATTEMPTS):
        learned, finished = _table_attempt(rules, dealer, actions, stock, facts)
        if finished or not learned:
            break
        stock = _table_stock(rules, dealer, facts, layouts)
    return stock


@dataclass(slots=True)
class _TableFacts:
    """What the replays have shown of one hand at the four-hand table."""

    #: card id -> the hand (its place as dealt) that played it
    held: dict[int, int] = field(default_factory=dict)
    #: (hand as dealt, suit): the hand showed out of the suit
    void: set[tuple[int, int]] = field(default_factory=set)
    #: twelve and two: card id -> the player who put it in their own hand
    kept: dict[int, int] = field(default_factory=dict)
    #: the Widow: declarer (a seat number), once an attempt reached the end of the auction
    declarer: int | None = None


def _table_attempt(
    rules: RuleSet,
    dealer: Seat,
    actions: Sequence[str | int | None],
    stock: tuple[int, ...],
    facts: _TableFacts,
) -> tuple[bool, bool]:
    """Replay ``actions`` on ``stock``, noting in ``facts`` the hand (as dealt) that plays each
    card, the hands that showed out of a suit and the extra cards the players kept; return
    whether anything new was learned and whether the replay ran through."""
    game = TableGame(rules, seed=0, stocks=[stock], first_dealer=dealer)
    learned = False
    for raw in actions:
        if game.is_over or game.hand_number != 0:
            return learned, True
        try:
            if is_hidden_widow(raw):
                number = hidden_widow_card(game, stock)
            else:
                number = raw if isinstance(raw, int) else game.parse_action(str(raw))
        except HoneymoonError:
            return learned, False
        if rules.widow and game.declarer is not None and game.phase is not Phase.AUCTION:
            declarer = int(game.declarer)
            learned = learned or facts.declarer != declarer
            facts.declarer = declarer
        hand = game.to_play
        if hand is not None and number in CARD_ACTIONS:
            dealt = int(game.dealt_place(hand))
            if facts.held.setdefault(number, dealt) != dealt:
                return learned, False
            # (a semi-exposed dummy holds the card to play only if it lies face up)
            learned = (
                learned
                or number not in _dealt_cards(game, dealt)
                or not game.face_up(hand).mask & CARD_MASK[number]
            )
            suit = _suit_shown_out_of(game, number)
            # (a semi-exposed dummy shows out of its face-up cards only, which its layout,
            # read from the record, places)
            if suit is not None and not (rules.semi_exposed and hand.is_dummy):
                learned = learned or (dealt, suit) not in facts.void
                facts.void.add((dealt, suit))
        elif game.phase is Phase.EXTRA_CARDS and number in CARD_ACTIONS and game.to_act is not None:
            seat = int(game.to_act)
            if facts.kept.setdefault(number, seat) != seat:
                return learned, False
            learned = learned or game.extra_cards(seat).mask & CARD_MASK[number] == 0
        try:
            game.apply(number)
        except IllegalActionError:
            return learned, False
    return learned, True


def _dealt_cards(game: TableGame, dealt: int) -> set[int]:
    # The cards the hand dealt at ``dealt`` held for the play in this replay.
    for place in range(4):
        if int(game.dealt_place(place)) == dealt:
            return {card.id for card in game.dealt(place)}
    return set()


def _table_stock(
    rules: RuleSet,
    dealer: Seat,
    facts: _TableFacts,
    layouts: Mapping[int, Sequence[tuple[int, int]]] | None = None,
) -> tuple[int, ...]:
    """A stock dealing each card played to the hand that played it (with twelve and two, each
    kept extra card to its player's extra places; with semi-exposed dummies, each card of a
    dummy's ``layouts`` to its place), and the other cards where no hand gets a card of a
    suit it showed out of."""
    bins, target, widow_bins = _stock_bins(rules, dealer, facts)
    stock: list[int | None] = [None] * 52
    placed = _place_known_cards(stock, bins, widow_bins, facts, layouts or {})
    _place_other_cards(stock, bins, target, facts, placed)
    return tuple(card for card in stock if card is not None)


def _stock_bins(
    rules: RuleSet, dealer: Seat, facts: _TableFacts
) -> tuple[list[list[int]], list[int], dict[int, int]]:
    """The stock's places in bins as the engine deals them, the hand each bin's cards end up
    in, and (the Widow) the bin of each hand's widow place."""
    # Bins of stock places, as the engine deals them: 0-3 a hand's places (as dealt), then
    # South's and East's extra places (twelve and two), then the widow's (the Widow).
    bins: list[list[int]] = [[] for _ in range(WIDOW_PLACE + 1)]
    for position, place in enumerate(stock_places(rules, dealer)):
        bins[place].append(position)
    # where a card in each bin ends up, for the suits a hand showed out of: an extra card not
    # kept goes to its player's dummy
    dummies = [int(seat.dummy) for seat in Seat]
    target = [0, 1, 2, 3, *dummies, 0]
    widow_bins: dict[int, int] = {}
    if rules.widow:
        # the widow's places, one a bin: for declarer's hand, declarer's dummy, the defender's
        # hand and the defender's dummy, in this order (see hidden_widow_card)
        declarer = facts.declarer if facts.declarer is not None else 0
        roles = (Seat(declarer), Seat(1 - declarer))
        for position, hand in zip(
            bins[WIDOW_PLACE],
            [int(d) for seat in roles for d in (seat.direction, seat.dummy)],
            strict=True,
        ):
            widow_bins[hand] = len(bins)
            bins.append([position])
            target.append(hand)
        bins[WIDOW_PLACE] = []
    return bins, target, widow_bins


def _place_known_cards(
    stock: list[int | None],
    bins: list[list[int]],
    widow_bins: dict[int, int],
    facts: _TableFacts,
    layouts: Mapping[int, Sequence[tuple[int, int]]],
) -> set[int]:
    """Put in ``stock`` each card whose hand is known (kept extra cards, a semi-exposed
    dummy's cards seen face up, the cards played), taking their places from ``bins``; the
    cards placed."""
    placed: set[int] = set()

    def put(card: int, choices: Sequence[int]) -> None:
        for chosen in choices:
            if bins[chosen]:
                stock[bins[chosen].pop(0)] = card
                placed.add(card)
                return

    for card, seat in facts.kept.items():
        put(card, (EXTRA_PLACE + seat,))
    for dummy, places in layouts.items():
        # A semi-exposed dummy's cards seen face up, each in its place of the deal (the
        # engine's dummy_layouts): a face-down card never turned up may be any other card.
        positions = bins[dummy]
        for place, (cover, under) in enumerate(places):
            for card, slot in ((cover, 6 + place), (under, place)):
                if 0 <= card < 52 and card not in placed and slot < len(positions):
                    stock[positions[slot]] = card
                    placed.add(card)
        bins[dummy] = [p for p in positions if stock[p] is None]
    for card, hand in facts.held.items():
        if card not in placed:
            # a dummy's thirteenth card may be its player's other extra card
            owner_bin = EXTRA_PLACE + int(Direction(hand).owner)
            if hand in widow_bins:
                put(card, (hand, widow_bins[hand]))
            else:
                put(card, (hand, owner_bin) if Direction(hand).is_dummy else (hand,))
    return placed


def _place_other_cards(
    stock: list[int | None],
    bins: list[list[int]],
    target: list[int],
    facts: _TableFacts,
    placed: set[int],
) -> None:
    """Put the cards not yet ``placed`` in the places left in ``bins``, none in a hand that
    showed out of its suit (any room will do when no hand may hold it)."""
    spare = [card for card in range(52) if card not in placed]
    room = [len(places) for places in bins]

    def may_hold(card: int) -> list[int]:
        # the bins whose hand may hold the card's suit
        suit = CARD_SUIT[card]
        return [b for b in range(len(bins)) if (target[b], suit) not in facts.void]

    owner = _match(spare, may_hold, room)
    for card in spare:
        if card not in owner:
            # no hand may hold it (a faulty record): any room will do; the replay says why
            chosen = next(b for b in range(len(bins)) if room[b] > 0)
            room[chosen] -= 1
            owner[card] = chosen
    for card, chosen in owner.items():
        stock[bins[chosen].pop(0)] = card
