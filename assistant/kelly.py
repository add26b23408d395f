"""The Kelly criterion at one poker decision: log-growth of hero's stack and its maximum.

This module knows numbers, not cards or rules.  Hero has ``S = stack`` chips behind, the
pot holds ``P`` chips (every chip in the middle now) and calling costs ``C`` chips.  Each live
opponent ``j`` has ``r_j`` chips behind (``math.inf`` for unlimited) and still owes ``owed_j``
chips to match the current bet.  Hero invests ``a`` new chips, ``0 <= a <= S``, and every
opponent matches hero's level up to their stack, so side pots are honoured::

    Pot(a) = P + a + sum_j min(a - C + owed_j, r_j)

A negative term is opponent ``j``'s excess over hero's level: it sits in a side pot hero cannot
win.  Opponent ``j`` is all-in at ``a = C - owed_j + r_j``; beyond the largest of these points
(:attr:`BetSituation.max_matched`) hero's chips come back uncalled, so ``G(a)`` is
``G(min(a, max_matched))``.  With the equity engine's outcome probabilities (``win``: hero
alone best; ``split[s-1]``: hero ties with exactly ``s`` opponents; ``lose``) the expected
log-growth of hero's stack, in nats per decision, is::

    G(a) = win log((S - a + Pot(a)) / S)
           + sum_s split[s-1] log((S - a + Pot(a) / (s + 1)) / S)
           + lose log((S - a) / S)

Folding is ``G = 0``.  ``Pot`` is concave and piecewise linear (it bends where an opponent is
all-in), so ``G`` is concave up to ``max_matched`` and constant beyond.  (Not concave on the
whole of ``[0, S]``: when ``G`` falls towards ``max_matched`` the refund flattens it, a convex
kink.)  So ``G`` rises to its maximum and then never rises again, and its maximum on an
interval is found by bisection on its slope.  Conventions, chosen so that every case has one
answer:

* Slopes are one-sided derivatives per chip (:func:`growth_slope`).  Investments outside
  ``[0, S]`` count as impossible (``G = -inf``), so the left slope at 0 is ``+inf`` and the
  right slope at ``S`` is ``-inf``.  Then up to ``max_matched`` an investment is optimal on an
  interval exactly when its left slope is >= 0 >= its right slope, at a kink or an end as in
  the smooth interior.
* Where ``G`` is flat (chips that come back uncalled, or a tie that returns every extra chip)
  the optimum is the smallest maximiser: no chip is risked for nothing.
* ``G(S) = -inf`` when hero can lose, every chip is called and there is no bankroll beyond
  the stack: all is lost with positive probability.  Every other value is finite; NaN
  never occurs, because :class:`BetSituation` rejects a pot too small to hold the
  opponents' bets, which is the only way a log's argument could fail to be positive.
"""

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from numbers import Real
from types import MappingProxyType
from typing import Literal, overload

import numpy as np
from numpy.typing import NDArray

from assistant.errors import PokerInputError

FloatArray = NDArray[np.float64]
Move = Literal["fold", "check", "call", "raise", "all-in"]

PROBABILITY_TOLERANCE = 1e-9
"""How far the outcome probabilities may sum from 1."""
CHIP_TOLERANCE = 1e-9
"""Relative shortfall of the pot below the opponents' bets let pass as rounding."""
BISECTION_TOLERANCE = 1e-12
"""Width, relative to hero's stack, at which the bisection for the optimum stops."""
# On a tie in growth the smaller investment wins; an all-in and a raise of the whole stack
# are the same bet, named all-in.
_TIE_ORDER: Mapping[Move, int] = {"fold": 0, "check": 0, "call": 1, "all-in": 2, "raise": 3}


def _chips(name: str, value: object, *, unlimited: bool = False) -> float:
    """``value`` as a float, if it is a non-negative amount of chips (``inf`` if unlimited)."""
    if isinstance(value, bool) or not isinstance(value, Real):
        raise PokerInputError(f"{name} {value!r} is not a number of chips")
    chips = float(value)
    if math.isnan(chips) or chips < 0 or (chips == math.inf and not unlimited):
        kind = "a non-negative number of chips or inf" if unlimited else (
            "a finite non-negative number of chips")
        raise PokerInputError(f"{name} {value!r} is not {kind}")
    return chips


