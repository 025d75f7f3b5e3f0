"""Par of hand-worked deals, under the vulnerability and the state of the rubber."""

from __future__ import annotations

import functools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from honeymoon.analysis import PAR_DENOMINATION_ORDER, ContractOutcome, _tie_key, par, trick_table
from honeymoon.auction import Contract
from honeymoon.cards import ALL_CARDS, CardSet, Strain
from honeymoon.scoring import ScoreSheet, score_contract
from honeymoon.seats import Seat


def _sheet(*game_winners: Seat) -> tuple[ScoreSheet, int]:
    """A sheet on which each listed seat has won a game (3NT made), and the next hand's
    number."""
    sheet = ScoreSheet()
    for number, seat in enumerate(game_winners):
        score = score_contract(Contract.parse("3NT"), 9, sheet.vulnerable(seat))
        sheet = sheet.add_hand(number, seat, score)
    return sheet, len(game_winners)


# South: ♠J ♥KJT86532 ♦9 ♣JT2; East: ♠K542 ♥AQ7 ♦A62 ♣854.
SOUTH = CardSet.parse("♠J ♥KJT86532 ♦9 ♣JT2")
EAST = CardSet.parse("♠K542 ♥AQ7 ♦A62 ♣854")


def test_the_deal_takes_these_tricks_double_dummy() -> None:
    # The table the par below is worked from (the solver's answers, each side declaring with
    # the opponent leading).
    table = trick_table(SOUTH, EAST)
    assert [table.tricks(Seat.SOUTH, strain) for strain in Strain] == [3, 3, 8, 3, 3]
    assert [table.tricks(Seat.EAST, strain) for strain in Strain] == [9, 10, 5, 10, 9]


@pytest.mark.parametrize("first_caller", [Seat.SOUTH, Seat.EAST])
def test_a_sacrifice_that_pays_against_a_rubber_game(first_caller: Seat) -> None:
    # East has won a game (vulnerable), South none. East's best is 4♠ (10 tricks): 120 below
    # and the rubber, 700 for two games to none: 820. 3NT (9 tricks) would give 800, 5♦ fails.
    # South, not vulnerable, takes 8 tricks in hearts: 5♥ doubled three down costs 500
    # (100 + 200 + 200), less than 820. Over 5♥X East's best is to defend (+500): 5♠ doubled
    # one down vulnerable would cost it 200. So par is South 5♥X, down three: East +500.
    sheet, number = _sheet(Seat.EAST)
    result = par(trick_table(SOUTH, EAST), sheet, hand_number=number, first_caller=first_caller)
    assert result.vulnerable == (False, True)
    assert result.outcome is not None
    assert result.outcome.contract == Contract.parse("5HX")
    assert result.outcome.declarer is Seat.SOUTH
    assert result.outcome.tricks == 8
    assert result.is_sacrifice
    assert result.points == (0, 500)
    assert result.net(Seat.SOUTH) == -500
    own_east = result.own_best[Seat.EAST]
    assert own_east is not None
    assert own_east.contract == Contract.parse("4S")
    assert own_east.points == (0, 820)
    assert own_east.wins_game and own_east.wins_rubber


def test_the_same_sacrifice_does_not_pay_when_vulnerable() -> None:
    # Both have won a game. East's 4♠ is now worth 120 + 500 (two games to one) = 620, and
    # South's 5♥X three down vulnerable costs 200 + 300 + 300 = 800: South lets East play 4♠.
    sheet, number = _sheet(Seat.EAST, Seat.SOUTH)
    result = par(trick_table(SOUTH, EAST), sheet, hand_number=number, first_caller=Seat.EAST)
    assert result.vulnerable == (True, True)
    assert result.outcome is not None
    assert result.outcome.contract == Contract.parse("4S")
    assert result.outcome.declarer is Seat.EAST
    assert not result.is_sacrifice
    assert result.points == (0, 620)
    assert result.outcome.wins_rubber


def test_a_game_is_preferred_to_the_same_points_without_one() -> None:
    # First hand of the rubber: no game bonus is written on the sheet until the rubber ends,
    # so East's 4♠ (120) and 2♠ with two overtricks (60 + 60) score alike; the game counts for
    # more. South has nothing to sacrifice that costs less than 120 (5♥X: 500).
    result = par(trick_table(SOUTH, EAST), ScoreSheet(), hand_number=0, first_caller=Seat.SOUTH)
    assert result.outcome is not None
    assert result.outcome.contract == Contract.parse("4S")
    assert result.points == (0, 120)
    assert result.outcome.wins_game and not result.outcome.wins_rubber


