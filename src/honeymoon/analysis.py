"""Learning from each hand: the double-dummy table, par, the cost of every card, the drawing.

For a whole rubber (a :class:`~honeymoon.game.Game` or a loaded
:class:`~honeymoon.records.GameRecord`) or one hand of it, this module works out, with the
two-hand solver and every card in view:

* the **double-dummy table** of the two hands as they were when the auction began (in
  Bridgette, after the exchange): the tricks either player takes as declarer in each of the
  five strains, with either player on lead; at the four-hand table, of the four hands as the
  play began, each side declaring with the opening lead the rules give (in the Widow,
  declarer's better choice of leader), solved by DDS (:mod:`honeymoon.bots.dds`);
* the **par** contract and its score under the hand's vulnerability and the state of the rubber
  (every score from :mod:`honeymoon.scoring`, see :func:`par`);
* for every card played, the tricks it **cost** against best play from that point, with a
  better card named (0 for most cards);
* the **drawing** (Draw and Discard Bridge): the double-dummy worth of each player's final hand,
  and the hand the strongest bot's drawing policy would have drawn from the same stock.

Everything is read from the engine's hand logs (:meth:`Game.hand_log
<honeymoon.game.Game.hand_log>`); no rule is worked out again here. The solver is the one of the
game's rules (:func:`~honeymoon.double_dummy.double_dummy`): in Bridgette, the one that knows
the Colons, given the bar on the lead after a spoiling Colon; at the four-hand table, DDS
through endplay (the ``dds`` extra), with Semi-Exposed Dummies' play judged from the first
trick with no card face down (which no double-dummy solver knows). The results are frozen
dataclasses with ``to_dict()`` for JSON. ``docs/analysis.md`` says what each figure means and
does not mean.

>>> from honeymoon.game import Game
>>> game = Game(seed=3, first_dealer=0)
>>> import random
>>> rng = random.Random(0)
>>> while game.hand_number == 0:
...     game.apply(rng.choice(game.legal_actions()))
>>> hand = analyze_hand(game, 0, drawing=False)
>>> hand.table is not None and 0 <= hand.table.tricks(0, 4) <= 13
True

Nothing in the core imports this module.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from honeymoon.actions import KEEP, LEAD_CHOICE_ACTIONS
from honeymoon.auction import Contract
from honeymoon.cards import FIRST_COLON_ID, Card, CardSet, Strain
from honeymoon.double_dummy import double_dummy
from honeymoon.engines import Engine, new_game
from honeymoon.errors import HoneymoonError
from honeymoon.game import Game, HandLog, HandResult, Phase, PreliminaryResult
from honeymoon.records import GameRecord
from honeymoon.rules import Procedure, RuleSet
from honeymoon.scoring import HandScore, ScoreSheet, honours_bonus, score_contract, score_deal
from honeymoon.seats import SEATS, Direction, Seat
from honeymoon.table import TableGame, opening_leader, play_order
from honeymoon.tricks import Trick, colon_spoils

__all__ = [
    "AnalysisError",
    "PAR_DENOMINATION_ORDER",
    "TrickTable",
    "ContractOutcome",
    "Par",
    "CardCost",
    "PlayAnalysis",
    "DrawTurn",
    "HandWorth",
    "DrawingAnalysis",
    "HandAnalysis",
    "GameAnalysis",
    "trick_table",
    "par",
    "analyze_tricks",
    "analyze_hand",
    "analyze_game",
    "DRAWING_BOT",
]

#: The level whose bot's drawing policy the drawing analysis compares with (the strongest).
DRAWING_BOT = "hard"

_STRAINS = tuple(Strain)
_DIRECTIONS = tuple(Direction)
_BIDS = tuple(Contract(level, strain) for level in range(1, 8) for strain in _STRAINS)


class AnalysisError(HoneymoonError, ValueError):
    """A request the analysis cannot answer: a hand that does not exist, say (code
    ``hand_out_of_range``)."""

    code = "analysis_error"


# -- the double-dummy table ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TrickTable:
    """The double-dummy tricks of a deal in every strain: two 13-card hands (South's, East's)
    with either player on lead, or the four hands of the table (by Direction) with each side
    declaring.

    ``leader_tricks[strain][leader]`` is what the side on lead takes with best play by both;
    the other side takes the rest. At the four-hand table the opening lead is the one the rules
    give when the other side declares (in the Widow, the one declarer would choose).
    :meth:`tricks` reads it for a declarer.
    """

    hands: tuple[CardSet, ...]
    leader_tricks: tuple[tuple[int, int], ...]

    @property
    def four_hands(self) -> bool:
        """True for the four hands of the table."""
        return len(self.hands) == 4

    def tricks(
        self, declarer: Seat | int, strain: Strain | int, leader: Seat | int | None = None
    ) -> int:
        """Tricks ``declarer`` takes in ``strain``; the opponent leads unless ``leader`` says
        otherwise (in a contract, declarer's opponent leads)."""
        declarer = int(declarer)
        on_lead = 1 - declarer if leader is None else int(leader)
        if on_lead == declarer and self.four_hands:
            raise ValueError("at the four-hand table the side of declarer does not lead")
        taken = self.leader_tricks[int(strain)][on_lead]
        return taken if on_lead == declarer else 13 - taken

    def makeable_level(self, declarer: Seat | int, strain: Strain | int) -> int:
        """The highest level ``declarer`` makes in ``strain`` (opponent leading), 0 if none."""
        return max(0, self.tricks(declarer, strain) - 6)

    def to_dict(self) -> dict[str, Any]:
        """``{"south": {"C": {"east_leads": 7, "south_leads": 8}, …}, "east": {…}}`` (at the
        four-hand table only the other side leads)."""
        return {
            seat.key: {
                strain.letter: {
                    f"{leader.key}_leads": self.tricks(seat, strain, leader)
                    for leader in SEATS
                    if leader is not seat or not self.four_hands
                }
                for strain in _STRAINS
            }
            for seat in SEATS
        }


def trick_table(*hands: CardSet | int, rules: RuleSet | None = None) -> TrickTable:
    """Solve the ten positions (five strains, either side on lead) of a deal: South's and
    East's hands, with the solver of ``rules`` (the 52-card one when None; Bridgette's knows
    the Colons); or the four hands of the table by Direction, by DDS, with the opening lead of
    ``rules`` (a four-hand rule set).

    :raises SolverInputError: if a card is in both hands or the hands differ in length.
    :raises DDSMissingError: for four hands without ``endplay`` installed.
    """
    masks = tuple(hand.mask if isinstance(hand, CardSet) else hand for hand in hands)
    if len(masks) == 4:
        assert rules is not None and rules.four_hands
        return _table_trick_table(masks, rules)
    tricks = double_dummy(rules).tricks
    rows = tuple(
        (tricks(masks[0], masks[1], strain, -1, -1), tricks(masks[1], masks[0], strain, -1, -1))
        for strain in range(5)
    )
    return TrickTable((CardSet(masks[0]), CardSet(masks[1])), rows)


def _table_trick_table(masks: tuple[int, ...], rules: RuleSet) -> TrickTable:
    # Each side declaring in each strain, the other side on lead as the rules give it (in the
    # Widow declarer chooses which defending hand leads: the one that leaves it most tricks).
    from honeymoon.bots.dds import Position, best_defence

    choices: tuple[int | None, ...] = LEAD_CHOICE_ACTIONS if rules.widow else (None,)
    positions = [
        Position(
            (masks[0], masks[1], masks[2], masks[3]),
            play_order(rules, declarer),
            int(opening_leader(rules, declarer, choice)),
            (),
            strain,
        )
        for strain in range(5)
        for declarer in (0, 1)
        for choice in choices
    ]
    defence = iter(best_defence(positions))
    rows = []
    for _strain in range(5):
        # South declaring: East's side leads; then East declaring: South's side leads.
        east, south = (min(next(defence) for _ in choices) for _declarer in (0, 1))
        rows.append((south, east))
    return TrickTable(tuple(CardSet(mask) for mask in masks), tuple(rows))


# -- par ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ContractOutcome:
    """A contract played double dummy: it makes ``tricks`` of 13; ``contract`` is doubled
    when it fails (the opponent doubles exactly the contracts that fail).

    ``points`` is what each player writes on the score sheet for this hand (South's, East's),
    rubber bonus and honours included; ``wins_game`` and ``wins_rubber`` say what the hand does
    to the rubber.
    """

    contract: Contract
    declarer: Seat
    tricks: int
    score: HandScore
    points: tuple[int, int]
    wins_game: bool
    wins_rubber: bool

    @property
    def made(self) -> bool:
        """True if declarer takes the tricks the contract needs."""
        return self.tricks >= self.contract.tricks_needed

    def net(self, seat: Seat | int) -> int:
        """``seat``'s points minus the opponent's."""
        return self.points[int(seat)] - self.points[1 - int(seat)]

    def describe(self) -> str:
        """``East 4♠, 10 tricks: East +620`` or ``South 5♥X, 8 tricks: South −500``: the
        figure is declarer's points less the opponent's, and says so by naming declarer."""
        signed = self.net(self.declarer)
        return (
            f"{self.declarer} {self.contract}, {self.tricks} tricks: "
            f"{self.declarer} {'+' if signed >= 0 else '−'}{abs(signed)}"
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "contract": self.contract.pbn,
            "declarer": self.declarer.key,
            "tricks": self.tricks,
            "made": self.made,
            "declarer_below": self.score.declarer_below,
            "declarer_above": self.score.declarer_above,
            "defender_above": self.score.defender_above,
            "points": {seat.key: self.points[seat] for seat in SEATS},
            "wins_game": self.wins_game,
            "wins_rubber": self.wins_rubber,
        }


@dataclass(frozen=True, slots=True)
class Par:
    """The par of a deal: the contract two players seeing both hands would end in.

    ``outcome`` is None when par is to pass the hand out; ``own_best`` is each player's best
    making contract had the opponent no say. See :func:`par` for the definition.
    """

    outcome: ContractOutcome | None
    first_caller: Seat
    vulnerable: tuple[bool, bool]
    own_best: tuple[ContractOutcome | None, ContractOutcome | None]

    @property
    def points(self) -> tuple[int, int]:
        """Each player's points for the hand at par (0, 0 when passed out)."""
        return self.outcome.points if self.outcome is not None else (0, 0)

    def net(self, seat: Seat | int) -> int:
        """``seat``'s points minus the opponent's at par."""
        return self.outcome.net(seat) if self.outcome is not None else 0

    @property
    def is_sacrifice(self) -> bool:
        """True if par is a contract that fails (doubled) because the opponent's would cost
        more."""
        return self.outcome is not None and not self.outcome.made

    def describe(self) -> str:
        """``East 4♠, 10 tricks: East +620`` or ``pass the hand out``."""
        if self.outcome is None:
            return "pass the hand out"
        text = self.outcome.describe()
        return text + " (a sacrifice)" if self.is_sacrifice else text

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "contract": None if self.outcome is None else self.outcome.to_dict(),
            "sacrifice": self.is_sacrifice,
            "points": {seat.key: self.points[seat] for seat in SEATS},
            "first_caller": self.first_caller.key,
            "vulnerable": {seat.key: self.vulnerable[seat] for seat in SEATS},
            "own_best": {
                seat.key: None if best is None else best.to_dict()
                for seat, best in zip(SEATS, self.own_best, strict=True)
            },
        }


