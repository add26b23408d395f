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
from pathlib import Path

from assistant import __version__
from assistant.advice import Advice, advise, whole_chips
from assistant.cards import format_cards
from assistant.equity import METHODS, Equity, equity
from assistant.errors import PokerInputError
from assistant.history import HandError, HandRecord, load_hands
from assistant.history.record import amount_text
from assistant.history.replay import DecisionReview, HandSummary, Replay, find_hero
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
    replay = commands.add_parser(
        "replay", help="the advice at every decision of a hand file",
        description="Replay the hands of a PHH or PokerStars hand history file: at every"
        " decision of one player, the odds, the Kelly advice and the action taken; for each"
        " hand, the final stacks (before any rake).  Amounts are in the file's unit.",
        epilog="Exit status: 0 when every hand was replayed, 1 when some hands of the file"
        " could not be read (each reported on stderr), 2 when there is nothing to replay.")
    replay.add_argument("file", help="a .phh/.phhs file or a PokerStars hand history")
    replay.add_argument("--hand", type=int, metavar="N",
                        help="only the N-th hand of the file, counting from 1")
    replay.add_argument("--hero", metavar="NAME|pN",
                        help="whose decisions to review: a player's name or pN, the N-th player"
                             " from the button's left (default: the player whose hole cards"
                             " are known, else p1)")
    replay.add_argument("--kelly-scale", type=float, default=1.0,
                        help="fraction of the Kelly bet, e.g. 0.5 for half Kelly")
    replay.add_argument("--bankroll", type=chips,
                        help="the hero's whole bankroll at the start of each hand, if more than"
                             " the stack (else a bet that can lose the stack gives up infinite"
                             " growth)")
    replay.add_argument("--json", action="store_true", help="print one JSON object")
    replay.set_defaults(run=run_replay)
    gui = commands.add_parser("gui", help="open the window (the default command)",
                              description="Open the window, with FILE's hands in the replay"
                                          " view if given.")
    gui.add_argument("file", nargs="?", type=Path, help="a hand history file to replay")
    gui.set_defaults(run=run_gui)
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


def run_replay(args: argparse.Namespace) -> int:
    """``poker-assistant replay``."""
    hands = load_hands(args.file)
    entries = list(enumerate(hands.entries, 1))
    if args.hand is not None:
        if not 1 <= args.hand <= len(entries):
            raise PokerInputError(f"{args.file!r} holds {len(entries)} hands: there is no"
                                  f" hand {args.hand}")
        entries = [entries[args.hand - 1]]
    skipped = [entry for _, entry in entries if isinstance(entry, HandError)]
    reviewed: list[tuple[int, Replay, HandSummary]] = []
    for number, entry in entries:
        if isinstance(entry, HandError):
            continue
        try:
            replay = replay_of(entry, args)
        except PokerInputError as problem:
            skipped.append(HandError(args.file, f"hand {number}", None, str(problem)))
            continue
        reviewed.append((number, replay, replay.summary()))
    for hand_error in skipped:
        print(f"poker-assistant: skipped {hand_error}", file=sys.stderr)
    if not reviewed:
        raise PokerInputError(f"no hand of {args.file!r} could be replayed")
    if args.json:
        print_json({"hands": [replay_json(number, replay, summary)
                              for number, replay, summary in reviewed]})
    else:
        print("\n\n".join(format_replay(number, len(hands.entries), replay, summary)
                           for number, replay, summary in reviewed))
    return 1 if skipped else 0


def replay_of(record: HandRecord, args: argparse.Namespace) -> Replay:
    """The replay the arguments ask for, for one hand."""
    hero = None if args.hero is None else find_hero(record, args.hero)
    bankroll = None if args.bankroll is None else args.bankroll * 10**record.decimals
    return Replay(record, hero, kelly_scale=args.kelly_scale, bankroll=bankroll)


