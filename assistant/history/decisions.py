"""A recorded hand's betting decisions in order, each with its context, in one pass.

Replay, player statistics and range narrowing all walk a hand forward decision by
decision; :func:`iter_decisions` plays the record once and stops at every betting
action with the numbers the player faced, instead of replaying the hand from the
start at each step.
"""

from collections.abc import Iterator
from dataclasses import dataclass

from assistant.hand import Action, ActionKind, Decision, Hand, Street
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


def iter_decisions(record: HandRecord) -> Iterator[DecisionPoint]:
    """Each betting decision of ``record`` in order, playing the hand once.

    >>> from assistant.history import load_hands
    >>> record = load_hands("resources/hands/samples.phhs").hands[1]
    >>> [(p.street.name, record.names[p.seat], p.action.kind.value, p.raises)
    ...  for p in iter_decisions(record)][:3]
    [('PREFLOP', 'p4', 'raise', 0), ('PREFLOP', 'p5', 'fold', 1), ('PREFLOP', 'p1', 'fold', 1)]
    """
    hand = Hand(record.config)
    street, raises = hand.street, 0
    for index, action in enumerate(record.actions):
        if action.kind in BETTING and action.seat is not None:
            if hand.street != street:
                street, raises = hand.street, 0
            yield DecisionPoint(index, action, hand.decision(action.seat), raises, hand)
            hand.apply(action)
            # An all-in request is logged as the call, bet or raise it amounts to.
            if hand.actions[-1].kind in AGGRESSIVE:
                raises += 1
        else:
            hand.apply(action)