def _probability(name: str, value: object) -> float:
    """``value`` as a float, if it is a probability."""
    if isinstance(value, bool) or not isinstance(value, Real) or not 0 <= float(value) <= 1:
        raise PokerInputError(f"{name} probability {value!r} is not a number from 0 to 1")
    return float(value)


@dataclass(frozen=True)
class Caller:
    """A live opponent of this model, which calls every bet: chips behind (``math.inf``
    for unlimited) and chips still owed.

    ``owed`` is what they must still put in to match the current bet (0 when they have).
    """

    stack: float = math.inf
    owed: float = 0.0

    def __post_init__(self) -> None:
        object.__setattr__(self, "stack", _chips("opponent stack", self.stack, unlimited=True))
        object.__setattr__(self, "owed", _chips("opponent owed", self.owed))


@dataclass(frozen=True)
class BetSituation:
    """Hero's decision in chips: stack behind, pot, amount to call, opponents, smallest raise.

    ``min_raise`` is the smallest legal raise as hero's total new investment (above
    ``to_call``), or None when no raise is legal (nor an all-in, unless it is a call).
    ``to_call > stack`` is allowed: the call is all-in for the stack.  The pot must hold
    every opponent's bet beyond hero's level, ``sum_j max(to_call - owed_j, 0)`` chips.

    ``bankroll`` (at least the stack; None means the stack) is the wealth whose growth is
    measured: with money off the table, losing the stack is not ruin, so the logs of
    ``G`` take ``bankroll`` in place of ``S`` while investments stay within the stack.
    """

    stack: float
    pot: float
    to_call: float
    opponents: tuple[Caller, ...]
    min_raise: float | None
    bankroll: float | None = None

    def __post_init__(self) -> None:
        stack = _chips("stack", self.stack)
        if stack == 0:
            raise PokerInputError(f"stack {self.stack!r} leaves hero nothing to bet")
        object.__setattr__(self, "stack", stack)
        object.__setattr__(self, "pot", _chips("pot", self.pot))
        object.__setattr__(self, "to_call", _chips("to_call", self.to_call))
        opponents = tuple(self.opponents)
        if not opponents or not all(isinstance(o, Caller) for o in opponents):
            raise PokerInputError(
                f"opponents {self.opponents!r} is not a non-empty list of Caller"
            )
        object.__setattr__(self, "opponents", opponents)
        if self.min_raise is not None:
            min_raise = _chips("min_raise", self.min_raise)
            if min_raise <= self.to_call:
                raise PokerInputError(
                    f"min_raise {self.min_raise!r} is not above to_call {self.to_call!r}"
                )
            object.__setattr__(self, "min_raise", min_raise)
        if self.bankroll is not None:
            bankroll = _chips("bankroll", self.bankroll)
            if bankroll < stack:
                raise PokerInputError(
                    f"bankroll {self.bankroll!r} is less than the stack {self.stack!r}"
                )
            object.__setattr__(self, "bankroll", bankroll)
        excess = math.fsum(max(self.to_call - o.owed, 0.0) for o in opponents)
        if self.pot < excess * (1 - CHIP_TOLERANCE):
            raise PokerInputError(
                f"pot {self.pot!r} is less than the {excess!r} chips the opponents have bet "
                f"beyond hero's level (to_call {self.to_call!r} minus what each still owes)"
            )

    @property
    def wealth(self) -> float:
        """The wealth ``G`` measures the growth of: the bankroll, or else the stack."""
        return self.stack if self.bankroll is None else self.bankroll

    @property
    def all_in_points(self) -> tuple[float, ...]:
        """Hero's investments at which each opponent is all-in, ascending (may be inf)."""
        return tuple(sorted(self.to_call - o.owed + o.stack for o in self.opponents))

    @property
    def raise_interval(self) -> tuple[float, float] | None:
        """``(min_raise, stack)`` in chips when a raise short of all-in is legal, else None."""
        if self.min_raise is None or self.min_raise >= self.stack:
            return None
        return self.min_raise, self.stack

    @property
    def max_matched(self) -> float:
        """The largest investment an opponent can still match; chips beyond it come back."""
        return max(0.0, self.all_in_points[-1])


