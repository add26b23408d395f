"""The betting bar: the table's state in words and the buttons of the seat to act.

The amount box takes any number; a bet the seat cannot make is refused with a
message naming the legal range (nothing is cut down quietly).  Bet sizes come from
the engine: the legal range from :class:`~assistant.hand.Hand`, pot fractions from
:mod:`assistant.betting`.
"""

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
)

from assistant.betting import pot_fraction, pot_fraction_raise_to
from assistant.hand import ActionKind
from assistant.live import LiveHand

BUTTONS = (
    ("fold", "Fold", "The seat to act folds (F for another seat, Alt+F for you)"),
    ("check", "Check", "The seat to act checks (K, Alt+K)"),
    ("call", "Call", "The seat to act calls, all-in if it cannot cover the bet (C, Alt+C)"),
    ("raise", "Bet / raise to", "The seat to act bets or raises to the amount beside"
     " (Enter in the amount box, Alt+R)"),
    ("half_pot", "½ pot", "Put a bet of half the pot in the amount box"),
    ("pot", "Pot", "Put a pot-sized bet in the amount box"),
    ("all_in", "All-in", "The seat to act puts in its whole stack (A, Alt+A)"),
    ("muck", "Muck", "At the showdown, the next seat to show gives up its hand unseen"),
    ("undo", "Undo", "Take back the last action (Ctrl+Z)"),
)
KINDS = {"fold": ActionKind.FOLD, "check": ActionKind.CHECK, "call": ActionKind.CALL,
         "all_in": ActionKind.ALL_IN}


