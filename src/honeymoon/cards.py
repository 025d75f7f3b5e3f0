"""Suits, ranks, cards and sets of cards, with their notation.

Two representations live side by side:

* the friendly values :class:`Card` and :class:`CardSet` (frozen dataclasses), used at the edges;
* plain ints for speed inside the engine and the solver:

  - a **card id** is ``suit * 13 + (rank - 2)``, 0 (♣2) … 51 (♠A);
  - a **card mask** is an int with four 16-bit suit lanes, ``1 << (suit * 16 + rank - 2)`` per card
    (clubs in bits 0–12, diamonds 16–28, hearts 32–44, spades 48–60).

Notation (parsing is case-insensitive; printing is canonical):

* a card: ``SA``, ``AS``, ``♠A``, ``A♠``, ``10S``, ``TS``, ``S10``;
* a hand: ``♠AKQ ♥J10 ♦- ♣98765`` (suits in any order, ``-`` for a void, letters ``S H D C`` work
  in place of symbols) or the dotted form ``AKQ.J10..98765`` (spades, hearts, diamonds, clubs).

Bridgette's pack adds three **Colons**, cards with no suit and no rank of their own: the Grand
Colon (with the aces), the Royal Colon (with the kings, queens and jacks) and the Little Colon
(with 2 to 10). They are card ids 52 (Little), 53 (Royal) and 54 (Grand), and bits 64, 65 and 66
of a card mask (a fifth lane, so the four suit lanes keep their meaning). Their notation is a
colon and a letter: ``:G``, ``:R``, ``:L``; in a hand the Colons form a group of their own after
the clubs, ``♠AKQ ♥J10 ♦- ♣98765 :GL`` (dotted form ``AKQ.J10..98765.GL``). A 52-card hand prints
exactly as before.

>>> Card.parse("10h")
Card.parse('♥10')
>>> str(CardSet.parse("AKQ.J10..98765"))
'♠AKQ ♥J10 ♦- ♣98765'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import IntEnum

from honeymoon.errors import NotationError

__all__ = [
    "Suit",
    "Rank",
    "Strain",
    "Card",
    "CardSet",
    "ALL_CARDS",
    "FULL_DECK_MASK",
    "SUIT_MASKS",
    "card_id_to_mask",
    "mask_to_card_ids",
    "card_id_suit",
    "ColonKind",
    "Colon",
    "COLONS",
    "COLON_MASK",
    "COLON_LANE",
    "BRIDGETTE_DECK_MASK",
    "FIRST_COLON_ID",
    "is_colon",
]


class Suit(IntEnum):
    """The four suits, in bridge order from low to high."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        """The suit symbol, e.g. ``♠``."""
        return _SUIT_SYMBOLS[self]

    @property
    def letter(self) -> str:
        """The suit letter, e.g. ``S``."""
        return "CDHS"[self]

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    def __str__(self) -> str:
        return self.symbol


class Rank(IntEnum):
    """Card ranks, two (2) to ace (14)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """``A K Q J 10 9 … 2``."""
        return _RANK_SYMBOLS[self]

    @property
    def pbn(self) -> str:
        """The one-character form used by PBN: ``A K Q J T 9 … 2``."""
        return "23456789TJQKA"[self - 2]

    def __str__(self) -> str:
        return self.symbol


