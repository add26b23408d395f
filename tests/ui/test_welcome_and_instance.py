"""The first-run welcome, the Help menu, and handing files to the running window."""

import uuid
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

import ui.app
import ui.single_instance
from ui.app import add_help_menu, offer_welcome, open_files
from ui.main_window import MainWindow
from ui.single_instance import InstanceServer, hand_over
from ui.welcome import BUYINS_KEY, DEFAULT_BUYINS, SHOWN_KEY

SAMPLE = Path(__file__).parents[2] / "resources" / "hands" / "samples.phhs"


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> MainWindow:
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue("table/stack", 400)
    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.show()
    return window


def test_first_run_asks_the_bankroll_once(qtbot: QtBot, window: MainWindow) -> None:
    dialog = offer_welcome(window)
    assert dialog is not None and dialog.isVisible()
    text = " ".join(label.text() for label in dialog.findChildren(QLabel))
    assert window.settings.fileName() in text and "Ctrl+N" in text
    assert dialog.buyins.value() == DEFAULT_BUYINS == 25
    dialog.buyins.setValue(40)
    dialog.accept()
    assert window.settings.value(BUYINS_KEY) == 40
    assert window.bankroll.value() == 40 * 400  # a 400 stack is deeper than 100 big blinds
    assert offer_welcome(window) is None  # never again by itself


def test_a_buy_in_is_at_least_a_hundred_big_blinds(qtbot: QtBot, window: MainWindow) -> None:
    window.setup.boxes["stack"].setValue(120)  # 60 big blinds of 2
    dialog = offer_welcome(window)
    assert dialog is not None
    dialog.buyins.setValue(40)
    dialog.accept()
    assert window.bankroll.value() == 40 * 100 * 2


def test_closing_the_welcome_keeps_the_bankroll(qtbot: QtBot, window: MainWindow) -> None:
    dialog = offer_welcome(window)
    assert dialog is not None
    dialog.buyins.setValue(90)
    dialog.reject()
    assert window.settings.value(SHOWN_KEY) in (True, "true")
    assert window.settings.value(BUYINS_KEY) is None and window.bankroll.value() == 0
    assert offer_welcome(window) is None


def test_the_help_menu_opens_it_again(qtbot: QtBot, window: MainWindow) -> None:
    window.settings.setValue(SHOWN_KEY, True)
    window.settings.setValue(BUYINS_KEY, 60)
    add_help_menu(window)
    help_menu = next(action.menu() for action in window.menuBar().actions()
                     if action.text() == "&Help")
    help_menu.actions()[0].trigger()
    dialog = QApplication.activeModalWidget() or window.findChild(ui.app.WelcomeDialog)
    assert isinstance(dialog, ui.app.WelcomeDialog) and dialog.buyins.value() == 60
    dialog.accept()


def test_a_second_launch_hands_its_file_over(qtbot: QtBot) -> None:
    name = f"kelly-test-{uuid.uuid4().hex}"
    assert not hand_over([SAMPLE], name)  # nobody is listening yet
    server = InstanceServer(name)
    assert server.listen()
    with qtbot.waitSignal(server.received, timeout=5000) as signal:
        assert hand_over([SAMPLE], name)
    assert signal.args == [[SAMPLE.resolve()]]
    with qtbot.waitSignal(server.received, timeout=5000) as signal:
        assert hand_over([], name)  # a bare second launch only raises the window
    assert signal.args == [[]]
    server.server.close()


def test_run_hands_over_instead_of_opening_a_window(qtbot: QtBot,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    name = f"kelly-test-{uuid.uuid4().hex}"
    monkeypatch.setattr(ui.single_instance, "server_name", lambda: name)
    server = InstanceServer()
    assert server.listen()
    with qtbot.waitSignal(server.received, timeout=5000) as signal:
        assert ui.app.run(SAMPLE) == 0
    assert signal.args == [[SAMPLE.resolve()]]
    assert not any(isinstance(w, MainWindow) and w.isVisible()
                   for w in QApplication.topLevelWidgets())
    server.server.close()


def test_handed_files_open_in_the_replay_view(qtbot: QtBot, window: MainWindow) -> None:
    open_files(window, [SAMPLE])
    assert window.modes.currentWidget() is window.replay_panel
    open_files(window, [SAMPLE.with_name("no-such-file.phh")])
    assert "no-such-file.phh" in window.message.text()


def test_the_application_names_itself_for_the_desktop(qtbot: QtBot) -> None:
    from assistant.desktop_entry import APP_ID

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    before = (app.applicationName(), app.applicationDisplayName(), app.desktopFileName())
    ui.app.name_application(app)
    try:
        assert app.applicationDisplayName() == "Kelly poker assistant"
        assert app.desktopFileName() == APP_ID
        assert app.applicationName() == "assistant"  # the settings' name is kept
    finally:
        app.setApplicationName(before[0])
        app.setApplicationDisplayName(before[1])
        app.setDesktopFileName(before[2])
