"""The main window: table setup, seats, cards, betting, and the advice.

A thin layer over :class:`~assistant.live.LiveHand`: every click becomes a change of
the live hand (which the engine checks), the widgets are redrawn from it, and the
engine worker is asked the new question.  Nothing here computes odds or pots.
"""

import functools
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TypeVar

from PySide6.QtCore import QByteArray, QSettings, QStandardPaths, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QMainWindow,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from assistant.advice import whole_chips
from assistant.errors import PokerInputError
from assistant.hand import ActionKind, HandConfig, Street, describe_action
from assistant.history import HandFile, HandRecord, make_record, save_phh
from assistant.history.replay import DecisionReview, HandSummary
from assistant.live import BOARD, LiveHand, Question, Slot
from ui.advice_panel import AdvicePanel
from ui.cards import CardEntry, CardPicker, CardSlot, card_text
from ui.replay_panel import ReplayPanel
from ui.worker import Answer, EngineWorker, Request, answer, read_hand_file

STREET_TABS = ("Preflop", "Flop", "Turn", "River")
NEXT_TAB = {0: 1, 3: 2, 4: 3}  # by board cards dealt: the tab of the street dealt next
TAB_SLOTS = {1: BOARD[:3], 2: BOARD[3:4], 3: BOARD[4:5]}
PROGRESS_DELAY_MS = 150
SettingT = TypeVar("SettingT", int, float, str)
SETUP_DEFAULTS = {"seats": 6, "hero": 1, "button": 6, "small_blind": 1, "big_blind": 2,
                  "ante": 0, "stack": 200}


@dataclass
class SeatRow:
    """The widgets of one seat's row."""

    name: QLabel
    stack: QSpinBox  # the stack at the start of the hand (set up before any betting)
    behind: QLabel
    bet: QLabel
    state: QLabel


