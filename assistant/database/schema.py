"""The hand database's file: where it lives, how it is opened, and its versioned schema.

One SQLite file in WAL mode, so that a reader (the window, a HUD query) never waits for
the importer and the importer never waits for a reader.  The schema's version is
SQLite's ``user_version``; :data:`MIGRATIONS` takes a file from any older version to
the newest, each step in one transaction.

Tables:

* ``files``: each file imported or watched, with how far the watcher has read it (in
  bytes, and the line it got to).
* ``hands``: one row a hand: its identity (``site``, ``site_hand``, unique), when it was
  played (seconds, local time of the file, or ``NULL``), the table's big blind in
  chips and the file's ``decimals``, where it came from (file and line), and its
  source text compressed with zlib, from which everything else can be rebuilt.
* ``players``: one row a player name.
* ``hand_players``: one row a player in a hand: seat, position, the chips it won and,
  after an all-in with cards to come, the chips it was due
  (:mod:`assistant.database.allin`), else ``NULL``.
* ``player_stats``: the statistics cache, one row a player and position, each column a
  sum of the per-hand counts of :mod:`assistant.database.stats`.
"""

import os
import sqlite3
from pathlib import Path

from assistant.database.stats import COUNTERS
from assistant.errors import PokerInputError

APP_DIR = "kelly-poker-assistant"
DB_NAME = "hands.db"

_COUNTER_COLUMNS = ",\n    ".join(f"{name} INTEGER NOT NULL DEFAULT 0" for name in COUNTERS)

MIGRATIONS: tuple[str, ...] = (
    f"""
CREATE TABLE files (
    id INTEGER PRIMARY KEY,
    path TEXT NOT NULL UNIQUE,
    offset INTEGER NOT NULL DEFAULT 0,
    line INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE hands (
    id INTEGER PRIMARY KEY,
    site TEXT NOT NULL,
    site_hand TEXT NOT NULL,
    played_at INTEGER,
    big_blind INTEGER NOT NULL,
    decimals INTEGER NOT NULL,
    file_id INTEGER NOT NULL REFERENCES files(id),
    line INTEGER NOT NULL,
    source BLOB NOT NULL,
    UNIQUE (site, site_hand)
);
CREATE TABLE players (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);
CREATE TABLE hand_players (
    player_id INTEGER NOT NULL REFERENCES players(id),
    hand_id INTEGER NOT NULL REFERENCES hands(id),
    seat INTEGER NOT NULL,
    position TEXT NOT NULL,
    won INTEGER NOT NULL,
    expected REAL,
    PRIMARY KEY (player_id, hand_id)
) WITHOUT ROWID;
CREATE TABLE player_stats (
    player_id INTEGER NOT NULL REFERENCES players(id),
    position TEXT NOT NULL,
    {_COUNTER_COLUMNS},
    won_bb REAL NOT NULL DEFAULT 0,
    PRIMARY KEY (player_id, position)
) WITHOUT ROWID;
""",
)
"""Each schema version's step from the one before: ``MIGRATIONS[k]`` makes version k + 1."""


def default_path() -> Path:
    """The database of the user's data directory: ``$XDG_DATA_HOME`` (default
    ``~/.local/share``) ``/kelly-poker-assistant/hands.db``."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(Path.home(), ".local", "share")
    return Path(base) / APP_DIR / DB_NAME


def open_database(path: str | os.PathLike[str] | None = None) -> sqlite3.Connection:
    """The database at ``path`` (default :func:`default_path`), created or brought up
    to the newest schema.  The connection is in autocommit mode: writers open their
    own transactions.  Raises :class:`PokerInputError` when the file is not a hand
    database this version can use."""
    target = Path(path) if path is not None else default_path()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        connection = sqlite3.connect(target, isolation_level=None, timeout=30)
    except (OSError, sqlite3.Error) as error:
        raise PokerInputError(f"cannot open the database {str(target)!r}: {error}") from None
    try:
        connection.execute("PRAGMA journal_mode = WAL")
        connection.execute("PRAGMA synchronous = NORMAL")
        migrate(connection)
    except sqlite3.DatabaseError as error:
        connection.close()
        raise PokerInputError(f"{str(target)!r} is not a hand database: {error}") from None
    except PokerInputError as error:
        connection.close()
        raise PokerInputError(f"{str(target)!r}: {error}") from None
    return connection


def schema_version(connection: sqlite3.Connection) -> int:
    """The schema version of an open database (0 for a new, empty file)."""
    version: int = connection.execute("PRAGMA user_version").fetchone()[0]
    return version


def migrate(connection: sqlite3.Connection,
            migrations: tuple[str, ...] = MIGRATIONS) -> None:
    """Bring the database to the newest version, one step and one transaction at a
    time, so that a crash leaves it at some whole version."""
    version = schema_version(connection)
    if version > len(migrations):
        raise PokerInputError(f"the database's schema version {version} is newer than this"
                              f" program's ({len(migrations)}): update the program")
    for step in range(version, len(migrations)):
        try:
            connection.executescript(f"BEGIN IMMEDIATE;\n{migrations[step]}\n"
                                     f"PRAGMA user_version = {step + 1};\nCOMMIT;")
        except sqlite3.Error:
            if connection.in_transaction:
                connection.execute("ROLLBACK")
            raise
