"""PBN export: a hand-computed example, and random rubbers parsed back."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable

import pytest

from honeymoon.auction import Call
from honeymoon.cards import Card, CardSet, Rank, Suit
from honeymoon.game import Game, Phase
from honeymoon.records import dump_pbn, dumps, dumps_pbn, loads
from honeymoon.rules import VARIANTS
from honeymoon.seats import Seat
from honeymoon.tricks import trick_winner

Player = Callable[..., int]

_TAG = re.compile(r'^\[(\w+) "((?:[^"\\]|\\.)*)"\]$')
_CLOCKWISE = "NESW"


def parse_pbn(text: str) -> list[dict[str, object]]:
    """A small PBN reader for the tests: tags, and the Auction and Play section tokens."""
    lines = text.splitlines()
    assert lines[0] == "% PBN 2.1" and lines[1] == "% EXPORT"
    games: list[dict[str, object]] = []
    for block in "\n".join(lines[2:]).strip().split("\n\n"):
        game: dict[str, object] = {}
        section: str | None = None
        for line in block.splitlines():
            match = _TAG.match(line)
            if match:
                name, value = match.group(1), match.group(2)
                game[name] = value.replace('\\"', '"').replace("\\\\", "\\")
                section = name if name in ("Auction", "Play") else None
                if section:
                    game[section + "Rows"] = []
                continue
            assert section is not None, line
            rows = game[section + "Rows"]
            assert isinstance(rows, list)
            rows.append(line.split())
        games.append(game)
    return games


def _stock_for_example() -> list[int]:
    # East (non-dealer) keeps the spades in turn, discarding clubs; South keeps the hearts,
    # discarding diamonds.
    stock: list[int] = []
    for rank in Rank:
        stock += [Card(Suit.SPADES, rank).id, Card(Suit.CLUBS, rank).id]
        stock += [Card(Suit.HEARTS, rank).id, Card(Suit.DIAMONDS, rank).id]
    return stock


def test_hand_computed_example() -> None:
    game = Game(seed=1, stocks=[_stock_for_example()], first_dealer=Seat.SOUTH)
    for _ in range(26):
        game.apply(game.parse_action("keep"))
    for call in ("1S", "Pass"):
        game.apply(game.parse_action(call))
    # South leads ♥2, East ruffs; then East leads each spade and South follows with a heart.
    for rank in "23456789TJQKA":
        for card in (f"H{rank}", f"S{rank}") if rank == "2" else (f"S{rank}", f"H{rank}"):
            game.apply(game.parse_action(card))
    assert game.history[0].result.declarer_tricks == 13
    text = dumps_pbn(game, event="Example", date="2026.01.02")
    expected = (
        "% PBN 2.1\n% EXPORT\n\n"
        '[Event "Example"]\n[Site "?"]\n[Date "2026.01.02"]\n[Board "1"]\n'
        '[West "-"]\n[North "-"]\n[East "?"]\n[South "?"]\n[Dealer "E"]\n'
        '[Vulnerable "None"]\n[Deal "N:- AKQJT98765432... .AKQJT98765432.. -"]\n'
        '[Scoring "Rubber"]\n[Declarer "E"]\n[Contract "1S"]\n[Result "13"]\n'
        # 1♠ with six overtricks: 30 below and 6 × 30 above, East's side (EW).
        '[Score "EW 210"]\n[HoneymoonDealer "S"]\n'
        '[Auction "E"]\n1S Pass Pass Pass\n[Play "S"]\nH2 - - S2\n'
        + "".join(f"H{rank} - - S{rank}\n" for rank in "3456789TJQKA")
    )
    assert text == expected


def _replay_hands(game: Game) -> list[list[CardSet]]:
    """Each hand's two hands as held when its auction began, by replaying the game."""
    record = loads(dumps(game))
    replay = Game(
        record.rules, stocks=[h.stock or () for h in record.hands], first_dealer=game.first_dealer
    )
    hands: list[list[CardSet]] = []
    for hand in record.hands:
        for position, action in enumerate(hand.actions):
            assert action is not None
            replay.apply(action)
            if position == 25:
                hands.append([replay.hand(Seat.SOUTH), replay.hand(Seat.EAST)])
    return hands


