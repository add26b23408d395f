"""The growth's kernels against numpy: the patterns' products of the runouts' sums."""

import numpy as np
import pytest

from assistant.growth_kernels import pattern_sums


@pytest.mark.parametrize("runouts", [1, 46, 600, 1081])
def test_a_pattern_s_sums_are_numpy_s_products_summed(runouts: int) -> None:
    """Each row of members (-1 for none) against numpy: the product of the members'
    rows of the runouts' sums, taken in the members' order, summed over the runouts."""
    rng = np.random.default_rng(runouts)
    ranges = 6
    sums = rng.random((3, ranges, runouts)) * 10.0 ** rng.uniform(-3, 3, (3, ranges, runouts))
    members = np.full((12, 5), -1, dtype=np.int64)
    for row in range(len(members)):
        chosen = rng.permutation(ranges)[:rng.integers(2, 6)]
        slots = np.sort(rng.permutation(5)[:chosen.size])
        members[row, slots] = chosen
    got = pattern_sums(sums, members)
    assert got.shape == (len(members), 3, 1)
    for row, index in enumerate(members.tolist()):
        columns = [c for c in index if c >= 0]
        product = sums[:, columns[0]] * sums[:, columns[1]]
        for column in columns[2:]:
            product *= sums[:, column]
        assert got[row, :, 0].tolist() == product.sum(axis=1).tolist()
