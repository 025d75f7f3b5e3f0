"""``honeymoon variants``: the variants that can be played, by name (the four-hand ones, played
at a table of four hands, marked so)."""

from __future__ import annotations

import argparse
import json

from honeymoon.rules import DEFAULT_RULES, PACK_VARIANTS, TABLE_VARIANTS, VARIANTS


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``variants`` sub-command."""
    parser = subparsers.add_parser("variants", help="list the variants that can be played")
    parser.add_argument("--json", action="store_true", help="print a JSON list")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Print each variant's name, title and summary."""
    if args.json:
        print(
            json.dumps(
                [
                    {
                        "name": rules.name,
                        "title": rules.title,
                        "rules_section": rules.rules_section,
                        "default": rules is DEFAULT_RULES,
                        "summary": rules.summary,
                        "four_hands": rules.four_hands,
                        "options": list(rules.option_names),
                    }
                    for rules in (
                        *VARIANTS.values(),
                        *PACK_VARIANTS.values(),
                        *TABLE_VARIANTS.values(),
                    )
                ]
            )
        )
        return 0
    for rules in (*VARIANTS.values(), *PACK_VARIANTS.values(), *TABLE_VARIANTS.values()):
        default = " (default)" if rules is DEFAULT_RULES else ""
        table = " (four hands)" if rules.four_hands else ""
        pack = " (55 cards)" if rules.colons else ""
        print(f"{rules.name}{default}{table}{pack}: {rules.title}")
        print(f"    {rules.summary}")
        if (rules.four_hands and len(rules.option_names) > 1) or rules.colons:
            names = ", ".join(f"{name}=true" for name in rules.option_names)
            print(f"    Options (--option): {names}")
    return 0
