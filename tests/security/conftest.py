"""The security probes run against the real server: ``honeymoon serve`` (uvicorn) in a
subprocess on a loopback port, configured through its environment like an operator would,
and attacked from this process (raw sockets, HTTP, websockets) or from a page in Chromium.
"""

from __future__ import annotations

import http.server
import json
import os
import resource
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import free_port


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
        if isinstance(self.json, dict) and isinstance(self.json.get("error"), dict):
            return str(self.json["error"]["code"])
        return None


class LiveServer:
    """``honeymoon serve`` in a subprocess with its own SQLite file, log and environment."""

    def __init__(self, folder: Path, env: dict[str, str], descriptors: int | None) -> None:
        self.folder = folder
        self.database = folder / "games.db"
        self.log = folder / "server.log"
        self.port = free_port()
        self.env = env
        self.descriptors = descriptors
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def start(self) -> LiveServer:
        env = dict(os.environ, HONEYMOON_BOT_DELAY="0.05", HONEYMOON_LOG_LEVEL="info")
        env.update(self.env)
        command = [
            sys.executable, "-m", "honeymoon", "serve", "--host", "127.0.0.1",
            "--port", str(self.port), "--database", f"sqlite:///{self.database}",
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
                preexec_fn=lower_descriptor_limit,
            )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log.read_text()[-2000:]}")
            try:
                if self.request("GET", "/healthz").status == 200:
                    return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start within 30 s")

    def stop(self) -> None:
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
        return self.log.read_text(errors="replace")


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[Callable[..., LiveServer]]:
    """``live_server(descriptors=None, **environment)``: a started :class:`LiveServer`."""
    started: list[LiveServer] = []

    def start(descriptors: int | None = None, **env: str) -> LiveServer:
        folder = tmp_path / f"server{len(started)}"
        folder.mkdir()
        server = LiveServer(folder, env, descriptors)
        started.append(server)
        return server.start()

    yield start
    for server in started:
        server.stop()


@pytest.fixture(scope="session")
def chromium(chromium_browser: Any) -> Any:
    """Debian's Chromium, headless: the one of this test process (tests/conftest.py)."""
    return chromium_browser


@pytest.fixture
def hostile_site() -> Iterator[Any]:
    """A web server on another loopback port (another origin) serving one page."""
    pages: dict[str, bytes] = {}

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            page = pages.get(self.path, b"")
            self.send_response(200 if page else 404)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(page)

        def log_message(self, *args: Any) -> None:
            pass

    port = free_port()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()

    class Site:
        url = f"http://127.0.0.1:{port}"

        def serve(self, path: str, html: str) -> str:
            pages[path] = html.encode()
            return self.url + path

    yield Site()
    server.shutdown()
