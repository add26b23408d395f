"""The action model: probabilities, solved thresholds, caps and the Bayes floor."""

import math

import numpy as np
import pytest

from assistant.opponents import policy
from assistant.opponents.profile import PRESETS, Profile


def strong_range(seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Weights and strengths of a range of strong hands only (no cap binds)."""
    rng = np.random.default_rng(seed)
    return rng.random(1326), 0.9 + 0.09 * rng.random(1326)


@pytest.mark.parametrize("name", list(PRESETS))
@pytest.mark.parametrize("seed", [0, 1])
def test_solved_thresholds_reproduce_the_range_frequencies(name: str, seed: int) -> None:
    """The per-combo answers add up to the range-level shares, after their bounds by
    absolute strength (:func:`strong_enough` above, :func:`must_continue` below)."""
    rng = np.random.default_rng(seed)
    weights, strength = rng.random(1326), 0.5 + 0.49 * rng.random(1326)
    profile = PRESETS[name]
    ratio = np.array([0.33, 0.66, 1.0, 2.0])
    continuing = policy.continue_share(profile, ratio)
    raising = profile.raise_share_postflop * continuing
    answers = policy.answer_bet(weights, strength, profile, continuing, raising, ratio,
                                preflop=False)
    share = weights / weights.sum()
    total = answers.fold + answers.call + answers.raise_
    assert np.allclose(total, 1.0)
    assert np.all((answers.fold >= 0) & (answers.call >= 0) & (answers.raise_ >= 0))
    strengths = policy.strengths_of(strength)
    value = policy.value_share(weights, strengths, policy.VALUE_RAISE) / (1 - profile.bluff)
    raising = np.minimum(np.minimum(raising, value), continuing)
    able = policy.strong_enough(weights, strengths, profile, ratio, preflop=False)
    must = policy.must_continue(weights, strengths, ratio, preflop=False)
    bounded = np.maximum(np.minimum(continuing, np.maximum(able, raising)), must)
    assert answers.raise_ @ share == pytest.approx(raising, abs=1e-4)
    assert (answers.call + answers.raise_) @ share == pytest.approx(bounded, abs=1e-4)
    betting = policy.bet_share(profile, 2)
    bets = policy.bet_probability(weights, strength, profile, betting)
    assert bets @ share == pytest.approx(betting, abs=1e-4)


@pytest.mark.parametrize("preflop", [False, True])
def test_the_two_bounds_in_one_pass_are_each_alone(preflop: bool) -> None:
    """An answer's bounds (:func:`strong_enough` and :func:`must_continue`, one array of
    exponentials for both) have the bits each gives alone, whatever the other's sizes."""
    rng = np.random.default_rng(7)
    weights, strength = rng.random(1326), rng.random(1326)
    strength[rng.random(1326) < 0.2] = np.nan
    strengths, profile = policy.strengths_of(strength), PRESETS["tag"]
    ratio = np.array([0.33, 0.5, 1.0, 1.5, 3.0])
    both = policy._shares_above(weights, policy._able_bound(strengths, profile, ratio, preflop),
                                policy._must_bound(strengths, ratio[:2], preflop))
    able = policy.strong_enough(weights, strengths, profile, ratio, preflop)
    must = policy.must_continue(weights, strengths, ratio[:2], preflop)
    assert both.tobytes() == np.concatenate([able, must]).tobytes()
    one = [policy.strong_enough(weights, strengths, profile, r, preflop)[0] for r in ratio]
    assert able.tolist() == one


