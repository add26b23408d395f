"""Import: real and generated files, duplicates, bad hands, batches, and the cache."""

import gc
import sqlite3
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from assistant.database import Importer, import_paths, open_database, player_counts
from assistant.database.identity import CONTENT_SITE, hand_key
from assistant.database.stats import count_hand
from assistant.errors import Cancelled, PokerInputError
from assistant.history import format_phh, load_hands
from tests.database.support import PLAYERS, named_records, numbered, write_phhs

STARS = Path("/work/shared/hands/pokerstars/MultipleHandsTests__10MultipleHands.txt")


@pytest.fixture
def database(tmp_path: Path) -> sqlite3.Connection:
    connection = open_database(tmp_path / "hands.db")
    yield connection
    connection.close()


def test_imports_the_real_files(database: sqlite3.Connection) -> None:
    shared = Path("/work/shared/hands")
    if not shared.is_dir():
        pytest.skip("the shared hand files are not here")
    files = sorted(shared.rglob("*.txt")) + sorted(shared.rglob("*.phh"))
    expected = sum(len(load_hands(path).entries) for path in files)
    keys = {hand_key(record) for path in files for record in load_hands(path).hands}
    report = import_paths(database, [str(shared)])
    assert (report.files, report.hands) == (len(files), expected)
    assert report.skipped == []
    assert report.imported == len(keys)
    assert report.duplicates == expected - len(keys)
    again = import_paths(database, [str(shared)])
    assert (again.hands, again.imported, again.duplicates) == (expected, 0, expected)
    (count,) = database.execute("SELECT COUNT(*) FROM hands").fetchone()
    assert count == len(keys)


def test_counts_each_players_hands(database: sqlite3.Connection) -> None:
    text = STARS.read_text(encoding="utf-8-sig")
    hands = load_hands(STARS).hands
    seen = Counter(name for record in hands for name in record.config.names)
    importer = Importer(database, batch=3)
    importer.add_text(text, str(STARS))
    importer.flush()
    assert importer.report.imported == len(hands) == 10
    for name, count in seen.items():
        assert player_counts(database, name)["hands"] == (count, count)


def test_cache_is_the_sum_of_the_hands_across_batches(tmp_path: Path,
                                                      database: sqlite3.Connection) -> None:
    records = numbered(named_records(30), 30)
    write_phhs(tmp_path / "a.phhs", records[:17])
    write_phhs(tmp_path / "b.phhs", records[10:])
    importer = Importer(database, batch=4)
    importer.add_file(tmp_path / "a.phhs")
    importer.add_file(tmp_path / "b.phhs")
    importer.flush()
    assert (importer.report.imported, importer.report.duplicates) == (30, 7)
    for name in PLAYERS:
        expected: dict[str, float] = Counter()
        won = 0.0
        for record in records:
            if name in record.config.names:
                seat = record.config.names.index(name)
                result = count_hand(record)
                expected.update(result.counts[seat])
                won += result.won[seat] / result.big_blind
        counts = player_counts(database, name)
        assert counts["hands"] == (expected["hands"], expected["hands"])
        assert counts["vpip"] == (expected["vpip"], expected["vpip_chances"])
        assert counts["afq"] == (expected["aggressive"], expected["aggressive"]
                                 + expected["calls"] + expected["folds"])
        assert counts["wsd"] == (expected["won_at_showdown"], expected["showdown"])
        assert counts["bb_per_100"][0] == pytest.approx(won)


def test_phh_without_id_is_known_by_its_content(tmp_path: Path,
                                                database: sqlite3.Connection) -> None:
    record = named_records(3)[2]
    assert hand_key(record)[0] == CONTENT_SITE
    (tmp_path / "one.phh").write_text("# the same hand, laid out alone\n" + format_phh([record]))
    write_phhs(tmp_path / "many.phhs", [named_records(3)[1], record])
    report = import_paths(database, [str(tmp_path)])
    assert (report.hands, report.imported, report.duplicates) == (3, 2, 1)


