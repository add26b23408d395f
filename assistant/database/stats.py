"""Player statistics of one hand: each seat's "done" and "chances" counts, made in one
walk over the decisions of the hand as played (:attr:`HandRecord.played`, which the
readers keep: the hand is not played again).

The definitions, with their tricky cases, are in ``docs/hud_stats.md``; this module is
their one implementation.  A seat's counts are a dict of :data:`COUNTERS` (0 or 1 for
the flags, a count of actions for ``aggressive``, ``calls`` and ``folds``); summed over
hands they give every statistic of :data:`STATS` (see :func:`stat_counts`).
"""

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from assistant.errors import PokerInputError
from assistant.hand import VOLUNTARY, ActionKind, Street
from assistant.history.decisions import Decided, played_decisions
from assistant.history.record import HandRecord, finishing_stacks
from assistant.opponents.seats import position_names as acting_order

COUNTERS = (
    "hands",
    "vpip", "vpip_chances",
    "pfr", "pfr_chances",
    "three_bet", "three_bet_chances",
    "fold_to_three_bet", "fold_to_three_bet_chances",
    "steal", "steal_chances",
    "fold_to_steal", "fold_to_steal_chances",
    "flop_cbet", "flop_cbet_chances",
    "turn_cbet", "turn_cbet_chances",
    "fold_to_cbet", "fold_to_cbet_chances",
    "aggressive", "calls", "folds",
    "saw_flop", "showdown", "won_at_showdown", "won_after_flop",
)
"""The integer counts kept per player and position, summed over hands."""

STATS: dict[str, tuple[str, str | tuple[str, ...]]] = {
    "hands": ("hands", "hands"),
    "vpip": ("vpip", "vpip_chances"),
    "pfr": ("pfr", "pfr_chances"),
    "three_bet": ("three_bet", "three_bet_chances"),
    "fold_to_three_bet": ("fold_to_three_bet", "fold_to_three_bet_chances"),
    "steal": ("steal", "steal_chances"),
    "fold_to_steal": ("fold_to_steal", "fold_to_steal_chances"),
    "flop_cbet": ("flop_cbet", "flop_cbet_chances"),
    "turn_cbet": ("turn_cbet", "turn_cbet_chances"),
    "fold_to_cbet": ("fold_to_cbet", "fold_to_cbet_chances"),
    "af": ("aggressive", "calls"),
    "afq": ("aggressive", ("aggressive", "calls", "folds")),
    "wtsd": ("showdown", "saw_flop"),
    "wsd": ("won_at_showdown", "showdown"),
    "wwsf": ("won_after_flop", "saw_flop"),
}
"""Each statistic but ``bb_per_100`` as (done counter, chances counter or the counters
whose sum is the chances)."""

STEAL_POSITIONS = frozenset({"CO", "BTN", "SB"})
BLIND_POSITIONS = frozenset({"SB", "BB"})
_AGGRESSIVE = frozenset({ActionKind.BET, ActionKind.RAISE})
_FOLD, _CALL = ActionKind.FOLD, ActionKind.CALL
_PREFLOP, _FLOP, _TURN, _RIVER = Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER
"""Enum members read once: reading one off its class costs some fifteen times a name."""
_NEW_SEAT = dict.fromkeys(COUNTERS, 0) | {"hands": 1}
"""A seat's counts before its hand is walked (copied for each seat)."""


@functools.cache
def position_names(n_seats: int) -> tuple[str, ...]:
    """Each seat's position, seats in position order (button last, as in a record): the
    names of :func:`assistant.opponents.seats.position_names`, from the small blind on.

    >>> position_names(2), position_names(6)
    (('BB', 'BTN'), ('SB', 'BB', 'UTG', 'HJ', 'CO', 'BTN'))
    >>> position_names(9)[2:6]
    ('UTG', 'UTG+1', 'UTG+2', 'LJ')
    """
    acting = acting_order(n_seats)
    if n_seats == 2:
        return acting[::-1]
    return (*acting[-2:], *acting[:-2])


@dataclass(frozen=True)
class HandCounts:
    """One hand's statistics: by seat (position order), the counts of :data:`COUNTERS`,
    the position, and the chips won (finishing stack less starting stack, before rake);
    ``big_blind`` is the table's big blind in chips; ``all_in`` whether two or more
    players were in at the end, one of them all-in."""

    counts: tuple[dict[str, int], ...]
    positions: tuple[str, ...]
    won: tuple[int, ...]
    big_blind: int
    all_in: bool


def count_hand(record: HandRecord) -> HandCounts:
    """The statistics counts of every seat of a finished hand, walking its decisions
    once.  Raises :class:`~assistant.errors.PokerInputError` if the hand is not over."""
    n = record.config.n_seats
    positions = position_names(n)
    counts = tuple([_NEW_SEAT.copy() for _ in range(n)])
    end = record.played
    folded = _walk(played_decisions(end), positions, counts)
    stacks = finishing_stacks(record)
    if stacks is None:
        raise PokerInputError("the hand is not finished")
    live = [seat for seat in range(n) if seat not in folded]
    if len(end.board) >= 3:  # the flop was seen
        for seat in range(n):
            if folded.get(seat, _RIVER) > _PREFLOP:
                seat_counts = counts[seat]
                won_pot = stacks[seat] > end.stack(seat)
                seat_counts["saw_flop"] = 1
                seat_counts["won_after_flop"] = int(won_pot)
                if seat in live and len(live) > 1:
                    seat_counts["showdown"] = 1
                    seat_counts["won_at_showdown"] = int(won_pot)
    start = record.config.stacks
    won = tuple([stacks[seat] - start[seat] for seat in range(n)])
    all_in = len(live) > 1 and bool(end.all_in_seats())
    return HandCounts(counts, positions, won, record.config.min_bet, all_in)


