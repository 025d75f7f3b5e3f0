"""The JSON game record of a rubber: write it, read it back, replay it.

The API mirrors :mod:`json`: :func:`dump` / :func:`dumps` write a :class:`~honeymoon.game.Game`
(or a :class:`GameRecord`), :func:`load` / :func:`loads` read one into a :class:`GameRecord`.
Reading validates everything: the structure, every action (replayed through
:meth:`Game.apply <honeymoon.game.Game.apply>`), every recorded result and the score sheet.
Any fault raises :class:`~honeymoon.errors.RecordError` naming the hand and action.
The format is described field by field in ``docs/record-format.md``.

>>> from honeymoon.game import Game
>>> game = Game(seed=3, first_dealer=0)
>>> for text in ["keep"] * 26 + ["1NT", "pass"]:
...     game.apply(game.parse_action(text))
>>> record = loads(dumps(game))
>>> record.hands[0].actions[-2:], record.is_complete
((59, 52), False)
>>> resumed = record.to_game()
>>> resumed.phase.name, resumed.to_act, resumed.legal_actions() == game.legal_actions()
('PLAY', <Seat.SOUTH: 0>, True)
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import IO, Any

from honeymoon.actions import (
    CARD_ACTIONS,
    COLON_ACTIONS,
    KEEP,
    LEAD_DEFENDER,
    LEAD_DEFENDERS_DUMMY,
    REJECT,
    TAKE_EXPOSED,
    TAKE_OTHER,
    card_of_action,
    is_card_action,
)
from honeymoon.auction import LAST_BID, PASS, Call, Contract
from honeymoon.bridgette import UPCARD_PLACE, dealer_exchange_size
from honeymoon.cards import Card
from honeymoon.engines import Engine, new_game
from honeymoon.errors import (
    IllegalActionError,
    NotationError,
    RecordError,
    UnknownVariantError,
)
from honeymoon.game import Game, HandLog, HandResult, Phase, PreliminaryResult
from honeymoon.records._shape import (
    HIDDEN_DRAW_TEXT,
    HIDDEN_WIDOW_TEXT,
    hidden_widow_card,
    is_hidden_draw,
    is_hidden_widow,
    stand_in,
    table_stand_in_stock,
)
from honeymoon.rules import RuleSet, find_variant
from honeymoon.scoring import HandScore, ScoreSheet
from honeymoon.seats import SEATS, Direction, Seat
from honeymoon.table import LAYOUT_PLACES, TableGame, seen_layouts

__all__ = [
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "HandRecord",
    "GameRecord",
    "record_from_game",
    "dump",
    "dumps",
    "load",
    "loads",
]

#: The value of the record's ``format`` field.
FORMAT_NAME = "honeymoon-record"
#: The version of the format this module writes (and the newest it reads).
FORMAT_VERSION = 1

_SEAT_NAMES = ("south", "east")


def action_text(action: int | None) -> str:
    """The record's text for an action: ``keep``/``reject``, a call ``1NT``/``Pass``/``X``/``XX``,
    a card ``SA``/``HT``, ``exposed``/``other`` for declarer's choice of dummy (Single Dummy
    Bridge), ``defender``/``dummy`` for declarer's choice of opening leader (the Widow);
    ``draw`` for a hidden drawing action."""
    if action is None:
        return HIDDEN_DRAW_TEXT
    if action in CARD_ACTIONS:
        return Card.from_id(action).pbn
    if action in COLON_ACTIONS:
        return Card.from_id(card_of_action(action)).pbn  # ":G", Bridgette's Colons
    if PASS <= action <= LAST_BID:
        return Call(action).pbn
    if action == KEEP:
        return "keep"
    if action == REJECT:
        return "reject"
    if action == TAKE_EXPOSED:
        return "exposed"
    if action == TAKE_OTHER:
        return "other"
    if action == LEAD_DEFENDER:
        return "defender"
    if action == LEAD_DEFENDERS_DUMMY:
        return "dummy"
    raise ValueError(f"{action} is not an action number")


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One hand of a record.

    ``number`` is 0-based. ``stock`` is the stock order (card ids, top first), None in a copy
    written without it. ``actions`` are action numbers (see :mod:`honeymoon.actions`), with None
    for a drawing action such a copy hides. ``result`` is None for an unfinished hand.
    ``log`` is the hand as the engine replayed it (calls, tricks, preliminary tricks, the
    hands when the auction began); in a copy without the stock its ``deal`` is known only for a
    hand played to its end, and is None otherwise. ``upcard``: Bridgette's upcard (a card id,
    public), from the stock or, in a copy without it, as the copy writes it; None otherwise.
    In such a copy of Bridgette each hidden exchange discard is None in ``actions``.
    """

    number: int
    dealer: Seat
    stock: tuple[int, ...] | None
    actions: tuple[int | None, ...]
    result: HandResult | None
    log: HandLog | None = None
    upcard: int | None = None

    @property
    def is_finished(self) -> bool:
        """True if the hand has a result."""
        return self.result is not None

    def action_texts(self) -> tuple[str, ...]:
        """The actions as the record writes them: ``keep``, ``1NT``, ``Pass``, ``SA`` …"""
        return tuple(action_text(action) for action in self.actions)


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A whole rubber (or the part played so far), as read from or written to a record.

    ``score_sheet`` is the sheet after the finished hands; ``seed`` is None when the record
    has none (a copy written with ``reveal=False``, or a game created from stocks alone);
    ``players`` holds South's and East's names, None where not given; ``date`` is the day the
    rubber began, ``YYYY-MM-DD``, None when the record does not say.
    """

    rules: RuleSet
    first_dealer: Seat
    hands: tuple[HandRecord, ...]
    score_sheet: ScoreSheet = field(default_factory=ScoreSheet)
    seed: int | str | None = None
    players: tuple[str | None, str | None] = (None, None)
    date: str | None = None

    @property
    def is_complete(self) -> bool:
        """True if the rubber is over."""
        return self.score_sheet.is_complete

    @property
    def is_replayable(self) -> bool:
        """True if every hand's stock order is known, so the actions can be replayed."""
        return all(hand.stock is not None for hand in self.hands)

    @property
    def results(self) -> tuple[HandResult, ...]:
        """The results of the finished hands, in order."""
        return tuple(hand.result for hand in self.hands if hand.result is not None)

    def logs(self) -> tuple[HandLog, ...]:
        """Each hand's :class:`~honeymoon.game.HandLog`, as the engine replayed it.

        :raises RecordError: for a record built by hand without logs that cannot be replayed.
        """
        if all(hand.log is not None for hand in self.hands):
            return tuple(hand.log for hand in self.hands if hand.log is not None)
        game = self.replay()
        return tuple(game.hand_log(hand.number) for hand in self.hands)

    def replay(self) -> Engine:
        """A new game of the record's variant (:func:`honeymoon.new_game` makes it: a
        :class:`~honeymoon.game.Game`, a Bridgette game or a four-hand
        :class:`~honeymoon.table.TableGame`) with every recorded action re-applied through
        its ``apply`` (so each one is validated), and every result and the score sheet
        checked against the replay.

        :raises RecordError: if the record has no stock orders (a player-safe copy), or an
            action is illegal, or a result differs from the replay.
        """
        if not self.is_replayable:
            raise RecordError(
                "this record was written without the stock order (a player-safe copy): "
                "it can be read but not replayed",
                code="not_replayable",
            )
        game, _ = _replay(self.rules, self.seed, self.first_dealer, self.hands)
        _compare_sheet(self.score_sheet, game.score_sheet)
        return game

    def to_game(self) -> Engine:
        """The game at the point the record stops, ready to continue ("save and resume").

        The same as :meth:`replay`. Hands after the recorded ones draw their stock from the
        recorded seed (from a fresh random seed if the record has none).
        """
        return self.replay()


