"""``poker-assistant advise``: the advised action at one decision given in numbers."""

from __future__ import annotations

import argparse
import time
from typing import TYPE_CHECKING

from assistant.cli.arguments import (
    chips,
    kelly_scale,
    print_json,
    whole_chip_list,
    whole_chips,
    whole_number,
)
from assistant.errors import PokerInputError
from assistant.opponents.profile import get_profile
from assistant.opponents.seats import ACTIONS, position_of

if TYPE_CHECKING:
    from assistant.door import Advice, Villain


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the command."""
    advise = commands.add_parser(
        "advise", help="the Kelly-optimal action against the opponents' ranges",
        description="The action that grows the bankroll fastest when each opponent answers"
        " from its range and profile.  Every live opponent is taken to have put in the"
        " current bet already: after the flop the first made it when checked to and the"
        " others called it, which narrows a range not given.  Amounts are whole chips.",
        epilog="Opponents: give --opponent once per live opponent, as PROFILE or"
        " PROFILE:POSITION:ACTION (e.g. tag:BTN:open; actions: " + ", ".join(ACTIONS)
        + "), and/or --vs RANGE for an explicit range (the N-th --vs is the N-th"
        " opponent's).")
    advise.add_argument("hero", help="hero's two cards, e.g. AhKd")
    advise.add_argument("--board", default="", help="0, 3, 4 or 5 board cards")
    advise.add_argument("--pot", type=whole_chips, required=True,
                        help="every chip in the pot now, the current bets included")
    advise.add_argument("--to-call", type=whole_chips, default=0, help="the amount to call")
    advise.add_argument("--stack", type=whole_chips, required=True, help="hero's chips behind")
    advise.add_argument("--big-blind", type=whole_chips, default=2,
                        help="the big blind (default 2): sets preflop sizes and buy-ins")
    advise.add_argument("--opponents", type=whole_number(1, 9, "opponents"), default=1,
                        help="live opponents, for those not described (default 1)")
    advise.add_argument("--opponent", action="append", default=[],
                        metavar="PROFILE[:POSITION:ACTION]", help="a live opponent")
    advise.add_argument("--vs", action="append", default=[], metavar="RANGE",
                        help="an opponent's range in standard notation")
    advise.add_argument("--opponent-stacks", type=whole_chip_list, metavar="CHIPS,...",
                        help="each opponent's chips behind (default: hero's stack)")
    advise.add_argument("--players", type=whole_number(2, 10, "players"), default=6,
                        help="players dealt in, for positions (default 6)")
    advise.add_argument("--in-position", action="store_true",
                        help="hero acts last after the flop")
    advise.add_argument("--kelly-scale", type=kelly_scale, default=1.0,
                        help="fraction of the Kelly bet, e.g. 0.5 for half Kelly")
    advise.add_argument("--bankroll", type=chips,
                        help="hero's whole bankroll in chips (default: 25 buy-ins)")
    advise.add_argument("--dead", default="", help="cards known to be out of play")
    advise.add_argument("--json", action="store_true", help="print one JSON object")
    advise.set_defaults(run=run)


def villains(args: argparse.Namespace) -> list[Villain]:
    """The opponents the arguments describe."""
    from assistant.door import Villain
    from assistant.ranges import Range

    count = max(len(args.opponent), len(args.vs), args.opponents)
    stacks = [args.stack] * count
    if args.opponent_stacks:
        stacks = args.opponent_stacks
        if len(stacks) != count:
            raise PokerInputError(f"{len(stacks)} opponent stacks for {count} opponents")
    out = []
    for index in range(count):
        spec = args.opponent[index] if index < len(args.opponent) else "unknown"
        name, *place = spec.split(":")
        if place and len(place) != 2:
            raise PokerInputError(f"opponent {spec!r} is not PROFILE or PROFILE:POSITION:ACTION")
        weights = Range.parse(args.vs[index]).weights if index < len(args.vs) else None
        position = position_of(place[0], args.players) if place else None
        action = place[1] if place else None
        if action is not None and action not in ACTIONS:
            raise PokerInputError(f"unknown action {action!r}: choose one of {', '.join(ACTIONS)}")
        out.append(Villain(get_profile(name), stacks[index], weights, position, action))
    return out


def run(args: argparse.Namespace) -> int:
    """``poker-assistant advise``."""
    from assistant.cards import parse_cards
    from assistant.door import Settings, advise_numbers
    hero = parse_cards(args.hero)
    if len(hero) != 2:
        raise PokerInputError(f"advise needs hero's two cards, not {args.hero!r}")
    start = time.perf_counter()
    advice = advise_numbers(
        hero, parse_cards(args.board), pot=args.pot, to_call=args.to_call, stack=args.stack,
        villains=villains(args), big_blind=args.big_blind, players=args.players,
        in_position=args.in_position, settings=Settings(args.kelly_scale, args.bankroll),
        dead=parse_cards(args.dead))
    seconds = time.perf_counter() - start
    if args.json:
        names = ["hero", *(f"opponent {seat}" for seat in range(1, len(advice.opponents) + 1))]
        print_json({**advice.to_dict(names), "seconds": round(seconds, 6)})
    else:
        print(format_advice(advice, seconds))
    return 0


def format_advice(advice: Advice, seconds: float) -> str:
    """The advice as a player reads it: the action, the odds, the answers, every
    candidate's growth (nats per decision: +0.01 grows the bankroll about 1 %)."""
    from assistant.door import label
    choice = advice.choice
    lines = [f"advice   {label(choice, advice.spot).upper()}",
             f"equity   {100 * advice.equity.equity:.2f}% against the opponents' ranges"
             f" ({seconds:.2f} s)"]
    for view in advice.opponents:
        lines.append(f"  opponent {view.seat}: {view.profile}, {view.combos:.0f} combos"
                     f" ({view.percent:.1f}%), your equity {100 * view.equity_vs:.1f}%")
    for answer in choice.answers:
        lines.append(f"  answers of opponent {answer.seat}: fold {100 * answer.fold:.0f}%,"
                     f" call {100 * answer.call:.0f}%, raise {100 * answer.raise_:.0f}%")
    lines.append("growth   (with answers / if every hand called)")
    for candidate, old in zip(advice.candidates, advice.always_called, strict=True):
        lines.append(f"  {label(candidate, advice.spot):<20}{candidate.growth:+.6f}"
                     f"  {old:+.6f}")
    return "\n".join(lines)
