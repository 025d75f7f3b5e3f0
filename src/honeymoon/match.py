"""Duplicate matches between two bots, and their statistics.

A match is a number of **rubber pairs**. Pair ``i`` plays one rubber with bot A as South and
bot B as East, and a second rubber with the seats swapped; both rubbers use the same game seed,
so hand ``n`` of each has the same stock order and the same dealer: the luck of the cards
cancels. The figure of merit is the pair's total-point difference, A minus B, summed over its
two rubbers; the match reports its mean with a 95% confidence interval (Student's t).

The variants with dummies are played the same way at the four-hand table
(:class:`~honeymoon.table.TableGame`): A holds South's hand and dummy (South and North) in
the first rubber of a pair and East's (East and West) in the second, the same four hands
dealt in both. Their hands are not checked against the two-hand solver (``sanity`` stays
empty), and an external bot cannot play them (the protocol speaks the two-hand game).

Everything about pair ``i`` (game seed, bot seeds) follows from the match seed and ``i``, so
results do not depend on how many processes play them.

A bot that raises, answers an illegal action, or takes longer than the timeout **forfeits**
its rubber: the rubber ends there, the opponent is credited with it, and the forfeiting side
keeps at most the opponent's total while the opponent gets :data:`FORFEIT_PENALTY` more
points. Forfeits are counted and listed separately.

>>> result = run_match(MatchConfig("heuristic", "random", rubber_pairs=1, seed=3, max_hands=6))
>>> len(result.pairs), len(result.pairs[0].games)
(1, 2)
>>> summary = result.summary()
>>> summary.rubbers == 2 and summary.forfeits_a == {} == summary.forfeits_b
True
"""

from __future__ import annotations

import contextlib
import io
import math
import multiprocessing
import os
import shlex
import shutil
import statistics
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from honeymoon.bots import EXTERNAL_PREFIX, Bot, make_bot, resolve_bot_name
from honeymoon.bots.external import BotFailure, ExternalBot
from honeymoon.bots.sanity import SanityStats, check_hand
from honeymoon.engines import new_game
from honeymoon.errors import HoneymoonError
from honeymoon.game import Game
from honeymoon.rules import DEFAULT_RULES, RuleSet
from honeymoon.seats import SEATS, Seat
from honeymoon.table import TableGame
from honeymoon.views import SeatView, view_for

__all__ = [
    "FORFEIT_PENALTY",
    "MatchConfigError",
    "MatchConfig",
    "check_config",
    "Forfeit",
    "GameOutcome",
    "PairOutcome",
    "MatchResult",
    "MatchSummary",
    "TimeStats",
    "pair_seed",
    "play_game",
    "play_pair",
    "play_pair_unwritten",
    "write_records",
    "collect_pairs",
    "run_match",
    "summarize",
    "t_critical",
    "mean_confidence_interval",
]

#: Points credited to the opponent of a bot that forfeits a rubber.
FORFEIT_PENALTY = 1000

# Two-sided 95% critical values of Student's t by degrees of freedom.
_T_TABLE: tuple[tuple[int, float], ...] = (
    (1, 12.706),
    (2, 4.303),
    (3, 3.182),
    (4, 2.776),
    (5, 2.571),
    (6, 2.447),
    (7, 2.365),
    (8, 2.306),
    (9, 2.262),
    (10, 2.228),
    (11, 2.201),
    (12, 2.179),
    (13, 2.160),
    (14, 2.145),
    (15, 2.131),
    (16, 2.120),
    (17, 2.110),
    (18, 2.101),
    (19, 2.093),
    (20, 2.086),
    (21, 2.080),
    (22, 2.074),
    (23, 2.069),
    (24, 2.064),
    (25, 2.060),
    (26, 2.056),
    (27, 2.052),
    (28, 2.048),
    (29, 2.045),
    (30, 2.042),
    (40, 2.021),
    (50, 2.009),
    (60, 2.000),
    (80, 1.990),
    (100, 1.984),
    (120, 1.980),
    (1000, 1.962),
)


