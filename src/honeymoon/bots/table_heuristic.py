"""The ``medium`` and ``easy`` bots at the four-hand table.

Both read only their seat's :class:`~honeymoon.views.TableView`.

* **Auction**: the seat's side is its own hand and a dummy. The bot fills the places it cannot
  see with the cards it has not seen (:func:`~honeymoon.bots.table_knowledge.sample_deals`)
  and counts the tricks its side would take in each strain with :func:`partnership_tricks`, a
  formula of the two hands' high-card points, the trump fit, ruffing values and the longest
  suit, fitted against the DDS solver. The layouts fit the opponent's calls where they can
  (four cards in each suit it bid, its side near the tricks of its last bid). Its own dummy
  counts as seen when the variant shows it (twelve and two, a semi-exposed dummy's face-up
  cards); in Single Dummy Bridge a declarer takes the dummy that does better on average in the
  strain. The counts, spread by the formula's error, make the trick table of the two-hand
  bidding model, and the call comes from that model
  (:func:`~honeymoon.bots.heuristic.call_values`); it doubles only a contract it expects to
  beat by two and a half tricks.
* **Declarer's choice of dummy** (Single Dummy Bridge): the dummy with the more tricks in the
  contract's strain, the unseen one counted over the layouts.
* **Extra cards** (twelve and two): each card where its suit is shorter, so that both hands
  keep a card of each suit to reach the other, trumps to the hand that can ruff.
* **Play**: third and fourth hand win as cheaply as they safely can, second hand plays low;
  nobody overtakes a partner who holds the trick; ruff with the lowest trump that wins; lead
  the master trumps when the side holds more trumps, cash sure winners, lead the top of a
  sequence, otherwise from length; discard from the longest side suit.

``easy`` counts fewer layouts, never doubles or redoubles, takes the exposed dummy when it
has ten points, places extra cards at random, and plays a random legal card now and then.

>>> from honeymoon.rules import DOUBLE_DUMMY
>>> from honeymoon.table import TableGame
>>> from honeymoon.views import view_for
>>> game = TableGame(DOUBLE_DUMMY, seed=5, first_dealer=0)
>>> view = view_for(game, game.to_act)
>>> TableHeuristicBot(1).act(view) in view.legal_actions
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from honeymoon.actions import TAKE_EXPOSED, TAKE_OTHER, is_card_action
from honeymoon.auction import DOUBLE, PASS, REDOUBLE, AuctionSummary, Call, Contract
from honeymoon.bots.advice import Advice, Candidate, Figures, Reason
from honeymoon.bots.heuristic import (
    _TrickTable,
    best_call,
    call_values,
    high_card_points,
    shown_suits_of,
)
from honeymoon.bots.table_knowledge import Deal4, sample_deals
from honeymoon.cards import CARD_MASK, CARD_SUIT, SUIT_MASKS, Card, Strain, Suit
from honeymoon.game import Phase
from honeymoon.knowledge import Knowledge, knowledge_of
from honeymoon.seats import Direction, Seat
from honeymoon.tricks import beats
from honeymoon.views import TableView

__all__ = [
    "TablePhasedBot",
    "TableHeuristicBot",
    "TableNoviceBot",
    "partnership_tricks",
    "side_hands",
    "auction_trick_tables",
    "auction_layouts",
]

#: Tricks in a trump suit: constant, combined points over 20, trump fit over 7, ruffing value
#: (side-suit shortness of the hand with fewer trumps, at most 3), longest side suit over 7.
#: No trump: constant, points over 20, longest suit over 7, unguarded short suits. Fitted by
#: least squares against DDS on 128 partnerships (64 random deals, both sides; the side
#: declaring from its own hand); the residual error is about 1.2 tricks in a suit, 1.5 at no
#: trump.
SUIT_FIT = (6.96, 0.386, 1.086, 0.15, 0.0)
NOTRUMP_FIT = (6.27, 0.528, 0.2, -0.2)
#: The formula's error: each layout's count is spread over its neighbours by these weights.
_NOISE: tuple[tuple[int, float], ...] = (
    (-2, 0.07),
    (-1, 0.24),
    (0, 0.38),
    (1, 0.24),
    (2, 0.07),
)
#: Tricks the bot expects to beat a contract by before it doubles (more than the two-hand
#: bot's 1.5: it does not see its dummy in the auction).
DOUBLE_MARGIN = 2.5
#: Layouts of the unseen cards per auction (medium, easy).
MEDIUM_SAMPLES = 24
EASY_SAMPLES = 6
#: How often the easy bot plays a random legal card.
EASY_MISTAKE_RATE = 0.12


def _length(mask: int, suit: int) -> int:
    return (mask & SUIT_MASKS[suit]).bit_count()


def partnership_tricks(first: int, second: int) -> tuple[float, float, float, float, float]:
    """The tricks (0–13) a side holding the hands ``first`` and ``second`` may expect to take
    as declarer in each strain (clubs, diamonds, hearts, spades, no trump).

    >>> from honeymoon.cards import CardSet
    >>> strong = CardSet.parse("AKQJ.AKQ.AKQ.AKQ").mask
    >>> weak = CardSet.parse("T987.J32.J32.J32").mask
    >>> [round(t) for t in partnership_tricks(strong, weak)]
    [13, 13, 13, 13, 13]
    """
    points = high_card_points(first) + high_card_points(second)
    lengths_1 = [_length(first, suit) for suit in range(4)]
    lengths_2 = [_length(second, suit) for suit in range(4)]
    totals = [a + b for a, b in zip(lengths_1, lengths_2, strict=True)]
    counts: list[float] = []
    c0, c_points, c_fit, c_ruff, c_side = SUIT_FIT
    for trump in range(4):
        short = lengths_1 if lengths_1[trump] <= lengths_2[trump] else lengths_2
        ruffs = 0
        if short[trump] >= 2:
            ruffs = min(3, sum(max(0, 3 - short[s]) for s in range(4) if s != trump))
        side = max(totals[s] for s in range(4) if s != trump)
        counts.append(
            c0
            + c_points * (points - 20)
            + c_fit * (totals[trump] - 7)
            + c_ruff * ruffs
            + c_side * max(0, side - 7)
        )
    n0, n_points, n_long, n_unguarded = NOTRUMP_FIT
    unguarded = sum(
        1 for suit in range(4) if totals[suit] <= 3 and min(lengths_1[suit], lengths_2[suit]) <= 1
    )
    counts.append(
        n0 + n_points * (points - 20) + n_long * max(0, max(totals) - 7) + n_unguarded * unguarded
    )
    clamped = [min(13.0, max(0.0, count)) for count in counts]
    return (clamped[0], clamped[1], clamped[2], clamped[3], clamped[4])


def side_hands(view: TableView) -> tuple[Direction, tuple[Direction, ...]]:
    """The seat's own hand and the dummies that may be its partner as declarer: its own
    dummy, or in Single Dummy Bridge before declarer's choice either dummy."""
    assert view.seat is not None
    own = view.seat.direction
    if view.exposed_dummy is not None:
        return own, (Direction.NORTH, Direction.WEST)
    return own, (view.seat.dummy,)


