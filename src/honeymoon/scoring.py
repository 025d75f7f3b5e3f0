"""Rubber scoring (RULES.md 1.4 and 1.5) as pure functions and an immutable score sheet.

>>> from honeymoon.auction import Contract
>>> score_contract(Contract.parse("3NT"), tricks=10, vulnerable=False)
HandScore(declarer_below=100, declarer_above=30, defender_above=0)
>>> score_contract(Contract.parse("4SX"), tricks=7, vulnerable=False).defender_above
500
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum

from honeymoon.auction import Contract
from honeymoon.cards import SUIT_MASKS, Strain
from honeymoon.errors import NotationError

#: Points below the line needed for a game.
GAME_POINTS = 100
RUBBER_BONUS_TWO_GAMES_TO_NIL = 700
RUBBER_BONUS_TWO_GAMES_TO_ONE = 500
#: Memory Bridge: the bonus above the line for taking seven or more preliminary tricks.
MEMORY_BONUS = 100
#: Bridgette's six-deal match (BRIDGETTE.md, each a DECISION): a made contract whose trick
#: points reach 100 adds a game bonus, 300 not vulnerable or 500 vulnerable; below 100, 50.
DEAL_GAME_BONUS = (300, 500)
DEAL_PART_SCORE_BONUS = 50


class Line(Enum):
    """Which side of the line an entry sits on."""

    ABOVE = "above"
    BELOW = "below"


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One scored figure: who earns it (``"declarer"`` or ``"defender"``), where, and why."""

    side: str
    line: Line
    points: int
    reason: str


@dataclass(frozen=True, slots=True)
class HandScore:
    """The score of one played contract, from declarer's point of view.

    ``items`` breaks the totals down (contract, overtricks, insult, slam, undertricks).
    """

    declarer_below: int
    declarer_above: int
    defender_above: int
    items: tuple[ScoreItem, ...] = field(default=(), repr=False, compare=False)


def _count(number: int, noun: str) -> str:
    # "1 overtrick", "2 overtricks": the reasons the score sheet shows.
    return f"{number} {noun}{'' if number == 1 else 's'}"


def contract_points(contract: Contract) -> int:
    """Points below the line for making ``contract`` exactly (doubling included)."""
    level, strain = contract.level, contract.strain
    if strain is Strain.NOTRUMP:
        points = 40 + 30 * (level - 1)
    elif strain in (Strain.HEARTS, Strain.SPADES):
        points = 30 * level
    else:
        points = 20 * level
    return points * (1, 2, 4)[contract.doubling]


def undertrick_penalty(undertricks: int, doubling: int, vulnerable: bool) -> int:
    """The defender's points for ``undertricks`` (≥ 1), by declarer's vulnerability."""
    if undertricks <= 0:
        return 0
    if doubling == 0:
        return undertricks * (100 if vulnerable else 50)
    if vulnerable:
        doubled = 200 + 300 * (undertricks - 1)
    else:
        doubled = 100 + 200 * min(undertricks - 1, 2) + 300 * max(undertricks - 3, 0)
    return doubled * doubling  # redoubled is twice doubled


def score_contract(contract: Contract, tricks: int, vulnerable: bool) -> HandScore:
    """Score a played contract: declarer took ``tricks`` (0–13); ``vulnerable`` is declarer's.

    :raises NotationError: if ``tricks`` is outside 0–13.
    """
    if not 0 <= tricks <= 13:
        raise NotationError(f"tricks must be 0 to 13, not {tricks}", "bad_tricks")
    needed = contract.tricks_needed
    items: list[ScoreItem] = []
    if tricks < needed:
        penalty = undertrick_penalty(needed - tricks, contract.doubling, vulnerable)
        reason = _count(needed - tricks, "undertrick")
        items.append(ScoreItem("defender", Line.ABOVE, penalty, reason))
        return HandScore(0, 0, penalty, tuple(items))
    below = contract_points(contract)
    items.append(ScoreItem("declarer", Line.BELOW, below, f"contract {contract}"))
    overtricks = tricks - needed
    above = 0
    if overtricks:
        if contract.doubling:
            each = (200 if vulnerable else 100) * contract.doubling
        elif contract.strain in (Strain.CLUBS, Strain.DIAMONDS):
            each = 20
        else:
            each = 30
        items.append(
            ScoreItem("declarer", Line.ABOVE, each * overtricks, _count(overtricks, "overtrick"))
        )
        above += each * overtricks
    if contract.doubling:
        insult = 50 * contract.doubling
        items.append(
            ScoreItem(
                "declarer",
                Line.ABOVE,
                insult,
                "making a doubled contract"
                if contract.doubling == 1
                else "making a redoubled contract",
            )
        )
        above += insult
    if contract.level == 6:
        slam = 750 if vulnerable else 500
        items.append(ScoreItem("declarer", Line.ABOVE, slam, "small slam"))
        above += slam
    elif contract.level == 7:
        slam = 1500 if vulnerable else 1000
        items.append(ScoreItem("declarer", Line.ABOVE, slam, "grand slam"))
        above += slam
    return HandScore(below, above, 0, tuple(items))


