"""The Bridgette solver (honeymoon.solver.colons): the Colons' rules in fixed positions checked by
hand, its legal cards against the core's rule, the compiled backend against the reference, input
errors, and whole Bridgette deals played out by the solver's own best cards."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import textwrap
from types import ModuleType

import pytest
from bridgette_packs import exchange_back
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from honeymoon.actions import card_of_action
from honeymoon.auction import Call
from honeymoon.bridgette import BridgetteGame
from honeymoon.cards import CARD_MASK, Card, CardSet
from honeymoon.engines import new_game
from honeymoon.errors import SolverInputError
from honeymoon.game import Phase
from honeymoon.rules import BRIDGETTE
from honeymoon.solver import _colons_reference, colons
from honeymoon.solver.colons import bridgette_tricks, bridgette_values
from honeymoon.tricks import bridgette_playable
from honeymoon.views import view_for

try:
    from honeymoon.solver import _kernel
except ImportError:  # the compiled parts are optional; the reference is still checked
    _kernel = None
try:
    from honeymoon.solver import _colons as _compiled
except ImportError:
    _compiled = None

BACKENDS = [pytest.param(_colons_reference, id="python")]
if _compiled is not None:
    BACKENDS.append(pytest.param(_compiled, id="compiled"))


def mask(text: str) -> int:
    return CardSet.parse(text).mask


def cid(text: str) -> int:
    return Card.parse(text).id


def solve(
    backend: ModuleType, to_move: str, other: str, trump: int, led: str = "", barred: int = -1
) -> tuple[int, list[tuple[int, int]]]:
    """``backend.values`` on hands in notation, the led card by name."""
    led_card = cid(led) if led else -1
    result: tuple[int, list[tuple[int, int]]] = backend.values(
        mask(to_move), mask(other), trump, led_card, barred
    )
    return result


# -- the Colons' rules, in positions worked out by hand --------------------------------------


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_matching_colon_while_able_to_follow_gives_the_leader_the_trick_and_bars_the_suit(
    backend: ModuleType,
) -> None:
    # ♠A is led; the leader keeps ♠KQ ♥2. The follower may follow with ♠3 or play :G. After ♠3
    # the leader cashes ♠KQ and loses ♥2 to the ♥A: the follower takes 1. After :G the leader
    # wins the trick but may not lead spades: ♥2 goes to the ♥K, the ♥A follows and only then
    # do the spades make one trick: the follower takes 2.
    best, values = solve(backend, "♠3 ♥AK :G", "♠KQ ♥2", 4, led="SA")
    assert values == [(cid("S3"), 1), (cid(":G"), 2)]
    assert best == 2
    # Had the Colon won the trick for the follower, or left spades free, :G would be worth
    # 3 or 1; and a Royal Colon, which does not match the ace, may not be played at all.
    _, values = solve(backend, "♠3 ♥AK :R", "♠KQ ♥2", 4, led="SA")
    assert [card for card, _ in values] == [cid("S3")]


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_bar_holds_for_a_trump_lead_too(backend: ModuleType) -> None:
    # Spades are trumps and the ♠A is led. After ♠4 the leader draws the last trump with ♠5
    # and loses only ♦J to ♦K: the follower takes 1. After :G the leader may not lead its trump:
    # ♥7 is ruffed and ♦K wins, or ♦K wins and ♦7 then ♥7 are ruffed: the follower takes 2.
    _, values = solve(backend, "♠4 ♦K7 :G", "♠5 ♥7 ♦J", 3, led="SA")
    assert values == [(cid("S4"), 1), (cid(":G"), 2)]


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_non_matching_colon_only_when_void_and_then_a_plain_discard(backend: ModuleType) -> None:
    # ♠A is led and the follower has no spade: :R (not the ace's Colon) is a discard. The leader
    # wins, may lead ♠K next (no bar) and the follower keeps ♥A for the ♥2: 1 trick. Had :R
    # barred spades, the leader would have to lead ♥2 and lose both: 2.
    _, values = solve(backend, "♥A3 :R", "♠K ♥2", 4, led="SA")
    assert values == [(cid("H3"), 1), (cid("HA"), 1), (cid(":R"), 1)]
    # Able to follow, the follower may not discard the non-matching Colon.
    _, values = solve(backend, "♠3 ♥A :R", "♠K ♥2", 4, led="SA")
    assert [card for card, _ in values] == [cid("S3")]
    # Within the search too: ♠10 wins, since the follower must follow with ♠6 (:G does not
    # match a ten); then ♠5 and ♠4 win as well. (Playing :G to ♠10 and keeping ♠6 would leave
    # the leader one trick.) Led low, ♠6 wins and ♥9 then :G hold the lead until the last trick.
    best, values = solve(backend, "♠1054", "♠6 ♥9 :G", 4)
    assert (best, values) == (3, [(cid("S4"), 1), (cid("S5"), 1), (cid("S10"), 3)])


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_colon_is_led_only_from_a_hand_of_colons_and_wins_only_against_a_colon(
    backend: ModuleType,
) -> None:
    _, values = solve(backend, "♠2 :L", "♥2 ♥3", 4)
    assert [card for card, _ in values] == [cid("S2")]
    # Within the search too: either lead loses to an ace, the other ace follows, and the
    # follower's :R then wins, as the leader's :L played to it loses. (Leading :L first would
    # have kept a suited card to beat the :R at the end: one trick.)
    assert solve(backend, "♠5 ♥10 :L", "♠A ♥A :R", 4) == (0, [(cid("H10"), 0), (cid("S5"), 0)])
    # Colons only: either may be led; the ♠2 wins a Colon lead, a Colon played to it loses.
    best, values = solve(backend, ":L :G", "♠2 :R", 4)
    assert values == [(cid(":L"), 0), (cid(":G"), 0)] and best == 0
    assert solve(backend, ":G", ":R", 4) == (1, [(cid(":G"), 1)])
    assert solve(backend, ":G", "♣2", 0) == (0, [(cid(":G"), 0)])
    # Following a Colon lead: any card, and only a Colon loses the trick.
    # (♣2 wins and the follower's :R then loses to ♦2; :R loses, and ♦2 wins the ♣2 discard.)
    assert solve(backend, "♣2 :R", "♦2", 4, led=":L") == (1, [(cid("C2"), 1), (cid(":R"), 0)])


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_bar_lapses_when_the_leader_holds_no_other_suit(backend: ModuleType) -> None:
    assert solve(backend, "♠AK", "♥23", 4, barred=3) == (2, [(cid("SK"), 2), (cid("SA"), 2)])
    # With another suit the bar holds: ♠A may not be led, and ♥2 loses the lead.
    assert solve(backend, "♠A ♥2", "♥3 ♦2", 4, barred=3) == (0, [(cid("H2"), 0)])
    # A hand of spades and Colons leads a spade (never a Colon while holding a suited card);
    # the Colon, led last, loses to a suited card.
    assert solve(backend, "♠A :L", "♥3 ♦2", 4, barred=3) == (1, [(cid("SA"), 1)])


# -- input errors ------------------------------------------------------------------------------


BAD_INPUT = [
    (mask("♠AK"), mask("♠K2"), 4, -1, -1, "card_in_both_hands"),
    (mask("♠AK :G"), mask("♥A :G"), 4, -1, -1, "card_in_both_hands"),
    (mask("♠AK"), mask("♥A"), 4, -1, -1, "unequal_hands"),
    (mask("♠AK"), mask("♥AK"), 5, -1, -1, "bad_strain"),
    (mask("♠AK"), mask("♥AK"), -1, -1, -1, "bad_strain"),
    (mask("♠AK"), mask("♥AK"), 4, cid("SA"), -1, "bad_led_card"),
    (mask("♠AK"), mask("♥A"), 4, 55, -1, "bad_led_card"),
    (mask("♠AK"), mask("♥A"), 4, cid(":G"), 3, "bad_barred_suit"),
    (mask("♠AK"), mask("♥AK"), 4, -1, 4, "bad_barred_suit"),
    (mask("♠AK"), mask("♥AK"), 4, -1, -2, "bad_barred_suit"),
    (mask("♠AK"), mask("♥AK"), 4, cid("D2"), -1, "unequal_hands"),
    (1 << 13, mask("♥A"), 4, -1, -1, "bad_mask"),
    (1 << 67, mask("♥A"), 4, -1, -1, "bad_mask"),
    (-1, mask("♥A"), 4, -1, -1, "bad_mask"),
    (mask("♠AKQJ1098765432 :L"), mask("♥AKQJ1098765432 :G"), 4, -1, -1, "too_many_cards"),
]


@pytest.mark.parametrize(("to_move", "other", "trump", "led", "barred", "code"), BAD_INPUT)
@pytest.mark.parametrize("function", [bridgette_tricks, bridgette_values])
def test_bad_input_is_refused_with_a_code(
    function: object, to_move: int, other: int, trump: int, led: int, barred: int, code: str
) -> None:
    assert callable(function)
    with pytest.raises(SolverInputError) as caught:
        function(to_move, other, trump, led, barred)
    assert caught.value.code == code
    assert caught.value.message


@pytest.mark.skipif(_compiled is None, reason="the compiled Bridgette backend is not built")
@pytest.mark.parametrize(("to_move", "other", "trump", "led", "barred", "code"), BAD_INPUT)
def test_the_compiled_backend_refuses_bad_input_itself(
    to_move: int, other: int, trump: int, led: int, barred: int, code: str
) -> None:
    # Called directly, past the API's checks, it raises the same codes instead of misreading.
    assert _compiled is not None
    for function in (_compiled.tricks, _compiled.values):
        with pytest.raises(SolverInputError) as caught:
            function(to_move, other, trump, led, barred)
        assert caught.value.code == code


def test_a_colon_may_be_the_led_card_and_the_answers_agree() -> None:
    assert bridgette_tricks(mask("♣2 :R"), mask("♦2"), 4, cid(":L")) == 1
    assert bridgette_values(0, 0, 4) == (0, [])


# -- properties over small positions ------------------------------------------------------------


@st.composite
def positions(draw: st.DrawFn, most: int = 6) -> tuple[int, int, int, int, int]:
    """(mask to move, other mask, trump, led card or -1, barred suit or -1): up to ``most``
    cards each from the 55, Colons often among them, every strain, with and without a led card
    and a barred suit."""
    cards = draw(st.integers(0, most))
    led = cards > 0 and draw(st.booleans())
    # Often a pack of few suits and the Colons, so that suits run out and Colons are played.
    suits = draw(st.sampled_from([4, 2, 1, 3]))
    pack = [card for card in range(52) if card // 13 < suits] + [52, 53, 54]
    dealt = draw(st.permutations(pack))[: 2 * cards]
    to_move = sum(CARD_MASK[card] for card in dealt[:cards])
    other = sum(CARD_MASK[card] for card in dealt[cards:])
    trump = draw(st.integers(0, 4))
    if led:
        led_card = dealt[-1]
        return to_move, other & ~CARD_MASK[led_card], trump, led_card, -1
    return to_move, other, trump, -1, draw(st.integers(-1, 3))


SMALL = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("backend", BACKENDS)
@SMALL
@given(position=positions())
def test_the_legal_cards_are_the_cores(
    backend: ModuleType, position: tuple[int, int, int, int, int]
) -> None:
    to_move, other, trump, led, barred = position
    best, values = backend.values(to_move, other, trump, led, barred)
    playable = bridgette_playable(to_move, led, barred)
    assert [card for card, _ in values] == list(CardSet(playable).card_ids())
    assert best == max((value for _, value in values), default=0)
    assert 0 <= best <= to_move.bit_count()
    assert backend.tricks(to_move, other, trump, led, barred) == best


def test_the_compiled_backend_is_built_with_the_kernel() -> None:
    # One installation builds both: one without the other is a broken build, not a fallback.
    assert (_kernel is None) == (_compiled is None)
    forced = os.environ.get("HONEYMOON_SOLVER", "").lower() == "python"
    expected = "python" if _compiled is None or forced else "compiled"
    assert expected == colons.BACKEND


@pytest.mark.skipif(_compiled is None, reason="the compiled Bridgette backend is not built")
@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(position=positions(), fresh=st.booleans())
def test_the_compiled_backend_agrees_with_the_reference(
    position: tuple[int, int, int, int, int], fresh: bool
) -> None:
    assert _compiled is not None
    if fresh:  # answers never depend on what the table holds
        _compiled.clear()
    expected = _colons_reference.values(*position)
    assert _compiled.values(*position) == expected
    assert _compiled.tricks(*position) == expected[0]


# -- whole Bridgette deals ----------------------------------------------------------------------


def _deal_to_play(seed: int, strain: str) -> BridgetteGame:
    """A seeded Bridgette game through the exchange (each seat discards what it took) and a
    one-level contract in ``strain`` by dealer, the other passing."""
    game = exchange_back(new_game(BRIDGETTE, seed=seed))
    game.apply(Call.parse("1" + strain))
    game.apply(Call.parse("pass"))
    assert game.phase is Phase.PLAY
    return game


def _position(game: BridgetteGame) -> tuple[int, int, int, int, int]:
    seat = game.to_act
    assert seat is not None and game.trump is not None
    led = game.led_card
    return (
        game.hand(seat).mask,
        game.hand(1 - int(seat)).mask,
        int(game.trump),
        -1 if led is None else led.id,
        game.barred_suit,
    )


def _check_play_out(game: BridgetteGame) -> None:
    """From here, the solver's value for the seat to move equals the tricks it takes when both
    play the solver's best cards to the end (the game is played on); at every step the legal
    cards are the view's."""
    seat = game.to_act
    assert seat is not None
    start = game.tricks_won[int(seat)]
    value = bridgette_tricks(*_position(game))
    number = game.hand_number
    while game.hand_number == number and game.phase is Phase.PLAY:
        mover = game.to_act
        assert mover is not None
        best, values = bridgette_values(*_position(game))
        legal = view_for(game, mover).legal_actions
        assert [card for card, _ in values] == [card_of_action(action) for action in legal]
        card = next(card for card, tricks in values if tricks == best)
        game.apply(Card.from_id(card), mover)
    assert game.hand_number != number, "the deal did not end"
    result = game.history[-1].result
    assert result.declarer is not None and result.declarer_tricks is not None
    won = result.declarer_tricks if result.declarer == seat else 13 - result.declarer_tricks
    assert won - start == value


