"""How the window writes amounts: a ``Money`` function turns chips into text in the
hand's unit (whole chips at the live table, the file's currency in a replay)."""

from collections.abc import Callable

Money = Callable[[float], str]


def whole(chips: float) -> str:
    """Chips as a whole number with thousands separators (the live table's unit).

    >>> whole(1234.4)
    '1,234'
    """
    return f"{chips:,.0f}"
