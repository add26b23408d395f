"""Kelly growth with the opponents' answers: the expected log of hero's wealth after each
candidate action, when every live opponent answers from its range and profile.

Notation: hero's wealth now is ``W`` (the bankroll at the start of the hand less the
chips hero has put in so far; those chips are in the pot and can be won back), the pot
is ``P``, and an action adds ``x`` chips.  For one opponent the candidate answers are
fold, call and raise, with per-combo probabilities from
:func:`assistant.opponents.policy.answer_bet`; the calling and raising parts of its range
are its weights times those probabilities.

* **Fold**: ``G = log W``.
* **Bet, raise or call**: the opponents who must put in chips answer in turn, each
  independently of the others' answers but for the callers before it (which lower its
  continue logit).  Enumerating who calls and who folds (every pattern at least
  :data:`PATTERN_FLOOR` likely, so that at a full ring each player behind answers)::

      G = p(all fold) log(W + P)
          + sum over caller sets S  p(S) E[log W_out | showdown vs the calling ranges of S]
          + sum_j p(j raises first) max(log(W - x), E[log W_out | call vs j's raising range])

  The raise is taken as a pot-sized raise, or an all-in when that commits 40 % of the
  raiser's chips, and hero's only replies are fold and call (no re-raise).  Before the
  flop a player yet to act answers from its position's priors
  (:func:`assistant.opponents.priors.cold_continue`), and one who 3-bet answers hero's
  4-bet with its value part (:func:`assistant.opponents.priors.reraised_continue`).
* **Check**: the opponents behind hero may bet 2/3 of the pot with their betting range
  (:func:`assistant.opponents.policy.bet_probability`), the first to bet ending the
  round; hero then folds, calls or raises, whichever grows more.  A raise is valued as
  any raise is (:func:`put_in` on the spot the bet leaves, the sizes
  of :func:`raise_totals`): the bettor answers with its betting range, its calls solved
  on the range it bet from, and the players behind who checked with their checking
  ranges.  If all check, the hand goes to showdown against the checking ranges.

**Later streets** (the documented rule): after the action and its answers the rest of the
hand is checked down, and hero's share of the pot is discounted by an equity-realisation
factor when chips remain behind and the board is not complete: :data:`REALISE_IN_POSITION`
in position and :data:`REALISE_OUT_OF_POSITION` out of it (the design's stand-in for a
street-by-street recursion; a player out of position realises less of its equity).
Side pots are simplified to one pot: hero's chips beyond what the largest caller can
match come back, and each caller adds what it can.

The showdown against several ranges uses :class:`assistant.showdown.Showdown`: exact
heads-up after the flop, opponents independent given the board multiway, sampled boards
preflop.  The size is searched over the sizes strong players use (:func:`raise_totals`), then
refined between the neighbours of the best of them: growth with answers is not concave in
the size, so no single root is assumed.

**Kelly scale** ``k``: fractional Kelly bets ``k`` times the Kelly bet, which is the Kelly
bet of a bankroll ``k W``.  The choice and every growth reported use wealth ``k W``.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from types import ModuleType
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from assistant.betting import min_raise_chips
from assistant.opponents import policy
from assistant.opponents.priors import cold_continue, four_bet_share, reraised_continue
from assistant.opponents.profile import Profile, logit

if TYPE_CHECKING:  # numba: off the window's imports
    from assistant.showdown import Showdown

REALISE_IN_POSITION = 1.0
REALISE_OUT_OF_POSITION = 0.8
"""Shares of hero's winning chances realised before the river with chips behind (gk)."""
OPEN_SIZES_BB = (2.0, 2.25, 2.5, 3.0, 3.5)
"""Preflop opening sizes tried, in big blinds (plus one per limper)."""
RERAISE_FACTORS = (2.2, 2.5, 3.0, 3.5, 4.0)
"""Preflop re-raise sizes tried, as multiples of the bet faced."""
BET_FRACTIONS = (0.33, 0.5, 0.75, 1.0, 1.5)
"""Postflop bet sizes tried, as shares of the pot."""
RAISE_FRACTIONS = (0.5, 0.75, 1.0)
"""Postflop raise sizes tried: raise by this share of the pot after calling."""
JAM_POTS = 2.0
"""All-in is tried when it raises by at most this many pots (after calling)."""
SHORT_STACK_BB = 25
"""Preflop, all-in is always tried at or below this many big blinds."""
CHECKED_BET = 0.66
"""The bet, as a share of the pot, an opponent makes when hero checks to it."""
JAM_SHARE = 0.4
"""A pot-sized raise that commits this share of a player's chips is an all-in."""
PATTERN_FLOOR = 1e-4
"""Call-or-fold patterns of the opponents less likely than this are left out (at a full
table most of the 2^n patterns have several callers and are very unlikely); the chance
left out is counted as a loss of hero's chips put in."""
REFINE_STEPS = 6
INDIFFERENCE_POT = 0.01
"""A gain worth less than this share of the pot is within the model's error: the advice
then takes the action that risks fewer chips (a bluff that gains a thousandth of the pot
is not advised)."""


