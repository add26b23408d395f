"""Auto-import: a file that grows is read hand by hand, and the place is remembered."""

import sqlite3
from pathlib import Path

from assistant.database import Importer, open_database
from assistant.database.watch import poll_folder

STARS = Path("/work/shared/hands/pokerstars/MultipleHandsTests__10MultipleHands.txt")


def hands_in(connection: sqlite3.Connection) -> int:
    (count,) = connection.execute("SELECT COUNT(*) FROM hands").fetchone()
    return int(count)


def test_a_growing_file_is_imported_as_it_grows(tmp_path: Path) -> None:
    data = STARS.read_bytes()
    starts = [k for k in range(len(data)) if data.startswith(b"PokerStars", k)]
    folder = tmp_path / "client"
    folder.mkdir()
    target = folder / "table.txt"
    database = tmp_path / "hands.db"
    connection = open_database(database)
    importer = Importer(connection)
    # Five whole hands and half of the sixth.
    target.write_bytes(data[:(starts[5] + starts[6]) // 2])
    poll_folder(importer, folder)
    assert hands_in(connection) == 5
    poll_folder(importer, folder)
    assert (importer.report.hands, hands_in(connection)) == (5, 5)
    target.write_bytes(data[:starts[7]])
    poll_folder(importer, folder)
    assert hands_in(connection) == 7
    assert importer.report.duplicates == 0
    connection.close()
    # A new watcher goes on from where the last one stopped.
    connection = open_database(database)
    importer = Importer(connection)
    target.write_bytes(data)
    poll_folder(importer, folder)
    assert (importer.report.hands, importer.report.imported) == (3, 3)
    assert hands_in(connection) == 10
    # A file replaced by a shorter one is read again from its start.
    target.write_bytes(data[:starts[2]])
    poll_folder(importer, folder)
    assert (importer.report.hands, importer.report.duplicates) == (5, 2)
    lines = connection.execute("SELECT line FROM hands ORDER BY id").fetchall()
    expected = [data[:start].count(b"\n") + 1 for start in starts]
    assert [line for (line,) in lines] == expected
    connection.close()
