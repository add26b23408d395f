"""The two plots of the advice panel, drawn with matplotlib on Qt canvases (made on first
use, :mod:`ui.plot_slot`: this module imports matplotlib).

Each canvas, its axes and every artist are created once; an update only sets new
data and asks for a redraw (``draw_idle``).  The plots draw what they are given and
never call the engine.
"""

import math

import numpy as np
from matplotlib.backend_bases import MouseEvent
from matplotlib.backends.backend_qtagg import FigureCanvasQTAgg
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle
from matplotlib.ticker import FixedLocator, FuncFormatter, NullLocator
from matplotlib.transforms import blended_transform_factory
from numpy.typing import ArrayLike
from PySide6.QtWidgets import QWidget

from assistant import door
from assistant.curve import SizeCurve
from assistant.equity import Equity
from ui.plot_slot import NO_CURVE
from ui.units import Money, whole

MAX_BARS = 12  # win, ten split counts, lose
POT_TICKS = (0.01, 0.03, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0)
"""Pot fractions marked along the top of the growth plot, where they fall in range."""


class GrowthPlot(FigureCanvasQTAgg):
    """Log-growth ``G`` against the size of a bet or raise (hero's street total in
    chips, on a log scale from the smallest raise to all-in; pots beyond the call
    along the top): solid with the opponents' answers, dashed if every hand called.

    The legal sizes are shaded (hatched beyond the sizes the advice tries, where the
    model is least sure), the advised size marked, and checking or calling
    (dotted) and folding (G = 0) drawn across; hovering over the curve shows the size
    in chips, pots and big blinds, both growths and the chance all fold there.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        figure = Figure(figsize=(4.2, 2.6), layout="constrained")
        super().__init__(figure)
        self.setParent(parent)
        self.axes = figure.add_subplot()
        self.axes.set_xlabel("bet or raise to (chips)")
        self.axes.set_ylabel("log-growth G")
        self.zero = self.axes.axhline(0.0, color="#888", linewidth=0.8)
        self.other = self.axes.axhline(0.0, color="#d0252b", linestyle=":", linewidth=1.2)
        spanning = blended_transform_factory(self.axes.transData, self.axes.transAxes)
        self.raise_region = Rectangle((1, 0), 0, 1, transform=spanning, color="#cfe8cf",
                                      alpha=0.6, label="legal sizes")
        self.axes.add_patch(self.raise_region)
        self.untried_region = Rectangle((1, 0), 0, 1, transform=spanning, fill=False,
                                        hatch="//", edgecolor="#9a9a9a", linewidth=0,
                                        label="not tried: the model is least sure")
        self.axes.add_patch(self.untried_region)
        (self.curve,) = self.axes.plot([], [], color="#1f5fd6", linewidth=1.8,
                                       label="with their answers")
        (self.always,) = self.axes.plot([], [], color="#888", linestyle="--", linewidth=1.2,
                                        label="if every hand called")
        (self.optimum,) = self.axes.plot([], [], "o", color="#1b8a3a")
        self.hover = self.axes.annotate("", (0, 0), xytext=(8, 8), textcoords="offset points",
                                        fontsize=8, bbox={"boxstyle": "round", "fc": "w"})
        self.hover.set_visible(False)
        self.note = self.axes.text(0.5, 0.5, NO_CURVE, ha="center",
                                   transform=self.axes.transAxes, color="#888")
        self.legend = self.axes.legend(loc="best", fontsize=7)
        self.size: SizeCurve | None = None
        self.money: Money = whole
        # The same x in pots along the top: the curve's pot is read at each redraw.  The
        # size axis is logarithmic from the start, so that the top axis takes its scale
        # once and keeps the ticks set on it.
        self.axes.set_xscale("log")
        self.pots = self.axes.secondary_xaxis("top", functions=(self._to_pots, self._to_totals))
        self.pots.set_functions((self._to_pots, self._to_totals))
        self.pots.set_xlabel("pots beyond the call", fontsize=8)
        self.pots.tick_params(labelsize=8)
        self.mpl_connect("motion_notify_event", self._on_move)
        self.show_curve(None)

    def show_curve(self, curve: SizeCurve | None, advice: door.Advice | None = None,
                   money: Money = whole, message: str = NO_CURVE) -> None:
        """Draw ``curve`` with ``advice``'s actions marked (amounts written by
        ``money``), or an empty plot saying ``message``."""
        visible = curve is not None and advice is not None
        self.note.set_text(message)
        for artist in (self.curve, self.always, self.other, self.optimum, self.raise_region,
                       self.untried_region, self.pots):
            artist.set_visible(visible)
        self.note.set_visible(not visible)
        self.legend.set_visible(visible)
        self.hover.set_visible(False)
        self.size = curve if visible else None
        if curve is not None and advice is not None:
            self._draw(curve, advice, money)
        self.draw_idle()

    def _draw(self, curve: SizeCurve, advice: door.Advice, money: Money) -> None:
        self.money = money
        spot, choice = advice.spot, advice.choice
        low, high = curve.min_total, curve.max_total
        called = spot.bet + spot.to_call  # where a raise begins: nothing beyond the call
        self.axes.set_xlim(called + (low - called) / 2, high * 1.15)
        ticks = sorted({low, high, *(_round2(t) for t in np.geomspace(low, high, 5)[1:-1])})
        self.axes.xaxis.set_major_locator(FixedLocator(ticks))
        self.axes.xaxis.set_major_formatter(FuncFormatter(lambda x, _: money(x)))
        self.axes.xaxis.set_minor_locator(NullLocator())
        span = curve.pot_fractions(np.array([low, high]))
        self.pots.xaxis.set_major_locator(FixedLocator(
            [f for f in POT_TICKS if span[0] <= f <= span[1]] or list(span)))
        self.pots.xaxis.set_major_formatter(FuncFormatter(lambda x, _: f"{x:.2g}"))
        self.pots.xaxis.set_minor_locator(NullLocator())
        self.curve.set_data(curve.totals, finite(curve.growth))
        self.always.set_data(curve.totals, finite(curve.always_called))
        others = [c for c in advice.candidates if c.kind in ("check", "call")]
        across = [0.0] + [float(c.growth) for c in others if math.isfinite(c.growth)]
        self.other.set_visible(bool(others))
        if others:
            advised = "advice: " if others[0] is choice else ""
            self.other.set_ydata([others[0].growth] * 2)
            self.other.set_label(f"{advised}{door.label(others[0], spot, money)}"
                                 f" (G {growth_words(others[0].growth)})")
        self.zero.set_label(("advice: fold (G = 0)" if choice.kind == "fold" else "fold (G = 0)")
                            if spot.to_call else "_zero")
        sized = choice.kind in ("bet", "raise", "all-in")
        self.optimum.set_visible(sized)
        self.optimum.set_data([choice.total] if sized else [], [choice.growth] if sized else [])
        self.optimum.set_label(f"advice: {door.label(choice, spot, money)}" if sized
                               else "_advice")
        self.raise_region.set_x(low)
        self.raise_region.set_width(high - low)
        self.untried_region.set_x(curve.tried_max)
        self.untried_region.set_width(high - curve.tried_max)
        self.untried_region.set_label("not tried: the model is least sure"
                                      if curve.tried_max < high else "_untried")
        self.axes.set_ylim(*growth_limits(np.concatenate([curve.growth, across])))
        self.legend = self.axes.legend(loc="best", fontsize=7)

    def _to_pots(self, totals: ArrayLike) -> ArrayLike:
        if self.size is None:
            return np.asarray(totals, dtype=np.float64)
        # Sizes short of a raise have no pots beyond the call to show on a log axis.
        return np.maximum(self.size.pot_fractions(np.asarray(totals)), 1e-6)

    def _to_totals(self, pots: ArrayLike) -> ArrayLike:
        if self.size is None:
            return np.asarray(pots, dtype=np.float64)
        return self.size.totals_of(np.asarray(pots))

    def hover_text(self, index: int) -> str:
        """What hovering over the curve's ``index``-th size shows."""
        size = self.size
        assert size is not None
        total = int(size.totals[index])
        pots = float(size.pot_fractions(np.array([total]))[0])
        return (f"to {self.money(total)} · {pots:.2f} pot · {total / size.big_blind:,.1f} bb\n"
                f"G {growth_words(size.growth[index])} with their answers\n"
                f"G {growth_words(size.always_called[index])} if every hand called\n"
                f"all fold {100 * size.all_fold[index]:.1f} %")

    def _on_move(self, event: MouseEvent) -> None:
        if event.inaxes is not self.axes or event.xdata is None or self.size is None:
            if self.hover.get_visible():
                self.hover.set_visible(False)
                self.draw_idle()
            return
        totals = self.size.totals
        i = int(np.argmin(np.abs(totals - event.xdata)))
        g = self.size.growth[i]
        self.hover.xy = (float(totals[i]), float(g) if math.isfinite(g) else 0.0)
        self.hover.set_text(self.hover_text(i))
        self.hover.set_visible(True)
        self.draw_idle()