class Strain(IntEnum):
    """Bidding strains from low to high; the four suits share their numbers with :class:`Suit`."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    NOTRUMP = 4

    @property
    def symbol(self) -> str:
        """``♣ ♦ ♥ ♠`` or ``NT``."""
        return ("♣", "♦", "♥", "♠", "NT")[self]

    @property
    def letter(self) -> str:
        """``C D H S`` or ``NT``."""
        return "NT" if self is Strain.NOTRUMP else "CDHS"[self]

    @property
    def suit(self) -> Suit | None:
        """The trump suit, or None at no trump."""
        return None if self is Strain.NOTRUMP else Suit(self.value)

    @classmethod
    def parse(cls, text: str) -> Strain:
        """Parse ``C``, ``♣``, ``clubs``, ``NT``, ``N`` … (case-insensitive).

        :raises NotationError: for anything else.
        """
        key = text.strip().upper()
        strain = _STRAIN_WORDS.get(key)
        if strain is None:
            raise NotationError(
                f"{text!r} is not a strain: use C, D, H, S or NT (or ♣ ♦ ♥ ♠)", "bad_strain"
            )
        return strain

    def __str__(self) -> str:
        return self.symbol


_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_RANK_SYMBOLS = {r: ("10" if r == 10 else "23456789TJQKA"[r - 2]) for r in Rank}

_SUIT_CHARS: dict[str, Suit] = {
    "C": Suit.CLUBS,
    "D": Suit.DIAMONDS,
    "H": Suit.HEARTS,
    "S": Suit.SPADES,
    "♣": Suit.CLUBS,
    "♦": Suit.DIAMONDS,
    "♥": Suit.HEARTS,
    "♠": Suit.SPADES,
    "♧": Suit.CLUBS,
    "♢": Suit.DIAMONDS,
    "♡": Suit.HEARTS,
    "♤": Suit.SPADES,
}
_RANK_CHARS: dict[str, Rank] = {c: Rank(i + 2) for i, c in enumerate("23456789TJQKA")}
_STRAIN_WORDS: dict[str, Strain] = {
    **{c: Strain(s.value) for c, s in _SUIT_CHARS.items()},
    "N": Strain.NOTRUMP,
    "NT": Strain.NOTRUMP,
    "CLUBS": Strain.CLUBS,
    "DIAMONDS": Strain.DIAMONDS,
    "HEARTS": Strain.HEARTS,
    "SPADES": Strain.SPADES,
    "NOTRUMP": Strain.NOTRUMP,
    "NOTRUMPS": Strain.NOTRUMP,
}

_CARD_EXAMPLE = "e.g. 'SA', 'AS', '♠A' or '10H' (in Bridgette a Colon is a colon and G, R or L)"
_HAND_EXAMPLE = "e.g. '♠AKQ ♥J10 ♦- ♣98765' or 'AKQ.J10..98765'"

# Integer helpers for the hot paths -------------------------------------------------------------

#: ``SUIT_MASKS[s]`` has the 13 bits of suit ``s`` set.
SUIT_MASKS: tuple[int, int, int, int] = tuple(0x1FFF << (16 * s) for s in range(4))  # type: ignore[assignment]
#: All 52 cards as a mask.
FULL_DECK_MASK: int = SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2] | SUIT_MASKS[3]

#: The card id of the first Colon (the Little Colon); the Royal is 53, the Grand 54.
FIRST_COLON_ID = 52
#: The bit of the Little Colon in a card mask: the Colons use bits 64–66, a fifth lane.
COLON_LANE = 64
#: The three Colons as a mask.
COLON_MASK: int = 0b111 << COLON_LANE
#: Bridgette's 55 cards as a mask.
BRIDGETTE_DECK_MASK: int = FULL_DECK_MASK | COLON_MASK

#: ``CARD_MASK[card_id]`` is the card's single bit (the Colons' too, ids 52–54).
CARD_MASK: tuple[int, ...] = tuple(1 << ((c // 13) * 16 + c % 13) for c in range(52)) + tuple(
    1 << (COLON_LANE + k) for k in range(3)
)
#: ``CARD_SUIT[card_id]`` is its suit number 0–3; 4 for a Colon, which has no suit.
CARD_SUIT: tuple[int, ...] = tuple(c // 13 for c in range(52)) + (4, 4, 4)
#: ``CARD_RANK[card_id]`` is its rank 2–14; 0 for a Colon, which has no rank.
CARD_RANK: tuple[int, ...] = tuple(c % 13 + 2 for c in range(52)) + (0, 0, 0)


def is_colon(card_id: int) -> bool:
    """True for the card ids of the three Colons (52–54).

    >>> is_colon(51), is_colon(54)
    (False, True)
    """
    return card_id >= FIRST_COLON_ID


#: ``LANE_CARD_IDS[suit][lane]`` lists the card ids of a 13-bit suit lane, low to high. Filled
#: lazily by :func:`lane_card_ids` (an unfilled entry is None; an empty lane stays falsy).
LANE_CARD_IDS: list[list[tuple[int, ...] | None]] = [[None] * 8192 for _ in range(4)]
_LANE_IDS = LANE_CARD_IDS


def lane_card_ids(suit: int, lane: int) -> tuple[int, ...]:
    """The card ids, low to high, of the cards of ``suit`` whose rank bits are ``lane``."""
    table = _LANE_IDS[suit]
    ids = table[lane]
    if ids is None:
        base = suit * 13
        ids = tuple(base + r for r in range(13) if lane >> r & 1)
        table[lane] = ids
    return ids


_COLON_LANE_IDS: tuple[tuple[int, ...], ...] = tuple(
    tuple(FIRST_COLON_ID + k for k in range(3) if lane >> k & 1) for lane in range(8)
)


def mask_to_card_ids(mask: int) -> tuple[int, ...]:
    """All card ids in ``mask``, low to high (the Colons, 52–54, last)."""
    ids = (
        lane_card_ids(0, mask & 0x1FFF)
        + lane_card_ids(1, mask >> 16 & 0x1FFF)
        + lane_card_ids(2, mask >> 32 & 0x1FFF)
        + lane_card_ids(3, mask >> 48 & 0x1FFF)
    )
    if mask >> COLON_LANE:
        return ids + _COLON_LANE_IDS[mask >> COLON_LANE & 7]
    return ids


def card_id_to_mask(card_id: int) -> int:
    """The single-bit mask of a card id."""
    return CARD_MASK[card_id]


def card_id_suit(card_id: int) -> int:
    """The suit number (0–3) of a card id."""
    return CARD_SUIT[card_id]


# Values ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, eq=True)
class Card:
    """One playing card. ``str`` gives ``♠A``; :meth:`parse` reads every usual form.

    Bridgette's three Colons are cards too (:class:`Colon`, a subclass): they have an id, a mask
    and a notation, but no suit and no rank (:attr:`is_colon` tells them apart). Cards order by
    id, so the Colons sort after the 52.
    """

    suit: Suit
    rank: Rank

    def __post_init__(self) -> None:
        # Accept plain ints but store the enums, so equal cards compare and print the same.
        object.__setattr__(self, "suit", Suit(self.suit))
        object.__setattr__(self, "rank", Rank(self.rank))

    @property
    def id(self) -> int:
        """The card id: 0–51 (``suit * 13 + rank - 2``) for a suited card, 52–54 for a Colon."""
        return self.suit * 13 + self.rank - 2

    @property
    def action(self) -> int:
        """The action number that plays (or chooses) this card: its id for the 52 suited cards,
        96–98 for the Colons (whose ids 52–54 are calls as actions, see honeymoon.actions)."""
        return self.suit * 13 + self.rank - 2

    @property
    def is_colon(self) -> bool:
        """True for Bridgette's Colons."""
        return False

    @property
    def mask(self) -> int:
        """The card's single bit in a card mask."""
        return 1 << (self.suit * 16 + self.rank - 2)

    def __lt__(self, other: Card) -> bool:
        return self.id < other.id

    def __le__(self, other: Card) -> bool:
        return self.id <= other.id

    def __gt__(self, other: Card) -> bool:
        return self.id > other.id

    def __ge__(self, other: Card) -> bool:
        return self.id >= other.id

    @classmethod
    def from_id(cls, card_id: int) -> Card:
        """The card with id 0–51, or the Colon with id 52–54."""
        if not 0 <= card_id < 55:
            raise NotationError(
                f"card id {card_id} is out of range: use 0 to 51 (52 to 54 for the Colons)",
                "bad_card",
            )
        return _CARDS[card_id]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card in any usual form: ``SA``, ``AS``, ``♠A``, ``A♠``, ``10S``, ``TS``; a
        Colon as ``:G``, ``:R`` or ``:L``.

        :raises NotationError: naming the bad text and showing an accepted form.
        """
        token = text.strip().upper()
        if token.startswith(":") or token.startswith("⁝"):
            return Colon.parse(text)
        if len(token) >= 2:
            if token[0] in _SUIT_CHARS:
                suit, rank_text = _SUIT_CHARS[token[0]], token[1:]
            elif token[-1] in _SUIT_CHARS:
                suit, rank_text = _SUIT_CHARS[token[-1]], token[:-1]
            else:
                suit, rank_text = None, ""
            rank = _RANK_CHARS.get("T" if rank_text == "10" else rank_text)
            if suit is not None and rank is not None:
                return _CARDS[suit * 13 + rank - 2]
        raise NotationError(
            f"{text!r} is not a card: write a suit and a rank, {_CARD_EXAMPLE}", "bad_card"
        )

    @property
    def pbn(self) -> str:
        """``SA``, ``HT``: suit letter then PBN rank (``:G`` for a Colon, which PBN lacks)."""
        return self.suit.letter + self.rank.pbn

    def __str__(self) -> str:
        return self.suit.symbol + self.rank.symbol

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


class ColonKind(IntEnum):
    """The three Colons of Bridgette, low to high, each going with a group of ranks."""

    LITTLE = 0
    ROYAL = 1
    GRAND = 2

    @property
    def letter(self) -> str:
        """``L``, ``R`` or ``G``: the Colon's letter in notation."""
        return "LRG"[self]

    @property
    def ranks(self) -> tuple[Rank, ...]:
        """The ranks the Colon goes with: 2–10 (Little), J Q K (Royal), A (Grand)."""
        return _COLON_RANKS[self]

    @classmethod
    def of_rank(cls, rank: Rank | int) -> ColonKind:
        """The Colon that goes with ``rank``.

        >>> ColonKind.of_rank(Rank.QUEEN).name
        'ROYAL'
        """
        return cls.GRAND if rank == 14 else cls.ROYAL if rank >= 11 else cls.LITTLE


