"""The plain-TOML reader gives exactly the full parser's document, or nothing.

Checked against :mod:`tomllib` (the standard library's parser, independent of the
reader) on every PHH file of the repository, each hand of them alone, hand-made edge
cases and thousands of random edits of those texts: whenever the reader answers, the
document is the same value for value and type for type, and it never answers for a
text the full parser refuses.
"""

import datetime
import random
import tomllib
from decimal import Decimal
from pathlib import Path

import pytest

from assistant.database.sources import split_hands
from assistant.history.toml_subset import read_plain_toml

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted(path for folder in ("resources/hands", "tests/data") for path in
               (ROOT / folder).rglob("*") if path.suffix in (".phh", ".phhs"))


def _same(ours: object, theirs: object) -> bool:
    """Equal, and of the same types all the way down (``True == 1`` is not enough)."""
    if type(ours) is not type(theirs):
        return False
    if isinstance(ours, dict):
        assert isinstance(theirs, dict)
        return list(ours) == list(theirs) and all(_same(ours[k], theirs[k]) for k in ours)
    if isinstance(ours, list):
        assert isinstance(theirs, list)
        return len(ours) == len(theirs) and all(map(_same, ours, theirs))
    if isinstance(ours, Decimal):
        return str(ours) == str(theirs)  # the same digits and exponent
    return ours == theirs


def _check(text: str) -> str:
    """How the reader did on ``text``: ``fast`` (the same document), ``full`` (left to
    the full parser) or ``invalid`` (not TOML, and the reader said nothing)."""
    ours = read_plain_toml(text)
    try:
        theirs = tomllib.loads(text, parse_float=Decimal)
    except (tomllib.TOMLDecodeError, ValueError):
        assert ours is None, text
        return "invalid"
    if ours is None:
        return "full"
    assert _same(ours, theirs), (text, ours, theirs)
    return "fast"


def _texts() -> list[str]:
    texts = []
    for path in FILES:
        text = path.read_text(encoding="utf-8-sig")
        texts.append(text)
        texts.extend(piece.text for piece in split_hands(text))
    return texts


def test_repository_phh_files_read_as_the_full_parser_reads_them() -> None:
    outcomes = [_check(text) for text in _texts()]
    assert len(FILES) > 10
    assert outcomes.count("fast") > len(outcomes) // 2  # the reader does read PHH files


def test_a_generated_hand_reads_plain() -> None:
    text = ('[7]\nvariant = "NT"\nante_trimming_status = true\nantes = [0.00, 0.00]\n'
            "starting_stacks = [233.00, 151]\nactions = [\n  \"d dh p1 5dQh\",\n"
            '  "p1 cbr 4.00",\n]\nplayers = ["a, b", "c ]"]\nhand = 0\ntime = 12:00:00\n')
    assert read_plain_toml(text) == {"7": {
        "variant": "NT", "ante_trimming_status": True,
        "antes": [Decimal("0.00"), Decimal("0.00")],
        "starting_stacks": [Decimal("233.00"), 151],
        "actions": ["d dh p1 5dQh", "p1 cbr 4.00"], "players": ["a, b", "c ]"], "hand": 0,
        "time": datetime.time(12)}}
    assert _check(text) == "fast"


@pytest.mark.parametrize("text", [
    "a = -0", "a = 0.0", "a = -0.50", "a = 23:59:59", "a = 00:00:00", "a=[]", "a = [ ]",
    "a = [1,]", "a = [\n 1,\n 2\n]", "a = [1,\n2,\n]", "a = [\"a,b\", \"c\"]",
    "a = [-1, 0.50, -0]", "a = [1, 1.5, \"s\", true, 12:00:00]", "a = \"\t\"",
    "a = \"é\u2028\"", "a = 'literal'", "a = ['x', 'y\"']", "a = [\"a'\", 'b\"', 1]",
    "1 = 2", "a-b_c = 3", "  a = 1  \n\n \t\n", "[ a ]\nb=1",
    "[a]\nb=1\n[b]\nb=2", "[1]\n[2]\n[3]", "\n\n", "",
])
def test_plain_text_is_read_fast(text: str) -> None:
    assert _check(text) == "fast"


@pytest.mark.parametrize("text", [
    "a = 1 # a comment", "a = 1e3", "a = +1", "a = 1_000", "a = inf", "a = 12:00:00.5",
    "a = 2026-01-01", "a = \"\\u00e9\"", "a = \"\"\"x\"\"\"", "a = {b = 1}", "a = [[1]]",
    "\"a\" = 1", "a.b = 1", "[[a]]", "a = \"x\"\r\n", "a = [\r\n \"x\",\r\n]\r\n",
])
def test_other_text_is_left_to_the_full_parser(text: str) -> None:
    assert _check(text) == "full"


@pytest.mark.parametrize("text", [
    "a = 24:00:00", "a = 09:60:00", "a = 1.", "a = .5", "a = 01", "a = -01.5", "a = [,]",
    "a = [1 2]", "a = [1,2]]", "a=1\na=2", "[a]\n[a]", "a=1\n[a]", "a = truex", "a = 1.5.5",
    "a=1,", "a =\n1", "a = 1\nb", "a = 1\r", "a = -", "a=[1]b=2", "a = \"x",
    "a = 1\u0661", "a = 1.\u0661", "a = ['x\ny']",
])
def test_invalid_text_is_never_read(text: str) -> None:
    assert _check(text) == "invalid"


def test_random_edits_read_as_the_full_parser_reads_them() -> None:
    rng = random.Random(15)
    texts = [text for text in _texts() if len(text) < 3000]
    pieces = [*'[]="\',.#\n\r\t -_0123456789aeftxE:+\\{}', "\x00", "\x7f", "é", "true", "1.5",
              "12:00:00", "\r\n"]
    outcomes = set()
    for _ in range(3000):
        text = rng.choice(texts)
        for _ in range(rng.randint(1, 3)):
            at = rng.randrange(len(text) + 1)
            edit = rng.random()
            if edit < 0.4:
                text = text[:at] + rng.choice(pieces) + text[at:]
            elif edit < 0.8:
                text = text[:at] + text[at + rng.randint(1, 3):]
            else:
                text = text[:at] + rng.choice(pieces) + text[at + 1:]
        outcomes.add(_check(text))
    assert outcomes == {"fast", "full", "invalid"}


def test_a_value_read_again_is_a_new_list_of_the_same_values() -> None:
    # The values of a recurring text are read once and kept: each document still gets
    # its own lists, so a change to one document's list leaves the next reading alone.
    text = ("antes = [0.00, 1]\nmixed = [1, 'a', true, 12:00:00]\nnames = ['a', 'b']\n"
            'min_bet = 1.00\nactions = ["p1 cc"]\n')
    first = read_plain_toml(text)
    assert first is not None
    for key in ("antes", "mixed", "names", "actions"):
        value = first[key]
        assert isinstance(value, list)
        value.append("changed")
    second = read_plain_toml(text)
    assert second is not None and _same(second, tomllib.loads(text, parse_float=Decimal))
    assert all(second[key] is not first[key] for key in ("antes", "mixed", "names"))
