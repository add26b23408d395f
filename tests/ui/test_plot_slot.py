"""The advice panel's plots are made on first use: a label holds each plot's place until
there is something to draw (that the window's modules do not import matplotlib is
checked in ``tests/test_startup.py``)."""

import sys

from pytestqt.qtbot import QtBot

from assistant.equity import Equity
from ui.advice_panel import NO_OUTCOMES, AdvicePanel
from ui.background import LatestTask
from ui.plot_slot import NO_CURVE, import_plots


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


def test_the_plots_module_is_imported_off_the_gui_thread(qtbot: QtBot) -> None:
    task = LatestTask("plots")
    with qtbot.waitSignal(task.done, timeout=60_000) as done:
        task.run(import_plots)
    assert done.args is not None and done.args[1] == "ui.plots"
    assert "ui.plots" in sys.modules