#: Layouts drawn per layout kept while looking for one that fits the opponent's calls.
FIT_ATTEMPTS = 6
#: Tricks an opponent's hand (with its dummy as laid out) may fall short of its last bid and
#: still fit it: a player bids before seeing their dummy.
_BID_SLACK = 2.0


def _misfit(
    layout: Deal4, opponent: Seat, shown_suits: Sequence[int], bid: Contract | None
) -> float:
    """How far ``layout`` is from the opponent's calls: four cards of each suit it bid in its
    own hand, and its side close to the tricks of its last bid."""
    own = layout[opponent.direction]
    misfit = sum(max(0, 4 - _length(own, suit)) for suit in shown_suits) * 0.5
    if bid is not None:
        tricks = partnership_tricks(own, layout[opponent.dummy])[int(bid.strain)]
        misfit += max(0.0, bid.tricks_needed - _BID_SLACK - tricks)
    return misfit


def auction_layouts(view: TableView, rng: random.Random, samples: int) -> list[Deal4]:
    """``samples`` layouts of the unseen cards that fit the opponent's calls where they can:
    for each, the best fitting of :data:`FIT_ATTEMPTS` draws (see :func:`_misfit`)."""
    assert view.seat is not None
    knowledge = knowledge_of(view)
    summary = AuctionSummary.read(view.auction, view.first_caller, view.seat)
    opponent = view.seat.other
    shown = shown_suits_of(summary.opponent_calls)
    bid = summary.last_bid_by(int(opponent))
    if not shown and bid is None:
        return sample_deals(knowledge, rng, samples)
    layouts: list[Deal4] = []
    for _ in range(samples):
        best: tuple[float, Deal4] | None = None
        for candidate in sample_deals(knowledge, rng, FIT_ATTEMPTS):
            misfit = _misfit(candidate, opponent, shown, bid)
            if best is None or misfit < best[0]:
                best = (misfit, candidate)
            if misfit == 0:
                break
        assert best is not None
        layouts.append(best[1])
    return layouts


