"""Fuzzing hand files on disk: mutated PHH and PokerStars files, byte by byte and field
by field, read through :func:`assistant.history.load_hands` as the window and the
command line read them.

A mutated file is refused whole with a :class:`PokerInputError` (not UTF-8, no hand)
or read hand by hand: every hand either loads, and then has finishing stacks (or is
unfinished) and writes back to PHH that reads back the same, or is an error with a
message.  Never another exception, and never a hand that cannot be written back.

The fuzz suite is ``tests/test_fuzz_*.py`` (with the property tests elsewhere).  In CI
it runs derandomized (``tests/conftest.py``): the same examples every run, a few
seconds.  A longer hunt with fresh examples::

    python -m pytest tests/test_fuzz_*.py tests/history -p no:randomly \\
        --hypothesis-profile=fuzz

runs 2,000 examples per test (about half an hour on two cores) and prints its seed
in the session header (``hypothesis seed: N``).  Replay a failure with
``--hypothesis-seed=N`` (and the same profile); each failure it finds becomes a
regression test.
"""

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant.errors import PokerInputError
from assistant.history import (
    HandError,
    finishing_stacks,
    format_phh,
    load_hands,
    read_phh,
)

REPO = Path(__file__).resolve().parents[1]
FILES = [REPO / "resources" / "hands" / "samples.phhs",
         REPO / "resources" / "hands" / "pokerstars-samples.txt",
         REPO / "tests" / "data" / "pokerstars" / "HandActionTests__AllInHandWithShowdown.txt"]
BYTES = st.sampled_from([b"", b"\x00", b"\xff", b"\xef\xbb\xbf", b"\r\n", b"\r", b"\n\n",
                         b"\xc3", b"\xe2\x82", "é".encode(), b"PokerStars Hand #1: ",
                         b"[1]\n", b"9" * 40, b"-", b"."]) | st.binary(max_size=8)
EDITS = st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 6), BYTES), max_size=6)


def check_file(data: bytes) -> None:
    """Read the bytes as a file: refused whole, or every hand sound or reported."""
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "fuzz.txt"
        path.write_bytes(data)
        try:
            hands = load_hands(path)
        except PokerInputError as error:
            assert str(error)
            return
    for entry in hands.entries:
        if isinstance(entry, HandError):
            assert entry.message
            continue
        finishing_stacks(entry)
        assert read_phh(format_phh([entry])).entries == (entry,)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(FILES), EDITS)
def test_mutated_files_load_soundly_or_are_refused(path: Path,
                                                   edits: list[tuple[int, int, bytes]]) -> None:
    data = path.read_bytes()
    for where, length, insert in edits:
        where %= len(data) + 1
        data = data[:where] + insert + data[where + length:]
    check_file(data)


FIELDS = ["starting_stacks", "finishing_stacks", "antes", "blinds_or_straddles", "min_bet"]
VALUES = (st.sampled_from(["inf", "-inf", "nan", "+nan", "0", "-1", "1e400", "1e-7", "0.5",
                           "9" * 20, "true", "'1'", "[]", "[1, 2]", "1_000", "0x10"])
          | st.decimals(allow_nan=True, allow_infinity=True).map(str)
          | st.integers(-10**20, 10**20).map(str))


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(FIELDS), st.integers(0, 9), VALUES)
def test_a_numeric_field_of_any_value_loads_soundly_or_is_reported(
        field: str, index: int, value: str) -> None:
    text = (REPO / "tests" / "data" / "phh" / "pluribus-30-27.phh").read_text()
    lines = text.split("\n")
    at = next(k for k, line in enumerate(lines) if line.startswith(field + " "))
    old = lines[at].split("=", 1)[1].strip()
    if old.startswith("["):
        items = [item.strip() for item in old.strip("[]").split(",")]
        items[index % len(items)] = value
        lines[at] = f"{field} = [{', '.join(items)}]"
    else:
        lines[at] = f"{field} = {value}"
    check_file("\n".join(lines).encode())


def test_regression_infinite_finishing_stacks_are_reported_not_loaded() -> None:
    # Issue 11.8, as the field fuzz above finds it.
    text = (REPO / "tests" / "data" / "phh" / "pluribus-30-27.phh").read_text()
    start = text.index("finishing_stacks = [") + len("finishing_stacks = [")
    (entry,) = read_phh(text[:start] + "inf, " + text[start:].split(",", 1)[1]).entries
    assert isinstance(entry, HandError)
    assert entry.message.startswith("finishing_stacks holds Decimal('Infinity')")
