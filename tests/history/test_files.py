"""Hand files on disk: only regular files of a stated size are read, big files stream
with progress and a stop, saves follow the umask and leave no temporary behind, and
records keep who played where and when."""

import itertools
import os
from pathlib import Path

import pytest

from assistant.errors import Cancelled, PokerInputError
from assistant.history import (
    HandError,
    HandRecord,
    iter_hands,
    load_hands,
    read_phh,
    read_pokerstars,
    remove_stale_temporaries,
    save_phh,
)
from assistant.history import files as hand_files
from assistant.history.pokerstars import iter_pokerstars
from tests.history.support import line_of

REPO = Path(__file__).resolve().parents[2]
TEN_HANDS = REPO / "tests" / "data" / "pokerstars" / "MultipleHandsTests__10MultipleHands.txt"
PHH = REPO / "tests" / "data" / "phh" / "dwan-ivey-2009.phh"


# What is read at all.


@pytest.mark.parametrize("path", ["/dev/zero", "/dev/null", "/"])
def test_devices_and_folders_are_refused_before_reading(path: str) -> None:
    # Issue 11.8: `replay /dev/zero` read forever.
    with pytest.raises(PokerInputError, match=r"is not a regular file"):
        load_hands(path)


def test_a_pipe_is_refused(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(PokerInputError, match=r"'.*pipe' is not a regular file"):
        load_hands(fifo)


def test_files_over_the_stated_size_are_refused(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "big.txt"
    path.write_bytes(TEN_HANDS.read_bytes())
    monkeypatch.setattr(hand_files, "MAX_FILE_BYTES", path.stat().st_size - 1)
    with pytest.raises(PokerInputError, match=r"is 13,037 bytes: hand files over 13,036"):
        load_hands(path)
    phh = tmp_path / "big.phh"
    phh.write_bytes(PHH.read_bytes())
    monkeypatch.setattr(hand_files, "MAX_PHH_BYTES", 100)
    with pytest.raises(PokerInputError, match=r"PHH files over 100 bytes are not read"):
        load_hands(phh)


def test_text_that_is_not_utf8_is_refused_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_bytes(TEN_HANDS.read_bytes().replace(b"ValueH", b"Value\xff", 1))
    with pytest.raises(PokerInputError, match=r"is not UTF-8 text \(line 5, byte 14\)"):
        load_hands(path)


# Streaming, progress and stop.


def test_hands_stream_as_they_are_read() -> None:
    # An endless file still gives its first hands: only one hand is held at a time.
    lines = TEN_HANDS.read_text(encoding="utf-8-sig").split("\n")
    first_hand = lines[:lines.index("", 5)]
    endless = itertools.cycle([*first_hand, ""])
    entries = list(itertools.islice(iter_pokerstars(endless, "endless"), 3))
    assert all(isinstance(entry, HandRecord) for entry in entries)
    assert len({entry.hand_id for entry in entries}) == 1


def test_reading_reports_progress_and_stops_when_asked(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hand_files, "CHECK_EVERY", 10)
    fractions: list[float] = []
    hands = load_hands(TEN_HANDS, progress=fractions.append)
    assert len(hands.hands) == 10
    assert fractions == sorted(fractions) and fractions[-1] == 1.0 and len(fractions) > 5
    asked = itertools.count()
    read = []
    with pytest.raises(Cancelled):
        for entry in iter_hands(TEN_HANDS, should_stop=lambda: next(asked) >= 5):
            read.append(entry)
    assert 0 < len(read) < 10  # stopped part-way, the hands read so far kept
    assert load_hands(PHH, should_stop=lambda: False).hands
    with pytest.raises(Cancelled):
        load_hands(PHH, should_stop=lambda: True)


def test_a_mangled_hole_cards_line_is_reported_in_its_own_hand() -> None:
    # Issue 11.8: the error named line 34, the first line of hand 2.
    text = TEN_HANDS.read_text(encoding="utf-8-sig")
    hole = line_of(text, "*** HOLE CARDS ***")
    entries = read_pokerstars(text.replace("*** HOLE CARDS ***", "*** HOLE CARDZ ***", 1),
                              "ten.txt").entries
    error = entries[0]
    assert isinstance(error, HandError)
    assert error.line == hole == 12
    assert error.message == "no '*** HOLE CARDS ***' line after the seats and posts"
    assert all(isinstance(entry, HandRecord) for entry in entries[1:])


# PHH finishing stacks.


@pytest.mark.parametrize(
    ("stacks", "message"),
    [
        ("inf", "finishing_stacks holds Decimal('Infinity'): unknown (infinite)"),
        ("nan", "finishing_stacks holds Decimal('NaN')"),
        ("1e400", "finishing_stacks: 1E+400 is too large an amount"),
        ("1000", "finishing_stacks ['1000', '1000', '1000'] contradict the actions, which"
                 " leave ['1002', '998', '1000']"),
    ],
)
def test_finishing_stacks_that_are_not_amounts_or_contradict_the_actions_are_refused(
        stacks: str, message: str) -> None:
    # Issue 11.8: they loaded, and writing the hand back then failed.
    text = ("variant = 'NT'\nantes = 0\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n"
            "starting_stacks = [1000, 1000, 1000]\n"
            f"finishing_stacks = [{stacks}, {stacks}, {stacks}]\n"
            "actions = ['p3 f', 'p1 cc', 'p2 cc', 'd db 2c3d4h', 'p1 cbr 2', 'p2 f']\n")
    (entry,) = read_phh(text, "h.phh").entries
    assert isinstance(entry, HandError)
    assert entry.line == 6
    assert entry.message.startswith(message), entry.message


def test_finishing_stacks_that_agree_or_split_an_odd_chip_in_halves_load() -> None:
    base = ("variant = 'NT'\nantes = 0\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n"
            "starting_stacks = [1000, 1000, 1000]\nactions = ['p3 f', 'p1 cc', 'p2 cc',"
            " 'd db 2c3d4h', 'p1 cbr 2', 'p2 f']\n")
    assert read_phh(base + "finishing_stacks = [1002, 998, 1000]\n").hands
    raked = base + "rake = 1\nfinishing_stacks = [1001, 998, 1000]\n"
    assert read_phh(raked).hands


# Saving.


def test_saves_follow_the_umask(tmp_path: Path) -> None:
    # Issue 11.8: saved files were 0600 whatever the umask.
    record = load_hands(PHH).hands[0]
    for mask, mode in [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)]:
        old = os.umask(mask)
        try:
            save_phh(tmp_path / "hand.phh", [record])
        finally:
            os.umask(old)
        assert (tmp_path / "hand.phh").stat().st_mode & 0o777 == mode


def test_temporaries_left_by_a_killed_save_are_removed_on_the_next_start(
        tmp_path: Path) -> None:
    # Issue 11.8: 21 *.tmp files after 60 kills.
    left = [tmp_path / f".hands.phh.{suffix}.tmp" for suffix in ("abcd1234", "x_y_z_09")]
    kept = [tmp_path / "hands.phh", tmp_path / "notes.tmp", tmp_path / ".hands.phh.short.tmp"]
    for path in left + kept:
        path.write_text("x")
    assert sorted(remove_stale_temporaries(tmp_path)) == sorted(left)
    assert sorted(tmp_path.iterdir()) == sorted(kept)
    assert remove_stale_temporaries(tmp_path) == []


# Identity.


def test_records_keep_the_site_hand_table_time_and_names() -> None:
    record = load_hands(TEN_HANDS).hands[0]
    assert (record.site, record.hand_id, record.table) == (
        "PokerStars", "109673992001", "Hveen II 40-100 bb")
    assert record.started is not None and record.started.isoformat() == "2014-01-06T01:42:52"
    assert record.player_ids == record.config.names
    assert record.player_ids[0] == "BoomDoon"


def test_nameless_seats_of_different_hands_stay_distinct() -> None:
    # Issue 10.5: p1..pn merged strangers across hands in statistics.
    text = ("variant = 'NT'\nantes = 0\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
            "starting_stacks = [100, 100]\nactions = ['p2 f']\n")
    first, second = read_phh(text).hands[0], read_phh(text.replace("100]", "90]")).hands[0]
    assert first.names == second.names == ("p1", "p2")  # labels stay as they were
    assert len(set(first.player_ids) | set(second.player_ids)) == 4
    assert read_phh(text).hands[0].player_ids == first.player_ids  # the same hand again
    assert first.site is first.hand_id is first.table is first.started is None
