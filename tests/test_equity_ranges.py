"""Equity against one weighted range per seat, against brute force and sampling."""

import itertools

import numpy as np
import pytest

from assistant.cards import cards_to_mask, format_cards, parse_cards
from assistant.combos import COMBO_CARDS, COMBO_MASKS, N_COMBOS
from assistant.equity import (
    Equity,
    equity,
    equity_vs_ranges,
    exact_equity,
    plan_exact,
    plan_weighted,
    ranges_deal,
)
from assistant.equity_kernels import postflop_counts, weighted_counts
from assistant.errors import Cancelled, PokerInputError
from assistant.evaluator import load_tables
from assistant.ranges import Range
from tests.brute_force import brute_force_counts


def mask(text: str) -> int:
    return cards_to_mask(parse_cards(text))


def hero_of(text: str) -> int | Range:
    """A two-card hand as a mask, anything else as a range."""
    cards = parse_cards(text) if len(text.replace(" ", "")) == 4 else []
    return cards_to_mask(cards) if len(cards) == 2 else Range.parse(text)


def brute_force_weighted(hero: str, opponents: list[str], board: str, dead: str,
                         n_random: int = 0) -> tuple[np.ndarray, int]:
    """Weighted outcome counts (win, split 1..n, lose) and the number of deals of
    positive weight, one combo tuple at a time through tests/brute_force.py."""
    known = mask(board) | mask(dead)
    ranges = [Range.parse(hero), *(Range.parse(text) for text in opponents)]
    choices = [[(c, w) for c, w in enumerate(r.weights.tolist())
                if w > 0 and not int(COMBO_MASKS[c]) & known] for r in ranges]
    counts = np.zeros(len(opponents) + n_random + 2)
    deals = 0
    for combos in itertools.product(*choices):
        used = [int(COMBO_MASKS[c]) for c, _ in combos]
        if len(set(used)) < len(used) or bin(sum(used)).count("1") != 2 * len(used):
            continue
        hands = [format_cards(COMBO_CARDS[c]) for c, _ in combos]
        part = brute_force_counts(hands, board, dead, n_random)
        counts += float(np.prod([w for _, w in combos])) * part
        deals += int(part.sum())
    return counts, deals


def probabilities(result: Equity) -> np.ndarray:
    return np.array([result.win, *result.split, result.lose])


@pytest.mark.parametrize(
    ("hero", "opponents", "board", "dead"),
    [
        ("AhKd", ["QQ+,AK:0.5,T9s:0.25"], "Qs 7d 2c 5h 9s", ""),
        ("AhKd", ["QQ+,AK:0.5,T9s:0.25"], "Qs 7d 2c 5h", ""),
        ("9s8s", ["JJ,AhQh:0.3,7c6c,65s:0.5"], "7s 6d 2h", "Kc"),
        ("AhKd", ["QQ+:0.5,AQs", "KQs,QJs:0.25,22:0.75"], "Qs 7d 2c 5h", ""),
        ("AhKd", ["QQ,AQs:0.5", "QQ:0.25,KQs"], "Qs 7d 2c", "3h"),  # shared combos, the flop
        ("JJ,AK:0.5,AhKh:0", ["QQ,TT:0.5", "99,Qs9s:0.5"], "Qc 9d 2s 7h", ""),  # hero's range
        ("AsAh,KsKh:0.25", ["any,AcAd:0"], "2c 7d 9h Js", ""),
    ],
    ids=["river", "turn", "flop-dead", "turn-two", "flop-two-clashing", "hero-range",
         "nearly-random"],
)
def test_weighted_ranges_match_brute_force(hero: str, opponents: list[str], board: str,
                                           dead: str) -> None:
    deal = ranges_deal(hero_of(hero), [Range.parse(t) for t in opponents], mask(board),
                       mask(dead))
    expected, deals = brute_force_weighted(hero, opponents, board, dead)
    plans = plan_exact(deal), plan_weighted(deal)
    assert plans[0] is not None and plans[1] is not None
    for plan in plans:  # dealing every combination, and weighing per board
        result = exact_equity(deal, plan)
        assert result.exact and result.method == "exact"
        assert result.trials == deals
        np.testing.assert_allclose(probabilities(result), expected / expected.sum(), atol=1e-12)


def test_range_and_a_random_opponent_match_brute_force() -> None:
    opponent = "QQ+,AQs:0.5,76s:0.25"
    deal = ranges_deal(mask("AhKd"), [Range.parse(opponent), Range.full()], mask("Qs 7d 2c 5h"),
                       0)
    plan = plan_weighted(deal)
    assert plan is not None and plan.opponents[1].tolist() == [1.0] * N_COMBOS
    result = exact_equity(deal, plan)
    expected, deals = brute_force_weighted("AhKd", [opponent], "Qs 7d 2c 5h", "", n_random=1)
    assert result.trials == deals
    np.testing.assert_allclose(probabilities(result), expected / expected.sum(), atol=1e-12)


