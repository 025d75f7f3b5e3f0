"""The invariant harness: one set of checks, run over every variant and option.

Every action is drawn through hypothesis (``st.data()``), so a failing game shrinks to a short
sequence of simple actions (passes, the lowest card, keeping the top card). After each action
the harness checks that every card is in exactly one place, that the views show each seat its
own cards and nothing it may not see, that every illegal action is refused without changing
anything, and that the game's record reads back and replays to the same state.

:func:`play_checked` checks every step of a prefix of a rubber; :func:`play_rubber` plays a
whole rubber (hypothesis chooses how each of the first hands is played, then natural bidders
finish it) and checks each finished hand, the score sheet and the record of the whole rubber.

The four-hand variants (:class:`~honeymoon.table.TableGame`) go through the same checks: where
the table differs (four hands, dummies that each seat may or may not see) a check says so in
one branch, and what a seat may not see is stated here again, independently of the views.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from itertools import product
from typing import Any

from helpers import card_locations, check_previous_last_trick, searchable_view, snapshot
from hypothesis import strategies as st

from honeymoon.actions import PASS
from honeymoon.auction import FIRST_BID
from honeymoon.bots import HeuristicBot
from honeymoon.bridgette import BridgetteGame
from honeymoon.cards import Card, CardSet
from honeymoon.errors import IllegalActionError
from honeymoon.game import Game, Phase
from honeymoon.records import dumps, loads
from honeymoon.rules import TABLE_VARIANTS, VARIANTS, RuleSet, find_variant
from honeymoon.scoring import (
    GAME_POINTS,
    RUBBER_BONUS_TWO_GAMES_TO_NIL,
    RUBBER_BONUS_TWO_GAMES_TO_ONE,
    Line,
    ScoreSheet,
)
from honeymoon.seats import SEATS, Direction, Seat
from honeymoon.table import TableGame
from honeymoon.views import SeatView, view_for

#: A game of any variant: the two-hand game or the four-hand table.
AnyGame = Game | TableGame

__all__ = [
    "VARIANT_NAMES",
    "TABLE_VARIANT_NAMES",
    "ALL_VARIANT_NAMES",
    "SEEDS",
    "SEAT_CHOICES",
    "action_strategy",
    "every_rule_set",
    "rule_sets",
    "check_cards_conserved",
    "check_views",
    "check_refusals",
    "check_record_replays",
    "check_sheet",
    "check_state",
    "play_checked",
    "play_rubber",
]

#: Every registered two-hand variant, by name.
VARIANT_NAMES = sorted(VARIANTS)
#: Every registered four-hand variant, by name.
TABLE_VARIANT_NAMES = sorted(TABLE_VARIANTS)
#: Every variant, two-hand and four-hand.
ALL_VARIANT_NAMES = VARIANT_NAMES + TABLE_VARIANT_NAMES
#: Seeds long enough to be spotted if one ever showed in a view's text.
SEEDS = st.integers(min_value=10**12, max_value=10**15)
#: Every action number (Bridgette's Colons end at 98), and a few outside the range.
EVERY_ACTION = range(-2, 101)
#: Values that are not actions at all.
NOT_ACTIONS: tuple[object, ...] = ("1", None, 1.5, (52,))
#: The codes a refused action may carry.
REFUSAL_CODES = {
    "wrong_phase",
    "unknown_action",
    "card_not_in_hand",
    "must_follow_suit",
    "bid_too_low",
    "cannot_double",
    "cannot_redouble",
    "game_over",
    "not_your_turn",
    "colon_lead",
    "barred_suit",
}


def rule_sets(variant: str) -> st.SearchStrategy[RuleSet]:
    """The variant with each of its options drawn (shrinking towards every option off)."""
    base = find_variant(variant, four_hands=True)
    options = st.fixed_dictionaries({name: st.booleans() for name in base.option_names})
    return options.map(lambda chosen: base.with_options(**chosen))


def option_rows(count: int) -> list[tuple[bool, ...]]:
    """Settings of ``count`` on/off options in which every two options take all four pairs of
    values together (a pairwise covering), every option off and every option on among them.

    Chosen greedily, in a fixed order: each next row is the first that covers the most pairs
    not yet covered. Three options need 5 rows rather than 8, four need 6 rather than 16.
    """
    rows = [(False,) * count, (True,) * count]
    wanted = {
        (i, j, a, b)
        for i in range(count)
        for j in range(i + 1, count)
        for a in (False, True)
        for b in (False, True)
    }

    def pairs(row: tuple[bool, ...]) -> set[tuple[int, int, bool, bool]]:
        return {(i, j, row[i], row[j]) for i in range(count) for j in range(i + 1, count)}

    for row in rows:
        wanted -= pairs(row)
    while wanted:
        best = max(product((False, True), repeat=count), key=lambda row: len(pairs(row) & wanted))
        rows.append(best)
        wanted -= pairs(best)
    return sorted(set(rows))


def every_rule_set() -> Iterator[RuleSet]:
    """Every variant with its options set as :func:`option_rows` covers them (every pair of
    options in all four settings); a variant with one option has both of its settings."""
    for name in ALL_VARIANT_NAMES:
        base = find_variant(name, four_hands=True)
        for values in option_rows(len(base.option_names)):
            yield base.with_options(**dict(zip(base.option_names, values, strict=True)))


# -- the checks ---------------------------------------------------------------------------


def check_cards_conserved(game: AnyGame) -> None:
    """Every card is in exactly one place, and the piles have the sizes the phase implies."""
    places = card_locations(game)
    assert all(len(where) == 1 for where in places.values()), {
        Card.from_id(card_id): where for card_id, where in places.items() if len(where) != 1
    }
    if isinstance(game, TableGame):
        _check_table_sizes(game)
        return
    sizes = [len(game.hand(seat)) for seat in Seat]
    discards = [len(game.discards(seat)) for seat in Seat]
    phase = game.phase
    if phase is Phase.DRAWING and game.rules.discard_after_keep:
        # each turn keeps one card and discards one
        turns = (52 - game.stock_remaining) // 2
        assert sum(sizes) == sum(discards) == turns and sizes == discards
    elif phase is Phase.EXCHANGE:
        # Bridgette: the seat to act holds 13 and the cards it has still to discard; dealer
        # draws only after non-dealer has discarded both
        assert isinstance(game, BridgetteGame) and game.to_act is not None
        acting = int(game.to_act)
        assert sizes[acting] == 13 + game.to_discard and sizes[1 - acting] == 13
        assert discards[1 - acting] == (2 if acting == int(game.dealer) else 0)
        assert game.stock_remaining == 55 - sum(sizes) - sum(discards)
    elif phase is Phase.AUCTION:
        assert sizes == [13, 13]
    elif phase in (Phase.PLAY, Phase.PRELIMINARY):
        trick = game.current_trick
        assert trick is not None
        expected = [max(sizes)] * 2
        if trick.cards:
            assert len(trick.cards) == 1
            expected[int(trick.leader)] -= 1
        assert sizes == expected
        if phase is Phase.PLAY:
            assert sizes[1 - int(trick.leader)] == 13 - len(game.completed_tricks)


def _check_table_sizes(game: TableGame) -> None:
    # Each hand holds 13 less the tricks completed, less one if it played to this trick.
    sizes = [len(game.hand_at(direction)) for direction in Direction]
    twelve = game.rules.twelve_and_two or game.rules.widow
    if game.phase in (Phase.WIDOW_HAND, Phase.WIDOW_DUMMY, Phase.LEAD_CHOICE):
        # the Widow: declarer places a widow card in their hand, then one in their dummy; the
        # defender places the other two (EXTRA_CARDS); then declarer chooses the leader
        declarer = game.declarer
        assert declarer is not None and game.to_act == declarer and game.stock_remaining == 0
        waiting = {Phase.WIDOW_HAND: 4, Phase.WIDOW_DUMMY: 3, Phase.LEAD_CHOICE: 0}[game.phase]
        assert len(game.extra_cards(declarer)) == waiting
        assert not game.extra_cards(declarer.other)
        expected = [12] * 4 if game.phase is not Phase.LEAD_CHOICE else [13] * 4
        if game.phase is Phase.WIDOW_DUMMY:
            expected[declarer.direction] = 13
        assert sizes == expected
        assert set(game.legal_actions()) == (
            {c.id for c in game.extra_cards(declarer)} if waiting else {94, 95}
        )
    elif game.phase is Phase.EXTRA_CARDS:
        # each player's hand and dummy hold 12 until the player places the two extra cards
        assert game.stock_remaining == 0 and game.to_act is not None
        for seat in Seat:
            waiting = len(game.extra_cards(seat))
            assert waiting in (0, 2)
            assert len(game.hand(seat)) == len(game.dummy(seat)) == 13 - waiting // 2
        assert game.extra_cards(game.to_act)
        assert game.to_act == game.declarer or not game.extra_cards(game.to_act.other)
    elif game.phase in (Phase.AUCTION, Phase.DUMMY_CHOICE):
        assert sizes == [12 if twelve else 13] * 4
        assert game.stock_remaining == (4 if twelve else 0)
        calls = [call.action for call in game.auction_calls]
        contract_reached = calls[-1:] == [PASS] and any(c >= FIRST_BID for c in calls)
        # only Single Dummy Bridge stops between the auction and the play, for declarer's choice
        assert (game.phase is Phase.DUMMY_CHOICE) == (game.rules.exposed_dummy and contract_reached)
    elif game.phase is Phase.PLAY:
        trick = game.current_trick
        assert trick is not None and len(trick.cards) < 4
        expected = [13 - len(game.completed_tricks)] * 4
        for hand in trick.players:
            expected[hand] -= 1
        assert sizes == expected
        assert game.to_play is not None and game.to_act == game.to_play.owner
    else:
        assert sizes == [0] * 4


def _hidden_at_table(game: TableGame, seat: Seat | None) -> CardSet:
    """What ``seat`` may not see at the four-hand table, stated from the rules (RULES.md 5.2,
    5.4, 5.5) rather than read from the views: the opponent's own hand always; the seat's own
    dummy until the auction is over; the opponent's dummy until the opening lead, and always
    with racks. A spectator sees no player's own hand and the dummies only when face up.
    In Single Dummy Bridge (RULES.md 6) the dealer's dummy is face up from the deal, the other
    dummy face down until declarer has chosen a dummy, and both face up in the play."""
    if game.rules.semi_exposed:
        # Semi-Exposed Dummies (RULES.md 7): the face-up cards of both dummies are seen by
        # everyone from the deal; a face-down card by no one, its dummy's owner included.
        hidden = CardSet()
        for player in Seat:
            if player != seat:
                hidden |= game.hand(player)
        for dummy in (Direction.NORTH, Direction.WEST):
            hidden |= game.face_down(dummy)
        return hidden
    if game.rules.exposed_dummy:
        hidden = CardSet()
        for player in Seat:
            if player != seat:
                hidden |= game.hand(player)
        if game.phase is not Phase.PLAY:
            hidden |= game.dummy(game.dealer.other)
        return hidden
    # Twelve and two (RULES.md 5.5): each player sees their own dummy from the deal, and their
    # own two extra cards; the last four cards of the stock are seen by no one until dealt.
    # The Widow (RULES.md 8): the widow is seen by no one in the auction, then by declarer,
    # and the two cards declarer gives the defender by the defender too; each player sees
    # their own dummy once the auction is over.
    twelve = game.rules.twelve_and_two
    stock = game.stock_for_hand(game.hand_number)
    undealt = CardSet.from_ids(stock[52 - game.stock_remaining :])
    lead_made = game.phase is Phase.PLAY and bool(
        game.completed_tricks or (game.current_trick and game.current_trick.cards)
    )
    face_up = lead_made and not game.rules.racks
    hidden = undealt
    for player in Seat:
        if player != seat:
            hidden |= game.hand(player) | game.extra_cards(player)
            if not face_up:
                hidden |= game.dummy(player)
        elif (
            game.phase is not Phase.PLAY
            and not twelve
            and (not game.rules.widow or game.phase is Phase.AUCTION)
        ):
            hidden |= game.dummy(player)
    return hidden


def widow_seen_by(game: TableGame, seat: Seat) -> CardSet:
    """The Widow: the widow's cards ``seat`` has seen this hand, worked out from the stock and
    the actions: all four for declarer once the auction is over, for the defender the two
    declarer did not place (the two actions after the auction)."""
    if not game.rules.widow or game.phase in (Phase.AUCTION, Phase.COMPLETE):
        return CardSet()
    widow = CardSet.from_ids(game.stock_for_hand(game.hand_number)[48:])
    if seat == game.declarer:
        return widow
    calls = len(game.auction_calls)
    placed = [a for a in game.actions[calls : calls + 2] if a < 52]
    return widow - CardSet.from_ids(placed) if len(placed) == 2 else CardSet()


def _hidden_from(game: AnyGame, seat: Seat | None) -> CardSet:
    """What ``seat`` may not see now: the opponent's hand and discards, and the stock except
    the card the seat is looking at and the face-up card."""
    if isinstance(game, TableGame):
        return _hidden_at_table(game, seat)
    hidden = CardSet()
    for other in Seat:
        if other != seat:
            hidden = hidden | game.hand(other) | game.discards(other)
    stock = game.stock_for_hand(game.hand_number)
    unseen = set(stock[len(stock) - game.stock_remaining :])
    looking = game.looking_at()
    if looking is not None and seat is not None and game.to_act == seat:
        unseen.discard(looking.id)
    face_up = game.face_up_card()
    if face_up is not None:
        unseen.discard(face_up.id)
        # Bridgette's upcard stays public in the hand (or the discards) of the player who took it
        hidden = hidden - CardSet.from_ids([face_up.id])
    return hidden | CardSet.from_ids(unseen)


def _keys(data: Any) -> set[str]:
    if isinstance(data, dict):
        return set(data) | {key for value in data.values() for key in _keys(value)}
    if isinstance(data, list):
        return {key for value in data for key in _keys(value)}
    return set()


def check_views(game: AnyGame) -> None:
    """Each seat's view shows its own cards and legal actions, and no card it may not see;
    no view (the spectator's included) shows the seed or the stock order."""
    for seat in (Seat.SOUTH, Seat.EAST, None):
        view = view_for(game, seat)
        if isinstance(game, TableGame):
            assert not isinstance(view, SeatView)
            hidden = _hidden_at_table(game, seat)
            for direction in Direction:
                shown = view.hands[direction]
                whole = game.hand_at(direction)
                # a hand is shown as it lies face up (whole, but for a semi-exposed dummy's
                # face-down cards), or not at all
                face_down = game.face_down(direction)
                face_up = whole - face_down
                assert not face_down - whole, (seat, direction)
                assert shown is None or shown == face_up, (seat, direction)
                assert (shown is None) == bool(face_up & hidden) or not face_up, (seat, direction)
                # each face-down card lies in the layout, unnamed
                places = view.covers[direction]
                assert sum(under for _, under in places) == len(face_down), (seat, direction)
                assert {card for card, _ in places if card is not None} <= set(face_up)
                if shown is not None and places:
                    assert view.hand_sizes[direction] - len(shown) == len(face_down)
            if seat is not None:
                assert view.hand == game.hand(seat)
                own_face_up = game.dummy(seat) - game.face_down(seat.dummy)
                own_dummy = not own_face_up & hidden
                assert view.dummy == (own_face_up if own_dummy else CardSet())
                assert view.legal_actions == (game.legal_actions() if game.to_act == seat else ())
                assert view.to_play == game.to_play
                assert view.extra_cards == game.extra_cards(seat)
                assert view.widow == widow_seen_by(game, seat)
        elif seat is not None:
            assert isinstance(view, SeatView)
            assert view.hand == game.hand(seat)
            assert view.discards == game.discards(seat)
            looking = game.phase is Phase.DRAWING and game.to_act == seat
            assert view.looking_at == (game.looking_at() if looking else None)
            assert view.legal_actions == (game.legal_actions() if game.to_act == seat else ())
        check_previous_last_trick(game, view)
        text = json.dumps(searchable_view(view), ensure_ascii=False)
        # the Widow: declarer saw the widow's four cards, the two given to the defender too
        seen = CardSet()
        if isinstance(game, TableGame) and seat is not None:
            seen = widow_seen_by(game, seat)
        for card in _hidden_from(game, seat) - seen:
            assert f'"{card.pbn}"' not in text, (seat, card)
            assert str(card) not in text, (seat, card)
        assert str(game.seed) not in text
        keys = _keys(view.to_dict())
        # `face_up_stock` is the rule option (true or false) that views carry with the rules
        named = {k for k in keys if "seed" in k or "stock" in k}
        assert not named - {"stock_remaining", "face_up_stock"}
        if game.phase is Phase.DRAWING or isinstance(game, TableGame):
            stock = list(game.stock_for_hand(game.hand_number))
            assert json.dumps(stock) not in text and json.dumps(stock[1:]) not in text


def check_refusals(game: AnyGame) -> None:
    """Every action outside ``legal_actions()`` is refused with a typed error and changes
    nothing; no legal action is legal for the seat not to act."""
    legal = set(game.legal_actions())
    before = snapshot(game)
    for action in EVERY_ACTION:
        if action in legal:
            assert game.is_legal(action)
            continue
        assert not game.is_legal(action)
        try:
            game.apply(action)
        except IllegalActionError as error:
            assert error.code in REFUSAL_CODES, error.code
            assert error.message
        else:
            raise AssertionError(f"action {action} was applied but is not legal")
    for thing in NOT_ACTIONS:
        try:
            game.apply(thing)  # type: ignore[arg-type]
        except IllegalActionError as error:
            assert error.code == "not_an_action", (thing, error.code)
        else:
            raise AssertionError(f"{thing!r} was applied as an action")
    assert snapshot(game) == before
    if game.to_act is not None:
        other = game.to_act.other
        assert not any(game.is_legal(action, other) for action in legal)


def check_record_replays(game: AnyGame) -> None:
    """The game's JSON record reads back and replays to the same state."""
    record = loads(dumps(game))
    replayed: AnyGame = record.replay()
    assert replayed.rules == game.rules
    assert snapshot(replayed) == snapshot(game)


def check_sheet(sheet: ScoreSheet) -> None:
    """The score sheet's totals, games, progress and rubber bonus agree with its entries."""
    if sheet.match_deals:
        # a match of deals scored one by one (Bridgette): no games, no rubber
        assert sheet.games == (0, 0) and sheet.rubber_winner is None
        assert sheet.is_complete == (sheet.deals_scored >= sheet.match_deals)
        assert len({e.hand for e in sheet.entries}) == sheet.deals_scored
        for seat in (0, 1):
            assert sheet.total(seat) == sum(e.points for e in sheet.entries if e.seat == seat)
        return
    for seat in (0, 1):
        assert sheet.total(seat) == sheet.above(seat) + sheet.below(seat)
        assert sheet.vulnerable(seat) == (sheet.games[seat] >= 1)
        assert 0 <= sheet.progress[seat] < GAME_POINTS
        current = sum(
            e.points
            for e in sheet.entries
            if e.seat == seat and e.line is Line.BELOW and e.game == sheet.current_game
        )
        assert sheet.progress[seat] == (0 if sheet.is_complete else current)
        assert sheet.games[seat] == sheet.game_winners.count(seat)
    assert sheet.is_complete == (max(sheet.games) == 2)
    assert max(sheet.games) <= 2 and len(sheet.game_winners) == sum(sheet.games)
    rubber = [e for e in sheet.entries if e.reason == "rubber"]
    if sheet.is_complete:
        winner = sheet.rubber_winner
        assert winner is not None and sheet.games[winner] == 2
        bonus = (
            RUBBER_BONUS_TWO_GAMES_TO_NIL
            if sheet.games[1 - winner] == 0
            else RUBBER_BONUS_TWO_GAMES_TO_ONE
        )
        assert [(e.seat, e.points) for e in rubber] == [(winner, bonus)]
    else:
        assert rubber == [] and sheet.rubber_winner is None


def check_state(game: AnyGame) -> None:
    """The checks of every step: cards conserved and views leak-free."""
    check_cards_conserved(game)
    check_views(game)


def _check_finished_hand(game: AnyGame, phase_before: Phase) -> None:
    """After the action that ended a hand: the hand's result and the sheet."""
    check_sheet(game.score_sheet)
    result = game.history[-1].result
    if result.ended_by_award:
        # Memory Bridge: the award of the preliminary tricks won the rubber
        assert phase_before is Phase.PRELIMINARY and game.is_over
        assert result.contract is None and result.preliminary is not None
        assert result.preliminary.award_seat == game.score_sheet.rubber_winner
    elif result.passed_out:
        assert phase_before is Phase.AUCTION and result.score is None
    else:
        assert phase_before is Phase.PLAY
        assert result.contract is not None and result.declarer is not None
        assert result.declarer_tricks is not None and 0 <= result.declarer_tricks <= 13


# -- driving a game -----------------------------------------------------------------------


def _low_calls(legal: tuple[int, ...]) -> list[int]:
    """Doubles, redoubles and the four lowest bids: calls that let hands end and be made."""
    others = [a for a in legal if a != PASS]
    return [a for a in others if a < FIRST_BID] + [a for a in others if a >= FIRST_BID][:4]


def action_strategy(game: AnyGame) -> st.SearchStrategy[int]:
    """Any legal action; in the auction a pass or a low call more often than a high bid, so
    hands end. Shrinks towards the first legal action (keep, pass, the lowest card)."""
    legal = game.legal_actions()
    if game.phase is Phase.AUCTION:
        low = _low_calls(legal)
        choices = [st.just(PASS), st.sampled_from(legal)]
        if low:
            choices.insert(1, st.sampled_from(low))
        return st.one_of(choices)
    return st.sampled_from(legal)


def play_checked(
    game: AnyGame,
    data: st.DataObject,
    max_actions: int,
    *,
    refusals_every: int = 7,
    record_every: int = 40,
) -> int:
    """Play up to ``max_actions`` actions drawn from ``data``, checking every invariant at
    every step (refusals and the record every few steps, and at the end). Returns the count."""
    count = 0
    for step in range(max_actions):
        if game.is_over:
            break
        check_state(game)
        if step % refusals_every == 0:
            check_refusals(game)
        if step % record_every == 0:
            check_record_replays(game)
        phase, hand_number = game.phase, game.hand_number
        action = data.draw(action_strategy(game), label=f"action {step}")
        assert action in game.legal_actions()
        game.apply(action, game.to_act)
        count += 1
        if game.hand_number != hand_number or game.is_over:
            _check_finished_hand(game, phase)
    check_state(game)
    check_refusals(game)
    check_record_replays(game)
    return count


def _table_player(game: TableGame, rng: random.Random) -> int:
    """A simple player for the four-hand table, whose rubbers end: the first caller bids
    3NT and the other passes; declarer's side plays its highest legal card, the defenders a
    random one."""
    legal = game.legal_actions()
    if game.phase is Phase.AUCTION:
        three_no_trump = FIRST_BID + 2 * 5 + 4
        return three_no_trump if three_no_trump in legal else PASS
    if game.to_act == game.declarer:
        return max(legal)
    return rng.choice(legal)


def play_rubber(game: AnyGame, data: st.DataObject, free_hands: int = 6) -> int:
    """Play the rubber to its end, checking each finished hand and the sheet, then the record
    of the rubber; returns the number of hands.

    Hypothesis draws, for each of the first ``free_hands`` hands, how it is played: by two
    heuristic bots, or with drawn calls while every other action takes the first (or the
    last) legal choice. Later hands are played by the bots, whose natural bidding makes games,
    so every drawn rubber ends; the bots' seed is drawn too.
    """
    bot_seed = data.draw(st.integers(0, 2**16), label="bot seed")
    players = [HeuristicBot(f"{bot_seed}:{seat}") for seat in SEATS]
    table_rng = random.Random(bot_seed)
    hands = 0
    while not game.is_over:
        number = game.hand_number
        how = "bots"
        if hands < free_hands:
            how = data.draw(st.sampled_from(["bots", "first", "last"]), label=f"hand {number}")
        phase = game.phase
        while not game.is_over and game.hand_number == number:
            phase = game.phase
            seat = game.to_act
            assert seat is not None
            if how == "bots" and isinstance(game, TableGame):
                action = _table_player(game, table_rng)
            elif how == "bots":
                assert isinstance(game, Game)
                action = players[seat].act(view_for(game, seat))
            elif phase is Phase.AUCTION:
                action = data.draw(action_strategy(game), label=f"hand {number}: call")
            else:
                legal = game.legal_actions()
                action = legal[0] if how == "first" else legal[-1]
            game.apply(action, seat)
        hands += 1
        check_cards_conserved(game)
        _check_finished_hand(game, phase)
        assert game.is_over == game.score_sheet.is_complete
    assert len(game.history) == hands
    # the dealer alternates through every hand, passed-out ones included
    dealers = [h.dealer for h in game.history]
    assert all(a != b for a, b in zip(dealers, dealers[1:], strict=False))
    assert dealers[0] == game.first_dealer
    check_views(game)
    check_refusals(game)
    check_record_replays(game)
    record = loads(dumps(game))
    replayed: AnyGame = record.replay()
    assert replayed.is_over
    assert [h.result for h in replayed.history] == [h.result for h in game.history]
    return hands


#: Either seat, as the first dealer.
SEAT_CHOICES = st.sampled_from(SEATS)
