"""The live hand's log: the board, always in view, above one tab of actions per street."""

from collections.abc import Callable

from PySide6.QtWidgets import QHBoxLayout, QLabel, QListWidget, QTabWidget, QVBoxLayout, QWidget

from assistant.hand import ActionKind, Street, describe_action
from assistant.live import BOARD, LiveHand, Slot
from ui.cards import CardSlot

STREET_TABS = ("Preflop", "Flop", "Turn", "River")
NEXT_TAB = {0: 1, 3: 2, 4: 3}  # by board cards dealt: the tab of the street dealt next
BOARD_NAMES = ("flop card", "flop card", "flop card", "turn card", "river card")


class HandLog(QWidget):
    """The board's five slots and the actions of each street, with the result at the end."""

    def __init__(self, make_slot: Callable[[Slot, str], CardSlot]) -> None:
        super().__init__()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        row.addWidget(QLabel("Board:"))
        for slot, name in zip(BOARD, BOARD_NAMES, strict=True):
            row.addWidget(make_slot(slot, name))
        row.addStretch()
        layout.addLayout(row)
        self.tabs = QTabWidget()
        self.logs = [QListWidget() for _ in STREET_TABS]
        for log, name in zip(self.logs, STREET_TABS, strict=True):
            log.setObjectName(f"log_{name.lower()}")
            self.tabs.addTab(log, name)
        layout.addWidget(self.tabs, 1)

    def show_hand(self, live: LiveHand) -> None:
        """List every action on its street's tab and show the street being played."""
        hand, config = live.hand, live.config
        for log in self.logs:
            log.clear()
        street = Street.PREFLOP
        for action in hand.actions:
            if action.kind == ActionKind.HOLE:
                continue
            name = config.seat_name(action.seat) if action.seat is not None else ""
            line = describe_action(action, name, street)
            if action.kind == ActionKind.BOARD:
                street = Street(street + 1)
            self.logs[street].addItem(line)
        for line in live.results():
            self.logs[street].addItem(line)
        # While the next board is awaited, show the tab where its actions go.
        self.tabs.setCurrentIndex(NEXT_TAB[len(hand.board)] if hand.needs_board
                                  else int(hand.street))
