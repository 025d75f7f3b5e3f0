"""Bots: the registry, legality over many games, no hidden information in their input, advice."""

from __future__ import annotations

import copy
import json
import random
import re
from pathlib import Path

import pytest
from helpers import call_all, cards, draw_all, searchable_view, stock_for_hands

from honeymoon.actions import KEEP, REJECT
from honeymoon.auction import FIRST_BID, Call, Contract
from honeymoon.bots import (
    BOTS,
    LEVELS,
    Advice,
    AdvisingBot,
    Bot,
    ClubBot,
    HeuristicBot,
    NoviceBot,
    RandomBot,
    advise,
    make_bot,
    register_bot,
    resolve_bot_name,
)
from honeymoon.bots.advice import Figures, Reason
from honeymoon.cards import Card, CardSet, Strain, Suit
from honeymoon.engines import new_game
from honeymoon.errors import HoneymoonError
from honeymoon.game import Game, Phase
from honeymoon.seats import SEATS, Seat
from honeymoon.views import SeatView, view_for

# -- registry ---------------------------------------------------------------------------------


def test_names_and_levels() -> None:
    assert isinstance(make_bot("random", 1), RandomBot)
    assert isinstance(make_bot("heuristic", 1), HeuristicBot)
    assert isinstance(make_bot("easy", 1), NoviceBot)
    assert "random" in BOTS and "random" not in LEVELS.values()  # a bot for tests, not a level
    assert isinstance(make_bot(" Medium ", 1), ClubBot)
    assert make_bot("medium", 1).name == "club"
    assert set(LEVELS) == {"easy", "medium", "hard"}
    assert isinstance(make_bot("heuristic"), Bot)
    assert isinstance(make_bot("heuristic"), AdvisingBot)


def test_hard_falls_back_to_the_strongest_available() -> None:
    saved = dict(BOTS)
    try:
        BOTS.pop("expert", None)
        assert resolve_bot_name("hard") == "club"
        del BOTS["club"]
        assert resolve_bot_name("hard") == "heuristic"
        assert resolve_bot_name("medium") == "heuristic"
        del BOTS["heuristic"]
        assert resolve_bot_name("hard") == "novice"
        assert resolve_bot_name("medium") == "novice"
        del BOTS["novice"]
        assert resolve_bot_name("medium") == "random"
        register_bot("expert", RandomBot)
        assert resolve_bot_name("hard") == "expert"
    finally:
        BOTS.clear()
        BOTS.update(saved)


def test_the_bots_read_the_auction_only_through_the_auction_summary() -> None:
    # One reader (honeymoon.auction.AuctionSummary): no bot walks the calls itself or decodes
    # a bid's number into its level and strain by hand.
    import honeymoon.bots

    package = Path(honeymoon.bots.__file__).parent
    for path in sorted(package.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert "FIRST_BID" not in text, path.name
        assert not re.search(r"\b(bid|action|call)\w* *(-|//|%) *5\b", text), path.name
        uses = [m.start() for m in re.finditer(r"view\.auction\b", text)]
        readers = [
            m.start() + len("AuctionSummary.read(")
            for m in re.finditer(r"AuctionSummary\.read\(view\.auction", text)
        ]
        assert uses == readers, path.name


def test_unknown_bot_names_the_choices() -> None:
    with pytest.raises(HoneymoonError) as raised:
        make_bot("grandmaster")
    assert raised.value.code == "unknown_bot"
    assert "heuristic" in raised.value.message and "cmd:" in raised.value.message


def test_a_seed_replays_a_bot_and_a_deep_copy_continues_identically() -> None:
    game = Game(seed=21, first_dealer=Seat.SOUTH)
    bots = [make_bot("heuristic", "s"), make_bot("heuristic", "e")]
    for _ in range(40):  # into the auction
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].act(view_for(game, seat)))
    copies = copy.deepcopy(bots)
    for _ in range(30):
        seat = game.to_act
        assert seat is not None
        view = view_for(game, seat)
        action = bots[seat].act(view)
        assert copies[seat].act(view) == action
        game.apply(action)


# -- legality and hidden information over many games ------------------------------------------


