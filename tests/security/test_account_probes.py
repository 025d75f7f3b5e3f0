"""The accounts attacked on the real server: a page on another site, open in a signed-in
player's browser, can change nothing of the account (real Chromium, with the cookie the
browser holds), and the server's log never holds an address."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytestmark = pytest.mark.slow

SIGN_IN = """async ([email, code]) => {
  const post = (path, body) => fetch(path, {method: "POST",
    headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
  if (code === null) return (await post("/api/sign-in/code", {email})).status;
  await post("/api/sign-in", {email, code});
  await post("/api/account/name", {name: "Ada"});
  const game = await (await post("/api/games", {opponent: "friend"})).json();
  const sessions = await (await fetch("/api/account/sessions")).json();
  return {game, session: sessions.sessions[0].id};
}"""

#: Every account route that changes something, sent from another site three ways: a no-cors
#: fetch (which a browser sends, without reading the answer), a JSON fetch (which needs the
#: server's leave, asked first), and a form posted to a hidden frame.
ATTACK = """<!doctype html><title>loading</title><iframe name="sink"></iframe><script>
const target = "TARGET";
const paths = PATHS;
const tries = [];
for (const path of paths) {
  const body = JSON.stringify({name: "Mallory", email: "m@evil.example", code: "ABCDEF"});
  tries.push(fetch(target + path, {method: "POST", mode: "no-cors", credentials: "include", body}));
  tries.push(fetch(target + path, {method: "POST", credentials: "include", body,
                                   headers: {"Content-Type": "application/json"}}));
  const form = document.createElement("form");
  form.method = "POST"; form.action = target + path; form.target = "sink";
  form.enctype = "text/plain";
  const field = document.createElement("input");
  field.name = '{"name": "Mallory", "x": "'; field.value = '"}';
  form.appendChild(field); document.body.appendChild(form); form.submit();
}
Promise.allSettled(tries).then(() => setTimeout(() => { document.title = "done"; }, 1500));
</script>"""


def test_a_page_on_another_site_changes_nothing_of_a_signed_in_account(
    live_server: Any, hostile_site: Any, chromium: Any, inbox: Any
) -> None:
    server = live_server(**inbox.environment)
    context = chromium.new_context()
    try:
        page = context.new_page()
        page.goto(server.url + "/")
        assert page.evaluate(SIGN_IN, ["ada@example.org", None]) == 202
        signed = page.evaluate(SIGN_IN, ["ada@example.org", inbox.code_for("ada@example.org")])
        game, session = signed["game"], signed["session"]
        paths = [
            "/api/sign-out",
            "/api/account/name",
            f"/api/account/sessions/{session}/revoke",
            f"/api/account/games/{game['game_id']}/seat-link",
            "/api/sign-in/code",
            "/api/sign-in",
        ]
        attack = ATTACK.replace("TARGET", server.url).replace("PATHS", json.dumps(paths))
        page.goto(hostile_site.serve("/attack.html", attack))
        page.wait_for_function("document.title === 'done'", timeout=20000)
        page.goto(server.url + "/")
        account = page.evaluate("async () => (await fetch('/api/account')).json()")
        assert account == {"signed_in": True, "name": "Ada", "email": "ada@example.org"}
        sessions = page.evaluate("async () => (await fetch('/api/account/sessions')).json()")
        assert [entry["id"] for entry in sessions["sessions"]] == [session]
        record = server.request(
            "GET", "/api/record", None, {"Authorization": f"Bearer {game['token']}"}
        )
        assert record.status == 200  # the seat's link was not replaced
        assert inbox.to("m@evil.example") == [] and len(inbox.mails) == 1
    finally:
        context.close()
    assert "example.org" not in server.log_text()
    assert "evil.example" not in server.log_text()


def test_without_a_mail_server_the_log_holds_the_code_but_no_address(live_server: Any) -> None:
    server = live_server()
    headers = {"Content-Type": "application/json"}
    body = json.dumps({"email": "ada@example.org"}).encode()
    assert server.request("POST", "/api/sign-in/code", body, headers).status == 202
    (line,) = [line for line in server.log_text().splitlines() if "sign-in code" in line]
    code = line.split("sign-in code ", 1)[1].split()[0]
    signed = json.dumps({"email": "ada@example.org", "code": code}).encode()
    answer = server.request("POST", "/api/sign-in", signed, headers)
    assert answer.status == 200
    assert "HttpOnly" in answer.headers["Set-Cookie"]
    wrong = json.dumps({"email": "bob@example.org", "code": "ABCDEF"}).encode()
    assert server.request("POST", "/api/sign-in", wrong, headers).status == 401
    assert "example.org" not in server.log_text()
