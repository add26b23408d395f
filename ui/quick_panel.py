"""Quick mode: the spot in a few inputs, for live play without logging every action.

Your cards, the board, the pot, what you must call, how many opponents are left, their
stacks and profile, your own stack, and whether you act last after the flop: the advice
comes from these alone.  Text is parsed here, at the edge; the engine checks the rest
(:class:`~assistant.live.QuickSpot`).
"""

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from assistant.cards import parse_cards
from assistant.errors import PokerInputError
from assistant.live import QuickSpot
from assistant.opponents.profile import DEFAULT_PROFILE, PRESETS

NUMBERS = (("pot", "Pot (all bets in)", 0), ("to_call", "To call", 0),
           ("opponents", "Opponents left", 1), ("stack", "Your stack", 1),
           ("their_stack", "Their stacks (each)", 1))


class QuickPanel(QWidget):
    """The quick-mode inputs; emits ``changed`` when the spot may have changed."""

    changed = Signal()

    def __init__(self) -> None:
        super().__init__()
        layout = QVBoxLayout(self)
        intro = QLabel("Quick mode: enter only what you see when it is your turn. The full"
                       " hand log (every seat's action) is one tab away.")
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.hero = QLineEdit()
        self.hero.setObjectName("quick_hero")
        self.hero.setPlaceholderText("your two cards: AhKd")
        self.board = QLineEdit()
        self.board.setObjectName("quick_board")
        self.board.setPlaceholderText("board: none, or 3, 4 or 5 cards: Qs7d2c")
        form.addRow("Your cards", self.hero)
        form.addRow("Board", self.board)
        self.numbers: dict[str, QSpinBox] = {}
        for name, label, low in NUMBERS:
            box = QSpinBox()
            box.setObjectName(f"quick_{name}")
            box.setRange(low, 9 if name == "opponents" else 10**9)
            box.setGroupSeparatorShown(True)
            form.addRow(label, box)
            box.valueChanged.connect(lambda _: self.changed.emit())
            self.numbers[name] = box
        self.profile = QComboBox()
        self.profile.setObjectName("quick_profile")
        self.profile.addItems(list(PRESETS))
        self.profile.setCurrentText(DEFAULT_PROFILE)
        self.profile.setToolTip("How the opponents play: unknown is the population default")
        self.profile.currentIndexChanged.connect(lambda _: self.changed.emit())
        form.addRow("Their profile", self.profile)
        self.in_position = QCheckBox("you act last after the flop")
        self.in_position.setObjectName("quick_in_position")
        self.in_position.toggled.connect(lambda _: self.changed.emit())
        form.addRow("Position", self.in_position)
        layout.addLayout(form)
        self.problem = QLabel()
        self.problem.setObjectName("quick_problem")
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #c62828; font-weight: bold;")
        layout.addWidget(self.problem)
        layout.addStretch()
        for field in (self.hero, self.board):
            field.editingFinished.connect(self.changed.emit)

    def set_defaults(self, stack: int, opponents: int) -> None:
        """Start from the table: every seat's stack, everyone else still in."""
        for name, value in (("opponents", opponents), ("stack", stack),
                            ("their_stack", stack)):
            box = self.numbers[name]
            box.blockSignals(True)
            box.setValue(value)
            box.blockSignals(False)

    def new_spot(self, small_blind: int, big_blind: int) -> None:
        """A new hand: no cards, the blinds in the pot, a big blind to call; the
        opponents and stacks stay as they were."""
        self.hero.clear()
        self.board.clear()
        for name, value in (("pot", small_blind + big_blind), ("to_call", big_blind)):
            box = self.numbers[name]
            box.blockSignals(True)
            box.setValue(value)
            box.blockSignals(False)
        self.changed.emit()

    def spot(self, big_blind: int) -> QuickSpot | None:
        """The spot entered, or None (with the reason shown) while it is not usable."""
        try:
            hero = parse_cards(self.hero.text())
            board = parse_cards(self.board.text())
            spot = QuickSpot(tuple(hero), tuple(board), self.numbers["pot"].value(),
                             self.numbers["to_call"].value(), self.numbers["stack"].value(),
                             (self.numbers["their_stack"].value(),)
                             * self.numbers["opponents"].value(), big_blind,
                             (self.profile.currentText(),) * self.numbers["opponents"].value(),
                             self.in_position.isChecked())
            if len(hero) not in (0, 2):
                raise PokerInputError(f"your cards {self.hero.text()!r} are not two cards")
            spot.question()  # the engine's checks, shown here until corrected
        except PokerInputError as error:
            self.problem.setText(str(error))
            return None
        self.problem.clear()
        return spot
