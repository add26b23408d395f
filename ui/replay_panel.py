"""The replay view: a hand file's hands, one player's seat, and a cursor to step
through the actions, with the advice at each of that player's decisions.

The panel only shows; the window asks the engine worker for reviews and summaries.
The advice uses the window's Kelly scale and bankroll: the bankroll, given in buy-ins,
is that many of the replayed hand's buy-ins (:func:`assistant.door.buyin`).
"""

import functools

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from assistant.cards import format_cards
from assistant.door import Settings, buyin
from assistant.history import HandFile, HandRecord
from assistant.history.record import amount_text
from assistant.history.replay import DecisionReview, HandSummary, Replay, default_hero
from ui.advice_panel import describe_advice
from ui.units import Money, whole

DECISION_MARK = "▶ "


def money_of(record: HandRecord) -> Money:
    """How the replay writes amounts: in the file's unit (dollars for a cash file)."""
    return functools.partial(amount_text, decimals=record.decimals)


def describe_review(review: DecisionReview, street_bet: int, money: Money = whole) -> str:
    """The advice beside the action taken, and what the difference cost."""
    amount = review.taken_amount  # new chips, said as a player says it: a raise's total
    taken = {"bet": f"BET {money(street_bet + amount)}",
             "raise": f"RAISE TO {money(street_bet + amount)}",
             "all-in": f"ALL-IN {money(street_bet + amount)}",
             "call": f"CALL {money(amount)}"}.get(review.taken, review.taken.upper())
    if review.advice is None:
        return f"took {taken}; no advice: {review.note}"
    advised = describe_advice(review.advice, money)
    if review.agrees:
        return f"took {taken}: as advised ({advised})"
    given_up = review.growth_given_up
    cost = "all the growth (the stack could be lost)" if given_up == float("inf") else (
        f"{given_up:.4f} nats of growth")
    return f"took {taken}; advice: {advised}; gives up {cost}"


def describe_table(replay: Replay) -> str:
    """The replayed hand's table at the cursor, one line a seat: name, chips behind,
    bet this street, known cards, and whether it has folded (rich text)."""
    hand, record = replay.hand, replay.record
    money = money_of(record)
    live = set(hand.live_seats())
    rows = []
    for seat, name in enumerate(record.names):
        cards = hand.hole_cards(seat) or record.known_cards(seat)
        line = (f"{name}: {money(hand.stack(seat))} behind"
                f" · bet {money(hand.street_contribution(seat))}"
                f"{' · ' + format_cards(cards, ' ') if cards else ''}"
                f"{'' if seat in live else ' · folded'}")
        rows.append(f"<b>{line}</b>" if seat == replay.hero else line)
    return "<br>".join(rows)


def describe_summary(summary: HandSummary, record: HandRecord) -> str:
    """A hand's review in one line: agreement, growth given up, result."""
    money = money_of(record)
    result = "unfinished" if summary.result is None else (
        ("+" if summary.result >= 0 else "-") + money(abs(summary.result))
        + ("" if record.decimals else " chips"))
    given_up = summary.growth_given_up
    growth = "all" if given_up == float("inf") else f"{given_up:.4f} nats"
    return (f"{record.names[summary.hero]}: {summary.agreed} of {summary.advised} decisions"
            f" as advised · growth given up {growth} · result {result}")


