"""The range breakdown against counts made by hand and against brute force."""

from collections import Counter

import numpy as np
import pytest

from assistant.breakdown import (
    DEAD,
    DRAW_CLASSES,
    MADE_CLASSES,
    classify_combos,
    range_breakdown,
)
from assistant.cards import cards_to_mask, format_cards, parse_cards
from assistant.combos import COMBO_CARDS, COMBO_CLASS, N_COMBOS
from assistant.encoding import (
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    HIGH_CARD,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    TWO_PAIR,
    card_rank,
    card_suit,
)
from assistant.errors import PokerInputError
from tests.brute_force import brute_force_counts
from tests.reference_evaluator import signature

FULL = np.ones(N_COMBOS)


def mask(text: str) -> int:
    return cards_to_mask(parse_cards(text))


def counts(board: str, dead: str = "") -> dict[str, int]:
    made, draws = classify_combos(mask(board), mask(dead) if dead else 0)
    out = {name: int((made == index).sum()) for index, name in enumerate(MADE_CLASSES)}
    out |= {name: int(draws[:, index].sum()) for index, name in enumerate(DRAW_CLASSES)}
    return out


def test_rainbow_flop_counts_by_hand() -> None:
    # Ks 7d 2c leaves 49 cards: three of each board rank and 40 others (ten ranks).
    found = counts("Ks 7d 2c")
    expected = {
        "set": 3 * 3,  # three board ranks, three pocket pairs each
        "two pair": 3 * 3 * 3,  # K7, K2, 72: three by three suits each
        "overpair": 6,  # AA
        "top pair": 3 * 40,
        "middle pair": 3 * 40,
        "weak pair / underpair": 3 * 40 + 9 * 6,  # 2x, and QQ..88, 66..33
        "high card": 40 * 39 // 2 - 10 * 6,  # two other cards, not a pocket pair
    }
    for name in MADE_CLASSES:
        assert found[name] == expected.get(name, 0), name
    assert sum(found[name] for name in MADE_CLASSES) == 49 * 48 // 2


