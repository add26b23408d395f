"""Starting the window: the application, its settings, the crash dialog, the first-run
welcome and the single instance.

A start screen shows before the main window's modules (numpy, the widgets and the
engine's light layer) are imported, so something is on screen at once; the engine's
kernels (numba) then load on the worker thread while the window already takes input
("Preparing engine…"), and matplotlib when the plots are first needed.
"""

from __future__ import annotations

import importlib.resources
import sys
import traceback
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QIcon
from PySide6.QtWidgets import QApplication, QLabel, QMessageBox, QVBoxLayout, QWidget

from assistant.desktop_entry import APP_ID
from ui.single_instance import InstanceServer, hand_over
from ui.welcome import WelcomeDialog, is_first_run

if TYPE_CHECKING:
    from ui.main_window import MainWindow

ORGANIZATION = "Kelly poker assistant"
APPLICATION = "assistant"
"""The settings' name: changing it would lose every player's settings."""
DISPLAY_NAME = "Kelly poker assistant"


def show_start_screen(app: QApplication) -> QWidget:
    """A small frameless window with the icon and "Preparing the engine…", painted at
    once.  (Qt's QSplashScreen waits up to a second for the window system to expose it
    before it paints; plain labels do not.)"""
    screen = QWidget(None, Qt.WindowType.SplashScreen)
    layout = QVBoxLayout(screen)
    layout.setContentsMargins(24, 24, 24, 24)
    icon = QLabel()
    icon.setPixmap(app_icon().pixmap(128, 128))
    layout.addWidget(icon, alignment=Qt.AlignmentFlag.AlignHCenter)
    layout.addWidget(QLabel("Preparing the engine…"), alignment=Qt.AlignmentFlag.AlignHCenter)
    screen.show()
    app.processEvents()
    return screen


def install_exception_hook(window: MainWindow) -> None:
    """Show any unexpected error in a dialog and keep the window and its hand alive.

    Qt calls Python slots from C++, where an escaping exception would otherwise end
    the program and lose the hand being entered.
    """
    def hook(kind: type[BaseException], error: BaseException,
             trace: TracebackType | None) -> None:
        details = "".join(traceback.format_exception(kind, error, trace))
        print(details, file=sys.stderr)
        window.show_error(f"unexpected error: {error}")
        saved = window.save_recovery()
        copy = f" A copy is saved in {saved}." if saved else ""
        box = QMessageBox(QMessageBox.Icon.Critical, "Unexpected error",
                          "Something went wrong. The hand you entered is kept; you can"
                          f" carry on.{copy}", parent=window)
        box.setDetailedText(details)
        box.open()

    sys.excepthook = hook


def app_icon() -> QIcon:
    """The application's icon, from the package's ``resources``."""
    resources = importlib.resources.files("ui.resources")
    with importlib.resources.as_file(resources / "icon.svg") as icon:
        return QIcon(str(icon))


def apply_look(app: QApplication) -> None:
    """The style sheet and the icon, from the package's ``resources``."""
    resources = importlib.resources.files("ui.resources")
    app.setStyleSheet((resources / "style.qss").read_text(encoding="utf-8"))
    app.setWindowIcon(app_icon())


def name_application(app: QApplication) -> None:
    """The names the settings, the title bar and the desktop know the program by."""
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APPLICATION)
    app.setApplicationDisplayName(DISPLAY_NAME)
    app.setDesktopFileName(APP_ID)  # the entry ``install-desktop`` writes


def offer_welcome(window: MainWindow, asked: bool = False) -> WelcomeDialog | None:
    """Open the welcome on the first run, or when ``asked``; accepting it sets the
    window's bankroll to the buy-ins given, each as the advice counts one (100 big
    blinds, or hero's starting stack if deeper)."""
    if not asked and not is_first_run(window.settings):
        return None
    dialog = WelcomeDialog(window.settings, window)
    dialog.accepted.connect(lambda: window.bankroll.setValue(
        round(dialog.buyins.value() * window.buyin())))
    dialog.open()
    return dialog


def add_help_menu(window: MainWindow) -> None:
    """A Help menu whose one entry opens the welcome again."""
    action = QAction("&Welcome and bankroll…", window)
    action.triggered.connect(lambda: offer_welcome(window, asked=True))
    window.menuBar().addMenu("&Help").addAction(action)


def open_files(window: MainWindow, files: list[Path]) -> None:
    """Bring the window forward with the last of ``files`` in the replay view."""
    window.showNormal()
    window.raise_()
    window.activateWindow()
    if files:
        if files[-1].is_file():
            window.open_hand_file(files[-1])
        else:
            window.show_error(f"{str(files[-1])!r} is not a file")


def run(hand_file: Path | None = None) -> int:
    """Open the window (with ``hand_file`` in the replay view) and run until it closes;
    returns the exit status.  If a window is open already, hand it the file instead."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    name_application(app)
    files = [hand_file] if hand_file is not None else []
    if hand_over(files):
        return 0
    apply_look(app)
    splash = show_start_screen(app)
    from ui.main_window import MainWindow  # numpy and the widgets: the slow import

    window = MainWindow()
    install_exception_hook(window)
    add_help_menu(window)
    server = InstanceServer(parent=window)
    server.received.connect(lambda received: open_files(window, received))
    server.listen()
    window.show()
    splash.close()
    if hand_file is not None:
        window.open_hand_file(hand_file)
    offer_welcome(window)
    return app.exec()
