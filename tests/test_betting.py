"""Bet sizes at the table, checked against the engine's own rules."""

import pytest

from assistant.betting import min_raise_chips, pot_fraction_raise_to
from assistant.errors import PokerInputError
from assistant.hand import Hand, HandConfig


def test_a_pot_raise_facing_an_open_matches_the_counting_by_hand() -> None:
    # Blinds 15/30, seat 3 opens to 60; seat 4 faces pot 105, owes 60: the call makes
    # the pot 165, so a pot raise is 60 + 165 = 225 in total.
    hand = Hand(HandConfig.standard([5000] * 5, button=4, small_blind=15, big_blind=30))
    hand.raise_to(2, 60)
    seat = hand.to_act
    assert seat == 3
    total = pot_fraction_raise_to(hand.pot, hand.to_call(seat),
                                  hand.street_contribution(seat), 1.0)
    assert total == 225
    hand.raise_to(seat, total)  # the engine takes it as a legal raise
    assert hand.pot == 105 + 225


def test_the_smallest_raise_agrees_with_the_engine_for_a_player_with_nothing_in() -> None:
    hand = Hand(HandConfig.standard([200, 200, 200], button=2, small_blind=1, big_blind=2))
    hand.raise_to(2, 40)  # the button opens to 40; the blinds have bet, so check the
    hand.fold(0)           # flop instead, where nothing is in yet
    hand.call(1)
    hand.deal_board("Qs7d2c")
    hand.bet(1, 30)
    seat = hand.to_act
    assert seat == 2
    low = hand.min_raise_to()
    assert low is not None
    assert min_raise_chips(hand.to_call(seat), 2, hand.stack(seat)) == low == 60


@pytest.mark.parametrize(("pot", "to_call", "bet", "fraction", "bad"), [
    (-1, 0, 0, 1.0, "-1"), (10, -5, 0, 1.0, "-5"), (10, 0, 0, 0.0, "0.0")])
def test_nonsense_is_refused_by_name(pot: int, to_call: int, bet: int, fraction: float,
                                     bad: str) -> None:
    with pytest.raises(PokerInputError, match=bad):
        pot_fraction_raise_to(pot, to_call, bet, fraction)
