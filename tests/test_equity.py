"""Equity against brute force, symmetry, sampling and every rejection."""

import numpy as np
import pytest

from assistant.cards import cards_to_mask, format_cards, parse_cards
from assistant.equity import (
    Equity,
    equity,
    known_deal,
    known_equities,
    parse_deal,
    plan_exact,
    pot_equities,
    solve,
)
from assistant.errors import Cancelled, PokerInputError
from assistant.ranges import parse_range
from tests.brute_force import brute_force_counts


def outcome_counts(result: Equity) -> np.ndarray:
    """The exact outcome counts behind an exact result (its probabilities times trials)."""
    probabilities = np.array([result.win, *result.split, result.lose])
    return np.rint(probabilities * result.trials).astype(np.int64)


def assert_matches_brute_force(hero: str, vs: list[str], board: str, dead: str,
                               n_random: int) -> None:
    result = equity(hero, board, len(vs) + n_random, vs, dead, method="exact")
    expected = brute_force_counts([hero, *vs], board, dead, n_random)
    assert result.exact and result.trials == expected.sum()
    assert (outcome_counts(result) == expected).all(), (outcome_counts(result), expected)


@pytest.mark.parametrize(
    ("hero", "vs", "dead"),
    [
        ("AsKs", ["QhQd"], ""),
        ("7c2d", ["AsKh", "Td9d"], "2h"),
        ("AhAd", ["KhKd", "QhJh", "5c4c"], "9h 8h"),  # heart flushes for three hands
    ],
)
def test_preflop_known_hands_match_brute_force(hero: str, vs: list[str], dead: str) -> None:
    assert_matches_brute_force(hero, vs, "", dead, 0)


@pytest.mark.parametrize(
    ("hero", "vs", "board", "dead", "n_random"),
    [
        ("AhKd", [], "Qs7d2c", "", 1),  # scenario S3
        ("9s8s", [], "7s6d2hKc", "", 2),
        ("9s8s", ["Ah3h"], "7s6d2hKc", "", 1),
        ("QhJh", [], "Th9h2c4d",
         "2d 3d 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 5s 6s 7s 8s 9s Ts Js Qs 2h 3h 4h 5h 6h 7h 8h", 3),
        ("AcKc", ["7d7h"], "Ts Js Qs", "2c 3c 4c 5c 6c 7c 8c 9c Tc 2h 3h 4h 5h 6h 8h 9h Th", 2),
        ("2c3d", [], "Ts Js Qs Ks As", "4c 5c 6c 7c 8c 9c Tc 2h 3h 4h 5h 6h 7h 8h 9h Th 2d", 3),
        ("Kc5d", [], "9s 9h 9d 9c 2s", "3c 4c 5c 6c 7c 8c Tc 3h 4h 5h 6h 7h 8h Th 3d 4d 6d", 3),
    ],
    ids=["S3", "turn-2", "turn-known", "turn-3", "flop-known-2", "royal-board", "quads-board"],
)
def test_postflop_random_opponents_match_brute_force(hero: str, vs: list[str], board: str,
                                                     dead: str, n_random: int) -> None:
    assert_matches_brute_force(hero, vs, board, dead, n_random)


def test_flop_against_two_random_matches_brute_force_counts() -> None:
    # Scenario S4. tests/brute_force.py counted these deals one by one (108 s).
    result = equity("AhKd", "Qs7d2c", opponents=2, method="exact")
    assert outcome_counts(result).tolist() == [331818670, 11079500, 231632, 623251768]


def test_published_heads_up_figure() -> None:
    # AKs against QQ: hero wins about 46.0% and ties about 0.4%.
    result = equity("AsKs", vs=["QhQd"])
    assert result.method == "exact"
    assert result.win == pytest.approx(0.460, abs=5e-4)
    assert result.split[0] == pytest.approx(0.004, abs=5e-4)


def test_royal_flush_on_board_splits_with_everyone() -> None:
    result = equity("2c3d", "Ts Js Qs Ks As", opponents=3)
    assert result.split == (0.0, 0.0, 1.0)
    assert result.equity == 0.25