def score_deal(contract: Contract, tricks: int, vulnerable: bool) -> HandScore:
    """Score one deal of a match scored deal by deal (Bridgette's six deals): the contract as
    :func:`score_contract`, plus, when made, a game bonus (trick points of 100 or more: 300
    not vulnerable, 500 vulnerable) or a part-score bonus of 50.

    >>> score_deal(Contract.parse("3NT"), tricks=9, vulnerable=True).declarer_above
    500
    >>> score_deal(Contract.parse("2H"), tricks=8, vulnerable=False).declarer_above
    50
    """
    score = score_contract(contract, tricks, vulnerable)
    if tricks < contract.tricks_needed:
        return score
    if score.declarer_below >= GAME_POINTS:
        bonus = ScoreItem("declarer", Line.ABOVE, DEAL_GAME_BONUS[vulnerable], "game bonus")
    else:
        bonus = ScoreItem("declarer", Line.ABOVE, DEAL_PART_SCORE_BONUS, "part-score bonus")
    return HandScore(
        score.declarer_below,
        score.declarer_above + bonus.points,
        0,
        (*score.items, bonus),
    )


def deal_vulnerable(deal: int, dealer: int, seat: int) -> bool:
    """Vulnerability in deal ``deal`` (0-based) of a six-deal match: nobody in deals 1–2, the
    dealer in deals 3–4, both in deals 5–6 (a DECISION, BRIDGETTE.md).

    >>> [deal_vulnerable(d, dealer=0, seat=0) for d in range(6)]
    [False, False, True, True, True, True]
    >>> [deal_vulnerable(d, dealer=0, seat=1) for d in range(6)]
    [False, False, False, False, True, True]
    """
    if deal < 2:
        return False
    if deal < 4:
        return seat == dealer
    return True


def honours_bonus(hand: int, strain: Strain | int) -> int:
    """Honours held in one hand (a card mask), for the optional honours rule.

    In a suit: 150 for all five trump honours (A K Q J 10), 100 for any four. At no trump: 150
    for all four aces. Otherwise 0.
    """
    strain = int(strain)
    if strain == 4:
        aces = sum(1 for suit in range(4) if hand >> (suit * 16 + 12) & 1)
        return 150 if aces == 4 else 0
    honours = (hand & SUIT_MASKS[strain]) >> (strain * 16 + 8) & 0x1F
    count = honours.bit_count()
    return 150 if count == 5 else 100 if count == 4 else 0


