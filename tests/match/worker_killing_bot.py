"""An external bot that plays uniformly random legal actions (seeded by the match, as
examples/random_bot.py does) and, once per marker file, kills the process that started it.

Run by a Ray task, its parent is the Ray worker playing the rubber pair: the kill is a worker
lost in the middle of a match. Arguments: MARKER PAIR. The bot kills its parent at its fifth
action of pair PAIR if MARKER does not exist yet, after writing the parent's process id and
command line into MARKER; with MARKER present it only plays.
"""

import json
import os
import random
import signal
import sys


def main() -> None:
    marker, kill_pair = sys.argv[1], sys.argv[2]
    rng = random.Random()
    pair = None
    actions = 0
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            seed = str(message.get("seed"))
            rng.seed(message.get("seed"))
            pair = seed.split(":")[-2]  # the match names a bot's seed SEED:PAIR:SIDE
            reply = {"type": "hello", "name": "worker-killing random bot"}
        elif kind == "act":
            actions += 1
            if pair == kill_pair and actions == 5:
                _kill_parent_once(marker)
            legal = message["view"]["legal_actions"]
            reply = {"action": rng.choice(legal)["action"]}
        elif kind == "game_over":
            break
        else:
            continue
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


def _kill_parent_once(marker: str) -> None:
    try:
        handle = os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
    except FileExistsError:
        return
    parent = os.getppid()
    with open(f"/proc/{parent}/cmdline", "rb") as cmdline:
        command = cmdline.read().replace(b"\0", b" ").decode(errors="replace").strip()
    os.write(handle, json.dumps({"pid": parent, "command": command}).encode())
    os.close(handle)
    os.kill(parent, signal.SIGKILL)
    sys.exit(0)


if __name__ == "__main__":
    main()
