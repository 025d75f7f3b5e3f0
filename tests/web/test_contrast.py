"""Contrast, measured in Chromium: every control's text meets WCAG AA (4.5:1) against what is
painted behind it, in every state (normal, hover, focus, pressed, disabled), and hover styles
apply only where there is a pointer that hovers, so a tap on a phone leaves nothing behind.

States are forced with the DevTools protocol (``CSS.forcePseudoState``); the colours are the
computed ones, with transparent backgrounds and opacity resolved up the ancestor chain.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

pytestmark = pytest.mark.slow

AA = 4.5
CONTROLS = "button, a[href], summary, select, input[type=text]"
DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 360, "height": 740}

# In the page: the colours a person sees for each piece of text inside an element (the
# element itself included), as [text, ratio, foreground, background] rows.
MEASURE = """
([selector, index, deep]) => {
  const el = document.querySelectorAll(selector)[index];
  if (!el) return null;
  const parse = (css) => {
    const m = /rgba?\\(([^)]*)\\)/.exec(css);
    if (!m) throw new Error(`unreadable colour ${css}`);
    const p = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, under) => [0, 1, 2].map((k) => top[3] * top[k] + (1 - top[3]) * under[k]);
  // What one pixel of `el` shows: its ancestors' backgrounds from the root down, each group
  // composited with its opacity, and the text colour on top (or none, for the background).
  const pixel = (node, text) => {
    const chain = [];
    for (let n = node; n; n = n.parentElement) chain.unshift(n);
    const render = (i, backdrop) => {
      if (i === chain.length) {
        return text ? over(parse(getComputedStyle(node).color), backdrop) : backdrop;
      }
      const style = getComputedStyle(chain[i]);
      if (style.backgroundImage !== "none") {
        throw new Error(`a background image behind ${node.outerHTML.slice(0, 80)}`);
      }
      // A table's background is painted on the table box, not under its caption.
      const caption = chain[i].tagName === "TABLE" && chain[i + 1]?.tagName === "CAPTION";
      const own = caption ? [0, 0, 0, 0] : parse(style.backgroundColor);
      const inner = render(i + 1, over(own, backdrop));
      const o = Number(style.opacity);
      return inner.map((v, k) => o * v + (1 - o) * backdrop[k]);
    };
    return render(0, [255, 255, 255]);
  };
  const luminance = (rgb) => {
    const [r, g, b] = rgb.map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const hex = (rgb) => "#" + rgb.map((v) => Math.round(v).toString(16).padStart(2, "0")).join("");
  const texts = [el, ...(deep ? el.querySelectorAll("*") : [])].filter((n) =>
    n.getClientRects().length > 0 && getComputedStyle(n).visibility === "visible" &&
    (n === el && (n.matches("select, input")) ||
     [...n.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim())));
  return texts.map((n) => {
    const fg = pixel(n, true);
    const bg = pixel(n, false);
    const [hi, lo] = [luminance(fg), luminance(bg)].sort((a, b) => b - a);
    const shown = n.matches("select") ? n.selectedOptions[0]?.text : n.value;
    const words = n.matches("select, input") ? shown : [...n.childNodes]
      .filter((c) => c.nodeType === 3).map((c) => c.textContent.trim()).join(" ");
    return [words, (hi + 0.05) / (lo + 0.05), hex(fg), hex(bg)];
  });
}
"""

NAME = """([selector, index]) => {
  const el = document.querySelectorAll(selector)[index];
  const name = (el.getAttribute('aria-label') || el.textContent).trim().replace(/\\s+/g, ' ');
  return `${el.tagName.toLowerCase()}.${el.className} "${name.slice(0, 50)}"`;
}"""

STATES: dict[str, list[str]] = {
    "normal": [],
    "hover": ["hover"],
    "focus": ["focus", "focus-visible"],
    "pressed": ["active", "hover", "focus"],
}


class Probe:
    """Force states on the controls of one page and read what they look like."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.cdp = page.context.new_cdp_session(page)
        self.cdp.send("DOM.enable")
        self.cdp.send("CSS.enable")

    def controls(self, selector: str = CONTROLS) -> Iterator[tuple[int, int, str]]:
        """(index, DevTools node id, name) of every visible control, in document order."""
        root = self.cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        nodes = self.cdp.send("DOM.querySelectorAll", {"nodeId": root, "selector": selector})
        for index, node in enumerate(nodes["nodeIds"]):
            visible = self.page.evaluate(
                "([s, i]) => document.querySelectorAll(s)[i].getClientRects().length > 0",
                [selector, index],
            )
            if visible:
                yield index, node, self.page.evaluate(NAME, [selector, index])

    def measure(self, index: int, selector: str = CONTROLS, deep: bool = True) -> list[list[Any]]:
        rows: list[list[Any]] = self.page.evaluate(MEASURE, [selector, index, deep])
        return rows

    def states(self, index: int, node: int) -> Iterator[tuple[str, list[list[Any]]]]:
        """Each state of one control and its text's colours in that state."""
        for state, pseudo in STATES.items():
            self.cdp.send("CSS.forcePseudoState", {"nodeId": node, "forcedPseudoClasses": pseudo})
            yield state, self.measure(index)
        self.cdp.send("CSS.forcePseudoState", {"nodeId": node, "forcedPseudoClasses": []})
        can_disable = self.page.evaluate(
            "([s, i]) => 'disabled' in document.querySelectorAll(s)[i]", [CONTROLS, index]
        )
        if can_disable:
            was = self.page.evaluate(
                """([s, i]) => { const el = document.querySelectorAll(s)[i];
                    const was = el.disabled; el.disabled = true; return was; }""",
                [CONTROLS, index],
            )
            for state, pseudo in (("disabled", []), ("disabled, hovered", ["hover"])):
                self.cdp.send(
                    "CSS.forcePseudoState", {"nodeId": node, "forcedPseudoClasses": pseudo}
                )
                yield state, self.measure(index)
            self.cdp.send("CSS.forcePseudoState", {"nodeId": node, "forcedPseudoClasses": []})
            self.page.evaluate(
                "([s, i, was]) => { document.querySelectorAll(s)[i].disabled = was; }",
                [CONTROLS, index, was],
            )