def record_from_game(
    game: Game | TableGame,
    *,
    players: tuple[str | None, str | None] = (None, None),
    date: str | None = None,
) -> GameRecord:
    """The record of ``game`` so far: every finished hand and, unless the rubber is over, the
    hand in progress (with its stock order and the actions taken so far). ``date``: the day
    the rubber began (``YYYY-MM-DD``), if known."""
    colons = game.rules.colons
    hands = [
        HandRecord(
            done.number,
            done.dealer,
            done.stock,
            done.actions,
            done.result,
            done.log,
            done.stock[UPCARD_PLACE] if colons else None,
        )
        for done in game.history
    ]
    if not game.is_over:
        number = game.hand_number
        stock = game.stock_for_hand(number)
        hands.append(
            HandRecord(
                number,
                game.dealer,
                stock,
                game.actions,
                None,
                game.hand_log(),
                stock[UPCARD_PLACE] if colons else None,
            )
        )
    return GameRecord(
        rules=game.rules,
        first_dealer=game.first_dealer,
        hands=tuple(hands),
        score_sheet=game.score_sheet,
        seed=game.seed,
        players=players,
        date=_checked_date(date),
    )


# -- writing ----------------------------------------------------------------------------------


def dumps(
    game: Game | TableGame | GameRecord,
    *,
    reveal: bool = True,
    players: tuple[str | None, str | None] | None = None,
    date: str | None = None,
) -> str:
    """The JSON record of ``game`` (a game, or a record read earlier), as text.

    :param reveal: False writes a player-safe copy: no seed, no stock orders, and every
        drawing action written as ``"draw"``. Such a copy can be read but not replayed.
    :param players: South's and East's names (default: those of a record, else none).
    :param date: the day the rubber began, ``YYYY-MM-DD`` (default: a record's, else none).
    :raises ValueError: for a date that is not ``YYYY-MM-DD``.
    """
    record = game if isinstance(game, GameRecord) else record_from_game(game)
    if players is not None or date is not None:
        record = GameRecord(
            record.rules,
            record.first_dealer,
            record.hands,
            record.score_sheet,
            record.seed,
            players if players is not None else record.players,
            _checked_date(date) if date is not None else record.date,
        )
    return _format_json(record_to_dict(record, reveal=reveal)) + "\n"


def dump(
    game: Game | TableGame | GameRecord,
    fp: IO[str],
    *,
    reveal: bool = True,
    players: tuple[str | None, str | None] | None = None,
    date: str | None = None,
) -> None:
    """Write the JSON record of ``game`` to the text file ``fp`` (see :func:`dumps`)."""
    fp.write(dumps(game, reveal=reveal, players=players, date=date))


