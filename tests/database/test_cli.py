"""``poker-assistant db``: import, stats, graph; and a real import killed midway."""

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from assistant.cli import main
from assistant.database import open_database, player_counts
from assistant.history import load_hands
from tests.database.support import named_records, numbered, write_phhs

STARS = "/work/shared/hands/pokerstars/MultipleHandsTests__10MultipleHands.txt"


def test_import_then_stats(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    database = str(tmp_path / "hands.db")
    assert main(["db", "import", STARS, "--db", database, "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out) == {"files": 1, "hands": 10, "imported": 10,
                                        "duplicates": 0, "skipped": []}
    assert "imported 10 of 10 hands read" in captured.err
    assert main(["db", "stats", "ValueH", "--db", database, "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)["players"]["ValueH"]
    connection = open_database(database)
    counts = player_counts(connection, "ValueH")
    connection.close()
    for stat, (done, chances) in counts.items():
        assert stats[stat]["done"] == done and stats[stat]["chances"] == chances
    dealt = sum("ValueH" in record.config.names for record in load_hands(STARS).hands)
    assert stats["hands"]["value"] == counts["hands"][0] == dealt
    assert stats["vpip"]["value"] == pytest.approx(counts["vpip"][0] / counts["vpip"][1])
    assert main(["db", "stats", "--db", database, "--top", "2"]) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[0].split()[:4] == ["player", "hands", "VPIP", "PFR"]
    assert len(table) == 3


def test_population_is_fitted_over_the_database_s_players(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from assistant.database.queries import top_players
    from assistant.opponents.learning import POPULATION, learning_counts, population_weights

    database = str(tmp_path / "hands.db")
    main(["db", "import", STARS, "--db", database])
    capsys.readouterr()
    assert main(["db", "population", "--db", database, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    connection = open_database(database)
    names = top_players(connection, 1000)
    players = [learning_counts(player_counts(connection, name)) for name in names]
    connection.close()
    assert report["players"] == len(names) > 1
    assert report["weights"] == {kind.name: kind.weight for kind in population_weights(players)}
    assert report["weights"] != report["default"]  # these players moved the mixture
    assert report["default"] == {kind.name: kind.weight for kind in POPULATION}
    assert sum(report["weights"].values()) == pytest.approx(1.0)
    assert main(["db", "population", "--db", database]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"{len(names):,} players; each kind's share, fitted (default):"
    assert [line.split()[0] for line in lines[1:]] == [kind.name for kind in POPULATION]


def test_import_reports_skipped_hands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "bad.phh").write_text("variant = 'FT'\n")
    assert main(["db", "import", str(tmp_path), "--db", str(tmp_path / "h.db"), "--json"]) == 1
    captured = capsys.readouterr()
    (skipped,) = json.loads(captured.out)["skipped"]
    assert skipped["file"].endswith("bad.phh") and skipped["line"] == 1
    assert "poker-assistant: skipped" in captured.err


def test_graph_writes_a_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    database = str(tmp_path / "hands.db")
    main(["db", "import", STARS, "--db", database])
    out = tmp_path / "graphs.png"
    assert main(["db", "graph", "--db", database, "--out", str(out), "--player", "ValueH"]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "ValueH: 3 hands" in capsys.readouterr().out
    assert main(["db", "graph", "--db", database, "--out", str(out), "--player", "Nobody"]) == 2
    assert "no player 'Nobody'" in capsys.readouterr().err


def test_a_bad_database_file_is_an_error(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "x.db").write_text("not a database " * 100)
    assert main(["db", "stats", "--db", str(tmp_path / "x.db")]) == 2
    assert "is not a hand database" in capsys.readouterr().err


def check_consistent(database: Path) -> int:
    """The database is whole: its hands' players are in the cache; returns the hands."""
    connection = sqlite3.connect(database)
    assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    (hands,) = connection.execute("SELECT COUNT(*) FROM hands").fetchone()
    (seats,) = connection.execute("SELECT COUNT(*) FROM hand_players").fetchone()
    (cached,) = connection.execute("SELECT TOTAL(hands) FROM player_stats").fetchone()
    connection.close()
    assert seats == cached
    return int(hands)


@pytest.mark.slow
def test_an_import_killed_midway_is_finished_by_the_next(tmp_path: Path) -> None:
    count = 600
    write_phhs(tmp_path / "many.phhs", numbered(named_records(150), count))
    database = tmp_path / "hands.db"
    command = [sys.executable, "-m", "assistant", "db", "import", str(tmp_path / "many.phhs"),
               "--db", str(database), "--json", "--batch", "100"]
    process = subprocess.Popen(command, stderr=subprocess.PIPE, text=True,
                               stdout=subprocess.DEVNULL, env=os.environ | {"PYTHONPATH": "."})
    assert process.stderr is not None
    first = process.stderr.readline()
    assert first.startswith("imported 100 of"), first
    time.sleep(0.3)
    process.send_signal(signal.SIGKILL)
    process.wait()
    done = check_consistent(database)
    assert 100 <= done < count
    finish = subprocess.run(command, capture_output=True, text=True, check=True,
                            env=os.environ | {"PYTHONPATH": "."})
    report = json.loads(finish.stdout)
    assert (report["hands"], report["duplicates"], report["imported"]) == (
        count, done, count - done)
    assert check_consistent(database) == count


@pytest.mark.parametrize(("position", "label"), [("BB", "big blind"), ("SB", "small blind"),
                                                 ("BTN", "button")])
def test_stats_by_position(tmp_path: Path, capsys: pytest.CaptureFixture[str], position: str,
                           label: str) -> None:
    database = str(tmp_path / "hands.db")
    main(["db", "import", STARS, "--db", database])
    capsys.readouterr()
    assert main(["db", "stats", "ValueH", "--position", position, "--db", database,
                 "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)["players"]["ValueH"]
    # The site's own summary names the seat's position.
    summary = Path(STARS).read_text(encoding="utf-8-sig").count(f": ValueH ({label})")
    assert stats["hands"]["done"] == summary == 1
