"""The database file: where it goes, versions and migrations, files it refuses."""

import sqlite3
from pathlib import Path

import pytest

from assistant.database.schema import (
    MIGRATIONS,
    default_path,
    migrate,
    open_database,
    schema_version,
)
from assistant.errors import PokerInputError


def test_default_path_is_in_the_user_data_folder(monkeypatch: pytest.MonkeyPatch,
                                                  tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_path() == tmp_path / "kelly-poker-assistant" / "hands.db"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_path() == tmp_path / "home" / ".local/share/kelly-poker-assistant/hands.db"


def test_a_new_database_is_at_the_newest_version_in_wal_mode(tmp_path: Path) -> None:
    connection = open_database(tmp_path / "sub" / "hands.db")
    assert schema_version(connection) == len(MIGRATIONS)
    assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    connection.close()


def test_migrations_run_in_order_and_keep_data(tmp_path: Path) -> None:
    connection = sqlite3.connect(tmp_path / "db", isolation_level=None)
    first = ("CREATE TABLE t (a INTEGER);",)
    migrate(connection, first)
    connection.execute("INSERT INTO t VALUES (7)")
    migrate(connection, (*first, "ALTER TABLE t ADD COLUMN b INTEGER DEFAULT 3;"))
    assert schema_version(connection) == 2
    assert connection.execute("SELECT a, b FROM t").fetchall() == [(7, 3)]


def test_a_failed_migration_leaves_the_version_before(tmp_path: Path) -> None:
    connection = sqlite3.connect(tmp_path / "db", isolation_level=None)
    with pytest.raises(sqlite3.OperationalError):
        migrate(connection, ("CREATE TABLE t (a INTEGER); INSERT INTO nowhere VALUES (1);",))
    assert schema_version(connection) == 0
    assert not connection.in_transaction
    assert connection.execute("SELECT name FROM sqlite_master").fetchall() == []


def test_a_newer_database_is_refused(tmp_path: Path) -> None:
    connection = sqlite3.connect(tmp_path / "new.db")
    connection.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    connection.close()
    with pytest.raises(PokerInputError, match="newer than this program"):
        open_database(tmp_path / "new.db")


def test_a_file_that_is_not_a_database_is_refused(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("hello " * 1000)
    with pytest.raises(PokerInputError, match="is not a hand database"):
        open_database(tmp_path / "notes.txt")
