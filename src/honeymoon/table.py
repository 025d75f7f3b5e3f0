"""The four-hand table: the variants in which each player has a dummy (RULES.md 5–8).

Two players, South and East, sit side by side; each one's dummy sits opposite them (North is
South's dummy, West is East's: :attr:`Seat.dummy <honeymoon.seats.Seat.dummy>`). The hands are
numbered by :class:`~honeymoon.seats.Direction` (N 0, E 1, S 2, W 3). A hand of Double Dummy
Bridge (RULES.md 5) goes:

1. the deal: four hands of 13 from the hand's stock, one card at a time clockwise, beginning
   with the hand at the dealer's left;
2. the auction between the two players, dealer first (:class:`~honeymoon.auction.Auction`
   decides every call's legality, as in the two-hand game);
3. the play: the hand at declarer's left leads, and four-card tricks go round the table in its
   playing order (:func:`play_order`); each player plays their own hand's cards and their
   dummy's, so :attr:`TableGame.to_act` is a :class:`~honeymoon.seats.Seat` and
   :attr:`TableGame.to_play` the hand (a Direction) whose card it is;
4. rubber scoring of the partnership's tricks (:mod:`honeymoon.scoring`).

Single Dummy Bridge (RULES.md 6) deals the same way with the dealer's dummy face up during the
auction (:attr:`TableGame.exposed_dummy`), and adds a phase between the auction and the play,
``Phase.DUMMY_CHOICE``: declarer takes the exposed dummy or the other one as partner
(:data:`~honeymoon.actions.TAKE_EXPOSED`, :data:`~honeymoon.actions.TAKE_OTHER`). The chosen
dummy sits opposite declarer (the two dummies change places if need be), and the play goes on
as above.

With the option ``twelve_and_two`` of Double Dummy Bridge (RULES.md 5.5) the deal gives 12 cards
to each hand and keeps the last four of the stock; after the auction they go two to each player
(one at a time, the non-dealer first), and in ``Phase.EXTRA_CARDS`` each player, declarer first,
plays the card action of the one they put in their own hand; the other goes to their dummy.

This is a table of its own rather than flags in :class:`~honeymoon.game.Game`: the two-hand
game's hot paths are untouched, and both share the auction, trick and scoring code. Who sees
which hand when is decided, as for every variant, in :func:`honeymoon.views.view_for`.

>>> from honeymoon.rules import DOUBLE_DUMMY
>>> game = TableGame(DOUBLE_DUMMY, seed=3, first_dealer=Seat.SOUTH)
>>> game.phase.name, game.to_act, [len(game.hand_at(d)) for d in Direction]
('AUCTION', <Seat.SOUTH: 0>, [13, 13, 13, 13])
>>> for text in ("1S", "pass"):
...     game.apply(game.parse_action(text))
>>> game.opening_leader, game.to_act  # South declares: West (East's dummy) leads
(<Direction.WEST: 3>, <Seat.EAST: 1>)
"""

from __future__ import annotations

from collections.abc import Sequence

from honeymoon.actions import (
    LEAD_CHOICE_ACTIONS,
    LEAD_DEFENDER,
    LEAD_DEFENDERS_DUMMY,
    TAKE_EXPOSED,
    TAKE_OTHER,
    describe,
)
from honeymoon.auction import Auction
from honeymoon.cards import (
    CARD_MASK,
    CARD_SUIT,
    SUIT_MASKS,
    Card,
    CardSet,
    mask_to_card_ids,
)
from honeymoon.errors import IllegalActionError, NotationError
from honeymoon.game import (
    TABLE_OWN_HANDS,
    EngineBase,
    Phase,
)
from honeymoon.rules import TABLE_VARIANTS, RuleSet
from honeymoon.seats import Direction, Seat
from honeymoon.tricks import next_hands

__all__ = [
    "CLOCKWISE",
    "MIRRORED",
    "TableGame",
    "play_order",
    "opening_leader",
    "stock_places",
    "EXTRA_PLACE",
    "WIDOW_PLACE",
    "LAYOUT_PLACES",
    "dummy_layouts",
    "seen_layouts",
]

