"""How a player of a profile acts with each combo of its range: the likelihood of an
action given a holding, used both to narrow ranges (Bayes) and to predict the answers
to hero's bets.

Everything is written in terms of where a combo sits *inside the player's own range*,
its range percentile ``u`` (0 the weakest, 1 the strongest; :func:`percentiles`), so that
every parameter is a frequency (``shared/design/opponent_model.md`` §3): the range as it
stands for bets and raises, the range it saw the flop with for calls
(:func:`answer_bet`).

Range-level frequencies, from the profile and the situation (``z`` is the bet to call
over the pot before it, ``m`` the players who already called it)::

    continue(z) = sigmoid(α_C - η log(z / 0.66) - 0.5 m)       call or raise
    raise(z)    = ρ_R continue(z)
    bet         = sigmoid(α_B - 0.4 (players - 2) [- 1.5])      when checked to
                                         (- 1.5 when betting into the last aggressor)

Per combo, with the logistic ``σ`` and a soft threshold width ``τ`` = :data:`SOFTNESS`,
and ``g(u) = σ((0.35 - u) / τ)`` marking the bottom 35 % of the range (air, weak draws)::

    P(raise | u) = min(1, σ((u - t_R) / τ) + b_R g(u))         value on top, bluffs below
    P(call | u)  = (1 - P(raise | u)) (ε + (1 - ε) σ((u - t_C) / τ))
    P(fold | u)  = 1 - P(raise | u) - P(call | u)
    P(bet | u)   = min(1, σ((u - t_V) / τ) + b_B g(u))

The thresholds are solved, not fitted: bisection finds ``t_R``, ``t_C`` and ``t_V`` so
that the range-weighted means of these probabilities equal the range-level frequencies,
with a share β (the profile's bluff) of the raises and bets taken from ``g``.  Stronger
hands never fold more, and every intercept has a HUD meaning.
"""

import functools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from assistant.opponents.profile import Profile

SOFTNESS = 0.05
"""Width τ of a threshold in range-percentile units."""
BLUFF_ZONE = 0.35
"""The bottom share of a range that bluffs come from."""
REFERENCE_RATIO = 0.66
"""The bet (as a share of the pot) the continue logit is stated for."""
CALLER_PENALTY = 0.5
"""How much each earlier caller lowers the continue logit (overcalls need more)."""
PLAYER_PENALTY = 0.4
"""How much each extra player lowers the betting logit."""
DONK_PENALTY = 1.5
"""How much the betting logit drops for a player who would bet into the last aggressor."""
ROBUST_FLOOR = 0.03
"""ε₀: the share of every likelihood that is the range-level frequency, so that model
error never rules a combo out."""
VALUE_BET = 0.7
"""The absolute strength (equity against a random hand) a value bet needs."""
VALUE_RAISE = 0.9
"""The absolute strength a value raise needs after the flop (the river: about two pair)."""
SLOW_PLAY = 0.2
"""The share of the time the top of a range checks instead of betting."""
SLOW_PLAY_ZONE = 0.9
"""The range percentile above which hands are strong enough to trap."""
BET_SOFTNESS = 0.12
"""Width of the value-bet threshold: betting is less all-or-nothing than calling."""
STRENGTH_EDGE = 0.03
"""Soft edge of the absolute strength a continue needs (:func:`strong_enough`)."""
STRENGTHS_KEPT = 64
"""Strength vectors whose :class:`Strengths` are kept (the boards of the hands under way)."""


def sigmoid(x: np.ndarray | float) -> np.ndarray:
    """The logistic function."""
    return 1.0 / (1.0 + np.exp(-np.asarray(x, dtype=np.float64)))


def percentiles(weights: np.ndarray, strength: np.ndarray) -> np.ndarray:
    """float64 (1326,): each combo's range percentile ``u``: the weight share of the range
    weaker than it plus half the share as strong (combos of NaN strength get 0).

    >>> w = np.array([1.0, 1.0, 2.0]); s = np.array([0.2, 0.9, 0.5])
    >>> percentiles(w, s).tolist()
    [0.125, 0.875, 0.5]
    """
    return _percentiles(weights, strengths_of(strength).ranking)