@pytest.mark.parametrize("board", ["Qs 7d 2c", "Qs 7d 2c 5h", "Ts Js Qs Ks As"])
@pytest.mark.parametrize("n_opponents", [1, 2])
def test_weighting_every_holding_by_one_counts_random_opponents(board: str,
                                                                n_opponents: int) -> None:
    # Two independent counting schemes: random holdings counted by category, and the
    # same holdings weighed one by one.
    hands = np.array([parse_cards("AhKd")], dtype=np.int64)
    cards = np.array(parse_cards(board), dtype=np.int64)
    tables = load_tables()
    weighted, deals = weighted_counts(hands, np.ones(1), cards, 0, np.ones((n_opponents, N_COMBOS)),
                                      COMBO_CARDS, 0, 52, tables)
    counted = postflop_counts(hands, cards, 0, n_opponents, 0, 52, tables)
    assert weighted.tolist() == counted.tolist() and deals == counted.sum()


def test_random_seats_answer_as_the_text_door_does() -> None:
    hero = mask("AhKd")
    assert equity_vs_ranges(hero, [Range.full()] * 3) == equity("AhKd", opponents=3)
    assert equity_vs_ranges(hero, [Range.full()] * 3, mask("Qs7d2c")) == equity(
        "AhKd", "Qs7d2c", 3)
    assert equity_vs_ranges(hero, [Range.full()] * 5, mask("Qs7d2c"), seed=4) == equity(
        "AhKd", "Qs7d2c", 5, seed=4)
    assert equity_vs_ranges(Range.parse("QQ+"), [Range.parse("AQs")], mask("Jh Tc 3s")) == (
        equity("QQ+", "Jh Tc 3s", vs=["AQs"]))
    # A random hand with the known cards already taken out is still a random hand.
    removed = Range.full().without(mask("AhKd Qs7d2c"))
    assert equity_vs_ranges(hero, [removed] * 2, mask("Qs7d2c")) == equity("AhKd", "Qs7d2c", 2)


def test_heads_up_range_against_range_sums_to_one() -> None:
    first, second = Range.parse("TT+,AQs+:0.5,KQs:0.25"), Range.parse("99-66,AJs,KQo:0.5")
    board = mask("Qh 9c 4d")
    one = equity_vs_ranges(first, [second], board, method="exact")
    other = equity_vs_ranges(second, [first], board, method="exact")
    assert one.equity + other.equity == pytest.approx(1.0, abs=1e-12)
    assert one.win == pytest.approx(other.lose, abs=1e-12)


def test_methods_chosen_for_narrowed_ranges() -> None:
    narrowed = Range.parse("TT+,AQ+,KQs,QJs:0.5,JTs:0.5,98s:0.25")
    flop = mask("Qs 7d 2c")
    assert equity_vs_ranges(mask("AhKd"), [narrowed], flop).method == "exact"
    assert equity_vs_ranges(mask("AhKd"), [narrowed, narrowed], flop).method == "exact"
    assert equity_vs_ranges(mask("AhKd"), [narrowed] * 3, flop, seed=1).method == "monte-carlo"


@pytest.mark.parametrize(
    ("opponents", "board"),
    [(["TT+,AQ+:0.5,KQs", "88-55,A5s-A2s:0.5,76s"], "Qs 7d 2c"),
     (["QQ,JJ:0.5", "AQs,KQs:0.5", "77,66:0.25"], "Qs 7d 2c 5h")],
)
def test_sampling_agrees_with_counting_within_four_standard_errors(opponents: list[str],
                                                                  board: str) -> None:
    ranges = [Range.parse(text) for text in opponents]
    exact = equity_vs_ranges(mask("AhKd"), ranges, mask(board), method="exact")
    sampled = equity_vs_ranges(mask("AhKd"), ranges, mask(board), method="monte-carlo",
                               seed=11, precision=0.003)
    assert exact.exact and not sampled.exact and sampled.stderr < 0.003
    assert abs(sampled.equity - exact.equity) < 4 * sampled.stderr


def test_progress_and_stop_on_weighted_counting() -> None:
    fractions: list[float] = []
    narrowed = [Range.parse("TT+,AQ+"), Range.parse("QJs,JTs")]
    result = equity_vs_ranges(mask("AhKd"), narrowed, mask("Qs 7d 2c"), progress=fractions.append)
    assert result.method == "exact"
    assert fractions and fractions[-1] == 1.0 and fractions == sorted(fractions)
    with pytest.raises(Cancelled):
        equity_vs_ranges(mask("AhKd"), narrowed, mask("Qs 7d 2c"), should_stop=lambda: True)


