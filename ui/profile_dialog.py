"""A custom opponent profile from the statistics a HUD shows (VPIP, PFR, aggression
factor, fold to c-bet, 3-bet), through :func:`assistant.opponents.profile.profile_from_hud`."""

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QWidget,
)

from assistant.errors import PokerInputError
from assistant.opponents.profile import Profile, profile_from_hud

STATISTICS = (("vpip", "VPIP %", 28.0), ("pfr", "PFR %", 15.0),
              ("three_bet", "3-bet %", 5.0), ("fold_to_cbet", "Fold to c-bet %", 50.0))
"""The shares asked for: keyword, label and starting value (in percent)."""


class ProfileDialog(QDialog):
    """Asks for a player's HUD statistics; :meth:`profile` is the profile they make."""

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        form = QFormLayout(self)
        self.boxes: dict[str, QDoubleSpinBox] = {}
        for key, label, value in STATISTICS:
            box = QDoubleSpinBox(self)
            box.setObjectName(f"hud_{key}")
            box.setRange(0.0, 100.0)
            box.setDecimals(1)
            box.setValue(value)
            box.setSuffix(" %")
            form.addRow(label, box)
            self.boxes[key] = box
        self.aggression = QDoubleSpinBox(self)
        self.aggression.setObjectName("hud_aggression_factor")
        self.aggression.setRange(0.0, 100.0)
        self.aggression.setDecimals(1)
        self.aggression.setValue(2.0)
        form.addRow("Aggression factor", self.aggression)
        self.error = QLabel(self)
        self.error.setObjectName("hud_error")
        self.error.setStyleSheet("color: #b00020;")
        self.error.setWordWrap(True)
        form.addRow(self.error)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def profile(self) -> Profile:
        """The profile of the statistics entered (raises :class:`PokerInputError` when
        they contradict each other, such as a PFR above the VPIP)."""
        shares = {key: box.value() / 100 for key, box in self.boxes.items()}
        return profile_from_hud(shares["vpip"], shares["pfr"], self.aggression.value(),
                                shares["fold_to_cbet"], shares["three_bet"])

    def accept(self) -> None:
        """Close only on statistics that make a profile; otherwise say what is wrong."""
        try:
            self.profile()
        except PokerInputError as error:
            self.error.setText(str(error))
            return
        super().accept()
