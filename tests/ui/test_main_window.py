"""The window opens: proof that the Qt stack installs and runs offscreen."""

from pytestqt.qtbot import QtBot

from ui.main_window import MainWindow


def test_main_window_opens(qtbot: QtBot) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert window.isVisible()
    assert window.windowTitle() == "Kelly poker assistant"
