"""The growth of a bet or a call against the callers' patterns written out one by one: every
one of the 2^n patterns above the floor, each pattern's showdown asked of the showdown
itself (:meth:`assistant.showdown.Showdown.outcome`), and its stakes counted by hand."""

import itertools
import math
from dataclasses import replace

import numpy as np
import pytest

from assistant.cards import cards_to_mask
from assistant.growth import (
    PATTERN_FLOOR,
    Opponent,
    Spot,
    _answers,
    _Columns,
    _log_outcome,
    _reraised,
    put_in,
)
from assistant.opponents.profile import PRESETS
from assistant.showdown import board_strength, showdown

PROFILES = ("nit", "tag", "lag", "station", "maniac", "unknown")


def growth_by_patterns(spot: Spot, level: int) -> float:
    """E[log(W_out / W)] of putting hero's street total at ``level``, one pattern at a
    time (the computation the kernels replaced)."""
    x = min(level - spot.bet, spot.stack)
    answering = [r for r in spot.rivals if r.stack > 0 and r.bet < level]
    stayers = [r for r in spot.rivals if r.stack == 0 or r.bet >= level]
    levels, chips = np.array([level]), np.array([x])
    value, no_raise, callers_before = 0.0, 1.0, np.zeros(1)
    shares, call_ranges = [], []
    for rival in answering:
        answers = _answers(spot, rival, levels, chips, callers_before)
        share = rival.weights / rival.weights.sum()
        fold, call, raise_ = (float(a[0] @ share) for a in
                              (answers.fold, answers.call, answers.raise_))
        columns = _Columns(spot.showdown)
        first = raise_ * no_raise
        no_raise *= 1.0 - raise_
        if first > 0:
            value += first * _reraised(spot, rival, level, x, columns,
                                       columns.add(rival.weights * answers.raise_[0]))
        shares.append((fold, call))
        call_ranges.append(rival.weights * answers.call[0])
        callers_before = callers_before + call
    kept = 0.0
    for pattern in itertools.product((False, True), repeat=len(answering)):
        p = 1.0
        for calls, (fold, call) in zip(pattern, shares, strict=True):
            p *= call if calls else fold
        if p < PATTERN_FLOOR:
            continue
        kept += p
        in_hand = [r for r, calls in zip(answering, pattern, strict=True) if calls]
        if not in_hand and not stayers:
            value += p * math.log(spot.wealth + spot.pot)
            continue
        ranges = [r.weights for r in stayers] + [
            w for w, calls in zip(call_ranges, pattern, strict=True) if calls]
        win, tie = spot.showdown.outcome(ranges[0] if len(ranges) == 1
                                         else np.stack(ranges, axis=1))
        opponents = in_hand + stayers
        invested = min(x, max(r.bet + r.stack for r in opponents) - spot.bet)
        pot = spot.pot + invested + sum(min(level - r.bet, r.stack) for r in in_hand)
        behind = spot.stack - invested > 0 and any(
            r.stack - max(level - r.bet, 0) > 0 for r in opponents)
        value += p * _log_outcome(spot, win, tie, invested, pot, behind)
    value += (no_raise - kept) * math.log(max(spot.wealth - x, 1e-300))
    return value - math.log(spot.wealth)


def random_spot(seed: int) -> tuple[Spot, list[int]]:
    """Two to four rivals with random ranges, profiles and stacks (some short, some all
    in), some of them having matched the bet hero faces, on a flop, turn or river; and
    the levels tried: the call, or three raises up to all-in."""
    rng = np.random.default_rng(seed)
    cards = rng.permutation(52)
    board_size = (3, 4, 5)[seed % 3]
    hero_mask = cards_to_mask([int(c) for c in cards[:2]])
    board_mask = cards_to_mask([int(c) for c in cards[2:2 + board_size]])
    sd = showdown(hero_mask, board_mask)
    strength = board_strength(board_mask)
    live = sd.live_combos()
    facing = int(rng.choice([0, 20]))
    rivals = []
    for seat in range(int(rng.integers(2, 5))):
        weights = rng.random(1326) * live * (rng.random(1326) < rng.uniform(0.2, 0.9))
        bet = facing if facing and rng.random() < 0.5 else 0
        stack = int(rng.choice([0, 25, 60, 150, 400])) if bet else int(
            rng.choice([25, 60, 150, 400]))
        rivals.append(Opponent(seat, weights, strength, PRESETS[PROFILES[rng.integers(6)]],
                               stack, bet, bool(rng.random() < 0.5)))
    stack = 300
    spot = Spot(1000.0 * rng.uniform(0.5, 2.0), 100 + sum(r.bet for r in rivals), stack, 0,
                facing, facing + 20 if facing else 2, stack, 2, False, board_size == 5,
                bool(rng.random() < 0.5), tuple(rivals), sd)
    levels = [facing] if facing and seed % 2 else [facing + 30, facing + 90, stack]
    return spot, levels


@pytest.mark.parametrize("seed", range(12))
def test_put_in_is_the_growth_pattern_by_pattern(seed: int) -> None:
    spot, levels = random_spot(seed)
    got = put_in(spot, levels)
    assert [r.total for r in got] == levels
    for result, level in zip(got, levels, strict=True):
        assert result.growth == pytest.approx(growth_by_patterns(spot, level), abs=1e-12)


@pytest.mark.parametrize("seed", range(3))
def test_heads_up_and_with_every_rival_already_in(seed: int) -> None:
    """The two ends: one rival answering alone, and no rival left to answer (hero calls
    a bet every rival has matched, some of them all in)."""
    spot, _ = random_spot(seed)
    first = replace(spot.rivals[0], bet=0, stack=max(spot.rivals[0].stack, 25))
    alone = replace(spot, rivals=(first,), current_bet=0, min_raise_to=2,
                    pot=100)
    levels = [30, 90, spot.stack]
    for result, level in zip(put_in(alone, levels), levels, strict=True):
        assert result.growth == pytest.approx(growth_by_patterns(alone, level), abs=1e-12)
    matched = tuple(replace(r, bet=20, stack=r.stack if k else 0)
                    for k, r in enumerate(spot.rivals))
    every = replace(spot, rivals=matched, current_bet=20, min_raise_to=40,
                    pot=100 + 20 * len(matched))
    (called,) = put_in(every, [20])
    assert called.answers == () and called.all_fold == 0.0
    assert called.growth == pytest.approx(growth_by_patterns(every, 20), abs=1e-12)
