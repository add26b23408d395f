"""The 13 x 13 range grid: one custom-painted widget, painted with a weight brush.

Pairs sit on the diagonal, suited hands above it and offsuit hands below (the layout of
:mod:`assistant.preflop_table`).  Each cell shows its class's weight
(:func:`assistant.range_view.class_weights`) as a fill rising from the bottom of the
cell, or, in heat-map mode, as the intensity of the whole cell.  Cells whose every
combo is dead are grey and cannot be painted.

Mouse: press and drag paints every cell passed over with the brush weight.
Keyboard: the arrows move the cursor, space paints the cursor's cell, Ctrl+0 to Ctrl+4
pick the brush (0, 25, 50, 75, 100 %), and any other text typed is range notation
(``typed`` passes it on to the notation box).
"""

import numpy as np
from PySide6.QtCore import QLine, QPoint, QRect, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QImage,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QResizeEvent,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from assistant.combos import N_COMBOS
from assistant.encoding import N_RANKS
from assistant.errors import PokerInputError
from assistant.preflop_table import CLASS_NAMES
from assistant.range_view import check_weights, class_weights, set_class

BRUSHES = (0.0, 0.25, 0.5, 0.75, 1.0)
"""The brush weights, picked with the keys Ctrl+0 to Ctrl+4."""
CELL_SIZE = 34
"""The preferred side of a cell, in pixels."""
_HEAT_LOW, _HEAT_HIGH = np.array([255, 255, 255]), np.array([0xB2, 0x18, 0x2B])
_TEXT, _DEAD_TEXT, _CURSOR = QColor("#202020"), QColor("#8a8a8a"), QColor("#1f5fd6")
_KEYS = {Qt.Key.Key_Left: (0, -1), Qt.Key.Key_Right: (0, 1), Qt.Key.Key_Up: (-1, 0),
         Qt.Key.Key_Down: (1, 0)}


def _pack(rgb: np.ndarray) -> np.ndarray:
    """uint32 0xffRRGGBB pixels from an (..., 3) array of red, green and blue."""
    return np.uint32(0xFF000000) | rgb[..., 0] << 16 | rgb[..., 1] << 8 | rgb[..., 2]


def _colour(text: str) -> np.uint32:
    return np.uint32(QColor(text).rgba())


_PAIR, _SUITED, _OFFSUIT = _colour("#eef1f6"), _colour("#f7f3ea"), _colour("#f4f4f4")
_BACKGROUND = np.array([[_PAIR if row == column else _SUITED if row < column else _OFFSUIT
                         for column in range(N_RANKS)] for row in range(N_RANKS)],
                       dtype=np.uint32)
_LINE_TEXT = "#9a9a9a"
_FILL, _DEAD, _LINE = _colour("#d8573c"), _colour("#c4c4c4"), _colour(_LINE_TEXT)


