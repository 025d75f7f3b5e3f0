"""Cards, sets of cards and their notation (RULES.md 1.1)."""

from __future__ import annotations

import pytest

from honeymoon.cards import (
    ALL_CARDS,
    FULL_DECK_MASK,
    Card,
    CardSet,
    Rank,
    Strain,
    Suit,
    card_id_suit,
    card_id_to_mask,
    mask_to_card_ids,
)
from honeymoon.errors import HoneymoonError, NotationError

SPADE_ACE = Card(Suit.SPADES, Rank.ACE)
HEART_TEN = Card(Suit.HEARTS, Rank.TEN)


@pytest.mark.parametrize(
    "text",
    ["SA", "AS", "♠A", "A♠", "sa", "as", "♠a", "a♠", " SA ", "♤A", "A♤"],
)
def test_every_form_of_the_spade_ace(text: str) -> None:
    assert Card.parse(text) == SPADE_ACE


@pytest.mark.parametrize(
    "text", ["10H", "TH", "H10", "HT", "♥10", "10♥", "♥T", "T♥", "10h", "th", "h10", "♡10"]
)
def test_every_form_of_the_heart_ten(text: str) -> None:
    assert Card.parse(text) == HEART_TEN


@pytest.mark.parametrize(
    ("text", "suit", "rank"),
    [
        ("C2", Suit.CLUBS, Rank.TWO),
        ("2c", Suit.CLUBS, Rank.TWO),
        ("D9", Suit.DIAMONDS, Rank.NINE),
        ("♦j", Suit.DIAMONDS, Rank.JACK),
        ("q♣", Suit.CLUBS, Rank.QUEEN),
        ("KH", Suit.HEARTS, Rank.KING),
        ("s5", Suit.SPADES, Rank.FIVE),
    ],
)
def test_suits_and_ranks(text: str, suit: Suit, rank: Rank) -> None:
    card = Card.parse(text)
    assert (card.suit, card.rank) == (suit, rank)


def test_all_52_cards_round_trip_through_str_repr_and_pbn() -> None:
    assert len(ALL_CARDS) == 52 and len(set(ALL_CARDS)) == 52
    for card_id, card in enumerate(ALL_CARDS):
        assert card.id == card_id
        assert Card.from_id(card_id) is card
        assert Card.parse(str(card)) == card
        assert Card.parse(card.pbn) == card
        assert eval(repr(card)) == card  # noqa: S307 - repr is documented to round-trip
        assert card_id_to_mask(card_id) == card.mask
        assert card_id_suit(card_id) == card.suit


def test_card_ids_and_printing() -> None:
    assert Card.parse("C2").id == 0
    assert Card.parse("SA").id == 51
    assert str(SPADE_ACE) == "♠A"
    assert str(HEART_TEN) == "♥10"
    assert HEART_TEN.pbn == "HT"
    assert repr(HEART_TEN) == "Card.parse('♥10')"
    assert Card(3, 14) == SPADE_ACE  # plain ints are accepted and stored as enums
    assert isinstance(Card(3, 14).suit, Suit)


def test_card_order_is_suit_then_rank() -> None:
    assert Card.parse("C2") < Card.parse("CA") < Card.parse("D2") < Card.parse("S2")


@pytest.mark.parametrize(
    "token", ["ZZ", "S1", "1S", "S11", "XA", "A", "", "SAK", "♠", "10", "S 10x", "♠Z"]
)
def test_bad_card_names_the_token_and_shows_an_example(token: str) -> None:
    with pytest.raises(NotationError) as caught:
        Card.parse(token)
    message = str(caught.value)
    assert repr(token) in message
    assert "'SA'" in message and "'10H'" in message  # accepted forms are shown
    assert caught.value.code == "bad_card"
    assert isinstance(caught.value, ValueError) and isinstance(caught.value, HoneymoonError)


@pytest.mark.parametrize("card_id", [-1, 55, 100])
def test_card_id_out_of_range(card_id: int) -> None:
    with pytest.raises(NotationError, match=str(card_id)):
        Card.from_id(card_id)


def test_card_ids_52_to_54_are_the_colons() -> None:
    assert [str(Card.from_id(i)) for i in (52, 53, 54)] == [":L", ":R", ":G"]


HAND = "♠AKQ ♥J10 ♦- ♣98765"


@pytest.mark.parametrize(
    "text",
    [
        HAND,
        "SAKQ HJ10 D- C98765",
        "sakq hj10 d- c98765",
        "SAKQ HJT D- C98765",
        "AKQ.J10..98765",
        "AKQ.JT..98765",
        "akq.jt..98765",
        "♣98765 ♥J10 ♠AKQ",  # suits in any order
        "SAKQ HJ10 C98765",  # a void may be left out
        "S:AKQ H:J10 D:- C:98765",
        "SA SK SQ HJ H10 C9 C8 C7 C6 C5",  # single cards
        "AS KS QS JH 10H 9C 8C 7C 6C 5C",
        "SA, SK, SQ, HJ, TH, C9, C8, C7, C6, C5",
    ],
)
def test_every_hand_form(text: str) -> None:
    hand = CardSet.parse(text)
    assert str(hand) == HAND
    assert len(hand) == 10
    assert hand.count(Suit.SPADES) == 3 and hand.count(Suit.DIAMONDS) == 0


