"""Leak review: each stored hand replayed with the advice, in parallel or not alike."""

import json
import sqlite3
from pathlib import Path

import pytest

from assistant.cli import main
from assistant.database import import_paths, open_database
from assistant.database.review import review_player, worst_spots
from assistant.errors import PokerInputError
from assistant.history import load_hands
from assistant.history.replay import Replay

STARS = "/work/shared/hands/pokerstars/MultipleHandsTests__10MultipleHands.txt"
HERO = "ValueH"


@pytest.fixture
def database(tmp_path: Path) -> sqlite3.Connection:
    connection = open_database(tmp_path / "hands.db")
    import_paths(connection, ["resources/hands/pokerstars-samples.txt", STARS])
    yield connection
    connection.close()


def test_review_is_the_replay_of_each_hand(database: sqlite3.Connection) -> None:
    records = [record for record in load_hands(STARS).hands if HERO in record.config.names]
    expected = []
    for record in records:
        summary = Replay(record, record.config.names.index(HERO)).summary()
        expected += [(review.taken, review.growth_given_up or 0.0) for review in summary.reviews]
    decisions = review_player(database, HERO)
    assert [(d.taken, d.given_up) for d in decisions] == expected
    assert all(d.file == STARS for d in decisions)
    assert review_player(database, HERO, workers=2) == decisions
    spots = worst_spots(decisions)
    assert sum(spot.decisions for spot in spots) == len(decisions)


def test_an_unknown_player_is_an_error(database: sqlite3.Connection) -> None:
    with pytest.raises(PokerInputError, match="no player 'Nobody'"):
        review_player(database, "Nobody")


def test_review_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "hands.db")
    main(["db", "import", STARS, "--db", db])
    capsys.readouterr()
    arguments = ["--db", db, "--json", "--workers", "1", "--top", "1000"]
    assert main(["db", "review", HERO, *arguments]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["player"] == HERO and report["decisions"] == sum(
        spot["decisions"] for spot in report["spots"])