def test_probabilities_sum_to_one_and_equity_is_the_expected_share() -> None:
    for result in (equity("AhKd", "Qs7d2c", opponents=3),
                   equity("JJ+,AK", vs=["QhQd", "22-66"], opponents=3, seed=1)):
        assert result.win + sum(result.split) + result.lose == pytest.approx(1.0, abs=1e-12)
        expected = result.win + sum(p / (s + 2) for s, p in enumerate(result.split))
        assert result.equity == pytest.approx(expected, abs=1e-12)


def test_equities_of_all_known_players_sum_to_one() -> None:
    hands = ["AhKh", "QsQd", "7c6c"]
    shares = [equity(hands[i], opponents=2, vs=hands[:i] + hands[i + 1:], method="exact").equity
              for i in range(3)]
    assert sum(shares) == pytest.approx(1.0, abs=1e-12)
    flop = [equity(hands[i], "2h 7h Qc", 2, hands[:i] + hands[i + 1:]).equity for i in range(3)]
    assert sum(flop) == pytest.approx(1.0, abs=1e-12)


def test_swapping_hero_and_villain_swaps_win_and_lose() -> None:
    first = equity("AhKd", "9c8c2s", vs=["QsQc"])
    second = equity("QsQc", "9c8c2s", vs=["AhKd"])
    assert first.win == second.lose and first.lose == second.win
    assert first.split == second.split


def test_range_equity_is_the_weighted_mean_of_its_combos() -> None:
    villain = "AhKd"
    combos = parse_range("JJ+,AQs:0.5").without(cards_to_mask(parse_cards(villain)))
    total, weight = 0.0, 0.0
    for combo, w in zip(combos.combos.tolist(), combos.weights.tolist(), strict=True):
        hand = equity(format_cards(combo), vs=[villain], method="exact")
        total += w * hand.equity
        weight += w
    ranged = equity("JJ+,AQs:0.5", vs=[villain], method="exact")
    assert ranged.equity == pytest.approx(total / weight, abs=1e-12)


def test_range_versus_range_is_exact_and_symmetric() -> None:
    # Scenario S7 and its mirror: the two sides' equities add up to one.
    hero, villain = "AA,KK,QQ,AKs", "22+,A2s+,KTs+,QJs,ATo+"
    first, second = equity(hero, vs=[villain]), equity(villain, vs=[hero])
    assert first.method == second.method == "exact"
    assert first.equity + second.equity == pytest.approx(1.0, abs=1e-12)
    assert first.win == pytest.approx(second.lose, abs=1e-12)


@pytest.mark.parametrize(
    ("hero", "board", "opponents", "vs"),
    [
        ("AhKd", "Qs7d2c", 3, []),
        ("9s8s", "", 1, ["Ac7d"]),
        ("QQ+,AKs", "Jh Tc 3s", 2, ["99-66"]),
    ],
)
def test_sampling_agrees_with_counting_within_four_standard_errors(
        hero: str, board: str, opponents: int, vs: list[str]) -> None:
    exact = equity(hero, board, opponents, vs, method="exact")
    sampled = equity(hero, board, opponents, vs, method="monte-carlo", seed=7, precision=0.003)
    assert not sampled.exact and sampled.stderr < 0.003
    assert abs(sampled.equity - exact.equity) < 4 * sampled.stderr


def test_sampling_is_reproducible_from_its_seed_and_honours_samples() -> None:
    first = equity("AcAd", opponents=5, method="monte-carlo", seed=3, samples=30_000)
    second = equity("AcAd", opponents=5, method="monte-carlo", seed=3, samples=30_000)
    assert first == second
    assert first.trials == 30_000 and first.method == "monte-carlo"


def test_automatic_method_choice() -> None:
    assert equity("AhKd", "Qs7d2c", opponents=2).method == "exact"
    assert equity("AhKd", "Qs7d2c", opponents=5, seed=1).method == "monte-carlo"
    assert equity("AhKd", opponents=4).method == "table"
    assert equity("AhKd", opponents=2, dead="2c", seed=1).method == "monte-carlo"
    big = parse_deal("any", "Qs7d2c", 3, ["any", "any"], "")
    assert plan_exact(big) is None


