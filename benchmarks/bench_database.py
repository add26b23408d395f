"""Hand database speed and size: import throughput, bytes per hand, HUD query time.

Run ``python benchmarks/bench_database.py --hands 1000000 --checkpoints 100000 300000``
(measures at 100,000 and 300,000 hands too).  The hands are generated
by the simulator (``benchmarks/hand_files.py``: a pool of distinct simulated hands,
copied with new hand numbers and players) into ``--folder`` (kept, and reused when it
already holds them), then imported into a new database in one process (one core), as
``poker-assistant db import`` does.  Reported:

* import throughput in hands per second per core: the import's CPU time in its one
  process (the wall time too: on a shared machine it can be much longer);
* bytes per hand: the database file (after a WAL checkpoint) over the hands, and the
  compressed source texts alone;
* a HUD query: the statistics of six players with the most hands, best of ``--repeat``;
* review throughput: the decisions of the player with the most hands, over its first
  ``--review-hands`` hands, reviewed in one process, per CPU second.

The issue's goals: at least 3,000 hands/s per core, at most 2 KB a hand with the source
kept, under 10 ms for a six-player HUD query.
"""

import argparse
import os
import sqlite3
import tempfile
import time
from pathlib import Path

from bench_evaluator import best_time
from hand_files import HANDS_PER_FILE, POOL, write_hands
from interpreter import describe_python

from assistant.database import import_paths, open_database, player_stats
from assistant.database.queries import top_players
from assistant.database.review import review_player


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--checkpoints", type=int, nargs="*", default=[], metavar="HANDS",
                        help="also measure when this many hands are in (the import goes"
                             " on from there)")
    parser.add_argument("--folder", type=Path,
                        default=Path(tempfile.gettempdir()) / "kelly-bench-sim-hands")
    parser.add_argument("--workers", type=int, default=1, help="processes generating hands")
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--review-hands", type=int, default=1000)
    args = parser.parse_args()
    folder = args.folder / str(args.hands)
    if len(list(folder.glob("*.phhs"))) != -(-args.hands // HANDS_PER_FILE):
        start, cpu = time.perf_counter(), time.process_time()
        write_hands(folder, args.hands, args.workers)
        print(f"generated {args.hands:,} hands ({min(args.hands, POOL):,} simulated) in"
              f" {time.perf_counter() - start:.0f} s wall,"
              f" {time.process_time() - cpu:.0f} s CPU of this process", flush=True)
    print(describe_python(), flush=True)
    files = sorted(folder.glob("*.phhs"))
    marks = sorted({mark for mark in args.checkpoints if 0 < mark < args.hands} | {args.hands})
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / "hands.db"
        connection = open_database(path)
        seconds = cpu = 0.0
        read = 0
        for mark in marks:
            # Whole files: the hands in are the files' hands up to the mark.
            chunk = files[read:-(-mark // HANDS_PER_FILE)]
            read += len(chunk)
            start, started = time.perf_counter(), time.process_time()
            report = import_paths(connection, [str(file) for file in chunk])
            seconds += time.perf_counter() - start
            cpu += time.process_time() - started
            assert not report.skipped and not report.duplicates, report.as_json()
            measure(connection, path, files[:read], seconds, cpu, args)
        connection.close()


def measure(connection: sqlite3.Connection, path: Path, files: list[Path], seconds: float,
            cpu: float, args: argparse.Namespace) -> None:
    """Print the measures of the database as it is, after ``cpu`` seconds of import of
    the hands of ``files``."""
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    (hands,) = connection.execute("SELECT COUNT(*) FROM hands").fetchone()
    size = os.path.getsize(path)
    (source,) = connection.execute("SELECT TOTAL(LENGTH(source)) FROM hands").fetchone()
    names = top_players(connection, 6)
    query = best_time(lambda: player_stats(connection, names), args.repeat)
    (players,) = connection.execute("SELECT COUNT(*) FROM players").fetchone()
    start_review = time.process_time()
    decisions = review_player(connection, names[0], limit=args.review_hands)
    review_cpu = time.process_time() - start_review
    text = sum(file.stat().st_size for file in files) / hands
    print(f"== {hands:,} hands in the database")
    print(f"import: {seconds:.1f} s wall, {cpu:.1f} s CPU ="
          f" {hands / cpu:,.0f} hands/s per core ({hands / seconds:,.0f} wall)")
    print(f"size: {size / hands:,.0f} bytes/hand in the database file"
          f" ({size / 2**20:,.1f} MB; compressed source {source / hands:,.0f} B/hand,"
          f" PHH text about {text:,.0f} B/hand; {players:,} players)")
    print(f"HUD query, 6 players: {query * 1000:.2f} ms")
    print(f"review: {len(decisions):,} decisions of {names[0]} ({args.review_hands:,} hands at"
          f" most) in {review_cpu:.1f} s CPU ="
          f" {len(decisions) / review_cpu:,.1f} decisions/s per core", flush=True)


if __name__ == "__main__":
    main()
