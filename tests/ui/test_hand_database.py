"""The hand database in the window: an import through the File menu with its progress
dialog (and its Cancel), the HUD beside a named seat and beside the replay's players,
and the graphs of a player."""

import re
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QComboBox, QFileDialog, QLabel, QLineEdit, QPushButton
from pytestqt.qtbot import QtBot

from assistant.database import open_database, player_counts
from assistant.opponents.learning import fit_profile, learning_counts
from tests.database.support import named_records, numbered, write_phhs
from tests.ui.test_main_window import make_window
from tests.ui.test_replay_and_files import open_file, text
from ui.background import LatestTask
from ui.graphs_dialog import GraphsDialog
from ui.hud import hud_compact
from ui.main_window import MainWindow

POKERSTARS = Path(__file__).parents[1] / "data" / "pokerstars"
IMPORT_TIMEOUT_MS = 120_000


@pytest.fixture
def database(tmp_path: Path) -> Path:
    return tmp_path / "hands.db"


@pytest.fixture
def db_window(qtbot: QtBot, tmp_path: Path, database: Path) -> Iterator[MainWindow]:
    """The window on a database of its own (not the user's)."""
    settings_file = tmp_path / "settings.ini"
    settings = QSettings(str(settings_file), QSettings.Format.IniFormat)
    settings.setValue("database/path", str(database))
    settings.sync()
    window = make_window(qtbot, settings_file)
    yield window
    window.close()


def menu_action(window: MainWindow, words: str) -> QAction:
    """The File menu's action whose text (without its & marks) starts with ``words``."""
    for action in window.findChildren(QAction):
        if action.text().replace("&", "").startswith(words):
            return action
    raise AssertionError(f"no menu action {words!r}")


def import_folder(qtbot: QtBot, window: MainWindow, folder: Path,
                  monkeypatch: pytest.MonkeyPatch) -> None:
    """File → Import hands from a folder, the folder dialog answered with ``folder``."""
    monkeypatch.setattr(QFileDialog, "getExistingDirectory",
                        staticmethod(lambda *args, **kwargs: str(folder)))
    menu_action(window, "Import hands from a folder").trigger()


def wait_for_message(qtbot: QtBot, window: MainWindow, start: str) -> str:
    qtbot.waitUntil(lambda: text(window, "message").startswith(start), timeout=IMPORT_TIMEOUT_MS)
    return text(window, "message")


def hands_of(player: str, folder: Path) -> int:
    """How many hands of the PokerStars files of ``folder`` seat ``player``, counted
    from the text: distinct hand numbers with a ``Seat k: player (... in chips)`` line."""
    found = set()
    for path in folder.glob("*.txt"):
        for hand in re.split(r"^(?=PokerStars )", path.read_text("utf-8-sig"), flags=re.M):
            number = re.match(r"PokerStars (?:Zoom )?(?:Hand|Game) #(\d+)", hand)
            if number and re.search(rf"^Seat \d+: {re.escape(player)} \(.*in chips",
                                    hand, re.M):
                found.add(number.group(1))
    return len(found)


