"""The browser's pictures in docs/web.md are the ones the web tests take (``make
screenshots``): each picture the page shows is taken by a test and is in docs/screenshots, and
each one a test takes is shown."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHOT = re.compile(r"""shoot\(\s*\w+,\s*f?"([^"]+)\"""")


def _taken() -> set[str]:
    names: set[str] = set()
    for path in (ROOT / "tests" / "web").glob("test_*.py"):
        names |= {f"web-{name}.png" for name in SHOT.findall(path.read_text(encoding="utf-8"))}
    return names


def _matches(taken: set[str], picture: str) -> bool:
    # f"phone-{phase}" stands for each phase's picture.
    patterns = [re.escape(name).replace(r"\{phase\}", "[a-z-]+") for name in taken]
    return any(re.fullmatch(pattern, picture) for pattern in patterns)


def test_every_picture_of_the_browser_in_the_docs_is_taken_by_a_test() -> None:
    text = (ROOT / "docs" / "web.md").read_text(encoding="utf-8")
    shown = set(re.findall(r"screenshots/(web-[a-z0-9-]+\.png)", text))
    taken = _taken()
    assert len(taken) >= 10 and shown
    assert not [p for p in shown if not _matches(taken, p)], "pictures no test takes"
    assert not [p for p in shown if not (ROOT / "docs" / "screenshots" / p).is_file()]
    fixed = {name for name in taken if "{" not in name}
    assert not fixed - shown, "pictures taken that docs/web.md does not show"
