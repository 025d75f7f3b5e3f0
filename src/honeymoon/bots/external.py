"""External bots: another program that speaks JSON lines over its stdin and stdout.

``make_bot("cmd:python examples/random_bot.py")`` starts the program once per game, on the
first decision, and talks to it as ``docs/bot-protocol.md`` describes:

* to the bot: ``{"type": "hello", ...}``, then ``{"type": "act", "view": {...}}`` for each
  decision, and ``{"type": "game_over", ...}`` at the end; then its stdin is closed;
* from the bot: one JSON object per line: ``{"type": "hello", "name": ...}`` once, then
  ``{"action": 90}`` or ``{"action": "keep"}`` for each decision.

A bot that exits, answers late, or answers something that is not an action raises
:class:`BotFailure`; the match runner scores that as a forfeit. The process is always killed
at the end (:meth:`ExternalBot.close`).
"""

from __future__ import annotations

import contextlib
import json
import os
import selectors
import shlex
import subprocess
import tempfile
import time
from typing import IO, Any

from honeymoon.actions import KEEP, REJECT
from honeymoon.auction import Call
from honeymoon.cards import Card
from honeymoon.errors import HoneymoonError, NotationError
from honeymoon.game import Phase
from honeymoon.views import SeatView, TableView

__all__ = ["PROTOCOL_VERSION", "BotFailure", "ExternalBot", "parse_reply"]

#: The protocol version sent in the hello message.
PROTOCOL_VERSION = 1
#: The longest line a bot may send.
_MAX_LINE = 1 << 20
#: How long a bot may take to exit after its stdin is closed before it is killed.
_EXIT_GRACE = 1.0


class BotFailure(HoneymoonError):
    """A bot that crashed, timed out, or answered something that is not an action.

    Codes: ``crashed``, ``timeout``, ``garbage``, ``illegal``.
    """

    code = "bot_failure"


def parse_reply(reply: object, view: SeatView) -> int:
    """The action in a bot's reply: ``{"action": 90}`` or ``{"action": "keep"}``.

    Text is read as the phase expects: ``keep``/``reject`` while drawing, a call in the
    auction (``1NT``, ``pass``, ``X``), a card in play (``SA``, ``10H``). Legality is not
    checked here.

    :raises BotFailure: (code ``garbage``) if the reply holds no action.

    >>> from honeymoon.game import Game
    >>> from honeymoon.views import view_for
    >>> view = view_for(Game(seed=1, first_dealer=0), 1)
    >>> parse_reply({"action": "keep"}, view), parse_reply({"action": 91}, view)
    (90, 91)
    """
    if not isinstance(reply, dict) or "action" not in reply:
        raise BotFailure(f"the reply {_short(reply)} has no 'action' field", "garbage")
    action = reply["action"]
    if isinstance(action, int) and not isinstance(action, bool):
        return action
    if not isinstance(action, str):
        raise BotFailure(f"'action' must be a number or a text, not {_short(action)}", "garbage")
    text = action.strip()
    try:
        if view.phase is Phase.DRAWING:
            key = text.lower()
            if key in ("keep", "k"):
                return KEEP
            if key in ("reject", "r"):
                return REJECT
            raise NotationError(f"{text!r} is neither keep nor reject")
        if view.phase is Phase.AUCTION:
            return Call.parse(text).action
        return Card.parse(text).id
    except NotationError as error:
        raise BotFailure(f"the action {text!r} cannot be read: {error}", "garbage") from None


def _short(value: object) -> str:
    text = json.dumps(value) if not isinstance(value, bytes) else repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


