"""One person against the computer: the table both front ends (plain and full-screen) drive.

A :class:`Table` owns the :class:`~honeymoon.game.Game`, the computer player and the undo
history. Everything it tells the player is built from :func:`~honeymoon.views.view_for` of the
player's seat, so no front end can show a card the player may not see. It narrates each move
in plain sentences, keeps the last trick, undoes the player's last action (with everything the
computer did after it), asks the strongest available bot for a hint, and saves the game as a
record that ``honeymoon play --resume FILE`` continues.

Undo never goes back past a card the player has seen since: deciding again knowing the card
that the first decision showed (the next card of the stock, a card drawn, the computer's
reply) would be looking ahead. The saved record says how often undo and hints were used, and
a save of an unfinished rubber keeps the stock sealed (see :func:`seal_record`).

>>> from honeymoon.bots import RandomBot
>>> from honeymoon.game import Game
>>> table = Table(Game(seed=5, first_dealer=Seat.EAST), Seat.SOUTH, RandomBot(1))
>>> table.view().my_turn, table.play(table.parse("reject"))[0].startswith("You reject")
(True, True)
>>> table.undo()
'Undo stops here: you have seen ♠3 since your reject.'
>>> table.view().stock_remaining
50
"""

from __future__ import annotations

import base64
import copy
import datetime
import json
import os
import re
import tempfile
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Generic, TypeVar

from honeymoon import events
from honeymoon.analysis import GameAnalysis, HandAnalysis, analyze_hand
from honeymoon.bots import BOTS, Advice, Bot, RandomBot, advise, strongest_bot_name
from honeymoon.bots.choice import choose_bot
from honeymoon.cards import Card
from honeymoon.claims import judge_claim, line_tricks
from honeymoon.cli import hints, render
from honeymoon.errors import HoneymoonError
from honeymoon.events import CardPlayed, Event, HandOver, TrickWon
from honeymoon.game import Game, HandResult, Phase
from honeymoon.records.assistance import read_assistance, with_assistance
from honeymoon.rules import RuleSet
from honeymoon.scoring import ScoreSheet
from honeymoon.seats import SEATS, Seat
from honeymoon.table import TableGame
from honeymoon.views import (
    HandReview,
    SeatView,
    TableTrickView,
    TableView,
    TrickView,
    review_for,
    view_for,
)

__all__ = [
    "Seated",
    "Table",
    "Snapshot",
    "seal_record",
    "open_record",
    "choose_bot",
    "HUMAN_NAME",
    "computer_name",
    "human_seat_from_players",
    "computer_bot_from_players",
    "resumed_level",
    "DEFAULT_LEVEL",
]

#: The name the record gives the person at the table.
HUMAN_NAME = "player"


def computer_name(bot: Bot) -> str:
    """The name the record gives the computer player, e.g. ``computer (medium)``."""
    return f"computer ({bot.name})"


def human_seat_from_players(players: tuple[str | None, str | None]) -> Seat | None:
    """The person's seat in a saved record: the seat not named ``computer …``; None if unclear."""
    computers = [bool(name and name.startswith("computer")) for name in players]
    if computers == [True, False]:
        return Seat.EAST
    if computers == [False, True]:
        return Seat.SOUTH
    return None


#: ``computer (BOT)``, the name :func:`computer_name` gives the computer in a record.
_COMPUTER_NAME = re.compile(r"computer \((.*)\)")


def computer_bot_from_players(players: tuple[str | None, str | None]) -> str | None:
    """The bot a saved record names for the computer (``computer (club)`` gives ``club``);
    None if no seat is named ``computer (…)``.

    >>> computer_bot_from_players(("player", "computer (club)"))
    'club'
    >>> computer_bot_from_players(("player", None)) is None
    True
    """
    for name in players:
        # The record's name for the computer (computer_name): a name, not narration.
        found = _COMPUTER_NAME.fullmatch(name or "")
        if found:
            return found.group(1).strip() or None
    return None


#: The key of a save's sealed full record.
SEALED_KEY = "sealed"