@dataclass(frozen=True)
class Outcome:
    """Probabilities of hero's showdown result: ``win`` alone, ``split``, ``lose``.

    ``split[s-1]`` is the probability that hero ties for best with exactly ``s``
    opponents, so it has one entry per live opponent.  They sum to 1.
    """

    win: float
    split: tuple[float, ...]
    lose: float

    def __post_init__(self) -> None:
        object.__setattr__(self, "win", _probability("win", self.win))
        object.__setattr__(self, "lose", _probability("lose", self.lose))
        split = tuple(
            _probability(f"split[{index}]", p) for index, p in enumerate(self.split)
        )
        object.__setattr__(self, "split", split)
        total = math.fsum((self.win, *split, self.lose))
        if abs(total - 1) > PROBABILITY_TOLERANCE:
            raise PokerInputError(
                f"probabilities sum to {total!r}, not 1: win {self.win!r}, "
                f"split {split!r}, lose {self.lose!r}"
            )

    @property
    def shares(self) -> tuple[tuple[int, float], ...]:
        """``(k, p)`` pairs: with probability ``p`` hero takes ``1/k`` of the pot (k >= 1)."""
        return ((1, self.win), *((s + 1, p) for s, p in enumerate(self.split, start=1)))


def _check_pair(situation: BetSituation, outcome: Outcome) -> None:
    """Raise :class:`PokerInputError` unless ``outcome`` fits ``situation``'s opponents."""
    if len(outcome.split) != len(situation.opponents):
        raise PokerInputError(
            f"split {outcome.split!r} has {len(outcome.split)} entries, but there are "
            f"{len(situation.opponents)} live opponents: one entry per opponent count"
        )


def _amounts(amount: float | FloatArray, situation: BetSituation) -> FloatArray:
    """``amount`` as a float64 array, if every entry is an investment from 0 to the stack."""
    amounts = np.asarray(amount, dtype=np.float64)
    outside = ~((amounts >= 0) & (amounts <= situation.stack))
    if outside.any():
        bad = float(amounts[outside].flat[0])
        raise PokerInputError(
            f"investment {bad!r} is not from 0 to hero's stack {situation.stack!r}"
        )
    return amounts


@overload
def _like(amount: float, result: FloatArray) -> float: ...
@overload
def _like(amount: FloatArray, result: FloatArray) -> FloatArray: ...
def _like(amount: float | FloatArray, result: FloatArray) -> float | FloatArray:
    """``result`` as a float when ``amount`` was a scalar, else as the array."""
    return float(result) if np.ndim(amount) == 0 else result


def _pot(invested: FloatArray, situation: BetSituation) -> FloatArray:
    """``Pot(a)`` of the model for investments ``invested`` (unchecked), in chips."""
    owed = np.array([o.owed for o in situation.opponents])
    behind = np.array([o.stack for o in situation.opponents])
    matched = np.minimum(invested[..., None] - situation.to_call + owed, behind)
    return situation.pot + invested + matched.sum(axis=-1)


@overload
def final_pot(amount: float, situation: BetSituation) -> float: ...
@overload
def final_pot(amount: FloatArray, situation: BetSituation) -> FloatArray: ...
def final_pot(amount: float | FloatArray, situation: BetSituation) -> float | FloatArray:
    """The chips hero can win after investing ``amount``, uncalled chips returned.

    ``amount`` is a float or a float64 array of any shape; the result has its shape.
    Heads-up, with 10 in the pot and an opponent who has 30 behind, a bet of 20 is called
    and a bet of 50 is called for 30 (20 comes back):

    >>> situation = BetSituation(stack=100, pot=10, to_call=0,
    ...                          opponents=(Caller(stack=30),), min_raise=1)
    >>> final_pot(20.0, situation), final_pot(50.0, situation)
    (50.0, 70.0)
    """
    invested = np.minimum(_amounts(amount, situation), situation.max_matched)
    return _like(amount, _pot(invested, situation))


def _growth(amounts: FloatArray, situation: BetSituation, outcome: Outcome) -> FloatArray:
    """``G`` at investments ``amounts`` (unchecked), in nats."""
    invested = np.minimum(amounts, situation.max_matched)
    pot = _pot(invested, situation)
    wealth = situation.wealth
    total = np.zeros_like(invested)
    for k, p in outcome.shares:
        if p:
            # log1p keeps G exact near a = 0, where the argument is close to 1
            total += p * np.log1p((pot / k - invested) / wealth)
    if outcome.lose:
        with np.errstate(divide="ignore"):  # log(0) = -inf is the ruin of an all-in
            total += outcome.lose * np.log1p(-invested / wealth)
    return total


