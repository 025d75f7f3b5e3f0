"""Rule tests of Semi-Exposed Dummies (RULES.md 7) and Honeymoon Bridge with a Widow (RULES.md 8)
at the four-hand table, from fixed deals."""

from __future__ import annotations

import json

import pytest

from honeymoon.auction import Call
from honeymoon.cards import Card, CardSet
from honeymoon.errors import IllegalActionError
from honeymoon.game import Phase
from honeymoon.records import dumps, dumps_pbn, loads
from honeymoon.rules import SEMI_EXPOSED, TABLE_VARIANTS, WIDOW, find_variant
from honeymoon.seats import Direction, Seat
from honeymoon.table import TableGame, dummy_layouts
from honeymoon.views import TableView, view_for

N, E, S, W = Direction


def deal_stock(hands: dict[Direction, str], dealer: Seat, extra: str = "") -> list[int]:
    """The stock that deals each hand its cards in the order written (one card at a time
    clockwise from the dealer's left), then the cards of ``extra`` (the widow)."""
    parsed = {d: [Card.parse(t) for t in text.split()] for d, text in hands.items()}
    size = len(parsed[N])
    first = (dealer.direction + 1) % 4
    stock = [parsed[Direction((first + i) % 4)][i // 4].id for i in range(4 * size)]
    return stock + [Card.parse(t).id for t in extra.split()]


def bid(game: TableGame, *calls: str) -> None:
    for text in calls:
        game.apply(Call.parse(text).action, game.to_act)


def play(game: TableGame, *cards: str) -> None:
    for text in cards:
        game.apply(Card.parse(text).id, game.to_act)


def text_of(view: TableView) -> str:
    data = view.to_dict()
    data.pop("previous_last_trick")
    return json.dumps(data, ensure_ascii=False)


def shows(view: TableView, card: Card) -> bool:
    return f'"{card.pbn}"' in text_of(view) or str(card) in text_of(view)


# -- Semi-Exposed Dummies ----------------------------------------------------------------------

#: Dealt by South, in the order each hand receives its cards: North's first six (hearts) lie
#: face down under its next six (spades), its last (♣A) alone; West's diamonds lie face down
#: under its clubs, ♥8 alone.
SEMI = {
    N: "HA HK HQ HJ HT H9 SA SK SQ SJ ST S9 CA",
    E: "C7 C6 C5 C4 C3 C2 D8 D7 D6 D5 D4 D3 D2",
    S: "S8 S7 S6 S5 S4 S3 S2 H7 H6 H5 H4 H3 H2",
    W: "DA DK DQ DJ DT D9 CK CQ CJ CT C9 C8 H8",
}


def semi(dealer: Seat = Seat.SOUTH) -> TableGame:
    return TableGame(SEMI_EXPOSED, stocks=[deal_stock(SEMI, dealer)], first_dealer=dealer, seed=1)


def cardset(text: str) -> CardSet:
    return CardSet.from_ids(Card.parse(t).id for t in text.split())


def test_semi_exposed_is_registered_for_the_table() -> None:
    assert find_variant("Semi-Exposed", four_hands=True) is SEMI_EXPOSED
    assert "semi-exposed" in TABLE_VARIANTS and SEMI_EXPOSED.rules_section == "7"


@pytest.mark.parametrize("dealer", list(Seat))
def test_each_dummy_lies_six_face_down_under_six_face_up_and_one_alone(dealer: Seat) -> None:
    game = semi(dealer)
    for dummy, text in ((N, SEMI[N]), (W, SEMI[W])):
        dealt = [Card.parse(t) for t in text.split()]
        assert game.face_down(dummy) == CardSet(sum(c.mask for c in dealt[:6]))
        assert game.face_up(dummy) == CardSet(sum(c.mask for c in dealt[6:]))
        assert game.layout(dummy) == (*((card, True) for card in dealt[6:12]), (dealt[12], False))
        layout = dummy_layouts(SEMI_EXPOSED, dealer, game.stock_for_hand(0))[dummy]
        assert [(Card.from_id(c), u) for c, u in layout[:1]] == [(dealt[6], dealt[0].id)]
    for hand in (S, E):
        assert game.face_down(hand) == CardSet() and game.layout(hand) == ()


def test_all_see_both_dummies_face_up_cards_from_the_deal_and_no_one_a_face_down_one() -> None:
    game = semi()
    assert game.phase is Phase.AUCTION and game.to_act == Seat.SOUTH  # the dealer calls first
    face_down = game.face_down(N) | game.face_down(W)
    for seat in (Seat.SOUTH, Seat.EAST, None):
        view = view_for(game, seat)
        assert view.hands[N] == game.face_up(N) and view.hands[W] == game.face_up(W)
        assert view.hand_sizes == (13, 13, 13, 13)
        for dummy in (N, W):
            hands = view.hands[dummy]
            assert hands is not None and view.hand_sizes[dummy] - len(hands) == 6
            assert sum(under for _, under in view.covers[dummy]) == 6
        for card in face_down:
            assert not shows(view, card), (seat, card)
    # the owner does not look under their own dummy's cards after the auction, nor later
    bid(game, "1NT", "pass")
    play(game, "H8")  # the opening lead, from West
    for seat in (Seat.SOUTH, Seat.EAST):
        view = view_for(game, seat)
        assert view.dummy == game.face_up(seat.dummy)
        for card in face_down:
            assert not shows(view, card), (seat, card)


@pytest.mark.parametrize(("declarer", "leader"), [(Seat.SOUTH, W), (Seat.EAST, S)])
def test_the_hand_at_declarers_left_leads(declarer: Seat, leader: Direction) -> None:
    game = semi()
    if declarer == Seat.EAST:
        bid(game, "pass")
    bid(game, "1NT", "pass")
    assert game.declarer == declarer and game.opening_leader == leader
    assert game.to_play == leader and game.to_act == leader.owner


def test_a_dummy_plays_only_face_up_cards_and_follows_suit_with_them_alone() -> None:
    game = semi()
    bid(game, "1NT", "pass")
    play(game, "H8")  # West leads a heart; North's hearts all lie face down
    assert game.to_play == N
    assert set(game.legal_actions()) == {c.id for c in game.face_up(N)}
    with pytest.raises(IllegalActionError) as error:
        play(game, "HA")
    assert error.value.code == "card_not_in_hand"
    assert "face-up card of your dummy (North)" in error.value.message
    play(game, "SA")  # no face-up heart: any face-up card
    play(game, "D8", "H7")  # East (void) discards, South follows
    assert game.completed_tricks[-1].winner == W  # ♥8 was the highest heart
    play(game, "CK")  # West leads a club: North's face-up ♣A must follow
    assert game.legal_actions() == (Card.parse("CA").id,)
    with pytest.raises(IllegalActionError) as error:
        play(game, "SK")
    assert error.value.code == "must_follow_suit"


def test_a_covered_card_turns_face_up_at_the_end_of_the_trick_of_its_cover() -> None:
    game = semi()
    bid(game, "1NT", "pass")
    heart_ace = Card.parse("HA")
    play(game, "H8", "SA")  # North plays the cover of ♥A
    for _ in range(2):
        # the trick goes on: ♥A still lies face down, seen by no one
        assert heart_ace in game.face_down(N)
        for seat in (Seat.SOUTH, Seat.EAST, None):
            view = view_for(game, seat)
            assert not shows(view, heart_ace) and view.covers[N][0] == (None, True)
        play(game, "D8" if game.to_play == E else "H7")
    # the trick is over: ♥A lies face up where its cover was, for everyone to see
    assert heart_ace not in game.face_down(N) and heart_ace in game.face_up(N)
    for seat in (Seat.SOUTH, Seat.EAST, None):
        view = view_for(game, seat)
        hands = view.hands[N]
        assert hands is not None and heart_ace in hands
        assert view.covers[N][0] == (heart_ace, False)
    play(game, "C8")  # West leads a club ...
    play(game, "CA")  # ... North must follow with its ♣A
    play(game, "C7", "S8")
    assert game.to_play == N and heart_ace.id in game.legal_actions()


def test_a_semi_exposed_record_replays_and_a_player_safe_copy_keeps_face_down_cards_out() -> None:
    game = semi()
    bid(game, "1NT", "pass")
    play(game, "H8", "SA", "D8", "H7")
    record = loads(dumps(game))
    replayed = record.replay()
    assert replayed.face_down(N) == game.face_down(N) and replayed.actions == game.actions
    copy = json.loads(dumps(game, reveal=False))
    layouts = copy["hands"][0]["layouts"]
    # ♥A was turned up; North's other face-down cards and all of West's are not named
    assert layouts["north"][0] == ["SA", "HA"]
    assert [under for _, under in layouts["north"][1:]] == [None] * 6
    text = json.dumps(copy)
    for card in game.face_down(N) | game.face_down(W):
        assert f'"{card.pbn}"' not in text
    assert loads(json.dumps(copy)).hands[0].actions == game.actions
    # PBN: the deal whole, and each dummy's layout as dealt in a tag of its own
    pbn = dumps_pbn(game)
    north = " ".join(
        f"{cover}/{under}"
        for cover, under in zip(SEMI[N].split()[6:12], SEMI[N].split()[:6], strict=True)
    )
    assert f'[HoneymoonLayout "N:{north} CA W:' in pbn


# -- Honeymoon Bridge with a Widow -----------------------------------------------------------

#: Twelve cards each, dealt by South; the widow is the last four cards of the stock.
WIDOW_HANDS = {
    N: "SA SK SQ SJ ST S9 S8 S7 S6 S5 S4 S3",
    E: "HA HK HQ HJ HT H9 H8 H7 H6 H5 H4 H3",
    S: "DA DK DQ DJ DT D9 D8 D7 D6 D5 D4 D3",
    W: "CA CK CQ CJ CT C9 C8 C7 C6 C5 C4 C3",
}
WIDOW_CARDS = "S2 H2 D2 C2"


def widow_game(dealer: Seat = Seat.SOUTH) -> TableGame:
    stock = deal_stock(WIDOW_HANDS, dealer, WIDOW_CARDS)
    return TableGame(WIDOW, stocks=[stock], first_dealer=dealer, seed=1)


def test_the_widow_is_registered_for_the_table() -> None:
    assert find_variant("widow", four_hands=True) is WIDOW
    assert "widow" in TABLE_VARIANTS and WIDOW.rules_section == "8"


@pytest.mark.parametrize("dealer", list(Seat))
def test_twelve_each_are_dealt_the_widow_unseen_and_the_dealer_calls_first(dealer: Seat) -> None:
    game = widow_game(dealer)
    assert game.phase is Phase.AUCTION and game.to_act == dealer
    assert [len(game.hand_at(d)) for d in Direction] == [12] * 4 and game.stock_remaining == 4
    for direction, text in WIDOW_HANDS.items():
        assert game.hand_at(direction) == cardset(text)
    widow = cardset(WIDOW_CARDS)
    for seat in (Seat.SOUTH, Seat.EAST, None):
        view = view_for(game, seat)
        # own hand only: no dummy, and no widow card
        assert {d for d in Direction if view.hands[d] is not None} == (
            {seat.direction} if seat is not None else set()
        )
        assert view.widow == CardSet() and view.extra_cards == CardSet()
        for card in widow:
            assert not shows(view, card)


def _auction(game: TableGame, declarer: Seat) -> None:
    if game.to_act != declarer:
        bid(game, "pass")
    bid(game, "1NT", "pass")
    assert game.declarer == declarer


@pytest.mark.parametrize("declarer", list(Seat))
def test_declarer_shares_out_the_widow_unseen_by_the_defender(declarer: Seat) -> None:
    game = widow_game()
    defender = declarer.other
    widow = cardset(WIDOW_CARDS)
    _auction(game, declarer)
    # declarer takes the widow: sees all four; the defender none
    assert game.phase is Phase.WIDOW_HAND and game.to_act == declarer
    assert set(game.legal_actions()) == {card.id for card in widow}
    mine = view_for(game, declarer)
    assert mine.extra_cards == widow and mine.widow == widow
    assert mine.dummy == game.dummy(declarer)  # each player now sees their own dummy
    for card in widow:
        assert not shows(view_for(game, defender), card) and not shows(view_for(game, None), card)
    with pytest.raises(IllegalActionError) as error:
        play(game, "SA")
    assert error.value.code == "card_not_in_hand"
    with pytest.raises(IllegalActionError) as error:
        bid(game, "2C")
    assert error.value.code == "wrong_phase"
    play(game, "S2")  # into declarer's own hand
    assert game.phase is Phase.WIDOW_DUMMY and Card.parse("S2") in game.hand(declarer)
    play(game, "H2")  # into declarer's dummy; the defender gets the other two
    assert Card.parse("H2") in game.dummy(declarer)
    given = cardset("D2 C2")
    assert game.phase is Phase.EXTRA_CARDS and game.to_act == defender
    theirs = view_for(game, defender)
    assert theirs.extra_cards == given and theirs.widow == given
    for card in cardset("S2 H2"):
        assert not shows(theirs, card)  # never which two declarer kept
    play(game, "C2")  # into the defender's hand, ♦2 to the defender's dummy
    assert Card.parse("C2") in game.hand(defender) and Card.parse("D2") in game.dummy(defender)
    assert [len(game.hand_at(d)) for d in Direction] == [13] * 4
    assert game.phase is Phase.LEAD_CHOICE and game.to_act == declarer
    assert view_for(game, declarer).widow == widow  # declarer saw all four
    for card in cardset("S2 H2"):
        assert not shows(view_for(game, defender), card)


@pytest.mark.parametrize("declarer", list(Seat))
@pytest.mark.parametrize(("choice", "leads_from_dummy"), [("defender", False), ("dummy", True)])
def test_declarer_chooses_whether_the_defender_or_the_defenders_dummy_leads(
    declarer: Seat, choice: str, leads_from_dummy: bool
) -> None:
    game = widow_game()
    _auction(game, declarer)
    play(game, "S2", "H2", "C2")
    with pytest.raises(IllegalActionError) as error:
        play(game, "SA")
    assert error.value.code == "wrong_phase"
    game.apply(game.parse_action(choice), declarer)
    defender = declarer.other
    leader = defender.dummy if leads_from_dummy else defender.direction
    assert game.phase is Phase.PLAY and game.opening_leader == leader
    assert game.to_play == leader and game.to_act == defender
    # the play goes round clockwise from the leader
    play(game, Card.from_id(game.legal_actions()[0]).pbn)
    assert game.to_play == Direction((leader + 1) % 4)


def test_a_widow_record_replays_and_a_player_safe_copy_hides_the_placements() -> None:
    game = widow_game()
    _auction(game, Seat.SOUTH)
    play(game, "S2", "H2", "C2")
    game.apply(game.parse_action("dummy"))
    play(game, "C3")  # West leads
    replayed = loads(dumps(game)).replay()
    assert replayed.actions == game.actions and replayed.opening_leader == W
    copy = json.loads(dumps(game, reveal=False))
    actions = copy["hands"][0]["actions"]
    assert actions[-5:] == ["widow", "widow", "widow", "dummy", "C3"]
    for card in cardset(WIDOW_CARDS):
        assert f'"{card.pbn}"' not in json.dumps(copy)
    read = loads(json.dumps(copy))
    assert read.logs()[0].tricks[0].cards == (Card.parse("C3"),)
    assert '[Play "W"]' in dumps_pbn(game)


def test_in_the_widow_each_sees_their_own_dummy_after_the_auction_and_both_after_the_lead() -> None:
    game = widow_game()
    _auction(game, Seat.SOUTH)
    play(game, "S2", "H2", "C2")
    for _ in range(2):  # declarer's choice of leader, then the play before the lead
        for seat in Seat:
            shown = view_for(game, seat).hands
            assert {d for d in Direction if shown[d] is not None} == {seat.direction, seat.dummy}
            assert shown[seat.dummy] == game.dummy(seat)
        if game.phase is Phase.LEAD_CHOICE:
            game.apply(game.parse_action("defender"))
    play(game, "H3")  # East, the defender, leads
    for seat in Seat:
        shown = view_for(game, seat).hands
        assert {d for d in Direction if shown[d] is not None} == {seat.direction, N, W}
    assert view_for(game, Seat.EAST).widow == cardset("D2 C2")  # still not the two kept
