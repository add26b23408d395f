"""Import of hand history files into the database: the one writer.

Each hand is read with the history readers (so every action is checked), its
statistics counted once (:func:`assistant.database.stats.count_hand`), and written in
batches: a batch's hands, their players and the statistics cache change in one
transaction.  A process killed mid-import leaves the batches before it whole and the
one it was writing undone; importing again skips the hands already in (duplicates, by
:func:`~assistant.database.identity.hand_key`) and finishes the job.
"""

import contextlib
import gc
import operator
import sqlite3
import zlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from assistant.database.allin import expected_won
from assistant.database.identity import hand_key, played_at
from assistant.database.sources import MAX_FILE_BYTES, MAX_HAND_CHARS, hand_files, split_hands
from assistant.database.stats import COUNTERS, HandCounts, count_hand
from assistant.errors import Cancelled, PokerInputError
from assistant.history import HandError, HandRecord, read_hands

BATCH = 10_000
"""Hands written per transaction by default (the CLI's ``db import``; the window
writes its own smaller batches, so that Cancel has little left to write).  Each batch
reads and writes once the pages of the players' rows it touches, so larger batches
cost less a hand: importing hands 90,000 to 100,000, six runs each (median µs a hand
of CPU), 2,000: 342, 5,000: 335, 10,000: 327, 20,000: 328.  What it costs: a progress
report every 10,000 hands (some 3 s), the batch's hands held until written (their
compressed text and counts: about 5 KB a hand, so some 50 MB), and a killed import
loses the batch it was writing (importing again finishes it).  The ``won_bb`` sums are
added a batch at a time, so their last bits depend on it."""
MAX_NAME = 100
"""Longest player name accepted, in characters."""
WRITER_CACHE_KIB = 256 * 1024
"""The writer's SQLite page cache, in KiB (a cap: pages are held as they are read).
Every batch adds rows all over ``hand_players`` (kept in player order) and the hands'
unique index, some 150 bytes a hand in all, so with SQLite's default 2 MB most of a
batch's rows read their page from the file and spill it back: importing (10,000-hand
steps, µs a hand of CPU in the batches' writes) the default cache went from 60 at
10,000 hands to 100 to 130 at 300,000 and 1,000,000 hands imported at 2,374 hands a
second against 3,208 for the first 100,000; with 256 MiB the writes stayed at 51 to 67
to 300,000.  256 MiB holds those pages to some 1.5 million hands."""


@dataclass(frozen=True)
class Skipped:
    """A hand (or file) that was not imported: where, and why."""

    file: str
    line: int | None
    reason: str


@dataclass
class ImportReport:
    """What an import did: files read, hands found, hands written, hands already in
    the database, and the hands skipped with why."""

    files: int = 0
    hands: int = 0
    imported: int = 0
    duplicates: int = 0
    skipped: list[Skipped] = field(default_factory=list)

    def as_json(self) -> dict[str, object]:
        """The report as the CLI prints it."""
        return {"files": self.files, "hands": self.hands, "imported": self.imported,
                "duplicates": self.duplicates,
                "skipped": [{"file": skip.file, "line": skip.line, "reason": skip.reason}
                            for skip in self.skipped]}


class _Hand(NamedTuple):
    """A hand read and counted, kept until its batch is written as just the values
    written (not the record: small and short-lived, a batch stays cheap to hold; a
    tuple is made fastest)."""

    key: tuple[str, str]
    played_at: int | None
    decimals: int
    file_id: int
    line: int
    source: bytes
    names: dict[int, str]  # the named seats (a player unknown is not counted)
    counts: tuple[tuple[int, ...], ...]  # by seat, in COUNTERS order
    positions: tuple[str, ...]
    won: tuple[int, ...]
    big_blind: int
    expected: tuple[float, ...] | None

    @classmethod
    def of(cls, record: HandRecord, names: dict[int, str], counts: HandCounts, file_id: int,
           line: int, text: str) -> "_Hand":
        """What is written of a hand read from ``text``, its named seats and its counts."""
        return cls(hand_key(record), played_at(record), record.decimals, file_id, line,
                   zlib.compress(text.encode(), 6), names,
                   tuple(map(_COUNTER_VALUES, counts.counts)) if names else (),
                   counts.positions, counts.won, counts.big_blind,
                   expected_won(record) if names and counts.all_in else None)


_COUNTER_VALUES = operator.itemgetter(*COUNTERS)
"""A seat's counts in :data:`COUNTERS` order."""
_NAMES_A_QUERY = 500
"""Names looked up in one query (SQLite allows 999 parameters before its 3.32)."""
_STAT_COLUMNS = ", ".join((*COUNTERS, "won_bb"))
_UPSERT = (f"INSERT INTO player_stats (player_id, position, {_STAT_COLUMNS})"
           f" VALUES ({', '.join('?' * (len(COUNTERS) + 3))})"
           " ON CONFLICT (player_id, position) DO UPDATE SET "
           + ", ".join(f"{name} = {name} + excluded.{name}" for name in (*COUNTERS, "won_bb")))