@overload
def growth(amount: float, situation: BetSituation, outcome: Outcome) -> float: ...
@overload
def growth(amount: FloatArray, situation: BetSituation, outcome: Outcome) -> FloatArray: ...
def growth(
    amount: float | FloatArray, situation: BetSituation, outcome: Outcome
) -> float | FloatArray:
    """Expected log-growth ``G`` of hero's stack after investing ``amount`` chips, in nats.

    ``amount`` is a float or a float64 array of any shape (the curve); the result has its
    shape.  ``-inf`` at the whole stack when hero can lose it; never NaN.  Heads-up with
    60% to win a pot of 10, betting 16 of a stack of 100:

    >>> situation = BetSituation(stack=100, pot=10, to_call=0,
    ...                          opponents=(Caller(),), min_raise=1)
    >>> outcome = Outcome(win=0.6, split=(0.0,), lose=0.4)
    >>> round(growth(16.0, situation, outcome), 6), growth(100.0, situation, outcome)
    (0.068926, -inf)
    """
    _check_pair(situation, outcome)
    return _like(amount, _growth(_amounts(amount, situation), situation, outcome))


def _pot_slope(points: tuple[float, ...], a: float, *, left: bool) -> int:
    """Chips the pot gains per chip hero adds just left (or right) of ``a``: hero's own
    and one from each opponent whose all-in point (in ``points``) lies beyond."""
    return 1 + sum(k >= a if left else k > a for k in points)


def _slope(behind: float, pot: float, pot_slope: int, outcome: Outcome) -> float:
    """``dG/da`` per chip where hero keeps ``behind``, the pot is ``pot`` and grows by
    ``pot_slope`` chips per chip hero adds (1 + the opponents still matching)."""
    slope = 0.0
    for k, p in outcome.shares:
        if p:
            slope += p * (pot_slope / k - 1.0) / (behind + pot / k)
    if outcome.lose:
        slope -= outcome.lose / behind if behind > 0 else math.inf
    return slope


def growth_slope(
    amount: float, situation: BetSituation, outcome: Outcome
) -> tuple[float, float]:
    """The left and right derivatives of ``G`` at ``amount``, in nats per chip.

    They differ where an opponent goes all-in.  The left slope at 0 is ``+inf`` and the
    right slope at the stack ``-inf`` (no investment lies beyond), so up to
    :attr:`BetSituation.max_matched` ``amount`` is optimal exactly when left >= 0 >= right.
    Chips beyond it come back, so slopes there are 0.  Heads-up with 60% to win a pot of
    10, a stack of 100 and an opponent with 30 behind, who is all-in at 30:

    >>> situation = BetSituation(stack=100, pot=10, to_call=0,
    ...                          opponents=(Caller(stack=30),), min_raise=1)
    >>> outcome = Outcome(win=0.6, split=(0.0,), lose=0.4)
    >>> [round(slope, 6) for slope in growth_slope(0.0, situation, outcome)]
    [inf, 0.001455]
    >>> [round(slope, 6) for slope in growth_slope(30.0, situation, outcome)]
    [-0.001429, 0.0]
    """
    _check_pair(situation, outcome)
    a = float(_amounts(amount, situation))
    stack, wealth, cap = situation.stack, situation.wealth, situation.max_matched
    pot = float(_pot(np.asarray(min(a, cap)), situation))
    points = situation.all_in_points
    if a == 0:
        left = math.inf
    elif a > cap:
        left = 0.0
    else:
        left = _slope(wealth - a, pot, _pot_slope(points, a, left=True), outcome)
    if a == stack:
        right = -math.inf
    elif a >= cap:
        right = 0.0
    else:
        right = _slope(wealth - a, pot, _pot_slope(points, a, left=False), outcome)
    return left, right


