"""The README's screenshots: the real window at a decision, saved as PNGs.

Run it on a screen, or without one under Xvfb::

    Xvfb :99 -screen 0 1920x1080x24 &
    DISPLAY=:99 python -m ui.screenshot resources/window-1366x768.png --size 1366x768
    DISPLAY=:99 python -m ui.screenshot resources/quick-mode.png --size 1366x768 --quick
    Xvfb :98 -screen 0 2300x1000x24 &
    DISPLAY=:98 python -m ui.screenshot resources/turn-range-hud.png --size 1500x1000 \
        --turn --hud tests/data/pokerstars

The full-hand picture logs a hand to the hero's flop decision; the quick-mode one
enters the same decision in quick mode's few inputs.  ``--turn`` plays the hand on to
the turn and opens the bettor's range window beside the main window (the whole screen
is saved); ``--hud FOLDER`` names the seats after players of the hand files in FOLDER,
imported into a fresh hand database, so that their statistics show beside the seats.
"""

import argparse
import contextlib
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEventLoop, QSettings, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication

from assistant.cards import parse_cards
from assistant.database import open_database
from assistant.database.importer import import_paths
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


def play_on_to_the_turn(window: MainWindow) -> None:
    """After :func:`log_full_hand`: the hero and the button call the flop bet, the turn
    comes, and seat 3 bets 30 into the hero."""
    window.act(ActionKind.CALL)  # the hero calls 12
    window.act(ActionKind.CALL)  # the button calls
    window.place_cards(parse_cards("7c"))
    window.amount.setValue(30)
    window.raise_to_amount()


SEAT_NAMES = ["filushh", "BoomDoon", "jimmyhoo", "you", "postler812", "Zockermicha"]
"""Players of ``tests/data/pokerstars`` for the six seats (the hero's seat is 4)."""


def enter_quick_spot(window: MainWindow) -> None:
    """The same flop decision in quick mode: cards, board, pot, call, opponents."""
    window.modes.setCurrentWidget(window.quick_page)
    window.quick.hero.setText("AhKd")
    window.quick.board.setText("Ks9h4d")
    for name, value in (("pot", 33), ("to_call", 12), ("opponents", 2)):
        window.quick.numbers[name].setValue(value)
    window.quick.changed.emit()


def take_screenshot(path: Path, size: tuple[int, int] = (1560, 940), quick: bool = False,
                    dark: bool = False, turn: bool = False, hud: Path | None = None) -> None:
    """Drive the window to the hero's flop (or turn) decision, wait for the advice, save
    it."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    apply_look(app)
    with tempfile.TemporaryDirectory() as folder:
        settings = QSettings(str(Path(folder) / "settings.ini"), QSettings.Format.IniFormat)
        for key, value in {**SETUP, "view/dark": "true" if dark else "false"}.items():
            settings.setValue(key, value)
        if hud is not None:
            database = Path(folder) / "hands.db"
            with contextlib.closing(open_database(database)) as connection:
                import_paths(connection, [str(hud)])
            settings.setValue("database/path", str(database))
            settings.setValue("hud/names", SEAT_NAMES)
        window = MainWindow(settings)
        window.resize(*size)
        window.move(0, 0)
        window.show()
        wait_until(lambda: window.engine_state.text() == "Engine ready", 300_000)
        (enter_quick_spot if quick else log_full_hand)(window)
        if turn:
            play_on_to_the_turn(window)
        wait_until(lambda: window.advice.growth_plot.curve.get_visible(), 60_000)
        if not turn:
            app.processEvents()
            window.grab().save(str(path))
            window.close()
            return
        window.seats.rows[2].range_button.click()  # the bettor's range, as a player opens it
        ranges = window.ranges.windows[2]
        ranges.move(size[0], 0)
        wait_until(lambda: False, 4_000)  # the range and its breakdown come from the worker
        screen = QGuiApplication.primaryScreen()
        width = size[0] + ranges.frameGeometry().width()
        screen.grabWindow(0, 0, 0, width, max(size[1], ranges.frameGeometry().height())
                          ).save(str(path))
        window.close()


def main() -> None:
    """The command line: the file, the window size, quick mode, the dark theme."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", type=Path, nargs="?", default=Path("resources/window-1366x768.png"))
    parser.add_argument("--size", default="1560x940", help="WIDTHxHEIGHT")
    parser.add_argument("--quick", action="store_true", help="quick mode")
    parser.add_argument("--dark", action="store_true", help="the dark theme")
    parser.add_argument("--turn", action="store_true",
                        help="on to the turn, with the bettor's range window open")
    parser.add_argument("--hud", type=Path, metavar="FOLDER",
                        help="hand files whose players sit at the table, with their HUD")
    args = parser.parse_args()
    width, height = (int(part) for part in args.size.split("x"))
    take_screenshot(args.path, (width, height), args.quick, args.dark, args.turn, args.hud)


if __name__ == "__main__":
    main()