def test_progress_reaches_one_and_should_stop_cancels() -> None:
    fractions: list[float] = []
    equity("AhKd", "Qs7d2c", opponents=3, progress=fractions.append)
    assert fractions and fractions[-1] == 1.0 and fractions == sorted(fractions)
    with pytest.raises(Cancelled):
        equity("AhKd", "Qs7d2c", opponents=3, should_stop=lambda: True)
    with pytest.raises(Cancelled):
        equity("AhKd", opponents=6, method="monte-carlo", should_stop=lambda: True)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (dict(hero="AhKd", board="Ah7d2c"), r"Ah appears twice: in the board and the hero's hand"),
        (dict(hero="AhKd", vs=["KdQs"]), r"Kd appears twice: in the hero's hand and opponent 1"),
        (dict(hero="AhKd", board="Qs7d"), r"a board has 0, 3, 4 or 5 cards; 'Qs7d' has 2"),
        (dict(hero="AhKd", opponents=23), r"23 opponents, a board and 0 dead cards need 53"),
        (dict(hero="AhKd", opponents=0), r"opponents must be a whole number of at least 1"),
        (dict(hero="AhKd", vs=["QQ", "JJ"]), r"2 opponents' hands given for 1 opponents"),
        (dict(hero="AhKd", board="Qs Qh 2c", vs=["QQ"], dead="Qc"), r"the range 'QQ' is empty"),
        (dict(hero="AhKd", vs=["AA"], dead="As Ac"), r"the range 'AA' is empty"),
        (dict(hero="AhKd", board="Qs7d2c", opponents=4, method="exact"), r"exact counting"),
        (dict(hero="AhKd", opponents=2, method="table", dead="2c"), r"the preflop table answers"),
        (dict(hero="AhKd", method="guess"), r"'guess' is not a method"),
        (dict(hero="AhKd", samples=0), r"samples must be at least 1"),
        (dict(hero="Ah", opponents=1), r"'Ah' is not a hand or a range"),
        (dict(hero="AA", vs=["AA", "AA"], opponents=2), r"cannot all be dealt at once"),
    ],
)
def test_rejections_name_the_problem(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(PokerInputError, match=message):
        equity(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("hero", "board", "villain"),
    [("AhKd", "9s 8d 2c Kh", None), ("AhKd", "9s 8d 2c", "QhJh"), ("7c7d", "As Kh 7h", "8h9h"),
     ("2c2d", "Ts Js Qs Ks", None)],
)
def test_heads_up_agrees_with_holdem_calc(hero: str, board: str, villain: str | None) -> None:
    holdem_calc = pytest.importorskip("holdem_calc")
    opponent = ["?", "?"] if villain is None else [villain[:2], villain[2:]]
    tie, win, lose = holdem_calc.calculate(board.split(), True, 1, None,
                                           [hero[:2], hero[2:], *opponent], False)
    ours = equity(hero, board, vs=[] if villain is None else [villain])
    assert (ours.win, ours.split[0], ours.lose) == pytest.approx((win, tie, lose), abs=1e-12)


@pytest.mark.parametrize(("hands", "board", "dead"), [
    (["AhKd", "QsQc"], "", ""), (["AhKd", "QsQc", "7h7d"], "2c9hTs", "Jc"),
    (["AsAd", "KcKd"], "2h7c9dJs", "")])
def test_a_deal_of_known_hands_is_the_parsed_one(hands: list[str], board: str,
                                                 dead: str) -> None:
    deal = known_deal([parse_cards(hand) for hand in hands], parse_cards(board),
                      parse_cards(dead))
    parsed = parse_deal(hands[0], board, len(hands) - 1, hands[1:], dead)
    assert (deal.board, deal.dead, deal.n_random) == (parsed.board, parsed.dead, 0)
    for ours, theirs in zip(deal.players, parsed.players, strict=True):
        assert ours.combos.tolist() == theirs.combos.tolist()
        assert ours.weights.tolist() == theirs.weights.tolist()
    assert solve(deal, "exact") == solve(parsed, "exact")


@pytest.mark.parametrize(("hands", "board", "dead"), [
    (["AhKd", "QsQc"], "", ""), (["7h7d", "AhKd", "QsQc"], "", "Jc"), (["2c2d", "AsKs"], "", ""),
    (["AhKd", "QsQc", "7h7d"], "2c9hTs", "Jc"), (["AsAd", "KcKd"], "2h7c9dJs", ""),
    (["KcKd", "AsAd"], "2h7c9dJs", "3c4c"), (["9c8c", "AhAd", "KsKh"], "7c6c2d", ""),
    (["AsAd", "KcKd"], "2h7c9dJs3s", "")])
def test_known_equities_are_the_solved_deals(hands: list[str], board: str, dead: str) -> None:
    cards = [parse_cards(hand) for hand in hands]
    solved = [solve(known_deal([cards[h], *cards[:h], *cards[h + 1:]], parse_cards(board),
                               parse_cards(dead)), "exact").equity for h in range(len(cards))]
    assert known_equities(cards, parse_cards(board), parse_cards(dead)) == solved[:1]
    assert known_equities(cards, parse_cards(board), parse_cards(dead),
                          heroes=len(cards)) == solved
    assert sum(solved) == pytest.approx(1, abs=1e-12)


@pytest.mark.parametrize(("hands", "board", "pots"), [
    (["AhKd", "QsQc"], "", [(0, 1), (1, 0)]),
    (["AcKc", "QdQh", "Js9s", "7c6c"], "", [(0, 1, 2, 3), (1, 2, 3), (2, 1)]),
    (["AcKc", "2d2h", "Ts9s"], "", [(1, 2)]),  # only the hand out of the pot flushes
    (["AhKd", "QsQc", "7h7d"], "2c9hTs", [(2, 0, 1), (0, 2)]),
    (["AsAd", "KcKd", "9h8h"], "2h7c9dJh", [(0, 1, 2), (1, 2)])])
def test_pot_equities_are_each_pot_s_solved_deal(hands: list[str], board: str,
                                                 pots: list[tuple[int, ...]]) -> None:
    """Each pot solved on its own, the hands out of it as dead cards."""
    cards = [parse_cards(hand) for hand in hands]
    expected = []
    for pot in pots:
        mine = [cards[i] for i in pot]
        dead = [card for i in range(len(cards)) if i not in pot for card in cards[i]]
        expected.append([solve(known_deal([mine[h], *mine[:h], *mine[h + 1:]],
                                          parse_cards(board), dead), "exact").equity
                         for h in range(len(pot) - 1)])
    assert pot_equities(cards, parse_cards(board), pots) == expected


@pytest.mark.parametrize("pot", [(0,), (0, 0), (0, 3), ()])
def test_pot_equities_refuse_a_pot_that_is_not_two_of_the_hands(pot: tuple[int, ...]) -> None:
    with pytest.raises(PokerInputError, match="a pot of"):
        pot_equities([parse_cards("AhKd"), parse_cards("QsQc"), parse_cards("7h7d")], (), [pot])


@pytest.mark.parametrize(("hands", "board", "message"), [
    (["AhKd", "AhQc"], "", "Ah appears twice"), (["AhKd", "QsQc"], "Kd2c3c", "Kd appears"),
    (["AhKd"], "", "two or more hands"), (["AhKd", "QsQc"], "2c3c", "two or more hands")])
def test_a_deal_of_known_hands_refuses_a_bad_one(hands: list[str], board: str,
                                                 message: str) -> None:
    with pytest.raises(PokerInputError, match=message):
        known_deal([parse_cards(hand) for hand in hands], parse_cards(board))
    with pytest.raises(PokerInputError, match=message):
        known_equities([parse_cards(hand) for hand in hands], parse_cards(board))
