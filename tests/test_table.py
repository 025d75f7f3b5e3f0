"""Rule tests of the four-hand table, Double Dummy Bridge (RULES.md 5) and Single Dummy Bridge
(RULES.md 6), from fixed deals."""

from __future__ import annotations

import json
import random

import pytest
from helpers import cards, searchable_view

from honeymoon.actions import PASS, TAKE_EXPOSED, TAKE_OTHER
from honeymoon.auction import Call, Contract
from honeymoon.bots import RandomBot
from honeymoon.cards import Card, CardSet, Strain
from honeymoon.engines import new_game
from honeymoon.errors import IllegalActionError, UnknownVariantError
from honeymoon.game import Phase
from honeymoon.records import dumps, dumps_pbn, loads
from honeymoon.rules import DOUBLE_DUMMY, SINGLE_DUMMY, TABLE_VARIANTS, VARIANTS, find_variant
from honeymoon.scoring import score_contract
from honeymoon.seats import Direction, Seat
from honeymoon.table import TableGame
from honeymoon.views import TableView, view_for

N, E, S, W = Direction

#: A deal with every suit in every hand, for following suit.
MIXED = {
    N: "AK32.AK3.AK3.AK3",
    E: "QJ4.QJ42.QJ4.QJ4",
    S: "T98.T98.T985.T98",
    W: "765.765.762.7652",
}


