"""Make the shared helpers importable as ``helpers`` from every test module, make the property
tests deterministic, and start Chromium once for the browser tests of every folder."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

# The property tests are deterministic: each draws the same examples on every run, so that a
# failure in CI reproduces and a pass means the same thing each time. HONEYMOON_HYPOTHESIS=explore
# draws new examples on each run, to look for failures.
settings.register_profile("deterministic", derandomize=True, print_blob=True)
settings.register_profile("explore", print_blob=True)
settings.load_profile(os.environ.get("HONEYMOON_HYPOTHESIS", "deterministic"))

_TESTS = str(Path(__file__).resolve().parent)
if _TESTS not in sys.path:
    sys.path.insert(0, _TESTS)


CHROMIUM = Path(os.environ.get("HONEYMOON_TEST_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def chromium_browser() -> Iterator[Any]:
    """Debian's Chromium, headless (never a downloaded browser), one per test process: the
    synchronous Playwright API runs one instance per thread, so tests/web and tests/security
    share it. Without Chromium the tests that need it are skipped, except in CI
    (``CI=true``), where a missing browser fails them: ``scripts/test-services.sh`` installs it.
    """
    if not CHROMIUM.exists():
        message = f"Chromium is not installed at {CHROMIUM} (scripts/test-services.sh installs it)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    # launch() gives the browser a fresh temporary user-data dir of its own.
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
        )
        yield browser
        browser.close()


@pytest.fixture
def inbox() -> Iterator[Any]:
    """A real SMTP server on a loopback port that keeps the mails sent to it
    (``tests/smtp_inbox.py``)."""
    from smtp_inbox import Inbox

    box = Inbox().start()
    yield box
    box.stop()