def test_an_imported_folder_gives_the_hud_of_a_named_seat(
        qtbot: QtBot, db_window: MainWindow, database: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    window = db_window
    hud = window.findChild(QLabel, "hud_0")
    name = window.findChild(QLineEdit, "player_name_0")
    assert hud is not None and name is not None
    qtbot.keyClicks(name, "jimmyhoo")
    qtbot.keyClick(name, Qt.Key.Key_Return)
    qtbot.wait(200)
    assert hud.text() == ""  # no database yet, and none is created for a look
    assert not database.exists()

    import_folder(qtbot, window, POKERSTARS, monkeypatch)
    message = wait_for_message(qtbot, window, "Imported")
    assert message.startswith("Imported: 7 files, 16 hands read, 15 new, 1 already in the"
                              " database, 0 skipped"), message
    hands = hands_of("jimmyhoo", POKERSTARS)
    assert hands == 10
    qtbot.waitUntil(lambda: f"{hands} h" in hud.text(), timeout=10_000)
    connection = open_database(database)
    counts = player_counts(connection, "jimmyhoo")
    connection.close()
    assert hud.text() == hud_compact(counts)
    assert hud.text().startswith("40/10/0 AF 5.0")  # see the db stats table
    assert "WTSD" in hud.toolTip() and "jimmyhoo" in hud.toolTip()

    # The seat's profile "learned": the advice takes the profile fitted from those hands.
    profile = window.findChild(QComboBox, "profile_0")
    assert profile is not None and window.seats.seat_profiles()[0].name == "unknown"
    profile.setCurrentText("learned")
    profile.textActivated.emit("learned")  # what choosing it with the mouse sends
    fitted = fit_profile(learning_counts(counts), name="jimmyhoo")
    assert window.advice_settings().profiles[0] == fitted
    assert fitted != fit_profile({}, name="jimmyhoo")  # ten hands moved it
    assert profile.toolTip().startswith("learned from 10 hands of jimmyhoo: most like ")

    # Another seat's name, then the same folder again: every hand is a duplicate.
    other = window.findChild(QLineEdit, "player_name_2")
    hud_2 = window.findChild(QLabel, "hud_2")
    assert other is not None and hud_2 is not None
    qtbot.keyClicks(other, "nobody-here")
    qtbot.keyClick(other, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: hud_2.text() == "no hands", timeout=10_000)
    import_folder(qtbot, window, POKERSTARS, monkeypatch)
    qtbot.waitUntil(lambda: text(window, "message") != message, timeout=IMPORT_TIMEOUT_MS)
    assert text(window, "message").startswith(
        "Imported: 7 files, 16 hands read, 0 new, 16 already in the database, 0 skipped")
    assert hud.text() == hud_compact(counts)


def test_the_replay_shows_its_players_hud(qtbot: QtBot, db_window: MainWindow,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    window = db_window
    import_folder(qtbot, window, POKERSTARS, monkeypatch)
    wait_for_message(qtbot, window, "Imported")
    open_file(qtbot, window, POKERSTARS / "MultipleHandsTests__10MultipleHands.txt")
    qtbot.waitUntil(lambda: "jimmyhoo" in text(window, "replay_hud"), timeout=10_000)
    assert f"<b>jimmyhoo</b>: {hands_of('jimmyhoo', POKERSTARS)} hands · VPIP 40" in text(
        window, "replay_hud")


def test_cancel_stops_the_import_and_leaves_a_whole_database(
        qtbot: QtBot, db_window: MainWindow, database: Path, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    window = db_window
    files, per_file = 40, 100
    folder = generated_folder(tmp_path, files, per_file)
    records = named_records(60)
    total = files * per_file
    import_folder(qtbot, window, folder, monkeypatch)
    qtbot.waitUntil(lambda: window.hand_import.dialog is not None
                    and "files ·" in window.hand_import.dialog.labelText(),
                    timeout=IMPORT_TIMEOUT_MS)
    dialog = window.hand_import.dialog
    assert dialog is not None
    button = dialog.findChild(QPushButton)
    assert button is not None and button.text() == "Cancel"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    message = wait_for_message(qtbot, window, "Import cancelled")
    assert window.hand_import.dialog is None
    connection = sqlite3.connect(database)
    (hands,) = connection.execute("SELECT COUNT(*) FROM hands").fetchone()
    (rows, per_hand) = connection.execute(
        "SELECT COUNT(*), COUNT(DISTINCT hand_id) FROM hand_players").fetchone()
    (cached,) = connection.execute("SELECT TOTAL(hands) FROM player_stats").fetchone()
    connection.close()
    assert 0 < hands < total
    assert f"{hands:,} new" in message
    seats = sum(records[k % per_file % len(records)].config.n_seats for k in range(hands))
    assert (rows, per_hand, cached) == (seats, hands, seats)  # hands in order, all whole

    import_folder(qtbot, window, folder, monkeypatch)
    message = wait_for_message(qtbot, window, "Imported")
    assert f"{total - hands:,} new, {hands:,} already in the database, 0 skipped" in message


def test_the_graphs_dialog_draws_a_player(qtbot: QtBot, db_window: MainWindow, database: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    window = db_window
    import_folder(qtbot, window, POKERSTARS, monkeypatch)
    wait_for_message(qtbot, window, "Imported")
    menu_action(window, "Graphs").trigger()
    dialog = window.findChild(GraphsDialog, "graphs")
    assert dialog is not None
    state = dialog.findChild(QLabel, "graph_state")
    assert state is not None
    qtbot.waitUntil(lambda: state.text().endswith("hands") and ":" in state.text(),
                    timeout=10_000)
    name = state.text().split(":")[0]
    connection = open_database(database)
    counts = player_counts(connection, name)
    connection.close()
    assert state.text() == f"{name}: {int(counts['hands'][0])} hands"
    won, per_session, by_position = dialog.figure.axes
    line, expected = won.get_lines()[:2]
    assert len(line.get_ydata()) == len(expected.get_ydata()) == counts["hands"][0]
    assert expected.get_label() == "all-in adjusted"
    assert per_session.patches  # the files' hands say when they were played
    # The graph's data (each hand's row) end where the statistics cache's sum does.
    assert line.get_ydata()[-1] == pytest.approx(counts["bb_per_100"][0])
    assert [label.get_text() for label in by_position.get_xticklabels()]
    dialog.close()


def generated_folder(tmp_path: Path, files: int, per_file: int) -> Path:
    """A folder of ``files`` PHH files of ``per_file`` distinct named hands each."""
    folder = tmp_path / "generated"
    folder.mkdir()
    records = named_records(60)
    for k in range(files):
        write_phhs(folder / f"{k:03}.phhs", numbered(records, per_file, first=k * per_file))
    return folder


def test_the_hud_grows_during_an_import_and_closing_stops_it_unwaited(
        qtbot: QtBot, db_window: MainWindow, database: Path, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    window = db_window
    folder = generated_folder(tmp_path, 20, 100)
    name, hud = window.findChild(QLineEdit, "player_name_0"), window.findChild(QLabel, "hud_0")
    assert name is not None and hud is not None
    qtbot.keyClicks(name, "player0")
    qtbot.keyClick(name, Qt.Key.Key_Return)
    import_folder(qtbot, window, folder, monkeypatch)
    # The HUD follows the import as it goes.
    qtbot.waitUntil(lambda: " h" in hud.text(), timeout=IMPORT_TIMEOUT_MS)
    assert window.hand_import.running
    started = time.monotonic()
    window.close()
    assert time.monotonic() - started < 2.0
    qtbot.waitUntil(lambda: not any(thread.name.startswith("import ")
                                    for thread in threading.enumerate()), timeout=30_000)
    connection = sqlite3.connect(database)
    (hands,) = connection.execute("SELECT COUNT(*) FROM hands").fetchone()
    (per_hand,) = connection.execute("SELECT COUNT(DISTINCT hand_id) FROM hand_players"
                                     ).fetchone()
    connection.close()
    assert hands < 2000 and per_hand == hands


def test_only_the_latest_task_reports(qtbot: QtBot) -> None:
    task = LatestTask("test")
    results: list[tuple[int, object]] = []
    task.done.connect(lambda serial, value: results.append((serial, value)))
    release = threading.Event()
    stopped = threading.Event()

    def slow(progress: object, should_stop: Callable[[], bool]) -> str:
        release.wait(10)
        if should_stop():
            stopped.set()
        return "stale"

    first = task.run(slow)
    second = task.run(lambda progress, should_stop: "latest")
    qtbot.waitUntil(lambda: results == [(second, "latest")], timeout=5_000)
    release.set()
    assert stopped.wait(5)  # the stale task was told it is no longer wanted
    qtbot.wait(100)
    assert results == [(second, "latest")] and first != second


def test_the_seats_names_are_remembered(qtbot: QtBot, db_window: MainWindow,
                                        tmp_path: Path) -> None:
    for seat, name in ((1, "Ana Banana"), (3, "x")):
        field = db_window.findChild(QLineEdit, f"player_name_{seat}")
        assert field is not None
        qtbot.keyClicks(field, name)
        qtbot.keyClick(field, Qt.Key.Key_Return)
    db_window.close()
    again = make_window(qtbot, tmp_path / "settings.ini")
    names = []
    for seat in range(5):
        field = again.findChild(QLineEdit, f"player_name_{seat}")
        assert field is not None
        names.append(field.text())
    again.close()
    assert names == ["", "Ana Banana", "", "x", ""]
