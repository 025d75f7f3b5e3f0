"""Plain-text rendering of what a seat sees: hands, the auction, tricks and the score sheet.

Everything here takes a :class:`~honeymoon.views.SeatView` (or public values such as a score
sheet), so nothing can print a card the seat may not see. This is the one place the terminal
words cards, calls and contracts: through a :class:`CardStyle` (suit symbols or letters, the
ten as ``10`` or ``T``), passed to every function that names one.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass

from honeymoon.actions import FIRST_BID, KEEP, LAST_BID, REJECT, card_of_action, is_card_action
from honeymoon.auction import PASS, Call, Contract
from honeymoon.cards import Card, CardSet, Rank, Strain, Suit
from honeymoon.events import (
    AuctionOver,
    AuctionStarted,
    Called,
    CardPlayed,
    Drew,
    Event,
    ExchangeDiscarded,
    ExchangeDrawn,
    HandOver,
    PreliminaryOver,
    RubberOver,
    StockDrawn,
    TrickWon,
)
from honeymoon.game import HandResult, Phase, PreliminaryResult
from honeymoon.rules import OPTIONS, Procedure, RuleSet
from honeymoon.scoring import Line, ScoreSheet
from honeymoon.seats import SEATS, Seat
from honeymoon.views import SeatView, TableView, TrickView


@dataclass(frozen=True, slots=True)
class CardStyle:
    """How the terminal writes cards: suit symbols (``♠``) or letters (``S``), and the ten as
    ``10`` or ``T`` (``honeymoon play --letters --ten T``).

    >>> from honeymoon.cards import Card
    >>> ten = Card.parse("ST")
    >>> SYMBOLS.card(ten), CardStyle(letters=True, ten="T").card(ten)
    ('♠10', 'ST')
    >>> CardStyle(letters=True).contract(Contract.parse("4HX")), SYMBOLS.action(KEEP)
    ('4HX', 'keep')
    """

    letters: bool = False
    ten: str = "10"

    def __post_init__(self) -> None:
        if self.ten not in TEN_FORMS:
            raise ValueError(f"the ten is written {' or '.join(TEN_FORMS)}, not {self.ten!r}")

    def suit(self, suit: Suit) -> str:
        """``♠`` or ``S``."""
        return suit.letter if self.letters else suit.symbol

    def strain(self, strain: Strain) -> str:
        """``♠`` or ``S``; ``NT`` either way."""
        return strain.letter if self.letters else strain.symbol

    def rank(self, rank: Rank) -> str:
        """``A`` … ``2``, the ten as the style says."""
        return self.ten if rank == Rank.TEN else rank.symbol

    def card(self, card: Card) -> str:
        """``♠10``, ``S10``, ``♠T`` or ``ST``; a Colon (Bridgette) ``⁝G``, or ``:G`` in
        letters, as it is typed."""
        if card.is_colon:
            return str(card) if self.letters else card.display  # type: ignore[attr-defined]
        return self.suit(card.suit) + self.rank(card.rank)

    def call(self, call: Call) -> str:
        """``3♠``, ``3S``, ``3NT``, ``Pass``, ``X``, ``XX``."""
        if call.level is None or call.strain is None:
            return str(call)
        return f"{call.level}{self.strain(call.strain)}"

    def contract(self, contract: Contract) -> str:
        """``4♠X`` or ``4SX``."""
        return f"{contract.level}{self.strain(contract.strain)}{'X' * contract.doubling}"

    def action(self, action: int) -> str:
        """Words for an action number: a card, a call, ``keep`` or ``reject``."""
        if is_card_action(action):
            return self.card(Card.from_id(card_of_action(action)))
        if PASS <= action <= LAST_BID:
            return self.call(Call(action))
        if action == KEEP:
            return "keep"
        if action == REJECT:
            return "reject"
        return f"<unknown action {action}>"


#: The ways of writing the ten (``--ten``).
TEN_FORMS = ("10", "T")
#: The default style: suit symbols and the ten as 10.
SYMBOLS = CardStyle()


def hand_lines(cards: CardSet, style: CardStyle = SYMBOLS) -> list[str]:
    """One line a suit, spades first: ``♠ A K 10 5``; then Bridgette's Colons, if any, as
    ``⁝ G L`` (``: G L`` in letters)."""
    lines = []
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        ranks = cards.ranks(suit)
        shown = " ".join(style.rank(r) for r in ranks) if ranks else "-"
        lines.append(f"{style.suit(suit)} {shown}")
    colons = cards.colons
    if colons:
        mark = ":" if style.letters else "⁝"
        lines.append(f"{mark} " + " ".join(colon.kind.letter for colon in colons))
    return lines


def auction_table(view: SeatView | TableView, style: CardStyle = SYMBOLS) -> list[str]:
    """The calls so far as a two-column table, the first caller's column first."""
    if view.first_caller is None:
        return []
    first = view.first_caller
    second = first.other
    lines = [f"{first.label:<8}{second.label:<8}"]
    calls = [style.call(call) for call in view.auction]
    if view.phase is Phase.AUCTION and view.to_act is not None:
        calls.append("?")
    for index in range(0, len(calls), 2):
        pair = calls[index : index + 2]
        lines.append("".join(f"{c:<8}" for c in pair).rstrip())
    return lines