def t_critical(degrees_of_freedom: int) -> float:
    """The two-sided 95% critical value of Student's t.

    Between the rows of the table the value of the nearest smaller tabled ``df`` is used
    (slightly conservative); beyond 1000 the normal value 1.96.

    >>> t_critical(1), t_critical(10), t_critical(35), t_critical(10**6)
    (12.706, 2.228, 2.042, 1.96)
    """
    if degrees_of_freedom < 1:
        raise ValueError("a t value needs at least one degree of freedom")
    if degrees_of_freedom > 1000:
        return 1.96
    return next(critical for df, critical in reversed(_T_TABLE) if df <= degrees_of_freedom)


def mean_confidence_interval(values: Sequence[float]) -> tuple[float, float | None]:
    """The mean of ``values`` and the half-width of its 95% confidence interval (t-based);
    the half-width is None for fewer than two values.

    >>> mean, half_width = mean_confidence_interval([1.0, 2.0, 3.0, 4.0])
    >>> mean, round(half_width, 4)  # 3.182 * 1.2910 / 2
    (2.5, 2.054)
    """
    if not values:
        raise ValueError("no values")
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, None
    half_width = t_critical(len(values) - 1) * statistics.stdev(values) / math.sqrt(len(values))
    return mean, half_width


# -- configuration and outcomes -------------------------------------------------------------


class MatchConfigError(HoneymoonError, ValueError):
    """A match that cannot be played as configured (code ``bad_match``): the message says what
    is wrong and what would do."""

    code = "bad_match"


@dataclass(frozen=True, slots=True)
class MatchConfig:
    """What to play: ``bot_a`` against ``bot_b`` (names, levels or ``cmd:COMMAND``).

    :param rubber_pairs: how many pairs of rubbers (each pair is two rubbers, seats swapped).
    :param seed: the match seed; every pair's cards and bot seeds derive from it.
    :param jobs: worker processes (results do not depend on it).
    :param timeout: seconds a bot may take for one decision (an external bot is stopped then;
        an in-process bot forfeits once its answer comes back late).
    :param records_dir: write every rubber's JSON record into this folder; None writes none.
    :param max_hands: stop a rubber that reaches this many hands (it then counts unfinished).
    :param rules: the variant and its options (the default profile unless given).
    :param cluster: ``"ray"`` plays the pairs as tasks of a Ray cluster instead of local
        processes (the ``cluster`` extra; see :mod:`honeymoon.cluster`); None plays them here.
    :param address: the Ray cluster to use (``HOST:PORT``, ``ray://HOST:PORT``, ``auto`` or
        ``local``); giving one implies ``cluster="ray"``.
    """

    bot_a: str
    bot_b: str
    rubber_pairs: int
    seed: int | str = 0
    jobs: int = 1
    timeout: float = 10.0
    records_dir: str | None = None
    max_hands: int = 500
    rules: RuleSet = DEFAULT_RULES
    cluster: str | None = None
    address: str | None = None


@dataclass(frozen=True, slots=True)
class Forfeit:
    """Why a bot lost a rubber by forfeit. ``side`` is ``"a"`` or ``"b"``; ``code`` is
    ``crashed``, ``timeout``, ``garbage`` or ``illegal``; ``hand`` is 0-based."""

    side: str
    code: str
    message: str
    hand: int


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """One rubber of a match. Totals are after any forfeit adjustment.

    ``winner`` is ``"a"``, ``"b"`` or None (an unfinished rubber). ``decision_times_a`` and
    ``decision_times_b`` are the seconds each bot took per decision.
    """

    pair: int
    a_seat: Seat
    total_a: int
    total_b: int
    winner: str | None
    hands: int
    forfeit: Forfeit | None
    decision_times_a: tuple[float, ...] = field(repr=False)
    decision_times_b: tuple[float, ...] = field(repr=False)
    record: str | None = None
    #: Each bot's contracts and doubles checked against the double-dummy solver.
    sanity_a: SanityStats = SanityStats()
    sanity_b: SanityStats = SanityStats()

    @property
    def difference(self) -> int:
        """A's total minus B's."""
        return self.total_a - self.total_b


