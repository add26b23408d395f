"""The data of a player's graphs, and the graphs drawn to a PNG file.

* Won over hands: the running total in big blinds, hand by hand in the order played.
* Per session: a session is a run of hands with no gap of more than
  :data:`SESSION_GAP` seconds between two hands; hands without a time are left out.
* By position: hands and big blinds won from each position.

All amounts are before rake.  Beside the won line, the all-in-adjusted one counts
each hand's expected result at an all-in (:mod:`assistant.database.allin`).
"""

import io
import os
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from assistant.atomic_file import write_atomically
from assistant.errors import PokerInputError
from assistant.opponents.seats import MAX_PLAYERS, position_names

if TYPE_CHECKING:
    from matplotlib.figure import Figure

SESSION_GAP = 30 * 60
"""Seconds idle after which the next hand starts a new session."""


@dataclass(frozen=True)
class HandResult:
    """One hand of a player: when (seconds, or ``None``), from where, big blinds won,
    and big blinds due by the all-in-adjusted expectation (the same without an all-in)."""

    played_at: int | None
    position: str
    won_bb: float
    expected_bb: float


@dataclass(frozen=True)
class Session:
    """A session: its first and last hand's times, its hands and big blinds won."""

    start: int
    end: int
    hands: int
    won_bb: float


def player_results(connection: sqlite3.Connection, name: str) -> list[HandResult]:
    """A player's hands in the order played (hands without a time first, in import
    order).  Raises :class:`PokerInputError` for a player not in the database."""
    row = connection.execute("SELECT id FROM players WHERE name = ?", (name,)).fetchone()
    if row is None:
        raise PokerInputError(f"no player {name!r} in the database")
    rows = connection.execute(
        "SELECT hands.played_at, hand_players.position,"
        " CAST(hand_players.won AS REAL) / hands.big_blind,"
        " COALESCE(hand_players.expected, hand_players.won) / hands.big_blind"
        " FROM hand_players JOIN hands ON hands.id = hand_players.hand_id"
        " WHERE hand_players.player_id = ? ORDER BY hands.played_at, hands.id", (row[0],))
    return [HandResult(*values) for values in rows]


def won_curve(results: Sequence[HandResult], expected: bool = False) -> np.ndarray:
    """Big blinds won after each hand (or due, with ``expected``), a float64 array of
    ``len(results)``.

    >>> results = [HandResult(None, "BB", -1.0, -1.0), HandResult(None, "SB", 2.5, 0.5)]
    >>> won_curve(results).tolist(), won_curve(results, expected=True).tolist()
    ([-1.0, 1.5], [-1.0, -0.5])
    """
    return np.cumsum(np.array([result.expected_bb if expected else result.won_bb
                               for result in results], dtype=np.float64))


def sessions(results: Sequence[HandResult], gap: int = SESSION_GAP) -> list[Session]:
    """The sessions of hands with a time, in order.

    >>> [(s.hands, s.won_bb) for s in sessions([HandResult(0, "BB", 1.0, 1.0),
    ...     HandResult(1800, "SB", 2.0, 2.0), HandResult(3601, "BTN", -4.0, -4.0)])]
    [(2, 3.0), (1, -4.0)]
    """
    found: list[Session] = []
    for result in results:
        when = result.played_at
        if when is None:
            continue
        if found and when - found[-1].end <= gap:
            last = found[-1]
            found[-1] = Session(last.start, when, last.hands + 1, last.won_bb + result.won_bb)
        else:
            found.append(Session(when, when, 1, result.won_bb))
    return found


def by_position(results: Sequence[HandResult]) -> dict[str, tuple[int, float]]:
    """Hands and big blinds won from each position.

    >>> by_position([HandResult(None, "BB", -1.0, 0.0), HandResult(None, "BB", 3.0, 0.0)])
    {'BB': (2, 2.0)}
    """
    totals: dict[str, tuple[int, float]] = {}
    for result in results:
        hands, won = totals.get(result.position, (0, 0.0))
        totals[result.position] = (hands + 1, won + result.won_bb)
    return totals


def draw_graphs(figure: "Figure", name: str, results: Sequence[HandResult]) -> None:
    """Draw the three graphs of a player's results on ``figure`` (cleared first), one
    above the other: the window shows it on its canvas, :func:`save_graphs` in a PNG."""
    figure.clear()
    won, per_session, positions = figure.subplots(3, 1)
    curve = won_curve(results)
    hands = np.arange(1, len(curve) + 1)
    won.plot(hands, curve, color="tab:blue", label="won")
    won.plot(hands, won_curve(results, expected=True), color="tab:red", linewidth=0.8,
             label="all-in adjusted")
    won.legend()
    won.set(title=f"{name}: won over hands", xlabel="hands", ylabel="big blinds")
    won.axhline(0, color="grey", linewidth=0.5)
    found = sessions(results)
    per_session.bar(np.arange(1, len(found) + 1), [s.won_bb for s in found], color="tab:green")
    if not found:
        per_session.text(0.5, 0.5, "no hand says when it was played", ha="center",
                         transform=per_session.transAxes)
    per_session.set(title=f"per session ({SESSION_GAP // 60} idle minutes start a new one)",
                    xlabel="session", ylabel="big blinds")
    totals = by_position(results)
    labels = sorted(totals, key=_position_order)
    positions.bar(labels, [100 * totals[p][1] / totals[p][0] for p in labels],
                  color="tab:orange")
    positions.set(title="by position", ylabel="big blinds per 100 hands")


def save_graphs(name: str, results: Sequence[HandResult], path: str | os.PathLike[str]) -> None:
    """Draw the three graphs of a player's results to a PNG file, written atomically."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    if not results:
        raise PokerInputError(f"{name!r} has no hands to draw")
    figure = Figure(figsize=(8, 10), layout="constrained")
    FigureCanvasAgg(figure)
    draw_graphs(figure, name, results)
    image = io.BytesIO()
    figure.savefig(image, format="png")
    try:
        write_atomically(Path(path), image.getvalue())
    except OSError as error:
        raise PokerInputError(f"cannot write {str(path)!r}: {error.strerror}") from None


_ORDER = position_names(MAX_PLAYERS)
"""Every position name, in acting order."""


def _position_order(position: str) -> int:
    return _ORDER.index(position) if position in _ORDER else len(_ORDER)