def table_stock(hands: dict[Direction, str], dealer: Seat) -> list[int]:
    """The stock order that deals ``hands`` when ``dealer`` deals: one card at a time
    clockwise, the hand at the dealer's left first."""
    parsed = {d: cards(text) for d, text in hands.items()}
    first = (dealer.direction + 1) % 4
    stock: list[int] = []
    for offset in range(52):
        direction = Direction((first + offset) % 4)
        stock.append(parsed[direction][offset // 4].id)
    return stock


def one_suit_each() -> dict[Direction, str]:
    """A deal in which every hand holds one suit: North hearts, East diamonds, South spades,
    West clubs. Only the leader's hand can follow suit, so each trick goes to the first trump
    played, or to the leader."""
    return {
        N: ".AKQJT98765432..",
        E: "..AKQJT98765432.",
        S: "AKQJT98765432...",
        W: "...AKQJT98765432",
    }


def table(hands: dict[Direction, str], dealer: Seat = Seat.SOUTH, **options: bool) -> TableGame:
    rules = DOUBLE_DUMMY.with_options(**options)
    return TableGame(rules, stocks=[table_stock(hands, dealer)], first_dealer=dealer, seed=1)


def bid(game: TableGame, *calls: str) -> None:
    for text in calls:
        game.apply(Call.parse(text).action, game.to_act)


def to_contract(game: TableGame, declarer: Seat) -> None:
    """An auction in which ``declarer`` bids 1NT and the other passes."""
    if game.to_act != declarer:
        bid(game, "pass")
    bid(game, "1NT", "pass")


# -- the deal and the auction ---------------------------------------------------------------


@pytest.mark.parametrize("dealer", list(Seat))
def test_the_deal_gives_each_hand_thirteen_cards_from_the_dealers_left(dealer: Seat) -> None:
    game = table(MIXED, dealer)
    for direction, text in MIXED.items():
        assert game.hand_at(direction) == CardSet.parse(text)
    assert game.hand(Seat.SOUTH) == CardSet.parse(MIXED[S])
    assert game.dummy(Seat.SOUTH) == CardSet.parse(MIXED[N])
    assert game.dummy(Seat.EAST) == CardSet.parse(MIXED[W])
    # the first card of the stock goes to the hand at the dealer's left
    first = Card.from_id(game.stock_for_hand(0)[0])
    left = Direction((dealer.direction + 1) % 4)
    assert first in game.hand_at(left)


@pytest.mark.parametrize("dealer", list(Seat))
def test_the_dealer_calls_first_and_the_auction_is_the_two_players(dealer: Seat) -> None:
    game = table(MIXED, dealer)
    assert game.phase is Phase.AUCTION and game.to_act == dealer and game.to_play is None
    bid(game, "1C")
    assert game.to_act == dealer.other
    with pytest.raises(IllegalActionError) as error:
        game.apply(Call.parse("1C").action)
    assert error.value.code == "bid_too_low"
    with pytest.raises(IllegalActionError) as error:
        game.apply(Card.parse("SA").id)
    assert error.value.code == "wrong_phase"


def test_a_passed_out_hand_scores_nothing_and_the_deal_passes() -> None:
    game = table(MIXED, Seat.EAST)
    bid(game, "pass", "pass")
    assert game.hand_number == 1 and game.dealer == Seat.SOUTH and game.to_act == Seat.SOUTH
    assert game.history[0].result.passed_out and game.score_sheet.totals == (0, 0)


# -- seating and the opening lead -----------------------------------------------------------

# (declarer, clockwise arrangement) -> the opening leader and the hands of the first trick
SEATING = {
    (Seat.SOUTH, False): (W, (W, N, E, S)),
    (Seat.EAST, False): (S, (S, W, N, E)),
    (Seat.SOUTH, True): (W, (W, N, E, S)),
    (Seat.EAST, True): (N, (N, W, S, E)),
}


@pytest.mark.parametrize(("declarer", "clockwise"), list(SEATING))
def test_the_hand_at_declarers_left_leads_in_each_arrangement(
    declarer: Seat, clockwise: bool
) -> None:
    leader, first_trick = SEATING[(declarer, clockwise)]
    game = table(MIXED, Seat.SOUTH, clockwise=clockwise)
    to_contract(game, declarer)
    assert game.phase is Phase.PLAY and game.declarer == declarer
    assert game.opening_leader == leader and game.to_play == leader
    assert game.to_act == leader.owner
    # the leader is the defender's own hand or the defender's dummy, never declarer's side
    assert leader.owner == declarer.other
    if clockwise:
        assert leader == declarer.other.dummy
    played = []
    for _ in range(4):
        hand = game.to_play
        assert hand is not None
        played.append(hand)
        game.apply(game.legal_actions()[0], hand.owner)
    assert tuple(played) == first_trick
    trick = game.completed_tricks[0]
    assert tuple(Direction(h) for h in trick.players) == first_trick


# -- the controller acts for the dummy --------------------------------------------------------


def test_each_player_plays_their_dummys_card_in_its_turn() -> None:
    game = table(MIXED, Seat.SOUTH)
    to_contract(game, Seat.SOUTH)  # West (East's dummy) leads
    assert game.to_play == W and game.to_act == Seat.EAST
    west_card = Card.parse("H7").id
    with pytest.raises(IllegalActionError) as error:
        game.apply(west_card, Seat.SOUTH)
    assert error.value.code == "not_your_turn"
    # East's own card is not West's
    with pytest.raises(IllegalActionError) as error:
        game.apply(Card.parse("HQ").id, Seat.EAST)
    assert error.value.code == "card_not_in_hand"
    view = view_for(game, Seat.EAST)
    assert view.to_play == W and set(view.legal_actions) == {c.id for c in CardSet.parse(MIXED[W])}
    assert view_for(game, Seat.SOUTH).legal_actions == ()
    game.apply(west_card, Seat.EAST)
    assert Card.parse("H7") not in game.dummy(Seat.EAST)
    # North, South's dummy, plays next: South acts for it
    assert game.to_play == N and game.to_act == Seat.SOUTH
    game.apply(Card.parse("HA").id, Seat.SOUTH)
    assert game.to_play == E and game.to_act == Seat.EAST


def test_each_hand_follows_suit_with_its_own_cards() -> None:
    game = table(MIXED, Seat.SOUTH)
    to_contract(game, Seat.SOUTH)
    game.apply(Card.parse("D2").id)  # West leads a diamond
    # North holds diamonds: it must follow, though South's own hand is irrelevant
    assert game.to_play == N
    assert set(game.legal_actions()) == {c.id for c in cards("-.-.AK3.-")}
    with pytest.raises(IllegalActionError) as error:
        game.apply(Card.parse("SA").id)
    assert error.value.code == "must_follow_suit"
    game.apply(Card.parse("D3").id)
    game.apply(Card.parse("D4").id)  # East follows
    game.apply(Card.parse("D5").id)  # South follows
    trick = game.completed_tricks[0]
    assert trick.winner == S  # the ♦5 is the highest diamond
    assert game.tricks_won == (1, 0) and game.to_play == S


def test_a_void_hand_may_play_any_card_and_a_trump_wins() -> None:
    game = table(one_suit_each(), Seat.SOUTH)
    bid(game, "1S", "pass")  # South declares in spades; West leads clubs
    assert game.to_play == W and game.trump is Strain.SPADES
    game.apply(Card.parse("CA").id)
    assert set(game.legal_actions()) == {c.id for c in game.hand_at(N)}  # void in clubs
    game.apply(Card.parse("H2").id)
    game.apply(Card.parse("D2").id)
    game.apply(Card.parse("S2").id)  # South ruffs
    assert game.completed_tricks[0].winner == S and game.to_play == S


# -- a whole hand, scored --------------------------------------------------------------------


def test_a_whole_hand_is_played_and_scored_for_declarers_side() -> None:
    game = table(one_suit_each(), Seat.SOUTH)
    bid(game, "7S", "pass")
    # South ruffs the first trick, then leads spades: nobody else holds one, so South's side
    # takes all thirteen tricks whichever cards are played.
    while game.hand_number == 0:
        game.apply(game.legal_actions()[0])
    result = game.history[0].result
    contract = Contract(7, Strain.SPADES)
    assert result.contract == contract and result.declarer == Seat.SOUTH
    assert result.declarer_tricks == 13
    assert result.score == score_contract(contract, 13, vulnerable=False)
    # 7♠: 7 × 30 below the line, and the grand slam's 1000 above; South holds all thirteen
    # spades, so all five trump honours in one hand: 150 more above, as Double Dummy Bridge
    # scores honours by default.
    assert game.score_sheet.below(Seat.SOUTH) == 210
    assert game.score_sheet.above(Seat.SOUTH) == 1000 + 150
    assert result.honours == (150, 0)
    assert game.score_sheet.games == (1, 0)


def test_tricks_won_by_a_dummy_count_for_its_owners_side() -> None:
    game = table(one_suit_each(), Seat.EAST)
    bid(game, "pass", "1H", "pass")  # South bids hearts; North holds them all
    assert game.declarer == Seat.SOUTH and game.to_play == W
    game.apply(Card.parse("CA").id)  # West leads
    game.apply(Card.parse("H2").id)  # North ruffs with the lowest heart
    game.apply(Card.parse("D2").id)
    game.apply(Card.parse("S2").id)
    trick = game.completed_tricks[0]
    assert trick.winner == N and game.tricks_won == (1, 0)
    assert game.to_play == N and game.to_act == Seat.SOUTH


def test_honours_in_any_hand_count_for_its_side() -> None:
    game = table(one_suit_each(), Seat.SOUTH, honours=True)
    bid(game, "1D", "pass")  # South bids diamonds, which East holds all of
    while game.hand_number == 0:
        game.apply(game.legal_actions()[0])
    assert game.history[0].result.honours == (0, 150)


# -- who sees what ---------------------------------------------------------------------------


def _shown(view: TableView) -> set[Direction]:
    return {d for d in Direction if view.hands[d] is not None}


def _text(view: TableView) -> str:
    return json.dumps(view.to_dict(), ensure_ascii=False)


@pytest.mark.parametrize("racks", [False, True])
def test_dummies_are_seen_by_their_owners_after_the_auction_and_by_all_after_the_lead(
    racks: bool,
) -> None:
    game = table(MIXED, Seat.SOUTH, racks=racks)
    # the auction: each player sees only their own hand
    for seat in Seat:
        view = view_for(game, seat)
        assert _shown(view) == {seat.direction} and view.dummy == CardSet()
        for card in game.dummy(seat) | game.dummy(seat.other) | game.hand(seat.other):
            assert f'"{card.pbn}"' not in _text(view)
    assert _shown(view_for(game, None)) == set()
    to_contract(game, Seat.SOUTH)
    # after the auction, before the lead: own hand and own dummy only
    for seat in Seat:
        view = view_for(game, seat)
        assert _shown(view) == {seat.direction, seat.dummy}
        assert view.dummy == game.dummy(seat)
        for card in game.dummy(seat.other) | game.hand(seat.other):
            assert f'"{card.pbn}"' not in _text(view)
    game.apply(game.legal_actions()[0])  # the opening lead, from West
    for seat in Seat:
        view = view_for(game, seat)
        expected = {seat.direction, seat.dummy} | (set() if racks else {seat.other.dummy})
        assert _shown(view) == expected
        hidden = game.hand(seat.other) | (game.dummy(seat.other) if racks else CardSet())
        for card in hidden:
            assert f'"{card.pbn}"' not in _text(view)
    assert _shown(view_for(game, None)) == (set() if racks else {N, W})


def test_with_racks_no_view_ever_shows_the_opponents_dummy_unplayed() -> None:
    rng = random.Random(4)
    game = TableGame(DOUBLE_DUMMY.with_options(racks=True), seed=9)
    for _ in range(400):
        for seat in Seat:
            text = json.dumps(searchable_view(view_for(game, seat)), ensure_ascii=False)
            for card in game.dummy(seat.other) | game.hand(seat.other):
                assert f'"{card.pbn}"' not in text and str(card) not in text
        legal = game.legal_actions()
        game.apply(PASS if PASS in legal and rng.random() < 0.3 else rng.choice(legal))


# -- the variant, records, a rubber ----------------------------------------------------------


def test_the_variant_is_found_by_name_but_kept_out_of_the_two_hand_list() -> None:
    assert find_variant("double-dummy", four_hands=True) is DOUBLE_DUMMY
    assert "double-dummy" in TABLE_VARIANTS and "double-dummy" not in VARIANTS
    with pytest.raises(UnknownVariantError):
        find_variant("double-dummy")
    assert DOUBLE_DUMMY.with_options(racks=True, clockwise=True).options() == {
        "racks": True,
        "clockwise": True,
    }
    assert isinstance(new_game(DOUBLE_DUMMY, seed=1), TableGame)


def test_the_record_replays_and_pbn_shows_four_hands() -> None:
    game = table(MIXED, Seat.SOUTH, clockwise=True)
    to_contract(game, Seat.EAST)
    for _ in range(9):
        game.apply(game.legal_actions()[-1])
    replayed = loads(dumps(game)).replay()
    assert replayed.actions == game.actions and replayed.to_play == game.to_play
    assert replayed.completed_tricks == game.completed_tricks
    pbn = dumps_pbn(game)
    # East declares under the clockwise arrangement: East's hand sits West for the play,
    # East's dummy East, so that PBN's clockwise order is the playing order from North
    assert '[Declarer "W"]' in pbn and '[Play "N"]' in pbn
    deal = f"N:{CardSet.parse(MIXED[N]).to_dotted()} {CardSet.parse(MIXED[W]).to_dotted()}"
    assert f'[Deal "{deal}' in pbn
    # One replay for every variant: the record of a four-hand game replays as one.
    assert isinstance(loads(dumps(game)).replay(), TableGame)


def test_random_bots_play_a_whole_rubber() -> None:
    # Uniformly random bids make most contracts fail, so a random rubber runs to hundreds of
    # hands; these seeds give one of 74 hands, to keep the test short.
    game = TableGame(DOUBLE_DUMMY, seed="random rubber 46")
    bots = [RandomBot(f"bot 46 {int(seat)}") for seat in Seat]
    decisions = 0
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        view = view_for(game, seat)
        action = bots[seat].act(view)  # type: ignore[arg-type]
        assert action in game.legal_actions()
        game.apply(action, seat)
        decisions += 1
    sheet = game.score_sheet
    assert sheet.is_complete and max(sheet.games) == 2
    played = [h for h in game.history if not h.result.passed_out]
    assert played and all(len(h.tricks) == 13 for h in played)
    assert all(
        h.result.declarer_tricks
        == sum(1 for t in h.tricks if Direction(t.winner).owner == h.result.declarer)
        for h in played
    )
    assert decisions == sum(len(h.actions) for h in game.history)


# -- Single Dummy Bridge (RULES.md 6) --------------------------------------------------------


def single(dealer: Seat) -> TableGame:
    stock = table_stock(MIXED, dealer)
    return TableGame(SINGLE_DUMMY, stocks=[stock], first_dealer=dealer, seed=1)


@pytest.mark.parametrize("dealer", list(Seat))
def test_single_dummy_shows_the_dealers_dummy_to_all_before_the_auction(dealer: Seat) -> None:
    game = single(dealer)
    exposed, hidden = dealer.dummy, dealer.other.dummy
    assert game.exposed_dummy == exposed
    for seat in (*Seat, None):
        view = view_for(game, seat)
        assert view.hands[exposed] == game.hand_at(exposed)
        assert view.hands[hidden] is None
        text = _text(view)
        for card in game.hand_at(hidden):
            assert f'"{card.pbn}"' not in text
        if seat is not None:
            assert _shown(view) == {seat.direction, exposed}


@pytest.mark.parametrize("dealer", list(Seat))
@pytest.mark.parametrize("declarer", list(Seat))
@pytest.mark.parametrize("choice", [TAKE_EXPOSED, TAKE_OTHER])
def test_single_dummy_declarer_chooses_a_dummy_that_then_sits_opposite(
    dealer: Seat, declarer: Seat, choice: int
) -> None:
    game = single(dealer)
    exposed_cards = game.hand_at(dealer.dummy)
    other_cards = game.hand_at(dealer.other.dummy)
    to_contract(game, declarer)
    # the auction is over: declarer, and only declarer, chooses; the other dummy stays hidden
    assert game.phase is Phase.DUMMY_CHOICE and game.to_act == declarer
    assert game.legal_actions() == (TAKE_EXPOSED, TAKE_OTHER)
    for seat in (*Seat, None):
        assert view_for(game, seat).hands[dealer.other.dummy] is None
    with pytest.raises(IllegalActionError) as error:
        game.apply(choice, declarer.other)
    assert error.value.code == "not_your_turn"
    with pytest.raises(IllegalActionError) as error:
        game.apply(game.hand(declarer).cards_high_to_low()[0].id)
    assert error.value.code == "wrong_phase"
    game.apply(game.parse_action("exposed" if choice == TAKE_EXPOSED else "other"), declarer)
    chosen, left = (
        (exposed_cards, other_cards) if choice == TAKE_EXPOSED else (other_cards, exposed_cards)
    )
    assert game.dummy(declarer) == chosen and game.dummy(declarer.other) == left
    # both dummies are face up now, for everyone; the hand at declarer's left leads
    assert game.phase is Phase.PLAY and game.exposed_dummy is None
    for seat in (*Seat, None):
        shown = _shown(view_for(game, seat))
        assert {N, W} <= shown
    assert game.opening_leader == SEATING[(declarer, False)][0]
    assert game.to_act == game.opening_leader.owner
    # the hand plays out and the record replays the choice
    while game.hand_number == 0:
        game.apply(game.legal_actions()[0])
    history = game.history[0]
    assert history.dummy_choice == choice and history.log.dummy_choice == choice
    assert history.log.hands is not None and history.log.hands[declarer.dummy] == chosen
    record = loads(dumps(game))
    texts = record.hands[0].action_texts()
    assert ("exposed" if choice == TAKE_EXPOSED else "other") in texts
    assert record.replay().history[0].result == history.result


# -- perft: the first trick, counted through the engine and by hand ---------------------------


def _perft(game: TableGame, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for action in game.legal_actions():
        child = game.clone()
        child.apply(action)
        total += _perft(child, depth - 1)
    return total


@pytest.mark.parametrize(("declarer", "clockwise"), list(SEATING))
def test_perft_of_the_first_trick_follows_suit_hand_by_hand(
    declarer: Seat, clockwise: bool
) -> None:
    game = table(MIXED, Seat.SOUTH, clockwise=clockwise)
    to_contract(game, declarer)
    leader, order = SEATING[(declarer, clockwise)]
    hands = {d: CardSet.parse(text) for d, text in MIXED.items()}
    # by hand: for each card the leader may lead, each later hand plays a card of the suit led
    # if it holds one, else any of its 13
    expected = 0
    for card in hands[leader]:
        product = 1
        for hand in order[1:]:
            product *= hands[hand].count(card.suit) or 13
        expected += product
    assert _perft(game, 4) == expected
    assert _perft(game, 1) == 13


# -- twelve and two (RULES.md 5.5) -----------------------------------------------------------


@pytest.mark.parametrize("dealer", list(Seat))
@pytest.mark.parametrize("declarer", list(Seat))
def test_twelve_and_two_deals_twelve_then_two_extra_cards_each_placed_by_their_player(
    dealer: Seat, declarer: Seat
) -> None:
    rules = DOUBLE_DUMMY.with_options(twelve_and_two=True)
    game = TableGame(rules, seed=f"twelve {dealer} {declarer}", first_dealer=dealer)
    stock = game.stock_for_hand(0)
    left = (dealer.direction + 1) % 4
    for direction in Direction:
        expected = {stock[i] for i in range(48) if (left + i) % 4 == direction}
        assert {c.id for c in game.hand_at(direction)} == expected
    assert game.stock_remaining == 4
    extras = {
        dealer.other: CardSet.from_ids(stock[48:52:2]),
        dealer: CardSet.from_ids(stock[49:52:2]),
    }
    # the auction: each player sees their own hand and their own dummy, nothing else
    for seat in Seat:
        view = view_for(game, seat)
        assert _shown(view) == {seat.direction, seat.dummy} and view.dummy == game.dummy(seat)
        text = _text(view)
        for card in CardSet.from_ids(stock[48:]) | game.hand(seat.other) | game.dummy(seat.other):
            assert f'"{card.pbn}"' not in text
    to_contract(game, declarer)
    # two extra cards each, the non-dealer's first; declarer places theirs first
    assert game.phase is Phase.EXTRA_CARDS and game.stock_remaining == 0
    assert game.to_act == declarer
    for seat in Seat:
        assert game.extra_cards(seat) == extras[seat]
        other_text = _text(view_for(game, seat.other))
        for card in extras[seat]:
            assert f'"{card.pbn}"' not in other_text
    assert set(game.legal_actions()) == {c.id for c in extras[declarer]}
    with pytest.raises(IllegalActionError) as error:
        game.apply(next(iter(extras[declarer.other])).id)
    assert error.value.code == "card_not_in_hand"
    for seat in (declarer, declarer.other):
        assert game.to_act == seat
        kept, given = sorted(extras[seat], key=lambda card: card.id)
        hand_before, dummy_before = game.hand(seat), game.dummy(seat)
        game.apply(game.parse_action(kept.pbn), seat)
        assert game.hand(seat) == hand_before | CardSet.of([kept])
        assert game.dummy(seat) == dummy_before | CardSet.of([given])
        assert len(game.hand(seat)) == len(game.dummy(seat)) == 13
    assert game.phase is Phase.PLAY and game.opening_leader == SEATING[(declarer, False)][0]
    while game.hand_number == 0:
        game.apply(game.legal_actions()[0])
    assert game.history[0].result.declarer_tricks is not None
    assert loads(dumps(game)).replay().history[0].result == game.history[0].result


def test_twelve_and_two_deals_no_extra_cards_in_a_passed_out_hand() -> None:
    game = TableGame(DOUBLE_DUMMY.with_options(twelve_and_two=True), seed=2, first_dealer=0)
    bid(game, "pass", "pass")
    assert game.hand_number == 1 and game.phase is Phase.AUCTION
    assert game.stock_remaining == 4 and all(not game.extra_cards(seat) for seat in Seat)
