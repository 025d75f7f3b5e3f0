"""A player-safe Bridgette record (the copy a seat downloads: no stock, the exchange discards
written ``draw``, the upcard named) reads back through the one reader of player-safe copies:
the visible history and the six-deal sheet as played, never a card the seat could not see, and
a typed error saying what is wrong in a malformed copy."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from honeymoon.auction import LAST_BID, PASS
from honeymoon.bots import HeuristicBot, NoviceBot
from honeymoon.bridgette import dealer_exchange_size
from honeymoon.cards import Card
from honeymoon.cli import main
from honeymoon.cli.replay import result_line
from honeymoon.engines import new_game
from honeymoon.errors import RecordError
from honeymoon.game import Game
from honeymoon.records import GameRecord, dumps, loads
from honeymoon.rules import BRIDGETTE, DRAW_AND_DISCARD
from honeymoon.scoring import DealSheet
from honeymoon.views import view_for

#: A card as the records write it ("SA", ":G") or as people read it ("♠A", "♠10").
_CARD = re.compile(r"(?<![A-Za-z0-9_:-])(?:[SHDC][2-9TJQKA]|:[LRG])(?![A-Za-z0-9_-])")
_SYMBOL = re.compile(r"([♠♥♦♣])(10|[2-9JQKA])(?![0-9])")
_LETTER = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}

#: hand number -> seat -> card ids the seat saw in that hand (its views, step by step)
Entitled = dict[int, tuple[set[int], set[int]]]


def _named(text: str) -> set[int]:
    """Every card ``text`` names, in notation or in symbols, as card ids."""
    cards = {Card.parse(found).id for found in _CARD.findall(text)}
    for suit, rank in _SYMBOL.findall(text):
        cards.add(Card.parse(_LETTER[suit] + ("T" if rank == "10" else rank)).id)
    return cards


def _seen(game: Game, seat: int) -> set[int]:
    # What the seat's view shows now, but for the last trick of the previous hand.
    data = view_for(game, seat).to_dict()
    data.pop("previous_last_trick", None)
    return _named(json.dumps(data, ensure_ascii=False))


def _bot_match(seed: int) -> tuple[Game, Entitled, list[str]]:
    """A whole six-deal match, heuristic against novice; what each seat saw in each hand; and
    the player-safe copies a seat could download along the way (in the exchange, the auction,
    the play, between hands) and at the end."""
    game = new_game(BRIDGETTE, seed=f"safe:{seed}", first_dealer=seed % 2)
    bots = [HeuristicBot(f"{seed}:h"), NoviceBot(f"{seed}:n")]
    entitled: Entitled = {}
    copies: list[str] = []
    step = 0
    while not game.is_over:
        number = game.hand_number
        sets = entitled.setdefault(number, (set(), set()))
        for seat in (0, 1):
            sets[seat].update(_seen(game, seat))
        if step % 37 == 5:
            copies.append(dumps(game, reveal=False))
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].act(view_for(game, seat)), seat)
        step += 1
        if game.hand_number != number or game.is_over:
            # both saw the hand's last trick played (the next hand's view shows it apart)
            last = {card.id for trick in game.hand_log(number).tricks for card in trick.cards}
            sets[0].update(last)
            sets[1].update(last)
    copies.append(dumps(game, reveal=False))
    return game, entitled, copies


@pytest.fixture(scope="module")
def matches() -> list[tuple[Game, Entitled, list[str]]]:
    return [_bot_match(seed) for seed in range(2)]


def _exchange_length(game: Game, number: int) -> int:
    actions = game.history[number].actions if number < len(game.history) else game.actions
    return next((i for i, action in enumerate(actions) if PASS <= action <= LAST_BID), len(actions))


def test_a_bridgette_match_played_by_bots_reads_back_from_a_seats_copy(
    matches: list[tuple[Game, Entitled, list[str]]],
) -> None:
    for game, _, copies in matches:
        assert game.score_sheet.deals_scored == 6
        record = loads(copies[-1])
        assert isinstance(record.score_sheet, DealSheet)
        assert record.score_sheet == game.score_sheet
        assert record.is_complete and record.results == tuple(h.result for h in game.history)
        for hand, log, real in zip(record.hands, record.logs(), game.history, strict=True):
            truth = real.log
            assert (log.first_caller, log.calls, log.contract, log.declarer) == (
                truth.first_caller,
                truth.calls,
                truth.contract,
                truth.declarer,
            )
            assert [(t.leader, t.cards, t.winner) for t in log.tricks] == [
                (t.leader, t.cards, t.winner) for t in truth.tricks
            ]
            # every card held at the auction was played: the deal is known, and is the real one
            assert log.deal == (truth.deal if truth.play_over else None)
            assert hand.upcard == real.stock[26]
            exchange = 2 + dealer_exchange_size(real.stock[26])
            assert hand.actions[:exchange] == (None,) * exchange
            assert hand.actions[exchange:] == real.actions[exchange:]
        with pytest.raises(RecordError) as caught:
            record.replay()
        assert caught.value.code == "not_replayable"
        # written again, the copy is the same copy
        assert dumps(record, reveal=False) == copies[-1]


def test_copies_taken_during_the_match_read_back_as_played(
    matches: list[tuple[Game, Entitled, list[str]]],
) -> None:
    checked = 0
    for game, _, copies in matches:
        final = loads(copies[-1])
        for text in copies[:-1]:
            record = loads(text)
            count = len(record.hands)
            finished = [hand for hand in record.hands if hand.result is not None]
            assert record.results == tuple(h.result for h in game.history[: len(finished)])
            assert record.score_sheet.totals == _totals_after(game, len(finished))
            current = record.hands[-1]
            if current.result is None:
                # the hand in progress: what was seen of it so far, as the match went on
                later = final.hands[count - 1]
                assert current.actions == later.actions[: len(current.actions)]
                assert current.upcard == later.upcard
                assert current.log is not None and current.log.deal is None
                seen = [(t.leader, t.cards) for t in current.log.tricks]
                full = [(t.leader, t.cards) for t in final.logs()[count - 1].tricks]
                assert all(
                    lead == full[i][0] and cards == full[i][1][: len(cards)]
                    for i, (lead, cards) in enumerate(seen)
                )
            checked += 1
    assert checked >= 10


def _totals_after(game: Game, hands: int) -> tuple[int, int]:
    points = [0, 0]
    for entry in game.score_sheet.entries:
        if entry.hand < hands:
            points[entry.seat] += entry.points
    return (points[0], points[1])


def _outputs(text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, str]:
    """What reading the copy back shows: the record written again, and ``honeymoon replay``'s
    text, JSON and PBN."""
    path = tmp_path / "copy.json"
    path.write_text(text, encoding="utf-8")
    shown: dict[str, str] = {"record": dumps(loads(text), reveal=False)}
    for name, extra in (("text", []), ("json", ["--json"]), ("pbn", ["--pbn", "-"])):
        assert main(["replay", str(path), *extra]) == 0
        captured = capsys.readouterr()
        assert captured.err == ""
        shown[name] = captured.out
    return shown


def test_honeymoon_replay_shows_the_match_as_played(
    matches: list[tuple[Game, Entitled, list[str]]],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    game, _, copies = matches[0]
    shown = _outputs(copies[-1], tmp_path, capsys)
    sheet = game.score_sheet
    for result in game.history:
        assert result_line(result.result) in shown["text"]
    assert f"Total{sheet.totals[0]:>19}{sheet.totals[1]:>8}" in shown["text"]
    assert "Deals scored              6 of 6" in shown["text"]
    assert "Games" not in shown["text"]
    assert "Rubber won" not in shown["text"]
    winner = sheet.points_winner
    if winner is None:
        assert "is drawn" in shown["text"]
    else:
        margin = abs(sheet.totals[0] - sheet.totals[1])
        assert f"won by {('South', 'East')[winner]}, by {margin} points" in shown["text"]
    data = json.loads(shown["json"])
    assert data["replayed"] is False and data["complete"] is True
    assert data["score"]["totals"] == list(sheet.totals)
    assert data["score"]["deals_scored"] == 6
    assert [hand["summary"] for hand in data["hands"]] == [
        result_line(h.result) for h in game.history
    ]
    boards = shown["pbn"].split("\n\n")[1:]
    assert len(boards) == len(game.history)
    for board, real in zip(boards, game.history, strict=True):
        assert f'[HoneymoonUpcard "{Card.from_id(real.stock[26]).pbn}"]' in board


def test_the_read_back_never_shows_a_card_the_seat_could_not_see(
    matches: list[tuple[Game, Entitled, list[str]]],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    for _, entitled, copies in matches:
        for text in copies:
            record = loads(text)
            shown = _outputs(text, tmp_path, capsys)
            hands = json.loads(shown["record"])["hands"]
            boards = shown["pbn"].split("\n\n")[1:]
            for seat in (0, 1):
                everything = set().union(*(sets[seat] for sets in entitled.values()))
                for number in range(len(record.hands)):
                    allowed = entitled[number][seat]
                    assert _record_cards(record, number) <= allowed, (seat, number)
                    assert _named(json.dumps(hands[number], ensure_ascii=False)) <= allowed
                for board in boards:
                    found = re.search(r'\[Board "(\d+)"\]', board)
                    assert found is not None
                    number = int(found.group(1)) - 1
                    assert _named(board) <= entitled[number][seat], (seat, number)
                assert _named(shown["text"]) <= everything
                assert _named(shown["json"]) <= everything
    # The seats saw different cards: the check above could fail.
    _, entitled, _ = matches[0]
    assert entitled[0][0] != entitled[0][1]


def _record_cards(record: GameRecord, number: int) -> set[int]:
    # Every card the read-back record holds for one hand: its actions, upcard, deal and tricks.
    hand = record.hands[number]
    log = record.logs()[number]
    cards = {Card.parse(text).id for text in hand.action_texts() if _CARD.fullmatch(text)}
    if hand.upcard is not None:
        cards.add(hand.upcard)
    if log.deal is not None:
        cards |= {card.id for held in log.deal for card in held}
    cards |= {card.id for trick in log.tricks for card in trick.cards}
    return cards


# -- malformed copies ------------------------------------------------------------------------


def _copy(matches: list[tuple[Game, Entitled, list[str]]]) -> tuple[Game, dict[str, Any]]:
    game, _, copies = matches[0]
    return game, json.loads(copies[-1])


def _refused(data: object) -> RecordError:
    with pytest.raises(RecordError) as caught:
        loads(json.dumps(data))
    return caught.value


def test_a_copy_without_the_upcard_says_to_name_it(
    matches: list[tuple[Game, Entitled, list[str]]],
) -> None:
    _, data = _copy(matches)
    del data["hands"][2]["upcard"]
    error = _refused(data)
    assert (error.code, error.hand) == ("missing_field", 2)
    assert "upcard" in error.message and '"upcard": "HA"' in error.message


def test_an_upcard_that_is_not_a_card_is_refused(
    matches: list[tuple[Game, Entitled, list[str]]],
) -> None:
    _, data = _copy(matches)
    data["hands"][0]["upcard"] = "Z9"
    error = _refused(data)
    assert (error.code, error.hand) == ("bad_card", 0)
    assert "'upcard'" in error.message and '"HA"' in error.message


def test_an_upcard_that_does_not_fit_the_exchange_is_refused(
    matches: list[tuple[Game, Entitled, list[str]]],
) -> None:
    game, data = _copy(matches)
    hand = data["hands"][0]
    size = dealer_exchange_size(game.history[0].stock[26])
    # an upcard taking the dealer a different number of cards
    other = {4: "HA", 8: "H2", 12: "HK"}[size]
    hand["upcard"] = other
    error = _refused(data)
    assert error.hand == 0
    if dealer_exchange_size(Card.parse(other).id) > size:
        # the record's call comes while the dealer has discards left to make
        assert error.code == "bad_action"
        assert "the exchange is not over" in error.message and "more card(s)" in error.message
    else:
        assert error.code == "wrong_phase"
        assert "the exchange is over" in error.message
        assert f"dealer discard {dealer_exchange_size(Card.parse(other).id)}" in error.message


def test_a_hidden_discard_after_the_exchange_is_refused(
    matches: list[tuple[Game, Entitled, list[str]]],
) -> None:
    game, data = _copy(matches)
    exchange = _exchange_length(game, 1)
    data["hands"][1]["actions"].insert(exchange, "draw")
    error = _refused(data)
    assert (error.code, error.hand, error.action_index) == ("wrong_phase", 1, exchange)
    assert (
        "the exchange is over" in error.message and "a call or a card comes next" in error.message
    )


def test_a_card_played_twice_is_refused_where_it_is_played_again(
    matches: list[tuple[Game, Entitled, list[str]]],
) -> None:
    game, data = _copy(matches)
    played = next(n for n, h in enumerate(game.history) if h.result.contract is not None)
    actions = data["hands"][played]["actions"]
    calls = len(game.history[played].log.calls)
    first = _exchange_length(game, played) + calls
    # the opening lead played again as the first card of the second trick
    actions[first + 2] = actions[first]
    error = _refused(data)
    assert error.hand == played and error.action_index == first + 2
    assert error.code == "card_not_in_hand"


def test_an_upcard_elsewhere_is_refused(matches: list[tuple[Game, Entitled, list[str]]]) -> None:
    game, _, _ = matches[0]
    # in a record with the stock, an upcard other than the stock's
    data = json.loads(dumps(game))
    data["hands"][0]["upcard"] = ":G" if game.history[0].stock[26] != 54 else ":L"
    error = _refused(data)
    assert (error.code, error.hand) == ("bad_upcard", 0)
    assert "the stock's card 27 (the upcard) is" in error.message
    # in a variant without one
    plain = Game(DRAW_AND_DISCARD, seed=1)
    data = json.loads(dumps(plain, reveal=False))
    data["hands"][0]["upcard"] = "SA"
    error = _refused(data)
    assert error.code == "bad_upcard" and "only Bridgette's hands have one" in error.message