class ReplayPanel(QWidget):
    """Chooses a hand and a hero, and walks the hand's actions."""

    open_requested = Signal()
    opened = Signal()  # another hand or hero: a new replay
    moved = Signal()  # the cursor moved (or a replay opened)
    range_requested = Signal(int, str)  # a seat whose range to show, its window's title

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.hand_file: HandFile | None = None
        self.replay: Replay | None = None
        self.kelly_scale = 1.0
        self.buyins: float | None = None
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        open_button = QPushButton("Open hand file… (Ctrl+O)")
        open_button.setObjectName("open_file")
        open_button.clicked.connect(self.open_requested.emit)
        self.file_label = QLabel("PHH (.phh) or PokerStars (.txt) hand histories")
        top.addWidget(open_button)
        top.addWidget(self.file_label, 1)
        layout.addLayout(top)
        form = QFormLayout()
        self.hand_choice = QComboBox()
        self.hand_choice.setObjectName("hand_choice")
        self.hero_choice = QComboBox()
        self.hero_choice.setObjectName("hero_choice")
        form.addRow("Hand", self.hand_choice)
        form.addRow("Advise", self.hero_choice)
        self.range_choice = QComboBox()
        self.range_choice.setObjectName("range_choice")
        range_button = QPushButton("Show range")
        range_button.setObjectName("show_range")
        range_button.setToolTip("the chosen player's range at this point of the hand")
        range_button.clicked.connect(self._request_range)
        range_row = QHBoxLayout()
        range_row.addWidget(self.range_choice, 1)
        range_row.addWidget(range_button)
        form.addRow("Range of", range_row)
        layout.addLayout(form)
        self.steps = QListWidget()
        self.steps.setObjectName("replay_steps")
        layout.addWidget(self.steps, 1)
        self.state = QLabel()
        self.state.setObjectName("replay_state")
        self.state.setWordWrap(True)
        self.review = QLabel()
        self.review.setObjectName("replay_review")
        self.review.setWordWrap(True)
        self.summary = QLabel()
        self.summary.setObjectName("replay_summary")
        self.summary.setWordWrap(True)
        self.table = QLabel()
        self.table.setObjectName("replay_table")
        self.table.setWordWrap(True)
        for label in (self.table, self.state, self.review, self.summary):
            layout.addWidget(label)
        buttons = QHBoxLayout()
        self.back_button = QPushButton("◀ Back (Left)")
        self.back_button.setObjectName("replay_back")
        self.forward_button = QPushButton("Forward (Right) ▶")
        self.forward_button.setObjectName("replay_forward")
        self.back_button.clicked.connect(self.back)
        self.forward_button.clicked.connect(self.forward)
        buttons.addWidget(self.back_button)
        buttons.addWidget(self.forward_button)
        layout.addLayout(buttons)
        self.hand_choice.currentIndexChanged.connect(self._choose_hand)
        self.hero_choice.currentIndexChanged.connect(self._choose_hero)
        self.steps.currentRowChanged.connect(self._seek)
        self._show_cursor()

    def load(self, hand_file: HandFile) -> None:
        """Show the hands of ``hand_file`` and open the first one."""
        self.hand_file = hand_file
        self.file_label.setText(f"{hand_file.path}: {len(hand_file.hands)} hands"
                                + (f", {len(hand_file.errors)} skipped" if hand_file.errors
                                   else ""))
        self.hand_choice.blockSignals(True)
        self.hand_choice.clear()
        for number, record in enumerate(hand_file.hands, start=1):
            self.hand_choice.addItem(f"Hand {number}: {', '.join(record.names)}")
        self.hand_choice.blockSignals(False)
        self._choose_hand(0)

    def _choose_hand(self, index: int) -> None:
        if self.hand_file is None or not 0 <= index < len(self.hand_file.hands):
            return
        record = self.hand_file.hands[index]
        hero = default_hero(record)
        self.hero_choice.blockSignals(True)
        self.hero_choice.clear()
        self.hero_choice.addItems(list(record.names))
        self.hero_choice.setCurrentIndex(hero)
        self.hero_choice.blockSignals(False)
        self.range_choice.clear()
        self.range_choice.addItems(list(record.names))
        self._open(record, hero)

    def _choose_hero(self, seat: int) -> None:
        if self.replay is not None and seat >= 0:
            self._open(self.replay.record, seat)

    def set_settings(self, kelly_scale: float, buyins: float | None) -> None:
        """The Kelly scale and the bankroll in buy-ins (``None``: the door's default)
        for the advice; an open replay is reviewed again with them, at the same place."""
        if (kelly_scale, buyins) == (self.kelly_scale, self.buyins):
            return
        self.kelly_scale, self.buyins = kelly_scale, buyins
        replay = self.replay
        if replay is not None:
            self._open(replay.record, replay.hero, replay.position)

    def _open(self, record: HandRecord, hero: int, position: int = 0) -> None:
        bankroll = None
        if self.buyins is not None:
            bankroll = max(self.buyins * buyin(record.config, hero),
                           float(record.config.stacks[hero]))
        self.replay = Replay(record, hero, Settings(self.kelly_scale, bankroll))
        self.replay.seek(position)
        self.opened.emit()
        self.steps.blockSignals(True)
        self.steps.clear()
        for step in self.replay.steps:
            self.steps.addItem((DECISION_MARK if step.hero_decision else "   ") + step.text)
        self.steps.blockSignals(False)
        self.summary.setText("reviewing the hand…")
        self._show_cursor()

    def _request_range(self) -> None:
        seat = self.range_choice.currentIndex()
        if self.replay is not None and seat >= 0:
            self.range_requested.emit(seat, f"{self.replay.record.names[seat]}'s range")

    def forward(self) -> None:
        if self.replay is not None and self.replay.forward():
            self._show_cursor()

    def back(self) -> None:
        if self.replay is not None and self.replay.back():
            self._show_cursor()

    def _seek(self, row: int) -> None:
        if self.replay is not None and 0 <= row <= len(self.replay.steps):
            self.replay.seek(row)
            self._show_cursor()

    def _show_cursor(self) -> None:
        replay = self.replay
        self.back_button.setEnabled(replay is not None and replay.position > 0)
        self.forward_button.setEnabled(replay is not None
                                       and replay.position < len(replay.steps))
        self.review.clear()
        if replay is None:
            self.table.clear()
            self.state.setText("Open a file to replay its hands with the advice at each"
                               " decision.")
            return
        self.steps.blockSignals(True)
        self.steps.setCurrentRow(min(replay.position, len(replay.steps) - 1))
        self.steps.blockSignals(False)
        hand, hero = replay.hand, replay.hero
        self.table.setText(describe_table(replay))
        cards = hand.hole_cards(hero) or replay.record.known_cards(hero)
        step = replay.step
        coming = f" · next: {step.text}" if step is not None else " · the hand is over"
        self.state.setText(
            f"{hand.street.name.lower()} · board {format_cards(hand.board, ' ') or '—'}"
            f" · pot {money_of(replay.record)(hand.pot)} · {replay.record.names[hero]}"
            f" {format_cards(cards, ' ') if cards else '(cards unknown)'}{coming}")
        if step is not None and step.hero_decision:
            self.review.setText("working out the advice…")
        self.moved.emit()

    def show_review(self, review: DecisionReview) -> None:
        """Show the review of the decision at the cursor."""
        replay = self.replay
        if replay is None or review.step != replay.position:
            return
        self.review.setText(describe_review(review, replay.hand.street_contribution(replay.hero),
                                            money_of(replay.record)))

    def show_summary(self, summary: HandSummary) -> None:
        """Show the hand's summary."""
        if self.replay is not None and summary.hero == self.replay.hero:
            self.summary.setText(describe_summary(summary, self.replay.record))
