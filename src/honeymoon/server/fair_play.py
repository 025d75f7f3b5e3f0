"""Fair play between people: whether hints are allowed in a game, and how many each seat took.

Against the computer the one person at the table may ask for hints as they like. Between
two people hints are off unless both agreed: the player who makes the game may offer them,
and they are on only once the other player, opening their seat, accepted the offer (a
declined offer is final). Both seats see the setting and how many hints each seat asked,
and the game's record notes them. Undo does not exist between people: a move made is made.

The setting is one of four states, stored as one short string:

>>> offer = HintsSetting.offered(0)
>>> offer.stored, offer.allowed
('offered-south', False)
>>> HintsSetting.parse("offered-south") == offer
True
>>> offer.answer(1, agree=True)
HintsSetting(state='on', offered_by=0)
>>> offer.answer(0, agree=True)
'the offer of hints is your own: your opponent answers it'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from honeymoon.seats import SEAT_NAMES

__all__ = ["HINTS_ON", "HINTS_OFF", "HINTS_OFFERED", "HINTS_DECLINED", "HintsSetting"]

#: Hints are allowed to both seats (always so against the computer).
HINTS_ON = "on"
#: Hints are off: nobody offered them.
HINTS_OFF = "off"
#: One seat offered hints to both; the other has not answered yet (hints are off meanwhile).
HINTS_OFFERED = "offered"
#: The offer was declined: hints are off for the rest of the game.
HINTS_DECLINED = "declined"


@dataclass(frozen=True, slots=True)
class HintsSetting:
    """Whether hints are allowed in one game: ``state`` (on, off, offered or declined) and
    the seat that offered them (None if nobody did)."""

    state: str
    offered_by: int | None = None

    @classmethod
    def offered(cls, seat: int) -> HintsSetting:
        """Hints offered by ``seat`` to both, not yet answered."""
        return cls(HINTS_OFFERED, seat)

    @classmethod
    def parse(cls, stored: str) -> HintsSetting:
        """The setting that :attr:`stored` wrote (the database's own text, checked anyway).

        :raises ValueError: for a text that no setting writes.
        """
        state, dash, seat = stored.partition("-")
        if state in (HINTS_ON, HINTS_OFF, HINTS_DECLINED, HINTS_OFFERED) and (
            seat in SEAT_NAMES or (not dash and state != HINTS_OFFERED)
        ):
            return cls(state, SEAT_NAMES.index(seat) if seat else None)
        raise ValueError(f"{stored!r:.40} is not a hints setting")

    @property
    def stored(self) -> str:
        """The setting as the database keeps it: the state, and the offering seat if any
        (``on-south``: South offered and East agreed)."""
        if self.offered_by is None:
            return self.state
        return f"{self.state}-{SEAT_NAMES[self.offered_by]}"

    @property
    def allowed(self) -> bool:
        """True if both seats may ask for hints now."""
        return self.state == HINTS_ON

    def answer(self, seat: int, *, agree: bool) -> HintsSetting | str:
        """The setting once ``seat`` answered the offer (``agree``: accepted it); or, if the
        seat cannot answer, the words saying why."""
        if self.state != HINTS_OFFERED or self.offered_by is None:
            return f"there is no offer of hints to answer: hints are {self.state} in this game"
        if seat == self.offered_by:
            return "the offer of hints is your own: your opponent answers it"
        return HintsSetting(HINTS_ON if agree else HINTS_DECLINED, self.offered_by)

    def to_dict(self, asked: tuple[int, int]) -> dict[str, Any]:
        """What both seats are told: the state, who offered, and how many hints each seat
        asked (``asked``, by seat number)."""
        return {
            "state": self.state,
            "offered_by": SEAT_NAMES[self.offered_by] if self.offered_by is not None else None,
            "asked": {SEAT_NAMES[seat]: asked[seat] for seat in (0, 1)},
        }