@pytest.mark.parametrize("seed", range(6))
def test_random_rubbers_parse_back(seed: int, rubber: Callable[[int], Game]) -> None:
    game = rubber(seed)
    buffer = io.StringIO()
    dump_pbn(game, buffer)
    games = parse_pbn(buffer.getvalue())
    history = game.history
    assert len(games) == len(history)
    auction_hands = _replay_hands(game)
    sheet_games = [0, 0]
    for pbn, hand, held in zip(games, history, auction_hands, strict=True):
        result = hand.result
        assert pbn["Board"] == str(hand.number + 1)
        # PBN's dealer calls first; the hand's dealer has a tag of its own.
        assert pbn["HoneymoonDealer"] == hand.dealer.direction.letter
        assert pbn["Dealer"] == pbn["Auction"] == hand.dealer.other.direction.letter
        expected_vulnerable = {(0, 0): "None", (1, 0): "NS", (0, 1): "EW", (1, 1): "All"}
        assert (
            pbn["Vulnerable"]
            == expected_vulnerable[(min(sheet_games[0], 1), min(sheet_games[1], 1))]
        )
        south, east = held
        assert pbn["Deal"] == f"N:- {east.to_dotted()} {south.to_dotted()} -"
        assert (pbn["West"], pbn["North"]) == ("-", "-")
        # The auction: reading the rows in clockwise order gives each seat's calls in order.
        first = str(pbn["Auction"])
        tokens = [t for row in pbn["AuctionRows"] for t in row]  # type: ignore[attr-defined]
        calls = [Call(a).pbn for a in hand.actions[26:] if 52 <= a <= 89]
        seats = [_CLOCKWISE[(_CLOCKWISE.index(first) + i) % 4] for i in range(len(tokens))]
        # The empty seats, North and West, pass in their turns and after the last call until
        # a player's turn would come: a complete four-seat auction with the same outcome.
        assert [t for t, s in zip(tokens, seats, strict=True) if s in "SE"] == calls
        assert all(t == "Pass" for t, s in zip(tokens, seats, strict=True) if s in "NW")
        assert seats[-1] in "EN" and tokens[-3:] == ["Pass"] * 3
        if result.contract is None:
            assert (pbn["Contract"], pbn["Declarer"], pbn["Result"]) == ("Pass", "", "")
            assert "Play" not in pbn
            continue
        assert result.declarer is not None
        assert pbn["Contract"] == result.contract.pbn
        assert pbn["Declarer"] == result.declarer.direction.letter
        assert pbn["Result"] == str(result.declarer_tricks)
        # The play: columns fixed from the opening leader; who led each trick follows from the
        # previous trick's winner, so rebuilding the playing order must give the actions.
        leader = str(pbn["Play"])
        assert leader == result.declarer.other.direction.letter
        columns = [_CLOCKWISE[(_CLOCKWISE.index(leader) + i) % 4] for i in range(4)]
        cards = [a for a in hand.actions if a < 52]
        rows = pbn["PlayRows"]
        assert isinstance(rows, list) and len(rows) == 13
        lead = leader
        for number, row in enumerate(rows):
            follower = "E" if lead == "S" else "S"
            first_card, second_card = cards[2 * number], cards[2 * number + 1]
            assert [row[columns.index(d)] for d in "NW"] == ["-", "-"]
            assert row[columns.index(lead)] == Card.from_id(first_card).pbn
            assert row[columns.index(follower)] == Card.from_id(second_card).pbn
            won = trick_winner([first_card, second_card], int(result.contract.strain))
            lead = lead if won == 0 else follower
        sheet_games = _games_after(game, hand.number)


def _games_after(game: Game, number: int) -> list[int]:
    games = [0, 0]
    progress = [0, 0]
    for hand in game.history[: number + 1]:
        result = hand.result
        if result.score is None or result.declarer is None:
            continue
        progress[result.declarer] += result.score.declarer_below
        if progress[result.declarer] >= 100:
            games[result.declarer] += 1
            progress = [0, 0]
    return games