def record_to_dict(record: GameRecord, *, reveal: bool = True) -> dict[str, Any]:
    """The record as plain JSON-ready values (see :func:`dumps` for ``reveal``)."""
    options = {
        key: value.value if isinstance(value, Enum) else value
        for key, value in record.rules.options().items()
    }
    if _honours_by_default(record.rules.name):
        # Named even at its default: a record of this variant that does not name it was
        # written when honours were off by default in every variant (see _read_variant).
        options["honours"] = record.rules.honours
    data: dict[str, Any] = {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "variant": {"name": record.rules.name, "options": options},
    }
    if reveal and record.seed is not None:
        data["seed"] = record.seed
    data["first_dealer"] = _SEAT_NAMES[record.first_dealer]
    if any(name is not None for name in record.players):
        data["players"] = {"south": record.players[0], "east": record.players[1]}
    if record.date is not None:
        data["date"] = record.date
    hands: list[dict[str, Any]] = []
    for hand in record.hands:
        entry: dict[str, Any] = {"number": hand.number, "dealer": _SEAT_NAMES[hand.dealer]}
        if reveal and hand.stock is not None:
            entry["stock"] = [Card.from_id(card_id).pbn for card_id in hand.stock]
        entry["actions"] = [
            action_text(None if not reveal and action in (KEEP, REJECT) else action)
            for action in hand.actions
        ]
        if record.rules.colons and not reveal:
            # Bridgette: the exchange discards (every card action before the first call) are
            # each player's secret, hidden from a player-safe copy like a drawing action; the
            # upcard, which both players saw, is written on its own
            for index, action in enumerate(hand.actions):
                if action is not None and PASS <= action <= LAST_BID:
                    break
                entry["actions"][index] = HIDDEN_DRAW_TEXT
            upcard = _upcard(hand)
            if upcard is not None:
                entry["upcard"] = Card.from_id(upcard).pbn
        if record.rules.widow and (not reveal or None in hand.actions):
            # the Widow: the placements of the widow's cards (the hand's first three card
            # actions) are private, declarer's and the defender's: hidden from a player-safe
            # copy, as in a copy read back
            placements = [i for i, a in enumerate(hand.actions) if a is None or a in CARD_ACTIONS][
                :3
            ]
            for index in placements:
                entry["actions"][index] = HIDDEN_WIDOW_TEXT
        if not reveal and record.rules.semi_exposed and hand.stock is not None:
            # the dummies' face-up cards, seen by both players from the deal, each in its
            # place, with each face-down card turned up so far (never one still face down)
            played = [action for action in hand.actions if action is not None]
            seen = seen_layouts(record.rules, hand.dealer, hand.stock, played)
            entry["layouts"] = {
                Direction(dummy).name.lower(): [
                    [_card_text(cover), _card_text(under)] for cover, under in places
                ]
                for dummy, places in seen.items()
            }
        entry["result"] = _result_to_dict(hand.result) if hand.result is not None else None
        hands.append(entry)
    data["hands"] = hands
    data["complete"] = record.is_complete
    data["score"] = _sheet_to_dict(record.score_sheet)
    return data


def _upcard(hand: HandRecord) -> int | None:
    # Bridgette's upcard: from the stock where it is known, else as a copy wrote it.
    if hand.stock is not None and len(hand.stock) > UPCARD_PLACE:
        return hand.stock[UPCARD_PLACE]
    return hand.upcard


def _result_to_dict(result: HandResult) -> dict[str, Any]:
    score = result.score
    return {
        "passed_out": result.passed_out,
        "contract": result.contract.pbn if result.contract is not None else None,
        "declarer": _SEAT_NAMES[result.declarer] if result.declarer is not None else None,
        "declarer_tricks": result.declarer_tricks,
        "declarer_below": score.declarer_below if score else 0,
        "declarer_above": score.declarer_above if score else 0,
        "defender_above": score.defender_above if score else 0,
        "honours": list(result.honours),
        **_preliminary_to_dict(result),
    }


def _preliminary_to_dict(result: HandResult) -> dict[str, Any]:
    # Only the variants with preliminary tricks (Draw Bridge, Memory Bridge) write these.
    extra: dict[str, Any] = {}
    preliminary = result.preliminary
    if preliminary is not None:
        award = preliminary.award
        extra["preliminary"] = {
            "tricks": list(preliminary.tricks),
            "award_seat": _SEAT_NAMES[preliminary.award_seat]
            if preliminary.award_seat is not None
            else None,
            "award_below": award.declarer_below if award else 0,
            "award_above": award.declarer_above if award else 0,
        }
    if result.ended_by_award:
        extra["ended_by_award"] = True
    return extra


def _sheet_to_dict(sheet: ScoreSheet) -> dict[str, Any]:
    winner = sheet.points_winner if sheet.is_complete else None
    return {
        "above": [sheet.above(0), sheet.above(1)],
        "below": [sheet.below(0), sheet.below(1)],
        "totals": list(sheet.totals),
        "games": list(sheet.games),
        "rubber_winner": _SEAT_NAMES[sheet.rubber_winner]
        if sheet.rubber_winner is not None
        else None,
        "points_winner": _SEAT_NAMES[winner] if winner is not None else None,
        # a match of deals (Bridgette's six): how many are scored
        **({"deals_scored": sheet.deals_scored} if sheet.match_deals else {}),
    }


_WIDTH = 100


def _format_json(value: Any, depth: int = 0) -> str:
    # Indented like json.dumps(indent=2), but a list of plain values is packed onto as few
    # lines as fit, so that a stock or a hand's actions stay readable.
    pad = "  " * (depth + 1)
    if isinstance(value, dict):
        if not value:
            return "{}"
        items = [
            f"{pad}{json.dumps(key, ensure_ascii=False)}: {_format_json(item, depth + 1)}"
            for key, item in value.items()
        ]
        return "{\n" + ",\n".join(items) + "\n" + "  " * depth + "}"
    if isinstance(value, list):
        if not value:
            return "[]"
        if any(isinstance(item, dict | list) for item in value):
            items = [pad + _format_json(item, depth + 1) for item in value]
            return "[\n" + ",\n".join(items) + "\n" + "  " * depth + "]"
        parts = [json.dumps(item, ensure_ascii=False) for item in value]
        single = "[" + ", ".join(parts) + "]"
        if len(single) + len(pad) <= _WIDTH - 20:
            return single
        lines: list[str] = []
        line = ""
        for part in parts:
            if line and len(pad) + len(line) + len(part) + 2 > _WIDTH:
                lines.append(line)
                line = ""
            line = f"{line}, {part}" if line else part
        lines.append(line)
        return "[\n" + ",\n".join(pad + text for text in lines) + "\n" + "  " * depth + "]"
    return json.dumps(value, ensure_ascii=False)