def _round2(x: float) -> int:
    """``x`` to two significant figures, as a tick a player reads at a glance.

    >>> _round2(1234.5), _round2(87.0)
    (1200, 87)
    """
    digits = max(math.floor(math.log10(x)) - 1, 0)
    return int(round(x / 10**digits) * 10**digits)


def growth_words(growth: float) -> str:
    """A growth in nats for the hover, ``-inf`` said as the ruin it is.

    >>> growth_words(0.0012345), growth_words(float("-inf"))
    ('+0.00123', '-inf (ruin)')
    """
    return "-inf (ruin)" if growth == -math.inf else f"{growth:+.5f}"


def finite(growths: np.ndarray) -> np.ndarray:
    """Growths with ``-inf`` (ruin) left out of the line."""
    return np.where(np.isfinite(growths), growths, np.nan)


def growth_limits(growths: np.ndarray) -> tuple[float, float]:
    """Y limits that show the peak clearly rather than the plunge towards ruin.

    >>> [round(limit, 6) for limit in growth_limits(np.array([0.0, 0.01, -5.0]))]
    [-0.04, 0.012]
    """
    finite = growths[np.isfinite(growths)]
    if not finite.size:
        return -1.0, 1.0
    top = max(float(finite.max()), 0.0)
    scale = max(top, 1e-3)
    return max(float(finite.min()), -4 * scale), top + 0.2 * scale


