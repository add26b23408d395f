"""The grid view of a range, checked combo by combo."""

import numpy as np
import pytest

from assistant.cards import cards_to_mask, parse_cards
from assistant.combos import COMBO_CARDS, N_COMBOS
from assistant.encoding import card_rank, card_suit
from assistant.errors import PokerInputError
from assistant.preflop_table import CLASS_NAMES
from assistant.range_view import class_weights, live_class_counts, range_size, set_class


def name_of(combo: int) -> str:
    """A combo's class name from its two cards, without the grid index."""
    first, second = COMBO_CARDS[combo].tolist()
    high, low = sorted((first, second), key=card_rank, reverse=True)
    text = "23456789TJQKA"[card_rank(high)] + "23456789TJQKA"[card_rank(low)]
    if card_rank(high) == card_rank(low):
        return text
    return text + ("s" if card_suit(high) == card_suit(low) else "o")


def test_class_weights_are_means_over_live_combos() -> None:
    rng = np.random.default_rng(3)
    weights = rng.random(N_COMBOS)
    dead = parse_cards("As Kd 7h")
    grid = class_weights(weights, cards_to_mask(dead))
    for cell, name in enumerate(CLASS_NAMES):
        members = [c for c in range(N_COMBOS) if name_of(c) == name
                   and not set(COMBO_CARDS[c].tolist()) & set(dead)]
        assert live_class_counts(cards_to_mask(dead)).ravel()[cell] == len(members)
        assert grid.ravel()[cell] == pytest.approx(np.mean(weights[members]))


def test_a_class_killed_by_card_removal_is_nan() -> None:
    # With three aces dead no AA combo is left, but AKs keeps the suits of the last ace.
    grid = class_weights(np.ones(N_COMBOS), cards_to_mask(parse_cards("As Ah Ad")))
    assert np.isnan(grid[0, 0])
    assert grid[0, 1] == 1.0
    assert np.isnan(grid).sum() == 1


def test_set_class_touches_only_its_class() -> None:
    weights = np.full(N_COMBOS, 0.5)
    out = set_class(weights, (1, 0), 1.0)  # AKo
    changed = np.flatnonzero(out != weights)
    assert sorted({name_of(int(c)) for c in changed}) == ["AKo"]
    assert changed.size == 12
    assert weights[changed[0]] == 0.5  # the input is not modified


def test_range_size_counts_live_weight() -> None:
    weights = set_class(set_class(np.zeros(N_COMBOS), (0, 0), 1.0), (0, 1), 0.5)
    assert range_size(weights) == (6 + 0.5 * 4, (6 + 0.5 * 4) / N_COMBOS)
    # The ace of spades kills three AA combos and the AKs of spades.
    assert range_size(weights, cards_to_mask(parse_cards("As")))[0] == 3 + 0.5 * 3


@pytest.mark.parametrize(("call", "message"), [
    (lambda: set_class(np.zeros(N_COMBOS), (13, 0), 1.0), "cell"),
    (lambda: set_class(np.zeros(N_COMBOS), (0, 0), 1.5), "weight 1.5"),
    (lambda: class_weights(np.zeros(5)), "shape"),
    (lambda: class_weights(np.full(N_COMBOS, np.nan)), "nan"),
])
def test_bad_input_is_named(call: object, message: str) -> None:
    with pytest.raises(PokerInputError, match=message):
        call()  # type: ignore[operator]