@dataclass(frozen=True, slots=True)
class SheetRow:
    """One row of a drawn score sheet: a kind, a label and South's and East's figures.

    Kinds: ``above`` and ``below`` (points), ``line`` (the line itself), ``game`` (a game
    line, ``label`` naming the game and its winner), ``total``, ``games``.
    """

    kind: str
    label: str = ""
    south: str = ""
    east: str = ""


def sheet_rows(sheet: ScoreSheet, *, compact: bool = False) -> list[SheetRow]:
    """The score sheet as rows, as drawn on paper: points above the line (the latest highest,
    the first nearest the line), the line, each game's points below it with a game line under
    every game won, then the totals. ``compact`` sums each part into one row."""
    rows: list[SheetRow] = []
    above = [
        [e.points for e in sheet.entries if e.seat == seat and e.line is Line.ABOVE]
        for seat in (0, 1)
    ]
    if compact:
        rows.append(SheetRow("above", "above", str(sum(above[0])), str(sum(above[1]))))
    else:
        height = max(len(above[0]), len(above[1]))
        columns = [[""] * (height - len(c)) + [str(p) for p in reversed(c)] for c in above]
        rows.extend(
            # The row nearest the line is labelled, as "game 1" labels the first row below.
            SheetRow("above", "above" if index == height - 1 else "", left, right)
            for index, (left, right) in enumerate(zip(columns[0], columns[1], strict=True))
        )
    rows.append(SheetRow("line"))
    games = sheet.current_game + (0 if sheet.is_complete else 1)
    for game in range(games):
        below = [
            [
                e.points
                for e in sheet.entries
                if e.seat == seat and e.line is Line.BELOW and e.game == game
            ]
            for seat in (0, 1)
        ]
        # A match of deals (Bridgette's six) has no games: its points below are the deals'.
        label = "deals" if sheet.match_deals else f"game {game + 1}"
        if compact:
            rows.append(SheetRow("below", label, str(sum(below[0])), str(sum(below[1]))))
        else:
            height = max(len(below[0]), len(below[1]))
            for index in range(height):
                left = str(below[0][index]) if index < len(below[0]) else ""
                right = str(below[1][index]) if index < len(below[1]) else ""
                rows.append(SheetRow("below", label if index == 0 else "", left, right))
        if game < sheet.current_game:
            winner = SEATS[sheet.game_winners[game]].label
            rows.append(SheetRow("game", f"game {game + 1} to {winner}"))
    totals = sheet.totals
    rows.append(SheetRow("total", "total", str(totals[0]), str(totals[1])))
    if sheet.match_deals:
        scored = f"{sheet.deals_scored} of {sheet.match_deals}"
        rows.append(SheetRow("games", "deals scored", scored, ""))
    else:
        rows.append(SheetRow("games", "games won", str(sheet.games[0]), str(sheet.games[1])))
    return rows


def score_sheet_lines(sheet: ScoreSheet) -> list[str]:
    """The score sheet in plain text: points above the line, the line, games below with a game
    line under each game won, the totals, who is vulnerable and, at the end, the winners."""
    width = 10
    header = f"{'':<12}{SEATS[0].label:>{width}}{SEATS[1].label:>{width}}"
    rule = len(header)
    lines = [header]
    for row in sheet_rows(sheet):
        if row.kind == "line":
            lines.append("=" * rule)
        elif row.kind == "game":
            lines.append(f"--- {row.label} ".ljust(rule, "-"))
        else:
            if row.kind == "total":
                lines.append("=" * rule)
            lines.append(f"{row.label:<12}{row.south:>{width}}{row.east:>{width}}")
    vulnerable = [s.label for s in SEATS if sheet.vulnerable(s)]
    lines.append("vulnerable: " + (", ".join(vulnerable) if vulnerable else "nobody"))
    lines.extend(result_lines(sheet))
    return lines