def _side_counts(
    view: TableView, layouts: Sequence[Deal4], defending: bool
) -> list[tuple[float, ...]]:
    """The seat's side's tricks in each strain per layout, with the dummy it would play with:
    its own, or in Single Dummy Bridge, declaring, the one that does better on average in that
    strain (declarer chooses before seeing the other) and, defending, the other one (the
    opponent's declarer takes the better)."""
    own, dummies = side_hands(view)
    options = [[partnership_tricks(layout[own], layout[d]) for layout in layouts] for d in dummies]
    pick = min if defending else max
    chosen = [
        pick(range(len(dummies)), key=lambda i: sum(count[strain] for count in options[i]))
        for strain in range(5)
    ]
    return [
        tuple(options[chosen[strain]][index][strain] for strain in range(5))
        for index in range(len(layouts))
    ]


def _spread(counts: Sequence[tuple[float, ...]]) -> _TrickTable:
    """The trick table of ``counts``, each spread by the formula's error."""
    rows: list[dict[int, float]] = [{} for _ in range(5)]
    share = 1.0 / len(counts)
    for count in counts:
        for strain in range(5):
            rounded = round(count[strain])
            row = rows[strain]
            for offset, weight in _NOISE:
                tricks = min(13, max(0, rounded + offset))
                row[tricks] = row.get(tricks, 0.0) + weight * share
    return _TrickTable(
        tuple(tuple(sorted(row.items())) for row in rows),
        tuple(sum(t * w for t, w in row.items()) for row in rows),
    )


def auction_trick_tables(
    view: TableView, rng: random.Random, samples: int
) -> tuple[_TrickTable, _TrickTable]:
    """The tricks the seat's side expects in each strain as declarer, and as the defenders
    (counted from its side: in Single Dummy Bridge it then plays with the dummy the opponent
    leaves it), over ``samples`` layouts of the unseen cards fitting the opponent's calls
    (:func:`auction_layouts`), each counted by :func:`partnership_tricks` and spread by the
    formula's error. The two-hand bidding model reads them."""
    layouts = auction_layouts(view, rng, samples)
    attack = _spread(_side_counts(view, layouts, defending=False))
    if view.exposed_dummy is None:
        return attack, attack
    return attack, _spread(_side_counts(view, layouts, defending=True))


def _best_so_far(cards: Sequence[int], trump: int) -> int:
    """The index in ``cards`` (card ids in playing order) of the card winning the trick so
    far, with ``trump`` the strain (4: no trump), as :func:`honeymoon.tricks.beats` says.

    >>> _best_so_far([Card.parse("HK").id, Card.parse("HA").id, Card.parse("S2").id], 4)
    1
    >>> _best_so_far([Card.parse("HK").id, Card.parse("HA").id, Card.parse("S2").id], 3)
    2
    """
    best = 0
    for index in range(1, len(cards)):
        if beats(cards[index], cards[best], trump):
            best = index
    return best


def _points(view: TableView) -> int:
    """High-card points of the seat's hand and the dummy it sees, for the reasons."""
    return high_card_points(view.hand.mask | view.dummy.mask)