_COLON_RANKS: dict[ColonKind, tuple[Rank, ...]] = {
    ColonKind.LITTLE: tuple(Rank(r) for r in range(2, 11)),
    ColonKind.ROYAL: (Rank.JACK, Rank.QUEEN, Rank.KING),
    ColonKind.GRAND: (Rank.ACE,),
}
_COLON_LETTERS = {"G": ColonKind.GRAND, "R": ColonKind.ROYAL, "L": ColonKind.LITTLE}
_COLON_EXAMPLE = "write ':G' (the Grand Colon), ':R' (the Royal Colon) or ':L' (the Little Colon)"


class Colon(Card):
    """One of Bridgette's three Colons: ``:G`` (Grand), ``:R`` (Royal), ``:L`` (Little).

    A Colon has no suit and no rank: reading :attr:`suit` or :attr:`rank` raises
    AttributeError (test :attr:`is_colon` first). Its id is 52 + kind, its action 96 + kind.

    >>> Card.parse(":g"), Card.parse(":L").id, Colon(ColonKind.ROYAL).display
    (Card.parse(':G'), 52, '⁝R')
    """

    __slots__ = ("kind",)
    kind: ColonKind

    def __init__(self, kind: ColonKind | int) -> None:
        object.__setattr__(self, "kind", ColonKind(kind))

    @property
    def suit(self) -> Suit:
        """A Colon has no suit."""
        raise AttributeError(f"{self} is a Colon and has no suit: test card.is_colon first")

    @property
    def rank(self) -> Rank:
        """A Colon has no rank."""
        raise AttributeError(f"{self} is a Colon and has no rank: test card.is_colon first")

    @property
    def id(self) -> int:
        """52 (Little), 53 (Royal) or 54 (Grand)."""
        return FIRST_COLON_ID + self.kind

    @property
    def action(self) -> int:
        """96 (Little), 97 (Royal) or 98 (Grand)."""
        return FIRST_COLON_ACTION + self.kind

    @property
    def is_colon(self) -> bool:
        """Always True."""
        return True

    @property
    def mask(self) -> int:
        """The Colon's bit, 64–66."""
        return 1 << (COLON_LANE + self.kind)

    @property
    def display(self) -> str:
        """The Colon as the clients show it: a tricolon and its letter, ``⁝G``."""
        return "⁝" + self.kind.letter

    def matches(self, card: Card) -> bool:
        """True if this Colon goes with ``card``'s rank (a Colon matches no Colon).

        >>> Card.parse(":R").matches(Card.parse("HQ")), Card.parse(":R").matches(Card.parse("HA"))
        (True, False)
        """
        return not card.is_colon and ColonKind.of_rank(card.rank) is self.kind

    @classmethod
    def parse(cls, text: str) -> Colon:
        """Read ``:G``, ``:R`` or ``:L`` (case-insensitive; ``⁝G`` too).

        :raises NotationError: (``bad_colon``) naming the bad text and the three accepted forms.
        """
        token = text.strip().upper()
        if len(token) == 2 and token[0] in ":⁝" and token[1] in _COLON_LETTERS:
            return _COLONS[_COLON_LETTERS[token[1]]]
        raise NotationError(f"{text!r} is not a Colon: {_COLON_EXAMPLE}", "bad_colon")

    @property
    def pbn(self) -> str:
        """``:G``: PBN has no Colons, so the project's own notation (see docs/record-format.md)."""
        return ":" + self.kind.letter

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Colon) and other.kind is self.kind

    def __hash__(self) -> int:
        return hash(("colon", int(self.kind)))

    def __reduce__(self) -> tuple[type[Colon], tuple[int]]:
        return (Colon, (int(self.kind),))

    def __str__(self) -> str:
        return ":" + self.kind.letter

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


