"""PBN export: each hand of a rubber as one game in Portable Bridge Notation (PBN 2.1).

The two players sit South and East (RULES.md 5.1); North and West are empty seats. The
convention for this two-player table (docs/record-format.md) keeps PBN's four-seat meaning,
so that a four-seat reader puts every call and card in the right seat:

* ``Deal`` shows the two hands as they were when the auction began: ``N:- <East> <South> -``.
* ``Dealer`` is the player who calls first, as PBN's dealer always is; the hand's dealer in
  the Honeymoon sense (who drew or dealt second) is the tag ``HoneymoonDealer``.
* ``Vulnerable`` is South's (NS) and East's (EW) vulnerability at the start of the hand.
* Bridgette's Colons are not PBN cards: ``Deal`` shows the suited cards, the tag
  ``HoneymoonColons`` (``"S:GR E:-"``) each player's Colons, ``HoneymoonUpcard`` the upcard, and
  a Colon played is written ``:G``, ``:R`` or ``:L`` in the ``Play`` section; ``Scoring`` is
  ``Bridgette`` for the six-deal match (see docs/record-format.md).
* ``Auction`` starts with the first caller. The empty seats pass in their turns, and after the
  last call until a player's turn would come: a complete four-seat auction with the same
  calls, contract and declarer (a bid followed by one player's pass is followed by three
  passes; two opening passes by four).
* ``Date`` is the day the rubber began, from the record (``????.??.??`` when it does not say).
* ``Score`` is PBN's score of the hand from the declaring side: ``"NS 120"`` when South (or,
  at the four-hand table, the side of the seat PBN calls N or S) declared, ``"EW -100"`` when
  East's side declared and went down; the declaring side's points for the hand (contract,
  overtricks, insult and slam bonuses, less the defenders' undertricks, and honours either
  way), without the rubber bonus, which belongs to the rubber rather than to the hand. A
  hand not played to its end, or passed out, has no Score tag.
* ``Play`` starts with the opening leader. As PBN requires, each line is one trick with the
  columns fixed in clockwise order from the opening leader (not from the trick's leader); the
  empty seats' columns are ``-`` (PBN's "no card").

At the four-hand table (Double Dummy Bridge) North and West hold the dummies' cards, so the
``Deal`` shows all four hands and the ``Play`` every seat's card; the dummies pass in the
auction as the empty seats do. Under the clockwise arrangement, when East declares, East and
West change places for the play (RULES.md 5.5): the export seats the hands where they sit for
the play, East's own hand at West and East's dummy at East, so that PBN's clockwise order is the
playing order.

Every hand whose auction is over is exported (a passed-out hand with ``[Contract "Pass"]``).
An unfinished hand's ``Result`` is ``?``. In a record written without the stock (a
player-safe copy) a deal is known only from the play, so a hand not played to its end has
``[Deal "N:- - - -"]``.

>>> from honeymoon.game import Game
>>> game = Game(seed=5, first_dealer=0)
>>> for text in ["keep"] * 26 + ["pass", "pass"]:
...     game.apply(game.parse_action(text))
>>> [line for line in dumps_pbn(game).splitlines() if line.startswith("[Contract")]
['[Contract "Pass"]']
"""

from __future__ import annotations

from typing import IO

from honeymoon.cards import FULL_DECK_MASK, Card, CardSet
from honeymoon.game import Game, HandLog, HandResult
from honeymoon.records.json_record import GameRecord, record_from_game
from honeymoon.scoring import ScoreSheet
from honeymoon.seats import SEATS, Direction, Seat
from honeymoon.table import MIRRORED, TableGame, dummy_layouts

__all__ = ["dump_pbn", "dumps_pbn", "PBN_VERSION"]

#: The PBN version whose conventions the export follows.
PBN_VERSION = "2.1"
_UNKNOWN_DATE = "????.??.??"