# -- reading ----------------------------------------------------------------------------------


def loads(text: str | bytes) -> GameRecord:
    """Read a record from JSON text (or UTF-8 bytes) and validate it completely.

    A record with stock orders is replayed action by action through
    :meth:`Game.apply <honeymoon.game.Game.apply>`; a player-safe copy (no stocks) is checked
    for form, for the legality of every call, and its results are re-scored from the play.

    :raises RecordError: for bad JSON (with line and column), a missing or mistyped field, bad
        notation, an illegal action, or a result or score that differs from the replay.
    """
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            raise RecordError(
                f"a record is UTF-8 text; byte {error.start} is not valid UTF-8",
                code="bad_json",
            ) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(
            f"not valid JSON: {error.msg} at line {error.lineno}, column {error.colno}",
            code="bad_json",
        ) from None
    except RecursionError:
        raise RecordError(
            "not a record: the JSON is nested far too deeply", code="bad_json"
        ) from None
    return record_from_dict(data)


def load(fp: IO[str] | IO[bytes]) -> GameRecord:
    """Read a record from a file opened for reading (text or binary); see :func:`loads`."""
    return loads(fp.read())


def record_from_dict(data: object) -> GameRecord:
    """Build and validate a record from parsed JSON values (see :func:`loads`).

    :raises RecordError: as :func:`loads` does.
    """
    top = _expect_object(data, "the record", None)
    _check_format(top)
    rules = _read_variant(_get(top, "variant", dict, "the record", None))
    seed = _read_seed(top)
    first_dealer = _read_seat(_get(top, "first_dealer", str, "the record", None), "first_dealer")
    players = _read_players(top)
    date = _read_date(top)
    hands = _read_hands(top, rules)
    with_stock = hands[0].stock is not None
    _check_upcards(rules, hands, with_stock)
    if with_stock:
        stocks: list[tuple[int, ...]] = [hand.stock or () for hand in hands]
        discards: list[tuple[int, ...]] = []
    else:
        stocks, discards = _stand_in_stocks(rules, hands)
    game, actions = _replay(
        rules, seed, first_dealer, hands, stocks, hidden=not with_stock, discards=discards
    )
    records = tuple(
        HandRecord(
            index,
            hand.dealer,
            hand.stock,
            actions[index],
            game.history[index].result if hand.result is not None else None,
            _known_log(game.hand_log(index), with_stock),
            (hand.stock[UPCARD_PLACE] if hand.stock is not None else hand.upcard)
            if rules.colons
            else None,
        )
        for index, hand in enumerate(hands)
    )
    _check_recorded_summary(top, game.score_sheet)
    return GameRecord(rules, first_dealer, records, game.score_sheet, seed, players, date)


def _check_format(top: dict[str, Any]) -> None:
    """Check that the record says it is a Honeymoon Bridge record of the version read here."""
    format_name = _get(top, "format", str, "the record", None)
    if format_name != FORMAT_NAME:
        raise RecordError(
            f"'format' is {format_name!r}: a Honeymoon Bridge record says {FORMAT_NAME!r}",
            code="bad_format",
        )
    version = _get(top, "version", int, "the record", None)
    if version != FORMAT_VERSION:
        newer = " (written by a newer version of this program)" if version > FORMAT_VERSION else ""
        raise RecordError(
            f"record format version {version} cannot be read{newer}: this program reads "
            f"version {FORMAT_VERSION}",
            code="unsupported_version",
        )


def _read_hands(top: dict[str, Any], rules: RuleSet) -> list[_ReadHand]:
    """The record's hands, at least one, either every one with a stock order of the pack's
    size or none (a player-safe copy)."""
    raw_hands = _get(top, "hands", list, "the record", None)
    if not raw_hands:
        raise RecordError("'hands' is empty: a record has at least one hand", code="missing_field")
    hands = [_read_hand(item, index) for index, item in enumerate(raw_hands)]
    with_stock = [hand for hand in hands if hand.stock is not None]
    if with_stock and len(with_stock) != len(hands):
        missing = next(index for index, hand in enumerate(hands) if hand.stock is None)
        raise RecordError(
            "'stock' is missing: either every hand has its stock order or none does "
            "(a player-safe copy)",
            hand=missing,
            code="missing_field",
        )
    pack = 55 if rules.colons else 52
    for index, hand in enumerate(hands):
        if hand.stock is not None and len(hand.stock) != pack:
            raise RecordError(
                f"'stock' has {len(hand.stock)} cards: {rules.title} is played with "
                f"{pack}, top card first",
                hand=index,
                code="bad_stock",
            )
    return hands


def _stand_in_stocks(
    rules: RuleSet, hands: Sequence[_ReadHand]
) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    """A player-safe copy's stand-in stocks, one a hand, and (two-hand variants) the stand-in
    discards of each hand's hidden actions."""
    stocks: list[tuple[int, ...]] = []
    discards: list[tuple[int, ...]] = []
    for hand in hands:
        # Replayed on stand-in stocks that give each player the cards they played (see
        # records._shape), with the hidden drawing actions taken as keep and Bridgette's
        # hidden exchange discards as cards its player is not seen to play.
        if rules.four_hands:
            stocks.append(table_stand_in_stock(rules, hand.dealer, hand.actions, hand.layouts))
            continue
        fitted = stand_in(rules, hand.dealer, hand.actions, hand.upcard)
        stocks.append(fitted.stock)
        discards.append(fitted.discards)
    return stocks, discards