@dataclass(frozen=True)
class Opponent:
    """A live opponent as the advice sees it: a range and a profile, answering each bet
    (the one opponent concept; :class:`assistant.door.Villain` describes one in numbers).

    ``weights`` is its range (card-removed against hero's cards and the board),
    ``strength`` each combo's strength as its holder sees it, ``stack`` its chips
    behind, ``bet`` its chips in this street, ``acts_after`` whether it acts after hero
    on this street, and ``cold`` its preflop position, the table size and hero's
    position when hero's raise would be the open (else ``None``), while it has not yet
    acted voluntarily preflop (its answers then come from the position priors).
    ``raised`` names its last preflop action when that was a raise (``open``, ``3bet``
    or ``4bet``): its answer to hero's re-raise then follows the range that raise
    stands for (:func:`assistant.opponents.priors.reraised_continue`).
    ``reference`` is the range its calls are solved on
    (:func:`assistant.opponents.policy.answer_bet`): the range it saw the flop with,
    card-removed like ``weights`` (``None``: ``weights``).
    """

    seat: int
    weights: np.ndarray
    strength: np.ndarray
    profile: Profile
    stack: int
    bet: int
    acts_after: bool
    cold: tuple[int, int, int | None] | None = None
    reference: np.ndarray | None = None
    raised: str | None = None


@dataclass(frozen=True)
class Spot:
    """Hero's decision in plain numbers: wealth ``W`` (already times the Kelly scale),
    pot, hero's chips behind and bet this street, the bet to match, the legal raise
    interval as street totals (``None`` when hero may not raise), the big blind, whether
    it is preflop, whether the board is complete, whether hero is last to act after the
    flop, and whether nobody has yet put chips in voluntarily (``first_in``: only the
    forced bets are in, preflop)."""

    wealth: float
    pot: int
    stack: int
    bet: int
    current_bet: int
    min_raise_to: int | None
    max_raise_to: int | None
    big_blind: int
    preflop: bool
    river: bool
    in_position: bool
    rivals: tuple[Opponent, ...]
    showdown: Showdown
    first_in: bool = False

    @property
    def to_call(self) -> int:
        """Chips hero needs to call (capped at the stack)."""
        return min(self.current_bet - self.bet, self.stack)


@dataclass(frozen=True)
class Answer:
    """One opponent's answer to an action, as range-level shares."""

    seat: int
    fold: float
    call: float
    raise_: float


@dataclass(frozen=True)
class Evaluated:
    """An action's growth: ``kind`` is fold, check, call, bet, raise or all-in, ``total``
    hero's street total after it, ``chips`` the chips it adds, ``growth`` E[log(W_out/W)]
    in nats, ``all_fold`` the chance every opponent folds, and the answers."""

    kind: str
    total: int
    chips: int
    growth: float
    all_fold: float
    answers: tuple[Answer, ...]


