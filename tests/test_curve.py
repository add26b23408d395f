"""The growth curve over bet sizes: the engine's growth with answers at every legal size,
and the earlier model's growth if every hand called, checked against the Kelly math
on odds computed apart."""

import numpy as np
import pytest

from assistant.cards import parse_cards
from assistant.curve import size_curve
from assistant.door import Advice, Settings, Villain, advise_numbers
from assistant.equity import equity
from assistant.growth import put_in
from assistant.kelly import BetSituation, Caller, Outcome, growth
from assistant.opponents.profile import get_profile


def flop_advice(to_call: int = 100) -> Advice:
    return advise_numbers(parse_cards("AhKd"), parse_cards("Ks7d2c"), pot=300,
                          to_call=to_call, stack=2000,
                          villains=[Villain(get_profile("tag"), 3000)], big_blind=10,
                          settings=Settings(1.0, 20_000))


def test_the_curve_spans_the_legal_sizes_and_holds_every_size_the_advice_tried() -> None:
    advice = flop_advice()
    curve = size_curve(advice)
    assert curve is not None
    assert (curve.min_total, curve.max_total) == (200, 2000)  # twice the bet; all-in
    assert curve.totals[0] == 200 and curve.totals[-1] == 2000
    assert (np.diff(curve.totals) > 0).all()
    tried = {c.total for c in advice.candidates if c.kind in ("bet", "raise", "all-in")}
    assert tried <= set(curve.totals.tolist())
    # All-in here raises by more than two pots: the advice does not try it, and the
    # curve says how far the tried sizes go.
    assert curve.tried_max == max(tried) < curve.max_total
    assert ((curve.all_fold >= 0) & (curve.all_fold <= 1)).all()
    for index in (0, len(curve.totals) // 2, len(curve.totals) - 1):
        (alone,) = put_in(advice.spot, [int(curve.totals[index])])
        assert curve.growth[index] == pytest.approx(alone.growth, abs=1e-9)
        assert curve.all_fold[index] == pytest.approx(alone.all_fold, abs=1e-9)


def test_the_dashed_curve_is_the_kelly_growth_of_random_hands_that_always_call() -> None:
    advice = flop_advice()
    curve = size_curve(advice)
    assert curve is not None
    odds = equity("AhKd", "Ks7d2c")  # one random hand, counted exactly
    situation = BetSituation(2000, 300, 100, (Caller(stack=3000, owed=0),), 200, 20_000)
    expected = growth(curve.totals.astype(np.float64), situation,
                      Outcome(odds.win, odds.split, odds.lose))
    assert curve.always_called == pytest.approx(expected, abs=1e-6)


def test_pot_fractions_are_what_players_say_and_go_back_to_chips() -> None:
    curve = size_curve(flop_advice())
    assert curve is not None
    # Facing 100 (in the pot of 300), a pot-sized raise calls 100 and raises the 400 in
    # the pot: to 500.
    assert curve.pot_fractions(np.array([500]))[0] == pytest.approx(1.0)
    assert curve.totals_of(curve.pot_fractions(curve.totals)) == pytest.approx(curve.totals)


def test_no_curve_where_hero_cannot_raise() -> None:
    advice = advise_numbers(parse_cards("AhKd"), (), pot=300, to_call=100, stack=100,
                            villains=[Villain(get_profile("tag"), 3000)], big_blind=10)
    assert advice.spot.min_raise_to is None and size_curve(advice) is None
