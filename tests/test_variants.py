"""Rule tests for the variants without dummies (RULES.md 2a, 3 and 4), from fixed stock orders."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from honeymoon.actions import KEEP, PASS, REJECT
from honeymoon.auction import Call
from honeymoon.cards import CARD_MASK, Card, CardSet
from honeymoon.engines import new_game
from honeymoon.errors import IllegalActionError, UnknownVariantError
from honeymoon.game import Game, Phase
from honeymoon.rules import VARIANTS, find_variant
from honeymoon.seats import Seat
from honeymoon.tricks import NO_TRUMP, trick_winner
from honeymoon.views import view_for

DRAW = find_variant("draw")
MEMORY = find_variant("memory")
NO_DISCARD = find_variant("draw-discard-no-discard")


def ids(text: str) -> list[int]:
    """Card ids of a hand written in notation, low to high."""
    return list(CardSet.parse(text).card_ids())


def dealt_stock(
    non_dealer: Sequence[int], dealer: Sequence[int], rest: Sequence[int] = ()
) -> list[int]:
    """A stock order that deals ``non_dealer`` and ``dealer`` their 13 cards one at a time
    (non-dealer first), followed by ``rest`` and then every other card in id order."""
    order: list[int] = []
    for mine, theirs in zip(non_dealer, dealer, strict=True):
        order += [mine, theirs]
    order += list(rest)
    order += [c for c in range(52) if c not in order]
    assert sorted(order) == list(range(52))
    return order


def play_to_phase(game: Game, phase: Phase, rng: random.Random) -> None:
    """Random legal actions until ``game`` reaches ``phase`` (in the same hand)."""
    start = game.hand_number
    while game.phase is not phase:
        assert game.hand_number == start, "the hand ended before reaching the phase"
        game.apply(rng.choice(game.legal_actions()))


def test_registry_lists_every_variant_by_name() -> None:
    assert {"draw-discard", "draw-discard-no-discard", "draw", "memory"} <= set(VARIANTS)
    assert DRAW.first_caller.value == "dealer"
    assert MEMORY.first_caller.value == "non-dealer"
    with pytest.raises(UnknownVariantError) as error:
        find_variant("bridgette-deluxe")
    assert "draw-discard" in str(error.value)
    with pytest.raises(UnknownVariantError):
        MEMORY.with_options(face_up_stock=True)
    assert DRAW.with_options(face_up_stock=True).face_up_stock


# -- Draw Bridge -------------------------------------------------------------------------------

EAST_CARDS = ids("♠2345 ♥234 ♦234 ♣234")
SOUTH_CARDS = ids("♠AKQJ ♥AKQ ♦AKQ ♣AKQ")


def test_draw_deals_thirteen_each_and_non_dealer_leads_at_no_trump() -> None:
    game = Game(DRAW, stocks=[dealt_stock(EAST_CARDS, SOUTH_CARDS)], first_dealer=Seat.SOUTH)
    assert game.phase is Phase.PRELIMINARY
    assert game.to_act is Seat.EAST
    assert game.hand(Seat.EAST) == CardSet.from_ids(EAST_CARDS)
    assert game.hand(Seat.SOUTH) == CardSet.from_ids(SOUTH_CARDS)
    assert game.stock_remaining == 26


def test_draw_preliminary_trick_won_by_the_follower_who_draws_the_top_card() -> None:
    stock = dealt_stock(EAST_CARDS, SOUTH_CARDS)
    game = Game(DRAW, stocks=[stock], first_dealer=Seat.SOUTH)
    top, following = stock[26], stock[27]
    game.apply(Card.parse("C2"))  # East leads
    game.apply(Card.parse("CA"))  # South follows and wins
    assert game.completed_tricks[-1].winner == Seat.SOUTH
    assert game.to_act is Seat.SOUTH  # the winner leads the next trick
    assert CARD_MASK[top] & game.hand(Seat.SOUTH).mask
    assert CARD_MASK[following] & game.hand(Seat.EAST).mask
    assert len(game.hand(Seat.SOUTH)) == len(game.hand(Seat.EAST)) == 13
    south, east = view_for(game, Seat.SOUTH), view_for(game, Seat.EAST)
    assert south.drawn == (Card.from_id(top),)
    assert east.drawn == (Card.from_id(following),)
    # Drawn cards are private: neither view names the other's drawn card.
    assert Card.from_id(following).pbn not in json.dumps(south.to_dict())
    assert Card.from_id(top).pbn not in json.dumps(east.to_dict())


def test_draw_preliminary_tricks_take_any_card_by_default_and_follow_suit_by_choice() -> None:
    # Seeds 002 and 004: following suit is not required in Draw Bridge's preliminary tricks;
    # seed 003 requires it, which is the option.
    stock = dealt_stock(EAST_CARDS, ids("♠AKQJ10 ♥AKQJ ♦AKQJ"))
    assert DRAW.preliminary_follow_suit is False
    loose = Game(DRAW, stocks=[stock], first_dealer=Seat.SOUTH)
    loose.apply(Card.parse("S2"))
    assert len(loose.legal_actions()) == 13
    loose.apply(Card.parse("HA"))  # a discard at no trump cannot win
    assert loose.completed_tricks[-1].winner == Seat.EAST
    strict = Game(
        DRAW.with_options(preliminary_follow_suit=True), stocks=[stock], first_dealer=Seat.SOUTH
    )
    strict.apply(Card.parse("S2"))
    with pytest.raises(IllegalActionError) as error:
        strict.apply(Card.parse("HA"))
    assert error.value.code == "must_follow_suit"
    assert strict.rules.options() == {"preliminary_follow_suit": True}


def test_memory_preliminary_tricks_always_follow_suit() -> None:
    memory = find_variant("memory")
    assert memory.preliminary_follow_suit is True
    assert "preliminary_follow_suit" not in memory.option_names


def test_draw_face_up_option_shows_both_players_the_card_the_winner_gets() -> None:
    stock = dealt_stock(EAST_CARDS, SOUTH_CARDS)
    game = Game(DRAW.with_options(face_up_stock=True), stocks=[stock], first_dealer=Seat.SOUTH)
    for seat in Seat:
        assert view_for(game, seat).face_up == Card.from_id(stock[26])
    assert view_for(game, None).face_up == Card.from_id(stock[26])
    game.apply(Card.parse("C2"))
    game.apply(Card.parse("CA"))
    # The next face-up card is the new top; the loser's card (stock[27]) stays private.
    assert view_for(game, Seat.SOUTH).face_up == Card.from_id(stock[28])
    south_text = json.dumps(view_for(game, Seat.SOUTH).to_dict())
    assert Card.from_id(stock[27]).pbn not in south_text
    plain = Game(DRAW, stocks=[stock], first_dealer=Seat.SOUTH)
    assert view_for(plain, Seat.SOUTH).face_up is None


def test_draw_after_thirteen_tricks_the_dealer_calls_first_and_the_defender_leads() -> None:
    rng = random.Random(3)
    game = Game(DRAW, seed="draw-auction", first_dealer=Seat.EAST)
    play_to_phase(game, Phase.AUCTION, rng)
    assert game.stock_remaining == 0
    assert len(game.hand(0)) == len(game.hand(1)) == 13
    assert len(game.preliminary_tricks) == 13
    assert game.to_act is Seat.EAST  # dealer first
    game.apply(PASS)
    game.apply(55)  # South bids 1♣
    game.apply(PASS)
    assert game.phase is Phase.PLAY
    assert game.declarer is Seat.SOUTH and game.to_act is Seat.EAST
    assert game.completed_tricks == ()  # the preliminary tricks do not count
    assert game.score_sheet.entries == ()


# -- Memory Bridge -----------------------------------------------------------------------------

LOW = ids("♠2345 ♥234 ♦234 ♣234")
HIGH = ids("♠AKQJ ♥AKQ ♦AKQ ♣AKQ")


def memory_stock(south_high: bool, dealer: Seat) -> list[int]:
    south, east = (HIGH, LOW) if south_high else (LOW, HIGH)
    non_dealer, dealer_cards = (south, east) if dealer is Seat.EAST else (east, south)
    return dealt_stock(non_dealer, dealer_cards)


def play_preliminary_highest(game: Game) -> None:
    """Play the preliminary tricks, each player playing its highest legal card."""
    while game.phase is Phase.PRELIMINARY:
        game.apply(max(game.legal_actions()))


@pytest.mark.parametrize("winner", [Seat.SOUTH, Seat.EAST])
def test_memory_award_goes_to_the_player_with_seven_or_more(winner: Seat) -> None:
    game = Game(
        MEMORY, stocks=[memory_stock(winner is Seat.SOUTH, Seat.SOUTH)], first_dealer=Seat.SOUTH
    )
    play_preliminary_highest(game)
    result = game.preliminary_result
    assert result is not None and result.award_seat is winner
    assert result.tricks[winner] == 13
    sheet = game.score_sheet
    assert sheet.below(winner) == 40
    assert sheet.above(winner) == 30 * (13 - 7) + 100
    assert sheet.total(winner.other) == 0
    # The other 26 cards are dealt, 13 each, and the auction starts with the non-dealer.
    assert game.phase is Phase.AUCTION and game.to_act is Seat.EAST
    assert len(game.hand(0)) == len(game.hand(1)) == 13
    assert (game.hand(0) | game.hand(1)).mask & CardSet.from_ids(HIGH + LOW).mask == 0


def test_memory_award_always_goes_to_someone_and_matches_the_tricks() -> None:
    rng = random.Random(11)
    for index in range(40):
        game = Game(MEMORY, seed=f"memory-{index}")
        play_to_phase(game, Phase.AUCTION, rng)
        result = game.preliminary_result
        assert result is not None and result.award_seat is not None and result.award is not None
        seat = result.award_seat
        assert result.tricks[seat] >= 7 and sum(result.tricks) == 13
        assert result.award.declarer_below == 40
        assert result.award.declarer_above == 30 * (result.tricks[seat] - 7) + 100


def test_memory_awards_count_toward_game() -> None:
    dealers = [Seat.SOUTH, Seat.EAST, Seat.SOUTH]
    stocks = [memory_stock(True, dealer) for dealer in dealers]
    game = Game(MEMORY, stocks=stocks, first_dealer=Seat.SOUTH)
    for hand in range(3):
        assert game.hand_number == hand
        play_preliminary_highest(game)
        game.apply(PASS)
        game.apply(PASS)  # the second deal is passed out: only the award scores
    sheet = game.score_sheet
    assert sheet.games == (1, 0)  # 40 + 40 + 40 = 120 below: South wins a game
    assert sheet.progress == (0, 0)
    assert sheet.vulnerable(Seat.SOUTH) and not sheet.vulnerable(Seat.EAST)
    assert [h.result.passed_out for h in game.history] == [True, True, True]
    assert all(h.result.preliminary is not None for h in game.history)


# -- Draw and Discard, keeping without discarding (2a) ---------------------------------------


def test_keep_ends_the_turn_and_the_rest_of_the_stock_stays_unseen() -> None:
    stock = list(range(52))
    game = Game(NO_DISCARD, stocks=[stock], first_dealer=Seat.SOUTH)
    game.apply(KEEP)  # East keeps card 0; the turn ends, nothing discarded
    assert game.hand(Seat.EAST).card_ids() == (0,)
    assert not game.discards(Seat.EAST)
    assert game.stock_remaining == 51
    assert game.to_act is Seat.SOUTH
    game.apply(REJECT)  # South rejects card 1 and keeps card 2
    assert game.hand(Seat.SOUTH).card_ids() == (2,)
    assert game.discards(Seat.SOUTH).card_ids() == (1,)
    turn = view_for(game, Seat.EAST).draws[0]
    assert turn.kept == Card.from_id(0) and turn.discarded is None
    while game.phase is Phase.DRAWING:
        game.apply(KEEP)
    assert len(game.hand(0)) == len(game.hand(1)) == 13
    left = game.stock_for_hand(0)[52 - 25 :]
    assert len(left) == 25
    for seat in Seat:
        text = json.dumps(view_for(game, seat).to_dict())
        for card in left:
            assert f'"{Card.from_id(card).pbn}"' not in text
    assert game.phase is Phase.AUCTION and game.to_act is Seat.EAST


@pytest.mark.parametrize("name", ["draw-discard-no-discard", "draw", "memory"])
def test_a_passed_out_auction_moves_the_deal_in_every_variant(name: str) -> None:
    rng = random.Random(name)
    game = new_game(find_variant(name), seed=f"pass-{name}", first_dealer=Seat.SOUTH)
    play_to_phase(game, Phase.AUCTION, rng)
    before = game.score_sheet
    game.apply(PASS)
    game.apply(PASS)
    assert game.hand_number == 1 and game.dealer is Seat.EAST
    assert game.history[0].result.passed_out
    assert game.score_sheet == before  # the auction scores nothing (a memory award stays)


def _watch(rules_name: str, seed: int) -> tuple[Game, list[dict[str, list[object]]]]:
    """A random rubber, and for each hand what was seen action by action: the calls (with the
    first caller), the hands when the auction began, and each card played with its seat."""
    game = Game(VARIANTS[rules_name], seed=seed)
    rng = random.Random(seed)
    seen: list[dict[str, list[object]]] = []
    current: dict[str, list[object]] = {}
    while not game.is_over:
        if not current:
            current = {"callers": [], "calls": [], "deal": [], "preliminary": [], "play": []}
            seen.append(current)
        number, phase, seat = game.hand_number, game.phase, game.to_act
        if phase is Phase.AUCTION and not current["calls"]:
            current["deal"] = [game.hand(Seat.SOUTH), game.hand(Seat.EAST)]
        action = rng.choice(game.legal_actions())
        game.apply(action)
        if phase is Phase.AUCTION:
            current["callers"].append(seat)
            current["calls"].append(Call(action))
        elif phase is Phase.PRELIMINARY:
            current["preliminary"].append((seat, Card.from_id(action)))
        elif phase is Phase.PLAY:
            current["play"].append((seat, Card.from_id(action)))
        if game.hand_number != number:
            current = {}
    return game, seen


def _check_tricks(tricks: tuple[object, ...], cards: list[object], trump: int) -> None:
    played = [
        (Seat(seat), card)
        for trick in tricks
        for seat, card in zip(trick.players, trick.cards, strict=True)  # type: ignore[attr-defined]
    ]
    assert played == cards
    for trick, following in zip(tricks, tricks[1:], strict=False):
        assert trick.winner == following.leader  # type: ignore[attr-defined]
    for trick in tricks:
        ids = [card.id for card in trick.cards]  # type: ignore[attr-defined]
        position = trick_winner(ids, trump)
        assert trick.winner == trick.players[position]  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", sorted(VARIANTS))
@pytest.mark.parametrize("seed", range(3))
def test_the_history_keeps_every_hands_calls_and_tricks(name: str, seed: int) -> None:
    game, seen = _watch(name, seed)
    assert len(game.history) == len(seen)
    for hand, watched in zip(game.history, seen, strict=True):
        log = hand.log
        assert log == game.hand_log(hand.number)
        assert list(log.calls) == watched["calls"]
        if watched["callers"]:
            assert log.first_caller == watched["callers"][0]
            assert list(log.deal or ()) == watched["deal"]
        else:
            assert log.first_caller is None and log.deal is None
        _check_tricks(log.preliminary_tricks, watched["preliminary"], NO_TRUMP)
        result = hand.result
        if result.preliminary is not None:
            assert result.preliminary == log.preliminary
            won = [sum(t.winner == s for t in log.preliminary_tricks) for s in (0, 1)]
            assert tuple(won) == result.preliminary.tricks
        if result.contract is None:
            assert log.tricks == () and not watched["play"]
            continue
        _check_tricks(log.tricks, watched["play"], int(result.contract.strain))
        assert (log.contract, log.declarer) == (result.contract, result.declarer)
        assert result.declarer is not None
        assert log.tricks_won(result.declarer) == result.declarer_tricks
        assert log.tricks[0].leader == result.declarer.other == log.opening_leader


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_the_hand_in_progress_has_a_log_too(name: str) -> None:
    game = Game(VARIANTS[name], seed=5)
    rng = random.Random(5)
    while game.phase is not Phase.PLAY:
        game.apply(rng.choice(game.legal_actions()))
    for _ in range(3):
        game.apply(rng.choice(game.legal_actions()))
    log = game.hand_log()
    assert log.auction_over and log.contract == game.contract
    assert [c.action for c in log.calls] == [a for a in game.actions if 52 <= a <= 89]
    assert [len(t.cards) for t in log.tricks] == [2, 1]
    assert log.tricks[0].winner is not None and log.tricks[1].winner is None
    with pytest.raises(IndexError):
        game.hand_log(game.hand_number + 1)


@given(st.data())
@settings(max_examples=40, deadline=None)
def test_keeping_without_discarding_never_leaves_one_player_drawing_alone(
    data: st.DataObject,
) -> None:
    # RULES.md 2a: "a player with 13 cards stops drawing; the other continues alone" cannot
    # happen: turns alternate and each adds one card, so both reach 13 on the same turn.
    game = Game(VARIANTS["draw-discard-no-discard"], seed=data.draw(st.integers(0, 999)))
    previous = None
    while game.phase is Phase.DRAWING:
        seat = game.to_act
        assert seat is not previous
        held = (len(game.hand(Seat.SOUTH)), len(game.hand(Seat.EAST)))
        assert held[seat] < 13 and held[seat] <= held[1 - seat] <= held[seat] + 1
        game.apply(data.draw(st.sampled_from((KEEP, REJECT))))
        previous = seat
    assert len(game.hand(Seat.SOUTH)) == len(game.hand(Seat.EAST)) == 13
    assert game.phase is Phase.AUCTION and game.stock_remaining >= 0
