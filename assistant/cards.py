"""Card notation: parse and format cards, card lists and card masks.

Two notations are read, in any mix and case, with or without spaces or commas
between cards:

* letters: ``As Kd``, ``AsKd``, ``Td`` or ``10d``;
* numbers: ``1s`` (ace), ``2d`` .. ``10h``, ``11c`` (jack), ``12d`` (queen),
  ``13h`` (king).

Suits may also be written with the symbols ``♣ ♦ ♥ ♠``.  The encoding of a card
index and of a card mask is fixed in :mod:`assistant.encoding`.
"""

import re
from collections.abc import Iterable

from assistant.encoding import N_CARDS, RANKS, SUITS, card_index, card_rank, card_suit
from assistant.errors import PokerInputError

_RANK_BY_TEXT = {letter: rank for rank, letter in enumerate(RANKS)}
_RANK_BY_TEXT.update({str(rank + 2): rank for rank in range(9)})  # 2..10
_RANK_BY_TEXT.update({"1": 12, "11": 9, "12": 10, "13": 11})
_SUIT_BY_TEXT = {letter: suit for suit, letter in enumerate(SUITS)}
_SUIT_BY_TEXT.update({"♣": 0, "♧": 0, "♦": 1, "♢": 1, "♥": 2, "♡": 2, "♠": 3, "♤": 3})

# Longest rank first, so that "10d" and "13h" are not read as "1" + junk.  Case is
# folded in ASCII only: Unicode folding would let the Kelvin sign pass for "k".
_CARD = re.compile(r"(10|1[1-3]|[2-9]|1|[akqjt])([cdhs♣♧♦♢♥♡♠♤])", re.IGNORECASE | re.ASCII)
_SEPARATORS = re.compile(r"[\s,;]+")
_LETTER_CARDS = {rank_text + suit_text: card_index(rank, suit)
                 for rank, letter in enumerate(RANKS) for rank_text in {letter, letter.lower()}
                 for suit, suit_letter in enumerate(SUITS)
                 for suit_text in (suit_letter, suit_letter.upper())}
"""The two-letter cards (``As``, ``as``, ``AS``), read at once: ``_CARD`` reads the
same card from the same two characters, as no rank of one character starts a longer one
(``1``, of ``10`` to ``13``, is not here)."""
_EXPECTED = "a rank (2-9, T, J, Q, K, A, or 1-13) followed by a suit (c, d, h, s)"


def parse_card(text: str) -> int:
    """The card index of one card written as text.

    >>> parse_card("As"), parse_card("12d"), parse_card("10h")
    (51, 23, 34)
    """
    match = _CARD.fullmatch(text.strip())
    if match is None:
        raise PokerInputError(f"{text!r} is not a card: expected {_EXPECTED}")
    return _card_from_match(match)


def parse_cards(text: str, max_cards: int | None = None) -> list[int]:
    """The card indices written in ``text``, in order, each at most once.

    Raises :class:`PokerInputError` naming the unreadable text, the repeated card, or
    the count when more than ``max_cards`` cards are given.

    >>> parse_cards("AsKd"), parse_cards("12d 1s"), parse_cards("")
    ([51, 24], [23, 51], [])
    """
    cards = read_cards(text)
    ensure_distinct(cards, text)
    if max_cards is not None and len(cards) > max_cards:
        raise PokerInputError(
            f"{text!r} has {len(cards)} cards; at most {max_cards} are allowed here"
        )
    return cards


def read_cards(text: str) -> list[int]:
    """The card indices written in ``text``, in order, repeats allowed.

    >>> read_cards("As as")
    [51, 51]
    """
    cards: list[int] = []
    if not len(text) & 1:  # two-letter cards, nothing between them: read pair by pair
        for at in range(0, len(text), 2):
            card = _LETTER_CARDS.get(text[at:at + 2])
            if card is None:
                cards = []
                break
            cards.append(card)
        else:
            return cards
    for word in _SEPARATORS.split(text.strip()):
        position = 0
        while position < len(word):
            card = _LETTER_CARDS.get(word[position:position + 2])
            if card is not None:
                cards.append(card)
                position += 2
                continue
            match = _CARD.match(word, position)
            if match is None:
                raise PokerInputError(
                    f"{word[position:]!r} in {text!r} is not a card: expected {_EXPECTED}"
                )
            cards.append(_card_from_match(match))
            position = match.end()
    return cards


def ensure_distinct(cards: Iterable[int], where: str) -> None:
    """Raise :class:`PokerInputError` naming the first card that occurs twice."""
    seen = 0
    for card in cards:
        if seen >> card & 1:
            raise PokerInputError(f"{format_card(card)} appears twice in {where!r}")
        seen |= 1 << card


def format_card(card: int) -> str:
    """The two-character text of a card index.

    >>> format_card(51), format_card(0)
    ('As', '2c')
    """
    if not 0 <= card < N_CARDS:
        raise PokerInputError(f"{card!r} is not a card index (0 to {N_CARDS - 1})")
    return RANKS[card_rank(card)] + SUITS[card_suit(card)]


def format_cards(cards: Iterable[int], separator: str = "") -> str:
    """The text of several cards, joined by ``separator``.

    >>> format_cards([51, 24])
    'AsKd'
    """
    return separator.join(format_card(card) for card in cards)


def cards_to_mask(cards: Iterable[int]) -> int:
    """The 52-bit mask of a list of card indices; each card may occur once.

    >>> cards_to_mask(parse_cards("2c 3c")), cards_to_mask([51]) == 1 << 51
    (3, True)
    """
    if type(cards) is not tuple:
        cards = list(cards)
    mask = 0
    for card in cards:
        if not isinstance(card, int) or not 0 <= card < N_CARDS:
            raise PokerInputError(f"{card!r} is not a card index (0 to {N_CARDS - 1})")
        mask |= 1 << card
    if mask.bit_count() != len(cards):
        ensure_distinct(cards, format_cards(cards, " "))  # raises, naming the repeat
    return mask


def mask_to_cards(mask: int) -> list[int]:
    """The card indices of a mask, lowest first.

    >>> format_cards(mask_to_cards((1 << 51) | 1), " ")
    '2c As'
    """
    mask = int(mask)
    if mask < 0 or mask >> N_CARDS:
        raise PokerInputError(f"{mask:#x} is not a card mask: only bits 0 to 51 may be set")
    return [card for card in range(N_CARDS) if mask >> card & 1]


def _card_from_match(match: re.Match[str]) -> int:
    return card_index(_RANK_BY_TEXT[match[1].upper()], _SUIT_BY_TEXT[match[2].lower()])
