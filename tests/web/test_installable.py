"""The installable app: the manifest and its icons are served, the service worker keeps the
app shell so that the page opens without a connection and says so, and a move made while the
page is not connected is refused with a message, never kept and sent later unseen."""

from __future__ import annotations

import json
import struct
import urllib.request
from typing import Any

import pytest

pytestmark = pytest.mark.slow


def _get(url: str) -> tuple[str, bytes]:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return answer.headers.get("Content-Type", ""), answer.read()


def test_the_manifest_names_the_app_and_its_icons_are_served(server: Any) -> None:
    kind, body = _get(server.url + "/manifest.webmanifest")
    assert kind.startswith("application/manifest+json")
    manifest = json.loads(body)
    assert manifest["name"] == "Honeymoon Bridge" and manifest["short_name"]
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    sizes = set()
    for icon in manifest["icons"]:
        kind, image = _get(server.url + icon["src"])
        assert kind.startswith(icon["type"]), icon
        if icon["type"] == "image/png":
            assert image[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = struct.unpack(">II", image[16:24])
            assert f"{width}x{height}" == icon["sizes"], icon
            sizes.add((width, icon["purpose"]))
    # What Chromium asks of an installable app: 192 and 512 pixel icons (and one maskable).
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= sizes
    kind, worker = _get(server.url + "/sw.js")
    assert kind.startswith("text/javascript") and b"caches" in worker


def _page_with_the_shell_kept(browser: Any, url: str) -> tuple[Any, Any]:
    context = browser.new_context(viewport={"width": 360, "height": 740})
    context.add_init_script("localStorage.setItem('honeymoon.autoplay', 'off')")
    page = context.new_page()
    page.goto(url)
    page.wait_for_function(
        "async () => { const r = await navigator.serviceWorker.ready;"
        " return r.active && r.active.state === 'activated'"
        " && (await (await caches.keys()).length) > 0 }",
        timeout=15000,
    )
    page.wait_for_function(
        "async () => (await caches.match('/static/table.js')) !== undefined", timeout=15000
    )
    return context, page


def test_the_shell_opens_offline_and_says_so(server: Any, browser: Any, table: Any) -> None:
    game = table.create_game(server, {"opponent": "computer", "level": "easy"})
    context, page = _page_with_the_shell_kept(browser, server.url + "/")
    server.stop()  # no server and no network: only the service worker's copy can answer
    context.set_offline(True)
    page.reload()
    page.get_by_role("heading", name="You are offline").wait_for(timeout=10000)
    assert page.locator("#connection").get_attribute("data-status") == "offline"
    # A seat link opens the same page from the copy; its token never reached the worker.
    page.goto(game["link"])
    page.get_by_role("heading", name="You are offline").wait_for(timeout=10000)
    # Back online, the page opens the game by itself.
    server.start()
    context.set_offline(False)
    page.wait_for_selector(".table", timeout=20000)
    context.close()


def test_the_offline_page_opens_the_game_when_the_server_answers_without_an_online_event(
    server: Any, browser: Any, table: Any
) -> None:
    # The "online" event can come before the server is back, or before the page was drawn:
    # here the page never hears it, and must still find the server again by itself.
    game = table.create_game(server, {"opponent": "computer", "level": "easy"})
    context, page = _page_with_the_shell_kept(browser, server.url + "/")
    context.add_init_script(
        "window.addEventListener('online', (e) => e.stopImmediatePropagation(), true)"
    )
    server.stop()
    context.set_offline(True)
    page.goto(game["link"])
    page.get_by_role("heading", name="You are offline").wait_for(timeout=10000)
    context.set_offline(False)  # the connection is back, but not yet the server
    server.start()
    page.wait_for_selector(".table", timeout=20000)
    context.close()


def test_a_move_made_while_not_connected_is_refused_and_told(
    server: Any, browser: Any, table: Any
) -> None:
    game = table.create_game(server, {"opponent": "computer", "level": "easy", "seat": "south"})
    page = table.open_seat(browser, game["link"], width=360, height=740)
    player = table.Player(page)
    # Play until it is South's turn with a control in reach.
    table.play_until([player], lambda: player.controls().count() > 0, timeout=60)
    version = player.version()
    server.kill()
    page.wait_for_selector('#connection[data-status="waiting"]', timeout=15000)
    assert player.act(), "a control to click while the connection is down"
    notice = page.locator("#notice")
    notice.wait_for(state="visible", timeout=5000)
    assert "that move was not sent" in notice.inner_text()
    server.start()
    page.wait_for_selector('#connection[data-status="connected"]', timeout=30000)
    # The refused move was not kept and sent on reconnection: the table is where it was, and
    # the move can be made again.
    assert player.version() == version
    assert player.act()
    player.wait_version(version + 1)
    page.context.close()