def dumps_pbn(
    source: Game | TableGame | GameRecord,
    *,
    event: str | None = None,
    site: str = "?",
    date: str | None = None,
) -> str:
    """The PBN export of every hand of ``source`` (a game or a record) that reached the end of
    its auction.

    :param event: the Event tag (default: ``Honeymoon Bridge rubber (<variant title>)``).
    :param site: the Site tag (``?``: unknown).
    :param date: the Date tag, ``YYYY.MM.DD`` (default: the day the record says the rubber
        began, else ``????.??.??``, unknown).
    """
    record = source if isinstance(source, GameRecord) else record_from_game(source)
    event_name = event if event is not None else f"Honeymoon Bridge rubber ({record.rules.title})"
    if date is None:
        date = record.date.replace("-", ".") if record.date is not None else _UNKNOWN_DATE
    games: list[str] = []
    deals = record.rules.deals_in_match
    sheet = ScoreSheet.for_deals(deals, int(record.first_dealer)) if deals else ScoreSheet()
    for index, (hand, log) in enumerate(zip(record.hands, record.logs(), strict=True)):
        if log.auction_over:
            assert log.first_caller is not None
            seats = _positions(log)
            players = {seats[seat.direction]: seat for seat in SEATS}
            tags = [
                ("Event", event_name),
                ("Site", site),
                ("Date", date),
                ("Board", str(hand.number + 1)),
                *_names(record.players, seats),
                # PBN's dealer is the player who calls first (see the module's notes).
                ("Dealer", seats[log.first_caller.direction].letter),
                ("Vulnerable", _vulnerable(sheet)),
                ("Deal", _deal(log)),
                ("Scoring", "Bridgette" if deals else "Rubber"),
                (
                    "Declarer",
                    seats[log.declarer.direction].letter if log.declarer is not None else "",
                ),
                ("Contract", log.contract.pbn if log.contract else "Pass"),
                ("Result", _result(log)),
                *_score_tag(hand.result, seats),
                ("HoneymoonDealer", seats[hand.dealer.direction].letter),
                *_layout_tag(record, hand.dealer, hand.stock, seats),
                *_colon_tags(record, log, hand.upcard),
            ]
            lines = [f"[{name} {_quote(value)}]" for name, value in tags]
            lines.append(f'[Auction "{seats[log.first_caller.direction].letter}"]')
            lines.extend(_auction_lines(log, players))
            leader = log.leader
            if leader is not None:
                lines.append(f'[Play "{seats[leader].letter}"]')
                lines.extend(_play_lines(log, seats[leader], seats))
            games.append("\n".join(lines))
        result = hand.result
        if result is not None and result.score is not None and result.declarer is not None:
            sheet = sheet.add_hand(index, int(result.declarer), result.score, result.honours)
    header = f"% PBN {PBN_VERSION}\n% EXPORT\n"
    return header + "".join(f"\n{game}\n" for game in games)


def dump_pbn(
    source: Game | TableGame | GameRecord,
    fp: IO[str],
    *,
    event: str | None = None,
    site: str = "?",
    date: str | None = None,
) -> None:
    """Write the PBN export of ``source`` to the text file ``fp`` (see :func:`dumps_pbn`)."""
    fp.write(dumps_pbn(source, event=event, site=site, date=date))


