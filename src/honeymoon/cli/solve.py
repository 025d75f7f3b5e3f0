"""``honeymoon solve FIRST SECOND --trump S``: the double-dummy value of a two-hand position."""

from __future__ import annotations

import argparse
import json

from honeymoon.cards import Card, CardSet, Rank, Strain, Suit
from honeymoon.errors import SolverInputError
from honeymoon.solver import BACKEND, solve

_PLAYERS = {"first": 0, "1": 0, "second": 1, "2": 1}
_NAMES = ("first", "second")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``solve`` sub-command."""
    parser = subparsers.add_parser(
        "solve",
        help="double-dummy solve a two-hand position",
        description=(
            "Tricks the player to move takes with best play by both, and the value of each "
            "legal card. Example: honeymoon solve '♠AK5 ♥T2 ♦J8 ♣J4' '♠Q6 ♥J5 ♦42 ♣K72' "
            "--trump S --lead first"
        ),
    )
    parser.add_argument("first", help="the first hand, e.g. '♠AK5 ♥T2 ♦J8 ♣J4' or 'AK5.T2.J8.J4'")
    parser.add_argument("second", help="the second hand, in the same notation")
    parser.add_argument("--trump", required=True, help="the strain: C, D, H, S or NT (or ♣ ♦ ♥ ♠)")
    parser.add_argument(
        "--lead",
        default="first",
        help="who leads the current trick: first or second (default first)",
    )
    parser.add_argument(
        "--led-card",
        help="a card the leader has already led to this trick (taken out of the leader's hand "
        "if listed there); the other player is then to move",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(handler=run)


def hand_text(cards: CardSet) -> str:
    """A hand in the notation the command reads, a ten written ``T`` so that suits stay
    readable: ``♠AK5 ♥T2 ♦J8 ♣J4`` (``♥102`` would read as a 10 and a 2, or a 1, 0, 2).

    >>> hand_text(CardSet.parse("AK5.T2.J8.J4"))
    '♠AK5 ♥T2 ♦J8 ♣J4'
    >>> hand_text(CardSet.parse("♠AK5 ♥T2 ♦J8 ♣J :GL"))  # Bridgette's Colons last
    '♠AK5 ♥T2 ♦J8 ♣J :GL'
    """
    parts = []
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        ranks = "".join("T" if rank == Rank.TEN else rank.symbol for rank in cards.ranks(suit))
        parts.append(f"{suit.symbol}{ranks or '-'}")
    colons = cards.colons
    if colons:
        parts.append(":" + "".join(colon.kind.letter for colon in colons))
    return " ".join(parts)


def run(args: argparse.Namespace) -> int:
    """Print the solution; bad input raises a :class:`HoneymoonError` (exit status 2)."""
    hands = [CardSet.parse(args.first), CardSet.parse(args.second)]
    strain = Strain.parse(args.trump)
    leader = _PLAYERS.get(args.lead.strip().lower())
    if leader is None:
        raise SolverInputError(
            f"--lead {args.lead!r}: say who leads, 'first' or 'second'", "bad_leader"
        )
    led_card = None
    if args.led_card is not None:
        led_card = Card.parse(args.led_card)
        if led_card in hands[1 - leader]:
            raise SolverInputError(
                f"the led card {led_card} is in the {_NAMES[1 - leader]} hand, but the "
                f"{_NAMES[leader]} hand leads",
                "bad_led_card",
            )
        hands[leader] = hands[leader] - CardSet.of([led_card])
    solution = solve(hands[0], hands[1], strain, leader, led_card)
    mover = solution.player
    total = len(hands[mover])
    ordered = [card for card in hands[mover].cards_high_to_low() if card in solution.card_values]
    if args.json:
        print(
            json.dumps(
                {
                    "first": hand_text(hands[0]),
                    "second": hand_text(hands[1]),
                    "trump": strain.letter,
                    "leader": _NAMES[leader],
                    "led_card": led_card.pbn if led_card else None,
                    "to_move": _NAMES[mover],
                    "tricks": solution.tricks,
                    "of_tricks": total,
                    "card_values": {card.pbn: solution.card_values[card] for card in ordered},
                    "best_cards": [card.pbn for card in ordered if card in solution.best_cards],
                    "nodes": solution.nodes,
                    "backend": BACKEND,
                },
                ensure_ascii=False,
            )
        )
        return 0
    print(f"first hand:  {hand_text(hands[0])}")
    print(f"second hand: {hand_text(hands[1])}")
    situation = f"{led_card} led by the {_NAMES[leader]} hand" if led_card else "on lead"
    print(f"trump {strain.symbol}; the {_NAMES[mover]} hand is to move ({situation})")
    print(
        f"the {_NAMES[mover]} hand takes {solution.tricks} of {total} tricks with best play "
        f"(the {_NAMES[1 - mover]} hand takes {total - solution.tricks})"
    )
    print(f"tricks for the {_NAMES[mover]} hand after each card:")
    for card in ordered:
        value = solution.card_values[card]
        marker = "  best" if value == solution.tricks else ""
        print(f"  {str(card):<4} {value:>2}{marker}")
    return 0
