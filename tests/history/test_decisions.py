"""The decision iterator against replaying each hand from the start."""

import pytest

from assistant.hand import ActionKind
from assistant.history import load_hands
from assistant.history.decisions import iter_decisions, played_decisions
from assistant.history.record import play
from tests.history.support import random_record

SAMPLES = ["resources/hands/samples.phhs", "resources/hands/pokerstars-samples.txt", "random"]


def _records(path):
    if path == "random":
        return [random_record(seed) for seed in range(40)]
    return load_hands(path).hands


@pytest.mark.parametrize("path", SAMPLES)
def test_each_decision_matches_the_hand_replayed_from_the_start(path):
    for record in _records(path):
        points = list(iter_decisions(record))
        betting = [i for i, a in enumerate(record.actions) if a.kind in {
            ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET,
            ActionKind.RAISE, ActionKind.ALL_IN}]
        assert [p.index for p in points] == betting
        for point in points:
            replayed = play(record, point.index)
            assert point.decision == replayed.decision(point.seat)
            assert point.action == record.actions[point.index]


def test_raises_count_the_bets_and_raises_made_earlier_on_the_street():
    record = _records("resources/hands/samples.phhs")[1]
    seen = []
    for point in iter_decisions(record):
        street_actions = []
        hand = play(record, point.index)
        for action in hand.actions:
            if action.kind == ActionKind.BOARD:
                street_actions = []
            street_actions.append(action.kind)
        expected = sum(kind in (ActionKind.BET, ActionKind.RAISE) for kind in street_actions)
        seen.append(point.raises == expected)
    assert seen and all(seen)


@pytest.mark.parametrize("path", SAMPLES)
def test_a_played_hand_gives_the_same_decisions_with_what_each_player_could_do(path: str) -> None:
    for record in _records(path):
        points = list(iter_decisions(record))
        decided = list(played_decisions(play(record)))
        assert [d.index for d in decided] == [p.index for p in points]
        for point, one in zip(points, decided, strict=True):
            assert (one.seat, one.street, one.raises) == (point.seat, point.street, point.raises)
            assert one.could_raise == (point.decision.min_raise is not None)
            # As logged: an all-in request is the call, bet or raise it amounted to.
            logged = play(record, point.index + 1).actions[-1]
            assert one.action == logged
