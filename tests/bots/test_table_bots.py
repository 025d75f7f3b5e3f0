"""The bots at the four-hand table: every level plays every table variant legally, reads only
its seat's view, and the expert finds a forced winning line."""

from __future__ import annotations

import dataclasses
import importlib
import random
from types import ModuleType

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from honeymoon.auction import Contract
from honeymoon.bots import LEVELS, advise, make_bot
from honeymoon.bots import dds as dds_module
from honeymoon.bots.dds import DDSMissingError
from honeymoon.bots.table_bots import TableRandomBot, make_table_bot, table_bot_for
from honeymoon.bots.table_expert import TableExpertBot
from honeymoon.bots.table_knowledge import sample_deals
from honeymoon.cards import SUIT_MASKS, Card, CardSet, Strain
from honeymoon.errors import HoneymoonError
from honeymoon.game import Phase
from honeymoon.knowledge import knowledge_of
from honeymoon.rules import TABLE_VARIANTS, RuleSet
from honeymoon.seats import Direction, Seat
from honeymoon.table import TableGame
from honeymoon.views import TableTrickView, TableView, view_for


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
        for candidate in advice.candidates:  # only the seat's own choices are compared
            assert candidate.action in view.legal_actions
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


@pytest.mark.parametrize("rules", RULE_SETS, ids=RULE_IDS)
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_level_plays_a_hand_of_every_table_variant_legally(
    level: str, rules: RuleSet
) -> None:
    # Against the level below (or itself), one hand that is played (not passed out).
    other = {"hard": "medium", "medium": "easy", "easy": "easy"}[level]
    game = play_hands(rules, (level, other), seed=3, hands=2)
    assert game.history, "no hand was finished"


# -- a forced winning line ------------------------------------------------------------------

#: An ending at no trump, South (declarer) on lead with three tricks to take: only the line
#: that overtakes ♠K with North's ♠A wins them all (North's spades then run).
ENDING = {
    Direction.NORTH: "SA SQ SJ",
    Direction.SOUTH: "SK HA C2",
    Direction.EAST: "CA CK CQ",
    Direction.WEST: "HK HQ HJ",
}


def mask_of(texts: list[str]) -> int:
    """The mask of the cards written in ``texts``."""
    mask = 0
    for text in texts:
        mask |= Card.parse(text).mask
    return mask


def ending_view(trick: tuple[str, ...]) -> TableView:
    """South's view of :data:`ENDING` after ten tricks (the other forty cards), with
    ``trick`` played to the eleventh, led by South."""
    game = TableGame(TABLE_VARIANTS["double-dummy"], seed=1, first_dealer=0)
    game.apply(game.parse_action("1NT"))
    game.apply(game.parse_action("pass"))
    base = view_for(game, Seat.SOUTH)
    hands = {d: CardSet(mask_of(cards.split())) for d, cards in ENDING.items()}
    for text in trick:
        for direction in Direction:
            hands[direction] = CardSet(hands[direction].mask & ~Card.parse(text).mask)
    in_ending = mask_of(" ".join(ENDING.values()).split())
    others = [Card.from_id(i) for i in range(52) if not Card.from_id(i).mask & in_ending]
    order = tuple(Direction)
    done = tuple(
        TableTrickView(Direction.SOUTH, tuple(others[4 * i : 4 * i + 4]), Direction.SOUTH, order)
        for i in range(10)
    )
    played = [Card.parse(text) for text in trick]
    to_play = order[(int(Direction.SOUTH) + len(played)) % 4]
    legal = hands[to_play].mask
    if played:
        led = played[0].suit
        following = legal & SUIT_MASKS[int(led)]
        legal = following or legal
    shown = {d: hands[d] for d in (Direction.NORTH, Direction.SOUTH, Direction.WEST)}
    return dataclasses.replace(
        base,
        phase=Phase.PLAY,
        to_play=to_play,
        hand=hands[Direction.SOUTH],
        dummy=hands[Direction.NORTH],
        hands=tuple(shown.get(d) for d in Direction),  # type: ignore[arg-type]
        hand_sizes=tuple(len(hands[d]) for d in Direction),  # type: ignore[arg-type]
        contract=Contract.parse("1NT"),
        declarer=Seat.SOUTH,
        order=order,
        opening_leader=Direction.WEST,
        current_trick=TableTrickView(Direction.SOUTH, tuple(played), None, order),
        tricks=done,
        tricks_won=(6, 4),
        legal_actions=tuple(card.id for card in CardSet(legal)),
        trump=Strain.NOTRUMP,
    )


def test_the_expert_finds_the_forced_winning_line() -> None:
    expert = make_table_bot("expert", 1)
    lead = ending_view(())
    assert expert.act(lead) != Card.parse("C2").id  # the club loses the lead for good
    overtake = ending_view(("SK", "HJ"))
    assert set(overtake.legal_actions) == {Card.parse(c).id for c in ("SA", "SQ", "SJ")}
    advice = expert.advise(overtake)
    assert advice.action == Card.parse("SA").id
    assert advice.code == "makes"


def test_a_random_bot_misses_the_forced_line() -> None:
    overtake = ending_view(("SK", "HJ"))
    choices = {TableRandomBot(seed).act(overtake) for seed in range(20)}
    assert choices - {Card.parse("SA").id}, "the test position would not tell a random bot apart"


# -- the solver is an optional dependency ---------------------------------------------------


def test_the_expert_without_endplay_names_the_install_line(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.import_module

    def without_endplay(name: str, package: str | None = None) -> ModuleType:
        if name.startswith("endplay"):
            raise ImportError(f"No module named {name!r}")
        return real(name, package)

    monkeypatch.setattr(dds_module.importlib, "import_module", without_endplay)
    with pytest.raises(DDSMissingError) as caught:
        TableExpertBot(1)
    assert caught.value.code == "dds_missing"
    assert "pip install 'honeymoon[dds]'" in str(caught.value)
    game = TableGame(TABLE_VARIANTS["double-dummy"], seed=4, first_dealer=0)
    with pytest.raises(DDSMissingError):
        make_bot("hard", 1).act(view_for(game, game.to_act))


# -- what a seat knows, and the layouts drawn from it ---------------------------------------


@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_sampled_layouts_agree_with_everything_the_seat_knows(data: st.DataObject) -> None:
    rules = data.draw(st.sampled_from(RULE_SETS), label="rules")
    game = TableGame(rules, seed=data.draw(st.integers(0, 10**6), label="seed"), first_dealer=0)
    steps = data.draw(st.integers(0, 70), label="steps")
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(data.draw(st.sampled_from(game.legal_actions()), label="action"))
    seat = game.to_act
    assume(seat is not None)
    assert seat is not None
    view = view_for(game, seat)
    knowledge = knowledge_of(view)
    truth = [game.hand_at(d).mask for d in Direction]
    played = knowledge.all_played
    for direction in Direction:
        # The voids read from the play hold for the real hands.
        assert not truth[direction] & knowledge.voids[direction]
        assert knowledge.known[direction] & ~truth[direction] == 0
    for layout in sample_deals(knowledge, random.Random(1), 3):
        seen_twice = 0
        union = 0
        for direction in Direction:
            hand = layout[direction]
            assert hand.bit_count() == view.hand_sizes[direction]
            assert hand & knowledge.known[direction] == knowledge.known[direction]
            assert not hand & played
            assert not hand & knowledge.voids[direction]
            seen_twice |= union & hand
            union |= hand
        assert not seen_twice