@pytest.mark.parametrize("name", ["tag", "lag", "maniac"])
def test_a_range_short_of_strong_hands_still_bets_its_frequency_with_medium_hands(
        name: str) -> None:
    """A range with few hands at :data:`VALUE_BET` (a wide range on a wet flop) bets about
    as often as its profile says (the traps and the gate's soft edge keep a few points
    back), not the half or less the strong hands and bluffs alone would allow: the value
    bets reach down to medium hands, and a combo above the bluff zone never bets less
    than a weaker one."""
    rng = np.random.default_rng(3)
    weights, strength = rng.random(1326), 0.25 + 0.5 * rng.random(1326)
    profile = PRESETS[name]
    share = weights / weights.sum()
    betting = policy.bet_share(profile, 2)
    strong = policy.value_share(weights, policy.strengths_of(strength), policy.VALUE_BET)
    assert strong / (1 - profile.bluff) < 0.5 * betting  # the old cap would halve it
    bets = policy.bet_probability(weights, strength, profile, betting)
    assert 0.9 * betting <= bets @ share <= betting + 1e-9
    value = (1 - profile.bluff) * betting
    need = policy.value_need(weights, policy.strengths_of(strength), value)
    # The hands at the need and above make up the value share, by weight (by hand).
    assert share[strength >= need].sum() == pytest.approx(value, abs=0.002)
    medium = (strength >= need + 0.05) & (strength < policy.VALUE_BET)
    assert medium.any() and bets[medium].min() > 0.5  # they bet, mostly
    u = policy.percentiles(weights, strength)
    bands = [bets[(u >= low) & (u < low + 0.1)].mean() for low in (0.5, 0.6, 0.7, 0.8)]
    assert bands == sorted(bands)


def test_stronger_hands_never_fold_more_above_the_bluff_zone() -> None:
    weights, strength = strong_range(1)
    profile = PRESETS["tag"]
    answers = policy.answer_bet(weights, strength, profile, np.array([0.5]),
                                np.array([0.05]), np.array([0.66]), preflop=False)
    u = policy.percentiles(weights, strength)
    order = np.argsort(u)
    top = order[u[order] > policy.BLUFF_ZONE + 0.15]
    assert np.all(np.diff(answers.fold[0][top]) <= 1e-9)


def test_a_balanced_defender_defends_the_minimum_defence_frequency() -> None:
    balanced = Profile("balanced", 1.0, 0.8, 0.07, math.log(1 / 0.66), 1.0, 0.0, 0.1, 0.3,
                       0.0)
    for ratio in (0.25, 0.5, 1.0, 3.0):
        assert float(policy.continue_share(balanced, ratio)) == pytest.approx(
            1 / (1 + ratio))


def test_continuing_falls_with_the_size_of_the_bet() -> None:
    for profile in PRESETS.values():
        shares = policy.continue_share(profile, np.array([0.25, 0.5, 1, 2, 5]))
        assert np.all(np.diff(shares) < 0)


def test_a_weak_range_cannot_call_a_huge_bet() -> None:
    """The absolute cap: a range of air (the weakest 40 % of the hands the board leaves)
    folds to an overbet whatever the profile says."""
    rng = np.random.default_rng(2)
    strength = rng.random(1326)
    weights = rng.random(1326) * (strength < 0.4)
    for name in ("station", "maniac"):
        answers = policy.answer_bet(weights, strength, PRESETS[name], np.array([0.8]),
                                    np.array([0.1]), np.array([3.0]), preflop=False)
        folds = answers.fold[0] @ (weights / weights.sum())
        assert folds > 0.75


@pytest.mark.parametrize(("ratio", "need"), [(0.1, 0.1 / 1.1), (1 / 3, 0.25), (1.0, 0.5),
                                             (3.0, 0.7357)])
def test_the_strength_a_regular_needs_follows_the_price(ratio: float, need: float) -> None:
    """By hand: a regular (α_C = 0, η = 1) needs ``min(0.35 + 0.9 z / (1 + 2 z),
    z / (1 + z))`` of the hands the board leaves below it after the flop: a range of all
    hands then keeps the minimum-defence frequency ``1 / (1 + z)`` against bets up to
    about two pots (1/3 pot: 75 %), and against three pots ``0.35 + 0.9 * 3 / 7``.  With
    strengths spread evenly over [0, 1] a combo's rank is its strength, and the share
    strong enough is ``1 - need``."""
    strength = (np.arange(1326) + 0.5) / 1326
    regular = Profile("regular", 1.0, 0.8, 0.07, 0.0, 1.0, 0.0, 0.1, 0.3, 0.02)
    share = policy.strong_enough(np.ones(1326), policy.strengths_of(strength), regular,
                                 np.array([ratio]), False)
    assert share[0] == pytest.approx(1.0 - need, abs=0.005)


