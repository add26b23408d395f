"""Light and dark looks.  The dark one is for dim card rooms: a dark palette on Qt's
Fusion style, with the cards themselves kept white, as real cards are."""

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QWidget

DARK = {QPalette.ColorRole.Window: "#202124", QPalette.ColorRole.WindowText: "#e8eaed",
        QPalette.ColorRole.Base: "#2a2b2e", QPalette.ColorRole.AlternateBase: "#303134",
        QPalette.ColorRole.Text: "#e8eaed", QPalette.ColorRole.Button: "#303134",
        QPalette.ColorRole.ButtonText: "#e8eaed", QPalette.ColorRole.Highlight: "#ff8f00",
        QPalette.ColorRole.HighlightedText: "#000000", QPalette.ColorRole.ToolTipBase: "#303134",
        QPalette.ColorRole.ToolTipText: "#e8eaed", QPalette.ColorRole.PlaceholderText: "#9aa0a6",
        QPalette.ColorRole.Link: "#8ab4f8"}


def apply_theme(window: QWidget, dark: bool) -> None:
    """Give ``window`` and everything in it the dark look, or back the standard one."""
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return
    app.setStyle("Fusion")
    palette = app.style().standardPalette()
    if dark:
        palette = dark_palette()
    app.setPalette(palette)
    window.setPalette(palette)
    for widget in window.findChildren(QWidget):
        widget.setPalette(palette)


def dark_palette() -> QPalette:
    """The dark palette: light text on charcoal, amber for the selection."""
    palette = QPalette()
    for role, colour in DARK.items():
        palette.setColor(role, QColor(colour))
    palette.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.ButtonText,
                     QColor("#6f7378"))
    palette.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text, QColor("#6f7378"))
    return palette