def _quote(value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'"{escaped}"'


def _vulnerable(sheet: ScoreSheet) -> str:
    south, east = sheet.vulnerable(Seat.SOUTH), sheet.vulnerable(Seat.EAST)
    if south and east:
        return "All"
    if south:
        return "NS"
    if east:
        return "EW"
    return "None"


def _positions(log: HandLog) -> tuple[Direction, Direction, Direction, Direction]:
    # Where each hand (by Direction) sits for the play: its own place, except that East and
    # West change places under the clockwise arrangement when East declares.
    if log.order == MIRRORED:
        return (Direction.NORTH, Direction.WEST, Direction.SOUTH, Direction.EAST)
    return (Direction.NORTH, Direction.EAST, Direction.SOUTH, Direction.WEST)


def _names(
    players: tuple[str | None, str | None], seats: tuple[Direction, ...]
) -> list[tuple[str, str]]:
    # West, North, East, South: the players' names at their places, "-" for the dummies.
    names = {Direction.WEST: "-", Direction.NORTH: "-"}
    names[seats[Direction.EAST]] = players[Seat.EAST] or "?"
    names[seats[Direction.WEST]] = "-"
    names[seats[Direction.SOUTH]] = players[Seat.SOUTH] or "?"
    return [(d.label, names[d]) for d in (Direction.WEST, Direction.NORTH, Direction.EAST)] + [
        ("South", names[Direction.SOUTH])
    ]


def _deal(log: HandLog) -> str:
    if log.four_hands:
        if log.hands is None:
            return "N:- - - -"
        seats = _positions(log)
        placed = {seats[hand]: cards.to_dotted() for hand, cards in enumerate(log.hands)}
        return "N:" + " ".join(placed[d] for d in Direction)
    if log.deal is None:
        return "N:- - - -"
    south, east = log.deal
    # Bridgette's Colons are not PBN cards: Deal shows the suited cards, HoneymoonColons the rest
    east, south = CardSet(east.mask & FULL_DECK_MASK), CardSet(south.mask & FULL_DECK_MASK)
    return f"N:- {east.to_dotted()} {south.to_dotted()} -"


def _colon_tags(record: GameRecord, log: HandLog, upcard: int | None) -> list[tuple[str, str]]:
    # Bridgette: ``HoneymoonColons "S:GR E:-"``, each player's Colons when the auction began
    # (PBN has no Colons), and ``HoneymoonUpcard``, the upcard (public: a player-safe copy
    # names it too).
    if not record.rules.colons or log.four_hands:
        return []
    tags: list[tuple[str, str]] = []
    if log.deal is not None:
        south, east = log.deal
        held = [
            f"{letter}:" + ("".join(c.kind.letter for c in hand.colons) or "-")
            for letter, hand in (("S", south), ("E", east))
        ]
        tags.append(("HoneymoonColons", " ".join(held)))
    if upcard is not None:
        tags.append(("HoneymoonUpcard", Card.from_id(upcard).pbn))
    return tags


def _layout_tag(
    record: GameRecord,
    dealer: Seat,
    stock: tuple[int, ...] | None,
    seats: tuple[Direction, ...],
) -> list[tuple[str, str]]:
    # Semi-Exposed Dummies: each dummy's layout as dealt, "N:<face-up>/<face-down> ... <7th>
    # W:...", where the stock is known (PBN's Deal shows each dummy whole).
    if not record.rules.semi_exposed or stock is None:
        return []
    layouts = dummy_layouts(record.rules, dealer, stock)
    parts = []
    for dummy in (Direction.NORTH, Direction.WEST):
        places = [
            Card.from_id(cover).pbn + (f"/{Card.from_id(under).pbn}" if under >= 0 else "")
            for cover, under in layouts[dummy]
        ]
        parts.append(f"{seats[dummy].letter}:" + " ".join(places))
    return [("HoneymoonLayout", " ".join(parts))]


def _score_tag(result: HandResult | None, seats: tuple[Direction, ...]) -> list[tuple[str, str]]:
    # PBN's Score: the declaring side's points for the hand, named by its side (NS or EW).
    if result is None or result.score is None or result.declarer is None:
        return []
    declarer = result.declarer
    points = (
        result.score.declarer_below
        + result.score.declarer_above
        - result.score.defender_above
        + result.honours[declarer]
        - result.honours[declarer.other]
    )
    side = "NS" if seats[declarer.direction] in (Direction.NORTH, Direction.SOUTH) else "EW"
    return [("Score", f"{side} {points}")]


def _result(log: HandLog) -> str:
    if log.passed_out:
        return ""
    if not log.play_over or log.declarer is None:
        return "?"
    return str(log.tricks_won(log.declarer))


#: The call written for an empty seat (North, West) in its turn.
_EMPTY_SEAT_CALL = "Pass"


def _rotation(start: Direction) -> list[Direction]:
    return [Direction((start + step) % 4) for step in range(4)]


def _auction_lines(log: HandLog, players: dict[Direction, Seat]) -> list[str]:
    # The empty seats pass in their turns, and after the last call until a player's turn would
    # come, so that a four-seat reader reads a complete four-seat auction with the same calls,
    # contract and declarer (see docs/record-format.md).
    tokens: list[str] = []
    calls = list(log.calls)
    assert log.first_caller is not None
    direction = next(place for place, seat in players.items() if seat is log.first_caller)
    while calls or direction not in players:
        tokens.append(calls.pop(0).pbn if direction in players else _EMPTY_SEAT_CALL)
        direction = Direction((direction + 1) % 4)
    return [" ".join(tokens[start : start + 4]) for start in range(0, len(tokens), 4)]


def _play_lines(log: HandLog, leader: Direction, seats: tuple[Direction, ...]) -> list[str]:
    columns = _rotation(leader)
    table = log.four_hands
    lines: list[str] = []
    for trick in log.tricks:
        row = ["-"] * 4
        for card, hand in zip(trick.cards, trick.players, strict=True):
            place = seats[hand] if table else SEATS[hand].direction
            row[columns.index(place)] = card.pbn
        lines.append(" ".join(row))
    return lines
