"""Pot arithmetic of one hand: uncalled bets, main and side pots, split pots.

Pure functions over integer chip amounts indexed by seat.  They follow pokerkit's
conventions, so that a hand played here finishes with the same stacks as there:
pots are cut at each distinct contribution level, neighbouring pots with the same
eligible seats are merged, and the odd chips of a split pot all go to the first
winner clockwise from the button.
"""

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Pot:
    """A main or side pot: its chips and the live seats that can win it."""

    amount: int
    eligible: tuple[int, ...]


def uncalled_bet(bets: Sequence[int]) -> tuple[int, int]:
    """The seat with the largest bet of a betting round and the part nobody matched.

    The excess of the largest bet over the second largest (folded seats count) goes
    back to its owner when the round ends.  The excess is 0 when the top bet is tied.

    >>> uncalled_bet([50, 300, 100])
    (1, 200)
    >>> uncalled_bet([100, 100, 0])
    (0, 0)
    """
    top = bets.index(max(bets))  # the first seat of the largest, as max() picks it
    second = sorted(bets)[-2]
    return top, bets[top] - second


def side_pots(contributions: Sequence[int], live: Sequence[bool], dead: int = 0) -> list[Pot]:
    """The main pot and side pots, main pot first, of the chips each seat put in.

    ``contributions[seat]`` is what the seat put in (folded seats included: their
    chips stay in play); ``live[seat]`` says whether it can still win.  A pot is cut
    at each distinct contribution level and is open to the live seats that reached
    that level.  ``dead`` chips (big-blind antes, say) belong to the main pot.

    >>> side_pots([100, 300, 300, 50], [True, True, True, False])
    [Pot(amount=350, eligible=(0, 1, 2)), Pot(amount=400, eligible=(1, 2))]
    >>> side_pots([0, 200, 200], [False, True, True], dead=60)
    [Pot(amount=460, eligible=(1, 2))]
    """
    pots: list[Pot] = []
    previous = 0
    amount = dead
    live_seats = [seat for seat, alive in enumerate(live) if alive]
    live_levels = {contributions[seat] for seat in live_seats}
    levels = sorted(set(contributions))
    top = levels[-1]
    for level in levels:
        # Each seat that reached this level puts in the step from the level below it
        # (a seat below it put in all it had at the levels below).
        amount += (level - previous) * len([paid for paid in contributions if paid >= level])
        previous = level
        # The live seats that reach a level change only above a live seat's level:
        # the levels up to there make one pot (an empty one is no pot).
        if amount and (level in live_levels or level == top):
            pots.append(Pot(amount, tuple([seat for seat in live_seats
                                           if contributions[seat] >= level])))
            amount = 0
    return pots


def split_pot(amount: int, winners: Sequence[int]) -> list[tuple[int, int]]:
    """Each winner's share of a pot as ``(seat, chips)``, in the order given.

    ``winners`` are listed clockwise from the button; as in pokerkit, the first one
    takes all the odd chips.

    >>> split_pot(101, [4, 1])
    [(4, 51), (1, 50)]
    >>> split_pot(101, [0, 1, 2])
    [(0, 35), (1, 33), (2, 33)]
    """
    share, odd = divmod(amount, len(winners))
    return [(seat, share + (odd if i == 0 else 0)) for i, seat in enumerate(winners)]
