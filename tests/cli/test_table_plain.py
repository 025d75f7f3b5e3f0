"""The four-hand table line by line (``honeymoon play --plain --variant double-dummy``): a
whole hand of each variant answered from the prompts, every line written checked against what
the player's seat may see, and the commands a new player reaches for."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest
from table_helpers import (
    TABLE_CASES,
    OpeningBot,
    answer,
    choose,
    shown_cards,
    table_rules,
    visible_cards,
)

from honeymoon.actions import PASS
from honeymoon.cards import Card
from honeymoon.cli import main
from honeymoon.cli.table_render import choice_words
from honeymoon.cli.table_session import FourHandTable, TablePlainSession
from honeymoon.game import Phase
from honeymoon.seats import Seat
from honeymoon.table import TableGame


class Player:
    """Answers each prompt from the player's view, and checks every line the session writes:
    no card the seat has not seen at that point."""

    def __init__(self, table: FourHandTable, hands: int = 1, extra: list[str] | None = None):
        self.table = table
        self.hands = hands
        self.extra = list(extra or [])
        self.lines: list[str] = []
        self.known: set[Card] = set()
        self.phases: set[Phase] = set()

    def write(self, line: str) -> None:
        self.known |= visible_cards(self.table.view())
        leaked = shown_cards(line) - self.known
        assert not leaked, f"{line!r} shows unseen cards {leaked}"
        self.lines.append(line)

    def read(self, prompt: str) -> str:
        self.write(prompt)
        view = self.table.view()
        if len(view.results) >= self.hands:
            raise EOFError
        if self.extra:
            return self.extra.pop(0)
        self.phases.add(view.phase)
        action = choose(view)
        if view.phase is Phase.DUMMY_CHOICE:
            return "e"  # the first letter of "exposed" is enough
        if action >= 52:
            return answer(view, action)
        return choice_words(action)


def session(
    name: str, variant: str, options: dict[str, bool], extra: list[str] | None = None
) -> tuple[TablePlainSession, Player]:
    human = Seat.EAST if name == "clockwise" else Seat.SOUTH
    game = TableGame(table_rules(variant, options), seed=f"plain-{name}", first_dealer=Seat.SOUTH)
    table = FourHandTable(game, human, OpeningBot(), auto_play=True)
    player = Player(table, extra=extra)
    return TablePlainSession(table, player.read, player.write), player


@pytest.mark.parametrize(
    ("name", "variant", "options"), TABLE_CASES, ids=[c[0] for c in TABLE_CASES]
)
def test_a_whole_hand_of_each_table_variant_line_by_line(
    name: str, variant: str, options: dict[str, bool]
) -> None:
    plain, player = session(name, variant, options)
    assert plain.run() == 0
    text = "\n".join(player.lines)
    assert "Hand 1:" in text and " by you, " in text  # the hand's result, the player declaring
    assert "Game abandoned." in text
    assert player.table.view().hand_number == 1
    if options.get("racks") or variant == "semi-exposed":
        assert "both dummies are turned face up" not in text
    elif variant == "double-dummy":
        assert "The opening lead is made: both dummies are turned face up." in text
    if variant == "single-dummy":
        assert Phase.DUMMY_CHOICE in player.phases
        assert "You take the exposed dummy" in text
    if options.get("twelve_and_two"):
        assert Phase.EXTRA_CARDS in player.phases
        assert "Two more cards each. Yours:" in text
    if variant == "widow":
        assert {Phase.WIDOW_HAND, Phase.WIDOW_DUMMY, Phase.LEAD_CHOICE} <= player.phases
        assert "You take the widow:" in text
        assert "You have East's dummy (West) make the opening lead." in text
    if variant == "semi-exposed":
        assert "face down, under" in text  # the dummies as they lie: covered cards named
    # The player played their dummy's cards, named as such.
    assert "from your dummy" in text


def test_commands_a_new_player_reaches_for() -> None:
    commands = ["help", "rules", "table", "hands", "hint", "claim", "review", "status", "zz"]
    plain, player = session("double-dummy", "double-dummy", {}, extra=commands)
    plain.run()
    text = "\n".join(player.lines)
    assert "Commands at any prompt:" in text
    assert "Seating: you and the computer sit side by side" in text
    assert "North · your dummy (13)" in text  # the table drawn: hands as backs before the lead
    assert "▒" * 13 in text
    assert "Hint (expert): " in text  # a hint at the table, as at two hands
    assert "A claim is made during the play of a hand, after the auction." in text
    assert "No hand is finished yet: review shows one once it is over." in text
    assert "Double Dummy Bridge" in text
    assert "'zz' is not" in text and "legal now:" in text


def test_undo_takes_back_a_call_but_not_past_a_card_seen() -> None:
    game = TableGame(table_rules("double-dummy", {}), seed="undo", first_dealer=Seat.SOUTH)
    table = FourHandTable(game, Seat.SOUTH, OpeningBot())
    table.play(table.parse("1c"))
    while table.computer_to_act:
        table.computer_move()
    view = table.view()
    # East passed: South declares, and East led from West, their dummy.
    assert view.phase is Phase.PLAY and view.current_trick and view.current_trick.cards
    assert table.undo().startswith("Undo stops here: you have seen")
    game = TableGame(table_rules("double-dummy", {}), seed="undo", first_dealer=Seat.SOUTH)
    table = FourHandTable(game, Seat.SOUTH, OpeningBot())
    table.play(table.parse("p"))  # East opens 1♠: no card shown since
    assert table.undo() == "You take back your Pass."
    assert table.view().auction == ()


@pytest.mark.parametrize("option", ["racks=true", "twelve_and_two=true", "clockwise=true"])
def test_the_play_command_takes_table_variants_and_their_options(
    option: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("help\n"))
    record = tmp_path / "game.json"
    status = main(
        [
            "play",
            "--plain",
            "--variant",
            "double-dummy",
            "--option",
            option,
            "--bot",
            "random",
            "--seed",
            "3",
            "--record",
            str(record),
        ]
    )
    out = capsys.readouterr().out
    assert status == 0
    words = {
        "racks=true": "racks",
        "twelve_and_two=true": "twelve and two",
        "clockwise=true": "clockwise arrangement",
    }[option]
    assert out.startswith(f"Double Dummy Bridge, {words}.")
    assert "Your call" in out or "Card:" in out or "extra card" in out


def test_a_saved_table_game_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "saved.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"1c\nsave {record}\n"))
    main(
        [
            "play",
            "--plain",
            "--variant",
            "single-dummy",
            "--bot",
            "random",
            "--seed",
            "8",
            "--seat",
            "south",
            "--no-record",
        ]
    )
    first = capsys.readouterr().out
    assert "Saved to" in first
    calls = re.findall(r"(?:East calls|You call) ([1-7](?:♣|♦|♥|♠|NT)|Pass|XX?)\.", first)
    assert calls, "the computer or the player called before the save"
    saved = record.read_text(encoding="utf-8")
    assert '"seed"' not in saved  # the stock is sealed in a save of an unfinished rubber
    monkeypatch.setattr(sys, "stdin", io.StringIO("auction\n"))
    main(["play", "--plain", "--resume", str(record), "--bot", "random", "--no-record"])
    out = capsys.readouterr().out
    assert out.startswith("Single Dummy Bridge.")
    listed = out.split("[", 1)[1]
    for call in calls:  # the calls made before the save, in the auction listed again
        assert call in listed


def test_a_bad_option_names_the_table_variants_options(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = main(["play", "--plain", "--variant", "double-dummy", "--option", "rack=true"])
    error = capsys.readouterr().err
    assert status == 2
    assert "'rack' is not an option of double-dummy" in error
    assert "racks=false" in error and "twelve_and_two=false" in error


def test_a_semi_exposed_dummy_is_listed_as_it_lies() -> None:
    # Each dummy's six face-down cards are counted and placed under their covers, never named.
    from honeymoon.cli.table_render import hands_lines

    game = TableGame(table_rules("semi-exposed", {}), seed="semi", first_dealer=Seat.SOUTH)
    table = FourHandTable(game, Seat.SOUTH, OpeningBot())
    view = table.view()
    lines = {line.split(":")[0]: line for line in hands_lines(view)}
    for title, direction in (("North · your dummy", 0), ("West · East's dummy", 3)):
        covering = [card for card, covered in view.covers[direction] if card and covered]
        assert len(covering) == 6
        under = " ".join(str(card) for card in covering)
        assert lines[title].endswith(f"(and 6 face down, under {under})")
        face_down = set(game.hand_at(direction)) - set(view.hands[direction] or ())
        assert len(face_down) == 6 and not shown_cards(lines[title]) & face_down


def test_the_auction_table_reads_the_table_auction_in_its_callers_columns() -> None:
    # At the four-hand table the auction is still between the two players, dealer first: the
    # dealer's column comes first and the calls alternate, the dummies never call.
    from honeymoon.cli.render import auction_table
    from honeymoon.views import view_for

    game = TableGame(table_rules("double-dummy", {}), seed="calls", first_dealer=Seat.EAST)
    for text in ("1S", "2H"):
        game.apply(game.parse_action(text))

    def table(seat: Seat) -> list[str]:
        return [line.rstrip() for line in auction_table(view_for(game, seat))]

    assert table(Seat.SOUTH) == ["East    South", "1♠      2♥", "?"]
    game.apply(game.parse_action("pass"))
    assert table(Seat.EAST) == ["East    South", "1♠      2♥", "Pass"]


@pytest.mark.parametrize("variant", ["double-dummy", "widow"])
def test_a_hint_at_the_table_is_worded_for_the_table(variant: str) -> None:
    """The one hint of every table: at each of the player's decisions one legal action in
    words for the table (a card from the dummy, a card put in a hand), counted once per
    decision, its numbers on a second ask."""
    from honeymoon.bots import RandomBot, make_bot

    game = TableGame(table_rules(variant, {}), seed="table-hint", first_dealer=Seat.SOUTH)
    table = FourHandTable(game, Seat.SOUTH, RandomBot(3), adviser=lambda: make_bot("medium", 5))
    seen: set[str] = set()
    while not game.is_over and game.hand_number < 1:
        view = table.view()
        if view.my_turn:
            first = table.hint()
            assert len(first) == 1 and first[0].startswith("Hint (club): "), first
            used = table.hints_used
            again = table.hint()  # a second ask: the numbers behind it
            assert again and not again[0].startswith("Hint (")
            assert table.hints_used == used and table.has_hint()
            seen.add(first[0].split(": ", 2)[1])
        legal = game.legal_actions()
        action = legal[len(game.actions) * 7 % len(legal)]
        if game.phase is Phase.AUCTION:  # one bid, then passes: the hand is played
            action = PASS if game.contract is not None else legal[-1]
        game.apply(action)
    assert any(words.endswith("from your dummy") for words in seen), seen
    if variant == "widow":
        # Declarer places widow cards, the defender the two it is given: either way a "put".
        assert any(words.startswith("put ") for words in seen), seen


def test_a_claim_at_the_table_is_judged_and_a_refused_ones_line_told_after_the_hand() -> None:
    """The same claim as at two hands: accepted, the rest is played out and the hand's result
    said; refused, only that, and once the hand is over the line that beat it."""
    from honeymoon.bots import RandomBot
    from honeymoon.claims import judge_claim

    outcomes: set[bool] = set()
    for seed in range(12):
        game = TableGame(table_rules("double-dummy", {}), seed=f"claim-{seed}")
        table = FourHandTable(game, Seat.SOUTH, RandomBot(3))
        while not (game.phase is Phase.PLAY and len(game.completed_tricks) >= 10):
            legal = game.legal_actions()
            action = legal[len(game.actions) * 5 % len(legal)]
            if game.phase is Phase.AUCTION:
                action = PASS if game.contract is not None else legal[-1]
            game.apply(action)
        if game.to_act is not Seat.SOUTH:
            continue
        expected = judge_claim(game, Seat.SOUTH)
        lines = table.claim()
        outcomes.add(expected.accepted)
        if expected.accepted:
            assert lines[0].startswith("Claim accepted: you take the last")
            assert game.hand_number == 1 and not table.can_undo
            continue
        assert lines == ["Claim refused: play on. The best defence is shown once the hand is over."]
        said: list[str] = []
        while game.hand_number == 0:
            view = table.view()
            if view.my_turn:
                said += table.play(view.legal_actions[0])
            else:
                said += table.computer_move()
        told = [line for line in said if line.startswith("Your claim at trick")]
        assert len(told) == 1 and f"you took {expected.guaranteed} of the" in told[0], said
        # The line trick by trick, numbered from the claim's trick, each with its winner.
        first = 14 - expected.remaining
        tricks = told[0].split("trick by trick: ")[1].split("; ")
        assert len(tricks) == expected.remaining, told
        for number, words in enumerate(tricks, first):
            assert words.startswith(f"{number}) ") and words.rstrip(".").endswith(
                ("win", "wins")
            ), words
    assert outcomes, "no claim was made by the player"


class Reviewer(Player):
    """Plays the first hand, then asks for its review before leaving."""

    reviewed = False

    def read(self, prompt: str) -> str:
        if self.table.view().results and not self.reviewed:
            self.write(prompt)
            self.reviewed = True
            return "review 1"
        return super().read(prompt)


@pytest.mark.parametrize(
    ("name", "variant", "options"), TABLE_CASES, ids=[c[0] for c in TABLE_CASES]
)
def test_the_review_and_analysis_of_a_hand_line_by_line(
    name: str, variant: str, options: dict[str, bool]
) -> None:
    pytest.importorskip("endplay")
    human = Seat.EAST if name == "clockwise" else Seat.SOUTH
    game = TableGame(table_rules(variant, options), seed=f"plain-{name}", first_dealer=Seat.SOUTH)
    table = FourHandTable(game, human, OpeningBot(), auto_play=True)
    player = Reviewer(table)  # every line checked: no card the seat has not seen
    TablePlainSession(table, player.read, player.write).run()
    text = "\n".join(player.lines)
    assert player.reviewed
    review = text[text.index("Hand 1 of 1:") :]
    other = human.other
    for heading in ("Your hand (13)", f"Your dummy ({human.dummy.label}) (13)"):
        assert heading in review
    assert f"{other.label}'s hand (13)" in review
    assert f"{other.label}'s dummy ({other.dummy.label}) (13)" in review
    assert "Trick 1 of 13:" in review and "Trick 13 of 13:" in review
    assert "Double dummy, tricks as declarer:" in review
    assert "Par: " in review
    assert "From the first lead, best play gives you " in review or "judged from" in review
    analysis = table.analysis(0)
    assert analysis.play is not None
    assert len(re.findall(r"^Costly: ", review, re.M)) == len(analysis.play.costly)


def test_the_review_before_any_hand_is_finished() -> None:
    plain, player = session("double-dummy", "double-dummy", {}, extra=["review", "review 3"])
    plain.run()
    text = "\n".join(player.lines)
    assert "No hand is finished yet: review shows one once it is over." in text
