"""Kelly math: growth and its optimum against an independent reference, the actions,
the earlier tool's rule, and every rejection.

The reference evaluates the issue's formula literally in 40-digit decimal arithmetic, and finds
the optimum by a dense grid and a golden-section refinement on those values: no slopes, no
kinks, no bisection.
"""

import itertools
import math
from collections.abc import Callable
from decimal import Decimal, localcontext

import numpy as np
import pytest

from assistant.errors import PokerInputError
from assistant.kelly import (
    BetSituation,
    Outcome,
    choose_action,
    earlier_tool_fraction,
    final_pot,
    growth,
    growth_slope,
    optimal_investment,
)
from assistant.kelly import Caller as Opp

GRID_POINTS = 2001
KINDS = ("unlimited", "capped", "mixed", "owed", "short", "bankroll")


def random_case(seed: int, kind: str, calling: bool) -> tuple[BetSituation, Outcome]:
    """A random decision of the given kind, with something to call or not.

    ``capped`` opponents have stacks from a twentieth of hero's to twice it, ``mixed`` has
    unlimited and capped ones, ``owed`` has opponents still owing chips, ``short`` has hero
    all-in for less than the call, ``bankroll`` has money off the table (1 to 20 stacks).
    """
    rng = np.random.default_rng([seed, KINDS.index(kind), int(calling)])
    stack = float(rng.uniform(50, 500))
    n = int(rng.integers(1, 5))
    to_call = float(rng.uniform(0.02, 0.4) * stack) if calling else 0.0
    if kind == "short" and calling:
        to_call = float(rng.uniform(1.05, 2.0) * stack)
    opponents = []
    for _ in range(n):
        capped = rng.choice([0.05, 0.2, 0.5, 1.0, 2.0]) * rng.uniform(0.8, 1.2) * stack
        unlimited = kind == "unlimited" or (kind in ("mixed", "bankroll") and rng.random() < 0.5)
        owed = rng.uniform(0, 1.5 * to_call + 0.1 * stack) if kind == "owed" else 0.0
        opponents.append(Opp(math.inf if unlimited else float(capped), float(owed)))
    excess = sum(max(to_call - o.owed, 0.0) for o in opponents)
    pot = excess + float(rng.uniform(0, 0.5) * stack) * (rng.random() < 0.9)
    win = rng.uniform(0.05, 0.9)
    tie = rng.uniform(0, 0.15) * (rng.random() < 0.6)
    lose = rng.uniform(0.05, 0.9) * (rng.random() < 0.9)
    weights = np.array([win, *(tie * rng.dirichlet(np.ones(n))), lose])
    weights /= weights.sum()
    outcome = Outcome(float(weights[0]), tuple(map(float, weights[1:-1])), float(weights[-1]))
    bankroll = float(rng.uniform(1, 20) * stack) if kind == "bankroll" else None
    situation = BetSituation(stack, pot, to_call, tuple(opponents), None, bankroll)
    return situation, outcome


CASES = [
    (seed, kind, calling)
    for kind in KINDS
    for calling in (False, True)
    for seed in range(6)
    if kind != "short" or calling
]


def reference_growth(a: float, situation: BetSituation, outcome: Outcome) -> Decimal:
    """``G(a)`` of the issue's formula, term by term, in 40-digit decimals."""
    with localcontext() as context:
        context.prec = 40
        wealth, pot, to_call = map(Decimal, (situation.wealth, situation.pot, situation.to_call))
        opponents = [(Decimal(o.owed), Decimal(o.stack)) for o in situation.opponents]
        cap = max(to_call - owed + behind for owed, behind in opponents)
        invested = min(Decimal(a), max(cap, Decimal(0)))
        pot_a = pot + invested + sum(min(invested - to_call + owed, behind)
                                     for owed, behind in opponents)
        total = Decimal(0)
        if outcome.win:
            total += Decimal(outcome.win) * ((wealth - invested + pot_a) / wealth).ln()
        for s, p in enumerate(outcome.split, start=1):
            if p:
                total += Decimal(p) * ((wealth - invested + pot_a / (s + 1)) / wealth).ln()
        if outcome.lose:
            total += Decimal(outcome.lose) * ((wealth - invested) / wealth).ln()
        return total


