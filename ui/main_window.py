"""The main window: composition and wiring only.

The widgets each do one job: :class:`~ui.table_setup.TableSetup` (the table),
:class:`~ui.seats.SeatsView` (the seats), :class:`~ui.hand_log.HandLog` (board and
actions), :class:`~ui.betting_bar.BettingBar` (the seat to act),
:class:`~ui.quick_panel.QuickPanel` (quick mode), :class:`~ui.replay_panel.ReplayPanel`
and :class:`~ui.advice_panel.AdvicePanel`.  Every click becomes a change of the
:class:`~assistant.live.LiveHand` (which the engine checks), the widgets are redrawn
from it, and the engine worker is asked the new question.  Nothing here computes odds,
pots or bet sizes.
"""

import functools
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QByteArray, QRect, QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QGuiApplication, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QFileDialog,
    QGroupBox,
    QLabel,
    QMainWindow,
    QProgressBar,
    QScrollArea,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from assistant.door import Advice, Settings, buyin
from assistant.errors import PokerInputError
from assistant.hand import ActionKind
from assistant.history import HandFile
from assistant.history.replay import DecisionReview, HandSummary
from assistant.live import LiveHand, Question, Slot
from ui.advice_panel import AdvicePanel, opponent_number
from ui.background import LatestTask
from ui.betting_bar import BettingBar
from ui.cards import CardEntry, CardPicker, CardSlot, card_text
from ui.file_reader import FileReader
from ui.hand_database import ImportOutcome, database_path
from ui.hand_log import HandLog
from ui.help_overlay import HelpOverlay
from ui.hud import ReplayHud, SeatHuds
from ui.import_dialog import HandImport, describe_import
from ui.keys import TABLE_LETTERS, WindowKeysFilter, alt_key, keep_window_keys, typing_in_a_field
from ui.plot_slot import import_plots
from ui.quick_panel import QuickPanel
from ui.replay_panel import ReplayPanel, money_of
from ui.seat_ranges import SeatRanges
from ui.seats import SeatsView
from ui.session_files import SessionFiles
from ui.table_setup import TableSetup
from ui.theme import apply_theme
from ui.worker import Answer, Curved, EngineWorker, Request, answer, curve

PROGRESS_DELAY_MS = 150
DEFAULT_SIZE = (1440, 860)
SPLIT = [490, 480, 396]  # first widths (the seats with their HUD); middle and advice share growth
MODES = ("Quick", "Full hand", "Replay")


def scrolled(widget: QWidget) -> QScrollArea:
    """``widget`` in a scroll area that never scrolls sideways unless it must."""
    area = QScrollArea()
    area.setWidget(widget)
    area.setWidgetResizable(True)
    area.setFrameShape(QScrollArea.Shape.NoFrame)
    return area


def clamp_to_screen(window: QRect, screen: QRect) -> QRect:
    """``window`` moved and shrunk to lie within ``screen``."""
    width, height = min(window.width(), screen.width()), min(window.height(), screen.height())
    left = min(max(window.left(), screen.left()), screen.right() - width + 1)
    top = min(max(window.top(), screen.top()), screen.bottom() - height + 1)
    return QRect(left, top, width, height)


