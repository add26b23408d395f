"""The findings of a live player's first session, each replayed on the real window:
keys that acted by themselves, an unseen selection, cards and bets changed without
a word, a window too wide for a laptop, hands that never ended, a stuck start."""

import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, QSettings, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

import ui.file_reader
from assistant.cards import parse_cards
from assistant.hand import ActionKind
from assistant.history import HandFile
from assistant.live import BOARD, Slot
from tests.ui.test_main_window import click, label, make_window, pick, type_cards
from ui.main_window import MainWindow, clamp_to_screen

SAMPLES = Path(__file__).parents[2] / "resources" / "hands" / "samples.phhs"


def test_typing_ad_with_a_slot_chosen_never_acts(qtbot: QtBot, window: MainWindow) -> None:
    click(qtbot, window, "slot_4_0")  # seat 5's first card
    assert QApplication.focusWidget() is window.entry  # the click gave the card box the keys
    qtbot.keyClicks(QApplication.focusWidget(), "ad")
    assert window.live.betting == [] and window.entry.text() == "ad"
    window.splitter.setFocus()  # focus wandered off, the slot is still chosen
    qtbot.keyClicks(window, "ad")
    assert window.live.betting == []
    assert "a card slot is chosen" in label(window, "message")
    qtbot.keyClick(window.entry, Qt.Key.Key_Return)  # the card goes where it was aimed
    assert window.live.hole_cards(4) == tuple(parse_cards("Ad"))


def test_bare_letters_act_for_other_seats_only_and_alt_acts_for_the_hero(
        qtbot: QtBot, window: MainWindow) -> None:
    qtbot.keyClick(window, Qt.Key.Key_C)  # seat 3 calls: another seat, a bare letter
    assert [a.kind for a in window.live.betting] == [ActionKind.CALL]
    assert window.live.hand.to_act == window.live.hero
    for key in (Qt.Key.Key_F, Qt.Key.Key_C, Qt.Key.Key_A):
        qtbot.keyClick(window, key)
    assert len(window.live.betting) == 1
    assert "your own action needs a click, or Alt+A" in label(window, "message")
    qtbot.keyClick(window, Qt.Key.Key_C, Qt.KeyboardModifier.AltModifier)
    assert [a.kind for a in window.live.betting] == [ActionKind.CALL, ActionKind.CALL]


