"""The opponents' ranges in the real window: the seats' profile pickers and read-outs,
the range windows (the narrowed range as a heat map, the player's own range in its
place), the board breakdown, the replay narrowing a raiser, and the F1 help."""

from collections.abc import Callable
from html import escape

import numpy as np
import pytest
from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QShortcut
from PySide6.QtWidgets import QComboBox, QMenu, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from assistant.breakdown import range_breakdown
from assistant.cards import cards_to_mask, parse_cards
from assistant.combos import COMBO_CLASS
from assistant.hand import ActionKind
from assistant.history import load_hands
from assistant.live import LiveHand
from assistant.opponents.narrowing import acting_position
from assistant.opponents.priors import prior_range
from assistant.opponents.profile import PRESETS, profile_from_hud
from assistant.range_view import class_weights, range_size
from assistant.ranges import Range
from tests.ui.test_main_window import click, pick
from tests.ui.test_range_grid import assert_in_sync, centre
from tests.ui.test_replay_and_files import SAMPLES, open_file
from ui.breakdown_list import breakdown_rows, percent
from ui.help_overlay import listed_keys
from ui.main_window import MainWindow
from ui.profile_dialog import ProfileDialog
from ui.range_window import RangeWindow
from ui.seat_ranges import SeatRanges

RAISER = 2  # seat 3 in the window tests' table: first to act, before hero in seat 4
TIMEOUT_MS = 30_000


def button(window: MainWindow, seat: int) -> QPushButton:
    found = window.findChild(QPushButton, f"range_{seat}")
    assert found is not None
    return found


def open_range(qtbot: QtBot, window: MainWindow, seat: int) -> RangeWindow:
    qtbot.mouseClick(button(window, seat), Qt.MouseButton.LeftButton)
    dialog = window.ranges.windows[seat]
    qtbot.waitExposed(dialog)
    return dialog


def raise_to(qtbot: QtBot, window: MainWindow, amount: int) -> None:
    window.amount.setValue(amount)
    click(qtbot, window, "raise")


def test_a_raise_narrows_the_read_out_and_the_heat_map(qtbot: QtBot,
                                                       window: MainWindow) -> None:
    qtbot.waitUntil(lambda: button(window, RAISER).text() == "1326 combos · 100.0%",
                    timeout=TIMEOUT_MS)  # nobody has acted: every hand
    assert button(window, 3).text() == "you" and not button(window, 3).isEnabled()
    dialog = open_range(qtbot, window, RAISER)
    grid = dialog.editor.grid
    qtbot.waitUntil(lambda: bool(np.all(grid.cell_weights() == 1.0)), timeout=TIMEOUT_MS)
    assert grid.heat_map() and dialog.editor.source_label.text().startswith("model")
    pick(qtbot, window, "Ah Kd")  # hero's cards: dead for the opponents
    raise_to(qtbot, window, 60)
    config = window.live.config
    opened = prior_range(PRESETS["unknown"], acting_position(RAISER, config), "open",
                         config.n_seats)
    dead = cards_to_mask(parse_cards("Ah Kd"))
    combos, share = range_size(opened, dead)
    qtbot.waitUntil(lambda: button(window, RAISER).text() == f"{combos:.0f} combos · {share:.1%}",
                    timeout=TIMEOUT_MS)
    qtbot.waitUntil(lambda: np.array_equal(dialog.editor.weights(), opened),
                    timeout=TIMEOUT_MS)
    cells = grid.cell_weights()
    assert np.array_equal(cells, class_weights(opened, dead), equal_nan=True)
    assert cells[1, 1] > 0.9 and cells[12, 7] < 0.1  # KK stays, 72o is gone
    assert not np.isnan(cells[0, 0]) and cells[0, 0] > 0.9  # AA keeps 3 combos of 6


