"""Hand files for the database tests: random legal hands with players' names, each
copy numbered as a distinct hand of a made-up site."""

import functools
from dataclasses import replace
from pathlib import Path

from assistant.history import HandRecord, format_phh
from tests.history.support import random_record

PLAYERS = tuple(f"player{k}" for k in range(12))
SITE = "TestSite"


@functools.cache
def named_records(count: int) -> tuple[HandRecord, ...]:
    """``count`` random finished hands, their seats named from :data:`PLAYERS`."""
    records = []
    for seed in range(count):
        record = random_record(seed)
        n = record.config.n_seats
        names = tuple(PLAYERS[(seed + 5 * seat) % len(PLAYERS)] for seat in range(n))
        fields = {key: value for key, value in record.fields.items() if key != "hand"}
        records.append(replace(record, config=replace(record.config, names=names),
                               fields=fields))
    return tuple(records)


def numbered(records: tuple[HandRecord, ...], count: int, first: int = 0) -> list[HandRecord]:
    """``count`` hands cycling through ``records``, numbered ``first`` on at :data:`SITE`."""
    return [replace(records[k % len(records)],
                    fields={**records[k % len(records)].fields, "venue": SITE, "hand": first + k})
            for k in range(count)]


def write_phhs(path: Path, records: list[HandRecord]) -> Path:
    """Write hands to a PHH file of several hands."""
    path.write_text(format_phh(records), encoding="utf-8")
    return path
