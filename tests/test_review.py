"""The review of a finished hand (views.review_for): what each seat may look back on.

Random rubbers of every variant and option are played with hypothesis drawing the actions
(or the bots playing a hand, as hypothesis chooses); while a hand is played, every card each
seat's view shows is noted. The review of each finished hand may hold no other card (besides
the public tricks), and its tricks, result and score entries are the game's own.
"""

from __future__ import annotations

import contextlib
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from invariants import SEAT_CHOICES, SEEDS, VARIANT_NAMES, action_strategy, rule_sets

from honeymoon.actions import KEEP, PASS, REJECT
from honeymoon.bots import HeuristicBot
from honeymoon.cards import Card, CardSet
from honeymoon.engines import new_game
from honeymoon.errors import HoneymoonError
from honeymoon.game import Game, Phase
from honeymoon.seats import SEATS, Seat
from honeymoon.views import SeatView, TrickView, review_for, view_for

LONG = [HealthCheck.too_slow, HealthCheck.large_base_example, HealthCheck.data_too_large]
WATCHERS: tuple[Seat | None, ...] = (Seat.SOUTH, Seat.EAST, None)


def _trick_cards(tricks: tuple[TrickView, ...]) -> CardSet:
    return CardSet.of(card for trick in tricks for card in trick.cards)


def _shown(view: SeatView) -> CardSet:
    """Every card a view shows."""
    shown = view.hand | view.discards | CardSet.of(view.drawn)
    shown = shown | _trick_cards(view.tricks) | _trick_cards(view.preliminary_tricks)
    if view.current_trick is not None:
        shown = shown | CardSet.of(view.current_trick.cards)
    for extra in (view.looking_at, view.face_up):
        if extra is not None:
            shown = shown | CardSet.of([extra])
    for turn in view.draws:
        shown = shown | CardSet.of([turn.kept])
        if turn.discarded is not None:
            shown = shown | CardSet.of([turn.discarded])
    return shown


def _review_cards(data: dict[str, object]) -> set[str]:
    """Every card named anywhere in a review's JSON form (calls left out)."""
    found: set[str] = set()

    def walk(value: object) -> None:
        if isinstance(value, str) and len(value) == 2:
            with contextlib.suppress(HoneymoonError):
                found.add(Card.parse(value).pbn)
        elif isinstance(value, dict):
            for key, item in value.items():
                if key not in ("auction", "contract"):  # calls such as "3H" are not cards
                    walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(data)
    return found


def _check_review(game: Game, number: int, seen: dict[Seat | None, CardSet]) -> None:
    history = game.history[number]
    log = game.hand_log(number)
    public = _trick_cards(tuple(TrickView(SEATS[t.leader], t.cards) for t in log.tricks))
    public = public | CardSet.of(c for t in log.preliminary_tricks for c in t.cards)
    for seat in WATCHERS:
        review = review_for(game, seat, number)
        entitled = seen[seat] | public
        data = review.to_dict()
        text = json.dumps(data, ensure_ascii=False)
        assert json.loads(text) == data
        named = _review_cards(data)
        assert named <= {card.pbn for card in entitled}, (seat, number)
        assert str(game.seed) not in text and "stock" not in text and "seed" not in text
        # the hand's tricks, result and score entries are the game's own
        assert [(t.leader, t.cards, t.winner) for t in review.tricks] == [
            (SEATS[t.leader], t.cards, SEATS[t.winner] if t.winner is not None else None)
            for t in log.tricks
        ]
        assert review.result == history.result
        assert review.auction == log.calls and review.contract == log.contract
        assert review.score == tuple(e for e in game.score_sheet.entries if e.hand == number)
        assert review.tricks_won == (log.tricks_won(0), log.tricks_won(1))
        # a seat sees its own final hand; both when the hand was played out
        if seat is not None and log.deal is not None:
            assert review.hands[seat] == log.deal[seat]
            if log.play_over:
                assert review.hands[seat.other] == log.deal[seat.other]
        if log.contract is None:
            other_seats = [s for s in SEATS if s != seat]
            assert all(review.hands[s] == CardSet() for s in other_seats)
        if seat is None:
            assert review.draws == () and review.discards == CardSet() and review.drawn == ()


