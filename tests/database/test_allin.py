"""The all-in-adjusted result, against every runout played out by the hand state."""

import itertools
import math
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from assistant.database import import_paths, open_database
from assistant.database.allin import expected_won
from assistant.database.graphs import player_results
from assistant.hand import ActionKind
from assistant.history import HandRecord, finishing_stacks, read_hands
from tests.database.test_stats import CASES, acts, phh


def played_out(record: HandRecord) -> list[Fraction]:
    """Each seat's mean result over every turn and river, the hand replayed each time."""
    boards = [action for action in record.actions if action.kind == ActionKind.BOARD]
    used = {card for action in record.actions for card in action.cards}
    used -= set(boards[1].cards) | set(boards[2].cards)
    used |= set(boards[0].cards)
    totals = [Fraction(0)] * record.config.n_seats
    runs = 0
    for turn, river in itertools.permutations(sorted(set(range(52)) - used), 2):
        if turn > river:
            continue
        actions = [replace(action, cards=(turn,)) if action is boards[1]
                   else replace(action, cards=(river,)) if action is boards[2] else action
                   for action in record.actions]
        stacks = finishing_stacks(replace(record, actions=tuple(actions)))
        assert stacks is not None
        totals = [total + after - before
                  for total, after, before in zip(totals, stacks, record.config.stacks,
                                                  strict=True)]
        runs += 1
    assert runs == math.comb(52 - len(used), 2)
    return [total / runs for total in totals]


FLOP_ALL_IN = phh([50, 200, 300], [1, 2, 0], acts(
    "d dh p1 AhKh", "d dh p2 9c9s", "d dh p3 AsAc", "p3 cc", "p1 cc", "p2 cc",
    "d db 9h5s2h", "p1 cbr 48", "p2 cbr 198", "p3 cc", "d db Td", "d db 4c",
    "p1 sm AhKh", "p2 sm 9c9s", "p3 sm AsAc"))
HEADS_UP = phh([100, 100], [1, 2], acts(
    "d dh p1 KcKd", "d dh p2 AsAd", "p2 cc", "p1 cc", "d db 2h7c9d", "p1 cbr 98",
    "p2 cc", "d db Js", "d db 3h", "p1 sm KcKd", "p2 sm AsAd"))


@pytest.mark.slow
@pytest.mark.parametrize("text", [FLOP_ALL_IN, HEADS_UP], ids=["side_pot", "heads_up"])
def test_expected_result_is_the_mean_over_runouts(text: str) -> None:
    (record,) = read_hands(text).hands
    expected = expected_won(record)
    assert expected is not None
    assert expected == pytest.approx([float(value) for value in played_out(record)],
                                     abs=1e-9)
    assert sum(expected) == pytest.approx(0, abs=1e-9)


def test_no_all_in_or_unknown_cards_give_none() -> None:
    for case in ("limp_around", "walk", "squeeze"):
        (record,) = read_hands(CASES[case][0]).hands
        assert expected_won(record) is None
    (record,) = read_hands(HEADS_UP).hands
    # The same hand with p1's cards never seen (not dealt in the record, not shown).
    hidden = tuple(action for action in record.actions
                   if action.kind not in (ActionKind.HOLE, ActionKind.SHOW) or action.seat != 0)
    assert expected_won(replace(record, actions=hidden)) is None


def test_preflop_all_in_uses_the_exact_equity() -> None:
    # AsAd against KcKd, all in before the flop: the aces win 81.71% of the boards and
    # split 0.46% (the published figures), an equity of 0.81946.
    (record,) = read_hands(CASES["all_in_preflop"][0]).hands
    expected = expected_won(record)
    assert expected is not None
    assert expected[1] == pytest.approx(200 * 0.81946 - 100, abs=1e-3)


def test_the_graph_data_carries_the_expected_result(tmp_path: Path) -> None:
    (tmp_path / "hand.phh").write_text(HEADS_UP)
    connection = open_database(tmp_path / "hands.db")
    import_paths(connection, [str(tmp_path / "hand.phh")])
    (result,) = player_results(connection, "BTN")
    (record,) = read_hands(HEADS_UP).hands
    expected = expected_won(record)
    assert expected is not None
    assert (result.won_bb, result.expected_bb) == (50.0, pytest.approx(expected[1] / 2))
    connection.close()
