"""``honeymoon play``: a whole rubber against the computer, in any registered variant.

In a terminal it opens the full-screen table (:mod:`honeymoon.cli.tui`). With ``--plain``, or
when input or output is not a terminal, it plays line by line, which works with screen
readers, pipes and scripts: one prompt per decision, answered with ``keep``/``reject`` (``k``,
``r``), a call (``1NT``, ``p``, ``x``) or a card (``SA``, ``10H``), plus commands (``help``,
``rules``, ``hand``, ``discards`` or ``drawn``, ``auction``, ``tricks``, ``status``, ``score``,
``last``, ``hint`` and ``hint more``, ``claim``, ``undo``, ``save``, ``quit``). In the tricks
the prompt lists
the cards that may be played; ``--letters`` and ``--ten T`` change how cards are written.
``--variant draw`` and ``--variant memory`` add the preliminary
tricks; ``--option NAME=true|false`` sets a variant's options. Nothing typed can crash the
game: a bad answer gets one line saying what would be accepted, and the same question again;
Ctrl-C and ``quit`` offer to save first.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

from honeymoon.bots import LEVEL_DESCRIPTIONS, LEVELS, Bot
from honeymoon.cli import render
from honeymoon.cli.lines import LineSession, QuitGame
from honeymoon.cli.options import add_variant_arguments, variant_with_options
from honeymoon.cli.session import DEFAULT_LEVEL, Table, choose_bot
from honeymoon.cli.table_session import FourHandTable, TablePlainSession
from honeymoon.engines import new_game
from honeymoon.errors import HoneymoonError
from honeymoon.game import Game, Phase
from honeymoon.rules import DEFAULT_RULES, Procedure, RuleSet
from honeymoon.seats import Seat
from honeymoon.table import TableGame
from honeymoon.views import SeatView

__all__ = ["PlainSession", "QuitGame", "register", "run", "default_record_path"]

_HELP = """Commands at any prompt:
  help or ?     this help              rules       the rules of this variant, in short
  hand          your hand              discards    your drawing turns (or drawn cards) this hand
  auction       the calls so far       score       the score sheet
  tricks        the tricks this hand   status      contract, tricks won, who is vulnerable
  last          the last trick         hint or h   what the computer would do, and why
  hint more     the numbers behind the hint: the choices the computer compared (also: why)
  claim         in the play: claim the rest of the tricks (the computer checks the claim)
  review [N]    a finished hand trick by trick, with its double-dummy analysis (or b)
  undo or u     take back your last action (and the computer's replies), unless a card
                has been shown to you since; a call taken back has shown you the
                computer's answer to it, which you then know as you call again
  save [FILE]   save the game; resume it later with: honeymoon play --resume FILE
  quit          leave the game (you are offered to save first)
Answers: while drawing 'keep' (k) or 'reject' (r); in the auction a call such as 'pass' (p),
'1C', '3NT' (or '3n'), 'X' (double), 'XX' (redouble); in the preliminary tricks and in play a
card such as 'SA', 'AS', '10H' or 'TH'."""


class PlainSession(LineSession):
    """One person (``human``) against ``bot`` in ``game``, over ``read`` and ``write``.

    ``read(prompt)`` returns one line (raising EOFError at the end of input, KeyboardInterrupt
    on Ctrl-C); ``write(text)`` prints one line. ``record_path`` is where ``save`` writes by
    default and where the record is written when the rubber ends (None: only on request).
    A :class:`~honeymoon.cli.session.Table` may be given instead of ``game`` and ``bot``.
    """

    def __init__(
        self,
        game: Game | None,
        human: Seat,
        bot: Bot | None,
        read: Callable[[str], str] = input,
        write: Callable[[str], None] = print,
        *,
        table: Table | None = None,
        record_path: str | Path | None = None,
        write_record: bool = True,
        create_directory: bool = False,
    ) -> None:
        if table is None:
            if game is None or bot is None:
                raise ValueError("give a game and a bot, or a table")
            table = Table(game, human, bot)
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
        self._hand_shown = -1
        self._announced = -1

    def _greet(self) -> None:
        table = self.table
        self.write(
            f"{table.rules_title}. You are {self.human.label}; the computer "
            f"({table.bot.name}) is {self.human.other.label}. Type 'help' for commands."
        )
        self._announce_hand()

    # -- one decision -------------------------------------------------------------------------

    def _turn(self) -> None:
        view = self.table.view()
        try:
            text = self.read(self._prompt(view))
        except EOFError:
            self._leave_at_end_of_input()
        answer = text.strip()
        if not answer:
            return
        if self._command(answer, view):
            return
        try:
            action = self.table.parse(answer)
        except HoneymoonError as error:
            legal = render.legal_action_words(view, self.style)
            self.write(f"{error} (legal now: {legal}; 'help' for more)")
            return
        self._narrate(self.table.play(action))

    @property
    def style(self) -> render.CardStyle:
        """How cards are written (the table's style: ``--letters``, ``--ten``)."""
        return self.table.style

    def _prompt(self, view: SeatView) -> str:
        style = self.style
        if view.phase is Phase.DRAWING:
            assert view.looking_at is not None
            return (
                f"[stock {view.stock_remaining}] You look at {style.card(view.looking_at)}. "
                "Keep or reject? (k/r) "
            )
        if view.phase is Phase.AUCTION:
            current = f"current bid {style.contract(view.contract)}" if view.contract else ""
            return (
                f"[{current or 'no bid yet'}] Your call "
                f"({render.legal_action_words(view, style)}): "
            )
        if view.phase is Phase.EXCHANGE:
            hand = " ".join(render.hand_lines(view.hand, style))
            upcard = style.card(view.face_up) if view.face_up is not None else "-"
            return (
                f"[exchange · upcard {upcard} · discard {view.to_discard} more] Your hand: "
                f"{hand}. Your discard (a Colon: :g, :r or :l): "
            )
        trick = view.current_trick
        if trick and trick.cards:
            on_table = f"{trick.leader} led " + " ".join(style.card(c) for c in trick.cards)
        else:
            on_table = "you lead"
        status = on_table
        if view.phase is Phase.PRELIMINARY:
            status = f"{self._preliminary_status(view)} · {on_table}"
        legal = [
            card for card in view.hand.cards_high_to_low() if card.action in view.legal_actions
        ]
        cards = " ".join(style.card(card) for card in legal)
        # A Colon is typed with a colon and its letter, which its tricolon does not show.
        ask = "Your card (a Colon: :g, :r or :l): " if self.table.rules.colons else "Your card: "
        if len(legal) == len(view.hand):
            return f"[{status}] Any card of your hand: {cards}. {ask}"
        hand = " ".join(render.hand_lines(view.hand, style))
        return f"[{status}] Your hand: {hand}. Legal: {cards}. {ask}"

    def _preliminary_status(self, view: SeatView) -> str:
        """``preliminary trick 3 of 13 · stock 22 · face up ♠K`` or the count toward seven."""
        number = min(len(view.tricks) + 1, 13)
        if self.table.rules.procedure is Procedure.MEMORY:
            won = render.preliminary_won(view)
            me = self.human
            return f"memory trick {number} of 13 · you {won[me]}, {me.other.label} {won[me.other]}"
        parts = [f"preliminary trick {number} of 13", f"stock {view.stock_remaining}"]
        if view.face_up is not None:
            parts.append(f"face up {self.style.card(view.face_up)}: the winner gets it")
        return " · ".join(parts)

    def _command(self, answer: str, view: SeatView) -> bool:
        word, _, rest = answer.partition(" ")
        word = word.lower()
        lines: list[str] = []
        if word in ("help", "?"):
            lines = _HELP.splitlines()
        elif word == "rules":
            lines = render.rules_help(self.table.rules)
        elif word == "hand":
            lines = render.hand_lines(view.hand, self.style)
        elif word in ("discards", "drawn", "draws"):
            lines = self._own_cards_lines(view)
        elif word == "auction":
            lines = render.auction_table(view, self.style) or ["The auction has not started."]
        elif word == "tricks":
            lines = render.tricks_lines(view, self.style)
        elif word == "status":
            lines = render.status_lines(view, self.table.rules, self.style)
        elif word == "score":
            lines = render.score_sheet_lines(view.score_sheet)
        elif word == "last":
            last = self.table.last_trick
            words = render.trick_words(last, self.human, self.style) if last else "none yet"
            lines = [f"Last trick: {words}"]
        elif word in ("hint", "h") and rest.strip().lower() in ("more", "numbers", "why"):
            lines = self.table.hint(more=True)
        elif word in ("hint", "h"):
            lines = self.table.hint(more=False)
        elif word in ("why", "numbers"):
            lines = self.table.hint(more=True)
        elif word == "claim":
            self._narrate(self.table.claim())
            return True
        else:
            shared = self._shared_command(word, rest)
            if shared is None:
                return False
            lines = shared
        for line in lines:
            self.write(line)
        return True

    def _own_cards_lines(self, view: SeatView) -> list[str]:
        """What the player drew or discarded this hand (never the opponent's cards)."""
        procedure = self.table.rules.procedure
        if procedure is Procedure.DRAW:
            drawn = " ".join(self.style.card(card) for card in view.drawn)
            return ["Cards you drew this hand: " + (drawn or "none yet")]
        if procedure is Procedure.MEMORY:
            won = render.preliminary_won(view)
            me = self.human
            return [
                "Memory Bridge has no drawing and no discards. Memory tricks this hand: "
                f"you {won[me]}, {me.other.label} {won[me.other]}."
            ]
        discards = " ".join(self.style.card(c) for c in view.discards.cards_high_to_low())
        lines = ["Your discards: " + (discards or "none yet")]
        return lines + render.draws_lines(view, self.style)

    # -- narration ----------------------------------------------------------------------------

    def _narrate(self, lines: list[str]) -> None:
        for line in lines:
            self.write(line)
        view = self.table.view()
        if view.phase is Phase.AUCTION and self._hand_shown != view.hand_number:
            # The cards are all in: show the hand the auction is about.
            self._hand_shown = view.hand_number
            self.write("Your hand:")
            for line in render.hand_lines(view.hand, self.style):
                self.write(line)
        if view.hand_number != self._announced and not self.table.is_over:
            for line in render.score_sheet_lines(view.score_sheet):
                self.write(line)
            self._announce_hand()

    def _announce_hand(self) -> None:
        """The start of a hand: who deals, and who draws or leads first in this variant."""
        view = self.table.view()
        self._announced = view.hand_number
        me = self.human
        dealer = "You deal" if view.dealer == me else f"{view.dealer} deals"
        first = self.table.opener
        procedure = self.table.rules.procedure
        self.write("")
        if procedure is Procedure.DRAW_DISCARD:
            who = "you draw first" if first == me else f"{first} draws first"
            self.write(f"Hand {view.hand_number + 1}: {dealer}; {who}.")
            return
        who = "you lead" if first == me else f"{first} leads"
        if procedure is Procedure.DRAW:
            self.write(
                f"Hand {view.hand_number + 1}: {dealer} 13 cards each; 26 form the stock. "
                f"Thirteen preliminary tricks at no trump: {who} to the first; the winner of "
                "each draws the top stock card, the loser the next."
            )
        elif procedure is Procedure.BRIDGETTE:
            upcard = self.style.card(view.face_up) if view.face_up is not None else "-"
            taker = "you take" if first == me else f"{first} takes"
            discards = "discard" if first == me else "discards"
            self.write(
                f"Hand {view.hand_number + 1}: {dealer} 13 cards each; the upcard is {upcard}. "
                f"Exchange: {taker} the upcard and the card below it and {discards} two; then "
                "the dealer takes 4, 8 or 12 by the upcard and discards as many."
            )
            self.write("Your hand:")
            for line in render.hand_lines(view.hand, self.style):
                self.write(line)
            return
        else:
            self.write(
                f"Hand {view.hand_number + 1}: {dealer} 13 cards each for the memory tricks: "
                f"thirteen tricks at no trump, {who} to the first; seven or more win the "
                "memory award."
            )
        self.write("Your hand:")
        for line in render.hand_lines(view.hand, self.style):
            self.write(line)
        if view.face_up is not None:
            self.write(f"The face-up card is {self.style.card(view.face_up)}.")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``play`` sub-command."""
    parser = subparsers.add_parser(
        "play",
        help="play a rubber against the computer",
        description=(
            "Play a whole rubber of Honeymoon Bridge against the computer: full screen in a "
            "terminal, line by line with --plain (or when input or output is not a terminal)."
        ),
    )
    parser.add_argument(
        "--level",
        choices=list(LEVELS),
        help="the computer's strength (default hard; a resumed game keeps the level it was "
        "saved with): "
        + "; ".join(f"{name}: {LEVEL_DESCRIPTIONS.get(name, LEVELS[name])}" for name in LEVELS),
    )
    parser.add_argument("--bot", help="a computer player by name instead of --level")
    parser.add_argument("--seed", help="seed for a repeatable game")
    add_variant_arguments(parser)
    parser.add_argument("--seat", help="your seat: south (the default) or east")
    parser.add_argument("--resume", metavar="FILE", help="continue a game saved to FILE")
    parser.add_argument(
        "--record",
        metavar="FILE",
        help="where the record is saved (default: the --resume file, or "
        "honeymoon-DATE-TIME.json in ~/.local/share/honeymoon/games)",
    )
    parser.add_argument(
        "--no-record", action="store_true", help="do not write the record when the rubber ends"
    )
    parser.add_argument(
        "--practice",
        action="store_true",
        help="a practice rubber: undo is on, and honeymoon stats does not count it",
    )
    parser.add_argument(
        "--undo",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="allow undo (default: only in a --practice rubber, since a rubber that counts in "
        "honeymoon stats is played without it; once off it stays off when the game is saved "
        "and resumed)",
    )
    parser.add_argument(
        "--auto-play",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="play your only legal card (the last of a hand, or the one card of the suit "
        "led) for you, after a short pause (default: on)",
    )
    parser.add_argument("--plain", action="store_true", help="line-by-line mode")
    parser.add_argument(
        "--delay",
        type=float,
        default=0.8,
        metavar="SECONDS",
        help="pause before each of the computer's moves in the full-screen table (0.8)",
    )
    parser.add_argument(
        "--letters",
        action="store_true",
        help="write suits as letters (S H D C) instead of symbols (♠ ♥ ♦ ♣)",
    )
    parser.add_argument(
        "--ten",
        choices=render.TEN_FORMS,
        default="10",
        help="how the ten is written: 10 (the default) or T",
    )
    parser.add_argument(
        "--four-colours",
        "--four-colors",
        action="store_true",
        dest="four_colours",
        help="four suit colours in the full-screen table",
    )
    parser.set_defaults(handler=run)


def games_directory() -> Path:
    """Where games are saved unless ``--record`` says otherwise: ``honeymoon/games`` in the
    user's data directory (``$XDG_DATA_HOME``, else ``~/.local/share``), never the current
    directory, which may be a source tree."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "honeymoon" / "games"


def default_record_path() -> Path:
    """``honeymoon-YYYYMMDD-HHMMSS.json`` in :func:`games_directory` (which the first save
    creates)."""
    return games_directory() / time.strftime("honeymoon-%Y%m%d-%H%M%S.json")


def _four_hand_table(
    rules: RuleSet, args: argparse.Namespace, seat: Seat | None
) -> tuple[FourHandTable, str | None]:
    """A new rubber at the four-hand table (Double Dummy Bridge and its kin)."""
    game = TableGame(rules, seed=args.seed)
    bot, note = choose_bot(args.bot or args.level or DEFAULT_LEVEL, f"{game.seed}:bot")
    table = FourHandTable(
        game,
        seat or Seat.SOUTH,
        bot,
        allow_undo=_undo_allowed(args),
        auto_play=getattr(args, "auto_play", True),
        style=card_style(args),
    )
    table.practice = bool(getattr(args, "practice", False))
    return table, note


def _resume(
    path: str, level: str | None, seat: Seat | None
) -> tuple[Table | FourHandTable, str | None]:
    """The table of a saved game: the two-hand table, or the four-hand one for its variants."""
    from honeymoon import records
    from honeymoon.cli.session import open_record

    with open(Path(path).expanduser(), encoding="utf-8") as stream:
        full = open_record(stream.read())
    record = records.loads(full)
    if not record.rules.four_hands:
        return Table.resume(path, level=level, human=seat)
    game = record.replay()
    assert isinstance(game, TableGame)
    return FourHandTable.resume(
        game, full, level=level, human=seat, players=record.players, date=record.date
    )


def build_table(args: argparse.Namespace) -> tuple[Table | FourHandTable, str | None]:
    """The table the options ask for (a new rubber, or a resumed one) and any note to show.

    :raises HoneymoonError: for a bad variant, seat, bot name or record.
    :raises OSError: if the record to resume cannot be read.
    """
    seat = Seat.parse(args.seat) if args.seat else None
    # A resumed game keeps the opponent its record names unless --level or --bot is given.
    asked: str | None = args.bot or args.level
    level = asked or DEFAULT_LEVEL
    if args.resume:
        if args.variant or args.option:
            raise HoneymoonError(
                "--variant and --option cannot be used with --resume: the record names its "
                "variant and options",
                "bad_option",
            )
        table, note = _resume(args.resume, asked, seat)
        # A resumed game keeps its record's undo and practice; --no-undo can still turn undo
        # off, nothing turns it back on.
        if getattr(args, "undo", None) is False:
            table.allow_undo = False
        table.auto_play = getattr(args, "auto_play", True)
        table.style = card_style(args)
        return table, note
    rules = variant_with_options(args.variant or DEFAULT_RULES.name, args.option, four_hands=True)
    if rules.four_hands:
        return _four_hand_table(rules, args, seat)
    game = new_game(rules, seed=args.seed)
    assert isinstance(game, Game)
    bot, note = choose_bot(level, f"{game.seed}:bot", rules)
    allow_undo = _undo_allowed(args)
    auto_play = getattr(args, "auto_play", True)
    table = Table(
        game,
        seat or Seat.SOUTH,
        bot,
        allow_undo=allow_undo,
        auto_play=auto_play,
        style=card_style(args),
    )
    table.practice = bool(getattr(args, "practice", False))
    return table, note


def _undo_allowed(args: argparse.Namespace) -> bool:
    # Undo is off in a rubber that counts in the stats unless --undo asks for it, and on in a
    # practice rubber unless --no-undo turns it off.
    asked: bool | None = getattr(args, "undo", None)
    return asked if asked is not None else bool(getattr(args, "practice", False))


def card_style(args: argparse.Namespace) -> render.CardStyle:
    """The card style ``--letters`` and ``--ten`` ask for (symbols and 10 without them)."""
    return render.CardStyle(
        letters=bool(getattr(args, "letters", False)), ten=getattr(args, "ten", None) or "10"
    )


def run(args: argparse.Namespace) -> int:
    """Start (or resume) the game, full screen in a terminal, else line by line."""
    try:
        table, note = build_table(args)
    except OSError as error:
        print(f"honeymoon play: cannot read {args.resume}: {error.strerror}", file=sys.stderr)
        return 2
    record_path = Path(args.record or args.resume or default_record_path())
    create_directory = not (args.record or args.resume)
    plain = args.plain or not (sys.stdin.isatty() and sys.stdout.isatty())
    if not plain:
        from honeymoon.cli.tui import run_app

        return run_app(
            table,
            note=note,
            record_path=record_path,
            write_record=not args.no_record,
            delay=max(args.delay, 0.0),
            four_colours=args.four_colours,
            create_directory=create_directory,
        )
    if note:
        print(note)
    if isinstance(table, FourHandTable):
        return TablePlainSession(
            table,
            record_path=record_path,
            write_record=not args.no_record,
            create_directory=create_directory,
        ).run()
    session = PlainSession(
        None,
        table.human,
        None,
        table=table,
        record_path=record_path,
        write_record=not args.no_record,
        create_directory=create_directory,
    )
    return session.run()
