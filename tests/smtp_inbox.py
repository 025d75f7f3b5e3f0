"""A real SMTP server for the tests, on a loopback port: it keeps every mail it is sent, and
finds the sign-in code in the latest mail to an address."""

from __future__ import annotations

import re
import threading
import time
from email import message_from_bytes
from email.message import Message
from typing import Any

from aiosmtpd.controller import Controller
from helpers import free_port

__all__ = ["Inbox"]

_CODE = re.compile(r"sign-in code is ([A-Z0-9]{6})")


class Inbox:
    """An SMTP server (``host``, ``port``) that keeps the mails it receives."""

    def __init__(self) -> None:
        self.host = "127.0.0.1"
        self.port = free_port()
        self.mails: list[tuple[list[str], Message]] = []
        self._lock = threading.Lock()
        self._controller = Controller(self, hostname=self.host, port=self.port)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        """Keep the mail (called by the SMTP server for each one it accepts)."""
        content = envelope.original_content or envelope.content
        with self._lock:
            self.mails.append((list(envelope.rcpt_tos), message_from_bytes(content)))
        return "250 kept"

    def start(self) -> Inbox:
        self._controller.start()
        return self

    def stop(self) -> None:
        self._controller.stop()

    @property
    def environment(self) -> dict[str, str]:
        """The settings that point a server at this inbox."""
        return {"HONEYMOON_SMTP_HOST": self.host, "HONEYMOON_SMTP_PORT": str(self.port)}

    def to(self, address: str) -> list[Message]:
        """The mails received for ``address``, in order."""
        with self._lock:
            return [mail for recipients, mail in self.mails if address in recipients]

    def code_for(self, address: str, count: int = 1, timeout: float = 10.0) -> str:
        """The sign-in code in the ``count``-th mail to ``address`` (waiting for it)."""
        deadline = time.monotonic() + timeout
        while True:
            mails = self.to(address)
            if len(mails) >= count:
                body = mails[count - 1].get_payload(decode=True)
                assert isinstance(body, bytes)
                found = _CODE.search(body.decode())
                assert found is not None, body
                return found.group(1)
            assert time.monotonic() < deadline, f"no mail number {count} to {address}"
            time.sleep(0.05)
