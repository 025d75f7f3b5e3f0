"""What a seat knows, as a flat float32 tensor and as text: the encodings of the research
environments (docs/env.md gives the layout slice by slice).

Everything here is read from :func:`honeymoon.views.view_for`, the one place that decides what
a seat sees, plus two public facts that a view does not keep: in the variation where keeping
ends the turn, whether each of the opponent's drawing turns discarded a card (the piles show
it, as :class:`honeymoon.events.Drew` reports), and in Draw Bridge with the face-up stock, the
face-up cards the opponent took (as :class:`honeymoon.events.StockDrawn` reports).

Seats are relative: "me" is the seat the tensor is for, "opp" the other.

One encoder serves every two-hand variant, through a :class:`Layout` made for the variant's
pack (:func:`layout_for`): the 52-card variants' layout (:data:`INFO_LAYOUT`) and Bridgette's
55-card one (:data:`BRIDGETTE_LAYOUT`), whose card planes are 55 wide (the Colons at 52-54), whose
phase has the exchange, and which adds the exchange's discards to make, the barred suit and the
six-deal match's progress.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np
import numpy.typing as npt

from honeymoon.actions import LAST_COLON_ACTION, NUM_ACTIONS, describe
from honeymoon.auction import DOUBLE, FIRST_BID, PASS, REDOUBLE
from honeymoon.game import Game, HandResult, Phase
from honeymoon.rules import Procedure, RuleSet
from honeymoon.scoring import ScoreSheet
from honeymoon.seats import SEATS
from honeymoon.views import SeatView, TrickView, view_for

__all__ = [
    "Layout",
    "layout_for",
    "BRIDGETTE_LAYOUT",
    "STANDARD_LAYOUT",
    "INFO_LAYOUT",
    "OBSERVATION_LAYOUT",
    "INFO_SIZE",
    "OBSERVATION_SIZE",
    "encode_information_state",
    "encode_observation",
    "information_state_string",
    "observation_string",
]

Tensor = npt.NDArray[np.float32]

#: The information-state tensor: (name, size) slices in order. See docs/env.md.
INFO_LAYOUT: tuple[tuple[str, int], ...] = (
    ("phase", 5),  # one-hot by Phase: drawing, auction, play, complete (hand over), preliminary
    ("to_act", 2),  # me, opp
    ("dealer", 2),  # me, opp
    ("score", 6),  # vulnerable me/opp, part-score me/opp (/100, at most 1), games me/opp (/2)
    ("hand", 52),  # my cards
    ("discards", 52),  # my discards
    ("looking_at", 52),  # the top stock card I am deciding on
    ("face_up", 52),  # Draw Bridge, face-up option: the face-up stock card
    ("draw_turn", 52),  # each card I saw on my own drawing turn i (0-based): (i + 1) / 13
    ("draw_top", 52),  # 1 for each card that was the top card of one of my drawing turns
    ("opp_draws", 13),  # opponent's drawing turn i: 1 if it discarded a card
    ("counts", 5),  # hand sizes me/opp (/13), discard counts me/opp (/13), stock left (/52)
    ("drawn", 52),  # Draw Bridge: the card I drew after preliminary trick t (1-based): t / 13
    ("opp_shown", 52),  # Draw Bridge, face-up: the face-up card the opp took after trick t: t/13
    ("first_caller", 2),  # me, opp
    ("auction", 210),  # bid b (0-34) * 6 + [bid me, bid opp, X me, X opp, XX me, XX opp]
    ("opening_pass", 2),  # me, opp passed before any bid
    ("contract", 17),  # level 1-7, strain C D H S NT, undoubled/X/XX, declarer me/opp
    ("play", 104),  # card played by me [0:52] / opp [52:104] in trick t (1-based): t / 13
    ("tricks_won", 2),  # tricks of the play won by me/opp (/13)
    ("preliminary", 104),  # as "play", for the preliminary tricks (Draw, Memory Bridge)
    ("preliminary_won", 2),  # preliminary tricks won by me/opp (/13)
)


def _offsets(layout: tuple[tuple[str, int], ...]) -> dict[str, int]:
    offsets: dict[str, int] = {}
    position = 0
    for name, size in layout:
        offsets[name] = position
        position += size
    return offsets


#: Where each slice starts.
INFO = _offsets(INFO_LAYOUT)
INFO_SIZE = sum(size for _, size in INFO_LAYOUT)

_RECALL = ("draw_turn", "draw_top", "opp_draws", "drawn", "opp_shown")
#: The observation tensor: the information state without the recall slices (what lies on the
#: table now, and the auction), with the played cards as 0/1.
OBSERVATION_LAYOUT: tuple[tuple[str, int], ...] = tuple(
    (name, size) for name, size in INFO_LAYOUT if name not in _RECALL
)
OBSERVATION_SIZE = sum(size for _, size in OBSERVATION_LAYOUT)
_OBSERVATION_SLICES = tuple(
    (INFO[name], INFO[name] + size, name in ("play", "preliminary"))
    for name, size in OBSERVATION_LAYOUT
)


def _card_planes(layout: tuple[tuple[str, int], ...], cards: int) -> tuple[tuple[str, int], ...]:
    # The same slices with each card plane ``cards`` wide (the two-seat planes twice that).
    return tuple(
        (name, cards * (size // 52) if size in (52, 104) else size) for name, size in layout
    )


@dataclass(frozen=True)
class Layout:
    """The tensors of one pack: the information-state and observation slices, where each
    starts, the number of actions (the mask's length) and the scales of the counts.

    ``cards`` is the width of a card plane (52, or 55 with Bridgette's Colons at 52-54);
    ``phases`` the phases of the one-hot "phase" slice, in order.
    """

    cards: int
    actions: int
    info_layout: tuple[tuple[str, int], ...]
    phases: tuple[Phase, ...]
    #: a hand's size and the stock's are divided by these (every value stays within [0, 1])
    hand_scale: float
    stock_scale: float

    @cached_property
    def info(self) -> dict[str, int]:
        """Where each information-state slice starts, by name."""
        return _offsets(self.info_layout)

    @cached_property
    def info_size(self) -> int:
        """The information-state tensor's length."""
        return sum(size for _, size in self.info_layout)

    @cached_property
    def observation_layout(self) -> tuple[tuple[str, int], ...]:
        """The observation's slices: the information state's without the recall ones."""
        return tuple((name, size) for name, size in self.info_layout if name not in _RECALL)

    @cached_property
    def observation_size(self) -> int:
        """The observation tensor's length."""
        return sum(size for _, size in self.observation_layout)

    def phase_index(self, phase: Phase) -> int:
        """The phase's place in the one-hot "phase" slice."""
        return self.phases.index(phase)


_PHASES = (Phase.DRAWING, Phase.AUCTION, Phase.PLAY, Phase.COMPLETE, Phase.PRELIMINARY)

#: The 52-card variants' layout: :data:`INFO_LAYOUT`, 92 actions.
STANDARD_LAYOUT = Layout(52, NUM_ACTIONS, INFO_LAYOUT, _PHASES, 13.0, 52.0)

#: Bridgette's layout: every card plane 55 wide, the Colons at 52 (Little), 53 (Royal) and 54
#: (Grand); the exchange as a sixth phase; 99 actions (the Colons are 96-98); the slices
#: added at the end: the cards the seat to act must still discard in the exchange (/ 12), the
#: suit a Colon barred from the next lead (one-hot), the six-deal match's deals scored (/ 6).
#: The upcard is the "face up" plane and the cards I took in the exchange the "drawn" plane.
BRIDGETTE_LAYOUT = Layout(
    55,
    LAST_COLON_ACTION + 1,
    (
        ("phase", 6),
        *_card_planes(INFO_LAYOUT, 55)[1:],
        ("to_discard", 1),
        ("barred_suit", 4),
        ("deals", 1),
    ),
    (*_PHASES, Phase.EXCHANGE),
    25.0,
    55.0,
)


def layout_for(rules: RuleSet) -> Layout:
    """The layout of a variant's tensors: Bridgette's for its 55 cards, else the standard one.

    >>> from honeymoon.rules import BRIDGETTE, DRAW_BRIDGE
    >>> layout_for(DRAW_BRIDGE).info_size, layout_for(BRIDGETTE).info_size
    (892, 935)
    """
    return BRIDGETTE_LAYOUT if rules.colons else STANDARD_LAYOUT


_PHASE = INFO["phase"]
_TO_ACT = INFO["to_act"]
_DEALER = INFO["dealer"]
_SCORE = INFO["score"]
_HAND = INFO["hand"]
_DISCARDS = INFO["discards"]
_LOOKING = INFO["looking_at"]
_FACE_UP = INFO["face_up"]
_DRAW_TURN = INFO["draw_turn"]
_DRAW_TOP = INFO["draw_top"]
_OPP_DRAWS = INFO["opp_draws"]
_COUNTS = INFO["counts"]
_DRAWN = INFO["drawn"]
_OPP_SHOWN = INFO["opp_shown"]
_FIRST_CALLER = INFO["first_caller"]
_AUCTION = INFO["auction"]
_OPENING_PASS = INFO["opening_pass"]
_CONTRACT = INFO["contract"]
_PLAY = INFO["play"]
_TRICKS_WON = INFO["tricks_won"]
_PRELIMINARY = INFO["preliminary"]
_PRELIMINARY_WON = INFO["preliminary_won"]


def opponent_draw_flags(game: Game, seat: int) -> tuple[bool, ...]:
    """Whether each of ``seat``'s drawing turns this hand put a card on its discards: public
    (the pile shows it), as :class:`honeymoon.events.Drew` reports it."""
    return tuple(gone >= 0 for _, gone, _ in game.draw_turns(seat))


def opponent_shown(game: Game, seat: int, view: SeatView) -> tuple[tuple[int, int], ...]:
    """Draw Bridge with the face-up stock: (trick number from 1, card id) of each face-up card
    ``seat`` took as the winner of a preliminary trick; public, as
    :class:`honeymoon.events.StockDrawn` reports it."""
    if not game.rules.face_up_stock or game.rules.procedure is not Procedure.DRAW:
        return ()
    tricks = view.preliminary_tricks or (view.tricks if view.phase is Phase.PRELIMINARY else ())
    drawn = game.drawn_cards(seat)
    return tuple(
        (number, drawn[number - 1].id)
        for number, trick in enumerate(tricks, 1)
        if trick.winner == seat and number <= len(drawn)
    )


def _rel(seat: int | None, me: int) -> int:
    # 0 for me, 1 for the opponent.
    return 0 if seat == me else 1


def encode_information_state(
    game: Game,
    seat: int,
    *,
    known: int | None = None,
    dealt: bool = True,
    terminal: bool = False,
    out: Tensor | None = None,
) -> Tensor:
    """The information-state tensor of ``seat`` (float32, as long as its variant's layout:
    :data:`INFO_SIZE` for the 52-card variants, see :func:`layout_for`).

    ``known`` is how many stock places are fixed (a stock card beyond them is not shown even
    where the game holds a stand-in; all of them by default), ``dealt`` False while a deal is
    still being made by chance, ``terminal`` True once the episode is over (then only the phase
    and score).
    """
    layout = layout_for(game.rules)
    at = layout.info
    cards = layout.cards
    if known is None:
        known = cards
    tensor = np.zeros(layout.info_size, np.float32) if out is None else out
    if out is not None:
        tensor[:] = 0.0
    view = view_for(game, seat)
    me = seat
    _encode_score(tensor, view.score_sheet, me, at["score"])
    if layout is BRIDGETTE_LAYOUT:
        sheet = view.score_sheet
        if sheet.match_deals:
            tensor[at["deals"]] = sheet.deals_scored / sheet.match_deals
    if terminal:
        tensor[at["phase"] + layout.phase_index(Phase.COMPLETE)] = 1.0
        return tensor
    tensor[at["phase"] + layout.phase_index(view.phase)] = 1.0
    if view.to_act is not None:
        tensor[at["to_act"] + _rel(view.to_act, me)] = 1.0
    tensor[at["dealer"] + _rel(view.dealer, me)] = 1.0
    if dealt:
        _encode_own_hand(tensor, view, me, layout)
    _encode_drawing(tensor, game, view, me, layout, known=known, dealt=dealt)
    if view.first_caller is not None:
        tensor[at["first_caller"] + _rel(view.first_caller, me)] = 1.0
        _encode_auction(tensor, view, me, at["auction"], at["opening_pass"])
    if view.phase is Phase.PLAY and view.contract is not None and view.declarer is not None:
        _encode_contract_slice(tensor, view, me, at["contract"])
    _encode_trick_slices(tensor, view, me, layout)
    if layout is BRIDGETTE_LAYOUT:
        tensor[at["to_discard"]] = view.to_discard / 12.0
        if view.barred_suit is not None:
            tensor[at["barred_suit"] + int(view.barred_suit)] = 1.0
    return tensor


def _encode_own_hand(tensor: Tensor, view: SeatView, me: int, layout: Layout) -> None:
    """The dealt slices of the information state: my hand, both hands' sizes, my draws."""
    at = layout.info
    counts = at["counts"]
    hand = at["hand"]
    for card in view.hand:
        tensor[hand + card.id] = 1.0
    tensor[counts + 0] = view.hand_sizes[me] / layout.hand_scale
    tensor[counts + 1] = view.hand_sizes[1 - me] / layout.hand_scale
    # Draw Bridge: my draw after preliminary trick t, t / 13; Bridgette: the cards I took
    # in the exchange, 1 each (a view shows only the seat's own)
    drawn = at["drawn"]
    exchange = layout is BRIDGETTE_LAYOUT
    for number, card in enumerate(view.drawn, 1):
        tensor[drawn + card.id] = 1.0 if exchange else number / 13.0


def _encode_drawing(
    tensor: Tensor,
    game: Game,
    view: SeatView,
    me: int,
    layout: Layout,
    *,
    known: int,
    dealt: bool,
) -> None:
    """The drawing's slices of the information state: the discards, the stock card in view,
    each drawing turn, the opponent's, the piles' and the stock's sizes."""
    at = layout.info
    opp = 1 - me
    counts = at["counts"]
    stock_position = layout.cards - game.stock_remaining
    discards = at["discards"]
    for card in view.discards:
        tensor[discards + card.id] = 1.0
    if view.looking_at is not None and stock_position < known:
        tensor[at["looking_at"] + view.looking_at.id] = 1.0
    # (Bridgette's upcard lies in a place fixed with the deal; Draw Bridge's face-up card is
    # the next stock card)
    if view.face_up is not None and dealt and (game.rules.colons or stock_position < known):
        tensor[at["face_up"] + view.face_up.id] = 1.0
    draw_turn, draw_top = at["draw_turn"], at["draw_top"]
    for turn, draw in enumerate(view.draws):
        value = (turn + 1) / 13.0
        tensor[draw_turn + draw.kept.id] = value
        if draw.discarded is not None:
            tensor[draw_turn + draw.discarded.id] = value
        top = draw.kept if draw.kept_first or draw.discarded is None else draw.discarded
        tensor[draw_top + top.id] = 1.0
    for turn, discarded in enumerate(opponent_draw_flags(game, opp)):
        tensor[at["opp_draws"] + turn] = discarded
    tensor[counts + 2] = view.discard_counts[me] / 13.0
    tensor[counts + 3] = view.discard_counts[opp] / 13.0
    tensor[counts + 4] = view.stock_remaining / layout.stock_scale
    opp_shown = at["opp_shown"]
    for number, card_id in opponent_shown(game, opp, view):
        tensor[opp_shown + card_id] = number / 13.0


def _encode_contract_slice(tensor: Tensor, view: SeatView, me: int, contract_at: int) -> None:
    """The contract slice of the information state: level, strain, doubling, declarer."""
    contract = view.contract
    assert contract is not None
    tensor[contract_at + contract.level - 1] = 1.0
    tensor[contract_at + 7 + int(contract.strain)] = 1.0
    tensor[contract_at + 12 + contract.doubling] = 1.0
    tensor[contract_at + 15 + _rel(view.declarer, me)] = 1.0


def _encode_trick_slices(tensor: Tensor, view: SeatView, me: int, layout: Layout) -> None:
    """The trick slices of the information state: the preliminary tricks and the play's, with
    the tricks each player won."""
    at = layout.info
    cards = layout.cards
    opp = 1 - me
    preliminary, preliminary_won = at["preliminary"], at["preliminary_won"]
    if view.phase is Phase.PRELIMINARY:
        _encode_tricks(tensor, preliminary, view.tricks, view.current_trick, me, cards)
        tensor[preliminary_won + 0] = view.tricks_won[me] / 13.0
        tensor[preliminary_won + 1] = view.tricks_won[opp] / 13.0
    else:
        _encode_tricks(tensor, preliminary, view.preliminary_tricks, None, me, cards)
        if view.preliminary is not None:
            tensor[preliminary_won + 0] = view.preliminary.tricks[me] / 13.0
            tensor[preliminary_won + 1] = view.preliminary.tricks[opp] / 13.0
    if view.phase is Phase.PLAY:
        _encode_tricks(tensor, at["play"], view.tricks, view.current_trick, me, cards)
        tensor[at["tricks_won"] + 0] = view.tricks_won[me] / 13.0
        tensor[at["tricks_won"] + 1] = view.tricks_won[opp] / 13.0


def _encode_score(tensor: Tensor, sheet: ScoreSheet, me: int, at: int = _SCORE) -> None:
    opp = 1 - me
    tensor[at + 0] = sheet.vulnerable(me)
    tensor[at + 1] = sheet.vulnerable(opp)
    tensor[at + 2] = min(sheet.progress[me] / 100.0, 1.0)
    tensor[at + 3] = min(sheet.progress[opp] / 100.0, 1.0)
    tensor[at + 4] = sheet.games[me] / 2.0
    tensor[at + 5] = sheet.games[opp] / 2.0


def encode_new_drawing_hand(game: Game, seat: int, top: int, out: Tensor) -> None:
    """What :func:`encode_information_state` gives at the start of a Draw and Discard hand,
    without building a view: the score, the phase, who acts and deals, the full stock, and
    ``top`` (the top stock card) for the seat to draw."""
    out[:] = 0.0
    _encode_score(out, game.score_sheet, seat)
    out[_PHASE + int(Phase.DRAWING)] = 1.0
    to_act = game.to_act
    out[_TO_ACT + _rel(to_act, seat)] = 1.0
    out[_DEALER + _rel(game.dealer, seat)] = 1.0
    out[_COUNTS + 4] = game.stock_remaining / 52.0
    if to_act == seat:
        out[_LOOKING + top] = 1.0


def encode_contract(game: Game, seat: int, out: Tensor) -> None:
    """The contract slice once the auction is over (as :func:`encode_information_state`)."""
    contract = game.contract
    declarer = game.declarer
    assert contract is not None and declarer is not None
    out[_CONTRACT + contract.level - 1] = 1.0
    out[_CONTRACT + 7 + int(contract.strain)] = 1.0
    out[_CONTRACT + 12 + contract.doubling] = 1.0
    out[_CONTRACT + 15 + _rel(declarer, seat)] = 1.0


def _encode_auction(
    tensor: Tensor, view: SeatView, me: int, at: int = _AUCTION, opening: int = _OPENING_PASS
) -> None:
    assert view.first_caller is not None
    caller = int(view.first_caller)
    last_bid = -1
    for call in view.auction:
        action = call.action
        rel = _rel(caller, me)
        if action >= FIRST_BID:
            last_bid = action - FIRST_BID
            tensor[at + last_bid * 6 + rel] = 1.0
        elif action == PASS:
            if last_bid < 0:
                tensor[opening + rel] = 1.0
        elif action == DOUBLE:
            tensor[at + last_bid * 6 + 2 + rel] = 1.0
        elif action == REDOUBLE:
            tensor[at + last_bid * 6 + 4 + rel] = 1.0
        caller = 1 - caller


def _encode_tricks(
    tensor: Tensor,
    offset: int,
    tricks: tuple[TrickView, ...],
    current: TrickView | None,
    me: int,
    cards: int = 52,
) -> None:
    everything = tricks + ((current,) if current is not None and current.cards else ())
    for number, trick in enumerate(everything, 1):
        value = number / 13.0
        for seat, card in zip(trick.players, trick.cards, strict=False):
            tensor[offset + cards * _rel(seat, me) + card.id] = value


def encode_observation(info: Tensor, layout: Layout = STANDARD_LAYOUT) -> Tensor:
    """The observation tensor (:data:`OBSERVATION_SIZE` long, or ``layout``'s) made from an
    information-state tensor: its slices without the recall ones, the played cards as 0/1."""
    slices = _OBSERVATION_SLICES
    if layout is not STANDARD_LAYOUT:
        at = layout.info
        slices = tuple(
            (at[name], at[name] + size, name in ("play", "preliminary"))
            for name, size in layout.observation_layout
        )
    parts = []
    for start, stop, binary in slices:
        part = info[start:stop]
        parts.append((part > 0).astype(np.float32) if binary else part)
    return np.concatenate(parts)


# -- text --------------------------------------------------------------------------------------


def _cards(cards: object) -> str:
    text = " ".join(str(card) for card in cards)  # type: ignore[attr-defined]
    return text or "-"


def _trick_text(trick: TrickView) -> str:
    played = " ".join(
        f"{SEATS[seat].key[0]}:{card}"
        for seat, card in zip(trick.players, trick.cards, strict=False)
    )
    winner = f" won by {trick.winner.key}" if trick.winner is not None else ""
    return f"[{played}]{winner}"


def _common_lines(
    game: Game, seat: int, view: SeatView, known: int | None, dealt: bool
) -> list[str]:
    sheet = view.score_sheet
    cards = layout_for(game.rules).cards
    known = cards if known is None else known
    stock_position = cards - game.stock_remaining
    looking = view.looking_at if stock_position < known else None
    face_up = view.face_up if dealt and (game.rules.colons or stock_position < known) else None
    lines = [
        f"variant {view.variant}; I am {SEATS[seat].key}",
        f"hand {view.hand_number}, dealer {view.dealer.key}, phase {view.phase.name.lower()}, "
        f"to act {view.to_act.key if view.to_act is not None else '-'}",
        f"score below {sheet.below(0)}/{sheet.below(1)} above {sheet.above(0)}/{sheet.above(1)} "
        f"part {sheet.progress[0]}/{sheet.progress[1]} games {sheet.games[0]}/{sheet.games[1]}",
        f"hand {_cards(view.hand) if dealt else '(being dealt)'}",
        f"discards {_cards(view.discards)}",
        f"looking at {looking if looking is not None else '-'}; "
        f"face up {face_up if face_up is not None else '-'}",
        f"sizes {view.hand_sizes if dealt else '-'} discards {view.discard_counts} "
        f"stock {view.stock_remaining}",
    ]
    if game.rules.colons:
        # Bridgette: the exchange's count, the barred suit, the six-deal match's progress
        barred = view.barred_suit
        lines.append(
            f"to discard {view.to_discard}; barred {barred.symbol if barred else '-'}; "
            f"deals scored {sheet.deals_scored} of {sheet.match_deals}"
        )
    return lines


def _public_lines(view: SeatView) -> list[str]:
    lines = []
    if view.preliminary_tricks:
        lines.append("preliminary " + " ".join(_trick_text(t) for t in view.preliminary_tricks))
    if view.first_caller is not None:
        calls = " ".join(str(call) for call in view.auction) or "-"
        lines.append(f"auction ({view.first_caller.key} first) {calls}")
    if view.contract is not None and view.phase is Phase.PLAY and view.declarer is not None:
        lines.append(f"contract {view.contract} by {view.declarer.key}")
    tricks = " ".join(_trick_text(t) for t in view.tricks)
    current = view.current_trick
    if current is not None and current.cards:
        tricks += " " + _trick_text(current)
    if tricks.strip():
        lines.append(f"tricks {tricks.strip()} won {view.tricks_won[0]}/{view.tricks_won[1]}")
    if view.results:
        lines.append("results " + "; ".join(_result_text(r) for r in view.results))
    return lines


def _result_text(result: HandResult) -> str:
    """A hand's result as facts: ``hand 2 south 3NT 10 made 100/30/0`` (declarer's points
    below and above, the defender's above)."""
    head = f"hand {result.number + 1}"
    if result.contract is None or result.declarer is None or result.score is None:
        return f"{head} {'ended by the award' if result.ended_by_award else 'passed out'}"
    score = result.score
    return (
        f"{head} {result.declarer.key} {result.contract} {result.declarer_tricks} "
        f"{'made' if result.made else 'down'} "
        f"{score.declarer_below}/{score.declarer_above}/{score.defender_above}"
    )


def information_state_string(
    game: Game,
    seat: int,
    *,
    known: int | None = None,
    dealt: bool = True,
    terminal: bool = False,
) -> str:
    """Everything ``seat`` has seen this hand and the public rubber context, as text."""
    view = view_for(game, seat)
    if terminal:
        sheet = view.score_sheet
        last = _result_text(view.results[-1]) if view.results else "-"
        return (
            f"variant {view.variant}; I am {SEATS[seat].key}; over; {last}; "
            f"totals {sheet.totals[0]}/{sheet.totals[1]} games {sheet.games[0]}/{sheet.games[1]}"
        )
    lines = _common_lines(game, seat, view, known, dealt)
    if view.draws:
        lines.append(
            "my draws "
            + " ".join(
                f"{'keep' if d.kept_first else 'reject'}:{d.kept}/{d.discarded or '-'}"
                for d in view.draws
            )
        )
    flags = opponent_draw_flags(game, 1 - seat)
    if flags:
        lines.append("opponent draws " + "".join("d" if f else "k" for f in flags))
    if view.drawn:
        lines.append(f"drawn {_cards(view.drawn)}")
    shown = opponent_shown(game, 1 - seat, view)
    if shown:
        lines.append("opponent took " + " ".join(f"{n}:{describe(c)}" for n, c in shown))
    lines.extend(_public_lines(view))
    return "\n".join(lines)


def observation_string(
    game: Game,
    seat: int,
    *,
    known: int | None = None,
    dealt: bool = True,
    terminal: bool = False,
) -> str:
    """What lies before ``seat`` now (its cards, the piles, the auction, the tricks), as text."""
    if terminal:
        return information_state_string(game, seat, terminal=True)
    view = view_for(game, seat)
    lines = _common_lines(game, seat, view, known, dealt)
    lines.extend(_public_lines(view))
    return "\n".join(lines)
