"""One hand dealt and played to the end with the project's own hand state.

A *policy* is a callable ``(hand, seat, rng) -> Action`` for the seat to act.  The
:class:`~assistant.hand.Hand` it is given holds every seat's hole cards, because the
dealer needs them at showdown; the rule every policy here keeps is that it reads only
its own hole cards (``hand.hole_cards(seat)`` or ``hand.decision(seat)``), the board,
the stacks and the public log of betting actions, never another seat's cards.
``rng`` is the hand's numpy generator, for policies that mix.
"""

from collections.abc import Callable, Sequence

import numpy as np

from assistant.encoding import N_CARDS
from assistant.errors import PokerInputError
from assistant.hand import NEW_BOARD_CARDS, Action, ActionKind, Hand, HandConfig, Street

Policy = Callable[[Hand, int, np.random.Generator], Action]

BETTING_KINDS = frozenset({ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET,
                           ActionKind.RAISE, ActionKind.ALL_IN})
"""The kinds of action a policy may return."""


def passive(hand: Hand, seat: int) -> Action:
    """Check when nothing is owed, else call."""
    return Action(ActionKind.CALL if hand.to_call(seat) else ActionKind.CHECK, seat)


def give_up(hand: Hand, seat: int) -> Action:
    """Check when nothing is owed, else fold."""
    return Action(ActionKind.FOLD if hand.to_call(seat) else ActionKind.CHECK, seat)


def raise_to(hand: Hand, seat: int, total: float) -> Action:
    """A bet or raise to ``total`` chips this street, rounded and kept within the legal
    sizes (the all-in at most); a call or check when no raise is legal.

    >>> hand = Hand(HandConfig.standard([200, 200], button=0, small_blind=1, big_blind=2))
    >>> raise_to(hand, 0, 6.4), raise_to(hand, 0, 1), raise_to(hand, 0, 10**6).amount
    (Action(kind=<ActionKind.RAISE: 'raise'>, seat=0, amount=6, cards=()),\
 Action(kind=<ActionKind.RAISE: 'raise'>, seat=0, amount=4, cards=()), 200)
    """
    lowest, highest = hand.min_raise_to(), hand.max_raise_to()
    if lowest is None or highest is None:
        return passive(hand, seat)
    return hand.bet_or_raise_to(seat, min(max(round(total), lowest), highest))


def pot_raise_to(hand: Hand, seat: int, fraction: float) -> float:
    """The raise-to total of a bet of ``fraction`` of the pot after calling."""
    owed = hand.to_call(seat)
    return hand.street_contribution(seat) + owed + fraction * (hand.pot + owed)


def play_hand(stacks: Sequence[int], button: int, policies: Sequence[Policy],
              rng: np.random.Generator, small_blind: int, big_blind: int,
              names: Sequence[str] = ()) -> Hand:
    """Deal a hand from a shuffled deck and play it to the end: each seat's policy acts in
    turn, the board comes street by street, and every live seat shows at showdown.
    ``names`` names the seats' players (none by default).

    A policy's action must be its own and legal; otherwise the hand's
    :class:`PokerInputError` names the seat and what is wrong.

    >>> from assistant.simulate.bots import make_bot
    >>> hand = play_hand([200, 200], 0, [make_bot("jam", 2)] * 2,
    ...                  np.random.default_rng(1), 1, 2)
    >>> hand.is_over, sum(hand.finishing_stacks())
    (True, 400)
    """
    n = len(stacks)
    if len(policies) != n:
        raise PokerInputError(f"{len(policies)} policies for {n} seats")
    hand = Hand(HandConfig.standard(stacks, button, small_blind, big_blind, names=names))
    deck = rng.permutation(N_CARDS).tolist()
    for seat in range(n):
        hand.deal_hole(seat, deck[2 * seat: 2 * seat + 2])
    board = iter(deck[2 * n: 2 * n + 5])
    while not hand.is_over:
        actor = hand.to_act
        if actor is not None:
            action = policies[actor](hand, actor, rng)
            if action.seat != actor or action.kind not in BETTING_KINDS:
                raise PokerInputError(f"the policy of {hand.config.seat_name(actor)} returned"
                                      f" {action!r}, not a betting action of its own")
            hand.apply(action)
        elif hand.needs_board:
            street = Street(hand.street + 1)
            hand.deal_board([next(board) for _ in range(NEW_BOARD_CARDS[street])])
        else:
            for live in hand.live_seats():
                if not hand.has_shown(live):
                    hand.show(live)
            assert hand.is_over, "every live seat has shown, yet the hand goes on"
    return hand
