"""Shared test helpers: stock orders that produce chosen hands, and random legal play."""

from __future__ import annotations

import random
import socket
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from honeymoon.actions import KEEP, PASS, REJECT
from honeymoon.auction import FIRST_BID, Call
from honeymoon.cards import ALL_CARDS, Card, CardSet
from honeymoon.claims import judge_claim
from honeymoon.engines import new_game
from honeymoon.errors import HoneymoonError
from honeymoon.game import Game, Phase, shuffled_stock
from honeymoon.rules import find_variant
from honeymoon.seats import Direction, Seat
from honeymoon.table import TableGame
from honeymoon.views import SeatView, TableView, view_for

__all__ = [
    "DrawStep",
    "cards",
    "stock_for_turns",
    "stock_for_hands",
    "draw_all",
    "call_all",
    "random_action",
    "play_randomly",
    "play_checked",
    "double_dummy_best_cards",
    "snapshot",
    "card_locations",
    "refused_claim_twins",
]


def cards(text: str) -> list[Card]:
    """The cards of a hand written in any accepted notation, high cards of spades first."""
    return CardSet.parse(text).cards_high_to_low()


@dataclass(frozen=True)
class DrawStep:
    """One drawing turn: the card kept, the card discarded, and whether the top card was kept."""

    kept: Card
    discarded: Card
    keep_top: bool = True

    @property
    def action(self) -> int:
        """The drawing action that produces this turn."""
        return KEEP if self.keep_top else REJECT

    @property
    def stock_pair(self) -> tuple[Card, Card]:
        """The two stock cards of the turn, top first."""
        if self.keep_top:
            return (self.kept, self.discarded)
        return (self.discarded, self.kept)


def stock_for_turns(turns: Sequence[DrawStep]) -> tuple[list[int], list[int]]:
    """A stock order (card ids, top first) and the drawing actions that replay ``turns``.

    ``turns`` lists the 26 turns in playing order (non-dealer first, then alternating).
    """
    if len(turns) != 26:
        raise ValueError(f"a hand has 26 drawing turns, not {len(turns)}")
    stock = [card.id for turn in turns for card in turn.stock_pair]
    if sorted(stock) != list(range(52)):
        raise ValueError("the turns must use each of the 52 cards exactly once")
    return stock, [turn.action for turn in turns]


def stock_for_hands(
    non_dealer_hand: Iterable[Card],
    dealer_hand: Iterable[Card],
    *,
    first_turns: Sequence[DrawStep] = (),
) -> tuple[list[int], list[int]]:
    """A stock order that gives the non-dealer and the dealer the chosen 13-card hands.

    ``first_turns`` fixes the first turns (alternating, non-dealer first); every later turn keeps
    the next card of the player's hand and discards one of the remaining cards. Returns the stock
    order and the 26 drawing actions.
    """
    hands = [list(non_dealer_hand), list(dealer_hand)]
    if len(hands[0]) != 13 or len(hands[1]) != 13 or set(hands[0]) & set(hands[1]):
        raise ValueError("two disjoint hands of 13 cards are needed")
    used = {card for turn in first_turns for card in (turn.kept, turn.discarded)}
    for index, turn in enumerate(first_turns):
        if turn.kept not in hands[index % 2]:
            raise ValueError(f"{turn.kept} is kept but not in that player's hand")
        hands[index % 2].remove(turn.kept)
    spare = [c for c in ALL_CARDS if c not in used and c not in hands[0] and c not in hands[1]]
    turns = list(first_turns)
    while len(turns) < 26:
        turns.append(DrawStep(hands[len(turns) % 2].pop(0), spare.pop(0)))
    return stock_for_turns(turns)


def draw_all(game: Game, actions: Iterable[int]) -> None:
    """Apply drawing actions, each by the seat whose turn it is."""
    for action in actions:
        game.apply(action, game.to_act)


