"""A place in a layout for a matplotlib plot, made the first time it has something to
draw.

Importing matplotlib and drawing the advice panel's two plots took about 0.5 s of the
window's start, for empty axes; until a plot is made, a light label holds its place and
says what will appear there.  :func:`import_plots`, run off the GUI thread once the window
is up, imports the plots' module, so that making the first plot does not wait for it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QStackedWidget, QWidget

NO_CURVE = "the curve appears at your turn"
PLOTS_MODULE = "ui.plots"


class PlotSlot(QStackedWidget):
    """Holds a label until :meth:`plot` is first asked for, then the plot ``make``
    returns (on the GUI thread; ``make`` may import matplotlib)."""

    def __init__(self, make: Callable[[], QWidget], message: str = "",
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._make = make
        self.placeholder = QLabel(message)
        self.placeholder.setObjectName("plot_placeholder")
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.placeholder.setWordWrap(True)
        self.placeholder.setStyleSheet("color: #888; background: white; border: 1px solid #ddd;")
        self.addWidget(self.placeholder)
        self.made: QWidget | None = None

    def plot(self) -> QWidget:
        """The plot, made now if it was not yet."""
        if self.made is None:
            self.made = self._make()
            self.addWidget(self.made)
            self.setCurrentWidget(self.made)
        return self.made

    def say(self, message: str) -> None:
        """What the label says while there is no plot."""
        self.placeholder.setText(message)


def import_plots(progress: Callable[[object], None], should_stop: Callable[[], bool]) -> str:
    """Import :mod:`ui.plots` (and matplotlib), for a :class:`~ui.background.LatestTask`:
    a plot made meanwhile on the GUI thread waits only for the rest of that import.
    Returns the module's name."""
    return importlib.import_module(PLOTS_MODULE).__name__