class Importer:
    """The database's writer: hands are added as text and written in batches of
    ``batch`` hands.  ``progress`` is called with the report after every batch;
    ``should_stop`` is asked before every hand and, when it says so, the hands read so
    far are written and :class:`~assistant.errors.Cancelled` is raised."""

    def __init__(self, connection: sqlite3.Connection, batch: int = BATCH,
                 progress: Callable[[ImportReport], None] | None = None,
                 should_stop: Callable[[], bool] | None = None) -> None:
        self.connection = connection
        connection.execute(f"PRAGMA cache_size = -{WRITER_CACHE_KIB}")
        self.batch = batch
        self.progress = progress
        self.should_stop = should_stop
        self.report = ImportReport()
        self._pending: list[_Hand] = []
        self._players: dict[str, int] = {}

    def add_file(self, path: Path) -> None:
        """Import a whole file."""
        self.report.files += 1
        try:
            if path.stat().st_size > MAX_FILE_BYTES:
                raise PokerInputError(f"larger than {MAX_FILE_BYTES >> 20} MB")
            text = path.read_bytes().decode("utf-8-sig")
        except OSError as error:
            self.report.skipped.append(Skipped(str(path), None, f"cannot read: {error.strerror}"))
            return
        except UnicodeDecodeError as error:
            self.report.skipped.append(Skipped(str(path), None,
                                               f"not UTF-8 text (byte {error.start})"))
            return
        except PokerInputError as error:
            self.report.skipped.append(Skipped(str(path), None, str(error)))
            return
        self.add_text(text, str(path))

    def add_text(self, text: str, path: str, first_line: int = 1) -> None:
        """Import the hands of a file's text that starts at ``first_line`` of the file."""
        file_id = self.file_state(path)[0]
        for piece in split_hands(text):
            if self.should_stop is not None and self.should_stop():
                self.flush()
                raise Cancelled
            self._add_hand(path, file_id, first_line + piece.line - 1, piece.text)

    def _add_hand(self, path: str, file_id: int, line: int, text: str) -> None:
        if len(text) > MAX_HAND_CHARS:
            self.report.hands += 1
            self._skip(path, line, f"a hand of more than {MAX_HAND_CHARS:,} characters")
            return
        for entry in read_hands(text, path).entries:
            self.report.hands += 1
            if isinstance(entry, HandError):
                where = None if entry.line is None else entry.line + line - 1
                self._skip(path, where, entry.message)
                continue
            try:
                names = entry.named_seats
                _check_names(names)
                counts = count_hand(entry)
            except PokerInputError as error:
                self._skip(path, line, str(error))
                continue
            self._pending.append(_Hand.of(entry, names, counts, file_id, line, text))
        if len(self._pending) >= self.batch:
            self.flush()

    def _skip(self, path: str, line: int | None, reason: str) -> None:
        self.report.skipped.append(Skipped(path, line, reason))

    def flush(self) -> None:
        """Write the hands read so far, in one transaction."""
        if not self._pending:
            return
        hands, self._pending = self._pending, []
        try:
            self.connection.execute("BEGIN IMMEDIATE")
            self._write(hands)
            self.connection.execute("COMMIT")
        except BaseException:
            if self.connection.in_transaction:
                self.connection.execute("ROLLBACK")
            self._players.clear()
            raise
        del hands
        if not gc.isenabled():  # during an import (see _not_collected)
            gc.collect(0)
        if self.progress is not None:
            self.progress(self.report)

    def _write(self, hands: Sequence[_Hand]) -> None:
        execute = self.connection.execute
        rows: list[tuple[int, int, int, str, int, float | None]] = []
        sums: dict[tuple[int, str], tuple[int | str | float, ...]] = {}
        # The hands in one statement; a hand new to the table gets the next id (one more
        # than the largest), so the ids above the largest before are this batch's, in
        # order, and a hand without one was in already (or earlier in the batch).
        (last,) = execute("SELECT COALESCE(MAX(id), 0) FROM hands").fetchone()
        self.connection.executemany(
            "INSERT OR IGNORE INTO hands (site, site_hand, played_at, big_blind, decimals,"
            " file_id, line, source) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [(*hand.key, hand.played_at, hand.big_blind, hand.decimals, hand.file_id,
              hand.line, hand.source) for hand in hands])
        new = {(site, site_hand): hand_id for hand_id, site, site_hand in execute(
            "SELECT id, site, site_hand FROM hands WHERE id > ?", (last,))}
        written = []
        for hand in hands:
            hand_id = new.pop(hand.key, None)
            if hand_id is None:
                self.report.duplicates += 1
            else:
                written.append((hand_id, hand))
        self.report.imported += len(written)
        self._add_players([name for _, hand in written for name in hand.names.values()])
        players = self._players
        for hand_id, hand in written:
            expected, won, big_blind = hand.expected, hand.won, hand.big_blind
            positions, counts = hand.positions, hand.counts
            for seat, name in hand.names.items():
                player = players[name]
                position = positions[seat]
                rows.append((player, hand_id, seat, position, won[seat],
                             None if expected is None else expected[seat]))
                # A player and position's sum is kept as its row: (player, position,
                # the counters, won_bb), each added to as the hands come.
                won_bb = won[seat] / big_blind
                total = sums.get((player, position))
                sums[player, position] = (
                    (player, position, *counts[seat], won_bb) if total is None
                    else (player, position,
                          *map(operator.add, total[2:], (*counts[seat], won_bb))))
        # Both in their table's key order: a batch's rows are spread over the whole
        # table (a player's hands sit together), so written in that order each page is
        # read and written once a batch instead of once a row (at 100,000 hands, 80
        # µs a hand became 54).  The tables' contents do not depend on the order.  (A
        # row's key is its first items, unique in the batch: the rows sort as tuples.)
        rows.sort()
        self.connection.executemany(
            "INSERT INTO hand_players (player_id, hand_id, seat, position, won, expected)"
            " VALUES (?, ?, ?, ?, ?, ?)", rows)
        self.connection.executemany(_UPSERT, sorted(sums.values()))

    def _add_players(self, names: list[str]) -> None:
        """Give the names not yet known to this import their ids (new players get the
        next ones, in the order of ``names``)."""
        unknown = [name for name in dict.fromkeys(names) if name not in self._players]
        if not unknown:
            return
        self.connection.executemany("INSERT OR IGNORE INTO players (name) VALUES (?)",
                                    [(name,) for name in unknown])
        for start in range(0, len(unknown), _NAMES_A_QUERY):
            chunk = unknown[start:start + _NAMES_A_QUERY]
            self._players.update(self.connection.execute(
                f"SELECT name, id FROM players WHERE name IN ({', '.join('?' * len(chunk))})",
                chunk))

    def file_state(self, path: str) -> tuple[int, int, int]:
        """A file's id in the database, how many bytes of it the watcher has read and
        the line it got to (0 and 1 for a file new to it)."""
        self.connection.execute("INSERT OR IGNORE INTO files (path) VALUES (?)", (path,))
        file_id, offset, line = self.connection.execute(
            "SELECT id, offset, line FROM files WHERE path = ?", (path,)).fetchone()
        return file_id, offset, line

    def set_offset(self, file_id: int, offset: int, line: int) -> None:
        """Remember how far into a file the watcher has read (after :meth:`flush`)."""
        self.connection.execute("UPDATE files SET offset = ?, line = ? WHERE id = ?",
                                (offset, line, file_id))