def golden_maximum(value: Callable[[float], Decimal], lo: float, hi: float, tol: float) -> float:
    """The maximiser of a unimodal function on [lo, hi]; ties keep the left part."""
    shrink = (math.sqrt(5) - 1) / 2
    x1, x2 = hi - shrink * (hi - lo), lo + shrink * (hi - lo)
    v1, v2 = value(x1), value(x2)
    while hi - lo > tol:
        if v1 >= v2:
            hi, x2, v2 = x2, x1, v1
            x1 = hi - shrink * (hi - lo)
            v1 = value(x1)
        else:
            lo, x1, v1 = x1, x2, v2
            x2 = lo + shrink * (hi - lo)
            v2 = value(x2)
    return 0.5 * (lo + hi)


def reference_optimum(situation: BetSituation, outcome: Outcome) -> float:
    """The smallest maximiser of ``G`` on [0, stack]: dense grid, then golden section."""
    grid = np.linspace(0.0, situation.stack, GRID_POINTS)
    best = int(np.argmax(growth(grid, situation, outcome)))  # the first of equal maxima
    lo, hi = grid[max(best - 1, 0)], grid[min(best + 1, GRID_POINTS - 1)]
    return golden_maximum(lambda a: reference_growth(a, situation, outcome),
                          float(lo), float(hi), 1e-13 * situation.stack)


def assert_growth_matches_reference(
    amounts: np.ndarray, situation: BetSituation, outcome: Outcome
) -> None:
    mine = growth(amounts, situation, outcome)
    reference = np.array([float(reference_growth(a, situation, outcome)) for a in amounts])
    assert np.array_equal(np.isneginf(mine), np.isneginf(reference))
    finite = np.isfinite(reference)
    assert np.isfinite(mine[finite]).all()
    np.testing.assert_allclose(mine[finite], reference[finite], rtol=1e-12, atol=1e-13)


@pytest.mark.parametrize(("seed", "kind", "calling"), CASES)
def test_optimum_and_growth_match_the_reference(seed: int, kind: str, calling: bool) -> None:
    situation, outcome = random_case(seed, kind, calling)
    stack = situation.stack
    optimum = optimal_investment(situation, outcome)
    assert abs(optimum - reference_optimum(situation, outcome)) <= 1e-9 * stack
    kinks = [k for k in situation.all_in_points if 0 <= k <= stack]
    amounts = np.array([*np.linspace(0.0, stack, 21), *kinks, optimum])
    assert_growth_matches_reference(amounts, situation, outcome)
    left, right = growth_slope(optimum, situation, outcome)
    assert left >= -1e-9 / stack and right <= 1e-9 / stack


@pytest.mark.slow
@pytest.mark.parametrize("kind", KINDS)
def test_optimum_matches_the_reference_on_many_cases(kind: str) -> None:
    for seed in range(100, 160):
        situation, outcome = random_case(seed, kind, calling=bool(seed % 2))
        optimum = optimal_investment(situation, outcome)
        assert abs(optimum - reference_optimum(situation, outcome)) <= 1e-9 * situation.stack


def test_vectorised_growth_equals_scalar_growth() -> None:
    situation, outcome = random_case(0, "owed", calling=True)
    amounts = np.linspace(0.0, situation.stack, 7).reshape(7, 1)
    vector = growth(amounts, situation, outcome)
    assert vector.shape == (7, 1)
    scalars = [growth(a, situation, outcome) for a in amounts.ravel().tolist()]
    assert vector.ravel().tolist() == scalars
    assert final_pot(amounts, situation).shape == (7, 1)


@pytest.mark.parametrize(("seed", "kind", "calling"), CASES[::3])
def test_growth_is_concave_until_every_chip_is_matched(seed: int, kind: str, calling: bool) -> None:
    situation, outcome = random_case(seed, kind, calling)
    stack = situation.stack
    matched = min(stack, situation.max_matched)
    amounts = np.linspace(0.0, matched, 401)
    values = growth(amounts, situation, outcome)
    finite = values[np.isfinite(values)]
    assert (np.diff(finite, 2) <= 1e-12 * np.abs(finite).max()).all()
    kinks = [k for k in situation.all_in_points if 0 < k < matched]
    slopes = [s for a in sorted([*amounts, *kinks]) for s in growth_slope(a, situation, outcome)]
    if matched < stack:
        slopes.pop()  # the right slope at max_matched is that of the flat part beyond
    assert all(earlier >= later for earlier, later in itertools.pairwise(slopes))
    beyond = np.linspace(matched, stack, 5)
    assert (growth(beyond, situation, outcome) == growth(matched, situation, outcome)).all()


