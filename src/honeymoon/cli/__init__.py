"""The ``honeymoon`` command: one sub-command per module in this package.

Each sub-command module exposes ``register(subparsers)``, which adds its parser and sets
``handler`` (a function taking the parsed arguments and returning the exit status).
Exit status 2 means bad input (a usage or notation error); the message says what would be right.
Output piped into a program that stops reading early (``| head``) ends the command quietly with
status 141, as a shell reports a program ended by a broken pipe.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from honeymoon import __version__
from honeymoon.errors import HoneymoonError

#: Sub-command modules, in the order ``honeymoon --help`` lists them.
SUBCOMMAND_MODULES = (
    "honeymoon.cli.play",
    "honeymoon.cli.score",
    "honeymoon.cli.replay",
    "honeymoon.cli.variants",
    "honeymoon.cli.solve",
    "honeymoon.cli.analyze",
    "honeymoon.cli.stats",
    "honeymoon.cli.match",
    "honeymoon.cli.serve",
    "honeymoon.cli.purge",
)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every available sub-command."""
    parser = argparse.ArgumentParser(
        prog="honeymoon", description="Honeymoon Bridge: contract bridge for two players."
    )
    parser.add_argument("--version", action="version", version=f"honeymoon {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module_name in SUBCOMMAND_MODULES:
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as error:
            if error.name == module_name:
                continue  # a sub-command not built yet
            raise
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    handler = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return 2
    try:
        status: int = handler(args)
        sys.stdout.flush()  # a closed pipe shows here, not in the interpreter's last flush
    except BrokenPipeError:
        return _closed_output()
    except HoneymoonError as error:
        print(f"honeymoon {args.command}: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    return status


#: The exit status after the reader of standard output went away (128 + SIGPIPE).
BROKEN_PIPE_STATUS = 141


def _closed_output() -> int:
    # Whatever is still buffered for the closed pipe goes nowhere, so that the interpreter's
    # own flush at exit does not print a second error.
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
    return BROKEN_PIPE_STATUS


if __name__ == "__main__":
    sys.exit(main())