def seal_record(full: str, player_safe: str) -> str:
    """A save of an unfinished rubber: the player-safe record (no seed, no stock order, the
    drawing actions hidden) with the full record packed into one ``sealed`` string, so that
    a glance at the file shows no card of the stock. :func:`open_record` unpacks it.

    >>> text = seal_record('{"format": "x", "seed": 7}\\n', '{"format": "x"}\\n')
    >>> '"seed"' in text, open_record(text)
    (False, '{"format": "x", "seed": 7}\\n')
    """
    data = json.loads(player_safe)
    packed = base64.b64encode(zlib.compress(full.encode("utf-8"), 9)).decode("ascii")
    data[SEALED_KEY] = {"encoding": "zlib+base64", "record": packed}
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def open_record(text: str) -> str:
    """The full record of a save written by :func:`seal_record` (any other text as it is).

    :raises HoneymoonError: (code ``bad_record``) if the sealed part is damaged.
    """
    try:
        data = json.loads(text)
    except ValueError:
        return text  # not JSON: the records reader says what is wrong
    sealed = data.get(SEALED_KEY) if isinstance(data, dict) else None
    if sealed is None:
        return text
    try:
        packed = sealed["record"]
        return zlib.decompress(base64.b64decode(packed, validate=True)).decode("utf-8")
    except (KeyError, TypeError, ValueError, zlib.error):
        raise HoneymoonError(
            "the sealed part of this saved game is damaged: it cannot be resumed", "bad_record"
        ) from None


GameT = TypeVar("GameT", Game, TableGame)


@dataclass(frozen=True, slots=True)
class Snapshot(Generic[GameT]):
    """What undo restores: the game and the computer player as they were before an action,
    and what the player had seen then (the hand number and the cards), so that undo can
    refuse to go back past a card seen since."""

    game: GameT
    bot: Bot
    last_trick: TrickView | TableTrickView | None
    label: str
    hand_number: int = 0
    seen: frozenset[int] = frozenset()
    #: Claims judged at the table before the action (a refused claim tells that much).
    claims: int = 0


def cards_seen(view: SeatView) -> frozenset[int]:
    """The ids of the cards the player has seen this hand: their hand, discards and draws,
    the card looked at or turned face up, and every card played to a trick."""
    seen = set(view.hand) | set(view.discards) | set(view.drawn)
    for turn in view.draws:
        seen.add(turn.kept)
        if turn.discarded is not None:
            seen.add(turn.discarded)
    for card in (view.looking_at, view.face_up):
        if card is not None:
            seen.add(card)
    tricks = [*view.preliminary_tricks, *view.tricks]
    if view.current_trick is not None:
        tricks.append(view.current_trick)
    for trick in tricks:
        seen.update(trick.cards)
    return frozenset(card.id for card in seen)


