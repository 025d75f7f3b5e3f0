"""Rule tests for Bridgette (RULES.md 9, BRIDGETTE.md), from fixed 55-card packs, and the
engine's invariant harness over Bridgette with hypothesis.

The packs are built by :func:`pack`: 13 cards dealt to each player one at a time (non-dealer
first), then the upcard and the stock in the order given, then every other card in id order.
"""

from __future__ import annotations

import json
import random

import pytest
from bridgette_packs import exchange_back, pack
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from invariants import SEAT_CHOICES, SEEDS, check_record_replays, check_sheet, play_checked

from honeymoon import events
from honeymoon.actions import COLON_ACTIONS, PASS
from honeymoon.auction import Call, Contract
from honeymoon.bridgette import BridgetteGame, dealer_exchange_size
from honeymoon.cards import BRIDGETTE_DECK_MASK, Card, CardSet
from honeymoon.engines import new_game
from honeymoon.errors import IllegalActionError, NotationError, RecordError
from honeymoon.game import Game, Phase
from honeymoon.records import dumps, loads
from honeymoon.records.pbn import dumps_pbn
from honeymoon.rules import BRIDGETTE, VARIANTS, find_variant
from honeymoon.scoring import deal_vulnerable, score_deal
from honeymoon.seats import Seat
from honeymoon.views import view_for

LONG = [HealthCheck.too_slow, HealthCheck.large_base_example, HealthCheck.data_too_large]
SOUTH, EAST = Seat.SOUTH, Seat.EAST


def game_on(stock: list[int], dealer: Seat = SOUTH, **options: bool) -> Game:
    return new_game(BRIDGETTE.with_options(**options), seed=1, stocks=[stock], first_dealer=dealer)


def to_play(non_dealer: str, dealer: str, contract: str = "1NT", upcard: str = "H2") -> Game:
    """South deals and bids ``contract``, East passes and leads: the play with the dealt hands."""
    game = game_on(pack(non_dealer, dealer, upcard))
    exchange_back(game)
    game.apply(Call.parse(contract), SOUTH)
    game.apply(PASS, EAST)
    assert game.phase is Phase.PLAY and game.to_act == EAST
    return game


def card(text: str) -> int:
    return Card.parse(text).action


# -- the pack and its notation ---------------------------------------------------------------


def test_the_pack_has_55_cards_and_the_colons_their_own_ids_bits_and_notation() -> None:
    deck = CardSet.bridgette_deck()
    assert len(deck) == 55 and deck.mask == BRIDGETTE_DECK_MASK
    colons = [Card.parse(t) for t in (":L", ":R", ":G")]
    assert [c.id for c in colons] == [52, 53, 54]
    assert [c.action for c in colons] == list(COLON_ACTIONS)
    assert [c.mask for c in colons] == [1 << 64, 1 << 65, 1 << 66]
    assert all(c.is_colon and c in deck for c in colons)
    assert not any(c.is_colon for c in CardSet.full_deck())
    hand = CardSet.parse("♠AKQ ♥J10 ♦- ♣98765 :GL")
    assert str(hand) == "♠AKQ ♥J10 ♦- ♣98765 :GL" and len(hand) == 12
    assert CardSet.parse(hand.to_dotted()) == hand and CardSet.parse(repr(hand)[15:-2]) == hand
    assert CardSet.parse("SA :G :L") == CardSet.parse("♠A :GL")
    assert str(CardSet.parse("♠A")) == "♠A ♥- ♦- ♣-"  # a 52-card hand prints as before