Ranking = tuple[np.ndarray, np.ndarray, np.ndarray]
"""The order that sorts strengths, and each one's first position among the sorted and
the position after its last (:func:`_ranking`)."""


def _percentiles(weights: np.ndarray, ranking: Ranking) -> np.ndarray:
    """:func:`percentiles` on a :data:`Ranking` of the strengths."""
    from assistant.opponents import answer_kernels  # numba: off the window's imports

    total = float(weights.sum())
    if total <= 0:
        return np.zeros(weights.shape)
    return answer_kernels.percentiles(weights, *ranking, total)


def content(array: np.ndarray) -> bytes:
    """An array's float64 bytes: the key of the results kept by content."""
    return np.ascontiguousarray(array, dtype=np.float64).tobytes()


@dataclass(frozen=True)
class Strengths:
    """What the policy needs of a strength vector whatever the range, kept by content
    (:data:`STRENGTHS_KEPT`: the strengths stay the same from one range to the next on a
    board): the strengths with NaN as 0 (``clean``), their :data:`Ranking` (NaN lowest),
    the gates (:func:`_gate`) of the value raises and bets (at :data:`VALUE_RAISE` and
    :data:`VALUE_BET`), and ``ranks``: each combo's rank among all the hands the board
    leaves, by strength, the share of them weaker plus half the share as strong (0 for
    the combos the board blocks, whose strength is NaN).

    >>> strengths_of(np.array([0.2, np.nan, 0.9, 0.5])).ranks.tolist()
    [0.16666666666666666, 0.0, 0.8333333333333334, 0.5]
    """

    clean: np.ndarray
    ranking: Ranking
    gates: dict[float, np.ndarray]
    ranks: np.ndarray


def strengths_of(strength: np.ndarray) -> Strengths:
    """The :class:`Strengths` of a strength vector (kept by content: read-only)."""
    return _kept_strengths(content(strength))


@functools.lru_cache(maxsize=STRENGTHS_KEPT)
def _kept_strengths(strength: bytes) -> Strengths:
    """:func:`strengths_of` of float64 strengths given as bytes (read-only arrays)."""
    s = np.frombuffer(strength)
    clean = np.nan_to_num(s, nan=0.0)
    ranking = _ranking(np.nan_to_num(s, nan=-np.inf))
    first, after = ranking[1:]
    live = ~np.isnan(s)
    count = int(live.sum())
    blocked = s.size - count  # sorted first: their places come off the live combos'
    ranks = np.zeros_like(s)
    # Unit weights count the places whatever the order: the live combos' own ranking.
    ranks[live] = _percentiles(np.ones(count), (np.arange(count), first[live] - blocked,
                                                after[live] - blocked))
    out = Strengths(clean, ranking,
                     {need: _sigmoid_gate(clean, need) for need in (VALUE_RAISE, VALUE_BET)},
                     ranks)
    for array in (out.clean, *out.ranking, *out.gates.values(), out.ranks):
        array.setflags(write=False)
    return out


def _ranking(s: np.ndarray) -> Ranking:
    """The :data:`Ranking` of strengths (sorted stably; each run of equal strengths found
    in one pass over the sorted: a binary search per combo took twice as long)."""
    order = np.argsort(s, kind="stable")
    sorted_s = s[order]
    starts = np.empty(s.size, dtype=bool)
    starts[:1] = True
    np.not_equal(sorted_s[1:], sorted_s[:-1], out=starts[1:])
    first_of_run = np.flatnonzero(starts)
    run = np.cumsum(starts) - 1
    first = np.empty(s.size, dtype=np.int64)
    after = np.empty(s.size, dtype=np.int64)
    first[order] = first_of_run[run]
    after[order] = np.append(first_of_run[1:], s.size)[run]
    return order, first, after


def continue_share(profile: Profile, ratio: np.ndarray | float,
                   callers: np.ndarray | float = 0.0,
                   stickiness: float | None = None) -> np.ndarray:
    """The share of its range a player continues with against a bet of ``ratio`` times
    the pot before it, after ``callers`` callers; ``stickiness`` is the logit at the
    reference bet when not the profile's α_C (a preflop raiser facing a re-raise)."""
    ratio = np.maximum(np.asarray(ratio, dtype=np.float64), 1e-6)
    base = profile.stickiness if stickiness is None else stickiness
    return sigmoid(base - profile.elasticity * np.log(ratio / REFERENCE_RATIO)
                   - CALLER_PENALTY * callers)