#: The table's hands in clockwise order, N E S W: the playing order of RULES.md 5.1.
CLOCKWISE: tuple[int, int, int, int] = (0, 1, 2, 3)
#: N W S E: the playing order when East declares under the clockwise arrangement (RULES.md
#: 5.5), in which East and West change places so that the hands sit clockwise as defender's
#: dummy (North), declarer's dummy (West), defender (South), declarer (East).
MIRRORED: tuple[int, int, int, int] = (0, 3, 2, 1)
_OWNER = (0, 1, 0, 1)
_OWN_HAND = TABLE_OWN_HANDS
_DUMMY = (int(Direction.NORTH), int(Direction.WEST))
_AUCTION = Phase.AUCTION
_CHOICE = Phase.DUMMY_CHOICE
_CHOICES = (TAKE_EXPOSED, TAKE_OTHER)
_EXTRA = Phase.EXTRA_CARDS
_WIDOW_HAND = Phase.WIDOW_HAND
_WIDOW_DUMMY = Phase.WIDOW_DUMMY
_LEAD_CHOICE = Phase.LEAD_CHOICE
#: Twelve and two: the cards dealt before the auction, and the four kept for after it.
_TWELVE_EACH = 48
_PLAY = Phase.PLAY
_COMPLETE = Phase.COMPLETE
_DIRECTIONS = tuple(Direction)


def play_order(rules: RuleSet, declarer: Seat | int) -> tuple[int, int, int, int]:
    """The hands (Direction numbers) in the order they play, once ``declarer`` is known.

    Clockwise, N E S W (RULES.md 5.1); under the clockwise arrangement (``rules.clockwise``)
    East and West change places when East declares, so that the defender's dummy leads.

    >>> from honeymoon.rules import DOUBLE_DUMMY
    >>> clockwise = DOUBLE_DUMMY.with_options(clockwise=True)
    >>> play_order(DOUBLE_DUMMY, Seat.EAST), play_order(clockwise, Seat.EAST)
    ((0, 1, 2, 3), (0, 3, 2, 1))
    """
    return MIRRORED if rules.clockwise and int(declarer) == 1 else CLOCKWISE


def opening_leader(
    rules: RuleSet, declarer: Seat | int, lead_choice: int | None = None
) -> Direction:
    """The hand that makes the opening lead: the hand at declarer's left, the one that plays
    after declarer's own hand (RULES.md 5.4); in the Widow the hand declarer chose,
    ``lead_choice`` (RULES.md 8.4): the defender's own hand (``LEAD_DEFENDER``) or the
    defender's dummy (``LEAD_DEFENDERS_DUMMY``).

    >>> from honeymoon.rules import DOUBLE_DUMMY, WIDOW
    >>> opening_leader(DOUBLE_DUMMY, Seat.SOUTH), opening_leader(DOUBLE_DUMMY, Seat.EAST)
    (<Direction.WEST: 3>, <Direction.SOUTH: 2>)
    >>> opening_leader(WIDOW, Seat.SOUTH, LEAD_DEFENDER)
    <Direction.EAST: 1>
    """
    if lead_choice == LEAD_DEFENDER:
        return _DIRECTIONS[_OWN_HAND[1 - int(declarer)]]
    if lead_choice == LEAD_DEFENDERS_DUMMY:
        return _DIRECTIONS[_DUMMY[1 - int(declarer)]]
    order = play_order(rules, declarer)
    return _DIRECTIONS[next_hands(order)[_OWN_HAND[int(declarer)]]]


#: In :func:`stock_places`, ``EXTRA_PLACE + seat`` marks a player's extra card (twelve and two).
EXTRA_PLACE = 4
#: In :func:`stock_places`, a card of the widow (the Widow).
WIDOW_PLACE = 6