class _Columns:
    """Range columns and their outcomes against hero.

    One column alone is answered exactly from the showdown's totals; several at once
    need the product per runout, so their sums per runout
    (:meth:`assistant.showdown.Showdown.runout_sums`) are worked out once, for all the
    shared columns, the first time they are asked for.
    """

    def __init__(self, showdown: Showdown) -> None:
        self.showdown = showdown
        self.columns: list[np.ndarray] = []
        self.shared: list[int] = []
        self._positions = np.zeros(0, dtype=np.int64)
        self._sums: np.ndarray | None = None

    def add(self, weights: np.ndarray, shared: bool = False) -> int:
        """A column; ``shared`` marks one that may meet others in a multiway showdown."""
        self.columns.append(weights)
        if shared:
            self.shared.append(len(self.columns) - 1)
        return len(self.columns) - 1

    def outcome(self, index: Sequence[int]) -> tuple[float, float]:
        """(win, tie) against the ranges of the given columns."""
        if len(index) == 1:
            return self.showdown.outcome(self.columns[index[0]])
        return self.showdown.outcome_of_products(
            self.sums_of(np.array([index], dtype=np.int64))[0])

    def sums_of(self, members: np.ndarray) -> np.ndarray:
        """For each row of shared columns (int64, in order, -1 for none; at least two in a
        row), their runouts' products of the live, beaten and beaten-or-tied weights
        summed over the runouts: float64 ``(rows, 3, 1)``, each what
        :meth:`assistant.showdown.Showdown.outcome_of_products` takes
        (:func:`assistant.growth_kernels.pattern_sums`)."""
        from assistant.growth_kernels import pattern_sums  # numba: off the window's imports

        if self._sums is None:
            self._positions = np.full(len(self.columns), -1, dtype=np.int64)
            self._positions[self.shared] = np.arange(len(self.shared))
            self._sums = self.showdown.runout_sums(
                np.stack([self.columns[c] for c in self.shared]))
        return pattern_sums(self._sums, np.where(members >= 0, self._positions[members], -1))


def _log_outcome(spot: Spot, win: float, tie: float, invested: float, pot: float,
                 realise: bool) -> float:
    """E[log W_out] of a showdown for ``pot`` after hero invested ``invested`` more
    (:func:`assistant.growth_kernels.log_outcome`)."""
    return _kernels().log_outcome(float(spot.wealth), _realised(spot) if realise else 1.0,
                                  win, tie, invested, pot)


@functools.cache
def _kernels() -> ModuleType:
    """:mod:`assistant.growth_kernels`, imported on first use (numba: off the window's
    imports); kept, as an import statement in a function called per showdown cost twice
    the kernel's 0.3 µs."""
    from assistant import growth_kernels

    return growth_kernels


def _realised(spot: Spot) -> float:
    """The share of hero's winning chances realised with chips behind (1 on the river)."""
    if spot.river:
        return 1.0
    return REALISE_IN_POSITION if spot.in_position else REALISE_OUT_OF_POSITION


def _dead_money(spot: Spot) -> int:
    """The chips in the pot before the flop that no live raise put in: the blinds, antes
    and limps, and what folded players left.  A live player with more than the big blind
    in has raised, or called a raise: its chips are not dead."""
    return spot.pot - sum(bet for bet in (*(r.bet for r in spot.rivals), spot.bet)
                          if bet > spot.big_blind)


def _answers(spot: Spot, rival: Opponent, levels: np.ndarray, chips: np.ndarray,
             callers: np.ndarray) -> policy.Answers:
    """Per-combo answers of ``rival`` to hero's street totals ``levels``."""
    facing = np.minimum(levels - rival.bet, rival.stack).astype(np.float64)
    ratio = facing / np.maximum(spot.pot + chips - facing, 1.0)
    if rival.cold is not None:
        position, players, opener = rival.cold
        dead = _dead_money(spot) / spot.big_blind
        shares = [cold_continue(rival.profile, position, players, level / spot.big_blind,
                                opener, dead) for level in levels]
        continuing = np.array([c for c, _ in shares])
        raising = np.array([r for _, r in shares])
    else:
        base = reraised_continue(rival.profile, rival.raised) if spot.preflop else None
        continuing = policy.continue_share(rival.profile, ratio, callers,
                                           None if base is None else logit(base))
        share = four_bet_share(rival.profile) if spot.preflop else (
            rival.profile.raise_share_postflop)
        raising = share * continuing
    # A player who cannot raise (all-in to call, or hero all-in) calls with those hands.
    cannot = (rival.stack <= facing) | (levels >= spot.bet + spot.stack)
    raising = np.where(cannot, 0.0, raising)
    return policy.answer_bet(rival.weights, rival.strength, rival.profile, continuing,
                             raising, ratio, spot.preflop, rival.reference)