@dataclass(frozen=True, slots=True)
class PairOutcome:
    """A rubber pair: A as South then A as East, the same cards."""

    pair: int
    games: tuple[GameOutcome, ...]

    @property
    def difference(self) -> int:
        """A's total minus B's over both rubbers."""
        return sum(game.difference for game in self.games)


@dataclass(frozen=True, slots=True)
class TimeStats:
    """Decision times of one bot: how many, the mean and the 95th percentile (seconds)."""

    decisions: int
    mean: float
    p95: float

    @classmethod
    def of(cls, times: Sequence[float]) -> TimeStats:
        """The statistics of ``times``.

        >>> TimeStats.of([0.1] * 19 + [1.0]).p95
        0.1
        """
        if not times:
            return cls(0, 0.0, 0.0)
        ordered = sorted(times)
        index = max(0, math.ceil(0.95 * len(ordered)) - 1)
        return cls(len(ordered), statistics.fmean(ordered), ordered[index])


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """The figures a match reports (see :func:`summarize`)."""

    bot_a: str
    bot_b: str
    seed: int | str
    pairs: int
    rubbers: int
    mean_difference: float
    ci_half_width: float | None
    rubbers_won_a: int
    rubbers_won_b: int
    unfinished: int
    hands: int
    points_per_hand_a: float
    points_per_hand_b: float
    time_a: TimeStats
    time_b: TimeStats
    forfeits_a: dict[str, int]
    forfeits_b: dict[str, int]
    forfeit_games: tuple[tuple[int, int, Forfeit], ...]
    #: The variant's name and the options that differ from its defaults.
    variant: str = DEFAULT_RULES.name
    options: tuple[tuple[str, object], ...] = ()
    #: Each bot's contracts and doubles against the double-dummy solver (see
    #: :mod:`honeymoon.bots.sanity`).
    sanity_a: SanityStats = SanityStats()
    sanity_b: SanityStats = SanityStats()

    @property
    def ci(self) -> tuple[float, float] | None:
        """The 95% confidence interval of the mean pair difference, if there are two pairs."""
        if self.ci_half_width is None:
            return None
        return (
            self.mean_difference - self.ci_half_width,
            self.mean_difference + self.ci_half_width,
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        ci = self.ci

        def times(stats: TimeStats) -> dict[str, Any]:
            return {
                "decisions": stats.decisions,
                "mean_ms": round(stats.mean * 1000, 4),
                "p95_ms": round(stats.p95 * 1000, 4),
            }

        return {
            "bot_a": self.bot_a,
            "bot_b": self.bot_b,
            "variant": self.variant,
            "options": dict(self.options),
            "seed": self.seed,
            "rubber_pairs": self.pairs,
            "rubbers": self.rubbers,
            "mean_difference": round(self.mean_difference, 2),
            "ci95": [round(ci[0], 2), round(ci[1], 2)] if ci is not None else None,
            "rubbers_won": {"a": self.rubbers_won_a, "b": self.rubbers_won_b},
            "unfinished": self.unfinished,
            "hands": self.hands,
            "points_per_hand": {
                "a": round(self.points_per_hand_a, 2),
                "b": round(self.points_per_hand_b, 2),
            },
            "decision_time": {"a": times(self.time_a), "b": times(self.time_b)},
            "forfeits": {"a": self.forfeits_a, "b": self.forfeits_b},
            "sanity": {"a": self.sanity_a.to_dict(), "b": self.sanity_b.to_dict()},
            "forfeit_games": [
                {
                    "pair": pair,
                    "rubber": game,
                    "side": forfeit.side,
                    "code": forfeit.code,
                    "hand": forfeit.hand,
                    "message": forfeit.message,
                }
                for pair, game, forfeit in self.forfeit_games
            ],
        }


@dataclass(frozen=True, slots=True)
class MatchResult:
    """Every pair of a match, in pair order, with the configuration that produced them."""

    config: MatchConfig
    pairs: tuple[PairOutcome, ...]

    def summary(self) -> MatchSummary:
        """The match's figures."""
        return summarize(self.config, self.pairs)


def check_config(config: MatchConfig) -> None:
    """Check ``config`` before anything is played: the counts, the timeout, the bots' names,
    and that an external bot's program exists.

    :raises MatchConfigError: saying what is wrong.

    >>> check_config(MatchConfig("random", "random", rubber_pairs=1, max_hands=0))
    Traceback (most recent call last):
    ...
    honeymoon.match.MatchConfigError: max_hands is 0: a rubber needs at least one hand
    """
    if config.rubber_pairs < 1:
        raise MatchConfigError(
            f"rubber_pairs is {config.rubber_pairs}: a match needs at least one rubber pair"
        )
    if config.max_hands < 1:
        raise MatchConfigError(f"max_hands is {config.max_hands}: a rubber needs at least one hand")
    if config.jobs < 1:
        raise MatchConfigError(f"jobs is {config.jobs}: give at least one worker process")
    if not config.timeout > 0:
        raise MatchConfigError(
            f"timeout is {config.timeout}: give a positive number of seconds per decision"
        )
    if config.cluster is not None or config.address is not None:
        from honeymoon.cluster import check_cluster

        check_cluster(config.cluster, config.address)
    for spec in (config.bot_a, config.bot_b):
        if spec.startswith(EXTERNAL_PREFIX):
            if config.rules.four_hands or config.rules.colons:
                raise MatchConfigError(
                    f"{spec!r}: an external bot speaks the two-hand protocol and cannot play "
                    f"{config.rules.name}; choose a built-in bot or a level"
                )
            _check_program(spec)
        else:
            try:
                name = resolve_bot_name(spec)
                if config.rules.four_hands:
                    _check_table_bot(name)
                if config.rules.colons:
                    from honeymoon.bots.bridgette import check_bridgette_bot

                    check_bridgette_bot(name)
            except HoneymoonError as error:
                raise MatchConfigError(str(error)) from None


def _check_table_bot(name: str) -> None:
    """A bot must have a table counterpart, and the hard level's solver must be installed."""
    from honeymoon.bots.table_bots import make_table_bot

    make_table_bot(name, 0)


def _check_program(spec: str) -> None:
    """An external bot's program must exist and be executable, else every rubber would forfeit."""
    command = spec[len(EXTERNAL_PREFIX) :]
    try:
        words = shlex.split(command)
    except ValueError as error:
        raise MatchConfigError(f"{spec!r}: the command cannot be read ({error})") from None
    if not words:
        raise MatchConfigError(f"{spec!r}: no command given; write cmd:PROGRAM [ARGUMENTS]")
    if shutil.which(words[0]) is None:
        raise MatchConfigError(
            f"{spec!r}: cannot start {words[0]!r}: no such executable program (give the path "
            "of an executable file, or a program on the PATH)"
        )


# -- playing --------------------------------------------------------------------------------


def _bot_seed(seed: int | str, pair: int, side: str) -> str:
    return f"{seed}:{pair}:{side}"


def pair_seed(seed: int | str, pair: int) -> str:
    """The game seed of pair ``pair`` of a match seeded ``seed``."""
    return f"{seed}:pair:{pair}"


def play_game(
    bot_a: Bot,
    bot_b: Bot,
    game: Game | TableGame,
    a_seat: Seat,
    *,
    timeout: float = 10.0,
    max_hands: int = 500,
) -> tuple[tuple[float, ...], tuple[float, ...], Forfeit | None]:
    """Play ``game`` to its end with ``bot_a`` in ``a_seat`` and ``bot_b`` in the other seat
    (at the four-hand table, each plays its seat's hand and dummy).

        Each bot gets only its own seat's view. Returns both bots' decision times and the forfeit,
        if a bot crashed, answered an illegal action or took longer than ``timeout`` seconds. The
        bots are told the game is over and closed in every case.
    """
    bots = {a_seat: bot_a, a_seat.other: bot_b}
    sides = {a_seat: "a", a_seat.other: "b"}
    times: dict[str, list[float]] = {"a": [], "b": []}
    forfeit: Forfeit | None = None
    clock = time.perf_counter
    try:
        while not game.is_over and game.hand_number < max_hands:
            seat = game.to_act
            assert seat is not None
            view = view_for(game, seat)
            side = sides[seat]
            started = clock()
            try:
                action = bots[seat].act(view)
            except BotFailure as failure:
                forfeit = Forfeit(side, failure.code, failure.message, game.hand_number)
                break
            except Exception as error:  # any bug in a bot loses its rubber, not the match
                message = f"{type(error).__name__}: {error}"
                forfeit = Forfeit(side, "crashed", message, game.hand_number)
                break
            elapsed = clock() - started
            times[side].append(elapsed)
            if elapsed > timeout:
                message = f"took {elapsed:.2f} s, more than the {timeout:g} s allowed"
                forfeit = Forfeit(side, "timeout", message, game.hand_number)
                break
            if type(action) is not int or action not in view.legal_actions:
                message = f"answered {action!r}, which is not a legal action here"
                forfeit = Forfeit(side, "illegal", message, game.hand_number)
                break
            game.apply(action, seat)
    finally:
        for seat in SEATS:
            _finish_bot(bots[seat], game, seat, forfeit, sides[seat])
    return tuple(times["a"]), tuple(times["b"]), forfeit


def _finish_bot(
    bot: Bot, game: Game | TableGame, seat: Seat, forfeit: Forfeit | None, side: str
) -> None:
    try:
        view = view_for(game, seat)
        if isinstance(bot, ExternalBot) and isinstance(view, SeatView):
            result = {
                "totals": list(game.score_sheet.totals),
                "forfeit": None
                if forfeit is None
                else {"by_you": forfeit.side == side, "code": forfeit.code},
            }
            bot.game_over(view, result)
            return
        game_over = getattr(bot, "game_over", None)
        if callable(game_over):
            game_over(view)
    except Exception:  # the rubber is decided; a bot failing to listen changes nothing
        pass
    finally:
        close = getattr(bot, "close", None)
        if callable(close):
            with contextlib.suppress(Exception):
                close()


def play_pair(config: MatchConfig, pair: int) -> PairOutcome:
    """Play rubber pair ``pair`` of ``config``: A as South, then A as East, same cards."""
    outcome, records = play_pair_unwritten(config, pair)
    write_records(records)
    return outcome


def play_pair_unwritten(
    config: MatchConfig, pair: int
) -> tuple[PairOutcome, tuple[tuple[str, str], ...]]:
    """Play rubber pair ``pair`` as :func:`play_pair` does, but write nothing: return the
    outcome and, when ``config.records_dir`` is set, each rubber's record as ``(path, JSON
    text)`` for :func:`write_records` (a cluster's task hands them to the machine that asked)."""
    games: list[GameOutcome] = []
    records: list[tuple[str, str]] = []
    for a_seat in (Seat.SOUTH, Seat.EAST):
        bot_a = make_bot(config.bot_a, _bot_seed(config.seed, pair, "a"), timeout=config.timeout)
        bot_b = make_bot(config.bot_b, _bot_seed(config.seed, pair, "b"), timeout=config.timeout)
        game = new_game(config.rules, seed=pair_seed(config.seed, pair), first_dealer=Seat.SOUTH)
        times_a, times_b, forfeit = play_game(
            bot_a, bot_b, game, a_seat, timeout=config.timeout, max_hands=config.max_hands
        )
        totals = game.score_sheet.totals
        total_a, total_b = totals[a_seat], totals[a_seat.other]
        rubber_winner = game.score_sheet.rubber_winner
        winner: str | None = None
        if forfeit is not None:
            winner = "b" if forfeit.side == "a" else "a"
            if forfeit.side == "a":
                total_a, total_b = min(total_a, total_b), total_b + FORFEIT_PENALTY
            else:
                total_a, total_b = total_a + FORFEIT_PENALTY, min(total_a, total_b)
        elif rubber_winner is not None:
            winner = "a" if rubber_winner == a_seat else "b"
        elif game.score_sheet.match_deals and game.is_over:
            # A match of deals (Bridgette) is won on points; equal totals are a draw.
            points_winner = game.score_sheet.points_winner
            if points_winner is not None:
                winner = "a" if points_winner == a_seat else "b"
        record = None
        if config.records_dir is not None:
            record, text = _record(config, game, pair, a_seat)
            records.append((record, text))
        hands = len(game.history) + (0 if game.is_over or forfeit is None else 1)
        # The two-hand solver's check does not apply to four hands.
        solvable = isinstance(game, Game)
        checks = [check_hand(hand, config.rules) for hand in game.history] if solvable else []
        games.append(
            GameOutcome(
                pair=pair,
                a_seat=a_seat,
                total_a=total_a,
                total_b=total_b,
                winner=winner,
                hands=hands,
                forfeit=forfeit,
                decision_times_a=times_a,
                decision_times_b=times_b,
                record=record,
                sanity_a=SanityStats.of(checks, a_seat),
                sanity_b=SanityStats.of(checks, a_seat.other),
            )
        )
    return PairOutcome(pair, tuple(games)), tuple(records)


def _record(
    config: MatchConfig, game: Game | TableGame, pair: int, a_seat: Seat
) -> tuple[str, str]:
    from honeymoon.records import dump

    players = (config.bot_a, config.bot_b) if a_seat is Seat.SOUTH else (config.bot_b, config.bot_a)
    path = Path(config.records_dir or ".") / f"pair{pair:05d}-a-{a_seat.key}.json"
    text = io.StringIO()
    dump(game, text, players=players)
    return str(path), text.getvalue()


def write_records(records: Iterable[tuple[str, str]]) -> None:
    """Write each ``(path, text)`` of :func:`play_pair_unwritten`, making the folder."""
    for name, text in records:
        path = Path(name)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


_GUARD_ADVICE = (
    "With jobs > 1 each worker process imports the main script again, so a script must call "
    'run_match under `if __name__ == "__main__":` (or use jobs=1).'
)


def run_match(
    config: MatchConfig, on_pair: Callable[[PairOutcome], None] | None = None
) -> MatchResult:
    """Play every pair of ``config`` (in ``config.jobs`` processes, or as the tasks of a Ray
    cluster when ``config.cluster`` or ``config.address`` is set) and return them in order.

    ``on_pair`` is called in this process as each pair finishes (for a progress bar).

    :raises MatchConfigError: before anything is played, for a configuration that cannot be
        played (see :func:`check_config`); when called while a worker process is starting (a
        script without a ``__main__`` guard); or when a worker process dies (on a cluster a
        lost task is played again; see :mod:`honeymoon.cluster`).
    """
    check_config(config)
    if getattr(multiprocessing.current_process(), "_inheriting", False):
        # A worker is importing the main script again, which called run_match at its top
        # level: starting more workers from here would go on for ever.
        raise MatchConfigError(_GUARD_ADVICE)
    outcomes: Iterator[PairOutcome]
    if config.cluster is not None or config.address is not None:
        from honeymoon.cluster import play_on_cluster

        outcomes = play_on_cluster(config)
    elif config.jobs <= 1 or config.rubber_pairs == 1:
        outcomes = (play_pair(config, pair) for pair in range(config.rubber_pairs))
    else:
        outcomes = _play_in_processes(config)
    return collect_pairs(config, outcomes, on_pair)


def collect_pairs(
    config: MatchConfig,
    outcomes: Iterator[PairOutcome],
    on_pair: Callable[[PairOutcome], None] | None = None,
) -> MatchResult:
    """The match from the pairs as a runner hands them over, in any order: exactly one outcome
    per pair index, the first that arrives (a pair played again after its task was lost counts
    once), ``on_pair`` called for each.

    :raises MatchConfigError: if a pair is missing when the runner is done.

    >>> config = MatchConfig("random", "random", rubber_pairs=2, max_hands=1)
    >>> one, two = play_pair(config, 1), play_pair(config, 0)
    >>> result = collect_pairs(config, iter([one, two, one]))
    >>> [pair.pair for pair in result.pairs]
    [0, 1]
    """
    kept: dict[int, PairOutcome] = {}
    try:
        for outcome in outcomes:
            if outcome.pair in kept or not 0 <= outcome.pair < config.rubber_pairs:
                continue
            kept[outcome.pair] = outcome
            if on_pair is not None:
                on_pair(outcome)
    finally:
        close = getattr(outcomes, "close", None)
        if callable(close):
            close()  # a runner stops its workers
    missing = [pair for pair in range(config.rubber_pairs) if pair not in kept]
    if missing:
        raise MatchConfigError(
            f"{len(missing)} rubber pairs never came back (the first is pair {missing[0]}); "
            "play the match again"
        )
    return MatchResult(config, tuple(kept[pair] for pair in range(config.rubber_pairs)))


#: Seconds between a worker's looks at whether the match's process is still there.
_PARENT_CHECK_SECONDS = 1.0


def _end_with_parent(parent: int) -> None:
    """Run in each worker process as it starts: a watcher that ends the worker once the
    match's process ``parent`` is gone (killed or stopped by a signal it did not handle), so
    that no worker goes on playing rubbers nobody will collect."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(_PARENT_CHECK_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _play_in_processes(config: MatchConfig) -> Iterator[PairOutcome]:
    processes = min(config.jobs, config.rubber_pairs)
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(
        processes, mp_context=context, initializer=_end_with_parent, initargs=(os.getpid(),)
    ) as pool:
        futures = [pool.submit(play_pair, config, pair) for pair in range(config.rubber_pairs)]
        try:
            for future in as_completed(futures):
                yield future.result()
        except BrokenProcessPool:
            raise MatchConfigError(
                f"a worker process of the match stopped before finishing its rubbers. "
                f"{_GUARD_ADVICE}"
            ) from None
        finally:
            for future in futures:
                future.cancel()


# -- statistics -----------------------------------------------------------------------------


def summarize(config: MatchConfig, pairs: Iterable[PairOutcome]) -> MatchSummary:
    """The figures of a match: mean pair difference with its 95% confidence interval,
    rubbers won, points per hand, decision times, forfeits, and each bot's contracts and
    doubles checked against the double-dummy solver."""
    pair_list = list(pairs)
    games = [game for pair in pair_list for game in pair.games]
    mean, half_width = mean_confidence_interval([float(pair.difference) for pair in pair_list])
    hands = sum(game.hands for game in games)
    forfeits: dict[str, dict[str, int]] = {"a": {}, "b": {}}
    forfeit_games: list[tuple[int, int, Forfeit]] = []
    for game in games:
        if game.forfeit is not None:
            counts = forfeits[game.forfeit.side]
            counts[game.forfeit.code] = counts.get(game.forfeit.code, 0) + 1
            forfeit_games.append((game.pair, int(game.a_seat), game.forfeit))
    return MatchSummary(
        variant=config.rules.name,
        options=tuple(sorted(config.rules.options().items())),
        bot_a=config.bot_a,
        bot_b=config.bot_b,
        seed=config.seed,
        pairs=len(pair_list),
        rubbers=len(games),
        mean_difference=mean,
        ci_half_width=half_width,
        rubbers_won_a=sum(1 for game in games if game.winner == "a"),
        rubbers_won_b=sum(1 for game in games if game.winner == "b"),
        unfinished=sum(1 for game in games if game.winner is None),
        hands=hands,
        points_per_hand_a=sum(game.total_a for game in games) / max(1, hands),
        points_per_hand_b=sum(game.total_b for game in games) / max(1, hands),
        time_a=TimeStats.of([t for game in games for t in game.decision_times_a]),
        time_b=TimeStats.of([t for game in games for t in game.decision_times_b]),
        forfeits_a=forfeits["a"],
        forfeits_b=forfeits["b"],
        forfeit_games=tuple(forfeit_games),
        sanity_a=sum((game.sanity_a for game in games), SanityStats()),
        sanity_b=sum((game.sanity_b for game in games), SanityStats()),
    )
