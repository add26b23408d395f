"""Ranges through a hand: priors from the preflop action, Bayes after the flop."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.cards import cards_to_mask, parse_cards
from assistant.combos import COMBO_MASKS
from assistant.hand import ActionKind, Hand, HandConfig
from assistant.opponents import policy
from assistant.opponents.narrowing import narrow
from assistant.opponents.priors import prior_range
from assistant.opponents.profile import PRESETS
from assistant.showdown import board_strength


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
    n = int(rng.integers(2, 7))
    hand = Hand(HandConfig.standard([int(rng.integers(20, 400)) for _ in range(n)],
                                    button=int(rng.integers(n)), small_blind=1, big_blind=2))
    deck = rng.permutation(52).tolist()
    while not hand.is_over:
        if hand.needs_board:
            count = 3 if not hand.board else 1
            hand.deal_board([deck.pop() for _ in range(count)])
            continue
        seat = hand.to_act
        if seat is None:
            break
        kinds = sorted(hand.legal_actions() - {ActionKind.ALL_IN}) or [ActionKind.ALL_IN]
        kind = kinds[int(rng.integers(len(kinds)))]
        if kind in (ActionKind.BET, ActionKind.RAISE):
            low, high = hand.min_raise_to(), hand.max_raise_to()
            assert low is not None and high is not None
            getattr(hand, "bet" if kind == ActionKind.BET else "raise_to")(
                seat, int(rng.integers(low, high + 1)))
        else:
            hand.apply(type(hand.actions[0])(kind, seat))
        profiles = {s: list(PRESETS.values())[s % 6] for s in range(n)}
        for seat_range in narrow(hand.config, hand.actions, 0, profiles).values():
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