def test_a_stray_letter_in_the_amount_box_does_nothing_and_ctrl_z_undoes_from_it(
        qtbot: QtBot, window: MainWindow) -> None:
    qtbot.keyClick(window, Qt.Key.Key_C)
    window.amount.setFocus()
    qtbot.keyClick(window.amount, Qt.Key.Key_F)  # the hero's QQ is not folded
    assert len(window.live.betting) == 1
    qtbot.keyClick(window.amount.lineEdit(), Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.live.betting == []
    qtbot.keyClick(window.amount.lineEdit(), Qt.Key.Key_Escape)
    assert not isinstance(QApplication.focusWidget(), type(window.amount))


def test_the_chosen_slot_is_highlighted_on_screen(qtbot: QtBot, window: MainWindow) -> None:
    slot = window.slots[Slot(4, 1)]
    before = slot.grab().toImage().pixelColor(1, 1)
    click(qtbot, window, "slot_4_1")
    assert slot.isChecked() and not window.slots[Slot(3, 0)].isChecked()
    edge = slot.grab().toImage().pixelColor(1, 1)
    assert edge != before and edge.red() > 200 and edge.blue() < 80, edge.name()
    pick(qtbot, window, "9c")  # the highlight stays on the slot that takes the card
    assert window.live.hole_cards(4) == tuple(parse_cards("9c"))
    assert QColor(slot.grab().toImage().pixelColor(1, 1)) != edge or slot.isChecked()


def test_a_typed_flop_lands_on_the_board(qtbot: QtBot, window: MainWindow) -> None:
    type_cards(qtbot, window, "Ah Kd")
    click(qtbot, window, "slot_4_0")  # seat 5 is known to hold one card, Ac
    type_cards(qtbot, window, "Ac")
    type_cards(qtbot, window, "Qs 7d 2c")  # three cards cannot go in seat 5's last slot
    assert "3 cards typed for 1 open slot of seat 5: nothing placed" in label(window, "message")
    assert window.live.hole_cards(4) == tuple(parse_cards("Ac"))
    qtbot.keyClick(window.entry, Qt.Key.Key_Escape)  # back to the visible order
    for kind in (ActionKind.CALL, ActionKind.CALL, ActionKind.FOLD, ActionKind.CALL,
                 ActionKind.CHECK):
        window.act(kind)
    assert window.slots[BOARD[0]].isChecked()  # the flop's first slot takes the next card
    type_cards(qtbot, window, "Qs 7d 2c")
    assert window.live.hand.board == tuple(parse_cards("Qs7d2c"))
    assert window.live.hole_cards(4) == tuple(parse_cards("Ac"))


def test_a_duplicate_card_is_refused_naming_where_it_is(qtbot: QtBot,
                                                        window: MainWindow) -> None:
    type_cards(qtbot, window, "Ac Kd")
    click(qtbot, window, "slot_4_0")
    type_cards(qtbot, window, "Ac")
    assert "Ac is already in your hand (seat 4)" in label(window, "message")
    assert window.live.hole_cards(3) == tuple(parse_cards("AcKd"))
    assert window.live.hole_cards(4) == ()
    assert window.entry.text() == "Ac"  # kept on screen until corrected


def test_500_over_a_200_stack_is_refused_and_stays_visible(qtbot: QtBot,
                                                           window: MainWindow) -> None:
    window.setup.boxes["stack"].setValue(200)
    assert window.live.config.stacks == (200,) * 5
    window.amount.setFocus()
    window.amount.lineEdit().selectAll()
    qtbot.keyClicks(window.amount.lineEdit(), "500")
    qtbot.keyClick(window.amount.lineEdit(), Qt.Key.Key_Return)
    assert window.live.betting == []
    assert window.amount.value() == 500
    assert ("500 is more than the seat has: the most is 200 (all-in)"
            in label(window, "message"))
    click(qtbot, window, "all_in")  # the explicit way
    assert window.live.hand.stack(2) == 0


def test_the_window_fits_a_laptop_with_long_advice(qtbot: QtBot, window: MainWindow) -> None:
    long = " ".join(["call 40 — you need 28.6%, you have 41.0% equity"] * 12)
    window.advice.kelly.setText(long)
    window.advice.growths.setText(long)
    window.betting.table_state.setText(long)
    window.show_error(long)
    QApplication.processEvents()
    assert window.minimumSizeHint().width() < 1280
    assert window.minimumSizeHint().height() < 720
    for width, height in ((1280, 720), (1366, 768)):
        window.resize(width, height)
        QApplication.processEvents()
        assert (window.width(), window.height()) == (width, height)
        for name in ("fold", "call", "raise", "all_in"):
            button = window.betting.buttons[name]
            assert button.width() >= button.fontMetrics().horizontalAdvance(button.text())


def test_an_empty_error_leaves_no_red_bar(window: MainWindow) -> None:
    window.show_error("something")
    assert "c62828" in window.message.styleSheet()
    window.show_error("")
    assert window.message.styleSheet() == "" and window.message.text() == ""


def test_a_showdown_names_the_winner_and_the_next_hand_carries_the_stacks(
        qtbot: QtBot, window: MainWindow) -> None:
    window.setup.boxes["stack"].setValue(1000)
    type_cards(qtbot, window, "Ah Ad")
    click(qtbot, window, "slot_2_0")
    type_cards(qtbot, window, "Kc Kd")
    qtbot.keyClick(window.entry, Qt.Key.Key_Escape)
    qtbot.keyClick(window, Qt.Key.Key_A)  # seat 3 goes all-in for 1,000
    click(qtbot, window, "call")  # the hero calls with a click
    for _ in range(3):
        qtbot.keyClick(window, Qt.Key.Key_F)
    for cards in ("2c 3d 7h", "8s", "Jc"):  # the run-out, street by street
        type_cards(qtbot, window, cards)
    assert window.live.hand.is_over
    # 1,000 from each and the blinds' 15 + 30 folded in: 2,045 to the hero's aces.
    assert "pot 2,045 won by you (pair of aces) 2,045" in label(window, "table_state")
    log = window.hand_log.logs[3]
    assert log.item(log.count() - 1).text() == "pot 2,045 won by you (pair of aces) 2,045"
    window.new_hand()
    assert window.live.config.stacks == (985, 970, 1000, 2045, 1000)
    assert "seat 3 rebuys for 1,000" in label(window, "message")


def test_the_board_shows_on_every_street_tab(qtbot: QtBot, window: MainWindow) -> None:
    board_row = window.slots[BOARD[0]]
    for index in range(4):
        window.tabs.setCurrentIndex(index)
        QApplication.processEvents()
        assert board_row.isVisible()


def test_replay_shows_the_replayed_table_not_the_live_one(qtbot: QtBot,
                                                          window: MainWindow) -> None:
    assert window.seats.isVisible()
    window.open_hand_file(SAMPLES)
    qtbot.waitUntil(lambda: window.replay_panel.replay is not None, timeout=30_000)
    assert not window.seats.isVisible()
    assert "Alice" in window.replay_panel.table.text()


def test_bad_table_settings_are_never_saved_and_the_window_restarts(
        qtbot: QtBot, tmp_path: Path) -> None:
    first = make_window(qtbot, tmp_path / "settings.ini")
    first.setup.boxes["small_blind"].setValue(50)  # above the big blind of 30
    assert "the small blind 50 is larger than the big blind 30" in label(first, "message")
    assert first.live.config.blinds[:2] == (15, 30)  # the hand keeps the last valid setup
    first.close()
    second = make_window(qtbot, tmp_path / "settings.ini")
    assert (second.setup.value("small_blind"), second.setup.value("big_blind")) == (15, 30)
    assert label(second, "message") == ""
    second.close()


def test_settings_the_engine_refuses_fall_back_to_the_defaults(qtbot: QtBot,
                                                              tmp_path: Path) -> None:
    path = tmp_path / "settings.ini"
    edited = QSettings(str(path), QSettings.Format.IniFormat)
    edited.setValue("table/big_blind", -30)  # edited by hand
    edited.sync()
    window = make_window(qtbot, path)
    assert "the saved table settings were refused (big blind -30" in label(window, "message")
    assert window.live.config.blinds[:2] == (1, 2) and window.live.config.n_seats == 6
    window.close()


def block_reading(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """Make the first file read hang until released, ignoring should_stop (a reader
    that cannot stop early); later reads are real."""
    release = threading.Event()
    real = ui.file_reader.read_hand_file
    calls: list[Path] = []

    def read(path: Path, progress: object, should_stop: object) -> HandFile:
        calls.append(path)
        if len(calls) == 1:
            release.wait(30)
        return real(path, progress, should_stop)  # type: ignore[arg-type]

    monkeypatch.setattr(ui.file_reader, "read_hand_file", read)
    return release


def test_closing_never_waits_for_a_file_being_read(qtbot: QtBot, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    release = block_reading(monkeypatch)
    window = make_window(qtbot, tmp_path / "settings.ini")
    window.open_hand_file(SAMPLES)
    qtbot.wait(100)
    started = time.perf_counter()
    window.close()
    assert time.perf_counter() - started < 2
    release.set()


def test_opening_another_file_drops_the_one_still_being_read(
        qtbot: QtBot, window: MainWindow, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    release = block_reading(monkeypatch)
    first = tmp_path / "first.phhs"
    first.write_text(SAMPLES.read_text())
    window.open_hand_file(first)
    window.open_hand_file(SAMPLES)
    qtbot.waitUntil(lambda: window.replay_panel.hand_file is not None, timeout=30_000)
    release.set()
    qtbot.wait(500)
    assert window.replay_panel.hand_file is not None
    assert window.replay_panel.hand_file.path == str(SAMPLES)


def test_quick_mode_advises_from_a_few_numbers(qtbot: QtBot, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path / "settings.ini", mode="Quick")
    assert not window.seats.isVisible()
    qtbot.keyClicks(window.quick.hero, "AhKd")
    qtbot.keyClick(window.quick.hero, Qt.Key.Key_Return)
    window.quick.numbers["pot"].setValue(105)
    window.quick.numbers["to_call"].setValue(60)
    window.quick.numbers["opponents"].setValue(2)
    qtbot.waitUntil(lambda: "you need" in window.advice.pot_odds.text(), timeout=30_000)
    assert "call 60 — you need 36.4 %" in window.advice.pot_odds.text()  # 60 / (105 + 60)
    qtbot.keyClicks(window.quick.board, "Ah 7d 2c")
    qtbot.keyClick(window.quick.board, Qt.Key.Key_Return)
    assert "Ah is already in your hand" in label(window, "quick_problem")
    assert window.live.betting == []  # nothing was logged to get here
    window.close()


def test_the_dark_theme_darkens_the_window_and_is_remembered(qtbot: QtBot,
                                                             tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path / "settings.ini")
    light = window.seats.palette().window().color().lightness()
    window.dark_action.setChecked(True)
    assert window.seats.palette().window().color().lightness() < 64 < light
    window.close()
    again = make_window(qtbot, tmp_path / "settings.ini")
    assert again.dark_action.isChecked()
    assert again.advice.palette().window().color().lightness() < 64
    again.dark_action.setChecked(False)
    again.close()


def test_during_warm_up_placed_cards_are_not_asked_for_again(qtbot: QtBot,
                                                            tmp_path: Path) -> None:
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings)  # no event has run: the engine cannot be ready yet
    qtbot.addWidget(window)
    window.modes.setCurrentWidget(window.full_page)
    window.place_cards(parse_cards("Ah Kd"))
    assert window.engine_state.text() == "Preparing engine…"
    assert window.advice.kelly.text() == "Preparing the engine…"
    window.close()


@pytest.mark.parametrize(("saved", "clamped"), [
    ((-400, -300, 1600, 1000), (0, 0, 1366, 768)),  # larger than the screen, off its corner
    ((1200, 700, 800, 600), (566, 168, 800, 600)),  # hanging off the bottom right
    ((100, 50, 800, 600), (100, 50, 800, 600))])  # already inside: unchanged
def test_saved_geometry_is_clamped_to_the_screen(saved: tuple[int, int, int, int],
                                                 clamped: tuple[int, int, int, int]) -> None:
    result = clamp_to_screen(QRect(*saved), QRect(0, 0, 1366, 768))
    assert (result.left(), result.top(), result.width(), result.height()) == clamped


def test_a_file_read_reports_its_progress(qtbot: QtBot, window: MainWindow,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    real = ui.file_reader.read_hand_file
    halfway = threading.Event()

    def read(path: Path, progress: Callable[[float], None],
             should_stop: Callable[[], bool]) -> HandFile:
        progress(0.5)
        halfway.wait(10)
        return real(path, progress, should_stop)

    monkeypatch.setattr(ui.file_reader, "read_hand_file", read)
    window.open_hand_file(SAMPLES)
    qtbot.waitUntil(lambda: window.progress.value() == 50, timeout=5_000)
    halfway.set()
    qtbot.waitUntil(lambda: window.replay_panel.hand_file is not None, timeout=30_000)
    assert not window.progress.isVisible()


def test_the_window_reads_a_file_with_progress_and_stops_when_asked() -> None:
    """The read the window starts passes progress and the stop request on to the reader
    (it once read every file whole, so a newer file waited for the older one)."""
    from assistant.errors import Cancelled

    fractions: list[float] = []
    hands = ui.file_reader.read_hand_file(SAMPLES, fractions.append, lambda: False)
    assert hands.hands and fractions and fractions[-1] == 1.0
    with pytest.raises(Cancelled):
        ui.file_reader.read_hand_file(SAMPLES, fractions.append, lambda: True)
