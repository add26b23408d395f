"""The real window, used as a person would: clicks, typing, keys, and waiting for advice."""

import functools
import itertools
import sys
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtWidgets import QLabel, QListWidget, QMessageBox, QPushButton, QSpinBox
from pytestqt.qtbot import QtBot

from assistant.cards import parse_cards
from assistant.live import Question, Slot
from ui.app import install_exception_hook
from ui.cards import CardEntry, CardSlot
from ui.main_window import MainWindow
from ui.worker import Answer, Request, Task, answer

ENGINE_TIMEOUT_MS = 120_000  # the first start may compile the kernels


def make_window(qtbot: QtBot, settings_file: Path, mode: str = "Full hand") -> MainWindow:
    """The window on a settings file of its own, once the engine is ready, showing
    ``mode`` (the window opens in quick mode; most tests log the full hand)."""
    settings = QSettings(str(settings_file), QSettings.Format.IniFormat)
    for key, value in {"table/seats": 5, "table/hero": 4, "table/button": 5,
                       "table/small_blind": 15, "table/big_blind": 30,
                       "table/stack": 5000}.items():
        if settings.value(key) is None:
            settings.setValue(key, value)
    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: window.engine_state.text() == "Engine ready",
                    timeout=ENGINE_TIMEOUT_MS)
    assert window.modes.tabText(window.modes.currentIndex()) == "Quick"
    window.modes.setCurrentIndex([window.modes.tabText(i) for i in range(3)].index(mode))
    return window


def click(qtbot: QtBot, window: MainWindow, name: str) -> None:
    widget = window.findChild(QPushButton, name) or window.findChild(CardSlot, name)
    assert widget is not None, name
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def pick(qtbot: QtBot, window: MainWindow, cards: str) -> None:
    """Click the cards in the picker grid."""
    for card in cards.split():
        qtbot.mouseClick(window.picker.buttons[parse_cards(card)[0]], Qt.MouseButton.LeftButton)


def type_cards(qtbot: QtBot, window: MainWindow, text: str) -> None:
    entry = window.findChild(CardEntry, "card_entry")
    assert entry is not None
    qtbot.keyClick(entry, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)  # replace any text
    qtbot.keyClicks(entry, text)
    qtbot.keyClick(entry, Qt.Key.Key_Return)


def label(window: MainWindow, name: str) -> str:
    widget = window.findChild(QLabel, name)
    assert widget is not None, name
    return widget.text()


def wait_for_headline(qtbot: QtBot, window: MainWindow, expected: str) -> None:
    qtbot.waitUntil(lambda: expected in window.advice.headline.text(), timeout=30_000)


def test_a_whole_hand_street_by_street(qtbot: QtBot, window: MainWindow) -> None:
    # Seats 1 and 2 post the blinds; seat 3 raises; hero sits in seat 4.
    pick(qtbot, window, "Ah Kd")
    assert window.slots[Slot(3, 0)].text() == "A♥" and window.slots[Slot(3, 1)].text() == "K♦"
    assert window.picker.buttons[parse_cards("Ah")[0]].property("used")
    amount = window.findChild(QSpinBox, "amount")
    assert amount is not None
    amount.setValue(60)
    click(qtbot, window, "raise")
    assert "Seat 4 to act · to call 60 · pot 105" in label(window, "table_state")
    wait_for_headline(qtbot, window, "RAISE TO")  # AKo facing one raise: Kelly re-raises
    total = int(window.advice.headline.text().split()[-1].replace(",", ""))
    # The hero has nothing in yet: all of the raise is new chips.
    assert window.advice.pot_odds.text().startswith("call 60 — you need 36.4 %")  # 60 / 165
    pots = (total - 60) / (105 + 60)
    assert window.advice.kelly.text().startswith(
        f"raise to {total:,} puts in {total:,} ({pots:.2f} pot · {total / 30:,.1f} bb)")
    assert "against the ranges" in window.advice.method.text()
    qtbot.waitUntil(window.advice.growth_plot.curve.get_visible, timeout=30_000)
    click(qtbot, window, "call")  # hero takes the call instead
    for name in ("fold", "fold", "call"):  # seats 5 and 1 fold, seat 2 calls
        click(qtbot, window, name)
    assert "Deal the flop" in label(window, "table_state")
    assert window.tabs.currentIndex() == 1
    type_cards(qtbot, window, "Qs 7d 2c")
    assert window.live.hand.board == tuple(parse_cards("Qs7d2c"))
    log = window.findChild(QListWidget, "log_preflop")
    assert log is not None and log.count() == 7  # two blinds, five actions
    qtbot.waitUntil(lambda: "exact" in window.advice.method.text(), timeout=30_000)
    qtbot.keyClick(window, Qt.Key.Key_Escape)  # from the card box back to the table
    qtbot.keyClick(window, Qt.Key.Key_K)  # seat 2 checks
    click(qtbot, window, "check")  # seat 3 checks
    wait_for_headline(qtbot, window, "")  # hero's turn: advice arrives
    qtbot.waitUntil(lambda: window.advice.made_hand.text() == "made hand: ace high",
                    timeout=30_000)
    assert "HS" in window.advice.strength.text()
    click(qtbot, window, "check")
    assert "Deal the turn" in label(window, "table_state")
    pick(qtbot, window, "Ks")
    click(qtbot, window, "pot")
    assert label(window, "bet_size") == "1.00 pot · 6.5 bb"  # 195 of 195; 195 / 30
    click(qtbot, window, "raise")  # seat 2 bets the pot: 3 x 60 and the small blind's 15
    assert window.live.hand.street_contribution(1) == 195
    assert window.live.hand.pot == 390