def _reraised(spot: Spot, rival: Opponent, level: int, chips: int, columns: _Columns,
              column: int) -> float:
    """E[log W_out] when ``rival`` re-raises hero's ``level``: hero folds or calls."""
    facing = min(level - rival.bet, rival.stack)
    raise_to = level + spot.pot + chips + facing
    cap = rival.bet + rival.stack
    if raise_to >= cap or (raise_to - rival.bet) >= JAM_SHARE * rival.stack:
        raise_to = cap
    theirs = min(raise_to - rival.bet, rival.stack)
    hero_total = min(chips + min(raise_to - level, spot.stack - chips),
                     rival.bet + theirs - spot.bet)
    fold = math.log(spot.wealth - chips) if spot.wealth > chips else -math.inf
    win, tie = columns.outcome([column])
    behind = spot.stack - hero_total > 0 and rival.stack - theirs > 0
    called = _log_outcome(spot, win, tie, hero_total, spot.pot + hero_total + theirs, behind)
    return max(fold, called)


def put_in(spot: Spot, levels: Sequence[int]) -> list[Evaluated]:
    """Growth of putting hero's street total at each of ``levels`` (a call or raises)."""
    from assistant.growth_kernels import (  # numba: off the window's imports
        caller_patterns,
        level_values,
        pattern_stakes,
    )

    levels_a = np.asarray(levels, dtype=np.int64)
    chips = np.minimum(levels_a - spot.bet, spot.stack)
    lowest = int(levels_a.min())
    answering = [r for r in spot.rivals if r.stack > 0 and r.bet < lowest]
    stayers = [r for r in spot.rivals if r.stack == 0 or r.bet >= lowest]
    columns = _Columns(spot.showdown)
    stay = [columns.add(r.weights, shared=True) for r in stayers]
    parts = []
    callers_before = np.zeros(levels_a.size)
    for rival in answering:
        answers = _answers(spot, rival, levels_a, chips, callers_before)
        share = rival.weights / rival.weights.sum()
        fold, call, raise_ = answers.fold @ share, answers.call @ share, answers.raise_ @ share
        calling, raising = rival.weights * answers.call, rival.weights * answers.raise_
        calls = [columns.add(row, shared=True) for row in calling]
        raises = [columns.add(row) for row in raising]
        parts.append((rival, fold.tolist(), call.tolist(), raise_.tolist(), calls, raises))
        callers_before = callers_before + call
    shape = (len(parts), levels_a.size)
    starts, called, chance_a = caller_patterns(
        np.array([part[1] for part in parts], dtype=np.float64).reshape(shape),
        np.array([part[2] for part in parts], dtype=np.float64).reshape(shape), PATTERN_FLOOR)
    stakes = pattern_stakes(
        levels_a, starts, called, np.array([r.bet for r in answering], dtype=np.int64),
        np.array([r.stack for r in answering], dtype=np.int64),
        np.array([r.bet for r in stayers], dtype=np.int64),
        np.array([r.stack for r in stayers], dtype=np.int64), spot.bet, spot.stack, spot.pot)
    callers = stakes[3].tolist()
    sums: Iterator[np.ndarray] = iter(())
    if len(stay) + max(callers, default=0) > 1:  # showdowns of several ranges: the
        several = stakes[3] + len(stay) > 1  # stayers', then the callers' in turn
        level_of = np.repeat(np.arange(levels_a.size), np.diff(starts))[several]
        call_columns = np.array([part[4] for part in parts], dtype=np.int64).reshape(shape)
        members = np.where(called[several], call_columns.T[level_of], -1)
        sums = iter(columns.sums_of(np.hstack([
            np.tile(np.array(stay, dtype=np.int64), (members.shape[0], 1)), members])))
    rule = spot.showdown.outcome_of_products
    outcomes: list[tuple[float, float]] = []  # each pattern's (win, tie), in order
    bounds = starts.tolist()
    for i in range(levels_a.size):
        for k in range(bounds[i], bounds[i + 1]):
            players = callers[k] + len(stay)
            if players > 1:
                outcomes.append(rule(next(sums)))
            elif players == 1:  # the one stayer, or the one caller
                outcomes.append(columns.outcome(
                    [stay[0] if stay else parts[called[k].argmax()][4][i]]))
            else:  # everyone folded
                outcomes.append((0.0, 0.0))
    before = np.empty((2, levels_a.size))  # the re-raised part, and no raise
    for i, level in enumerate(levels_a.tolist()):
        value = 0.0
        no_raise = 1.0
        for rival, _, _, raise_, _, raises in parts:
            first_raise = raise_[i] * no_raise
            no_raise *= 1.0 - raise_[i]
            if first_raise > 0:
                value += first_raise * _reraised(spot, rival, level, int(chips[i]), columns,
                                                 raises[i])
        before[:, i] = value, no_raise
    values = level_values(before, chips, starts, chance_a, stakes[3], len(stay),
                          np.array(outcomes, dtype=np.float64).reshape(-1, 2), *stakes[:3],
                          float(spot.wealth), float(spot.pot), _realised(spot)).tolist()
    results = []
    for i, level in enumerate(levels_a.tolist()):
        all_fold = 0.0 if stayers else math.prod(part[1][i] for part in parts)
        answers_i = tuple(Answer(part[0].seat, float(part[1][i]), float(part[2][i]),
                                 float(part[3][i])) for part in parts)
        results.append(Evaluated(_kind(spot, level), level, int(chips[i]),
                                 values[i] - math.log(spot.wealth), all_fold, answers_i))
    return results