def strong_enough(weights: np.ndarray, strengths: Strengths, profile: Profile,
                  ratio: np.ndarray | float, preflop: bool) -> np.ndarray:
    """The share of the range strong enough, by absolute strength, to continue against a
    bet of ``ratio`` times the pot: a cap on :func:`continue_share`.

    A combo qualifies when its absolute strength reaches ``need`` (soft edge
    :data:`STRENGTH_EDGE`): nobody calls a huge bet with air however loose, a sticky
    player calls with less, and an elastic player asks more of a big bet.

    * After the flop a combo's strength is its rank among all the hands the board leaves
      (:attr:`Strengths.ranks`), and the need follows the price, the equity a call needs
      ``e = z / (1 + 2 z)``: ``need = 0.35 + (0.3 + 0.6 η) e - 0.2 α_C / (1 + 2 z)``,
      but never more than ``z / (1 + z)``, what a range of all hands folds at the
      minimum-defence frequency: so a small bet is called by most of a typical range
      (draws, overcards) and the cap binds for a range that missed the board.  A regular
      (η = 1, α_C = 0) needs the top 75 % of hands against a third of the pot, the top
      half against the pot and the top 26 % against three pots.  Stickiness matters most
      against small bets and fades against big ones, so that even a station (α_C 1.5,
      η 0.3) needs the top 49 % against three pots: air folds to an overbet.  (The
      equity against a random hand, which this rank replaced, is pulled toward a half by
      the cards to come: on a flop of 8-6-5 only 41 % of all hands reached a regular's
      0.53 against a third of the pot, and ace-king folded to it.)
    * Before the flop equities are compressed: ``need = 0.35 - 0.2 α_C + 0.45 η z / (1 + z)``
      on the equity against a random hand (so the cap leaves about 60 % of hands against
      a min-raise, and a regular calls an all-in of 100 big blinds with about the top 5 %).
    """
    return _shares_above(weights, _able_bound(strengths, profile, ratio, preflop))


Bound = tuple[np.ndarray, np.ndarray]
"""A bound on the continues: the strengths it reads and the strength needed per size."""


def _able_bound(strengths: Strengths, profile: Profile, ratio: np.ndarray | float,
                preflop: bool) -> Bound:
    """The :data:`Bound` of :func:`strong_enough`."""
    ratio = np.atleast_1d(np.asarray(ratio, dtype=np.float64))
    if preflop:
        need = (0.35 - 0.2 * profile.stickiness
                + 0.45 * profile.elasticity * ratio / (1.0 + ratio))
        return strengths.clean, need
    need = np.minimum(
        0.35 + (0.3 + 0.6 * profile.elasticity) * ratio / (1.0 + 2.0 * ratio)
        - 0.2 * profile.stickiness / (1.0 + 2.0 * ratio), ratio / (1.0 + ratio))
    return strengths.ranks, need


def must_continue(weights: np.ndarray, strengths: Strengths, ratio: np.ndarray | float,
                  preflop: bool) -> np.ndarray:
    """The share of the range too strong to fold to a bet of ``ratio`` pots, whoever holds
    it: strength at least ``0.8 + 0.15 z / (1 + z)`` after the flop (two pair and better
    on a river), ``0.7 + 0.1 z / (1 + z)`` preflop (big pairs).  A range already narrowed to
    strong hands, a check-raise say, answers a re-raise mostly by continuing."""
    return _shares_above(weights, _must_bound(strengths, ratio, preflop))


def _must_bound(strengths: Strengths, ratio: np.ndarray | float, preflop: bool) -> Bound:
    """The :data:`Bound` of :func:`must_continue`."""
    base, span = (0.7, 0.1) if preflop else (0.8, 0.15)
    ratio = np.atleast_1d(np.asarray(ratio, dtype=np.float64))
    return strengths.clean, base + span * ratio / (1.0 + ratio)


