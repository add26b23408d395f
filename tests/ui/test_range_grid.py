"""The range grid and editor driven as a person would: clicks, drags, keys and typing."""

import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QGuiApplication
from pytestqt.qtbot import QtBot

from assistant.cards import cards_to_mask, parse_cards
from assistant.combos import COMBO_CLASS, N_COMBOS, live_combos
from assistant.opponents.priors import band, prior_range
from assistant.opponents.profile import get_profile
from assistant.ranges import WEIGHT_DECIMALS
from ui.range_editor import RangeEditor
from ui.range_grid import RangeGrid
from ui.range_notation import notation_from_weights, weights_from_notation


@pytest.fixture
def editor(qtbot: QtBot) -> RangeEditor:
    widget = RangeEditor()
    qtbot.addWidget(widget)
    widget.resize(520, 700)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def centre(grid: RangeGrid, row: int, column: int) -> QPoint:
    return grid.cell_rect(row, column).center()


def class_members(*cells: tuple[int, int]) -> np.ndarray:
    return np.isin(COMBO_CLASS, [row * 13 + column for row, column in cells])


def assert_in_sync(editor: RangeEditor) -> None:
    """Grid cells, notation box and weights all say the same range: the notation's
    weights are rounded to its decimals, a tiny positive weight up to the smallest one
    written, so that no combo drops out."""
    weights = editor.weights()
    written = weights_from_notation(editor.notation.text())
    assert np.array_equal(written > 0, weights > 0)
    assert np.abs(written - weights).max() <= 10.0**-WEIGHT_DECIMALS
    cells = editor.grid.cell_weights()
    for cell in range(169):
        assert cells.ravel()[cell] == pytest.approx(
            weights[class_members(divmod(cell, 13))].mean())


def test_click_and_drag_paints_the_cells_passed_over(qtbot: QtBot, editor: RangeEditor) -> None:
    grid = editor.grid
    emitted: list[np.ndarray] = []
    editor.range_changed.connect(emitted.append)
    qtbot.mousePress(grid, Qt.MouseButton.LeftButton, pos=centre(grid, 0, 0))
    for column in range(1, 4):  # AKs, AQs, AJs
        qtbot.mouseMove(grid, centre(grid, 0, column))
    qtbot.mouseRelease(grid, Qt.MouseButton.LeftButton, pos=centre(grid, 0, 3))
    painted = class_members((0, 0), (0, 1), (0, 2), (0, 3))
    assert np.array_equal(editor.weights(), np.where(painted, 1.0, 0.0))
    assert len(emitted) == 4 and np.array_equal(emitted[-1], editor.weights())
    assert editor.notation.text() == "AA,AJs+"
    assert editor.size_label.text().startswith("18.0 combos")
    assert_in_sync(editor)
    qtbot.mouseMove(grid, centre(grid, 5, 5))  # the button is up: no paint
    assert grid.cell_weights()[5, 5] == 0


def test_brush_weight_paints_partial_cells(qtbot: QtBot, editor: RangeEditor) -> None:
    qtbot.mouseClick(editor.brush_group.button(2), Qt.MouseButton.LeftButton)  # 50 %
    qtbot.mouseClick(editor.grid, Qt.MouseButton.LeftButton, pos=centre(editor.grid, 1, 0))
    assert editor.grid.cell_weights()[1, 0] == 0.5
    assert editor.notation.text() == "AKo:0.5"
    assert editor.weights().sum() == 12 * 0.5
    assert_in_sync(editor)


def test_typed_notation_fills_the_grid(qtbot: QtBot, editor: RangeEditor) -> None:
    editor.notation.clear()
    qtbot.keyClicks(editor.notation, "QQ+, AKo:0.25")
    qtbot.keyClick(editor.notation, Qt.Key.Key_Return)
    cells = editor.grid.cell_weights()
    assert cells[0, 0] == cells[1, 1] == cells[2, 2] == 1.0
    assert cells[1, 0] == 0.25
    assert np.nansum(cells) == 3.25
    assert editor.weights().sum() == 18 + 12 * 0.25
    assert editor.error.text() == ""