def test_typed_cards_and_illegal_input_show_an_error_and_change_nothing(
        qtbot: QtBot, window: MainWindow) -> None:
    type_cards(qtbot, window, "AhAh")
    assert "Ah appears twice" in label(window, "message")
    entry = window.findChild(CardEntry, "card_entry")
    assert entry is not None and entry.text() == "AhAh"  # kept, to be corrected
    type_cards(qtbot, window, "Xx")
    assert "'Xx' in 'Xx' is not a card" in label(window, "message")
    type_cards(qtbot, window, "Ah Kd")
    assert window.live.hole_cards(3) == tuple(parse_cards("AhKd"))
    assert label(window, "message") == ""
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    qtbot.keyClick(window, Qt.Key.Key_K)  # seat 3 cannot check the big blind
    assert "cannot check now: seat 3 to act" in label(window, "message")
    assert window.live.betting == []
    pick(qtbot, window, "9c")  # hero's cards are in and the flop is not open yet
    assert "no open slot for 9♣: seat 3 to act" in label(window, "message")
    click(qtbot, window, "slot_0_0")  # a known hand for seat 1 goes in its own slots
    pick(qtbot, window, "9c 9d")
    assert window.live.hole_cards(0) == tuple(parse_cards("9c9d"))


def test_a_used_card_is_freed_by_clicking_it_and_undo_takes_back_an_action(
        qtbot: QtBot, window: MainWindow) -> None:
    pick(qtbot, window, "Ah Kd")
    pick(qtbot, window, "Ah")
    assert window.live.hole_cards(3) == tuple(parse_cards("Kd"))
    assert not window.picker.buttons[parse_cards("Ah")[0]].property("used")
    click(qtbot, window, "call")
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.live.betting == []


def test_settings_are_remembered(qtbot: QtBot, tmp_path: Path) -> None:
    first = make_window(qtbot, tmp_path / "settings.ini")
    first.kelly_scale.setValue(0.5)
    first.bankroll.setValue(20000)
    first.setup.boxes["seats"].setValue(3)
    first.close()
    second = make_window(qtbot, tmp_path / "settings.ini")
    assert second.kelly_scale.value() == 0.5 and second.bankroll.value() == 20000
    assert second.setup.value("seats") == 3 and second.live.config.n_seats == 3
    second.close()


def slow_question() -> Question:
    """Nine opponents after the flop: sampling, long enough to watch."""
    return Question(tuple(parse_cards("AhKd")), tuple(parse_cards("Qs7d2c")), 9)


def slow_task(samples: int = 20_000_000) -> Task:
    return functools.partial(answer, Request(slow_question(), samples=samples))


def test_the_event_loop_turns_while_a_slow_computation_runs(
        qtbot: QtBot, window: MainWindow) -> None:
    ticks: list[float] = []
    timer = QTimer(window)
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    timer.start(20)
    answers: list[object] = []
    window.worker.answered.connect(lambda serial, result: answers.append(result))
    window.worker.ask(slow_task())
    qtbot.wait(1000)
    timer.stop()
    assert not answers, "the slow computation should still be running"
    assert len(ticks) >= 25, f"the GUI thread turned only {len(ticks)} times in a second"
    gaps = [b - a for a, b in itertools.pairwise(ticks)]
    assert max(gaps) < 0.25, f"the GUI thread froze for {max(gaps):.2f} s"


def test_long_work_shows_progress_and_hides_it_with_the_answer(
        qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(window, "request", lambda: Request(slow_question(), samples=600_000))
    window.ask_engine()
    qtbot.waitUntil(window.progress.isVisible, timeout=2_000)
    qtbot.waitUntil(lambda: window.progress.value() > 0, timeout=10_000)
    qtbot.waitUntil(lambda: not window.progress.isVisible(), timeout=60_000)
    assert "sampled" in window.advice.method.text()


def test_stale_answers_are_dropped_and_the_latest_request_wins(
        qtbot: QtBot, window: MainWindow) -> None:
    answers: list[tuple[int, object]] = []
    window.worker.answered.connect(lambda serial, result: answers.append((serial, result)))
    first = window.worker.ask(slow_task())
    qtbot.wait(100)
    quick = Request(Question(tuple(parse_cards("AhKd")), tuple(parse_cards("Qs7d2c")), 1))
    latest = window.worker.ask(functools.partial(answer, quick))
    qtbot.waitUntil(lambda: bool(answers), timeout=30_000)
    qtbot.wait(200)
    assert [serial for serial, _ in answers] == [latest] and first < latest
    result = answers[0][1]
    assert isinstance(result, Answer) and result.request == quick


def test_closing_the_window_while_a_computation_runs_stops_the_worker(
        qtbot: QtBot, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path / "settings.ini")
    window.worker.ask(slow_task())
    qtbot.wait(200)
    assert window.worker.isRunning()
    started = time.perf_counter()
    window.close()
    assert window.worker.isFinished()
    assert time.perf_counter() - started < 5


def test_an_unexpected_error_shows_a_dialog_and_keeps_the_hand(
        qtbot: QtBot, window: MainWindow) -> None:
    install_exception_hook(window)
    pick(qtbot, window, "Ah Kd")
    try:
        raise RuntimeError("boom")
    except RuntimeError as error:
        sys.excepthook(type(error), error, error.__traceback__)
    dialogs = [d for d in window.findChildren(QMessageBox) if d.isVisible()]
    assert dialogs and "kept" in dialogs[0].text() and "A copy is saved in" in dialogs[0].text()
    assert "unexpected error: boom" in label(window, "message")
    assert window.live.hole_cards(3) == tuple(parse_cards("AhKd"))
    dialogs[0].close()
