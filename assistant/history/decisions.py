"""A recorded hand's betting decisions in order, each with its context, in one pass.

Replay, player statistics and range narrowing all walk a hand forward decision by
decision.  :func:`played_decisions` reads them off a hand already played (its log,
and what :meth:`~assistant.hand.Hand.could_raise` kept); :func:`iter_decisions`
plays the record once and stops at every betting action with the full numbers the
player faced, instead of replaying the hand from the start at each step.  Both count
the bets and raises of a street by :class:`_StreetCount`.
"""

from collections.abc import Iterator
from dataclasses import dataclass

from assistant.hand import FORCED, Action, ActionKind, Decision, Hand, Street
from assistant.history.record import HandRecord

BETTING = frozenset({ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET,
                     ActionKind.RAISE, ActionKind.ALL_IN})
"""The kinds of log entry that are a player's decision."""
AGGRESSIVE = frozenset({ActionKind.BET, ActionKind.RAISE})


@dataclass(frozen=True)
class DecisionPoint:
    """One betting decision of a recorded hand.

    ``index`` is the action's place in ``record.actions``; ``decision`` holds the
    numbers the player faced (pot, amount to call, stacks, board) before ``action``.
    ``raises`` counts the bets and raises already made on this street (blinds and
    straddles not counted), so preflop 0 is an unopened pot, 1 an open raise faced and
    2 a 3-bet faced.  ``hand`` is the state before the action: it is the iterator's own
    object, valid until the iterator moves on, and must not be changed.
    """

    index: int
    action: Action
    decision: Decision
    raises: int
    hand: Hand

    @property
    def street(self) -> Street:
        """The street of the decision."""
        return self.decision.street

    @property
    def seat(self) -> int:
        """The seat that decides."""
        return self.decision.seat


@dataclass(frozen=True)
class Decided:
    """One betting action of a played hand, with what its player faced.

    ``index`` is the action's place in the log after the forced posts (in
    ``record.actions`` for a hand played from a record); ``action`` is as logged (an
    all-in request is the call, bet or raise it amounted to).  ``raises`` counts as in
    :class:`DecisionPoint`; ``could_raise`` says whether the player could have bet or
    raised instead.
    """

    index: int
    action: Action
    street: Street
    raises: int
    could_raise: bool

    @property
    def seat(self) -> int:
        """The seat that decided."""
        assert self.action.seat is not None
        return self.action.seat


class _StreetCount:
    """The street and the bets and raises made on it so far, fed the log's entries."""

    def __init__(self) -> None:
        self.street = Street.PREFLOP
        self.raises = 0

    def see(self, logged: Action) -> None:
        """Count one entry of the log (as logged: never an all-in request)."""
        if logged.kind == ActionKind.BOARD:
            self.street, self.raises = Street(self.street + 1), 0
        elif logged.kind in AGGRESSIVE:
            self.raises += 1


def played_decisions(hand: Hand) -> Iterator[Decided]:
    """Each betting action of a played hand in order, read off its log.

    >>> from assistant.history import load_hands
    >>> record = load_hands("resources/hands/samples.phhs").hands[1]
    >>> [(d.street.name, record.names[d.seat], d.action.kind.value, d.raises, d.could_raise)
    ...  for d in played_decisions(record.played)][:3]
    [('PREFLOP', 'p4', 'raise', 0, True), ('PREFLOP', 'p5', 'fold', 1, True), \
('PREFLOP', 'p1', 'fold', 1, True)]
    """
    count = _StreetCount()
    index = 0
    for entry, action in enumerate(hand.actions):
        if action.kind in FORCED:
            continue
        if action.kind in BETTING:
            yield Decided(index, action, count.street, count.raises, hand.could_raise(entry))
        count.see(action)
        index += 1


def iter_decisions(record: HandRecord) -> Iterator[DecisionPoint]:
    """Each betting decision of ``record`` in order, playing the hand once.

    >>> from assistant.history import load_hands
    >>> record = load_hands("resources/hands/samples.phhs").hands[1]
    >>> [(p.street.name, record.names[p.seat], p.action.kind.value, p.raises)
    ...  for p in iter_decisions(record)][:3]
    [('PREFLOP', 'p4', 'raise', 0), ('PREFLOP', 'p5', 'fold', 1), ('PREFLOP', 'p1', 'fold', 1)]
    """
    hand = Hand(record.config)
    count = _StreetCount()
    for index, action in enumerate(record.actions):
        if action.kind in BETTING and action.seat is not None:
            yield DecisionPoint(index, action, hand.decision(action.seat), count.raises, hand)
        hand.apply(action)
        count.see(hand.actions[-1])