class WatchingBot:
    """Wraps a bot: checks each view it is given against the game, then asks the bot."""

    def __init__(self, inner: Bot, game: Game, seat: Seat) -> None:
        self.inner = inner
        self.name = inner.name
        self.game = game
        self.seat = seat
        self.phases: set[Phase] = set()
        self.actions: set[int] = set()

    def act(self, view: SeatView) -> int:
        game, seat = self.game, self.seat
        assert view.seat == seat and view.to_act == seat
        assert view.hand == game.hand(seat)
        assert view.discards == game.discards(seat)
        # Cards the seat may not know: the opponent's hand and discards, and the stock below
        # the card the seat is looking at.
        hidden = game.hand(seat.other) | game.discards(seat.other)
        if view.phase is Phase.DRAWING:
            stock = game.stock_for_hand(game.hand_number)
            position = 52 - game.stock_remaining
            hidden = hidden | CardSet.from_ids(stock[position + 1 :])
        visible = view.hand | view.discards
        assert not (visible & hidden)
        text = json.dumps(searchable_view(view))
        for card in hidden:
            assert f'"{card.pbn}"' not in text, f"{card} leaked into {seat}'s view"
            assert str(card) not in text, f"{card} leaked into {seat}'s view"
        action = self.inner.act(view)
        assert action in view.legal_actions, f"{self.name} chose an illegal action {action}"
        self.phases.add(view.phase)
        self.actions.add(action)
        return action


def _play(game: Game, bots: list[WatchingBot], max_hands: int) -> None:
    while not game.is_over and game.hand_number < max_hands:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].act(view_for(game, seat)), seat)


@pytest.mark.parametrize(
    ("south", "east"),
    [("heuristic", "random"), ("random", "heuristic"), ("heuristic", "heuristic")],
)
def test_bots_only_play_legal_actions_and_never_see_hidden_cards(south: str, east: str) -> None:
    phases: set[Phase] = set()
    actions: set[int] = set()
    for number in range(3):
        game = Game(seed=f"legal:{south}:{east}:{number}")
        bots = [
            WatchingBot(make_bot(name, f"{number}:{seat}"), game, seat)
            for name, seat in ((south, Seat.SOUTH), (east, Seat.EAST))
        ]
        _play(game, bots, max_hands=4)
        for bot in bots:
            if bot.name == "heuristic":
                phases |= bot.phases
                actions |= bot.actions
    assert phases == {Phase.DRAWING, Phase.AUCTION, Phase.PLAY}
    assert {KEEP, REJECT} <= actions
    assert any(action >= FIRST_BID for action in actions if action < KEEP)


def test_random_bot_stays_legal_over_whole_rubbers() -> None:
    for number in range(2):
        game = Game(seed=f"random:{number}")
        bots = [WatchingBot(RandomBot(seat), game, seat) for seat in SEATS]
        _play(game, bots, max_hands=3)
    assert bots[0].phases | bots[1].phases == {Phase.DRAWING, Phase.AUCTION, Phase.PLAY}


def test_bots_refuse_a_view_without_a_turn() -> None:
    game = Game(seed=2, first_dealer=Seat.SOUTH)
    view = view_for(game, Seat.SOUTH)  # East draws first
    for bot in (RandomBot(1), HeuristicBot(1)):
        with pytest.raises(ValueError):
            bot.act(view)


# -- advice -----------------------------------------------------------------------------------

_REASON_START = {
    Phase.DRAWING: re.compile(r"^(keep|reject)"),
    Phase.AUCTION: re.compile(r"^(bid|pass|double|redouble)"),
    Phase.PLAY: re.compile(r"^(win_cheaply|play_low|ruff|discard|draw_trumps|cash|lead)"),
}


def test_advice_is_the_action_with_a_reason_code() -> None:
    game = Game(seed="advice", first_dealer=Seat.SOUTH)
    bot = HeuristicBot("advice")
    rng = random.Random(4)
    seen: set[Phase] = set()
    while game.hand_number < 2:
        seat = game.to_act
        assert seat is not None
        view = view_for(game, seat)
        advice = bot.advise(view)
        assert isinstance(advice, Advice)
        assert advice.action in view.legal_actions
        assert isinstance(advice.code, Reason)
        assert _REASON_START[view.phase].match(advice.code.value), advice
        seen.add(view.phase)
        game.apply(advice.action if rng.random() < 0.8 else rng.choice(view.legal_actions))
    assert seen == {Phase.DRAWING, Phase.AUCTION, Phase.PLAY}


def test_advise_works_for_a_bot_without_an_advise_method() -> None:
    game = Game(seed=1, first_dealer=Seat.SOUTH)
    view = view_for(game, game.to_act)
    advice = advise(RandomBot(1), view)
    assert advice.action in view.legal_actions
    assert advice.code is Reason.BOT_CHOICE and advice.figures.bot == "random"


def _game_with_hands(east: str, south: str, calls: list[str]) -> Game:
    stock, draws = stock_for_hands(cards(east), cards(south))
    game = Game(stocks=[stock], first_dealer=Seat.SOUTH)  # East draws and calls first
    draw_all(game, draws)
    call_all(game, calls)
    return game


