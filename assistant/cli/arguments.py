"""Argument types and output helpers shared by the commands.

Every number is range-checked here, where it enters: argparse then ends the command
with status 2 and a message quoting the bad value, before any work is done.
"""

import argparse
import math
from collections.abc import Callable

from assistant.equity_methods import MAX_OPPONENTS, MAX_TRIALS, METHODS

MAX_CHIPS = 1e15
"""The largest amount of chips taken: sums of a few stay exact in a float."""
MAX_SEED = 2**64 - 1
"""Seeds are 0 to 2**64 - 1."""


def chips(text: str) -> float:
    """An amount of chips from the command line: a finite number, 0 to ``MAX_CHIPS``.

    >>> chips("1,000")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: '1,000' is not a number of chips
    """
    try:
        amount = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of chips") from None
    if not math.isfinite(amount) or not 0 <= amount <= MAX_CHIPS:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a number of chips from 0 to {MAX_CHIPS:,.0f}")
    return amount


def whole_number(low: int, high: int | None, what: str) -> Callable[[str], int]:
    """The type of an integer option from ``low`` to ``high`` (no limit if ``None``):
    ``what`` names it.

    >>> whole_number(1, 9, "opponents")("10")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: '10' opponents: must be a whole number from 1 to 9
    """
    limits = f"from {low:,} to {high:,}" if high is not None else f"of at least {low:,}"

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(
                f"{text!r} {what}: must be a whole number {limits}")
        return value
    return parse


def kelly_scale(text: str) -> float:
    """A fraction of the Kelly bet, in (0, 1].

    >>> kelly_scale("0.5")
    0.5
    """
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 < value <= 1:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a fraction of the Kelly bet: more than 0, at most 1")
    return value


def player_profile(text: str) -> tuple[str, str]:
    """``PLAYER=PROFILE``: a player's name (or ``pN``) and a profile's name.

    >>> player_profile("Hal 9000=nit")
    ('Hal 9000', 'nit')
    >>> player_profile("Hal=shark")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    argparse.ArgumentTypeError: 'Hal=shark': unknown profile 'shark': choose one of unknown, ...
    """
    from assistant.errors import PokerInputError
    from assistant.opponents.profile import get_profile

    player, equals, profile = text.rpartition("=")
    if not equals or not player.strip():
        raise argparse.ArgumentTypeError(f"{text!r} is not PLAYER=PROFILE")
    try:
        get_profile(profile)
    except PokerInputError as error:
        raise argparse.ArgumentTypeError(f"{text!r}: {error}") from None
    return player.strip(), profile.strip().lower()


def whole_chips(text: str) -> int:
    """A whole number of chips from the command line, 0 to ``MAX_CHIPS``.

    >>> whole_chips("1e308")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: '1e308' is not a whole number of chips
    """
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of chips") from None
    if not 0 <= value <= MAX_CHIPS:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of chips of 0 or more"
                                         f" and at most {MAX_CHIPS:,.0f}")
    return value


def whole_chip_list(text: str) -> list[int]:
    """Comma-separated whole numbers of chips, each checked by :func:`whole_chips`.

    >>> whole_chip_list("100,250")
    [100, 250]
    """
    return [whole_chips(part) for part in text.split(",")]


def add_equity_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of an equity question (shared by the commands that ask one)."""
    parser.add_argument("hero", help="hero's two cards (AhKd) or a range (QQ+,AKs)")
    parser.add_argument("--board", default="", help="0, 3, 4 or 5 board cards")
    parser.add_argument("--opponents", type=whole_number(1, MAX_OPPONENTS, "opponents"),
                        default=1, help=f"live opponents, 1 to {MAX_OPPONENTS} (default 1)")
    parser.add_argument("--vs", action="append", default=[], metavar="HAND_OR_RANGE",
                        help="a known opponent hand or range; repeat for several")
    parser.add_argument("--dead", default="", help="cards known to be out of play")
    parser.add_argument("--samples", type=whole_number(1, MAX_TRIALS, "samples"),
                        help="deals to sample (Monte Carlo) instead of sampling until the standard"
                             f" error of the equity is below 0.1%%; at most {MAX_TRIALS:,}")
    parser.add_argument("--seed", type=whole_number(0, MAX_SEED, "seed"),
                        help="seed of the sampling, 0 to 2**64 - 1")
    parser.add_argument("--method", choices=METHODS, default="auto")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def units(chips: float, decimals: int) -> float:
    """Chips in the file's unit: whole chips stay integers.

    >>> units(1094, 2), units(500, 0), units(2.5, 0)
    (10.94, 500, 2.5)
    """
    return chips if not decimals else chips / 10**decimals


def print_json(data: dict[str, object]) -> None:
    """Print one JSON object; a growth of minus infinity (the stack can be lost) is null.

    >>> print_json({"growth": {"call": 0.5, "all-in": -math.inf}})
    {"growth": {"call": 0.5, "all-in": null}}
    """
    import json

    def finite(value: object) -> object:
        if isinstance(value, dict):
            return {key: finite(item) for key, item in value.items()}
        if isinstance(value, list):
            return [finite(item) for item in value]
        if isinstance(value, float) and not math.isfinite(value):
            return None
        return value

    print(json.dumps(finite(data), allow_nan=False))
