"""A signed-in device for the server tests: one TestClient of the app, with this device's own
session cookie (so that several devices, or several people, share one server)."""

from __future__ import annotations

from typing import Any

SESSION_COOKIE = "honeymoon_session"

__all__ = ["Device", "SESSION_COOKIE"]


class Device:
    """One browser: it keeps its session cookie and sends it with each request."""

    def __init__(self, client: Any, inbox: Any = None) -> None:
        self.client = client
        self.inbox = inbox
        self.secret: str | None = None
        self.last_set_cookie = ""

    def _headers(self, headers: dict[str, str] | None) -> dict[str, str]:
        sent = dict(headers or {})
        if self.secret is not None:
            sent["Cookie"] = f"{SESSION_COOKIE}={self.secret}"
        return sent

    def _keep(self, answer: Any) -> Any:
        self.client.cookies.clear()
        set_cookie = answer.headers.get("set-cookie", "")
        if set_cookie.startswith(f"{SESSION_COOKIE}="):
            self.last_set_cookie = set_cookie
            value = set_cookie.split(";")[0].split("=", 1)[1].strip('"')
            self.secret = value or None
            if "max-age=0" in set_cookie.lower():
                self.secret = None
        return answer

    def post(self, path: str, body: Any = None, headers: dict[str, str] | None = None) -> Any:
        """POST ``body`` as JSON (an empty object when None)."""
        answer = self.client.post(
            path, json={} if body is None else body, headers=self._headers(headers)
        )
        return self._keep(answer)

    def get(self, path: str, headers: dict[str, str] | None = None) -> Any:
        return self._keep(self.client.get(path, headers=self._headers(headers)))

    def websocket(self, path: str = "/ws") -> Any:
        return self.client.websocket_connect(path, headers=self._headers(None))

    def ask_code(self, email: str) -> Any:
        return self.post("/api/sign-in/code", {"email": email})

    def sign_in(self, email: str, name: str | None = None) -> dict[str, Any]:
        """Ask a code for ``email``, read it from the inbox and sign in (and choose a name)."""
        assert self.inbox is not None
        count = len(self.inbox.to(email)) + 1
        asked = self.ask_code(email)
        assert asked.status_code == 202, asked.text
        code = self.inbox.code_for(email, count)
        answer = self.post("/api/sign-in", {"email": email, "code": code})
        assert answer.status_code == 200, answer.text
        result: dict[str, Any] = answer.json()
        if name is not None:
            named = self.post("/api/account/name", {"name": name})
            assert named.status_code == 200, named.text
            result = named.json()
        return result
