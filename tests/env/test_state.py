"""The OpenSpiel-shaped state: chance nodes, actions, returns, history, what each seat's
information state shows and hides, and resampling from it."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from honeymoon.actions import KEEP, NUM_ACTIONS, REJECT
from honeymoon.cards import Card
from honeymoon.engines import new_game
from honeymoon.env import CHANCE_PLAYER_ID, TERMINAL_PLAYER_ID, HoneymoonState
from honeymoon.env.encoding import INFO, INFO_LAYOUT, INFO_SIZE, OBSERVATION_SIZE
from honeymoon.errors import IllegalActionError
from honeymoon.game import Phase
from honeymoon.rules import VARIANTS, find_variant

RULES = [
    *VARIANTS.values(),
    find_variant("draw").with_options(face_up_stock=True, preliminary_follow_suit=True),
]
RULE_IDS = [*VARIANTS, "draw-face-up-follow"]
SLOW = settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
CARD_SLICES = (
    "hand",
    "discards",
    "looking_at",
    "face_up",
    "draw_turn",
    "draw_top",
    "drawn",
    "opp_shown",
)


def _step(state: HoneymoonState, data: st.DataObject) -> None:
    choices = state.legal_actions()
    state.apply_action(data.draw(st.sampled_from(choices)))


def _play_to(state: HoneymoonState, data: st.DataObject, steps: int) -> None:
    for _ in range(steps):
        if state.is_terminal():
            return
        _step(state, data)


def _seen(state: HoneymoonState, seat: int) -> set[int]:
    """The cards ``seat`` has legitimately seen, read from the engine directly (not a view)."""
    game = state.game
    seen = set(c.id for c in game.hand(seat)) | {c.id for c in game.discards(seat)}
    for kept, gone, _ in game.draw_turns(seat):
        seen |= {kept, gone} - {-1}
    seen |= {c.id for c in game.drawn_cards(seat)}
    tricks = game.completed_tricks + game.preliminary_tricks
    if game.current_trick is not None:
        tricks += (game.current_trick,)
    for trick in tricks:
        seen |= {c.id for c in trick.cards}
    position = 52 - game.stock_remaining
    fixed = position < state._known
    if fixed and game.looking_at() is not None and game.to_act == seat:
        seen.add(game.looking_at().id)  # type: ignore[union-attr]
    face = game.face_up_card()
    if fixed and face is not None and state._dealt():
        seen.add(face.id)
    rules = game.rules
    if rules.face_up_stock:
        # Face-up cards the opponent took: the winner's draw after each preliminary trick.
        other = 1 - seat
        prelim = game.preliminary_tricks or (
            game.completed_tricks if game.phase is Phase.PRELIMINARY else ()
        )
        drawn = game.drawn_cards(other)
        for number, trick in enumerate(prelim, 1):
            if trick.winner == other and number <= len(drawn):
                seen.add(drawn[number - 1].id)
    if not state._dealt():
        seen = set()
    return seen


def _check_no_leak(state: HoneymoonState, seat: int) -> None:
    hidden = set(range(52)) - _seen(state, seat)
    text = state.information_state_string(seat) + state.observation_string(seat)
    for card in hidden:
        assert str(Card.from_id(card)) not in text, (card, text)
    tensor = state.information_state_tensor(seat)
    for name in CARD_SLICES:
        start = INFO[name]
        for card in hidden:
            assert tensor[start + card] == 0.0, (name, card)
    for name in ("play", "preliminary"):
        for card in hidden:
            assert tensor[INFO[name] + card] == 0.0 and tensor[INFO[name] + 52 + card] == 0.0


@pytest.mark.parametrize("rules", RULES, ids=RULE_IDS)
@SLOW
@given(data=st.data())
def test_random_episode_keeps_the_contract_of_every_method(rules, data) -> None:
    episode = data.draw(st.sampled_from(["hand", "rubber"]))
    state = HoneymoonState(rules, episode=episode, first_dealer=data.draw(st.integers(0, 1)))
    steps = 0
    while not state.is_terminal() and steps < 400:
        player = state.current_player()
        mask = state.legal_actions_mask()
        legal = state.legal_actions()
        assert len(mask) == NUM_ACTIONS and [a for a in range(NUM_ACTIONS) if mask[a]] == legal
        if player == CHANCE_PLAYER_ID:
            outcomes = state.chance_outcomes()
            assert state.is_chance_node()
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            cards = [c for c, _ in outcomes]
            assert cards == legal and len(set(cards)) == 52 - state._known
        else:
            assert player in (0, 1) and not state.is_chance_node()
            assert legal == list(state.game.legal_actions())
            for action in legal:
                text = state.action_to_string(player, action)
                assert state.string_to_action(player, text) == action
        for seat in (0, 1):
            info = state.information_state_tensor(seat)
            observation = state.observation_tensor(seat)
            assert info.shape == (INFO_SIZE,) and info.dtype == np.float32
            assert observation.shape == (OBSERVATION_SIZE,) and observation.dtype == np.float32
            assert info.min() >= 0.0 and info.max() <= 1.0
            if steps % 9 == 0:
                _check_no_leak(state, seat)
        _step(state, data)
        steps += 1
    if state.is_terminal():
        assert state.current_player() == TERMINAL_PLAYER_ID
        assert state.legal_actions() == []
        south, east = state.returns()
        assert south == -east


def test_layout_sizes_add_up() -> None:
    assert sum(size for _, size in INFO_LAYOUT) == INFO_SIZE == 892
    assert OBSERVATION_SIZE == 892 - 4 * 52 - 13


@pytest.mark.parametrize("name", list(VARIANTS))
def test_a_preset_stock_plays_as_the_engine_does(name) -> None:
    rules = VARIANTS[name]
    stock = list(range(52))
    random.Random(name).shuffle(stock)
    state = HoneymoonState(rules, stocks=[stock], first_dealer=1)
    game = new_game(rules, stocks=[stock], first_dealer=1)
    rng = random.Random(4)
    while not state.is_terminal():
        if state.is_chance_node():
            ((card, probability),) = state.chance_outcomes()
            assert probability == 1.0
            with pytest.raises(IllegalActionError):
                state.apply_action((card + 1) % 52)
            state.apply_action(card)
            continue
        action = rng.choice(state.legal_actions())
        assert state.game.hand(0) == game.hand(0) and state.game.hand(1) == game.hand(1)
        game.apply(action)
        state.apply_action(action)
    assert state.game.history[0].result == game.history[0].result
    assert state.game.history[0].deal == game.history[0].deal
    points = [0, 0]
    for entry in game.score_sheet.entries:
        points[entry.seat] += entry.points
    assert state.returns() == [points[0] - points[1], points[1] - points[0]]


@pytest.mark.parametrize("rules", RULES, ids=RULE_IDS)
def test_history_replays_to_the_same_state_and_clones_are_independent(rules) -> None:
    rng = random.Random(7)
    state = HoneymoonState(rules, episode="rubber")
    for _ in range(150):
        state.apply_action(rng.choice(state.legal_actions()))
    clone = state.clone()
    replay = HoneymoonState(rules, episode="rubber")
    for action in state.history():
        replay.apply_action(action)
    for seat in (0, 1):
        assert replay.information_state_string(seat) == state.information_state_string(seat)
        assert replay.game.hand(seat) == state.game.hand(seat)
    before = state.information_state_string(0)
    clone.apply_action(rng.choice(clone.legal_actions()))
    assert state.information_state_string(0) == before
    assert len(clone.history()) == len(state.history()) + 1


def _drawing_state(rules_name: str, stock: list[int], actions: list[int]) -> HoneymoonState:
    state = HoneymoonState(find_variant(rules_name), stocks=[stock], first_dealer=0)
    moves = iter(actions)
    while True:
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
            continue
        move = next(moves, None)
        if move is None:
            return state
        state.apply_action(move)


def _turn_positions(state: HoneymoonState) -> list[tuple[int, int, int]]:
    # (seat, first stock place, action) of each drawing turn so far; East draws first.
    turns = []
    position = 0
    keep_ends = not state.game.rules.discard_after_keep
    for index, action in enumerate(state.game.actions):
        turns.append((1 - index % 2, position, action))
        position += 1 if keep_ends and action == KEEP else 2
    return turns


@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_information_state_is_equal_exactly_when_the_seats_knowledge_is(data) -> None:
    name = data.draw(st.sampled_from(["draw-discard", "draw-discard-no-discard"]))
    stock = data.draw(st.permutations(range(52)))
    count = data.draw(st.integers(4, 24))
    actions = data.draw(st.lists(st.sampled_from([KEEP, REJECT]), min_size=count, max_size=count))
    state = _drawing_state(name, stock, actions)
    turns = _turn_positions(state)
    south = 0
    # A South turn's card swapped with an East turn's card: South saw something else.
    south_turn = data.draw(st.sampled_from([t for t in turns if t[0] == 0]))
    east_turn = data.draw(st.sampled_from([t for t in turns if t[0] == 1]))
    swapped = list(stock)
    a, b = south_turn[1], east_turn[1]
    swapped[a], swapped[b] = swapped[b], swapped[a]
    other = _drawing_state(name, swapped, actions)
    assert other.information_state_string(south) != state.information_state_string(south)
    assert not np.array_equal(
        other.information_state_tensor(south), state.information_state_tensor(south)
    )
    # East's turn played the other way round (its two cards swapped, keep for reject): East
    # holds and discards the same cards. South cannot tell unless keeping ends the turn.
    if name == "draw-discard":
        seat, place, action = east_turn
        flipped_stock = list(stock)
        flipped_stock[place], flipped_stock[place + 1] = stock[place + 1], stock[place]
        flipped = list(actions)
        flipped[turns.index(east_turn)] = REJECT if action == KEEP else KEEP
        twin = _drawing_state(name, flipped_stock, flipped)
        assert twin.information_state_string(south) == state.information_state_string(south)
        assert np.array_equal(
            twin.information_state_tensor(south), state.information_state_tensor(south)
        )
        assert twin.information_state_string(1) != state.information_state_string(1)
    else:
        index = turns.index(east_turn)
        flipped = list(actions)
        flipped[index] = REJECT if actions[index] == KEEP else KEEP
        twin = _drawing_state(name, list(stock), flipped[: index + 1])
        same = _drawing_state(name, list(stock), actions[: index + 1])
        assert twin.information_state_string(south) != same.information_state_string(south)
    # Two of East's cards swapped between its turns: only East can tell.
    east_places = [t[1] for t in turns if t[0] == 1]
    first, second = data.draw(
        st.lists(st.sampled_from(east_places), min_size=2, max_size=2, unique=True)
    )
    mixed = list(stock)
    mixed[first], mixed[second] = mixed[second], mixed[first]
    hidden = _drawing_state(name, mixed, actions)
    assert hidden.information_state_string(south) == state.information_state_string(south)
    assert np.array_equal(
        hidden.information_state_tensor(south), state.information_state_tensor(south)
    )
    assert hidden.information_state_string(1) != state.information_state_string(1)


def _consistent(original: HoneymoonState, sample: HoneymoonState, seat: int) -> None:
    """What ``seat`` knows, checked field by field on the engines (not through the string)."""
    a, b = original.game, sample.game
    assert b.hand(seat) == a.hand(seat) and b.discards(seat) == a.discards(seat)
    assert b.draw_turns(seat) == a.draw_turns(seat)
    assert b.drawn_cards(seat) == a.drawn_cards(seat)
    assert b.phase is a.phase and b.to_act == a.to_act and b.hand_number == a.hand_number
    assert b.auction_calls == a.auction_calls
    assert b.completed_tricks == a.completed_tricks and b.current_trick == a.current_trick
    assert b.preliminary_tricks == a.preliminary_tricks
    assert b.score_sheet == a.score_sheet
    assert len(b.hand(1 - seat)) == len(a.hand(1 - seat))
    assert len(b.discards(1 - seat)) == len(a.discards(1 - seat))
    assert b.stock_remaining == a.stock_remaining
    assert sample.current_player() == original.current_player()
    if original.current_player() == seat:
        assert sample.legal_actions() == original.legal_actions()
    # The card looked at is known once its chance outcome is out (at a chance node the engine
    # holds a card there that nobody has seen yet).
    if a.looking_at() is not None and a.to_act == seat and not original.is_chance_node():
        assert b.looking_at() == a.looking_at()
    if a.rules.face_up_stock and original._dealt() and 52 - a.stock_remaining < original._known:
        assert b.face_up_card() == a.face_up_card()
    assert np.array_equal(
        sample.information_state_tensor(seat), original.information_state_tensor(seat)
    )
    public = [x for who, x in original.full_history() if who == seat]
    assert [x for who, x in sample.full_history() if who == seat] == public


@pytest.mark.parametrize("rules", RULES, ids=RULE_IDS)
@SLOW
@given(data=st.data())
def test_resampling_gives_only_states_the_seat_cannot_tell_apart(rules, data) -> None:
    state = HoneymoonState(rules, first_dealer=data.draw(st.integers(0, 1)))
    _play_to(state, data, data.draw(st.integers(0, 120)))
    if state.is_terminal():
        return
    seat = data.draw(st.integers(0, 1))
    rng = random.Random(data.draw(st.integers(0, 1000)))
    sample = state.resample_from_infostate(seat, rng)
    _consistent(state, sample, seat)
    # The sample is a proper state: it plays on to the end.
    while not sample.is_terminal():
        sample.apply_action(rng.choice(sample.legal_actions()))


def test_resampling_varies_the_hidden_cards() -> None:
    rng = random.Random(3)
    state = HoneymoonState(first_dealer=0)
    while state.game.phase is not Phase.AUCTION:
        state.apply_action(rng.choice(state.legal_actions()))
    samples = {state.resample_from_infostate(0, rng).game.hand(1) for _ in range(20)}
    assert len(samples) > 1
    assert all(len(hand) == 13 and not (hand & state.game.hand(0)) for hand in samples)


def test_chance_outcome_refused_when_not_a_card_left() -> None:
    state = HoneymoonState()
    state.apply_action(5)
    with pytest.raises(IllegalActionError) as error:
        state.apply_action(5)
    assert error.value.code == "not_a_chance_outcome"
