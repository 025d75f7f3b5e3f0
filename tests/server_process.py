"""The real server for the browser and security tests: ``honeymoon serve`` (uvicorn) in a
subprocess on a loopback port, with its own SQLite file, log and environment, configured as an
operator would configure it; killable (a crash) and restartable on the same database."""

from __future__ import annotations

import json
import os
import resource
import signal
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from helpers import free_port

__all__ = ["Answer", "ServerProcess"]


class Answer:
    """An HTTP answer: status, headers and the JSON body (or the text)."""

    def __init__(self, status: int, headers: Any, body: bytes) -> None:
        self.status = status
        self.headers = headers
        self.text = body.decode("utf-8", "replace")
        try:
            self.json: Any = json.loads(self.text)
        except ValueError:
            self.json = None

    @property
    def code(self) -> str | None:
        """The error code of a refusal (``{"error": {"code": ...}}``), else None."""
        if isinstance(self.json, dict) and isinstance(self.json.get("error"), dict):
            return str(self.json["error"]["code"])
        return None


class ServerProcess:
    """``honeymoon serve`` in a subprocess, its files in ``folder`` (``games.db``,
    ``server.log``), the computer moving after ``bot_delay`` seconds; ``env`` adds settings
    (``HONEYMOON_...``) and ``descriptors`` caps the process's open files (soft and hard)."""

    def __init__(
        self,
        folder: Path,
        *,
        env: dict[str, str] | None = None,
        descriptors: int | None = None,
        bot_delay: float = 0.05,
        database_url: str | None = None,
        deal_seed: str = "1",
    ) -> None:
        self.folder = folder
        self.database = folder / "games.db"
        #: The database the server opens (``database_url``, else its own SQLite file).
        self.database_url = database_url or f"sqlite:///{self.database}"
        self.log = folder / "server.log"
        self.port = free_port()
        self.env = dict(env or {})
        self.descriptors = descriptors
        self.bot_delay = bot_delay
        self.deal_seed = deal_seed
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def start(self) -> ServerProcess:
        """Start the server (again, on the same database and port) and wait until it answers."""
        self.folder.mkdir(parents=True, exist_ok=True)
        # Every game a test makes is seeded: the same test deals the same cards each run.
        env = dict(
            os.environ,
            HONEYMOON_BOT_DELAY=str(self.bot_delay),
            HONEYMOON_LOG_LEVEL="info",
            HONEYMOON_DEAL_SEED=f"test:{self.deal_seed}",
        )
        env.update(self.env)
        command = [
            sys.executable, "-m", "honeymoon", "serve", "--host", "127.0.0.1",
            "--port", str(self.port), "--database", self.database_url,
        ]  # fmt: skip
        limit = self.descriptors

        def lower_descriptor_limit() -> None:
            if limit is not None:  # soft and hard: the server may not raise it again
                resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit))

        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                command,
                stdout=log,
                stderr=subprocess.STDOUT,
                env=env,
                cwd=self.folder,
                preexec_fn=lower_descriptor_limit if limit is not None else None,
            )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log_text()[-2000:]}")
            try:
                if self.request("GET", "/healthz", timeout=1).status == 200:
                    return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start within 30 s")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush: what a crash looks like."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)
        self.process = None

    def stop(self) -> None:
        """Terminate the server (killed if it does not stop within 10 s)."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        self.process = None

    def request(
        self,
        method: str,
        path: str,
        body: bytes | None = None,
        headers: dict[str, str] | None = None,
        timeout: float = 10.0,
    ) -> Answer:
        """One HTTP request to the server; an error status is an :class:`Answer` too."""
        request = urllib.request.Request(
            self.url + path, data=body, headers=headers or {}, method=method
        )
        try:
            with urllib.request.urlopen(request, timeout=timeout) as answer:
                return Answer(answer.status, answer.headers, answer.read())
        except urllib.error.HTTPError as error:
            return Answer(error.code, error.headers, error.read())

    def create(self, body: dict[str, Any] | None = None, **headers: str) -> Answer:
        """POST /api/games with a JSON body, as the page does."""
        return self.request(
            "POST",
            "/api/games",
            json.dumps(body or {}).encode(),
            {"Content-Type": "application/json", **headers},
        )

    def game_count(self) -> int:
        with sqlite3.connect(self.database) as connection:
            return int(connection.execute("SELECT count(*) FROM games").fetchone()[0])

    def rss_bytes(self) -> int:
        """The server process's resident memory."""
        assert self.process is not None
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        line = next(line for line in status.splitlines() if line.startswith("VmRSS:"))
        return int(line.split()[1]) * 1024

    def log_text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""
