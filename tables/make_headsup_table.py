"""Write ``headsup_counts.npz``: the boards every heads-up preflop matchup wins, ties
and loses, with no card dead.

Run ``python -m assistant.tables.make_headsup_table`` (about half a minute on one
core).  Every unordered pair of disjoint hands is keyed up to the suits' names
(:func:`assistant.headsup_table.matchup_key`, the smaller of its two orders); each of
the 47,008 keys is counted once, exactly, by ``preflop_counts`` on a
representative pair.  The file holds the keys (int32 (n, 4), sorted), the
representatives' cards (int8 (n, 4): the first hand's two, then the second's) and
the first hand's wins and ties (int32 (n, 2)); its losses are the rest of the
``BOARDS`` (1,712,304), left out to keep the file small (about 450 KB).  The
metadata records a digest of the arrays, which the tests check.
"""

import hashlib
import itertools
import json
import time
from pathlib import Path

import numpy as np

from assistant.encoding import N_CARDS
from assistant.equity_kernels import preflop_counts
from assistant.evaluator import load_tables
from assistant.headsup_table import BOARDS, matchup_key, swapped_key

TABLE_FILE = Path(__file__).with_name("headsup_counts.npz")
VERSION = 1
ARRAYS = ("keys", "hands", "counts")


def representatives() -> dict[tuple[int, ...], tuple[int, int, int, int]]:
    """Each key (the smaller of a matchup's two orders) and the first pair of hands,
    in the order of the deck's combos, that has it."""
    combos = list(itertools.combinations(range(N_CARDS), 2))
    found: dict[tuple[int, ...], tuple[int, int, int, int]] = {}
    for i, first in enumerate(combos):
        for second in combos[i + 1:]:
            if first[0] in second or first[1] in second:
                continue
            key = matchup_key(first, second)
            other = swapped_key(key)
            if other < key:
                key, first_hand, second_hand = other, second, first
            else:
                first_hand, second_hand = first, second
            found.setdefault(key, (*first_hand, *second_hand))
    return found


def digest(arrays: dict[str, np.ndarray]) -> str:
    """A SHA-256 of the table's arrays, in a fixed order."""
    sha = hashlib.sha256()
    for name in ARRAYS:
        sha.update(name.encode() + np.ascontiguousarray(arrays[name]).tobytes())
    return sha.hexdigest()


def build_table() -> dict[str, np.ndarray]:
    """Every matchup's counts, as named arrays plus a JSON metadata string."""
    start = time.perf_counter()
    found = representatives()
    keys = sorted(found)
    hands = np.array([found[key] for key in keys], dtype=np.int8)
    counts = np.empty((len(keys), 2), dtype=np.int32)
    tables = load_tables()
    for row, cards in enumerate(hands.astype(np.int64)):
        win, tie, lose = preflop_counts(cards.reshape(2, 2), 0, tables)
        assert win + tie + lose == BOARDS
        counts[row] = win, tie
        if (row + 1) % 5000 == 0:
            print(f"{row + 1:6d}/{len(keys)} ({time.perf_counter() - start:.0f} s)", flush=True)
    arrays: dict[str, np.ndarray] = {"keys": np.array(keys, dtype=np.int32), "hands": hands,
                                     "counts": counts}
    metadata = {
        "generator": "tables/make_headsup_table.py",
        "version": VERSION,
        "method": "exact: every board of every heads-up matchup up to the suits' names",
        "digest": digest(arrays),
    }
    return {**arrays, "metadata": np.array(json.dumps(metadata, sort_keys=True))}


def main() -> None:
    """Rebuild the table file next to this script."""
    np.savez_compressed(TABLE_FILE, **build_table())  # type: ignore[arg-type]
    print(f"wrote {TABLE_FILE}")


if __name__ == "__main__":
    main()
