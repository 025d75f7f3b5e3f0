"""One person against the computer at the four-hand table (Double Dummy Bridge and its kin).

A :class:`FourHandTable` owns the :class:`~honeymoon.table.TableGame` and the computer player.
Everything it tells the player comes from :func:`~honeymoon.views.view_for` of the player's
seat or from what every player sees played (the calls, the cards of the tricks, who won), so no
front end can show a card the player may not see. The player acts for their own hand and for
their dummy; the narration says which hand played each card.

:class:`TablePlainSession` plays it line by line (``honeymoon play --plain --variant
double-dummy``). Hints, claims and the review of a hand with its analysis are the two-hand
table's (:class:`~honeymoon.cli.session.Seated`), the analysis solved by DDS.

>>> from honeymoon.bots import RandomBot
>>> from honeymoon.rules import DOUBLE_DUMMY
>>> from honeymoon.table import TableGame
>>> table = FourHandTable(TableGame(DOUBLE_DUMMY, seed=3, first_dealer=Seat.SOUTH),
...                       Seat.SOUTH, RandomBot(1))
>>> table.play(table.parse("1s"))
['You call 1♠.']
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from honeymoon.actions import TAKE_EXPOSED, is_card_action
from honeymoon.bots import Bot
from honeymoon.cards import Card
from honeymoon.claims import ClaimVerdict, judge_claim, line_tricks
from honeymoon.cli import render, table_render
from honeymoon.cli.lines import LineSession
from honeymoon.cli.session import (
    Seated,
    Snapshot,
    choose_bot,
    human_seat_from_players,
    resumed_level,
)
from honeymoon.errors import HoneymoonError, NotationError
from honeymoon.game import HandResult, Phase
from honeymoon.seats import Direction, Seat
from honeymoon.table import TableGame
from honeymoon.views import SeatView, TableTrickView, TableView, view_for

__all__ = [
    "FourHandTable",
    "TablePlainSession",
    "cards_seen",
]


def cards_seen(view: TableView) -> frozenset[int]:
    """The ids of the cards the player has seen this hand: every hand the view shows, the
    extra cards, and every card played to a trick."""
    seen: set[Card] = set(view.extra_cards)
    for cards in view.hands:
        if cards is not None:
            seen |= set(cards)
    tricks = list(view.tricks)
    if view.current_trick is not None:
        tricks.append(view.current_trick)
    for trick in tricks:
        seen.update(trick.cards)
    return frozenset(card.id for card in seen)


@dataclass(frozen=True, slots=True)
class _Acted:
    """An action just taken at the table, with the player's view before and after it."""

    seat: Seat
    action: int
    mine: bool
    before: TableView
    after: TableView

    @property
    def who(self) -> str:
        """The actor as the narration names it: "You", or the computer's seat."""
        return "You" if self.mine else self.seat.label

    def verb(self, word: str) -> str:
        """``word`` as the player's verb ("play") or, with an "s", the computer's ("plays")."""
        return word if self.mine else word + "s"


