"""The table setup: seats, hero's seat, button, blinds, ante, stacks and the Kelly
settings, remembered between sessions.

Only a setup the engine accepts is ever saved, and a saved setup the engine refuses
(an older bad save, a hand-edited file) falls back to the defaults with a message,
so the window always starts.
"""

from PySide6.QtCore import QSettings, Signal
from PySide6.QtWidgets import QDoubleSpinBox, QFormLayout, QGroupBox, QPushButton, QSpinBox

from assistant.door import DEFAULT_BUYINS
from assistant.errors import PokerInputError
from assistant.hand import HandConfig

DEFAULTS = {"seats": 6, "hero": 1, "button": 6, "small_blind": 1, "big_blind": 2,
            "ante": 0, "stack": 200}
LABELS = {"seats": "Seats", "hero": "Your seat", "button": "Button",
          "small_blind": "Small blind", "big_blind": "Big blind", "ante": "Ante",
          "stack": "Stacks"}
FIELD_WIDTH = 120  # a number box: room for 1,000,000,000 and its arrows
LIMITS = {"seats": (2, 10), "hero": (1, 10), "button": (1, 10), "small_blind": (0, 10**7),
          "big_blind": (1, 10**7), "ante": (0, 10**7), "stack": (1, 10**9)}


def read_setting(settings: QSettings, key: str, default: int) -> int:
    """A remembered whole number; the default if missing or unreadable."""
    try:
        return int(str(settings.value(key, default)))
    except (TypeError, ValueError):
        return default


class TableSetup(QGroupBox):
    """The table's settings; the window builds each hand's :class:`HandConfig` from them."""

    changed = Signal(str)  # the key of the table setting that changed
    kelly_changed = Signal()
    new_hand_requested = Signal()

    def __init__(self, settings: QSettings) -> None:
        super().__init__("Table")
        self.settings = settings
        form = QFormLayout(self)
        self.boxes: dict[str, QSpinBox] = {}
        for key, label in LABELS.items():
            box = QSpinBox()
            box.setObjectName(key)
            box.setRange(*LIMITS[key])
            box.setGroupSeparatorShown(True)
            box.setMaximumWidth(FIELD_WIDTH)
            form.addRow(label, box)
            self.boxes[key] = box
        self.kelly_scale = QDoubleSpinBox()
        self.kelly_scale.setObjectName("kelly_scale")
        self.kelly_scale.setRange(0.05, 1.0)
        self.kelly_scale.setSingleStep(0.05)
        self.kelly_scale.setToolTip("Fraction of the Kelly bet: 1 is full Kelly, 0.5 half Kelly")
        self.bankroll = QSpinBox()
        self.bankroll.setObjectName("bankroll")
        self.bankroll.setRange(0, 10**9)
        self.bankroll.setGroupSeparatorShown(True)
        self.bankroll.setSpecialValueText(f"{DEFAULT_BUYINS} buy-ins")
        self.bankroll.setToolTip("Your whole bankroll in chips at the start of the hand, the"
                                 " stack on the table included; at 0 the advice takes"
                                 f" {DEFAULT_BUYINS} buy-ins (a buy-in: 100 big blinds, or"
                                 " your stack if deeper)")
        self.kelly_scale.setMaximumWidth(FIELD_WIDTH)
        self.bankroll.setMaximumWidth(FIELD_WIDTH)
        form.addRow("Kelly scale", self.kelly_scale)
        form.addRow("Bankroll", self.bankroll)
        new_hand = QPushButton("New hand (Ctrl+N)")
        new_hand.setObjectName("new_hand")
        new_hand.clicked.connect(self.new_hand_requested.emit)
        form.addRow(new_hand)
        self.load_message = self._load()
        for key, box in self.boxes.items():
            box.valueChanged.connect(lambda _, k=key: self._on_changed(k))
        self.kelly_scale.valueChanged.connect(lambda _: self.kelly_changed.emit())
        self.bankroll.valueChanged.connect(lambda _: self.kelly_changed.emit())

    def value(self, key: str) -> int:
        """One table setting (seats, hero and button count from 1)."""
        return self.boxes[key].value()

    def set_value(self, key: str, value: int) -> None:
        """Change a setting quietly (no ``changed`` signal)."""
        box = self.boxes[key]
        box.blockSignals(True)
        box.setValue(value)
        box.blockSignals(False)

    def config(self, stacks: list[int]) -> HandConfig:
        """The hand setup with these stacks; raises :class:`PokerInputError` if the
        engine refuses the settings."""
        return HandConfig.standard(stacks, self.value("button") - 1, self.value("small_blind"),
                                   self.value("big_blind"), ante=self.value("ante"))

    def check(self) -> str | None:
        """What the engine says is wrong with the settings, or None if they are valid."""
        try:
            self.config([self.value("stack")] * self.value("seats"))
        except PokerInputError as error:
            return str(error)
        return None

    def save(self) -> None:
        """Remember the Kelly settings, and the table settings if they are valid."""
        if self.check() is None:
            for key in DEFAULTS:
                self.settings.setValue(f"table/{key}", self.value(key))
        self.settings.setValue("kelly/scale", self.kelly_scale.value())
        self.settings.setValue("kelly/bankroll", self.bankroll.value())

    def _load(self) -> str | None:
        """Set the boxes from the settings; the defaults, with the reason, if invalid."""
        problem = None
        for key, default in DEFAULTS.items():
            value = read_setting(self.settings, f"table/{key}", default)
            low, high = LIMITS[key]
            if not low <= value <= high and problem is None:
                problem = f"{LABELS[key].lower()} {value:,} is not between {low} and {high:,}"
            self.set_value(key, value)
        problem = problem or self.check()
        if problem is None and not self._seats_fit():
            problem = "your seat or the button is not at the table"
        if problem is not None:
            for key, default in DEFAULTS.items():
                self.set_value(key, default)
        self._fit_seats()
        try:
            scale = float(str(self.settings.value("kelly/scale", 1.0)))
        except ValueError:
            scale = 1.0
        self.kelly_scale.setValue(scale)
        self.bankroll.setValue(read_setting(self.settings, "kelly/bankroll", 0))
        if problem is None:
            return None
        return f"the saved table settings were refused ({problem}); using the defaults"

    def _seats_fit(self) -> bool:
        return all(self.value(key) <= self.value("seats") for key in ("hero", "button"))

    def _fit_seats(self) -> None:
        for key in ("hero", "button"):
            self.boxes[key].setMaximum(self.value("seats"))

    def _on_changed(self, key: str) -> None:
        self._fit_seats()
        self.changed.emit(key)