def _kind(spot: Spot, level: int) -> str:
    """How an action putting hero's street total at ``level`` is named."""
    if level <= spot.current_bet:
        return "call"
    if level >= spot.bet + spot.stack:
        return "all-in"
    return "bet" if spot.current_bet == 0 else "raise"


def _check(spot: Spot) -> Evaluated:
    """Growth of checking: the opponents behind may bet; hero folds, calls or raises."""
    behind = [r for r in spot.rivals if r.acts_after and r.stack > 0]
    others = [r for r in spot.rivals if r not in behind]
    columns = _Columns(spot.showdown)
    rest = [columns.add(r.weights, shared=True) for r in others]
    players = len(spot.rivals) + 1
    parts = []
    for rival in behind:
        betting = policy.bet_probability(rival.weights, rival.strength, rival.profile,
                                         policy.bet_share(rival.profile, players))
        bets, checks = rival.weights * betting, rival.weights * (1.0 - betting)
        parts.append(_Behind(rival, float(betting @ (rival.weights / rival.weights.sum())),
                             bets, checks, columns.add(bets), columns.add(checks, shared=True)))
    value, none = 0.0, 1.0
    log_w = math.log(spot.wealth)
    for j, part in enumerate(parts):
        first = part.share * none
        none *= 1.0 - part.share
        if first <= 0:
            continue
        call = min(max(round(CHECKED_BET * spot.pot), spot.big_blind), part.rival.stack,
                   spot.stack)
        win, tie = columns.outcome([part.bets_column])
        behind_after = spot.stack > call and part.rival.stack > call
        value += first * max(log_w, _log_outcome(spot, win, tie, call, spot.pot + 2 * call,
                                                 behind_after),
                             _check_raised(spot, parts, j, call))
    win, tie = columns.outcome(rest + [part.checks_column for part in parts])
    value += none * _log_outcome(spot, win, tie, 0, spot.pot, True)
    return Evaluated("check", spot.bet, 0, value - log_w, 0.0, ())


class _Behind(NamedTuple):
    """A player behind hero's check (:func:`_check`): its chance to bet, its betting and
    checking ranges, and their columns."""

    rival: Opponent
    share: float
    bets: np.ndarray
    checks: np.ndarray
    bets_column: int
    checks_column: int


def _check_raised(spot: Spot, parts: Sequence[_Behind], first: int, call: int) -> float:
    """E[log W_out] of hero's best raise when the ``first`` of the players behind bets
    ``call`` after hero's check: the raises of :func:`raise_totals` answered as any raise
    is (:func:`put_in`), by the bettor's betting range, the players behind that checked
    before it with their checking ranges, and everyone else as they stand; ``-inf`` when
    hero cannot raise (the smallest raise:
    :func:`assistant.betting.min_raise_chips`)."""
    chips = min_raise_chips(call, spot.big_blind, spot.stack)
    if chips is None:
        return -math.inf
    bettor = parts[first].rival
    ranges = {part.rival.seat: part.bets if k == first else part.checks
              for k, part in enumerate(parts[:first + 1])}
    rivals = tuple(
        replace(r, weights=ranges.get(r.seat, r.weights),
                reference=r.weights if r.reference is None else r.reference,
                bet=r.bet + call if r is bettor else r.bet,
                stack=r.stack - call if r is bettor else r.stack)
        for r in spot.rivals)
    faced = replace(spot, pot=spot.pot + call, current_bet=spot.bet + call,
                    min_raise_to=spot.bet + chips, max_raise_to=spot.bet + spot.stack,
                    rivals=rivals, first_in=False)
    totals = raise_totals(faced)
    if not totals:
        return -math.inf
    return max(r.growth for r in put_in(faced, totals)) + math.log(spot.wealth)