@pytest.mark.parametrize("text", [":X", ":", "::G", "G:", ":GG"])
def test_a_mistyped_colon_is_a_typed_notation_error(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        Card.parse(text) if len(text) <= 2 or text == "::G" else CardSet.parse(text)
    assert caught.value.code in ("bad_colon", "bad_card", "duplicate_card", "bad_hand")
    assert repr(text) in caught.value.message or "twice" in caught.value.message
    if text == ":X":
        assert caught.value.code == "bad_colon" and "':G'" in caught.value.message


def test_a_colon_has_no_suit_or_rank() -> None:
    with pytest.raises(AttributeError, match="no suit"):
        _ = Card.parse(":G").suit
    with pytest.raises(AttributeError, match="no rank"):
        _ = Card.parse(":G").rank


def test_bridgette_is_found_by_name_and_not_offered_with_the_52_card_variants() -> None:
    assert find_variant("Bridgette") is BRIDGETTE and "bridgette" not in VARIANTS
    assert BRIDGETTE.deals_in_match == 6 and BRIDGETTE.first_caller.value == "dealer"
    assert isinstance(new_game(BRIDGETTE, seed=1), BridgetteGame)
    assert not isinstance(Game(seed=1), BridgetteGame)


# -- the deal and the exchange -----------------------------------------------------------------

HAND_A = "♠10987 ♥1098 ♦1098 ♣1098"
HAND_B = "♠2345 ♥234 ♦234 ♣234"


@pytest.mark.parametrize(
    ("upcard", "size"),
    [("H5", 4), ("S6", 4), (":L", 4), ("HJ", 8), ("DK", 8), (":R", 8), ("HA", 12), (":G", 12)],
)
def test_the_exchange_takes_two_then_four_eight_or_twelve_by_the_upcard(
    upcard: str, size: int
) -> None:
    stock = pack(HAND_A, HAND_B, upcard)
    game = game_on(stock)
    assert isinstance(game, BridgetteGame)
    assert dealer_exchange_size(Card.parse(upcard).id) == size
    # non-dealer takes the upcard and the card below it, and discards first
    assert game.phase is Phase.EXCHANGE and game.to_act == EAST and game.to_discard == 2
    assert game.upcard == Card.parse(upcard) and game.face_up_card() == Card.parse(upcard)
    assert game.exchange_drawn(EAST) == CardSet.from_ids(stock[26:28])
    assert len(game.hand(EAST)) == 15 and len(game.hand(SOUTH)) == 13
    assert game.stock_remaining == 55 - 28
    first = game.legal_actions()
    assert set(first) == {c.action for c in game.hand(EAST)}
    game.apply(first[0], EAST)
    assert game.to_act == EAST and len(game.hand(SOUTH)) == 13  # dealer has not drawn yet
    with pytest.raises(IllegalActionError) as caught:
        game.apply(game.hand(SOUTH).card_ids()[0], SOUTH)
    assert caught.value.code == "not_your_turn"
    game.apply(first[1], EAST)
    # then dealer takes the next ``size`` cards and discards as many
    assert game.to_act == SOUTH and game.to_discard == size
    assert game.exchange_drawn(SOUTH) == CardSet.from_ids(stock[28 : 28 + size])
    assert len(game.hand(SOUTH)) == 13 + size and game.stock_remaining == 55 - 28 - size
    for _ in range(size):
        game.apply(game.legal_actions()[-1], SOUTH)  # a Colon may be discarded too
    assert game.phase is Phase.AUCTION and game.to_act == SOUTH  # dealer calls first
    assert len(game.hand(SOUTH)) == len(game.hand(EAST)) == 13
    assert len(game.discards(EAST)) == 2 and len(game.discards(SOUTH)) == size


def test_the_exchange_discards_and_the_stock_are_never_shown() -> None:
    stock = pack(HAND_A, HAND_B, "HA")
    game = game_on(stock)
    game.apply(card("S10"), EAST)
    game.apply(card("HA"), EAST)  # the upcard may be discarded: it was public anyway
    south_discards = []
    while game.phase is Phase.EXCHANGE:
        action = game.legal_actions()[0]
        south_discards.append(action)
        game.apply(action, SOUTH)
    east_text = json.dumps(view_for(game, EAST).to_dict(), ensure_ascii=False)
    south_text = json.dumps(view_for(game, SOUTH).to_dict(), ensure_ascii=False)
    spectator = json.dumps(view_for(game, None).to_dict(), ensure_ascii=False)
    assert '"ST"' in east_text and '"ST"' not in south_text and '"ST"' not in spectator
    for action in south_discards:
        pbn = f'"{Card.from_id(action if action < 52 else action - 44).pbn}"'
        assert pbn not in east_text and pbn not in spectator
    remaining = stock[55 - game.stock_remaining :]
    for card_id in remaining:
        pbn = f'"{Card.from_id(card_id).pbn}"'
        assert pbn not in east_text and pbn not in south_text and pbn not in spectator
    assert '"HA"' in spectator  # the upcard is public


# -- play with the Colons ----------------------------------------------------------------------

EAST_HAND = "♠KQ5 ♥AK43 ♦K2 ♣432 :R"
SOUTH_HAND = "♠A2 ♥Q765 ♦A53 ♣A76 :G"


def test_a_matching_colon_may_be_played_while_able_to_follow_and_the_leader_wins() -> None:
    game = to_play(EAST_HAND, SOUTH_HAND)
    game.apply(card("SK"), EAST)
    # South's Grand Colon does not match a king: South must follow suit
    assert set(game.legal_actions()) == {card("SA"), card("S2")}
    other = to_play(SOUTH_HAND, EAST_HAND)  # now South holds ♥AK43 and the Royal Colon
    other.apply(card("HQ"), EAST)
    legal = set(other.legal_actions())
    assert legal == {card("HA"), card("HK"), card("H4"), card("H3"), card(":R")}
    other.apply(card(":R"), SOUTH)  # able to follow, South plays the matching Colon
    assert other.completed_tricks[-1].winner == EAST and other.tricks_won == (0, 1)
    assert other.to_act == EAST


def test_the_leader_must_lead_another_suit_after_a_matching_colon() -> None:
    game = to_play(SOUTH_HAND, EAST_HAND)
    game.apply(card("HQ"), EAST)
    game.apply(card(":R"), SOUTH)
    assert game.completed_tricks[-1].winner == EAST
    assert isinstance(game, BridgetteGame) and game.barred_suit == 2
    legal = game.legal_actions()
    assert legal and all(Card.from_id(a).suit != 2 for a in legal)
    with pytest.raises(IllegalActionError) as caught:
        game.apply(card("H7"), EAST)
    assert caught.value.code == "barred_suit" and "♥" in caught.value.message
    # the restriction lasts one trick: after it, hearts may be led again
    game.apply(card("DA"), EAST)
    game.apply(card("D2"), SOUTH)
    assert game.completed_tricks[-1].winner == EAST and game.barred_suit == -1
    assert card("H7") in game.legal_actions()


def test_the_restriction_lapses_when_the_leader_holds_no_other_suit() -> None:
    game = to_play("♠AKQJ1098765432", "♥AKQJ1098765 ♦A :RG")
    game.apply(card("SK"), EAST)
    game.apply(card(":R"), SOUTH)  # South is void in spades
    assert game.completed_tricks[-1].winner == EAST
    assert isinstance(game, BridgetteGame) and game.barred_suit == 3
    # East holds only spades: the restriction lapses
    assert set(game.legal_actions()) == {c.action for c in game.hand(EAST)}
    game.apply(card("SA"), EAST)
    game.apply(card(":G"), SOUTH)  # and it recurs on the next trick
    assert game.completed_tricks[-1].winner == EAST and game.barred_suit == 3
    assert card("SQ") in game.legal_actions()


def test_the_restriction_applies_to_a_trump_lead_too() -> None:
    game = to_play("♠KQ5 ♥AK43 ♦K2 ♣432 :L", "♠A2 ♥Q765 ♦A53 ♣A76 :R", contract="1S")
    game.apply(card("SK"), EAST)
    game.apply(card(":R"), SOUTH)
    assert game.completed_tricks[-1].winner == EAST
    assert all(Card.from_id(a).suit != 3 for a in game.legal_actions())


def test_a_non_matching_colon_only_when_void_and_then_a_plain_discard() -> None:
    game = to_play("♠KQ5 ♥AK43 ♦K2 ♣432 :L", "♥Q7652 ♦A53 ♣A765 :G", upcard="C8")
    game.apply(card("D2"), EAST)  # South holds ♦, and the Grand Colon does not match a two
    with pytest.raises(IllegalActionError) as caught:
        game.apply(card(":G"), SOUTH)
    assert caught.value.code == "must_follow_suit"
    game.apply(card("D3"), SOUTH)
    assert game.completed_tricks[-1].winner == SOUTH
    game.apply(card("D5"), SOUTH)
    game.apply(card("DK"), EAST)
    assert game.completed_tricks[-1].winner == EAST
    game.apply(card("SK"), EAST)
    assert card(":G") in game.legal_actions()  # void in spades: any card, a Colon too
    game.apply(card(":G"), SOUTH)
    assert game.completed_tricks[-1].winner == EAST
    assert isinstance(game, BridgetteGame) and game.barred_suit == -1  # no effect
    assert card("SQ") in game.legal_actions()


def test_a_colon_may_not_be_led_while_holding_a_suited_card() -> None:
    game = to_play(EAST_HAND, SOUTH_HAND)
    assert card(":R") not in game.legal_actions()
    with pytest.raises(IllegalActionError) as caught:
        game.apply(card(":R"), EAST)
    assert caught.value.code == "colon_lead"


COLONS_EAST = "♠AKQJ1098765 ♦A :LR"
COLONS_SOUTH = "♠432 ♥AKQJ109876 :G"


def _lead_down_to_colons(game: Game) -> None:
    # East leads its spades from the top, South plays its lowest legal card, until East has
    # only Colons and is on lead (South keeps ♥A and the Grand Colon).
    while any(not c.is_colon for c in game.hand(EAST)):
        assert game.to_act == EAST
        game.apply(max(a for a in game.legal_actions() if a < 52), EAST)
        game.apply(game.legal_actions()[0], SOUTH)
    assert game.to_act == EAST and game.hand(SOUTH) == CardSet.parse("♥A :G")


def test_a_leader_holding_only_colons_leads_one_and_loses_to_a_suited_card() -> None:
    game = to_play(COLONS_EAST, COLONS_SOUTH)
    _lead_down_to_colons(game)
    assert set(game.legal_actions()) == {card(":L"), card(":R")}
    game.apply(card(":L"), EAST)
    assert set(game.legal_actions()) == {card("HA"), card(":G")}  # any card to a Colon lead
    game.apply(card("HA"), SOUTH)
    assert game.completed_tricks[-1].winner == SOUTH
    assert isinstance(game, BridgetteGame) and game.barred_suit == -1
    # South, left with the Grand Colon alone, leads it; East's Colon to it: the leader wins
    assert game.legal_actions() == (card(":G"),)
    game.apply(card(":G"), SOUTH)
    game.apply(card(":R"), EAST)
    last = game.history[-1]
    assert last.tricks[-1].winner == SOUTH and last.result.declarer == SOUTH


def test_a_colon_led_and_a_colon_played_to_it_the_leader_wins() -> None:
    game = to_play(COLONS_EAST, COLONS_SOUTH)
    _lead_down_to_colons(game)
    game.apply(card(":R"), EAST)
    game.apply(card(":G"), SOUTH)
    assert game.completed_tricks[-1].winner == EAST
    assert isinstance(game, BridgetteGame) and game.barred_suit == -1  # no restriction
    assert game.legal_actions() == (card(":L"),)


# -- passed-out deals and the six-deal match ---------------------------------------------------


def _exchange_first_cards(game: Game) -> None:
    while game.phase is Phase.EXCHANGE:
        game.apply(game.legal_actions()[0])


def test_a_passed_out_deal_is_dealt_again_by_the_same_dealer_and_does_not_count() -> None:
    game = new_game(BRIDGETTE, seed=3, first_dealer=SOUTH)
    _exchange_first_cards(game)
    game.apply(PASS, SOUTH)
    game.apply(PASS, EAST)
    assert game.history[-1].result.passed_out
    assert game.dealer == SOUTH and game.hand_number == 1 and game.phase is Phase.EXCHANGE
    assert game.score_sheet.deals_scored == 0 and not game.score_sheet.entries


def _play_deal(game: Game, bid: str) -> None:
    # Dealer bids ``bid``, the other passes; declarer plays its highest legal card, the
    # defender its lowest.
    number = game.hand_number
    _exchange_first_cards(game)
    game.apply(Call.parse(bid))
    game.apply(PASS)
    declarer = game.declarer
    while game.hand_number == number and not game.is_over:
        legal = game.legal_actions()
        game.apply(legal[-1] if game.to_act == declarer else legal[0])


def test_six_deals_with_their_vulnerability_schedule_make_the_totals() -> None:
    game = new_game(BRIDGETTE, seed=11, first_dealer=EAST)
    bids = ["1NT", "3NT", "2S", "4H", "1C", "6NT"]
    expected = [0, 0]
    for deal, bid in enumerate(bids):
        sheet = game.score_sheet
        dealer = int(game.dealer)
        assert dealer == (int(EAST) + deal) % 2  # the deal alternates
        for seat in (0, 1):
            assert sheet.vulnerable(seat) == deal_vulnerable(deal, dealer, seat)
        assert sheet.vulnerable(dealer) == (deal >= 2)
        assert sheet.vulnerable(1 - dealer) == (deal >= 4)
        _play_deal(game, bid)
        result = game.history[-1].result
        assert result.contract == Contract.parse(bid) and result.declarer == Seat(dealer)
        assert result.declarer_tricks is not None
        vulnerable = deal_vulnerable(deal, dealer, dealer)
        score = score_deal(Contract.parse(bid), result.declarer_tricks, vulnerable)
        assert result.score == score
        expected[dealer] += score.declarer_below + score.declarer_above
        expected[1 - dealer] += score.defender_above
        check_sheet(game.score_sheet)
    assert game.is_over and game.score_sheet.deals_scored == 6
    assert game.score_sheet.totals == tuple(expected)
    assert game.score_sheet.games == (0, 0) and game.score_sheet.rubber_winner is None
    assert loads(dumps(game)).replay().score_sheet.totals == game.score_sheet.totals


def test_the_deal_bonuses() -> None:
    made_game = score_deal(Contract.parse("4S"), 10, vulnerable=False)
    assert (made_game.declarer_below, made_game.declarer_above) == (120, 300)
    assert score_deal(Contract.parse("4S"), 11, vulnerable=True).declarer_above == 500 + 30
    assert score_deal(Contract.parse("1NT"), 7, vulnerable=True).declarer_above == 50
    # doubled: the trick points count doubled toward the game bonus; the insult as RULES.md 1.4
    assert score_deal(Contract.parse("2CX"), 8, vulnerable=False).declarer_above == 50 + 50
    assert score_deal(Contract.parse("3CX"), 9, vulnerable=False).declarer_above == 300 + 50
    down = score_deal(Contract.parse("3NT"), 8, vulnerable=True)
    assert (down.declarer_below, down.declarer_above, down.defender_above) == (0, 0, 100)


def test_rubber_scoring_as_an_option_ends_at_two_games() -> None:
    rules = BRIDGETTE.with_options(rubber_scoring=True)
    game = new_game(rules, seed=5, first_dealer=SOUTH)
    assert game.score_sheet.match_deals == 0
    while not game.is_over:
        _play_deal(game, "1NT")
        assert len(game.history) < 200
    assert max(game.score_sheet.games) == 2 and game.score_sheet.rubber_winner is not None


# -- the invariant harness over Bridgette ------------------------------------------------------


@pytest.mark.parametrize("rubber", [False, True], ids=["six-deals", "rubber"])
@settings(max_examples=6, deadline=None, suppress_health_check=LONG)
@given(data=st.data(), seed=SEEDS, dealer=SEAT_CHOICES)
def test_bridgette_keeps_every_invariant(
    rubber: bool, data: st.DataObject, seed: int, dealer: Seat
) -> None:
    game = new_game(BRIDGETTE.with_options(rubber_scoring=rubber), seed=seed, first_dealer=dealer)
    play_checked(game, data, max_actions=160)


@settings(max_examples=5, deadline=None, suppress_health_check=LONG)
@given(data=st.data(), seed=SEEDS, dealer=SEAT_CHOICES)
def test_whole_bridgette_matches_end_after_six_scored_deals_and_replay(
    data: st.DataObject, seed: int, dealer: Seat
) -> None:
    game = new_game(BRIDGETTE, seed=seed, first_dealer=dealer)
    passed_out = 0
    while not game.is_over:
        legal = game.legal_actions()
        if game.phase is Phase.AUCTION:
            # a pass or one of the lowest bids, drawn, so deals are played and scored; after
            # two passed-out deals the first call is a bid
            bids = [a for a in legal if a != PASS][:3]
            opening = not game.auction_calls
            calls = bids if opening and passed_out >= 2 else [PASS, *bids]
            action = data.draw(st.sampled_from(calls))
            passed_out += (
                action == PASS
                and len(game.auction_calls) == 1
                and game.auction_calls[0].action == PASS
            )
        else:
            action = data.draw(st.sampled_from(legal))
        game.apply(action)
        assert len(game.history) < 60
    sheet = game.score_sheet
    check_sheet(sheet)
    played = [h for h in game.history if not h.result.passed_out]
    assert len(played) == 6 and sheet.deals_scored == 6
    dealers = [int(h.dealer) for h in played]
    assert dealers == [(int(dealer) + i) % 2 for i in range(6)]
    for before, after in zip(game.history, game.history[1:], strict=False):
        same = before.result.passed_out
        assert (after.dealer == before.dealer) == same
    check_record_replays(game)


# -- records -----------------------------------------------------------------------------------


def _random_match(seed: int, hands: int) -> Game:
    game = new_game(BRIDGETTE, seed=seed, first_dealer=SOUTH)
    chooser = random.Random(seed)
    while len(game.history) < hands and not game.is_over:
        legal = game.legal_actions()
        if game.phase is Phase.AUCTION and not game.auction_calls:
            legal = tuple(a for a in legal if a != PASS)  # every deal is played
        game.apply(chooser.choice(legal))
    return game


def test_the_record_writes_colons_and_the_exchange_and_replays() -> None:
    game = _random_match(21, 3)
    text = dumps(game)
    data = json.loads(text)
    assert data["variant"]["name"] == "bridgette"
    first = data["hands"][0]
    assert len(first["stock"]) == 55 and {":G", ":R", ":L"} <= set(first["stock"])
    history = game.history[0]
    exchange = 2 + dealer_exchange_size(history.stock[26])
    assert first["actions"][:exchange] == [
        Card.from_id(a if a < 52 else a - 44).pbn for a in history.actions[:exchange]
    ]
    replayed = loads(text).replay()
    assert [h.actions for h in replayed.history] == [h.actions for h in game.history]
    assert replayed.score_sheet == game.score_sheet


def test_a_player_safe_record_hides_the_exchange_discards() -> None:
    game = _random_match(22, 2)
    data = json.loads(dumps(game, reveal=False))
    for hand, history in zip(data["hands"], game.history, strict=False):
        exchange = 2 + dealer_exchange_size(history.stock[26])
        assert "stock" not in hand
        assert hand["actions"][:exchange] == ["draw"] * exchange
        assert hand["actions"][exchange] not in ("draw",)
        assert hand["upcard"] == Card.from_id(history.stock[26]).pbn
    # It reads back (tests/records/test_bridgette_player_safe.py), but cannot be replayed.
    record = loads(dumps(game, reveal=False))
    with pytest.raises(RecordError) as caught:
        record.replay()
    assert caught.value.code == "not_replayable"


def test_a_record_with_a_52_card_stock_for_bridgette_is_refused() -> None:
    game = _random_match(23, 1)
    data = json.loads(dumps(game))
    data["hands"][0]["stock"] = [c for c in data["hands"][0]["stock"] if not c.startswith(":")]
    with pytest.raises(RecordError) as caught:
        loads(json.dumps(data))
    assert caught.value.code == "bad_stock" and "55" in caught.value.message


def test_the_pbn_export_keeps_the_deal_valid_and_names_the_colons_in_tags() -> None:
    game = _random_match(24, 6)
    text = dumps_pbn(game)
    games = text.split("\n\n")[1:]
    assert len(games) == len(game.history)
    for block, history in zip(games, game.history, strict=True):
        tags = dict(line[1:-1].split(" ", 1) for line in block.splitlines() if line.startswith("["))
        south, east = history.log.deal or (CardSet(), CardSet())
        assert tags["Deal"].count(".") == 6 and ":" not in tags["Deal"][3:]
        expected = f'"S:{"".join(c.kind.letter for c in south.colons) or "-"} E:'
        assert tags["HoneymoonColons"].startswith(expected)
        assert tags["HoneymoonUpcard"] == f'"{Card.from_id(history.stock[26]).pbn}"'
        assert tags["Scoring"] == '"Bridgette"'
        colons_played = [c for t in history.log.tricks for c in t.cards if c.is_colon]
        play = block.split('[Play "')[1] if '[Play "' in block else ""
        assert sum(play.count(f":{letter}") for letter in "GRL") == len(colons_played)
    vulnerable = [line for line in text.splitlines() if line.startswith("[Vulnerable")]
    assert vulnerable[:2] == ['[Vulnerable "None"]'] * 2
    assert vulnerable[4:6] == ['[Vulnerable "All"]'] * 2


# -- events ------------------------------------------------------------------------------------


def test_the_events_of_the_exchange_name_no_card_and_a_colon_played_is_a_card() -> None:
    game = new_game(BRIDGETTE, seed=31, first_dealer=SOUTH)
    chooser = random.Random(31)
    seen: list[object] = []
    while not game.is_over:
        legal = game.legal_actions()
        if game.phase is Phase.AUCTION and not game.auction_calls:
            legal = tuple(a for a in legal if a != PASS)
        phase, actor, action = game.phase, game.to_act, chooser.choice(legal)
        happened = events.apply(game, action)
        seen += happened
        if phase is Phase.EXCHANGE:
            assert isinstance(happened[0], events.ExchangeDiscarded)
            assert happened[0].seat == actor
            assert not any(isinstance(e, events.CardPlayed) for e in happened)
            assert all(not isinstance(v, Card) for e in happened for v in _values(e))
        elif phase is Phase.PLAY:
            played = happened[0]
            assert isinstance(played, events.CardPlayed)
            assert played.card.action == action
    drawn = [e for e in seen if isinstance(e, events.ExchangeDrawn)]
    assert len(drawn) == len(game.history) and all(e.count in (4, 8, 12) for e in drawn)
    over = seen[-1]
    assert isinstance(over, events.RubberOver)
    assert over.winner == (
        Seat(game.score_sheet.points_winner) if game.score_sheet.points_winner is not None else None
    )
    assert any(isinstance(e, events.CardPlayed) and e.card.is_colon for e in seen)


def _values(event: object) -> list[object]:
    return [getattr(event, name) for name in getattr(event, "__slots__", ())]


def test_the_exchange_reads_a_card_to_discard_not_a_drawing_choice() -> None:
    game = new_game(BRIDGETTE, seed=3, first_dealer=0)
    assert game.phase is Phase.EXCHANGE
    assert game.parse_action(":G") == COLON_ACTIONS[-1]
    assert game.parse_action("SA") == Card.parse("SA").id
    with pytest.raises(NotationError):
        game.parse_action("keep")