# A contract's worth from South's side, compared as a tuple: net points on the sheet, then net
# games won, then the net part score toward the next game (so on equal points a game beats a
# part score, and a larger part score a smaller one).
_Value = tuple[int, int, int]
_PASSED_OUT: _Value = (0, 0, 0)


def _outcome(
    table: TrickTable,
    sheet: ScoreSheet,
    hand_number: int,
    bid: Contract,
    declarer: int,
    honours: tuple[tuple[int, int], ...] | None,
) -> tuple[ContractOutcome, _Value]:
    tricks = table.tricks(declarer, bid.strain)
    contract = bid if tricks >= bid.tricks_needed else Contract(bid.level, bid.strain, 1)
    # A match of deals scored one by one (Bridgette's six) scores each as the engine does.
    scorer = score_deal if sheet.match_deals else score_contract
    score = scorer(contract, tricks, sheet.vulnerable(declarer))
    extra = (0, 0) if honours is None else honours[int(bid.strain)]
    after = sheet.add_hand(hand_number, declarer, score, extra)
    points = [0, 0]
    for entry in after.entries[len(sheet.entries) :]:
        points[entry.seat] += entry.points
    games = (after.games[0] - sheet.games[0], after.games[1] - sheet.games[1])
    outcome = ContractOutcome(
        contract,
        SEATS[declarer],
        tricks,
        score,
        (points[0], points[1]),
        games[declarer] > 0,
        after.rubber_winner is not None,
    )
    progress = after.progress[0] - after.progress[1]
    return outcome, (points[0] - points[1], games[0] - games[1], progress)


