"""The seats of the live hand: each seat's starting stack, chips behind, bet this
street, state, and its two card slots."""

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QGridLayout, QGroupBox, QHBoxLayout, QLabel, QSpinBox, QWidget

from assistant.live import LiveHand, Slot
from ui.cards import CardSlot

HEADINGS = ("Seat", "Start", "Behind", "Bet", "", "Cards")
STACK_WIDTH = 80


@dataclass
class SeatRow:
    """The widgets of one seat's row."""

    name: QLabel
    stack: QSpinBox  # the stack at the start of the hand (set up before any betting)
    behind: QLabel
    bet: QLabel
    state: QLabel


class SeatsView(QGroupBox):
    """One row per seat; the card slots come from the window, which owns selection."""

    stacks_changed = Signal()

    def __init__(self) -> None:
        super().__init__("Seats")
        self.grid = QGridLayout(self)
        self.rows: list[SeatRow] = []
        self.player_widget: Callable[[int], QWidget] | None = None
        """Makes a seat's player widget (the HUD, :mod:`ui.hud`), put last in its row."""

    def rebuild(self, stacks: tuple[int, ...], make_slot: Callable[[Slot, str], CardSlot]
                ) -> None:
        """Lay out a row per seat with these starting stacks."""
        while self.grid.count():
            item = self.grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self.rows = []
        for column, title in enumerate(HEADINGS):
            self.grid.addWidget(QLabel(f"<b>{title}</b>"), 0, column)
        for seat, chips in enumerate(stacks):
            stack = QSpinBox()
            stack.setObjectName(f"stack_{seat}")
            stack.setRange(1, 10**9)
            stack.setGroupSeparatorShown(True)
            stack.setMaximumWidth(STACK_WIDTH)
            stack.setValue(chips)
            stack.setToolTip("the stack at the start of the hand")
            stack.valueChanged.connect(lambda _: self.stacks_changed.emit())
            name, behind, bet, state = QLabel(), QLabel(), QLabel(), QLabel()
            slots = QWidget()
            slot_layout = QHBoxLayout(slots)
            slot_layout.setContentsMargins(0, 0, 0, 0)
            for index in range(2):
                slot_layout.addWidget(make_slot(Slot(seat, index), f"seat {seat + 1} card"))
            for column, widget in enumerate((name, stack, behind, bet, state, slots)):
                self.grid.addWidget(widget, seat + 1, column)
            self.rows.append(SeatRow(name, stack, behind, bet, state))
            if self.player_widget is not None:
                self.grid.addWidget(self.player_widget(seat), seat + 1, len(HEADINGS))
        if self.player_widget is not None:
            self.grid.addWidget(QLabel("<b>Player · HUD</b>"), 0, len(HEADINGS))

    def stacks(self) -> list[int]:
        """Each seat's starting stack."""
        return [row.stack.value() for row in self.rows]

    def set_stacks(self, stacks: list[int]) -> None:
        """Set the starting stacks quietly (no new hand per seat)."""
        for row, chips in zip(self.rows, stacks, strict=False):
            row.stack.blockSignals(True)
            row.stack.setValue(chips)
            row.stack.blockSignals(False)

    def show_hand(self, live: LiveHand) -> None:
        """Show each seat's chips and state in ``live``."""
        hand, config = live.hand, live.config
        folded = set(range(config.n_seats)) - set(hand.live_seats())
        for seat, row in enumerate(self.rows):
            marks = [m for m, on in (("you", seat == live.hero), ("button", seat == config.button))
                     if on]
            row.name.setText(f"{seat + 1}" + (f" ({', '.join(marks)})" if marks else ""))
            row.stack.setEnabled(not live.betting)
            row.behind.setText(f"{hand.stack(seat):,}")
            row.bet.setText(f"{hand.street_contribution(seat):,}")
            row.state.setText("to act" if hand.to_act == seat else "folded" if seat in folded
                              else "all-in" if seat in hand.all_in_seats() else "")
