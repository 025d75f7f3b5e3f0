"""A minimal external Honeymoon Bridge bot: plain Python, standard library only.

It speaks the JSON-lines protocol of docs/bot-protocol.md over stdin and stdout and plays a
uniformly random legal action. Try it:

    honeymoon match "cmd:python examples/random_bot.py" heuristic --rubbers 2
"""

import json
import random
import sys


def main() -> None:
    rng = random.Random()
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            rng.seed(message.get("seed"))
            reply = {"type": "hello", "name": "example random bot"}
        elif kind == "act":
            legal = message["view"]["legal_actions"]
            reply = {"action": rng.choice(legal)["action"]}
        elif kind == "game_over":
            break
        else:
            continue  # a message this bot does not know: ignore it
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
