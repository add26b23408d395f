"""One opponent's range in a window of its own: the range editor (the model's range as a
heat map, or the player's own) beside the range's breakdown on the board.

The window only shows what :mod:`ui.seat_ranges` hands it and passes the player's
edits back; it computes nothing.
"""

import numpy as np
from PySide6.QtCore import Signal
from PySide6.QtWidgets import QDialog, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from assistant.cards import format_cards
from ui.breakdown_list import BreakdownList
from ui.range_editor import RangeEditor
from ui.range_task import SeatRangeView

EMPTY_NOTE = "An empty range is not used: the advice keeps the model's range."
REPLAY_NOTE = "Replay: the model's range at this point of the hand (view only)."


class RangeWindow(QDialog):
    """A seat's range, kept up to date as the hand goes on.

    ``edited`` carries the seat and the player's own weights after an edit, or None
    when the player went back to the model's range.
    """

    edited = Signal(int, object)

    def __init__(self, seat: int, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.seat = seat
        self.setObjectName(f"range_window_{seat}")
        self.setWindowTitle(title)
        self.editor = RangeEditor(self)
        self.editor.range_changed.connect(self._on_edit)
        self.note = QLabel(self)
        self.note.setObjectName("range_note")
        self.note.setWordWrap(True)
        self.breakdown = BreakdownList(self)
        left = QVBoxLayout()
        left.addWidget(self.editor, 1)
        left.addWidget(self.note)
        layout = QHBoxLayout(self)
        layout.addLayout(left, 3)
        layout.addWidget(self.breakdown, 2)

    def show_view(self, view: SeatRangeView, hero_known: bool, editable: bool) -> None:
        """Show a seat's range (the player's own if given), its dead cards and breakdown
        (hero's equity column when ``hero_known``); ``editable`` is False in a replay."""
        self.editor.setEnabled(editable)
        self.editor.set_dead_mask(view.dead_mask)
        self.editor.show_ranges(view.model, view.yours)
        if self.editor.is_edited() and not self.editor.weights().any():
            self.note.setText(EMPTY_NOTE)
        else:
            self.note.setText("" if editable else REPLAY_NOTE)
        if view.folded:
            self.note.setText("This player has folded: the range is the one it folded.")
        elif view.cards:
            self.note.setText(f"You know this player's cards, {format_cards(view.cards, ' ')}:"
                              " the advice uses them, not this range.")
        if view.breakdown is not None:
            self.breakdown.show_breakdown(view.breakdown, hero_known)
        else:
            self.breakdown.show_note(view.breakdown_note)

    def show_note(self, note: str) -> None:
        """Nothing to show for this seat now (not an opponent here, or an error)."""
        self.note.setText(note)
        self.breakdown.show_note("")

    def _on_edit(self, weights: np.ndarray) -> None:
        edited = self.editor.is_edited()
        self.note.setText(EMPTY_NOTE if edited and not weights.any() else "")
        self.edited.emit(self.seat, weights if edited else None)