def _shares_above(weights: np.ndarray, *bounds: Bound) -> np.ndarray:
    """Per bound and entry of its need, in order, the weight share of the range at least
    that strong, to the soft edge :data:`STRENGTH_EDGE`: ``sum(w σ((s - need) / edge)) /
    sum(w)``.  Several bounds take one pass: one array of exponentials, one of shares."""
    from assistant.opponents import answer_kernels  # numba: off the window's imports

    total = max(float(weights.sum()), 1e-12)
    return answer_kernels.shares(stacked_exponentials(bounds, STRENGTH_EDGE), weights) / total


def logistic_exponentials(x: np.ndarray, shift: np.ndarray, softness: float) -> np.ndarray:
    """float64 (shifts, combos): ``e = exp(-(x - shift) / softness)``, one row per entry
    of ``shift``, whose ``1 / (1 + e)`` are the logistics ``σ((x - shift) / softness)``
    bit for bit as :func:`sigmoid` forms them (:func:`stacked_exponentials` of one pair)."""
    return stacked_exponentials(((x, shift),), softness)


def stacked_exponentials(pairs: Sequence[tuple[np.ndarray, np.ndarray]], softness: float
                         ) -> np.ndarray:
    """:func:`logistic_exponentials` of several ``(x, shift)`` pairs, their rows one after
    the other in one array, raised by one call (the arguments written by a kernel, the
    exponentials numpy's: :mod:`assistant.opponents.answer_kernels`)."""
    from assistant.opponents import answer_kernels  # numba: off the window's imports

    shifts = [np.ascontiguousarray(shift, dtype=np.float64) for _, shift in pairs]
    out = np.empty((sum(shift.size for shift in shifts), pairs[0][0].size))
    first = 0
    for (x, _), shift in zip(pairs, shifts, strict=True):
        answer_kernels.write_exponents(x, shift, softness, out, first)
        first += shift.size
    return np.exp(out, out=out)


def bet_share(profile: Profile, players: int, leading: bool = True) -> float:
    """The share of its range a player bets with when checked to, among ``players``;
    much less (:data:`DONK_PENALTY` off the logit) when the last street's aggressor is
    still to act behind it: players check to the raiser."""
    return float(sigmoid(profile.aggression - PLAYER_PENALTY * (players - 2)
                         - (0.0 if leading else DONK_PENALTY)))


def _solve(weights: np.ndarray, u: np.ndarray, scale: np.ndarray, extra: np.ndarray,
           target: np.ndarray, softness: float = SOFTNESS) -> np.ndarray:
    """Thresholds ``t`` (one per entry of ``target``, ``extra`` and rows of ``scale``) with
    ``sum(w * min(1, scale * σ((u - t) / τ) + extra)) = target * sum(w)``, by bisection:
    the mass is monotone in ``t`` (found fast, to the same bits:
    :func:`assistant.opponents.thresholds.solve`)."""
    from assistant.opponents import thresholds  # numba: off the window's imports

    return thresholds.solve(weights, u, scale, extra, target, softness)


@dataclass(frozen=True)
class Answers:
    """Per-combo answer probabilities to one or more bet sizes: float64 arrays of shape
    ``(sizes, 1326)`` that sum to 1 over fold, call and raise."""

    fold: np.ndarray
    call: np.ndarray
    raise_: np.ndarray


def _gate(kept: Strengths, need: float) -> np.ndarray:
    """Soft indicator of the combos at least ``need`` strong (the value part's gate)."""
    gate = kept.gates.get(need)
    return _sigmoid_gate(kept.clean, need) if gate is None else gate


def _sigmoid_gate(clean: np.ndarray, need: float) -> np.ndarray:
    """:func:`_gate` of strengths with NaN as 0."""
    return sigmoid((clean - need) / STRENGTH_EDGE)


def value_share(weights: np.ndarray, strengths: Strengths, need: float) -> float:
    """The weight share of the range whose absolute strength reaches ``need``."""
    total = max(float(weights.sum()), 1e-12)
    return float((weights * _gate(strengths, need)).sum() / total)


STANDINGS_KEPT = 64
"""Ranges whose :class:`_Standing` is kept: a decision answers each bet size grid of
hero's with the same ranges, and the cold players before the flop share one."""


