"""``poker-assistant advise``: odds and the Kelly-optimal action at one decision."""

from __future__ import annotations

import argparse
import math
import time
from typing import TYPE_CHECKING

from assistant.cli.arguments import add_equity_arguments, chip_list, chips, print_json
from assistant.cli.equity import format_equity
from assistant.errors import PokerInputError

if TYPE_CHECKING:
    from assistant.advice import Advice


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the command."""
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
    kelly.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """``poker-assistant advise``."""
    from assistant.advice import advise
    from assistant.kelly import BetSituation, Opponent

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