def test_bad_hands_are_reported_and_skipped(tmp_path: Path,
                                            database: sqlite3.Connection) -> None:
    lines = STARS.read_text(encoding="utf-8-sig").split("\n")
    starts = [k for k, line in enumerate(lines) if line.startswith("PokerStars")]
    lines[starts[4]] = lines[starts[4]].replace("Hold'em No Limit", "Hold'em Limit")
    bad_action = next(k for k in range(starts[2], starts[3]) if " raises " in lines[k])
    lines[bad_action] = lines[bad_action].split(":")[0] + ": dances"
    (tmp_path / "hands.txt").write_text("\n".join(lines), encoding="utf-8")
    (tmp_path / "binary.phh").write_bytes(b"\xff\xfe not text")
    report = import_paths(database, [str(tmp_path)])
    assert (report.files, report.hands, report.imported) == (2, 10, 8)
    skipped = {(Path(skip.file).name, skip.line): skip.reason for skip in report.skipped}
    assert set(skipped) == {("binary.phh", None), ("hands.txt", bad_action + 1),
                            ("hands.txt", starts[4] + 1)}
    assert "Hold'em Limit" in skipped["hands.txt", starts[4] + 1]
    assert "not UTF-8" in skipped["binary.phh", None]


def test_a_missing_path_is_an_error(database: sqlite3.Connection) -> None:
    with pytest.raises(PokerInputError, match="'nowhere' is not a file or a folder"):
        import_paths(database, ["nowhere"])


def test_long_names_are_refused(tmp_path: Path, database: sqlite3.Connection) -> None:
    text = format_phh(numbered(named_records(1), 1)).replace('"player0"', '"' + "x" * 500 + '"')
    (tmp_path / "long.phh").write_text(text)
    report = import_paths(database, [str(tmp_path / "long.phh")])
    assert report.imported == 0
    assert "longer than 100 characters" in report.skipped[0].reason


def test_stopping_writes_what_was_read(tmp_path: Path, database: sqlite3.Connection) -> None:
    write_phhs(tmp_path / "a.phhs", numbered(named_records(5), 5))
    asked = []

    def should_stop() -> bool:
        asked.append(1)
        return len(asked) > 3

    importer = Importer(database, should_stop=should_stop)
    with pytest.raises(Cancelled):
        importer.add_file(tmp_path / "a.phhs")
    assert database.execute("SELECT COUNT(*) FROM hands").fetchone() == (3,)


def test_the_collector_is_off_during_an_import_and_as_it_was_after(
        tmp_path: Path, database: sqlite3.Connection) -> None:
    # The import makes no reference cycles, so the cyclic collector is off while it runs
    # (each batch collects its young objects); a collector turned off stays off.
    write_phhs(tmp_path / "a.phhs", numbered(named_records(5), 5))
    seen: list[bool] = []
    try:
        import_paths(database, [str(tmp_path)], batch=2,
                     progress=lambda report: seen.append(gc.isenabled()))
        assert gc.isenabled() and seen == [False, False, False]
        gc.disable()
        import_paths(database, [str(tmp_path)], batch=2)
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_players_get_their_ids_in_the_order_first_met_across_imports(
        tmp_path: Path, database: sqlite3.Connection) -> None:
    # Hand k seats players 3k, 3k + 1, ...: neighbouring hands share some.  The second
    # import (a new importer, knowing no name) meets the first one's players again among
    # more than 500 new ones, which it looks up in several queries.
    records = [replace(record, config=replace(
        record.config, names=tuple(f"p{3 * k + seat}" for seat in range(record.config.n_seats))))
        for k, record in enumerate(numbered(named_records(250), 250))]
    write_phhs(tmp_path / "first.phhs", records[:60])
    write_phhs(tmp_path / "all.phhs", records)
    import_paths(database, [str(tmp_path / "first.phhs")])
    report = import_paths(database, [str(tmp_path / "all.phhs")])
    assert (report.imported, report.duplicates) == (190, 60)
    met = list(dict.fromkeys(name for record in records for name in record.config.names))
    first = {name for record in records[:60] for name in record.config.names}
    assert len(met) - len(first) > 500
    assert database.execute("SELECT name FROM players ORDER BY id").fetchall() == [
        (name,) for name in met]
    assert [row[0] for row in database.execute("SELECT id FROM players ORDER BY id")] == list(
        range(1, len(met) + 1))
    seated = sorted(database.execute(
        "SELECT CAST(site_hand AS INTEGER), seat, name FROM hand_players"
        " JOIN hands ON hands.id = hand_id JOIN players ON players.id = player_id"))
    assert seated == sorted((k, seat, name) for k, record in enumerate(records)
                            for seat, name in enumerate(record.config.names))
