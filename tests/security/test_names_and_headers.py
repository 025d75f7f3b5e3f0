"""The server's own name and headers against a real server: a forged ``Host`` shapes no
link, a page reached under a rebound DNS name is refused, and every response says how it may
be read (``nosniff``). Each test failed on the server before these checks existed."""

from __future__ import annotations

import json
import socket
from typing import Any

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

pytestmark = pytest.mark.slow


def test_a_forged_host_from_this_machine_shapes_no_link(live_server: Any) -> None:
    server = live_server()
    answer = server.create({"opponent": "friend"}, Host="evil.example")
    assert answer.status == 201
    assert answer.json["link"] == f"{server.url}/play#{answer.json['token']}"
    assert "evil" not in answer.text


def test_a_page_under_a_rebound_name_is_refused(live_server: Any) -> None:
    """DNS rebinding: a page of ``rebound.example`` whose name was made to point at the
    server sends an Origin equal to its Host. Without a public URL the server trusts only a
    page that reached it by address."""
    server = live_server()
    name = f"rebound.example:{server.port}"
    rebound = {"Origin": f"http://{name}", "Host": name}
    answer = server.create({"opponent": "friend"}, **rebound)
    assert answer.status == 403 and answer.code == "origin_refused"
    assert server.game_count() == 0
    with (
        socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock,
        pytest.raises(InvalidStatus) as refused,
    ):
        # The page's socket: to the rebound name, which reaches this server.
        connect(f"ws://{name}/ws", sock=sock, origin=rebound["Origin"]).close()  # type: ignore[arg-type]
    assert refused.value.response.status_code == 403
    # The page's own address, and a configured name, are still welcome.
    own = {"Origin": server.url}
    assert server.create({"opponent": "friend"}, **own).status == 201
    public = live_server(HONEYMOON_PUBLIC_URL=f"http://{name}")
    assert public.create({"opponent": "friend"}, **rebound).status == 201


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/"),
        ("GET", "/api/options"),
        ("GET", "/static/app.js"),
        ("GET", "/no-such-page"),
        ("GET", "/api/record"),
        ("GET", "/healthz"),
        ("GET", "/health"),
        ("POST", "/api/games"),
    ],
)
def test_every_response_says_nosniff(live_server: Any, method: str, path: str) -> None:
    server = live_server()
    body = json.dumps({"opponent": "friend"}).encode() if method == "POST" else None
    headers = {"Content-Type": "application/json"} if body else {}
    answer = server.request(method, path, body, headers)
    assert answer.headers["X-Content-Type-Options"] == "nosniff"
    assert len(answer.headers.get_all("X-Content-Type-Options")) == 1