@dataclass(frozen=True)
class _Standing:
    """What :func:`answer_bet` needs of a range on a board whatever the bet: its share
    at least :data:`VALUE_RAISE` strong, its percentiles ``u``, the bluff zone's
    indicator and weight share, the value raises' gate (all ones preflop), and the
    percentiles ``u_c`` in the range the calls are solved on; :func:`bet_probability`
    reads its percentiles and bluffs too."""

    value: float
    u: np.ndarray
    bluff: np.ndarray
    bluff_mass: float
    gate: np.ndarray
    u_c: np.ndarray


def _standing(weights: np.ndarray, strength: bytes, solved_on: np.ndarray,
              preflop: bool) -> _Standing:
    """The :class:`_Standing` of ``weights`` (calls solved on ``solved_on``) on the
    strengths of :func:`content` ``strength``, kept by content (:data:`STANDINGS_KEPT`)."""
    return _kept_standing(content(weights), strength,
                          None if solved_on is weights else content(solved_on), preflop)


@functools.lru_cache(maxsize=STANDINGS_KEPT)
def _kept_standing(weights: bytes, strength: bytes, solved_on: bytes | None,
                   preflop: bool) -> _Standing:
    """:func:`_standing` of arrays given as their float64 bytes (``solved_on`` ``None``:
    the weights)."""
    w, kept = np.frombuffer(weights), _kept_strengths(strength)
    u = _percentiles(w, kept.ranking)
    bluff = sigmoid((BLUFF_ZONE - u) / SOFTNESS)
    out = _Standing(value_share(w, kept, VALUE_RAISE), u, bluff,
                    float((w * bluff).sum() / w.sum()),
                    np.ones_like(w) if preflop else _gate(kept, VALUE_RAISE),
                    u if solved_on is None else _percentiles(np.frombuffer(solved_on),
                                                             kept.ranking))
    for array in (out.u, out.bluff, out.gate, out.u_c):
        array.setflags(write=False)
    return out


def answer_bet(weights: np.ndarray, strength: np.ndarray, profile: Profile,
               continuing: np.ndarray, raising: np.ndarray, ratio: np.ndarray,
               preflop: bool, reference: np.ndarray | None = None) -> Answers:
    """How each combo answers bets of ``ratio`` times the pot (arrays, one entry per size)
    whose range-level continue and raise shares are ``continuing`` and ``raising``.

    The raises (value on top, a share β of bluffs) are solved on the range ``weights``
    as it stands; the continue threshold on ``reference``, the range the player saw the
    flop with (``None``: ``weights``), so that ``continuing`` is a share of that range
    and a holding's call depends on where it sits in it (see
    :mod:`assistant.opponents.narrowing`).  Both shares are bounded by absolute strength:
    continuing from above by :func:`strong_enough` and from below by
    :func:`must_continue`, and after the flop only hands at least :data:`VALUE_RAISE`
    strong raise for value (a weak range raises rarely, and then as a bluff).
    """
    continuing = np.atleast_1d(np.asarray(continuing, dtype=np.float64))
    raising = np.atleast_1d(np.asarray(raising, dtype=np.float64))
    solved_on = weights if reference is None or reference.sum() <= 0 else reference
    if weights.sum() <= 0:
        zeros = np.zeros((continuing.size, weights.size))
        return Answers(zeros + 1.0, zeros, zeros)
    key = content(strength)  # one key (its hash kept) for the kept strengths and standing
    kept = _kept_strengths(key)
    standing = _standing(weights, key, solved_on, preflop)
    if not preflop:
        raising = np.minimum(raising, standing.value / max(1.0 - profile.bluff, 1e-9))
    able_bound = _able_bound(kept, profile, ratio, preflop)
    bounds = _shares_above(solved_on, able_bound, _must_bound(kept, ratio, preflop))
    able, must = bounds[:able_bound[1].size], bounds[able_bound[1].size:]
    raising = np.minimum(raising, continuing)
    continuing = np.maximum(np.minimum(continuing, np.maximum(able, raising)), must)
    u, bluff, gate = standing.u, standing.bluff, standing.gate
    b_r = np.minimum(profile.bluff * raising / max(standing.bluff_mass, 1e-9), 1.0)
    extra = b_r[:, None] * bluff[None, :]
    t_r = _solve(weights, u, gate, extra, raising)
    from assistant.opponents import answer_kernels  # numba: off the window's imports

    raise_, raised = answer_kernels.levels(logistic_exponentials(u, t_r, SOFTNESS),
                                           gate[None, :], extra, solved_on)
    rest, left = answer_kernels.complements(raise_, solved_on)
    floor = profile.call_floor
    # Calls beyond the floor: solve per size on the part of the range that did not raise.
    total = solved_on.sum()
    need = continuing - raised / total
    floor_mass = floor * left / total
    room = left / total
    target = np.clip((need - floor_mass) / max(1.0 - floor, 1e-9), 0.0, room)
    u_c = standing.u_c
    t_c = _solve(solved_on, u_c, rest, np.zeros((1, rest.shape[1])), target)
    call, fold = answer_kernels.calls(logistic_exponentials(u_c, t_c, SOFTNESS), rest,
                                      raise_, floor)
    return Answers(fold, call, raise_)


