"""The keyboard help (F1): every shortcut of the window and of the range windows, drawn
over the window until a key or a click dismisses it."""

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtGui import QFocusEvent, QKeyEvent, QKeySequence, QMouseEvent
from PySide6.QtWidgets import QLabel, QWidget

from assistant.hand import ActionKind
from ui.keys import TABLE_LETTERS

_ACTION_WORDS = {ActionKind.FOLD: "fold", ActionKind.CHECK: "check", ActionKind.CALL: "call",
                 ActionKind.ALL_IN: "all-in", ActionKind.RAISE: "raise (the amount box)"}
_LETTERS = ", ".join(f"{letter} {_ACTION_WORDS[kind]}" for letter, kind in TABLE_LETTERS.items())

WINDOW_SHORTCUTS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("F1",), "show or hide this help"),
    (tuple(TABLE_LETTERS), f"another seat acts: {_LETTERS}"),
    ((), "(not while you type or a card slot is chosen, and never for you)"),
    (tuple(f"Alt+{letter}" for letter in TABLE_LETTERS), "any seat acts, you included"),
    (("Ctrl+Z",), "undo the last logged action (from text fields too)"),
    (("Escape",), "forget the chosen card slot; the keys go back to the table"),
    (("Ctrl+L",), "type cards in the card box"),
    (("Ctrl+N",), "new hand: the button moves on, the stacks carry over"),
    (("Left", "Right"), "replay: step back, step forward"),
    (("Ctrl+O",), "open a hand file in the replay"),
    (("Ctrl+S",), "save this hand"),
    (("Ctrl+Q",), "quit"),
)
"""The main window's keys (as :class:`QKeySequence` text) and what they do."""
RANGE_SHORTCUTS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("Left", "Right", "Up", "Down"), "move the grid's cursor"),
    (("Space",), "paint the cursor's cell with the brush"),
    (tuple(f"Ctrl+{n}" for n in range(5)), "brush weight 0, 25, 50, 75, 100 %"),
    (("QQ+, AKs…",), "typed on the grid: range notation; Enter applies it"),
    (("Tab",), "the next control (slider, presets, Clear, Copy, Paste)"),
)
"""The keys of a range window's grid and editor."""


def _rows(title: str, shortcuts: tuple[tuple[tuple[str, ...], str], ...]) -> str:
    rows = [f"<tr><td colspan=2><h3>{escape(title)}</h3></td></tr>"]
    for keys, meaning in shortcuts:
        rows.append(f"<tr><td><b>{escape(' '.join(keys))}</b></td>"
                    f"<td>{escape(meaning)}</td></tr>")
    return "".join(rows)


def help_html() -> str:
    """The help's text: the window's keys, then the range windows'."""
    return (f"<table align=center cellspacing=6>{_rows('Keys of the window', WINDOW_SHORTCUTS)}"
            f"{_rows('Keys of a range window (the range button of a seat)', RANGE_SHORTCUTS)}"
            "</table><p>Any key or click closes this help.</p>")


def listed_keys() -> set[str]:
    """Every key the window's help lists, as portable :class:`QKeySequence` text."""
    return {QKeySequence(key).toString() for keys, _ in WINDOW_SHORTCUTS for key in keys}


class HelpOverlay(QLabel):
    """The help, over the whole of its parent window."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self._window = parent
        self.setObjectName("help_overlay")
        self.setText(help_html())
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setWordWrap(True)
        self.setAutoFillBackground(True)
        self.setStyleSheet("QLabel#help_overlay { background: rgba(250, 250, 250, 240);"
                           " color: #202020; font-size: 14px; }")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.hide()

    def toggle(self) -> None:
        """Show the help over the window, or hide it."""
        if self.isVisible():
            self.hide()
            return
        self.setGeometry(self._window.rect())
        self.show()
        self.raise_()
        self.setFocus()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        """Any key closes the help."""
        self.hide()

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt's name
        """A click closes the help."""
        self.hide()

    def focusOutEvent(self, event: QFocusEvent) -> None:  # noqa: N802 - Qt's name
        """The keys went elsewhere (Escape gives them to the table): close the help."""
        self.hide()
        super().focusOutEvent(event)