def format_replay(number: int, count: int, replay: Replay, summary: HandSummary) -> str:
    """One hand of ``poker-assistant replay``: a line or two per decision, then the summary."""
    record, hero = replay.record, replay.hero
    decimals = record.decimals
    label = f" (#{record.fields['hand']})" if "hand" in record.fields else ""
    player = f"p{hero + 1}"
    who = f"{record.names[hero]} ({player})" if record.config.names else player
    lines = [f"hand {number} of {count}{label}: hero {who}, {record.config.n_seats} players"]
    for review in summary.reviews:
        decision = review.decision
        cards = format_cards(decision.hole_cards or (), "") or "????"
        board = format_cards(decision.board, "")
        lines.append(
            f"  {decision.street.name.lower():<8}{cards} {board:<11}"
            f" pot {amount_text(decision.pot, decimals)}"
            f"  to call {amount_text(decision.to_call, decimals)}"
            f"  stack {amount_text(decision.stack, decimals)}"
            f"  {decision.n_opponents} opponent{'s' if decision.n_opponents > 1 else ''}")
        taken = replay.steps[review.step].text.removeprefix(record.names[hero] + " ")
        if review.advice is None:
            lines.append(f"{'':10}no advice: {review.note}; took: {taken}")
            continue
        odds = review.advice.equity
        given_up = review.growth_given_up
        mark = "as advised" if review.agrees else f"gives up {given_up:.4f} nats"
        lines.append(f"{'':10}equity {100 * odds.equity:.2f}% ({odds.method})"
                     f"  advice: {advice_text(review, decimals)}  took: {taken}  ({mark})")
    result = summary.result
    lines.append(f"  {summary.agreed} of {summary.advised} decisions as advised;"
                 f" growth given up {summary.growth_given_up:.4f} nats;"
                 f" result {'unfinished' if result is None else signed(result, decimals)}")
    final = summary.finishing_stacks
    if final is None:
        lines.append("  final stacks: the hand is unfinished")
    else:
        lines.append("  final stacks: " + ", ".join(
            f"{name} {amount_text(stack, decimals)}"
            for name, stack in zip(record.names, final, strict=True)))
    if math.isinf(summary.growth_given_up):
        lines.append("  inf: the stack is taken as the whole bankroll and a bet could lose it;"
                     " give --bankroll if there is money off the table")
    return "\n".join(lines)


def signed(chips: int, decimals: int) -> str:
    """A result with its sign: ``+12.50``, ``-3``, ``0``."""
    return ("+" if chips > 0 else "-" if chips < 0 else "") + amount_text(abs(chips), decimals)


def advice_text(review: DecisionReview, decimals: int) -> str:
    """The advised action, a raise as the street total it raises to (a bet where there
    is none yet)."""
    assert review.advice is not None
    action, decision = review.advice.choice.action, review.decision
    if action == "raise":
        total = decision.bet + whole_chips(review.advice)
        verb = "raise to" if decision.current_bet else "bet"
        return f"{verb} {amount_text(total, decimals)}"
    if action == "call":
        return f"call {amount_text(decision.to_call, decimals)}"
    return action


def replay_json(number: int, replay: Replay, summary: HandSummary) -> dict[str, object]:
    """One hand of ``poker-assistant replay --json``; amounts in the file's unit."""
    record = replay.record
    final = summary.finishing_stacks
    return {
        "hand": number,
        "id": record.fields.get("hand"),
        "players": list(record.names),
        "hero": record.names[replay.hero],
        "finishing_stacks": None if final is None else [
            units(stack, record.decimals) for stack in final],
        "result": None if summary.result is None else units(summary.result, record.decimals),
        "agreed": summary.agreed,
        "advised": summary.advised,
        "growth_given_up": summary.growth_given_up,
        "decisions": [review_json(review, replay) for review in summary.reviews],
    }


def review_json(review: DecisionReview, replay: Replay) -> dict[str, object]:
    """One decision of ``poker-assistant replay --json``."""
    decimals = replay.record.decimals
    decision, advice = review.decision, review.advice
    return {
        "step": review.step,
        "street": decision.street.name.lower(),
        "hole_cards": format_cards(decision.hole_cards or ()),
        "board": format_cards(decision.board),
        "pot": units(decision.pot, decimals),
        "to_call": units(decision.to_call, decimals),
        "stack": units(decision.stack, decimals),
        "opponents": decision.n_opponents,
        "equity": None if advice is None else advice.equity.to_dict(),
        "advice": None if advice is None else {
            "action": advice.choice.action,
            "amount": units(advice.choice.amount, decimals),
            "kelly_fraction": advice.choice.kelly_fraction,
            "growth": {action: c.growth for action, c in advice.choice.candidates.items()},
        },
        "taken": {"action": review.taken, "amount": units(review.taken_amount, decimals),
                  "text": replay.steps[review.step].text},
        "taken_growth": review.taken_growth,
        "agrees": review.agrees,
        "growth_given_up": review.growth_given_up,
        "note": review.note,
    }


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
    def finite(value: object) -> object:
        if isinstance(value, dict):
            return {key: finite(item) for key, item in value.items()}
        if isinstance(value, list):
            return [finite(item) for item in value]
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


def open_window(hand_file: Path | None = None) -> int:
    """Open the window; the engine imports the Qt layer only here, when asked to."""
    from ui.app import run

    return run(hand_file)


def run_gui(args: argparse.Namespace) -> int:
    """``poker-assistant gui [FILE]``."""
    if args.file is not None and not args.file.is_file():
        raise PokerInputError(f"{str(args.file)!r} is not a file")
    return open_window(args.file)


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
