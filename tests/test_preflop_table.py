"""The preflop table: integrity, recomputed cells and whole-column identities."""

import json
import math

import numpy as np
import pytest

from assistant.cards import format_cards
from assistant.equity import equity
from assistant.equity_methods import MAX_OPPONENTS
from assistant.preflop_table import (
    CLASS_NAMES,
    class_hand,
    class_index,
    load_preflop_table,
)
from assistant.ranges import parse_range
from assistant.tables import make_preflop_table as generator

TABLE = load_preflop_table()
COMBOS = np.array([6 if len(name) == 2 else (4 if name.endswith("s") else 12)
                   for name in CLASS_NAMES])


def test_metadata_and_digest() -> None:
    metadata = TABLE.metadata
    assert metadata["generator"] == "tables/make_preflop_table.py"
    assert metadata["version"] == generator.VERSION
    assert float(str(metadata["error"])) < generator.PRECISION
    arrays = {name: getattr(TABLE, name) for name in generator.ARRAYS}
    assert generator.digest(arrays) == metadata["digest"]
    assert "exact" in json.dumps(metadata["method"])


def test_classes_cover_every_combo_once() -> None:
    assert COMBOS.sum() == 1326
    for index, name in enumerate(CLASS_NAMES):
        assert len(parse_range(name)) == COMBOS[index]
        assert class_index(class_hand(index)) == index


def test_every_cell_is_a_distribution() -> None:
    for n in range(1, MAX_OPPONENTS + 1):
        cells = TABLE.outcomes[:, n - 1, : n + 2]
        assert np.allclose(cells.sum(axis=1), 1.0, atol=1e-12)
        shares = cells[:, 0] + sum(cells[:, s] / (s + 1) for s in range(1, n + 1))
        assert np.allclose(shares, TABLE.equity[:, n - 1], atol=1e-12)
        assert (TABLE.outcomes[:, n - 1, n + 2:] == 0).all()
    assert TABLE.exact[:, 0].all() and not TABLE.exact[:, 1:].any()
    assert (TABLE.stderr[:, 0] == 0).all() and (TABLE.stderr[:, 1:] < 0.0005).all()


def test_average_equity_of_all_hands_is_a_fair_share() -> None:
    # Every seat is alike, so over all starting hands hero's mean equity is 1 / (n + 1).
    for n in range(1, MAX_OPPONENTS + 1):
        mean = (COMBOS * TABLE.equity[:, n - 1]).sum() / COMBOS.sum()
        error = math.sqrt((COMBOS**2 * TABLE.stderr[:, n - 1] ** 2).sum()) / COMBOS.sum()
        assert abs(mean - 1 / (n + 1)) <= max(4 * error, 1e-12), (n, mean)


def test_aces_lead_every_column_and_more_opponents_mean_less_equity() -> None:
    assert (TABLE.equity.argmax(axis=0) == CLASS_NAMES.index("AA")).all()
    assert (np.diff(TABLE.equity, axis=1) < 0).all()


@pytest.mark.parametrize("row", np.random.default_rng(11).choice(169, size=2, replace=False))
def test_exact_cells_recompute(row: int) -> None:
    cell = generator.compute_cell(int(row), 1)
    assert np.array_equal(TABLE.outcomes[row, 0, :3], cell["outcomes"])
    assert TABLE.trials[row, 0] == cell["trials"]


@pytest.mark.parametrize(("row", "n"), [(int(r), int(n)) for r, n in zip(
    np.random.default_rng(12).choice(169, size=3), np.random.default_rng(13).integers(2, 10, 3),
    strict=True)])
def test_sampled_cells_reproduce_and_agree_with_fresh_samples(row: int, n: int) -> None:
    assert generator.compute_cell(row, n)["equity"] == TABLE.equity[row, n - 1]
    fresh = equity(format_cards(class_hand(row)), opponents=n, method="monte-carlo", seed=99,
                   precision=0.002)
    combined = math.hypot(fresh.stderr, TABLE.stderr[row, n - 1])
    assert abs(fresh.equity - TABLE.equity[row, n - 1]) < 4 * combined


def test_equity_reads_the_table_for_hero_alone_preflop() -> None:
    result = equity("KdKs", opponents=3)
    row = CLASS_NAMES.index("KK")
    assert result.method == "table"
    assert result.equity == pytest.approx(TABLE.equity[row, 2], abs=1e-12)
    assert result.stderr == TABLE.stderr[row, 2]
