"""Hand files in the window: replay with the advice at each decision, saving, sessions."""

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit
from pytestqt.qtbot import QtBot

from assistant.cards import parse_cards
from assistant.database import import_paths, open_database
from assistant.door import Settings, buyin, label
from assistant.hand import ActionKind
from assistant.history import load_hands
from assistant.history.replay import DecisionReview, Replay
from tests.ui.test_main_window import pick
from ui.main_window import MainWindow
from ui.replay_panel import money_of

SAMPLES = Path(__file__).parents[2] / "resources" / "hands" / "samples.phhs"


def text(window: MainWindow, name: str) -> str:
    label = window.findChild(QLabel, name)
    assert label is not None, name
    return label.text()


def open_file(qtbot: QtBot, window: MainWindow, path: Path) -> None:
    """Open a hand file as the menu does, and wait for it to be read."""
    window.open_hand_file(path)
    qtbot.waitUntil(lambda: not text(window, "message").startswith("reading"), timeout=30_000)


def step_to_decision(qtbot: QtBot, window: MainWindow) -> None:
    """Press Right until the replay's next action is a decision of the hero."""
    replay = window.replay_panel.replay
    assert replay is not None
    while replay.step is not None and not replay.step.hero_decision:
        qtbot.keyClick(window, Qt.Key.Key_Right)


def reviewed_afresh(window: MainWindow, settings: Settings) -> tuple[DecisionReview, str]:
    """The engine's own review of the decision at the replay's cursor, from a new
    replay with ``settings``, and its advice in words in the file's unit."""
    replay = window.replay_panel.replay
    assert replay is not None
    fresh = Replay(replay.record, replay.hero, settings).review(replay.position)
    assert fresh is not None and fresh.advice is not None
    shown = replay.review(replay.position)  # the window's, kept by its replay
    assert shown is not None and shown.advice is not None
    assert shown.advice.to_dict() == fresh.advice.to_dict()
    return fresh, label(fresh.advice.choice, fresh.advice.spot,
                        money_of(replay.record)).upper()


def test_replay_shows_the_advice_beside_the_action_taken(qtbot: QtBot,
                                                         window: MainWindow) -> None:
    # Issue 10: the Replay tab uses the window's Kelly scale and bankroll.  100,000
    # chips are 20 buy-ins of this table (100 big blinds of 30, or the 5,000 stack).
    window.kelly_scale.setValue(0.5)
    window.bankroll.setValue(100_000)
    open_file(qtbot, window, SAMPLES)
    assert window.modes.currentWidget() is window.replay_panel
    hands = window.findChild(QComboBox, "hand_choice")
    assert hands is not None and hands.count() == 4
    step_to_decision(qtbot, window)
    qtbot.waitUntil(lambda: text(window, "replay_review").startswith("took"), timeout=30_000)
    first = (text(window, "replay_review"), window.advice.odds.text())
    replay = window.replay_panel.replay
    assert replay is not None
    bankroll = 20 * buyin(replay.record.config, replay.hero)
    fresh, advised = reviewed_afresh(window, Settings(0.5, bankroll))
    if fresh.agrees:
        assert first[0] == f"took CALL 740: as advised ({advised})"
    else:
        assert first[0].startswith(f"took CALL 740; advice: {advised}; gives up"
                                   f" {fresh.growth_given_up:.4f} nats")
    assert window.advice.headline.text() == advised
    assert fresh.advice is not None
    for view in fresh.advice.opponents:  # each by the player's name in the file
        assert f"<b>{replay.record.names[view.seat]}</b>: {view.profile}" in (
            window.advice.opponents.text())
    qtbot.waitUntil(window.advice.growth_plot.curve.get_visible, timeout=30_000)
    position = replay.position
    window.kelly_scale.setValue(1.0)  # the replay is reviewed again, where it was
    replay = window.replay_panel.replay
    assert replay is not None and replay.position == position
    assert replay.settings == Settings(1.0, bankroll)
    qtbot.waitUntil(lambda: text(window, "replay_review").startswith("took"), timeout=30_000)
    reviewed_afresh(window, Settings(1.0, bankroll))
    qtbot.keyClick(window, Qt.Key.Key_Right)
    step_to_decision(qtbot, window)
    qtbot.waitUntil(lambda: text(window, "replay_review").startswith("took")
                    and text(window, "replay_review") != first[0], timeout=30_000)
    assert (text(window, "replay_review"), window.advice.odds.text()) != first
    qtbot.waitUntil(lambda: "decisions as advised" in text(window, "replay_summary"),
                    timeout=60_000)
    assert "result +600" in text(window, "replay_summary")
    qtbot.keyClick(window, Qt.Key.Key_Left)
    assert window.replay_panel.replay is not None