#: The denomination order par calculations list equal results in (the double-dummy solvers'
#: order): spades, hearts, diamonds, clubs, then notrump.
PAR_DENOMINATION_ORDER = (
    Strain.SPADES,
    Strain.HEARTS,
    Strain.DIAMONDS,
    Strain.CLUBS,
    Strain.NOTRUMP,
)


def _tie_key(outcome: ContractOutcome) -> tuple[int, int, int]:
    # Between lines of equal worth, the smaller key is par: the contract declarer makes with
    # the most to spare or fails by the least (so, of contracts that make, the lowest), then
    # the denomination order of par calculations (so, of sacrifices that cost the same, one in
    # a suit before one in notrump), then the lowest level.
    margin = outcome.tricks - outcome.contract.tricks_needed
    strain = outcome.contract.strain
    return (-margin, PAR_DENOMINATION_ORDER.index(strain), outcome.contract.level)


def _better(value: _Value, than: _Value, mover: int) -> bool:
    # South (0) wants the largest value, East (1) the smallest.
    return value > than if mover == 0 else value < than


def par(
    table: TrickTable,
    sheet: ScoreSheet,
    *,
    hand_number: int,
    first_caller: Seat | int,
    honours: bool = False,
) -> Par:
    """The par of the deal in ``table`` with the rubber at ``sheet`` (before the hand).

    Par is the end of the auction two players would reach if both saw both hands and bid
    perfectly for points: each call is a pass or a higher bid (starting with ``first_caller``,
    then in turn, a bid followed by the opponent's pass ending it as in the game); a contract
    is then played double dummy, the opponent on lead, and scored by
    :func:`~honeymoon.scoring.score_contract` (:func:`~honeymoon.scoring.score_deal` in a
    match of deals scored one by one) under declarer's actual vulnerability: doubled if
    it fails (the opponent doubles exactly those), undoubled if it makes. A contract's worth is
    what the hand writes on the score sheet (:meth:`ScoreSheet.add_hand
    <honeymoon.scoring.ScoreSheet.add_hand>`, the rubber bonus if it ends the rubber and, with
    ``honours``, the honours of both hands included), the player's points minus the opponent's;
    on equal points a contract that wins a game counts for more, then one that leaves the larger
    part score toward the next game. Each player bids to make that worth as large as it can
    for itself, answering every bid with the opponent's best answer; so par is the best
    contract the side with the better cards can make, unless the opponent's best sacrifice
    costs it less, and so on. Among equally good calls the pass is taken; among equally good
    bids, the one whose line ends in the contract declarer makes with the most tricks to
    spare, or fails by the fewest (of contracts that make, the lowest: 3NT before 5♦ when
    both win a game), then in the denomination order of par calculations, ♠ ♥ ♦ ♣ NT (of
    sacrifices that cost the same, 5♦ doubled before 4NT doubled), then the lowest level.

    >>> from honeymoon.cards import CardSet
    >>> south = CardSet.parse("♠AKQJ ♥AKQJ ♦AKQJ ♣A")
    >>> table = trick_table(south, CardSet.parse("♠5432 ♥5432 ♦5432 ♣2"))
    >>> par(table, ScoreSheet(), hand_number=0, first_caller=0).describe()
    'South 7NT, 13 tricks: South +1220'
    """
    bonus = _honours_by_strain(table) if honours else None
    outcomes, finals = _every_outcome(table, sheet, hand_number, bonus)
    answer, best_from = _best_answers(outcomes, finals)
    first = int(first_caller)
    bidder, bid = _opening_bid(best_from, first)
    # Follow the answers to the end of the auction.
    while bid >= 0 and answer[bidder][bid] >= 0:
        bidder, bid = 1 - bidder, answer[bidder][bid]
    final = outcomes[bidder][bid] if bid >= 0 else None
    own_best = _own_best(outcomes, finals)
    return Par(
        final,
        SEATS[first],
        (sheet.vulnerable(0), sheet.vulnerable(1)),
        own_best,
    )


def _honours_by_strain(table: TrickTable) -> tuple[tuple[int, int], ...]:
    """The honours each side holds in each strain (indexed by strain, then by South, East)."""
    # Honours held in any one hand count for the side that holds it (at the table, a hand
    # belongs to the side of its Direction's owner: N and S to South, E and W to East).
    sides = [0, 1] if not table.four_hands else [int(d.owner) for d in Direction]

    def held(strain: Strain, seat: int) -> int:
        return sum(
            honours_bonus(hand.mask, strain)
            for hand, side in zip(table.hands, sides, strict=True)
            if side == seat
        )

    return tuple((held(strain, 0), held(strain, 1)) for strain in _STRAINS)


def _every_outcome(
    table: TrickTable,
    sheet: ScoreSheet,
    hand_number: int,
    bonus: tuple[tuple[int, int], ...] | None,
) -> tuple[list[list[ContractOutcome]], list[list[_Value]]]:
    """Every bid's outcome and worth with each player declaring (indexed by declarer, bid)."""
    outcomes: list[list[ContractOutcome]] = [[], []]
    finals: list[list[_Value]] = [[], []]
    for declarer in (0, 1):
        for contract in _BIDS:
            outcome, worth = _outcome(table, sheet, hand_number, contract, declarer, bonus)
            outcomes[declarer].append(outcome)
            finals[declarer].append(worth)
    return outcomes, finals