class TablePhasedBot:
    """A table bot that decides each phase in a method of its own: ``_call`` in the
    auction, ``_choose_dummy``, ``_place_extra``, ``_play``; a phase it does not know gets a
    legal action from ``_other``."""

    name = "table"

    def __init__(self, seed: int | str | None = None) -> None:
        self._rng = random.Random(seed)

    def act(self, view: TableView) -> int:
        """The action :meth:`advise` recommends."""
        return self.advise(view).action

    def advise(self, view: TableView) -> Advice:
        """The recommended action for ``view`` with its reason.

        :raises ValueError: if the view offers no legal action (not this bot's turn).
        """
        if not view.legal_actions or view.seat is None:
            raise ValueError("it is not this bot's turn: the view offers no legal action")
        if len(view.legal_actions) == 1:
            only = view.legal_actions[0]
            card = Card.from_id(only) if is_card_action(only) and view.phase is Phase.PLAY else None
            return Advice(only, Reason.ONLY_CARD if card else Reason.NO_CHOICE, Figures(card=card))
        phase = view.phase
        if phase is Phase.AUCTION:
            return self._call(view)
        if phase is Phase.DUMMY_CHOICE:
            return self._choose_dummy(view)
        if phase is Phase.EXTRA_CARDS:
            return self._place_extra(view)
        if phase is Phase.PLAY:
            return self._play(view)
        # The Widow's phases (RULES.md 8), read by name: the split, then the opening leader.
        if phase.name in ("WIDOW_HAND", "WIDOW_DUMMY"):
            return self._widow(view)
        if phase.name == "LEAD_CHOICE":
            return self._lead_choice(view)
        return self._other(view)

    def _call(self, view: TableView) -> Advice:
        raise NotImplementedError

    def _choose_dummy(self, view: TableView) -> Advice:
        raise NotImplementedError

    def _place_extra(self, view: TableView) -> Advice:
        raise NotImplementedError

    def _play(self, view: TableView) -> Advice:
        raise NotImplementedError

    def _widow(self, view: TableView) -> Advice:
        return self._other(view)

    def _lead_choice(self, view: TableView) -> Advice:
        return self._other(view)

    def _other(self, view: TableView) -> Advice:
        """A phase this bot does not know: a legal action all the same."""
        return Advice(
            self._rng.choice(view.legal_actions), Reason.BOT_CHOICE, Figures(bot=self.name)
        )