def test_the_players_own_range_replaces_the_models_in_the_advice(qtbot: QtBot,
                                                                 window: MainWindow) -> None:
    raise_to(qtbot, window, 60)
    dialog = open_range(qtbot, window, RAISER)
    editor, grid = dialog.editor, dialog.editor.grid
    qtbot.waitUntil(lambda: 0 < editor.weights().sum() < 1326, timeout=TIMEOUT_MS)
    assert window.advice_settings().ranges == {}
    qtbot.mouseClick(editor.clear_button, Qt.MouseButton.LeftButton)
    assert window.advice_settings().ranges == {}  # an empty range is not used
    assert editor.weights().sum() == 0
    assert "not used" in dialog.note.text()
    qtbot.mousePress(grid, Qt.MouseButton.LeftButton, pos=centre(grid, 0, 0))
    qtbot.mouseMove(grid, centre(grid, 1, 1))  # AA, then KK diagonally ...
    qtbot.mouseMove(grid, centre(grid, 2, 2))  # ... then QQ
    qtbot.mouseRelease(grid, Qt.MouseButton.LeftButton, pos=centre(grid, 2, 2))
    assert editor.notation.text() == "QQ+"
    assert editor.source_label.text().startswith("your range") and not grid.heat_map()
    assert_in_sync(editor)
    given = window.advice_settings().ranges
    assert list(given) == [RAISER]
    assert np.array_equal(given[RAISER], Range.parse("QQ+").weights)
    qtbot.waitUntil(lambda: button(window, RAISER).text() == "yours 18.0 combos · 1.4%",
                    timeout=TIMEOUT_MS)
    grid.setFocus()
    qtbot.keyClicks(grid, "J")  # typed on the grid: new notation
    qtbot.keyClicks(editor.notation, "J+, AKs")
    qtbot.keyClick(editor.notation, Qt.Key.Key_Return)
    assert np.array_equal(window.advice_settings().ranges[RAISER],
                          Range.parse("JJ+,AKs").weights)
    assert grid.cell_weights()[3, 3] == 1.0 and grid.cell_weights()[0, 1] == 1.0
    qtbot.mouseClick(editor.revert_button, Qt.MouseButton.LeftButton)
    assert window.advice_settings().ranges == {}
    assert editor.source_label.text().startswith("model") and grid.heat_map()
    qtbot.mouseClick(grid, Qt.MouseButton.LeftButton, pos=centre(grid, 12, 12))  # 22
    assert RAISER in window.advice_settings().ranges
    click(qtbot, window, "new_hand")
    assert window.advice_settings().ranges == {}  # the next hand starts from the model


def test_the_profile_picker_reaches_the_advice_settings(qtbot: QtBot,
                                                        window: MainWindow) -> None:
    picker = window.findChild(QComboBox, f"profile_{RAISER}")
    assert picker is not None
    assert window.advice_settings().profiles[RAISER] is PRESETS["unknown"]
    raise_to(qtbot, window, 60)
    qtbot.waitUntil(lambda: "combos" in button(window, RAISER).text(), timeout=TIMEOUT_MS)
    loose = float(button(window, RAISER).text().split()[0])
    qtbot.keyClicks(picker, "n")  # the keyboard picks "nit"
    assert picker.currentText() == "nit"
    assert window.advice_settings().profiles[RAISER] is PRESETS["nit"]
    nit_open = prior_range(PRESETS["nit"], acting_position(RAISER, window.live.config),
                           "open", window.live.config.n_seats)
    qtbot.waitUntil(lambda: button(window, RAISER).text().startswith(
        f"{range_size(nit_open)[0]:.0f} "), timeout=TIMEOUT_MS)
    assert range_size(nit_open)[0] < loose  # a nit opens fewer hands
    qtbot.keyClick(picker, Qt.Key.Key_End)  # the last choice, custom: from HUD statistics
    dialog = window.seats.findChild(ProfileDialog)
    assert dialog is not None and dialog.isVisible()
    dialog.reject()  # changed their mind: the picker goes back
    assert picker.currentText() == "nit"
    assert window.advice_settings().profiles[RAISER] is PRESETS["nit"]
    qtbot.keyClick(picker, Qt.Key.Key_End)
    qtbot.waitUntil(lambda: any(d.isVisible() for d in window.seats.findChildren(ProfileDialog)))
    dialog = next(d for d in window.seats.findChildren(ProfileDialog) if d.isVisible())
    dialog.boxes["vpip"].setValue(10.0)
    dialog.boxes["pfr"].setValue(20.0)  # above the VPIP: refused, and said
    dialog.accept()
    assert dialog.isVisible() and "PFR" in dialog.error.text()
    dialog.boxes["pfr"].setValue(8.0)
    dialog.accept()
    profile = window.advice_settings().profiles[RAISER]
    assert profile == profile_from_hud(0.10, 0.08, 2.0, 0.50, 0.05)
    assert picker.currentText() == "custom"


