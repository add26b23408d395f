"""The application's look comes from the installed resources."""

from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from ui.app import apply_look


def test_style_sheet_and_icon_load(qtbot: QtBot) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    before = app.styleSheet()
    apply_look(app)
    assert "QGroupBox" in app.styleSheet()
    assert not app.windowIcon().isNull()
    app.setStyleSheet(before)