def _best_answers(
    outcomes: list[list[ContractOutcome]], finals: list[list[_Value]]
) -> tuple[list[list[int]], list[list[tuple[int, _Value]]]]:
    """The best answer to every bid and each player's best bid from every bid up, worked
    back from 7NT."""
    count = len(_BIDS)
    # value[d][b]: the result when ``d`` has just bid ``b`` and the opponent is to call;
    # answer[d][b]: the opponent's call then (-1 for pass, else its bid).
    value = [[_PASSED_OUT] * count, [_PASSED_OUT] * count]
    answer = [[-1] * count, [-1] * count]
    # ending[d][b]: the tie key of the contract the auction ends in once ``d`` has bid ``b``.
    ending: list[list[tuple[int, int, int]]] = [[(0, 0, 0)] * count, [(0, 0, 0)] * count]
    # best_from[m][b]: mover m's best bid among b, b+1, … (ties by the key) and its value.
    best_from: list[list[tuple[int, _Value]]] = [[(-1, _PASSED_OUT)] * (count + 1) for _ in (0, 1)]
    for bid in range(count - 1, -1, -1):
        for declarer in (0, 1):
            mover = 1 - declarer
            best_value, best_call = finals[declarer][bid], -1
            raise_bid, raise_value = best_from[mover][bid + 1]
            if raise_bid >= 0 and _better(raise_value, best_value, mover):
                best_value, best_call = raise_value, raise_bid
            value[declarer][bid] = best_value
            answer[declarer][bid] = best_call
            ending[declarer][bid] = (
                _tie_key(outcomes[declarer][bid]) if best_call < 0 else ending[mover][best_call]
            )
        for mover in (0, 1):
            later = best_from[mover][bid + 1]
            here = (bid, value[mover][bid])
            keep_later = later[0] >= 0 and (
                _better(later[1], here[1], mover)
                or (later[1] == here[1] and ending[mover][later[0]] < ending[mover][bid])
            )
            best_from[mover][bid] = later if keep_later else here
    return answer, best_from


def _opening_bid(best_from: list[list[tuple[int, _Value]]], first: int) -> tuple[int, int]:
    """The first bid of the par auction and its bidder, or (-1, -1) when it is passed out."""
    second = 1 - first
    # The second caller after the first caller's pass: pass it out, or bid.
    second_bid, second_value = best_from[second][0]
    if not _better(second_value, _PASSED_OUT, second):
        second_bid, second_value = -1, _PASSED_OUT
    first_bid, first_value = best_from[first][0]
    if not _better(first_value, second_value, first):
        first_bid = -1
    if first_bid >= 0:
        return first, first_bid
    if second_bid >= 0:
        return second, second_bid
    return -1, -1


def _own_best(
    outcomes: list[list[ContractOutcome]], finals: list[list[_Value]]
) -> tuple[ContractOutcome | None, ContractOutcome | None]:
    """Each player's most valuable contract that makes, or None if none does."""
    own_best: list[ContractOutcome | None] = [None, None]
    for seat in (0, 1):
        chosen = -1
        for index, made in enumerate(outcomes[seat]):
            if made.made and (
                chosen < 0 or _better(finals[seat][index], finals[seat][chosen], seat)
            ):
                chosen = index
        if chosen >= 0:
            own_best[seat] = outcomes[seat][chosen]
    return own_best[0], own_best[1]


# -- the cost of each card -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardCost:
    """One card played, judged double dummy from the position before it.

    ``cost`` is the tricks the player lost by it against best play from that point (0 for a
    card as good as any); ``best_cards`` are the cards that keep the most, ``better`` the one
    named (None when the card cost nothing): a best card of the same suit if there is one, else
    the lowest best card. ``expected`` is each player's tricks in the hand (those already won
    included) with best play by both from the position before the card. At the four-hand
    table ``seat`` is the side and ``hand`` the hand (Direction) the card came from (None at
    the two-hand table).
    """

    trick: int
    seat: Seat
    card: Card
    cost: int
    best_cards: tuple[Card, ...]
    better: Card | None
    expected: tuple[int, int]
    hand: Direction | None = None

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "trick": self.trick,
            "seat": self.seat.key,
            "card": self.card.pbn,
            "cost": self.cost,
            "better": None if self.better is None else self.better.pbn,
            "best_cards": [card.pbn for card in self.best_cards],
            "expected": {seat.key: self.expected[seat] for seat in SEATS},
            "hand": None if self.hand is None else self.hand.name.lower(),
        }


@dataclass(frozen=True, slots=True)
class PlayAnalysis:
    """The tricks of a hand, card by card.

    ``start`` is each player's tricks with best play by both from the first lead, ``taken``
    the tricks each won in the tricks played (an unfinished hand counts those complete),
    ``lost`` the tricks each gave away by its own cards (the sum of its costs). With every trick
    played, ``taken[s] == start[s] - lost[s] + lost[other]``: a mistake moves the double-dummy
    result by exactly its cost.
    """

    trump: Strain
    cards: tuple[CardCost, ...]
    start: tuple[int, int]
    taken: tuple[int, int]
    lost: tuple[int, int]
    complete: bool

    @property
    def costly(self) -> tuple[CardCost, ...]:
        """The cards that cost a trick or more."""
        return tuple(card for card in self.cards if card.cost)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "trump": self.trump.letter,
            "start": {seat.key: self.start[seat] for seat in SEATS},
            "taken": {seat.key: self.taken[seat] for seat in SEATS},
            "lost": {seat.key: self.lost[seat] for seat in SEATS},
            "complete": self.complete,
            "cards": [card.to_dict() for card in self.cards],
        }