def value_need(weights: np.ndarray, strengths: Strengths, share: float) -> float:
    """The absolute strength a value bet needs: :data:`VALUE_BET`, or, when fewer than
    ``share`` of the range (by weight) are that strong, the strength of the weakest of
    its ``share`` strongest hands.

    >>> w, s = np.array([1.0, 1.0, 1.0, 1.0]), strengths_of(np.array([0.9, 0.6, 0.5, 0.2]))
    >>> value_need(w, s, 0.25), value_need(w, s, 0.5), value_need(w, s, 0.75)
    (0.7, 0.6, 0.5)
    """
    order = strengths.ranking[0][::-1]  # strongest first (the kept sort, reversed)
    mass = np.cumsum(weights[order]) / max(float(weights.sum()), 1e-12)
    at = min(int(np.searchsorted(mass, share)), mass.size - 1)
    return float(min(VALUE_BET, strengths.clean[order[at]]))


def bet_probability(weights: np.ndarray, strength: np.ndarray, profile: Profile,
                    betting: float) -> np.ndarray:
    """float64 (1326,): each combo's chance of betting when checked to, the range betting
    ``betting`` of the time: a share β (the profile's bluff) from the bottom of the range
    and the rest for value from its top.  The strongest hands check :data:`SLOW_PLAY`
    of the time, and value bets follow a wider edge (:data:`BET_SOFTNESS`): players bet
    medium hands now and then, and trap with monsters.

    Value bets come from hands at least :data:`VALUE_BET` strong (top pair, a good
    kicker), down to the strength that makes up the share ``(1 - β) betting``
    (:func:`value_need`) when the range holds fewer such hands: a player who bets more
    often than its strong hands and bluffs allow bets its medium hands too (to within a
    few points of ``betting``: the traps and the gate's soft edge keep some back).  (A hard cap
    at ``value share / (1 - β)`` held a maniac, learned or preset, to 21 to 55 % on
    flops where it bets 63 to 74 %, so hero read its bets as far stronger than they
    are.)"""
    if weights.sum() <= 0:
        return np.zeros_like(weights)
    key = content(strength)
    kept = _kept_strengths(key)
    need = value_need(weights, kept, (1.0 - profile.bluff) * betting)
    betting = min(betting, value_share(weights, kept, need)
                  / max(1.0 - profile.bluff, 1e-9))
    standing = _standing(weights, key, weights, False)
    u = standing.u
    trap = (1.0 - SLOW_PLAY * sigmoid((u - SLOW_PLAY_ZONE) / SOFTNESS)) * _gate(kept, need)
    extra = min(profile.bluff * betting / max(standing.bluff_mass, 1e-9), 1.0) * standing.bluff
    t_v = _solve(weights, u, trap, extra, np.array([betting]), BET_SOFTNESS)
    from assistant.opponents import answer_kernels  # numba: off the window's imports

    return answer_kernels.levels(logistic_exponentials(u, t_v, BET_SOFTNESS), trap[None, :],
                                 extra[None, :], weights)[0][0]


def robust(likelihood: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """The likelihood mixed with its range-level mean (:data:`ROBUST_FLOOR`), so that no
    combo is ever ruled out by model error."""
    mean = float((weights * likelihood).sum() / max(weights.sum(), 1e-12))
    return (1.0 - ROBUST_FLOOR) * likelihood + ROBUST_FLOOR * mean
