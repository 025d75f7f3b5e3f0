"""The four-hand table in text: the hands placed as at a real table, the trick in the middle.

Everything here takes a :class:`~honeymoon.views.TableView` (the one seat's view of a
:class:`~honeymoon.table.TableGame`), so nothing can show a card the seat may not see: a hand
the view does not give (``hands[d]`` is None) is drawn as backs with its size, and so are the
face-down cards of a hand the view shows only in part (``hand_sizes[d]`` more than the cards
given).

The layout turns the table so that the player's own hand is at the bottom and the hands follow
clockwise in their playing order (:attr:`TableView.order <honeymoon.views.TableView.order>`):
the next hand to the player's left, then the top (the player's dummy, opposite them), then the
right. Under the clockwise arrangement with East declaring, East and West change places, and
the layout shows them so.

A line of the diagram is a list of :data:`Segment` s, ``(text, kind)``; :func:`plain` joins
the text, and the full-screen table paints each kind (``card``, ``legal``, ``cursor``,
``dim``, ``back``, ``title``, ``turn``, ``info``, and ``suit0`` to ``suit3`` for a suit's
symbol or a card of the trick) its own way.

Each phase of the table is described once, in :data:`PHASES`: its panel title and the question
put to the player. A new phase is one entry there; its choices are the view's legal actions,
written by :func:`choice_words`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from honeymoon.actions import (
    CALL_ACTIONS,
    CARD_ACTIONS,
    LEAD_DEFENDER,
    LEAD_DEFENDERS_DUMMY,
    TAKE_EXPOSED,
    TAKE_OTHER,
    describe,
)
from honeymoon.auction import Call
from honeymoon.cards import Card, CardSet, Suit
from honeymoon.cli.render import SYMBOLS, CardStyle, auction_table
from honeymoon.game import Phase
from honeymoon.rules import RuleSet
from honeymoon.seats import Direction, Seat
from honeymoon.views import TableTrickView, TableView

__all__ = [
    "Segment",
    "Line",
    "PhaseText",
    "PHASES",
    "phase_text",
    "hand_name",
    "player_hand_name",
    "hand_title",
    "positions",
    "table_diagram",
    "plain",
    "info_lines",
    "choice_words",
    "typed_choice",
    "prompt_words",
    "trick_words",
    "hands_lines",
    "table_rules_help",
    "BACK",
]

#: One piece of a diagram line: its text and how it is painted.
Segment = tuple[str, str]
Line = list[Segment]
#: A face-down card.
BACK = "▒"
_SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_SIDE = 22
_MIDDLE = 24


@dataclass(frozen=True, slots=True)
class PhaseText:
    """How a phase of the four-hand table is put to the player: the panel's title, the
    question when it is the player's turn (``{hand}`` is the hand to play, ``{dummy}`` the
    player's dummy, ``{other}`` the other player), and what the other player is doing
    meanwhile (``{who}``)."""

    title: str
    question: str
    waiting: str


#: Each phase of the four-hand table, once. A phase missing here is shown by its name.
PHASES: dict[Phase, PhaseText] = {
    Phase.AUCTION: PhaseText(
        "Auction",
        "Your call: type it (1n, 2s, p, x) and Enter, or arrows and Enter",
        "{who} is thinking about a call…",
    ),
    Phase.DUMMY_CHOICE: PhaseText(
        "Declarer's choice of dummy",
        "Choose your dummy: type exposed or other (e, o), or arrows and Enter",
        "{who} is choosing a dummy…",
    ),
    Phase.EXTRA_CARDS: PhaseText(
        "Two extra cards",
        "Card for your hand (the other goes to {dummy}): type it or arrows, Enter",
        "{who} is placing two cards…",
    ),
    Phase.WIDOW_HAND: PhaseText(
        "The widow",
        "Widow card for your hand: type it or arrows, then Enter",
        "{who} is taking the widow…",
    ),
    Phase.WIDOW_DUMMY: PhaseText(
        "The widow",
        "For your dummy (the other two go to {other}): type it or arrows, Enter",
        "{who} is splitting the widow…",
    ),
    Phase.LEAD_CHOICE: PhaseText(
        "Declarer's choice of opening leader",
        "Who leads: type defender or dummy, or arrows and Enter",
        "{who} is choosing who leads…",
    ),
    Phase.PLAY: PhaseText(
        "Play",
        "{hand} to play: type a card (sa, h10) or arrows, then Enter",
        "{who} is thinking…",
    ),
    Phase.COMPLETE: PhaseText("The rubber is over", "", ""),
}


def phase_text(phase: Phase) -> PhaseText:
    """The entry of :data:`PHASES` for ``phase`` (a plain one for a phase not yet there)."""
    known = PHASES.get(phase)
    if known is not None:
        return known
    name = phase.name.replace("_", " ").capitalize()
    return PhaseText(name, f"{name}: choose (type it, or arrows and Enter)", "{who} is choosing…")


def hand_name(direction: Direction, me: Seat | None, *, capital: bool = False) -> str:
    """The hand at ``direction`` as the player at ``me`` hears it: ``you``, ``your dummy
    (North)``, ``East``, ``East's dummy (West)``.

    >>> hand_name(Direction.NORTH, Seat.SOUTH), hand_name(Direction.WEST, Seat.SOUTH)
    ('your dummy (North)', "East's dummy (West)")
    >>> print(hand_name(Direction.SOUTH, Seat.SOUTH, capital=True), hand_name(Direction.EAST, None))
    You East
    """
    owner = direction.owner
    if direction.is_dummy:
        text = (
            f"your dummy ({direction.label})"
            if owner == me
            else f"{owner.label}'s dummy ({direction.label})"
        )
    else:
        text = "you" if owner == me else direction.label
    return text[0].upper() + text[1:] if capital else text


def wins_words(direction: Direction, me: Seat | None, *, capital: bool = False) -> str:
    """Who won a trick, the verb agreeing with the hand: ``you win``, ``East wins``, ``your
    dummy (North) wins``.

    >>> wins_words(Direction.SOUTH, Seat.SOUTH, capital=True), wins_words(Direction.EAST, None)
    ('You win', 'East wins')
    """
    you = direction == (me.direction if me is not None else None)
    return f"{hand_name(direction, me, capital=capital)} {'win' if you else 'wins'}"


def player_hand_name(direction: Direction, me: Seat | None) -> str:
    """The hand to play as a prompt names it: ``Your hand`` or ``Your dummy (North)``.

    >>> player_hand_name(Direction.SOUTH, Seat.SOUTH), player_hand_name(Direction.NORTH, Seat.SOUTH)
    ('Your hand', 'Your dummy (North)')
    """
    if me is not None and direction is me.direction:
        return "Your hand"
    return hand_name(direction, me, capital=True)


def hand_title(direction: Direction, me: Seat | None, exposed: Direction | None = None) -> str:
    """A hand's title on the table: ``South · you``, ``North · your dummy``, ``West · East's
    dummy``, ``East``. While declarer has yet to choose a dummy (Single Dummy Bridge, the
    dummy dealt face up at ``exposed``) the dummies belong to nobody yet: ``North · exposed
    dummy`` and ``West · the other dummy``."""
    owner = direction.owner
    if direction.is_dummy and exposed is not None:
        return f"{direction.label} · {'exposed' if direction is exposed else 'the other'} dummy"
    if direction.is_dummy:
        whose = "your dummy" if owner == me else f"{owner.label}'s dummy"
        return f"{direction.label} · {whose}"
    return f"{direction.label} · you" if owner == me else direction.label


def positions(view: TableView) -> dict[str, Direction]:
    """Where each hand is drawn: ``bottom`` (the player's own hand; South for a spectator),
    then clockwise in the playing order ``left``, ``top`` (the player's dummy) and ``right``.

    >>> from honeymoon.table import TableGame
    >>> from honeymoon.rules import DOUBLE_DUMMY
    >>> from honeymoon.views import view_for
    >>> view = view_for(TableGame(DOUBLE_DUMMY, seed=1), Seat.EAST)
    >>> {place: d.letter for place, d in positions(view).items()}
    {'bottom': 'E', 'left': 'S', 'top': 'W', 'right': 'N'}
    """
    order = list(view.order)
    own = view.seat.direction if view.seat is not None else Direction.SOUTH
    start = order.index(own)
    turned = order[start:] + order[:start]
    return dict(zip(("bottom", "left", "top", "right"), turned, strict=True))


def plain(line: Line) -> str:
    """The text of a diagram line."""
    return "".join(text for text, _ in line)


def _width(line: Line) -> int:
    return sum(len(text) for text, _ in line)


def _pad(line: Line, width: int) -> Line:
    used = _width(line)
    return [*line, (" " * (width - used), "")] if used < width else line


def _centre(line: Line, width: int) -> Line:
    used = _width(line)
    if used >= width:
        return line
    left = (width - used) // 2
    return [(" " * left, ""), *line, (" " * (width - used - left), "")]


def _hand_block(
    view: TableView,
    direction: Direction,
    style: CardStyle,
    *,
    cursor: Card | None,
    compact: bool,
) -> list[Line]:
    """A hand: its title (marked when it is the hand to play) and a line a suit, or backs."""
    me = view.seat
    size = view.hand_sizes[direction]
    title = f"{hand_title(direction, me, view.exposed_dummy)} ({size})"
    to_play = view.to_play is direction or (
        view.phase is not Phase.PLAY
        and view.to_act is not None
        and direction is view.to_act.direction
    )
    lines: list[Line] = [
        [("▶ " if to_play else "", "turn"), (title, "turn" if to_play else "title")]
    ]
    cards = view.hands[direction]
    if cards is None:
        lines.append([(BACK * size if size else "-", "back")])
        return lines if compact else lines + [[] for _ in range(3)]
    playing = view.my_turn and view.to_play is direction
    legal = set(view.legal_actions) if playing else set()

    def kind_of(card: Card) -> str:
        if not playing:
            return "card"
        return "cursor" if card == cursor else ("legal" if card.id in legal else "dim")

    places = _layout(view, direction)
    if places:
        return lines + _laid_out(places, style, kind_of)
    for suit in _SUIT_ORDER:
        line: Line = [(style.suit(suit), f"suit{int(suit)}")]
        ranks = [card for card in cards.cards_high_to_low() if card.suit is suit]
        if not ranks:
            line.append((" -", "dim"))
        for card in ranks:
            line += [(" ", ""), (style.rank(card.rank), kind_of(card))]
        lines.append(line)
    hidden = size - len(cards)
    if hidden > 0:
        # Face-down cards of a hand shown in part (Semi-Exposed Dummies): backs, counted.
        lines.append([(BACK * hidden, "back"), (f" {hidden} face down", "info")])
    return lines


#: A place of a semi-exposed dummy: the face-up card there (None once played) and whether a
#: face-down card lies under it.
Place = tuple[Card | None, bool]


def _layout(view: TableView, direction: Direction) -> tuple[Place, ...]:
    """How a semi-exposed dummy lies (the view's ``covers``); empty for any other hand."""
    return tuple(view.covers[direction])


def _laid_out(
    places: Sequence[Place], style: CardStyle, kind_of: Callable[[Card], str]
) -> list[Line]:
    """A semi-exposed dummy as it lies, four places a row: each face-up card, and under it
    its face-down card as a back (RULES.md 7)."""
    lines: list[Line] = []
    for start in range(0, len(places), 4):
        row = places[start : start + 4]
        faces: Line = []
        backs: Line = []
        for card, covered in row:
            text = style.card(card) if card is not None else "·"
            kind = kind_of(card) if card is not None else "dim"
            faces += [(text, kind), (" " * (4 - len(text)), "")]
            backs += [(BACK * 2 if covered else "  ", "back"), ("  ", "")]
        lines += [_trimmed(faces), _trimmed(backs)]
    return lines


def _trick_block(view: TableView, trick: TableTrickView | None, style: CardStyle) -> list[Line]:
    """The trick in the middle: each card on the side of the hand that played it, with the
    winner once it is complete; during the auction, the calls so far."""
    if view.phase is not Phase.PLAY and trick is None:
        rows: list[Line] = [[(text, "info")] for text in auction_table(view, style)[-5:]]
        return rows + [[] for _ in range(5 - len(rows))]
    place = {direction: name for name, direction in positions(view).items()}
    played: dict[str, Line] = {}
    if trick is not None:
        for direction, card in zip(trick.players, trick.cards, strict=True):
            played[place[direction]] = [
                (f"{direction.letter} ", "info"),
                (style.card(card), f"suit{int(card.suit)}"),
            ]
    # The right-hand card ends two columns short of the right-hand hand.
    half = _MIDDLE // 2
    middle = _pad(played.get("left", []), half)
    right = played.get("right", [])
    middle += _pad([(" " * max(0, half - 2 - _width(right)), ""), *right], half)
    note: Line = []
    if trick is not None and trick.winner is not None:
        note = [(wins_words(trick.winner, view.seat, capital=True), "turn")]
    return [
        _centre(played.get("top", []), _MIDDLE),
        middle,
        _centre(played.get("bottom", []), _MIDDLE),
        _centre(note, _MIDDLE),
        [],
    ]


def info_lines(view: TableView, style: CardStyle = SYMBOLS) -> list[str]:
    """Where the hand stands, in a few short lines for the table's corner: the bid or the
    contract, the tricks won, the trick's number and who is vulnerable."""
    me = view.seat

    def who(seat: Seat | None) -> str:
        if seat is None:
            return "nobody"
        return "you" if seat == me else seat.label

    lines = []
    if view.contract is not None:
        label = "Bid" if view.phase is Phase.AUCTION else "Contract"
        lines.append(f"{label} {style.contract(view.contract)} by {who(view.declarer)}")
    elif view.phase is Phase.AUCTION:
        lines.append(f"Dealer: {who(view.dealer)}")
    if view.phase is Phase.PLAY and view.contract is not None:
        seat = me if me is not None else Seat.SOUTH
        lines.append(
            f"Tricks: you {view.tricks_won[seat]}, {seat.other.label} {view.tricks_won[seat.other]}"
        )
        lines.append(f"Trick {min(len(view.tricks) + 1, 13)} of 13")
    sheet = view.score_sheet
    vulnerable = [who(seat) for seat in (Seat.SOUTH, Seat.EAST) if sheet.vulnerable(seat)]
    lines.append("Vul: " + (" and ".join(vulnerable) if vulnerable else "nobody"))
    return lines


def table_diagram(
    view: TableView,
    style: CardStyle = SYMBOLS,
    *,
    trick: TableTrickView | None = None,
    cursor: Card | None = None,
    compact: bool = False,
) -> list[Line]:
    """The table as lines of segments: the top hand, the left and right hands with the trick
    (or the auction) between them, the bottom hand; the corner above on the left says where
    the hand stands. ``trick`` is the trick shown in the middle (default: the one in
    progress); ``cursor`` the highlighted card of the hand to play; ``compact`` draws a hand
    of backs on two rows instead of five."""
    spots = positions(view)
    shown = trick if trick is not None else view.current_trick
    blocks = {
        place: _hand_block(view, direction, style, cursor=cursor, compact=compact)
        for place, direction in spots.items()
    }
    side = max(_SIDE, *(_width(line) + 2 for line in blocks["left"]))
    corner = [[(text[: side - 1], "info")] for text in info_lines(view, style)]
    lines: list[Line] = []
    top = blocks["top"]
    for row in range(max(len(top), len(corner))):
        left = corner[row] if row < len(corner) else []
        lines.append(_pad(left, side) + (top[row] if row < len(top) else []))
    middle = _trick_block(view, shown, style)
    west, east = blocks["left"], blocks["right"]
    for row in range(max(len(west), len(east), len(middle))):
        line = _pad(west[row] if row < len(west) else [], side)
        line += _pad(middle[row] if row < len(middle) else [], _MIDDLE)
        line += east[row] if row < len(east) else []
        lines.append(line)
    for line in blocks["bottom"]:
        lines.append(_pad([], side) + line)
    # No trailing spaces: the last segment of each line is trimmed.
    return [_trimmed(line) for line in lines]


def _trimmed(line: Line) -> Line:
    while line and not line[-1][0].strip():
        line = line[:-1]
    return line


def choice_words(action: int, style: CardStyle = SYMBOLS) -> str:
    """An action of the table in words: a card or a call as the style writes it, any other
    action (declarer's choice of dummy, and the choices of phases to come) as
    :func:`~honeymoon.actions.describe` writes it."""
    if action in CARD_ACTIONS:
        return style.card(Card.from_id(action))
    if action in CALL_ACTIONS:
        return style.call(Call(action))
    return describe(action)


#: What to type for each choice that is not a card or a call: a word the table's reader
#: (:meth:`TableGame.parse_action <honeymoon.table.TableGame.parse_action>`) accepts.
_TYPED = {
    TAKE_EXPOSED: "exposed",
    TAKE_OTHER: "other",
    LEAD_DEFENDER: "defender",
    LEAD_DEFENDERS_DUMMY: "dummy",
}


def typed_choice(action: int, style: CardStyle = SYMBOLS) -> str:
    """A choice as a prompt offers it: a card or a call as written, any other with the word
    to type for it (``defender: the defender leads``)."""
    typed = _TYPED.get(action)
    words = choice_words(action, style)
    return f"{typed}: {words}" if typed is not None else words


def prompt_words(view: TableView, style: CardStyle = SYMBOLS) -> str:
    """The question put to the player now (or what the other player is doing)."""
    text = phase_text(view.phase)
    me = view.seat
    if not view.my_turn:
        who = view.to_act.label if view.to_act is not None else ""
        if view.phase is Phase.PLAY and view.to_play is not None and view.to_play.is_dummy:
            who = f"{who} (for {hand_name(view.to_play, me)})"
        return text.waiting.format(who=who)
    hand = player_hand_name(view.to_play, me) if view.to_play is not None else ""
    dummy = me.dummy.label if me is not None else ""
    other = me.other.label if me is not None else ""
    return text.question.format(hand=hand, dummy=dummy, other=other)


def trick_words(trick: TableTrickView, me: Seat | None, style: CardStyle = SYMBOLS) -> str:
    """A trick in words: ``West ♠3, North ♠5, East ♠K, you ♠2: East wins`` (``…: you win``)."""
    parts = [
        f"{hand_name(direction, me, capital=index == 0)} {style.card(card)}"
        for index, (direction, card) in enumerate(zip(trick.players, trick.cards, strict=True))
    ]
    text = ", ".join(parts)
    if trick.winner is not None:
        text += f": {wins_words(trick.winner, me)}"
    return text


def hands_lines(view: TableView, style: CardStyle = SYMBOLS) -> list[str]:
    """Every hand the player may see, one line each (``North · your dummy: ♠ A K 5 ♥ …``),
    and the size of each hand they may not see."""
    lines = []
    for place, direction in positions(view).items():
        del place
        cards = view.hands[direction]
        title = hand_title(direction, view.seat, view.exposed_dummy)
        size = view.hand_sizes[direction]
        if cards is None:
            lines.append(f"{title}: {size} cards, unseen")
            continue
        suits = "  ".join(_suit_words(cards, suit, style) for suit in _SUIT_ORDER)
        hidden = size - len(cards)
        extra = ""
        if hidden > 0:
            covering = [style.card(c) for c, covered in _layout(view, direction) if c and covered]
            under = f", under {' '.join(covering)}" if covering else ""
            extra = f" (and {hidden} face down{under})"
        lines.append(f"{title}: {suits}{extra}")
    return lines


def _suit_words(cards: CardSet, suit: Suit, style: CardStyle) -> str:
    ranks = [style.rank(card.rank) for card in cards.cards_high_to_low() if card.suit is suit]
    return f"{style.suit(suit)} {' '.join(ranks) if ranks else '-'}"


_TABLE_HELP = {
    "seating": (
        "Seating: you and the computer sit side by side, South and East; each one's dummy "
        "sits opposite (North is South's dummy, West is East's). Your hand is drawn at the "
        "bottom, your dummy at the top. Four-card tricks go clockwise; you play your "
        "dummy's cards in its turn, and the prompt says which hand is to play."
    ),
    "auction": (
        "Auction: dealer first, between the two players, as in the two-hand game. The "
        "partnership of declarer and declarer's dummy plays against the other player and "
        "their dummy. The hand at declarer's left makes the opening lead (your own hand or "
        "your dummy when you defend)."
    ),
    "dummies": (
        "Dummies: during the auction you see only your own hand; then you look at your own "
        "dummy; after the opening lead both dummies are turned face up. A hand you may not "
        "see is drawn as backs (▒) with its size."
    ),
}


def table_rules_help(rules: RuleSet) -> list[str]:
    """The rules of a four-hand variant in short, and what its options change, one paragraph
    a line."""
    lines = [rules.title, rules.summary, *_TABLE_HELP.values()]
    if rules.racks:
        lines.append("Racks: the dummies are never shown to the opponent; you see only yours.")
    if rules.clockwise:
        lines.append(
            "Clockwise: after the auction the hands sit clockwise as defender's dummy, "
            "declarer's dummy, defender, declarer, so the defender's dummy always leads."
        )
    if rules.twelve_and_two:
        lines.append(
            "Twelve and two: 12 cards to each hand; you see your dummy during the auction. "
            "After it each player gets two more cards and puts one in their hand, the other "
            "in their dummy (declarer first)."
        )
    if rules.semi_exposed:
        lines.append(
            "Semi-exposed dummies: each dummy lies as six face-down cards (▒) under six "
            "face-up ones and a seventh face-up card alone, seen by both players from the "
            "deal. A dummy plays only face-up cards and follows suit with them alone; a "
            "face-down card turns up at the end of the trick in which its cover is played."
        )
    if rules.widow:
        lines.append(
            "The widow: 12 cards to each hand and four face down. After the auction declarer "
            "takes the widow, puts one card in their hand and one in their dummy and gives the "
            "other two to the defender, who puts one in each; then declarer chooses whether the "
            "defender or the defender's dummy leads. Nobody sees the other's placements."
        )
    if rules.exposed_dummy:
        lines.append(
            "Single dummy: the dealer's dummy is face up during the auction; declarer then "
            "takes it or the other dummy as partner, and the chosen one sits opposite declarer."
        )
    return lines


def painted(line: Line, paint: Callable[[str, str], str]) -> str:
    """A diagram line with each segment painted by ``paint(kind, text)``."""
    return "".join(paint(kind, text) if kind else text for text, kind in line)


def diagram_text(lines: Sequence[Line]) -> list[str]:
    """The plain text of a diagram."""
    return [plain(line) for line in lines]
