"""The range editor: the grid with a notation box kept in sync, a "top x %" slider,
position presets from the engine's priors, Clear / Copy / Paste, and a marker that says
whether the range is the model's or the player's own.

The editor holds no range logic: weights come from :mod:`assistant.opponents.priors`,
the grid view from :mod:`assistant.range_view` and notation from :mod:`ui.range_notation`.
"""

import numpy as np
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSlider,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from assistant.errors import PokerInputError
from assistant.opponents.priors import ACTIONS, band, prior_range
from assistant.opponents.profile import DEFAULT_PROFILE, PRESETS, get_profile
from assistant.opponents.seats import MAX_PLAYERS, MIN_PLAYERS, position_names
from assistant.range_view import check_weights, range_size
from ui.range_grid import BRUSHES, RangeGrid
from ui.range_notation import notation_from_weights, weights_from_notation

MODEL_TEXT = "model: the range after every action so far"
YOURS_TEXT = "your range: the advice uses it instead of the model's for this hand"


class RangeEditor(QWidget):
    """A range grid with its notation, presets and edit controls.

    ``range_changed`` carries a copy of the float64 (1326,) weights after every edit by
    the user (and after going back to the model's range); ``edited_changed`` says whether
    the range shown is now the player's own rather than the model's (set by
    :meth:`set_model_range`).  The model's range shows as a heat map, the player's as
    fill.
    """

    range_changed = Signal(object)
    edited_changed = Signal(bool)

    def __init__(self, parent: QWidget | None = None, players: int = 6) -> None:
        super().__init__(parent)
        self._model: np.ndarray | None = None
        self._edited = False
        self._synced_text = ""
        self.grid = RangeGrid(self)
        self.grid.range_changed.connect(self._on_grid_changed)
        self.grid.typed.connect(self._type_notation)
        self.notation = QLineEdit(self)
        self.notation.setObjectName("range_notation")
        self.notation.setPlaceholderText("e.g. QQ+, AKs, AQo:0.5, 76s")
        self.notation.editingFinished.connect(self._on_notation_finished)
        self.error = QLabel(self)
        self.error.setObjectName("range_error")
        self.error.setStyleSheet("color: #b00020;")
        self.error.setWordWrap(True)
        self.size_label = QLabel(self)
        self.size_label.setObjectName("range_size")
        self.source_label = QLabel(self)
        self.source_label.setObjectName("range_source")
        self.source_label.setWordWrap(True)
        self.revert_button = QPushButton("Back to the model's range", self)
        self.revert_button.clicked.connect(self.revert)

        self.top_slider = QSlider(Qt.Orientation.Horizontal, self)
        self.top_slider.setObjectName("range_top")
        self.top_slider.setRange(1, 100)
        self.top_slider.setValue(15)
        self.top_label = QLabel(self)
        self.top_slider.valueChanged.connect(self._on_top_changed)

        self.profile_box = QComboBox(self)
        self.profile_box.addItems(list(PRESETS))
        self.profile_box.setCurrentText(DEFAULT_PROFILE)
        self.players_box = QSpinBox(self)
        self.players_box.setRange(MIN_PLAYERS, MAX_PLAYERS)
        self.position_box = QComboBox(self)
        self.action_box = QComboBox(self)
        self.action_box.addItems(list(ACTIONS))
        self.players_box.valueChanged.connect(self._fill_positions)
        self.players_box.setValue(players)
        self._fill_positions(players)
        self.preset_button = QPushButton("Apply preset", self)
        self.preset_button.clicked.connect(self.apply_preset)

        self.brush_group = QButtonGroup(self)
        brush_row = QHBoxLayout()
        brush_row.addWidget(QLabel("Brush:", self))
        for index, weight in enumerate(BRUSHES):
            button = QToolButton(self)
            button.setText(f"{weight:.0%}")
            button.setCheckable(True)
            button.setToolTip(f"paint with weight {weight:g} (Ctrl+{index} in the grid)")
            self.brush_group.addButton(button, index)
            brush_row.addWidget(button)
        self.brush_group.button(len(BRUSHES) - 1).setChecked(True)
        self.brush_group.idClicked.connect(lambda index: self.grid.set_brush(BRUSHES[index]))
        self.grid.brush_changed.connect(self._show_brush)
        self.heat_box = QCheckBox("Heat map", self)
        self.heat_box.toggled.connect(self.grid.set_heat_map)
        brush_row.addWidget(self.heat_box)
        brush_row.addStretch(1)

        self.clear_button = QPushButton("Clear", self)
        self.clear_button.clicked.connect(lambda: self._set_by_user(np.zeros_like(
            self.grid.weights())))
        self.copy_button = QPushButton("Copy", self)
        self.copy_button.clicked.connect(self.copy_notation)
        self.paste_button = QPushButton("Paste", self)
        self.paste_button.clicked.connect(self.paste_notation)

        presets = QGridLayout()
        presets.addWidget(QLabel("Top", self), 0, 0)
        presets.addWidget(self.top_slider, 0, 1, 1, 3)
        presets.addWidget(self.top_label, 0, 4)
        presets.addWidget(self.profile_box, 1, 0)
        presets.addWidget(self.players_box, 1, 1)
        presets.addWidget(self.position_box, 1, 2)
        presets.addWidget(self.action_box, 1, 3)
        presets.addWidget(self.preset_button, 1, 4)
        buttons = QHBoxLayout()
        for widget in (self.clear_button, self.copy_button, self.paste_button):
            buttons.addWidget(widget)
        buttons.addStretch(1)
        buttons.addWidget(self.revert_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.source_label)
        layout.addWidget(self.grid, 1)
        layout.addLayout(brush_row)
        layout.addWidget(self.notation)
        layout.addWidget(self.error)
        layout.addWidget(self.size_label)
        layout.addLayout(presets)
        layout.addLayout(buttons)
        for push_button in self.findChildren(QPushButton):
            push_button.setAutoDefault(False)  # in a dialog, Enter in the notation box is for it
        self._show_top(self.top_slider.value())
        self._show_range(self.grid.weights())
        self._set_edited(False)

    # public API ------------------------------------------------------------------------

    def weights(self) -> np.ndarray:
        """A copy of the range's float64 (1326,) weights."""
        return self.grid.weights()

    def set_range(self, weights: np.ndarray) -> None:
        """Show a range without marking it as edited or emitting a signal."""
        self.grid.set_weights(weights)
        self._show_range(self.grid.weights())

    def set_model_range(self, weights: np.ndarray) -> None:
        """Show the model's range (the narrowed range of this hand); a later edit by the
        user is marked as overriding it."""
        self.show_ranges(weights, None)

    def show_ranges(self, model: np.ndarray, yours: np.ndarray | None) -> None:
        """Show the model's range, or the player's own range in its place (marked as
        such), without emitting ``range_changed``.  A range already shown is left as it
        is, so text being typed in the notation box survives."""
        self._model = check_weights(model).copy()
        shown = self._model if yours is None else yours
        if not np.array_equal(shown, self.grid.weights()):
            self.set_range(shown)
        self._set_edited(yours is not None)

    def set_seat(self, players: int, position: int) -> None:
        """Preset the table size and the acting-order position of the range's seat."""
        self.players_box.setValue(players)
        self.position_box.setCurrentIndex(position)

    def set_dead_mask(self, mask: int) -> None:
        """Grey out classes that the cards in ``mask`` kill, count combos without them,
        and leave them out of the notation."""
        if mask != self.grid.dead_mask():
            self.grid.set_dead_mask(mask)
            self._show_range(self.grid.weights())

    def is_edited(self) -> bool:
        """Whether the user has changed the model's range."""
        return self._edited

    def revert(self) -> None:
        """Go back to the model's range."""
        if self._model is not None:
            self.set_range(self._model)
            self._set_edited(False)
            self.range_changed.emit(self.grid.weights())

    def apply_preset(self) -> None:
        """Set the prior range of the chosen profile, table size, position and action."""
        weights = prior_range(get_profile(self.profile_box.currentText()),
                              self.position_box.currentIndex(), self.action_box.currentText(),
                              self.players_box.value())
        self._set_by_user(weights)

    def copy_notation(self) -> None:
        """Put the range's notation on the clipboard."""
        QGuiApplication.clipboard().setText(self.notation.text())

    def paste_notation(self) -> None:
        """Read the clipboard's text as notation."""
        self.notation.setText(QGuiApplication.clipboard().text())
        self._on_notation_finished()

    # slots -----------------------------------------------------------------------------

    def _fill_positions(self, players: int) -> None:
        current = self.position_box.currentText()
        self.position_box.clear()
        self.position_box.addItems(list(position_names(players)))
        if current in position_names(players):
            self.position_box.setCurrentText(current)

    def _show_brush(self, weight: float) -> None:
        if weight in BRUSHES:
            self.brush_group.button(BRUSHES.index(weight)).setChecked(True)

    def _show_top(self, value: int) -> None:
        self.top_label.setText(f"{value} %")

    def _on_top_changed(self, value: int) -> None:
        self._show_top(value)
        self._set_by_user(band(value / 100))

    def _on_grid_changed(self, weights: np.ndarray) -> None:
        self._show_range(weights)
        self._after_edit(weights)

    def _type_notation(self, text: str) -> None:
        """Text typed on the grid starts new notation in the box, which takes the keys."""
        self.notation.setText(text)
        self.notation.setFocus()

    def _on_notation_finished(self) -> None:
        text = self.notation.text()
        if text == self._synced_text:
            return
        try:
            weights = weights_from_notation(text)
        except PokerInputError as error:
            self.error.setText(str(error))
            return
        self.grid.set_weights(weights)
        self._synced_text = text
        self.error.clear()
        self._show_size(weights)
        self._after_edit(weights)

    def _set_by_user(self, weights: np.ndarray) -> None:
        self.grid.set_weights(weights)
        self._show_range(self.grid.weights())
        self._after_edit(self.grid.weights())

    def _after_edit(self, weights: np.ndarray) -> None:
        self._set_edited(self._model is not None)
        self.range_changed.emit(weights)

    def _show_range(self, weights: np.ndarray) -> None:
        self._synced_text = notation_from_weights(weights, self.grid.dead_mask())
        self.notation.setText(self._synced_text)
        self.error.clear()
        self._show_size(weights)

    def _show_size(self, weights: np.ndarray) -> None:
        combos, share = range_size(weights, self.grid.dead_mask())
        self.size_label.setText(f"{combos:.1f} combos ({share:.1%})")

    def _set_edited(self, edited: bool) -> None:
        changed = edited != self._edited
        self._edited = edited
        self.source_label.setVisible(self._model is not None)
        self.source_label.setText(YOURS_TEXT if edited else MODEL_TEXT)
        self.source_label.setStyleSheet("color: #a15c00; font-weight: bold;" if edited
                                        else "")
        self.revert_button.setVisible(edited)
        if self._model is not None:
            self.heat_box.setChecked(not edited)
        if changed:
            self.edited_changed.emit(edited)

