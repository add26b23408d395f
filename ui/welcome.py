"""The first-run welcome: how to enter a hand, where the settings live, and the bankroll.

It is shown once (``welcome/shown`` in the settings), and again only from the Help menu.
The bankroll is asked in buy-ins (``bankroll_buyins``), since the Kelly advice depends
on how much of the player's money the stack on the table is.
"""

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

SHOWN_KEY = "welcome/shown"
BUYINS_KEY = "bankroll_buyins"
DEFAULT_BUYINS = 25
"""A common rule of thumb for a live cash-game bankroll; the player changes it here."""

HOW_TO = (
    "<h3>Welcome to the Kelly poker assistant</h3>"
    "<p><b>Entering a hand.</b> Set up the table on the left (seats, your seat, button,"
    " blinds, stacks). Select a card slot, then click cards in the picker or type them"
    " (<code>AhKd</code>). Record each action with the buttons under the cards; the odds,"
    " and at your turn the Kelly-optimal action, appear on the right."
    " <b>Ctrl+N</b> starts the next hand; <b>File &gt; Open hand file</b> replays a"
    " PokerStars or PHH history.</p>"
)


def settings_text(settings: QSettings) -> str:
    """Where the settings are kept, for the player to find or back up."""
    return (f"<p><b>Settings</b> (table, Kelly scale, bankroll, window) are kept in"
            f" <code>{settings.fileName()}</code>.</p>")


class WelcomeDialog(QDialog):
    """The welcome text and the bankroll question; accepting stores the answer."""

    def __init__(self, settings: QSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.setWindowTitle("Welcome")
        text = QLabel(HOW_TO + settings_text(settings))
        text.setWordWrap(True)
        text.setMinimumWidth(460)
        self.buyins = QSpinBox()
        self.buyins.setObjectName("bankroll_buyins")
        self.buyins.setRange(1, 100_000)
        self.buyins.setSuffix(" buy-ins")
        self.buyins.setValue(stored_buyins(settings))
        question = QLabel("<p><b>Your bankroll.</b> The advice grows your whole bankroll"
                          " fastest, so it needs its size: how many buy-ins (100 big"
                          " blinds each, or your starting stack if deeper) is all the money"
                          " you keep for poker?</p>")
        question.setWordWrap(True)
        form = QFormLayout()
        form.addRow("Bankroll", self.buyins)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok)
        buttons.accepted.connect(self.accept)
        layout = QVBoxLayout(self)
        for widget in (text, question):
            layout.addWidget(widget)
        layout.addLayout(form)
        layout.addWidget(buttons)
        self.finished.connect(self._remember)

    def _remember(self, result: int) -> None:
        """Never show it again by itself; keep the bankroll only when accepted."""
        self.settings.setValue(SHOWN_KEY, True)
        if result == QDialog.DialogCode.Accepted:
            self.settings.setValue(BUYINS_KEY, self.buyins.value())


def stored_buyins(settings: QSettings) -> int:
    """The bankroll in buy-ins from the settings; the default if absent or unreadable."""
    try:
        value = int(str(settings.value(BUYINS_KEY, DEFAULT_BUYINS)))
    except ValueError:
        return DEFAULT_BUYINS
    return value if value >= 1 else DEFAULT_BUYINS


def is_first_run(settings: QSettings) -> bool:
    """Whether the welcome has never been shown with these settings."""
    return str(settings.value(SHOWN_KEY, "false")).lower() != "true"