class MainWindow(QMainWindow):
    """The assistant's main window."""

    def __init__(self, settings: QSettings | None = None,
                 worker: EngineWorker | None = None) -> None:
        super().__init__()
        self.setWindowTitle("Kelly poker assistant")
        self.settings = settings if settings is not None else QSettings()
        self.worker = worker if worker is not None else EngineWorker(self)
        self.reader = FileReader(self)
        self.plots_loader = LatestTask("plots", self)  # matplotlib, once the engine is ready
        self.files = SessionFiles(self.settings, lambda: self.huds.seat_names())
        self.latest_serial = 0
        self.reading_serial = 0
        self.asked: Question | None = None
        self.selected: Slot | None = None  # the slot the next card goes to
        self.chosen = False  # whether the player chose it (a click), not the default order
        self.slots: dict[Slot, CardSlot] = {}

        self.setup = TableSetup(self.settings)
        self.seats = SeatsView()
        self.database = database_path(self.settings)  # the hand database: import, HUD
        self.huds = SeatHuds(self.database, self.settings, self)
        self.seats.player_widget = self.huds.make
        self.replay_hud = ReplayHud(self.database)
        self.hand_import = HandImport(self.database, self)
        self.picker = CardPicker()
        self.entry = CardEntry()
        self.entry.setObjectName("card_entry")
        self.hand_log = HandLog(self._make_slot)
        self.tabs = self.hand_log.tabs
        self.betting = BettingBar()
        self.amount = self.betting.amount
        self.quick = QuickPanel()
        self.replay_panel = ReplayPanel()
        self.advice = AdvicePanel()
        self.ranges = SeatRanges(self)
        self.kelly_scale, self.bankroll = self.setup.kelly_scale, self.setup.bankroll
        self._lay_out()
        self.help = HelpOverlay(self)
        self._build_status_bar()
        self._build_menu()
        self._connect()
        self._add_keys()
        self._restore_geometry()

        self.live = self._new_live_hand()
        self.replay_panel.set_settings(self.kelly_scale.value(), self.bankroll_buyins())
        self.seats.rebuild(self.live.config.stacks, self._make_slot)
        self.quick.set_defaults(self.setup.value("stack"), self.setup.value("seats") - 1)
        self.quick.new_spot(self.setup.value("small_blind"), self.setup.value("big_blind"))
        apply_theme(self, self.dark_action.isChecked())
        self.seats.setVisible(False)  # quick mode first; the seats belong to the full hand
        self.refresh()
        if self.setup.load_message:
            self.show_error(self.setup.load_message)
        self.worker.start()

    # Building.

    def _lay_out(self) -> None:
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.addWidget(self.setup)
        left_layout.addWidget(self.seats)
        left_layout.addStretch()
        full_page = QWidget()
        middle = QVBoxLayout(full_page)
        cards_box = QGroupBox("Cards: the highlighted slot takes the next card")
        cards_layout = QVBoxLayout(cards_box)
        cards_layout.addWidget(self.picker)
        cards_layout.addWidget(self.entry)
        middle.addWidget(cards_box)
        middle.addWidget(self.hand_log, stretch=1)
        middle.addWidget(self.betting)
        self.modes = QTabWidget()
        self.modes.setObjectName("modes")
        self.quick_page = scrolled(self.quick)
        replay_layout = self.replay_panel.layout()
        assert replay_layout is not None
        replay_layout.addWidget(self.replay_hud)
        for page, name in zip((self.quick_page, full_page, self.replay_panel), MODES,
                              strict=True):
            self.modes.addTab(page, name)
        self.full_page = full_page
        self.splitter = QSplitter()
        self.splitter.setChildrenCollapsible(False)
        for column in (scrolled(left), self.modes, scrolled(self.advice)):
            self.splitter.addWidget(column)
        self.splitter.setSizes(SPLIT)
        for index, stretch in enumerate((0, 1, 1)):
            self.splitter.setStretchFactor(index, stretch)
        self.setCentralWidget(self.splitter)
        self.splitter.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    def _build_status_bar(self) -> None:
        self.message = QLabel()
        self.message.setObjectName("message")
        self.message.setWordWrap(True)
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

    def _build_menu(self) -> None:
        menu = self.menuBar().addMenu("&File")
        for text, key, handler in (("&Open hand file…", "Ctrl+O", self.choose_hand_file),
                                   ("&Save this hand…", "Ctrl+S", self.choose_save_file)):
            action = QAction(text, self)
            action.setShortcut(QKeySequence(key))
            action.triggered.connect(handler)
            menu.addAction(action)
        self.autosave_action = QAction("Save every &hand to a folder…", self)
        self.autosave_action.setCheckable(True)
        self.autosave_action.setChecked(bool(self.files.folder))
        self.autosave_action.toggled.connect(self.choose_autosave_folder)
        menu.addAction(self.autosave_action)
        for text, handler in (("&Import hands from a folder…", self.hand_import.choose_folder),
                              ("Import hand &files…", self.hand_import.choose_files),
                              ("&Graphs of a player…", self.show_graphs)):
            action = QAction(text, self)
            action.triggered.connect(handler)
            menu.addAction(action)
        quit_action = QAction("&Quit", self)
        quit_action.setShortcut(QKeySequence("Ctrl+Q"))
        quit_action.triggered.connect(self.close)
        menu.addAction(quit_action)
        view = self.menuBar().addMenu("&View")
        self.dark_action = QAction("&Dark theme", self)
        self.dark_action.setCheckable(True)
        self.dark_action.setChecked(str(self.settings.value("view/dark", "false")) == "true")
        self.dark_action.toggled.connect(self.set_dark)
        view.addAction(self.dark_action)

    def _connect(self) -> None:
        self.setup.changed.connect(self.on_setup_changed)
        self.setup.kelly_changed.connect(self.on_kelly_changed)
        self.setup.new_hand_requested.connect(self.new_hand)
        self.seats.stacks_changed.connect(self.on_setup_changed)
        self.picker.card_clicked.connect(self.on_card_clicked)
        self.entry.cards_entered.connect(self.place_cards)
        self.entry.rejected.connect(self.show_error)
        self.betting.acted.connect(self.act)
        self.betting.refused.connect(self.show_error)
        self.betting.muck_requested.connect(lambda: self.change(self.live.muck))
        self.betting.undo_requested.connect(self.undo)
        self.quick.changed.connect(self.ask_engine)
        self.modes.currentChanged.connect(self.on_mode_changed)
        self.replay_panel.open_requested.connect(self.choose_hand_file)
        self.replay_panel.moved.connect(self.ask_replay)
        self.replay_panel.opened.connect(self.forget_summary)
        self.replay_panel.opened.connect(self.show_replay_hud)
        self.hand_import.finished.connect(self.on_import_finished)
        self.hand_import.grew.connect(self.huds.refresh)
        self.hand_import.failed.connect(self.show_error)
        self.reader.loaded.connect(self.on_file_loaded)
        self.reader.failed.connect(self.on_file_failed)
        self.reader.progressed.connect(self.on_file_progress)
        self.worker.preparing.connect(
            lambda f: self.engine_state.setText(f"Preparing engine… {100 * f:.0f}%"))
        self.worker.ready.connect(lambda: self.engine_state.setText("Engine ready"))
        self.worker.ready.connect(lambda: self.plots_loader.run(import_plots))
        self.worker.progressed.connect(self.on_progress)
        self.worker.answered.connect(self.on_answer)
        self.worker.failed.connect(self.on_failure)
        self.seats.range_requested.connect(self.ranges.open)
        self.replay_panel.range_requested.connect(self.ranges.open)
        self.seats.profiles_changed.connect(self.on_ranges_changed)
        self.huds.learned.connect(self.seats.set_learned)
        self.ranges.yours_changed.connect(self.on_ranges_changed)
        self.ranges.views_changed.connect(self.seats.show_ranges)

    def _add_keys(self) -> None:
        """Bare letters for other seats, Alt+letters for anyone; see :mod:`ui.keys`."""
        for letter, kind in TABLE_LETTERS.items():
            QShortcut(QKeySequence(letter), self,
                      functools.partial(self.on_table_key, kind, False))
            QShortcut(alt_key(letter), self, functools.partial(self.on_table_key, kind, True))
        keys: list[tuple[str, Callable[[], object]]] = [
            ("Ctrl+Z", self.undo), ("Ctrl+N", self.new_hand), ("Escape", self.back_to_table),
            ("Ctrl+L", self.entry.setFocus), ("Left", self.replay_back),
            ("Right", self.replay_forward), ("F1", self.help.toggle)]
        for key, handler in keys:
            QShortcut(QKeySequence(key), self, handler)
        self.keys_filter = WindowKeysFilter(self)
        for field in (self.entry, self.amount, self.quick.hero, self.quick.board):
            keep_window_keys(field, self.keys_filter)

    def _make_slot(self, slot: Slot, label: str) -> CardSlot:
        widget = CardSlot(label)
        widget.setObjectName(f"slot_{'board' if slot.seat is None else slot.seat}_{slot.index}")
        widget.selected.connect(lambda s=slot: self.choose(s))
        widget.cleared.connect(lambda s=slot: self.change(lambda: self.live.set_card(s, None)))
        widget.destroyed.connect(lambda _=None, s=slot, w=widget: self._forget_slot(s, w))
        self.slots[slot] = widget
        return widget

    def _forget_slot(self, slot: Slot, widget: CardSlot) -> None:
        if self.slots.get(slot) is widget:
            del self.slots[slot]

    def _restore_geometry(self) -> None:
        """The saved size and place, clamped to the screen; else a size that fits it."""
        screen = QGuiApplication.primaryScreen().availableGeometry()
        geometry = self.settings.value("window/geometry")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        else:
            self.resize(*DEFAULT_SIZE)
        self.setGeometry(clamp_to_screen(self.geometry(), screen))

    # Keys.

    def on_table_key(self, kind: ActionKind, deliberate: bool) -> None:
        """An action key: Alt+letter acts for any seat; a bare letter only for another
        seat, and never while a card slot is chosen or a text field has focus."""
        if self.modes.currentWidget() is not self.full_page or typing_in_a_field():
            return
        letter = next(k for k, v in TABLE_LETTERS.items() if v == kind)
        if not deliberate:
            if self.chosen:
                self.show_error(f"{letter} ignored: a card slot is chosen, so type the card in"
                                " the card box (Esc returns to the table)")
                return
            if self.live.hand.to_act == self.live.hero:
                self.show_error(f"{letter} ignored: your own action needs a click, or"
                                f" Alt+{letter}")
                return
        if kind == ActionKind.RAISE:
            self.amount.setFocus()
            self.amount.selectAll()
            return
        self.act(kind)

    def back_to_table(self) -> None:
        """Escape: forget a chosen slot and give the keys back to the table."""
        self.chosen = False
        self.selected = None
        self.splitter.setFocus()
        self.refresh()

    # Hand files.

    def choose_hand_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open hand file", "",
                                              "Hand histories (*.phh *.phhs *.txt);;All (*)")
        if path:
            self.open_hand_file(Path(path))

    def open_hand_file(self, path: Path) -> None:
        """Read a PHH or PokerStars file off the GUI thread for the replay view; a file
        still being read is dropped."""
        self.modes.setCurrentWidget(self.replay_panel)
        self.show_message(f"reading {path}…")
        self.reading_serial = self.reader.read(path)
        self.progress_timer.start(PROGRESS_DELAY_MS)

    def on_file_loaded(self, serial: int, hand_file: HandFile) -> None:
        if serial != self.reading_serial:
            return
        self._done_computing()
        self.show_hand_file(hand_file)

    def on_file_progress(self, serial: int, fraction: float) -> None:
        if serial == self.reading_serial:
            self.progress.setValue(round(100 * fraction))

    def on_file_failed(self, serial: int, message: str) -> None:
        if serial == self.reading_serial:
            self._done_computing()
            self.show_error(message)

    def show_hand_file(self, hand_file: HandFile) -> None:
        """Open the hands of a file in the replay view, reporting those skipped."""
        self.show_message("")
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
        saved, message = self.files.save_hand(path, self.live.hand)
        (self.show_message if saved else self.show_error)(message)

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
        self.files.set_folder(folder)

    def save_recovery(self) -> Path | None:
        """Save the live hand where the crash dialog can point to it; None if impossible."""
        return self.files.save_recovery(self.live.hand)

    # Replay.

    def on_mode_changed(self) -> None:
        """The seats and the advice follow the tab: quick, the full hand, or the replay."""
        self.asked = None
        self.seats.setVisible(self.modes.currentWidget() is self.full_page)
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
        self.ranges.show_replay(replay.hand, replay.hero, replay.record.known_cards(replay.hero))
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
        if replay is not None and not getattr(self, "summary_known", False):
            self.latest_serial = self.worker.ask(replay.summary)

    # The hand database.

    def on_import_finished(self, outcome: ImportOutcome) -> None:
        """An import ended: say what it did, and show the new statistics."""
        self.show_message(describe_import(outcome))
        self.huds.refresh()
        self.show_replay_hud()

    def show_replay_hud(self) -> None:
        replay = self.replay_panel.replay
        if replay is not None:
            self.replay_hud.show_players(replay.record.names)

    def show_graphs(self) -> None:
        """The graphs of the database's players, in a dialog of their own."""
        from ui.graphs_dialog import GraphsDialog  # matplotlib: imported when first asked for

        dialog = GraphsDialog(self.database, self)
        dialog.setObjectName("graphs")
        dialog.show()

    # The table and its hand.

    def _new_live_hand(self, stacks: list[int] | None = None) -> LiveHand:
        n = self.setup.value("seats")
        known = stacks or self.seats.stacks()
        stacks = [known[seat] if seat < len(known) else self.setup.value("stack")
                  for seat in range(n)]
        return LiveHand(self.setup.config(stacks), self.setup.value("hero") - 1)

    def on_setup_changed(self, key: str = "") -> None:
        """A setup field (``key``; '' for a seat's stack) changed: apply it at once
        while the hand has no betting."""
        problem = self.setup.check()
        if problem is not None:
            self.show_error(f"{problem}: this setup is not used (nor saved) until corrected")
            return
        if self.live.betting:
            self.show_message("The new setup applies from the next hand (Ctrl+N)")
            return
        stacks = None
        if key == "stack":
            stacks = [self.setup.value("stack")] * self.setup.value("seats")
            self.seats.set_stacks(stacks)
        self.start_hand(keep_cards=True, stacks=stacks)

    def new_hand(self) -> None:
        """Start a new hand: the stacks carried on (a busted seat rebuys to the table's
        stack), the button moved on one seat."""
        if self.live.betting:
            failed = self.files.add_to_session(self.live.hand)
            if failed:
                self.show_error(failed)
            self.setup.set_value("button",
                                 self.setup.value("button") % self.setup.value("seats") + 1)
        self.quick.new_spot(self.setup.value("small_blind"), self.setup.value("big_blind"))
        stacks, notes = self.live.next_stacks(self.setup.value("stack"))
        self.ranges.new_hand()
        self.seats.set_stacks(stacks)
        self.start_hand(keep_cards=False, stacks=stacks)
        if notes:
            self.show_message("; ".join(notes))

    def start_hand(self, keep_cards: bool, stacks: list[int] | None = None) -> None:
        """Replace the live hand by one with the current setup."""
        try:
            live = self._new_live_hand(stacks)
        except PokerInputError as error:
            self.show_error(str(error))
            return
        if keep_cards:
            for slot, card in self.live.cards.items():
                if slot.seat is None or slot.seat < live.config.n_seats:
                    live.set_card(slot, card)
        resized = len(self.seats.rows) != live.config.n_seats
        self.live = live
        self.replay_panel.set_settings(self.kelly_scale.value(), self.bankroll_buyins())
        self.selected, self.chosen = None, False
        if resized:
            self.seats.rebuild(live.config.stacks, self._make_slot)
        self.setup.save()
        self.show_message("")
        self.refresh()

    # Cards.

    def choose(self, slot: Slot) -> None:
        """The player clicked ``slot``: it takes the next card, typed or picked, and the
        card box gets the keys."""
        self.selected, self.chosen = slot, True
        self.refresh()
        self.entry.setFocus()

    def default_slot(self) -> Slot | None:
        """The next empty slot in the visible order: hero's cards, then the open board."""
        order = [Slot(self.live.hero, 0), Slot(self.live.hero, 1),
                 *self.live.open_board_slots()]
        return next((slot for slot in order if slot not in self.live.cards), None)

    def _target_group(self) -> list[Slot]:
        """The slots the next cards fill: a chosen seat's pair, a chosen board slot and
        the open board after it, or the default order."""
        if not self.chosen or self.selected is None:
            first = self.default_slot()
            if first is None:
                return []
            if first.seat is None:
                return [s for s in self.live.open_board_slots() if s not in self.live.cards]
            return [s for s in (Slot(self.live.hero, 0), Slot(self.live.hero, 1))
                    if s not in self.live.cards]
        slot = self.selected
        if slot.seat is None:
            board = self.live.open_board_slots()
            return [s for s in board if s.index >= slot.index
                    and (s == slot or s not in self.live.cards)]
        pair = (Slot(slot.seat, slot.index), Slot(slot.seat, 1 - slot.index))
        return [s for s in pair if s == slot or s not in self.live.cards]

    def on_card_clicked(self, card: int) -> None:
        """A card of the picker: take it back if placed, else put it in the slot."""
        placed = self.live.slot_of(card)
        if placed is not None:
            self.change(lambda: self.live.set_card(placed, None))
            return
        self.place_cards([card])

    def place_cards(self, cards: list[int]) -> None:
        """Put ``cards`` in the highlighted slot and the ones after it in its group; more
        cards than the group holds are refused, and nothing is placed."""
        group = self._target_group()
        if not group:
            self.show_error(f"no open slot for {card_text(cards[0])}:"
                            f" {self.live.waiting_for()}; to enter an opponent's known"
                            " hand, click one of its slots")
            return
        if len(cards) > len(group):
            where = "the board" if group[0].seat is None else (
                "your hand" if group[0].seat == self.live.hero
                else self.live.config.seat_name(group[0].seat))
            self.show_error(f"{len(cards)} cards typed for {len(group)} open slot"
                            f"{'s' * (len(group) > 1)} of {where}: nothing placed")
            return
        for slot, card in zip(group, cards, strict=False):
            def put(target: Slot = slot, chosen: int = card) -> None:
                self.live.set_card(target, chosen)

            if not self.change(put):
                return
        self.entry.clear()
        # A chosen seat keeps the keys until its pair is full; then the default order.
        rest = [slot for slot in group if slot not in self.live.cards]
        if self.chosen and rest and group[0].seat is not None:
            self.selected = rest[0]
        else:
            self.selected, self.chosen = None, False
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
        """Bet or raise to the amount in the box (refused with a message if illegal)."""
        self.betting.raise_to_amount()

    def undo(self) -> None:
        """Take back the last action of the logged hand (when it is on screen)."""
        if self.modes.currentWidget() is self.full_page:
            self.change(self.live.undo)

    def change(self, edit: Callable[[], None]) -> bool:
        """Apply an edit of the live hand; show its error instead if it is refused."""
        try:
            edit()
        except PokerInputError as error:
            self.show_error(str(error))
            return False
        self.show_message("")
        self.refresh()
        return True

    # Redrawing.

    def refresh(self) -> None:
        """Redraw every widget from the live hand and ask the engine the new question."""
        live = self.live
        if self.selected is not None and self.selected in live.cards and not self.chosen:
            self.selected = None
        target = self.selected if self.chosen else self.default_slot()
        open_board = set(live.open_board_slots())
        for slot, widget in self.slots.items():
            enabled = slot.seat is not None or slot in open_board or slot in live.cards
            widget.show_card(live.cards.get(slot), enabled)
            widget.setChecked(slot == target)
        self.picker.set_used(live.used_mask)
        self.seats.show_hand(live)
        self.hand_log.show_hand(live)
        self.betting.show_hand(live)
        if self.modes.currentWidget() is self.full_page:
            self.ranges.show_live(live, self.seats.seat_profiles())
        self.ask_engine()

    # The engine.

    def request(self) -> Request | None:
        """The question of the page shown (quick or full hand) with the Kelly settings."""
        if self.modes.currentWidget() is self.full_page:
            question = self.live.question()
        else:
            spot = self.quick.spot(self.setup.value("big_blind"))
            question = spot.question() if spot is not None else None
        if question is None:
            return None
        return Request(question, self.advice_settings())

    def buyin(self) -> float:
        """A buy-in for hero at the live table (:func:`assistant.door.buyin`)."""
        return buyin(self.live.config, self.live.hero)

    def bankroll_buyins(self) -> float | None:
        """The bankroll setting in buy-ins of hero's seat at the live table (``None``:
        the door's default), so that a replayed hand gets as many of its own."""
        chips = self.bankroll.value()
        return chips / self.buyin() if chips else None

    def ask_engine(self) -> None:
        """Ask the worker the shown page's question if it changed."""
        if self.modes.currentWidget() is self.replay_panel:
            return
        request = self.request()
        if request is None:
            self.asked = None
            if self.modes.currentWidget() is not self.full_page:
                self.advice.show_waiting("Enter your two cards to see the advice")
            elif len(self.live.hole_cards(self.live.hero)) < 2:
                self.advice.show_waiting("Enter your two cards to see the odds")
            else:
                self.advice.show_waiting("You are out of this hand")
            return
        if request.question == self.asked and self.latest_serial:
            return
        self.asked = request.question
        self.advice.show_working("Preparing the engine…" if self.engine_state.text()
                                 != "Engine ready" else "Working out the odds…")
        self.latest_serial = self.worker.ask(functools.partial(answer, request))
        self.progress.setValue(0)
        self.progress_timer.start(PROGRESS_DELAY_MS)

    def advice_settings(self) -> Settings:
        """The player's settings for the advice: the Kelly scale, the bankroll at the start
        of the hand in chips (0: the door's default), each seat's profile and the player's
        own ranges of this hand."""
        bankroll = self.bankroll.value()
        return Settings(self.kelly_scale.value(), float(bankroll) if bankroll else None,
                        self.seats.seat_profiles(), self.ranges.yours())

    def on_ranges_changed(self) -> None:
        """A profile or the player's own range changed: ask for the advice again."""
        self.asked = None
        self.refresh()

    def on_kelly_changed(self) -> None:
        self.setup.save()
        self.asked = None
        self.replay_panel.set_settings(self.kelly_scale.value(), self.bankroll_buyins())
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
            self.ask_curve(result.found.advice)
        elif isinstance(result, DecisionReview):
            self.show_review(result)
            self.ask_curve(result.advice)
        elif isinstance(result, Curved):
            self.advice.show_curve(result.advice, result.curve)
            if self.modes.currentWidget() is self.replay_panel:
                self.ask_summary()
        elif isinstance(result, HandSummary):
            self.summary_known = True
            self.replay_panel.show_summary(result)

    def ask_curve(self, advice: Advice | None) -> None:
        """Ask for the growth curve of the advice just shown; without advice, a replay
        goes on to its summary."""
        if advice is not None:
            self.latest_serial = self.worker.ask(functools.partial(curve, advice))
        elif self.modes.currentWidget() is self.replay_panel:
            self.ask_summary()

    def show_review(self, review: DecisionReview) -> None:
        """A replayed decision: its advice in the panel, the action taken beside it."""
        replay = self.replay_panel.replay
        if replay is None:
            return
        self.replay_panel.show_review(review)
        if review.advice is None:
            self.advice.show_waiting(review.note)
        else:
            record = replay.record
            self.advice.show_advice(review.advice.equity, review.advice, None, 0.0,
                                    lambda seat: record.names[seat], money_of(record),
                                    record.config.min_bet)

    def show_live_answer(self, answer: Answer) -> None:
        """A live answer in the panel; at hero's turn in the logged hand an advised bet
        or raise also goes in the amount box."""
        full = self.modes.currentWidget() is self.full_page
        self.advice.show_answer(answer, self.live.config.seat_name if full else opponent_number,
                                self.setup.value("big_blind"))
        advice = answer.found.advice
        if full and advice is not None and advice.choice.kind in ("bet", "raise", "all-in"):
            self.betting.suggest(advice.choice.total)

    def on_failure(self, serial: int, message: str) -> None:
        if serial == self.latest_serial:
            self._done_computing()
            self.show_error(message)

    def _done_computing(self) -> None:
        self.progress_timer.stop()
        self.progress.hide()

    # Messages, settings, closing.

    def show_error(self, text: str) -> None:
        """An error in the status bar, red; it stays until the next change succeeds."""
        self.message.setStyleSheet("color: white; background: #c62828; padding: 2px 6px;"
                                   if text else "")
        self.message.setText(text)

    def show_message(self, text: str) -> None:
        """A plain message in the status bar ('' clears it)."""
        self.message.setStyleSheet("")
        self.message.setText(text)

    def set_dark(self, dark: bool) -> None:
        """The dark theme on or off, remembered."""
        self.settings.setValue("view/dark", "true" if dark else "false")
        apply_theme(self, dark)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt's name
        """Stop the worker, drop any file being read (never waiting for it), and
        remember the settings."""
        self.setup.save()
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.reader.close()
        self.hand_import.close()
        self.worker.stop()
        self.ranges.stop()
        super().closeEvent(event)
