"""Rubber scoring, figure by figure (RULES.md 1.4 and 1.5)."""

from __future__ import annotations

import pytest

from honeymoon.auction import Contract
from honeymoon.cards import CardSet, Strain
from honeymoon.errors import NotationError
from honeymoon.scoring import (
    HandScore,
    Line,
    ScoreSheet,
    contract_points,
    honours_bonus,
    score_contract,
    undertrick_penalty,
)

# Below the line for each strain and level, undoubled (RULES.md 1.4, first bullet).
UNDOUBLED_BELOW = {
    Strain.CLUBS: [20, 40, 60, 80, 100, 120, 140],
    Strain.DIAMONDS: [20, 40, 60, 80, 100, 120, 140],
    Strain.HEARTS: [30, 60, 90, 120, 150, 180, 210],
    Strain.SPADES: [30, 60, 90, 120, 150, 180, 210],
    Strain.NOTRUMP: [40, 70, 100, 130, 160, 190, 220],
}


@pytest.mark.parametrize("strain", list(Strain))
@pytest.mark.parametrize("level", range(1, 8))
def test_contract_points_per_strain_and_level(strain: Strain, level: int) -> None:
    expected = UNDOUBLED_BELOW[strain][level - 1]
    assert contract_points(Contract(level, strain)) == expected
    assert contract_points(Contract(level, strain, 1)) == 2 * expected
    assert contract_points(Contract(level, strain, 2)) == 4 * expected
    made = score_contract(Contract(level, strain), 6 + level, vulnerable=False)
    assert made.declarer_below == expected


@pytest.mark.parametrize(
    ("contract", "below"),
    [("1C", 20), ("1CX", 40), ("1CXX", 80), ("2HX", 120), ("3NTX", 200), ("3NTXX", 400),
     ("1NTXX", 160), ("4SX", 240), ("7NTXX", 880), ("2DXX", 160), ("5CX", 200)],
)  # fmt: skip
def test_doubled_and_redoubled_contract_points(contract: str, below: int) -> None:
    assert contract_points(Contract.parse(contract)) == below


# (contract, declarer's tricks, vulnerable, below, declarer above, defender above)
MADE = [
    # undoubled overtricks: 20 in minors, 30 in majors and NT, vulnerable or not
    ("2C", 10, False, 40, 40, 0),
    ("2C", 10, True, 40, 40, 0),
    ("3D", 10, True, 60, 20, 0),
    ("2H", 10, False, 60, 60, 0),
    ("1S", 10, True, 30, 90, 0),
    ("1NT", 9, False, 40, 60, 0),
    ("3NT", 10, False, 100, 30, 0),  # the worked example of RULES.md 2
    ("3NT", 10, True, 100, 30, 0),
    # doubled overtricks 100 / 200, plus 50 for making a doubled contract
    ("2HX", 8, False, 120, 50, 0),
    ("2HX", 9, False, 120, 150, 0),
    ("2HX", 9, True, 120, 250, 0),
    ("1CX", 9, False, 40, 250, 0),
    ("1NTX", 10, True, 80, 650, 0),
    # redoubled overtricks 200 / 400, plus 100 for making a redoubled contract
    ("2HXX", 8, False, 240, 100, 0),
    ("2HXX", 9, False, 240, 300, 0),
    ("2HXX", 9, True, 240, 500, 0),
    ("3DXX", 11, False, 240, 500, 0),
    ("3DXX", 11, True, 240, 900, 0),
    # insult only
    ("4SX", 10, False, 240, 50, 0),
    ("4SXX", 10, True, 480, 100, 0),
    # slams: 500 / 750 small, 1000 / 1500 grand
    ("6C", 12, False, 120, 500, 0),
    ("6C", 12, True, 120, 750, 0),
    ("6NT", 12, True, 190, 750, 0),
    ("6H", 13, True, 180, 780, 0),
    ("6SX", 12, True, 360, 800, 0),
    ("7S", 13, False, 210, 1000, 0),
    ("7NT", 13, True, 220, 1500, 0),
    ("7NTXX", 13, False, 880, 1100, 0),
    ("7DX", 13, True, 280, 1550, 0),
    # extra tricks in a lower contract earn no slam bonus
    ("4H", 13, False, 120, 90, 0),
    ("3NT", 12, True, 100, 90, 0),
    ("5C", 13, False, 100, 40, 0),
    ("5DX", 12, False, 200, 150, 0),
    ("1NT", 13, True, 40, 180, 0),
]


