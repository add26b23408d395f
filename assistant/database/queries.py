"""HUD queries: a player's statistics read from the cache, a few summed rows each.

For the opponent model, :func:`player_counts` gives a player's raw (done, chances)
counts, the data a shrinkage estimate needs; :func:`player_stats` adds the values.
"""

import sqlite3
from collections.abc import Sequence

from assistant.database.stats import COUNTERS, stat_counts, stat_value

_SUMS = ", ".join(f"TOTAL({name})" for name in (*COUNTERS, "won_bb"))


def player_counts(connection: sqlite3.Connection, name: str,
                  position: str | None = None) -> dict[str, tuple[float, int]]:
    """A player's (done, chances) for every statistic (``hands``, ``vpip``, ... of
    :data:`~assistant.database.stats.STATS`, and ``bb_per_100``), over all hands or
    the hands played from ``position`` (``BTN``, ``SB``, ...).  ``done`` is a whole
    number except for ``bb_per_100``, where it is the big blinds won.  A player not
    in the database has every count 0."""
    query = ("SELECT " + _SUMS + " FROM player_stats JOIN players ON players.id = player_id"
             " WHERE players.name = ?")
    parameters: tuple[str, ...] = (name,)
    if position is not None:
        query += " AND position = ?"
        parameters += (position,)
    row = connection.execute(query, parameters).fetchone()
    sums = {key: (value if key == "won_bb" else int(value))
            for key, value in zip((*COUNTERS, "won_bb"), row, strict=True)}
    return stat_counts(sums)


def player_stats(connection: sqlite3.Connection, names: Sequence[str],
                 position: str | None = None) -> dict[str, dict[str, dict[str, float | None]]]:
    """Each named player's statistics as ``{"done", "chances", "value"}`` (see
    :func:`~assistant.database.stats.stat_value` for the values)."""
    result: dict[str, dict[str, dict[str, float | None]]] = {}
    for name in names:
        counts = player_counts(connection, name, position)
        result[name] = {stat: {"done": done, "chances": chances,
                               "value": stat_value(stat, done, chances)}
                        for stat, (done, chances) in counts.items()}
    return result


def top_players(connection: sqlite3.Connection, limit: int) -> list[str]:
    """The names of the ``limit`` players with the most hands, most first."""
    rows = connection.execute(
        "SELECT name FROM player_stats JOIN players ON players.id = player_id"
        " GROUP BY player_id ORDER BY SUM(hands) DESC, name LIMIT ?", (limit,))
    return [name for (name,) in rows]

