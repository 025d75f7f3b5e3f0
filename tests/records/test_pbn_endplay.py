"""PBN export read back by endplay, the maintained Python bridge library (a test dependency).

Random rubbers of every variant, each action drawn through hypothesis; every exported board
must read back with its deal, its full auction (the empty seats' passes aside) and its play.
"""

from __future__ import annotations

from endplay.parsers import pbn as endplay_pbn
from endplay.types import Bid, Denom, Player
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from honeymoon.cards import Strain
from honeymoon.engines import new_game
from honeymoon.game import HandLog
from honeymoon.records import dumps_pbn
from honeymoon.rules import VARIANTS
from honeymoon.seats import Seat

#: endplay's players for South and East; North and West are the empty seats.
_PLAYERS = {Seat.SOUTH: Player.south, Seat.EAST: Player.east}
_EMPTY = (Player.north, Player.west)
_DENOMS = {
    Strain.CLUBS: Denom.clubs,
    Strain.DIAMONDS: Denom.diamonds,
    Strain.HEARTS: Denom.hearts,
    Strain.SPADES: Denom.spades,
    Strain.NOTRUMP: Denom.nt,
}


def _text(card: object) -> str:
    # endplay writes a card as e.g. "♠A"; ours in PBN is "SA".
    return "SHDC"[card.suit.value] + card.rank.abbr  # type: ignore[attr-defined]


def _check_board(board: object, log: HandLog) -> None:
    assert log.deal is not None and log.first_caller is not None
    deal = board.deal  # type: ignore[attr-defined]
    for seat, player in _PLAYERS.items():
        assert sorted(_text(c) for c in deal[player]) == sorted(c.pbn for c in log.deal[seat])
    assert all(len(deal[player]) == 0 for player in _EMPTY)
    # The auction: every call in turn from the first caller; the empty seats only pass.
    caller = _PLAYERS[log.first_caller]
    assert board.dealer == caller  # type: ignore[attr-defined]
    calls: list[str] = []
    for bid in board.auction:  # type: ignore[attr-defined]
        if caller in _EMPTY:
            assert str(bid) == "P"
        else:
            calls.append(str(bid))
        caller = caller.next()
    assert calls == [str(Bid(call.pbn)) for call in log.calls]
    contract = board.contract  # type: ignore[attr-defined]
    if log.contract is None:
        assert contract.is_passout()
        assert not board.play  # type: ignore[attr-defined]
        return
    assert contract.level == log.contract.level
    assert contract.denom == _DENOMS[log.contract.strain]
    assert log.declarer is not None and contract.declarer == _PLAYERS[log.declarer]
    # The play: endplay's cards, the empty seats' places ("-", read as a no-trump card) left
    # out. endplay orders each trick by the winner of the one before it, as its reader works
    # that out; at no trump it takes its "-" for a trump, which wins, so there it has each
    # trick's cards, in the trick's place, but not their order within the trick (see
    # docs/record-format.md).
    played = [_text(c) for c in board.play if c.suit is not Denom.nt]  # type: ignore[attr-defined]
    ours = [card.pbn for trick in log.tricks for card in trick.cards]
    if log.contract.strain is not Strain.NOTRUMP:
        assert played == ours
    assert [set(played[i : i + 2]) for i in range(0, len(played), 2)] == [
        {card.pbn for card in trick.cards} for trick in log.tricks
    ]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_endplay_reads_back_every_board(data: st.DataObject) -> None:
    rules = VARIANTS[data.draw(st.sampled_from(sorted(VARIANTS)), label="variant")]
    game = new_game(rules, seed=data.draw(st.integers(0, 2**16), label="seed"))
    hands = data.draw(st.integers(1, 3), label="hands")
    while not game.is_over and game.hand_number < hands:
        game.apply(data.draw(st.sampled_from(game.legal_actions())))
    boards = endplay_pbn.loads(dumps_pbn(game))
    logs = [game.hand_log(n) for n in range(game.hand_number + 1)]
    exported = [log for log in logs if log.auction_over]
    assert len(boards) == len(exported)
    for board, log in zip(boards, exported, strict=True):
        _check_board(board, log)