def test_hand_printing_and_round_trips() -> None:
    hand = CardSet.parse(HAND)
    assert repr(hand) == f"CardSet.parse({HAND!r})"
    assert eval(repr(hand)) == hand  # noqa: S307 - repr is documented to round-trip
    assert CardSet.parse(str(hand)) == hand
    assert hand.to_dotted() == "AKQ.JT..98765"
    assert hand.to_dotted(ten="10") == "AKQ.J10..98765"
    assert CardSet.parse(hand.to_dotted()) == hand
    assert str(CardSet()) == "♠- ♥- ♦- ♣-"
    assert CardSet.parse("") == CardSet() and CardSet.parse("...") == CardSet()
    assert str(CardSet.full_deck()) == (
        "♠AKQJ1098765432 ♥AKQJ1098765432 ♦AKQJ1098765432 ♣AKQJ1098765432"
    )
    assert CardSet.parse(str(CardSet.full_deck())) == CardSet.full_deck()


def test_cardset_operations() -> None:
    hand = CardSet.parse(HAND)
    other = CardSet.parse("♠AJ ♦K")
    assert Card.parse("SA") in hand and Card.parse("SJ") not in hand
    assert "SA" not in hand  # only Card objects are members
    assert hand | other == CardSet.parse("♠AKQJ ♥J10 ♦K ♣98765")
    assert hand & other == CardSet.parse("♠A")
    assert hand - other == CardSet.parse("♠KQ ♥J10 ♣98765")
    assert hand ^ other == CardSet.parse("♠KQJ ♥J10 ♦K ♣98765")
    assert hand.suit(Suit.HEARTS) == CardSet.parse("♥J10")
    assert hand.ranks(Suit.CLUBS) == [Rank.NINE, Rank.EIGHT, Rank.SEVEN, Rank.SIX, Rank.FIVE]
    assert hand.ranks(Suit.DIAMONDS) == []
    assert [str(c) for c in hand.cards_high_to_low()][:4] == ["♠A", "♠K", "♠Q", "♥J"]
    assert [c.id for c in hand] == sorted(c.id for c in hand)  # iteration: low card id first
    assert hand.card_ids() == tuple(c.id for c in hand)
    assert not CardSet() and hand
    assert len(CardSet.full_deck()) == 52 and CardSet.full_deck().mask == FULL_DECK_MASK
    assert CardSet.of(["SA", 0, Card.parse("HK")]) == CardSet.parse("♠A ♥K ♣2")
    assert CardSet.from_ids([0, 51]) == CardSet.parse("SA C2")
    assert mask_to_card_ids(CardSet.parse("SA C2").mask) == (0, 51)


def test_cardset_mask_must_use_card_bits_only() -> None:
    with pytest.raises(NotationError):
        CardSet(1 << 13)  # bit 13 of the clubs lane is not a card
    with pytest.raises(NotationError):
        CardSet(-1)


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("♠AKX ♥J10", "X"),
        ("SAKQ HJ1 D- C98765", "1"),
        ("AKQ.J10.Z.98765", "Z"),
        ("QAKQ HJ10", "QAKQ"),
        ("SAK ♥Q XJ", "XJ"),
    ],
)
def test_hand_typos_name_the_token_and_show_an_example(text: str, token: str) -> None:
    with pytest.raises(NotationError) as caught:
        CardSet.parse(text)
    message = str(caught.value)
    assert repr(token) in message
    assert repr(text) in message
    assert "♠AKQ ♥J10 ♦- ♣98765" in message  # an accepted form is shown
    assert caught.value.code == "bad_hand"


def test_dotted_form_needs_four_suits() -> None:
    with pytest.raises(NotationError) as caught:
        CardSet.parse("AKQ.J10.98765")
    assert "3 dot-separated suits" in str(caught.value)
    assert "AKQ.J10..98765" in str(caught.value)


@pytest.mark.parametrize(
    "text", ["♠AKA", "AA.K..2", "S1010", "SA AS", "SA SA", "♠AK SA", "SA ♠A", "A♠ SKQA"]
)
def test_duplicate_cards_are_refused_naming_the_card(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        CardSet.parse(text)
    assert caught.value.code == "duplicate_card"
    message = str(caught.value)
    assert ("♠A appears twice" in message) or ("♠10 appears twice" in message)
    assert repr(text) in message


def test_a_suit_group_may_not_be_named_twice() -> None:
    with pytest.raises(NotationError) as caught:
        CardSet.parse("SAKQ HJ10 HQ9")
    assert caught.value.code == "bad_hand"
    assert "names ♥ twice" in str(caught.value)


@pytest.mark.parametrize(
    ("text", "strain"),
    [
        ("C", Strain.CLUBS),
        ("♦", Strain.DIAMONDS),
        ("hearts", Strain.HEARTS),
        ("s", Strain.SPADES),
        ("NT", Strain.NOTRUMP),
        ("n", Strain.NOTRUMP),
        ("notrump", Strain.NOTRUMP),
    ],
)
def test_strains(text: str, strain: Strain) -> None:
    assert Strain.parse(text) is strain


def test_strain_order_and_symbols() -> None:
    assert list(Strain) == sorted(Strain)
    assert Strain.CLUBS < Strain.DIAMONDS < Strain.HEARTS < Strain.SPADES < Strain.NOTRUMP
    assert [s.symbol for s in Strain] == ["♣", "♦", "♥", "♠", "NT"]
    assert Strain.NOTRUMP.suit is None and Strain.SPADES.suit is Suit.SPADES
    with pytest.raises(NotationError, match="'Q'.*NT"):
        Strain.parse("Q")


def test_rank_order() -> None:
    assert [r.symbol for r in sorted(Rank, reverse=True)] == (
        ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
    )
