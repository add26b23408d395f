"""The ``poker-assistant`` command: a thin layer of argparse over the engine.

Every engine error (:class:`~assistant.errors.PokerInputError`) is caught in
:func:`main`, printed as one line, and ends the command with status 2.
"""

import argparse
import json
import math
import os
import sys
import time
from collections.abc import Callable, Sequence

from assistant import __version__
from assistant.advice import Advice, advise
from assistant.equity import METHODS, Equity, equity
from assistant.errors import PokerInputError
from assistant.kelly import BetSituation, Opponent

Command = Callable[[argparse.Namespace], int]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the command line, with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="poker-assistant",
        description="Exact Texas hold 'em odds and Kelly-optimal bets. With no command,"
                    " opens the window.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    odds = commands.add_parser("equity", help="odds of winning, splitting and losing",
                               description="Hero's odds of winning, splitting and losing.")
    add_equity_arguments(odds)
    odds.set_defaults(run=run_equity)
    kelly = commands.add_parser(
        "advise", help="odds and the Kelly-optimal action",
        description="Odds, the Kelly bet and the legal action that grows the bankroll fastest."
        " Every live opponent is taken to have put in the current bet already.")
    add_equity_arguments(kelly)
    kelly.add_argument("--stack", type=chips, required=True, help="hero's chips behind")
    kelly.add_argument("--pot", type=chips, required=True,
                       help="every chip in the pot now, the current bets included")
    kelly.add_argument("--to-call", type=chips, default=0.0, help="the amount to call")
    kelly.add_argument("--min-raise", type=chips,
                       help="the smallest legal raise as hero's total new investment"
                            " (default: twice the amount to call, at least one chip)")
    kelly.add_argument("--opponent-stacks", type=chip_list,
                       help="each opponent's chips behind, comma-separated (default: unlimited)")
    kelly.add_argument("--kelly-scale", type=float, default=1.0,
                       help="fraction of the Kelly bet, e.g. 0.5 for half Kelly")
    kelly.add_argument("--bankroll", type=chips,
                       help="hero's whole bankroll, if more than the stack")
    kelly.set_defaults(run=run_advise)
    return parser


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
        print_json({**result.to_dict(), "seconds": round(seconds, 6)})
    else:
        print(format_equity(result, seconds))
    return 0


def run_advise(args: argparse.Namespace) -> int:
    """``poker-assistant advise``."""
    stacks = args.opponent_stacks or [math.inf] * args.opponents
    if len(stacks) != args.opponents:
        raise PokerInputError(f"{len(stacks)} opponent stacks given for {args.opponents}"
                              " opponents")
    min_raise = args.min_raise if args.min_raise is not None else max(2 * args.to_call, 1.0)
    situation = BetSituation(args.stack, args.pot, args.to_call,
                             tuple(Opponent(stack=s) for s in stacks), min_raise, args.bankroll)
    start = time.perf_counter()
    advice = advise(args.hero, args.board, situation, args.vs, args.dead, args.kelly_scale,
                    samples=args.samples, seed=args.seed)
    seconds = time.perf_counter() - start
    if args.json:
        print_json({**advice.to_dict(), "seconds": round(seconds, 6)})
    else:
        print(format_equity(advice.equity, seconds))
        print(format_advice(advice))
    return 0


def print_json(data: dict[str, object]) -> None:
    """Print one JSON object; a growth of minus infinity (the stack can be lost) is null.

    >>> print_json({"growth": {"call": 0.5, "all-in": -math.inf}})
    {"growth": {"call": 0.5, "all-in": null}}
    """
    def finite(value: object) -> object:
        if isinstance(value, dict):
            return {key: finite(item) for key, item in value.items()}
        if isinstance(value, float) and not math.isfinite(value):
            return None
        return value

    print(json.dumps(finite(data), allow_nan=False))


def format_advice(advice: Advice) -> str:
    """The advised action and the expected log-growth G of each legal one (in nats: a
    G of +0.01 grows the bankroll by about 1% per such decision in the long run)."""
    choice = advice.choice
    lines = [f"{'kelly':<15}{100 * choice.kelly_fraction:7.2f}% of the stack"
             f" ({choice.kelly_amount:,.0f} chips at this scale)",
             f"{'advice':<15}{choice.action.upper()}"
             + (f" {choice.amount:,.0f}" if choice.amount else "")]
    for action, candidate in choice.candidates.items():
        amount = f"{candidate.amount:,.0f}" if candidate.amount else "-"
        lines.append(f"  {action:<9}{amount:>10}  G {candidate.growth:+.5f}")
    if advice.situation.bankroll is None and any(
            math.isinf(c.growth) for c in choice.candidates.values()):
        lines.append("-inf: the stack is taken as the whole bankroll and could be lost;"
                     " give --bankroll if there is money off the table")
    return "\n".join(lines)


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


def open_window() -> int:
    """Open the window; the engine imports the Qt layer only here, when asked to."""
    from ui.app import run

    return run()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        return open_window()
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
