"""The README's screenshots: the real window at a decision, saved as PNGs.

Run it on a screen, or without one under Xvfb::

    Xvfb :99 -screen 0 1920x1080x24 &
    DISPLAY=:99 python -m ui.screenshot resources/window-1366x768.png --size 1366x768
    DISPLAY=:99 python -m ui.screenshot resources/quick-mode.png --size 1366x768 --quick

The full-hand picture logs a hand to the hero's flop decision; the quick-mode one
enters the same decision in quick mode's few inputs.
"""

import argparse
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


def log_full_hand(window: MainWindow) -> None:
    """Seat 3 opens, the hero calls, the button calls; seat 3 bets the flop."""
    window.modes.setCurrentWidget(window.full_page)
    window.place_cards(parse_cards("Ah Kd"))
    window.amount.setValue(6)
    window.raise_to_amount()  # seat 3 opens to 6
    for kind in (ActionKind.CALL, ActionKind.FOLD, ActionKind.CALL, ActionKind.FOLD,
                 ActionKind.FOLD):
        window.act(kind)  # hero calls, seat 5 folds, the button calls, the blinds fold
    window.place_cards(parse_cards("Ks 9h 4d"))
    window.amount.setValue(12)
    window.raise_to_amount()  # seat 3 bets 12 into the hero


def enter_quick_spot(window: MainWindow) -> None:
    """The same flop decision in quick mode: cards, board, pot, call, opponents."""
    window.modes.setCurrentWidget(window.quick_page)
    window.quick.hero.setText("AhKd")
    window.quick.board.setText("Ks9h4d")
    for name, value in (("pot", 33), ("to_call", 12), ("opponents", 2)):
        window.quick.numbers[name].setValue(value)
    window.quick.changed.emit()


def take_screenshot(path: Path, size: tuple[int, int] = (1560, 940), quick: bool = False,
                    dark: bool = False) -> None:
    """Drive the window to the hero's flop decision, wait for the advice, save it."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    apply_look(app)
    with tempfile.TemporaryDirectory() as folder:
        settings = QSettings(str(Path(folder) / "settings.ini"), QSettings.Format.IniFormat)
        for key, value in {**SETUP, "view/dark": "true" if dark else "false"}.items():
            settings.setValue(key, value)
        window = MainWindow(settings)
        window.resize(*size)
        window.show()
        wait_until(lambda: window.engine_state.text() == "Engine ready", 300_000)
        (enter_quick_spot if quick else log_full_hand)(window)
        wait_until(lambda: window.advice.growth_plot.curve.get_visible(), 60_000)
        app.processEvents()
        window.grab().save(str(path))
        window.close()


def main() -> None:
    """The command line: the file, the window size, quick mode, the dark theme."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", type=Path, nargs="?", default=Path("resources/window-1366x768.png"))
    parser.add_argument("--size", default="1560x940", help="WIDTHxHEIGHT")
    parser.add_argument("--quick", action="store_true", help="quick mode")
    parser.add_argument("--dark", action="store_true", help="the dark theme")
    args = parser.parse_args()
    width, height = (int(part) for part in args.size.split("x"))
    take_screenshot(args.path, (width, height), args.quick, args.dark)


if __name__ == "__main__":
    main()
