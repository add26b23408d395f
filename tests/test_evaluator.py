"""The evaluator against published counts, a reference evaluator and peer libraries."""

import itertools

import numpy as np
import pytest

from assistant.cards import cards_to_mask, mask_to_cards, parse_cards
from assistant.deal import random_masks
from assistant.encoding import CATEGORY_SHIFT, STRAIGHT, STRAIGHT_FLUSH
from assistant.errors import PokerInputError
from assistant.evaluator import (
    category_counts,
    category_name,
    describe,
    evaluate,
    evaluate_many,
    load_tables,
)
from tests.reference_evaluator import signature

# Published counts (e.g. Wikipedia, "Poker probability"), high card to straight flush.
FIVE_CARD_COUNTS = [1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40]
SIX_CARD_COUNTS = [6612900, 9730740, 2532816, 732160, 361620, 205792, 165984, 14664, 1844]
SEVEN_CARD_COUNTS = [23294460, 58627800, 31433400, 6461620, 6180020, 4047644, 3473184,
                     224848, 41584]


def strength_of(text: str) -> int:
    return evaluate(cards_to_mask(parse_cards(text)))


@pytest.mark.parametrize(("n_cards", "expected"), [(5, FIVE_CARD_COUNTS), (6, SIX_CARD_COUNTS)])
def test_category_counts_match_published(n_cards: int, expected: list[int]) -> None:
    assert category_counts(n_cards).tolist() == expected


@pytest.mark.slow
@pytest.mark.parametrize("incremental", [True, False])
def test_seven_card_category_counts_match_published(incremental: bool) -> None:
    assert category_counts(7, incremental=incremental).tolist() == SEVEN_CARD_COUNTS


def test_distinct_classes_per_category() -> None:
    # 7,462 distinct five-card hands: 1277, 2860, 858, 858, 10, 1277, 156, 156, 10.
    categories = load_tables().class_strength >> CATEGORY_SHIFT
    assert np.bincount(categories).tolist() == [1277, 2860, 858, 858, 10, 1277, 156, 156, 10]


def assert_same_order(ours: np.ndarray, theirs: np.ndarray) -> None:
    """Ours is a strictly increasing function of theirs: same order, same ties."""
    order = np.argsort(theirs, kind="stable")
    ours, theirs = ours[order], theirs[order]
    same = theirs[1:] == theirs[:-1]
    assert (ours[1:][same] == ours[:-1][same]).all(), "a tie of theirs is not a tie of ours"
    assert (ours[1:][~same] > ours[:-1][~same]).all(), "ours orders two hands differently"


@pytest.mark.parametrize("n_cards", [5, 6, 7])
def test_order_agrees_with_reference_evaluator(n_cards: int) -> None:
    masks = random_masks(20_000, n_cards, seed=n_cards)
    reference = [signature(mask_to_cards(int(m))) for m in masks]
    ranks = {sig: i for i, sig in enumerate(sorted(set(reference)))}
    assert_same_order(evaluate_many(masks), np.array([ranks[sig] for sig in reference]))


def test_order_agrees_with_phevaluator() -> None:
    phevaluator = pytest.importorskip("phevaluator")
    masks = random_masks(100_000, 7, seed=11)
    # phevaluator numbers cards rank * 4 + suit and scores the best hand lowest.
    theirs = np.array([
        -phevaluator.evaluate_cards(*[c % 13 * 4 + c // 13 for c in mask_to_cards(int(m))])
        for m in masks
    ])
    assert_same_order(evaluate_many(masks), theirs)


def test_order_agrees_with_eval7() -> None:
    eval7 = pytest.importorskip("eval7")
    deck = [eval7.Card(text) for text in
            (r + s for s in "cdhs" for r in "23456789TJQKA")]
    masks = random_masks(100_000, 7, seed=12)
    theirs = np.array([eval7.evaluate([deck[c] for c in mask_to_cards(int(m))]) for m in masks])
    assert_same_order(evaluate_many(masks), theirs)


def test_every_five_card_hand_of_two_suits_agrees_with_reference() -> None:
    # All 5-card hands from clubs and hearts: flushes, straights and pairs mixed.
    cards = [c for c in range(52) if c // 13 in (0, 2)]
    hands = list(itertools.combinations(cards, 5))
    masks = np.array([cards_to_mask(h) for h in hands], dtype=np.uint64)
    reference = [signature(list(h)) for h in hands]
    ranks = {sig: i for i, sig in enumerate(sorted(set(reference)))}
    assert_same_order(evaluate_many(masks), np.array([ranks[sig] for sig in reference]))


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("Ah 2d 3c 4s 5h Kd Kc", "Ad Ac Kh Kd 9s 8s 2c"),  # wheel beats two pair
        ("6h 2d 3c 4s 5h", "Ah 2d 3c 4s 5h"),  # six-high straight beats the wheel
        ("Ah 2h 3h 4h 5h", "Kd Qd Jd Td 8d"),  # steel wheel beats a king-high flush
        ("6h 2h 3h 4h 5h Ah", "Ah 2h 3h 4h 5h Kh"),  # 6-high straight flush over the wheel
        ("Ad Ac Kh Kd Qs Qh 9c", "Ad Ac Kh Kd Js Jh Tc"),  # third pair plays as kicker
        ("2c 2d 2h Ks Kh Kd 3c", "Qs Qc Qh Jc Jd 3h 4c"),  # two trips make kings full
    ],
)
def test_hand_order(better: str, worse: str) -> None:
    assert strength_of(better) > strength_of(worse)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Ah Kh Qh Jh Th 2c 3d", "As Ks Qs Js Ts 4c 5d"),  # royal flushes
        ("As Ad Kc Kd 7h 7s 2c", "Ac Ah Kh Ks 7c 7d 3c"),  # the third pair never plays
        ("2c 3d 4h 5s 7c 8d Ts", "2d 3c 4s 5h 7d 8c Th"),  # ten-high, same five ranks
        ("Ah 2d 3c 4s 5h", "As 2c 3d 4h 5c"),  # wheels tie
    ],
)
def test_ties_are_equal_strengths(first: str, second: str) -> None:
    assert strength_of(first) == strength_of(second)