def _argmax(situation: BetSituation, outcome: Outcome, lo: float, hi: float) -> float:
    """The smallest maximiser of ``G`` on ``[lo, hi]`` (unchecked), in chips.

    The first kink or end whose right slope is <= 0 bounds the optimum; if its left slope
    is >= 0 the optimum is that point, exactly; otherwise it lies inside the smooth piece
    before, where the pot grows linearly and the slope is found by bisection.
    """
    # G is flat beyond max_matched, so its smallest maximiser is not above it.
    hi = min(hi, max(situation.max_matched, lo))
    if hi == lo:
        return lo
    kinks = situation.all_in_points
    ends = [lo, *(k for k in kinks if lo < k < hi), hi]
    pots = _pot(np.array(ends), situation).tolist()
    stack, wealth = situation.stack, situation.wealth
    for i, end in enumerate(ends):
        if end == hi:
            break  # the right slope at the upper end counts as -inf
        right = _slope(wealth - end, pots[i], _pot_slope(kinks, end, left=False), outcome)
        if right <= 0:
            break
    if i == 0:
        return lo
    if _slope(wealth - end, pots[i], _pot_slope(kinks, end, left=True), outcome) >= 0:
        return end
    start, pot_start = ends[i - 1], pots[i - 1]
    pot_slope = _pot_slope(kinks, start, left=False)
    below, above = start, end
    while above - below > BISECTION_TOLERANCE * stack:
        middle = 0.5 * (below + above)
        pot = pot_start + pot_slope * (middle - start)
        if _slope(wealth - middle, pot, pot_slope, outcome) > 0:
            below = middle
        else:
            above = middle
    return 0.5 * (below + above)


def optimal_investment(
    situation: BetSituation, outcome: Outcome, lo: float = 0.0, hi: float | None = None
) -> float:
    """The investment in ``[lo, hi]`` (chips; ``hi`` defaults to the stack) maximising ``G``.

    Ends and kinks are returned exactly; an interior optimum to within
    ``BISECTION_TOLERANCE`` of the stack.  If several investments tie, the smallest.
    Heads-up with 60% to win a pot of 10, Kelly bets 16 of a stack of 100:

    >>> situation = BetSituation(stack=100, pot=10, to_call=0,
    ...                          opponents=(Caller(),), min_raise=1)
    >>> outcome = Outcome(win=0.6, split=(0.0,), lose=0.4)
    >>> round(optimal_investment(situation, outcome), 9)
    16.0
    >>> optimal_investment(situation, outcome, lo=20.0)
    20.0
    """
    _check_pair(situation, outcome)
    low = float(_amounts(lo, situation))
    high = situation.stack if hi is None else float(_amounts(hi, situation))
    if low > high:
        raise PokerInputError(f"interval [{lo!r}, {hi!r}] is empty")
    return _argmax(situation, outcome, low, high)


@dataclass(frozen=True)
class Candidate:
    """A legal action, hero's total new investment for it (chips) and its growth (nats)."""

    action: Move
    amount: float
    growth: float


@dataclass(frozen=True)
class KellyChoice:
    """The Kelly bet and the legal action with the highest growth.

    ``kelly_fraction`` is the investment maximising ``G`` as a fraction of the stack,
    whether legal or not; ``kelly_amount`` is ``kelly_scale * kelly_fraction * stack``
    chips.  ``candidates`` maps each legal action to its :class:`Candidate`, in the order
    fold or check, call, raise, all-in.  ``action`` is the candidate with the highest
    growth (on a tie, the smaller investment).
    """

    kelly_fraction: float
    kelly_amount: float
    candidates: Mapping[Move, Candidate]
    action: Move

    @property
    def amount(self) -> float:
        """Hero's total new investment for the chosen action, in chips (0 to fold or check)."""
        return self.candidates[self.action].amount

    @property
    def growth(self) -> float:
        """The growth of the chosen action, in nats."""
        return self.candidates[self.action].growth


def _check_kelly_scale(kelly_scale: float) -> float:
    """``kelly_scale`` as a float, if it is a fraction of the Kelly bet in (0, 1]."""
    if isinstance(kelly_scale, bool) or not isinstance(kelly_scale, Real) or not (
        0 < float(kelly_scale) <= 1
    ):
        raise PokerInputError(
            f"kelly_scale {kelly_scale!r} is not a fraction of the Kelly bet in (0, 1]"
        )
    return float(kelly_scale)