@pytest.mark.parametrize(("contract", "tricks", "vulnerable", "below", "above", "defender"), MADE)
def test_made_contracts(
    contract: str, tricks: int, vulnerable: bool, below: int, above: int, defender: int
) -> None:
    score = score_contract(Contract.parse(contract), tricks, vulnerable)
    assert score == HandScore(below, above, defender)
    assert sum(i.points for i in score.items if i.line is Line.BELOW) == below
    assert sum(i.points for i in score.items if i.side == "declarer" and i.line is Line.ABOVE) == (
        above
    )


def test_score_items_name_their_reasons() -> None:
    reasons = {i.reason: i.points for i in score_contract(Contract.parse("6HX"), 13, True).items}
    assert reasons == {
        "contract 6♥X": 360,
        "1 overtrick": 200,
        "making a doubled contract": 50,
        "small slam": 750,
    }
    reasons = {i.reason: i.points for i in score_contract(Contract.parse("7NTXX"), 13, False).items}
    assert reasons == {
        "contract 7NTXX": 880,
        "making a redoubled contract": 100,
        "grand slam": 1000,
    }


# (doubling, vulnerable, penalties for 1, 2, 3, … undertricks)
UNDERTRICKS = [
    (0, False, [50, 100, 150, 200, 250, 300, 350]),
    (0, True, [100, 200, 300, 400, 500, 600, 700]),
    (1, False, [100, 300, 500, 800, 1100, 1400, 1700]),
    (1, True, [200, 500, 800, 1100, 1400, 1700, 2000]),
    (2, False, [200, 600, 1000, 1600, 2200, 2800, 3400]),
    (2, True, [400, 1000, 1600, 2200, 2800, 3400, 4000]),
]


def test_reasons_count_in_the_singular_and_the_plural() -> None:
    def reasons(contract: str, tricks: int) -> set[str]:
        return {i.reason for i in score_contract(Contract.parse(contract), tricks, False).items}

    assert "1 overtrick" in reasons("2S", 9) and "2 overtricks" in reasons("2S", 10)
    assert reasons("4H", 9) == {"1 undertrick"} and reasons("4H", 7) == {"3 undertricks"}


@pytest.mark.parametrize(("doubling", "vulnerable", "penalties"), UNDERTRICKS)
def test_undertricks(doubling: int, vulnerable: bool, penalties: list[int]) -> None:
    for down, penalty in enumerate(penalties, start=1):
        assert undertrick_penalty(down, doubling, vulnerable) == penalty
        contract = Contract(7, Strain.SPADES, doubling)
        score = score_contract(contract, 13 - down, vulnerable)
        assert score == HandScore(0, 0, penalty)
        assert [i.side for i in score.items] == ["defender"]
        assert score.items[0].line is Line.ABOVE


@pytest.mark.parametrize(
    ("contract", "tricks", "vulnerable", "penalty"),
    [
        ("4SX", 7, False, 500),  # doubled nv down 3 = 100 + 200 + 200
        ("4SX", 6, False, 800),  # down 4 adds 300
        ("4SX", 8, True, 500),  # doubled vulnerable down 2 = 200 + 300
        ("4SXX", 7, False, 1000),  # redoubled nv down 3 = twice 500
        ("7NTX", 0, False, 3500),  # down 13: 100 + 400 + 300 * 10
        ("7NTXX", 0, True, 7600),  # down 13: 2 * (200 + 300 * 12)
        ("1C", 6, False, 50),
        ("3NT", 8, True, 100),
    ],
)
def test_cumulative_penalties(contract: str, tricks: int, vulnerable: bool, penalty: int) -> None:
    assert score_contract(Contract.parse(contract), tricks, vulnerable) == HandScore(0, 0, penalty)


def test_no_undertricks_no_penalty() -> None:
    assert undertrick_penalty(0, 1, True) == 0


@pytest.mark.parametrize("tricks", [-1, 14])
def test_impossible_trick_counts(tricks: int) -> None:
    with pytest.raises(NotationError):
        score_contract(Contract.parse("1NT"), tricks, False)


