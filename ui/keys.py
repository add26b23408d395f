"""Keys that are safe at a table where card text uses the same letters as actions.

Bare letters (F, K, C, R, A) record other seats' actions only: never while a text
field has focus, never while a card slot is chosen, and never for the hero, whose
own decision needs a click or a modified key (Alt+F …).  Escape returns focus to the
table, and Ctrl+Z undoes the last action even from inside a text field.
"""

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QLineEdit

from assistant.hand import ActionKind

TABLE_LETTERS = {"F": ActionKind.FOLD, "K": ActionKind.CHECK, "C": ActionKind.CALL,
                 "A": ActionKind.ALL_IN, "R": ActionKind.RAISE}
"""Each action's letter: bare for other seats, with Alt for anyone."""
WINDOW_KEYS = (QKeySequence("Ctrl+Z"), QKeySequence("Escape"))
"""Keys the window keeps even when a text field has focus."""


def typing_in_a_field() -> bool:
    """Whether keyboard focus is in a text field or a number box (whose letters are text)."""
    focus = QApplication.focusWidget()
    return isinstance(focus, QLineEdit | QAbstractSpinBox)


class WindowKeysFilter(QObject):
    """Lets :data:`WINDOW_KEYS` reach the window's shortcuts from inside a text field
    (a line edit otherwise takes Ctrl+Z for its own text undo)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        """Pass the window's keys on instead of letting the field claim them."""
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent):
            pressed = QKeySequence(event.keyCombination())
            if any(pressed.matches(key) == QKeySequence.SequenceMatch.ExactMatch
                   for key in WINDOW_KEYS):
                event.ignore()
                return True
        return False


def keep_window_keys(field: QObject, key_filter: WindowKeysFilter) -> None:
    """Install ``key_filter`` on ``field`` (and on a spin box's line edit, which it
    passes its keys to)."""
    field.installEventFilter(key_filter)
    if isinstance(field, QAbstractSpinBox):
        field.lineEdit().installEventFilter(key_filter)


def alt_key(letter: str) -> QKeySequence:
    """The modified key that acts for any seat, the hero included."""
    return QKeySequence(Qt.Modifier.ALT | Qt.Key(ord(letter)))
