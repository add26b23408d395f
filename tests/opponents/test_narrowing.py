"""Ranges through a hand: priors from the preflop action, Bayes after the flop."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.cards import cards_to_mask, parse_cards
from assistant.combos import COMBO_MASKS
from assistant.hand import Hand, HandConfig
from assistant.opponents import policy
from assistant.opponents.narrowing import narrow
from assistant.opponents.priors import prior_range
from assistant.opponents.profile import PRESETS
from assistant.showdown import board_strength
from tests.random_hands import play_randomly, random_table


def heads_up() -> Hand:
    """Heads-up, 1/2 blinds: the button (seat 0) limps, the big blind (seat 1) checks."""
    hand = Hand(HandConfig.standard([200, 200], button=0, small_blind=1, big_blind=2))
    hand.call(0)
    hand.check(1)
    return hand


def test_a_flop_bet_is_bayes_on_the_limp_prior() -> None:
    """The posterior after one bet, computed by hand from the prior and the likelihood."""
    hand = heads_up()
    board = "Ks7d2c"
    hand.deal_board(board)
    hand.check(1)
    hand.bet(0, 4)
    profile = PRESETS["tag"]
    ranges = narrow(hand.config, hand.actions, hero=1, profiles={0: profile})
    board_mask = cards_to_mask(parse_cards(board))
    live = (COMBO_MASKS & np.uint64(board_mask)) == 0
    # The button limped first in from its acting position 0 of 2.
    prior = prior_range(profile, 0, "limp", 2) * live
    strength = board_strength(board_mask)
    betting = policy.bet_probability(prior, strength, profile, policy.bet_share(profile, 2))
    expected = prior * policy.robust(betting, prior)
    assert np.allclose(ranges[0].weights, expected)


def test_a_bet_moves_the_range_up_and_a_check_moves_it_down() -> None:
    board = "Ks7d2c"
    strength = board_strength(cards_to_mask(parse_cards(board)))

    def mean_strength(bet: bool) -> float:
        hand = heads_up()
        hand.deal_board(board)
        hand.check(1)
        if bet:
            hand.bet(0, 4)
        else:
            hand.check(0)
        weights = narrow(hand.config, hand.actions, hero=1)[0].weights
        return float(np.nansum(weights * strength) / weights.sum())

    hand = heads_up()
    hand.deal_board(board)
    before = narrow(hand.config, hand.actions, hero=1)[0].weights
    prior = float(np.nansum(before * strength) / before.sum())
    assert mean_strength(bet=True) > prior > mean_strength(bet=False)


def test_a_three_bet_range_is_tighter_than_an_open() -> None:
    hand = Hand(HandConfig.standard([200] * 6, button=5, small_blind=1, big_blind=2))
    hand.raise_to(2, 5)  # UTG opens
    hand.fold(3)
    hand.raise_to(4, 15)  # the button 3-bets
    ranges = narrow(hand.config, hand.actions, hero=0)
    assert ranges[4].preflop == "3bet" and ranges[2].preflop == "open"
    assert ranges[4].weights.sum() < ranges[2].weights.sum()
    assert ranges[3].folded


def test_board_cards_leave_every_range() -> None:
    hand = heads_up()
    hand.deal_board("Ks7d2c")
    weights = narrow(hand.config, hand.actions, hero=1)[0].weights
    blocked = (COMBO_MASKS & np.uint64(cards_to_mask(parse_cards("Ks7d2c")))) != 0
    assert np.all(weights[blocked] == 0)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_weights_stay_probabilities_through_random_hands(seed: int) -> None:
    rng = np.random.default_rng(seed)
    hand = Hand(random_table(rng))
    n = hand.config.n_seats
    profiles = {s: list(PRESETS.values())[s % len(PRESETS)] for s in range(n)}
    for seat in play_randomly(hand, rng):
        for seat_range in narrow(hand.config, hand.actions, seat, profiles).values():
            weights = seat_range.weights
            assert np.all(np.isfinite(weights))
            assert np.all((weights >= 0) & (weights <= 1))
            assert weights.sum() > 0


@pytest.mark.parametrize("profile", ["nit", "maniac"])
def test_the_likelihood_is_kept_for_fitting(profile: str) -> None:
    hand = heads_up()
    hand.deal_board("Ks7d2c")
    hand.check(1)
    hand.bet(0, 4)
    seat = narrow(hand.config, hand.actions, 1, {0: PRESETS[profile]})[0]
    assert seat.likelihood < 0


def test_a_river_bet_after_two_checks_behind_is_bayes_street_by_street() -> None:
    """A toy river: the button limps, checks behind on the flop and the turn, and bets
    the river when checked to.  Its range, computed here step by step from the prior:
    every street's new card removed, then each action's likelihood on that street's
    board, its strategy solved on the range it saw the flop with (the prior less the
    board's cards), then normalised nowhere (weights, not shares)."""
    from assistant.opponents.narrowing import postflop_likelihood

    profile = PRESETS["tag"]
    hand = heads_up()
    boards = ["Ks7d2c", "Ks7d2c9h", "Ks7d2c9h3s"]
    hand.deal_board(boards[0])
    hand.check(1)
    hand.check(0)
    hand.deal_board("9h")
    hand.check(1)
    hand.check(0)
    hand.deal_board("3s")
    hand.check(1)
    hand.bet(0, 4)
    ranges = narrow(hand.config, hand.actions, hero=1, profiles={0: profile})

    weights = prior = prior_range(profile, 0, "limp", 2)
    for board, bets in zip(boards, (False, False, True), strict=True):
        mask = cards_to_mask(parse_cards(board))
        live = (COMBO_MASKS & np.uint64(mask)) == 0
        weights, flop_range = weights * live, prior * live
        strength = board_strength(mask)
        likelihood = postflop_likelihood(
            weights, strength, profile, aggressive=bets, to_call=0, pot=4, players=2,
            leading=True, callers=0, reference=flop_range)
        before, weights = weights, weights * likelihood
    np.testing.assert_allclose(ranges[0].weights, weights, rtol=1e-12, atol=1e-15)
    # Bayes in odds form on two combos: the river bet multiplies their odds by the ratio
    # of their likelihoods, and a set of sevens gains on the air (54).
    made, air = (int(np.flatnonzero(np.uint64(
        cards_to_mask(parse_cards(text))) == COMBO_MASKS)[0]) for text in ("7c7h", "5d4d"))
    prior_odds = before[made] / before[air]
    posterior_odds = ranges[0].weights[made] / ranges[0].weights[air]
    assert posterior_odds == pytest.approx(
        prior_odds * likelihood[made] / likelihood[air], rel=1e-12)
    assert posterior_odds > prior_odds


def test_a_likelihood_is_kept_by_content_not_by_the_array() -> None:
    """postflop_likelihood keeps its results by the content of its inputs: the same
    numbers in another array are answered from the kept result (read-only, equal to a
    fresh computation), and a range changed in place is worked out again."""
    from assistant.opponents import narrowing

    profile = PRESETS["station"]
    strength = board_strength(cards_to_mask(parse_cards("Ks7d2c")))
    weights = prior_range(profile, 0, "limp", 2) * np.isfinite(strength)
    asked = dict(aggressive=False, to_call=6, pot=18, players=2, leading=True, callers=0)
    narrowing._kept_likelihood.cache_clear()
    first = narrowing.postflop_likelihood(weights, strength, profile, **asked)
    again = narrowing.postflop_likelihood(weights.copy(), strength.copy(), profile, **asked)
    assert again is first and not first.flags.writeable
    assert narrowing._kept_likelihood.cache_info().hits == 1
    weights[np.flatnonzero(weights)[:200]] *= 0.1  # the same array, other numbers
    changed = narrowing.postflop_likelihood(weights, strength, profile, **asked)
    narrowing._kept_likelihood.cache_clear()
    assert np.array_equal(changed, narrowing.postflop_likelihood(weights.copy(), strength,
                                                                 profile, **asked))
    assert not np.array_equal(changed, first)
