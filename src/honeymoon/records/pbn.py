"""PBN export: each hand of a rubber as one game in Portable Bridge Notation (PBN 2.1).

The two players sit South and East (RULES.md 5.1); North and West are empty seats, written
``-`` wherever PBN expects a hand, a player, a call or a card for them. So the calls and the
cards keep PBN's clockwise rotation (N, E, S, W) and a four-seat reader puts each one in the
right seat.

* ``Deal`` shows the two hands as they were when the auction began:
  ``N:- <East> <South> -``.
* ``Vulnerable`` is South's (NS) and East's (EW) vulnerability at the start of the hand.
* ``Auction`` starts with the first caller; the empty seats' turns are ``-``.
* ``Play`` starts with the opening leader. As PBN requires, each line is one trick with the
  columns fixed in clockwise order from the opening leader (not from the trick's leader); the
  empty seats' columns are ``-``.

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

from honeymoon.auction import Call
from honeymoon.cards import Card, CardSet
from honeymoon.game import Game
from honeymoon.records._shape import HandShape, hands_from_stock
from honeymoon.records.json_record import GameRecord, record_from_game
from honeymoon.scoring import ScoreSheet
from honeymoon.seats import Direction, Seat

__all__ = ["dump_pbn", "dumps_pbn", "PBN_VERSION"]

#: The PBN version whose conventions the export follows.
PBN_VERSION = "2.1"
_UNKNOWN_DATE = "????.??.??"


def dumps_pbn(
    source: Game | GameRecord,
    *,
    event: str | None = None,
    site: str = "?",
    date: str = _UNKNOWN_DATE,
) -> str:
    """The PBN export of every hand of ``source`` (a game or a record) that reached the end of
    its auction.

    :param event: the Event tag (default: ``Honeymoon Bridge rubber (<variant title>)``).
    :param site: the Site tag (``?``: unknown).
    :param date: the Date tag, ``YYYY.MM.DD`` (unknown by default).
    """
    record = source if isinstance(source, GameRecord) else record_from_game(source)
    event_name = event if event is not None else f"Honeymoon Bridge rubber ({record.rules.title})"
    games: list[str] = []
    sheet = ScoreSheet()
    for index, hand in enumerate(record.hands):
        shape = record.shape(index)
        if shape.auction_over:
            deal = _deal(record, index, shape)
            tags = [
                ("Event", event_name),
                ("Site", site),
                ("Date", date),
                ("Board", str(hand.number + 1)),
                ("West", "-"),
                ("North", "-"),
                ("East", record.players[Seat.EAST] or "?"),
                ("South", record.players[Seat.SOUTH] or "?"),
                ("Dealer", hand.dealer.direction.letter),
                ("Vulnerable", _vulnerable(sheet)),
                ("Deal", deal),
                ("Scoring", "Rubber"),
                ("Declarer", shape.declarer.direction.letter if shape.declarer is not None else ""),
                ("Contract", shape.contract.pbn if shape.contract else "Pass"),
                ("Result", _result(shape)),
            ]
            lines = [f"[{name} {_quote(value)}]" for name, value in tags]
            lines.append(f'[Auction "{shape.first_caller.direction.letter}"]')
            lines.extend(_auction_lines(shape))
            if shape.opening_leader is not None:
                lines.append(f'[Play "{shape.opening_leader.direction.letter}"]')
                lines.extend(_play_lines(shape))
            games.append("\n".join(lines))
        result = hand.result
        if result is not None and result.score is not None and result.declarer is not None:
            sheet = sheet.add_hand(index, int(result.declarer), result.score, result.honours)
    header = f"% PBN {PBN_VERSION}\n% EXPORT\n"
    return header + "".join(f"\n{game}\n" for game in games)


def dump_pbn(
    source: Game | GameRecord,
    fp: IO[str],
    *,
    event: str | None = None,
    site: str = "?",
    date: str = _UNKNOWN_DATE,
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


def _deal(record: GameRecord, index: int, shape: HandShape) -> str:
    hand = record.hands[index]
    hands: list[int] | None = None
    if hand.stock is not None and all(draw is not None for draw in shape.draws):
        hands = hands_from_stock(record.rules, hand.stock, shape.draws, hand.dealer)
    elif shape.play_over:
        hands = [shape.cards_played(Seat.SOUTH), shape.cards_played(Seat.EAST)]
    if hands is None:
        return "N:- - - -"
    east, south = CardSet(hands[Seat.EAST]), CardSet(hands[Seat.SOUTH])
    return f"N:- {east.to_dotted()} {south.to_dotted()} -"


def _result(shape: HandShape) -> str:
    if shape.passed_out:
        return ""
    if not shape.play_over or shape.declarer is None:
        return "?"
    return str(shape.tricks_won(shape.declarer))


_PLAYER_DIRECTIONS = {Direction.SOUTH: Seat.SOUTH, Direction.EAST: Seat.EAST}


def _rotation(start: Direction) -> list[Direction]:
    return [Direction((start + step) % 4) for step in range(4)]


def _auction_lines(shape: HandShape) -> list[str]:
    tokens: list[str] = []
    calls = list(shape.calls)
    direction = shape.first_caller.direction
    while calls:
        if direction in _PLAYER_DIRECTIONS:
            tokens.append(Call(calls.pop(0)).pbn)
        else:
            tokens.append("-")
        direction = Direction((direction + 1) % 4)
    return [" ".join(tokens[start : start + 4]) for start in range(0, len(tokens), 4)]


def _play_lines(shape: HandShape) -> list[str]:
    leader = shape.opening_leader
    assert leader is not None
    columns = _rotation(leader.direction)
    lines: list[str] = []
    for trick in shape.tricks:
        row = ["-"] * 4
        seat = trick.leader
        for card_id in trick.cards:
            row[columns.index(seat.direction)] = Card.from_id(card_id).pbn
            seat = seat.other
        lines.append(" ".join(row))
    return lines