def test_heuristic_keeps_a_card_that_builds_its_long_suit() -> None:
    bot = HeuristicBot(0)
    for seed in range(50):
        game = Game(seed=seed, first_dealer=Seat.SOUTH)
        while game.phase is Phase.DRAWING:
            seat = game.to_act
            assert seat is not None
            view = view_for(game, seat)
            top = view.looking_at
            assert top is not None
            if view.hand.count(top.suit) >= 4 and top.rank <= 6:
                advice = bot.advise(view)
                assert advice.action == KEEP
                assert advice.code is Reason.KEEP_LENGTH
                assert advice.figures == Figures(
                    card=top, suit=top.suit, length=view.hand.count(top.suit) + 1
                )
                return
            game.apply(bot.act(view))
    raise AssertionError("no shuffle offered a low card of a four-card suit")


def test_heuristic_bids_game_with_a_strong_long_suit() -> None:
    game = _game_with_hands(
        east="♠- ♥J1098 ♦J1098 ♣J10987",
        south="♠AKQJ10987 ♥AKQ ♦AK ♣-",
        calls=["pass"],
    )
    advice = HeuristicBot(1).advise(view_for(game, Seat.SOUTH))
    call = Call(advice.action)
    assert call.strain is Strain.SPADES and call.level is not None and call.level >= 4
    assert advice.code is Reason.BID and advice.figures.call == call
    assert advice.figures.suit is Suit.SPADES and advice.figures.length == 8
    assert advice.figures.points == 26  # AKQJ, AKQ, AK


def test_heuristic_passes_a_weak_hand_and_doubles_a_hopeless_contract() -> None:
    strong = "♠AKQJ ♥AKQJ ♦AKQ ♣AK"
    weak = "♠5432 ♥5432 ♦5432 ♣2"
    game = _game_with_hands(east=weak, south=strong, calls=[])
    assert HeuristicBot(1).advise(view_for(game, Seat.EAST)).action == Call.parse("pass").action
    call_all(game, ["pass", "1NT", "4S"])  # East makes a hopeless bid
    advice = HeuristicBot(1).advise(view_for(game, Seat.SOUTH))
    assert advice.action == Call.parse("X").action
    assert advice.code is Reason.DOUBLE and advice.figures.contract == Contract.parse("4S")


def test_heuristic_wins_cheaply_and_plays_low_when_it_cannot_win() -> None:
    game = _game_with_hands(
        east="♠AKQ2 ♥AKQ2 ♦AKQ2 ♣A",
        south="♠J1098 ♥J1098 ♦J1098 ♣K",
        calls=["1NT", "pass"],
    )
    game.apply(Card.parse("SJ").id, Seat.SOUTH)  # South leads against East's 1NT
    advice = HeuristicBot(1).advise(view_for(game, Seat.EAST))
    queen = Card.parse("SQ")
    assert advice == Advice(queen.id, Reason.WIN_CHEAPLY, Figures(card=queen))
    game.apply(advice.action, Seat.EAST)
    game.apply(Card.parse("SA").id, Seat.EAST)  # East leads the ace; South cannot win
    advice = HeuristicBot(1).advise(view_for(game, Seat.SOUTH))
    assert advice.action == Card.parse("S8").id
    assert advice.code is Reason.PLAY_LOW


def test_heuristic_ruffs_with_its_lowest_trump() -> None:
    game = _game_with_hands(
        east="♠AKQJ ♥AKQJ ♦AKQJ ♣A",
        south="♠10987 ♥10987 ♦10987 ♣K",
        calls=["pass", "1C", "pass"],  # South plays in clubs
    )
    game.apply(Card.parse("HA").id, Seat.EAST)
    advice = HeuristicBot(1).advise(view_for(game, Seat.SOUTH))
    assert advice.action == Card.parse("H7").id  # must follow: holds hearts
    game = _game_with_hands(
        east="♠AKQJ ♥AKQJ ♦AKQJ ♣2",
        south="♠1098765 ♥- ♦10987 ♣AKQ",
        calls=["pass", "1C", "pass"],
    )
    game.apply(Card.parse("HA").id, Seat.EAST)
    advice = HeuristicBot(1).advise(view_for(game, Seat.SOUTH))
    queen = Card.parse("CQ")
    assert advice == Advice(queen.id, Reason.RUFF, Figures(card=queen))


def _implemented_variants() -> list[str]:
    from honeymoon.rules import VARIANTS

    names = []
    for name, rules in VARIANTS.items():
        try:
            new_game(rules, seed=0)
        except NotImplementedError:
            continue
        names.append(name)
    return names


@pytest.mark.parametrize("variant", _implemented_variants())
def test_heuristic_plays_every_implemented_variant(variant: str) -> None:
    from honeymoon.rules import find_variant

    game = new_game(find_variant(variant), seed=f"variant:{variant}")
    bots = [
        WatchingBot(HeuristicBot(variant), game, Seat.SOUTH),
        WatchingBot(RandomBot(variant), game, Seat.EAST),
    ]
    _play(game, bots, max_hands=2)
    assert Phase.AUCTION in bots[0].phases