def test_another_hand_and_hero_can_be_chosen(qtbot: QtBot, window: MainWindow) -> None:
    open_file(qtbot, window, SAMPLES)
    hands = window.findChild(QComboBox, "hand_choice")
    heroes = window.findChild(QComboBox, "hero_choice")
    assert hands is not None and heroes is not None
    hands.setCurrentIndex(2)
    assert heroes.currentText() == "Erin"
    qtbot.waitUntil(lambda: text(window, "replay_summary").startswith("Erin:"), timeout=60_000)
    heroes.setCurrentIndex(1)
    qtbot.waitUntil(lambda: text(window, "replay_summary").startswith("Frank:"),
                    timeout=60_000)


def test_a_malformed_file_is_reported_with_its_line(qtbot: QtBot, window: MainWindow,
                                                    tmp_path: Path) -> None:
    bad = tmp_path / "bad.phh"
    bad.write_text(SAMPLES.read_text().replace("cbr", "xyz", 1))
    open_file(qtbot, window, bad)
    message = text(window, "message")
    assert "bad.phh" in message and "line" in message
    open_file(qtbot, window, tmp_path / "missing.phh")
    assert "missing.phh" in text(window, "message")


def test_saving_the_live_hand_writes_phh_that_reads_back(qtbot: QtBot, window: MainWindow,
                                                         tmp_path: Path) -> None:
    pick(qtbot, window, "Ah Kd")
    window.act(ActionKind.RAISE, 60)
    window.act(ActionKind.CALL)
    path = tmp_path / "hand.phh"
    window.save_hand(path)
    assert f"saved {path}" in text(window, "message")
    loaded = load_hands(path)
    assert len(loaded.hands) == 1 and not loaded.errors
    kinds = [a.kind for a in loaded.hands[0].actions if a.kind in (ActionKind.RAISE,
                                                                   ActionKind.CALL)]
    assert kinds == [ActionKind.RAISE, ActionKind.CALL]
    # The button (seat 5 of 5) is already last, so the hero's seat 4 stays index 3.
    assert loaded.hands[0].known_cards(3) == tuple(parse_cards("AhKd"))


def test_names_typed_into_the_seats_go_into_the_saved_hands(qtbot: QtBot, window: MainWindow,
                                                            tmp_path: Path) -> None:
    field = window.findChild(QLineEdit, "player_name_1")
    assert field is not None
    qtbot.keyClicks(field, " Ivey ")  # typed; saved without Enter or leaving the field
    window.set_autosave_folder(tmp_path)
    for _ in range(4):  # folded round to the big blind: a finished hand
        window.act(ActionKind.FOLD)
    assert window.live.hand.is_over
    path = tmp_path / "hand.phh"
    window.save_hand(path)
    window.new_hand()  # the session's file gets the hand too
    (session,) = tmp_path.glob("session-*.phhs")
    for saved in (path, session):
        (record,) = load_hands(saved).hands
        # The button (seat 5 of 5) is already last: seat 2 of the table is index 1.
        assert record.config.names == ("", "Ivey", "", "", "")
        assert record.names == ("p1", "Ivey", "p3", "p4", "p5")
    # Imported, the named seat is a player and the seats left blank are nobody.
    with open_database(tmp_path / "hands.db") as connection:
        report = import_paths(connection, [str(path)])
        assert report.imported == 1 and not report.skipped
        players = connection.execute("SELECT name FROM players").fetchall()
    assert players == [("Ivey",)]


def test_every_hand_of_a_session_is_saved_when_asked(qtbot: QtBot, window: MainWindow,
                                                     tmp_path: Path) -> None:
    window.set_autosave_folder(tmp_path)
    for _ in range(2):
        window.act(ActionKind.CALL)
        window.new_hand()
    files = list(tmp_path.glob("session-*.phhs"))
    assert len(files) == 1
    assert len(load_hands(files[0]).hands) == 2
    assert not list(tmp_path.glob("*.tmp*"))


def test_a_cash_replay_shows_every_amount_in_dollars(qtbot: QtBot, window: MainWindow) -> None:
    cash = SAMPLES.parent / "pokerstars-samples.txt"
    open_file(qtbot, window, cash)
    step_to_decision(qtbot, window)
    qtbot.waitUntil(lambda: text(window, "replay_review").startswith("took"), timeout=30_000)
    # The blinds are $0.25/$0.50: the pot before hero's raise is 0.25 + 0.50 + 1.50 + 1.50.
    assert "pot 3.75" in text(window, "replay_state")
    assert "hero: the first: 38.15 behind · bet 0.25" in text(window, "replay_table")
    review = text(window, "replay_review")
    _, advised = reviewed_afresh(window, Settings())  # no bankroll set: the door's default
    assert review.startswith(f"took RAISE TO 5.50; advice: {advised}"), review
    assert window.advice.headline.text() == advised
    assert "." in advised or advised in ("FOLD", "CHECK")
    qtbot.waitUntil(lambda: "result" in text(window, "replay_summary"), timeout=60_000)
    assert "chips" not in text(window, "replay_summary")