def result_words(result: HandResult, human: Seat | None = None, style: CardStyle = SYMBOLS) -> str:
    """One hand's result in one line, with the undertricks or overtricks, from the player's
    side (``you`` for the seat ``human``), e.g. ``Hand 4: 6♣X by East, 9 tricks, down 3:
    you 500 above``.

    >>> from honeymoon.auction import Contract
    >>> from honeymoon.cards import Strain
    >>> from honeymoon.scoring import HandScore
    >>> down = HandResult(3, Seat.SOUTH, Contract(6, Strain.CLUBS, 1), Seat.EAST, 9,
    ...                   HandScore(0, 0, 500))
    >>> result_words(down, Seat.SOUTH)
    'Hand 4: 6♣X by East, 9 tricks, down 3: you 500 above'
    >>> made = HandResult(0, Seat.EAST, Contract(1, Strain.NOTRUMP), Seat.SOUTH, 9,
    ...                   HandScore(40, 60, 0))
    >>> result_words(made)
    'Hand 1: 1NT by South, 9 tricks, made with 2 over: 40 below, 60 above'
    >>> rubber = HandResult(5, Seat.EAST, Contract(4, Strain.SPADES), Seat.SOUTH, 10,
    ...                     HandScore(120, 0, 0), rubber_bonus=700)
    >>> result_words(rubber, Seat.SOUTH)
    'Hand 6: 4♠ by you, 10 tricks, made: 120 below, 0 above, and 700 above for the rubber'
    """

    def name(seat: Seat) -> str:
        return "you" if seat == human else seat.label

    prefix = ""
    preliminary = result.preliminary
    if preliminary is not None and preliminary.award_seat is not None:
        award = preliminary.award
        assert award is not None
        taker = preliminary.award_seat
        verb = "take" if taker == human else "takes"
        prefix = (
            f"{name(taker)} {verb} {max(preliminary.tricks)} memory tricks: "
            f"{award.declarer_below} below, {award.declarer_above} above; "
        )
    head = f"Hand {result.number + 1}: {prefix}"
    if result.ended_by_award:
        return f"{head}that ends the rubber"
    contract, declarer, tricks, score = (
        result.contract,
        result.declarer,
        result.declarer_tricks,
        result.score,
    )
    if contract is None or declarer is None or score is None or tricks is None:
        return f"{head}passed out"
    needed = contract.tricks_needed
    text = f"{head}{style.contract(contract)} by {name(declarer)}, {tricks} tricks, "
    if tricks >= needed:
        over = f" with {tricks - needed} over" if tricks > needed else ""
        text += f"made{over}: {score.declarer_below} below, {score.declarer_above} above"
        if result.rubber_bonus:
            # The same hand wrote the rubber bonus: the line says so, or 0 above looks wrong.
            text += f", and {result.rubber_bonus} above for the rubber"
    else:
        text += f"down {needed - tricks}: {name(declarer.other)} {score.defender_above} above"
    honours = [
        f"{name(seat)} {points} honours"
        for seat, points in zip(SEATS, result.honours, strict=True)
        if points
    ]
    return text + (f"; {', '.join(honours)}" if honours else "")


def result_lines(sheet: ScoreSheet) -> list[str]:
    """At the end of the rubber: who won it and who won on points (empty before)."""
    if sheet.rubber_winner is None:
        return []
    totals = sheet.totals
    lines = [f"rubber won by {SEATS[sheet.rubber_winner].label}"]
    points_winner = sheet.points_winner
    lines.append(
        "equal totals"
        if points_winner is None
        else f"{SEATS[points_winner].label} wins on points by {abs(totals[0] - totals[1])}"
    )
    return lines


def variant_title(rules: RuleSet) -> str:
    """The variant's title with any options that differ from its defaults, in words.

    >>> from honeymoon.rules import find_variant
    >>> variant_title(find_variant("draw").with_options(face_up_stock=True))
    'Draw Bridge, face-up stock'
    >>> variant_title(find_variant("draw").with_options(preliminary_follow_suit=True))
    'Draw Bridge, follow suit in the preliminary tricks'
    """
    notes = []
    options = rules.options()
    if options.get("face_up_stock") is True:
        notes.append("face-up stock")
    if options.get("preliminary_follow_suit") is True:
        notes.append("follow suit in the preliminary tricks")
    if options.get("honours") is True:
        notes.append("honours")
    elif options.get("honours") is False:
        notes.append("no honours")
    for name, words in _TABLE_OPTION_WORDS:
        if options.get(name) is True:
            notes.append(words)
    return ", ".join([rules.title, *notes])


#: The four-hand table's options in a variant's title.
_TABLE_OPTION_WORDS = (
    ("racks", "racks"),
    ("clockwise", "clockwise arrangement"),
    ("twelve_and_two", "twelve and two"),
)


