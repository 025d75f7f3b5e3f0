"""``honeymoon match BOT_A BOT_B``: a duplicate match between two bots, with statistics.

Every rubber pair plays the same cards twice with the seats swapped. The report gives the mean
total-point difference (A minus B) per rubber pair with its 95% confidence interval, rubbers
won, points per hand, hands played, decision times, each bot's contracts checked against the
double-dummy solver (declared, made, makeable, doubles and slams) and forfeits. ``--json``
prints one object instead. A progress bar appears on stderr when it is a terminal (never with
``--json``). ``--cluster ray`` (or ``--address``) plays the pairs on a Ray cluster instead of
local processes, with the same figures (see docs/scale.md and :mod:`honeymoon.cluster`).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from honeymoon.bots import BOTS, EXTERNAL_PREFIX, LEVELS, resolve_bot_name
from honeymoon.cli.analyze import write_analyses
from honeymoon.cli.options import add_variant_arguments, variant_with_options
from honeymoon.errors import HoneymoonError
from honeymoon.match import MatchConfig, MatchSummary, PairOutcome, check_config, run_match
from honeymoon.rules import DEFAULT_RULES, TABLE_VARIANTS


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``match`` sub-command."""
    parser = subparsers.add_parser(
        "match",
        help="a duplicate match between two bots",
        description=(
            "Play a duplicate match between two bots: each rubber pair plays the same cards "
            "twice with the seats swapped. Bots: "
            f"{', '.join(sorted(BOTS))}, a level ({', '.join(LEVELS)}), or "
            f"'{EXTERNAL_PREFIX}COMMAND' for an external program (see docs/bot-protocol.md)."
        ),
    )
    parser.add_argument("bot_a", metavar="BOT_A", help="the first bot")
    parser.add_argument("bot_b", metavar="BOT_B", help="the second bot")
    parser.add_argument(
        "--rubbers", type=int, default=10, help="rubber pairs to play (each is two rubbers)"
    )
    parser.add_argument("--seed", default="0", help="match seed (default 0)")
    add_variant_arguments(parser)
    parser.add_argument("--jobs", type=int, help="worker processes (default 1)")
    parser.add_argument(
        "--cluster",
        metavar="NAME",
        help=(
            "play the rubber pairs as tasks of a cluster instead of local processes: 'ray' "
            "(needs the cluster extra: pip install 'honeymoon[cluster]'; see docs/scale.md)"
        ),
    )
    parser.add_argument(
        "--address",
        metavar="ADDRESS",
        help=(
            "the Ray cluster to use: HOST:PORT of its head, ray://HOST:PORT of its Ray Client "
            "server, 'auto' or 'local' (implies --cluster ray; default: RAY_ADDRESS, else the "
            "cluster started on this machine, else a new local one)"
        ),
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--records",
        metavar="DIR",
        help=(
            "write every rubber's JSON game record into DIR (default: "
            "records/match-BOT_A-vs-BOT_B-seed-S in the working directory)"
        ),
    )
    parser.add_argument("--no-records", action="store_true", help="write no game records")
    parser.add_argument(
        "--analyze", action="store_true", help="write each record's analysis beside it"
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=10.0,
        help="seconds a bot may take per decision before it forfeits (default 10)",
    )
    parser.add_argument(
        "--max-hands",
        type=int,
        default=500,
        help="stop a rubber after this many hands; it counts as unfinished (default 500)",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Run the match and print the report; bad arguments exit with status 2."""
    for spec in (args.bot_a, args.bot_b):
        if not spec.startswith(EXTERNAL_PREFIX):
            resolve_bot_name(spec)  # raises a clear error for an unknown name
    if args.rubbers < 1:
        raise HoneymoonError("--rubbers must be at least 1", "bad_argument")
    if args.jobs is not None and args.jobs < 1:
        raise HoneymoonError("--jobs must be at least 1", "bad_argument")
    cluster = args.cluster or ("ray" if args.address is not None else None)
    if cluster is not None and args.jobs is not None:
        raise HoneymoonError(
            "--jobs sets the local worker processes; on a cluster its CPUs set how many pairs "
            "play at once: leave --jobs out with --cluster or --address",
            "bad_argument",
        )
    if args.timeout <= 0:
        raise HoneymoonError("--timeout must be a positive number of seconds", "bad_argument")
    if args.max_hands < 1:
        raise HoneymoonError("--max-hands must be at least 1", "bad_argument")
    seed: int | str = int(args.seed) if args.seed.lstrip("-").isdigit() else args.seed
    # The variants with dummies play at the four-hand table, the same way (duplicate pairs).
    rules = variant_with_options(args.variant or DEFAULT_RULES.name, args.option, four_hands=True)
    if rules.four_hands and args.analyze:
        raise HoneymoonError(
            f"--analyze reviews two-hand records; {rules.name} is played at the four-hand "
            "table: leave --analyze out",
            "bad_argument",
        )
    config = MatchConfig(
        bot_a=args.bot_a,
        bot_b=args.bot_b,
        rubber_pairs=args.rubbers,
        seed=seed,
        jobs=args.jobs or 1,
        timeout=args.timeout,
        records_dir=None if args.no_records else (args.records or default_records_dir(args)),
        max_hands=args.max_hands,
        rules=rules,
        cluster=cluster,
        address=args.address,
    )
    check_config(config)  # a bad cluster or address is told before the progress bar shows
    show_progress = not args.json and sys.stderr.isatty()
    with _progress(config.rubber_pairs, show_progress) as advance:
        result = run_match(config, advance)
    if args.analyze and config.records_dir is not None:
        write_analyses(game.record for pair in result.pairs for game in pair.games)
    summary = result.summary()
    if args.json:
        print(json.dumps({**summary.to_dict(), "records_dir": config.records_dir}))
    else:
        print(format_report(summary))
        if config.records_dir is not None:
            print(f"records: {config.records_dir}")
    return 0


def default_records_dir(args: argparse.Namespace) -> str:
    """``records/match-A-vs-B-seed-S``, with anything but letters, digits, ``.`` and ``-`` in
    the bots' names (an external command, say) turned into ``_``."""
    name = f"match-{args.bot_a}-vs-{args.bot_b}-seed-{args.seed}"
    return str(Path("records") / re.sub(r"[^A-Za-z0-9.-]+", "_", name))


@contextmanager
def _progress(total: int, enabled: bool) -> Iterator[Callable[[PairOutcome], None] | None]:
    if not enabled:
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    with Progress(
        "rubber pairs",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as progress:
        task = progress.add_task("match", total=total)

        def advance(_outcome: PairOutcome) -> None:
            progress.advance(task)

        yield advance


def format_report(summary: MatchSummary) -> str:
    """The plain-text report of a match."""
    a, b = summary.bot_a, summary.bot_b
    lines = [
        f"{a} (A) against {b} (B): {_count(summary.pairs, 'rubber pair')}, "
        f"{_count(summary.rubbers, 'rubber')}, seed {summary.seed}",
    ]
    if summary.variant != DEFAULT_RULES.name or summary.options:
        options = ", ".join(f"{name}={value}" for name, value in summary.options)
        lines.append(f"variant {summary.variant}" + (f" ({options})" if options else ""))
    if a == b:  # the same bot on both sides: name the sides
        a, b = f"{a} (A)", f"{b} (B)"
    ci = summary.ci
    interval = (
        f" ± {summary.ci_half_width:.1f} (95% CI {ci[0]:+.1f} to {ci[1]:+.1f})"
        if ci is not None and summary.ci_half_width is not None
        else " (one pair: no confidence interval)"
    )
    lines.append(
        f"mean difference per rubber pair (A − B): {summary.mean_difference:+.1f}{interval}"
    )
    won = f"rubbers won: {a} {summary.rubbers_won_a}, {b} {summary.rubbers_won_b}"
    if summary.unfinished:
        won += f", unfinished {summary.unfinished}"
    lines.append(won)
    lines.append(
        f"points per hand: {a} {summary.points_per_hand_a:.1f}, {b} {summary.points_per_hand_b:.1f}"
    )
    lines.append(
        f"hands played: {summary.hands} ({summary.hands / max(1, summary.rubbers):.1f} per rubber)"
    )
    for name, stats in ((a, summary.time_a), (b, summary.time_b)):
        lines.append(
            f"decision time {name}: mean {_ms(stats.mean)}, p95 {_ms(stats.p95)} "
            f"over {stats.decisions} decisions"
        )
    if summary.variant not in TABLE_VARIANTS:
        # The contracts are checked with the two-hand solver: not at the four-hand table.
        for name, sanity in ((a, summary.sanity_a), (b, summary.sanity_b)):
            lines.append(f"contracts {name}: {sanity.summary()}")
    for name, counts in ((a, summary.forfeits_a), (b, summary.forfeits_b)):
        if counts:
            detail = ", ".join(f"{code} {count}" for code, count in sorted(counts.items()))
            lines.append(f"forfeits {name}: {detail}")
    if not summary.forfeit_games:
        lines.append("forfeits: none")
    for pair, rubber, forfeit in summary.forfeit_games:
        culprit = a if forfeit.side == "a" else b
        lines.append(
            f"  pair {pair + 1} rubber {rubber + 1} hand {forfeit.hand + 1}: {culprit} forfeits "
            f"({forfeit.code}): {forfeit.message}"
        )
    return "\n".join(lines)


def _count(number: int, noun: str) -> str:
    """``1 rubber pair``, ``2 rubber pairs``."""
    return f"{number} {noun}" + ("" if number == 1 else "s")


def _ms(seconds: float) -> str:
    """Milliseconds to three significant digits: ``0.0123 ms``, ``4.56 ms``, ``123 ms``."""
    return f"{seconds * 1000:.3g} ms"