class TableHeuristicBot(TablePhasedBot):
    """The ``medium`` level at the table (see the module docstring)."""

    name = "heuristic"
    #: Layouts of the unseen cards per auction decision.
    samples = MEDIUM_SAMPLES
    #: Whether the bot may double and redouble.
    doubles = True

    def __init__(self, seed: int | str | None = None) -> None:
        super().__init__(seed)
        self._table_key: tuple[object, ...] | None = None
        self._tables: tuple[_TrickTable, _TrickTable] | None = None

    # -- auction ----------------------------------------------------------------------------

    def _trick_tables(self, view: TableView) -> tuple[_TrickTable, _TrickTable]:
        """The auction's trick tables (declaring, defending), drawn again when the seat sees
        something new or the auction has moved on."""
        calls = AuctionSummary.read(view.auction, view.first_caller, view.seat)
        key = (view.hand_number, view.hands, view.exposed_dummy, calls)
        if self._table_key != key or self._tables is None:
            self._tables = auction_trick_tables(view, self._rng, self.samples)
            self._table_key = key
        return self._tables

    def _call(self, view: TableView) -> Advice:
        attack, defence = self._trick_tables(view)
        assert view.seat is not None
        me = int(view.seat)
        sheet = view.score_sheet
        legal = list(view.legal_actions)
        current = view.contract
        theirs = current is not None and view.declarer != view.seat
        if DOUBLE in legal and current is not None:
            # A double wants the contract beaten by a margin: the sampled dummies are rough.
            short = current.tricks_needed - (13 - defence.mean[int(current.strain)])
            if not self.doubles or short < DOUBLE_MARGIN:
                legal.remove(DOUBLE)
        if REDOUBLE in legal and not self.doubles:
            legal.remove(REDOUBLE)
        situation = (
            view.contract,
            view.declarer == view.seat,
            (sheet.vulnerable(me), sheet.vulnerable(1 - me)),
            (sheet.progress[me], sheet.progress[1 - me]),
        )
        values, _best_bid = call_values(attack, legal, *situation)
        if theirs and defence is not attack:
            # Passing or doubling the opponent's contract: we defend with the dummy it leaves.
            kept = [action for action in legal if action in (PASS, DOUBLE)]
            values.update(call_values(defence, kept, *situation)[0])
        table = attack
        action = best_call(values)
        compared = sorted(
            (Candidate(call, score=round(value)) for call, value in values.items()),
            key=lambda c: (c.action != action, -(c.score or 0.0)),
        )
        return Advice(action, *_call_reason(view, action, table), tuple(compared))

    # -- declarer's choice of dummy ---------------------------------------------------------

    def _choose_dummy(self, view: TableView) -> Advice:
        assert view.seat is not None and view.contract is not None
        exposed = view.exposed_dummy
        assert exposed is not None
        other = Direction.WEST if exposed is Direction.NORTH else Direction.NORTH
        strain = int(view.contract.strain)
        own = view.seat.direction
        layouts = sample_deals(knowledge_of(view), self._rng, self.samples)
        take = [0.0, 0.0]
        for layout in layouts:
            take[0] += partnership_tricks(layout[own], layout[exposed])[strain] / len(layouts)
            take[1] += partnership_tricks(layout[own], layout[other])[strain] / len(layouts)
        action = TAKE_EXPOSED if take[0] >= take[1] else TAKE_OTHER
        candidates = (
            Candidate(TAKE_EXPOSED, tricks=round(take[0], 2)),
            Candidate(TAKE_OTHER, tricks=round(take[1], 2)),
        )
        best = max(take)
        return Advice(
            action,
            Reason.MOST_TRICKS,
            Figures(tricks=round(best, 2), layouts=len(layouts)),
            candidates if action == TAKE_EXPOSED else candidates[::-1],
        )

    # -- twelve and two: the extra cards ----------------------------------------------------

    def _place_extra(self, view: TableView) -> Advice:
        assert view.seat is not None
        trump = int(view.trump) if view.trump is not None else _contract_strain(view)
        hand, dummy = view.hand.mask, view.dummy.mask
        extra = view.extra_cards.mask

        def balance(card: int) -> float:
            # Each card where its suit is shorter; trumps where they can ruff (the hand
            # shorter in trumps), so the side keeps a way to each hand.
            other = extra & ~CARD_MASK[card]
            mine, theirs = hand | CARD_MASK[card], dummy | other
            score = 0.0
            for suit in range(4):
                gap = abs(_length(mine, suit) - _length(theirs, suit))
                score -= gap * (0.5 if suit == trump else 1.0)
            return score

        legal = view.legal_actions
        scores = {card: balance(card) for card in legal}
        action = max(legal, key=lambda card: (scores[card], -card))
        return Advice(
            action,
            Reason.BEST_HAND,
            Figures(card=Card.from_id(action), value=scores[action]),
            tuple(
                Candidate(card, value=scores[card])
                for card in sorted(legal, key=lambda c: c != action)
            ),
        )

    # -- the Widow ---------------------------------------------------------------------------

    def _widow(self, view: TableView) -> Advice:
        """Declarer keeps the two best of the widow's four (high cards, trumps first) and gives
        the defender the other two: the better kept card to the hand where its suit is
        shorter, then the best of the three left to the dummy."""
        trump = _contract_strain(view)
        legal = sorted(view.legal_actions, key=lambda card: -_card_worth(card, trump))
        if view.phase.name == "WIDOW_DUMMY" or len(legal) < 4:
            card = legal[0]
        else:
            kept = legal[:2]
            hand, dummy = view.hand.mask, view.dummy.mask

            def gap(card: int) -> int:
                other = kept[1] if card == kept[0] else kept[0]
                mine, theirs = hand | CARD_MASK[card], dummy | CARD_MASK[other]
                return sum(abs(_length(mine, s) - _length(theirs, s)) for s in range(4))

            card = min(kept, key=lambda c: (gap(c), -_card_worth(c, trump)))
        return Advice(card, Reason.BEST_HAND, Figures(card=Card.from_id(card)))

    def _lead_choice(self, view: TableView) -> Advice:
        """The defender leads from their own hand (the medium bot does not weigh it)."""
        action = min(view.legal_actions)
        return Advice(action, Reason.BOT_CHOICE, Figures(bot=self.name))

    # -- play -------------------------------------------------------------------------------

    def _play(self, view: TableView) -> Advice:
        return play_card(view)


def _card_worth(card: int, trump: int) -> int:
    """A card's worth to whoever holds it: its rank, and more for a trump."""
    return card % 13 + (13 if CARD_SUIT[card] == trump else 0)


def _contract_strain(view: TableView) -> int:
    return int(view.contract.strain) if view.contract is not None else int(Strain.NOTRUMP)


