"""``poker-assistant equity``: hero's odds of winning, splitting and losing."""

from __future__ import annotations

import argparse
import time
from typing import TYPE_CHECKING

from assistant.cli.arguments import add_equity_arguments, print_json

if TYPE_CHECKING:
    from assistant.equity import Equity


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the command."""
    odds = commands.add_parser("equity", help="odds of winning, splitting and losing",
                               description="Hero's odds of winning, splitting and losing.")
    add_equity_arguments(odds)
    odds.set_defaults(run=run)


def ask_equity(args: argparse.Namespace) -> tuple[Equity, float]:
    """The equity the arguments ask for, and the seconds it took."""
    from assistant.equity import equity

    start = time.perf_counter()
    result = equity(args.hero, args.board, args.opponents, args.vs, args.dead,
                    samples=args.samples, seed=args.seed, method=args.method)
    return result, time.perf_counter() - start


def run(args: argparse.Namespace) -> int:
    """``poker-assistant equity``."""
    result, seconds = ask_equity(args)
    if args.json:
        print_json({**result.to_dict(), "seconds": round(seconds, 6)})
    else:
        print(format_equity(result, seconds))
    return 0


def format_equity(result: Equity, seconds: float) -> str:
    """A small readable table of an equity result.

    >>> from assistant.equity import Equity
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
