"""The match runner: statistics, determinism, forfeits of external bots, the command."""

from __future__ import annotations

import contextlib
import json
import math
import os
import re
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from honeymoon.bots.external import BotFailure, ExternalBot, parse_reply
from honeymoon.cli import main
from honeymoon.game import Game
from honeymoon.match import (
    FORFEIT_PENALTY,
    MatchConfig,
    TimeStats,
    mean_confidence_interval,
    run_match,
    t_critical,
)
from honeymoon.records import load
from honeymoon.views import view_for

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE_BOT = ROOT / "examples" / "random_bot.py"

# -- statistics -------------------------------------------------------------------------------


def test_t_table() -> None:
    assert t_critical(1) == 12.706
    assert t_critical(9) == 2.262
    assert t_critical(30) == 2.042
    assert t_critical(45) == 2.021  # the nearest smaller row: conservative
    assert t_critical(5000) == 1.96
    with pytest.raises(ValueError):
        t_critical(0)


def test_confidence_interval_on_known_numbers() -> None:
    values = [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]  # mean 5, sample sd 2.138
    mean, half_width = mean_confidence_interval(values)
    assert mean == 5.0
    assert half_width is not None
    expected = 2.365 * statistics.stdev(values) / math.sqrt(8)
    assert half_width == pytest.approx(expected)
    assert half_width == pytest.approx(1.7878, abs=1e-4)
    assert mean_confidence_interval([3.0]) == (3.0, None)


def test_time_stats() -> None:
    stats = TimeStats.of([0.001 * i for i in range(1, 101)])
    assert stats.decisions == 100
    assert stats.mean == pytest.approx(0.0505)
    assert stats.p95 == pytest.approx(0.095)
    assert TimeStats.of([]) == TimeStats(0, 0.0, 0.0)


# -- playing ----------------------------------------------------------------------------------


def _figures(config: MatchConfig) -> dict[str, Any]:
    summary = run_match(config).summary().to_dict()
    del summary["decision_time"]
    return summary


def test_results_do_not_depend_on_the_number_of_jobs() -> None:
    config = MatchConfig("heuristic", "random", rubber_pairs=3, seed=11, max_hands=3)
    one = _figures(config)
    two = _figures(MatchConfig("heuristic", "random", 3, seed=11, jobs=2, max_hands=3))
    assert one == two
    assert one["rubber_pairs"] == 3 and one["rubbers"] == 6


def test_duplicate_pairs_play_the_same_cards_with_the_seats_swapped(tmp_path: Path) -> None:
    config = MatchConfig(
        "random", "random", rubber_pairs=1, seed=5, max_hands=2, records_dir=str(tmp_path)
    )
    result = run_match(config)
    south_game, east_game = result.pairs[0].games
    assert (int(south_game.a_seat), int(east_game.a_seat)) == (0, 1)
    files = sorted(tmp_path.iterdir())
    assert [f.name for f in files] == ["pair00000-a-east.json", "pair00000-a-south.json"]
    records = [load(f.open()) for f in files]
    assert records[0].players == ("random", "random")
    stocks = [[hand.stock for hand in record.hands[:2]] for record in records]
    assert stocks[0] == stocks[1]
    assert records[0].first_dealer == records[1].first_dealer


def test_heuristic_beats_random_in_a_short_duplicate_match() -> None:
    config = MatchConfig("heuristic", "random", rubber_pairs=6, seed=1, max_hands=6)
    summary = run_match(config).summary()
    assert summary.ci is not None
    low, _high = summary.ci
    assert low > 0, summary.to_dict()
    assert summary.points_per_hand_a > summary.points_per_hand_b
    assert not summary.forfeits_a and not summary.forfeits_b


# -- external bots ----------------------------------------------------------------------------


def _script(tmp_path: Path, name: str, body: str) -> str:
    path = tmp_path / name
    path.write_text(
        "import json, sys, time\n"
        "def send(obj):\n"
        "    sys.stdout.write(json.dumps(obj) + '\\n'); sys.stdout.flush()\n"
        "hello = json.loads(sys.stdin.readline())\n"
        "send({'type': 'hello', 'name': " + repr(name) + "})\n" + body
    )
    return f"cmd:{sys.executable} {path}"


CRASHING = "sys.stdin.readline()\nprint('something broke', file=sys.stderr)\nsys.exit(3)\n"
HANGING = "sys.stdin.readline()\ntime.sleep(60)\n"
GARBAGE = "for line in sys.stdin:\n    sys.stdout.write('hello there\\n'); sys.stdout.flush()\n"
ILLEGAL = "for line in sys.stdin:\n    send({'action': 0})\n"  # ♣2 while drawing
NO_ACTION = "for line in sys.stdin:\n    send({'move': 'keep'})\n"


