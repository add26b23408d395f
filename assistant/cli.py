"""The ``poker-assistant`` command: a thin layer of argparse over the engine.

Every engine error (:class:`~assistant.errors.PokerInputError`) is caught in
:func:`main`, printed as one line, and ends the command with status 2.
"""

import argparse
import json
import os
import sys
import time
from collections.abc import Callable, Sequence

from assistant import __version__
from assistant.equity import METHODS, Equity, equity
from assistant.errors import PokerInputError

Command = Callable[[argparse.Namespace], int]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the command line, with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="poker-assistant",
        description="Exact Texas hold 'em odds and Kelly-optimal bets.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    odds = commands.add_parser("equity", help="odds of winning, splitting and losing",
                               description="Hero's odds of winning, splitting and losing.")
    add_equity_arguments(odds)
    odds.set_defaults(run=run_equity)
    return parser


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


def ask_equity(args: argparse.Namespace) -> tuple[Equity, float]:
    """The equity the arguments ask for, and the seconds it took."""
    start = time.perf_counter()
    result = equity(args.hero, args.board, args.opponents, args.vs, args.dead,
                    samples=args.samples, seed=args.seed, method=args.method)
    return result, time.perf_counter() - start


def run_equity(args: argparse.Namespace) -> int:
    """``poker-assistant equity``."""
    result, seconds = ask_equity(args)
    if args.json:
        print(json.dumps({**result.to_dict(), "seconds": round(seconds, 6)}))
    else:
        print(format_equity(result, seconds))
    return 0


def format_equity(result: Equity, seconds: float) -> str:
    """A small readable table of an equity result.

    >>> print(format_equity(Equity(0.5, (0.1,), 0.4, 0.55, True, 1000, 0.0, "exact"), 0.01))
    method   exact, 1,000 deals, 0.010 s
    win              50.00%
    split with 1     10.00%
    lose             40.00%
    equity           55.00%
    """
    error = f" ± {100 * result.stderr:.2f}%" if not result.exact else ""
    lines = [f"method   {result.method}, {result.trials:,} deals, {seconds:.3f} s",
             f"{'win':<15}{100 * result.win:7.2f}%"]
    lines += [f"{f'split with {s}':<15}{100 * p:7.2f}%" for s, p in enumerate(result.split, 1)]
    lines += [f"{'lose':<15}{100 * result.lose:7.2f}%",
              f"{'equity':<15}{100 * result.equity:7.2f}%{error}"]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_usage()
        return 0
    try:
        run: Command = args.run
        return run(args)
    except PokerInputError as error:
        print(f"poker-assistant: error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader (say, `head`) left: end quietly, and stop Python's own flush at
        # exit from complaining about the closed pipe.
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - must outlive this call
        return 1
