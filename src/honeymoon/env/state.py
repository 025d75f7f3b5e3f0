"""An OpenSpiel-shaped state over the native :class:`~honeymoon.game.Game`.

:class:`HoneymoonState` has OpenSpiel's method names and meanings (``current_player``,
``is_chance_node``, ``chance_outcomes``, ``legal_actions``, ``apply_action``, ``returns``,
``information_state_tensor`` …), so search and learning code written for OpenSpiel games runs
on it. Player actions are the engine's (docs/actions.md); chance outcomes are card ids 0–51.

Bridgette (55 cards) is played the same way: its chance outcomes are card ids 0–54, its
actions go up to 98 (the Colons, 96–98), and the stock places of its deal, upcard and exchange
are fixed before the decisions that could reveal them (the deal, the upcard and the card under
it before non-dealer's first discard; the dealer's 4, 8 or 12 before non-dealer's last).

Chance: the stock is built card by card. Each stock place is a chance node over the cards not
yet placed (uniform), fixed just before the decision that could reveal it and seen by nobody
until then; or, for duplicate play, the preset stock's card (probability 1). The engine plays
on the stock built so far; places not yet fixed hold stand-ins that no rule reads and no
encoding shows.

>>> state = HoneymoonState(first_dealer=0)
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 52)
>>> state.apply_action(51); state.apply_action(0)
>>> state.current_player(), state.legal_actions()
(1, [90, 91])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from honeymoon.actions import CARD_ACTIONS, KEEP, REJECT, action_of, describe
from honeymoon.bridgette import DEAL_SIZE, NON_DEALER_EXCHANGE, UPCARD_PLACE, dealer_exchange_size
from honeymoon.cards import CARD_MASK, CARD_SUIT, Card
from honeymoon.engines import new_game
from honeymoon.env.encoding import (
    Layout,
    Tensor,
    encode_information_state,
    encode_observation,
    information_state_string,
    layout_for,
    observation_string,
)
from honeymoon.errors import HoneymoonError, IllegalActionError
from honeymoon.game import Game, Phase
from honeymoon.knowledge import shown_out_of
from honeymoon.rules import DEFAULT_RULES, Procedure, RuleSet
from honeymoon.seats import Seat

__all__ = ["HoneymoonState", "CHANCE_PLAYER_ID", "TERMINAL_PLAYER_ID", "EPISODES"]

#: OpenSpiel's player ids for a chance node and a terminal state.
CHANCE_PLAYER_ID = -1
TERMINAL_PLAYER_ID = -4
#: What one episode is: one hand, or a whole rubber.
EPISODES = ("hand", "rubber")


class HoneymoonState:
    """A state of a Honeymoon Bridge episode (one hand, or a rubber) with chance nodes.

    :param rules: the variant.
    :param episode: ``"hand"`` (the default: one hand) or ``"rubber"``.
    :param stocks: preset stock orders (card ids, top first) for the first hands: their chance
        nodes have one outcome each (duplicate play).
    :param first_dealer: the first hand's dealer (South, 0, unless given).
    """

    __slots__ = (
        "_rules",
        "_episode",
        "_presets",
        "_game",
        "_built",
        "_known",
        "_hand",
        "_first_hand",
        "_moves",
        "_hand_start",
        "_hand_game",
        "_layout",
    )

    def __init__(
        self,
        rules: RuleSet = DEFAULT_RULES,
        *,
        episode: str = "hand",
        stocks: Sequence[Sequence[int | Card]] = (),
        first_dealer: Seat | int = 0,
    ) -> None:
        if episode not in EPISODES:
            raise HoneymoonError(
                f"episode {episode!r:.20} is not one of {', '.join(EPISODES)}", "bad_episode"
            )
        self._rules = rules
        self._episode = episode
        self._layout = layout_for(rules)
        # Game checks each preset is an order of the 52 cards (55 in Bridgette).
        game = new_game(rules, seed=0, stocks=stocks, first_dealer=first_dealer)
        assert isinstance(game, Game), "the research environment plays the two-hand variants"
        self._game = game
        self._presets = tuple(self._game.stock_for_hand(i) for i in range(len(stocks)))
        self._built = list(range(self._layout.cards))
        self._known = 0
        self._hand = self._first_hand = self._game.hand_number
        self._moves: list[tuple[int, int]] = []
        self._hand_start = 0
        # The game as the hand began (no action yet): hands are dealt again from it.
        self._hand_game = game.clone()

    # -- who acts ----------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The engine's game (it knows everything: show it to nobody)."""
        return self._game

    def is_terminal(self) -> bool:
        """True once the episode is over."""
        game = self._game
        return game.is_over or (self._episode == "hand" and game.hand_number != self._first_hand)

    @property
    def layout(self) -> Layout:
        """The variant's tensor layout and number of actions (docs/env.md)."""
        return self._layout

    def _need(self) -> int:
        # How many stock places must be fixed before the next decision.
        game = self._game
        phase = game.phase
        position = self._layout.cards - game.stock_remaining
        if phase is Phase.EXCHANGE:
            # Bridgette: non-dealer's last discard makes the dealer take 4, 8 or 12 more
            known = self._deal_need()
            if game.to_act == game.dealer or game.to_discard == 1:
                known += dealer_exchange_size(self._built[UPCARD_PLACE])
            return known
        if phase is Phase.DRAWING:
            return min(position + 2, 52)
        if phase is not Phase.PRELIMINARY:
            return 0
        if not game.actions and self._known < self._deal_need():
            return self._deal_need()
        trick = game.current_trick
        in_trick = len(trick.cards) if trick is not None else 0
        if self._rules.procedure is Procedure.MEMORY:
            return 52 if in_trick == 1 and sum(game.tricks_won) == 12 else 26
        if in_trick == 1:
            return min(position + 2, 52)
        if in_trick == 0 and self._rules.face_up_stock and position < 52:
            return position + 1
        return position

    def _deal_need(self) -> int:
        if self._rules.procedure is Procedure.DRAW_DISCARD:
            return 0
        if self._rules.procedure is Procedure.BRIDGETTE:
            # the deal, and the upcard with the card under it, which non-dealer takes at once
            return 2 * DEAL_SIZE + NON_DEALER_EXCHANGE
        return 27 if self._rules.face_up_stock and self._rules.procedure is Procedure.DRAW else 26

    def _dealt(self) -> bool:
        # False while the hand's deal is still being made by chance.
        return bool(self._game.actions) or self._known >= self._deal_need()

    def is_chance_node(self) -> bool:
        """True if the next move is chance's: fixing the next stock card."""
        return not self.is_terminal() and self._known < self._need()

    def is_player_node(self) -> bool:
        """True if a player acts next."""
        return not self.is_terminal() and not self.is_chance_node()

    def current_player(self) -> int:
        """The seat to act (0 South, 1 East), :data:`CHANCE_PLAYER_ID` or
        :data:`TERMINAL_PLAYER_ID`."""
        if self.is_terminal():
            return TERMINAL_PLAYER_ID
        if self._known < self._need():
            return CHANCE_PLAYER_ID
        to_act = self._game.to_act
        assert to_act is not None
        return int(to_act)

    # -- actions -----------------------------------------------------------------------------

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(card id, probability) of the next stock card: the preset card, or each card not
        yet placed with equal probability. Empty if this is not a chance node."""
        if not self.is_chance_node():
            return []
        number = self._game.hand_number
        if number < len(self._presets):
            return [(self._presets[number][self._known], 1.0)]
        unplaced = sorted(self._built[self._known :])
        probability = 1.0 / len(unplaced)
        return [(card, probability) for card in unplaced]

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions (or chance outcomes), ascending; empty for a player not to act."""
        if player is not None and player != self.current_player():
            return []
        if self.is_terminal():
            return []
        if self.is_chance_node():
            return [card for card, _ in self.chance_outcomes()]
        return list(self._game.legal_actions())

    def legal_actions_mask(self, player: int | None = None) -> list[int]:
        """1 for each legal action of the 92 (99 in Bridgette) or chance outcome, 0 otherwise."""
        mask = [0] * self._layout.actions
        for action in self.legal_actions(player):
            mask[action] = 1
        return mask

    def apply_action(self, action: int) -> None:
        """Carry out a player's action or a chance outcome.

        :raises IllegalActionError: for an action or outcome that is not legal now (codes as
            :meth:`Game.apply`, or ``not_a_chance_outcome``); the state is unchanged.
        """
        if self.is_terminal():
            raise IllegalActionError("the episode is over: no more actions", "game_over")
        if self.is_chance_node():
            self._apply_chance(action_of(action))
            return
        game = self._game
        player = int(game.to_act or 0)
        game.apply(action)
        self._moves.append((player, action_of(action)))
        if game.hand_number != self._hand and not game.is_over:
            # A new hand (rubber episodes): its stock is built by chance again.
            self._hand = game.hand_number
            self._built = list(range(self._layout.cards))
            self._known = 0
            self._hand_start = len(self._moves)
            self._hand_game = game.clone()

    def _apply_chance(self, card: int) -> None:
        outcomes = [c for c, _ in self.chance_outcomes()]
        if card not in outcomes:
            raise IllegalActionError(
                f"{card} is not a chance outcome now: the next stock card is one of "
                f"{len(outcomes)} cards not yet placed",
                "not_a_chance_outcome",
            )
        stock = self._built
        known = self._known
        where = stock.index(card, known)
        stock[known], stock[where] = stock[where], stock[known]
        self._known = known + 1
        self._moves.append((CHANCE_PLAYER_ID, card))
        if self._dealt():
            # The engine plays on the stock built so far (dealt from it once the deal is
            # fixed); until then its hands are stand-ins that nothing reads.
            self._game.restock(stock)

    def action_to_string(self, player: int, action: int) -> str:
        """An action's text (``honeymoon.actions.describe``); a chance outcome is
        ``reveal ♠A``."""
        if player == CHANCE_PLAYER_ID:
            return f"reveal {describe(action)}"
        return describe(action)

    def string_to_action(self, player: int, text: str) -> int:
        """The action that ``text`` names (``Game.parse_action``), or for chance a card."""
        if player == CHANCE_PLAYER_ID:
            return Card.parse(text.strip().removeprefix("reveal").strip()).id
        return self._game.parse_action(text)

    # -- results -----------------------------------------------------------------------------

    def returns(self) -> list[float]:
        """Each seat's points minus the other's: in the episode's hand, or over the rubber
        (hands finished so far). Zero-sum."""
        sheet = self._game.score_sheet
        if self._episode == "rubber":
            south, east = sheet.totals
        else:
            points = [0, 0]
            for entry in sheet.entries:
                if entry.hand == self._first_hand:
                    points[entry.seat] += entry.points
            south, east = points
        return [float(south - east), float(east - south)]

    def history(self) -> list[int]:
        """Every action and chance outcome so far, in order."""
        return [action for _, action in self._moves]

    def full_history(self) -> list[tuple[int, int]]:
        """(player, action) of every move so far; chance is :data:`CHANCE_PLAYER_ID`."""
        return list(self._moves)

    def num_players(self) -> int:
        """Two."""
        return 2

    def num_distinct_actions(self) -> int:
        """92 (docs/actions.md); 99 in Bridgette."""
        return self._layout.actions

    def clone(self) -> HoneymoonState:
        """An independent copy."""
        clone = HoneymoonState.__new__(HoneymoonState)
        clone._rules = self._rules
        clone._episode = self._episode
        clone._presets = self._presets
        clone._game = self._game.clone()
        clone._built = self._built.copy()
        clone._known = self._known
        clone._hand = self._hand
        clone._first_hand = self._first_hand
        clone._moves = self._moves.copy()
        clone._hand_start = self._hand_start
        clone._hand_game = self._hand_game
        clone._layout = self._layout
        return clone

    # -- what a seat knows -------------------------------------------------------------------

    def _encoding_options(self) -> dict[str, Any]:
        return {"known": self._known, "dealt": self._dealt(), "terminal": self.is_terminal()}

    def information_state_string(self, player: int) -> str:
        """What ``player`` has seen this hand (its draws and discards included) and the
        public rubber context; never a card hidden from it."""
        return information_state_string(self._game, player, **self._encoding_options())

    def observation_string(self, player: int) -> str:
        """What lies before ``player`` now, without the record of its draws."""
        return observation_string(self._game, player, **self._encoding_options())

    def information_state_tensor(self, player: int) -> Tensor:
        """The information state as float32 (docs/env.md gives the layout)."""
        return encode_information_state(self._game, player, **self._encoding_options())

    def observation_tensor(self, player: int) -> Tensor:
        """The observation as float32 (docs/env.md gives the layout)."""
        return encode_observation(self.information_state_tensor(player), self._layout)

    def __str__(self) -> str:
        return repr(self._game)

    # -- resampling --------------------------------------------------------------------------

    def resample_from_infostate(
        self, player: int, rng: random.Random | Callable[[], float]
    ) -> HoneymoonState:
        """A state that ``player`` cannot tell from this one: the same information state, with
        the cards hidden from it (the opponent's hand and discards, the unseen stock) and the
        opponent's hidden choices (keep or reject, where the piles do not tell) drawn at random
        among those consistent with everything it saw.

        Earlier hands of a rubber episode are kept as they were (they no longer bear on play).
        ``rng`` is a ``random.Random`` or a function returning floats in [0, 1).
        """
        if self.is_terminal():
            return self.clone()
        if self._rules.colons:
            raise HoneymoonError(
                f"resampling is not offered for {self._rules.title} yet (its exchange discards "
                "are not sampled): use it with the 52-card variants",
                "unsupported_variant",
            )
        uniform = rng.random if isinstance(rng, random.Random) else rng
        trace = _trace(self, player)
        target = self.information_state_string(player)
        for _ in range(500):
            candidate = _sample(self, trace, player, uniform)
            if candidate is not None and candidate.information_state_string(player) == target:
                return candidate
        raise HoneymoonError(
            "no state consistent with this information state was found", "resample_failed"
        )


