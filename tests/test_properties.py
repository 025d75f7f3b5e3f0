"""Property tests over every variant and its options, through the one invariant harness
(``invariants.py``): every action is drawn by hypothesis, so a failure shrinks to a short game.

Each step keeps every card in exactly one place, shows each seat its own cards and nothing it
may not see, refuses every illegal action without changing anything, and the game's record
replays to the same state; whole rubbers end exactly at two games and replay.
"""

from __future__ import annotations

from itertools import combinations, product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from invariants import (
    ALL_VARIANT_NAMES,
    SEAT_CHOICES,
    SEEDS,
    action_strategy,
    check_sheet,
    every_rule_set,
    play_checked,
    play_rubber,
    rule_sets,
)

from honeymoon.auction import Contract
from honeymoon.engines import new_game
from honeymoon.game import Phase
from honeymoon.rules import TABLE_VARIANTS, VARIANTS, RuleSet, find_variant
from honeymoon.scoring import ScoreSheet, score_contract
from honeymoon.seats import Seat

#: Long drawn sequences are the point here: each action is one small draw.
LONG = [HealthCheck.too_slow, HealthCheck.large_base_example, HealthCheck.data_too_large]


def _rule_set_id(rules: RuleSet) -> str:
    on = [name for name in rules.option_names if getattr(rules, name)]
    return "-".join([rules.name, *on])


@pytest.mark.parametrize("rules", list(every_rule_set()), ids=_rule_set_id)
@settings(max_examples=4, deadline=None, suppress_health_check=LONG)
@given(data=st.data(), seed=SEEDS, dealer=SEAT_CHOICES)
def test_every_variant_and_option_keeps_every_invariant(
    rules: RuleSet, data: st.DataObject, seed: int, dealer: Seat
) -> None:
    game = new_game(rules, seed=seed, first_dealer=dealer)
    play_checked(game, data, max_actions=150)


@pytest.mark.parametrize("variant", ALL_VARIANT_NAMES)
@settings(max_examples=8, deadline=None, suppress_health_check=LONG)
@given(data=st.data(), seed=SEEDS, dealer=SEAT_CHOICES)
def test_every_variant_plays_whole_rubbers_that_end_at_two_games_and_replay(
    variant: str, data: st.DataObject, seed: int, dealer: Seat
) -> None:
    rules = data.draw(rule_sets(variant), label="rules")
    game = new_game(rules, seed=seed, first_dealer=dealer)
    hands = play_rubber(game, data)
    sheet = game.score_sheet
    assert sheet.is_complete and max(sheet.games) == 2 and hands == len(game.history)
    assert any(not h.result.passed_out for h in game.history)


def test_the_rule_sets_cover_every_variant_and_every_pair_of_options() -> None:
    names = {rules.name for rules in every_rule_set()}
    assert names == set(VARIANTS) | set(TABLE_VARIANTS)
    for rules in [*VARIANTS.values(), *TABLE_VARIANTS.values()]:
        sets = [r for r in every_rule_set() if r.name == rules.name]
        for option in rules.option_names:
            assert {getattr(r, option) for r in sets} == {False, True}, (rules.name, option)
        for first, second in combinations(rules.option_names, 2):
            settings_seen = {(getattr(r, first), getattr(r, second)) for r in sets}
            assert settings_seen == set(product((False, True), repeat=2)), (first, second)
        settings_of = [tuple(getattr(r, option) for option in rules.option_names) for r in sets]
        count = len(rules.option_names)
        assert {(False,) * count, (True,) * count} <= set(settings_of), rules.name
        assert len(settings_of) == len(set(settings_of)) <= 2**count, rules.name


@pytest.mark.parametrize("variant", ALL_VARIANT_NAMES)
def test_the_drawn_actions_reach_the_auction_and_the_play(variant: str) -> None:
    # Guards the property tests above against a strategy that never leaves the first phase
    # (derandomized, so the guard itself is not flaky).
    reached: set[Phase] = set()

    @settings(
        max_examples=10,
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=LONG,
    )
    @given(data=st.data(), seed=SEEDS)
    def drive(data: st.DataObject, seed: int) -> None:
        game = new_game(find_variant(variant, four_hands=True), seed=seed)
        for _ in range(150):
            reached.add(game.phase)
            game.apply(data.draw(action_strategy(game)))

    drive()
    assert {Phase.AUCTION, Phase.PLAY} <= reached, reached


@settings(max_examples=40, deadline=None)
@given(
    hands=st.lists(
        st.tuples(
            st.integers(0, 1),
            st.integers(1, 7),
            st.integers(0, 4),
            st.integers(0, 2),
            st.integers(0, 13),
        ),
        min_size=1,
        max_size=30,
    )
)
def test_score_sheet_invariants(hands: list[tuple[int, int, int, int, int]]) -> None:
    sheet = ScoreSheet()
    for number, (declarer, level, strain, doubling, tricks) in enumerate(hands):
        if sheet.is_complete:
            break
        contract = Contract(level, strain, doubling)
        score = score_contract(contract, tricks, sheet.vulnerable(declarer))
        if tricks >= contract.tricks_needed:
            assert score.defender_above == 0 and score.declarer_below > 0
        else:
            assert score.declarer_below == score.declarer_above == 0 and score.defender_above > 0
        new = sheet.add_hand(number, declarer, score)
        gained = new.totals[declarer] - sheet.totals[declarer]
        added = new.entries[len(sheet.entries) :]
        rubber_bonus = sum(e.points for e in added if e.reason == "rubber")
        assert gained == score.declarer_below + score.declarer_above + rubber_bonus
        assert new.totals[1 - declarer] - sheet.totals[1 - declarer] == score.defender_above
        check_sheet(new)
        sheet = new