def stock_places(rules: RuleSet, dealer: Seat | int) -> tuple[int, ...]:
    """Where each card of a hand's stock goes, by stock position: the Direction number (0–3)
    of the hand it is dealt to, ``EXTRA_PLACE + seat`` for a player's extra card, or
    ``WIDOW_PLACE`` for a card of the widow.

    The deal is one card at a time clockwise, the hand at the dealer's left first; with twelve
    and two the first 48 cards are dealt so and the last four are the extra cards, given one at
    a time to the players after the auction, the non-dealer first. In the Widow the first 48
    are dealt so and the last four are the widow (RULES.md 8.1, "the last 4 cards").

    >>> from honeymoon.rules import DOUBLE_DUMMY
    >>> stock_places(DOUBLE_DUMMY, Seat.SOUTH)[:5]  # West, North, East, South, West
    (3, 0, 1, 2, 3)
    >>> stock_places(DOUBLE_DUMMY.with_options(twelve_and_two=True), Seat.SOUTH)[48:]
    (5, 4, 5, 4)
    """
    dealer = int(dealer)
    first = (_OWN_HAND[dealer] + 1) % 4
    dealt = _TWELVE_EACH if rules.twelve_and_two or rules.widow else 52
    places = [(first + offset) % 4 for offset in range(dealt)]
    if rules.widow:
        return (*places, *[WIDOW_PLACE] * (52 - dealt))
    players = (1 - dealer, dealer)
    places += [EXTRA_PLACE + players[offset & 1] for offset in range(52 - dealt)]
    return tuple(places)


#: Semi-Exposed Dummies: the places of a dummy's layout (six covered places and the seventh).
LAYOUT_PLACES = 7


