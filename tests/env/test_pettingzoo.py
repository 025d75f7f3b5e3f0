"""The PettingZoo AEC environment: PettingZoo's own API and seed tests, the step-by-step
tensors against the ones built from the views, masks, rewards and seeding."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test, render_test, seed_test

from honeymoon.actions import NUM_ACTIONS
from honeymoon.env import PETTINGZOO_ID, env, raw_env
from honeymoon.env.encoding import INFO_SIZE, encode_information_state
from honeymoon.errors import IllegalActionError
from honeymoon.rules import VARIANTS, find_variant


@pytest.mark.parametrize("variant", list(VARIANTS))
@pytest.mark.parametrize("episode", ["hand", "rubber"])
def test_pettingzoo_api_test(variant, episode) -> None:
    api_test(env(variant=variant, episode=episode), num_cycles=400)


def test_pettingzoo_make_finds_the_environment() -> None:
    import pettingzoo

    table = pettingzoo.make("aec", PETTINGZOO_ID, variant="draw", episode="rubber")
    table.reset(seed=2)
    assert table.unwrapped.rules.name == "draw" and table.unwrapped.episode == "rubber"
    assert table.agent_selection in ("south", "east")


@pytest.mark.parametrize("variant", ["draw-discard", "memory"])
def test_pettingzoo_seed_test(variant) -> None:
    seed_test(lambda: env(variant=variant), num_cycles=300)


@pytest.mark.parametrize("variant", ["draw-discard", "bridgette"])
def test_pettingzoo_render_test(variant, capsys: pytest.CaptureFixture[str]) -> None:
    render_test(lambda render_mode: env(variant=variant, render_mode=render_mode))
    # "human" prints the table as the seat to act sees it; "ansi" returns it.
    assert "to act: hand" in capsys.readouterr().out


@pytest.mark.parametrize(
    "variant",
    [
        *VARIANTS,
        find_variant("draw").with_options(face_up_stock=True),
        find_variant("draw").with_options(face_up_stock=True, preliminary_follow_suit=True),
    ],
    ids=[*VARIANTS, "draw-face-up", "draw-face-up-follow"],
)
@settings(max_examples=5, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_step_by_step_tensors_equal_the_ones_built_from_the_views(variant, data) -> None:
    episode = data.draw(st.sampled_from(["hand", "rubber"]))
    table = raw_env(variant=variant, episode=episode)
    table.reset(seed=data.draw(st.integers(0, 2**32)))
    for count, agent in enumerate(table.agent_iter(max_iter=300)):
        observation, reward, terminated, truncated, _ = table.last()
        if terminated or truncated:
            table.step(None)
            continue
        game = table.game
        seat = table.possible_agents.index(agent)
        assert game.to_act == seat
        tensor = observation["observation"]
        assert tensor.shape == (INFO_SIZE,) and tensor.dtype == np.float32
        assert observation["action_mask"].dtype == np.int8
        assert table.observation_space(agent).contains(observation)
        legal = np.flatnonzero(observation["action_mask"]).tolist()
        assert legal == list(game.legal_actions())
        assert np.array_equal(tensor, encode_information_state(game, seat))
        other = table.observe(table.possible_agents[1 - seat])
        assert np.array_equal(other["observation"], encode_information_state(game, 1 - seat))
        assert not other["action_mask"].any()
        if count % 50 == 0:
            tensor[:] = 7.0  # the caller's copy: the environment's own is untouched
        table.step(data.draw(st.sampled_from(legal)))


def _play_hand(table, seed: int, choose) -> tuple[list[float], list[np.ndarray]]:
    table.reset(seed=seed)
    rewards = {agent: 0.0 for agent in table.possible_agents}
    observations = []
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, _ = table.last()
        rewards[agent] += reward
        if terminated or truncated:
            table.step(None)
            continue
        observations.append(observation["observation"])
        legal = np.flatnonzero(observation["action_mask"])
        table.step(int(choose(legal)))
    return [rewards["south"], rewards["east"]], observations


def test_a_hands_reward_is_the_zero_sum_difference_of_its_score() -> None:
    table = raw_env()
    for seed in range(6):
        rewards, _ = _play_hand(table, seed, lambda legal: legal[len(legal) // 2])
        result = table.game.history[0].result
        points = [0, 0]
        if result.score is not None and result.declarer is not None:
            declarer = int(result.declarer)
            points[declarer] += result.score.declarer_below + result.score.declarer_above
            points[1 - declarer] += result.score.defender_above
        assert rewards == [points[0] - points[1], points[1] - points[0]]


def test_reset_with_a_seed_repeats_the_episode_and_seeds_differ() -> None:
    table = raw_env()
    first_rewards, first = _play_hand(table, 11, lambda legal: legal[0])
    again_rewards, again = _play_hand(table, 11, lambda legal: legal[0])
    assert first_rewards == again_rewards
    assert len(first) == len(again)
    assert all(np.array_equal(a, b) for a, b in zip(first, again, strict=True))
    openings = {
        _play_hand(table, seed, lambda legal: legal[0])[1][0].tobytes() for seed in range(8)
    }
    assert len(openings) > 1


def test_a_rubber_episode_ends_with_the_rubber_and_rewards_sum_to_the_totals() -> None:
    table = raw_env(episode="rubber")
    rewards, _ = _play_hand(table, 5, lambda legal: legal[-1] if len(legal) < 3 else legal[1])
    sheet = table.game.score_sheet
    assert sheet.is_complete
    assert rewards == [sheet.totals[0] - sheet.totals[1], sheet.totals[1] - sheet.totals[0]]


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    table = env()
    table.reset(seed=3)
    before = table.observe(table.agent_selection)["observation"]
    agent = table.agent_selection
    for action in (0, NUM_ACTIONS, 55):
        with pytest.raises(IllegalActionError):
            table.step(action)
    assert table.agent_selection == agent
    assert np.array_equal(table.observe(agent)["observation"], before)


@pytest.mark.parametrize("variant", ["draw-discard", "draw", "bridgette"])
@pytest.mark.parametrize("wrapped", [False, True], ids=["raw_env", "env"])
def test_an_observation_handed_out_never_changes_afterwards(variant, wrapped) -> None:
    # Every observation of either seat is kept with a copy taken when it was handed out; the
    # game goes on (the tensors are updated in place, masks are shared between steps) and at
    # the end each must still equal its copy. A caller may write to what it was given.
    table = (env if wrapped else raw_env)(variant=variant, episode="rubber")
    table.reset(seed=4)
    kept: list[tuple[dict[str, np.ndarray], dict[str, np.ndarray]]] = []
    pick = np.random.default_rng(4)
    for count, agent in enumerate(table.agent_iter(max_iter=600)):
        observation, _, terminated, truncated, _ = table.last()
        other = table.observe(table.possible_agents[1 - table.possible_agents.index(agent)])
        for seen in (observation, other):
            kept.append((seen, {key: value.copy() for key, value in seen.items()}))
        if terminated or truncated:
            table.step(None)
            continue
        legal = observation["action_mask"].nonzero()[0]
        if count % 7 == 0:
            # what the caller was given is its own: writing to it changes nothing later
            observation["action_mask"][:] = 1
            observation["observation"][:] = 3.0
            kept.pop(-2)
        table.step(int(legal[int(pick.integers(len(legal)))]))
    for seen, copy in kept:
        for key, value in seen.items():
            assert np.array_equal(value, copy[key]), key


def test_env_refuses_out_of_order_use_as_pettingzoos_wrapper_does(
    caplog: pytest.LogCaptureFixture,
) -> None:
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper

    table = env()
    assert isinstance(table, OrderEnforcingWrapper) and str(table) == "honeymoon_v0"
    with pytest.raises(AssertionError, match="reset"):
        table.step(90)
    with pytest.raises(AssertionError, match="reset"):
        table.observe("south")
    with pytest.raises(AttributeError, match="before reset"):
        table.last()
    with pytest.raises(AttributeError, match="before reset"):
        _ = table.agent_selection
    with pytest.raises(AssertionError, match="reset"):
        table.agent_iter()
    table.reset(seed=2)
    agents = iter(table.agent_iter())
    next(agents)
    with pytest.raises(AssertionError, match="step"):
        next(agents)  # no step since the last agent
    table.step(90)
    assert next(agents) == table.agent_selection
    table.step(90)
    # once every agent is done, a step only logs a warning
    for _ in agents:
        observation, _, terminated, truncated, _ = table.last()
        table.step(None if terminated or truncated else int(observation["action_mask"].argmax()))
    assert not table.agents
    table.step(None)
    assert "step() called after all agents are terminated" in caplog.text


def test_bridgettes_tensors_built_again_when_read_equal_the_ones_from_the_views() -> None:
    # Bridgette's tensors are built from the views when a seat's is next read after a step.
    table = raw_env(variant="bridgette", episode="rubber")
    table.reset(seed=8)
    pick = np.random.default_rng(8)
    for count, agent in enumerate(table.agent_iter(max_iter=400)):
        observation, _, terminated, truncated, _ = table.last()
        if terminated or truncated:
            table.step(None)
            continue
        seat = table.possible_agents.index(agent)
        game = table.game
        assert np.array_equal(observation["observation"], encode_information_state(game, seat))
        if count % 3 == 0:
            other = table.observe(table.possible_agents[1 - seat])["observation"]
            assert np.array_equal(other, encode_information_state(game, 1 - seat))
        legal = observation["action_mask"].nonzero()[0]
        table.step(int(legal[int(pick.integers(len(legal)))]))


def test_bridgettes_last_observations_show_nothing_of_the_next_deal() -> None:
    # After the episode's last step the game has moved on (a new deal); the tensors handed out
    # then are the ones built before it, never the next deal's.
    table = raw_env(variant="bridgette")
    for seed in range(3):
        table.reset(seed=seed)
        pick = np.random.default_rng(seed)
        seen: dict[str, np.ndarray] = {}
        for agent in table.agent_iter():
            observation, _, terminated, truncated, _ = table.last()
            if terminated or truncated:
                assert np.array_equal(observation["observation"], seen[agent])
                table.step(None)
                continue
            seen[agent] = observation["observation"]
            legal = observation["action_mask"].nonzero()[0]
            table.step(int(legal[int(pick.integers(len(legal)))]))
