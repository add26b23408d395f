"""Pot arithmetic: uncalled bets, side pots and split pots."""

import pytest

from assistant.pots import Pot, side_pots, split_pot, uncalled_bet


@pytest.mark.parametrize(
    ("bets", "expected"),
    [
        ([15, 30, 60, 0, 0], (2, 30)),
        ([0, 0], (0, 0)),
        ([400, 400, 100], (0, 0)),
        ([0, 5000, 4970], (1, 30)),
    ],
)
def test_uncalled_bet_is_the_excess_over_the_second_largest(
    bets: list[int], expected: tuple[int, int]
) -> None:
    assert uncalled_bet(bets) == expected


def test_three_all_ins_make_three_pots_with_shrinking_eligibility() -> None:
    # Seats 0-2 all-in for 100, 250 and 600; seat 3 covers; seat 4 folded after 50.
    pots = side_pots([100, 250, 600, 600, 50], [True, True, True, True, False])
    assert pots == [
        Pot(450, (0, 1, 2, 3)),
        Pot(450, (1, 2, 3)),
        Pot(700, (2, 3)),
    ]


def test_pots_with_the_same_eligible_seats_merge() -> None:
    # A folded seat's level does not split the pot of the seats who went past it.
    assert side_pots([300, 300, 120], [True, True, False]) == [Pot(720, (0, 1))]


def test_dead_chips_go_to_the_main_pot() -> None:
    assert side_pots([100, 400, 400], [True, True, True], dead=90) == [
        Pot(390, (0, 1, 2)),
        Pot(600, (1, 2)),
    ]


def test_a_pot_only_its_owner_reached_is_its_own() -> None:
    assert side_pots([50, 80], [True, True]) == [Pot(100, (0, 1)), Pot(30, (1,))]


@pytest.mark.parametrize(
    ("amount", "winners", "expected"),
    [
        (100, [3], [(3, 100)]),
        (100, [2, 0], [(2, 50), (0, 50)]),
        (101, [2, 0], [(2, 51), (0, 50)]),
        (302, [1, 2, 3], [(1, 102), (2, 100), (3, 100)]),
    ],
)
def test_split_pot_gives_the_odd_chips_to_the_first_winner(
    amount: int, winners: list[int], expected: list[tuple[int, int]]
) -> None:
    assert split_pot(amount, winners) == expected
    assert sum(chips for _, chips in split_pot(amount, winners)) == amount
