"""Card notation: both notations, round trips, and every rejection."""

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assistant.cards import (
    cards_to_mask,
    format_card,
    format_cards,
    mask_to_cards,
    parse_card,
    parse_cards,
)
from assistant.encoding import N_CARDS, RANKS, SUITS
from assistant.errors import PokerInputError


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("As Kd", "AsKd"),
        ("AsKd", "AsKd"),
        ("as kd", "AsKd"),
        ("Td 10d", None),  # the same card twice: rejected below
        ("10d", "Td"),
        ("12d 1s", "QdAs"),
        ("13h11c", "KhJc"),
        ("2c,3c; 4c", "2c3c4c"),
        ("A♠ K♦ Q♥ J♣", "AsKdQhJc"),
        ("", ""),
        ("   ", ""),
    ],
)
def test_parse_cards_notations(text: str, expected: str | None) -> None:
    if expected is None:
        with pytest.raises(PokerInputError, match="Td appears twice"):
            parse_cards(text)
    else:
        assert format_cards(parse_cards(text)) == expected


def test_card_layout_is_clubs_lowest_thirteen_bits_per_suit() -> None:
    assert cards_to_mask(parse_cards("2c")) == 1
    assert cards_to_mask(parse_cards("Ac")) == 1 << 12
    assert cards_to_mask(parse_cards("2d")) == 1 << 13
    assert cards_to_mask(parse_cards("2h")) == 1 << 26
    assert cards_to_mask(parse_cards("As")) == 1 << 51


def test_every_card_round_trips_in_both_notations() -> None:
    numbers = {"A": "1", "T": "10", "J": "11", "Q": "12", "K": "13"}
    for card in range(N_CARDS):
        text = format_card(card)
        assert parse_card(text) == card
        assert parse_card(numbers.get(text[0], text[0]) + text[1]) == card
        assert parse_card(text.lower()) == card


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Xs", r"'Xs' in 'Xs' is not a card"),
        ("As Kx", r"'Kx' in 'As Kx' is not a card"),
        ("AsK", r"'K' in 'AsK' is not a card"),
        ("14s", r"'14s' in '14s' is not a card"),
        ("0h", r"'0h' in '0h' is not a card"),
        ("As As", r"As appears twice in 'As As'"),
        ("12d Qd", r"Qd appears twice in '12d Qd'"),
        ("A\u017f", r"'A\u017f' in 'A\u017f' is not a card"),  # long s: no Unicode case folding
        ("\u212ad", r"'\u212ad' in '\u212ad' is not a card"),  # Kelvin sign
    ],
)
def test_parse_cards_rejects_with_the_bad_text(text: str, message: str) -> None:
    with pytest.raises(PokerInputError, match=message):
        parse_cards(text)


def test_parse_cards_limits_the_count() -> None:
    assert len(parse_cards("AsKd", max_cards=2)) == 2
    with pytest.raises(PokerInputError, match=r"'AsKdQc' has 3 cards; at most 2"):
        parse_cards("AsKdQc", max_cards=2)


@pytest.mark.parametrize("text", ["", "A", "Ass", "As Kd", "1", "10"])
def test_parse_card_takes_exactly_one_card(text: str) -> None:
    with pytest.raises(PokerInputError, match="is not a card"):
        parse_card(text)


@pytest.mark.parametrize("bad", [[-1], [52], ["As"], [0, 0]])
def test_cards_to_mask_rejects_bad_indices(bad: list[object]) -> None:
    with pytest.raises(PokerInputError):
        cards_to_mask(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [-1, 1 << 52])
def test_mask_to_cards_rejects_bits_outside_the_deck(bad: int) -> None:
    with pytest.raises(PokerInputError, match="is not a card mask"):
        mask_to_cards(bad)


@given(st.lists(st.integers(0, N_CARDS - 1), unique=True, max_size=N_CARDS),
       st.sampled_from(["", " ", ",", ", "]))
def test_format_then_parse_round_trips(cards: list[int], separator: str) -> None:
    assert parse_cards(format_cards(cards, separator)) == cards
    assert mask_to_cards(cards_to_mask(cards)) == sorted(cards)


@given(st.text(alphabet=RANKS + SUITS + RANKS.lower() + "0123456789 ,;♠♥xX\t", max_size=30))
def test_parse_cards_never_fails_with_anything_but_a_clear_error(text: str) -> None:
    try:
        cards = parse_cards(text)
    except PokerInputError as error:
        assert repr(text) in str(error) or "appears twice" in str(error)
    else:
        assert len(set(cards)) == len(cards)
        assert all(0 <= card < N_CARDS for card in cards)


@given(st.text(max_size=20))
def test_parse_cards_on_arbitrary_text(text: str) -> None:
    with contextlib.suppress(PokerInputError):
        parse_cards(text)


@given(st.lists(st.sampled_from([*RANKS, *RANKS.lower(), "1", "10", "11", "12", "13"]),
                min_size=1, max_size=6),
       st.lists(st.sampled_from([*SUITS, *SUITS.upper(), "♣", "♦", "♥", "♠"]),
                min_size=6, max_size=6))
def test_a_word_of_cards_reads_card_by_card(ranks: list[str], suits: list[str]) -> None:
    """Two-letter cards are read by a table, others by the pattern: one card at a time
    (parse_card) they must read the same."""
    words = [rank + suit for rank, suit in zip(ranks, suits, strict=False)]
    try:
        expected = [parse_card(word) for word in words]
        read = parse_cards("".join(words))
    except PokerInputError as error:
        assert "appears twice" in str(error)
    else:
        assert read == expected