def option_lines(rules: RuleSet) -> list[str]:
    """The variant's options, one line each: name, current value and meaning."""
    return [
        f"  {name}={str(getattr(rules, name)).lower()}: {_option_description(name)}".rstrip(": ")
        for name in rules.option_names
    ]


_AUCTION_HELP = (
    "Bid a level 1-7 and a strain (clubs < diamonds < hearts < spades < no trump); each bid "
    "must be higher than the last. You may double the opponent's bid and redouble your own "
    "doubled bid. The first pass after a bid ends the auction; two opening passes throw the "
    "hand in."
)
_PLAY_HELP = (
    "Play: the defender leads. Follow suit if you can; otherwise play any card. The highest "
    "trump wins the trick, else the highest card of the suit led. Declarer needs 6 + the "
    "level in tricks."
)
_SCORING_HELP = (
    "Scoring: rubber bridge. Contract points go below the line (20 a trick in clubs and "
    "diamonds, 30 in hearts and spades, 40 then 30 at no trump; doubled x2, redoubled x4); "
    "100 below wins a game and makes you vulnerable. Overtricks, undertricks, slams and the "
    "rubber bonus (700 for two games to none, 500 for two to one) go above. The first to two "
    "games wins the rubber; the higher total wins on points."
)


_HONOURS_HELP = (
    "Honours are scored, above the line, for the side holding them in one hand, declarer or "
    "defender: 100 for four of the trump A K Q J 10, 150 for all five, 150 for the four aces "
    "at no trump."
)


def _procedure_help(rules: RuleSet) -> list[str]:
    if rules.procedure is Procedure.DRAW_DISCARD and rules.discard_after_keep:
        return [
            "Drawing: nothing is dealt. The non-dealer starts; turns alternate, 13 each. You "
            "look at the top card of the stock and either keep it (the next card is then "
            "discarded unseen by the opponent) or reject it (and must keep the next card). "
            "Discards are out of the game for good; you always know your own.",
            "Auction: the non-dealer calls first. " + _AUCTION_HELP,
        ]
    if rules.procedure is Procedure.DRAW_DISCARD:
        return [
            "Drawing: nothing is dealt. The non-dealer starts; turns alternate. You look at "
            "the top card of the stock and either keep it (your turn ends there) or reject it "
            "(it is discarded and you must keep the next card). Each turn adds exactly one card "
            "to your hand, so after 13 turns each both hands are full; the rest of the stock "
            "stays unseen.",
            "Auction: the non-dealer calls first. " + _AUCTION_HELP,
        ]
    if rules.procedure is Procedure.DRAW:
        follow = (
            "Follow suit if you can."
            if rules.preliminary_follow_suit
            else "You need not follow suit: any card may be played."
        )
        face_up = (
            " Before each trick the top stock card is turned face up, so both know what the "
            "winner will get; the loser's card stays unknown."
            if rules.face_up_stock
            else ""
        )
        return [
            "Deal: 13 cards each; the other 26 are the face-down stock.",
            "Preliminary tricks: 13 tricks at no trump, the non-dealer leading to the first. "
            f"{follow} The winner of each trick draws the top stock card, the loser the next; "
            f"drawn cards are private.{face_up} These tricks score nothing.",
            "Auction: when the stock is empty, the dealer calls first. " + _AUCTION_HELP,
        ]
    if rules.procedure is Procedure.BRIDGETTE:
        return [
            "The pack: 55 cards, the 52 and three Colons with no suit: the Grand Colon goes "
            "with the aces, the Royal with kings, queens and jacks, the Little with 2 to 10. "
            "They show as a tricolon and their letter (⁝ and G, R or L); type a colon and the "
            "letter.",
            "Deal: 13 cards each; the next card is the upcard, face up for the whole deal. "
            "Exchange: the non-dealer takes the upcard and the card below it and discards two; "
            "then the dealer takes 4 cards (upcard 2-10 or the Little Colon), 8 (J, Q, K or "
            "the Royal) or 12 (an ace or the Grand) and discards as many. Discards are never "
            "shown.",
            "Auction: the dealer calls first. " + _AUCTION_HELP,
            "Colons: to a lead you may play the Colon that matches it even when you hold the "
            "suit. A Colon never wins: the leader takes the trick and must lead another suit "
            "next (unless holding no other suit). A Colon that does not match is only a "
            "discard when you cannot follow. You lead a Colon only from a hand of Colons alone.",
            "A passed-out deal is dealt again by the same dealer. A match is six deals scored "
            "one by one: made contracts add 50, or 300 (500 vulnerable) when the trick points "
            "reach 100; nobody is vulnerable in deals 1-2, the dealer in 3-4, both in 5-6.",
        ]
    return [
        "Deal: 13 cards each; the other 26 wait.",
        "Memory tricks: 13 tricks at no trump, the non-dealer leading to the first; follow "
        "suit if you can; no drawing. Whoever takes 7 or more scores as for 1NT bid and made "
        "(40 below, 30 above for each trick over seven) and 100 more above. If that wins the "
        "rubber, the hand ends there.",
        "Then the other 26 cards are dealt, 13 each. Auction: the non-dealer calls first. "
        + _AUCTION_HELP,
    ]


