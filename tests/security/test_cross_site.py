"""A page on another site, open in the player's browser, cannot create games or open a seat's
socket: checked in real headless Chromium (the same request a hostile page would make)."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytestmark = pytest.mark.slow

ATTACK = """<!doctype html><title>loading</title><script>
const target = "TARGET";
const body = JSON.stringify({opponent: "computer", level: "easy"});
const results = {};
Promise.allSettled([
  fetch(target + "/api/games", {method: "POST", mode: "no-cors", body}),
  fetch(target + "/api/games", {method: "POST", mode: "no-cors", body,
                                headers: {"Content-Type": "text/plain"}}),
  new Promise((resolve) => {
    const socket = new WebSocket(target.replace("http", "ws") + "/ws");
    socket.onopen = () => { results.socket = "open"; resolve(); };
    socket.onclose = (event) => { results.socket ??= "closed " + event.code; resolve(); };
  }),
]).then(() => { document.title = "done " + JSON.stringify(results); });
</script>"""


def test_a_page_on_another_origin_creates_no_game_and_opens_no_socket(
    live_server: Any, hostile_site: Any, chromium: Any
) -> None:
    server = live_server()
    page = chromium.new_page()
    try:
        page.goto(hostile_site.serve("/attack.html", ATTACK.replace("TARGET", server.url)))
        page.wait_for_function("document.title.startsWith('done')", timeout=15000)
        results = json.loads(page.title().removeprefix("done "))
        assert results["socket"] != "open"
        assert server.game_count() == 0
        # The same request from the server's own page does create a game: the refusal above
        # is the origin's, not a broken request.
        page.goto(server.url + "/")
        status = page.evaluate(
            """async () => (await fetch("/api/games", {method: "POST",
                 headers: {"Content-Type": "application/json"},
                 body: JSON.stringify({opponent: "computer", level: "easy"})})).status"""
        )
        assert status == 201
        assert server.game_count() == 1
    finally:
        page.close()