class _Trace:
    """Where each fixed stock place of the current hand went, as the real hand played it."""

    __slots__ = ("visible", "dest", "plays", "showouts", "pairs", "started")

    def __init__(self) -> None:
        self.visible = [False] * 52
        # (kind, seat, step): kind "hand", "discard" or "unread"; step -1 for the deal.
        self.dest: list[tuple[str, int, int]] = [("unread", -1, 0)] * 52
        self.plays: list[tuple[int, int]] = []
        self.showouts: list[tuple[int, int]] = []
        self.pairs: list[tuple[int, int, int]] = []
        self.started = False


def _trace(state: HoneymoonState, player: int) -> _Trace:
    trace = _Trace()
    game = state._game
    stock = state._built
    known = state._known
    opponent = 1 - player
    trace.started = state._dealt()
    if not trace.started:
        return trace
    replay = state._hand_game.clone()
    replay.restock(stock)

    def record(start: int, stop: int, step: int, face_up: int) -> None:
        hands = (replay.hand(0).mask, replay.hand(1).mask)
        piles = (replay.discards(0).mask, replay.discards(1).mask)
        for position in range(start, stop):
            card = stock[position]
            bit = CARD_MASK[card]
            for seat in (0, 1):
                if hands[seat] & bit:
                    trace.dest[position] = ("hand", seat, step)
                elif piles[seat] & bit:
                    trace.dest[position] = ("discard", seat, step)
            trace.visible[position] = trace.dest[position][1] == player or card == face_up

    record(0, 52 - replay.stock_remaining, -1, -1)
    rules = state._rules
    discard_after_keep = rules.discard_after_keep
    for step, action in enumerate(game.actions):
        start = 52 - replay.stock_remaining
        phase = replay.phase
        actor = int(replay.to_act or 0)
        face = replay.face_up_card()
        shown = None
        trick = replay.current_trick
        if action in CARD_ACTIONS and trick is not None and trick.cards:
            shown = shown_out_of(rules, phase, trick.cards[0].id, action)
        replay.apply(action)
        stop = 52 - replay.stock_remaining
        if stop > start:
            record(start, stop, step, face.id if face is not None else -1)
            if phase is Phase.DRAWING and actor == opponent and discard_after_keep:
                trace.pairs.append((step, start, start + 1))
        if action in CARD_ACTIONS and actor == opponent:
            trace.plays.append((action, step))
            if shown is not None:
                trace.showouts.append((shown, step))
    end = 52 - replay.stock_remaining
    face = replay.face_up_card()
    for position in range(end, known):
        looking = position == end and replay.phase is Phase.DRAWING and replay.to_act == player
        shown = position == end and face is not None
        trace.visible[position] = looking or shown
    return trace