@pytest.mark.parametrize(("seed", "kind", "calling"), CASES[1::4])
def test_slopes_are_the_derivatives_of_growth(seed: int, kind: str, calling: bool) -> None:
    situation, outcome = random_case(seed, kind, calling)
    step = 1e-7 * situation.stack
    kinks = np.array(situation.all_in_points)
    rng = np.random.default_rng(seed)
    for a in rng.uniform(0.01, 0.9, 10) * situation.stack:
        if (abs(kinks - a) < 2 * step).any():
            continue
        ahead = growth(a + step, situation, outcome) - growth(a, situation, outcome)
        behind = growth(a, situation, outcome) - growth(a - step, situation, outcome)
        left, right = growth_slope(float(a), situation, outcome)
        assert behind / step == pytest.approx(left, rel=1e-5, abs=1e-6 / situation.stack)
        assert ahead / step == pytest.approx(right, rel=1e-5, abs=1e-6 / situation.stack)


def tool_growth(x: float, p: list[float], q: float, n: int, c: float) -> float:
    """The earlier tool's growth function, as its manual wrote it."""
    total = q * math.log(1 - x)
    for s, p_s in enumerate(p):
        z = (1 + n + c / x) / (1 + s) - 1
        total += p_s * math.log(1 + z * x)
    return total


@pytest.mark.parametrize("n", [1, 2, 3, 5, 9])
def test_growth_reduces_to_the_earlier_tools_formula(n: int) -> None:
    rng = np.random.default_rng(n)
    for _ in range(30):
        probabilities = rng.dirichlet(np.ones(n + 2)).tolist()
        p, q = probabilities[:-1], probabilities[-1]
        c = float(rng.choice([0.0, rng.uniform(0, 0.05), rng.uniform(0, 3)]))
        stack = float(rng.uniform(1, 1e4))
        situation = BetSituation(stack, c * stack, 0, (Opp(),) * n, None)
        outcome = Outcome(p[0], tuple(p[1:]), q)
        for x in [1e-9, 1e-3, *rng.uniform(0, 1, 5), 0.999]:
            assert growth(x * stack, situation, outcome) == pytest.approx(
                tool_growth(x, p, q, n, c), rel=0, abs=1e-12)


# Heads-up, the optimum is x = p - q (1 + c) and the tool's x solves x^2 + (q - p + c) x = p c.
@pytest.mark.parametrize(
    ("p", "q", "c", "tool", "optimum"),
    [
        ([0.6, 0.0], 0.4, 0.1, 0.3, 0.16),
        ([0.55, 0.0], 0.45, 0.05, 0.192705, 0.0775),
        ([0.55, 0.0], 0.45, 0.1, 0.234521, 0.055),
        ([0.52, 0.0], 0.48, 0.02, 0.112470, 0.0304),
        ([0.65, 0.0], 0.35, 0.3, 0.441588, 0.195),
        ([0.6, 0.0], 0.4, 0.5, 0.417891, 0.0),  # checking is best; the tool bets 42%
        ([0.7, 0.05], 0.25, 0.2, 0.548993, 0.421053),
        ([0.45, 0.03, 0.01], 0.51, 0.15, 0.271232, 0.171606),
        ([0.35, 0.02, 0.01, 0.0], 0.62, 0.2, 0.209802, 0.114306),
        ([0.6, 0.0], 0.4, 0.0, 0.2, 0.2),  # an empty pot: z does not depend on x
    ],
)
def test_the_earlier_tool_over_bets_when_the_pot_is_not_empty(
    p: list[float], q: float, c: float, tool: float, optimum: float
) -> None:
    n = len(p) - 1
    stack = 1000.0
    situation = BetSituation(stack, c * stack, 0, (Opp(),) * n, None)
    outcome = Outcome(p[0], tuple(p[1:]), q)
    assert earlier_tool_fraction(p, q, n, c) == pytest.approx(tool, abs=1e-6)
    assert optimal_investment(situation, outcome) / stack == pytest.approx(optimum, abs=1e-6)
    if c > 0:
        assert tool > 1.2 * optimum
        assert growth(tool * stack, situation, outcome) < growth(optimum * stack, situation,
                                                                 outcome)


