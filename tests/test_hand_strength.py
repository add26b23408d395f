"""Hand strength and potential against the published example and a plain count."""

import itertools

import pytest

from assistant.cards import cards_to_mask, parse_cards
from assistant.errors import PokerInputError
from assistant.evaluator import evaluate
from assistant.hand_strength import hand_strength


def test_published_example() -> None:
    # Billings, Papp, Schaeffer, Szafron (1998): A♦Q♣ on 3♥4♣J♥ has HS 0.585,
    # PPot 0.208 and NPot 0.274 (two cards to come).
    result = hand_strength("AdQc", "3h4cJh")
    assert round(result.strength, 3) == 0.585
    assert round(result.positive_potential, 3) == 0.208
    assert round(result.negative_potential, 3) == 0.274


def plain_strength(hero: str, board: str, dead: str) -> tuple[float, float, float]:
    """The definitions counted one case at a time with the public evaluator."""
    hero_cards, board_cards = parse_cards(hero), parse_cards(board)
    used = set(hero_cards + board_cards + parse_cards(dead))
    deck = [c for c in range(52) if c not in used]
    now = [0, 0, 0]
    later = [[0] * 3 for _ in range(3)]

    def standing(mine: list[int], theirs: list[int]) -> int:
        a, b = evaluate(cards_to_mask(mine)), evaluate(cards_to_mask(theirs))
        return 0 if a > b else (1 if a == b else 2)

    for opponent in itertools.combinations(deck, 2):
        current = standing(hero_cards + board_cards, list(opponent) + board_cards)
        now[current] += 1
        rest = [c for c in deck if c not in opponent]
        for extra in itertools.combinations(rest, 5 - len(board_cards)):
            full = board_cards + list(extra)
            later[current][standing(hero_cards + full, list(opponent) + full)] += 1
    hs = (now[0] + now[1] / 2) / sum(now)
    totals = [sum(row) for row in later]
    ppot = (later[2][0] + later[2][1] / 2 + later[1][0] / 2) / (totals[2] + totals[1] / 2)
    npot = (later[0][2] + later[1][2] / 2 + later[0][1] / 2) / (totals[0] + totals[1] / 2)
    return hs, ppot, npot


@pytest.mark.parametrize(
    ("hero", "board", "dead"),
    [
        ("9s8s", "7s6d2hKc", ""),
        ("QhJh", "Th2c4d", "2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As 2d 3d 5d 6d 7d 8d 9d Td"),
    ],
)
def test_matches_a_plain_count(hero: str, board: str, dead: str) -> None:
    result = hand_strength(hero, board, dead)
    expected = plain_strength(hero, board, dead)
    got = (result.strength, result.positive_potential, result.negative_potential)
    assert got == pytest.approx(expected, abs=1e-12)
    hs, ppot, npot = expected
    assert result.effective_strength == pytest.approx(hs * (1 - npot) + (1 - hs) * ppot)


@pytest.mark.parametrize(
    ("hero", "board", "message"),
    [
        ("AhKd", "", "needs a flop, turn or river"),
        ("AhKd", "Qs7d", "needs a flop, turn or river"),
        ("Ah", "Qs7d2c", "hero holds two cards"),
        ("AhKd", "Ah7d2c", "Ah appears twice"),
    ],
)
def test_rejections(hero: str, board: str, message: str) -> None:
    with pytest.raises(PokerInputError, match=message):
        hand_strength(hero, board)