def _walk(decisions: Iterable[Decided], positions: tuple[str, ...],
          counts: tuple[dict[str, int], ...]) -> dict[int, Street]:
    """Count each decision of a hand, in order, into its seat's ``counts``; returns the
    street on which each seat that folded folded.

    One loop with its state in local names (the walk is made at every import: a call
    and an attribute a decision cost more than the counting)."""
    folded: dict[int, Street] = {}
    street = _PREFLOP
    acted: set[int] = set()
    callers = 0  # preflop calls since the last raise (limps while unopened)
    last_raiser: int | None = None  # the last preflop bettor or raiser
    opener: int | None = None
    opener_waits = False  # the opener has not acted since opening
    steal = False  # the open was a steal
    flop_cbettor: int | None = None
    for _, action, point_street, raises, can_raise in decisions:
        seat, kind = action.seat, action.kind
        assert seat is not None
        seat_counts = counts[seat]
        aggressive = kind in _AGGRESSIVE
        if point_street != street:
            street, acted = point_street, set()
        first = seat not in acted
        acted.add(seat)
        if kind == _FOLD:
            folded[seat] = street
        if street == _PREFLOP:
            seat_counts["vpip_chances"] = 1
            seat_counts["vpip"] |= kind in VOLUNTARY
            seat_counts["pfr_chances"] |= can_raise
            seat_counts["pfr"] |= aggressive
            if raises == 1 and can_raise:
                seat_counts["three_bet_chances"] = 1
                seat_counts["three_bet"] = int(aggressive)
            if seat == opener and opener_waits:
                opener_waits = False
                if raises == 2:
                    seat_counts["fold_to_three_bet_chances"] = 1
                    seat_counts["fold_to_three_bet"] = int(kind == _FOLD)
            unopened = raises == 0 and callers == 0
            position = positions[seat]
            if first and unopened and position in STEAL_POSITIONS:
                seat_counts["steal_chances"] = 1
                seat_counts["steal"] = int(aggressive)
            if (first and steal and raises == 1 and callers == 0
                    and position in BLIND_POSITIONS):
                seat_counts["fold_to_steal_chances"] = 1
                seat_counts["fold_to_steal"] = int(kind == _FOLD)
            if aggressive:
                if raises == 0:
                    opener, opener_waits = seat, True
                    steal = first and unopened and position in STEAL_POSITIONS
                callers = 0
                last_raiser = seat
            elif kind == _CALL:
                callers += 1
            continue
        seat_counts["aggressive"] += aggressive
        seat_counts["calls"] += kind == _CALL
        seat_counts["folds"] += kind == _FOLD
        if street == _FLOP:
            if first and raises == 0 and seat == last_raiser:
                seat_counts["flop_cbet_chances"] = 1
                seat_counts["flop_cbet"] = int(aggressive)
                if aggressive:
                    flop_cbettor = seat
            elif raises == 1 and flop_cbettor is not None and seat != flop_cbettor:
                seat_counts["fold_to_cbet_chances"] = 1
                seat_counts["fold_to_cbet"] = int(kind == _FOLD)
        elif street == _TURN and first and raises == 0 and seat == flop_cbettor:
            seat_counts["turn_cbet_chances"] = 1
            seat_counts["turn_cbet"] = int(aggressive)
    return folded


def stat_counts(sums: Mapping[str, float]) -> dict[str, tuple[float, int]]:
    """Each statistic's (done, chances) from summed counters (``won_bb`` with them).

    ``bb_per_100`` is (big blinds won, hands); its value is ``100 * done / chances``.

    >>> sums = dict.fromkeys(COUNTERS, 0) | {"hands": 4, "aggressive": 3, "calls": 2,
    ...                                      "folds": 1, "won_bb": -2.5}
    >>> counts = stat_counts(sums)
    >>> counts["af"], counts["afq"], counts["bb_per_100"]
    ((3, 2), (3, 6), (-2.5, 4))
    """
    result: dict[str, tuple[float, int]] = {}
    for stat, (done, chances) in STATS.items():
        names = (chances,) if isinstance(chances, str) else chances
        result[stat] = (sums[done], int(sum(sums[name] for name in names)))
    result["bb_per_100"] = (sums["won_bb"], int(sums["hands"]))
    return result


def stat_value(stat: str, done: float, chances: int) -> float | None:
    """A statistic's value from its counts: a fraction (VPIP 0.25 is 25%), AF a ratio,
    ``bb_per_100`` big blinds per 100 hands, ``hands`` the count; ``None`` without
    chances.

    >>> stat_value("vpip", 1, 4), stat_value("bb_per_100", -2.5, 4), stat_value("af", 3, 0)
    (0.25, -62.5, None)
    >>> stat_value("hands", 7, 7)
    7
    """
    if not chances:
        return None
    if stat == "hands":
        return done
    return done / chances * (100 if stat == "bb_per_100" else 1)
