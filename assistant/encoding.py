"""The one place that fixes how cards, card sets and hand strengths are encoded.

Cards
    A card is an index ``0..51``: ``index = SUIT_BITS * suit + rank`` with ranks
    ``0..12`` for deuce..ace (``RANKS``) and suits ``0..3`` for clubs, diamonds,
    hearts, spades (``SUITS``).  A set of cards is a 64-bit mask with bit ``index``
    set, so each suit owns 13 consecutive bits: clubs bits 0-12, diamonds 13-25,
    hearts 26-38, spades 39-51 (``SUIT_MASK << SUIT_BITS * suit``).

Strengths
    A hand strength is a non-negative integer below ``2**16``; larger is better and
    two hands tie exactly when their strengths are equal.  The category
    (``HIGH_CARD`` .. ``STRAIGHT_FLUSH``) is ``strength >> CATEGORY_SHIFT`` and the
    low ``CATEGORY_SHIFT`` bits rank the hand within its category, 0 being the
    weakest hand of that category (for example 7-5-4-3-2 high is strength 0).
"""

from collections.abc import Sequence
from typing import Final

RANKS: Final = "23456789TJQKA"
SUITS: Final = "cdhs"
N_RANKS: Final = 13
N_SUITS: Final = 4
N_CARDS: Final = 52
SUIT_BITS: Final = 13
SUIT_MASK: Final = (1 << SUIT_BITS) - 1
DECK_MASK: Final = (1 << N_CARDS) - 1

RANK_NAMES: Final = (
    "deuce", "three", "four", "five", "six", "seven", "eight",
    "nine", "ten", "jack", "queen", "king", "ace",
)
RANK_PLURALS: Final = (
    "deuces", "threes", "fours", "fives", "sixes", "sevens", "eights",
    "nines", "tens", "jacks", "queens", "kings", "aces",
)
SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")

CATEGORY_SHIFT: Final = 12
HIGH_CARD: Final = 0
PAIR: Final = 1
TWO_PAIR: Final = 2
THREE_OF_A_KIND: Final = 3
STRAIGHT: Final = 4
FLUSH: Final = 5
FULL_HOUSE: Final = 6
FOUR_OF_A_KIND: Final = 7
STRAIGHT_FLUSH: Final = 8
CATEGORY_NAMES: Final = (
    "high card", "pair", "two pair", "three of a kind", "straight",
    "flush", "full house", "four of a kind", "straight flush",
)
N_CATEGORIES: Final = len(CATEGORY_NAMES)


def card_index(rank: int, suit: int) -> int:
    """The index of the card of ``rank`` (0 = deuce) and ``suit`` (0 = clubs).

    >>> card_index(12, 3)  # the ace of spades
    51
    """
    return SUIT_BITS * suit + rank


def card_rank(card: int) -> int:
    """The rank of a card index, 0 (deuce) to 12 (ace)."""
    return card % SUIT_BITS


def card_suit(card: int) -> int:
    """The suit of a card index, 0 (clubs) to 3 (spades)."""
    return card // SUIT_BITS


def strength_category(strength: int) -> int:
    """The category of a strength, ``HIGH_CARD`` (0) to ``STRAIGHT_FLUSH`` (8).

    >>> CATEGORY_NAMES[strength_category((FULL_HOUSE << CATEGORY_SHIFT) | 7)]
    'full house'
    """
    return strength >> CATEGORY_SHIFT


def suit_pattern(hands: Sequence[Sequence[int]], dead_mask: int = 0) -> tuple[int, ...]:
    """A key equal for two deals of ``hands`` (card indices, in the players' order) and
    dead cards exactly when a renaming of the suits maps one to the other.

    Each suit is described by the ranks the dead cards and then each player hold in it,
    :data:`SUIT_BITS` bits each; sorting the four descriptions forgets the suits' names.

    >>> suit_pattern([[51, 50], [12, 11]]) == suit_pattern([[25, 24], [38, 37]])
    True
    """
    descriptions = []
    for s in range(N_SUITS):
        description = (dead_mask >> (s * SUIT_BITS)) & SUIT_MASK
        for hand in hands:
            held = sum(1 << (c % SUIT_BITS) for c in hand if c // SUIT_BITS == s)
            description = description << SUIT_BITS | held
        descriptions.append(description)
    return tuple(sorted(descriptions))