@pytest.mark.parametrize(
    ("p", "q", "expected"),
    [([0.3, 0.0], 0.7, 0.0), ([0.9, 0.1], 0.0, 0.999)],
    ids=["slope negative at both ends", "slope positive at both ends"],
)
def test_the_earlier_tool_stops_at_its_search_interval(
    p: list[float], q: float, expected: float
) -> None:
    assert earlier_tool_fraction(p, q, 1, 0.0) == expected


def decision(
    stack: float = 100.0,
    pot: float = 10.0,
    to_call: float = 0.0,
    opponents: tuple[Opp, ...] = (Opp(),),
    min_raise: float | None = 2.0,
) -> BetSituation:
    return BetSituation(stack, pot, to_call, opponents, min_raise)


HEADS_UP_60 = Outcome(0.6, (0.0,), 0.4)


def test_fold_when_calling_loses_growth() -> None:
    situation = decision(pot=30, to_call=10, min_raise=20)
    choice = choose_action(situation, Outcome(0.2, (0.0,), 0.8))
    assert list(choice.candidates) == ["fold", "call", "raise", "all-in"]
    assert choice.candidates["call"].growth < 0
    assert (choice.action, choice.amount, choice.growth) == ("fold", 0.0, 0.0)


def test_check_when_every_bet_loses_growth() -> None:
    choice = choose_action(decision(pot=0), Outcome(0.45, (0.0,), 0.55))
    assert list(choice.candidates) == ["check", "raise", "all-in"]
    assert choice.candidates["raise"].growth < 0
    assert (choice.action, choice.amount, choice.growth) == ("check", 0.0, 0.0)
    assert choice.kelly_fraction == 0.0


def test_check_keeps_the_pot_when_betting_grows_less() -> None:
    choice = choose_action(decision(pot=10), Outcome(0.45, (0.0,), 0.55))
    assert choice.action == "check"
    assert choice.growth == pytest.approx(0.45 * math.log(1.1), rel=1e-15)


def test_all_in_when_the_optimum_is_the_stack() -> None:
    choice = choose_action(decision(pot=30, to_call=10, min_raise=20), Outcome(0.9, (0.1,), 0.0))
    assert choice.kelly_fraction == 1.0
    assert (choice.action, choice.amount) == ("all-in", 100.0)


def test_a_call_beyond_the_stack_is_all_in_for_the_stack() -> None:
    situation = decision(stack=50, pot=120, to_call=80, min_raise=160)
    # the opponent's 30 chips above hero's 50 go back to a side pot hero cannot win
    assert final_pot(50.0, situation) == 140.0
    choice = choose_action(situation, Outcome(0.3, (0.7,), 0.0))
    assert list(choice.candidates) == ["fold", "all-in"]
    assert (choice.action, choice.amount) == ("all-in", 50.0)
    assert choice.growth == pytest.approx(0.3 * math.log(140 / 50) + 0.7 * math.log(70 / 50))
    # The stack is the whole bankroll: an all-in that can lose is ruin, so folding is best.
    risky = choose_action(situation, Outcome(0.9, (0.0,), 0.1))
    assert risky.candidates["all-in"].growth == -math.inf
    assert risky.action == "fold"


def test_a_short_opponent_caps_the_bet_at_their_stack() -> None:
    assert optimal_investment(decision(), HEADS_UP_60) == pytest.approx(16.0, abs=1e-10)
    situation = decision(opponents=(Opp(stack=10),))
    assert optimal_investment(situation, HEADS_UP_60) == 10.0
    assert growth(16.0, situation, HEADS_UP_60) == growth(10.0, situation, HEADS_UP_60)
    choice = choose_action(situation, HEADS_UP_60)
    # betting 10 and going all-in grow alike; the smaller bet risks no chip for nothing
    assert choice.candidates["all-in"].growth == choice.growth
    assert (choice.action, choice.amount) == ("raise", 10.0)


@pytest.mark.parametrize(
    ("owed", "optimum"),
    [(None, 22.5), (0.0, 10.0), (4.0, 6.0)],
    ids=["both unlimited", "one with 10 behind", "one with 10 behind owing 4"],
)
def test_a_side_pot_moves_the_optimum_to_the_all_in_point(
    owed: float | None, optimum: float
) -> None:
    short = Opp() if owed is None else Opp(stack=10, owed=owed)
    situation = decision(opponents=(Opp(), short))
    outcome = Outcome(0.5, (0.0, 0.0), 0.5)
    assert optimal_investment(situation, outcome) == pytest.approx(optimum, abs=1e-10)
    if owed is not None:  # at a kink: exactly, with left slope >= 0 >= right slope
        assert optimal_investment(situation, outcome) == optimum
        left, right = growth_slope(optimum, situation, outcome)
        assert left > 0 > right