class ExternalBot:
    """A bot run as a separate program (``command``, split as a shell would), one per game.

    :param seed: passed to the program in the hello message, for its own random generator.
    :param timeout: seconds allowed for the hello reply and for each answer.
    """

    def __init__(self, command: str, seed: int | str | None = None, timeout: float = 10.0) -> None:
        self.command = command
        self.name = f"cmd:{command}"
        self.seed = seed
        self.timeout = timeout
        #: The name the program gave in its hello reply, if any.
        self.program_name: str | None = None
        self._process: subprocess.Popen[bytes] | None = None
        self._stderr: IO[bytes] | None = None
        self._buffer = b""
        self._hung = False

    @property
    def pid(self) -> int | None:
        """The process id of the running program, None before its first action and once it
        is closed."""
        return self._process.pid if self._process is not None else None

    def __deepcopy__(self, memo: dict[int, Any]) -> ExternalBot:
        raise TypeError("an external bot drives a running program and cannot be copied")

    # -- the protocol -----------------------------------------------------------------------

    def act(self, view: SeatView | TableView) -> int:
        """Send the view, read the action.

        :raises BotFailure: if the program crashed, timed out or answered garbage.
        :raises HoneymoonError: (code ``no_table_bot``) for a four-hand table's view: the
            protocol speaks the two-hand game only.
        """
        if isinstance(view, TableView):
            raise HoneymoonError(
                "an external bot speaks the two-hand protocol and cannot play the four-hand "
                "table: choose a built-in bot or a level (easy, medium, hard)",
                "no_table_bot",
            )
        if self._process is None:
            self._start(view)
        self._send({"type": "act", "view": view.to_dict()})
        return parse_reply(self._receive("its action"), view)

    def game_over(self, view: SeatView, result: dict[str, Any] | None = None) -> None:
        """Tell the program the rubber is over (``result`` adds the match's verdict), then
        close it. Failures here are ignored: the game is already decided."""
        if self._process is not None and self._process.poll() is None:
            message: dict[str, Any] = {"type": "game_over", "view": view.to_dict()}
            if result is not None:
                message["result"] = result
            with contextlib.suppress(BotFailure):
                self._send(message)
        self.close()

    def close(self) -> None:
        """Close the program's stdin, give it a moment to exit, then kill it."""
        process = self._process
        if process is None:
            return
        self._process = None
        try:
            if process.stdin is not None:
                process.stdin.close()
        except OSError:
            pass
        try:
            # A program that stopped answering gets no grace period.
            process.wait(timeout=0 if self._hung else _EXIT_GRACE)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if process.stdout is not None:
            process.stdout.close()
        if self._stderr is not None:
            self._stderr.close()
            self._stderr = None

    # -- the process ------------------------------------------------------------------------

    def _start(self, view: SeatView) -> None:
        try:
            arguments = shlex.split(self.command)
        except ValueError as error:
            raise BotFailure(
                f"cannot read the command {self.command!r}: {error}", "crashed"
            ) from None
        if not arguments:
            raise BotFailure("the external bot's command is empty", "crashed")
        # Kept open while the program runs, so a crash report can quote its last error line.
        self._stderr = tempfile.TemporaryFile()  # noqa: SIM115
        try:
            self._process = subprocess.Popen(
                arguments,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._stderr,
                bufsize=0,
            )
        except OSError as error:
            raise BotFailure(f"cannot start {self.command!r}: {error}", "crashed") from None
        self._send(
            {
                "type": "hello",
                "protocol": PROTOCOL_VERSION,
                "seat": view.seat.key if view.seat is not None else None,
                "variant": view.variant,
                "seed": self.seed,
                "timeout": self.timeout,
            }
        )
        reply = self._receive("the hello reply")
        if isinstance(reply, dict) and isinstance(reply.get("name"), str):
            self.program_name = reply["name"]

    def _send(self, message: dict[str, Any]) -> None:
        process = self._process
        assert process is not None and process.stdin is not None
        data = (json.dumps(message, separators=(",", ":")) + "\n").encode()
        try:
            process.stdin.write(data)
            process.stdin.flush()
        except (BrokenPipeError, OSError):
            raise BotFailure(self._crash_message(), "crashed") from None

    def _receive(self, what: str) -> object:
        line = self._read_line(what)
        try:
            return json.loads(line)
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise BotFailure(
                f"{what} is not JSON: {_short(line[:60].decode(errors='replace'))}", "garbage"
            ) from None

    def _read_line(self, what: str) -> bytes:
        process = self._process
        assert process is not None and process.stdout is not None
        stdout = process.stdout
        deadline = time.monotonic() + self.timeout
        with selectors.DefaultSelector() as selector:
            selector.register(stdout, selectors.EVENT_READ)
            while b"\n" not in self._buffer:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    self._hung = True
                    raise BotFailure(
                        f"no answer within {self.timeout:g} s waiting for {what}", "timeout"
                    )
                if not selector.select(remaining):
                    continue
                chunk = os.read(stdout.fileno(), 65536)
                if not chunk:
                    raise BotFailure(self._crash_message(), "crashed")
                self._buffer += chunk
                if len(self._buffer) > _MAX_LINE:
                    raise BotFailure(f"{what} is longer than {_MAX_LINE} bytes", "garbage")
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line

    def _crash_message(self) -> str:
        process = self._process
        status = process.poll() if process is not None else None
        if status is None and process is not None:
            try:
                status = process.wait(timeout=0.5)
            except subprocess.TimeoutExpired:
                status = None
        message = "the program closed its output" if status is None else f"exit status {status}"
        last = self._last_stderr_line()
        return f"{message}; last error line: {last}" if last else message

    def _last_stderr_line(self) -> str:
        if self._stderr is None:
            return ""
        try:
            self._stderr.seek(0)
            lines = self._stderr.read()[-2000:].decode(errors="replace").strip().splitlines()
        except OSError:
            return ""
        return lines[-1].strip()[:200] if lines else ""
