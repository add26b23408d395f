"""The heads-up preflop table: integrity, and its counts against the exact kernel's."""

import itertools
import random

import numpy as np
import pytest

from assistant.cards import parse_cards
from assistant.encoding import N_CARDS
from assistant.equity import known_deal, known_equities, solve
from assistant.equity_kernels import preflop_counts
from assistant.evaluator import load_tables
from assistant.headsup_table import (
    BOARDS,
    headsup_counts,
    headsup_metadata,
    matchup_key,
    swapped_key,
)
from assistant.table_files import read_table_file
from assistant.tables import make_headsup_table as generator

COMBOS = list(itertools.combinations(range(N_CARDS), 2))
STORED = read_table_file("headsup_counts.npz")


def kernel_counts(first: list[int], second: list[int]) -> list[int]:
    """The exact count of every board, from the kernel."""
    hands = np.array([first, second], dtype=np.int64)
    return preflop_counts(hands, 0, load_tables()).tolist()


def test_metadata_and_digest() -> None:
    metadata = headsup_metadata()
    assert metadata["generator"] == "tables/make_headsup_table.py"
    assert metadata["version"] == generator.VERSION
    arrays = {name: STORED[name] for name in generator.ARRAYS}
    assert generator.digest(arrays) == metadata["digest"]


def test_each_stored_key_is_its_representatives_and_unique() -> None:
    keys = [tuple(key) for key in STORED["keys"].tolist()]
    assert len(keys) == 47_008 and keys == sorted(set(keys))
    for key, cards in zip(keys, STORED["hands"].tolist(), strict=True):
        assert len(set(cards)) == 4
        assert matchup_key(cards[:2], cards[2:]) == key
        assert key <= swapped_key(key)  # each matchup once, in its smaller order
    wins, ties = STORED["counts"].T.astype(np.int64)
    assert ((wins >= 0) & (ties >= 0) & (wins + ties <= BOARDS)).all()


def test_the_keys_are_every_matchup_s_and_the_representatives_the_generator_s() -> None:
    found = generator.representatives()  # every pair of disjoint hands, keyed
    keys = sorted(found)
    assert STORED["keys"].tolist() == [list(key) for key in keys]
    assert STORED["hands"].tolist() == [list(found[key]) for key in keys]


def test_stored_rows_recount_exactly() -> None:
    rows = random.Random(7).sample(range(len(STORED["keys"])), 60)
    for row in rows:
        cards = STORED["hands"][row].tolist()
        win, tie = STORED["counts"][row].tolist()
        assert kernel_counts(cards[:2], cards[2:]) == [win, tie, BOARDS - win - tie]


def test_random_matchups_are_the_kernels_counts_both_ways() -> None:
    rng = random.Random(20261126)
    for _ in range(150):
        cards = rng.sample(range(N_CARDS), 4)
        first, second = cards[:2], cards[2:]
        expected = kernel_counts(first, second)
        assert headsup_counts(first, second).tolist() == expected, (first, second)
        assert headsup_counts(second, first).tolist() == expected[::-1], (first, second)


@pytest.mark.parametrize(("first", "second"), [
    ("AhAs", "KhKs"),  # two suits of equal contents: either can come first
    ("AsAh", "KsKh"), ("KhKs", "AhAs"),  # the same matchup, hands and cards reordered
    ("AcAd", "AhAs"),  # the same ranks both sides: the key is its own swap
    ("AcKc", "AdKd"), ("7c2d", "7d2c"),  # each hand's swap is a suit renaming
    ("AcKc", "QcJc"), ("AcKc", "QdJd"), ("AcKd", "QcJd"), ("AcKd", "QdJc"),  # suits shared or not
    ("2c2d", "AsKs"), ("Td9d", "8h7h"), ("5s4s", "3s2s"), ("AsKh", "AdKc"),
])
def test_suit_edge_cases_are_the_kernels_counts(first: str, second: str) -> None:
    a, b = parse_cards(first), parse_cards(second)
    assert headsup_counts(a, b).tolist() == kernel_counts(a, b)
    assert headsup_counts(b, a).tolist() == kernel_counts(b, a)
    # every renaming of the suits has the same counts
    for order in itertools.permutations(range(4)):
        rename = [13 * order[card // 13] + card % 13 for card in a + b]
        assert headsup_counts(rename[:2], rename[2:]).tolist() == kernel_counts(a, b)


def test_every_matchup_has_a_key() -> None:
    rng = random.Random(3)
    for _ in range(20_000):
        first, second = rng.sample(COMBOS, 2)
        if set(first) & set(second):
            continue
        assert headsup_counts(first, second).sum() == BOARDS


@pytest.mark.parametrize(("first", "second"), [("AhKd", "QsQc"), ("2c2d", "AsKs"),
                                               ("AcAd", "AhAs"), ("9s8s", "9h8h")])
def test_known_equities_read_the_table_as_the_solved_deal(first: str, second: str) -> None:
    a, b = parse_cards(first), parse_cards(second)
    solved = [solve(known_deal(hands, ()), "exact").equity for hands in ([a, b], [b, a])]
    assert known_equities([a, b], (), heroes=2) == solved
