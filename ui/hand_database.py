"""The window's hand database: which file it is, and the work done on it off the GUI
thread (as :class:`ui.background.LatestTask` tasks): an import, the HUD counts of some
players, a player's graph data.  Each task opens its own connection (SQLite's WAL mode
lets the HUD read while an import writes)."""

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QSettings

from assistant.database import ImportReport, default_path, import_paths, open_database
from assistant.database.graphs import HandResult, player_results
from assistant.database.queries import player_counts, top_players
from assistant.database.sources import hand_files
from assistant.errors import Cancelled

PATH_KEY = "database/path"
"""The settings key of a database file other than the CLI's default one."""
PROGRESS_EVERY = 0.1
"""Seconds between two progress reports of an import."""
BATCH = 500
"""Hands an import from the window writes per transaction: fewer than the CLI's, so that
the HUD follows an import closely and Cancel has little left to write."""

Counts = dict[str, tuple[float, int]]


def database_path(settings: QSettings) -> Path:
    """The database the window uses: the settings' ``database/path``, else the one
    ``poker-assistant db`` uses by default (:func:`assistant.database.default_path`)."""
    chosen = settings.value(PATH_KEY)
    return Path(str(chosen)) if chosen else default_path()


@dataclass(frozen=True)
class ImportProgress:
    """How far an import has got: files read of all, and the report's counts."""

    files: int
    total_files: int
    hands: int
    imported: int
    duplicates: int
    skipped: int


@dataclass(frozen=True)
class ImportOutcome:
    """A finished (or cancelled) import: its report, and whether it was cancelled."""

    report: ImportReport
    cancelled: bool


def import_task(database: Path, paths: Sequence[str], cancelled: Callable[[], bool]
                ) -> Callable[[Callable[[object], None], Callable[[], bool]], ImportOutcome]:
    """The task importing ``paths`` into ``database``: it reports an
    :class:`ImportProgress` now and then, and stops at the next hand once
    ``cancelled()`` (writing the hands read: the database stays whole)."""

    def run(progress: Callable[[object], None], should_stop: Callable[[], bool]
            ) -> ImportOutcome:
        files = [str(path) for path in hand_files(list(paths))]
        last = ImportReport()
        shown = 0.0

        def report(state: ImportReport, force: bool = True) -> None:
            nonlocal last, shown
            last = state
            now = time.monotonic()
            if force or now - shown >= PROGRESS_EVERY:
                shown = now
                progress(ImportProgress(state.files, len(files), state.hands, state.imported,
                                        state.duplicates, len(state.skipped)))

        connection = open_database(database)
        try:
            result = import_paths(connection, files, progress=report, batch=BATCH,
                                  should_stop=lambda: should_stop() or cancelled(),
                                  each_file=lambda state: report(state, force=False))
        except Cancelled:
            if should_stop():
                raise
            return ImportOutcome(last, cancelled=True)
        finally:
            connection.close()
        return ImportOutcome(result, cancelled=False)

    return run


def read_counts(database: Path, names: Sequence[str]) -> dict[str, Counts]:
    """The HUD counts of the players named (the cache's sums: milliseconds); nothing
    when the database does not exist yet (it is not created for a look)."""
    if not database.exists():
        return {}
    connection = open_database(database)
    try:
        return {name: player_counts(connection, name) for name in dict.fromkeys(names)}
    finally:
        connection.close()


def read_players(database: Path, limit: int) -> list[str]:
    """The ``limit`` players with the most hands, most first."""
    if not database.exists():
        return []
    connection = open_database(database)
    try:
        return top_players(connection, limit)
    finally:
        connection.close()


def read_results(database: Path, name: str) -> list[HandResult]:
    """A player's hands, for the graphs (:func:`assistant.database.graphs.player_results`)."""
    connection = open_database(database)
    try:
        return player_results(connection, name)
    finally:
        connection.close()