def _check_upcards(rules: RuleSet, hands: Sequence[_ReadHand], with_stock: bool) -> None:
    # Bridgette: a player-safe copy names each hand's upcard (public; the stand-in stock keeps
    # it in its place); where a full record names it too, it is the stock's. Other variants
    # have none.
    for index, hand in enumerate(hands):
        if not rules.colons:
            if hand.upcard is not None:
                raise RecordError(
                    f"'upcard' is given, but {rules.title} has no upcard: only Bridgette's "
                    "hands have one",
                    hand=index,
                    code="bad_upcard",
                )
            continue
        if hand.stock is not None:
            stocked = hand.stock[UPCARD_PLACE]
            if hand.upcard is not None and hand.upcard != stocked:
                raise RecordError(
                    f"'upcard' is {Card.from_id(hand.upcard)}, but the stock's card "
                    f"{UPCARD_PLACE + 1} (the upcard) is {Card.from_id(stocked)}",
                    hand=index,
                    code="bad_upcard",
                )
        elif hand.upcard is None and not with_stock:
            raise RecordError(
                f"a player-safe copy of {rules.title} names each hand's upcard, which both "
                'players saw: add it to the hand, e.g. "upcard": "HA" (or ":G")',
                hand=index,
                code="missing_field",
            )


def _known_log(log: HandLog, with_stock: bool) -> HandLog:
    # On a stand-in stock the hands are real only where every card was played.
    if with_stock or log.play_over:
        return log
    return replace(log, deal=None, hands=None)


@dataclass(frozen=True, slots=True)
class _ReadHand:
    dealer: Seat
    stock: tuple[int, ...] | None
    actions: tuple[str, ...]
    result: HandResult | None
    #: Semi-exposed dummies, a player-safe copy: the dummies' layouts as seen (by Direction).
    layouts: dict[int, tuple[tuple[int, int], ...]] | None = None
    #: Bridgette: the upcard as the record names it (a card id), if it does.
    upcard: int | None = None


_TYPE_WORDS: dict[type, str] = {
    dict: "an object",
    list: "an array",
    str: "a string",
    int: "an integer",
    bool: "true or false",
    float: "a number",
    type(None): "null",
}


def _kind(value: object) -> str:
    return _TYPE_WORDS.get(type(value), type(value).__name__)


def _expect_object(value: object, where: str, hand: int | None) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise RecordError(
            f"{where} should be a JSON object, not {_kind(value)}", hand=hand, code="wrong_type"
        )
    return value


def _has_type(value: object, kind: type) -> bool:
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, kind)


def _get(
    obj: dict[str, Any],
    key: str,
    kind: type,
    where: str,
    hand: int | None,
    *,
    optional: bool = False,
) -> Any:
    if key not in obj:
        if optional:
            return None
        raise RecordError(f"{where} has no {key!r} field", hand=hand, code="missing_field")
    value = obj[key]
    if value is None and optional:
        return None
    if not _has_type(value, kind):
        raise RecordError(
            f"{key!r} should be {_TYPE_WORDS[kind]}, not {_kind(value)}",
            hand=hand,
            code="wrong_type",
        )
    return value


def _read_variant(variant: dict[str, Any]) -> RuleSet:
    name = _get(variant, "name", str, "'variant'", None)
    try:
        base = find_variant(name, four_hands=True)
    except UnknownVariantError as error:
        raise RecordError(error.message, code="unknown_variant") from None
    options = _get(variant, "options", dict, "'variant'", None, optional=True) or {}
    converted: dict[str, Any] = {}
    if base.honours and "honours" not in options:
        # Written before this variant scored honours by default: its hands were scored
        # without them, and replaying them so keeps the recorded results.
        converted["honours"] = False
    for key, value in options.items():
        current = getattr(base, key, None) if isinstance(key, str) else None
        if isinstance(current, bool):
            if not isinstance(value, bool):
                raise RecordError(
                    f"variant option {key!r} should be true or false, not {_kind(value)}",
                    code="wrong_type",
                )
            converted[key] = value
        elif isinstance(current, Enum):
            try:
                converted[key] = type(current)(value)
            except ValueError:
                choices = ", ".join(repr(member.value) for member in type(current))
                raise RecordError(
                    f"variant option {key!r} is {value!r}: use one of {choices}",
                    code="wrong_type",
                ) from None
        else:
            converted[key] = value
    try:
        rules = base.with_options(**converted)
    except UnknownVariantError as error:
        raise RecordError(error.message, code="unknown_option") from None
    return rules


def _honours_by_default(name: str) -> bool:
    # True for the variants that score honours unless told not to (rules.py).
    try:
        return find_variant(name, four_hands=True).honours
    except UnknownVariantError:
        return False


def _read_seed(top: dict[str, Any]) -> int | str | None:
    seed = top.get("seed")
    if seed is None or isinstance(seed, str) or _has_type(seed, int):
        return seed
    raise RecordError(
        f"'seed' should be an integer or a string, not {_kind(seed)}", code="wrong_type"
    )


def _checked_date(date: str | None) -> str | None:
    # A calendar day, YYYY-MM-DD: what the record writes and what PBN's Date tag is made of.
    if date is None:
        return None
    try:
        # fromisoformat also takes 20261204; the record writes the one form.
        if len(date) == 10:
            datetime.date.fromisoformat(date)
            return date
    except ValueError:
        pass
    raise ValueError(f"the date {date!r} is not a day written YYYY-MM-DD")


def _read_date(top: dict[str, Any]) -> str | None:
    date = _get(top, "date", str, "the record", None, optional=True)
    try:
        return _checked_date(date)
    except ValueError:
        raise RecordError(
            f"'date' should be a day written YYYY-MM-DD, not {date!r}", code="bad_date"
        ) from None


def _read_seat(text: str, where: str, hand: int | None = None) -> Seat:
    key = text.strip().lower()
    if key not in _SEAT_NAMES:
        raise RecordError(
            f"{where} is {text!r}: a seat is 'south' or 'east'", hand=hand, code="bad_seat"
        )
    return SEATS[_SEAT_NAMES.index(key)]


