"""What each hand may hold, given the public history as one seat saw it.

:func:`knowledge_of` reads a seat's view (of any table: two hands by :class:`~honeymoon.seats.Seat`,
four by :class:`~honeymoon.seats.Direction`) into a :class:`Knowledge`: the cards the seat sees
in each hand, how many more each hand holds, the cards known to be in no hand (played, the
seat's own discards, a stock card it sees), the cards whose place it does not know, and the
suits each hand has shown out of while that still binds. Bots sample layouts from it; the
research environment and the record reader replay with the same rule of showing out
(:func:`shown_out_of`) over time.

A show-out binds while the hand cannot have been given a card since: in the play, and in
Memory Bridge's preliminary tricks, which are played without drawing (RULES.md 4.1: "suit
following required, no drawing"); not in Draw Bridge's, where the hand draws after each trick.

>>> from honeymoon import new_game
>>> from honeymoon.rules import DOUBLE_DUMMY
>>> from honeymoon.views import view_for
>>> table = knowledge_of(view_for(new_game(DOUBLE_DUMMY, seed=3, first_dealer=0), 0))
>>> table.missing, table.unseen.bit_count(), table.spare
((13, 13, 0, 13), 39, 0)
>>> two = knowledge_of(view_for(new_game(seed=3, first_dealer=0), 1))
>>> two.missing, two.unseen.bit_count()  # East sees the top card, South holds nothing yet
((0, 0), 51)
"""

from __future__ import annotations

from dataclasses import dataclass

from honeymoon.cards import (
    BRIDGETTE_DECK_MASK,
    CARD_SUIT,
    FIRST_COLON_ID,
    FULL_DECK_MASK,
    SUIT_MASKS,
)
from honeymoon.game import Phase
from honeymoon.rules import PACK_VARIANTS, VARIANTS, Procedure, RuleSet
from honeymoon.tricks import colon_spoils
from honeymoon.views import SeatView, TableTrickView, TableView, TrickView

__all__ = ["Knowledge", "knowledge_of", "shown_out_of", "view_rules"]


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What one seat knows about every hand now; hands by number (a seat, or a direction).

    ``known[h]`` are the cards of hand ``h`` the seat sees, ``missing[h]`` how many more it
    holds; ``unseen`` the cards whose place the seat does not know (in a hand's missing places,
    or in no hand: see :attr:`spare`); ``out`` the cards known to be in no hand; ``voids[h]``
    the suits (a mask of whole suit lanes) hand ``h`` has shown out of, where that still binds;
    ``played[h]`` the cards hand ``h`` played to this deal's tricks.
    """

    known: tuple[int, ...]
    missing: tuple[int, ...]
    unseen: int
    out: int
    voids: tuple[int, ...]
    played: tuple[int, ...]

    @property
    def spare(self) -> int:
        """How many unseen cards are in no hand (the stock, the discards, a widow, another
        player's extra cards)."""
        return self.unseen.bit_count() - sum(self.missing)

    @property
    def is_exact(self) -> bool:
        """True when the seat sees every card of every hand."""
        return not any(self.missing)

    @property
    def all_played(self) -> int:
        """Every card played to this deal's tricks."""
        mask = 0
        for cards in self.played:
            mask |= cards
        return mask

    def possible(self, hand: int) -> int:
        """The unseen cards hand ``hand`` may hold: not of a suit it has shown out of."""
        return self.unseen & ~self.voids[hand]


def view_rules(view: SeatView | TableView) -> RuleSet | None:
    """The rules ``view`` is played by: its own, or those of its variant's name (a view read
    from a message may carry the name only); None for a variant this program does not know."""
    return view.rules or VARIANTS.get(view.variant) or PACK_VARIANTS.get(view.variant)


def shown_out_of(rules: RuleSet | None, phase: Phase, led: int, card: int) -> int | None:
    """The suit (0-3) that playing ``card`` to a trick led with ``led`` (card ids) in ``phase``
    shows its player held none of, or None. Only where suit must be followed (the play, and
    preliminary tricks that require it), by a card of another suit or a Colon that does not
    match the lead (Bridgette: the matching one may be played while able to follow); never
    after a led Colon.

    >>> from honeymoon.rules import DRAW_BRIDGE, MEMORY_BRIDGE
    >>> ace, two, grand, little = 12, 13, 54, 52  # the ace of clubs, the two of diamonds
    >>> [shown_out_of(MEMORY_BRIDGE, Phase.PRELIMINARY, ace, c) for c in (two, grand, little)]
    [0, None, 0]
    >>> shown_out_of(DRAW_BRIDGE, Phase.PRELIMINARY, ace, two) is None
    True
    """
    follows = phase is Phase.PLAY or (
        phase is Phase.PRELIMINARY and rules is not None and rules.preliminary_follows_suit
    )
    if not follows or led >= FIRST_COLON_ID or led == card:
        return None
    if card >= FIRST_COLON_ID:
        return None if colon_spoils(led, card) else CARD_SUIT[led]
    return None if CARD_SUIT[card] == CARD_SUIT[led] else CARD_SUIT[led]


def knowledge_of(view: SeatView | TableView) -> Knowledge:
    """What ``view``'s seat knows of every hand now (see :class:`Knowledge`).

    At the four-hand table only a hand the seat does not see at all shows a void (a
    semi-exposed dummy's face-down cards do not count for following suit). In Bridgette the
    upcard is not out of play (non-dealer took it).
    """
    rules = view_rules(view)
    colons = rules is not None and rules.colons
    out = 0
    in_tricks = isinstance(view, TableView) or view.phase in (Phase.PLAY, Phase.PRELIMINARY)
    if isinstance(view, TableView):
        known = [cards.mask if cards is not None else 0 for cards in view.hands]
        shows = [cards is None for cards in view.hands]
        out = view.extra_cards.mask
    else:
        known = [0, 0]
        if view.seat is not None:
            known[view.seat] = view.hand.mask
        shows = [seat != view.seat for seat in range(2)]
        for finished in view.preliminary_tricks:
            out |= sum(card.mask for card in finished.cards)
        for shown in (view.discards, None if colons else view.face_up, view.looking_at):
            if shown is not None:  # the seat's discards, a stock card it sees: in no hand
                out |= shown.mask
    tricks: list[TrickView | TableTrickView] = list(view.tricks) if in_tricks else []
    if in_tricks and view.current_trick is not None and view.current_trick.cards:
        tricks.append(view.current_trick)
    # A show-out binds while no card can have reached the hand since (see above).
    memory = rules is not None and rules.procedure is Procedure.MEMORY
    binding = view.phase is Phase.PLAY or (view.phase is Phase.PRELIMINARY and memory)
    voids = [0] * len(known)
    played = [0] * len(known)
    for trick in tricks:
        led = trick.cards[0].id
        for hand, card in zip(trick.players, trick.cards, strict=True):
            out |= card.mask
            played[hand] |= card.mask
            suit = shown_out_of(rules, view.phase, led, card.id) if binding else None
            if suit is not None and shows[hand]:
                voids[hand] |= SUIT_MASKS[suit]
    seen = out
    for mask in known:
        seen |= mask
    missing = tuple(
        max(0, size - mask.bit_count()) for size, mask in zip(view.hand_sizes, known, strict=True)
    )
    deck = BRIDGETTE_DECK_MASK if colons else FULL_DECK_MASK
    return Knowledge(tuple(known), missing, deck & ~seen, out, tuple(voids), tuple(played))