#: The action number of the Little Colon; the Royal is 97, the Grand 98 (see honeymoon.actions).
FIRST_COLON_ACTION = 96
#: The three Colons, Little, Royal, Grand (index = kind).
COLONS: tuple[Colon, Colon, Colon] = (
    Colon(ColonKind.LITTLE),
    Colon(ColonKind.ROYAL),
    Colon(ColonKind.GRAND),
)
_COLONS = COLONS
_CARDS: tuple[Card, ...] = tuple(Card(Suit(c // 13), Rank(c % 13 + 2)) for c in range(52)) + COLONS
#: All 52 cards, ♣2 first, ♠A last (index = card id). The Colons are :data:`COLONS`.
ALL_CARDS: tuple[Card, ...] = _CARDS[:52]


@dataclass(frozen=True, slots=True)
class CardSet:
    """An immutable set of cards stored as a card mask (four 16-bit suit lanes).

    ``CardSet.parse('♠AKQ ♥J10 ♦- ♣98765')`` or ``CardSet.parse('AKQ.J10..98765')``;
    ``str`` prints the symbol form; ``repr`` round-trips. Supports ``in``, ``len``, iteration
    (low card id first), ``|``, ``&``, ``-`` and ``^``.
    """

    mask: int = 0

    def __post_init__(self) -> None:
        if self.mask & ~BRIDGETTE_DECK_MASK or self.mask < 0:
            raise NotationError(
                "a card mask may only use bits 0–12 of each 16-bit suit lane, and bits 64–66 "
                "for the Colons"
            )

    @classmethod
    def of(cls, cards: Iterable[Card | str | int]) -> CardSet:
        """A set from cards, card notation strings or card ids."""
        mask = 0
        for item in cards:
            if isinstance(item, Card):
                mask |= item.mask
            elif isinstance(item, int):
                mask |= Card.from_id(item).mask
            else:
                mask |= Card.parse(item).mask
        return cls(mask)

    @classmethod
    def from_ids(cls, card_ids: Iterable[int]) -> CardSet:
        """A set from card ids 0–51 (52–54 for the Colons)."""
        mask = 0
        for card_id in card_ids:
            mask |= CARD_MASK[card_id]
        return cls(mask)

    @classmethod
    def full_deck(cls) -> CardSet:
        """All 52 cards."""
        return cls(FULL_DECK_MASK)

    @classmethod
    def bridgette_deck(cls) -> CardSet:
        """Bridgette's 55 cards: the 52 and the three Colons."""
        return cls(BRIDGETTE_DECK_MASK)

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Read a hand in symbol form, dotted form, or as a list of cards.

        Accepted: ``♠AKQ ♥J10 ♦- ♣98765``, ``SAKQ HJ10 D- C98765``, ``AKQ.J10..98765`` (the dotted
        form lists spades, hearts, diamonds, clubs) and ``SA SK HQ`` (single cards). Colons are
        a group of their own, ``:GL`` (or single, ``:G :L``), or a fifth dotted part,
        ``AKQ.J10..98765.GL``.

        :raises NotationError: naming the bad part and showing an accepted form.
        """
        stripped = text.strip()
        if "." in stripped:
            return cls._parse_dotted(text, stripped)
        if not stripped:
            return cls(0)
        mask = 0
        seen_suits: set[Suit] = set()
        for token in stripped.replace(",", " ").split():
            group = cls._parse_group(text, token, seen_suits)
            if mask & group:
                repeated = _CARDS[mask_to_card_ids(mask & group)[0]]
                raise NotationError(f"{repeated} appears twice in {text!r}", "duplicate_card")
            mask |= group
        return cls(mask)

    @classmethod
    def _parse_dotted(cls, text: str, stripped: str) -> CardSet:
        parts = stripped.split(".")
        if len(parts) not in (4, 5):
            raise NotationError(
                f"{text!r} has {len(parts)} dot-separated suits; the dotted form needs exactly 4 "
                f"(spades.hearts.diamonds.clubs), and a fifth for Colons, {_HAND_EXAMPLE}",
                "bad_hand",
            )
        mask = _parse_colons(text, parts.pop().strip()) if len(parts) == 5 else 0
        for suit, ranks in zip(
            (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS), parts, strict=True
        ):
            mask |= _parse_ranks(text, suit, ranks.strip())
        return cls(mask)

    @staticmethod
    def _parse_group(text: str, token: str, seen_suits: set[Suit]) -> int:
        upper = token.upper()
        if upper[0] in ":⁝":
            return _parse_colons(text, upper[1:])
        # A single card written rank-first ("AS", "10H") or suit-first ("SA").
        if len(upper) <= 3 and upper[-1] in _SUIT_CHARS and upper[0] not in _SUIT_CHARS:
            return Card.parse(upper).mask
        # A list of single cards may name a suit again ("SA SK HQ"); a group of ranks may not.
        if upper[0] in _SUIT_CHARS and (upper[1:] == "10" or upper[1:] in _RANK_CHARS):
            return Card.parse(upper).mask
        suit = _SUIT_CHARS.get(upper[0])
        if suit is None:
            raise NotationError(
                f"{token!r} in {text!r} does not start with a suit: {_HAND_EXAMPLE}", "bad_hand"
            )
        if suit in seen_suits:
            raise NotationError(f"{text!r} names {suit.symbol} twice: {_HAND_EXAMPLE}", "bad_hand")
        seen_suits.add(suit)
        return _parse_ranks(text, suit, upper[1:].lstrip(":"))

    def __contains__(self, card: object) -> bool:
        if isinstance(card, Card):
            return bool(self.mask & card.mask)
        return False

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __iter__(self) -> Iterator[Card]:
        return (_CARDS[c] for c in mask_to_card_ids(self.mask))

    def __bool__(self) -> bool:
        return self.mask != 0

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & ~other.mask)

    def __xor__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask ^ other.mask)

    def suit(self, suit: Suit) -> CardSet:
        """The cards of one suit."""
        return CardSet(self.mask & SUIT_MASKS[suit])

    def count(self, suit: Suit) -> int:
        """How many cards of ``suit``."""
        return (self.mask & SUIT_MASKS[suit]).bit_count()

    def ranks(self, suit: Suit) -> list[Rank]:
        """The ranks held in ``suit``, high to low."""
        lane = self.mask >> (16 * suit) & 0x1FFF
        return [Rank(r + 2) for r in range(12, -1, -1) if lane >> r & 1]

    def cards_high_to_low(self) -> list[Card]:
        """Display order: spades first, then hearts, diamonds, clubs; high cards first; then
        the Colons, Grand first."""
        return [Card(s, r) for s in reversed(Suit) for r in self.ranks(s)] + list(self.colons)

    @property
    def colons(self) -> tuple[Colon, ...]:
        """The Colons in the set, Grand first."""
        lane = self.mask >> COLON_LANE
        return tuple(_COLONS[k] for k in (2, 1, 0) if lane >> k & 1)

    def card_ids(self) -> tuple[int, ...]:
        """The card ids, low to high."""
        return mask_to_card_ids(self.mask)

    def to_dotted(self, ten: str = "T") -> str:
        """The dotted form, spades first: ``AKQ.JT..98765`` (PBN uses ``T`` for the ten); a
        fifth part lists the Colons, if any: ``AKQ.JT..98765.GL``."""
        dotted = ".".join(
            "".join(ten if r == Rank.TEN else r.pbn for r in self.ranks(s))
            for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
        )
        colons = self.colons
        return dotted + "." + "".join(c.kind.letter for c in colons) if colons else dotted

    def __str__(self) -> str:
        text = " ".join(
            s.symbol + ("".join(r.symbol for r in self.ranks(s)) or "-")
            for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
        )
        colons = self.colons
        return text + " :" + "".join(c.kind.letter for c in colons) if colons else text

    def __repr__(self) -> str:
        return f"CardSet.parse({str(self)!r})"


def _parse_ranks(text: str, suit: Suit, ranks: str) -> int:
    if ranks in ("-", "—", "–"):
        return 0
    lane = 0
    position = 0
    upper = ranks.upper()
    while position < len(upper):
        if upper.startswith("10", position):
            char, position = "T", position + 2
        else:
            char, position = upper[position], position + 1
        rank = _RANK_CHARS.get(char)
        if rank is None:
            raise NotationError(
                f"{char!r} in {suit.symbol}{ranks} of {text!r} is not a rank: use A K Q J "
                f"10 (or T) 9 … 2, and '-' for a void, {_HAND_EXAMPLE}",
                "bad_hand",
            )
        bit = 1 << (rank - 2)
        if lane & bit:
            raise NotationError(
                f"{suit.symbol}{rank.symbol} appears twice in {text!r}", "duplicate_card"
            )
        lane |= bit
    return lane << (16 * suit)


def _parse_colons(text: str, letters: str) -> int:
    # The letters of a group of Colons (after the ':'), e.g. "GL"; "-" or nothing for none.
    if letters in ("", "-"):
        return 0
    mask = 0
    for char in letters.upper():
        kind = _COLON_LETTERS.get(char)
        if kind is None:
            raise NotationError(
                f"{char!r} in the Colons of {text!r} is not a Colon: {_COLON_EXAMPLE}, or a group "
                "such as ':GL'",
                "bad_colon",
            )
        bit = 1 << (COLON_LANE + kind)
        if mask & bit:
            raise NotationError(f"{_COLONS[kind]} appears twice in {text!r}", "duplicate_card")
        mask |= bit
    return mask
