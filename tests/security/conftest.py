"""The security probes run against the real server: ``honeymoon serve`` (uvicorn) in a
subprocess on a loopback port (``tests/server_process.py``), configured through its environment
like an operator would, and attacked from this process (raw sockets, HTTP, websockets) or from
a page in Chromium.
"""

from __future__ import annotations

import http.server
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import free_port
from server_process import ServerProcess


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[Callable[..., ServerProcess]]:
    """``live_server(descriptors=None, **environment)``: a started server
    (:class:`server_process.ServerProcess`, shared with the browser tests)."""
    started: list[ServerProcess] = []

    def start(descriptors: int | None = None, **env: str) -> ServerProcess:
        folder = tmp_path / f"server{len(started)}"
        server = ServerProcess(folder, env=env, descriptors=descriptors)
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