class FourHandTable(Seated[TableGame]):
    """A rubber of a four-hand variant between the person at ``human`` and ``bot``.

    The same shape as :class:`~honeymoon.cli.session.Table` where the two tables share a
    feature (view, parse, play, computer_move, undo, hints, claims, review, save, resume).
    """

    def __init__(
        self,
        game: TableGame,
        human: Seat,
        bot: Bot,
        *,
        adviser: Callable[[], Bot] | None = None,
        allow_undo: bool = True,
        auto_play: bool = False,
        style: render.CardStyle = render.SYMBOLS,
        undo_limit: int = 200,
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
        self._last_trick: TableTrickView | None = None
        #: A refused claim whose line is told once its hand is over: the hand, the trick it
        #: was made at, the verdict, and the line's tricks as the engine plays them.
        self._beaten: tuple[int, int, ClaimVerdict, tuple[TableTrickView, ...]] | None = None
        #: The results of hands that ended with the last action (for the front ends).
        self.finished: tuple[HandResult, ...] = ()
        #: True if the last action completed a trick.
        self.trick_completed = False

    # -- what the player sees -----------------------------------------------------------------

    def view(self) -> TableView:
        """The player's view: the only source of what a front end shows."""
        return view_for(self._game, self.human)

    @property
    def last_trick(self) -> TableTrickView | None:
        """The last completed trick (kept after the hand ends, until the next trick)."""
        return self._last_trick

    # -- the player's actions -------------------------------------------------------------------

    def parse(self, text: str) -> int:
        """Read an answer for the current phase (a call, a card, ``exposed`` or ``other``,
        or the first letters of any offered choice) and check that it is legal now.

        :raises HoneymoonError: saying what is wrong and what would be accepted.
        """
        game = self._game
        try:
            action = game.parse_action(text)
        except NotationError:
            found = self._choice_by_words(text)
            if found is None:
                raise
            action = found
        game.check(action, self.human)
        return action

    def _choice_by_words(self, text: str) -> int | None:
        # A choice that is not a call or a card, by the start of its words: "e" for "take the
        # exposed dummy". Works for any phase whose actions describe() words.
        key = text.strip().lower()
        if not key or self._game.phase in (Phase.AUCTION, Phase.PLAY):
            return None
        choices = [a for a in self.view().legal_actions if not is_card_action(a)]
        words = {a: set(table_render.choice_words(a, self.style).lower().split()) for a in choices}
        # Only the words that tell the choices apart count ("exposed", not "take the").
        common = set.intersection(*words.values()) if words else set()
        for match in (str.__eq__, str.startswith):
            found = [a for a in choices if any(match(w, key) for w in words[a] - common)]
            if len(found) == 1:
                return found[0]
        return None

    def _snapshot(self, action: int) -> Snapshot[TableGame]:
        view = self.view()
        return Snapshot(
            self._game.clone(),
            copy.deepcopy(self.bot),
            self._last_trick,
            table_render.choice_words(action, self.style),
            view.hand_number,
            cards_seen(view),
        )

    def _restore(self, snapshot: Snapshot[TableGame]) -> None:
        super()._restore(snapshot)
        last = snapshot.last_trick
        self._last_trick = last if isinstance(last, TableTrickView) else None

    def _seen(self, view: SeatView | TableView) -> frozenset[int]:
        assert isinstance(view, TableView)
        return cards_seen(view)

    def _from_dummy(self, view: SeatView | TableView) -> bool:
        assert isinstance(view, TableView)
        return view.phase is Phase.PLAY and view.to_play == self.human.dummy

    def claim(self) -> list[str]:
        """The player claims every remaining trick; the judge sees the four hands
        (:func:`~honeymoon.claims.judge_claim`). Accepted: the rest is played out along the
        best line, each card through the engine, and the lines give the hand's result.
        Refused: one line saying only that; the line that beats it is told once the hand is
        over, and undo stops at the claim (as at two hands)."""
        game = self._game
        if game.phase is not Phase.PLAY:
            return ["A claim is made during the play of a hand, after the auction."]
        try:
            verdict = judge_claim(game, self.human)
        except HoneymoonError as error:  # face-down cards, or no DDS to judge with
            return [f"{error.message[0].upper()}{error.message[1:]}."]
        self._undo_stack.clear()
        if not verdict.accepted:
            tricks = tuple(
                TableTrickView(
                    Direction(trick.leader),
                    trick.cards,
                    Direction(trick.winner) if trick.winner is not None else None,
                    tuple(Direction(hand) for hand in trick.order),
                )
                for trick in line_tricks(game, verdict.line)
            )
            self._beaten = (game.hand_number, len(game.completed_tricks) + 1, verdict, tricks)
            return [render.claim_refused_words()]
        self._moves += 1
        lines: list[str] = []
        for card in verdict.line:
            seat = game.to_act
            assert seat is not None
            lines = self._apply(seat, card.action)
        # The cards played out are in the record; what is said is the claim and the result.
        return [render.claim_accepted_words(verdict.remaining), *lines[-2:]]

    def _claim_reveal(self, number: int) -> list[str]:
        # Once the hand of a refused claim is over, the line that beat it may be told: every
        # card of the hand has been played face up by then.
        beaten = self._beaten
        if beaten is None or beaten[0] != number:
            return []
        self._beaten = None
        _, first, verdict, tricks = beaten
        played = "; ".join(
            f"{number}) {table_render.trick_words(trick, self.human, self.style)}"
            for number, trick in enumerate(tricks, first)
        )
        return [
            f"Your claim at trick {first}: with best play by both you took {verdict.guaranteed} "
            f"of the {verdict.remaining} tricks left, trick by trick: {played}."
        ]

    # -- narration ----------------------------------------------------------------------------

    def _apply(self, seat: Seat, action: int) -> list[str]:
        """Apply ``seat``'s ``action`` and say what happened, as the player sees it."""
        game = self._game
        before = view_for(game, self.human)
        phase, number, to_play = game.phase, game.hand_number, game.to_play
        done = len(game.completed_tricks)
        game.apply(action, seat)
        acted = _Acted(seat, action, seat == self.human, before, self.view())
        self.trick_completed = False
        self.finished = ()
        if phase is Phase.PLAY:
            assert to_play is not None
            lines = self._play_words(acted, to_play, number, done)
        else:
            lines = [self._choice_words(phase, acted)]
        if game.hand_number != number or game.is_over:
            lines += self._hand_end_words(number)
        else:
            lines += self._phase_start(phase, acted.after)
        return lines

    def _play_words(self, acted: _Acted, hand: Direction, number: int, done: int) -> list[str]:
        """The words for a card played from ``hand``: the card, the trick it completed (if it
        did) and the dummies turned face up after the opening lead."""
        card = self.style.card(Card.from_id(acted.action))
        if hand.is_dummy:
            whose = "your" if acted.mine else "their"
            played = f"{acted.who} {acted.verb('play')} {card} from {whose} dummy ({hand.label})."
        else:
            played = f"{acted.who} {acted.verb('play')} {card}."
        lines = [played]
        lines += self._trick_won_words(number, done)
        before = acted.before
        opening = done == 0 and before.current_trick is not None
        rules = self.rules
        shown = not (rules.racks or rules.exposed_dummy or rules.semi_exposed)
        if opening and shown and before.current_trick and not before.current_trick.cards:
            lines.append("The opening lead is made: both dummies are turned face up.")
        return lines

    def _trick_won_words(self, number: int, done: int) -> list[str]:
        """Who won trick ``done`` of hand ``number`` and the tricks each side has, if the last
        card completed it (kept as the last trick); else nothing."""
        me = self.human
        log = self._game.hand_log(number)
        if len(log.tricks) <= done or log.tricks[done].winner is None:
            return []
        trick = log.tricks[done]
        self._last_trick = TableTrickView(
            Direction(trick.leader),
            trick.cards,
            Direction(trick.winner) if trick.winner is not None else None,
            tuple(Direction(hand) for hand in trick.order),
        )
        self.trick_completed = True
        winner = self._last_trick.winner
        assert winner is not None
        won = log.tricks_won(me)
        lost = log.tricks_won(me.other)
        return [
            f"{table_render.wins_words(winner, me, capital=True)} the trick "
            f"(tricks: you {won}, {me.other.label} {lost})."
        ]

    def _choice_words(self, phase: Phase, acted: _Acted) -> str:
        """The words for an action other than a card played: a call, the choice of a dummy or
        of the opening leader, a widow or extra card placed, a draw."""
        who, mine, action = acted.who, acted.mine, acted.action
        if phase is Phase.AUCTION:
            return f"{who} {acted.verb('call')} {self.style.action(action)}."
        if phase is Phase.DUMMY_CHOICE:
            chosen = "the exposed dummy" if action == TAKE_EXPOSED else "the other dummy"
            return (
                f"{who} {acted.verb('take')} {chosen}; it sits opposite "
                f"{'you' if mine else 'them'}, and both dummies are face up."
            )
        if phase is Phase.WIDOW_HAND or phase is Phase.WIDOW_DUMMY:
            where = "hand" if phase is Phase.WIDOW_HAND else "dummy"
            if mine:
                return f"You put {self.style.card(Card.from_id(action))} in your {where}."
            return f"{who} puts a widow card in their {where}."
        if phase is Phase.LEAD_CHOICE:
            leader = acted.after.opening_leader
            named = table_render.hand_name(leader, self.human) if leader is not None else "?"
            return f"{who} {'have' if mine else 'has'} {named} make the opening lead."
        if phase is Phase.EXTRA_CARDS:
            return self._extra_card_words(acted)
        return f"{who} {acted.verb('choose')} {table_render.choice_words(action)}."

    def _extra_card_words(self, acted: _Acted) -> str:
        """The words for the extra cards (or the widow's two) shared between hand and dummy:
        which went where for the player, only that it was done for the computer."""
        if acted.mine:
            kept = Card.from_id(acted.action)
            other = [c for c in acted.before.extra_cards if c != kept]
            to_dummy = f" and {self.style.card(other[0])} in your dummy" if other else ""
            return f"You put {self.style.card(kept)} in your hand{to_dummy}."
        cards = "of the two widow cards" if self.rules.widow else "extra card"
        return f"{acted.who} puts one {cards} in their hand, the other in their dummy."

    def _hand_end_words(self, number: int) -> list[str]:
        """The words when hand ``number`` has just ended: its result, a refused claim's line,
        and the final score if the rubber is over (the result kept as finished)."""
        game = self._game
        me = self.human
        result = game.history[number].result
        self.finished = (result,)
        lines = [render.result_words(result, me, self.style)]
        lines += self._claim_reveal(number)
        if game.is_over:
            lines.append(render.final_words(game.score_sheet, me))
        return lines

    def _phase_start(self, phase: Phase, view: TableView) -> list[str]:
        # What a new phase asks of whom, said once when it begins.
        if view.phase is phase:
            return []
        me = self.human
        lines: list[str] = []
        if phase is Phase.AUCTION and view.contract is not None and view.declarer is not None:
            declarer = "you" if view.declarer == me else view.declarer.label
            lines.append(f"Contract {self.style.contract(view.contract)} by {declarer}.")
        if view.phase is Phase.DUMMY_CHOICE:
            exposed = view.exposed_dummy
            where = f" ({exposed.label})" if exposed is not None else ""
            chooser = "You choose" if view.to_act == me else f"{view.to_act} chooses"
            lines.append(
                f"{chooser} a dummy: the exposed one{where} or the other, unseen until then."
            )
        elif view.phase is Phase.WIDOW_HAND:
            if view.to_act == me:
                widow = " ".join(self.style.card(c) for c in view.extra_cards.cards_high_to_low())
                lines.append(
                    f"You take the widow: {widow}. One goes to your hand, one to your dummy "
                    f"({me.dummy.label}), the other two to {me.other.label}."
                )
            else:
                lines.append(f"{view.to_act} takes the widow, unseen by you.")
        elif view.phase is Phase.EXTRA_CARDS and view.extra_cards:
            extra = " ".join(self.style.card(c) for c in view.extra_cards.cards_high_to_low())
            given = (
                f"{me.other.label} gives you two widow cards"
                if self.rules.widow
                else "Two more cards each. Yours"
            )
            lines.append(
                f"{given}: {extra}: one goes to your hand, the other to your dummy "
                f"({me.dummy.label})."
            )
        elif view.phase is Phase.LEAD_CHOICE:
            defender = me.other if view.to_act == me else me
            chooser = "You choose" if view.to_act == me else f"{view.to_act} chooses"
            lines.append(
                f"{chooser} who leads: {table_render.hand_name(defender.direction, me)} or "
                f"{table_render.hand_name(defender.dummy, me)}."
            )
        elif view.phase is Phase.PLAY and view.opening_leader is not None:
            leader = table_render.hand_name(view.opening_leader, me, capital=True)
            verb = "lead" if view.opening_leader == me.direction else "leads"
            rules = self.rules
            # In plain Double Dummy Bridge the player sees their dummy only now.
            newly = not (
                rules.twelve_and_two or rules.exposed_dummy or rules.semi_exposed or rules.widow
            )
            seen = f"; you now see your dummy ({me.dummy.label})" if newly else ""
            lines.append(f"{leader} {verb}{seen}.")
        return lines

    # -- records ------------------------------------------------------------------------------

    @classmethod
    def resume(
        cls,
        game: TableGame,
        full: str,
        *,
        level: str | None,
        human: Seat | None,
        players: Any,
        date: str | None = None,
    ) -> tuple[FourHandTable, str | None]:
        """The table of a four-hand record read back (``full`` is the full record), with a
        fresh computer player of ``level``; without one, the bot the record names. ``date``:
        the day the rubber began, as the record says."""
        seat = human or human_seat_from_players(players) or Seat.SOUTH
        level = level or resumed_level(players)
        bot, note = choose_bot(level, f"{game.seed}:bot:{game.hand_number}")
        table = cls(game, seat, bot)
        table.restore_assistance(full)
        table.date = date
        return table, note


def _display_order(view: TableView) -> list[int]:
    """The legal actions in the order the player reads them: cards spades first, high to
    low (as the hands are written); any other action in the engine's order."""
    legal = list(view.legal_actions)
    if legal and all(is_card_action(action) for action in legal):
        return sorted(legal, key=lambda action: (-(action // 13), -(action % 13)))
    return legal


_HELP = """Commands at any prompt:
  help or ?     this help              rules       the rules of this variant, in short
  table         the table drawn        hands       every hand you may see
  auction       the calls so far       score       the score sheet
  tricks        the tricks this hand   status      contract, tricks won, who is vulnerable
  last          the last trick         undo or u   take back your last action (a call
                                                   taken back has shown you the answer to it)
  save [FILE]   save the game          quit        leave (you are offered to save first)
Answers: in the auction a call ('pass' or 'p', '1C', '3NT', 'X', 'XX'); in the play a card
('SA', '10H' or 'TH') for the hand the prompt names: your own or your dummy; declarer's
choice of dummy 'exposed' or 'other'; with twelve and two, the extra card for your hand.
  hint or h     what the computer would do   claim     claim the rest of the tricks
  review [N]    a finished hand trick by trick, with its double-dummy analysis (or b)"""


class TablePlainSession(LineSession):
    """The four-hand table line by line: one prompt per decision, the table drawn on request
    (``table``) and when the dummies are turned face up."""

    def __init__(
        self,
        table: FourHandTable,
        read: Callable[[str], str] = input,
        write: Callable[[str], None] = print,
        *,
        record_path: str | Path | None = None,
        write_record: bool = True,
        create_directory: bool = False,
    ) -> None:
        super().__init__(
            table,
            read,
            write,
            record_path=record_path,
            write_record=write_record,
            create_directory=create_directory,
        )
        self.table = table
        self.human = table.human
        self._announced = -1
        self._phase_shown: tuple[int, Phase] = (-1, Phase.AUCTION)

    def _greet(self) -> None:
        table = self.table
        self.write(
            f"{table.rules_title}. You are {self.human.label}, with your dummy opposite you "
            f"({self.human.dummy.label}); the computer ({table.bot.name}) is "
            f"{self.human.other.label}, with its dummy {self.human.other.dummy.label}. "
            "Type 'help' for commands."
        )

    def _before_each(self) -> None:
        self._announce_hand()

    def _narrate(self, lines: list[str]) -> None:
        for line in lines:
            self.write(line)
        view = self.table.view()
        started = (view.hand_number, view.phase)
        if view.phase is not Phase.AUCTION and started != self._phase_shown:
            # A new phase shows the hands as they now are (the player's dummy, extra cards).
            self._phase_shown = started
            lead = view.current_trick is not None and bool(view.current_trick.cards)
            wanted = view.my_turn or view.phase is Phase.PLAY
            if wanted and view.phase is not Phase.COMPLETE and not view.tricks and not lead:
                for line in table_render.hands_lines(view, self.table.style):
                    self.write(line)
        opened = view.phase is Phase.PLAY and len(view.tricks) == 0 and view.current_trick
        if opened and view.current_trick is not None and len(view.current_trick.cards) == 1:
            # The dummies have just been turned face up (or, with racks, stay hidden).
            self._draw(view)

    def _draw(self, view: TableView) -> None:
        for line in table_render.diagram_text(
            table_render.table_diagram(view, self.table.style, compact=True)
        ):
            self.write(line)

    def _announce_hand(self) -> None:
        view = self.table.view()
        if view.hand_number == self._announced or view.phase is not Phase.AUCTION:
            return
        if self._announced >= 0:
            for line in render.score_sheet_lines(view.score_sheet):
                self.write(line)
        self._announced = view.hand_number
        me = self.human
        dealer = "You deal" if view.dealer == me else f"{view.dealer.label} deals"
        first = "you call first" if view.to_act == me else f"{view.to_act} calls first"
        self.write("")
        self.write(f"Hand {view.hand_number + 1}: {dealer}; {first}.")
        for line in table_render.hands_lines(view, self.table.style):
            self.write(line)

    def _turn(self) -> None:
        view = self.table.view()
        try:
            text = self.read(self._prompt(view))
        except EOFError:
            self._leave_at_end_of_input()
        answer = text.strip()
        if not answer or self._command(answer, view):
            return
        try:
            action = self.table.parse(answer)
        except HoneymoonError as error:
            legal = ", ".join(
                table_render.choice_words(a, self.table.style) for a in _display_order(view)
            )
            if view.phase is Phase.AUCTION:
                legal = render.legal_action_words(view, self.table.style)
            self.write(f"{error} (legal now: {legal}; 'help' for more)")
            return
        self._narrate(self.table.play(action))

    def _prompt(self, view: TableView) -> str:
        style = self.table.style
        me = self.human
        if view.phase is Phase.AUCTION:
            current = f"current bid {style.contract(view.contract)}" if view.contract else ""
            legal = render.legal_action_words(view, style)
            return f"[{current or 'no bid yet'}] Your call ({legal}): "
        choices = ", ".join(table_render.typed_choice(a, style) for a in _display_order(view))
        if view.phase is not Phase.PLAY:
            question = table_render.prompt_words(view, style).split(":")[0]
            return f"[{table_render.phase_text(view.phase).title}] {question} ({choices}): "
        trick = view.current_trick
        if trick is not None and trick.cards:
            status = table_render.trick_words(trick, me, style)
        else:
            status = "you lead" if view.to_play is not None else ""
        to_play = view.to_play
        assert to_play is not None
        hand = table_render.player_hand_name(to_play, me)
        cards = view.hands[to_play]
        held = " ".join(render.hand_lines(cards, style)) if cards is not None else ""
        number = len(view.tricks) + 1
        return f"[trick {number} · {status}] {hand} to play: {held}. Legal: {choices}. Card: "

    def _command(self, answer: str, view: TableView) -> bool:
        word, _, rest = answer.partition(" ")
        word = word.lower()
        style = self.table.style
        lines: list[str] = []
        if word in ("help", "?"):
            lines = _HELP.splitlines()
        elif word == "rules":
            lines = table_render.table_rules_help(self.table.rules)
        elif word == "table":
            self._draw(view)
            return True
        elif word in ("hand", "hands"):
            lines = table_render.hands_lines(view, style)
        elif word == "auction":
            lines = render.auction_table(view, style) or ["The auction has not started."]
        elif word == "tricks":
            tricks = [*view.tricks]
            lines = [
                f"Trick {n}: {table_render.trick_words(t, self.human, style)}"
                for n, t in enumerate(tricks, 1)
            ]
            if view.current_trick is not None and view.current_trick.cards:
                lines.append(
                    "Now: " + table_render.trick_words(view.current_trick, self.human, style)
                )
            lines = lines or ["No trick has been played yet this hand."]
        elif word == "status":
            lines = [self.table.rules_title, *table_render.info_lines(view, style)]
        elif word == "score":
            lines = render.score_sheet_lines(view.score_sheet)
        elif word == "last":
            last = self.table.last_trick
            words = table_render.trick_words(last, self.human, style) if last else "none yet"
            lines = [f"Last trick: {words}"]
        elif word == "claim":
            lines = self.table.claim()
        elif word in ("hint", "h", "why"):
            lines = self.table.hint(more=word == "why" or None)
        else:
            shared = self._shared_command(word, rest)
            if shared is None:
                return False
            lines = shared
        for line in lines:
            self.write(line)
        return True