def _better_card(best: Sequence[int], played: int) -> int:
    # A best card of the played card's suit if any (a Colon for a Colon), else the
    # lowest-ranked best card, a suited card before a Colon.
    suit = played // 13
    return min(
        best, key=lambda card: (card // 13 != suit, card >= FIRST_COLON_ID, card % 13, card // 13)
    )


def _judged(
    number: int,
    hand: int,
    card: Card,
    values: dict[int, int],
    won: Sequence[int],
    remaining: int,
    four_hands: bool,
) -> CardCost:
    # One card judged from the worth of each card its hand might have played then.
    seat = _DIRECTIONS[hand].owner if four_hands else SEATS[hand]
    best = max(values.values())
    expected = [0, 0]
    expected[seat] = won[seat] + best
    expected[1 - seat] = won[1 - seat] + remaining - best
    played = card.id
    cost = best - values[played]
    best_ids = sorted(c for c, v in values.items() if v == best)
    return CardCost(
        number,
        seat,
        card,
        cost,
        tuple(Card.from_id(c) for c in best_ids),
        Card.from_id(_better_card(best_ids, played)) if cost else None,
        (expected[0], expected[1]),
        _DIRECTIONS[hand] if four_hands else None,
    )


def analyze_tricks(
    hands: tuple[CardSet, ...],
    trump: Strain | int,
    tricks: Sequence[Trick],
    leader: Seat | Direction | int = Seat.SOUTH,
    *,
    rules: RuleSet | None = None,
    first_open: int = 0,
) -> PlayAnalysis:
    """Judge every card of ``tricks`` (as the engine logged them), played from ``hands``.

    :param hands: South's and East's cards before the first trick; or at the four-hand table
        the four hands by Direction (solved by DDS; the tricks carry their playing order).
    :param trump: the strain (4 or ``Strain.NOTRUMP`` at no trump).
    :param tricks: the tricks in order; the last may be unfinished.
    :param leader: who leads first (a hand at the table), for ``start`` when no card has been
        played yet.
    :param rules: the game's rules, for its solver (the 52-card one when None); in Bridgette
        each lead after a spoiling Colon is judged with the bar on the led suit.
    :param first_open: the first trick to judge (Semi-Exposed Dummies: the first one begun
        with no card face down, before which the play is no double-dummy position: a face-down
        card may not be played, even to follow suit); ``start`` is then from that trick on.
    """
    strain = int(trump)
    four_hands = len(hands) == 4
    held = [hand.mask for hand in hands]
    won = [0, 0]
    judged: list[CardCost] = []
    if four_hands:
        judged = _table_costs(held, strain, tricks, first_open)
        for trick in tricks:
            for hand, card in zip(trick.players, trick.cards, strict=True):
                held[hand] ^= card.mask
            if trick.winner is not None:
                won[_DIRECTIONS[trick.winner].owner] += 1
    else:
        colons = rules is not None and rules.colons
        values_of = double_dummy(rules).values
        bar = -1
        for number, trick in enumerate(tricks):
            led = -1
            for seat, card in zip(trick.players, trick.cards, strict=True):
                hand = held[seat]
                values = dict(values_of(hand, held[1 - seat], strain, led, bar if led < 0 else -1))
                judged.append(_judged(number, seat, card, values, won, hand.bit_count(), False))
                held[seat] = hand ^ card.mask
                led = card.id if led < 0 else -1
            if trick.winner is not None:
                won[trick.winner] += 1
            if colons:
                bar = _bar_after(trick)
    lost = [0, 0]
    for judgement in judged:
        lost[judgement.seat] += judgement.cost
    complete = bool(tricks) and all(t.winner is not None for t in tricks) and not any(held)
    start = judged[0].expected if judged else _start_without_play(hands, strain, int(leader), rules)
    return PlayAnalysis(
        Strain(strain), tuple(judged), start, (won[0], won[1]), (lost[0], lost[1]), complete
    )


def _table_costs(
    held: list[int],
    strain: int,
    tricks: Sequence[Trick],
    first_open: int,
) -> list[CardCost]:
    # Every card of the four-hand play judged by DDS, all positions in one batch: each is the
    # four hands as the trick began, its leader and the cards played to it so far.
    from honeymoon.bots.dds import Position, solve_positions

    hands = list(held)
    won = [0, 0]
    positions: list[Position] = []
    plays: list[tuple[int, int, Card, tuple[int, int], int]] = []
    for number, trick in enumerate(tricks):
        start = (hands[0], hands[1], hands[2], hands[3])
        remaining = hands[trick.leader].bit_count()
        for index, (hand, card) in enumerate(zip(trick.players, trick.cards, strict=True)):
            if number >= first_open:
                lead = tuple(c.id for c in trick.cards[:index])
                positions.append(Position(start, trick.order, trick.leader, lead, strain))
                plays.append((number, hand, card, (won[0], won[1]), remaining))
            hands[hand] ^= card.mask
        if trick.winner is not None:
            won[_DIRECTIONS[trick.winner].owner] += 1
    solved = solve_positions(positions) if positions else []
    return [
        _judged(number, hand, card, values, before, remaining, True)
        for (number, hand, card, before, remaining), values in zip(plays, solved, strict=True)
    ]


def _bar_after(trick: Trick) -> int:
    # Bridgette: the suit the winner may not lead next, after the matching Colon spoiled the
    # trick's lead (the engine's rule, colon_spoils); -1 if none.
    if len(trick.cards) == 2 and colon_spoils(trick.cards[0].id, trick.cards[1].id):
        return int(trick.cards[0].suit)
    return -1


def _start_without_play(
    hands: tuple[CardSet, ...], strain: int, leader: int, rules: RuleSet | None
) -> tuple[int, int]:
    # No card played yet: the hands' worth with ``leader`` on lead.
    masks = tuple(hand.mask for hand in hands)
    tricks = [0, 0]
    if not masks[leader]:
        return (0, 0)
    if len(masks) == 4:
        from honeymoon.bots.dds import Position, best_defence

        assert rules is not None
        side = int(_DIRECTIONS[leader].owner)
        order = play_order(rules, 1 - side)
        position = Position((masks[0], masks[1], masks[2], masks[3]), order, leader, (), strain)
        taken = best_defence([position])[0]
    else:
        side = leader
        taken = double_dummy(rules).tricks(masks[leader], masks[1 - leader], strain, -1, -1)
    tricks[side] = taken
    tricks[1 - side] = len(hands[leader]) - taken
    return (tricks[0], tricks[1])


# -- the drawing ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DrawTurn:
    """One drawing turn of a player: the card it looked at, whether it kept it, and whether the
    drawing bot would have kept it in the same position (the same hand and discards)."""

    turn: int
    looked_at: Card
    kept: bool
    bot_kept: bool

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "turn": self.turn,
            "looked_at": self.looked_at.pbn,
            "kept": self.kept,
            "bot_kept": self.bot_kept,
        }


@dataclass(frozen=True, slots=True)
class HandWorth:
    """What a 13-card hand is worth double dummy against the opponent's: the strain where it
    takes the most tricks as declarer (the opponent leading) and how many, and par's net points
    for its player (its points minus the opponent's)."""

    hand: CardSet
    best_strain: Strain
    best_tricks: int
    par_net: int
    par: Par

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "hand": self.hand.to_dotted(),
            "best_strain": self.best_strain.letter,
            "best_tricks": self.best_tricks,
            "par_net": self.par_net,
            "par": self.par.describe(),
        }