def test_nothing_is_bet_for_nothing_when_every_opponent_is_all_in() -> None:
    situation = decision(pot=50, to_call=10, opponents=(Opp(stack=0),), min_raise=20)
    choice = choose_action(situation, HEADS_UP_60)
    growths = {action: c.growth for action, c in choice.candidates.items()}
    assert growths["call"] == growths["raise"] == growths["all-in"] > 0
    assert (choice.action, choice.amount) == ("call", 10.0)
    # Kelly would risk 4 if hero could put in less than the call
    assert choice.kelly_fraction == pytest.approx(0.04, abs=1e-12)


@pytest.mark.parametrize(
    "situation",
    [
        decision(),
        BetSituation(4970, 180, 30, (Opp(4940), Opp(800, 30), Opp(2000)), 90),
    ],
    ids=["heads-up, nothing to call", "three opponents, a call and side pots"],
)
def test_half_kelly_halves_an_interior_raise(situation: BetSituation) -> None:
    n = len(situation.opponents)
    outcome = HEADS_UP_60 if n == 1 else Outcome(0.3, (0.02, 0.01, 0.005), 0.665)
    full = choose_action(situation, outcome)
    half = choose_action(situation, outcome, kelly_scale=0.5)
    assert situation.min_raise is not None
    assert situation.min_raise < half.candidates["raise"].amount < situation.stack
    assert half.candidates["raise"].amount == pytest.approx(0.5 * full.candidates["raise"].amount)
    assert half.kelly_amount == pytest.approx(0.5 * full.kelly_amount)
    assert half.kelly_fraction == full.kelly_fraction
    assert half.candidates["raise"].growth == growth(
        half.candidates["raise"].amount, situation, outcome)
    assert (full.action, half.action) == ("raise", "raise")


def test_fractional_kelly_clamps_the_raise_to_the_smallest_legal_one() -> None:
    choice = choose_action(decision(min_raise=12), HEADS_UP_60, kelly_scale=0.5)
    assert choice.candidates["raise"].amount == 12.0


BAD_SITUATIONS = {
    "stack 0 leaves hero nothing to bet": lambda: decision(stack=0),
    "bankroll 50 is less than the stack 100": lambda: BetSituation(100, 10, 0, (Opp(),), 2, 50),
    "bankroll -5 is not a finite": lambda: BetSituation(100, 10, 0, (Opp(),), 2, -5),
    "stack -1 is not a finite non-negative number of chips$": lambda: decision(stack=-1),
    "stack nan is not a finite": lambda: decision(stack=math.nan),
    "stack inf is not a finite": lambda: decision(stack=math.inf),
    "stack '100' is not a number of chips": lambda: decision(stack="100"),  # type: ignore[arg-type]
    "pot -5 is not a finite": lambda: decision(pot=-5),
    "pot nan is not a finite": lambda: decision(pot=math.nan),
    "to_call -1 is not a finite": lambda: decision(to_call=-1),
    "to_call nan is not a finite": lambda: decision(to_call=math.nan),
    "opponent stack -1 is not a non-negative number of chips or inf$": lambda: Opp(stack=-1),
    "opponent stack nan is not": lambda: Opp(stack=math.nan),
    "opponent owed -2 is not a finite": lambda: Opp(owed=-2),
    "opponent owed inf is not a finite": lambda: Opp(owed=math.inf),
    r"opponents \(\) is not a non-empty list of Caller": lambda: decision(opponents=()),
    r"opponents \(3.0,\) is not": lambda: decision(opponents=(3.0,)),  # type: ignore[arg-type]
    "min_raise 5 is not above to_call 10": lambda: decision(pot=20, to_call=10, min_raise=5),
    "min_raise nan is not a finite": lambda: decision(min_raise=math.nan),
    r"pot 5.0 is less than the 16.0 chips the opponents have bet beyond hero's level \(to_call "
    r"10.0 minus what each still owes\)":
        lambda: decision(pot=5, to_call=10, opponents=(Opp(), Opp(owed=4)), min_raise=None),
}