def rules_help(rules: RuleSet, width: int | None = 76) -> list[str]:
    """The rules of the variant in short, for the help screen and the ``rules`` command:
    wrapped to ``width`` columns, or (``width=None``) one paragraph a line with blank lines
    between, for a screen that wraps them to its own width."""
    lines = [variant_title(rules), "", rules.summary, ""]
    lines += [*_procedure_help(rules), _PLAY_HELP, _SCORING_HELP]
    lines.append(_HONOURS_HELP if rules.honours else "Honours are not scored in this game.")
    if len(rules.option_names) > 1 or rules.honours:
        lines += ["Options (honeymoon play --option NAME=true|false):", *option_lines(rules)]
    if width is None:
        paragraphs: list[str] = []
        for line in lines:
            if line and paragraphs and paragraphs[-1] and not line.startswith("  "):
                paragraphs.append("")
            paragraphs.append(line)
        return paragraphs
    wrapped: list[str] = []
    for line in lines:
        wrapped.extend(textwrap.wrap(line, width, subsequent_indent="    ") or [""])
    return wrapped


def draws_lines(view: SeatView, style: CardStyle = SYMBOLS) -> list[str]:
    """The player's own drawing turns this hand: what was kept and what was discarded."""
    lines = []
    for number, turn in enumerate(view.draws, start=1):
        kept = style.card(turn.kept)
        discarded = style.card(turn.discarded) if turn.discarded is not None else ""
        if turn.kept_first and turn.discarded is None:
            lines.append(f"{number:>2}. kept {kept}")
        elif turn.kept_first:
            lines.append(f"{number:>2}. kept {kept}, then discarded {discarded}")
        else:
            lines.append(f"{number:>2}. rejected {discarded}, then took {kept}")
    return lines


def drawn_lines(view: SeatView, style: CardStyle = SYMBOLS) -> list[str]:
    """Draw Bridge: the cards the player drew this hand, trick by trick (never the opponent's)."""
    return [
        f"{number:>2}. after trick {number} you drew {style.card(card)}"
        for number, card in enumerate(view.drawn, start=1)
    ]


def preliminary_won(view: SeatView) -> tuple[int, int]:
    """South's and East's preliminary tricks this hand (so far, or in all once they are over)."""
    if view.phase is Phase.PRELIMINARY:
        return view.tricks_won
    return view.preliminary.tricks if view.preliminary is not None else (0, 0)


def memory_award(view: SeatView) -> tuple[Seat, int, int] | None:
    """Memory Bridge: the seat that took the memory award this hand, with its points below and
    above the line (the view's preliminary result); None before the award or in other variants."""
    result = view.preliminary
    if result is None or result.award_seat is None or result.award is None:
        return None
    return result.award_seat, result.award.declarer_below, result.award.declarer_above


def _award_words(result: PreliminaryResult, human: Seat | None) -> str | None:
    seat, award = result.award_seat, result.award
    if seat is None or award is None:
        return None
    who = "You take" if seat == human else f"{seat.label} takes"
    return (
        f"{who} {result.tricks[seat]} memory tricks: {award.declarer_below} below, "
        f"{award.declarer_above} above."
    )


def trick_words(trick: TrickView, human: Seat | None = None, style: CardStyle = SYMBOLS) -> str:
    """A trick in words: ``East ♥K, South ♥A: South wins``."""
    parts = [
        f"{'You' if seat == human else seat.label} {style.card(card)}"
        for seat, card in zip(trick.players, trick.cards, strict=True)
    ]
    text = ", ".join(parts)
    if trick.winner is not None:
        text += ": " + ("you win" if trick.winner == human else f"{trick.winner.label} wins")
    return text