def _read_players(top: dict[str, Any]) -> tuple[str | None, str | None]:
    players = _get(top, "players", dict, "the record", None, optional=True)
    if players is None:
        return (None, None)
    for key in players:
        if key not in _SEAT_NAMES:
            raise RecordError(
                f"'players' names {key!r}: only 'south' and 'east' play", code="bad_seat"
            )
    south = _get(players, "south", str, "'players'", None, optional=True)
    east = _get(players, "east", str, "'players'", None, optional=True)
    return (south, east)


def _read_hand(item: object, index: int) -> _ReadHand:
    hand = _expect_object(item, "a hand", index)
    number = _get(hand, "number", int, "the hand", index)
    if number != index:
        raise RecordError(
            f"'number' is {number}, but the hand in this place of the list is number {index} "
            "(numbers start at 0)",
            hand=index,
            code="bad_number",
        )
    dealer = _read_seat(_get(hand, "dealer", str, "the hand", index), "'dealer'", index)
    raw_stock = _get(hand, "stock", list, "the hand", index, optional=True)
    stock = _read_stock(raw_stock, index) if raw_stock is not None else None
    actions = _get(hand, "actions", list, "the hand", index)
    for position, action in enumerate(actions):
        if not isinstance(action, str):
            raise RecordError(
                f"an action should be a string such as 'keep', '1NT' or 'SA', not {_kind(action)}",
                hand=index,
                action_index=position,
                code="wrong_type",
            )
    raw_result = _get(hand, "result", dict, "the hand", index, optional=True)
    result = _read_result(raw_result, index, dealer) if raw_result is not None else None
    raw_layouts = _get(hand, "layouts", dict, "the hand", index, optional=True)
    layouts = _read_layouts(raw_layouts, index) if raw_layouts is not None else None
    raw_upcard = _get(hand, "upcard", str, "the hand", index, optional=True)
    upcard = None
    if raw_upcard is not None:
        try:
            upcard = Card.parse(raw_upcard).id
        except NotationError as error:
            raise RecordError(
                f'\'upcard\': {error.message}; the upcard is a card such as "HA" or ":G"',
                hand=index,
                code="bad_card",
            ) from None
    return _ReadHand(dealer, stock, tuple(actions), result, layouts, upcard)


def _card_text(card: int) -> str | None:
    return Card.from_id(card).pbn if card >= 0 else None


def _read_layouts(raw: dict[str, Any], hand: int) -> dict[int, tuple[tuple[int, int], ...]]:
    # Semi-exposed dummies: {"north": [[face-up card, card under it or null], ...7], "west": ...}
    layouts: dict[int, tuple[tuple[int, int], ...]] = {}
    for name, places in raw.items():
        direction = next((d for d in Direction if d.name.lower() == name), None)
        if direction is None or not direction.is_dummy:
            raise RecordError(
                f"'layouts' has {name!r}: a layout belongs to a dummy, 'north' or 'west'",
                hand=hand,
                code="bad_layout",
            )
        if not isinstance(places, list) or len(places) != LAYOUT_PLACES:
            raise RecordError(
                f"'layouts' {name}: a list of {LAYOUT_PLACES} places, each [face-up card, "
                "card under it or null]",
                hand=hand,
                code="bad_layout",
            )
        read: list[tuple[int, int]] = []
        for place in places:
            try:
                cover, under = place
                read.append(
                    (Card.parse(cover).id, Card.parse(under).id if under is not None else -1)
                )
            except (TypeError, ValueError):
                raise RecordError(
                    f"'layouts' {name}: {place!r:.40} is not [face-up card, card under it or "
                    'null], e.g. ["SA", null]',
                    hand=hand,
                    code="bad_layout",
                ) from None
        layouts[int(direction)] = tuple(read)
    return layouts


def _read_stock(raw: list[Any], hand: int) -> tuple[int, ...]:
    order: list[int] = []
    for position, text in enumerate(raw):
        if not isinstance(text, str):
            raise RecordError(
                f"'stock' card {position + 1} should be a string such as 'SA', not {_kind(text)}",
                hand=hand,
                code="wrong_type",
            )
        try:
            order.append(Card.parse(text).id)
        except NotationError as error:
            raise RecordError(
                f"'stock' card {position + 1}: {error.message}", hand=hand, code="bad_card"
            ) from None
    if len(order) not in (52, 55):
        raise RecordError(
            f"'stock' has {len(order)} cards: it lists all 52 (55 in Bridgette), top card first",
            hand=hand,
            code="bad_stock",
        )
    seen: set[int] = set()
    for position, card_id in enumerate(order):
        if card_id in seen:
            raise RecordError(
                f"'stock' lists {Card.from_id(card_id)} twice (again as card {position + 1}): "
                "each card appears exactly once",
                hand=hand,
                code="bad_stock",
            )
        seen.add(card_id)
    return tuple(order)