def _call_reason(view: TableView, action: int, table: _TrickTable) -> tuple[Reason, Figures]:
    current = view.contract
    mean = table.mean
    if action == PASS:
        if current is None:
            return Reason.PASS_WEAK, Figures(points=_points(view))
        if view.declarer == view.seat:
            return Reason.PASS_OWN, Figures(contract=current)
        return Reason.PASS_DEFEND, Figures(contract=current)
    if action == DOUBLE:
        assert current is not None
        margin = current.tricks_needed - (13 - mean[int(current.strain)])
        return Reason.DOUBLE, Figures(contract=current, margin=round(margin, 1))
    if action == REDOUBLE:
        assert current is not None
        return Reason.REDOUBLE, Figures(
            contract=current, tricks=round(mean[int(current.strain)], 1)
        )
    call = Call(action)
    assert call.strain is not None
    tricks = round(mean[int(call.strain)], 1)
    if call.strain is Strain.NOTRUMP:
        return Reason.BID, Figures(call=call, points=_points(view), tricks=tricks)
    suit = int(call.strain)
    return Reason.BID, Figures(
        call=call,
        points=_points(view),
        suit=Suit(suit),
        length=_length(view.hand.mask | view.dummy.mask, suit),
        tricks=tricks,
    )


# -- card play ------------------------------------------------------------------------------


def _possible(view: TableView, knowledge: Knowledge, hand: Direction) -> int:
    """The cards ``hand`` may hold: exactly its cards when seen, else the unseen cards out of
    the suits it showed out of."""
    seen = view.hands[hand]
    if seen is not None and not knowledge.missing[hand]:
        return seen.mask
    known = seen.mask if seen is not None else 0
    return known | knowledge.possible(hand)


def _still_to_play(view: TableView) -> list[Direction]:
    """The hands after the one to play in the current trick."""
    trick = view.current_trick
    played = len(trick.cards) if trick is not None else 0
    order = list(view.order)
    assert view.to_play is not None
    start = order.index(view.to_play)
    return [order[(start + step) % 4] for step in range(1, 4 - played)]


def _safe(card: int, led: int, trump: int, opponents: Sequence[int]) -> bool:
    """True if none of the opponents still to play (their possible cards) can beat ``card``."""
    suit = CARD_SUIT[card]
    for possible in opponents:
        higher = possible & SUIT_MASKS[suit] & ~((CARD_MASK[card] << 1) - 1)
        if higher:
            return False
        # They may ruff if they may be out of the led suit.
        ruff = suit != trump and trump < 4 and possible & SUIT_MASKS[trump]
        if ruff and not possible & SUIT_MASKS[led]:
            return False
    return True


def _lowest(legal: Sequence[int], trump: int, keep: int) -> int:
    """The least useful card: the lowest of the led suit when following, else a discard from
    the longest side suit (never a trump when a side card will do)."""
    suits = {CARD_SUIT[card] for card in legal}
    if len(suits) == 1:
        return min(legal)
    side = [card for card in legal if CARD_SUIT[card] != trump] or list(legal)
    lengths = {suit: _length(keep, suit) for suit in range(4)}
    return min(side, key=lambda card: (-lengths[CARD_SUIT[card]], card % 13))


def play_card(view: TableView) -> Advice:
    """The medium bot's card (see the module docstring)."""
    legal = view.legal_actions
    assert view.to_play is not None and view.seat is not None
    trump = int(view.trump) if view.trump is not None else 4
    knowledge = knowledge_of(view)
    me = view.to_play
    partner = Direction((int(me) + 2) % 4)
    holding = view.hands[me]
    hand = holding.mask if holding is not None else 0
    trick = view.current_trick
    cards = [card.id for card in trick.cards] if trick is not None else []
    later = _still_to_play(view)
    opponents = [_possible(view, knowledge, h) for h in later if h.owner != view.seat]
    if not cards:
        return _lead(view, knowledge, hand, trump)
    led = CARD_SUIT[cards[0]]
    players = list(trick.players) if trick is not None else []
    best = _best_so_far(cards, trump)
    best_card, best_hand = cards[best], players[best]
    if best_hand == partner:
        # Never overtake partner: if its card may be beaten, ours would be too, mostly.
        card = _lowest(legal, trump, hand)
        return Advice(card, Reason.PLAY_LOW, Figures(card=Card.from_id(card)))
    winners = sorted(
        (card for card in legal if beats(card, best_card, trump)),
        key=lambda card: (CARD_SUIT[card] == trump and led != trump, card),
    )
    safe = [card for card in winners if _safe(card, led, trump, opponents)]
    if safe:
        card = safe[0]
        code = Reason.RUFF if CARD_SUIT[card] == trump and led != trump else Reason.WIN_CHEAPLY
        return Advice(card, code, Figures(card=Card.from_id(card)))
    if winners and len(cards) == 2:
        # Third hand high: make the last hand pay for the trick.
        following = [card for card in winners if CARD_SUIT[card] == led]
        if following:
            card = max(following)
            return Advice(card, Reason.WIN_CHEAPLY, Figures(card=Card.from_id(card)))
    card = _lowest(legal, trump, hand)
    return Advice(card, Reason.PLAY_LOW, Figures(card=Card.from_id(card)))


