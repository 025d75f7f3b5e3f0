"""One factory for every variant, and one replay of every record."""

from __future__ import annotations

import pytest

import honeymoon
from honeymoon.bridgette import BridgetteGame
from honeymoon.engines import engine_class, new_game
from honeymoon.game import Game
from honeymoon.records import dumps, loads
from honeymoon.rules import BRIDGETTE, DOUBLE_DUMMY, PACK_VARIANTS, TABLE_VARIANTS, VARIANTS
from honeymoon.table import TableGame

EVERY_VARIANT = [*VARIANTS.values(), *PACK_VARIANTS.values(), *TABLE_VARIANTS.values()]


def test_the_factory_is_exported_from_the_package() -> None:
    assert honeymoon.new_game is new_game
    assert "new_game" in honeymoon.__all__


@pytest.mark.parametrize("rules", EVERY_VARIANT, ids=lambda rules: rules.name)
def test_new_game_makes_every_variant_with_its_engine(rules: object) -> None:
    game = new_game(rules, seed=3, first_dealer=1)  # type: ignore[arg-type]
    assert type(game) is engine_class(game.rules)
    assert game.rules is rules and int(game.dealer) == 1 and game.legal_actions()
    expected = TableGame if game.rules.four_hands else BridgetteGame if game.rules.colons else Game
    assert type(game) is expected


def test_no_engine_class_turns_into_another() -> None:
    """No ``__new__`` trick: a class makes only its own games, and says which factory makes
    the others."""
    assert "__new__" not in vars(Game)
    for rules in (BRIDGETTE, DOUBLE_DUMMY):
        with pytest.raises(NotImplementedError, match=r"new_game\(rules\)"):
            Game(rules, seed=1)


@pytest.mark.parametrize("rules", EVERY_VARIANT, ids=lambda rules: rules.name)
def test_every_record_replays_through_the_one_replay(rules: object) -> None:
    game = new_game(rules, seed=5)  # type: ignore[arg-type]
    for _ in range(60):
        if game.is_over:
            break
        game.apply(game.legal_actions()[-1])
    replayed = loads(dumps(game)).replay()
    assert type(replayed) is type(game)
    assert replayed.actions == game.actions and replayed.phase is game.phase
    assert replayed.score_sheet == game.score_sheet