def test_the_cap_reads_a_combo_s_rank_among_all_hands_not_its_raw_strength() -> None:
    """Strengths pulled toward a half (as on a flop, with cards to come) give the same
    cap as the same order spread over [0, 1]: only the rank counts."""
    spread = (np.arange(1326) + 0.5) / 1326
    pulled = 0.5 + 0.3 * (spread - 0.5)
    weights = np.random.default_rng(3).random(1326)
    for name in PRESETS:
        ratios = np.array([0.33, 1.0, 3.0])
        assert np.allclose(
            policy.strong_enough(weights, policy.strengths_of(pulled), PRESETS[name], ratios,
                                 False),
            policy.strong_enough(weights, policy.strengths_of(spread), PRESETS[name], ratios,
                                 False))


def test_a_range_of_monsters_does_not_fold_to_a_raise() -> None:
    """The lower bound: whatever the profile's fold frequency, the nuts continue."""
    rng = np.random.default_rng(4)
    weights, strength = rng.random(1326), 0.96 + 0.03 * rng.random(1326)
    answers = policy.answer_bet(weights, strength, PRESETS["nit"], np.array([0.3]),
                                np.array([0.03]), np.array([1.0]), preflop=False)
    assert answers.fold[0] @ (weights / weights.sum()) < 0.05


def test_the_percentile_counts_ties_half() -> None:
    weights = np.array([1.0, 1.0, 1.0, 1.0])
    strength = np.array([0.2, 0.5, 0.5, 0.9])
    assert policy.percentiles(weights, strength).tolist() == [0.125, 0.5, 0.5, 0.875]


@pytest.mark.parametrize("seed", range(6))
def test_the_percentiles_are_the_weight_below_plus_half_the_weight_as_strong(seed: int) -> None:
    """Against a direct count, combo by combo, for ranges on strengths with ties and NaN
    (blocked combos), the same strengths asked again with other weights (their sorting
    is kept)."""
    rng = np.random.default_rng(seed)
    strength = np.round(rng.random(300), 1 + seed % 3)
    strength[rng.random(300) < 0.2] = np.nan
    s = np.nan_to_num(strength, nan=-1.0)
    for _ in range(3):
        weights = rng.random(300) * (rng.random(300) < 0.7)
        below = np.array([weights[s < x].sum() for x in s])
        same = np.array([weights[s == x].sum() for x in s])
        expected = (below + 0.5 * same) / weights.sum()
        assert np.allclose(policy.percentiles(weights, strength), expected, atol=1e-12)


@pytest.mark.parametrize("seed", range(3))
def test_the_board_ranks_are_the_hands_left_below_plus_half_as_strong(seed: int) -> None:
    """Against a direct count over the combos the board leaves (NaN: blocked), with ties."""
    rng = np.random.default_rng(seed)
    strength = np.round(rng.random(400), 1 + seed)
    strength[rng.random(400) < 0.2] = np.nan
    live = strength[~np.isnan(strength)]
    expected = [0.0 if np.isnan(x) else ((live < x).sum() + 0.5 * (live == x).sum()) / live.size
                for x in strength]
    assert np.allclose(policy.strengths_of(strength).ranks, expected, atol=1e-12)


def test_a_constant_likelihood_leaves_the_range_unchanged() -> None:
    weights = np.random.default_rng(3).random(1326)
    posterior = weights * policy.robust(np.full(1326, 0.4), weights)
    assert np.allclose(posterior / posterior.sum(), weights / weights.sum())


def test_the_floor_keeps_every_combo_possible() -> None:
    weights = np.ones(1326)
    likelihood = np.zeros(1326)
    likelihood[:10] = 1.0
    mixed = policy.robust(likelihood, weights)
    assert np.all(mixed > 0)
    assert mixed[:10].min() > 100 * mixed[10:].max()
