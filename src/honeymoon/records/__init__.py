"""Game records: the JSON record of a rubber (write, read, replay) and PBN export.

>>> from honeymoon.game import Game
>>> game = Game(seed=11, first_dealer=0)
>>> text = dumps(game)
>>> loads(text).to_game().legal_actions() == game.legal_actions()
True

See ``docs/record-format.md`` for the format. Nothing in the core imports this package.
"""

from honeymoon.records.assistance import read_assistance, with_assistance, with_ending
from honeymoon.records.json_record import (
    FORMAT_NAME,
    FORMAT_VERSION,
    GameRecord,
    HandRecord,
    dump,
    dumps,
    load,
    loads,
    record_from_dict,
    record_from_game,
    record_to_dict,
)
from honeymoon.records.pbn import dump_pbn, dumps_pbn

__all__ = [
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "GameRecord",
    "HandRecord",
    "dump",
    "dumps",
    "load",
    "loads",
    "record_from_dict",
    "record_from_game",
    "record_to_dict",
    "dump_pbn",
    "dumps_pbn",
    "read_assistance",
    "with_assistance",
    "with_ending",
]
