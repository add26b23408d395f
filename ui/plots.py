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
from matplotlib.transforms import blended_transform_factory
from numpy.typing import ArrayLike
from PySide6.QtWidgets import QWidget

from assistant.equity import Equity
from assistant.kelly import GrowthCurve

MAX_BARS = 12  # win, ten split counts, lose


class GrowthPlot(FigureCanvasQTAgg):
    """Log-growth ``G`` against the fraction of the stack invested.

    Marks the optimum, the call, the legal raise region and zero (folding); hovering
    shows the fraction, the amount in chips and ``G``.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        figure = Figure(figsize=(4.2, 2.6), layout="constrained")
        super().__init__(figure)
        self.setParent(parent)
        self.axes = figure.add_subplot()
        self.axes.set_xlabel("fraction of stack invested")
        self.axes.set_ylabel("log-growth G")
        self.axes.set_xlim(0, 1)
        self.axes.axhline(0.0, color="#888", linewidth=0.8,
                          label="no more chips: fold or check (G = 0)")
        spanning = blended_transform_factory(self.axes.transData, self.axes.transAxes)
        self.raise_region = Rectangle((0, 0), 0, 1, transform=spanning, color="#cfe8cf",
                                      alpha=0.6, label="legal raises")
        self.axes.add_patch(self.raise_region)
        (self.curve,) = self.axes.plot([], [], color="#1f5fd6", linewidth=1.8)
        self.call_line = self.axes.axvline(0.0, color="#d0252b", linestyle="--", linewidth=1,
                                           label="call")
        (self.optimum,) = self.axes.plot([], [], "o", color="#1b8a3a", label="Kelly optimum")
        self.hover = self.axes.annotate("", (0, 0), xytext=(8, 8), textcoords="offset points",
                                        fontsize=8, bbox={"boxstyle": "round", "fc": "w"})
        self.hover.set_visible(False)
        self.note = self.axes.text(0.5, 0.5, "the curve appears at your turn", ha="center",
                                   transform=self.axes.transAxes, color="#888")
        self.legend = self.axes.legend(loc="lower left", fontsize=7)
        self.stack = 0.0
        # The same x in chips along the top: the stack is read at each redraw.
        chips = self.axes.secondary_xaxis("top", functions=(self._to_chips, self._to_fraction))
        chips.set_xlabel("chips invested", fontsize=8)
        chips.tick_params(labelsize=8)
        self.fractions = np.zeros(0)
        self.growths = np.zeros(0)
        self.mpl_connect("motion_notify_event", self._on_move)
        self.show_curve(None)

    def show_curve(self, curve: GrowthCurve | None, stack: float = 0.0) -> None:
        """Draw ``curve`` for a stack of ``stack`` chips, or an empty plot."""
        visible = curve is not None
        for artist in (self.curve, self.call_line, self.optimum, self.raise_region):
            artist.set_visible(visible)
        self.note.set_visible(not visible)
        self.legend.set_visible(visible)
        self.hover.set_visible(False)
        if curve is not None:
            self.stack = stack
            self.fractions = np.asarray(curve.fractions)
            self.growths = np.where(np.isfinite(curve.growths), curve.growths, np.nan)
            self.curve.set_data(self.fractions, self.growths)
            self.optimum.set_data([curve.optimum_fraction], [curve.optimum_growth])
            self.call_line.set_xdata([curve.call_fraction, curve.call_fraction])
            low, high = curve.raise_interval or (1.0, 1.0)
            self.raise_region.set_x(low)
            self.raise_region.set_width(high - low)
            self.axes.set_ylim(*growth_limits(self.growths))
        self.draw_idle()

    def _to_chips(self, fractions: ArrayLike) -> ArrayLike:
        return np.asarray(fractions) * max(self.stack, 1.0)

    def _to_fraction(self, chips: ArrayLike) -> ArrayLike:
        return np.asarray(chips) / max(self.stack, 1.0)

    def _on_move(self, event: MouseEvent) -> None:
        if event.inaxes is not self.axes or event.xdata is None or not self.fractions.size:
            if self.hover.get_visible():
                self.hover.set_visible(False)
                self.draw_idle()
            return
        i = int(np.clip(np.searchsorted(self.fractions, event.xdata), 0, self.fractions.size - 1))
        f, g = self.fractions[i], self.growths[i]
        if math.isnan(g):
            return
        self.hover.xy = (f, g)
        self.hover.set_text(f"f = {100 * f:.1f}%\n{f * self.stack:,.0f} chips\nG = {g:+.5f}")
        self.hover.set_visible(True)
        self.draw_idle()


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