BAD_OUTCOMES = {
    "win probability -0.1 is not a number from 0 to 1": lambda: Outcome(-0.1, (0.1,), 1.0),
    "win probability nan": lambda: Outcome(math.nan, (0.0,), 1.0),
    r"split\[1\] probability 1.5": lambda: Outcome(0.5, (0.0, 1.5), 0.0),
    "lose probability nan": lambda: Outcome(0.5, (0.0,), math.nan),
    r"probabilities sum to 0.9, not 1: win 0.5, split \(0.0,\), lose 0.4":
        lambda: Outcome(0.5, (0.0,), 0.4),
}

BAD_CALLS = {
    r"split \(0.0,\) has 1 entries, but there are 2 live opponents":
        lambda: growth(1.0, decision(opponents=(Opp(), Opp())), HEADS_UP_60),
    "investment -1.0 is not from 0 to hero's stack 100.0":
        lambda: growth(-1.0, decision(), HEADS_UP_60),
    "investment 101.0 is not": lambda: growth(np.array([1.0, 101.0]), decision(), HEADS_UP_60),
    "investment nan is not": lambda: final_pot(math.nan, decision()),
    "investment 100.5 is not": lambda: growth_slope(100.5, decision(), HEADS_UP_60),
    r"interval \[50.0, 10.0\] is empty":
        lambda: optimal_investment(decision(), HEADS_UP_60, lo=50.0, hi=10.0),
    "investment 200.0 is not": lambda: optimal_investment(decision(), HEADS_UP_60, hi=200.0),
    r"kelly_scale 0.0 is not a fraction of the Kelly bet in \(0, 1\]":
        lambda: choose_action(decision(), HEADS_UP_60, kelly_scale=0.0),
    "kelly_scale 1.5 is not": lambda: choose_action(decision(), HEADS_UP_60, kelly_scale=1.5),
    "kelly_scale nan is not":
        lambda: choose_action(decision(), HEADS_UP_60, kelly_scale=math.nan),
    r"p \[0.6, 0.0\] does not hold n \+ 1 probabilities for n 2":
        lambda: earlier_tool_fraction([0.6, 0.0], 0.4, 2, 0.1),
    "probabilities sum to 0.8999": lambda: earlier_tool_fraction([0.6, 0.0], 0.3, 1, 0.1),
    "c -0.1 is not a finite": lambda: earlier_tool_fraction([0.6, 0.0], 0.4, 1, -0.1),
}


@pytest.mark.parametrize(
    ("message", "make"), [*BAD_SITUATIONS.items(), *BAD_OUTCOMES.items(), *BAD_CALLS.items()]
)
def test_bad_input_is_rejected_with_its_value(message: str, make: Callable[[], object]) -> None:
    with pytest.raises(PokerInputError, match=message):
        make()


def test_a_bankroll_off_the_table_makes_a_good_all_in_call_worth_it() -> None:
    # Facing an all-in for the whole stack with 90% to win: with the stack as the whole
    # bankroll the call risks ruin (G = -inf); with a bankroll of ten stacks it grows it.
    outcome = Outcome(win=0.9, split=(0.0,), lose=0.1)
    table_only = BetSituation(100, 150, 100, (Opp(0),), None)
    assert choose_action(table_only, outcome).action == "fold"
    with_bankroll = BetSituation(100, 150, 100, (Opp(0),), None, bankroll=1000)
    choice = choose_action(with_bankroll, outcome)
    assert choice.action == "all-in" and choice.amount == 100
    expected = 0.9 * math.log((1000 - 100 + 250) / 1000) + 0.1 * math.log(900 / 1000)
    assert choice.growth == pytest.approx(expected, rel=1e-12)


def test_the_bankroll_defaults_to_the_stack() -> None:
    outcome = Outcome(win=0.55, split=(0.02,), lose=0.43)
    plain = BetSituation(200, 40, 10, (Opp(),), 20)
    explicit = BetSituation(200, 40, 10, (Opp(),), 20, bankroll=200)
    assert choose_action(plain, outcome) == choose_action(explicit, outcome)


def test_no_all_in_when_raising_is_closed() -> None:
    # A short all-in did not reopen the betting: hero may only call or fold.
    outcome = Outcome(win=0.95, split=(0.0,), lose=0.05)
    closed = choose_action(BetSituation(500, 300, 30, (Opp(),), None), outcome)
    assert set(closed.candidates) == {"fold", "call"}
    assert closed.action == "call"