@dataclass(frozen=True, slots=True)
class SheetEntry:
    """One figure on the score sheet.

    ``seat`` 0 or 1 is the player credited; ``game`` is the index of the game (the part of the
    sheet between two lines) an entry below the line counts toward; ``hand`` is 0-based.
    """

    hand: int
    seat: int
    line: Line
    points: int
    reason: str
    game: int


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """The rubber's score sheet. Immutable: :meth:`add_hand` returns a new sheet.

    ``progress`` is each player's points below the current line (toward the next game; reset
    when a game is won); ``games`` counts games won; vulnerability follows from ``games``.

    A match of deals scored one by one (Bridgette's six) keeps a :class:`DealSheet` instead.
    """

    entries: tuple[SheetEntry, ...] = ()
    games: tuple[int, int] = (0, 0)
    progress: tuple[int, int] = (0, 0)
    game_winners: tuple[int, ...] = ()
    rubber_winner: int | None = None

    @staticmethod
    def for_deals(deals: int, first_dealer: int) -> ScoreSheet:
        """An empty sheet: a :class:`DealSheet` for a match of ``deals`` deals scored one by
        one (``first_dealer`` deals the first), or a rubber's sheet when ``deals`` is 0."""
        return DealSheet(deals=deals, first_dealer=first_dealer) if deals else ScoreSheet()

    @property
    def match_deals(self) -> int:
        """The deals of a match scored deal by deal (:class:`DealSheet`); 0 for a rubber."""
        return 0

    @property
    def deals_scored(self) -> int:
        """The deals scored so far in a match of deals (0 for a rubber)."""
        return 0

    def vulnerable(self, seat: int) -> bool:
        """A player who has won a game is vulnerable for the rest of the rubber."""
        return self.games[seat] >= 1

    @property
    def is_complete(self) -> bool:
        """True once a player has won two games."""
        return self.rubber_winner is not None

    def above(self, seat: int) -> int:
        """All of ``seat``'s points above the line."""
        return sum(e.points for e in self.entries if e.seat == seat and e.line is Line.ABOVE)

    def below(self, seat: int) -> int:
        """All of ``seat``'s points below the line, every game included."""
        return sum(e.points for e in self.entries if e.seat == seat and e.line is Line.BELOW)

    def total(self, seat: int) -> int:
        """Everything above and below."""
        return self.above(seat) + self.below(seat)

    @property
    def totals(self) -> tuple[int, int]:
        """Both players' totals."""
        return (self.total(0), self.total(1))

    @property
    def points_winner(self) -> int | None:
        """The seat with the higher total, None on equal totals."""
        first, second = self.totals
        if first == second:
            return None
        return 0 if first > second else 1

    @property
    def current_game(self) -> int:
        """The index of the game now in progress (the number of games won so far)."""
        return len(self.game_winners)

    def rubber_bonus(self, hand: int) -> int:
        """The rubber bonus written on this sheet in ``hand`` (0-based): 700 or 500 for the
        hand that won the rubber, 0 for any other.

        >>> from honeymoon.auction import Contract
        >>> sheet = ScoreSheet()
        >>> for number in range(2):
        ...     sheet = sheet.add_hand(number, 0, score_contract(Contract.parse("3NT"), 9, False))
        >>> sheet.rubber_bonus(0), sheet.rubber_bonus(1)
        (0, 700)
        """
        return sum(
            entry.points
            for entry in self.entries
            if entry.hand == hand and entry.reason == "rubber"
        )

    def add_hand(
        self,
        hand: int,
        declarer: int,
        score: HandScore,
        honours: tuple[int, int] = (0, 0),
    ) -> ScoreSheet:
        """The sheet after one played hand: its score, optional honours, any game and rubber.

        :raises ValueError: if the rubber is already over.
        """
        if self.is_complete:
            raise ValueError("the rubber is over: no more hands can be scored")
        game = self.current_game
        defender = 1 - declarer
        new: list[SheetEntry] = []
        for item in score.items:
            seat = declarer if item.side == "declarer" else defender
            new.append(SheetEntry(hand, seat, item.line, item.points, item.reason, game))
        for seat in (0, 1):
            if honours[seat]:
                new.append(SheetEntry(hand, seat, Line.ABOVE, honours[seat], "honours", game))
        if isinstance(self, DealSheet):
            # Each deal stands alone: no games, no rubber; the totals carry over.
            return replace(self, entries=self.entries + tuple(new), scored=self.scored + 1)
        progress = list(self.progress)
        progress[declarer] += score.declarer_below
        games = list(self.games)
        game_winners = self.game_winners
        rubber_winner = None
        if progress[declarer] >= GAME_POINTS:
            games[declarer] += 1
            game_winners = (*game_winners, declarer)
            progress = [0, 0]
            if games[declarer] == 2:
                rubber_winner = declarer
                bonus = (
                    RUBBER_BONUS_TWO_GAMES_TO_NIL
                    if games[defender] == 0
                    else RUBBER_BONUS_TWO_GAMES_TO_ONE
                )
                new.append(SheetEntry(hand, declarer, Line.ABOVE, bonus, "rubber", game))
        return ScoreSheet(
            entries=self.entries + tuple(new),
            games=(games[0], games[1]),
            progress=(progress[0], progress[1]),
            game_winners=game_winners,
            rubber_winner=rubber_winner,
        )


@dataclass(frozen=True, slots=True)
class DealSheet(ScoreSheet):
    """The score sheet of a match of deals scored one by one (Bridgette's six deals): no
    games and no rubber; each deal's score carries over; vulnerability follows the schedule of
    :func:`deal_vulnerable` (``first_dealer`` deals the first deal, and the deal alternates);
    the match is over after ``match_deals`` scored deals (a passed-out deal is not scored and
    does not count). The higher total wins; equal totals are a draw.

    >>> sheet = ScoreSheet.for_deals(6, first_dealer=1)
    >>> sheet.vulnerable(0), sheet.is_complete
    (False, False)
    """

    #: The deals of the match.
    deals: int = 6
    #: The deals scored so far.
    scored: int = 0
    #: Who dealt the first deal.
    first_dealer: int = 0

    @property
    def match_deals(self) -> int:
        """The deals of the match."""
        return self.deals

    @property
    def deals_scored(self) -> int:
        """The deals scored so far."""
        return self.scored

    @property
    def deal_dealer(self) -> int:
        """Who deals the deal in progress (the deal alternates)."""
        return self.first_dealer ^ (self.scored & 1)

    def vulnerable(self, seat: int) -> bool:
        """As the schedule says for the deal in progress (:func:`deal_vulnerable`)."""
        return deal_vulnerable(self.scored, self.deal_dealer, seat)

    @property
    def is_complete(self) -> bool:
        """True once every deal of the match is scored."""
        return self.scored >= self.deals