def _scan(page: Any, where: str, checked: dict[str, set[str]]) -> list[str]:
    """Every control of the page in every state; the failures, in words."""
    page.wait_for_timeout(300)  # let the last state message land before the nodes are taken
    probe = Probe(page)
    failures = []
    for index, node, name in list(probe.controls()):
        for state, rows in probe.states(index, node):
            checked.setdefault(name, set()).add(state)
            for words, ratio, fg, bg in rows:
                if ratio < AA:
                    failures.append(
                        f"{where}: {name} {state}: {words!r} {fg} on {bg} {ratio:.2f}:1"
                    )
    return failures


def _text_failures(page: Any, where: str) -> list[str]:
    """The rest of the page's text, as it is shown: AA as well."""
    selector = "main *"
    count: int = page.evaluate("s => document.querySelectorAll(s).length", selector)
    probe = Probe(page)
    failures = []
    for index in range(count):
        for words, ratio, fg, bg in probe.measure(index, selector, deep=False):
            if ratio < AA:
                failures.append(f"{where}: text {words!r} {fg} on {bg} {ratio:.2f}:1")
    return sorted(set(failures))


def test_every_control_meets_aa_contrast_in_every_state(
    server: Any, browser: Any, table: Any
) -> None:
    failures: list[str] = []
    checked: dict[str, set[str]] = {}

    lobby = browser.new_context(viewport=DESKTOP).new_page()
    lobby.goto(server.url + "/")
    lobby.wait_for_selector("#variant[data-loaded]")
    failures += _scan(lobby, "lobby", checked)
    lobby.get_by_role("button", name="Create a game for two").click()
    lobby.wait_for_selector("#friend-link")
    failures += _scan(lobby, "lobby, a game created", checked)
    failures += _text_failures(lobby, "lobby")
    lobby.context.close()

    game = table.create_game(server, {"opponent": "friend", "seat": "south", "variant": "draw"})
    south = table.open_seat(browser, game["link"], **DESKTOP)
    east = table.open_seat(browser, game["opponent_link"], **DESKTOP)
    players = [table.Player(south), table.Player(east)]
    mine = south.locator(".hand button.card:not([disabled])")
    table.play_until(players, lambda: all(p.version() >= 3 for p in players) and mine.count() > 0)
    failures += _scan(south, "preliminary tricks", checked)
    failures += _text_failures(south, "preliminary tricks")
    table.play_until(
        players, lambda: south.locator(".phase-auction .bidbox button:not([disabled])").count()
    )
    failures += _scan(south, "auction", checked)
    failures += _text_failures(south, "auction")
    table.play_until(players, lambda: south.locator(".phase-play").count() > 0 and mine.count())
    failures += _scan(south, "play", checked)
    failures += _text_failures(south, "play")
    south.context.close()
    east.context.close()

    game = table.create_game(server, {"opponent": "friend", "seat": "south"})
    south = table.open_seat(browser, game["link"], **DESKTOP)
    east = table.open_seat(browser, game["opponent_link"], **DESKTOP)
    players = [table.Player(south), table.Player(east)]
    table.play_until(players, lambda: south.locator(".draw button:not([disabled])").count() > 0)
    failures += _scan(south, "drawing", checked)
    failures += _text_failures(south, "drawing")
    south.context.close()
    east.context.close()

    # The controls the issue names were among those measured, in every state.
    every = {"normal", "hover", "focus", "pressed", "disabled", "disabled, hovered"}
    for wanted in ('"Keep the', '"Reject the', '"Pass"', '"Play the', '"Play against'):
        names = [name for name in checked if wanted in name]
        assert names, f"no control {wanted} was measured"
        assert all(checked[name] == every for name in names), wanted
    assert not failures, "\n".join(failures[:40]) + f"\n({len(failures)} in all)"