@pytest.mark.parametrize("variant", VARIANT_NAMES)
@settings(max_examples=25, deadline=None, suppress_health_check=LONG)
@given(data=st.data(), seed=SEEDS, dealer=SEAT_CHOICES)
def test_a_review_shows_only_what_the_seat_saw(
    variant: str, data: st.DataObject, seed: int, dealer: Seat
) -> None:
    rules = data.draw(rule_sets(variant), label="rules")
    game = new_game(rules, seed=seed, first_dealer=dealer)
    bot_seed = data.draw(st.integers(0, 2**16), label="bot seed")
    bots = [HeuristicBot(f"{bot_seed}:{seat}") for seat in SEATS]
    hands_to_play = data.draw(st.integers(1, 4), label="hands")
    while not game.is_over and game.hand_number < hands_to_play:
        number = game.hand_number
        how = data.draw(st.sampled_from(["bots", "drawn"]), label=f"hand {number}")
        seen: dict[Seat | None, CardSet] = {seat: CardSet() for seat in WATCHERS}
        step = 0
        while not game.is_over and game.hand_number == number:
            for watcher in WATCHERS:
                seen[watcher] = seen[watcher] | _shown(view_for(game, watcher))
            seat = game.to_act
            assert seat is not None
            if how == "bots":
                action = bots[seat].act(view_for(game, seat))
            else:
                action = data.draw(action_strategy(game), label=f"hand {number} action {step}")
            game.apply(action, seat)
            step += 1
        _check_review(game, number, seen)
    for number in range(len(game.history)):
        review_for(game, Seat.SOUTH, number)  # every finished hand stays reachable
    for bad in (-1, len(game.history), True, "0", 1.0):
        with pytest.raises(HoneymoonError) as refused:
            review_for(game, Seat.SOUTH, bad)  # type: ignore[arg-type]
        assert refused.value.code == "no_such_hand"


def test_the_opponents_discards_stay_secret_and_own_turns_are_listed() -> None:
    game = Game(seed=10**15 + 21, first_dealer=Seat.SOUTH)
    turns = [KEEP, REJECT] * 13
    while game.phase is Phase.DRAWING:
        game.apply(turns[len(game.actions) % 2])
    east_discards, south_discards = game.discards(Seat.EAST), game.discards(Seat.SOUTH)
    south_turns = view_for(game, Seat.SOUTH).draws
    game.apply(PASS)
    game.apply(PASS)  # passed out: no card was played
    review = review_for(game, Seat.SOUTH, 0)
    assert review.discards == south_discards and review.draws == south_turns
    assert review.hands[Seat.EAST] == CardSet()  # never played, so never seen
    text = json.dumps(review.to_dict())
    for card in east_discards:
        assert f'"{card.pbn}"' not in text
    assert review.result.passed_out and review.tricks == ()
    east = review_for(game, Seat.EAST, 0)
    assert east.discards == east_discards and east.hands[Seat.SOUTH] == CardSet()


@pytest.mark.parametrize("name", ["double-dummy", "single-dummy", "semi-exposed", "widow"])
def test_the_table_review_holds_the_seats_own_hand_and_the_cards_played(name: str) -> None:
    """At the four-hand table the review's hands are the four by Direction as the play began:
    of a passed-out hand only the seat's own (a spectator none), of a hand played out all."""
    import random

    from honeymoon.rules import TABLE_VARIANTS
    from honeymoon.seats import Direction
    from honeymoon.views import TableTrickView

    game = new_game(TABLE_VARIANTS[name], seed=9, first_dealer=0)
    game.apply(PASS)
    game.apply(PASS)
    rng = random.Random(4)
    while len(game.history) < 2:
        legal = game.legal_actions()
        bids = [a for a in legal if a > PASS + 2]
        game.apply(bids[0] if bids and not game.auction_calls else rng.choice(legal))
    passed, played = game.history[0].log, game.history[1].log
    assert passed.hands is not None and played.hands is not None
    assert played.contract is not None
    for seat in WATCHERS:
        own = None if seat is None else seat.direction
        review = review_for(game, seat, 0)
        assert review.tricks == ()
        assert review.hands == tuple(
            cards if direction == own else CardSet()
            for direction, cards in zip(Direction, passed.hands, strict=True)
        )
        review = review_for(game, seat, 1)
        assert review.hands == played.hands
        assert len(review.tricks) == 13
        assert all(isinstance(t, TableTrickView) and len(t.players) == 4 for t in review.tricks)
        assert review.tricks_won == (played.tricks_won(0), played.tricks_won(1))
        data = review.to_dict()
        assert [len(hand) for hand in data["hands"]] == [13, 13, 13, 13]
        assert {t["winner"] for t in data["tricks"]} <= {"north", "east", "south", "west"}