def aces_clash() -> Range:
    """Every combo holding the ace of clubs or of diamonds."""
    ace = mask("Ac Ad")
    return Range.from_weights(((COMBO_MASKS & np.uint64(ace)) != 0).astype(np.float64))


@pytest.mark.parametrize(
    ("hero", "opponents", "board", "dead", "message"),
    [
        (mask("AhKd"), [Range.full()], mask("Qs 7d"), 0, r"a board has 0, 3, 4 or 5 cards;"
         r" the board mask 0x\w+ has 2"),
        (mask("AhKdQs"), [Range.full()], 0, 0, r"hero holds two cards; the hero mask 0x\w+ has 3"),
        ("AhKd", [Range.full()], 0, 0, r"hero is a card mask or a Range, not 'AhKd'"),
        (mask("AhKd"), [], 0, 0, "give one Range per opponent seat, at least one"),
        (mask("AhKd"), Range.full(), 0, 0, "give one Range per opponent seat"),
        (mask("AhKd"), [Range.full(), "QQ+"], 0, 0, r"opponent 2's range is not a Range: 'QQ\+'"),
        (mask("AhKd"), [Range.parse("QQ")], mask("Qs Qh 2c"), mask("Qd"),
         r"opponent 1's range 'QQ' is empty once hero's cards, the board and the dead cards"),
        (mask("AhKd"), [Range.parse("AK")], 0, mask("As Ac Ad"), r"opponent 1's range 'AK' is"
         " empty"),
        (Range.parse("AA"), [Range.full()], mask("Ah 7d 2c"), mask("As Ad"),
         r"hero's range 'AA' is empty once the board and the dead cards are removed"),
        (mask("AhKd"), [Range.full()], mask("Ah 7d 2c"), 0, r"Ah appears twice: in the board"
         r" and the hero's hand"),
        (mask("AhKd"), [Range.full()], mask("Qs 7d 2c"), mask("2c"), r"2c appears twice"),
        (mask("AhKd"), [Range.full()] * 23, 0, 0, r"23 opponents, a board and 0 dead cards need"),
        (mask("AhKd"), [Range.full()], 1 << 60, 0, r"is not a card mask: only bits 0 to 51"),
        (mask("AhKd"), [Range.full()], 0, -1, r"is not a card mask"),
        (mask("AhKd"), [Range.full()], 0, 1.5, r"the dead mask must be an int, not 1\.5"),
        (mask("AhKd"), [Range.parse("AcAd"), aces_clash()], mask("Qs 7d 2c"), 0,
         "the ranges cannot all be dealt at once"),
    ],
)
def test_rejections_name_the_problem(hero: object, opponents: object, board: int, dead: int,
                                     message: str) -> None:
    with pytest.raises(PokerInputError, match=message):
        equity_vs_ranges(hero, opponents, board, dead)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [(dict(method="guess"), r"'guess' is not a method"),
     (dict(samples=0), r"samples must be at least 1"),
     (dict(precision=0.0), r"precision must be above 0"),
     (dict(method="exact", opponents=[Range.parse("22+")] * 3), r"exact counting handles")],
)
def test_option_rejections(kwargs: dict[str, object], message: str) -> None:
    arguments: dict[str, object] = dict(hero=mask("AhKd"), opponents=[Range.full()],
                                        board_mask=mask("Qs 7d 2c"))
    with pytest.raises(PokerInputError, match=message):
        equity_vs_ranges(**{**arguments, **kwargs})  # type: ignore[arg-type]


def test_a_coarse_precision_samples_fewer_deals() -> None:
    ranges = [Range.parse("TT+,AQ+:0.5,KQs"), Range.parse("88-55,A5s-A2s:0.5"),
              Range.parse("QJs,JTs,T9s:0.5")]
    coarse = equity_vs_ranges(mask("AhKd"), ranges, mask("Qs 7d 2c"), seed=2, precision=0.004)
    fine = equity_vs_ranges(mask("AhKd"), ranges, mask("Qs 7d 2c"), seed=2, precision=0.001)
    assert coarse.method == fine.method == "monte-carlo"
    assert coarse.stderr < 0.004 and fine.stderr < 0.001
    assert coarse.trials < 50_000 <= fine.trials
    assert abs(coarse.equity - fine.equity) < 4 * coarse.stderr


@pytest.mark.parametrize("board", ["", "Qs 7d 2c"])
def test_planning_stops_at_its_limit_with_the_same_answer(board: str) -> None:
    deal = ranges_deal(mask("AhKd"), [Range.parse("QQ+,AK,T9s"), Range.parse("JJ-99,AQs,KQ")],
                       mask(board), 0)
    whole = plan_exact(deal)
    assert whole is not None
    assert plan_exact(deal, whole.seconds) is not None
    assert plan_exact(deal, whole.seconds * 0.99) is None