def final_words(sheet: ScoreSheet, human: Seat | None) -> str:
    """Who won the rubber and who won on points, from the side of ``human`` (``you``); in a
    match of deals (Bridgette), who won the match on points."""
    if sheet.match_deals:
        if not sheet.is_complete:
            return "The match is not over yet."
        totals, points = sheet.totals, sheet.points_winner
        if points is None:
            return f"The match is over after {sheet.match_deals} deals: a draw, {totals[0]} each."
        margin = abs(totals[0] - totals[1])
        ahead = SEATS[points]
        who = "You win" if ahead == human else f"{ahead.label} wins"
        return f"The match is over after {sheet.match_deals} deals: {who} by {margin} points."
    if sheet.rubber_winner is None:
        return "The rubber is not over yet."
    winner = SEATS[sheet.rubber_winner]
    rubber = "You" if winner == human else winner.label
    totals = sheet.totals
    points = sheet.points_winner
    if points is None:
        on_points = f"the totals are equal ({totals[0]} each)"
    else:
        margin = abs(totals[0] - totals[1])
        ahead = SEATS[points]
        on_points = (
            f"you win on points by {margin}"
            if ahead == human
            else f"{ahead.label} wins on points by {margin}"
        )
    return f"The rubber is over. {rubber} won the rubber, and {on_points}."


# -- claims ---------------------------------------------------------------------------------


def claim_accepted_words(remaining: int) -> str:
    """``Claim accepted: you take the last 4 tricks.``

    >>> claim_accepted_words(1), claim_accepted_words(13)
    ('Claim accepted: you take the last trick.', 'Claim accepted: you take all 13 tricks.')
    """
    if remaining == 1:
        return "Claim accepted: you take the last trick."
    if remaining == 13:
        return "Claim accepted: you take all 13 tricks."
    return f"Claim accepted: you take the last {remaining} tricks."


def claim_refused_words() -> str:
    """That a claim was refused, and nothing more: how many tricks the best defence would
    leave depends on the opponent's hidden cards (a count at every turn would be a
    double-dummy oracle), so it is told with the line once the hand is over.

    >>> claim_refused_words()
    'Claim refused: play on. The best defence is shown once the hand is over.'
    """
    return "Claim refused: play on. The best defence is shown once the hand is over."


def claim_line_words(
    first: int,
    tricks: Sequence[TrickView],
    human: Seat | None,
    style: CardStyle = SYMBOLS,
    *,
    guaranteed: int,
) -> str:
    """The line that beat a claim made at trick ``first`` (from 1): how many of the remaining
    tricks the best defence left the claimant (``guaranteed``), then best play by both from
    there, trick by trick. It names the opponent's cards and the count depends on them, so it
    is shown only once the hand is over."""
    played = "; ".join(
        f"{number}) {trick_words(trick, human, style)}"
        for number, trick in enumerate(tricks, first)
    )
    remaining = 14 - first
    taken = "none" if guaranteed == 0 else str(guaranteed)
    count = (
        "you do not take the last trick"
        if remaining == 1
        else f"you take {taken} of the {remaining} tricks"
    )
    return f"Against your claim at trick {first} the best defence goes ({count}): {played}."


# -- narration: what one action did, in words ------------------------------------------------


def narrate(
    said: Sequence[Event],
    view: SeatView,
    rules: RuleSet,
    style: CardStyle = SYMBOLS,
    *,
    own_action: int | None = None,
) -> list[str]:
    """The lines telling the player at ``view.seat`` what the events ``said`` (those of one
    action, from :func:`honeymoon.events.apply`) report. The events are public; the player's
    own cards (what they drew) come from ``view``, their view after the action, and
    ``own_action`` is the player's own action when the events are of it (a face-down discard
    of the player's is named: they chose the card), so no line can name a card of the
    opponent's that the player has not seen."""
    me = view.seat
    lines: list[str] = []
    preliminary: PreliminaryResult | None = None
    drew = next((e for e in said if isinstance(e, StockDrawn)), None)
    for event in said:
        if isinstance(event, Drew):
            lines.append(_draw_words(event, view, rules, style))
        elif isinstance(event, Called):
            mine = event.seat == me
            said_call = style.call(event.call)
            lines.append(f"{_who(event.seat, me)} {'call' if mine else 'calls'} {said_call}.")
        elif isinstance(event, AuctionOver):
            if event.contract is not None and event.declarer is not None:
                declarer = "you" if event.declarer == me else event.declarer.label
                leads = "lead" if event.leader == me else "leads"
                lines.append(
                    f"Contract {style.contract(event.contract)} by {declarer}; "
                    f"{_who(event.leader, me)} {leads}."
                )
        elif isinstance(event, CardPlayed):
            mine = event.seat == me
            played = style.card(event.card)
            lines.append(f"{_who(event.seat, me)} {'play' if mine else 'plays'} {played}.")
        elif isinstance(event, TrickWon) and not event.preliminary:
            lines.append(_wins(event.seat, me) + ".")
            if view.barred_suit is not None and event.trick.cards[-1].is_colon:
                # Bridgette: the matching Colon spoiled the lead (the view says so).
                must = "you must" if event.seat == me else f"{event.seat.label} must"
                lines.append(
                    f"The Colon matched the lead: {must} lead another suit than "
                    f"{style.suit(view.barred_suit)} next."
                )
        elif isinstance(event, TrickWon):
            lines += _preliminary_trick_words(event, drew, view, style)
        elif isinstance(event, ExchangeDiscarded):
            own = own_action if event.seat == me else None
            lines.append(_exchange_words(event, me, own, style))
        elif isinstance(event, ExchangeDrawn):
            takes = "You take" if event.seat == me else f"{event.seat.label} takes"
            lines.append(f"{takes} {event.count} cards from the stock and must discard as many.")
        elif isinstance(event, PreliminaryOver):
            preliminary = event.result
        elif isinstance(event, AuctionStarted):
            lines += _auction_start_words(event, preliminary, me, rules.colons)
        elif isinstance(event, HandOver):
            lines.append(result_words(event.result, me, style))
        elif isinstance(event, RubberOver):
            lines.append(final_words(event.sheet, me))
    return lines


