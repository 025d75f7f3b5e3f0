"""A player replaces their seat link from the table: the page moves to the new link, the old
one stops opening the seat on every device, and "Your games" remembers the new one."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any

import pytest

pytestmark = pytest.mark.slow


def test_replacing_the_seat_link_moves_the_page_and_locks_out_the_old_link(
    server: Any, browser: Any, table: Any
) -> None:
    game = table.create_game(server, {"opponent": "friend", "seat": "south"})
    old = game["token"]
    page = table.open_seat(browser, game["link"])
    page.evaluate(
        "t => localStorage.setItem('honeymoon.games', JSON.stringify([{token: t, label: 'x'}]))",
        old,
    )
    elsewhere = table.open_seat(browser, game["link"])  # the same seat on another device
    page.evaluate("() => { window.beforeReplacing = true; }")
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Replace my link").click()
    # The page moves to the new link and reloads itself: wait until a new document (without
    # the mark set below) is seated again.
    page.wait_for_function(
        """() => !window.beforeReplacing && document.querySelector('.table') &&
                 document.getElementById('connection').dataset.status === 'connected'""",
        timeout=15000,
    )
    new = page.url.split("#", 1)[1]
    assert new and new != old
    stored = json.loads(page.evaluate("() => localStorage.getItem('honeymoon.games')"))
    assert [entry["token"] for entry in stored] == [new]
    elsewhere.get_by_text("This seat has a new link").wait_for(timeout=15000)
    request = urllib.request.Request(
        f"{server.url}/api/record", headers={"Authorization": f"Bearer {old}"}
    )
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=10)
    assert refused.value.code == 401
    page.context.close()
    elsewhere.context.close()


def test_a_player_who_cancels_keeps_the_link(server: Any, browser: Any, table: Any) -> None:
    game = table.create_game(server, {"opponent": "computer", "level": "easy", "seat": "south"})
    page = table.open_seat(browser, game["link"])
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.get_by_role("button", name="Replace my link").click()
    page.wait_for_timeout(500)
    assert page.evaluate("() => location.hash.slice(1)") == game["token"]
    request = urllib.request.Request(
        f"{server.url}/api/record", headers={"Authorization": f"Bearer {game['token']}"}
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        assert answer.status == 200
    page.context.close()
