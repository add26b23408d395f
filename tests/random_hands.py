"""Random legal hands for property tests: tables of 2 to 6 seats played by random legal
actions, stopping wherever the test wants to look."""

from collections.abc import Iterator

import numpy as np

from assistant.hand import Action, ActionKind, Hand, HandConfig


def random_table(rng: np.random.Generator) -> HandConfig:
    """2 to 6 seats, blinds 1/2, stacks from 10 to 400 chips."""
    n = int(rng.integers(2, 7))
    return HandConfig.standard([int(rng.integers(10, 400)) for _ in range(n)],
                               button=int(rng.integers(n)), small_blind=1, big_blind=2)


def play_randomly(hand: Hand, rng: np.random.Generator) -> Iterator[int]:
    """Deal and act at random until the hand is over, yielding the seat to act before
    each of its actions (the hand is at that seat's decision while the caller looks)."""
    deck = rng.permutation(52).tolist()
    for seat in range(hand.config.n_seats):
        hand.deal_hole(seat, [deck.pop(), deck.pop()])
    while not hand.is_over:
        if hand.needs_board:
            hand.deal_board([deck.pop() for _ in range(3 if not hand.board else 1)])
            continue
        seat = hand.to_act
        if seat is None:
            return
        yield seat
        kinds = sorted(hand.legal_actions() - {ActionKind.ALL_IN}) or [ActionKind.ALL_IN]
        kind = kinds[int(rng.integers(len(kinds)))]
        if kind in (ActionKind.BET, ActionKind.RAISE):
            low, high = hand.min_raise_to(), hand.max_raise_to()
            assert low is not None and high is not None
            hand.apply(Action(kind, seat, int(rng.integers(low, high + 1))))
        else:
            hand.apply(Action(kind, seat))
