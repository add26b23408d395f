"""The advice in words, as a player reads it at the table."""

from assistant.advice import advise
from assistant.kelly import BetSituation, Opponent
from ui.advice_panel import describe_advice, describe_growths, describe_reason


def test_a_raise_of_the_whole_stack_is_one_all_in_with_its_reasons() -> None:
    # Aces facing 50 into 300 with 199 behind and a bankroll of 10,000 off the table:
    # the best raise is the whole stack, so "raise 199" and "all-in 199" are one action.
    situation = BetSituation(199, 300, 50, (Opponent(stack=1000, owed=0),), 100,
                             bankroll=10_000)
    advice = advise("AhAd", "", situation, seed=1)
    assert advice.choice.candidates["raise"].amount == advice.choice.candidates["all-in"].amount
    assert describe_advice(advice, street_bet=0) == "ALL-IN 199"
    growths = describe_growths(advice)
    assert "raise" not in growths and growths.count("all-in 199") == 1
    reason = describe_reason(advice, big_blind=2)
    # 50 / (300 + 50) = 14.3%; 199 chips are 99.5 big blinds; (199 - 50) / 350 = 0.43 pots.
    assert reason.startswith("to call 50 you need 14.3%, you have")
    assert "Kelly puts in 199 = 99.5 big blinds, 100.0% of your stack (0.43 of the pot)" in reason


def test_a_call_says_the_odds_needed_and_no_kelly_investment_of_zero() -> None:
    situation = BetSituation(100, 300, 50, (Opponent(stack=1000, owed=0),), 100)
    advice = advise("AhAd", "", situation, seed=1)
    assert describe_advice(advice, street_bet=0) == "CALL 50"
    reason = describe_reason(advice)
    assert reason.startswith("to call 50 you need 14.3%") and "invest 0.0" not in reason