def _read_result(raw: dict[str, Any], hand: int, dealer: Seat) -> HandResult:
    where = "'result'"
    contract_text = _get(raw, "contract", str, where, hand, optional=True)
    ended_by_award = bool(_get(raw, "ended_by_award", bool, where, hand, optional=True))
    passed_out = _get(raw, "passed_out", bool, where, hand, optional=True)
    if passed_out is None:
        passed_out = contract_text is None and not ended_by_award
    if passed_out != (contract_text is None and not ended_by_award):
        raise RecordError(
            "'result' says passed_out is "
            + ("true but names a contract" if passed_out else "false but names no contract"),
            hand=hand,
            code="bad_result",
        )
    honours_raw = _get(raw, "honours", list, where, hand, optional=True) or [0, 0]
    if len(honours_raw) != 2 or not all(_has_type(points, int) for points in honours_raw):
        raise RecordError(
            "'honours' should be two integers: South's and East's honours points",
            hand=hand,
            code="wrong_type",
        )
    honours = (honours_raw[0], honours_raw[1])
    raw_preliminary = _get(raw, "preliminary", dict, where, hand, optional=True)
    preliminary = _read_preliminary(raw_preliminary, hand) if raw_preliminary is not None else None
    if contract_text is None:
        return HandResult(
            hand, dealer, None, None, None, None, honours, preliminary, ended_by_award
        )
    try:
        contract = Contract.parse(contract_text)
    except NotationError as error:
        raise RecordError(f"'contract': {error.message}", hand=hand, code="bad_contract") from None
    declarer = _read_seat(_get(raw, "declarer", str, where, hand), "'declarer'", hand)
    tricks = _get(raw, "declarer_tricks", int, where, hand)
    if not 0 <= tricks <= 13:
        raise RecordError(
            f"'declarer_tricks' is {tricks}: a hand has 13 tricks", hand=hand, code="bad_result"
        )
    score = HandScore(
        _get(raw, "declarer_below", int, where, hand),
        _get(raw, "declarer_above", int, where, hand),
        _get(raw, "defender_above", int, where, hand),
    )
    return HandResult(
        hand, dealer, contract, declarer, tricks, score, honours, preliminary, ended_by_award
    )


def _read_preliminary(raw: dict[str, Any], hand: int) -> PreliminaryResult:
    where = "'preliminary'"
    tricks = _get(raw, "tricks", list, where, hand)
    if len(tricks) != 2 or not all(_has_type(count, int) for count in tricks):
        raise RecordError(
            "'preliminary' 'tricks' should be two integers: South's and East's tricks",
            hand=hand,
            code="wrong_type",
        )
    seat_text = _get(raw, "award_seat", str, where, hand, optional=True)
    if seat_text is None:
        return PreliminaryResult((tricks[0], tricks[1]))
    award = HandScore(
        _get(raw, "award_below", int, where, hand), _get(raw, "award_above", int, where, hand), 0
    )
    seat = _read_seat(seat_text, "'award_seat'", hand)
    return PreliminaryResult((tricks[0], tricks[1]), seat, award)


# -- checking ---------------------------------------------------------------------------------


def _replay(
    rules: RuleSet,
    seed: int | str | None,
    first_dealer: Seat,
    hands: Sequence[HandRecord | _ReadHand],
    stocks: Sequence[Sequence[int]] | None = None,
    *,
    hidden: bool = False,
    discards: Sequence[Sequence[int]] = (),
) -> tuple[Game | TableGame, list[tuple[int | None, ...]]]:
    """Replay ``hands`` through a new game on their stocks (or ``stocks``); return it and each
    hand's actions as numbers. ``hidden``: a player-safe copy, whose hidden drawing actions
    are replayed as keep (on stand-in stocks) and returned as None, and whose hidden
    Bridgette exchange discards are replayed as ``discards`` (each hand's, in order; see
    :class:`~honeymoon.records._shape.StandIn`) and returned as None."""
    if stocks is None:
        stocks = [hand.stock or () for hand in hands]
    try:
        game = new_game(rules, seed=seed, stocks=stocks, first_dealer=first_dealer)
    except NotImplementedError:
        raise RecordError(
            f"{rules.title} cannot be played by this version, so its record cannot be replayed",
            code="unsupported_variant",
        ) from None
    numbers: list[tuple[int | None, ...]] = []
    last = len(hands) - 1
    for index, hand in enumerate(hands):
        if game.is_over:
            raise RecordError(
                f"the rubber ended with hand {index}, yet the record goes on",
                hand=index,
                code="extra_hand",
            )
        _check_dealer(hand.dealer, game.dealer, index)
        stand_in_discards = iter(discards[index] if index < len(discards) else ())
        parsed: list[int | None] = []
        for position, raw in enumerate(hand.actions):
            if game.is_over or game.hand_number != index:
                raise RecordError(
                    "the hand is over: no action can follow",
                    hand=index,
                    action_index=position,
                    code="extra_action",
                )
            if hidden:
                played = _replay_hidden(
                    game, raw, stocks[index], stand_in_discards, index, position
                )
                if played:
                    parsed.append(None)
                    continue
            parsed.append(_replay_action(game, raw, index, position))
        numbers.append(tuple(parsed))
        finished = game.is_over or game.hand_number != index
        _check_finished(finished, hand.result, index, last, len(hand.actions))
        if hand.result is not None:
            _compare_result(hand.result, game.history[index].result, index)
    return game, numbers


def _replay_hidden(
    game: Game | TableGame,
    raw: str | int | None,
    stock: Sequence[int],
    stand_in_discards: Iterator[int],
    hand: int,
    position: int,
) -> bool:
    """Replay ``raw`` if it is a player-safe copy's hidden action (a widow card, a draw, an
    exchange discard) on the hand's stand-in ``stock``; whether it was one."""
    if is_hidden_widow(raw) and isinstance(game, TableGame):
        try:
            game.apply(hidden_widow_card(game, stock))
        except IllegalActionError as error:
            raise RecordError(
                error.message, hand=hand, action_index=position, code=error.code
            ) from None
        return True
    if not is_hidden_draw(raw):
        return False
    if game.phase is Phase.EXCHANGE:
        discard = next(stand_in_discards, None)
        assert discard is not None, "the stand-in gives every hidden discard a card"
        game.apply(discard)
        return True
    if game.phase is not Phase.DRAWING:
        raise RecordError(
            _hidden_draw_refused(game),
            hand=hand,
            action_index=position,
            code="wrong_phase",
        )
    game.apply(KEEP)
    return True


