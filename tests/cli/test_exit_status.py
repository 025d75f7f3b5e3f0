"""How the command ends when its output is cut short or its settings are wrong: one line on
stderr saying what is wrong, a status that says so, and never a traceback."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

from helpers import play_randomly

from honeymoon import records
from honeymoon.game import Game
from honeymoon.seats import Seat

ROOT = Path(__file__).resolve().parents[2]


def _environment() -> dict[str, str]:
    environment = dict(os.environ)
    environment["PYTHONPATH"] = str(ROOT / "src")
    environment.pop("HONEYMOON_DATABASE_URL", None)
    return environment


def _run_into_closed_pipe(argv: list[str], stdin: bytes, cwd: Path) -> tuple[int, str]:
    """Run ``honeymoon ARGV`` with its output read by nobody (as ``| head -0`` does)."""
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the command writes its first line
    try:
        done = subprocess.run(
            [sys.executable, "-m", "honeymoon", *argv],
            input=stdin,
            stdout=write_end,
            stderr=subprocess.PIPE,
            cwd=cwd,
            env=_environment(),
            timeout=120,
            check=False,
        )
    finally:
        os.close(write_end)
    return done.returncode, done.stderr.decode()


def test_plain_play_piped_into_a_closed_reader_ends_quietly(tmp_path: Path) -> None:
    argv = ["play", "--plain", "--seed", "12", "--no-record"]
    status, err = _run_into_closed_pipe(argv, b"k\n" * 400, tmp_path)
    assert "Traceback" not in err and "BrokenPipeError" not in err, err
    assert status == 141
    assert list(tmp_path.iterdir()) == [], "nothing is saved on the way out"


def test_replay_piped_into_a_closed_reader_ends_quietly(tmp_path: Path) -> None:
    game = Game(seed="piped", first_dealer=Seat.EAST)
    play_randomly(game, random.Random(2))
    record = tmp_path / "rubber.json"
    record.write_text(records.dumps(game), encoding="utf-8")
    status, err = _run_into_closed_pipe(["replay", str(record)], b"", tmp_path)
    assert "Traceback" not in err and "BrokenPipeError" not in err, err
    assert status == 141


def test_serve_with_a_bogus_database_says_so_before_serving(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "honeymoon", "serve", "--database", "bogus://x", "--port", "0"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=_environment(),
        timeout=120,
        check=False,
    )
    assert done.returncode == 2
    assert "serving on" not in done.stdout
    assert "Traceback" not in done.stderr
    assert "the database URL 'bogus://x' names no known kind of database" in done.stderr
    assert "sqlite:///honeymoon.db" in done.stderr, "the message says what would do"


def test_serve_never_repeats_the_database_password(tmp_path: Path) -> None:
    from honeymoon.cli.serve import check_database_url
    from honeymoon.errors import HoneymoonError

    try:
        check_database_url("nosuchdb://user:hunter2@db.example.org/games")
    except HoneymoonError as error:
        assert "hunter2" not in str(error) and error.code == "bad_setting"
    else:
        raise AssertionError("a database of no known kind was accepted")