def test_hover_styles_need_a_pointer_that_hovers(server: Any, browser: Any, table: Any) -> None:
    """On a touch screen a tap leaves :hover set until the next tap elsewhere: hover styles
    must not apply there at all."""
    game = table.create_game(server, {"opponent": "friend", "seat": "south"})
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    south = context.new_page()
    south.goto(game["link"])
    east = table.open_seat(browser, game["opponent_link"], **DESKTOP)
    players = [table.Player(south), table.Player(east)]
    table.play_until(players, lambda: south.locator(".draw button:not([disabled])").count() > 0)
    south.wait_for_timeout(300)
    assert south.evaluate("() => matchMedia('(hover: none)').matches")
    probe = Probe(south)
    sticky = []
    measured = 0
    for index, node, name in list(probe.controls()):
        plain = probe.measure(index)
        probe.cdp.send("CSS.forcePseudoState", {"nodeId": node, "forcedPseudoClasses": ["hover"]})
        hovered = probe.measure(index)
        probe.cdp.send("CSS.forcePseudoState", {"nodeId": node, "forcedPseudoClasses": []})
        measured += 1
        if hovered != plain:
            sticky.append(f"{name}: {plain} -> {hovered}")
    assert measured >= 3  # Keep, Reject and the record's download at least
    assert not sticky, "\n".join(sticky)
    context.close()
    east.context.close()


def test_the_four_hand_table_meets_aa_contrast(server: Any, browser: Any, table: Any) -> None:
    """The four-hand table (Single Dummy Bridge): the auction with a dummy dealt face up,
    declarer's choice of dummy, and the play, whose cards sit on the felt."""
    failures: list[str] = []
    checked: dict[str, set[str]] = {}
    game = table.create_game(
        server, {"opponent": "friend", "seat": "south", "variant": "single-dummy"}
    )
    south = table.open_seat(browser, game["link"], **DESKTOP)
    east = table.open_seat(browser, game["opponent_link"], **PHONE)
    players = [table.Player(south), table.Player(east)]
    for page, where in ((south, "desktop"), (east, "phone")):
        page.wait_for_selector(".board")
        failures += _scan(page, f"table auction ({where})", checked)
        failures += _text_failures(page, f"table auction ({where})")
    choice = ".controls button[data-action]:not([disabled])"
    table.play_until(
        players,
        lambda: (
            south.locator(".phase-dummy_choice").count() > 0
            or south.locator(".phase-play").count() > 0
        ),
    )
    if south.locator(choice).count():
        failures += _scan(south, "table choice of dummy", checked)
        failures += _text_failures(south, "table choice of dummy")
    cards = ".board button.card:not([disabled])"
    table.play_until(
        players,
        lambda: (
            south.locator(".phase-play").count() > 0
            and len(south.locator(".trick-area .face").all()) >= 2
            and south.locator(cards).count() > 0
        ),
    )
    failures += _scan(south, "table play", checked)
    failures += _text_failures(south, "table play")
    assert any('"Play the' in name for name in checked)
    assert not failures, "\n".join(failures[:40]) + f"\n({len(failures)} in all)"
    south.context.close()
    east.context.close()
