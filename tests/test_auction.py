"""The two-person auction (RULES.md 1.2): every legality rule, calls and contracts."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from honeymoon.actions import CALL_ACTIONS, describe
from honeymoon.auction import (
    BIDS,
    DOUBLE,
    FIRST_BID,
    LAST_BID,
    PASS,
    REDOUBLE,
    Auction,
    AuctionSummary,
    Call,
    CallKind,
    Contract,
    bid_action,
    cheapest_bid,
)
from honeymoon.cards import Strain
from honeymoon.errors import IllegalActionError, NotationError


def auction_after(*calls: str, first_caller: int = 0) -> Auction:
    """An auction after ``calls`` (text), player ``first_caller`` calling first."""
    auction = Auction(first_caller)
    for text in calls:
        auction.add(Call.parse(text).action)
    return auction


def refused(auction: Auction, text: str) -> str:
    """The error code with which the auction refuses ``text``; the auction must not change."""
    before = (auction.calls.copy(), auction.contract, auction.declarer, auction.legal_calls())
    with pytest.raises(IllegalActionError) as caught:
        auction.add(Call.parse(text).action)
    after = (auction.calls.copy(), auction.contract, auction.declarer, auction.legal_calls())
    assert after == before
    assert caught.value.message  # a person-readable explanation
    return caught.value.code


# -- calls and contracts as values --------------------------------------------------------------


def test_bid_action_numbers() -> None:
    assert bid_action(1, Strain.CLUBS) == FIRST_BID == 55
    assert bid_action(7, Strain.NOTRUMP) == LAST_BID == 89
    assert bid_action(3, Strain.NOTRUMP) == 69
    assert [Call(a).pbn for a in range(FIRST_BID, FIRST_BID + 6)] == [
        "1C", "1D", "1H", "1S", "1NT", "2C",
    ]  # fmt: skip
    assert (PASS, DOUBLE, REDOUBLE) == (52, 53, 54)


@pytest.mark.parametrize(
    ("text", "action"),
    [("pass", PASS), ("P", PASS), ("x", DOUBLE), ("double", DOUBLE), ("XX", REDOUBLE),
     ("redouble", REDOUBLE), ("1c", 55), ("1♣", 55), ("3nt", 69), ("3N", 69), ("4s", 73),
     ("4♠", 73), ("7NT", 89), ("2 H", 62)],
)  # fmt: skip
def test_call_parsing(text: str, action: int) -> None:
    call = Call.parse(text)
    assert call.action == action
    assert Call.parse(str(call)) == call and Call.parse(call.pbn) == call
    assert eval(repr(call)) == call  # noqa: S307 - repr is documented to round-trip


@pytest.mark.parametrize("text", ["8S", "0NT", "4Q", "bid", "", "X3", "1"])
def test_bad_calls_name_the_text_and_show_examples(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        Call.parse(text)
    assert repr(text) in str(caught.value)
    assert "'3NT'" in str(caught.value)


def test_call_properties() -> None:
    call = Call.parse("4H")
    assert (call.kind, call.level, call.strain) == (CallKind.BID, 4, Strain.HEARTS)
    assert str(call) == "4♥" and call.pbn == "4H"
    assert Call(PASS).kind is CallKind.PASS and Call(PASS).level is None
    assert str(Call(DOUBLE)) == "X" and str(Call(REDOUBLE)) == "XX"
    assert Call.bid(7, Strain.NOTRUMP).action == 89
    with pytest.raises(NotationError):
        Call.bid(8, Strain.CLUBS)
    with pytest.raises(NotationError):
        Call(51)
    assert {describe(a) for a in CALL_ACTIONS} >= {"Pass", "X", "XX", "1♣", "7NT"}


@pytest.mark.parametrize(
    ("text", "level", "strain", "doubling", "printed"),
    [("4S", 4, Strain.SPADES, 0, "4♠"), ("4SX", 4, Strain.SPADES, 1, "4♠X"),
     ("3NTXX", 3, Strain.NOTRUMP, 2, "3NTXX"), ("7n", 7, Strain.NOTRUMP, 0, "7NT"),
     ("1♦x", 1, Strain.DIAMONDS, 1, "1♦X")],
)  # fmt: skip
def test_contracts(text: str, level: int, strain: Strain, doubling: int, printed: str) -> None:
    contract = Contract.parse(text)
    assert (contract.level, contract.strain, contract.doubling) == (level, strain, doubling)
    assert str(contract) == printed and Contract.parse(contract.pbn) == contract
    assert contract.tricks_needed == 6 + level
    assert eval(repr(contract)) == contract  # noqa: S307 - repr is documented to round-trip


@pytest.mark.parametrize("text", ["8S", "4Q", "4SXXX", "S4", "", "0C"])
def test_bad_contracts(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        Contract.parse(text)
    assert "'4SX'" in str(caught.value)


# -- bids must be higher ----------------------------------------------------------------------


def test_opening_calls() -> None:
    auction = Auction(first_caller=1)
    assert auction.to_call == 1 and not auction.is_finished
    assert auction.legal_calls() == (PASS, *range(FIRST_BID, LAST_BID + 1))
    assert refused(auction, "X") == "cannot_double"
    assert refused(auction, "XX") == "cannot_redouble"


@pytest.mark.parametrize(
    ("current", "lower"),
    [("2H", "2H"), ("2H", "2D"), ("2H", "2C"), ("2H", "1NT"), ("2H", "1C"), ("7C", "6NT"),
     ("3NT", "3S"), ("1S", "1H")],
)  # fmt: skip
def test_a_bid_must_be_higher(current: str, lower: str) -> None:
    auction = auction_after(current)
    assert refused(auction, lower) == "bid_too_low"
    assert Call.parse(lower).action not in auction.legal_calls()


@pytest.mark.parametrize(
    ("current", "higher"),
    [("2H", "2S"), ("2H", "2NT"), ("2H", "3C"), ("2NT", "3C"), ("1C", "1D"), ("6NT", "7C")],
)
def test_a_higher_level_or_strain_is_allowed(current: str, higher: str) -> None:
    auction = auction_after(current)
    assert Call.parse(higher).action in auction.legal_calls()
    auction.add(Call.parse(higher).action)
    assert auction.contract == Contract.parse(higher)
    assert auction.declarer == 1


def test_bid_too_low_message_names_both_bids() -> None:
    with pytest.raises(IllegalActionError, match="2♦ is not higher than the current bid 2♥"):
        auction_after("2H").add(Call.parse("2D").action)


def test_nothing_beats_7nt_but_pass_and_double() -> None:
    auction = auction_after("7NT")
    assert auction.legal_calls() == (PASS, DOUBLE)


# -- double and redouble --------------------------------------------------------------------


def test_double_only_the_opponents_undoubled_bid() -> None:
    auction = auction_after("1H")
    assert DOUBLE in auction.legal_calls() and REDOUBLE not in auction.legal_calls()
    auction.add(DOUBLE)
    assert auction.contract == Contract.parse("1HX") and auction.declarer == 0
    # the bidder may not double their own (already doubled) bid, but may redouble it
    assert refused(auction, "X") == "cannot_double"
    assert REDOUBLE in auction.legal_calls() and DOUBLE not in auction.legal_calls()
    auction.add(REDOUBLE)
    assert auction.contract == Contract.parse("1HXX")
    # after a redouble, neither double nor redouble
    assert refused(auction, "X") == "cannot_double"
    assert refused(auction, "XX") == "cannot_redouble"
    assert auction.legal_calls() == (PASS, *range(Call.parse("1S").action, LAST_BID + 1))


def test_the_double_messages_explain() -> None:
    with pytest.raises(IllegalActionError, match="already doubled and redoubled"):
        auction_after("1H", "X", "XX").add(DOUBLE)
    with pytest.raises(IllegalActionError, match="no bid to double"):
        Auction(0).add(DOUBLE)


def test_cannot_double_ones_own_bid() -> None:
    # With two players, the only time a player faces their own bid is after the opponent
    # doubled it (a pass would have ended the auction, a bid would be the opponent's).
    auction = Auction(first_caller=1)
    auction.add(Call.parse("1H").action)  # player 1 bids; player 0 to call
    auction.add(Call.parse("2C").action)  # player 0 bids; player 1 may double 2C
    assert DOUBLE in auction.legal_calls()
    auction.add(DOUBLE)
    assert auction.to_call == 0 and auction.declarer == 0
    with pytest.raises(IllegalActionError, match="cannot double your own bid") as caught:
        auction.add(DOUBLE)
    assert caught.value.code == "cannot_double"
    assert REDOUBLE in auction.legal_calls()


def test_redouble_only_ones_own_doubled_bid() -> None:
    auction = auction_after("1H")  # player 1 faces the opponent's undoubled bid
    assert refused(auction, "XX") == "cannot_redouble"  # not undoubled, not the opponent's
    auction.add(DOUBLE)
    auction.add(REDOUBLE)
    auction.add(Call.parse("2C").action)  # player 1 bids over the redouble
    assert auction.contract == Contract.parse("2C")  # a new bid clears the doubling
    assert refused(auction, "XX") == "cannot_redouble"  # 2C is the opponent's and undoubled


def test_a_new_bid_clears_a_double_and_a_double_is_possible_again() -> None:
    auction = auction_after("1H", "X", "1S")
    assert auction.contract == Contract.parse("1S") and auction.declarer == 0
    assert DOUBLE in auction.legal_calls()
    auction.add(DOUBLE)
    assert auction.contract == Contract.parse("1SX")
    auction.add(Call.parse("2H").action)  # player 0 again, over the double
    assert auction.contract == Contract.parse("2H") and auction.declarer == 0
    auction.add(DOUBLE)
    auction.add(REDOUBLE)
    assert auction.contract == Contract.parse("2HXX")


# -- the end of the auction -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("calls", "first", "contract", "declarer"),
    [
        (["1NT", "pass"], 0, "1NT", 0),
        (["1NT", "pass"], 1, "1NT", 1),
        (["pass", "2S", "pass"], 0, "2S", 1),
        (["1C", "X", "pass"], 0, "1CX", 0),
        (["1C", "X", "XX", "pass"], 1, "1CXX", 1),
        (["1C", "1D", "X", "pass"], 0, "1DX", 1),
        (["1C", "1D", "X", "XX", "pass"], 0, "1DXX", 1),
        (["1C", "X", "1H", "pass"], 0, "1H", 0),
        (["1C", "X", "XX", "1D", "pass"], 0, "1D", 1),
        (["3NT", "4S", "4NT", "5D", "7NT", "X", "XX", "pass"], 0, "7NTXX", 0),
    ],
)
def test_the_first_pass_after_a_call_ends_the_auction(
    calls: list[str], first: int, contract: str, declarer: int
) -> None:
    auction = auction_after(*calls[:-1], first_caller=first)
    assert not auction.is_finished
    auction.add(PASS)
    assert auction.is_finished and not auction.is_passed_out
    assert auction.contract == Contract.parse(contract)
    assert auction.declarer == declarer
    assert auction.legal_calls() == ()
    assert refused(auction, "pass") == "wrong_phase"
    assert refused(auction, "7NT") == "wrong_phase"


def test_two_opening_passes_pass_the_hand_out() -> None:
    auction = auction_after("pass")
    assert not auction.is_finished and auction.to_call == 1
    auction.add(PASS)
    assert auction.is_finished and auction.is_passed_out
    assert auction.contract is None and auction.declarer is None
    assert auction.legal_calls() == ()


def test_one_opening_pass_then_a_bid_continues() -> None:
    auction = auction_after("pass", "1C")
    assert not auction.is_finished
    assert auction.declarer == 1 and auction.to_call == 0
    assert DOUBLE in auction.legal_calls()


def test_calls_alternate() -> None:
    auction = Auction(first_caller=1)
    seen = []
    for text in ["1C", "1D", "1H", "1S"]:
        seen.append(auction.to_call)
        auction.add(Call.parse(text).action)
    assert seen == [1, 0, 1, 0]
    assert auction.declarer == 0


def test_non_calls_are_refused() -> None:
    auction = Auction(0)
    with pytest.raises(IllegalActionError) as caught:
        auction.add(12)  # a card
    assert caught.value.code == "wrong_phase"
    with pytest.raises(IllegalActionError) as caught:
        auction.add(90)
    assert caught.value.code == "unknown_action"
    assert auction.calls == []


def test_copy_is_independent() -> None:
    auction = auction_after("1H", "X")
    clone = auction.copy()
    clone.add(REDOUBLE)
    clone.add(PASS)
    assert auction.contract == Contract.parse("1HX") and not auction.is_finished
    assert clone.contract == Contract.parse("1HXX") and clone.is_finished
    assert auction.calls == [Call.parse("1H").action, DOUBLE]


# -- legal_calls() agrees with check(), exhaustively on random auctions --------------------


def legal_by_check(auction: Auction) -> set[int]:
    legal = set()
    for call in range(PASS, LAST_BID + 1):
        try:
            auction.check(call)
        except IllegalActionError:
            continue
        legal.add(call)
    return legal


@pytest.mark.parametrize("seed", range(300))
def test_legal_calls_equal_the_calls_check_accepts(seed: int) -> None:
    rng = random.Random(seed)
    auction = Auction(first_caller=rng.randrange(2))
    pass_chance = rng.choice([0.0, 0.05, 0.2, 0.5])
    while True:
        legal = auction.legal_calls()
        assert set(legal) == legal_by_check(auction)
        assert list(legal) == sorted(legal)
        if auction.is_finished:
            assert legal == ()
            break
        assert PASS in legal
        others = [c for c in legal if c != PASS]
        call = PASS if not others or rng.random() < pass_chance else rng.choice(others)
        auction.add(call)
    # the result agrees with the calls made
    bids = [(i, c) for i, c in enumerate(auction.calls) if c >= FIRST_BID]
    if not bids:
        assert auction.is_passed_out and auction.calls == [PASS, PASS]
    else:
        index, last_bid = bids[-1]
        assert auction.declarer == (auction.first_caller + index) % 2
        after = auction.calls[index + 1 :]
        assert after[-1] == PASS and PASS not in after[:-1]
        expected = Call(last_bid).pbn + "X" * (len(after) - 1)
        assert auction.contract == Contract.parse(expected)


# -- the auction as a seat reads it (AuctionSummary) -----------------------------------------


def test_call_contract_is_the_bid_named() -> None:
    assert [call.contract for call in map(Call, (PASS, DOUBLE, REDOUBLE))] == [None] * 3
    for level in range(1, 8):
        for strain in Strain:
            call = Call.bid(level, strain)
            assert call.contract == Contract(level, strain) == Contract.parse(call.pbn)
    assert [call.action for call in BIDS] == list(range(FIRST_BID, LAST_BID + 1))


def test_cheapest_bid_is_the_lowest_legal_bid_of_the_strain() -> None:
    # compared with the auction's own legality, for every standing bid and every strain
    for standing in [None, *BIDS]:
        auction = Auction(first_caller=0)
        if standing is not None:
            auction.add(standing.action)
        legal = auction.legal_calls()
        for strain in Strain:
            lowest = [a for a in legal if a >= FIRST_BID and Call(a).strain is strain]
            found = cheapest_bid(strain, standing.contract if standing else None)
            assert found == (Call(lowest[0]) if lowest else None), (standing, strain)


@settings(max_examples=150, deadline=None)
@given(data=st.data(), first_caller=st.integers(0, 1), seat=st.integers(0, 1))
def test_the_summary_agrees_with_the_auction_at_every_call(
    data: st.DataObject, first_caller: int, seat: int
) -> None:
    auction = Auction(first_caller)
    while True:
        summary = AuctionSummary.read(auction.calls, first_caller, seat)
        assert summary.contract == auction.contract
        assert summary.declarer == auction.declarer
        assert [seen.call.action for seen in summary.calls] == auction.calls
        bids = [c for c in auction.calls if c >= FIRST_BID]
        assert summary.opening_passes == (
            auction.calls.index(bids[0]) if bids else len(auction.calls)
        )
        opponent = [c for i, c in enumerate(auction.calls) if (first_caller + i) % 2 != seat]
        assert [seen.call.action for seen in summary.opponent_calls] == opponent
        for player in (0, 1):
            theirs = [
                c
                for i, c in enumerate(auction.calls)
                if (first_caller + i) % 2 == player and c >= FIRST_BID
            ]
            assert summary.last_bid_by(player) == (Call(theirs[-1]).contract if theirs else None)
            suits = [Call(c).strain for c in theirs if Call(c).strain is not Strain.NOTRUMP]
            assert summary.first_suit_bid_by(player) == (suits[0] if suits else None)
        if auction.is_finished:
            break
        call = data.draw(st.sampled_from(auction.legal_calls()))
        # each call's context is the auction as it stood when the call was made
        standing, bidder = auction.contract, auction.declarer
        auction.add(call)
        seen = AuctionSummary.read(auction.calls, first_caller, seat).calls[-1]
        assert (seen.call.action, seen.caller) == (
            call,
            (first_caller + len(auction.calls) - 1) % 2,
        )
        assert (seen.contract_before, seen.bidder_before) == (standing, bidder)
        assert seen.is_opening_pass == (call == PASS and standing is None)


def test_a_summary_without_an_auction_is_empty() -> None:
    for first_caller, seat in [(None, 0), (0, None), (None, None)]:
        summary = AuctionSummary.read([], first_caller, seat)
        assert summary.calls == () and summary.contract is None and summary.declarer is None