def dummy_layouts(
    rules: RuleSet, dealer: Seat | int, stock: Sequence[int]
) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Semi-Exposed Dummies: how each dummy is laid out from the deal, by Direction (empty for
    the players' own hands): per place, (the face-up card, the face-down card under it), the
    seventh place with -1 for no card under it.

    DECISION (seed 003: "the first six cards to the dummies are dealt face downwards in a
    row, the remaining cards, six face upwards on the top of them and one face upwards by
    itself"): a dummy's first six cards, as dealt, are its face-down row; its next six lie
    face up on them in order, the seventh card dealt to it on the first; its last card lies
    face up on its own.

    >>> from honeymoon.rules import SEMI_EXPOSED
    >>> north = dummy_layouts(SEMI_EXPOSED, Seat.SOUTH, range(52))[Direction.NORTH]
    >>> north[0], north[6]  # the deal begins at West: North's cards are 1, 5, 9 ...
    ((25, 1), (49, -1))
    """
    places = stock_places(rules, dealer)
    layouts: list[tuple[tuple[int, int], ...]] = [(), (), (), ()]
    for dummy in _DUMMY:
        dealt = [card for card, place in zip(stock, places, strict=True) if place == dummy]
        row = tuple((dealt[6 + i], dealt[i]) for i in range(LAYOUT_PLACES - 1))
        layouts[dummy] = (*row, (dealt[12], -1))
    return tuple(layouts)


def seen_layouts(
    rules: RuleSet, dealer: Seat | int, stock: Sequence[int], actions: Sequence[int]
) -> dict[int, tuple[tuple[int, int], ...]]:
    """Semi-Exposed Dummies: each dummy's layout (see :func:`dummy_layouts`) as both players
    saw it after ``actions`` (one hand's, dealt from ``stock``): a face-down card is given
    only once it was turned up, -1 otherwise. Public: what a player-safe record writes.
    """
    game = TableGame(rules, seed=0, stocks=[stock], first_dealer=dealer)
    for action in actions:
        if game.hand_number != 0 or game.is_over:
            break
        game.apply(action)
    layouts = dummy_layouts(rules, dealer, stock)
    if game.hand_number != 0 or game.is_over:
        # the hand is over: every card was played, every face-down card turned up
        return {dummy: layouts[dummy] for dummy in _DUMMY}
    return {
        dummy: tuple(
            (cover, under if under >= 0 and not game._face_down[dummy] & CARD_MASK[under] else -1)
            for cover, under in layouts[dummy]
        )
        for dummy in _DUMMY
    }


class TableGame(EngineBase):
    """A rubber of a four-hand variant (each player with a dummy) under ``rules``.

    The parameters are :class:`~honeymoon.game.Game`'s: ``seed`` seeds each hand's shuffle
    and the first dealer; ``stocks`` gives the first hands' stock orders (top card first: the
    first card goes to the hand at the dealer's left, and so on clockwise).

    :raises NotImplementedError: for a variant whose procedure this table does not play.
    """

    __slots__ = (
        "_best_hand",
        "_to_play",
        "_swapped",
        "_extra",
        "_extra_dealt",
        "_places",
        "_face_down",
        "_under",
        "_layouts",
        "_widow",
        "_given",
        "_lead_choice",
    )

    LAST_ACTION = LEAD_DEFENDERS_DUMMY
    _OWN_HANDS = _OWN_HAND
    _auction: Auction
    _deal_masks: tuple[int, ...]

    def _refuse(self, rules: RuleSet) -> None:
        if not rules.four_hands:
            raise NotImplementedError(f"{rules.name} is a two-hand variant: play it with Game")
        if rules.name not in TABLE_VARIANTS:
            raise NotImplementedError(f"the {rules.name} procedure is not implemented yet")

    # -- hand set-up ------------------------------------------------------------------------

    def _deal_hand(self) -> None:
        hands = [0, 0, 0, 0]
        # One card at a time clockwise (as at bridge); twelve and two keeps the last four for
        # after the auction (see stock_places).
        self._places = stock_places(self.rules, self._dealer)
        for card, place in zip(self._stock, self._places, strict=True):
            if place < EXTRA_PLACE:
                hands[place] |= CARD_MASK[card]
        self._extra = [0, 0]
        self._extra_dealt = not (self.rules.twelve_and_two or self.rules.widow)
        # The Widow: the widow's cards, seen by declarer once taken; the two given to the
        # defender; declarer's choice of opening leader.
        self._widow = 0
        self._given = 0
        self._lead_choice: int | None = None
        self._hands = hands
        self._order = CLOCKWISE
        self._next_hand = next_hands(CLOCKWISE)
        self._to_play = self._best_hand = -1
        # Single Dummy Bridge: the dealer's dummy is face up during the auction (RULES.md 6).
        self._exposed = _DUMMY[self._dealer] if self.rules.exposed_dummy else -1
        self._swapped = False
        # Semi-Exposed Dummies: each dummy's layout, and its face-down cards (RULES.md 7).
        self._face_down = [0, 0, 0, 0]
        self._under: dict[int, int] = {}
        self._layouts: tuple[tuple[tuple[int, int], ...], ...] = ((), (), (), ())
        if self.rules.semi_exposed:
            self._lay_out_dummies()
        self._start_auction()

    def _lay_out_dummies(self) -> None:
        layouts = dummy_layouts(self.rules, self._dealer, self._stock)
        for dummy in _DUMMY:
            for cover, under in layouts[dummy]:
                if under >= 0:
                    self._under[cover] = under
                    self._face_down[dummy] |= CARD_MASK[under]
        self._layouts = layouts

    # -- the public state -------------------------------------------------------------------

    @property
    def to_play(self) -> Direction | None:
        """The hand whose card is to be played now; None outside the play."""
        return _DIRECTIONS[self._to_play] if self._phase is _PLAY else None

    @property
    def stock_remaining(self) -> int:
        """Cards left in the stock: none once all 52 are dealt; four during the auction with
        twelve and two."""
        return 0 if self._extra_dealt else 52 - _TWELVE_EACH

    @property
    def order(self) -> tuple[Direction, ...]:
        """The hands in their playing order this hand (clockwise until the auction is over)."""
        return tuple(_DIRECTIONS[hand] for hand in self._order)

    @property
    def exposed_dummy(self) -> Direction | None:
        """Single Dummy Bridge: the place of the dummy dealt face up, the dealer's dummy, until
        declarer's choice of dummy; None once the dummies are placed, and in other variants."""
        if self._exposed < 0 or self._phase is _PLAY or self._phase is _COMPLETE:
            return None
        return _DIRECTIONS[self._exposed]

    @property
    def opening_lead_made(self) -> bool:
        """True once the first card of the play is on the table (the dummies are then turned
        face up, RULES.md 5.4)."""
        return self._phase is _PLAY and bool(self._tricks or self._trick)

    def hand(self, seat: Seat | int) -> CardSet:
        """``seat``'s own hand now. Secret: show it only through a view."""
        return CardSet(self._hands[_OWN_HAND[int(seat)]])

    def extra_cards(self, seat: Seat | int) -> CardSet:
        """Twelve and two: ``seat``'s two extra cards while they wait to be placed (empty
        otherwise). Secret: show it only through a view."""
        return CardSet(self._extra[int(seat)])

    def widow_seen(self, seat: Seat | int) -> CardSet:
        """The Widow: the widow's cards ``seat`` has seen this hand: all four for declarer
        once the auction is over, the two given to the defender for the defender once given;
        empty otherwise (and in other variants). Secret: show it only through a view."""
        if int(seat) == self._declarer:
            return CardSet(self._widow)
        return CardSet(self._given)

    def dummy(self, seat: Seat | int) -> CardSet:
        """``seat``'s dummy now. Secret: show it only through a view."""
        return CardSet(self._hands[_DUMMY[int(seat)]])

    def hand_at(self, direction: Direction | int) -> CardSet:
        """The hand at ``direction`` now. Secret: show it only through a view."""
        return CardSet(self._hands[int(direction)])

    def face_up(self, direction: Direction | int) -> CardSet:
        """The cards of the hand at ``direction`` that lie face up: all of them, except the
        face-down cards of a semi-exposed dummy (RULES.md 7). Secret like the hand itself,
        unless the variant shows them."""
        return CardSet(self._hands[int(direction)] & ~self._face_down[int(direction)])

    def face_down(self, direction: Direction | int) -> CardSet:
        """Semi-Exposed Dummies: the face-down cards of the dummy at ``direction`` (empty for
        any other hand or variant). Secret from everyone: no one may look at them."""
        return CardSet(self._face_down[int(direction)])

    def layout(self, direction: Direction | int) -> tuple[tuple[Card | None, bool], ...]:
        """Semi-Exposed Dummies: the dummy at ``direction`` as it lies on the table, one entry
        per place in its row (six covered places, then the seventh card's): the face-up card
        there (None once it is gone) and whether a face-down card lies there. Public: it
        never names a face-down card. Empty for any other hand or variant.

        >>> from honeymoon.rules import SEMI_EXPOSED
        >>> game = TableGame(SEMI_EXPOSED, seed=2)
        >>> [under for _, under in game.layout(Direction.NORTH)]
        [True, True, True, True, True, True, False]
        """
        hand = self._hands[int(direction)]
        down = self._face_down[int(direction)]
        places: list[tuple[Card | None, bool]] = []
        for cover, under in self._layouts[int(direction)]:
            covered = under >= 0 and bool(down & CARD_MASK[under])
            if hand & CARD_MASK[cover]:
                places.append((Card.from_id(cover), covered))
            elif under >= 0 and not covered and hand & CARD_MASK[under]:
                places.append((Card.from_id(under), False))
            else:
                places.append((None, covered))
        return tuple(places)

    def dealt_place(self, direction: Direction | int) -> Direction:
        """Where the hand now at ``direction`` was dealt: the same place, except for the two
        dummies once they have changed places (Single Dummy Bridge, declarer's choice).

        >>> from honeymoon.rules import DOUBLE_DUMMY
        >>> TableGame(DOUBLE_DUMMY, seed=1).dealt_place(Direction.WEST)
        <Direction.WEST: 3>
        """
        if self._swapped and _DIRECTIONS[int(direction)].is_dummy:
            return _DIRECTIONS[3 - int(direction)]
        return _DIRECTIONS[int(direction)]

    def dealt(self, direction: Direction | int) -> CardSet:
        """The hand at ``direction`` as it was dealt this hand (after declarer's choice of
        dummy, as it was placed for the play). Secret."""
        return CardSet(self._deal_masks[int(direction)])

    # -- actions ----------------------------------------------------------------------------

    def legal_actions(self) -> tuple[int, ...]:
        """The legal actions of the player to act, ascending: in the play, the cards of the
        hand :attr:`to_play` that may be played; empty once the rubber is over."""
        phase = self._phase
        if phase is _PLAY:
            to_play = self._to_play
            hand = self._hands[to_play] & ~self._face_down[to_play]
            led = self._led_suit
            if led >= 0 and hand & SUIT_MASKS[led]:
                hand &= SUIT_MASKS[led]
            return mask_to_card_ids(hand)
        if phase is _AUCTION:
            return self._auction.legal_calls()
        if phase is _CHOICE:
            return _CHOICES
        if phase is _EXTRA or phase is _WIDOW_HAND or phase is _WIDOW_DUMMY:
            return mask_to_card_ids(self._extra[self._to_act])
        if phase is _LEAD_CHOICE:
            return LEAD_CHOICE_ACTIONS
        return ()

    def _playable(self) -> tuple[int, str, tuple[str, str]]:
        # The cards of the hand to play, named for its controller.
        name = self._hand_name()
        to_play = self._to_play
        return self._hands[to_play] & ~self._face_down[to_play], name, (name, "it holds")

    def _where_held(self, where: str) -> str:
        # A semi-exposed dummy plays only its face-up cards; the refusal says so the same way
        # whether the card named lies face down there or is not there at all.
        if self._face_down[self._to_play]:
            return f"a face-up card of {where}"
        return f"in {where}"

    def _validate_phase(self, action: int, phase: Phase) -> None:
        if phase is _CHOICE:
            if action not in _CHOICES:
                raise IllegalActionError(
                    f"{describe(action)} is not possible now: as declarer, choose your dummy "
                    "(take the exposed dummy or the other one)",
                    "wrong_phase",
                )
            return
        if phase is _LEAD_CHOICE:
            if action not in LEAD_CHOICE_ACTIONS:
                raise IllegalActionError(
                    f"{describe(action)} is not possible now: as declarer, choose who makes "
                    "the opening lead (the defender or the defender's dummy)",
                    "wrong_phase",
                )
            return
        # A card of the widow, or of a player's two extra cards, placed.
        if phase is _WIDOW_HAND:
            task = "put one of the widow's cards in your hand"
            cards = "the widow's cards"
        elif phase is _WIDOW_DUMMY:
            task = "put one of the widow's cards left in your dummy (the others go to the defender)"
            cards = "the widow's cards left"
        else:
            task = "put one of your two extra cards in your hand (the other goes to your dummy)"
            cards = "your two extra cards"
        if action >= 52:
            raise IllegalActionError(
                f"{describe(action)} is not possible now: {task}", "wrong_phase"
            )
        if not self._extra[self._to_act] & CARD_MASK[action]:
            raise IllegalActionError(
                f"{describe(action)} is not one of {cards}", "card_not_in_hand"
            )

    def _hand_name(self) -> str:
        # The hand to play, as its controller hears it: "your hand" or "your dummy (North)".
        direction = _DIRECTIONS[self._to_play]
        return f"your dummy ({direction.label})" if direction.is_dummy else "your hand"

    def _carry_out(self, action: int) -> None:
        if self._phase is _PLAY:
            self._play_card(action)
        elif self._phase is _CHOICE:
            self._choose_dummy(action)
        elif self._phase is _EXTRA:
            self._place_extra(action)
        else:
            self._widow_step(action)

    def _parse_phase(self, text: str, phase: Phase) -> int:
        key = text.strip().lower()
        if phase is _CHOICE:
            if key in ("exposed", "take the exposed dummy"):
                return TAKE_EXPOSED
            if key in ("other", "take the other dummy"):
                return TAKE_OTHER
            raise NotationError(
                f"{text!r}: choose your dummy with 'exposed' or 'other'", "bad_action"
            )
        if phase is _LEAD_CHOICE:
            if key in ("defender", "hand", "the defender leads"):
                return LEAD_DEFENDER
            if key in ("dummy", "the defender's dummy leads"):
                return LEAD_DEFENDERS_DUMMY
            raise NotationError(
                f"{text!r}: choose the opening leader with 'defender' or 'dummy'", "bad_action"
            )
        return Card.parse(text).action

    # -- phase handlers (called after validation) -------------------------------------------

    def _after_auction(self) -> None:
        if self._exposed >= 0:
            self._phase = _CHOICE
            self._to_act = self._declarer
        elif not self._extra_dealt:
            self._deal_extra(self._declarer)
        else:
            self._start_play()

    def _widow_step(self, action: int) -> None:
        # The Widow (RULES.md 8.3, 8.4): declarer puts a widow card in their hand, then one in
        # their dummy, the other two going to the defender (placed as extra cards); after the
        # defender, declarer chooses the opening leader.
        self._actions.append(action)
        declarer = self._declarer
        if self._phase is _LEAD_CHOICE:
            self._lead_choice = action
            self._start_play()
            return
        bit = CARD_MASK[action]
        self._extra[declarer] ^= bit
        if self._phase is _WIDOW_HAND:
            self._hands[_OWN_HAND[declarer]] |= bit
            self._phase = _WIDOW_DUMMY
            return
        self._hands[_DUMMY[declarer]] |= bit
        self._given = self._extra[1 - declarer] = self._extra[declarer]
        self._extra[declarer] = 0
        self._phase = _EXTRA
        self._to_act = 1 - declarer

    def _deal_extra(self, declarer: int) -> None:
        # Twelve and two: the last four cards go to the players (see stock_places); then
        # declarer places theirs first. The Widow: declarer takes the widow's four cards.
        for card, place in zip(self._stock, self._places, strict=True):
            if place == WIDOW_PLACE:
                self._extra[declarer] |= CARD_MASK[card]
            elif place >= EXTRA_PLACE:
                self._extra[place - EXTRA_PLACE] |= CARD_MASK[card]
        self._widow = self._extra[declarer] if self.rules.widow else 0
        self._extra_dealt = True
        self._phase = _WIDOW_HAND if self.rules.widow else _EXTRA
        self._to_act = declarer

    def _place_extra(self, action: int) -> None:
        # The card chosen goes to the player's own hand, the other to their dummy.
        seat = self._to_act
        bit = CARD_MASK[action]
        self._hands[_OWN_HAND[seat]] |= bit
        self._hands[_DUMMY[seat]] |= self._extra[seat] ^ bit
        self._extra[seat] = 0
        self._actions.append(action)
        if self._extra[1 - seat]:
            self._to_act = 1 - seat
            return
        hands = self._hands
        self._deal_masks = (hands[0], hands[1], hands[2], hands[3])
        if self.rules.widow:
            self._phase = _LEAD_CHOICE
            self._to_act = self._declarer
            return
        self._start_play()

    def _choose_dummy(self, action: int) -> None:
        # The chosen dummy sits opposite declarer, the other opposite the defender (RULES.md 6).
        self._actions.append(action)
        declarer = self._declarer
        exposed = self._exposed
        chosen = exposed if action == TAKE_EXPOSED else _DUMMY[1 - _OWNER[exposed]]
        if chosen != _DUMMY[declarer]:
            hands = self._hands
            hands[0], hands[3] = hands[3], hands[0]
            self._swapped = True
            masks = self._deal_masks
            self._deal_masks = (masks[3], masks[1], masks[2], masks[0])
        self._start_play()

    def _opening_hand(self) -> int:
        declarer = self._declarer
        self._order = play_order(self.rules, declarer)
        self._next_hand = next_hands(self._order)
        leader = int(opening_leader(self.rules, declarer, self._lead_choice))
        self._to_play = leader
        return leader

    def _play_card(self, action: int) -> None:
        hand = self._to_play
        self._hands[hand] ^= CARD_MASK[action]
        self._actions.append(action)
        trick = self._trick
        trick.append(action)
        if len(trick) == 1:
            self._led_suit = CARD_SUIT[action]
            self._best_card = action
            self._best_hand = hand
        elif self._beats[self._best_card << 6 | action]:
            self._best_card = action
            self._best_hand = hand
        if len(trick) < 4:
            following = self._next_hand[hand]
            self._to_play = following
            self._to_act = _OWNER[following]
            return
        self._complete_trick(self._best_hand)

    def _after_trick(self, winner: int) -> None:
        self._to_play = winner
        if self._under:
            # Semi-Exposed Dummies: a card whose cover was played turns face up now, at the
            # end of the trick (RULES.md 7.3).
            for card in self._tricks[-1][1]:
                under = self._under.get(card)
                if under is not None:
                    bit = ~CARD_MASK[under]
                    for dummy in _DUMMY:
                        self._face_down[dummy] &= bit
        super()._after_trick(winner)

    def _end_rubber(self) -> None:
        self._to_play = -1
        self._widow = self._given = 0
