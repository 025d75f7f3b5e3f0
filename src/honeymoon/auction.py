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

from collections.abc import Iterable
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
    def contract(self) -> Contract | None:
        """The undoubled contract a bid names, None for pass, double and redouble.

        >>> Call.parse("4S").contract, Call.parse("pass").contract
        (Contract.parse('4♠'), None)
        """
        return _BID_CONTRACTS[self.action - FIRST_BID] if self.action >= FIRST_BID else None

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


#: Every bid, lowest first.
BIDS: tuple[Call, ...] = tuple(Call(action) for action in range(FIRST_BID, LAST_BID + 1))
_BID_CONTRACTS: tuple[Contract, ...] = tuple(
    Contract((action - FIRST_BID) // 5 + 1, Strain((action - FIRST_BID) % 5))
    for action in range(FIRST_BID, LAST_BID + 1)
)
#: Each bid's contract by its action (``Call(action).contract`` without building the call).
CONTRACT_OF_BID: dict[int, Contract] = {
    FIRST_BID + index: contract for index, contract in enumerate(_BID_CONTRACTS)
}
#: Each bid's contract doubled and redoubled (built once, for the bots' arithmetic).
DOUBLED: dict[Contract, tuple[Contract, Contract]] = {
    bid: (Contract(bid.level, bid.strain, 1), Contract(bid.level, bid.strain, 2))
    for bid in _BID_CONTRACTS
}


def cheapest_bid(strain: Strain | int, above: Contract | None = None) -> Call | None:
    """The lowest bid in ``strain`` that outranks the contract ``above`` (any bid when None);
    None when no bid in that strain is high enough.

    >>> cheapest_bid(Strain.HEARTS, Contract.parse("2SX")), cheapest_bid(Strain.NOTRUMP)
    (Call.parse('3H'), Call.parse('1NT'))
    >>> cheapest_bid(Strain.SPADES, Contract.parse("7NT")) is None
    True
    """
    if above is None:
        return BIDS[int(strain)]
    level = above.level if strain > above.strain else above.level + 1
    return Call(bid_action(level, int(strain))) if level <= 7 else None


@dataclass(frozen=True, slots=True)
class SeenCall:
    """One call of an auction and the state of the auction when it was made."""

    call: Call
    #: The player (0 or 1) who made the call.
    caller: int
    #: The contract standing before the call (its doubling included), None before any bid.
    contract_before: Contract | None
    #: The player whose bid stood before the call, None before any bid.
    bidder_before: int | None

    @property
    def is_opening_pass(self) -> bool:
        """True for a pass before any bid."""
        return self.call.action == PASS and self.contract_before is None


@dataclass(frozen=True, slots=True)
class AuctionSummary:
    """An auction (finished or not) read from the point of view of player ``seat``.

    The one reader of an auction's calls outside :class:`Auction` itself: who bid what, what
    stood when each call was made, and where the auction stands now. Build it with
    :meth:`read`.

    >>> calls = [Call.parse(text) for text in ("pass", "1H", "1S", "X")]
    >>> summary = AuctionSummary.read(calls, first_caller=1, seat=0)
    >>> summary.contract, summary.declarer, summary.opening_passes
    (Contract.parse('1♠X'), 1, 1)
    >>> [str(seen.call) for seen in summary.opponent_calls]
    ['Pass', '1♠']
    >>> summary.last_bid_by(summary.opponent), summary.first_suit_bid_by(0)
    (Contract.parse('1♠'), <Strain.HEARTS: 2>)
    """

    #: The player whose point of view this is (0 or 1).
    seat: int
    calls: tuple[SeenCall, ...] = ()
    #: The current (or final) contract, None before any bid.
    contract: Contract | None = None
    #: The player who made the last bid, None before any bid.
    declarer: int | None = None
    #: Passes made before the first bid.
    opening_passes: int = 0

    @classmethod
    def read(
        cls, calls: Iterable[Call | int], first_caller: int | None, seat: int | None
    ) -> AuctionSummary:
        """The summary of ``calls`` (calls or action numbers, in order), ``first_caller``
        calling first, seen by ``seat``. With no first caller (no auction yet) or no seat (a
        spectator) it is empty.

        Calls are read, not checked: :class:`Auction` decides legality.
        """
        if first_caller is None or seat is None:
            return cls(int(seat) if seat is not None else 0)
        caller = int(first_caller)
        contract: Contract | None = None
        declarer: int | None = None
        passes = 0
        seen: list[SeenCall] = []
        for item in calls:
            call = item if isinstance(item, Call) else Call(item)
            seen.append(SeenCall(call, caller, contract, declarer))
            bid = call.contract
            if bid is not None:
                contract, declarer = bid, caller
            elif contract is not None and call.action != PASS:
                doubling = 1 if call.action == DOUBLE else 2
                contract = Contract(contract.level, contract.strain, doubling)
            elif contract is None:
                passes += 1
            caller = 1 - caller
        return cls(int(seat), tuple(seen), contract, declarer, passes)

    @property
    def opponent(self) -> int:
        """The other player."""
        return 1 - self.seat

    def calls_by(self, player: int) -> tuple[SeenCall, ...]:
        """The calls ``player`` made, in order."""
        return tuple(seen for seen in self.calls if seen.caller == player)

    @property
    def opponent_calls(self) -> tuple[SeenCall, ...]:
        """The opponent's calls, in order."""
        return self.calls_by(1 - self.seat)

    def last_bid_by(self, player: int) -> Contract | None:
        """The last bid ``player`` made (undoubled), None if they made none."""
        for seen in reversed(self.calls):
            if seen.caller == player and seen.call.contract is not None:
                return seen.call.contract
        return None

    def first_suit_bid_by(self, player: int) -> Strain | None:
        """The first suit (not no trump) ``player`` bid, None if they bid none."""
        for seen in self.calls:
            bid = seen.call.contract
            if seen.caller == player and bid is not None and bid.strain is not Strain.NOTRUMP:
                return bid.strain
        return None


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
            raise IllegalActionError("the auction is over: no more calls", "wrong_phase")
        if call >= FIRST_BID:
            if call > LAST_BID:
                raise IllegalActionError(f"{call} is not an action number", "unknown_action")
            if call <= self._last_bid:
                current = Call(self._last_bid)
                raise IllegalActionError(
                    f"{Call(call)} is not higher than the current bid {current}: bid a higher "
                    "level, or the same level in a higher strain (♣ < ♦ < ♥ < ♠ < NT)",
                    "bid_too_low",
                )
            return
        if call == PASS:
            return
        caller = (self.first_caller + len(self.calls)) & 1
        if call == DOUBLE:
            if self._last_bid < 0:
                raise IllegalActionError("there is no bid to double yet", "cannot_double")
            if self._last_bidder == caller:
                raise IllegalActionError(
                    "you cannot double your own bid: only the opponent's", "cannot_double"
                )
            if self._doubling:
                raise IllegalActionError(
                    "that bid is already doubled"
                    + (" and redoubled" if self._doubling == 2 else "")
                    + ": pass, redouble your own doubled bid, or bid higher",
                    "cannot_double",
                )
            return
        if call == REDOUBLE:
            if self._last_bid < 0 or self._doubling != 1:
                raise IllegalActionError(
                    "you can redouble only your own bid after the opponent doubled it",
                    "cannot_redouble",
                )
            if self._last_bidder != caller:
                raise IllegalActionError(
                    "you cannot redouble the opponent's bid: only your own", "cannot_redouble"
                )
            return
        raise IllegalActionError(
            "that action is not a call; in the auction make a call", "wrong_phase"
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
