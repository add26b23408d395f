"""The README's screenshot: the real window in the middle of a hand, saved as a PNG.

Run it on a screen, or without one under Xvfb::

    xvfb-run -s "-screen 0 1600x1000x24" python -m ui.screenshot resources/screenshot.png
"""

import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEventLoop, QSettings, QTimer
from PySide6.QtWidgets import QApplication

from assistant.cards import parse_cards
from assistant.hand import ActionKind
from ui.app import apply_look
from ui.main_window import MainWindow

SETUP = {"table/seats": 6, "table/hero": 4, "table/button": 6, "table/small_blind": 1,
         "table/big_blind": 2, "table/ante": 0, "table/stack": 200, "kelly/scale": 1.0}


def wait_until(condition: Callable[[], bool], timeout_ms: int) -> None:
    """Run the event loop until ``condition()`` holds (or the time is up)."""
    loop = QEventLoop()
    poll = QTimer()

    def check() -> None:
        if condition():
            loop.quit()

    poll.timeout.connect(check)
    poll.start(50)
    QTimer.singleShot(timeout_ms, loop.quit)
    loop.exec()
    poll.stop()


def take_screenshot(path: Path) -> None:
    """Play a hand to the hero's flop decision, wait for the advice, save the window."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    apply_look(app)
    with tempfile.TemporaryDirectory() as folder:
        settings = QSettings(str(Path(folder) / "settings.ini"), QSettings.Format.IniFormat)
        for key, value in SETUP.items():
            settings.setValue(key, value)
        window = MainWindow(settings)
        window.resize(1560, 940)
        window.show()
        window.modes.setCurrentWidget(window.full_page)
        wait_until(lambda: window.engine_state.text() == "Engine ready", 300_000)
        window.place_cards(parse_cards("Ah Kd"))
        window.amount.setValue(6)
        window.raise_to_amount()  # seat 3 opens to 6
        for kind in (ActionKind.CALL, ActionKind.FOLD, ActionKind.CALL, ActionKind.FOLD,
                     ActionKind.FOLD):
            window.act(kind)  # hero calls, seat 5 folds, the button calls, the blinds fold
        window.place_cards(parse_cards("Ks 9h 4d"))
        window.amount.setValue(12)
        window.raise_to_amount()  # seat 3 bets 12 into the hero
        wait_until(lambda: window.advice.growth_plot.curve.get_visible(), 60_000)
        app.processEvents()
        window.grab().save(str(path))
        window.close()


if __name__ == "__main__":
    take_screenshot(Path(sys.argv[1] if len(sys.argv) > 1 else "resources/screenshot.png"))