def test_bad_notation_is_named_and_keeps_the_range(qtbot: QtBot, editor: RangeEditor) -> None:
    editor.set_range(weights_from_notation("KK"))
    editor.notation.selectAll()
    qtbot.keyClicks(editor.notation, "AKs, ZZ")
    qtbot.keyClick(editor.notation, Qt.Key.Key_Return)
    assert "'ZZ'" in editor.error.text()
    assert np.array_equal(editor.weights(), weights_from_notation("KK"))


def test_arrows_and_space_paint(qtbot: QtBot, editor: RangeEditor) -> None:
    grid = editor.grid
    grid.setFocus()
    for key in (Qt.Key.Key_Right, Qt.Key.Key_Down, Qt.Key.Key_Space,  # KK
                Qt.Key.Key_2, Qt.Key.Key_Left, Qt.Key.Key_Space,  # AKo at 50 %
                Qt.Key.Key_Up, Qt.Key.Key_Up, Qt.Key.Key_Left):  # stops at the edge
        modifier = Qt.KeyboardModifier.ControlModifier if key == Qt.Key.Key_2 else (
            Qt.KeyboardModifier.NoModifier)
        qtbot.keyClick(grid, key, modifier)
    assert grid.cursor_cell() == (0, 0)
    assert grid.brush() == 0.5 and editor.brush_group.checkedId() == 2
    expected = np.where(class_members((1, 1)), 1.0, np.where(class_members((1, 0)), 0.5, 0))
    assert np.array_equal(editor.weights(), expected)
    assert editor.notation.text() == "KK,AKo:0.5"  # pairs first, as Range writes it
    assert_in_sync(editor)


def test_notation_typed_on_the_grid_goes_to_the_box(qtbot: QtBot,
                                                    editor: RangeEditor) -> None:
    editor.grid.setFocus()
    qtbot.keyClicks(editor.grid, "Q")  # the grid passes the key on; the box takes the rest
    assert editor.notation.hasFocus()
    qtbot.keyClicks(editor.notation, "Q+, 76s:0.5")
    qtbot.keyClick(editor.notation, Qt.Key.Key_Return)
    assert np.array_equal(editor.weights(), weights_from_notation("QQ+,76s:0.5"))
    cells = editor.grid.cell_weights()
    assert cells[2, 2] == 1.0 and cells[7, 8] == 0.5 and np.nansum(cells) == 3.5
    assert_in_sync(editor)


def pixel(grid: RangeGrid, row: int, column: int, at_bottom: bool = False) -> QColor:
    rect = grid.cell_rect(row, column)
    y = rect.bottom() - 3 if at_bottom else rect.top() + 3
    return grid.grab().toImage().pixelColor(rect.left() + 3, y)


def test_heat_map_shows_given_weights_as_intensity(qtbot: QtBot, editor: RangeEditor) -> None:
    grid = editor.grid
    weights = np.zeros(N_COMBOS)
    for cell, weight in {(0, 0): 1.0, (0, 1): 0.6, (0, 2): 0.2}.items():
        weights[class_members(cell)] = weight
    editor.set_model_range(weights)
    assert grid.heat_map()  # the model's range shows as a heat map
    light = [pixel(grid, 0, column).lightness() for column in range(4)]
    assert light[0] < light[1] < light[2] < light[3]
    assert pixel(grid, 0, 3) == QColor("white")
    assert not editor.is_edited()


def test_fill_shows_partial_weight(qtbot: QtBot, editor: RangeEditor) -> None:
    editor.set_range(weights_from_notation("AKo:0.5"))
    grid = editor.grid
    assert pixel(grid, 1, 0, at_bottom=True) != pixel(grid, 1, 0)  # filled half way up
    assert pixel(grid, 1, 0) == pixel(grid, 2, 0)  # top half shows the background
    assert pixel(grid, 1, 0, at_bottom=True) == QColor("#d8573c")


