"""Starting the window: the application, its settings, and the crash dialog."""

import importlib.resources
import sys
import traceback
from pathlib import Path
from types import TracebackType

from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QMessageBox

from ui.main_window import MainWindow

ORGANIZATION = "Kelly poker assistant"
APPLICATION = "assistant"


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


def apply_look(app: QApplication) -> None:
    """The style sheet and the icon, from the package's ``resources``."""
    resources = importlib.resources.files("ui.resources")
    app.setStyleSheet((resources / "style.qss").read_text(encoding="utf-8"))
    with importlib.resources.as_file(resources / "icon.svg") as icon:
        app.setWindowIcon(QIcon(str(icon)))


def run(hand_file: Path | None = None) -> int:
    """Open the window (with ``hand_file`` in the replay view) and run until it closes;
    returns the exit status."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APPLICATION)
    apply_look(app)
    window = MainWindow()
    install_exception_hook(window)
    window.show()
    if hand_file is not None:
        window.open_hand_file(hand_file)
    return app.exec()