class MainWindow(QMainWindow):
    """The assistant's main window."""

    def __init__(self, settings: QSettings | None = None,
                 worker: EngineWorker | None = None) -> None:
        super().__init__()
        self.setWindowTitle("Kelly poker assistant")
        self.settings = settings if settings is not None else QSettings()
        self.worker = worker if worker is not None else EngineWorker(self)
        self.latest_serial = 0
        self.asked: Question | None = None
        self.selected: Slot | None = None
        self.slots: dict[Slot, CardSlot] = {}
        self.seat_rows: list[SeatRow] = []

        self.setup_box = self._build_setup()
        self.seats_box = QGroupBox("Seats")
        self.seats_grid = QGridLayout(self.seats_box)
        self.picker = CardPicker()
        self.entry = CardEntry()
        self.entry.setObjectName("card_entry")
        self.tabs = QTabWidget()
        self.logs = [QListWidget() for _ in STREET_TABS]
        self._build_tabs()
        self.action_bar = self._build_action_bar()
        self.advice = AdvicePanel()

        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.addWidget(self.setup_box)
        left_layout.addWidget(self.seats_box)
        left_layout.addStretch()
        live_page = QWidget()
        middle_layout = QVBoxLayout(live_page)
        cards_box = QGroupBox("Cards: select a slot, then click or type cards")
        cards_layout = QVBoxLayout(cards_box)
        cards_layout.addWidget(self.picker)
        cards_layout.addWidget(self.entry)
        middle_layout.addWidget(cards_box)
        middle_layout.addWidget(self.tabs, stretch=1)
        middle_layout.addWidget(self.action_bar)
        self.replay_panel = ReplayPanel()
        self.modes = QTabWidget()
        self.modes.setObjectName("modes")
        self.modes.addTab(live_page, "Live hand")
        self.modes.addTab(self.replay_panel, "Replay")
        self.modes.currentChanged.connect(self.on_mode_changed)
        self.replay_panel.open_requested.connect(self.choose_hand_file)
        self.replay_panel.moved.connect(self.ask_replay)
        self.replay_panel.opened.connect(self.forget_summary)
        self.session_file: Path | None = None
        self.session_records: list[HandRecord] = []
        self.summary_known = False
        self._build_menu()
        splitter = QSplitter()
        for column in (left, self.modes, self.advice):
            splitter.addWidget(column)
        splitter.setSizes([360, 560, 520])
        self.setCentralWidget(splitter)

        self.message = QLabel()
        self.message.setObjectName("message")
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(180)
        self.progress.setRange(0, 100)
        self.progress.hide()
        self.engine_state = QLabel("Preparing engine…")
        self.engine_state.setObjectName("engine_state")
        self.statusBar().addWidget(self.message, 1)
        self.statusBar().addPermanentWidget(self.progress)
        self.statusBar().addPermanentWidget(self.engine_state)
        self.progress_timer = QTimer(self)
        self.progress_timer.setSingleShot(True)
        self.progress_timer.timeout.connect(self.progress.show)

        self.picker.card_clicked.connect(self.on_card_clicked)
        self.entry.cards_entered.connect(self.on_cards_typed)
        self.entry.rejected.connect(self.show_error)
        self.worker.preparing.connect(
            lambda f: self.engine_state.setText(f"Preparing engine… {100 * f:.0f}%"))
        self.worker.ready.connect(lambda: self.engine_state.setText("Engine ready"))
        self.worker.progressed.connect(self.on_progress)
        self.worker.answered.connect(self.on_answer)
        self.worker.failed.connect(self.on_failure)
        self._add_shortcuts()

        geometry = self.settings.value("window/geometry")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        else:
            self.resize(1440, 860)
        self.live = self._new_live_hand()
        self.rebuild_seats()
        self.refresh()
        self.worker.start()

    # Building the widgets.

    def setting(self, key: str, default: SettingT) -> SettingT:
        """A remembered setting of the type of ``default``; the default if unreadable."""
        value = self.settings.value(key, default)
        try:
            return type(default)(str(value))
        except (TypeError, ValueError):
            return default

    def _spin(self, name: str, low: int, high: int, value: int) -> QSpinBox:
        box = QSpinBox()
        box.setObjectName(name)
        box.setRange(low, high)
        box.setValue(value)
        return box

    def _build_setup(self) -> QGroupBox:
        box = QGroupBox("Table")
        form = QFormLayout(box)
        stored = {key: self.setting(f"table/{key}", default)
                  for key, default in SETUP_DEFAULTS.items()}
        self.seat_count = self._spin("seats", 2, 10, stored["seats"])
        self.hero_seat = self._spin("hero", 1, stored["seats"], stored["hero"])
        self.button_seat = self._spin("button", 1, stored["seats"], stored["button"])
        self.small_blind = self._spin("small_blind", 0, 10**7, stored["small_blind"])
        self.big_blind = self._spin("big_blind", 1, 10**7, stored["big_blind"])
        self.ante = self._spin("ante", 0, 10**7, stored["ante"])
        self.default_stack = self._spin("stack", 1, 10**9, stored["stack"])
        self.kelly_scale = QDoubleSpinBox()
        self.kelly_scale.setObjectName("kelly_scale")
        self.kelly_scale.setRange(0.05, 1.0)
        self.kelly_scale.setSingleStep(0.05)
        self.kelly_scale.setValue(self.setting("kelly/scale", 1.0))
        self.kelly_scale.setToolTip("Fraction of the Kelly bet: 1 is full Kelly, 0.5 half Kelly")
        self.bankroll = self._spin("bankroll", 0, 10**9, self.setting("kelly/bankroll", 0))
        self.bankroll.setSpecialValueText("the stack")
        self.bankroll.setToolTip("Your whole bankroll, if more than the stack on the table:"
                                 " losing the stack is then not ruin")
        rows: list[tuple[str, QWidget]] = [
            ("Seats", self.seat_count), ("Your seat", self.hero_seat),
            ("Button", self.button_seat), ("Small blind", self.small_blind),
            ("Big blind", self.big_blind), ("Ante", self.ante), ("Stacks", self.default_stack),
            ("Kelly scale", self.kelly_scale), ("Bankroll", self.bankroll)]
        for label, widget in rows:
            form.addRow(label, widget)
        new_hand = QPushButton("New hand (Ctrl+N)")
        new_hand.setObjectName("new_hand")
        new_hand.clicked.connect(self.new_hand)
        form.addRow(new_hand)
        for box_ in (self.seat_count, self.hero_seat, self.button_seat, self.small_blind,
                     self.big_blind, self.ante, self.default_stack):
            box_.valueChanged.connect(self.on_setup_changed)
        self.kelly_scale.valueChanged.connect(self.on_kelly_changed)
        self.bankroll.valueChanged.connect(self.on_kelly_changed)
        return box

    def _build_tabs(self) -> None:
        for index, name in enumerate(STREET_TABS):
            page = QWidget()
            layout = QVBoxLayout(page)
            if index in TAB_SLOTS:
                row = QHBoxLayout()
                row.addWidget(QLabel("Board:"))
                for slot in TAB_SLOTS[index]:
                    row.addWidget(self._make_slot(slot, f"{name.lower()} card"))
                row.addStretch()
                layout.addLayout(row)
            self.logs[index].setObjectName(f"log_{name.lower()}")
            layout.addWidget(self.logs[index])
            self.tabs.addTab(page, name)

    def _build_action_bar(self) -> QWidget:
        bar = QGroupBox("Betting")
        layout = QVBoxLayout(bar)
        self.table_state = QLabel()
        self.table_state.setObjectName("table_state")
        self.table_state.setWordWrap(True)
        layout.addWidget(self.table_state)
        row = QHBoxLayout()
        self.buttons: dict[str, QPushButton] = {}
        for name, label, handler, tip in (
                ("fold", "Fold (F)", lambda: self.act(ActionKind.FOLD),
                 "The seat to act folds"),
                ("check", "Check (K)", lambda: self.act(ActionKind.CHECK),
                 "The seat to act checks"),
                ("call", "Call (C)", lambda: self.act(ActionKind.CALL),
                 "The seat to act calls (all-in if it cannot cover the bet)"),
                ("raise", "Bet / raise to (R)", self.raise_to_amount,
                 "The seat to act bets or raises to the amount beside"),
                ("half_pot", "½ pot", lambda: self.size_bet(0.5),
                 "Set the amount to a bet of half the pot"),
                ("pot", "Pot", lambda: self.size_bet(1.0), "Set the amount to a pot-size bet"),
                ("all_in", "All-in (A)", lambda: self.act(ActionKind.ALL_IN),
                 "The seat to act puts in its whole stack"),
                ("undo", "Undo (Ctrl+Z)", self.undo, "Take back the last action")):
            button = QPushButton(label)
            button.setObjectName(name)
            button.setToolTip(tip)
            button.clicked.connect(handler)
            self.buttons[name] = button
            row.addWidget(button)
            if name == "raise":
                self.amount = QSpinBox()
                self.amount.setObjectName("amount")
                self.amount.setRange(0, 10**9)
                self.amount.setToolTip("The total to bet or raise to this street (Enter raises)")
                self.amount.lineEdit().returnPressed.connect(self.raise_to_amount)
                row.addWidget(self.amount)
        layout.addLayout(row)
        return bar

    def _make_slot(self, slot: Slot, label: str) -> CardSlot:
        widget = CardSlot(label)
        widget.setObjectName(f"slot_{'board' if slot.seat is None else slot.seat}_{slot.index}")
        widget.selected.connect(lambda s=slot: self.select(s))
        widget.cleared.connect(lambda s=slot: self.change(lambda: self.live.set_card(s, None)))
        self.slots[slot] = widget
        return widget

    def _add_shortcuts(self) -> None:
        keys: list[tuple[str, Callable[[], object]]] = [
            ("F", lambda: self.act(ActionKind.FOLD)), ("K", lambda: self.act(ActionKind.CHECK)),
            ("C", lambda: self.act(ActionKind.CALL)), ("A", lambda: self.act(ActionKind.ALL_IN)),
            ("R", self.focus_amount), ("Ctrl+Z", self.undo), ("Ctrl+N", self.new_hand),
            ("Ctrl+L", self.entry.setFocus), ("Left", self.replay_back),
            ("Right", self.replay_forward)]
        for key, handler in keys:
            QShortcut(QKeySequence(key), self, handler)

    def _build_menu(self) -> None:
        menu = self.menuBar().addMenu("&File")
        for text, key, handler in (("&Open hand file…", "Ctrl+O", self.choose_hand_file),
                                   ("&Save this hand…", "Ctrl+S", self.choose_save_file),
                                   ("&Quit", "Ctrl+Q", self.close)):
            action = QAction(text, self)
            action.setShortcut(QKeySequence(key))
            action.triggered.connect(handler)
            menu.addAction(action)
        self.autosave_action = QAction("Save every &hand to a folder…", self)
        self.autosave_action.setCheckable(True)
        self.autosave_action.setChecked(bool(self.setting("history/folder", "")))
        self.autosave_action.toggled.connect(self.choose_autosave_folder)
        menu.insertAction(menu.actions()[2], self.autosave_action)

    # Hand files.

    def choose_hand_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open hand file", "",
                                              "Hand histories (*.phh *.phhs *.txt);;All (*)")
        if path:
            self.open_hand_file(Path(path))

    def open_hand_file(self, path: Path) -> None:
        """Read a PHH or PokerStars file on the worker thread for the replay view (a long
        export takes a while: every hand is played through the rules)."""
        self.modes.setCurrentWidget(self.replay_panel)
        self.show_message(f"reading {path}…")
        self.latest_serial = self.worker.ask(functools.partial(read_hand_file, path))
        self.progress_timer.start(PROGRESS_DELAY_MS)

    def show_hand_file(self, hand_file: HandFile) -> None:
        """Open the hands of a file in the replay view, reporting those skipped."""
        self.message.clear()
        if not hand_file.hands:
            self.show_error(str(hand_file.errors[0]) if hand_file.errors
                            else f"{hand_file.path}: no hands")
            return
        if hand_file.errors:
            self.show_error(f"{len(hand_file.errors)} hands skipped; the first: "
                            f"{hand_file.errors[0]}")
        self.replay_panel.load(hand_file)

    def choose_save_file(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Save this hand", "hand.phh",
                                              "PHH (*.phh)")
        if path:
            self.save_hand(Path(path))

    def save_hand(self, path: Path) -> None:
        """Write the live hand as PHH, atomically."""
        try:
            save_phh(path, [make_record(self.live.hand)])
        except (PokerInputError, OSError) as error:
            self.show_error(f"could not save {path}: {error}")
            return
        self.show_message(f"saved {path}")

    def choose_autosave_folder(self, on: bool) -> None:
        """Turn saving every hand on (choosing the folder) or off."""
        folder = ""
        if on:
            folder = QFileDialog.getExistingDirectory(self, "Save every hand to")
            if not folder:
                self.autosave_action.setChecked(False)
                return
        self.set_autosave_folder(Path(folder) if folder else None)

    def set_autosave_folder(self, folder: Path | None) -> None:
        """Where every finished hand of this session goes (None: nowhere)."""
        self.settings.setValue("history/folder", str(folder) if folder else "")
        self.session_file = None
        self.session_records = []

    def autosave(self) -> None:
        """Add the live hand to this session's file, if saving every hand is on."""
        folder = self.setting("history/folder", "")
        if not folder or not self.live.betting:
            return
        if self.session_file is None:
            stamp = datetime.now().strftime("%Y-%m-%d-%H%M%S")
            self.session_file = Path(folder) / f"session-{stamp}.phhs"
        self.session_records.append(make_record(self.live.hand))
        try:
            save_phh(self.session_file, self.session_records)
        except (PokerInputError, OSError) as error:
            self.show_error(f"could not save the session to {self.session_file}: {error}")

    def save_recovery(self) -> Path | None:
        """Save the live hand where the crash dialog can point to it; None if impossible."""
        folder = Path(QStandardPaths.writableLocation(
            QStandardPaths.StandardLocation.AppDataLocation))
        path = folder / "recovered-hand.phh"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            save_phh(path, [make_record(self.live.hand)])
        except (PokerInputError, OSError):
            return None
        return path

    # Replay.

    def on_mode_changed(self) -> None:
        """The advice panel follows the tab: the live hand or the replay."""
        self.asked = None
        if self.modes.currentWidget() is self.replay_panel:
            self.ask_replay()
        else:
            self.refresh()

    def replay_forward(self) -> None:
        if self.modes.currentWidget() is self.replay_panel:
            self.replay_panel.forward()

    def replay_back(self) -> None:
        if self.modes.currentWidget() is self.replay_panel:
            self.replay_panel.back()

    def ask_replay(self) -> None:
        """Ask the worker for the review at the replay's cursor, then the hand's summary."""
        replay = self.replay_panel.replay
        if replay is None or self.modes.currentWidget() is not self.replay_panel:
            return
        step = replay.step
        if step is not None and step.hero_decision:
            self.latest_serial = self.worker.ask(
                functools.partial(replay.review, replay.position))
            self.progress_timer.start(PROGRESS_DELAY_MS)
        else:
            self.advice.show_waiting(f"{replay.record.names[replay.hero]} does not decide"
                                     " here: step to a ▶ line")
            self.ask_summary()

    def forget_summary(self) -> None:
        self.summary_known = False

    def ask_summary(self) -> None:
        replay = self.replay_panel.replay
        if replay is not None and not self.summary_known:
            self.latest_serial = self.worker.ask(replay.summary)

    # The table and its hand.

    def _config(self) -> HandConfig:
        n = self.seat_count.value()
        stacks = [self._seat_stack(seat) for seat in range(n)]
        return HandConfig.standard(stacks, self.button_seat.value() - 1, self.small_blind.value(),
                                   self.big_blind.value(), ante=self.ante.value())

    def _seat_stack(self, seat: int) -> int:
        if seat < len(self.seat_rows):
            return self.seat_rows[seat].stack.value()
        return self.default_stack.value()

    def _new_live_hand(self) -> LiveHand:
        return LiveHand(self._config(), self.hero_seat.value() - 1)

    def rebuild_seats(self) -> None:
        """Lay out one row per seat: stack, bet, state and two card slots."""
        while self.seats_grid.count():
            item = self.seats_grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        for slot in [s for s in self.slots if s.seat is not None]:
            del self.slots[slot]
        self.seat_rows = []
        for column, title in enumerate(("Seat", "Stack", "Behind", "Bet", "", "Cards")):
            self.seats_grid.addWidget(QLabel(f"<b>{title}</b>"), 0, column)
        for seat in range(self.live.config.n_seats):
            name = QLabel()
            stack = self._spin(f"stack_{seat}", 1, 10**9, self.live.config.stacks[seat])
            stack.valueChanged.connect(self.on_setup_changed)
            behind, bet, state = QLabel(), QLabel(), QLabel()
            slots = QWidget()
            slot_layout = QHBoxLayout(slots)
            slot_layout.setContentsMargins(0, 0, 0, 0)
            for index in range(2):
                slot_layout.addWidget(self._make_slot(Slot(seat, index), f"seat {seat + 1} card"))
            for column, widget in enumerate((name, stack, behind, bet, state, slots)):
                self.seats_grid.addWidget(widget, seat + 1, column)
            self.seat_rows.append(SeatRow(name, stack, behind, bet, state))

    def on_setup_changed(self) -> None:
        """A setup field changed: apply it at once while the hand has no betting."""
        self.hero_seat.setMaximum(self.seat_count.value())
        self.button_seat.setMaximum(self.seat_count.value())
        if self.live.betting:
            self.show_message("The new setup applies from the next hand (Ctrl+N)")
            return
        if self.sender() is self.default_stack:
            self._reset_seat_stacks()
        self.start_hand(keep_cards=True)

    def _reset_seat_stacks(self) -> None:
        """Every seat's stack back to the table's stack (quietly: no new hand per seat)."""
        for row in self.seat_rows:
            row.stack.blockSignals(True)
            row.stack.setValue(self.default_stack.value())
            row.stack.blockSignals(False)

    def new_hand(self) -> None:
        """Start a new hand with the setup as it is, the button moved on one seat."""
        self.autosave()
        if self.live.betting:
            self.button_seat.blockSignals(True)
            self.button_seat.setValue(self.button_seat.value() % self.seat_count.value() + 1)
            self.button_seat.blockSignals(False)
        self._reset_seat_stacks()
        self.start_hand(keep_cards=False)

    def start_hand(self, keep_cards: bool) -> None:
        """Replace the live hand by one with the current setup."""
        try:
            live = self._new_live_hand()
        except PokerInputError as error:
            self.show_error(str(error))
            return
        if keep_cards:
            for slot, card in self.live.cards.items():
                if slot.seat is None or slot.seat < live.config.n_seats:
                    live.set_card(slot, card)
        resized = len(self.seat_rows) != live.config.n_seats
        self.live = live
        self.selected = None
        if resized:
            self.rebuild_seats()
        self.save_settings()
        self.refresh()

    # Cards.

    def select(self, slot: Slot) -> None:
        """Make ``slot`` the one that receives the next card."""
        self.selected = slot
        self.refresh()

    def next_slot(self, after: Slot | None = None) -> Slot | None:
        """The next empty slot to fill: hero's cards, then the open board slots."""
        hero = [Slot(self.live.hero, 0), Slot(self.live.hero, 1)]
        order = hero + list(self.live.open_board_slots())
        if after is not None and after.seat not in (None, self.live.hero):
            order = [Slot(after.seat, 0), Slot(after.seat, 1), *order]
        return next((slot for slot in order if slot not in self.live.cards), None)

    def on_card_clicked(self, card: int) -> None:
        """A card of the picker: take it back if placed, else put it in the slot."""
        placed = self.live.slot_of(card)
        if placed is not None:
            self.change(lambda: self.live.set_card(placed, None))
            return
        self.place_cards([card])

    def on_cards_typed(self, cards: list[int]) -> None:
        """Cards typed in the text field go in the selected slot and the ones after."""
        self.place_cards(cards)

    def place_cards(self, cards: list[int]) -> None:
        """Put ``cards`` in the selected slot and the next empty ones."""
        for card in cards:
            slot = self.selected or self.next_slot()
            if slot is None:
                self.show_error(f"no open slot for {card_text(card)}: {self.live.waiting_for()};"
                                " to enter an opponent's known hand, select one of its slots")
                return
            def put(target: Slot = slot, chosen: int = card) -> None:
                self.live.set_card(target, chosen)

            if not self.change(put):
                return
            self.selected = self.next_slot(slot)
        self.refresh()

    # Betting.

    def act(self, kind: ActionKind, amount: int = 0) -> None:
        """The seat to act takes an action (refused with a message if illegal)."""
        if kind not in self.live.hand.legal_actions():
            names = {ActionKind.FOLD: "fold", ActionKind.CHECK: "check",
                     ActionKind.CALL: "call", ActionKind.ALL_IN: "go all-in"}
            self.show_error(f"cannot {names.get(kind, kind.value)} now: {self.live.waiting_for()}")
            return
        self.change(lambda: self.live.act(kind, amount))

    def raise_to_amount(self) -> None:
        """Bet or raise to the amount in the spin box."""
        legal = self.live.hand.legal_actions()
        kind = ActionKind.BET if ActionKind.BET in legal else ActionKind.RAISE
        self.act(kind, self.amount.value())

    def size_bet(self, fraction: float) -> None:
        """Put a bet of ``fraction`` of the pot (after calling) in the spin box."""
        hand, seat = self.live.hand, self.live.hand.to_act
        if seat is None:
            return
        current = hand.street_contribution(seat) + hand.to_call(seat)
        self.amount.setValue(current + round(fraction * (hand.pot + hand.to_call(seat))))
        self.amount.setFocus()

    def focus_amount(self) -> None:
        self.amount.setFocus()
        self.amount.selectAll()

    def undo(self) -> None:
        self.change(self.live.undo)

    def change(self, edit: Callable[[], None]) -> bool:
        """Apply an edit of the live hand; show its error instead if it is refused."""
        try:
            edit()
        except PokerInputError as error:
            self.show_error(str(error))
            return False
        self.message.clear()
        self.refresh()
        return True

    # Redrawing.

    def refresh(self) -> None:
        """Redraw every widget from the live hand and ask the engine the new question."""
        live, hand = self.live, self.live.hand
        config = live.config
        if self.selected is None or self.selected in live.cards:
            self.selected = self.next_slot(self.selected)
        open_board = set(live.open_board_slots())
        for slot, widget in self.slots.items():
            enabled = slot.seat is not None or slot in open_board or slot in live.cards
            widget.show_card(live.cards.get(slot), enabled)
            widget.setChecked(slot == self.selected)
        self.picker.set_used(live.used_mask)
        folded = set(range(config.n_seats)) - set(hand.live_seats())
        for seat, row in enumerate(self.seat_rows):
            marks = [m for m, on in (("you", seat == live.hero), ("button", seat == config.button))
                     if on]
            row.name.setText(f"{seat + 1}" + (f" ({', '.join(marks)})" if marks else ""))
            row.stack.setEnabled(not live.betting)
            row.stack.setToolTip("the stack at the start of the hand")
            row.behind.setText(f"{hand.stack(seat):,}")
            row.bet.setText(f"{hand.street_contribution(seat):,}")
            row.state.setText("to act" if hand.to_act == seat else "folded" if seat in folded
                          else "all-in" if seat in hand.all_in_seats() else "")
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
        # While the next board is awaited, show the tab where its cards go.
        self.tabs.setCurrentIndex(NEXT_TAB[len(hand.board)] if hand.needs_board
                                  else int(hand.street))
        self._refresh_action_bar()
        self.ask_engine()

    def _refresh_action_bar(self) -> None:
        hand, live = self.live.hand, self.live
        seat = hand.to_act
        legal = hand.legal_actions()
        pots = hand.pots()
        side = ""
        if len(pots) > 1:
            side = " · pots " + ", ".join(f"{p.amount:,} ({len(p.eligible)} seats)" for p in pots)
        to_call = f" · to call {hand.to_call(seat):,}" if seat is not None else ""
        self.table_state.setText(f"{live.waiting_for().capitalize()}{to_call}"
                                 f" · pot {hand.pot:,}{side}")
        for name, kind in (("fold", ActionKind.FOLD), ("check", ActionKind.CHECK),
                           ("call", ActionKind.CALL), ("all_in", ActionKind.ALL_IN)):
            self.buttons[name].setEnabled(kind in legal)
        can_raise = bool(legal & {ActionKind.BET, ActionKind.RAISE})
        for name in ("raise", "half_pot", "pot"):
            self.buttons[name].setEnabled(can_raise)
        self.amount.setEnabled(can_raise)
        self.buttons["call"].setText(f"Call {hand.to_call(seat):,} (C)" if seat is not None
                                     and ActionKind.CALL in legal else "Call (C)")
        self.buttons["undo"].setEnabled(bool(live.betting))
        low, high = hand.min_raise_to(), hand.max_raise_to()
        if can_raise and low is not None and high is not None:
            self.amount.setRange(low, high)

    # The engine.

    def request(self) -> Request | None:
        question = self.live.question()
        if question is None:
            return None
        bankroll = self.bankroll.value() or None
        return Request(question, self.kelly_scale.value(), float(bankroll) if bankroll else None)

    def ask_engine(self) -> None:
        """Ask the worker the live hand's question if it changed."""
        if self.modes.currentWidget() is not self.modes.widget(0):
            return
        request = self.request()
        if request is None:
            self.asked = None
            hero = self.live.hero
            if len(self.live.hole_cards(hero)) < 2:
                self.advice.show_waiting("Enter your two cards to see the odds")
            else:
                self.advice.show_waiting("You are out of this hand")
            return
        if request.question == self.asked and self.latest_serial:
            return
        self.asked = request.question
        self.latest_serial = self.worker.ask(functools.partial(answer, request))
        self.progress.setValue(0)
        self.progress_timer.start(PROGRESS_DELAY_MS)

    def on_kelly_changed(self) -> None:
        self.save_settings()
        self.asked = None
        self.ask_engine()

    def on_progress(self, serial: int, fraction: float) -> None:
        if serial == self.latest_serial:
            self.progress.setValue(round(100 * fraction))

    def on_answer(self, serial: int, result: object) -> None:
        """Show a result, unless a newer task was asked for since."""
        if serial != self.latest_serial:
            return
        self._done_computing()
        if isinstance(result, Answer):
            self.show_live_answer(result)
        elif isinstance(result, HandFile):
            self.show_hand_file(result)
        elif isinstance(result, DecisionReview):
            self.show_review(result)
        elif isinstance(result, HandSummary):
            self.summary_known = True
            self.replay_panel.show_summary(result)

    def show_review(self, review: DecisionReview) -> None:
        """A replayed decision: its advice in the panel, the action taken beside it."""
        replay = self.replay_panel.replay
        if replay is None:
            return
        self.replay_panel.show_review(review)
        if review.advice is None:
            self.advice.show_waiting(review.note)
        else:
            self.advice.show_advice(review.advice.equity, review.advice, None, 0.0,
                                    review.decision.bet)
        self.ask_summary()

    def show_live_answer(self, answer: Answer) -> None:
        hand, hero = self.live.hand, self.live.hero
        self.advice.show_answer(answer, hand.street_contribution(hero))
        if answer.advice is not None and answer.advice.choice.action == "raise":
            low, high = hand.min_raise_to(), hand.max_raise_to()
            if low is not None and high is not None:
                total = hand.street_contribution(hero) + whole_chips(answer.advice)
                self.amount.setValue(max(low, min(high, total)))

    def on_failure(self, serial: int, message: str) -> None:
        if serial == self.latest_serial:
            self._done_computing()
            self.show_error(message)

    def _done_computing(self) -> None:
        self.progress_timer.stop()
        self.progress.hide()

    # Messages, settings, closing.

    def show_error(self, text: str) -> None:
        self.message.setStyleSheet("color: white; background: #c62828; padding: 2px 6px;")
        self.message.setText(text)

    def show_message(self, text: str) -> None:
        self.message.setStyleSheet("color: #1d1d1f;")
        self.message.setText(text)

    def save_settings(self) -> None:
        for key, box in (("seats", self.seat_count), ("hero", self.hero_seat),
                         ("button", self.button_seat), ("small_blind", self.small_blind),
                         ("big_blind", self.big_blind), ("ante", self.ante),
                         ("stack", self.default_stack)):
            self.settings.setValue(f"table/{key}", box.value())
        self.settings.setValue("kelly/scale", self.kelly_scale.value())
        self.settings.setValue("kelly/bankroll", self.bankroll.value())

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt's name
        """Stop the worker cleanly and remember the settings."""
        self.save_settings()
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.worker.stop()
        super().closeEvent(event)