def call_all(game: Game, calls: Iterable[str]) -> None:
    """Make calls written as text (``1NT``, ``pass``, ``X``), each by the seat to call."""
    for text in calls:
        game.apply(Call.parse(text).action, game.to_act)


def drawn_action(game: Game, data: st.DataObject) -> int:
    """A legal action drawn by hypothesis, so that a failure shrinks to fewer and plainer
    choices; in the auction a pass, a double or one of the four lowest bids (passes first, so
    hands end and shrink to passed-out ones)."""
    legal = game.legal_actions()
    if game.phase is Phase.AUCTION and PASS in legal:
        others = [a for a in legal if a != PASS]
        legal = [
            PASS,
            *[a for a in others if a >= FIRST_BID][:4],
            *[a for a in others if a < FIRST_BID],
        ]
    return data.draw(st.sampled_from(legal), label="action")


def random_action(game: Game, rng: random.Random, pass_chance: float = 0.6) -> int:
    """A random legal action; in the auction it passes often and bids low, so hands end."""
    legal = game.legal_actions()
    if game.phase is Phase.AUCTION:
        if PASS in legal and rng.random() < pass_chance:
            return PASS
        others = [a for a in legal if a != PASS]
        bids = [a for a in others if a >= FIRST_BID][:4]
        doubles = [a for a in others if a < FIRST_BID]
        choices = bids + doubles
        if choices:
            return rng.choice(choices)
    return rng.choice(legal)


def play_randomly(
    game: Game, rng: random.Random, max_actions: int | None = None, pass_chance: float = 0.6
) -> int:
    """Play random legal actions until the rubber ends (or ``max_actions``); returns the count."""
    count = 0
    while not game.is_over and (max_actions is None or count < max_actions):
        game.apply(random_action(game, rng, pass_chance))
        count += 1
    return count


def snapshot(game: Game | TableGame) -> tuple[object, ...]:
    """Everything observable about a game, for checking that a refused action changed nothing."""
    if isinstance(game, TableGame):
        return (
            game.phase,
            game.to_act,
            game.to_play,
            game.hand_number,
            game.dealer,
            game.actions,
            game.legal_actions(),
            game.contract,
            game.declarer,
            game.tricks_won,
            game.current_trick,
            game.completed_tricks,
            game.score_sheet,
            tuple(h.result for h in game.history),
            tuple(game.hand_at(direction) for direction in Direction),
            tuple(view_for(game, seat).to_dict().__repr__() for seat in (*Seat, None)),
        )
    return (
        game.phase,
        game.to_act,
        game.hand_number,
        game.dealer,
        game.actions,
        game.legal_actions(),
        game.stock_remaining,
        game.contract,
        game.declarer,
        game.tricks_won,
        game.current_trick,
        game.completed_tricks,
        game.score_sheet,
        tuple(h.result for h in game.history),
        tuple(game.hand(seat) for seat in Seat),
        tuple(game.discards(seat) for seat in Seat),
        tuple(view_for(game, seat).to_dict().__repr__() for seat in (Seat.SOUTH, Seat.EAST, None)),
    )


def searchable_view(view: SeatView | TableView) -> dict[str, Any]:
    """A view's JSON form without ``previous_last_trick``: those cards were played face up in the
    previous hand, and may lie in any hand of this one, so a search of the text for hidden cards
    must leave them out. :func:`check_previous_last_trick` checks that field by itself."""
    data = view.to_dict()
    data.pop("previous_last_trick")
    return data


def check_previous_last_trick(game: Game | TableGame, view: SeatView | TableView) -> None:
    """The view's previous-hand trick is exactly the previous hand's last trick, or None."""
    previous = game.previous_hand_tricks
    if not previous:
        assert view.previous_last_trick is None
        return
    last = previous[-1]
    assert view.previous_last_trick is not None
    assert view.previous_last_trick.cards == last.cards
    assert int(view.previous_last_trick.leader) == last.leader