class RangeGrid(QWidget):
    """A range as a painted 13 x 13 grid.

    ``range_changed`` carries a copy of the float64 (1326,) weights after every edit by
    the user (never after :meth:`set_weights`); ``brush_changed`` the new brush weight;
    ``typed`` the text of a key that starts range notation.
    """

    range_changed = Signal(object)
    brush_changed = Signal(float)
    typed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._weights = np.zeros(N_COMBOS)
        self._dead_mask = 0
        self._cells = class_weights(self._weights)
        self._brush = 1.0
        self._heat_map = False
        self._cursor = (0, 0)
        self._last_painted: tuple[int, int] | None = None
        self._image: QImage | None = None
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(N_RANKS * 22, N_RANKS * 22)
        self.setAccessibleName("range grid")

    # state -----------------------------------------------------------------------------

    def weights(self) -> np.ndarray:
        """A copy of the range's float64 (1326,) weights."""
        return self._weights.copy()

    def set_weights(self, weights: np.ndarray) -> None:
        """Show a range (float64 (1326,) weights in [0, 1]) without emitting a signal."""
        self._weights = check_weights(weights).copy()
        self._refresh()

    def dead_mask(self) -> int:
        """The card mask of the cards removed from the range (board, hero, dead)."""
        return self._dead_mask

    def set_dead_mask(self, mask: int) -> None:
        """Grey out the classes whose every combo uses a card of ``mask``."""
        self._dead_mask = int(mask)
        self._refresh()

    def cell_weights(self) -> np.ndarray:
        """float64 (13, 13): the weight each cell shows (NaN for a dead class)."""
        return self._cells.copy()

    def brush(self) -> float:
        """The weight painting gives a cell."""
        return self._brush

    def set_brush(self, weight: float) -> None:
        """Set the brush weight, in [0, 1]."""
        if not 0.0 <= weight <= 1.0:
            raise PokerInputError(f"brush weight {weight!r} is not in [0, 1]")
        if weight != self._brush:
            self._brush = float(weight)
            self.brush_changed.emit(self._brush)

    def heat_map(self) -> bool:
        """Whether weights show as colour intensity instead of fill."""
        return self._heat_map

    def set_heat_map(self, on: bool) -> None:
        """Show weights as colour intensity (a narrowed range) or as fill (an edited one)."""
        self._heat_map = bool(on)
        self._image = None
        self.update()

    def cursor_cell(self) -> tuple[int, int]:
        """The keyboard cursor's (row, column)."""
        return self._cursor

    # geometry --------------------------------------------------------------------------

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        """A comfortable size: 13 cells of :data:`CELL_SIZE` pixels a side."""
        return QSize(N_RANKS * CELL_SIZE, N_RANKS * CELL_SIZE)

    def cell_rect(self, row: int, column: int) -> QRect:
        """The rectangle of a cell in widget coordinates."""
        width, height = self.width() / N_RANKS, self.height() / N_RANKS
        left, top = round(column * width), round(row * height)
        return QRect(left, top, round((column + 1) * width) - left,
                     round((row + 1) * height) - top)

    def cell_at(self, point: QPoint) -> tuple[int, int] | None:
        """The (row, column) of the cell under a point, None outside the grid."""
        if not (0 <= point.x() < self.width() and 0 <= point.y() < self.height()):
            return None
        return (min(point.y() * N_RANKS // self.height(), N_RANKS - 1),
                min(point.x() * N_RANKS // self.width(), N_RANKS - 1))

    # editing ---------------------------------------------------------------------------

    def paint_cell(self, row: int, column: int) -> None:
        """Paint a cell with the brush as the user would; a dead cell stays as it is."""
        if np.isnan(self._cells[row, column]):
            return
        weights = set_class(self._weights, (row, column), self._brush)
        if np.array_equal(weights, self._weights):
            return
        self._weights = weights
        self._refresh()
        self.range_changed.emit(self.weights())

    def _refresh(self) -> None:
        self._cells = class_weights(self._weights, self._dead_mask)
        self._image = None
        self.update()

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt's name
        """Start a stroke: paint the cell under the pointer."""
        if event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        self._last_painted = None
        self._stroke(event.position().toPoint())

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt's name
        """Continue a stroke into each new cell the pointer enters."""
        if event.buttons() & Qt.MouseButton.LeftButton:
            self._stroke(event.position().toPoint())

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt's name
        """End the stroke."""
        self._last_painted = None
        super().mouseReleaseEvent(event)

    def _stroke(self, point: QPoint) -> None:
        cell = self.cell_at(point)
        if cell is None or cell == self._last_painted:
            return
        self._last_painted = cell
        self._cursor = cell
        self.paint_cell(*cell)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        """Arrows move the cursor, space paints, Ctrl+0-4 pick the brush, text is
        notation."""
        key = Qt.Key(event.key())
        control = event.modifiers() & Qt.KeyboardModifier.ControlModifier
        if key in _KEYS:
            step_row, step_column = _KEYS[key]
            row, column = self._cursor
            self._cursor = (min(max(row + step_row, 0), N_RANKS - 1),
                            min(max(column + step_column, 0), N_RANKS - 1))
            self.update()
        elif key == Qt.Key.Key_Space:
            self.paint_cell(*self._cursor)
        elif control and Qt.Key.Key_0 <= key <= Qt.Key.Key_4:
            self.set_brush(BRUSHES[key - Qt.Key.Key_0])
        elif not control and event.text().strip():
            self.typed.emit(event.text())
        else:
            super().keyPressEvent(event)

    # drawing ---------------------------------------------------------------------------

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        """Cells change size: draw them again at the next paint."""
        self._image = None
        super().resizeEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt's name
        """Draw the cells (from a cached image), their names and the cursor."""
        if self._image is None or self._image.size() != self.size():
            self._image = self._cell_image()
        painter = QPainter(self)
        painter.drawImage(0, 0, self._image)
        font = QFont(self.font())
        font.setPixelSize(max(8, min(self.width(), self.height()) // (N_RANKS * 3)))
        painter.setFont(font)
        dead = np.isnan(self._cells)
        for pen, cells in ((_TEXT, np.argwhere(~dead)), (_DEAD_TEXT, np.argwhere(dead))):
            painter.setPen(pen)
            for row, column in cells.tolist():
                painter.drawText(self.cell_rect(row, column), Qt.AlignmentFlag.AlignCenter,
                                 CLASS_NAMES[row * N_RANKS + column])
        if self.hasFocus():
            painter.setPen(QPen(_CURSOR, 3))
            painter.drawRect(self.cell_rect(*self._cursor).adjusted(1, 1, -2, -2))
        painter.end()

    def _cell_image(self) -> QImage:
        """Every cell's colour, fill and the grid lines as one image of the widget's size.

        numpy works out the 13 cell colours of each pixel row (fills rise from the bottom
        of a cell); Qt stretches that 13-pixel-wide image across the width.
        """
        width, height = self.width(), self.height()
        xs = [min(round(line * width / N_RANKS), width - 1) for line in range(N_RANKS + 1)]
        ys = np.array([round(line * height / N_RANKS) for line in range(N_RANKS + 1)])
        rows = np.searchsorted(ys, np.arange(height), side="right") - 1
        dead = np.isnan(self._cells)
        weights = np.nan_to_num(self._cells)
        if self._heat_map:
            top = (_HEAT_LOW + (_HEAT_HIGH - _HEAT_LOW) * weights[..., None]).round()
            top = _pack(top.astype(np.uint32))
            bottom, fill = top, np.zeros((N_RANKS, N_RANKS))
        else:
            top, bottom = _BACKGROUND, np.full((N_RANKS, N_RANKS), _FILL)
            fill = np.round(np.diff(ys)[:, None] * weights)
        top, bottom = np.where(dead, _DEAD, top), np.where(dead, _DEAD, bottom)
        above_bottom = (ys[rows + 1] - np.arange(height))[:, None]
        pixels = np.ascontiguousarray(
            np.where(fill[rows] >= above_bottom, bottom[rows], top[rows]), dtype=np.uint32)
        pixels[np.minimum(ys, height - 1), :] = _LINE
        narrow = QImage(pixels.data, N_RANKS, height, 4 * N_RANKS, QImage.Format.Format_RGB32)
        image = narrow.scaled(width, height, Qt.AspectRatioMode.IgnoreAspectRatio,
                              Qt.TransformationMode.FastTransformation)
        painter = QPainter(image)
        painter.setPen(QColor(_LINE_TEXT))
        painter.drawLines([QLine(x, 0, x, height - 1) for x in xs])
        painter.end()
        return image
