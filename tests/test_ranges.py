"""Range notation: combo counts of every form, weights, card removal and rejections."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assistant.cards import cards_to_mask, format_cards, parse_cards
from assistant.errors import PokerInputError
from assistant.ranges import parse_range


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("AA", 6), ("QQ+", 18), ("22+", 78), ("22-55", 24), ("55-22", 24),
        ("AKs", 4), ("AKo", 12), ("AK", 16), ("KA", 16), ("akS", 4),
        ("ATs+", 16), ("KTo+", 36), ("A5s-A2s", 16), ("T9s-65s", 20), ("AT+", 64),
        ("QhQd", 1), ("AsKs", 1), ("12d 1s", 1),
        ("any", 1326), ("QQ+,AKs,A5s-A2s,KQo", 18 + 4 + 16 + 12),
        ("AA,AA", 6), ("AKs,AsKs", 4),
    ],
)
def test_combo_counts(text: str, count: int) -> None:
    parsed = parse_range(text)
    assert len(parsed) == count
    pairs = {tuple(c) for c in parsed.combos.tolist()}
    assert len(pairs) == count, "each combo once"
    assert all(a < b for a, b in pairs)


def test_suitedness_and_exact_combos() -> None:
    suited = parse_range("AKs").combos
    assert all(a // 13 == b // 13 for a, b in suited.tolist())
    offsuit = parse_range("AKo").combos
    assert all(a // 13 != b // 13 for a, b in offsuit.tolist())
    assert format_cards(parse_range("QhQd").combos[0], " ") == "Qd Qh"


def test_weights_and_last_weight_wins() -> None:
    parsed = parse_range("AKo:0.5,QQ")
    assert sorted(set(parsed.weights.tolist())) == [0.5, 1.0]
    assert (parsed.weights == 0.5).sum() == 12
    overridden = parse_range("AKs,AsKs:0.25")
    weight = dict(zip(map(tuple, overridden.combos.tolist()), overridden.weights, strict=True))
    assert weight[tuple(sorted(parse_cards("AsKs")))] == 0.25
    assert sorted(weight.values()).count(1.0) == 3


def test_removing_known_cards() -> None:
    parsed = parse_range("AA,KK").without(cards_to_mask(parse_cards("As Kd")))
    assert len(parsed) == 3 + 3
    with pytest.raises(PokerInputError, match=r"the range 'QQ' is empty"):
        parse_range("QQ").without(cards_to_mask(parse_cards("Qs Qh Qd")))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "names no hands"),
        ("AA,,KK", "an item between commas is empty"),
        ("AAs", "a pair cannot be suited"),
        ("Ks", "'Ks' is not a hand or a range"),
        ("AKx", "'AKx' is not a hand or a range"),
        ("AKo:2", "a weight must be above 0 and at most 1"),
        ("AKo:0", "a weight must be above 0 and at most 1"),
        ("AKo:half", "the weight 'half' is not a number"),
        ("AKs-QJo", "both ends of a span must be alike"),
        ("AKs-Q9s", "a span must keep the first card, the gap, or be pairs"),
        ("AsAs", "As appears twice"),
        ("AsKsQs", "'AsKsQs' is not a hand or a range"),
    ],
)
def test_rejections_name_the_item(text: str, message: str) -> None:
    with pytest.raises(PokerInputError, match=message):
        parse_range(text)


@given(st.text(alphabet="AKQJT98765432soshdc+-:,.0123 ", max_size=25))
def test_parse_range_never_fails_with_anything_but_a_clear_error(text: str) -> None:
    try:
        parsed = parse_range(text)
    except PokerInputError:
        return
    assert len(parsed) >= 1
    assert ((parsed.weights > 0) & (parsed.weights <= 1)).all()
