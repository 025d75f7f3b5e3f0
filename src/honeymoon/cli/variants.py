"""``honeymoon variants``: the variants that can be played, by name."""

from __future__ import annotations

import argparse
import json

from honeymoon.rules import DEFAULT_RULES, VARIANTS


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
                    }
                    for rules in VARIANTS.values()
                ]
            )
        )
        return 0
    for rules in VARIANTS.values():
        default = " (default)" if rules is DEFAULT_RULES else ""
        print(f"{rules.name}{default}: {rules.title}")
        print(f"    {rules.summary}")
    return 0
