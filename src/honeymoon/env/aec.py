"""Honeymoon Bridge as a PettingZoo AEC environment (``honeymoon.env.env()``).

Agents ``"south"`` and ``"east"`` take turns as the engine says. Each observation is
``{"observation": float32[INFO_SIZE], "action_mask": int8[92]}`` (the information-state
tensor of docs/env.md and the legal actions of docs/actions.md); actions are ``Discrete(92)``.
Bridgette (``variant="bridgette"``, 55 cards) has its own layout, 935 floats and 99 actions
(the Colons are 96-98), see :func:`honeymoon.env.encoding.layout_for`; an episode of it is one
deal or the six-deal match (``episode="rubber"``).
A hand's reward is the zero-sum difference of the points it scored; an episode is one hand, or
a whole rubber with ``episode="rubber"`` (vulnerability and part-scores are in the
observation). ``reset(seed=…)`` seeds the stock and the first dealer.

The tensors are kept up to date step by step (the drawing, the preliminary tricks, the
auction, the play); they are built again from the seats' views only when a Draw or Memory
Bridge hand begins and when its preliminary tricks end.

>>> from honeymoon.env import env
>>> table = env()
>>> table.reset(seed=1)
>>> observation, reward, terminated, truncated, info = table.last()
>>> observation["observation"].shape, observation["action_mask"].nonzero()[0].tolist()
((892,), [90, 91])
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]
from pettingzoo.utils.env_logger import EnvLogger  # type: ignore[import-untyped]
from pettingzoo.utils.wrappers.order_enforcing import (  # type: ignore[import-untyped]
    AECOrderEnforcingIterable,
    AECOrderEnforcingIterator,
)

from honeymoon.actions import DOUBLE, FIRST_BID, KEEP, PASS, REDOUBLE
from honeymoon.engines import new_game
from honeymoon.env.encoding import (
    INFO,
    STANDARD_LAYOUT,
    Tensor,
    encode_contract,
    encode_information_state,
    encode_new_drawing_hand,
    layout_for,
)
from honeymoon.errors import HoneymoonError
from honeymoon.game import Game, Phase
from honeymoon.rules import DEFAULT_RULES, Procedure, RuleSet, find_variant
from honeymoon.seats import SEAT_NAMES
from honeymoon.views import view_for

__all__ = ["HoneymoonEnv", "OrderEnforcingEnv", "env", "raw_env"]

_DRAWING = Phase.DRAWING
_AUCTION = Phase.AUCTION
_PLAY = Phase.PLAY
_PRELIMINARY = Phase.PRELIMINARY
_COMPLETE = Phase.COMPLETE
_PHASE = INFO["phase"]
_TO_ACT = INFO["to_act"]
_FIRST_CALLER = INFO["first_caller"]
_HAND = INFO["hand"]
_DISCARDS = INFO["discards"]
_LOOKING = INFO["looking_at"]
_DRAW_TURN = INFO["draw_turn"]
_DRAW_TOP = INFO["draw_top"]
_OPP_DRAWS = INFO["opp_draws"]
_COUNTS = INFO["counts"]
_AUCTION_AT = INFO["auction"]
_OPENING_PASS = INFO["opening_pass"]
_PLAY_AT = INFO["play"]
_TRICKS_WON = INFO["tricks_won"]
_FACE_UP = INFO["face_up"]
_DRAWN = INFO["drawn"]
_OPP_SHOWN = INFO["opp_shown"]
_PRELIMINARY_AT = INFO["preliminary"]
_PRELIMINARY_WON = INFO["preliminary_won"]

#: The action mask of each legal set met lately (the drawing's two actions, the auction's
#: calls, the cards a hand may play), by number of actions, shared by the environments; each
#: is read-only and observe hands out copies. The play's sets are many: at most
#: ``_MASKS_KEPT`` of a size are kept (about a megabyte), then they are made again.
_MASKS: dict[int, dict[tuple[int, ...], npt.NDArray[np.int8]]] = {}
_MASKS_KEPT = 4096


class HoneymoonEnv(AECEnv):  # type: ignore[misc]
    """The AEC environment. Prefer :func:`env`, which adds PettingZoo's usual checks.

    :param variant: a variant name (``honeymoon variants`` lists them) or a ``RuleSet``.
    :param episode: ``"hand"`` (one hand per episode) or ``"rubber"``.
    :param render_mode: ``"ansi"`` (``render()`` returns text) or ``"human"`` (prints it).
    """

    metadata = {
        "name": "honeymoon_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: str | RuleSet = DEFAULT_RULES,
        episode: str = "hand",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.rules = find_variant(variant) if isinstance(variant, str) else variant
        if episode not in ("hand", "rubber"):
            raise HoneymoonError(f"episode {episode!r:.20} is not hand or rubber", "bad_episode")
        if render_mode is not None and render_mode not in ("ansi", "human"):
            raise HoneymoonError(
                f"render_mode {render_mode!r:.20} is not ansi or human", "bad_mode"
            )
        self.episode = episode
        self.render_mode = render_mode
        self.possible_agents = list(SEAT_NAMES)
        self.agents: list[str] = []
        # The variant's tensors and actions: 892 floats and 92 actions, Bridgette's 935 and 99.
        self._layout = layout = layout_for(self.rules)
        self._no_mask = np.zeros(layout.actions, np.int8)
        self._spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (layout.info_size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (layout.actions,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.observation_spaces = dict(self._spaces)
        self.action_spaces = {
            agent: spaces.Discrete(layout.actions) for agent in self.possible_agents
        }
        self._standard = layout is STANDARD_LAYOUT
        self._discard_after_keep = self.rules.discard_after_keep
        self._masks = _MASKS.setdefault(layout.actions, {})
        self._rng = np.random.default_rng()
        self._game = self._new_game(seed=0)
        self._tensors: list[Tensor] = []
        # The same two tensors as memoryviews: a scalar is written to one three times faster.
        self._views: list[memoryview[float]] = []
        # Bridgette: whether each seat's tensor is to be built again before it is read.
        self._stale = [False, False]
        # The mask of the seat to act, once asked for (until the next step).
        self._mask: npt.NDArray[np.int8] | None = None
        # True once the episode is over (every agent terminated), and before the first reset.
        self._over = True
        # True while .rewards holds the last step's nonzero rewards (a hand just ended).
        self._rewarded = False

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def game(self) -> Game:
        """The engine's game (it knows everything: show it to no agent)."""
        return self._game

    # -- episode -----------------------------------------------------------------------------

    def _new_game(self, *, seed: int, first_dealer: int | None = None) -> Game:
        game = new_game(self.rules, seed=seed, first_dealer=first_dealer)
        assert isinstance(game, Game), "the environment plays the two-hand variants"
        return game

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        game_seed = int(self._rng.integers(1 << 62))
        dealer = int(self._rng.integers(2))
        self._game = self._new_game(seed=game_seed, first_dealer=dealer)
        self._first_hand = 0
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        size = self._layout.info_size
        self._tensors = [np.zeros(size, np.float32), np.zeros(size, np.float32)]
        self._views = [tensor.data.cast("B").cast("f") for tensor in self._tensors]
        self._over = False
        self._rewarded = False
        self._start_phase()

    def _start_phase(self) -> None:
        # Build both tensors from the views, and the counters the steps keep up to date.
        game = self._game
        self._stale[0] = self._stale[1] = False
        # The hand's stock, as the engine holds it (to know what a drawing turn took).
        self._stock = game.stock_in_play
        if self.rules.procedure is Procedure.DRAW_DISCARD and not game.actions:
            for seat in (0, 1):
                encode_new_drawing_hand(game, seat, self._stock[0], self._tensors[seat])
        else:
            for seat in (0, 1):
                encode_information_state(game, seat, out=self._tensors[seat])
        self._phase = game.phase
        self._hand_number = game.hand_number
        self._turns = [len(game.draw_turns(0)), len(game.draw_turns(1))]
        self._piles = [len(game.discards(0)), len(game.discards(1))]
        self._sizes = [len(game.hand(0)), len(game.hand(1))]
        calls = game.auction_calls
        bids = [c.action for c in calls if c.action >= FIRST_BID]
        self._last_bid = bids[-1] - FIRST_BID if bids else -1
        self._trick_number = len(game.completed_tricks) + 1
        self._in_trick = len(game.current_trick.cards) if game.current_trick is not None else 0
        self._won = list(game.tricks_won)
        to_act = game.to_act
        self._to_act = int(to_act) if to_act is not None else 0
        self.agent_selection = self.possible_agents[self._to_act]
        self._mask = None

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent`` sees now: copies of its tensor and of its action mask (all zeros
        unless it is to act), so that nothing handed out changes when the game goes on."""
        seat = 0 if agent == "south" else 1
        tensor = self._tensors[seat]
        if self._stale[seat]:
            encode_information_state(self._game, seat, out=tensor)
            self._stale[seat] = False
        if seat == self._to_act and not self._over:
            mask = self._mask
            if mask is None:
                mask = self._mask = self._mask_of(self._game.legal_actions())
        else:
            mask = self._no_mask
        return {"observation": tensor.copy(), "action_mask": mask.copy()}

    def _mask_of(self, legal: tuple[int, ...]) -> npt.NDArray[np.int8]:
        # The shared, read-only mask of a legal set, made on its first use.
        masks = self._masks
        mask = masks.get(legal)
        if mask is None:
            if len(masks) >= _MASKS_KEPT:
                masks.clear()
            flags = bytearray(self._layout.actions)
            for action in legal:
                flags[action] = 1
            # read-only, as an array over bytes is
            mask = masks[legal] = np.frombuffer(bytes(flags), np.int8)
        return mask

    def _decision(self) -> tuple[int, Tensor, npt.NDArray[np.int8]]:
        # The seat to act, its tensor and its mask, not copied (for the batch, which copies
        # them into its arrays at once); the episode is not over.
        seat = self._to_act
        tensor = self._tensors[seat]
        if self._stale[seat]:
            encode_information_state(self._game, seat, out=tensor)
            self._stale[seat] = False
        mask = self._mask
        if mask is None:
            mask = self._mask = self._mask_of(self._game.legal_actions())
        return seat, tensor, mask

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The observation, cumulative reward, termination, truncation and info of the agent
        to act (PettingZoo's ``last``)."""
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self._over:
            self._was_dead_step(action)
            return
        assert action is not None
        game = self._game
        seat = self._to_act
        phase = self._phase
        # The stock place of the card the drawing or a preliminary trick's draw takes.
        position = 0 if phase is _PLAY or phase is _AUCTION else 52 - game.stock_remaining
        if action.__class__ is not int:
            action = int(action)
        game.apply(action)
        self._mask = None
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:
            # The last step ended a hand of a rubber: its rewards were handed out.
            rewards = self.rewards
            rewards["south"] = rewards["east"] = 0.0
            self._rewarded = False
        now = game.phase
        if game.hand_number != self._hand_number or now is _COMPLETE:
            self._hand_over()
        elif not self._standard:
            self._rebuild_later()
        elif phase is _PLAY:
            self._played(seat, action)
            self._pass_turn()
        elif phase is _DRAWING:
            self._drew(seat, action, position, now is _DRAWING)
            if now is _AUCTION:
                self._auction_begins()
            elif now is not _DRAWING:
                self._start_phase()
            self._pass_turn()
        elif phase is _AUCTION:
            self._called(seat, action)
            if now is _PLAY:
                self._play_begins()
            self._pass_turn()
        elif now is _PRELIMINARY:
            self._preliminary_card(seat, action, position)
            self._pass_turn()
        else:
            self._start_phase()
        if self.render_mode == "human":
            self.render()

    def _rebuild_later(self) -> None:
        # Bridgette: both tensors are built again from the views (the step-by-step updates know
        # the 52-card layout only), each when it is next read.
        game = self._game
        self._stale[0] = self._stale[1] = True
        self._phase = game.phase
        to_act = game.to_act
        self._to_act = int(to_act) if to_act is not None else 0
        self.agent_selection = self.possible_agents[self._to_act]

    def _hand_over(self) -> None:
        game = self._game
        number = self._hand_number
        points = [0, 0]
        for entry in game.score_sheet.entries:
            if entry.hand == number:
                points[entry.seat] += entry.points
        difference = float(points[0] - points[1])
        rewards = self.rewards
        rewards["south"] = difference
        rewards["east"] = -difference
        self._rewarded = True
        # The only step whose rewards are not zero: they are added up here, not every step.
        cumulative = self._cumulative_rewards
        cumulative["south"] += difference
        cumulative["east"] -= difference
        if self.episode == "hand" or game.is_over:
            self._over = True
            # The game has moved past the episode: the tensors stay as they were last built
            # (in Bridgette a seat's own tensor from when it last read it), as in every variant
            # they are not updated by the episode's last step.
            self._stale[0] = self._stale[1] = False
            for agent in self.agents:
                self.terminations[agent] = True
            self.infos = {agent: {"hand": number} for agent in self.agents}
            return
        self._start_phase()

    def _auction_begins(self) -> None:
        # The drawing is over: the auction phase, its first caller, no stock shown.
        self._phase = _AUCTION
        first = self._game.first_caller
        for seat in (0, 1):
            view = self._views[seat]
            view[_PHASE + int(_DRAWING)] = 0.0
            view[_PHASE + int(_AUCTION)] = 1.0
            view[_COUNTS + 4] = 0.0
            view[_FIRST_CALLER + (0 if first == seat else 1)] = 1.0

    def _play_begins(self) -> None:
        self._phase = _PLAY
        self._trick_number = 1
        self._in_trick = 0
        for seat in (0, 1):
            view = self._views[seat]
            view[_PHASE + int(_AUCTION)] = 0.0
            view[_PHASE + int(_PLAY)] = 1.0
            encode_contract(self._game, seat, self._tensors[seat])

    def _pass_turn(self) -> None:
        to_act = int(self._game.to_act or 0)
        if to_act != self._to_act:
            self._to_act = to_act
            mine, theirs = self._views[to_act], self._views[1 - to_act]
            mine[_TO_ACT] = 1.0
            mine[_TO_ACT + 1] = 0.0
            theirs[_TO_ACT] = 0.0
            theirs[_TO_ACT + 1] = 1.0
            self.agent_selection = self.possible_agents[to_act]

    def _drew(self, seat: int, action: int, position: int, drawing: bool) -> None:
        # A drawing turn (the card at ``position`` was on top); ``drawing``: the drawing goes
        # on after it.
        stock = self._stock
        top = stock[position]
        if action == KEEP:
            kept = top
            discarded = stock[position + 1] if self._discard_after_keep and position < 51 else -1
        else:
            kept, discarded = stock[position + 1], top
        views = self._views
        mine, theirs = views[seat], views[1 - seat]
        turns = self._turns
        turn = turns[seat]
        turns[seat] = turn + 1
        value = (turn + 1) / 13.0
        mine[_LOOKING + top] = 0.0
        mine[_HAND + kept] = 1.0
        mine[_DRAW_TURN + kept] = value
        mine[_DRAW_TOP + top] = 1.0
        if discarded >= 0:
            mine[_DISCARDS + discarded] = 1.0
            mine[_DRAW_TURN + discarded] = value
            theirs[_OPP_DRAWS + turn] = 1.0
            piles = self._piles
            piles[seat] += 1
            pile = piles[seat] / 13.0
            mine[_COUNTS + 2] = pile
            theirs[_COUNTS + 3] = pile
        sizes = self._sizes
        sizes[seat] += 1
        size = sizes[seat] / 13.0
        mine[_COUNTS] = size
        theirs[_COUNTS + 1] = size
        remaining = self._game.stock_remaining
        left = remaining / 52.0
        mine[_COUNTS + 4] = left
        theirs[_COUNTS + 4] = left
        if drawing:
            theirs[_LOOKING + stock[52 - remaining]] = 1.0

    def _called(self, seat: int, action: int) -> None:
        mine, theirs = self._views[seat], self._views[1 - seat]
        if action >= FIRST_BID:
            bid = action - FIRST_BID
            self._last_bid = bid
            mine[_AUCTION_AT + bid * 6] = 1.0
            theirs[_AUCTION_AT + bid * 6 + 1] = 1.0
        elif action == PASS:
            if self._last_bid < 0:
                mine[_OPENING_PASS] = 1.0
                theirs[_OPENING_PASS + 1] = 1.0
        elif action == DOUBLE:
            mine[_AUCTION_AT + self._last_bid * 6 + 2] = 1.0
            theirs[_AUCTION_AT + self._last_bid * 6 + 3] = 1.0
        elif action == REDOUBLE:
            mine[_AUCTION_AT + self._last_bid * 6 + 4] = 1.0
            theirs[_AUCTION_AT + self._last_bid * 6 + 5] = 1.0

    def _played(self, seat: int, action: int) -> None:
        mine, theirs = self._views[seat], self._views[1 - seat]
        value = self._trick_number / 13.0
        mine[_HAND + action] = 0.0
        mine[_PLAY_AT + action] = value
        theirs[_PLAY_AT + 52 + action] = value
        self._sizes[seat] -= 1
        size = self._sizes[seat] / 13.0
        mine[_COUNTS] = size
        theirs[_COUNTS + 1] = size
        if self._in_trick:
            self._in_trick = 0
            self._trick_number += 1
            won = self._game.tricks_won
            for me in (0, 1):
                view = self._views[me]
                view[_TRICKS_WON] = won[me] / 13.0
                view[_TRICKS_WON + 1] = won[1 - me] / 13.0
        else:
            self._in_trick = 1

    def _preliminary_card(self, seat: int, action: int, position: int) -> None:
        # A card to a preliminary trick (Draw and Memory Bridge) that leaves the phase as it
        # was; after a Draw Bridge trick both players draw, the winner first.
        mine, theirs = self._views[seat], self._views[1 - seat]
        number = self._trick_number
        value = number / 13.0
        mine[_HAND + action] = 0.0
        mine[_PRELIMINARY_AT + action] = value
        theirs[_PRELIMINARY_AT + 52 + action] = value
        self._sizes[seat] -= 1
        if not self._in_trick:
            self._in_trick = 1
            self._set_sizes(seat)
            return
        self._in_trick = 0
        self._trick_number = number + 1
        game = self._game
        won = game.tricks_won
        winner = 0 if won[0] > self._won[0] else 1
        self._won = list(won)
        for me in (0, 1):
            view = self._views[me]
            view[_PRELIMINARY_WON] = won[me] / 13.0
            view[_PRELIMINARY_WON + 1] = won[1 - me] / 13.0
        if self.rules.procedure is Procedure.DRAW:
            stock = self._stock
            taken = (stock[position], stock[position + 1])
            for me, card in ((winner, taken[0]), (1 - winner, taken[1])):
                view = self._views[me]
                view[_HAND + card] = 1.0
                view[_DRAWN + card] = value
                self._sizes[me] += 1
            left = game.stock_remaining
            face_up = self.rules.face_up_stock
            for me in (0, 1):
                view = self._views[me]
                view[_COUNTS + 4] = left / 52.0
                if face_up:
                    view[_FACE_UP + taken[0]] = 0.0
                    if left:
                        view[_FACE_UP + stock[52 - left]] = 1.0
            if face_up:
                self._views[1 - winner][_OPP_SHOWN + taken[0]] = value
            self._set_sizes(1 - seat)
        self._set_sizes(seat)

    def _set_sizes(self, seat: int) -> None:
        size = self._sizes[seat] / 13.0
        self._views[seat][_COUNTS] = size
        self._views[1 - seat][_COUNTS + 1] = size

    # -- the rest of the AEC interface -------------------------------------------------------

    def render(self) -> str | None:
        """The table as the seat to act sees it, as PettingZoo specifies: with
        ``render_mode="ansi"`` the text is returned, with ``"human"`` it is printed (and
        ``None`` returned), with no render mode nothing is done."""
        if self.render_mode is None:
            return None
        view = view_for(self._game, self._to_act)
        text = (
            f"{view.variant} hand {view.hand_number + 1} {view.phase.name.lower()}, "
            f"{SEAT_NAMES[self._to_act]} to act: hand {view.hand}, "
            f"auction {' '.join(str(c) for c in view.auction) or '-'}, "
            f"tricks {view.tricks_won[0]}-{view.tricks_won[1]}"
        )
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def raw_env(**kwargs: Any) -> HoneymoonEnv:
    """The environment without PettingZoo's wrappers (fastest)."""
    return HoneymoonEnv(**kwargs)