def _lead(view: TableView, knowledge: Knowledge, hand: int, trump: int) -> Advice:
    legal = view.legal_actions
    assert view.seat is not None and view.to_play is not None
    partner = Direction((int(view.to_play) + 2) % 4)
    partner_cards = view.hands[partner]
    ours = hand | (partner_cards.mask if partner_cards is not None else 0)
    theirs = 0
    for direction in Direction:
        if direction.owner != view.seat:
            theirs |= _possible(view, knowledge, direction)
    theirs &= ~knowledge.all_played

    def master(card: int) -> bool:
        suit = CARD_SUIT[card]
        return not theirs & SUIT_MASKS[suit] & ~((CARD_MASK[card] << 1) - 1)

    declaring = view.declarer == view.seat
    if trump < 4 and declaring:
        their_trumps = theirs & SUIT_MASKS[trump]
        trumps = [card for card in legal if CARD_SUIT[card] == trump]
        if their_trumps and trumps and _length(ours, trump) > their_trumps.bit_count():
            top = max(trumps)
            card = top if master(top) else min(trumps)
            return Advice(card, Reason.DRAW_TRUMPS, Figures(card=Card.from_id(card)))
    side_masters = [
        card
        for card in legal
        if master(card)
        and (
            trump == 4
            or CARD_SUIT[card] == trump
            or not declaring
            or not theirs & SUIT_MASKS[trump]
        )
    ]
    if side_masters:
        card = max(side_masters)
        return Advice(card, Reason.CASH, Figures(card=Card.from_id(card)))
    for card in sorted(legal, reverse=True):
        rank = card % 13 + 2
        touching = card - 1 in legal and CARD_SUIT[card - 1] == CARD_SUIT[card]
        if rank >= 10 and touching and (CARD_SUIT[card] != trump or declaring):
            return Advice(card, Reason.LEAD_SEQUENCE, Figures(card=Card.from_id(card)))
    if trump < 4 and not declaring and _length(hand, trump):
        singles = [
            card
            for card in legal
            if CARD_SUIT[card] != trump and _length(hand, CARD_SUIT[card]) == 1
        ]
        if singles:
            card = min(singles)
            return Advice(card, Reason.LEAD_SINGLETON, Figures(card=Card.from_id(card)))
    side = [card for card in legal if CARD_SUIT[card] != trump] or list(legal)
    suit = max({CARD_SUIT[card] for card in side}, key=lambda s: (_length(hand, s), s))
    card = min(card for card in side if CARD_SUIT[card] == suit)
    return Advice(
        card,
        Reason.LEAD_LENGTH,
        Figures(card=Card.from_id(card), suit=Suit(suit), length=_length(hand, suit)),
    )


class TableNoviceBot(TableHeuristicBot):
    """The ``easy`` level at the table: the medium bot's methods with fewer layouts, no
    doubles, simple choices and a random card now and then."""

    name = "novice"
    samples = EASY_SAMPLES
    doubles = False

    def __init__(
        self, seed: int | str | None = None, mistake_rate: float = EASY_MISTAKE_RATE
    ) -> None:
        super().__init__(seed)
        self.mistake_rate = mistake_rate

    def _choose_dummy(self, view: TableView) -> Advice:
        exposed = view.exposed_dummy
        assert exposed is not None
        seen = view.hands[exposed]
        points = high_card_points(seen.mask) if seen is not None else 0
        action = TAKE_EXPOSED if points >= 10 else TAKE_OTHER
        return Advice(action, Reason.BOT_CHOICE, Figures(points=points, bot=self.name))

    def _place_extra(self, view: TableView) -> Advice:
        card = self._rng.choice(view.legal_actions)
        return Advice(card, Reason.WHIM, Figures(card=Card.from_id(card)))

    def _play(self, view: TableView) -> Advice:
        if self._rng.random() < self.mistake_rate:
            card = self._rng.choice(view.legal_actions)
            return Advice(card, Reason.WHIM, Figures(card=Card.from_id(card)))
        return play_card(view)
