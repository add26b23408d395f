"""The TOML writer: whatever tomllib reads, it writes back equal."""

import datetime
import math
import tomllib
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.errors import PokerInputError
from assistant.history.toml_text import format_table, format_value

KEYS = st.text(min_size=1, max_size=8)
SCALARS = (
    st.booleans()
    | st.integers(-(2**63), 2**63 - 1)
    | st.floats(allow_nan=False)
    | st.text(st.characters(exclude_categories=["Cs"]), max_size=20)
    | st.dates()
    | st.times()
    | st.datetimes()
    | st.datetimes(timezones=st.just(datetime.UTC))
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(KEYS, inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(KEYS, VALUES, max_size=6))
def test_tomllib_reads_back_what_is_written(table: dict[str, object]) -> None:
    assert tomllib.loads(format_table(table)) == table


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (Decimal("0.50"), "0.50"),
        (math.inf, "inf"),
        (-math.inf, "-inf"),
        ("tab\there \x7f", '"tab\\there \\u007F"'),
        ([["nested"], []], '[["nested"], []]'),
    ],
)
def test_values_are_written_as_toml(value: object, text: str) -> None:
    assert format_value(value) == text


def test_nan_is_written_and_read_as_nan() -> None:
    assert math.isnan(tomllib.loads(format_table({"x": math.nan}))["x"])


def test_long_arrays_take_a_line_per_item_except_inside_inline_tables() -> None:
    actions = [f"p{i % 9 + 1} cbr {1000 * i}" for i in range(12)]
    text = format_table({"actions": actions, "t": {"a": actions}})
    assert text.startswith('actions = [\n  "p1 cbr 0",\n')
    assert text.splitlines()[-1].startswith('t = {a = ["p1 cbr 0", ')
    assert tomllib.loads(text) == {"actions": actions, "t": {"a": actions}}


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("\ud800", "lone surrogate"),
        (Decimal("NaN"), "is not a finite amount"),
        (object(), "cannot be written as TOML"),
    ],
)
def test_values_toml_cannot_hold_are_refused(value: object, message: str) -> None:
    with pytest.raises(PokerInputError, match=message):
        format_value(value)
