"""The compiled loops of the answers give numpy's numbers to the last bit: each is
compared with the plain numpy rule it replaced, on random ranges and sizes."""

import numpy as np
import pytest

from assistant.opponents import answer_kernels, policy

COMBOS = 1326


def _range(rng: np.random.Generator) -> np.ndarray:
    """Random weights: some combos out of the range, the rest spread over decades."""
    w = rng.random(COMBOS) * 10.0 ** rng.integers(-6, 2, COMBOS)
    w[rng.random(COMBOS) < 0.3] = 0.0
    return w


def _same(got: object, want: object) -> bool:
    """Equal shapes and equal bits."""
    a, b = np.asarray(got), np.asarray(want)
    return a.shape == b.shape and a.tobytes() == b.tobytes()


@pytest.mark.parametrize("seed", range(12))
def test_the_logistics_and_their_shares_are_numpy_s(seed: int) -> None:
    rng = np.random.default_rng(seed)
    w, x = _range(rng), rng.random(COMBOS)
    shift = rng.uniform(-1.0, 2.0, rng.integers(1, 8))
    softness = rng.choice([0.03, 0.05, 0.12])
    e = policy.logistic_exponentials(x, shift, softness)
    sigma = policy.sigmoid((x[None, :] - shift[:, None]) / softness)
    assert _same(1.0 / (1.0 + e), sigma)
    assert _same(answer_kernels.shares(e, w), (sigma * w[None, :]).sum(axis=1))


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("shared", [True, False])
def test_the_levels_calls_and_folds_are_numpy_s(seed: int, shared: bool) -> None:
    rng = np.random.default_rng(seed)
    w, u = _range(rng), rng.random(COMBOS)
    sizes = int(rng.integers(1, 8))
    t = rng.uniform(-1.0, 2.0, sizes)
    rows = 1 if shared else sizes
    scale = rng.random((rows, COMBOS))
    extra = rng.random((rows, COMBOS)) * rng.choice([0.0, 0.2, 1.0])  # 1: the cap reached
    e = policy.logistic_exponentials(u, t, policy.SOFTNESS)
    sigma = policy.sigmoid((u[None, :] - t[:, None]) / policy.SOFTNESS)
    level, mass = answer_kernels.levels(e, scale, extra, w)
    want = np.minimum(1.0, scale * sigma + extra)
    assert _same(level, want)
    assert _same(mass, (w * want).sum(axis=1))
    rest, left = answer_kernels.complements(level, w)
    assert _same(rest, 1.0 - want)
    assert _same(left, (w * (1.0 - want)).sum(axis=1))
    floor = float(rng.choice([0.0, 0.02, 0.3]))
    call, fold = answer_kernels.calls(e, rest, level, floor)
    want_call = (1.0 - want) * (floor + (1.0 - floor) * sigma)
    assert _same(call, want_call)
    assert _same(fold, np.clip(1.0 - want - want_call, 0.0, 1.0))


@pytest.mark.parametrize("seed", range(8))
def test_the_percentiles_are_numpy_s(seed: int) -> None:
    rng = np.random.default_rng(seed)
    w = _range(rng)
    s = np.round(rng.random(COMBOS), 2)  # runs of equal strengths
    s[rng.random(COMBOS) < 0.1] = np.nan
    order, first, after = policy.strengths_of(s).ranking
    cumulative = np.concatenate(([0.0], np.cumsum(w[order])))
    below, upto = cumulative[first], cumulative[after]
    want = (below + 0.5 * (upto - below)) / float(w.sum())
    assert _same(policy.percentiles(w, s), want)
