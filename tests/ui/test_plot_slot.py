"""The advice panel's plots are made on first use: the window's modules do not import
matplotlib, a label holds each plot's place until there is something to draw."""

import os
import subprocess
import sys

from pytestqt.qtbot import QtBot

from assistant.equity import Equity
from ui.advice_panel import NO_OUTCOMES, AdvicePanel
from ui.plot_slot import NO_CURVE

PROBE = """
import sys
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
import ui.main_window
{then}
print(sorted(name for name in sys.modules if name.split(".")[0] == "matplotlib")[:3])
"""


def matplotlib_modules(then: str = "") -> str:
    """The first matplotlib modules imported by a fresh process that imports the main
    window's module and runs ``then``."""
    result = subprocess.run([sys.executable, "-c", PROBE.format(then=then)],
                            capture_output=True, text=True, check=True,
                            env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    return result.stdout.strip()


def test_the_main_window_s_modules_do_not_import_matplotlib() -> None:
    assert matplotlib_modules() == "[]"


def test_the_probe_sees_matplotlib_once_a_plot_is_made() -> None:
    """The probe above can fail: making the panel's outcome plot imports matplotlib."""
    modules = matplotlib_modules("from ui.advice_panel import AdvicePanel\n"
                                 "AdvicePanel().outcome_plot")
    assert modules.startswith("['matplotlib'")


def test_labels_hold_the_plots_places_until_the_odds_come(qtbot: QtBot) -> None:
    panel = AdvicePanel()
    qtbot.addWidget(panel)
    panel.show_waiting("Enter your two cards")
    assert panel.growth_slot.made is None and panel.outcome_slot.made is None
    assert panel.growth_slot.currentWidget() is panel.growth_slot.placeholder
    assert panel.growth_slot.placeholder.text() == NO_CURVE
    assert panel.outcome_slot.placeholder.text() == NO_OUTCOMES
    odds = Equity(0.5, (0.1, 0.0), 0.4, 0.55, True, 10, 0.0, "exact")
    panel.show_advice(odds, None, None, 0.1)
    assert panel.growth_slot.made is None  # no advice: no curve to come
    assert panel.growth_slot.placeholder.text() == NO_CURVE
    plot = panel.outcome_plot
    assert panel.outcome_slot.currentWidget() is plot
    heights = [bar.get_height() for bar in plot.bars if bar.get_visible()]
    assert heights == [0.5, 0.1, 0.4]  # win, a tie with one, lose
    panel.show_waiting("Enter your two cards")  # once made, the plot shows the emptiness
    assert panel.outcome_slot.currentWidget() is plot
    assert not any(bar.get_visible() for bar in plot.bars)
