"""Card widgets: the 52-card picker, card slots, and a text field for typed cards."""

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QGridLayout, QLineEdit, QSizePolicy, QToolButton, QWidget

from assistant.cards import parse_cards
from assistant.encoding import N_RANKS, RANKS, card_index, card_rank, card_suit
from assistant.errors import PokerInputError

SUIT_SYMBOLS = "♣♦♥♠"
SUIT_COLOURS = ("#1b8a3a", "#1f5fd6", "#d0252b", "#1d1d1f")  # a four-colour deck
SUIT_ROWS = (3, 2, 1, 0)  # spades, hearts, diamonds, clubs from the top
SELECTED_SLOT = ("QToolButton:checked { border: 3px solid #ff8f00; background: #fff1c1;"
                 " color: #1d1d1f; }")


def card_text(card: int) -> str:
    """A card as its rank and suit symbol, e.g. ``A♠`` (``10`` for tens)."""
    rank = RANKS[card_rank(card)]
    return ("10" if rank == "T" else rank) + SUIT_SYMBOLS[card_suit(card)]


def card_style(card: int | None, used: bool = False) -> str:
    """The style sheet of a button that shows ``card`` (None: an empty slot)."""
    if card is None:
        return "color: #888; background: #f4f4f4; border: 1px dashed #999;"
    colour = "#b8b8b8" if used else SUIT_COLOURS[card_suit(card)]
    background = "#ececec" if used else "white"
    return f"color: {colour}; background: {background}; border: 1px solid #aaa; font-weight: bold;"


class CardPicker(QWidget):
    """All 52 cards, one row per suit; a click picks a card, or frees a used one."""

    card_clicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        grid = QGridLayout(self)
        grid.setSpacing(2)
        grid.setContentsMargins(0, 0, 0, 0)
        self.buttons: dict[int, QToolButton] = {}
        for row, suit in enumerate(SUIT_ROWS):
            for column in range(N_RANKS):
                card = card_index(N_RANKS - 1 - column, suit)
                button = QToolButton(self)
                button.setText(card_text(card))
                button.setObjectName(f"pick_{RANKS[card_rank(card)]}{'cdhs'[suit]}")
                button.setMinimumSize(34, 30)
                button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
                button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
                button.clicked.connect(lambda _=False, c=card: self.card_clicked.emit(c))
                grid.addWidget(button, row, column)
                self.buttons[card] = button
        self.set_used(0)

    def set_used(self, mask: int) -> None:
        """Grey out the cards in ``mask``: they are placed already."""
        for card, button in self.buttons.items():
            used = bool(mask >> card & 1)
            button.setStyleSheet(card_style(card, used))
            button.setProperty("used", used)
            button.setToolTip(f"{card_text(card)} is placed: click to take it back" if used
                              else f"put {card_text(card)} in the selected slot")


class CardSlot(QToolButton):
    """A place for one card; click to select it, right-click to empty it."""

    selected = Signal()
    cleared = Signal()

    def __init__(self, label: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label = label
        self.card: int | None = None
        self.setMinimumSize(38, 34)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setCheckable(True)
        self.clicked.connect(self.selected.emit)
        self.show_card(None)

    def show_card(self, card: int | None, enabled: bool = True) -> None:
        """Display ``card`` (or the empty slot).  The style keeps a rule for the checked
        state, so the slot that takes the next card stays highlighted."""
        self.card = card
        self.setText(card_text(card) if card is not None else "·")
        self.setStyleSheet(f"QToolButton {{ {card_style(card)}"
                           f"{'' if enabled else ' color: #bbb;'} }} {SELECTED_SLOT}")
        self.setEnabled(enabled)
        self.setToolTip(f"{self.label}: click to choose it (then type or pick the card),"
                        " right-click to empty")

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt's name
        """Right-click empties the slot."""
        if event.button() == Qt.MouseButton.RightButton:
            self.cleared.emit()
            return
        super().mousePressEvent(event)


class CardEntry(QLineEdit):
    """Cards typed as text (``AhKd``, ``Ah Kd``, ``12d 1s``), read by the engine's parser."""

    cards_entered = Signal(list)
    rejected = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setPlaceholderText("type cards: AhKd, Ah Kd, 12d 1s … then Enter")
        self.setToolTip("Cards typed here go into the selected slot and the ones after it")
        self.returnPressed.connect(self._read)

    def _read(self) -> None:
        try:
            cards = parse_cards(self.text())
        except PokerInputError as error:
            self.rejected.emit(str(error))
            return
        self.cards_entered.emit(cards)  # the window clears the text once they are placed