def _pick(items: list[int], uniform: Callable[[], float]) -> int:
    return items.pop(int(uniform() * len(items)))


def _sample(
    state: HoneymoonState, trace: _Trace, player: int, uniform: Callable[[], float]
) -> HoneymoonState | None:
    known = state._known
    stock = state._built
    opponent = 1 - player
    hidden = [p for p in range(known) if not trace.visible[p]]
    pool = {stock[p] for p in hidden}
    dest = trace.dest.copy()
    flips: set[int] = set()
    for step, first, second in trace.pairs:
        if uniform() < 0.5:
            dest[first], dest[second] = dest[second], dest[first]
            flips.add(step)
    slots = [p for p in hidden if dest[p][0] == "hand" and dest[p][1] == opponent]
    new_stock = stock.copy()
    free = set(slots)
    for card, step in trace.plays:
        if card not in pool:
            continue  # a card it was seen to take (a face-up card): already in place
        suit = CARD_SUIT[card]
        eligible = [
            p
            for p in sorted(free)
            if dest[p][2] < step
            and not any(s == suit and dest[p][2] < k < step for s, k in trace.showouts)
        ]
        if not eligible:
            return None
        position = eligible[int(uniform() * len(eligible))]
        free.discard(position)
        new_stock[position] = card
        pool.discard(card)
    remaining = sorted(pool)
    held = sorted(free, key=lambda p: -sum(1 for _, k in trace.showouts if k > dest[p][2]))
    for position in held:
        forbidden = {s for s, k in trace.showouts if k > dest[position][2]}
        eligible = [c for c in remaining if CARD_SUIT[c] not in forbidden]
        if not eligible:
            return None
        card = eligible[int(uniform() * len(eligible))]
        remaining.remove(card)
        new_stock[position] = card
    rest = [p for p in hidden if p not in slots]
    for position in rest:
        new_stock[position] = _pick(remaining, uniform)
    actions = list(state._game.actions)
    for step in flips:
        actions[step] = REJECT if actions[step] == KEEP else KEEP
    candidate = state.clone()
    if trace.started:
        game = candidate._game = state._hand_game.clone()
        game.restock(new_stock)
        try:
            for action in actions:
                game.apply(action)
        except IllegalActionError:
            return None
    candidate._built = new_stock
    # The hand's history again: its chance outcomes (stock places in order) and actions.
    history = candidate._moves[: candidate._hand_start]
    place = 0
    turn = 0
    for who, _ in state._moves[state._hand_start :]:
        if who == CHANCE_PLAYER_ID:
            history.append((who, new_stock[place]))
            place += 1
        else:
            history.append((who, actions[turn]))
            turn += 1
    candidate._moves = history
    return candidate