def test_the_breakdown_on_the_flop_lists_the_classes_by_share(qtbot: QtBot,
                                                              window: MainWindow) -> None:
    pick(qtbot, window, "Ah Kd")
    raise_to(qtbot, window, 60)
    for name in ("call", "fold", "fold", "call"):  # hero, seats 5 and 1, seat 2
        click(qtbot, window, name)
    pick(qtbot, window, "Qs 7d 2c")
    dialog = open_range(qtbot, window, RAISER)
    board, hero = cards_to_mask(parse_cards("Qs 7d 2c")), cards_to_mask(parse_cards("Ah Kd"))
    qtbot.waitUntil(lambda: "Made hands" in dialog.breakdown.text(), timeout=TIMEOUT_MS)
    expected = range_breakdown(dialog.editor.weights(), board, hero)
    made, draws = breakdown_rows(expected)
    text = dialog.breakdown.text()
    positions = [text.index(f"<td>{row.name}</td>") for row in made]
    assert positions == sorted(positions)  # largest share first
    assert [row.share for row in made] == sorted((row.share for row in made), reverse=True)
    for row in made:
        assert escape(percent(row.share)) in text and f"{row.equity:.0%}" in text
    assert sum(row.share for row in made) == pytest.approx(1.0)
    assert draws  # a raiser's range holds some draws on Qs 7d 2c


def test_the_replay_heat_map_narrows_after_a_raise(qtbot: QtBot, window: MainWindow) -> None:
    open_file(qtbot, window, SAMPLES)  # hand 1: Carol opens, Dave 3-bets
    window.replay_panel.range_choice.setCurrentText("Dave")
    qtbot.mouseClick(window.replay_panel.findChild(QPushButton, "show_range"),
                     Qt.MouseButton.LeftButton)
    dialog = window.ranges.windows[3]
    assert dialog.windowTitle() == "Dave's range"
    replay = window.replay_panel.replay
    assert replay is not None
    while replay.step is not None and replay.step.text != "Dave raises to 790":
        click(qtbot, window, "replay_forward")
    grid = dialog.editor.grid
    qtbot.waitUntil(lambda: bool(np.all(grid.cell_weights() == 1.0)), timeout=TIMEOUT_MS)
    assert not dialog.editor.isEnabled() and grid.heat_map()
    before = dialog.editor.weights()
    light = grid.grab().toImage().pixelColor(grid.cell_rect(12, 7).center())
    click(qtbot, window, "replay_forward")  # Dave 3-bets
    qtbot.waitUntil(lambda: dialog.editor.weights().sum() < before.sum(), timeout=TIMEOUT_MS)
    after = dialog.editor.weights()
    assert after.sum() < 0.2 * before.sum()  # a 3-bet range is a small part of all hands
    top = np.isin(COMBO_CLASS, [0, 14])  # AA, KK
    assert after[top].mean() > 0.8 and after[top].mean() > 5 * after[~top].mean()
    assert grid.cell_weights()[12, 7] < 0.05  # 72o
    dark = grid.grab().toImage().pixelColor(grid.cell_rect(12, 7).center())
    assert dark.lightness() > light.lightness()  # the heat fades where the range thins


def test_f1_lists_every_key_of_the_window(qtbot: QtBot, window: MainWindow) -> None:
    qtbot.keyClick(window, Qt.Key.Key_F1)
    assert window.help.isVisible()
    keys = {shortcut.key().toString() for shortcut in window.findChildren(QShortcut)}
    keys |= {action.shortcut().toString() for menu in window.menuBar().findChildren(QMenu)
             for action in menu.actions()}
    keys.discard("")
    assert {"Ctrl+O", "F1", "Esc", "Alt+R", "R"} <= keys  # menus and shortcuts were found
    assert keys <= listed_keys()
    assert "Ctrl+Z" in window.help.text() and "Alt+F" in window.help.text()
    qtbot.keyClick(window.help, Qt.Key.Key_Space)
    assert not window.help.isVisible()



class HeldWorker(QObject):
    """A worker that runs nothing until told: the test decides when answers arrive."""

    answered = Signal(int, object)
    failed = Signal(int, str)

    def __init__(self) -> None:
        super().__init__()
        self.tasks: list[Callable[[None, None], object]] = []

    def ask(self, task: Callable[[None, None], object]) -> int:
        self.tasks.append(task)
        return len(self.tasks)

    def answer(self, serial: int) -> None:
        self.answered.emit(serial, self.tasks[serial - 1](None, None))


def test_a_stale_answer_is_dropped(qtbot: QtBot) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    worker = HeldWorker()
    ranges = SeatRanges(parent, worker)  # type: ignore[arg-type]
    shown: list[dict] = []
    ranges.views_changed.connect(shown.append)
    live = LiveHand(load_hands(SAMPLES).hands[0].config, 0)
    ranges.show_live(live, {})
    dialog = ranges.open(2, "Carol")
    live.act(ActionKind.RAISE, 300)  # Carol opens
    ranges.show_live(live, {})
    newest = len(worker.tasks)
    worker.answer(newest)
    assert len(shown) == 1 and shown[0][2].combos < 1326
    opened = dialog.editor.weights()
    worker.answer(1)  # the answer from before the raise comes late
    assert len(shown) == 1 and np.array_equal(dialog.editor.weights(), opened)
