"""Calls, contracts and the two-person auction (RULES.md 1.2). Call legality lives here only.

Calls are also actions (see :mod:`honeymoon.actions`): ``PASS`` 52, ``DOUBLE`` 53, ``REDOUBLE``
54, and the 35 bids 55–89 in ascending order (``55 + (level - 1) * 5 + strain``).

>>> auction = Auction(first_caller=1)
>>> for text in ["1H", "X", "XX", "Pass"]:
...     auction.add(Call.parse(text).action)
>>> auction.contract, auction.declarer
(Contract.parse('1♥XX'), 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from honeymoon.cards import Strain
from honeymoon.errors import IllegalActionError, NotationError

PASS = 52
DOUBLE = 53
REDOUBLE = 54
FIRST_BID = 55
LAST_BID = 89

_CALL_EXAMPLE = "e.g. 'pass', 'X' (double), 'XX' (redouble), '1C', '3NT' or '4♠'"


def bid_action(level: int, strain: int) -> int:
    """The action number of a bid of ``level`` (1–7) in ``strain`` (0–4)."""
    return FIRST_BID + (level - 1) * 5 + strain


class CallKind(Enum):
    """What sort of call a :class:`Call` is."""

    PASS = "pass"
    BID = "bid"
    DOUBLE = "double"
    REDOUBLE = "redouble"


@dataclass(frozen=True, slots=True, order=True)
class Call:
    """A call in the auction, stored as its action number (52–89).

    >>> Call.parse("3nt"), str(Call.parse("4s")), Call.parse("x").kind
    (Call.parse('3NT'), '4♠', <CallKind.DOUBLE: 'double'>)
    """

    action: int

    def __post_init__(self) -> None:
        if not PASS <= self.action <= LAST_BID:
            raise NotationError(f"{self.action} is not a call action (calls are 52 to 89)")

    @classmethod
    def bid(cls, level: int, strain: Strain | int) -> Call:
        """A bid of ``level`` 1–7 in ``strain``."""
        if not 1 <= level <= 7:
            raise NotationError(f"bid level {level} is out of range: levels are 1 to 7", "bad_call")
        return cls(bid_action(level, int(strain)))

    @classmethod
    def parse(cls, text: str) -> Call:
        """Read ``pass``/``p``, ``x``/``double``, ``xx``/``redouble``, or a bid like ``1C``/``3NT``.

        :raises NotationError: naming the bad text and showing accepted forms.
        """
        key = text.strip().upper().replace(" ", "")
        if key in ("P", "PASS", "-"):
            return cls(PASS)
        if key in ("X", "D", "DBL", "DOUBLE"):
            return cls(DOUBLE)
        if key in ("XX", "R", "RDBL", "REDOUBLE"):
            return cls(REDOUBLE)
        if len(key) >= 2 and key[0].isdigit():
            level = int(key[0])
            try:
                strain = Strain.parse(key[1:])
            except NotationError:
                strain = None
            if strain is not None:
                if not 1 <= level <= 7:
                    raise NotationError(
                        f"{text!r}: a bid's level must be 1 to 7 ({_CALL_EXAMPLE})", "bad_call"
                    )
                return cls(bid_action(level, strain))
        raise NotationError(f"{text!r} is not a call: {_CALL_EXAMPLE}", "bad_call")

    @property
    def kind(self) -> CallKind:
        """Pass, bid, double or redouble."""
        if self.action >= FIRST_BID:
            return CallKind.BID
        return (CallKind.PASS, CallKind.DOUBLE, CallKind.REDOUBLE)[self.action - PASS]

    @property
    def level(self) -> int | None:
        """1–7 for a bid, None otherwise."""
        return (self.action - FIRST_BID) // 5 + 1 if self.action >= FIRST_BID else None

    @property
    def strain(self) -> Strain | None:
        """The strain of a bid, None otherwise."""
        return Strain((self.action - FIRST_BID) % 5) if self.action >= FIRST_BID else None

    @property
    def pbn(self) -> str:
        """PBN form: ``Pass``, ``X``, ``XX``, ``4S``, ``3NT``."""
        if self.action >= FIRST_BID:
            assert self.strain is not None
            return f"{self.level}{self.strain.letter}"
        return ("Pass", "X", "XX")[self.action - PASS]

    def __str__(self) -> str:
        if self.action >= FIRST_BID:
            assert self.strain is not None
            return f"{self.level}{self.strain.symbol}"
        return ("Pass", "X", "XX")[self.action - PASS]

    def __repr__(self) -> str:
        return f"Call.parse({self.pbn!r})"


@dataclass(frozen=True, slots=True)
class Contract:
    """A final contract: level, strain and doubling (0 none, 1 doubled, 2 redoubled).

    >>> Contract.parse("4SX")
    Contract.parse('4♠X')
    >>> Contract.parse("3NT").tricks_needed
    9
    """

    level: int
    strain: Strain
    doubling: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "strain", Strain(self.strain))
        if not 1 <= self.level <= 7:
            raise NotationError(f"contract level {self.level} is out of range: use 1 to 7")
        if self.doubling not in (0, 1, 2):
            raise NotationError("doubling is 0 (none), 1 (doubled) or 2 (redoubled)")

    @classmethod
    def parse(cls, text: str) -> Contract:
        """Read ``4S``, ``4SX``, ``3NTXX``, ``4♠X``, ``7N`` (case-insensitive).

        :raises NotationError: e.g. for ``8S``, ``4Q`` or ``4SXXX``.
        """
        key = text.strip().upper().replace(" ", "")
        example = "write a level 1-7, a strain C D H S NT, then X or XX if doubled, e.g. '4SX'"
        if not key or not key[0].isdigit():
            raise NotationError(f"{text!r} is not a contract: {example}", "bad_contract")
        level = int(key[0])
        if not 1 <= level <= 7:
            raise NotationError(
                f"{text!r}: level {level} is out of range (1 to 7); {example}", "bad_contract"
            )
        body = key[1:]
        doubling = len(body) - len(body.rstrip("X"))
        strain_text = body[: len(body) - doubling] if doubling else body
        if doubling > 2:
            raise NotationError(f"{text!r}: at most XX (redoubled); {example}", "bad_contract")
        try:
            strain = Strain.parse(strain_text)
        except NotationError:
            raise NotationError(
                f"{text!r}: {strain_text!r} is not a strain; {example}", "bad_contract"
            ) from None
        return cls(level, strain, doubling)

    @property
    def tricks_needed(self) -> int:
        """Tricks declarer must take: 6 + level."""
        return 6 + self.level

    @property
    def pbn(self) -> str:
        """PBN form, e.g. ``4SX``."""
        return f"{self.level}{self.strain.letter}{'X' * self.doubling}"

    def __str__(self) -> str:
        return f"{self.level}{self.strain.symbol}{'X' * self.doubling}"

    def __repr__(self) -> str:
        return f"Contract.parse({str(self)!r})"


def _legal_table() -> dict[tuple[int, int], tuple[int, ...]]:
    # (last bid or -1, 0 plain / 1 may double / 2 may redouble) -> legal calls, ascending.
    table: dict[tuple[int, int], tuple[int, ...]] = {}
    for last in range(-1, LAST_BID + 1):
        if 0 <= last < FIRST_BID:
            continue
        higher = tuple(range(max(last + 1, FIRST_BID), LAST_BID + 1))
        table[(last, 0)] = (PASS, *higher)
        table[(last, 1)] = (PASS, DOUBLE, *higher)
        table[(last, 2)] = (PASS, REDOUBLE, *higher)
    return table


_LEGAL_CALLS = _legal_table()


class Auction:
    """The two-person auction in progress. Players are 0 and 1; ``first_caller`` calls first.

    ``legal_calls()`` lists the legal call actions for the player to call; ``add(call)``
    validates and records one (raising :class:`IllegalActionError` and changing nothing if it
    is illegal). The auction ends at the first pass after a bid, double or redouble, or at two
    opening passes (passed out).
    """

    __slots__ = ("first_caller", "calls", "_last_bid", "_last_bidder", "_doubling", "_finished")

    def __init__(self, first_caller: int) -> None:
        self.first_caller = first_caller
        self.calls: list[int] = []
        self._last_bid = -1
        self._last_bidder = -1
        self._doubling = 0
        self._finished = False

    def copy(self) -> Auction:
        """An independent copy."""
        clone = Auction.__new__(Auction)
        clone.first_caller = self.first_caller
        clone.calls = self.calls.copy()
        clone._last_bid = self._last_bid
        clone._last_bidder = self._last_bidder
        clone._doubling = self._doubling
        clone._finished = self._finished
        return clone

    @property
    def to_call(self) -> int:
        """The player (0 or 1) whose call it is."""
        return (self.first_caller + len(self.calls)) & 1

    @property
    def is_finished(self) -> bool:
        """True once the auction has ended (with a contract or passed out)."""
        return self._finished

    @property
    def is_passed_out(self) -> bool:
        """True if both players passed before any bid."""
        return self._finished and self._last_bid < 0

    @property
    def contract(self) -> Contract | None:
        """The current (or final) contract, None before any bid."""
        if self._last_bid < 0:
            return None
        offset = self._last_bid - FIRST_BID
        return Contract(offset // 5 + 1, Strain(offset % 5), self._doubling)

    @property
    def declarer(self) -> int | None:
        """The player who made the last bid, None before any bid."""
        return self._last_bidder if self._last_bid >= 0 else None

    def legal_calls(self) -> tuple[int, ...]:
        """The legal call actions, ascending; empty once the auction is over."""
        if self._finished:
            return ()
        last = self._last_bid
        if last < 0:
            return _LEGAL_CALLS[(-1, 0)]
        caller = (self.first_caller + len(self.calls)) & 1
        doubling = self._doubling
        if doubling == 0 and self._last_bidder != caller:
            return _LEGAL_CALLS[(last, 1)]
        if doubling == 1 and self._last_bidder == caller:
            return _LEGAL_CALLS[(last, 2)]
        return _LEGAL_CALLS[(last, 0)]

    def check(self, call: int) -> None:
        """Raise :class:`IllegalActionError` if ``call`` is not legal now; change nothing."""
        if self._finished:
            raise IllegalActionError("wrong_phase", "the auction is over: no more calls")
        if call >= FIRST_BID:
            if call > LAST_BID:
                raise IllegalActionError("unknown_action", f"{call} is not an action number")
            if call <= self._last_bid:
                current = Call(self._last_bid)
                raise IllegalActionError(
                    "bid_too_low",
                    f"{Call(call)} is not higher than the current bid {current}: bid a higher "
                    "level, or the same level in a higher strain (♣ < ♦ < ♥ < ♠ < NT)",
                )
            return
        if call == PASS:
            return
        caller = (self.first_caller + len(self.calls)) & 1
        if call == DOUBLE:
            if self._last_bid < 0:
                raise IllegalActionError("cannot_double", "there is no bid to double yet")
            if self._last_bidder == caller:
                raise IllegalActionError(
                    "cannot_double", "you cannot double your own bid: only the opponent's"
                )
            if self._doubling:
                raise IllegalActionError(
                    "cannot_double",
                    "that bid is already doubled"
                    + (" and redoubled" if self._doubling == 2 else "")
                    + ": pass, redouble your own doubled bid, or bid higher",
                )
            return
        if call == REDOUBLE:
            if self._last_bid < 0 or self._doubling != 1:
                raise IllegalActionError(
                    "cannot_redouble",
                    "you can redouble only your own bid after the opponent doubled it",
                )
            if self._last_bidder != caller:
                raise IllegalActionError(
                    "cannot_redouble", "you cannot redouble the opponent's bid: only your own"
                )
            return
        raise IllegalActionError(
            "wrong_phase", "that action is not a call; in the auction make a call"
        )

    def add(self, call: int) -> None:
        """Validate and record ``call`` for the player to call."""
        self.check(call)
        caller = (self.first_caller + len(self.calls)) & 1
        self.calls.append(call)
        if call >= FIRST_BID:
            self._last_bid = call
            self._last_bidder = caller
            self._doubling = 0
        elif call == PASS:
            if self._last_bid >= 0 or len(self.calls) >= 2:
                self._finished = True
        elif call == DOUBLE:
            self._doubling = 1
        else:
            self._doubling = 2
