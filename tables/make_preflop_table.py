"""Write ``preflop_equity.npz``: every starting hand against 1 to 9 random opponents.

Run ``python -m assistant.tables.make_preflop_table`` (about 15 minutes on one
core).  For one opponent every board and every opponent holding is counted
exactly; for more, seeded Monte Carlo runs until the standard error of the equity
is below ``PRECISION``.  The metadata records the method and error of each
column, the seed, and a digest of the arrays that the tests check.
"""

import argparse
import hashlib
import json
import time
from pathlib import Path

import numpy as np

from assistant.cards import format_cards
from assistant.equity import equity
from assistant.equity_methods import MAX_OPPONENTS
from assistant.preflop_table import CLASS_NAMES, class_hand

TABLE_FILE = Path(__file__).with_name("preflop_equity.npz")
VERSION = 1
PRECISION = 0.0005
SEED = 20261122
ARRAYS = ("outcomes", "equity", "stderr", "exact", "trials")


def cell_seed(row: int, opponents: int) -> int:
    """The sampling seed of one cell, so that any cell can be recomputed alone."""
    return SEED + 100 * row + opponents


def compute_cell(row: int, opponents: int, precision: float = PRECISION) -> dict[str, object]:
    """One cell: outcome odds (win, splits, lose), equity, error, exactness, trials."""
    hand = format_cards(class_hand(row))
    if opponents == 1:
        result = equity(hand, opponents=1, method="exact")
    else:
        result = equity(hand, opponents=opponents, method="monte-carlo",
                        seed=cell_seed(row, opponents), precision=precision)
    return {
        "outcomes": [result.win, *result.split, result.lose],
        "equity": result.equity,
        "stderr": result.stderr,
        "exact": result.exact,
        "trials": result.trials,
    }


def digest(arrays: dict[str, np.ndarray]) -> str:
    """A SHA-256 of the table's arrays, in a fixed order."""
    sha = hashlib.sha256()
    for name in ARRAYS:
        sha.update(name.encode() + np.ascontiguousarray(arrays[name]).tobytes())
    return sha.hexdigest()


def build_table(precision: float = PRECISION) -> dict[str, np.ndarray]:
    """Every cell of the table, as named arrays plus a JSON metadata string."""
    n_classes = len(CLASS_NAMES)
    arrays = {
        "outcomes": np.zeros((n_classes, MAX_OPPONENTS, MAX_OPPONENTS + 2)),
        "equity": np.zeros((n_classes, MAX_OPPONENTS)),
        "stderr": np.zeros((n_classes, MAX_OPPONENTS)),
        "exact": np.zeros((n_classes, MAX_OPPONENTS), dtype=bool),
        "trials": np.zeros((n_classes, MAX_OPPONENTS), dtype=np.int64),
    }
    start = time.perf_counter()
    for row, name in enumerate(CLASS_NAMES):
        for opponents in range(1, MAX_OPPONENTS + 1):
            cell = compute_cell(row, opponents, precision)
            outcomes = cell["outcomes"]
            assert isinstance(outcomes, list)
            arrays["outcomes"][row, opponents - 1, : len(outcomes)] = outcomes
            for key in ("equity", "stderr", "exact", "trials"):
                arrays[key][row, opponents - 1] = cell[key]
        print(f"{row + 1:3d}/{n_classes} {name:4s} vs 1: {arrays['equity'][row, 0]:.4f}"
              f"  vs 9: {arrays['equity'][row, -1]:.4f}  ({time.perf_counter() - start:.0f} s)",
              flush=True)
    metadata = {
        "generator": "tables/make_preflop_table.py",
        "version": VERSION,
        "method": {"1": "exact: every board and every opponent holding",
                   "2-9": f"monte-carlo: seeded, until the equity's standard error < {precision}"},
        "error": float(arrays["stderr"].max()),
        "seed": SEED,
        "digest": digest(arrays),
    }
    return {**arrays, "metadata": np.array(json.dumps(metadata, sort_keys=True))}


def main() -> None:
    """Rebuild the table file next to this script."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--precision", type=float, default=PRECISION)
    args = parser.parse_args()
    np.savez_compressed(TABLE_FILE, **build_table(args.precision))
    print(f"wrote {TABLE_FILE}")


if __name__ == "__main__":
    main()