def _exchange_words(
    event: ExchangeDiscarded, me: Seat | None, own_action: int | None, style: CardStyle
) -> str:
    """A discard of Bridgette's exchange: who, and how many are left; which card only for the
    player's own discard (``own_action``), never the opponent's."""
    more = f"; {event.left} more to discard" if event.left else ""
    if event.seat != me:
        return f"{event.seat.label} discards a card face down{more}."
    if own_action is not None and is_card_action(own_action):
        return f"You discard {style.action(own_action)} face down{more}."
    return f"You discard a card face down{more}."


def _who(seat: Seat | None, me: Seat | None) -> str:
    if seat is None:
        return "nobody"
    return "You" if seat == me else seat.label


def _wins(seat: Seat, me: Seat | None) -> str:
    return "You win the trick" if seat == me else f"{seat.label} wins the trick"


def _draw_words(event: Drew, view: SeatView, rules: RuleSet, style: CardStyle) -> str:
    """A drawing turn: the player's own cards, or only what the piles show of the other's."""
    if event.seat == view.seat and view.draws:
        turn = view.draws[-1]
        kept = style.card(turn.kept)
        if turn.discarded is None:
            return f"You keep {kept}; your turn ends."
        discarded = style.card(turn.discarded)
        if turn.kept_first:
            return f"You keep {kept} and discard the next card, {discarded}."
        return f"You reject {discarded} and take the next card, {kept}."
    name = event.seat.label
    if rules.discard_after_keep:
        return f"{name} draws: one card kept, one discarded."
    # Keeping ends the turn: whether the opponent kept shows in its discards.
    if event.discarded:
        return f"{name} rejects the top card and takes the next."
    return f"{name} keeps the top card."


def _preliminary_trick_words(
    event: TrickWon, drew: StockDrawn | None, view: SeatView, style: CardStyle
) -> list[str]:
    """After a preliminary trick: who won, what the player drew (Draw Bridge) or the count
    toward seven (Memory Bridge), and the card turned face up next."""
    me = view.seat
    winner = event.seat
    lines: list[str] = []
    if drew is not None:
        mine = style.card(view.drawn[-1]) if view.drawn else None
        if winner == me:
            lines.append(f"You win the trick and draw {mine}.")
            lines.append(f"{winner.other.label} draws a card.")
        else:
            if drew.shown is not None:
                shown = style.card(drew.shown)
                lines.append(f"{winner.label} wins the trick and draws the face-up {shown}.")
            else:
                lines.append(f"{winner.label} wins the trick and draws a card.")
            lines.append(f"You draw {mine}.")
    else:
        you, other = _you_and_other(preliminary_won(view), me)
        lines.append(_wins(winner, me) + f" (memory tricks: you {you}, {other}).")
    if view.phase is Phase.PRELIMINARY and view.face_up is not None:
        lines.append(f"The face-up card is {style.card(view.face_up)}.")
    return lines


def _auction_start_words(
    event: AuctionStarted,
    preliminary: PreliminaryResult | None,
    me: Seat | None,
    exchange: bool = False,
) -> list[str]:
    first = (
        "you call first."
        if event.first_caller == me
        else f"{event.first_caller.label} calls first."
    )
    if preliminary is None:
        unseen = (
            f"; the other {event.stock_left} stock cards stay unseen" if event.stock_left else ""
        )
        return [f"{'The exchange' if exchange else 'Drawing'} is over{unseen}; {first}"]
    award = _award_words(preliminary, me)
    if award is not None:
        return [award, "The other 26 cards are dealt, 13 each; " + first]
    you, other = _you_and_other(preliminary.tricks, me)
    return [
        f"The stock is empty: the preliminary tricks are over (you took {you}, {other}); {first}"
    ]