def _check_names(named_seats: dict[int, str]) -> None:
    """Refuse a hand whose player names are too long or not one per seat."""
    names = list(named_seats.values())
    for name in names:
        if len(name) > MAX_NAME:
            raise PokerInputError(f"player name {name[:20]!r}... is longer than {MAX_NAME}"
                                  " characters")
    if len(set(names)) != len(names):
        raise PokerInputError(f"a player sits twice at the table: {list(names)!r}")


def import_paths(connection: sqlite3.Connection, paths: Sequence[str],
                 progress: Callable[[ImportReport], None] | None = None,
                 should_stop: Callable[[], bool] | None = None,
                 batch: int = BATCH,
                 each_file: Callable[[ImportReport], None] | None = None) -> ImportReport:
    """Import files and folders (recursively: their ``.txt``, ``.phh`` and ``.phhs``
    files) of PokerStars and PHH hand histories, ``batch`` hands per transaction;
    returns what was done.  ``progress`` is called after every batch written,
    ``each_file`` after every file read; when ``should_stop`` says so, the hands read
    are written and :class:`~assistant.errors.Cancelled` is raised (``progress`` has
    had the last report)."""
    if batch < 1:
        raise PokerInputError(f"a batch of {batch} hands: it must be 1 or more")
    importer = Importer(connection, batch, progress=progress, should_stop=should_stop)
    with _not_collected():
        for path in hand_files(list(paths)):
            importer.add_file(path)
            if each_file is not None:
                each_file(importer.report)
        importer.flush()
    return importer.report


@contextlib.contextmanager
def _not_collected() -> Iterator[None]:
    """The cyclic garbage collector kept out of the import while it runs.

    Reading, counting and writing a hand make no reference cycles: its few hundred
    short-lived objects are freed by their reference counts.  The collector only walked
    what survives (a batch's hands, the readers' caches as they fill, and the objects
    alive before the import: the program's modules, numpy's and numba's, some
    100,000), over and over: some 20 µs a hand, timed with the collector's callbacks
    (``gc.freeze`` had kept only the last out).  So it is off, and each batch written
    collects the young objects once (:meth:`Importer.flush`), which bounds what a
    cycle could hold if one were ever made.  It is as it was after (left alone when
    someone else had turned it off).
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
