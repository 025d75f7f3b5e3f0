"""How the play spreads declarer's tricks about the double-dummy count, read from match records.

Every played contract of the records (``honeymoon match … --records DIR``) is solved double
dummy in its strain, the defender leading (:func:`honeymoon.bots.sanity.check_hand`), and the
tricks declarer took are compared with that count. Prints, for the named bot declaring and for
its opponents declaring against it, how many contracts there were, the share taking 3 or more
fewer tricks, 2, 1 fewer, as many, 1, 2, 3 or more more, and the mean difference: the figures
behind :data:`honeymoon.bots.expert.PLAY_SPREAD` (the expert's matches against medium and the
yardstick at 60 layouts, read together).

    honeymoon match hard medium --rubbers 200 --seed 1 --jobs 2 --records DIR1
    honeymoon match hard ddsample60 --rubbers 200 --seed 1 --jobs 2 --records DIR2
    python benchmarks/play_spread.py DIR1 DIR2 [--bot hard]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from honeymoon.bots.sanity import check_hand
from honeymoon.records.json_record import load

#: Differences counted apart, from −3 (or fewer) to +3 (or more).
_WIDTH = 3


def spreads(folders: list[Path], bot: str) -> tuple[list[int], list[int]]:
    """Counts of (tricks taken − double-dummy tricks), held within ±3, for ``bot`` declaring
    and for its opponents declaring, over the records in ``folders``."""
    declaring = [0] * (2 * _WIDTH + 1)
    defending = [0] * (2 * _WIDTH + 1)
    for folder in folders:
        for path in sorted(folder.glob("*.json")):
            with path.open() as handle:
                record = load(handle)
            if bot not in record.players:
                continue
            seat = record.players.index(bot)
            for hand in record.replay().history:
                check = check_hand(hand, record.rules)
                if check is None:
                    continue
                offset = max(-_WIDTH, min(_WIDTH, check.tricks - check.dd_tricks))
                counts = declaring if int(check.declarer) == seat else defending
                counts[offset + _WIDTH] += 1
    return declaring, defending


def _line(label: str, counts: list[int]) -> str:
    total = sum(counts)
    if not total:
        return f"{label}: no contracts"
    shares = " ".join(f"{count / total:.3f}" for count in counts)
    mean = sum((i - _WIDTH) * count for i, count in enumerate(counts)) / total
    return f"{label}: {total} contracts; shares {shares}; mean {mean:+.3f}"


def main() -> None:
    """Read the records and print the two spreads."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+", type=Path, help="folders of match records")
    parser.add_argument("--bot", default="hard", help="the bot whose play is measured")
    args = parser.parse_args()
    declaring, defending = spreads(args.folders, args.bot)
    print("tricks taken minus double dummy: -3 or fewer, -2, -1, 0, +1, +2, +3 or more")
    print(_line(f"{args.bot} declaring", declaring))
    print(_line(f"against {args.bot}", defending))


if __name__ == "__main__":
    main()