def _you_and_other(counts: tuple[int, int], me: Seat | None) -> tuple[int, str]:
    # The player's count, and the other seat's name with its count: ``3, "East 4"``.
    seat = me if me is not None else Seat.SOUTH
    return counts[seat], f"{seat.other.label} {counts[seat.other]}"


def tricks_lines(view: SeatView, style: CardStyle = SYMBOLS) -> list[str]:
    """The tricks of this hand so far, one a line, from the player's side (``You`` for the
    player): the preliminary or memory tricks first, then the play."""
    me = view.seat
    lines: list[str] = []
    groups = [("Preliminary trick", view.preliminary_tricks)]
    if view.phase is Phase.PRELIMINARY:
        groups = [("Preliminary trick", view.tricks)]
    elif view.phase is Phase.PLAY:
        groups.append(("Trick", view.tricks))
    for title, tricks in groups:
        for number, trick in enumerate(tricks, start=1):
            lines.append(f"{title} {number}: {trick_words(trick, me, style)}")
    current = view.current_trick
    if current is not None and current.cards and view.phase in (Phase.PLAY, Phase.PRELIMINARY):
        lines.append(f"Now: {trick_words(current, me, style)}")
    return lines or ["No trick has been played yet this hand."]


def status_lines(view: SeatView, rules: RuleSet, style: CardStyle = SYMBOLS) -> list[str]:
    """Where the hand stands: the hand number and phase, the contract and the tricks won, the
    stock, and who is vulnerable."""
    me = view.seat

    def name(seat: Seat | None) -> str:
        if seat is None:
            return "nobody"
        return "You" if seat == me else seat.label

    lines = [f"{variant_title(rules)}, hand {view.hand_number + 1}: {view.phase.name.lower()}"]
    sheet = view.score_sheet
    if sheet.match_deals and not sheet.is_complete:
        lines.append(f"Deal {sheet.deals_scored + 1} of {sheet.match_deals}")
    if view.phase is Phase.EXCHANGE:
        upcard = style.card(view.face_up) if view.face_up is not None else "-"
        lines.append(
            f"Upcard {upcard}; stock: {view.stock_remaining} cards; "
            f"{name(view.to_act)} {'discard' if view.to_act == me else 'discards'} "
            f"{view.to_discard} more"
        )
    elif view.phase is Phase.DRAWING:
        lines.append(
            f"Stock: {view.stock_remaining} cards; hands: " + _per_seat(view.hand_sizes, me)
        )
    elif view.phase is Phase.PRELIMINARY:
        won = preliminary_won(view)
        lines.append(
            f"Preliminary trick {min(len(view.tricks) + 1, 13)} of 13; won: " + _per_seat(won, me)
        )
    elif view.phase is Phase.AUCTION:
        bid = (
            f"{style.contract(view.contract)} by {name(view.declarer)}"
            if view.contract
            else "none yet"
        )
        lines.append(f"Highest bid: {bid}")
    elif view.phase is Phase.PLAY and view.contract is not None:
        needed = view.contract.tricks_needed
        lines.append(
            f"Contract {style.contract(view.contract)} by {name(view.declarer)}: "
            f"{needed} tricks needed"
        )
        lines.append(
            f"Trick {min(len(view.tricks) + 1, 13)} of 13; won: " + _per_seat(view.tricks_won, me)
        )
        if view.barred_suit is not None and view.to_act is not None:
            lines.append(
                f"A Colon spoiled the last lead: {name(view.to_act)} may not lead "
                f"{style.suit(view.barred_suit)} while holding another suit"
            )
    vulnerable = [name(seat) for seat in SEATS if view.vulnerable[seat]]
    lines.append("Vulnerable: " + (" and ".join(vulnerable) if vulnerable else "nobody"))
    return lines


def _per_seat(counts: tuple[int, int], me: Seat | None) -> str:
    return ", ".join(f"{'you' if seat == me else seat.label} {counts[seat]}" for seat in SEATS)


def legal_action_words(view: SeatView | TableView, style: CardStyle = SYMBOLS) -> str:
    """The legal actions as words, for a prompt; bids are summed up as ``a bid from 3♦ up``."""
    bids = [a for a in view.legal_actions if FIRST_BID <= a <= LAST_BID]
    others = [style.action(a) for a in view.legal_actions if not FIRST_BID <= a <= LAST_BID]
    if len(bids) > 1:
        others.append(f"or a bid from {style.action(bids[0])} up")
    elif bids:
        others.append(style.action(bids[0]))
    return ", ".join(others)


def _option_description(name: str) -> str:
    info = OPTIONS.get(name)
    return info.description if info is not None else ""