def test_who_played_each_card_in_the_play_section() -> None:
    game = Game(seed=1, stocks=[_stock_for_example()], first_dealer=Seat.EAST)
    # East deals, South draws first and keeps the spades; East keeps the hearts.
    for _ in range(26):
        game.apply(game.parse_action("keep"))
    for call in ("Pass", "1H", "Pass"):
        game.apply(game.parse_action(call))
    game.apply(game.parse_action("S2"))  # South leads
    game.apply(game.parse_action("H2"))  # East ruffs and wins
    game.apply(game.parse_action("H3"))  # East leads
    pbn = parse_pbn(dumps_pbn(game))[0]
    assert pbn["Auction"] == "S"
    assert pbn["AuctionRows"] == [["Pass", "Pass", "Pass", "1H"], ["Pass", "Pass", "Pass"]]
    assert pbn["Play"] == "S"
    assert pbn["PlayRows"] == [["S2", "-", "-", "H2"], ["-", "-", "-", "H3"]]
    assert pbn["Result"] == "?"
    assert pbn["Deal"] == "N:- .AKQJT98765432.. AKQJT98765432... -"


def test_player_names_and_quoting() -> None:
    game = Game(seed=2, first_dealer=Seat.SOUTH)
    for text in ["keep"] * 26 + ["pass", "pass"]:
        game.apply(game.parse_action(text))
    record = loads(dumps(game, players=('Ann "the ace"', None)))
    pbn = parse_pbn(dumps_pbn(record))[0]
    assert (pbn["South"], pbn["East"]) == ('Ann "the ace"', "?")
    assert (pbn["Contract"], pbn["Result"]) == ("Pass", "")
    assert pbn["AuctionRows"] == [["Pass", "Pass", "Pass", "Pass"]]


def test_a_player_safe_copy_exports_the_deals_of_played_hands(
    rubber: Callable[[int], Game],
) -> None:
    game = rubber(3)
    full = parse_pbn(dumps_pbn(game))
    safe = parse_pbn(dumps_pbn(loads(dumps(game, reveal=False))))
    for left, right, hand in zip(full, safe, game.history, strict=True):
        if hand.result.contract is None:
            assert right["Deal"] == "N:- - - -"
            right = dict(right, Deal=left["Deal"])
        assert left == right


def _engine_free_reading(game: Game) -> list[dict[str, object]]:
    """Each hand whose auction ended, watched action by action on a replay: the two hands when
    the auction began, the calls, and each card of the play with the seat that played it."""
    record = loads(dumps(game))
    replay = Game(
        record.rules,
        stocks=[h.stock or () for h in record.hands],
        first_dealer=game.first_dealer,
    )
    hands: list[dict[str, object]] = []
    for hand in record.hands:
        seen: dict[str, object] = {"calls": [], "cards": [], "deal": None}
        for action in hand.actions:
            assert action is not None
            phase, seat = replay.phase, replay.to_act
            replay.apply(action)
            if phase is Phase.AUCTION:
                if seen["deal"] is None:
                    seen["deal"] = (replay.hand(Seat.SOUTH), replay.hand(Seat.EAST))
                seen["calls"].append(Call(action).pbn)  # type: ignore[attr-defined]
            elif phase is Phase.PLAY:
                seen["cards"].append((seat, Card.from_id(action).pbn))  # type: ignore[attr-defined]
        if seen["calls"] and (hand.result is None or not hand.result.ended_by_award):
            hands.append(seen)
    return hands