def test_the_part_score_already_below_the_line_counts() -> None:
    # East has 40 below the line toward a game (1NT made earlier): now 2♠ (60) completes the
    # game as well as 4♠ would; both are games, 4♠ scores 120 and 2♠ + 2 also 120: the same
    # points, games and part score, so the lower contract is taken.
    sheet = ScoreSheet().add_hand(0, 1, score_contract(Contract.parse("1NT"), 7, False))
    result = par(trick_table(SOUTH, EAST), sheet, hand_number=1, first_caller=Seat.SOUTH)
    assert result.outcome is not None
    assert result.outcome.contract == Contract.parse("2S")
    assert result.outcome.wins_game
    assert result.points == (0, 120)


def test_a_grand_slam_with_every_top_card() -> None:
    south = CardSet.parse("♠AKQJ ♥AKQJ ♦AKQJ ♣A")
    east = CardSet.parse("♠5432 ♥5432 ♦5432 ♣2")
    result = par(trick_table(south, east), ScoreSheet(), hand_number=0, first_caller=Seat.EAST)
    # 7NT: 40 + 6 × 30 = 220 below, 1000 for the grand slam not vulnerable.
    assert result.outcome is not None
    assert result.outcome.contract == Contract.parse("7NT")
    assert result.points == (1220, 0)
    assert result.own_best[Seat.EAST] is None


def test_honours_are_counted_when_the_option_is_on() -> None:
    # All four aces at no trump are worth 150 to South whoever declares, with the option on.
    south = CardSet.parse("♠AKQJ ♥AKQJ ♦AKQJ ♣A")
    east = CardSet.parse("♠5432 ♥5432 ♦5432 ♣2")
    table = trick_table(south, east)
    plain = par(table, ScoreSheet(), hand_number=0, first_caller=Seat.SOUTH)
    with_honours = par(table, ScoreSheet(), hand_number=0, first_caller=Seat.SOUTH, honours=True)
    assert with_honours.outcome is not None and plain.outcome is not None
    assert with_honours.outcome.contract == plain.outcome.contract == Contract.parse("7NT")
    assert with_honours.points[Seat.SOUTH] == plain.points[Seat.SOUTH] + 150


@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_par_is_never_worse_for_a_side_than_what_it_can_force(data: st.DataObject) -> None:
    # Whatever the deal and the sheet: par makes undoubled (a gain for declarer) or fails
    # doubled, and then the side that sacrifices loses no more than the opponent's own best
    # contract would score.
    cards = data.draw(st.permutations(ALL_CARDS), label="deck")
    south, east = CardSet.of(cards[:13]), CardSet.of(cards[13:26])
    winners = data.draw(st.lists(st.sampled_from(list(Seat)), max_size=2), label="games")
    if winners.count(Seat.SOUTH) > 1 or winners.count(Seat.EAST) > 1:
        winners = winners[:1]
    sheet, number = _sheet(*winners)
    first = data.draw(st.sampled_from(list(Seat)), label="first caller")
    result = par(trick_table(south, east), sheet, hand_number=number, first_caller=first)
    outcome = result.outcome
    if outcome is None:
        assert result.own_best == (None, None)
        return
    assert outcome.made == (outcome.contract.doubling == 0)
    declarer = outcome.declarer
    if outcome.made:
        assert result.net(declarer) > 0
    else:
        other_best = result.own_best[declarer.other]
        assert other_best is not None
        # (At equal points a sacrifice is still taken when it denies the opponent a game.)
        assert -result.net(declarer) <= other_best.net(declarer.other)
    # The other side could always have let the declaring side play its own best contract,
    # so par is no better for the declaring side than that.
    own = result.own_best[declarer]
    if own is not None:
        assert result.net(declarer) <= own.net(declarer)