def test_paired_flop_counts_by_hand() -> None:
    # Kh Kd 5c: two kings, three fives and 44 other cards (eleven ranks) are left.
    found = counts("Kh Kd 5c")
    expected = {"quads": 1, "full house": 2 * 3 + 3, "trips": 2 * 44,
                "two pair": 3 * 44 + 11 * 6, "high card": 44 * 43 // 2 - 11 * 6}
    for name in MADE_CLASSES:
        assert found[name] == expected.get(name, 0), name


def test_flush_draws_by_hand() -> None:
    # Kh 7h 2c: 11 hearts and 12 clubs left; two hearts in hand is a flush draw, one heart
    # or two clubs a backdoor flush draw.
    found = counts("Kh 7h 2c")
    assert found["flush draw"] == 11 * 10 // 2
    assert found["backdoor flush draw"] == 11 * 38 + 12 * 11 // 2


def test_open_ended_draws_by_hand() -> None:
    # 8h 7d 2c: T9, 96 and 65 are the only open-enders, sixteen combos each.
    assert counts("8h 7d 2c")["open-ended straight draw"] == 3 * 16


def reference_outs(hole: list[int], board: list[int]) -> int:
    windows = [{(low + step) % 13 for step in range(-1, 4)} for low in range(0, 10)]
    ranks = {card_rank(card) for card in hole + board}
    board_ranks = {card_rank(card) for card in board}
    return sum(1 for rank in range(13) if rank not in ranks
               and any(w <= ranks | {rank} for w in windows)
               and not any(w <= board_ranks | {rank} for w in windows))


BY_CATEGORY = {STRAIGHT_FLUSH: "straight flush", FOUR_OF_A_KIND: "quads",
               FULL_HOUSE: "full house", FLUSH: "flush", STRAIGHT: "straight",
               TWO_PAIR: "two pair"}


def reference_class(hole: list[int], board: list[int]) -> str:
    """A combo's made class from the plain reference evaluator's category and the
    ranks alone."""
    category = signature(hole + board)[0]
    if category in BY_CATEGORY:
        return BY_CATEGORY[category]
    board_ranks = sorted({card_rank(card) for card in board}, reverse=True)
    a, b = sorted((card_rank(card) for card in hole), reverse=True)
    if category == THREE_OF_A_KIND:
        return "set" if a == b and a in board_ranks else "trips"
    if a == b:
        return "overpair" if a > board_ranks[0] else "weak pair / underpair"
    matched = [board_ranks.index(r) for r in (a, b) if r in board_ranks]
    if category == HIGH_CARD or not matched:
        return "high card"
    return {0: "top pair", 1: "middle pair"}.get(min(matched), "weak pair / underpair")


def random_board(size: int, seed: int) -> str:
    cards = np.random.default_rng(seed).choice(52, size=size, replace=False).tolist()
    return format_cards(cards, " ")


@pytest.mark.parametrize("board_text", [
    random_board(3, 1), random_board(3, 2), random_board(4, 3), random_board(4, 4),
    random_board(5, 5), random_board(5, 6),
    "Kh Kd 5c", "9h 8h 7h", "Jc Ts 8d 2h", "Qd Qs 4c 4h", "As 5d 4c 3h 2s", "7c 7d 7h Ks 2c",
])
def test_classes_and_draws_match_brute_force(board_text: str) -> None:
    board = parse_cards(board_text)
    n_board = len(board)
    board_mask = cards_to_mask(board)
    made, draws = classify_combos(board_mask)
    for combo in range(N_COMBOS):
        hole = COMBO_CARDS[combo].tolist()
        if set(hole) & set(board):
            assert made[combo] == DEAD
            continue
        assert MADE_CLASSES[made[combo]] == reference_class(hole, board), (hole, board)
        category = signature(hole + board)[0]
        suits = Counter(card_suit(card) for card in hole + board)
        hole_suits = {card_suit(card) for card in hole}
        outs = reference_outs(hole, board)
        drawing = n_board < 5 and category < STRAIGHT
        flush_draw = drawing and any(suits[s] == 4 for s in hole_suits)
        want = [flush_draw, drawing and outs >= 2, drawing and outs == 1,
                drawing and n_board == 3 and not flush_draw
                and any(suits[s] == 3 for s in hole_suits)]
        assert draws[combo].tolist() == want, (hole, board)


def brute_equity(hero: list[int], board: list[int], combo: list[int]) -> float:
    """Hero's equity against one combo, over every runout, by the brute-force counter."""
    win, split, lose = brute_force_counts([format_cards(hero), format_cards(combo)],
                                          format_cards(board))
    return float((win + split / 2) / (win + split + lose))


@pytest.mark.parametrize(("hero", "board", "name"), [
    ("Qh Qd", "As Kd 7c 4h 2s", "top pair"),
    ("Qh Qd", "As Kd 7c 4h 2s", "two pair"),
    ("Ah Jh", "Jd 8s 3c 6h", "set"),
    ("Ah Jh", "Jd 8s 3c 6h", "overpair"),
    ("Ah Jh", "Jd 8s 3c 3h", "trips"),
])
def test_equity_by_class_matches_brute_force(hero: str, board: str, name: str) -> None:
    rng = np.random.default_rng(5)
    weights = rng.random(N_COMBOS)
    hero_cards, board_cards = parse_cards(hero), parse_cards(board)
    result = range_breakdown(weights, mask(board), hero_mask=mask(hero))
    made, _ = classify_combos(mask(board), mask(hero))
    index = MADE_CLASSES.index(name)
    members = np.flatnonzero(made == index)
    assert members.size > 0
    expected = sum(weights[c] * brute_equity(hero_cards, board_cards, COMBO_CARDS[c].tolist())
                   for c in members) / weights[members].sum()
    row = result.made[index]
    assert row.combos == pytest.approx(weights[members].sum())
    assert row.equity == pytest.approx(expected, abs=1e-9)


def test_shares_sum_to_one_and_weights_count() -> None:
    weights = np.where(COMBO_CLASS < 13, 0.5, 0.0)  # the ace row, at half weight
    result = range_breakdown(weights, mask("Ah 9c 4d"), hero_mask=mask("Kc Kd"))
    assert sum(row.share for row in result.made) == pytest.approx(1.0)
    # Ace row: 16 + 4 + ... combos per class, less those with Ah, Kc, Kd, 9c or 4d.
    assert result.combos == pytest.approx(0.5 * (weights > 0).sum()
                                          - 0.5 * _blocked(weights, "Ah Kc Kd 9c 4d"))
    assert all(row.equity is None for row in result.made if row.combos == 0)


def _blocked(weights: np.ndarray, cards: str) -> int:
    dead = set(parse_cards(cards))
    return sum(1 for c in np.flatnonzero(weights > 0) if set(COMBO_CARDS[c].tolist()) & dead)


@pytest.mark.parametrize(("call", "message"), [
    (lambda: range_breakdown(FULL, mask("Ah Kd")), "3 to 5 cards"),
    (lambda: range_breakdown(FULL, mask("Ah Kd 2c"), hero_mask=mask("Ah Qd")), "shares cards"),
    (lambda: range_breakdown(FULL, mask("Ah Kd 2c"), hero_mask=mask("Qd")), "two cards"),
    (lambda: range_breakdown(np.zeros(N_COMBOS), mask("Ah Kd 2c")), "empty"),
    (lambda: range_breakdown(np.full(N_COMBOS, 2.0), mask("Ah Kd 2c")), r"not in \[0, 1\]"),
])
def test_bad_input_is_named(call: object, message: str) -> None:
    with pytest.raises(PokerInputError, match=message):
        call()  # type: ignore[operator]