# -- honours (an option, off by default) ------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "strain", "bonus"),
    [
        ("♠AKQJ10 ♥2", Strain.SPADES, 150),
        ("♠AKQJ ♥2", Strain.SPADES, 100),
        ("♠AKQ10 ♥2", Strain.SPADES, 100),
        ("♠KQJ10", Strain.SPADES, 100),
        ("♠AKQ", Strain.SPADES, 0),
        ("♥AKQJ10", Strain.SPADES, 0),  # honours of a side suit do not count
        ("♥AKQJ", Strain.HEARTS, 100),
        ("♣AKQJ10", Strain.CLUBS, 150),
        ("♦AKJ109", Strain.DIAMONDS, 100),
        ("♠A ♥A ♦A ♣A", Strain.NOTRUMP, 150),
        ("♠A ♥A ♦A ♣K", Strain.NOTRUMP, 0),
        ("♠AKQJ10 ♥A ♦A", Strain.NOTRUMP, 0),
        ("♠A ♥A ♦A ♣A", Strain.SPADES, 0),  # aces count only at no trump
    ],
)
def test_honours_bonus(hand: str, strain: Strain, bonus: int) -> None:
    assert honours_bonus(CardSet.parse(hand).mask, strain) == bonus


def test_honours_go_to_the_holder_above_the_line() -> None:
    sheet = ScoreSheet().add_hand(0, 0, score_contract(Contract.parse("2S"), 8, False), (0, 100))
    assert sheet.above(1) == 100
    assert [e.reason for e in sheet.entries if e.seat == 1] == ["honours"]
    assert sheet.progress == (60, 0)  # honours never count toward a game


# -- the score sheet --------------------------------------------------------------------------


def made(contract: str, vulnerable: bool = False) -> HandScore:
    """The score of ``contract`` made exactly."""
    parsed = Contract.parse(contract)
    return score_contract(parsed, parsed.tricks_needed, vulnerable)


def play(sheet: ScoreSheet, declarer: int, contract: str, tricks: int | None = None) -> ScoreSheet:
    """The sheet after ``declarer`` plays ``contract`` and takes ``tricks`` (exactly, if None)."""
    parsed = Contract.parse(contract)
    taken = parsed.tricks_needed if tricks is None else tricks
    score = score_contract(parsed, taken, sheet.vulnerable(declarer))
    return sheet.add_hand(len({e.hand for e in sheet.entries}), declarer, score)


def test_a_fresh_sheet() -> None:
    sheet = ScoreSheet()
    assert sheet.games == (0, 0) and sheet.progress == (0, 0)
    assert sheet.totals == (0, 0) and sheet.points_winner is None
    assert not sheet.vulnerable(0) and not sheet.vulnerable(1)
    assert not sheet.is_complete and sheet.rubber_winner is None and sheet.current_game == 0


@pytest.mark.parametrize(
    ("contract", "game"),
    [("3NT", True), ("2NT", False), ("4H", True), ("3S", False), ("5C", True), ("4D", False),
     ("2HX", True), ("1NTX", False), ("1CXX", False), ("1DXX", False), ("2CXX", True)],
)  # fmt: skip
def test_game_at_100_below(contract: str, game: bool) -> None:
    sheet = play(ScoreSheet(), 0, contract)
    assert sheet.games == ((1, 0) if game else (0, 0))
    assert sheet.vulnerable(0) is game
    assert sheet.progress == ((0, 0) if game else (contract_points(Contract.parse(contract)), 0))
    assert sheet.below(0) == contract_points(Contract.parse(contract))  # points stay in totals


def test_part_scores_accumulate_and_both_progresses_reset() -> None:
    sheet = play(ScoreSheet(), 0, "2H")
    assert sheet.progress == (60, 0)
    sheet = play(sheet, 1, "2C")
    assert sheet.progress == (60, 40)
    sheet = play(sheet, 0, "1S")
    assert sheet.progress == (90, 40) and sheet.games == (0, 0)
    sheet = play(sheet, 0, "1NT")  # 90 + 40 = 130: a game
    assert sheet.games == (1, 0) and sheet.game_winners == (0,)
    assert sheet.progress == (0, 0)  # East's 40 no longer counts toward the next game
    assert sheet.below(1) == 40 and sheet.below(0) == 60 + 30 + 40
    assert sheet.vulnerable(0) and not sheet.vulnerable(1)
    assert sheet.current_game == 1
    # the entries record which game their points counted toward
    assert [e.game for e in sheet.entries if e.line is Line.BELOW] == [0, 0, 0, 0]
    sheet = play(sheet, 1, "2D")
    assert sheet.progress == (0, 40) and [e.game for e in sheet.entries][-1] == 1


