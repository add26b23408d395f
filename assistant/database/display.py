"""How statistics are written for people: the columns of ``db stats`` and the
compact line of a HUD beside a seat.  One place, for the CLI and the window."""

from collections.abc import Mapping

from assistant.database.stats import stat_value

COLUMNS = (("hands", "hands"), ("vpip", "VPIP"), ("pfr", "PFR"), ("three_bet", "3B"),
           ("fold_to_three_bet", "F3B"), ("steal", "STL"), ("fold_to_steal", "FST"),
           ("flop_cbet", "CB"), ("turn_cbet", "CBT"), ("fold_to_cbet", "FCB"), ("af", "AF"),
           ("afq", "AFq"), ("wtsd", "WTSD"), ("wsd", "W$SD"), ("wwsf", "WWSF"),
           ("bb_per_100", "bb/100"))
"""The statistics of the text table, with their headings."""

HUD_COLUMNS = (("vpip", "VPIP"), ("pfr", "PFR"), ("three_bet", "3B"), ("af", "AF"),
               ("wtsd", "WTSD"), ("wsd", "W$SD"), ("bb_per_100", "bb/100"))
"""The statistics of the HUD line, with their headings."""


def format_value(stat: str, value: float | None) -> str:
    """A statistic as the text table shows it: percentages for frequencies.

    >>> format_value("vpip", 0.254), format_value("af", 2.5), format_value("wtsd", None)
    ('25', '2.5', '-')
    >>> format_value("hands", 12.0), format_value("bb_per_100", -3.25)
    ('12', '-3.2')
    """
    if value is None:
        return "-"
    if stat == "hands":
        return f"{value:.0f}"
    if stat in ("af", "bb_per_100"):
        return f"{value:.1f}"
    return f"{100 * value:.0f}"


def hud_line(counts: Mapping[str, tuple[float, int]]) -> str:
    """A player's HUD in one line from its (done, chances) counts
    (:func:`~assistant.database.queries.player_counts`): the sample first.

    >>> from assistant.database.stats import COUNTERS, stat_counts
    >>> sums = dict.fromkeys(COUNTERS, 0) | {"hands": 8, "vpip": 2, "vpip_chances": 8,
    ...                                      "aggressive": 3, "calls": 2, "won_bb": 4.0}
    >>> hud_line(stat_counts(sums))
    '8 hands · VPIP 25 · PFR - · 3B - · AF 1.5 · WTSD - · W$SD - · bb/100 50.0'
    >>> hud_line(stat_counts(dict.fromkeys(COUNTERS, 0) | {"won_bb": 0.0}))
    'no hands'
    """
    hands = int(counts["hands"][0])
    if not hands:
        return "no hands"
    cells = [f"{heading} {format_value(stat, stat_value(stat, *counts[stat]))}"
             for stat, heading in HUD_COLUMNS]
    return " · ".join([f"{hands:,} hand{'s' * (hands != 1)}", *cells])
