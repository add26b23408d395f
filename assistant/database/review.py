"""Leak review: the advice at every decision of one player over the database, and the
spots where it gave up the most growth, grouped by position, street and action.

Each hand is rebuilt from its stored source text and replayed with
:class:`assistant.history.replay.Replay` (the advice from the player's own cards); the
hands are shared among worker processes.  A decision without advice (the player's
cards unknown) is counted but gives up nothing.
"""

import sqlite3
import zlib
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from assistant.errors import PokerInputError
from assistant.hand import Street
from assistant.history import read_hands
from assistant.history.replay import Replay


@dataclass(frozen=True)
class ReviewedDecision:
    """One decision of the player: where it is (file and first line of the hand), the
    position, street and action taken, the advised action (``None`` without advice),
    and the growth given up in nats."""

    file: str
    line: int
    position: str
    street: str
    taken: str
    advised: str | None
    given_up: float


@dataclass(frozen=True)
class Spot:
    """Decisions of one position, street and action taken: how many, how many had
    advice, and the growth they gave up together (nats)."""

    position: str
    street: str
    taken: str
    decisions: int
    advised: int
    given_up: float


_Job = tuple[str, int, str, int, bytes]  # file, line, position, seat, compressed source


def player_hands(connection: sqlite3.Connection, name: str,
                 limit: int | None = None) -> list[_Job]:
    """The player's hands to review, oldest first (at most ``limit``)."""
    row = connection.execute("SELECT id FROM players WHERE name = ?", (name,)).fetchone()
    if row is None:
        raise PokerInputError(f"no player {name!r} in the database")
    return connection.execute(
        "SELECT files.path, hands.line, hand_players.position, hand_players.seat, hands.source"
        " FROM hand_players JOIN hands ON hands.id = hand_players.hand_id"
        " JOIN files ON files.id = hands.file_id WHERE hand_players.player_id = ?"
        " ORDER BY hands.played_at, hands.id LIMIT ?", (row[0], -1 if limit is None else limit)
    ).fetchall()


def review_hand(job: _Job) -> list[ReviewedDecision]:
    """Every decision of the player in one stored hand, with the advice."""
    path, line, position, seat, source = job
    (record,) = read_hands(zlib.decompress(source).decode(), path).hands
    summary = Replay(record, seat).summary()
    return [ReviewedDecision(
        path, line, position, Street(review.decision.street).name.lower(), review.taken,
        None if review.advice is None else review.advice.choice.kind,
        review.growth_given_up or 0.0) for review in summary.reviews]


def review_player(connection: sqlite3.Connection, name: str, workers: int = 1,
                  limit: int | None = None,
                  progress: Callable[[int, int], None] | None = None
                  ) -> list[ReviewedDecision]:
    """Every decision of the player over its hands (at most ``limit`` hands), reviewed
    in ``workers`` processes; ``progress(hands done, hands)`` after each hand."""
    jobs = player_hands(connection, name, limit)
    if workers <= 1:
        return _collect(map(review_hand, jobs), len(jobs), progress)
    with ProcessPoolExecutor(workers) as pool:
        chunk = max(1, len(jobs) // (8 * workers))
        return _collect(pool.map(review_hand, jobs, chunksize=chunk), len(jobs), progress)


def _collect(results: Iterable[list[ReviewedDecision]], total: int,
             progress: Callable[[int, int], None] | None) -> list[ReviewedDecision]:
    reviewed: list[ReviewedDecision] = []
    for done, decisions in enumerate(results, 1):
        reviewed.extend(decisions)
        if progress is not None:
            progress(done, total)
    return reviewed


def worst_spots(decisions: Sequence[ReviewedDecision]) -> list[Spot]:
    """The decisions grouped by position, street and action taken, the most growth
    given up first.

    >>> spots = worst_spots([ReviewedDecision("f", 1, "BB", "flop", "call", "fold", 0.5),
    ...                      ReviewedDecision("f", 9, "BB", "flop", "call", None, 0.0),
    ...                      ReviewedDecision("f", 5, "SB", "preflop", "fold", "fold", 0.0)])
    >>> [(s.position, s.street, s.taken, s.decisions, s.advised, s.given_up) for s in spots]
    [('BB', 'flop', 'call', 2, 1, 0.5), ('SB', 'preflop', 'fold', 1, 1, 0.0)]
    """
    groups: dict[tuple[str, str, str], list[ReviewedDecision]] = {}
    for decision in decisions:
        groups.setdefault((decision.position, decision.street, decision.taken),
                          []).append(decision)
    spots = [Spot(position, street, taken, len(group),
                  sum(decision.advised is not None for decision in group),
                  sum(decision.given_up for decision in group))
             for (position, street, taken), group in groups.items()]
    return sorted(spots, key=lambda spot: -spot.given_up)
