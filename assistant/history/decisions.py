"""A recorded hand's betting decisions in order, each with its context, in one pass.

The player statistics walk a hand forward decision by decision:
:func:`played_decisions` reads them off a hand already played (its log, and what
:meth:`~assistant.hand.Hand.could_raise` kept), instead of replaying the hand from the
start at each step.
"""

from collections.abc import Iterator
from typing import NamedTuple

from assistant.hand import FORCED, STREETS, Action, ActionKind, Hand, Street

BETTING = frozenset({ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET,
                     ActionKind.RAISE, ActionKind.ALL_IN})
"""The kinds of log entry that are a player's decision."""
AGGRESSIVE = frozenset({ActionKind.BET, ActionKind.RAISE})
_BOARD, _PREFLOP = ActionKind.BOARD, Street.PREFLOP  # read once: off their class is slow


class Decided(NamedTuple):
    """One betting action of a played hand, with what its player faced.

    ``place`` is the action's place in the log after the forced posts (in
    ``record.actions`` for a hand played from a record); ``action`` is as logged (an
    all-in request is the call, bet or raise it amounted to).  ``raises`` counts the bets
    and raises already made on this street (blinds and straddles not counted), so
    preflop 0 is an unopened pot, 1 an open raise faced and 2 a 3-bet faced;
    ``could_raise`` says whether the player could have bet or raised instead.  (A named
    tuple: a hand's dozen are made at every import, and a tuple is made fastest.)
    """

    place: int
    action: Action
    street: Street
    raises: int
    could_raise: bool

    @property
    def seat(self) -> int:
        """The seat that decided."""
        assert self.action.seat is not None
        return self.action.seat


_new = tuple.__new__  # a Decided from its fields at once: its own __new__ is a Python call


def played_decisions(hand: Hand) -> Iterator[Decided]:
    """Each betting action of a played hand in order, read off its log.

    >>> from assistant.history import load_hands
    >>> record = load_hands("resources/hands/samples.phhs").hands[1]
    >>> [(d.street.name, record.names[d.seat], d.action.kind.value, d.raises, d.could_raise)
    ...  for d in played_decisions(record.played)][:3]
    [('PREFLOP', 'p4', 'raise', 0, True), ('PREFLOP', 'p5', 'fold', 1, True), \
('PREFLOP', 'p1', 'fold', 1, True)]
    """
    street, raises, place = _PREFLOP, 0, 0
    could_raise = hand.could_raise
    for entry, action in enumerate(hand.actions):
        kind = action.kind
        if kind in FORCED:
            continue
        if kind in BETTING:
            yield _new(Decided, (place, action, street, raises, could_raise(entry)))
        if kind == _BOARD:  # as logged: never an all-in request
            street, raises = STREETS[street + 1], 0
        elif kind in AGGRESSIVE:
            raises += 1
        place += 1