@dataclass(frozen=True, slots=True)
class DrawingAnalysis:
    """One player's drawing in a Draw and Discard hand.

    ``actual`` is the worth of the hand the player drew, against the opponent's actual hand.
    ``bot`` is the worth of the hand the drawing bot (``bot_name``) would have drawn in the
    player's place from the same stock, against the hand the opponent then draws
    (``bot_opponent_hand``): the opponent repeats its actual choice wherever it looks at the
    same stock card as it did (``opponent_repeated`` of its 13 turns; always all 13 in Draw and
    Discard, where every turn takes two cards) and the bot chooses for it elsewhere. ``turns``
    compares each actual choice with the bot's in the same position; ``discards`` are the
    player's own discards (it saw them).
    """

    seat: Seat
    actual: HandWorth
    bot: HandWorth
    bot_name: str
    bot_opponent_hand: CardSet
    opponent_repeated: int
    turns: tuple[DrawTurn, ...]
    discards: CardSet

    @property
    def cards_shown(self) -> CardSet:
        """Every card this analysis names: the hands valued and the cards looked at."""
        looked = CardSet.of(turn.looked_at for turn in self.turns)
        return self.actual.hand | self.bot.hand | self.bot_opponent_hand | looked

    @property
    def difference(self) -> int:
        """Par net points of the actual hand minus those of the bot's (negative: the bot's
        drawing would have left the player better off on this stock)."""
        return self.actual.par_net - self.bot.par_net

    @property
    def disagreements(self) -> int:
        """Turns where the bot, in the player's position, would have chosen otherwise."""
        return sum(1 for turn in self.turns if turn.kept != turn.bot_kept)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "seat": self.seat.key,
            "actual": self.actual.to_dict(),
            "bot": self.bot.to_dict(),
            "bot_name": self.bot_name,
            "bot_opponent_hand": self.bot_opponent_hand.to_dotted(),
            "opponent_repeated": self.opponent_repeated,
            "discards": self.discards.to_dotted(),
            "difference": self.difference,
            "disagreements": self.disagreements,
            "turns": [turn.to_dict() for turn in self.turns],
        }


def _worth(
    seat: int, hands: tuple[CardSet, CardSet], sheet: ScoreSheet, context: _ParContext
) -> HandWorth:
    table = trick_table(hands[0], hands[1])
    best = max(_STRAINS, key=lambda strain: (table.tricks(seat, strain), -int(strain)))
    result = par(
        table,
        sheet,
        hand_number=context.hand_number,
        first_caller=context.first_caller,
        honours=context.honours,
    )
    return HandWorth(hands[seat], best, table.tricks(seat, best), result.net(seat), result)


@dataclass(frozen=True, slots=True)
class _ParContext:
    hand_number: int
    first_caller: Seat
    honours: bool


def _drawing(
    rules: RuleSet,
    stock: tuple[int, ...],
    dealer: Seat,
    actions: Sequence[int | None],
    sheet: ScoreSheet,
    context: _ParContext,
    bot_level: str,
) -> tuple[DrawingAnalysis, ...]:
    from honeymoon.bots import make_bot, resolve_bot_name
    from honeymoon.views import view_for

    def fresh() -> Game:
        game = new_game(rules, stocks=[stock], first_dealer=dealer, seed=0)
        assert isinstance(game, Game)
        return game

    # The actual drawing, turn by turn: who drew, from which stock position, what they chose,
    # and what the bot would have chosen in that very position.
    actual = fresh()
    judge = make_bot(bot_level, seed=0)
    turns: list[list[tuple[int, int]]] = [[], []]
    compared: list[list[DrawTurn]] = [[], []]
    for action in actions:
        if actual.phase is not Phase.DRAWING:
            break
        drawer = actual.to_act
        assert drawer is not None and action is not None
        top = actual.looking_at()
        assert top is not None
        bot_choice = judge.act(view_for(actual, drawer))
        turns[drawer].append((actual.stock_remaining, action))
        compared[drawer].append(
            DrawTurn(len(compared[drawer]) + 1, top, action == KEEP, bot_choice == KEEP)
        )
        actual.apply(action)
    final = (actual.hand(0), actual.hand(1))
    name = resolve_bot_name(bot_level)
    results: list[DrawingAnalysis] = []
    for seat in (0, 1):
        other = 1 - seat
        replay = fresh()
        bot = make_bot(bot_level, seed=0)
        stand_in = make_bot(bot_level, seed=0)
        repeated = 0
        turn = 0
        while replay.phase is Phase.DRAWING:
            mover = replay.to_act
            assert mover is not None
            view = view_for(replay, mover)
            if mover == seat:
                choice = bot.act(view)
            else:
                position, recorded = turns[other][turn]
                turn += 1
                if position == replay.stock_remaining:
                    choice = recorded
                    repeated += 1
                else:
                    choice = stand_in.act(view)
            replay.apply(choice)
        bot_hands = (replay.hand(0), replay.hand(1))
        results.append(
            DrawingAnalysis(
                SEATS[seat],
                _worth(seat, final, sheet, context),
                _worth(seat, bot_hands, sheet, context),
                name,
                bot_hands[other],
                repeated,
                tuple(compared[seat]),
                actual.discards(seat),
            )
        )
    return tuple(results)


