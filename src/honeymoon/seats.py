"""The two players' seats, and compass directions for hands and PBN.

The two players sit side by side (RULES.md 5.1 seats them South and East), so in the variants
with dummies each player's dummy sits opposite them: North is South's dummy, West is East's.
In the default profile there are no dummies and only the South and East hands exist.
"""

from __future__ import annotations

from enum import IntEnum


class Direction(IntEnum):
    """Compass positions at a four-seat table, in PBN order."""

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    @property
    def letter(self) -> str:
        """``N``, ``E``, ``S`` or ``W``."""
        return "NESW"[self]

    @property
    def owner(self) -> Seat:
        """The player whose hand or dummy sits here (RULES.md 5.1): South holds South and
        North, East holds East and West.

        >>> Direction.NORTH.owner, Direction.WEST.owner
        (<Seat.SOUTH: 0>, <Seat.EAST: 1>)
        """
        return _SEATS[self & 1]

    @property
    def is_dummy(self) -> bool:
        """True for North and West, the dummies' places."""
        return self is Direction.NORTH or self is Direction.WEST

    @property
    def label(self) -> str:
        """``North``, ``East``, ``South`` or ``West``."""
        return self.name.capitalize()


class Seat(IntEnum):
    """One of the two players. ``Seat.SOUTH`` is 0 and ``Seat.EAST`` is 1."""

    SOUTH = 0
    EAST = 1

    @property
    def other(self) -> Seat:
        """The opponent's seat."""
        return _SEATS[1 - self]

    @property
    def direction(self) -> Direction:
        """Where this player's own hand sits."""
        return Direction.SOUTH if self is Seat.SOUTH else Direction.EAST

    @property
    def dummy(self) -> Direction:
        """Where this player's dummy sits, opposite them: North for South, West for East."""
        return Direction.NORTH if self is Seat.SOUTH else Direction.WEST

    @property
    def label(self) -> str:
        """``South`` or ``East``: the seat's name for players."""
        return self.name.capitalize()

    @property
    def key(self) -> str:
        """``south`` or ``east``: the seat's name in records, views and messages.

        >>> [seat.key for seat in SEATS] == list(SEAT_NAMES)
        True
        """
        return _SEAT_NAMES[self]

    @classmethod
    def parse(cls, text: str) -> Seat:
        """``south``/``s``/``0`` or ``east``/``e``/``1`` (case-insensitive)."""
        from honeymoon.errors import NotationError

        key = text.strip().lower()
        for seat in _SEATS:
            if key in (seat.key, seat.key[0], str(int(seat))):
                return seat
        raise NotationError(
            f"{text!r} is not a seat: use {' or '.join(map(repr, SEAT_NAMES))}", "bad_seat"
        )

    def __str__(self) -> str:
        return self.label


_SEATS = (Seat.SOUTH, Seat.EAST)
#: Both seats, indexable by their number.
SEATS: tuple[Seat, Seat] = _SEATS
_SEAT_NAMES = ("south", "east")
#: The seats' names in records, views and messages (:attr:`Seat.key`), by seat number.
SEAT_NAMES: tuple[str, str] = _SEAT_NAMES