@dataclass(slots=True)
class _Memory:
    last_trick: TrickView | None = None
    events: tuple[Event, ...] = ()
    #: Claims judged so far; undo never goes back past one (its verdict rests on the
    #: opponent's cards).
    claims: int = 0
    #: The hand number and the words of the line that beat the player's last refused claim,
    #: held back until that hand is over (it names the opponent's unseen cards, and its
    #: count depends on them).
    beaten_claim: tuple[int, str] | None = None
    #: Those words once the hand is over, by hand number.
    claim_lines: dict[int, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class HintRequest:
    """A hint to work out: the decision it is for, the player's view of it and the adviser."""

    key: tuple[int, tuple[int, ...]]
    view: SeatView | TableView
    adviser: Bot


class Seated(Generic[GameT]):
    """What every table of the terminal shares, the two-hand one (:class:`Table`) and the
    four-hand one (:class:`~honeymoon.cli.table_session.FourHandTable`): the person at
    ``human`` against ``bot`` in ``game``, the options of play, the note on undo and hints, and
    the game's record and saves.
    """

    def __init__(
        self,
        game: GameT,
        human: Seat,
        bot: Bot,
        *,
        adviser: Callable[[], Bot] | None = None,
        undo_limit: int = 200,
        allow_undo: bool = True,
        auto_play: bool = False,
        style: render.CardStyle = render.SYMBOLS,
    ) -> None:
        self._game: GameT = game
        self._adviser = adviser
        self._hints = 0
        # The player's analyses of finished hands, worked out when first asked for.
        self._analyses: dict[int, HandAnalysis] = {}
        # The last hint: the position it was for, the adviser's name and its advice.
        self._hint: tuple[tuple[int, tuple[int, ...]], str, Advice] | None = None
        #: How the terminal writes cards: suit symbols or letters, the ten as 10 or T.
        self.style = style
        self.auto_play = auto_play
        self.human = human
        self.bot = bot
        self.undo_limit = undo_limit
        self.allow_undo = allow_undo
        #: A practice rubber: ``honeymoon stats`` does not count it (undo is on by default).
        self.practice = False
        #: How many of the player's actions were taken back, and how many hints were given.
        self.undos_used = 0
        self.hints_used = 0
        self._moves = 0
        self._undo_stack: list[Snapshot[GameT]] = []
        self._stand_in_phases: set[Phase] = set()
        #: The day the rubber began (``YYYY-MM-DD``), for the record and its PBN Date tag; a
        #: resumed game keeps its record's (None if that record does not say).
        self.date: str | None = datetime.date.today().isoformat()

    # -- the review of a finished hand (one feature for every table) ---------------------------

    def review(self, number: int) -> HandReview:
        """Finished hand ``number`` (0-based) as the player may look back on it
        (:func:`~honeymoon.views.review_for` of the player's seat): like the view, it holds no
        card the player did not see.

        :raises HoneymoonError: (code ``no_such_hand``) if hand ``number`` is not finished.
        """
        return review_for(self._game, self.human, number)

    def analysis(self, number: int) -> HandAnalysis:
        """The double-dummy analysis of finished hand ``number`` as the player may see it
        (:func:`~honeymoon.analysis.analyze_hand` kept to the player's seat with
        ``for_seat``): the table, par and the cost of every card once every card was played.
        Worked out when first asked for, then kept.

        :raises HoneymoonError: (code ``no_such_hand``) if hand ``number`` is not finished.
        """
        known = self._analyses.get(number)
        if known is None:
            self.review(number)  # the same refusal as the review's for an unfinished hand
            known = analyze_hand(self._game, number, drawing=False).for_seat(self.human)
            self._analyses[number] = known
        return known

    def tricks_lost(self) -> tuple[int, int]:
        """South's and East's tricks lost to their own cards in the play, double dummy, over
        the finished hands of the rubber (:attr:`GameAnalysis.lost
        <honeymoon.analysis.GameAnalysis.lost>` of the player's analyses)."""
        hands = tuple(self.analysis(n) for n in range(len(self._game.history)))
        return GameAnalysis(self._game.rules.name, hands).lost

    def review_lines(self, number: int | None = None) -> list[str]:
        """Finished hand ``number`` (1-based as the player counts; the latest if None)
        reviewed in words, with its analysis: what the line-by-line mode prints for
        ``review``. A hand not finished gets a line saying which are."""
        finished = self.finished_hands
        if not finished:
            return ["No hand is finished yet: review shows one once it is over."]
        index = finished - 1 if number is None else number - 1
        if not 0 <= index < finished:
            return [f"There is no finished hand {number}: hands 1 to {finished} are finished."]
        from honeymoon.cli.review_render import review_lines

        try:
            analysis: HandAnalysis | None = self.analysis(index)
        except HoneymoonError as error:  # no DDS to solve the four hands with
            analysis = None
            note = [f"No analysis: {error.message}."]
        else:
            note = []
        return review_lines(self.review(index), analysis, self.style) + note

    # -- hints (one feature for every table) ----------------------------------------------------

    def _decision(self) -> tuple[int, tuple[int, ...]]:
        # The position a hint is for: the hand and every action of it so far.
        return (self._game.hand_number, self._game.actions)

    def _from_dummy(self, view: SeatView | TableView) -> bool:
        # Whether the card to play comes from the player's dummy (the four-hand table says).
        return False

    def has_hint(self) -> bool:
        """True if a hint was given for the decision now before the player (a second ask
        shows its numbers)."""
        view = self.view()
        return view.my_turn and self._hint is not None and self._hint[0] == self._decision()

    def hint(self, *, more: bool | None = None) -> list[str]:
        """The hint for this decision: one line saying what the strongest bot would do and
        why, in words (:mod:`honeymoon.cli.hints`). Asked again on the same decision, or with
        ``more``, the numbers behind it too: the choices the bot compared and their figures
        (the same advice: a repeated hint is counted once). ``more=False`` never adds them.

        The same in two steps for a front end that thinks apart (:meth:`ask_hint`, then the
        advice worked out on the request's view, then :meth:`answer_hint`)."""
        asked = self.ask_hint(more=more)
        if isinstance(asked, list):
            return asked
        try:
            advice = advise(asked.adviser, asked.view)
        except Exception:  # a faulty adviser must never end the game
            advice = None
        return self.answer_hint(asked, advice, more=more)

    def ask_hint(self, *, more: bool | None = None) -> HintRequest | list[str]:
        """The lines of a hint that needs no thinking (not the player's turn, or asked again
        on the same decision), or the request to work out: the view (a snapshot: the advice
        may be worked out on another thread) and the adviser."""
        view = self.view()
        if not view.my_turn:
            return ["No hint: it is not your turn."]
        key = self._decision()
        known = self._hint
        if known is not None and known[0] == key:
            return self._hint_lines(known[2], known[1], view, more=more is not False)
        adviser = self._adviser() if self._adviser else self._default_adviser()
        return HintRequest(key, view, adviser)

    def answer_hint(
        self, asked: HintRequest, advice: Advice | None, *, more: bool | None = None
    ) -> list[str]:
        """The lines of a worked-out hint (``advice`` None: the adviser failed); nothing if
        the decision it was for is no longer the one before the player."""
        if asked.key != self._decision():
            return []
        if advice is None:
            return ["No hint available here: the computer has no advice for this phase yet."]
        if advice.action not in asked.view.legal_actions:
            return ["No hint available."]
        self.hints_used += 1
        self._hint = (asked.key, asked.adviser.name, advice)
        lines = self._hint_lines(advice, asked.adviser.name, asked.view, more=False)
        if more:
            lines += self._hint_lines(advice, asked.adviser.name, asked.view, more=True)
        return lines

    def _hint_lines(
        self, advice: Advice, adviser: str, view: SeatView | TableView, *, more: bool
    ) -> list[str]:
        # The hint in one line, or (``more``) the numbers behind it.
        phase, from_dummy = view.phase, self._from_dummy(view)
        if more:
            return hints.numbers_lines(advice, self.style, phase=phase, from_dummy=from_dummy)
        return [hints.hint_line(advice, adviser, self.style, phase=phase, from_dummy=from_dummy)]

    def _default_adviser(self) -> Bot:
        self._hints += 1
        # The strongest bot that plays the variant (the expert knows 52 cards), as the server.
        adviser, _ = choose_bot(strongest_bot_name(), f"hint:{self._hints}", self._game.rules)
        return adviser

    # -- what each table provides ------------------------------------------------------------

    def view(self) -> SeatView | TableView:
        """The player's view: the only source of what a front end shows."""
        raise NotImplementedError

    def _apply(self, seat: Seat, action: int) -> list[str]:
        """Carry out ``seat``'s ``action``; the lines narrating it."""
        raise NotImplementedError

    def _snapshot(self, action: int) -> Snapshot[GameT]:
        """What undo restores, taken before the player's ``action``."""
        raise NotImplementedError

    def _restore(self, snapshot: Snapshot[GameT]) -> None:
        """Put back what :meth:`_snapshot` took (the game and the computer player first)."""
        self._game = snapshot.game
        self.bot = snapshot.bot

    def _undo_refusal(self, snapshot: Snapshot[GameT]) -> str | None:
        """Why ``snapshot`` may not be restored (a line for the player), or None."""
        view = self.view()
        if view.hand_number != snapshot.hand_number or view.phase is Phase.COMPLETE:
            return f"Undo stops here: the hand of your {snapshot.label} is over."
        new = self._seen(view) - snapshot.seen
        if new:
            shown = " ".join(self.style.card(Card.from_id(card)) for card in sorted(new))
            return f"Undo stops here: you have seen {shown} since your {snapshot.label}."
        return None

    def _seen(self, view: SeatView | TableView) -> frozenset[int]:
        """The cards the player has seen this hand, by id."""
        raise NotImplementedError

    # -- shared -------------------------------------------------------------------------------

    def play(self, action: int) -> list[str]:
        """Carry out the player's ``action`` (checked first); returns the lines narrating it.

        :raises HoneymoonError: if the action is not legal now; nothing changes.
        """
        self._game.check(action, self.human)
        snapshot = self._snapshot(action) if self.allow_undo else None
        lines = self._apply(self.human, action)
        self._moves += 1
        if snapshot is not None:
            self._undo_stack.append(snapshot)
            del self._undo_stack[: -self.undo_limit]
        return lines

    def play_forced(self) -> list[str]:
        """Play :attr:`forced_card` for the player (nothing if there is none); returns the
        lines narrating it. It was no decision, so undo takes back the player's decision
        before it (with this card), not this card alone."""
        action = self.forced_card
        if action is None:
            return []
        lines = self._apply(self.human, action)
        self._moves += 1
        return lines

    @property
    def forced_card(self) -> int | None:
        """With auto-play on, the player's only legal card when it is their turn in the tricks
        (the last card of a hand, or the one card of the suit led); None otherwise."""
        if not self.auto_play:
            return None
        view = self.view()
        if not view.my_turn or view.phase not in (Phase.PLAY, Phase.PRELIMINARY):
            return None
        legal = view.legal_actions
        return legal[0] if len(legal) == 1 else None

    def computer_move(self) -> list[str]:
        """Let the computer make its move; returns the lines narrating it. The computer gets
        its own seat's view, never the game; a bot with no strategy for a phase is stood in
        for by random legal moves, said once a phase."""
        view = view_for(self._game, self.human.other)
        if not view.my_turn:
            return []
        note: list[str] = []
        try:
            action = self.bot.act(view)  # the computer gets its own view, never the game itself
            if action not in view.legal_actions:
                raise ValueError(f"{action} is not legal")
        except Exception as error:  # a bot without a strategy for this phase must not stop play
            stand_in = RandomBot(f"{self._game.seed}:stand-in:{len(self._undo_stack)}")
            action = stand_in.act(view)
            if view.phase not in self._stand_in_phases:
                self._stand_in_phases.add(view.phase)
                note = [
                    f"(The {self.bot.name} player cannot move here ({error.__class__.__name__}); "
                    "a random legal move is made for it.)"
                ]
        return note + self._apply(self.human.other, action)

    def undo(self) -> str:
        """Take back the player's last action and everything the computer did after it,
        unless a card has been shown to the player since (or the hand is over): deciding
        again knowing it would be looking ahead."""
        if not self.allow_undo:
            if self.practice:
                return "Undo is off in this game."
            return (
                "Undo is off in this game: it counts in honeymoon stats "
                "(honeymoon play --practice plays a rubber with undo that does not count)."
            )
        if not self._undo_stack:
            return "There is nothing to undo."
        snapshot = self._undo_stack[-1]
        refusal = self._undo_refusal(snapshot)
        if refusal is not None:
            # What the player knows only grows, so no earlier snapshot can be restored either.
            self._undo_stack.clear()
            return refusal
        self._undo_stack.pop()
        self._restore(snapshot)
        self.undos_used += 1
        return f"You take back your {snapshot.label}."

    @property
    def can_undo(self) -> bool:
        """True if undo would take back an action now (none of it shown a card since)."""
        undo = self._undo_stack
        return bool(undo) and self._undo_refusal(undo[-1]) is None

    @property
    def rules(self) -> RuleSet:
        """The variant being played, with its options (public: both players know them)."""
        return self._game.rules

    @property
    def score_sheet(self) -> ScoreSheet:
        """The rubber's score sheet so far (public)."""
        return self._game.score_sheet

    @property
    def rules_title(self) -> str:
        """The title of the variant being played, with any options in words."""
        return render.variant_title(self._game.rules)

    @property
    def is_over(self) -> bool:
        """True once the rubber is over."""
        return self._game.is_over

    @property
    def finished_hands(self) -> int:
        """How many hands of the rubber are finished (each may be reviewed)."""
        return len(self._game.history)

    @property
    def computer_to_act(self) -> bool:
        """True if it is the computer's turn."""
        to_act = self._game.to_act
        return to_act is not None and to_act != self.human

    @property
    def has_played(self) -> bool:
        """True once the player has made a move at this table (there is something to save)."""
        return self._moves > 0

    @property
    def assistance(self) -> dict[str, object]:
        """What the record notes about help: whether undo was allowed, how often undo and hints
        were used, and (only when it is one) that the rubber is a practice rubber."""
        note: dict[str, object] = {
            "undo": self.allow_undo,
            "undos": self.undos_used,
            "hints": self.hints_used,
        }
        if self.practice:
            note["practice"] = True
        return note

    @property
    def players(self) -> tuple[str, str]:
        """South's and East's names, for the record."""
        names = [HUMAN_NAME, computer_name(self.bot)]
        return (names[0], names[1]) if self.human is Seat.SOUTH else (names[1], names[0])

    def record_text(self) -> str:
        """The full JSON game record of the rubber so far (finished or not), with the note on
        undo and hints."""
        from honeymoon import records

        text = records.dumps(self._game, players=self.players, date=self.date)
        return with_assistance(text, self.assistance)

    def save_text(self) -> str:
        """What :meth:`save` writes: the full record once the rubber is over; before that the
        record with its stock sealed (:func:`seal_record`)."""
        from honeymoon import records

        full = self.record_text()
        if self.is_over:
            return full
        player_safe = records.dumps(self._game, reveal=False, players=self.players, date=self.date)
        return seal_record(full, with_assistance(player_safe, self.assistance))

    def save(self, path: str | os.PathLike[str], *, parents: bool = False) -> Path:
        """Write the game (:meth:`save_text`) to ``path`` atomically; returns the path written.
        ``parents`` creates the missing folders on the way (for the default games folder).

        :raises OSError: if the file cannot be written.
        """
        target = Path(path).expanduser()
        text = self.save_text()
        if parents:
            target.parent.mkdir(parents=True, exist_ok=True)
        directory = target.parent if str(target.parent) else Path(".")
        handle, temporary = tempfile.mkstemp(
            prefix=f".{target.name}.", suffix=".tmp", dir=directory
        )
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as stream:
                stream.write(text)
            os.replace(temporary, target)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        return target

    def restore_assistance(self, full: str) -> None:
        """Take the note on undo and hints of the saved record ``full``: undo once turned off
        stays off (saving and resuming must not bring it back), and the counts go on."""
        assistance = read_assistance(full)
        self.allow_undo = assistance.get("undo") is not False
        self.practice = assistance.get("practice") is True
        for name, attribute in (("undos", "undos_used"), ("hints", "hints_used")):
            value = assistance.get(name)
            if isinstance(value, int) and value >= 0:
                setattr(self, attribute, value)

    def describe_result(self, result: HandResult) -> str:
        """The hand's result in one line, from the player's side of the table."""
        return render.result_words(result, self.human, self.style)

    def final_line(self) -> str:
        """Who won the rubber and who won on points (once the rubber is over)."""
        return render.final_words(self._game.score_sheet, self.human)


class Table(Seated[Game]):
    """A rubber between the person at ``human`` and ``bot``.

    :param adviser: builds the bot that gives hints (default: the strongest registered bot).
    :param allow_undo: False turns undo off for the whole rubber (``--no-undo``).
    :param auto_play: the player's only legal card plays itself (``--auto-play``): a front end
        plays :attr:`forced_card` with :meth:`play_forced`.
    :param style: how cards are written (``--letters``, ``--ten``); :attr:`style` may change.
    """

    def __init__(
        self,
        game: Game,
        human: Seat,
        bot: Bot,
        *,
        adviser: Callable[[], Bot] | None = None,
        undo_limit: int = 200,
        allow_undo: bool = True,
        auto_play: bool = False,
        style: render.CardStyle = render.SYMBOLS,
    ) -> None:
        super().__init__(
            game,
            human,
            bot,
            adviser=adviser,
            undo_limit=undo_limit,
            allow_undo=allow_undo,
            auto_play=auto_play,
            style=style,
        )
        self._memory = _Memory()

    # -- what the player sees -----------------------------------------------------------------

    def view(self) -> SeatView:
        """The player's view: the only source of what a front end shows."""
        return view_for(self._game, self.human)

    @property
    def last_trick(self) -> TrickView | None:
        """The last completed trick (kept after the hand ends, until the next trick)."""
        return self._memory.last_trick

    @property
    def last_events(self) -> tuple[Event, ...]:
        """What the last action at the table did, as the engine reported it (public events,
        see :mod:`honeymoon.events`): a front end decides what to show from these, not from
        the narration's words."""
        return self._memory.events

    # -- the player's actions -------------------------------------------------------------------

    def parse(self, text: str) -> int:
        """Read an answer for the current phase (``k``, ``1NT``, ``SA`` …) and check that it
        is legal for the player now.

        :raises HoneymoonError: saying what is wrong and what would be accepted.
        """
        action = self._game.parse_action(text)
        self._game.check(action, self.human)
        return action

    def _snapshot(self, action: int) -> Snapshot[Game]:
        view = self.view()
        return Snapshot(
            self._game.clone(),
            copy.deepcopy(self.bot),
            self._memory.last_trick,
            self.style.action(action),
            view.hand_number,
            cards_seen(view),
            self._memory.claims,
        )

    def _restore(self, snapshot: Snapshot[Game]) -> None:
        super()._restore(snapshot)
        last = snapshot.last_trick
        self._memory.last_trick = last if isinstance(last, TrickView) else None

    def _seen(self, view: SeatView | TableView) -> frozenset[int]:
        assert isinstance(view, SeatView)
        return cards_seen(view)

    def _undo_refusal(self, snapshot: Snapshot[Game]) -> str | None:
        if self._memory.claims != snapshot.claims:
            view = self.view()
            if view.hand_number == snapshot.hand_number and view.phase is not Phase.COMPLETE:
                return f"Undo stops here: your claim was judged after your {snapshot.label}."
        return super()._undo_refusal(snapshot)

    def claim(self) -> list[str]:
        """The player claims every remaining trick of the hand in play; the solver judges it
        (:func:`~honeymoon.claims.judge_claim`). Accepted: the rest of the hand is played out
        along the best line, each card through the engine as an ordinary move, and the lines
        say so and give the hand's result. Refused: one line saying only that (the count the
        best defence leaves depends on the opponent's hidden cards); play goes on, the count
        and the line that beats the claim are told once the hand is over, and undo stops at
        the claim."""
        if self._game.phase is not Phase.PLAY:
            return ["A claim is made during the play of a hand, after the auction."]
        verdict = judge_claim(self._game, self.human)
        self._memory.claims += 1
        if not verdict.accepted:
            self._memory.beaten_claim = (
                self._game.hand_number,
                render.claim_line_words(
                    14 - verdict.remaining,
                    self._line_tricks(verdict.line),
                    self.human,
                    self.style,
                    guaranteed=verdict.guaranteed,
                ),
            )
            return [render.claim_refused_words()]
        self._moves += 1
        said: list[Event] = []
        for card in verdict.line:
            seat = self._game.to_act
            assert seat is not None
            said += self._apply_events(seat, card.action)
        # The tricks played out are in the record and the review; the narration says what the
        # claim did, then what the end of the hand did (its result, the rubber's end).
        self._memory.events = tuple(said)
        quiet = [e for e in said if not isinstance(e, (CardPlayed, TrickWon))]
        lines = render.narrate(quiet, self.view(), self._game.rules, self.style)
        return [render.claim_accepted_words(verdict.remaining), *lines, *self._claim_reveal(said)]

    def _line_tricks(self, line: tuple[Card, ...]) -> list[TrickView]:
        # The tricks of ``line`` played on a copy of the game, as the engine decides them.
        return [
            TrickView(
                SEATS[trick.leader],
                trick.cards,
                SEATS[trick.winner] if trick.winner is not None else None,
            )
            for trick in line_tricks(self._game, line)
        ]

    def _claim_reveal(self, said: Sequence[Event]) -> list[str]:
        # Once the hand of a refused claim is over, the line that beat it may be told.
        beaten = self._memory.beaten_claim
        if beaten is None:
            return []
        for event in said:
            if isinstance(event, HandOver) and beaten[0] == event.result.number:
                self._memory.claim_lines[beaten[0]] = beaten[1]
                self._memory.beaten_claim = None
                return [beaten[1]]
        return []

    def beaten_claim(self, number: int) -> str | None:
        """For finished hand ``number``: the line that beat the player's last refused claim in
        it, in words (None if no claim of the player's was refused there, or the hand is not
        over)."""
        return self._memory.claim_lines.get(number)

    # -- records ------------------------------------------------------------------------------

    @classmethod
    def resume(
        cls,
        path: str | os.PathLike[str],
        *,
        level: str | None = None,
        human: Seat | None = None,
    ) -> tuple[Table, str | None]:
        """The table of a saved record, with a fresh computer player of ``level``; without
        one, the bot the record names plays on (a saved game keeps its opponent).

        :raises HoneymoonError: for an unreadable or illegal record.
        :raises OSError: if the file cannot be read.
        """
        from honeymoon import records

        with open(Path(path).expanduser(), encoding="utf-8") as stream:
            text = stream.read()
        full = open_record(text)
        record = records.loads(full)
        game = record.to_game()
        if not isinstance(game, Game):
            raise HoneymoonError(
                f"{record.rules.title} is played at the four-hand table: resume it with "
                "'honeymoon play --resume'",
                "four_hands",
            )
        seat = human or human_seat_from_players(record.players) or Seat.SOUTH
        level = level or resumed_level(record.players)
        bot, note = choose_bot(level, f"{game.seed}:bot:{len(record.hands)}", game.rules)
        table = cls(game, seat, bot)
        table.restore_assistance(full)
        table.date = record.date
        return table, note

    # -- narration ----------------------------------------------------------------------------

    @property
    def opener(self) -> Seat:
        """The seat that acts first in this hand (draws first, or leads to the first
        preliminary trick), as the game says."""
        return self._game.opener

    def _apply(self, seat: Seat, action: int) -> list[str]:
        # The engine reports what the action did (public events); the player's own cards in
        # the narration come from the player's view, never from the events.
        said = self._apply_events(seat, action)
        own = action if seat == self.human else None
        lines = render.narrate(said, self.view(), self._game.rules, self.style, own_action=own)
        return lines + self._claim_reveal(said)

    def _apply_events(self, seat: Seat, action: int) -> tuple[Event, ...]:
        said = events.apply(self._game, action, seat)
        self._memory.events = said
        for event in said:
            if isinstance(event, TrickWon):
                trick = event.trick
                self._memory.last_trick = TrickView(SEATS[trick.leader], trick.cards, event.seat)
        return said


#: The level of a resumed game whose record names no computer player it knows.
DEFAULT_LEVEL = "hard"


def resumed_level(players: tuple[str | None, str | None]) -> str:
    """The bot that plays on in a resumed game: the one the record names, if this program
    still has it; else the default level."""
    name = computer_bot_from_players(players)
    return name if name is not None and name.lower() in BOTS else DEFAULT_LEVEL