class OrderEnforcingEnv(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's order-enforcing wrapper around the environment, with the same checks and
    errors (``reset`` before ``step``, ``observe``, ``last`` or ``agent_iter``; a ``step``
    between two agents of ``agent_iter``), whose ``last``, ``step``, ``observe`` and
    ``agent_iter`` go to the environment directly instead of through the wrapper's attribute
    forwarding, which cost as much as the environment's own step."""

    def __init__(self, table: HoneymoonEnv) -> None:
        super().__init__(table)
        self._table = table

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self._table.last(observe)

    def observe(self, agent: str) -> dict[str, Any]:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return self._table.observe(agent)

    def step(self, action: int | None) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        self._has_updated = True
        if not self._table.agents:
            EnvLogger.warn_step_after_terminated_truncated()
        else:
            self._table.step(action)

    def agent_iter(self, max_iter: int = 2**63) -> _OrderedAgents:
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _OrderedAgents(self, max_iter)

    def __str__(self) -> str:
        return str(self._table)


class _OrderedAgents(AECOrderEnforcingIterable):  # type: ignore[misc]
    # agent_iter of OrderEnforcingEnv: each iteration yields the agent to act, and refuses to
    # go on unless step or reset was called since the last one.
    def __iter__(self) -> _OrderedAgentIterator:
        return _OrderedAgentIterator(self.env, self.max_iter)


class _OrderedAgentIterator(AECOrderEnforcingIterator):  # type: ignore[misc]
    def __init__(self, wrapper: OrderEnforcingEnv, max_iter: int) -> None:
        super().__init__(wrapper, max_iter)
        self._wrapper = wrapper
        self._table = wrapper._table

    def __next__(self) -> str:
        table = self._table
        if not table.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        wrapper = self._wrapper
        if not wrapper._has_updated:
            raise AssertionError("need to call step() or reset() in a loop over `agent_iter`")
        wrapper._has_updated = False
        agent: str = table.agent_selection
        return agent


def env(**kwargs: Any) -> OrderEnforcingEnv:
    """The environment in PettingZoo's order-enforcing wrapper (``reset`` before ``step``…),
    :class:`OrderEnforcingEnv`.

    No bounds wrapper is needed: an action outside 0–91, or illegal now, is refused by the
    engine with an :class:`~honeymoon.errors.IllegalActionError` and changes nothing.
    """
    return OrderEnforcingEnv(HoneymoonEnv(**kwargs))