def _plain_search_value(
    south: CardSet, east: CardSet, sheet: ScoreSheet, number: int, first: Seat
) -> tuple[int, int, int]:
    """Par's worth (South's side) by a plain game-tree search of the auction, written from the
    definition in docs/analysis.md without the analysis module's bookkeeping."""
    table = trick_table(south, east)
    bids = [Contract(level, strain) for level in range(1, 8) for strain in Strain]

    def final(bid: int, declarer: int) -> tuple[int, int, int]:
        contract = bids[bid]
        tricks = table.tricks(declarer, contract.strain)
        if tricks < contract.tricks_needed:
            contract = Contract(contract.level, contract.strain, 1)
        score = score_contract(contract, tricks, sheet.vulnerable(declarer))
        after = sheet.add_hand(number, declarer, score)
        net = (after.total(0) - sheet.total(0)) - (after.total(1) - sheet.total(1))
        games = (after.games[0] - sheet.games[0]) - (after.games[1] - sheet.games[1])
        return (net, games, after.progress[0] - after.progress[1])

    @functools.cache
    def after_bid(bid: int, declarer: int) -> tuple[int, int, int]:
        mover = 1 - declarer
        options = [final(bid, declarer)]
        options += [after_bid(higher, mover) for higher in range(bid + 1, len(bids))]
        return max(options) if mover == 0 else min(options)

    def opening(mover: int, passes: int) -> tuple[int, int, int]:
        options = [(0, 0, 0) if passes else opening(1 - mover, 1)]
        options += [after_bid(bid, mover) for bid in range(len(bids))]
        return max(options) if mover == 0 else min(options)

    return opening(int(first), 0)


@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_par_is_the_value_of_a_plain_search_of_the_auction(data: st.DataObject) -> None:
    cards = data.draw(st.permutations(ALL_CARDS), label="deck")
    south, east = CardSet.of(cards[:13]), CardSet.of(cards[13:26])
    winners = data.draw(st.sampled_from([(), (Seat.SOUTH,), (Seat.EAST,), tuple(Seat)]))
    sheet, number = _sheet(*winners)
    first = data.draw(st.sampled_from(list(Seat)), label="first caller")
    result = par(trick_table(south, east), sheet, hand_number=number, first_caller=first)
    expected = _plain_search_value(south, east, sheet, number, first)
    assert result.net(Seat.SOUTH) == expected[0]
    if result.outcome is not None:
        assert result.outcome.wins_game == (expected[1] != 0)


def test_between_sacrifices_that_cost_the_same_par_takes_the_suit_before_notrump() -> None:
    # South's eight clubs take 10 tricks in clubs and 9 in notrump: over East's 4♥ (10
    # tricks), 4NT doubled and 5♣ doubled are each one down, 100 not vulnerable. The tie goes
    # by the denomination order of par calculations, a suit before notrump: 5♣ doubled.
    south = CardSet.parse("♠- ♥A63 ♦Q5 ♣AKJT7653")
    east = CardSet.parse("♠KJT9 ♥QT985 ♦872 ♣8")
    table = trick_table(south, east)
    assert table.tricks(Seat.SOUTH, Strain.CLUBS) == 10
    assert table.tricks(Seat.SOUTH, Strain.NOTRUMP) == 9
    result = par(table, ScoreSheet(), hand_number=0, first_caller=Seat.SOUTH)
    assert result.outcome is not None and result.is_sacrifice
    assert result.outcome.contract == Contract.parse("5CX")
    assert result.points == (0, 100)


def test_between_contracts_that_make_and_score_the_same_par_takes_the_lowest() -> None:
    # Every contract that makes exactly scores its trick score on a first hand (no game bonus
    # until the rubber ends): of two lines worth the same, the one with tricks to spare, the
    # lowest, is par; at one level the denomination order ♠ ♥ ♦ ♣ NT decides.
    def outcome(text: str, tricks: int) -> ContractOutcome:
        contract = Contract.parse(text)
        score = score_contract(contract, tricks, False)
        return ContractOutcome(contract, Seat.SOUTH, tricks, score, (0, 0), False, False)

    assert _tie_key(outcome("3NT", 11)) < _tie_key(outcome("5D", 11))
    assert _tie_key(outcome("4S", 10)) < _tie_key(outcome("4H", 10))
    assert _tie_key(outcome("5DX", 9)) < _tie_key(outcome("4NTX", 8))
    assert PAR_DENOMINATION_ORDER[-1] is Strain.NOTRUMP