def raise_totals(spot: Spot) -> list[int]:
    """The bet or raise totals tried: the sizes strong players use, and all-in where it
    is not an overbet.

    This is an action abstraction, as Pluribus uses: preflop an open of 2 to 3.5 big
    blinds (one more per limper) and re-raises of 2.2 to 4 times the bet; after the flop
    bets of 1/3 to 1.5 pots and raises of 1/2 to 1 pot; all-in only when it is at most
    :data:`JAM_POTS` pots (or, preflop, when hero has at most :data:`SHORT_STACK_BB` big
    blinds).  The model's fold equity is least trustworthy at sizes players rarely face,
    and a serious player would not make such bets; keeping to these sizes is what keeps
    a misread opponent from costing a whole stack.
    """
    if spot.min_raise_to is None or spot.max_raise_to is None:
        return []
    low, high = spot.min_raise_to, spot.max_raise_to
    after_call = spot.pot + max(spot.current_bet - spot.bet, 0)
    bb = spot.big_blind
    if spot.preflop and spot.current_bet <= bb:
        limpers = sum(1 for r in spot.rivals if r.bet >= bb and r.cold is None)
        wanted = [round((size + limpers) * bb) for size in OPEN_SIZES_BB]
    elif spot.preflop:
        wanted = [round(factor * spot.current_bet) for factor in RERAISE_FACTORS]
    else:
        fractions = BET_FRACTIONS if spot.current_bet == 0 else RAISE_FRACTIONS
        wanted = [spot.current_bet + round(f * after_call) for f in fractions]
    totals = {min(max(total, low), high) for total in wanted}
    jam_pots = (high - spot.current_bet) / max(after_call, 1)
    if jam_pots <= JAM_POTS or (spot.preflop and spot.bet + spot.stack <= SHORT_STACK_BB * bb):
        totals.add(high)
    return sorted(totals)


def evaluate(spot: Spot) -> list[Evaluated]:
    """The growth of every candidate action: fold (facing a bet), check or call, and
    bets or raises on the size grid refined around the best of them.

    First in, before the blinds, hero raises or folds: an open limp is not a candidate
    (``first_in`` with no blind of hero's in), as strong players do not make it.  The
    model would overrate it: the big blind, whose bet already matches a limp, only checks
    behind in it, never raises, so the isolation raises that punish a limp are not seen."""
    results: list[Evaluated] = []
    totals = raise_totals(spot)
    if spot.current_bet > spot.bet:
        results.append(Evaluated("fold", spot.bet, 0, 0.0, 0.0, ()))
        if not (totals and spot.first_in and spot.bet == 0):
            results.extend(put_in(spot, [spot.bet + spot.to_call]))
    else:
        results.append(_check(spot))
    if totals:
        grid = put_in(spot, totals)
        results.extend(grid)
        sized = [r for r in grid if r.kind != "all-in"]
        if len(sized) > 1:
            top = max(range(len(sized)), key=lambda i: sized[i].growth)
            low = sized[max(top - 1, 0)].total
            high = sized[min(top + 1, len(sized) - 1)].total
            finer = sorted({round(low + (high - low) * k / (REFINE_STEPS + 1))
                            for k in range(1, REFINE_STEPS + 1)} - set(totals))
            if finer:
                results.extend(put_in(spot, finer))
    return results


def indifference(spot: Spot) -> float:
    """The growth below which two actions count as equal at ``spot``: that of winning
    :data:`INDIFFERENCE_POT` of the pot more, ``log(1 + INDIFFERENCE_POT P / W)``."""
    return math.log1p(INDIFFERENCE_POT * spot.pot / spot.wealth)


def best(results: Sequence[Evaluated], margin: float = 0.0) -> Evaluated:
    """The action that grows most, unless one that risks fewer chips grows within
    ``margin`` of it (:func:`indifference`): then the one of those that risks least."""
    top = max(r.growth for r in results)
    near = [r for r in results if r.growth >= top - margin]
    return min(near, key=lambda r: (r.chips, -r.growth))
