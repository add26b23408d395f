"""The advice in words, as a player reads it at the table: the door's advice with the
opponents' answers."""

import re

import pytest

from assistant.cards import cards_to_mask, parse_cards
from assistant.door import Advice, Settings, Villain, advise_numbers
from assistant.equity import equity_vs_ranges
from assistant.growth import put_in
from assistant.opponents.profile import get_profile
from assistant.ranges import Range
from ui.advice_panel import (
    describe_advice,
    describe_growths,
    describe_opponents,
    describe_pot_odds,
    describe_reason,
    opponent_number,
)


def quick(hero: str, board: str, pot: int, to_call: int, stack: int, opponents: int = 1,
          bankroll: float | None = None, profile: str = "unknown",
          their_stack: int = 2000) -> Advice:
    """Quick mode's question: the first opponent made the bet, the others answer."""
    villains = [Villain(get_profile(profile), their_stack, bet=None if i == 0 else 0)
                for i in range(opponents)]
    return advise_numbers(parse_cards(hero), parse_cards(board), pot=pot, to_call=to_call,
                          stack=stack, villains=villains, big_blind=2,
                          settings=Settings(1.0, bankroll))


def test_a_raise_of_the_whole_stack_is_one_all_in_with_its_reasons() -> None:
    # Aces facing 50 into 300 with 199 behind each: the whole stack is one action, all-in.
    advice = quick("AhAd", "", 300, 50, 199, bankroll=10_000, their_stack=199)
    all_in = [c for c in advice.candidates if c.total == 199]
    assert [c.kind for c in all_in] == ["all-in"]
    growths = describe_growths(advice)
    assert "raise to 199" not in growths and growths.count("<b>all-in 199") == 1
    assert describe_advice(advice) == "ALL-IN 199"
    # 199 chips are 99.5 big blinds; (199 - 50) / (300 + 50) = 0.43 pots.
    assert describe_reason(advice, big_blind=2).startswith(
        "all-in 199 puts in 199 (0.43 pot · 99.5 bb): Kelly growth +")


def test_the_odds_line_compares_the_price_with_the_equity_against_the_range() -> None:
    advice = quick("AhKd", "Ks7d2c", 300, 100, 2000)
    line = describe_pot_odds(advice)
    assert line.startswith("call 100 — you need 25.0 %, you have ")  # 100 / (300 + 100)
    # Heads-up after the flop the door counts exactly: the same as the equity of the
    # opponent's range computed on its own.
    (view,) = advice.opponents
    alone = equity_vs_ranges(cards_to_mask(parse_cards("AhKd")),
                             [Range.from_weights(view.weights)],
                             cards_to_mask(parse_cards("Ks7d2c")))
    assert line.endswith(f"you have {100 * alone.equity:.1f} %")
    assert describe_pot_odds(quick("AhKd", "Ks7d2c", 300, 0, 2000)).startswith(
        "nothing to call — you have")


@pytest.mark.parametrize("to_call", [0, 100])
def test_each_opponent_shows_its_profile_combos_left_and_answers(to_call: int) -> None:
    advice = quick("AhKd", "Ks7d2c", 300, to_call, 2000, opponents=2)
    text = describe_opponents(advice, opponent_number)
    lines = text.split("<br>")
    shown = advice.choice if advice.choice.answers else max(
        (c for c in advice.candidates if c.answers), key=lambda c: c.growth)
    (again,) = put_in(advice.spot, [shown.total])  # the engine asked afresh at that size
    assert lines[0].endswith(f"all fold {100 * again.all_fold:.1f} %")
    for number, answer in enumerate(again.answers, start=1):
        line = next(x for x in lines if x.startswith(f"<b>opponent {number}</b>"))
        if number == 1 and to_call:
            # The bettor's range is narrowed by its bet (the numbers: tests/test_door.py).
            view = advice.opponents[0]
            assert view.combos < 1081
            assert f"unknown · {view.combos:,.0f} combos ({view.percent:.1f} % of hands)" \
                in line
        else:
            # Every hand but those using hero's two cards or the flop: 47 choose 2 combos.
            assert "unknown · 1,081 combos (81.5 % of hands)" in line
        assert line.endswith(f"fold {100 * answer.fold:.1f} % · call {100 * answer.call:.1f} %"
                             f" · raise {100 * answer.raise_:.1f} %")
        numbers = [float(x) for x in re.findall(r"(\d+\.\d) %", line.split("—")[1])]
        assert sum(numbers) == pytest.approx(100, abs=0.2)


def test_a_call_says_the_odds_needed_and_what_it_grows() -> None:
    # An open-ended straight draw facing half the pot from a calling station: call.
    advice = quick("9h8h", "Th7d2c", 300, 100, 2000, profile="station")
    assert describe_advice(advice) == "CALL 100"
    assert describe_pot_odds(advice).startswith("call 100 — you need 25.0 %")
    best_raise = max((c for c in advice.candidates if c.kind == "raise"),
                     key=lambda c: c.growth)
    assert describe_reason(advice) == (
        f"calling grows your bankroll most: {advice.choice.growth:+.5f} with their answers;"
        f" the best raise (raise to {best_raise.total}) {best_raise.growth:+.5f}")
    # A call that closes the action has no answers: the panel shows those to the raise.
    assert describe_opponents(advice, opponent_number).startswith(
        f"if you raise to {best_raise.total} instead: all fold")


def test_a_fold_says_every_way_of_putting_chips_in_shrinks_the_bankroll() -> None:
    advice = quick("3h2d", "KsQdJc", 600, 300, 2000, profile="station")
    assert describe_advice(advice) == "FOLD"
    call = next(c for c in advice.candidates if c.kind == "call")
    assert call.growth < 0 and describe_reason(advice).startswith(
        f"every way of putting chips in shrinks your bankroll; calling {call.growth:+.5f}")
    assert "<b>fold: +0.00000 (+0.00000)</b>" in describe_growths(advice)
