"""The fast thresholds against the bisection that defines them, bit for bit."""

import numpy as np
import pytest

from assistant.opponents import policy, thresholds


def bisection(weights: np.ndarray, u: np.ndarray, scale: np.ndarray, extra: np.ndarray,
              target: np.ndarray, softness: float) -> np.ndarray:
    """The model's definition, written out: 22 bisection steps on [-1, 2]."""
    total = float(weights.sum())
    scale = np.broadcast_to(scale, (target.size, u.size))
    extra = np.broadcast_to(extra, (target.size, u.size))
    low, high = np.full(target.shape, -1.0), np.full(target.shape, 2.0)
    for _ in range(22):
        middle = 0.5 * (low + high)
        step = policy.sigmoid((u[None, :] - middle[:, None]) / softness)
        mass = (weights * np.minimum(1.0, scale * step + extra)).sum(axis=1) / total
        above = mass > target
        low, high = np.where(above, middle, low), np.where(above, high, middle)
    return 0.5 * (low + high)


def case(seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """A random range (some weights zero, some tiny), per-size or shared scales, bluff
    extras, and targets from zero to beyond what the range can reach."""
    rng = np.random.default_rng(seed)
    n = (1326, 60, 5)[seed % 3]
    weights = rng.random(n) ** rng.integers(1, 6)
    if seed % 4 == 0:
        weights[rng.random(n) < 0.5] = 0.0
    weights[rng.integers(n)] += 0.5  # a range holds something
    u = policy.percentiles(weights, rng.random(n))
    sizes = int(rng.integers(1, 10))
    scale = rng.random((sizes, n)) if seed % 2 else rng.random(n)
    extra = 0.1 * rng.random((sizes, n)) if seed % 3 == 0 else np.zeros((sizes, n))
    target = rng.random(sizes) * (1.0, 0.3, 1.3, 0.05)[seed % 4]
    target[0] = (0.0, target[0], 2.0)[seed % 3]
    return weights, u, scale, extra, target


@pytest.mark.parametrize("seed", range(60))
@pytest.mark.parametrize("softness", [policy.SOFTNESS, policy.BET_SOFTNESS])
def test_the_fast_thresholds_are_the_bisection_s_to_the_last_bit(seed: int,
                                                                 softness: float) -> None:
    weights, u, scale, extra, target = case(seed)
    expected = bisection(weights, u, scale, extra, target, softness)
    assert np.array_equal(thresholds.solve(weights, u, scale, extra, target, softness),
                          expected)
    assert np.array_equal(thresholds.bisect(weights, u, scale, extra, target, softness),
                          expected)


@pytest.mark.parametrize("seed", range(0, 60, 3))
def test_rows_shared_by_every_size_are_the_bisection_s(seed: int) -> None:
    """A scale and an extra given as one row (shared by every threshold, as the policy
    passes them) give what that row copied for every size gives."""
    weights, u, scale, extra, target = case(seed)
    one_scale, one_extra = np.atleast_2d(scale)[:1], extra[:1]
    expected = bisection(weights, u, np.broadcast_to(one_scale, (target.size, u.size)),
                         np.broadcast_to(one_extra, (target.size, u.size)), target,
                         policy.SOFTNESS)
    got = thresholds.solve(weights, u, one_scale, one_extra, target, policy.SOFTNESS)
    assert np.array_equal(got, expected)


def test_a_target_on_a_grid_point_is_the_bisection_s() -> None:
    """A target equal to ``M`` at a grid point, where only the exact comparison decides
    the cell: the check around Newton's root must get it right."""
    weights, u, scales, _, _ = case(1)
    grid = np.array([-1.0 + 3.0 * 1_234_567 / 2**22, 0.25, 0.5])
    step = policy.sigmoid((u[None, :] - grid[:, None]) / policy.SOFTNESS)
    scale = np.broadcast_to(scales[0], (3, u.size))
    target = (weights * np.minimum(1.0, scale * step)).sum(axis=1) / weights.sum()
    expected = bisection(weights, u, scale, np.zeros_like(scale), target, policy.SOFTNESS)
    got = thresholds.solve(weights, u, scale, np.zeros_like(scale), target, policy.SOFTNESS)
    assert np.array_equal(got, expected)


def test_a_flat_mass_is_bisected_to_the_bisection_s_bits() -> None:
    """Targets where ``M`` is flat to rounding: only the top tenth of the range can
    raise, and at ``t`` near -1 all of it does, whatever ``t``.  Newton's root cannot
    be checked there, and those rows are bisected (the repeated ones once); the other
    row keeps its checked cell."""
    weights, u, _, _, _ = case(3)
    scale = np.where(u > 0.9, 1.0, 0.0) * np.ones((4, u.size))
    extra = np.zeros_like(scale)
    grid = np.array([-0.95, -0.95, -0.97, -0.95])
    step = policy.sigmoid((u[None, :] - grid[:, None]) / policy.SOFTNESS)
    target = (weights * np.minimum(1.0, scale * step)).sum(axis=1) / weights.sum()
    target[2] *= 0.5
    expected = bisection(weights, u, scale, extra, target, policy.SOFTNESS)
    got = thresholds.solve(weights, u, scale, extra, target, policy.SOFTNESS)
    assert np.array_equal(got, expected)


@pytest.mark.parametrize("softness", [policy.SOFTNESS, policy.BET_SOFTNESS])
@pytest.mark.parametrize("size", [1.0, 1e-280])
def test_a_target_of_zero_is_the_bisection_s(softness: float, size: float) -> None:
    """No raise at all (a player all-in): a target of 0, which ``M`` nears within far less
    than the cheap form's margin at the top of the grid (tiny scales and weights too, and
    a whole range of tiny weights), and a row of zero scale, whose ``M`` is 0 everywhere."""
    weights, u, _, _, _ = case(4)
    weights[::7] *= 1e-200
    weights *= size
    scale = np.random.default_rng(8).random((4, u.size))
    scale[1] *= 1e-290
    scale[2] = 0.0
    extra = np.zeros_like(scale)
    target = np.zeros(4)
    expected = bisection(weights, u, scale, extra, target, softness)
    assert np.array_equal(thresholds.solve(weights, u, scale, extra, target, softness),
                          expected)


@pytest.mark.parametrize("softness", [policy.SOFTNESS, policy.BET_SOFTNESS])
def test_a_root_above_the_interval_with_a_target_not_small_is_the_bisection_s(
        softness: float) -> None:
    """Bluffs that alone make more than the target: ``M`` stays above it up to ``HIGH``.
    With a target above ``HIGH_CHECKED`` the kernel does not look at ``M(HIGH)`` first, and
    the bracket's halvings must still end in the last cell, as the bisection does."""
    weights, u, scales, _, _ = case(1)
    scale, extra = scales[:1], np.full((1, u.size), 0.5)
    target = np.array([thresholds.HIGH_CHECKED, 0.2, 0.45, 0.0])
    expected = bisection(weights, u, scale, extra, target, softness)
    assert expected[:3].tolist() == [2.0 - 1.5 / 2**22] * 3  # the last cell's midpoint
    assert np.array_equal(thresholds.solve(weights, u, scale, extra, target, softness),
                          expected)