@pytest.mark.parametrize("name", sorted(VARIANTS))
@pytest.mark.parametrize("seed", range(3))
def test_every_variant_exports_its_dealt_part(name: str, seed: int, play: Player) -> None:
    game = Game(VARIANTS[name], seed=seed)
    play(game, random.Random(seed), pass_chance=0.4)
    games = parse_pbn(dumps_pbn(loads(dumps(game))))
    expected = _engine_free_reading(game)
    assert len(games) == len(expected)
    for pbn, seen in zip(games, expected, strict=True):
        deal = seen["deal"]
        assert isinstance(deal, tuple)
        # The deal: the two hands as they were when the auction began.
        south, east = deal
        assert pbn["Deal"] == f"N:- {east.to_dotted()} {south.to_dotted()} -"
        tokens = [t for row in pbn["AuctionRows"] for t in row]  # type: ignore[attr-defined]
        first = _CLOCKWISE.index(str(pbn["Auction"]))
        seats = [_CLOCKWISE[(first + i) % 4] for i in range(len(tokens))]
        assert [t for t, s in zip(tokens, seats, strict=True) if s in "SE"] == seen["calls"]
        if "Play" not in pbn:
            assert not seen["cards"]
            continue
        columns = [_CLOCKWISE[(_CLOCKWISE.index(str(pbn["Play"])) + i) % 4] for i in range(4)]
        cards = iter(seen["cards"])  # type: ignore[call-overload]
        for row in pbn["PlayRows"]:  # type: ignore[attr-defined]
            for _ in range(2):
                seat, card = next(cards)
                assert row[columns.index(seat.direction.letter)] == card
        assert next(cards, None) is None


@pytest.mark.parametrize("name", ["draw", "memory"])
@pytest.mark.parametrize("seed", range(3))
def test_a_player_safe_copy_of_a_dealt_variant_exports_its_played_hands(
    name: str, seed: int, play: Player
) -> None:
    # Draw and Memory Bridge copies without the stock are read (they were refused before):
    # every hand played to its end exports the same PBN game as the full record.
    game = Game(VARIANTS[name], seed=seed)
    play(game, random.Random(seed), pass_chance=0.4)
    full = parse_pbn(dumps_pbn(game))
    safe = parse_pbn(dumps_pbn(loads(dumps(game, reveal=False))))
    assert len(full) == len(safe) > 0
    for left, right in zip(full, safe, strict=True):
        if right["Deal"] == "N:- - - -":
            assert "Play" not in left or left["Result"] == "?"
            right = dict(right, Deal=left["Deal"])
        assert left == right


def test_the_date_tag_is_the_day_the_record_says_the_rubber_began() -> None:
    game = Game(seed=4, first_dealer=Seat.SOUTH)
    for text in ["keep"] * 26 + ["pass", "pass"]:
        game.apply(game.parse_action(text))
    assert parse_pbn(dumps_pbn(game))[0]["Date"] == "????.??.??"
    record = loads(dumps(game, date="2026-12-04"))
    assert record.date == "2026-12-04"
    assert parse_pbn(dumps_pbn(record))[0]["Date"] == "2026.12.04"
    assert parse_pbn(dumps_pbn(record, date="2027.01.01"))[0]["Date"] == "2027.01.01"
    with pytest.raises(ValueError):
        dumps(game, date="4 December 2026")


def _hand_points(game: Game, number: int, seat: int) -> int:
    # The seat's points for one hand on the score sheet, apart from the rubber bonus.
    return sum(
        entry.points
        for entry in game.score_sheet.entries
        if entry.hand == number and entry.seat == seat and entry.reason != "rubber"
    )


@pytest.mark.parametrize("seed", range(4))
def test_the_score_tag_is_the_hand_from_the_declaring_side(seed: int, play: Player) -> None:
    # With honours on, so that they count in the hand's score whoever held them.
    game = Game(VARIANTS["draw-discard"].with_options(honours=True), seed=seed)
    play(game, random.Random(seed), pass_chance=0.5)
    games = parse_pbn(dumps_pbn(game))
    for pbn, hand in zip(games, game.history, strict=True):
        result = hand.result
        if result.declarer is None:
            assert "Score" not in pbn
            continue
        declarer = int(result.declarer)
        points = _hand_points(game, hand.number, declarer) - _hand_points(
            game, hand.number, 1 - declarer
        )
        side = "NS" if result.declarer is Seat.SOUTH else "EW"
        assert pbn["Score"] == f"{side} {points}"
