"""Positions at a table of 2 to 10 players, and how wide each seat enters the pot.

Positions are named in preflop acting order: the seat before the button is ``CO``, the
one before it ``HJ``; at six players and more the first seat is ``UTG``, and the seats
between are ``UTG+1``, ``UTG+2``, ... and then ``LJ`` (before ``HJ``); then ``BTN``,
``SB`` and ``BB``.  Heads-up the button posts the
small blind and is named ``BTN``.

The reference first-in share of a seat follows the no-bluff break-even rule of the
*Hold'em Killer* method (seed 001 in ``shared/design/opponent_model.md`` §2.1): risking 1
to win the 1.5 blinds, a hand must beat all ``n`` players behind with probability 2/5,
so ``x_ref(n) = 1 - 0.4**(1/n)``.  At six players that opens 16.7 % under the gun and
36.8 % on the button; a third-party tally of Pluribus's hands has it opening 18.6 % from
the first six-max seat.  A player of looseness λ enters with ``1 - (1 - x_ref)**λ``.
"""

import functools
from typing import TYPE_CHECKING

from assistant.bisection import increasing_root
from assistant.errors import PokerInputError

if TYPE_CHECKING:
    import numpy as np

MIN_PLAYERS, MAX_PLAYERS = 2, 10
ACTIONS = ("open", "limp", "call", "3bet", "call-3bet", "4bet")
"""The preflop actions a prior range exists for (:mod:`assistant.opponents.priors`)."""
RAISES = ("open", "3bet", "4bet")
"""Those of :data:`ACTIONS` that are raises."""
SIX_MAX_SEATS = ("UTG", "HJ", "CO", "BTN", "SB", "BB")
BREAK_EVEN = 0.4
"""The chance an opening hand must have of beating everyone behind (1 / (1 + 1.5))."""
BLIND_DEFENCE = {"SB": 0.15, "BB": 0.40}
"""The reference share of hands a blind continues with against one open raise of 2.5 big
blinds (calls and 3-bets), at looseness 1 (gk: a regular defends the big blind about 35-40 %
of the time against a steal, and much wider heads-up)."""
HEADS_UP_DEFENCE = 0.65
"""The big blind's reference defence heads-up, where the button opens most hands."""


@functools.cache
def position_names(players: int) -> tuple[str, ...]:
    """The positions of a table of ``players``, in preflop acting order (kept).

    >>> position_names(6)
    ('UTG', 'HJ', 'CO', 'BTN', 'SB', 'BB')
    >>> position_names(9)
    ('UTG', 'UTG+1', 'UTG+2', 'LJ', 'HJ', 'CO', 'BTN', 'SB', 'BB')
    >>> position_names(2)
    ('BTN', 'BB')
    """
    check_players(players)
    if players == 2:
        return ("BTN", "BB")
    early = players - 3
    if early <= 2:
        head: list[str] = []
        tail: tuple[str, ...] = ("HJ", "CO")[2 - early:]
    else:
        tail = ("LJ", "HJ", "CO")[max(0, 4 - early):]
        head = ["UTG"] + [f"UTG+{i}" for i in range(1, early - len(tail))]
    return (*head, *tail, "BTN", "SB", "BB")


def check_players(players: int) -> int:
    """``players`` if it is a table size the model knows (2 to 10)."""
    if isinstance(players, bool) or not isinstance(players, int) or not (
            MIN_PLAYERS <= players <= MAX_PLAYERS):
        raise PokerInputError(f"players {players!r} must be a whole number from"
                              f" {MIN_PLAYERS} to {MAX_PLAYERS}")
    return players


def position_of(name: str, players: int) -> int:
    """The acting-order index of a position name at a table of ``players``.

    >>> position_of("btn", 6), position_of("UTG", 9)
    (3, 0)
    """
    names = position_names(players)
    key = name.strip().upper() if isinstance(name, str) else name
    if key not in names:
        raise PokerInputError(f"unknown position {name!r} at {players} players: choose one"
                              f" of {', '.join(names)}")
    return names.index(key)


def players_behind(position: int, players: int) -> int:
    """How many players act after ``position`` preflop (the big blind acts last).

    >>> players_behind(0, 6), players_behind(3, 6), players_behind(0, 2)
    (5, 2, 1)
    """
    return players - 1 - position


def reference_share(position: int, players: int) -> float:
    """The first-in share ``x_ref`` of a seat (the big blind: its defence share).

    >>> round(reference_share(0, 6), 3), round(reference_share(3, 6), 3)
    (0.167, 0.368)
    """
    behind = players_behind(position, players)
    if behind == 0:
        return BLIND_DEFENCE["BB"]
    return 1.0 - BREAK_EVEN ** (1.0 / behind)


def entry_share(position: int, players: int, looseness: float) -> float:
    """The share of hands a player of ``looseness`` enters with first in from a seat
    (:func:`assistant.opponents.seat_kernels.entry`).

    >>> round(entry_share(0, 6, 0.5), 3), round(entry_share(3, 6, 1.5), 3)
    (0.088, 0.497)
    """
    from assistant.opponents import seat_kernels  # numba: off the window's imports

    return seat_kernels.entry(1.0 - reference_share(position, players), float(looseness))


def looseness_for_vpip(vpip: float, players: int = 6) -> float:
    """The looseness whose mean first-in share over the seats of a table is ``vpip``
    (bisection; the mean share rises with looseness; each mean a kernel's,
    :func:`assistant.opponents.seat_kernels.mean_entry`).

    >>> round(looseness_for_vpip(0.3), 3) > round(looseness_for_vpip(0.2), 3)
    True
    """
    from assistant.opponents.seat_kernels import mean_entry  # numba: off the window's imports

    rests = _rests(players)
    return increasing_root(lambda looseness: mean_entry(rests, looseness), vpip, 0.01, 10.0)


@functools.cache
def _rests(players: int) -> "np.ndarray":
    """Each seat's ``1 - x_ref`` at a table of ``players`` (kept, read-only): an array, so
    that one compiled :func:`~assistant.opponents.seat_kernels.mean_entry` serves every
    table size (a tuple's length is part of a kernel's signature)."""
    import numpy as np  # off the light commands' imports, as the kernels are

    rests = np.array([1.0 - reference_share(p, players) for p in range(players)])
    rests.flags.writeable = False
    return rests
