"""Bet sizes a player names at the table, from plain chip counts.

A pot-sized raise is the call plus the pot after the call: with ``pot`` in the
middle (every bet included) and ``to_call`` owed, raising "the pot" puts in
``to_call + (pot + to_call)`` new chips.  A fraction of the pot scales the part after
the call.  Amounts are whole chips; the engine's :class:`~assistant.hand.Hand` says
which totals are legal (``min_raise_to`` / ``max_raise_to``).
"""

from assistant.errors import PokerInputError


def pot_fraction_raise_to(pot: int, to_call: int, street_bet: int, fraction: float) -> int:
    """The bet or raise-to total of a raise of ``fraction`` of the pot.

    ``street_bet`` is what the player has bet this street already, so the total is
    ``street_bet + to_call + fraction * (pot + to_call)``, rounded to whole chips.

    >>> pot_fraction_raise_to(pot=105, to_call=60, street_bet=0, fraction=1.0)
    225
    >>> pot_fraction_raise_to(pot=100, to_call=0, street_bet=0, fraction=0.5)
    50
    >>> pot_fraction_raise_to(pot=90, to_call=20, street_bet=10, fraction=1.0)
    140
    """
    for name, value in (("pot", pot), ("to call", to_call), ("street bet", street_bet)):
        if value < 0:
            raise PokerInputError(f"the {name} {value!r} is negative")
    if not fraction > 0:
        raise PokerInputError(f"a pot fraction of {fraction!r} is not a bet")
    return street_bet + to_call + round(fraction * (pot + to_call))


def min_raise_chips(to_call: int, big_blind: int, stack: int) -> int | None:
    """The new chips of the smallest bet or raise for a player with nothing in yet
    this street, by the no-limit rule that a raise is at least the bet it raises
    (a bet at least the big blind); capped at the stack (an all-in), and None when
    the stack cannot even call.  Without the betting log, the bet faced is taken as
    one bet: after a raise the true minimum may be lower, never higher.

    >>> min_raise_chips(to_call=0, big_blind=2, stack=200)
    2
    >>> min_raise_chips(to_call=40, big_blind=2, stack=200)
    80
    >>> min_raise_chips(to_call=150, big_blind=2, stack=200)
    200
    >>> min_raise_chips(to_call=200, big_blind=2, stack=200) is None
    True
    """
    if stack <= to_call:
        return None
    return min(stack, to_call + max(to_call, big_blind))


def break_even_equity(pot: float, to_call: float) -> float:
    """The share of the final pot a call must win to break even: the call over the
    pot after calling (``pot`` includes every bet made so far).

    >>> round(break_even_equity(pot=100, to_call=40), 4)
    0.2857
    >>> break_even_equity(pot=30, to_call=0)
    0.0
    """
    if pot < 0 or to_call < 0 or pot + to_call == 0:
        raise PokerInputError(f"no pot odds for a pot of {pot!r} and a call of {to_call!r}")
    return to_call / (pot + to_call)


def pot_fraction(pot: float, to_call: float, new_chips: float) -> float:
    """A bet or raise as the fraction of the pot that players say: the chips beyond
    the call over the pot after the call (1.0 is a pot-sized raise; see
    :func:`pot_fraction_raise_to`).

    >>> pot_fraction(pot=105, to_call=60, new_chips=225)
    1.0
    >>> pot_fraction(pot=100, to_call=0, new_chips=50)
    0.5
    """
    if pot + to_call <= 0:
        raise PokerInputError(f"no pot to size a bet against: pot {pot!r}, call {to_call!r}")
    return (new_chips - to_call) / (pot + to_call)
