"""Random hands as card masks, reproducible from a seed (for sampling and tests)."""

import numpy as np

from assistant.encoding import N_CARDS


def random_masks(n_hands: int, n_cards: int, seed: int) -> np.ndarray:
    """``n_hands`` uniformly random masks (uint64) of ``n_cards`` distinct cards each.

    >>> masks = random_masks(1000, 7, seed=1)
    >>> masks.dtype, bool((np.bitwise_count(masks) == 7).all())
    (dtype('uint64'), True)
    """
    rng = np.random.default_rng(seed)
    masks = np.zeros(n_hands, dtype=np.uint64)
    todo = np.arange(n_hands)
    while todo.size:
        cards = rng.integers(0, N_CARDS, size=(todo.size, n_cards), dtype=np.uint64)
        drawn = np.bitwise_or.reduce(np.uint64(1) << cards, axis=1)
        distinct = np.bitwise_count(drawn) == n_cards
        masks[todo[distinct]] = drawn[distinct]
        todo = todo[~distinct]
    return masks
