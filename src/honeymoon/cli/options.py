"""Command-line options shared by several sub-commands: the variant and its options."""

from __future__ import annotations

import argparse

from honeymoon.cli import render
from honeymoon.errors import UnknownVariantError
from honeymoon.rules import RuleSet, find_variant


def add_variant_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--variant NAME`` and the repeatable ``--option NAME=VALUE``."""
    parser.add_argument(
        "--variant", default=None, help="the variant (`honeymoon variants` lists them)"
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a variant option, true or false (repeatable), e.g. face_up_stock=true",
    )


_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


def variant_with_options(name: str, options: list[str], *, four_hands: bool = False) -> RuleSet:
    """The variant ``name`` with ``options`` (``NAME=VALUE`` strings, VALUE true or false).

    >>> variant_with_options("draw", ["face_up_stock=true"]).face_up_stock
    True

    ``four_hands`` also finds the variants played at the four-hand table (``double-dummy``).

    :raises UnknownVariantError: for an unknown variant, or a bad option (the message lists the
        variant's options).
    """
    rules = find_variant(name, four_hands=four_hands)
    values: dict[str, bool] = {}
    for text in options:
        key, equals, value = text.partition("=")
        key = key.strip().replace("-", "_")
        word = value.strip().lower()
        problem = None
        if not equals or not key:
            problem = f"--option {text!r} should be NAME=true or NAME=false"
        elif key not in rules.option_names:
            problem = f"{key!r} is not an option of {rules.name}"
        elif word not in _TRUE + _FALSE:
            problem = f"option {key!r} is true or false, not {value.strip()!r}"
        if problem is not None:
            listing = "\n".join(render.option_lines(rules))
            raise UnknownVariantError(
                f"{problem}. The options of {rules.name} are:\n{listing}", "bad_option"
            )
        values[key] = word in _TRUE
    return rules.with_options(**values)