def test_overtricks_and_penalties_do_not_count_toward_game() -> None:
    sheet = play(ScoreSheet(), 0, "1C", tricks=13)  # 20 below, 120 above
    assert sheet.progress == (20, 0) and sheet.games == (0, 0) and sheet.above(0) == 120
    sheet = play(sheet, 1, "4SX", tricks=3)  # East down 7 doubled: South scores above only
    assert sheet.progress == (20, 0) and sheet.above(0) == 120 + 1700


def test_vulnerability_lasts_after_the_progress_resets() -> None:
    sheet = play(ScoreSheet(), 1, "4S")
    assert sheet.vulnerable(1) and sheet.progress == (0, 0)
    sheet = play(sheet, 0, "1C")
    assert sheet.vulnerable(1) and not sheet.vulnerable(0)
    # a vulnerable declarer's penalties are the vulnerable ones
    sheet = play(sheet, 1, "2HX", tricks=6)
    assert sheet.above(0) == 500


def test_rubber_two_games_to_nil_earns_700() -> None:
    sheet = play(play(ScoreSheet(), 0, "3NT"), 0, "4H")
    assert sheet.is_complete and sheet.rubber_winner == 0 and sheet.games == (2, 0)
    assert [e.points for e in sheet.entries if e.reason == "rubber"] == [700]
    assert sheet.totals == (100 + 120 + 700, 0)
    assert sheet.points_winner == 0


def test_rubber_two_games_to_one_earns_500() -> None:
    sheet = play(ScoreSheet(), 0, "3NT")
    sheet = play(sheet, 1, "5D")
    assert sheet.games == (1, 1) and not sheet.is_complete
    sheet = play(sheet, 1, "2S")
    assert not sheet.is_complete and sheet.progress == (0, 60)
    sheet = play(sheet, 1, "2D")
    assert sheet.is_complete and sheet.rubber_winner == 1 and sheet.games == (1, 2)
    rubber = [e for e in sheet.entries if e.reason == "rubber"]
    assert [(e.seat, e.points, e.line) for e in rubber] == [(1, 500, Line.ABOVE)]
    assert sheet.totals == (100, 100 + 60 + 40 + 500)


def test_points_winner_can_differ_from_rubber_winner() -> None:
    sheet = play(ScoreSheet(), 0, "7NTX", tricks=6)  # South down 7 doubled nv: East 1700
    sheet = play(sheet, 0, "3NT")
    sheet = play(sheet, 0, "3NT")
    assert sheet.rubber_winner == 0
    assert sheet.totals == (100 + 100 + 700, 1700)
    assert sheet.points_winner == 1


def test_totals_are_above_plus_below() -> None:
    sheet = play(ScoreSheet(), 0, "2HX", tricks=10)
    sheet = play(sheet, 1, "3NT", tricks=7)
    sheet = play(sheet, 1, "6S", tricks=12)
    for seat in (0, 1):
        assert sheet.total(seat) == sheet.above(seat) + sheet.below(seat)
        assert sheet.total(seat) == sum(e.points for e in sheet.entries if e.seat == seat)
    assert sheet.totals == (sheet.total(0), sheet.total(1))
    # South: 120 below, 2 doubled overtricks 200 + insult 50, and East's 2 undertricks 100
    assert (sheet.below(0), sheet.above(0)) == (120, 350)
    # East, not vulnerable: 6♠ made, 180 below and 500 for the small slam
    assert (sheet.below(1), sheet.above(1)) == (180, 500)


def test_equal_totals_have_no_points_winner() -> None:
    sheet = play(ScoreSheet(), 0, "1C", tricks=6)  # East 50
    sheet = play(sheet, 1, "1C", tricks=6)  # South 50
    assert sheet.totals == (50, 50) and sheet.points_winner is None


def test_no_hand_after_the_rubber() -> None:
    sheet = play(play(ScoreSheet(), 1, "3NT"), 1, "3NT")
    assert sheet.is_complete
    with pytest.raises(ValueError, match="rubber is over"):
        play(sheet, 0, "1C")


def test_the_sheet_is_immutable() -> None:
    first = ScoreSheet()
    second = play(first, 0, "3NT")
    assert first == ScoreSheet() and second is not first
    with pytest.raises(AttributeError):
        second.games = (0, 0)  # type: ignore[misc]