@pytest.mark.parametrize(
    ("body", "code", "words"),
    [
        (CRASHING, "crashed", "something broke"),
        (HANGING, "timeout", "no answer within"),
        (GARBAGE, "garbage", "not JSON"),
        (ILLEGAL, "illegal", "not a legal action"),
        (NO_ACTION, "garbage", "no 'action'"),
    ],
)
def test_a_failing_external_bot_forfeits_and_the_match_goes_on(
    tmp_path: Path, body: str, code: str, words: str
) -> None:
    spec = _script(tmp_path, "bad_bot.py", body)
    config = MatchConfig(spec, "random", rubber_pairs=1, seed=2, timeout=1.0, max_hands=2)
    summary = run_match(config).summary()
    assert summary.rubbers == 2
    assert summary.forfeits_a == {code: 2}
    assert summary.rubbers_won_b == 2
    for _pair, _rubber, forfeit in summary.forfeit_games:
        assert forfeit.side == "a" and forfeit.code == code and words in forfeit.message
    assert summary.mean_difference <= -2 * FORFEIT_PENALTY


def test_the_example_bot_plays_a_whole_match(tmp_path: Path) -> None:
    spec = f"cmd:{sys.executable} {EXAMPLE_BOT}"
    summary = run_match(
        MatchConfig(spec, "heuristic", rubber_pairs=1, seed=4, max_hands=2)
    ).summary()
    assert not summary.forfeits_a and summary.time_a.decisions > 50


def test_the_external_bot_is_started_once_per_game_and_closed() -> None:
    bot = ExternalBot(f"{sys.executable} {EXAMPLE_BOT}", seed=1, timeout=5)
    game = Game(seed=3)
    seat = game.to_act
    assert seat is not None
    assert bot.pid is None  # started on the first action
    action = bot.act(view_for(game, seat))
    assert action in game.legal_actions() and bot.program_name == "example random bot"
    pid = bot.pid
    assert pid is not None
    game.apply(action)
    while game.to_act != seat:
        game.apply(game.legal_actions()[0])
    bot.act(view_for(game, seat))
    assert bot.pid == pid  # the same program answers every action of the game
    bot.game_over(view_for(game, seat))
    assert bot.pid is None
    with pytest.raises(ProcessLookupError):  # the program has exited and been waited for
        os.kill(pid, 0)


def test_replies_in_text_are_read_for_the_phase() -> None:
    game = Game(seed=1, first_dealer=0)
    view = view_for(game, game.to_act)
    assert parse_reply({"action": "Reject"}, view) == 91
    for garbage in ({"action": "3NT"}, {"action": 1.5}, ["keep"], {"action": None}):
        with pytest.raises(BotFailure) as raised:
            parse_reply(garbage, view)
        assert raised.value.code == "garbage"


# -- the command ------------------------------------------------------------------------------


def test_match_command_report(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(
        ["match", "heuristic", "random", "--rubbers", "2", "--seed", "3", "--max-hands", "2"]
    )
    out = capsys.readouterr().out
    assert status == 0
    assert "heuristic (A) against random (B): 2 rubber pairs, 4 rubbers, seed 3" in out
    assert "mean difference per rubber pair (A − B):" in out and "95% CI" in out
    assert "rubbers won:" in out and "points per hand:" in out and "hands played: 8" in out
    assert "decision time heuristic: mean" in out and "p95" in out
    assert "forfeits: none" in out


def test_match_command_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    spec = _script(tmp_path, "bad.py", CRASHING)
    status = main(["match", spec, "easy", "--rubbers", "2", "--max-hands", "1", "--json"])
    captured = capsys.readouterr()
    assert status == 0 and captured.err == ""
    data = json.loads(captured.out)
    assert data["bot_a"] == spec and data["bot_b"] == "easy"
    assert data["rubber_pairs"] == 2 and data["rubbers"] == 4
    assert data["forfeits"] == {"a": {"crashed": 4}, "b": {}}
    assert data["rubbers_won"] == {"a": 0, "b": 4}
    assert len(data["ci95"]) == 2 and data["ci95"][0] <= data["mean_difference"]
    assert set(data["decision_time"]["b"]) == {"decisions", "mean_ms", "p95_ms"}
    assert data["forfeit_games"][0]["code"] == "crashed"


def test_match_command_refuses_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "grandmaster", "random"]) == 2
    assert "unknown bot 'grandmaster'" in capsys.readouterr().err
    assert main(["match", "random", "random", "--rubbers", "0"]) == 2


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        ("draw-discard", []),
        ("draw-discard-no-discard", []),
        ("draw", []),
        ("draw", ["face_up_stock=true", "preliminary_follow_suit=true"]),
        ("memory", []),
    ],
)
def test_a_duplicate_match_in_every_variant_has_no_illegal_action(
    variant: str, options: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["match", "heuristic", "random", "--rubbers", "2", "--seed", "5", "--json"]
    argv += ["--variant", variant, "--max-hands", "12"]
    for option in options:
        argv += ["--option", option]
    assert main(argv) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["variant"] == variant
    assert report["forfeits"] == {"a": {}, "b": {}}  # no crash, no illegal action
    assert report["forfeit_games"] == []
    assert report["rubbers"] == 4 and report["hands"] > 0
    if options:
        assert report["options"] == {"face_up_stock": True, "preliminary_follow_suit": True}


def test_an_unknown_variant_option_in_a_match_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["match", "heuristic", "random", "--variant", "memory", "--option", "face_up_stock=1"]
    assert main(argv) == 2
    assert "face_up_stock" in capsys.readouterr().err


def test_the_match_command_writes_every_record_by_default(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["match", "heuristic", "random", "--rubbers", "2", "--seed", "8", "--max-hands", "2"]
    assert main(argv) == 0
    folder = Path("records") / "match-heuristic-vs-random-seed-8"
    files = sorted(folder.glob("*.json"))
    assert len(files) == 4  # two rubbers a pair
    assert f"records: {folder}" in capsys.readouterr().out
    for path in files:
        with path.open() as record_file:
            assert load(record_file).players is not None
    assert main([*argv, "--no-records", "--seed", "9"]) == 0
    assert not (Path("records") / "match-heuristic-vs-random-seed-9").exists()


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["random", "random", "--max-hands", "0"], "--max-hands must be at least 1"),
        (["cmd:/nonexistent/prog", "random"], "cannot start '/nonexistent/prog'"),
        (["random", "cmd:"], "no command given"),
    ],
)
def test_a_match_that_cannot_be_played_exits_2_before_playing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], words: str
) -> None:
    status = main(["match", *argv, "--rubbers", "1", "--records", str(tmp_path / "records")])
    captured = capsys.readouterr()
    assert status == 2
    assert words in captured.err and captured.out == ""
    assert not (tmp_path / "records").exists(), "nothing is played, so no record is written"


