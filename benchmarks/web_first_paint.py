"""How fast the browser client appears, and how much it transfers: first paint of the lobby
and of the table (a new game against the computer), in a real headless Chromium on loopback,
each time in a new browser context (nothing cached, no service worker yet).

Starts ``honeymoon serve`` on a free loopback port with a fresh SQLite database, then for each
of ``--runs`` runs: opens ``/`` and reads the first contentful paint from the page's own
performance timeline; creates a game over HTTP and opens its seat link, recording (from an
init script) the moment the table is first in the page and then painted (the next animation
frame). Prints the median and the worst, and the bytes each page transferred (the page, its
scripts, styles, icons and manifest; the websocket's messages are not counted).

    python benchmarks/web_first_paint.py [--runs 10] [--chromium /usr/bin/chromium]
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

# In the page: the time (ms since navigation) at which .table was first painted.
TABLE_PAINTED = """
new MutationObserver((_, observer) => {
  if (document.querySelector('.table')) {
    observer.disconnect();
    requestAnimationFrame(() => { window.__tablePainted = performance.now(); });
  }
}).observe(document, { childList: true, subtree: true });
"""

TRANSFER = """() => {
  const entries = [...performance.getEntriesByType('navigation'),
                   ...performance.getEntriesByType('resource')];
  const path = (name) => name.replace(location.origin, '').split('#')[0];  // no seat token
  return entries.map((e) => [path(e.name), e.transferSize, e.encodedBodySize]);
}"""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        result: dict[str, Any] = json.loads(answer.read())
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument(
        "--chromium", default=os.environ.get("HONEYMOON_TEST_CHROMIUM", "/usr/bin/chromium")
    )
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    folder = Path(tempfile.mkdtemp(prefix="first-paint-"))
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [sys.executable, "-m", "honeymoon", "serve", "--host", "127.0.0.1", "--port", str(port),
         "--database", f"sqlite:///{folder / 'games.db'}"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=folder,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(url + "/healthz", timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError("the server did not start") from None
                time.sleep(0.1)
        lobby: list[float] = []
        tables: list[float] = []
        transfers: dict[str, list[list[Any]]] = {}
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=args.chromium)
            for _ in range(args.runs):
                context = browser.new_context(viewport={"width": 360, "height": 740})
                page = context.new_page()
                page.goto(url + "/")
                page.wait_for_selector("#variant")
                paint = page.evaluate(
                    "() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime"
                )
                lobby.append(float(paint))
                transfers["lobby"] = page.evaluate(TRANSFER)
                context.close()
                game = _post(url + "/api/games", {"opponent": "computer", "level": "easy"})
                context = browser.new_context(viewport={"width": 360, "height": 740})
                context.add_init_script(TABLE_PAINTED)
                page = context.new_page()
                page.goto(game["link"])
                page.wait_for_function("() => window.__tablePainted !== undefined")
                tables.append(float(page.evaluate("() => window.__tablePainted")))
                transfers["table"] = page.evaluate(TRANSFER)
                context.close()
            browser.close()
    finally:
        server.terminate()
        server.wait(10)
    print(f"{args.runs} runs, each in a new browser context, Chromium headless on loopback")
    for name, times in (("lobby: first contentful paint", lobby), ("table: first painted", tables)):
        print(f"{name:<32} median {statistics.median(times):6.0f} ms   worst {max(times):6.0f} ms")
    for name, entries in transfers.items():
        total = sum(entry[1] for entry in entries)
        body = sum(entry[2] for entry in entries)
        count = len(entries)
        print(f"{name} transfer: {total:,} bytes ({body:,} bytes of bodies) in {count} responses")
        for path, size, _ in sorted(entries, key=lambda e: -e[1]):
            print(f"  {size:>8,}  {path}")


if __name__ == "__main__":
    main()