def card_locations(game: Game | TableGame) -> dict[int, list[str]]:
    """For each card id, every place it is found: hands, discards, the stock not yet drawn or
    dealt, and the cards played (preliminary tricks included). Works for every variant."""
    pack = 55 if game.rules.colons else 52
    places: dict[int, list[str]] = {card_id: [] for card_id in range(pack)}
    if isinstance(game, TableGame):
        for direction in Direction:
            for card in game.hand_at(direction):
                places[card.id].append(f"hand {direction.label}")
        table_played = [c for t in game.completed_tricks for c in t.cards]
        if game.current_trick is not None:
            table_played += list(game.current_trick.cards)
        for card in table_played:
            places[card.id].append("played")
        for seat in Seat:
            for card in game.extra_cards(seat):
                places[card.id].append(f"extra cards {seat}")
        for card_id in game.stock_for_hand(game.hand_number)[52 - game.stock_remaining :]:
            places[card_id].append("stock")
        return places
    for seat in Seat:
        for card in game.hand(seat):
            places[card.id].append(f"hand {seat}")
        for card in game.discards(seat):
            places[card.id].append(f"discards {seat}")
    stock = game.stock_for_hand(game.hand_number)
    for card_id in stock[pack - game.stock_remaining :]:
        places[card_id].append("stock")
    tricks = list(game.preliminary_tricks) + list(game.completed_tricks)
    played = [c for t in tricks for c in t.cards]
    if game.current_trick is not None:
        played += list(game.current_trick.cards)
    for card in played:
        places[card.id].append("played")
    return places


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on (for a server under test)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def play_checked(game: Game, bots: dict[Seat, Any], max_hands: int) -> list[tuple[Seat, int]]:
    """Play ``game`` with ``bots`` to ``max_hands`` hands, checking every action legal; the
    actions in order."""
    actions: list[tuple[Seat, int]] = []
    while not game.is_over and game.hand_number < max_hands:
        seat = game.to_act
        assert seat is not None
        view = view_for(game, seat)
        action = bots[seat].act(view)
        assert action in view.legal_actions, f"illegal action {action} in {view.phase}"
        actions.append((seat, action))
        game.apply(action, seat)
    return actions


def play_south_against(
    game: Game, east: Any, south: Callable[[SeatView], int], going: Callable[[Game], bool]
) -> None:
    """Play ``game`` while ``going(game)``: the bot ``east`` acts as East, and ``south`` (a
    test's function of South's view, which may compare bots there) chooses South's action."""
    while going(game):
        seat = game.to_act
        assert seat is not None
        view = view_for(game, seat)
        assert isinstance(view, SeatView)
        game.apply(east.act(view) if seat is Seat.EAST else south(view), seat)


def double_dummy_best_cards(south: Any, east: Any, seed: str) -> int:
    """Play the first hand of a Draw Bridge game (every card known by the play) with ``south``
    and ``east``, checking that each card South chooses among several keeps the double-dummy
    maximum of its tricks; the number of cards checked."""
    from honeymoon.solver import card_values_raw

    game = new_game(find_variant("draw"), seed=seed)
    bots = {Seat.SOUTH: south, Seat.EAST: east}
    checked = 0
    while not game.is_over and game.hand_number < 1:
        seat = game.to_act
        assert seat is not None
        view = view_for(game, seat)
        action = bots[seat].act(view)
        if seat is Seat.SOUTH and game.phase is Phase.PLAY and len(view.legal_actions) > 1:
            trick = game.current_trick
            led = trick.cards[0].id if trick is not None and trick.cards else -1
            contract = game.contract
            assert contract is not None
            values = dict(
                card_values_raw(
                    game.hand(seat).mask, game.hand(seat.other).mask, int(contract.strain), led
                )
            )
            assert values[action] == max(values.values()), (seed, view.hand, action)
            checked += 1
        game.apply(action, seat)
    return checked


