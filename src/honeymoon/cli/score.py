"""``honeymoon score CONTRACT TRICKS``: the rubber-scoring calculator."""

from __future__ import annotations

import argparse
import json

from honeymoon.auction import Contract
from honeymoon.errors import NotationError
from honeymoon.scoring import score_contract


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``score`` sub-command."""
    parser = subparsers.add_parser(
        "score",
        help="score one contract (rubber scoring)",
        description=(
            "Score a played contract: declarer's points below and above the line and the "
            "defender's points above. Example: honeymoon score 4SX 7"
        ),
    )
    parser.add_argument("contract", help="level, strain and doubling, e.g. 3NT, 4SX, 6HXX")
    parser.add_argument("tricks", help="tricks declarer took, 0 to 13")
    parser.add_argument("--vulnerable", action="store_true", help="declarer is vulnerable")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Print the score; bad input raises :class:`NotationError` (exit status 2)."""
    contract = Contract.parse(args.contract)
    text = args.tricks.strip()
    if not text.lstrip("-").isdigit():
        raise NotationError(f"{args.tricks!r} is not a number of tricks: use 0 to 13", "bad_tricks")
    tricks = int(text)
    if not 0 <= tricks <= 13:
        raise NotationError(f"{tricks} tricks is impossible: use 0 to 13", "bad_tricks")
    score = score_contract(contract, tricks, args.vulnerable)
    if args.json:
        print(
            json.dumps(
                {
                    "contract": contract.pbn,
                    "tricks": tricks,
                    "vulnerable": args.vulnerable,
                    "declarer_below": score.declarer_below,
                    "declarer_above": score.declarer_above,
                    "defender_above": score.defender_above,
                }
            )
        )
        return 0
    vulnerability = "vulnerable" if args.vulnerable else "not vulnerable"
    print(f"{contract} by a declarer {vulnerability}, {tricks} tricks:")
    for item in score.items:
        print(f"  {item.side:<9} {item.line.value:<6} {item.points:>5}  {item.reason}")
    print(f"declarer below: {score.declarer_below}")
    print(f"declarer above: {score.declarer_above}")
    print(f"defender above: {score.defender_above}")
    return 0
