"""What a seat knows, as a flat float32 tensor and as text: the encodings of the research
environments (docs/env.md gives the layout slice by slice).

Everything here is read from :func:`honeymoon.views.view_for`, the one place that decides what
a seat sees, plus two public facts that a view does not keep: in the variation where keeping
ends the turn, whether each of the opponent's drawing turns discarded a card (the piles show
it, as :class:`honeymoon.events.Drew` reports), and in Draw Bridge with the face-up stock, the
face-up cards the opponent took (as :class:`honeymoon.events.StockDrawn` reports).

Seats are relative: "me" is the seat the tensor is for, "opp" the other.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from honeymoon.actions import describe
from honeymoon.auction import DOUBLE, FIRST_BID, PASS, REDOUBLE
from honeymoon.game import Game, Phase
from honeymoon.rules import Procedure
from honeymoon.scoring import ScoreSheet
from honeymoon.seats import SEATS
from honeymoon.views import SeatView, TrickView, view_for

__all__ = [
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
    known: int = 52,
    dealt: bool = True,
    terminal: bool = False,
    out: Tensor | None = None,
) -> Tensor:
    """The information-state tensor of ``seat`` (float32, :data:`INFO_SIZE` long).

    ``known`` is how many stock places are fixed (a stock card beyond them is not shown even
    where the game holds a stand-in), ``dealt`` False while a deal is still being made by
    chance, ``terminal`` True once the episode is over (then only the phase and score).
    """
    tensor = np.zeros(INFO_SIZE, np.float32) if out is None else out
    if out is not None:
        tensor[:] = 0.0
    view = view_for(game, seat)
    me = seat
    opp = 1 - me
    _encode_score(tensor, view.score_sheet, me)
    if terminal:
        tensor[_PHASE + int(Phase.COMPLETE)] = 1.0
        return tensor
    tensor[_PHASE + int(view.phase)] = 1.0
    if view.to_act is not None:
        tensor[_TO_ACT + _rel(view.to_act, me)] = 1.0
    tensor[_DEALER + _rel(view.dealer, me)] = 1.0
    stock_position = 52 - game.stock_remaining
    if dealt:
        for card in view.hand:
            tensor[_HAND + card.id] = 1.0
        tensor[_COUNTS + 0] = view.hand_sizes[me] / 13.0
        tensor[_COUNTS + 1] = view.hand_sizes[opp] / 13.0
    for card in view.discards:
        tensor[_DISCARDS + card.id] = 1.0
    if view.looking_at is not None and stock_position < known:
        tensor[_LOOKING + view.looking_at.id] = 1.0
    if view.face_up is not None and stock_position < known and dealt:
        tensor[_FACE_UP + view.face_up.id] = 1.0
    for turn, draw in enumerate(view.draws):
        value = (turn + 1) / 13.0
        tensor[_DRAW_TURN + draw.kept.id] = value
        if draw.discarded is not None:
            tensor[_DRAW_TURN + draw.discarded.id] = value
        top = draw.kept if draw.kept_first or draw.discarded is None else draw.discarded
        tensor[_DRAW_TOP + top.id] = 1.0
    for turn, discarded in enumerate(opponent_draw_flags(game, opp)):
        tensor[_OPP_DRAWS + turn] = discarded
    tensor[_COUNTS + 2] = view.discard_counts[me] / 13.0
    tensor[_COUNTS + 3] = view.discard_counts[opp] / 13.0
    tensor[_COUNTS + 4] = view.stock_remaining / 52.0
    for number, card in enumerate(view.drawn, 1):
        tensor[_DRAWN + card.id] = number / 13.0
    for number, card_id in opponent_shown(game, opp, view):
        tensor[_OPP_SHOWN + card_id] = number / 13.0
    if view.first_caller is not None:
        tensor[_FIRST_CALLER + _rel(view.first_caller, me)] = 1.0
        _encode_auction(tensor, view, me)
    if view.phase is Phase.PLAY and view.contract is not None and view.declarer is not None:
        contract = view.contract
        tensor[_CONTRACT + contract.level - 1] = 1.0
        tensor[_CONTRACT + 7 + int(contract.strain)] = 1.0
        tensor[_CONTRACT + 12 + contract.doubling] = 1.0
        tensor[_CONTRACT + 15 + _rel(view.declarer, me)] = 1.0
    if view.phase is Phase.PRELIMINARY:
        _encode_tricks(tensor, _PRELIMINARY, view.tricks, view.current_trick, me)
        tensor[_PRELIMINARY_WON + 0] = view.tricks_won[me] / 13.0
        tensor[_PRELIMINARY_WON + 1] = view.tricks_won[opp] / 13.0
    else:
        _encode_tricks(tensor, _PRELIMINARY, view.preliminary_tricks, None, me)
        if view.preliminary is not None:
            tensor[_PRELIMINARY_WON + 0] = view.preliminary.tricks[me] / 13.0
            tensor[_PRELIMINARY_WON + 1] = view.preliminary.tricks[opp] / 13.0
    if view.phase is Phase.PLAY:
        _encode_tricks(tensor, _PLAY, view.tricks, view.current_trick, me)
        tensor[_TRICKS_WON + 0] = view.tricks_won[me] / 13.0
        tensor[_TRICKS_WON + 1] = view.tricks_won[opp] / 13.0
    return tensor


def _encode_score(tensor: Tensor, sheet: ScoreSheet, me: int) -> None:
    opp = 1 - me
    tensor[_SCORE + 0] = sheet.vulnerable(me)
    tensor[_SCORE + 1] = sheet.vulnerable(opp)
    tensor[_SCORE + 2] = min(sheet.progress[me] / 100.0, 1.0)
    tensor[_SCORE + 3] = min(sheet.progress[opp] / 100.0, 1.0)
    tensor[_SCORE + 4] = sheet.games[me] / 2.0
    tensor[_SCORE + 5] = sheet.games[opp] / 2.0


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


def _encode_auction(tensor: Tensor, view: SeatView, me: int) -> None:
    assert view.first_caller is not None
    caller = int(view.first_caller)
    last_bid = -1
    for call in view.auction:
        action = call.action
        rel = _rel(caller, me)
        if action >= FIRST_BID:
            last_bid = action - FIRST_BID
            tensor[_AUCTION + last_bid * 6 + rel] = 1.0
        elif action == PASS:
            if last_bid < 0:
                tensor[_OPENING_PASS + rel] = 1.0
        elif action == DOUBLE:
            tensor[_AUCTION + last_bid * 6 + 2 + rel] = 1.0
        elif action == REDOUBLE:
            tensor[_AUCTION + last_bid * 6 + 4 + rel] = 1.0
        caller = 1 - caller


def _encode_tricks(
    tensor: Tensor,
    offset: int,
    tricks: tuple[TrickView, ...],
    current: TrickView | None,
    me: int,
) -> None:
    everything = tricks + ((current,) if current is not None and current.cards else ())
    for number, trick in enumerate(everything, 1):
        value = number / 13.0
        for seat, card in zip(trick.players, trick.cards, strict=False):
            tensor[offset + 52 * _rel(seat, me) + card.id] = value


def encode_observation(info: Tensor) -> Tensor:
    """The observation tensor (:data:`OBSERVATION_SIZE` long) made from an information-state
    tensor: its slices without the recall ones, the played cards as 0/1."""
    parts = []
    for start, stop, binary in _OBSERVATION_SLICES:
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


def _common_lines(game: Game, seat: int, view: SeatView, known: int, dealt: bool) -> list[str]:
    sheet = view.score_sheet
    stock_position = 52 - game.stock_remaining
    looking = view.looking_at if stock_position < known else None
    face_up = view.face_up if stock_position < known and dealt else None
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
        lines.append("results " + "; ".join(r.summary() for r in view.results))
    return lines


def information_state_string(
    game: Game, seat: int, *, known: int = 52, dealt: bool = True, terminal: bool = False
) -> str:
    """Everything ``seat`` has seen this hand and the public rubber context, as text."""
    view = view_for(game, seat)
    if terminal:
        sheet = view.score_sheet
        last = view.results[-1].summary() if view.results else "-"
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
    game: Game, seat: int, *, known: int = 52, dealt: bool = True, terminal: bool = False
) -> str:
    """What lies before ``seat`` now (its cards, the piles, the auction, the tricks), as text."""
    if terminal:
        return information_state_string(game, seat, terminal=True)
    view = view_for(game, seat)
    lines = _common_lines(game, seat, view, known, dealt)
    lines.extend(_public_lines(view))
    return "\n".join(lines)
