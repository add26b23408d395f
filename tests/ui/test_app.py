"""The application's look comes from the installed resources."""

from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from ui.app import apply_look, show_start_screen


def test_style_sheet_and_icon_load(qtbot: QtBot) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    before = app.styleSheet()
    apply_look(app)
    assert "QGroupBox" in app.styleSheet()
    assert not app.windowIcon().isNull()
    app.setStyleSheet(before)


def test_the_start_screen_says_the_engine_is_preparing_and_shows_the_icon(
        qtbot: QtBot) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    screen = show_start_screen(app)
    qtbot.addWidget(screen)
    assert screen.isVisible()
    labels = screen.findChildren(QLabel)
    assert any(label.text() == "Preparing the engine…" for label in labels)
    assert any(not label.pixmap().isNull() for label in labels)