class BettingBar(QGroupBox):
    """Buttons for the seat to act; emits what was asked, the window applies it."""

    acted = Signal(object, int)  # ActionKind, raise-to amount
    refused = Signal(str)
    muck_requested = Signal()
    undo_requested = Signal()

    def __init__(self) -> None:
        super().__init__("Betting")
        self.live: LiveHand | None = None
        layout = QVBoxLayout(self)
        self.table_state = QLabel()
        self.table_state.setObjectName("table_state")
        self.table_state.setWordWrap(True)
        layout.addWidget(self.table_state)
        self.amount = QSpinBox()
        self.amount.setObjectName("amount")
        self.amount.setRange(0, 10**9)
        self.amount.setGroupSeparatorShown(True)
        self.amount.setToolTip("The total to bet or raise to this street (Enter bets it)")
        self.amount.lineEdit().returnPressed.connect(self.raise_to_amount)
        self.amount.valueChanged.connect(lambda _: self._show_size())
        self.bet_size = QLabel()
        self.bet_size.setObjectName("bet_size")
        self.bet_size.setToolTip("The amount as a fraction of the pot (after calling) and in big"
                             " blinds")
        self.buttons: dict[str, QPushButton] = {}
        rows = (QHBoxLayout(), QHBoxLayout())
        for name, label, tip in BUTTONS:
            button = QPushButton(label)
            button.setObjectName(name)
            button.setToolTip(tip)
            button.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
            self.buttons[name] = button
            row = rows[0] if name in ("fold", "check", "call", "all_in", "undo") else rows[1]
            row.addWidget(button)
            if name == "raise":
                row.addWidget(self.amount)
                row.addWidget(self.bet_size)
        for row in rows:
            layout.addLayout(row)
        for name, kind in KINDS.items():
            self.buttons[name].clicked.connect(lambda _=False, k=kind: self.acted.emit(k, 0))
        self.buttons["raise"].clicked.connect(self.raise_to_amount)
        self.buttons["half_pot"].clicked.connect(lambda: self.size_bet(0.5))
        self.buttons["pot"].clicked.connect(lambda: self.size_bet(1.0))
        self.buttons["muck"].clicked.connect(self.muck_requested.emit)
        self.buttons["undo"].clicked.connect(self.undo_requested.emit)

    def raise_to_amount(self) -> None:
        """Bet or raise to the amount in the box, or say why the seat cannot."""
        if self.live is None:
            return
        hand = self.live.hand
        low, high = hand.min_raise_to(), hand.max_raise_to()
        total = self.amount.value()
        if low is None or high is None:
            self.refused.emit(f"no bet or raise is possible now: {self.live.waiting_for()}")
        elif total > high:
            self.refused.emit(f"{total:,} is more than the seat has: the most is {high:,}"
                              f" (all-in); press All-in or enter at most {high:,}")
        elif total < low:
            self.refused.emit(f"{total:,} is less than the smallest bet or raise, to {low:,}")
        else:
            kind = ActionKind.BET if ActionKind.BET in hand.legal_actions() else ActionKind.RAISE
            self.acted.emit(kind, total)

    def size_bet(self, fraction: float) -> None:
        """Put a bet of ``fraction`` of the pot (after calling) in the amount box, kept
        within the legal range."""
        if self.live is None or self.live.hand.to_act is None:
            return
        hand, seat = self.live.hand, self.live.hand.to_act
        total = pot_fraction_raise_to(hand.pot, hand.to_call(seat),
                                      hand.street_contribution(seat), fraction)
        self.suggest(total)
        self.amount.setFocus()

    def suggest(self, total: int) -> None:
        """Put ``total`` in the amount box, within the legal range (said when it is not)."""
        if self.live is None:
            return
        low, high = self.live.hand.min_raise_to(), self.live.hand.max_raise_to()
        if low is not None and high is not None:
            self.amount.setValue(max(low, min(high, total)))

    def _show_size(self) -> None:
        """The amount in the box in pots and big blinds, as players size bets."""
        live = self.live
        seat = live.hand.to_act if live is not None else None
        if live is None or seat is None or not self.amount.isEnabled():
            self.bet_size.clear()
            return
        hand = live.hand
        new_chips = self.amount.value() - hand.street_contribution(seat)
        pots = pot_fraction(hand.pot, hand.to_call(seat), new_chips)
        big_blind = max(live.config.blinds)
        blinds = f" · {self.amount.value() / big_blind:,.1f} bb" if big_blind else ""
        self.bet_size.setText(f"{pots:.2f} pot{blinds}")

    def show_hand(self, live: LiveHand) -> None:
        """Enable the actions the seat to act may take; show pot, call and side pots."""
        self.live = live
        hand = live.hand
        seat = hand.to_act
        legal = hand.legal_actions()
        pots = hand.pots()
        side = ""
        if len(pots) > 1:
            side = " · pots " + ", ".join(f"{p.amount:,} ({len(p.eligible)} seats)" for p in pots)
        to_call = f" · to call {hand.to_call(seat):,}" if seat is not None else ""
        results = "; ".join(live.results())
        self.table_state.setText(f"{live.waiting_for().capitalize()}{to_call}"
                                 f" · pot {hand.pot:,}{side}"
                                 + (f" · {results}" if results else ""))
        for name, kind in KINDS.items():
            self.buttons[name].setEnabled(kind in legal)
        can_raise = bool(legal & {ActionKind.BET, ActionKind.RAISE})
        for name in ("raise", "half_pot", "pot"):
            self.buttons[name].setEnabled(can_raise)
        self.amount.setEnabled(can_raise)
        self.buttons["raise"].setText("Bet" if ActionKind.BET in legal else "Raise to")
        self.buttons["call"].setText(f"Call {hand.to_call(seat):,}" if seat is not None
                                     and ActionKind.CALL in legal else "Call")
        self.buttons["muck"].setVisible(bool(live.to_show()))
        self.buttons["undo"].setEnabled(bool(live.betting or live.mucks))
        low = hand.min_raise_to()
        if can_raise and low is not None and not self.amount.hasFocus() \
                and self.amount.value() < low:
            self.amount.setValue(low)
        self._show_size()