#: With the reference alone (no compiler), whole deals are checked from this many cards a hand.
REFERENCE_CARDS = 5


@pytest.mark.parametrize(("seed", "strain"), [(1, "NT"), (2, "S"), (3, "H"), (4, "D"), (5, "C")])
def test_whole_deals_play_out_to_the_solvers_value(seed: int, strain: str) -> None:
    # Random legal cards lead to each check point; from there the solver plays both hands out.
    # (Each check point replays the deal: a fresh game, the same cards.)
    rng = random.Random(seed)
    limit = 13 if colons.BACKEND == "compiled" else REFERENCE_CARDS
    line: list[int] = []
    game = _deal_to_play(seed, strain)
    number = game.hand_number
    while game.hand_number == number and game.phase is Phase.PLAY:
        seat = game.to_act
        assert seat is not None
        legal = view_for(game, seat).legal_actions
        line.append(card_of_action(rng.choice(legal)))
        game.apply(Card.from_id(line[-1]), seat)
    points = [played for played in range(len(line)) if 26 - played <= 2 * limit + 1]
    checked = rng.sample(points, 4)
    for played in checked:
        replay = _deal_to_play(seed, strain)
        for card in line[:played]:
            replay.apply(Card.from_id(card))
        _check_play_out(replay)


def test_without_the_compiled_backend_the_reference_answers() -> None:
    # Unbuilt (the module import fails), or forced by HONEYMOON_SOLVER=python.
    unbuilt = 'import sys; sys.modules["honeymoon.solver._colons"] = None\n'
    body = textwrap.dedent(
        """
        from honeymoon.cards import CardSet
        from honeymoon.solver import colons
        print(colons.BACKEND)
        print(colons.bridgette_tricks(CardSet.parse("♠AQ").mask, CardSet.parse("♠K :G").mask, 4))
        """
    )
    for code, environment in ((unbuilt + body, {}), (body, {"HONEYMOON_SOLVER": "python"})):
        result = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            env={**os.environ, **environment},
            check=False,
        )
        assert result.returncode == 0, result.stderr
        assert result.stdout.split() == ["python", "1"]