def refused_claim_twins(seed: str) -> tuple[Game, Game, Seat]:
    """Two games at the same point of the play, alike in everything the claimant (the seat
    to move) may see: the second's stock swaps a card the opponent still holds with one of
    the opponent's discards, of the same suit (so every card played stays legal). The
    claimant's claim is refused in both, and the best defence leaves it a different count:
    what a refused claim tells must not differ between them."""
    for attempt in range(50):
        stock = list(shuffled_stock(f"{seed}:{attempt}", 0))
        game = Game(stocks=[stock], first_dealer=Seat.EAST)
        rng = random.Random(attempt)
        while game.phase is not Phase.PLAY:
            game.apply(random_action(game, rng, pass_chance=0.2))
        if game.hand_number != 0:
            continue
        for _ in range(rng.randrange(4, 16)):
            game.apply(rng.choice(game.legal_actions()))
        claimant = game.to_act
        assert claimant is not None
        verdict = judge_claim(game, claimant)
        if verdict.accepted:
            continue
        opponent = claimant.other
        for held in game.hand(opponent):
            for discarded in game.discards(opponent):
                if held.suit != discarded.suit:
                    continue
                order = list(stock)
                i, j = order.index(held.id), order.index(discarded.id)
                order[i], order[j] = order[j], order[i]
                twin = Game(stocks=[order], first_dealer=Seat.EAST)
                try:
                    for action in game.actions:
                        twin.apply(action)
                except HoneymoonError:
                    continue
                assert view_for(twin, claimant).to_dict() == view_for(game, claimant).to_dict()
                other = judge_claim(twin, claimant)
                if not other.accepted and other.guaranteed != verdict.guaranteed:
                    return game, twin, claimant
    raise AssertionError("no such pair of deals in 50 random games")


def events_of_hand(reported: list[object], number: int) -> list[object]:
    """The events of hand ``number`` in a stream of events: from its start to its HandOver."""
    from honeymoon.events import HandOver

    hand = 0
    found: list[object] = []
    for event in reported:
        if hand == number:
            found.append(event)
        if isinstance(event, HandOver):
            hand += 1
    return found


def run_apart(coroutine: Any, timeout: float = 120.0) -> None:
    """Run a coroutine on an event loop of its own thread. The browser tests' session keeps
    an event loop running in the main thread, so a test's own loop runs beside it (an
    ``async def`` test, or ``asyncio.run`` in the main thread, would fail after them)."""
    import asyncio
    import threading

    failures: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(coroutine)
        except BaseException as error:
            failures.append(error)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(timeout)
    assert not thread.is_alive(), f"the test's coroutine did not finish within {timeout:g} s"
    if failures:
        raise failures[0]


def shoot(page: Any, name: str, *, full_page: bool = False, element: str | None = None) -> None:
    """Save ``web-<name>.png`` for docs/web.md where ``HONEYMOON_SCREENSHOTS`` names a folder
    (``make screenshots`` sets it to docs/screenshots): the page (or one ``element`` of it),
    without the passing notice, each moving card where it lands."""
    import os
    from pathlib import Path

    target = os.environ.get("HONEYMOON_SCREENSHOTS")
    if not target:
        return
    Path(target).mkdir(parents=True, exist_ok=True)
    page.evaluate(
        "() => { document.getAnimations().forEach((a) => a.finish());"
        " const n = document.getElementById('notice'); if (n) n.hidden = true; }"
    )
    path = str(Path(target) / f"web-{name}.png")
    if element is not None:
        page.locator(element).screenshot(path=path)
    else:
        page.screenshot(path=path, full_page=full_page)


#: The impacts an accessibility scan does not allow.
AXE_BLOCKING = ("serious", "critical")


def axe_violations(page: Any) -> list[str]:
    """The serious and critical violations axe-core finds on the page, one line each (rule,
    impact, where)."""
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page).response["violations"]
    return [
        f"{rule['id']} ({rule['impact']}): {rule['help']} at "
        + ", ".join(node["target"][0] for node in rule["nodes"][:3])
        for rule in found
        if rule["impact"] in AXE_BLOCKING
    ]
