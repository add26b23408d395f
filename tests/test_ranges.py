"""Range notation: combo counts of every form, weights, card removal, notation written
back, the class grid and rejections."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.cards import cards_to_mask, format_cards, parse_cards
from assistant.combos import COMBO_CARDS, COMBO_CLASS, COMBO_MASKS, N_COMBOS, combo_index
from assistant.errors import PokerInputError
from assistant.preflop_table import CLASS_NAMES
from assistant.ranges import WEIGHT_DECIMALS, Range, parse_range


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
        ("AKo:2", "'AKo:2': a weight must be between 0 and 1"),
        ("AKo:-0.5", "'AKo:-0.5': a weight must be between 0 and 1"),
        ("AKo:nan", "'AKo:nan': a weight must be between 0 and 1"),
        ("AKo:0", "the range 'AKo:0' has no combo with a weight above 0"),
        ("AKs,AKs:0", "the range 'AKs,AKs:0' has no combo with a weight above 0"),
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


def weight_of(r: Range, hand: str) -> float:
    return float(r.weights[combo_index(*parse_cards(hand))])


def test_weighted_range_matches_the_combo_lists() -> None:
    text = "QQ+,AKs,AQs:0.5,T9s-65s:0.25,AsKs:0"
    r, listed = Range.parse(text), parse_range(text)
    assert r.weights.shape == (N_COMBOS,) and r.weights.dtype == np.float64
    assert r.combos == pytest.approx(18 + 3 + 0.5 * 4 + 0.25 * 20)
    assert r.percent == pytest.approx(100 * r.combos / 1326)
    assert len(listed) == 18 + 3 + 4 + 20, "the combo of weight 0 is left out"
    for (a, b), w in zip(listed.combos.tolist(), listed.weights.tolist(), strict=True):
        assert r.weights[combo_index(a, b)] == w
    assert (r.weights > 0).sum() == len(listed)
    assert weight_of(r, "AsKs") == 0 and weight_of(r, "AhKh") == 1
    assert weight_of(r, "7h6h") == 0.25 and weight_of(r, "7h6d") == 0


def test_full_range_and_weight_zero_remove_hands() -> None:
    assert Range.full().combos == 1326
    assert np.array_equal(Range.parse("any").weights, Range.full().weights)
    r = Range.parse("any,AsKs:0")
    assert r.combos == 1325 and weight_of(r, "AsKs") == 0


def test_from_weights_needs_no_text_and_copies() -> None:
    weights = np.zeros(N_COMBOS)
    weights[[0, 5, 1325]] = [0.25, 1.0, 0.5]
    r = Range.from_weights(weights)
    weights[0] = 1.0
    assert r.combos == 1.75, "the range keeps its own copy"
    with pytest.raises(ValueError):
        r.weights[0] = 1.0


@pytest.mark.parametrize(
    ("weights", "message"),
    [
        (np.full(N_COMBOS, 1.5), r"the weight 1\.5 of .* is outside \[0, 1\]"),
        (np.full(N_COMBOS, -0.25), r"the weight -0\.25 of .* is outside \[0, 1\]"),
        (np.full(N_COMBOS, np.nan), r"the weight nan of .* is outside \[0, 1\]"),
        (np.zeros(N_COMBOS), "at least one combo with a weight above 0"),
        (np.ones(13), r"a range has 1326 weights, one per combo; got an array of shape \(13,\)"),
        (np.ones((2, N_COMBOS)), r"got an array of shape \(2, 1326\)"),
    ],
)
def test_from_weights_rejections_name_the_problem(weights: np.ndarray, message: str) -> None:
    with pytest.raises(PokerInputError, match=message):
        Range.from_weights(weights)


def test_weight_outside_the_interval_names_the_combo() -> None:
    weights = np.zeros(N_COMBOS)
    weights[combo_index(*parse_cards("AsKs"))] = 2.0
    with pytest.raises(PokerInputError, match=r"the weight 2\.0 of AsKs is outside"):
        Range.from_weights(weights)


def test_card_removal_on_the_weighted_range() -> None:
    dead = cards_to_mask(parse_cards("As Kd 7h"))
    r = Range.parse("AA,KK:0.5,AK,76s").without(dead)
    assert r.combos == 3 + 0.5 * 3 + 3 * 3 + 3
    touching = (COMBO_MASKS & np.uint64(dead)) != 0
    assert (r.weights[touching] == 0).all()
    with pytest.raises(PokerInputError, match=r"the range 'QQ' is empty once the known cards"):
        Range.parse("QQ").without(cards_to_mask(parse_cards("Qs Qh Qd")))


def test_grid_is_the_mean_weight_of_each_class_over_its_live_combos() -> None:
    r = Range.parse("AA,AsAh:0.5,KQo:0.25,72s")
    grid = r.to_grid()
    by_name = dict(zip(CLASS_NAMES, grid.ravel().tolist(), strict=True))
    assert by_name["AA"] == pytest.approx((5 + 0.5) / 6)
    assert by_name["KQo"] == 0.25 and by_name["72s"] == 1 and by_name["72o"] == 0
    assert sum(by_name.values()) == pytest.approx((5.5 / 6) + 0.25 + 1)
    dead = cards_to_mask(parse_cards("As Ac Ad"))  # one ace left: no AA combo
    removed = dict(zip(CLASS_NAMES, r.to_grid(dead).ravel().tolist(), strict=True))
    assert removed["AA"] == 0 and removed["KQo"] == 0.25


@pytest.mark.parametrize(
    "text",
    ["QQ+,AKs,AQs:0.5,T9s-65s:0.25", "22+", "AA", "AT+,T9-76:0.5", "K9-K7:0.25,KQs",
     "ATs+,KTo+:0.75", "A5s-A2s,K9o-K6o:0.2",
     "any", "any,AsKs:0", "JJ-88:0.333,54s", "AKs,AsKs:0.5,AhKh:0", "QhQd", "32o"],
)
def test_notation_round_trip_on_written_ranges(text: str) -> None:
    r = Range.parse(text)
    written = r.to_notation()
    assert np.array_equal(Range.parse(written).weights, r.weights), written


def test_notation_is_compact_for_usual_ranges() -> None:
    assert Range.parse("QQ+,AKs,AQs:0.5,T9s-65s:0.25").to_notation() == (
        "QQ+,AKs,AQs:0.5,T9s-65s:0.25")
    assert Range.parse("22+").to_notation() == "22+"
    assert Range.parse("AKs,AsKs:0.5").to_notation() == "AKs,AsKs:0.5"
    dead = cards_to_mask(parse_cards("Ks"))
    assert Range.parse("KK+,AK").without(dead).to_notation(dead) == "KK+,AK"
    assert Range.parse("A2+,K9s-K7s:0.5,K9o-K7o:0.5,JTs").to_notation() == (
        "A2+,K9-K7:0.5,JTs")


def test_tiny_weights_stay_in_the_written_range() -> None:
    weights = np.zeros(N_COMBOS)
    weights[7] = 1e-6
    back = Range.parse(Range.from_weights(weights).to_notation())
    assert np.flatnonzero(back.weights).tolist() == [7]
    assert back.weights[7] == 10.0**-WEIGHT_DECIMALS


weight_values = st.sampled_from([0.0, 0.0, 0.0, 1.0, 1.0, 0.5, 0.25, 0.125, 0.1234567, 1e-5])


@st.composite
def weighted_ranges(draw: st.DrawFn) -> np.ndarray:
    """Class weights with some combos set apart, as narrowing and card removal leave them."""
    class_weights = np.array(draw(st.lists(weight_values, min_size=169, max_size=169)))
    weights = class_weights[COMBO_CLASS]
    for combo in draw(st.lists(st.integers(0, N_COMBOS - 1), max_size=30)):
        weights[combo] = draw(st.one_of(weight_values, st.floats(0, 1)))
    if not weights.any():
        weights[draw(st.integers(0, N_COMBOS - 1))] = 1.0
    return weights


def assert_rounded(written: np.ndarray, weights: np.ndarray) -> None:
    """Written weights are within half a step of the weights, but a positive weight
    below half a step is written as one step."""
    step = 10.0**-WEIGHT_DECIMALS
    tiny = (weights > 0) & (weights < step / 2)
    assert np.all(np.abs(written - weights)[~tiny] <= step / 2 + 1e-12)
    assert np.all(written[tiny] == step)
    assert ((written > 0) == (weights > 0)).all()


@settings(max_examples=60, deadline=None)
@given(weighted_ranges(), st.lists(st.integers(0, 51), max_size=5))
def test_notation_round_trip_within_rounding(weights: np.ndarray, dead_cards: list[int]) -> None:
    r = Range.from_weights(weights)
    back = Range.parse(r.to_notation())
    assert_rounded(back.weights, r.weights)
    dead = 0
    for card in dead_cards:
        dead |= 1 << card
    live = (COMBO_MASKS & np.uint64(dead)) == 0
    if not (r.weights * live).any():
        return
    removed = r.without(dead)
    again = Range.parse(removed.to_notation(dead)).without(dead)
    assert_rounded(again.weights, removed.weights)
    assert (again.weights[~live] == 0).all()


def test_combo_cards_and_notation_agree_on_card_order() -> None:
    assert format_cards(COMBO_CARDS[combo_index(*parse_cards("AsKs"))][::-1]) == "AsKs"
