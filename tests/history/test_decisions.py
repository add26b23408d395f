"""The decisions read off a played hand against replaying each hand from the start."""

import pytest

from assistant.hand import ActionKind
from assistant.history import load_hands
from assistant.history.decisions import played_decisions
from assistant.history.record import play
from tests.history.support import random_record

SAMPLES = ["resources/hands/samples.phhs", "resources/hands/pokerstars-samples.txt", "random"]
BETTING = {ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET,
           ActionKind.RAISE, ActionKind.ALL_IN}


def _records(path):
    if path == "random":
        return [random_record(seed) for seed in range(40)]
    return load_hands(path).hands


def _street_raises(hand) -> int:
    """The bets and raises on the hand's street so far, counted from its log."""
    kinds = []
    for action in hand.actions:
        if action.kind == ActionKind.BOARD:
            kinds = []
        kinds.append(action.kind)
    return sum(kind in (ActionKind.BET, ActionKind.RAISE) for kind in kinds)


@pytest.mark.parametrize("path", SAMPLES)
def test_each_decision_matches_the_hand_replayed_from_the_start(path: str) -> None:
    for record in _records(path):
        decided = list(played_decisions(play(record)))
        betting = [i for i, a in enumerate(record.actions) if a.kind in BETTING]
        assert [d.place for d in decided] == betting
        for one in decided:
            before = play(record, one.place)
            faced = before.decision(one.seat)
            assert (one.seat, one.street) == (faced.seat, faced.street)
            assert one.raises == _street_raises(before)
            assert one.could_raise == (faced.min_raise is not None)
            # As logged: an all-in request is the call, bet or raise it amounted to.
            assert one.action == play(record, one.place + 1).actions[-1]