def choose_action(
    situation: BetSituation, outcome: Outcome, kelly_scale: float = 1.0
) -> KellyChoice:
    """The Kelly bet and the legal action that best grows hero's stack.

    The candidates are ``fold`` (``G = 0``, when there is a bet to call), ``check`` (when
    there is none), ``call`` (``to_call``, when it leaves chips behind; otherwise the call
    is the ``all-in``), ``raise`` (when a raise below the stack is legal) and ``all-in``.
    The raise is ``kelly_scale`` (in (0, 1]; 0.5 is half Kelly) times the full Kelly
    investment, clamped to ``[min_raise, stack]``: at full Kelly, the best raise, as ``G``
    never rises after its peak.  Every candidate is judged by its full-Kelly growth, so a fractional
    ``kelly_scale`` shrinks raises only; it never turns a call into a fold.

    A sounder rule, not built here: judge every candidate by expected utility with
    constant relative risk aversion ``1 / kelly_scale`` (``W**(1 - gamma)``), the risk
    preference that fractional Kelly approximates.  It sizes and chooses by one measure
    and is ``G`` at full Kelly.  For example, calling 30 of a stack of 100 into a pot of 60
    with even chances grows the stack (G = +0.057), so the rule above calls at any scale,
    while at half Kelly (gamma = 2) that call is worth less than folding.

    >>> situation = BetSituation(stack=100, pot=10, to_call=0,
    ...                          opponents=(Caller(),), min_raise=2)
    >>> choice = choose_action(situation, Outcome(win=0.6, split=(0.0,), lose=0.4), 0.5)
    >>> choice.action, round(choice.amount, 9), round(choice.kelly_amount, 9)
    ('raise', 8.0, 8.0)
    """
    _check_pair(situation, outcome)
    scale = _check_kelly_scale(kelly_scale)
    stack, to_call, raises = situation.stack, situation.to_call, situation.raise_interval
    best = _argmax(situation, outcome, 0.0, stack)
    amounts: dict[Move, float] = {"fold": 0.0} if to_call > 0 else {"check": 0.0}
    if 0 < to_call < stack:
        amounts["call"] = to_call
    if raises is not None:
        amounts["raise"] = min(max(scale * best, raises[0]), raises[1])
    if situation.min_raise is not None or to_call >= stack:
        amounts["all-in"] = stack
    growths = _growth(np.array(list(amounts.values())), situation, outcome).tolist()
    candidates = {
        action: Candidate(action, amount, 0.0 if action == "fold" else g)
        for (action, amount), g in zip(amounts.items(), growths, strict=True)
    }
    chosen = max(
        candidates.values(), key=lambda c: (c.growth, -c.amount, -_TIE_ORDER[c.action])
    )
    return KellyChoice(
        kelly_fraction=best / stack,
        kelly_amount=scale * best,
        candidates=MappingProxyType(candidates),
        action=chosen.action,
    )


def earlier_tool_fraction(p: Sequence[float], q: float, n: int, c: float) -> float:
    """The fraction of the bankroll the earlier Kelly tool bet; kept to compare with.

    ``p[s]`` is the probability of tying for best with exactly ``s`` of ``n`` opponents
    (``p[0]`` an outright win), ``q`` of losing, ``c`` the pot as a fraction of the
    bankroll.  The tool's growth ``sum_s p[s] log(1 + z_s x) + q log(1 - x)`` with
    ``z_s = (1 + n + c/x) / (1 + s) - 1`` is exactly :func:`growth` with nothing to call and
    unlimited opponents, but it differentiated as if ``z_s`` did not depend on ``x``, and
    bisected that slope on ``[0.001, 0.999]``: 0 if negative at both ends, 0.999 if
    positive at both.  The ``c/x`` term makes it over-bet whenever the pot is not empty:

    >>> round(earlier_tool_fraction([0.6, 0.0], 0.4, n=1, c=0.1), 9)  # the optimum is 0.16
    0.3
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1 or len(p) != n + 1:
        raise PokerInputError(f"p {p!r} does not hold n + 1 probabilities for n {n!r}")
    outcome = Outcome(win=p[0], split=tuple(p[1:]), lose=q)
    pot = _chips("c", c)

    def tool_slope(x: float) -> float:
        slope = -outcome.lose / (1 - x)
        for s, p_s in enumerate((outcome.win, *outcome.split)):
            z = (1 + n + pot / x) / (1 + s) - 1
            slope += p_s * z / (1 + z * x)
        return slope

    lo, hi = 0.001, 0.999
    rising_at_lo = tool_slope(lo) > 0
    if not rising_at_lo and tool_slope(hi) < 0:
        return 0.0
    if rising_at_lo and tool_slope(hi) > 0:
        return hi
    while hi - lo > BISECTION_TOLERANCE:
        middle = 0.5 * (lo + hi)
        if (tool_slope(middle) > 0) == rising_at_lo:
            lo = middle
        else:
            hi = middle
    return 0.5 * (lo + hi)
