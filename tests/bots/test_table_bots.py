"""The bots at the four-hand table: every level plays every table variant legally, reads only
its seat's view, and the expert finds a forced winning line."""

from __future__ import annotations

import pytest

from honeymoon.bots import LEVELS, advise, make_bot
from honeymoon.bots.table_bots import TableRandomBot, make_table_bot, table_bot_for
from honeymoon.errors import HoneymoonError
from honeymoon.rules import TABLE_VARIANTS, RuleSet
from honeymoon.table import TableGame
from honeymoon.views import TableView, view_for


def table_rule_sets() -> list[RuleSet]:
    """Every table variant, and each option of one turned on alone."""
    rule_sets: list[RuleSet] = []
    for rules in TABLE_VARIANTS.values():
        rule_sets.append(rules)
        for option, value in rules.options().items():
            if isinstance(value, bool) and not value:
                rule_sets.append(rules.with_options(**{option: True}))
    return rule_sets


RULE_SETS = table_rule_sets()
RULE_IDS = [
    rules.name + "".join(f"+{k}" for k, v in rules.options().items() if v) for rules in RULE_SETS
]


def visible_cards(view: TableView) -> int:
    """Every card the seat of ``view`` may see now."""
    mask = view.extra_cards.mask
    for cards in view.hands:
        if cards is not None:
            mask |= cards.mask
    tricks = list(view.tricks)
    if view.current_trick is not None:
        tricks.append(view.current_trick)
    for trick in tricks:
        for card in trick.cards:
            mask |= card.mask
    return mask


def play_hands(rules: RuleSet, levels: tuple[str, str], seed: int, hands: int) -> TableGame:
    """Play ``hands`` hands (or the rubber) with a bot of each level, South first, checking
    every action is legal and that no advice names a card its seat cannot see."""
    game = TableGame(rules, seed=seed, first_dealer=seed % 2)
    bots = [make_bot(level, seed=f"{seed}:{seat}") for seat, level in enumerate(levels)]
    while not game.is_over and game.hand_number < hands:
        seat = game.to_act
        assert seat is not None
        view = view_for(game, seat)
        advice = advise(bots[seat], view)
        assert advice.action in view.legal_actions
        seen = visible_cards(view)
        for card in advice.figures.cards():
            assert card.mask & seen, f"{card} named in advice but not seen by {seat}"
        game.apply(advice.action, seat)
    return game


@pytest.mark.parametrize("rules", RULE_SETS, ids=RULE_IDS)
def test_random_bots_play_every_table_variant_legally(rules: RuleSet) -> None:
    game = play_hands(rules, ("random", "random"), seed=7, hands=4)
    assert game.hand_number == 4 or game.is_over
    assert any(hand.result.contract is not None for hand in game.history)


def test_every_level_gives_a_bot_for_the_table() -> None:
    for level in (*LEVELS, "random"):
        bot = make_bot(level, seed=1)
        assert isinstance(table_bot_for(bot), object)
        # The counterpart is made once and kept with the bot.
        assert table_bot_for(bot) is table_bot_for(bot)


def test_unknown_table_bot_is_a_typed_error() -> None:
    with pytest.raises(HoneymoonError) as caught:
        make_table_bot("nobody", 1)
    assert caught.value.code == "no_table_bot"


def test_random_table_bot_replays_with_its_seed() -> None:
    rules = TABLE_VARIANTS["double-dummy"]
    game = TableGame(rules, seed=4, first_dealer=0)
    view = view_for(game, game.to_act)
    choices = [TableRandomBot(9).act(view) for _ in range(3)]
    assert len(set(choices)) == 1


def test_a_table_bot_refuses_a_view_without_its_turn() -> None:
    game = TableGame(TABLE_VARIANTS["double-dummy"], seed=4, first_dealer=0)
    assert game.to_act is not None
    view = view_for(game, game.to_act.other)
    with pytest.raises(ValueError):
        make_bot("random", 1).act(view)
