"""The two plots of the advice panel, drawn with matplotlib on Qt canvases.

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
from matplotlib.ticker import FuncFormatter
from matplotlib.transforms import blended_transform_factory
from numpy.typing import ArrayLike
from PySide6.QtWidgets import QWidget

from assistant import door
from assistant.curve import SizeCurve
from assistant.equity import Equity
from ui.units import Money, whole

MAX_BARS = 12  # win, ten split counts, lose


class GrowthPlot(FigureCanvasQTAgg):
    """Log-growth ``G`` against the size of a bet or raise (hero's street total, in
    chips; pots along the top): solid with the opponents' answers, dashed if every
    hand called.

    Marks the legal sizes, the advised action, the check or call, and zero (folding);
    hovering over the curve shows the size in chips, pots and big blinds, both
    growths and the chance all fold there.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        figure = Figure(figsize=(4.2, 2.6), layout="constrained")
        super().__init__(figure)
        self.setParent(parent)
        self.axes = figure.add_subplot()
        self.axes.set_xlabel("bet or raise to (chips)")
        self.axes.set_ylabel("log-growth G")
        self.zero = self.axes.axhline(0.0, color="#888", linewidth=0.8)
        spanning = blended_transform_factory(self.axes.transData, self.axes.transAxes)
        self.raise_region = Rectangle((0, 0), 0, 1, transform=spanning, color="#cfe8cf",
                                      alpha=0.6, label="legal sizes")
        self.axes.add_patch(self.raise_region)
        (self.curve,) = self.axes.plot([], [], color="#1f5fd6", linewidth=1.8,
                                       label="with their answers")
        (self.always,) = self.axes.plot([], [], color="#888", linestyle="--", linewidth=1.2,
                                        label="if every hand called")
        (self.other,) = self.axes.plot([], [], "s", color="#d0252b", label="call")
        (self.optimum,) = self.axes.plot([], [], "o", color="#1b8a3a", label="advice")
        self.hover = self.axes.annotate("", (0, 0), xytext=(8, 8), textcoords="offset points",
                                        fontsize=8, bbox={"boxstyle": "round", "fc": "w"})
        self.hover.set_visible(False)
        self.note = self.axes.text(0.5, 0.5, "the curve appears at your turn", ha="center",
                                   transform=self.axes.transAxes, color="#888")
        self.legend = self.axes.legend(loc="lower left", fontsize=7)
        self.size: SizeCurve | None = None
        self.money: Money = whole
        # The same x in pots along the top: the curve's pot is read at each redraw.
        pots = self.axes.secondary_xaxis("top", functions=(self._to_pots, self._to_totals))
        pots.set_xlabel("pots (beyond the call)", fontsize=8)
        pots.tick_params(labelsize=8)
        self.axes.xaxis.set_major_formatter(FuncFormatter(lambda x, _: self.money(x)))
        self.mpl_connect("motion_notify_event", self._on_move)
        self.show_curve(None)

    def show_curve(self, curve: SizeCurve | None, advice: door.Advice | None = None,
                   money: Money = whole) -> None:
        """Draw ``curve`` with ``advice``'s actions marked (amounts written by
        ``money``), or an empty plot."""
        visible = curve is not None and advice is not None
        for artist in (self.curve, self.always, self.other, self.optimum, self.raise_region):
            artist.set_visible(visible)
        self.note.set_visible(not visible)
        self.legend.set_visible(visible)
        self.hover.set_visible(False)
        self.size = curve if visible else None
        if curve is not None and advice is not None:
            self.money = money
            spot, choice = advice.spot, advice.choice
            self.curve.set_data(curve.totals, finite(curve.growth))
            self.always.set_data(curve.totals, finite(curve.always_called))
            others = [c for c in advice.candidates if c.kind in ("check", "call")]
            self.other.set_data([c.total for c in others], [c.growth for c in others])
            self.other.set_label(", ".join(door.label(c, spot, money) for c in others) or "call")
            self.optimum.set_data([choice.total], [choice.growth])
            self.optimum.set_label(f"advice: {door.label(choice, spot, money)}")
            self.zero.set_label("fold (G = 0)" if spot.to_call else "_zero")
            self.raise_region.set_x(curve.min_total)
            self.raise_region.set_width(curve.max_total - curve.min_total)
            left = min([spot.bet, *(c.total for c in others)])
            self.axes.set_xlim(left, curve.max_total + 0.02 * (curve.max_total - left))
            marks = [c.growth for c in others] + [choice.growth]
            self.axes.set_ylim(*growth_limits(np.concatenate(
                [curve.growth, curve.always_called, np.asarray(marks, dtype=np.float64)])))
            self.legend = self.axes.legend(loc="lower left", fontsize=7)
        self.draw_idle()

    def _to_pots(self, totals: ArrayLike) -> ArrayLike:
        if self.size is None:
            return np.asarray(totals, dtype=np.float64)
        return self.size.pot_fractions(np.asarray(totals))

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