def _replay_action(game: Game | TableGame, raw: str | int | None, hand: int, position: int) -> int:
    """Read ``raw`` as an action of ``game`` now and apply it; the action's number."""
    if game.phase is Phase.EXCHANGE and not _is_card_text(raw):
        raise RecordError(
            _exchange_not_over(game, raw),
            hand=hand,
            action_index=position,
            code="bad_action",
        )
    number = _parse_for_game(game, raw, hand, position)
    try:
        game.apply(number)
    except IllegalActionError as error:
        raise RecordError(
            error.message, hand=hand, action_index=position, code=error.code
        ) from None
    return number


def _hidden_draw_refused(game: Game | TableGame) -> str:
    # Why a hidden drawing action (or exchange discard) cannot come now, and what can.
    if isinstance(game, Game) and game.rules.colons:
        upcard = game.face_up_card()
        size = (
            f" (non-dealer discards 2, and the upcard {upcard} has dealer discard "
            f"{dealer_exchange_size(upcard.id)})"
            if upcard is not None
            else ""
        )
        return (
            f"'{HIDDEN_DRAW_TEXT}' (a hidden exchange discard) is not possible now: the "
            f"exchange is over{size}; a call or a card comes next"
        )
    return (
        f"'{HIDDEN_DRAW_TEXT}' (a hidden drawing action) is not possible now: the drawing is over"
    )


def _is_card_text(raw: str | int | None) -> bool:
    if isinstance(raw, int):
        return is_card_action(raw)
    try:
        Card.parse(str(raw))
    except NotationError:
        return False
    return True


def _exchange_not_over(game: Game | TableGame, raw: str | int | None) -> str:
    # Bridgette: a call (or other text) while a player still has exchange discards to make.
    seat = game.to_act
    left = game.to_discard if isinstance(game, Game) else 0
    return (
        f"{raw!r:.20} cannot come yet: the exchange is not over, {seat} has {left} more "
        f"card(s) to discard (each a card such as 'SA' or ':G', or '{HIDDEN_DRAW_TEXT}' in a "
        "player-safe copy)"
    )


def _parse_for_game(game: Game | TableGame, raw: str | int | None, hand: int, position: int) -> int:
    if isinstance(raw, int):
        return raw
    if raw is None:
        raise RecordError(
            "a hidden drawing action cannot be replayed",
            hand=hand,
            action_index=position,
            code="not_replayable",
        )
    try:
        return game.parse_action(raw)
    except NotationError as error:
        raise RecordError(
            error.message, hand=hand, action_index=position, code="bad_action"
        ) from None


def _check_dealer(recorded: Seat, actual: Seat, hand: int) -> None:
    if recorded is not actual:
        raise RecordError(
            f"the dealer is recorded as {recorded}, but it is {actual}'s deal: the deal "
            "alternates, starting with 'first_dealer'",
            hand=hand,
            code="wrong_dealer",
        )


def _check_finished(
    finished: bool, result: HandResult | None, hand: int, last: int, count: int
) -> None:
    if result is None and finished:
        raise RecordError(
            "the hand is over but the record gives no result", hand=hand, code="missing_result"
        )
    if result is None and hand != last:
        raise RecordError(
            f"the hand stops after {count} actions, before its end: only the last hand of a "
            "record may be unfinished",
            hand=hand,
            code="unfinished_hand",
        )
    if result is not None and not finished:
        raise RecordError(
            f"the record gives a result, but the hand's {count} actions stop before its end",
            hand=hand,
            code="unfinished_hand",
        )


def _describe_result(result: HandResult) -> dict[str, object]:
    score = result.score
    return {
        "contract": str(result.contract) if result.contract is not None else "passed out",
        "declarer": result.declarer,
        "declarer_tricks": result.declarer_tricks,
        "declarer_below": score.declarer_below if score else 0,
        "declarer_above": score.declarer_above if score else 0,
        "defender_above": score.defender_above if score else 0,
        "honours": result.honours,
        **{
            f"preliminary {key}": value
            for key, value in _preliminary_to_dict(result).get("preliminary", {}).items()
        },
        "ended_by_award": result.ended_by_award,
    }


def _compare_result(recorded: HandResult, actual: HandResult, hand: int) -> None:
    mine, theirs = _describe_result(recorded), _describe_result(actual)
    differences = [
        f"{key} {mine[key]} recorded, {theirs[key]} in play"
        for key in mine
        if mine[key] != theirs[key]
    ]
    if differences:
        raise RecordError(
            "the recorded result does not match the hand as played: " + "; ".join(differences),
            hand=hand,
            code="result_mismatch",
        )


def _compare_sheet(recorded: ScoreSheet, actual: ScoreSheet) -> None:
    mine, theirs = _sheet_to_dict(recorded), _sheet_to_dict(actual)
    _compare_summary(mine, theirs)


def _compare_summary(recorded: dict[str, Any], actual: dict[str, Any]) -> None:
    differences = [
        f"{key} {recorded[key]} recorded, {actual[key]} in play"
        for key in actual
        if key in recorded and recorded[key] != actual[key]
    ]
    if differences:
        raise RecordError(
            "the recorded score sheet does not match the hands as played: "
            + "; ".join(differences),
            code="score_mismatch",
        )


def _check_recorded_summary(top: dict[str, Any], sheet: ScoreSheet) -> None:
    complete = _get(top, "complete", bool, "the record", None, optional=True)
    if complete is not None and complete != sheet.is_complete:
        raise RecordError(
            "'complete' is "
            + ("true, but the rubber is not over" if complete else "false, but the rubber is over"),
            code="score_mismatch",
        )
    score = _get(top, "score", dict, "the record", None, optional=True)
    if score is not None:
        _compare_summary(score, _sheet_to_dict(sheet))