def test_dead_classes_are_grey_and_cannot_be_painted(qtbot: QtBot,
                                                     editor: RangeEditor) -> None:
    editor.set_dead_mask(cards_to_mask(parse_cards("As Ah Ad")))
    grid = editor.grid
    assert np.isnan(grid.cell_weights()[0, 0])
    assert pixel(grid, 0, 0) == QColor("#c4c4c4")
    with qtbot.assertNotEmitted(grid.range_changed):
        qtbot.mouseClick(grid, Qt.MouseButton.LeftButton, pos=centre(grid, 0, 0))
    assert editor.weights().sum() == 0
    qtbot.mouseClick(grid, Qt.MouseButton.LeftButton, pos=centre(grid, 0, 1))  # AKs
    assert editor.size_label.text().startswith("1.0 combos")  # AcKc is the only one left
    # A narrowed range has no weight on dead combos; the notation leaves them out.
    editor.set_range(editor.weights() * live_combos(grid.dead_mask()))
    assert editor.notation.text() == "AKs" and editor.weights().sum() == 1


def test_an_edit_overrides_the_model_and_can_be_reverted(qtbot: QtBot,
                                                         editor: RangeEditor) -> None:
    model = weights_from_notation("TT+,AQs+")
    editor.set_model_range(model)
    assert editor.source_label.text().startswith("model") and editor.grid.heat_map()
    assert editor.revert_button.isHidden()
    with qtbot.waitSignal(editor.edited_changed) as blocker:
        qtbot.mouseClick(editor.grid, Qt.MouseButton.LeftButton, pos=centre(editor.grid, 6, 6))
    assert blocker.args == [True]
    assert editor.is_edited() and editor.revert_button.isVisible()
    assert editor.source_label.text().startswith("your range")
    assert not editor.grid.heat_map()  # the player's range shows as fill
    qtbot.mouseClick(editor.revert_button, Qt.MouseButton.LeftButton)
    assert not editor.is_edited() and editor.revert_button.isHidden()
    assert editor.source_label.text().startswith("model")
    assert np.array_equal(editor.weights(), model)


def test_top_slider_and_presets_use_the_priors(qtbot: QtBot, editor: RangeEditor) -> None:
    editor.top_slider.setValue(10)
    assert np.array_equal(editor.weights(), band(0.10))
    assert editor.top_label.text() == "10 %"
    editor.profile_box.setCurrentText("tag")
    editor.players_box.setValue(9)
    editor.position_box.setCurrentText("BTN")
    editor.action_box.setCurrentText("3bet")
    qtbot.mouseClick(editor.preset_button, Qt.MouseButton.LeftButton)
    assert np.array_equal(editor.weights(), prior_range(get_profile("tag"), 6, "3bet", 9))
    assert_in_sync(editor)


def test_clear_copy_and_paste(qtbot: QtBot, editor: RangeEditor) -> None:
    editor.set_range(weights_from_notation("JJ,AQs:0.5"))
    qtbot.mouseClick(editor.copy_button, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == "JJ,AQs:0.5"
    qtbot.mouseClick(editor.clear_button, Qt.MouseButton.LeftButton)
    assert editor.weights().sum() == 0 and editor.notation.text() == ""
    QGuiApplication.clipboard().setText("KK, 76s")
    qtbot.mouseClick(editor.paste_button, Qt.MouseButton.LeftButton)
    assert np.array_equal(editor.weights(), np.where(class_members((1, 1), (7, 8)), 1.0, 0))
    assert_in_sync(editor)


def test_notation_round_trips_a_narrowed_range() -> None:
    rng = np.random.default_rng(1)
    weights = np.round(rng.random(N_COMBOS), 3) * (rng.random(N_COMBOS) < 0.3)
    assert np.array_equal(weights_from_notation(notation_from_weights(weights)), weights)
