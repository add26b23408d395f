"""Argument types and output helpers shared by the commands."""

import argparse
import math

from assistant.equity_methods import METHODS


def chips(text: str) -> float:
    """An amount of chips from the command line: a finite number, not negative."""
    try:
        amount = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of chips") from None
    if not math.isfinite(amount) or amount < 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of chips of 0 or more")
    return amount


def chip_list(text: str) -> list[float]:
    """Comma-separated amounts of chips."""
    return [chips(part) for part in text.split(",")]


def add_equity_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of an equity question (shared by the commands that ask one)."""
    parser.add_argument("hero", help="hero's two cards (AhKd) or a range (QQ+,AKs)")
    parser.add_argument("--board", default="", help="0, 3, 4 or 5 board cards")
    parser.add_argument("--opponents", type=int, default=1, help="live opponents (default 1)")
    parser.add_argument("--vs", action="append", default=[], metavar="HAND_OR_RANGE",
                        help="a known opponent hand or range; repeat for several")
    parser.add_argument("--dead", default="", help="cards known to be out of play")
    parser.add_argument("--samples", type=int, help="most deals to sample (Monte Carlo)")
    parser.add_argument("--seed", type=int, help="seed of the sampling")
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
