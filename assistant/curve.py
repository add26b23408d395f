"""The growth curve the window plots: hero's growth over every legal bet or raise size,
with the opponents' answers and as if every hand called, and the chance all fold.

The curve is :func:`assistant.growth.put_in` on a grid of street totals from the
smallest legal raise to all-in, spaced by equal ratios (sizes are compared by ratio:
a third of the pot against half, one pot against two), and the sizes the advice tried,
so the advised size lies on it; the every-hand-calls growth is the earlier model's
(:func:`assistant.door.growth_if_always_called`).
"""

from dataclasses import dataclass

import numpy as np

from assistant.betting import pot_fraction
from assistant.door import Advice, growth_if_always_called
from assistant.growth import put_in

CURVE_POINTS = 32
"""Sizes on the curve, in equal ratios, besides the sizes the advice tried."""


@dataclass(frozen=True)
class SizeCurve:
    """Growth against the size of a bet or raise at one decision.

    ``totals`` are hero's street totals after the bet or raise (whole chips, rising),
    ``growth`` the growth with the opponents' answers (nats), ``always_called`` the
    growth if every hand called, ``all_fold`` the chance every opponent folds.  The
    legal sizes run from ``min_total`` to ``max_total`` (all-in); the advice chose among
    sizes up to ``tried_max`` (beyond it, sizes players rarely face, where the model is
    least sure: :data:`assistant.growth.JAM_POTS`); ``pot``, ``to_call``, ``bet``
    (hero's street bet already) and ``big_blind`` size the bets for a player.
    """

    totals: np.ndarray
    growth: np.ndarray
    always_called: np.ndarray
    all_fold: np.ndarray
    min_total: int
    max_total: int
    tried_max: int
    pot: int
    to_call: int
    bet: int
    big_blind: int

    def pot_fractions(self, totals: np.ndarray) -> np.ndarray:
        """Street totals as the fraction of the pot players say: the chips beyond the
        call over the pot after the call (:func:`assistant.betting.pot_fraction`)."""
        chips = np.asarray(totals, dtype=np.float64) - self.bet
        return np.array([pot_fraction(self.pot, self.to_call, float(c)) for c in chips.flat],
                        dtype=np.float64).reshape(chips.shape)

    def totals_of(self, fractions: np.ndarray) -> np.ndarray:
        """The inverse of :meth:`pot_fractions`."""
        return (np.asarray(fractions, dtype=np.float64) * (self.pot + self.to_call)
                + self.bet + self.to_call)


def size_curve(advice: Advice, points: int = CURVE_POINTS) -> SizeCurve | None:
    """The growth curve of ``advice``'s decision, or ``None`` when hero may not bet or
    raise there."""
    spot = advice.spot
    low, high = spot.min_raise_to, spot.max_raise_to
    if low is None or high is None:
        return None
    tried = {c.total for c in advice.candidates if c.kind in ("bet", "raise", "all-in")}
    grid = np.round(np.geomspace(low, high, points)).astype(np.int64).tolist()
    totals = np.array(sorted(set(grid) | tried), dtype=np.int64)
    evaluated = put_in(spot, totals.tolist())
    chips = np.minimum(totals - spot.bet, spot.stack).astype(np.float64)
    return SizeCurve(totals, np.array([e.growth for e in evaluated], dtype=np.float64),
                     np.asarray(growth_if_always_called(spot, chips), dtype=np.float64),
                     np.array([e.all_fold for e in evaluated], dtype=np.float64),
                     low, high, max(tried, default=high), spot.pot, spot.to_call,
                     spot.bet, spot.big_blind)
