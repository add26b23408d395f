"""Range notation to combo weights and back, for the range editor's text box: a thin
edge over :class:`assistant.ranges.Range` (blank text is the empty range)."""

import numpy as np

from assistant.combos import N_COMBOS
from assistant.range_view import check_weights
from assistant.ranges import Range


def weights_from_notation(text: str) -> np.ndarray:
    """float64 (1326,): the weights of a range in notation (blank text is the empty range).

    >>> int(weights_from_notation("QQ+,AKs:0.5").sum())
    20
    """
    if not text.strip():
        return np.zeros(N_COMBOS)
    return np.array(Range.parse(text).weights, dtype=np.float64)


def notation_from_weights(weights: np.ndarray, dead_mask: int = 0) -> str:
    """A range's weights in compact notation (:meth:`Range.to_notation`), the combos
    that use a card of ``dead_mask`` written with whatever weight keeps it short; the
    empty range is blank.

    >>> notation_from_weights(weights_from_notation("KK:0.5, AA, AKs"))
    'AA,KK:0.5,AKs'
    >>> from assistant.cards import cards_to_mask, parse_cards
    >>> notation_from_weights(weights_from_notation("AA,AsAh:0"), cards_to_mask(parse_cards("As")))
    'AA'
    """
    weights = check_weights(weights)
    if not weights.any():
        return ""
    return Range.from_weights(weights).to_notation(dead_mask)