def test_the_runner_checks_its_configuration_before_playing() -> None:
    from honeymoon.match import MatchConfigError

    with pytest.raises(MatchConfigError, match="max_hands is 0"):
        run_match(MatchConfig("random", "random", rubber_pairs=1, max_hands=0))
    with pytest.raises(MatchConfigError, match="no such executable program") as raised:
        run_match(MatchConfig("cmd:/nonexistent/prog --fast", "random", rubber_pairs=1))
    assert raised.value.code == "bad_match"


# -- the Python example of docs/bots.md ----------------------------------------------------------


def _run_script(path: Path) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    return subprocess.run(
        [sys.executable, str(path)],
        capture_output=True,
        text=True,
        cwd=path.parent,
        env=environment,
        timeout=300,
        check=False,
    )


def test_the_run_match_example_of_the_bot_docs_runs_as_a_script(tmp_path: Path) -> None:
    text = (ROOT / "docs" / "bots.md").read_text(encoding="utf-8")
    blocks = [b for b in re.findall(r"```python\n(.*?)```", text, re.S) if "run_match(" in b]
    assert len(blocks) == 1
    script = tmp_path / "example.py"
    script.write_text(blocks[0], encoding="utf-8")
    done = _run_script(script)
    assert done.returncode == 0, done.stderr
    mean, _, interval = done.stdout.strip().partition(" ")
    assert math.isfinite(float(mean)) and interval.startswith("(")


def test_a_script_without_a_main_guard_stops_at_once_saying_why(tmp_path: Path) -> None:
    script = tmp_path / "unguarded.py"
    script.write_text(
        "from honeymoon.match import MatchConfig, run_match\n"
        'config = MatchConfig("random", "random", rubber_pairs=2, seed=1, jobs=2, max_hands=1)\n'
        "print(run_match(config).summary().mean_difference)\n",
        encoding="utf-8",
    )
    done = _run_script(script)  # before the fix: workers restarted for ever (the timeout)
    assert done.returncode != 0
    assert 'if __name__ == "__main__":' in done.stderr
    assert "MatchConfigError" in done.stderr


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = []
    for status in Path("/proc").glob("[0-9]*/status"):
        with contextlib.suppress(OSError):
            fields = dict(
                line.split(":\t", 1) for line in status.read_text().splitlines() if ":\t" in line
            )
            if int(fields.get("PPid", "0").strip()) == pid:
                found.append(int(status.parent.name))
    return found


def _running(pid: int) -> bool:
    """Whether ``pid`` is a live process (not gone, not a zombie left unreaped)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads processes from /proc")
def test_the_workers_end_when_the_match_process_is_killed(tmp_path: Path) -> None:
    # A match stopped by a signal to its own process alone (a supervisor, a cancelled job)
    # must not leave its workers playing on: they used to, for as long as their rubbers took.
    command = [sys.executable, "-m", "honeymoon", "match", "hard", "hard", "--rubbers", "50"]
    match = subprocess.Popen(
        [*command, "--jobs", "2", "--no-records"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 120
        workers: list[int] = []
        while len(workers) < 2 and time.monotonic() < deadline:
            time.sleep(0.5)
            workers = [pid for pid in _children(match.pid) if _running(pid)]
        # the pool's two workers (the spawn start method may add a helper process)
        assert len(workers) >= 2, "the match never started its workers"
    finally:
        match.kill()
        match.wait()
    deadline = time.monotonic() + 60
    while any(_running(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.5)
    left = [pid for pid in workers if _running(pid)]
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert not left, "workers went on after the match's process was killed"