# -- a hand and a rubber -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HandAnalysis:
    """Everything analysed of one hand (see the module docstring).

    ``deal`` is the two hands when the auction began (at the four-hand table, the four hands
    by Direction as the play began), None if the hand ended before, or a player-safe record
    does not show it; ``table`` and ``par`` are None then too. ``play`` is
    None without a contract. ``preliminary`` is the Memory Bridge preliminary tricks judged
    like the play (None otherwise); ``drawing`` is both players' drawing in Draw and Discard
    Bridge (None otherwise, or without the stock). ``notes`` say what was not analysed, and why.
    """

    number: int
    dealer: Seat
    vulnerable: tuple[bool, bool]
    deal: tuple[CardSet, ...] | None
    contract: Contract | None
    declarer: Seat | None
    table: TrickTable | None
    par: Par | None
    play: PlayAnalysis | None
    preliminary: PlayAnalysis | None
    drawing: tuple[DrawingAnalysis, ...] | None
    notes: tuple[str, ...]

    @property
    def lost(self) -> tuple[int, int]:
        """Tricks each player lost by its own cards in the play (0, 0 without play)."""
        return self.play.lost if self.play is not None else (0, 0)

    @property
    def deal_shown(self) -> bool:
        """True once every card of the deal has been played face up, so both players know
        both hands."""
        return self.play is not None and self.play.complete

    def for_seat(self, seat: Seat | int) -> HandAnalysis:
        """The part of this analysis that ``seat``'s player may see: the deal, its table, par
        and the play only once every card was played (a passed-out hand or one in progress
        shows none of them: at the four-hand table too, where a player saw its own hand and
        the dummies as the rules show them, never the opponent's hand); of the drawing, only
        the player's own, and only if it names no card the player has not seen (its hand, its
        discards and, the deal being shown, the opponent's hand).
        """
        notes = list(self.notes)
        if not self.deal_shown or self.deal is None:
            if self.deal is not None:
                notes.append("the deal is not shown: not every card of it was played")
            return HandAnalysis(
                self.number,
                self.dealer,
                self.vulnerable,
                None,
                self.contract,
                self.declarer,
                None,
                None,
                None,
                self.preliminary,
                None,
                tuple(notes),
            )
        drawing: tuple[DrawingAnalysis, ...] | None = None
        if self.drawing is not None:
            own = [d for d in self.drawing if d.seat is seat]
            known = CardSet.of(c for hand in self.deal for c in hand)
            known |= CardSet.of(c for d in own for c in d.discards)
            if all(not (d.cards_shown - known) for d in own):
                drawing = tuple(own)
            else:
                notes.append(
                    "the drawing comparison is not shown: the bot's drawing took cards this "
                    "player never saw"
                )
        return HandAnalysis(
            self.number,
            self.dealer,
            self.vulnerable,
            self.deal,
            self.contract,
            self.declarer,
            self.table,
            self.par,
            self.play,
            self.preliminary,
            drawing,
            tuple(notes),
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (cards in PBN letters, ``SA``; contracts ``4SX``); ``number`` counts
        hands from 1, as the reports do."""
        return {
            # Counted from 1, as every report prints hands and as --hand asks for them.
            "number": self.number + 1,
            "dealer": self.dealer.key,
            "vulnerable": {seat.key: self.vulnerable[seat] for seat in SEATS},
            "deal": None
            if self.deal is None
            else {
                place.name.lower(): hand.to_dotted()
                for place, hand in zip(
                    _DIRECTIONS if len(self.deal) == 4 else SEATS, self.deal, strict=True
                )
            },
            "contract": None if self.contract is None else self.contract.pbn,
            "declarer": None if self.declarer is None else self.declarer.key,
            "table": None if self.table is None else self.table.to_dict(),
            "par": None if self.par is None else self.par.to_dict(),
            "play": None if self.play is None else self.play.to_dict(),
            "preliminary": None if self.preliminary is None else self.preliminary.to_dict(),
            "drawing": None
            if self.drawing is None
            else {d.seat.key: d.to_dict() for d in self.drawing},
            "notes": list(self.notes),
        }


@dataclass(frozen=True, slots=True)
class GameAnalysis:
    """Every hand of a rubber analysed, and the tricks each player lost to its own cards."""

    variant: str
    hands: tuple[HandAnalysis, ...]

    @property
    def lost(self) -> tuple[int, int]:
        """Tricks South and East lost by their cards in the play, over the rubber."""
        return (sum(h.lost[0] for h in self.hands), sum(h.lost[1] for h in self.hands))

    def for_seat(self, seat: Seat | int) -> GameAnalysis:
        """Every hand as :meth:`HandAnalysis.for_seat` shows it to ``seat``."""
        return GameAnalysis(self.variant, tuple(hand.for_seat(seat) for hand in self.hands))

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "variant": self.variant,
            "lost": {seat.key: self.lost[seat] for seat in SEATS},
            "hands": [hand.to_dict() for hand in self.hands],
        }


@dataclass(frozen=True, slots=True)
class _HandSource:
    rules: RuleSet
    first_dealer: Seat
    log: HandLog
    earlier: tuple[HandResult, ...]
    stock: tuple[int, ...] | None
    actions: tuple[int | None, ...]
    result: HandResult | None


def _hand_count(source: Engine | GameRecord) -> int:
    if isinstance(source, GameRecord):
        return len(source.hands)
    return len(source.history) + (0 if source.is_over else 1)


def _hand_source(source: Engine | GameRecord, number: int) -> _HandSource:
    count = _hand_count(source)
    if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < count:
        raise AnalysisError(
            f"there is no hand {number!r}: this rubber has hands 0 to {count - 1} "
            f"({count} in all, counted from 0)",
            "hand_out_of_range",
        )
    if isinstance(source, GameRecord):
        hand = source.hands[number]
        log = hand.log if hand.log is not None else source.logs()[number]
        earlier = tuple(h.result for h in source.hands[:number] if h.result is not None)
        return _HandSource(
            source.rules,
            source.first_dealer,
            log,
            earlier,
            hand.stock,
            hand.actions,
            hand.result,
        )
    history = source.history
    if number < len(history):
        past = history[number]
        return _HandSource(
            source.rules,
            source.first_dealer,
            past.log,
            tuple(h.result for h in history[:number]),
            past.stock,
            past.actions,
            past.result,
        )
    return _HandSource(
        source.rules,
        source.first_dealer,
        source.hand_log(number),
        tuple(h.result for h in history),
        source.stock_for_hand(number),
        source.actions,
        None,
    )


def _sheet_before(earlier: Sequence[HandResult], rules: RuleSet, first_dealer: Seat) -> ScoreSheet:
    # The score sheet before a hand: the earlier hands scored in order, each as the engine
    # scored it (its memory award, if any, then its contract); a match of deals scored one by
    # one (Bridgette's six) keeps its deal sheet, as the engine's.
    sheet = ScoreSheet.for_deals(rules.deals_in_match, int(first_dealer))
    for result in earlier:
        sheet = _add_award(sheet, result.number, result.preliminary)
        if result.declarer is not None and result.score is not None:
            sheet = sheet.add_hand(result.number, result.declarer, result.score, result.honours)
    return sheet


def _add_award(sheet: ScoreSheet, number: int, award: PreliminaryResult | None) -> ScoreSheet:
    if award is None or award.award_seat is None or award.award is None:
        return sheet
    return sheet.add_hand(number, award.award_seat, award.award)


def analyze_hand(
    source: Engine | GameRecord,
    number: int,
    *,
    drawing: bool = True,
    bot: str = DRAWING_BOT,
) -> HandAnalysis:
    """Analyse hand ``number`` (0-based) of a game or a loaded record, of any variant (at the
    four-hand table with DDS: it needs the ``dds`` extra).

    A hand in progress is analysed as far as it has gone; its deal is secret until it ends, so
    show such an analysis to no player. ``drawing=False`` skips the drawing analysis (the
    slowest part); ``bot`` names the level or bot whose drawing policy it compares with.

    :raises AnalysisError: (code ``hand_out_of_range``) for a hand the rubber does not have.
    """
    hand = _hand_source(source, number)
    log = hand.log
    rules = hand.rules
    # The sheet as the dealt part begins: after the earlier hands and this hand's memory award.
    sheet = _add_award(
        _sheet_before(hand.earlier, rules, hand.first_dealer), number, log.preliminary
    )
    notes: list[str] = []
    preliminary = _preliminary(rules, log, notes)
    table = par_result = play = None
    drawn = None
    # The hands as the auction began; at the table the four as the play began.
    deal = log.hands if log.four_hands else log.deal
    missing = _missing_deal(hand, deal)
    if missing is not None:
        notes.append(missing)
    else:
        assert deal is not None
        table = trick_table(*deal, rules=rules)
        assert log.first_caller is not None
        context = _ParContext(number, log.first_caller, rules.honours)
        par_result = par(
            table, sheet, hand_number=number, first_caller=log.first_caller, honours=rules.honours
        )
        play = _play_analysis(hand, deal, notes)
        drawn = _drawing_analysis(hand, sheet, context, drawing, bot, notes)
    return HandAnalysis(
        number,
        log.dealer,
        (sheet.vulnerable(0), sheet.vulnerable(1)),
        deal,
        log.contract,
        log.declarer,
        table,
        par_result,
        play,
        preliminary,
        drawn,
        tuple(notes),
    )


def _missing_deal(hand: _HandSource, deal: tuple[CardSet, ...] | None) -> str | None:
    """Why the hand has no deal to analyse, or None when it has one of thirteen cards a hand."""
    if deal is None:
        if hand.result is not None and hand.result.ended_by_award:
            return "no deal to analyse: the memory award ended the rubber"
        if hand.result is None and hand.stock is not None:
            return "no deal to analyse yet: the auction has not begun"
        return (
            "the hands are not known: a player-safe copy shows a deal only when all "
            "its cards were played"
        )
    if any(len(cards) != 13 for cards in deal):  # the table's extra cards never placed
        return "no deal to analyse: the hands never held thirteen cards each"
    return None


def _play_analysis(
    hand: _HandSource, deal: tuple[CardSet, ...], notes: list[str]
) -> PlayAnalysis | None:
    """The analysis of the hand's play, or None (with a note saying why) when there is none."""
    log = hand.log
    rules = hand.rules
    leader = log.leader if log.four_hands else log.opening_leader
    first_open = _first_open_trick(hand, log, notes) if rules.semi_exposed else 0
    if log.contract is not None and leader is not None and first_open is not None:
        return analyze_tricks(
            deal, log.contract.strain, log.tricks, leader, rules=rules, first_open=first_open
        )
    if log.auction_over and log.contract is None:
        notes.append("passed out: no play to analyse")
    return None


def _drawing_analysis(
    hand: _HandSource,
    sheet: ScoreSheet,
    context: _ParContext,
    drawing: bool,
    bot: str,
    notes: list[str],
) -> tuple[DrawingAnalysis, ...] | None:
    """The drawing analysis of a Draw and Discard hand when ``drawing`` asks for it; else None,
    with a note when the procedure's drawing cannot be compared with a bot's."""
    rules = hand.rules
    if rules.procedure is Procedure.DRAW_DISCARD and drawing:
        if hand.stock is None:
            notes.append("drawing not analysed: the record has no stock order")
            return None
        return _drawing(rules, hand.stock, hand.log.dealer, hand.actions, sheet, context, bot)
    elif rules.procedure in (Procedure.DRAW, Procedure.MEMORY, Procedure.BRIDGETTE):
        notes.append(
            "drawing not compared with a bot: the final hands come from the "
            + (
                "draws after the preliminary tricks"
                if rules.procedure is Procedure.DRAW
                else "exchange with the stock"
                if rules.procedure is Procedure.BRIDGETTE
                else "second deal"
            )
        )
    return None


def _first_open_trick(hand: _HandSource, log: HandLog, notes: list[str]) -> int | None:
    # Semi-Exposed Dummies: the first trick begun with no card face down, replaying the hand
    # on the engine (None without the stock order that tells which cards lay face down).
    notes.append(
        "the double-dummy table and par take every card as playable from the first lead "
        "(no double-dummy solver knows face-down cards)"
    )
    if hand.stock is None:
        notes.append(
            "the play is not analysed: without the stock order the face-down cards are not known"
        )
        return None
    game = new_game(hand.rules, seed=0, stocks=[hand.stock], first_dealer=log.dealer)
    assert isinstance(game, TableGame)
    first = len(log.tricks)
    for action in hand.actions:
        if game.phase is Phase.PLAY and not any(game.face_down(d) for d in Direction):
            first = len(game.completed_tricks)
            break
        if game.hand_number != 0 or action is None:
            break
        game.apply(action)
    if first:
        notes.append(
            f"the play is judged from trick {first + 1}, the first with no card face down: "
            "before it a face-down card could not be played, which no double-dummy solver knows"
        )
    return first


def _preliminary(rules: RuleSet, log: HandLog, notes: list[str]) -> PlayAnalysis | None:
    if rules.four_hands:
        return None
    if rules.procedure is Procedure.DRAW_DISCARD or rules.procedure is Procedure.BRIDGETTE:
        return None
    if rules.procedure is Procedure.DRAW:
        if log.preliminary_tricks:
            notes.append(
                "preliminary tricks not analysed: after each trick both players draw from the "
                "stock, which neither sees, so no position of them is a closed two-hand one"
            )
        return None
    tricks = log.preliminary_tricks
    if len(tricks) < 13 or tricks[-1].winner is None:
        if tricks:
            notes.append("preliminary tricks not analysed until all thirteen are played")
        return None
    # Memory Bridge: the first deal is exactly the 26 cards played in the preliminary tricks,
    # which are played at no trump, following suit (RULES.md 4.1).
    held = [0, 0]
    for trick in tricks:
        for seat, card in zip(trick.players, trick.cards, strict=True):
            held[seat] |= card.mask
    return analyze_tricks((CardSet(held[0]), CardSet(held[1])), Strain.NOTRUMP, tricks)


def analyze_game(
    source: Engine | GameRecord, *, drawing: bool = True, bot: str = DRAWING_BOT
) -> GameAnalysis:
    """Analyse every hand of a game or a loaded record (see :func:`analyze_hand`)."""
    rules = source.rules
    return GameAnalysis(
        rules.name,
        tuple(
            analyze_hand(source, number, drawing=drawing, bot=bot)
            for number in range(_hand_count(source))
        ),
    )
