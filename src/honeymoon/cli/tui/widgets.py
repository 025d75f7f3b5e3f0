"""What the full-screen table draws, as Textual markup built from the player's view alone.

Every function here takes a :class:`~honeymoon.views.SeatView` (or public values taken from
one), so the table cannot draw a card the player may not see. Cards are drawn as small white
chips (black or red, or four colours), the card being looked at and the trick as bigger cards
(bigger still on a big terminal); the palette's :class:`~honeymoon.cli.render.CardStyle` says
how a card is written (suit symbols or letters, the ten as 10 or T).
Clickable parts carry ``@click`` actions of the game screen (``screen.act(N)`` for action N).
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from textual.markup import escape
from textual.widgets import Static

from honeymoon.actions import DOUBLE, KEEP, PASS, REDOUBLE, REJECT
from honeymoon.auction import Call, bid_action
from honeymoon.cards import Card, Strain, Suit
from honeymoon.cli.render import SYMBOLS, CardStyle, memory_award, preliminary_won, sheet_rows
from honeymoon.game import Phase
from honeymoon.rules import Procedure
from honeymoon.seats import SEATS, Seat
from honeymoon.views import SeatView, TableView, TrickView

__all__ = [
    "Surface",
    "Palette",
    "hand_order",
    "hand_markup",
    "big_card",
    "drawing_markup",
    "auction_markup",
    "call_grid_markup",
    "trick_markup",
    "play_info_markup",
    "preliminary_info_markup",
    "drawn_markup",
    "preliminary_summary_line",
    "CARD_PHASES",
    "exchange_markup",
    "suit_key",
    "sheet_markup",
    "status_markup",
    "seat_name",
]

_SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
#: The phases in which the player chooses a card of the hand: plays to tricks, or discards in
#: Bridgette's exchange.
CARD_PHASES = (Phase.PLAY, Phase.PRELIMINARY, Phase.EXCHANGE)
#: Bridgette's Colons: violet on a white card, lilac on the cloth.
_COLON_ON_CARD = "#6a2c91"
_COLON_ON_TABLE = "#d7afff"
_CARD_FACE = "#f7f5ee"
#: A card that may not be played: grey, yet readable (contrast 4.9:1, WCAG AA).
DIM_CARD_TEXT = "#4e4e4e"
DIM_CARD_FACE = "#c8c8c0"


class Surface(Static):
    """A static area whose clickable parts keep their own colours (cards stay white, with
    black or red pips) and are underlined under the mouse."""

    @property
    def link_style(self) -> Style:
        """No colour change for clickable text."""
        return Style()

    @property
    def link_style_hover(self) -> Style:
        """Underline what the mouse is over."""
        return Style(underline=True)


@dataclass(frozen=True, slots=True)
class Palette:
    """How cards look: suit colours (red and black, or four colours: ♠ black, ♥ red, ♦ orange,
    ♣ green), how they are written (``cards``) and whether the big cards are bigger still
    (``big``, on a big terminal) or biggest (``huge``, on a large one)."""

    four_colours: bool = False
    cards: CardStyle = SYMBOLS
    big: bool = False
    huge: bool = False

    def card(self, card: Card) -> str:
        """The card in words: ``♠10``, ``SK``."""
        return self.cards.card(card)

    def suit(self, suit: Suit) -> str:
        """The colour of ``suit`` on a white card."""
        if self.four_colours:
            return ("#1a7f37", "#d35400", "#c0001a", "#111111")[suit]
        return "#c0001a" if suit.is_red else "#111111"

    def on_table(self, suit: Suit) -> str:
        """The colour of a suit symbol drawn straight on the green cloth."""
        if self.four_colours:
            return ("#5fd75f", "#ffaf5f", "#ff5f5f", "#e8e8e8")[suit]
        return "#ff5f5f" if suit.is_red else "#e8e8e8"

    def card_colour(self, card: Card) -> str:
        """The colour of ``card``'s pips on a white card (a Colon's violet)."""
        return _COLON_ON_CARD if card.is_colon else self.suit(card.suit)

    def card_on_table(self, card: Card) -> str:
        """The colour of ``card`` written straight on the cloth (a Colon's lilac)."""
        return _COLON_ON_TABLE if card.is_colon else self.on_table(card.suit)

    def faces(self, card: Card) -> tuple[str, str]:
        """The card's corner and centre marks: rank and suit (``A``, ``♠``), or a Colon's
        letter and tricolon (``G``, ``⁝``; ``:`` in letters)."""
        if card.is_colon:
            return card.kind.letter, ":" if self.cards.letters else "⁝"  # type: ignore[attr-defined]
        return self.cards.rank(card.rank), self.cards.suit(card.suit)

    def chip(self, card: Card, *, selected: bool = False, dim: bool = False) -> str:
        """A card as a small chip, `` A♠ ``, optionally selected (gold) or dimmed."""
        corner, mark = self.faces(card)
        text = (f"{mark}{corner}" if card.is_colon else f"{corner}{mark}").center(4)
        if dim:
            return f"[{DIM_CARD_TEXT} on {DIM_CARD_FACE}]{text}[/]"
        background = "#ffd75f" if selected else _CARD_FACE
        underline = " underline" if selected else ""
        return f"[bold{underline} {self.card_colour(card)} on {background}]{text}[/]"


def seat_name(seat: Seat | None, me: Seat | None) -> str:
    """``You`` for the player's own seat, else the seat's label."""
    if seat is None:
        return "nobody"
    return "You" if seat == me else seat.label


def seat_in_sentence(seat: Seat, me: Seat | None) -> str:
    """``you`` for the player's own seat in the middle of a sentence (``4♠ by you``), else the
    seat's label: the same casing as the narration."""
    return "you" if seat == me else seat.label


def hand_order(view: SeatView) -> list[Card]:
    """The player's cards in display order: spades, hearts, diamonds, clubs, high to low."""
    return view.hand.cards_high_to_low()


def hand_markup(
    view: SeatView,
    palette: Palette,
    cursor: Card | None = None,
    highlight: Card | None = None,
) -> str:
    """The hand, one row a suit (Bridgette's Colons, if held, end the shortest row after a
    tricolon, so the hand keeps its four rows). In play the legal cards are clickable and the
    others dim."""
    playing = view.phase in CARD_PHASES and view.my_turn
    legal = set(view.legal_actions) if playing else set()
    rows = []
    order = hand_order(view)
    groups: list[tuple[str, list[Card]]] = [
        (
            f"[bold {palette.on_table(suit)}]{palette.cards.suit(suit)}[/]",
            [card for card in order if not card.is_colon and card.suit == suit],
        )
        for suit in _SUIT_ORDER
    ]
    colons = [card for card in order if card.is_colon]
    shortest = min(range(len(groups)), key=lambda i: (len(groups[i][1]), -i))
    for index, (symbol, cards) in enumerate(groups):
        chips = []
        for card in cards:
            chips.append(_hand_chip(card, palette, legal, playing, (cursor, highlight)))
        row = f"{symbol} " + (" ".join(chips) if chips else "[dim]—[/]")
        if colons and index == shortest:
            # Each Colon's chip carries its own tricolon (⁝L): no mark of the row before them.
            row += "  " + " ".join(
                _hand_chip(card, palette, legal, playing, (cursor, highlight)) for card in colons
            )
        rows.append(row)
    return "\n".join(rows)


def _hand_chip(
    card: Card,
    palette: Palette,
    legal: set[int],
    playing: bool,
    marked: tuple[Card | None, Card | None],
) -> str:
    # A card of the hand: selected, dimmed when not playable now, clickable when it is.
    chip = palette.chip(card, selected=card in marked, dim=playing and card.action not in legal)
    return f"[@click=screen.act({card.action})]{chip}[/]" if card.action in legal else chip


def suit_key(card: Card) -> int:
    """A card's suit number for moving a cursor between rows: -1 for a Colon (the last row)."""
    return -1 if card.is_colon else int(card.suit)


def big_card(card: Card | None, palette: Palette, *, empty: str = "") -> list[str]:
    """A card five rows high and seven wide (an outlined gap when ``card`` is None); seven
    rows high and nine wide with ``palette.big``; nine high and eleven wide with
    ``palette.huge``."""
    inside = 9 if palette.huge else 7 if palette.big else 5
    blank_rows = (inside - 3) // 2  # between a corner's rank and the suit in the middle
    if card is None:
        label = escape(empty).center(inside)[:inside]
        gap = [f"[#3f7f55]┆{' ' * inside}┆[/]"] * blank_rows
        return [
            f"[#3f7f55]╭{'┄' * inside}╮[/]",
            *gap,
            f"[#3f7f55]┆[/][#9fbfa8]{label}[/][#3f7f55]┆[/]",
            *gap,
            f"[#3f7f55]╰{'┄' * inside}╯[/]",
        ]
    style = f"bold {palette.card_colour(card)} on {_CARD_FACE}"
    rank, mark = palette.faces(card)
    blank = [f"[{style}]│{' ' * inside}│[/]"] * (blank_rows - 1)
    side = " " * ((inside - 1) // 2)
    return [
        f"[{style}]╭{'─' * inside}╮[/]",
        f"[{style}]│{rank:<{inside}}│[/]",
        *blank,
        f"[{style}]│{side}{mark}{side}│[/]",
        *blank,
        f"[{style}]│{rank:>{inside}}│[/]",
        f"[{style}]╰{'─' * inside}╯[/]",
    ]


def _option(text: str, key: str, action: int, selected: bool) -> str:
    style = "bold #111111 on #ffd75f" if selected else "bold #e8e8e8 on #1f5f3a"
    return f"[@click=screen.act({action})][{style}] {key} [/] {escape(text)}[/]"


def drawing_markup(
    view: SeatView, palette: Palette, cursor: int, *, discard_after_keep: bool = True
) -> tuple[str, str]:
    """The drawing phase: the card being looked at (left) and the choices and piles (right).

    ``discard_after_keep`` is the variant's rule (:attr:`RuleSet.discard_after_keep`): keeping
    either discards the next card or ends the turn, and the choices say which."""
    me = view.seat
    turn = len(view.draws) + (1 if view.my_turn else 0)
    if view.my_turn and view.looking_at is not None:
        card = view.looking_at
        left = "\n".join(big_card(card, palette))
        colour = palette.on_table(card.suit)
        # The turn count has a row of its own: beside the card it broke across two rows
        # where the table is narrow (with the score and the auction panels beside it).
        right = [
            f"You are looking at [bold {colour}]{palette.card(card)}[/]",
            f"[#c8dccf]Turn {turn} of 13[/]",
            "",
            _option(
                "keep it, discard the next card"
                if discard_after_keep
                else "keep it; your turn ends",
                "k",
                KEEP,
                cursor == 0,
            ),
            _option("reject it, take the next card", "r", REJECT, cursor == 1),
        ]
    else:
        left = "\n".join(big_card(None, palette, empty="stock"))
        other = seat_name(view.to_act, me) if view.to_act is not None else ""
        right = [f"[italic]{other} is drawing…[/]", "", "", "", ""]
    opponent = me.other if me is not None else SEATS[1]
    right += [
        "",
        f"Stock: [bold]{view.stock_remaining}[/] cards left",
        f"{opponent.label}: {view.hand_sizes[opponent]} kept, "
        f"{view.discard_counts[opponent]} discarded",
    ]
    return left, "\n".join(right)


def discards_markup(view: SeatView, palette: Palette) -> str:
    """One line: how many cards the player has discarded, and which."""
    chips = " ".join(
        f"[bold {palette.card_on_table(card)}]{palette.card(card)}[/]"
        for card in view.discards.cards_high_to_low()
    )
    return f"Your discards ({len(view.discards)}): " + (chips or "none yet")


def auction_markup(view: SeatView, style: CardStyle = SYMBOLS) -> str:
    """The calls so far as a table, first caller's column first, ``?`` for the call awaited."""
    me = view.seat
    if view.first_caller is None:
        return ""
    first = view.first_caller
    names = (seat_name(first, me), seat_name(first.other, me))
    lines = [f"[bold underline]{names[0]:<7}[/] [bold underline]{names[1]:<7}[/]"]
    calls = [style.call(call) for call in view.auction]
    if view.phase is Phase.AUCTION and view.to_act is not None:
        calls.append("?")
    for index in range(0, len(calls), 2):
        pair = calls[index : index + 2]
        lines.append(" ".join(f"{c:<7}" for c in pair).rstrip())
    visible = lines[:1] + lines[1:][-8:]
    return "\n".join(visible)


def call_grid_markup(view: SeatView, palette: Palette, cursor: int | None) -> str:
    """The legal calls only: pass, double or redouble, and the bids still open, by level."""
    legal = set(view.legal_actions) if view.my_turn else set()
    if not legal:
        return "[italic]waiting for the other call…[/]"

    def cell(action: int, text: str, width: int) -> str:
        if action not in legal:
            return " " * width
        selected = action == cursor
        style = "bold #111111 on #ffd75f" if selected else "bold #111111 on " + _CARD_FACE
        strain = Call(action).strain
        suit = strain.suit if strain is not None else None
        if suit is not None:
            style = f"bold {palette.suit(suit)} on " + ("#ffd75f" if selected else _CARD_FACE)
        return f"[@click=screen.act({action})][{style}]{text.center(width)}[/][/]"

    top = [cell(PASS, "Pass", 6)]
    if DOUBLE in legal:
        top.append(cell(DOUBLE, "X", 4))
    if REDOUBLE in legal:
        top.append(cell(REDOUBLE, "XX", 4))
    lines = [" ".join(top)]
    for level in range(1, 8):
        bids = [(bid_action(level, strain), palette.cards.strain(strain)) for strain in Strain]
        if any(action in legal for action, _symbol in bids):
            lines.append(f"{level} " + " ".join(cell(action, symbol, 3) for action, symbol in bids))
    return "\n".join(lines)


def contract_line(view: SeatView, style: CardStyle = SYMBOLS) -> str:
    """The contract (or highest bid), its declarer, and who is vulnerable."""
    me = view.seat
    vulnerable = [seat_name(s, me) for s in SEATS if view.vulnerable[s]]
    vul = "Vulnerable: " + (" and ".join(vulnerable) if vulnerable else "nobody")
    if view.contract is None:
        return f"No bid yet · {vul}"
    label = "Contract" if view.phase is Phase.PLAY else "Bid"
    contract = style.contract(view.contract)
    declarer = seat_in_sentence(view.declarer, me) if view.declarer is not None else "nobody"
    return f"{label} [bold]{contract}[/] by {declarer} · {vul}"


def trick_markup(trick: TrickView | None, me: Seat | None, palette: Palette) -> str:
    """The trick in progress: the leader's card, then the follower's (an outline if not yet);
    a finished trick (one with a winner) says who won it."""
    if trick is None:
        return ""
    seats = (trick.leader, trick.leader.other)
    columns = []
    for index in range(2):
        card = trick.cards[index] if index < len(trick.cards) else None
        columns.append(big_card(card, palette, empty="…" if index == len(trick.cards) else ""))
    labels = [
        seat_name(seats[0], me) + (" led" if trick.cards else " lead"),
        seat_name(seats[1], me),
    ]
    width = 13 if palette.huge else 11 if palette.big else 9
    lines = [f"{labels[0]:<{width}}{labels[1]:<{width}}"]
    for row in range(len(columns[0])):
        lines.append(f"{columns[0][row]}  {columns[1][row]}")
    if trick.winner is not None:
        won = "You win the trick" if trick.winner == me else f"{trick.winner.label} wins the trick"
        lines.append(f"[bold #ffd75f]{won}[/]")
    return "\n".join(lines)


def play_info_markup(view: SeatView, style: CardStyle = SYMBOLS) -> str:
    """Contract, declarer, tricks won and what declarer needs, and whose turn it is."""
    me = view.seat
    lines = []
    if view.contract is not None and view.declarer is not None:
        needed = view.contract.tricks_needed
        contract = style.contract(view.contract)
        lines.append(f"[bold]{contract}[/] by {seat_in_sentence(view.declarer, me)}")
        lines.append(
            f"{seat_name(view.declarer, me)} need{'' if view.declarer == me else 's'} "
            f"{needed} tricks"
        )
    if me is not None:
        lines.append("")
        lines.append(
            f"Tricks won: You [bold]{view.tricks_won[me]}[/] · "
            f"{me.other.label} [bold]{view.tricks_won[me.other]}[/]"
        )
        lines.append(f"Trick {min(len(view.tricks) + 1, 13)} of 13")
    if view.barred_suit is not None and view.to_act is not None:
        lines.append(
            f"[#d7afff]A Colon spoiled the lead: {seat_in_sentence(view.to_act, me)} may not lead "
            f"{style.suit(view.barred_suit)}[/]"
        )
    lines.append("")
    lines.append(_turn_markup(view))
    return "\n".join(lines)


def exchange_markup(view: SeatView, palette: Palette) -> tuple[str, str]:
    """Bridgette's exchange: the upcard (left), and who discards how many, the stock and the
    cards the player took (right). Never a card of the other player's."""
    left = "\n".join(big_card(view.face_up, palette, empty="upcard"))
    right = []
    if view.face_up is not None:
        chip = f"[bold {palette.card_on_table(view.face_up)}]{palette.card(view.face_up)}[/]"
        right.append(f"Upcard: {chip}")
    if view.my_turn:
        right.append(f"[bold #ffd75f]Discard {view.to_discard} more[/] (any card, Colons too)")
    elif view.to_act is not None:
        right.append(f"[italic]{view.to_act.label} discards {view.to_discard} more…[/]")
    right.append(f"Stock: [bold]{view.stock_remaining}[/] cards, never shown")
    if view.drawn:
        chips = " ".join(
            f"[bold {palette.card_on_table(c)}]{palette.card(c)}[/]" for c in view.drawn
        )
        right.append(f"You took: {chips}")
    return left, "\n".join(right)


def _turn_markup(view: SeatView) -> str:
    """Whose card it is: "Your lead", "Your turn to follow" or "East to play…"."""
    if view.my_turn:
        trick = view.current_trick
        if not trick or not trick.cards:
            return "[bold #ffd75f]Your lead[/]"
        return "[bold #ffd75f]Your turn to follow[/]"
    if view.to_act is not None:
        return f"[italic]{view.to_act.label} to play…[/]"
    return ""


def preliminary_info_markup(view: SeatView, procedure: Procedure, palette: Palette) -> str:
    """The preliminary tricks: which of 13, the tricks won, and (Draw Bridge) the stock and the
    face-up card, or (Memory Bridge) the count toward seven; then whose turn it is."""
    me = view.seat
    number = min(len(view.tricks) + 1, 13)
    memory = procedure is Procedure.MEMORY
    lines = [f"[bold]{'Memory' if memory else 'Preliminary'} trick {number} of 13[/]"]
    if memory:
        lines.append("No trump · no drawing")
    else:
        lines.append(f"No trump · stock [bold]{view.stock_remaining}[/] cards")
    won = preliminary_won(view)
    if me is not None:
        label = "Toward seven" if memory else "Tricks won"
        lines.append(f"{label}: You [bold]{won[me]}[/] · {me.other.label} [bold]{won[me.other]}[/]")
    if memory:
        lines.append("[#9fbfa8]7+ tricks: 1NT made + 100[/]")
    elif view.face_up is not None:
        card = view.face_up
        chip = f"[bold {palette.on_table(card.suit)}]{palette.card(card)}[/]"
        lines.append(f"Face up: {chip}")
        lines.append(f"The winner gets {chip}")
    else:
        lines.append("[#9fbfa8]Winner: top card; loser: next[/]")
    lines.append("")
    lines.append(_turn_markup(view))
    return "\n".join(lines)


def drawn_markup(view: SeatView, palette: Palette, *, limit: int = 8) -> str:
    """Draw Bridge: the cards the player drew this hand, the latest last (only the last
    ``limit`` when there are more; ``v`` lists them all). Never the opponent's."""
    if not view.drawn:
        return "You drew: nothing yet"
    shown = view.drawn[-limit:]
    chips = " ".join(f"[bold {palette.card_on_table(c)}]{palette.card(c)}[/]" for c in shown)
    more = "… " if len(view.drawn) > limit else ""
    return f"You drew ({len(view.drawn)}): {more}{chips}"


def preliminary_summary_line(view: SeatView, procedure: Procedure) -> str:
    """After the preliminary tricks (in the auction and play): how they went, and in Memory
    Bridge the award, read from the score sheet."""
    if procedure not in (Procedure.DRAW, Procedure.MEMORY) or not view.preliminary_tricks:
        return ""
    me = view.seat
    won = preliminary_won(view)
    if me is None:
        return ""
    award = memory_award(view) if procedure is Procedure.MEMORY else None
    if award is not None:
        seat, below, above = award
        return (
            f"Memory award: {seat_name(seat, me)} ({won[seat]} tricks), "
            f"{below} below, {above} above"
        )
    return f"Preliminary tricks: You {won[me]} · {me.other.label} {won[me.other]}"


def sheet_markup(view: SeatView | TableView, *, compact: bool = True) -> str:
    """The score sheet: above the line, the line, each game below with game lines, totals."""
    me = view.seat
    sheet = view.score_sheet
    names = [seat_name(s, me) for s in SEATS]
    width = 7
    label_width = 10 if compact else 14
    rule = label_width + 2 * width
    lines = [f"{'':<{label_width}}[bold]{names[0]:>{width}}{names[1]:>{width}}[/]"]
    for row in sheet_rows(sheet, compact=compact):
        if row.kind == "line":
            lines.append("[bold #ffd75f]" + "━" * rule + "[/]")
        elif row.kind == "game":
            # Seat.SOUTH is 0: test for None, not for truth, or South keeps its name.
            label = row.label.replace(f" to {me.label}", " to you") if me is not None else row.label
            lines.append("[#9fbfa8]" + f"── {label} ".ljust(rule, "─") + "[/]")
        elif row.kind == "total":
            lines.append("[bold #ffd75f]" + "━" * rule + "[/]")
            lines.append(
                f"[bold]{row.label:<{label_width}}{row.south:>{width}}{row.east:>{width}}[/]"
            )
        else:
            lines.append(f"{row.label:<{label_width}}{row.south:>{width}}{row.east:>{width}}")
    vulnerable = [seat_name(s, me) for s in SEATS if sheet.vulnerable(s)]
    lines.append("vulnerable: " + (", ".join(vulnerable) if vulnerable else "nobody"))
    if sheet.rubber_winner is not None and compact:
        lines.append(f"[bold]Rubber: {seat_name(SEATS[sheet.rubber_winner], me)}[/]")
        points = sheet.points_winner
        totals = sheet.totals
        lines.append(
            "[bold]Equal totals[/]"
            if points is None
            else f"[bold]On points: {seat_name(SEATS[points], me)} by "
            f"{abs(totals[0] - totals[1])}[/]"
        )
    return "\n".join(lines)


def status_markup(view: SeatView, title: str) -> str:
    """The top line: the variant, the hand, who deals and the player's seat."""
    me = view.seat
    deals = "you deal" if view.dealer == me else f"{view.dealer.label} deals"
    seat = f"you are {me.label}" if me is not None else "spectator"
    return f"[bold]{escape(title)}[/] · Hand {view.hand_number + 1} · {deals} · {seat}"