class OutcomePlot(FigureCanvasQTAgg):
    """Bars of hero's chance to win, to tie with each number of opponents (those that can
    happen), and to lose."""

    def __init__(self, parent: QWidget | None = None) -> None:
        figure = Figure(figsize=(4.2, 2.0), layout="constrained")
        super().__init__(figure)
        self.setParent(parent)
        self.axes = figure.add_subplot()
        self.axes.set_ylim(0, 1.1)
        self.axes.set_ylabel("probability")
        self.bars = self.axes.bar(range(MAX_BARS), [0.0] * MAX_BARS)
        self.labels = [self.axes.text(i, 0, "", ha="center", va="bottom", fontsize=7)
                       for i in range(MAX_BARS)]
        self.show_outcome(None)

    def show_outcome(self, equity: Equity | None) -> None:
        """Draw the outcome probabilities of ``equity``, or nothing."""
        shown: list[tuple[str, float, str]] = []
        if equity is not None:
            shown.append(("win", equity.win, "#1b8a3a"))
            shown += [(f"tie {s}", p, "#e0a000") for s, p in enumerate(equity.split, 1)
                      if p > 0 or s == 1]
            shown.append(("lose", equity.lose, "#d0252b"))
        for i, (bar, label) in enumerate(zip(self.bars, self.labels, strict=True)):
            visible = i < len(shown)
            bar.set_visible(visible)
            label.set_visible(visible)
            if visible:
                _, height, colour = shown[i]
                bar.set_height(height)
                bar.set_color(colour)
                label.set_position((i, height))
                label.set_text(f"{100 * height:.1f}%")
        self.axes.set_xticks(range(len(shown)), [name for name, _, _ in shown], fontsize=8)
        self.axes.set_xlim(-0.6, max(len(shown), 2) - 0.4)
        self.draw_idle()