def test_wheel_and_steel_wheel_categories() -> None:
    assert strength_of("Ah 2d 3c 4s 5h") >> CATEGORY_SHIFT == STRAIGHT
    assert strength_of("Ah 2h 3h 4h 5h 9c 9d") >> CATEGORY_SHIFT == STRAIGHT_FLUSH
    assert describe(strength_of("Ah 2h 3h 4h 5h 9c 9d")) == "straight flush, five high"


@pytest.mark.parametrize(
    ("cards", "text"),
    [
        ("Ac 9d 7h 5s 3c", "ace high"),
        ("Kd Ks 7h 4c 2d", "pair of kings"),
        ("Kd Ks 7h 7c 2d", "two pair, kings and sevens"),
        ("Qd Qs Qh 7c 2d", "three of a kind, queens"),
        ("Ah 2d 3c 4s 5h", "straight, five high"),
        ("Td Jd Qs Kc Ah", "straight, ace high"),
        ("2d 7d 9d Jd Kd", "flush, king high"),
        ("Kd Ks Kh 7c 7d", "full house, kings full of sevens"),
        ("9d 9s 9h 9c 2d", "four of a kind, nines"),
        ("5c 6c 7c 8c 9c", "straight flush, nine high"),
        ("Ts Js Qs Ks As", "royal flush"),
    ],
)
def test_describe(cards: str, text: str) -> None:
    assert describe(strength_of(cards)) == text


def test_category_names() -> None:
    assert category_name(strength_of("Kd Ks 7h 7c 2d")) == "two pair"
    assert category_name(strength_of("Ts Js Qs Ks As")) == "straight flush"


@pytest.mark.parametrize("masks", [
    np.array([0b1111], dtype=np.uint64),
    np.array([(1 << 8) - 1], dtype=np.uint64),
    np.array([0b11111 | 1 << 52], dtype=np.uint64),
    np.array([-1]),
    np.zeros((2, 2), dtype=np.uint64),
    np.array([1.5, 2.5]),
])
def test_evaluate_many_rejects_impossible_masks(masks: np.ndarray) -> None:
    with pytest.raises(PokerInputError):
        evaluate_many(masks)


def test_evaluate_many_names_the_bad_mask() -> None:
    masks = random_masks(10, 7, seed=3)
    masks[4] = 0b111
    with pytest.raises(PokerInputError, match=r"masks\[4\] = 0x7 holds 3 cards"):
        evaluate_many(masks)


def test_evaluate_many_accepts_any_integer_dtype_and_empty_input() -> None:
    masks = random_masks(50, 6, seed=4)
    assert (evaluate_many(masks.astype(np.int64)) == evaluate_many(masks)).all()
    assert evaluate_many(np.array([], dtype=np.uint64)).size == 0


@pytest.mark.parametrize("strength", [-1, 1 << 16, (STRAIGHT << CATEGORY_SHIFT) + 10, True, 1.0])
def test_describe_rejects_numbers_that_are_no_strength(strength: object) -> None:
    with pytest.raises(PokerInputError, match="is not a hand strength"):
        describe(strength)  # type: ignore[arg-type]
