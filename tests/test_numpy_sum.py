"""numpy's pairwise summation in a kernel gives ``ndarray.sum``'s bits: on rows spread
over many decades, where the order of the additions shows in the last bits, at the
lengths where numpy's blocks and halvings change."""

import numpy as np
import pytest

from assistant.numpy_sum import pairwise_sum, sum_room, total


def _bits(value: float) -> bytes:
    return np.float64(value).tobytes()


@pytest.mark.parametrize("size", [0, 1, 5, 7, 8, 9, 46, 127, 128, 129, 255, 256, 257, 300,
                                  600, 1081, 1326, 4097, 8192, 8193, 30001])
def test_the_sum_has_numpy_s_bits(size: int) -> None:
    rng = np.random.default_rng(size)
    rows = rng.random((20, size)) * 10.0 ** rng.integers(-8, 8, (20, size))
    expected = rows.sum(axis=1)
    walk, found = sum_room()
    for row, want in zip(rows, expected, strict=True):
        row = np.ascontiguousarray(row)
        assert _bits(total(row)) == _bits(want) == _bits(row.sum())
        assert _bits(pairwise_sum(row, walk, found)) == _bits(want)
    if size >= 9:  # the order shows: a plain running sum differs somewhere
        assert any(sum(row.tolist()) != want for row, want in zip(rows, expected, strict=True))


def test_signed_zeros_sum_as_numpy_s() -> None:
    """numpy's reduction starts from its identity 0: a row of -0 sums to +0."""
    for size in (0, 1, 3, 9, 200):
        row = np.full(size, -0.0)
        assert _bits(total(row)) == _bits(row.sum())
