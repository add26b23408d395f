"""The figures of a set of bankroll runs: bb/100 with a 95 % confidence interval, ruin
rate (measured, and estimated for playing on forever) and mean log growth.

Each run is one independent bankroll, so the runs are the sample: the interval is
Student's t over the runs' own bb/100, ``mean ± t(0.975, n - 1) · sd / √n`` (sd with
``n - 1``).  The t quantile comes from integrating the t density (Simpson's rule) and
bisecting, so no statistics package is needed.
"""

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

CONFIDENCE = 0.95
SIMPSON_STEPS = 4000  # even


@dataclass(frozen=True)
class RunResult:
    """One bankroll run: chips at the start and the end, hands played (fewer than asked
    when ruined or stopped), ruin, the big blind in chips, and the bankroll below which
    the run counts as ruined."""

    start: float
    final: float
    hands: int
    ruined: bool
    big_blind: int
    seconds: float
    ruin_line: float = 0.0

    @property
    def bb_per_100(self) -> float:
        """The run's result in big blinds per 100 hands played (0 if none was)."""
        return 100 * (self.final - self.start) / self.big_blind / self.hands if self.hands else 0.0

    @property
    def log_growth(self) -> float:
        """``ln(final / start)`` of the bankroll (minus infinity if it is all lost)."""
        return math.log(self.final / self.start) if self.final > 0 else -math.inf


def t_cdf(x: float, df: int) -> float:
    """P(T <= x) for Student's t with ``df`` degrees of freedom.

    >>> round(t_cdf(0.0, 3), 6), round(t_cdf(1.0, 1), 6)  # the Cauchy: 1/2 + atan(1)/pi
    (0.5, 0.75)
    """
    if x < 0:
        return 1 - t_cdf(-x, df)
    log_norm = math.lgamma((df + 1) / 2) - math.lgamma(df / 2) - 0.5 * math.log(df * math.pi)
    t = np.linspace(0.0, x, SIMPSON_STEPS + 1)
    density = np.exp(log_norm - (df + 1) / 2 * np.log1p(t * t / df))
    weights = np.ones(SIMPSON_STEPS + 1)
    weights[1:-1:2], weights[2:-1:2] = 4, 2
    return 0.5 + float(weights @ density) * x / SIMPSON_STEPS / 3


def t_quantile(p: float, df: int) -> float:
    """The ``p`` quantile (p > 1/2) of Student's t with ``df`` degrees of freedom."""
    low, high = 0.0, 1.0
    while t_cdf(high, df) < p:
        low, high = high, 2 * high
    for _ in range(60):
        middle = (low + high) / 2
        low, high = (middle, high) if t_cdf(middle, df) < p else (low, middle)
    return (low + high) / 2


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean and its two-sided 95 % t interval; the interval is NaN for fewer than two
    values.

    >>> [round(x, 4) for x in mean_interval([1.0, 2.0, 3.0])]  # 2 ± 4.3027 / √3
    [2.0, -0.4841, 4.4841]
    """
    n = len(values)
    mean = math.fsum(values) / n
    if n < 2:
        return mean, math.nan, math.nan
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))
    half = t_quantile((1 + CONFIDENCE) / 2, n - 1) * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def ruin_if_played_on(results: Sequence[RunResult]) -> float:
    """The chance that a bankroll like these runs' is ever ruined, playing on forever at
    the win rate and spread the runs measured.

    The bankroll is taken as a Brownian motion with drift ``μ`` and variance ``σ²`` per
    hand, started ``B`` chips above the ruin line; it ever reaches the line with
    probability ``exp(-2 μ B / σ²)``, or 1 when ``μ <= 0``.  ``μ`` is every chip won over
    every hand played; ``σ²`` is ``Σ (W_i - μ h_i)² / Σ h_i`` over the runs (``W_i`` won in
    ``h_i`` hands), times ``n / (n - 1)``.  A run's own ruin rate cannot see a ruin that
    takes longer than the run; this estimate can, as far as the model holds.  NaN for
    fewer than two runs.
    """
    hands = sum(r.hands for r in results)
    n = len(results)
    if n < 2 or hands == 0:
        return math.nan
    won = [r.final - r.start for r in results]
    drift = math.fsum(won) / hands
    spread = math.fsum((w - drift * r.hands) ** 2 for w, r in zip(won, results, strict=True)
                       ) / hands * n / (n - 1)
    distance = math.fsum(r.start - r.ruin_line for r in results) / n
    if drift <= 0:
        return 1.0
    return math.exp(-2 * drift * distance / spread) if spread > 0 else 0.0


@dataclass(frozen=True)
class Summary:
    """The runs of one simulation summarised.

    ``bb_per_100`` is the mean over runs of each run's bb/100, ``ci95`` its interval;
    ``ruin_rate`` the share of runs ruined, ``ruin_if_played_on`` the chance of ever
    being ruined playing on (:func:`ruin_if_played_on`); ``mean_log_growth`` the mean over
    runs of ``ln(final / start)``; ``hands_per_second`` every hand played over the wall
    time.
    """

    runs: int
    hands_played: int
    bb_per_100: float
    ci95: tuple[float, float]
    ruin_rate: float
    mean_log_growth: float
    hands_per_second: float
    seconds: float
    ruin_if_played_on: float = math.nan


def summarise(results: Sequence[RunResult], seconds: float) -> Summary:
    """The figures of ``results``, played in ``seconds`` of wall time."""
    if not results:
        return Summary(0, 0, math.nan, (math.nan, math.nan), math.nan, math.nan, 0.0, seconds)
    mean, low, high = mean_interval([r.bb_per_100 for r in results])
    played = sum(r.hands for r in results)
    return Summary(
        runs=len(results),
        hands_played=played,
        bb_per_100=mean,
        ci95=(low, high),
        ruin_rate=sum(r.ruined for r in results) / len(results),
        mean_log_growth=float(np.mean([r.log_growth for r in results])),
        hands_per_second=played / seconds if seconds > 0 else math.inf,
        seconds=seconds,
        ruin_if_played_on=ruin_if_played_on(results),
    )
