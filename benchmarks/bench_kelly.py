"""Kelly math speed: time per call of the functions the window and the command line call.

Run ``python benchmarks/bench_kelly.py``.  Three decisions, from heads-up with nothing to
call to nine opponents of different stacks, some still owing chips.  Each figure is the
best, over ``--repeat`` runs, of the mean time of ``--calls`` calls.  The earlier tool's rule
(:func:`assistant.kelly.earlier_tool_fraction`, a fraction only, no side pots and no
actions) is timed beside them on the same decisions.  The issue asks for well under 5 ms
per :func:`assistant.kelly.choose_action`.
"""

import argparse
import platform
from collections.abc import Callable

import numpy as np
from bench_evaluator import best_time

from assistant.kelly import (
    BetSituation,
    Caller,
    Outcome,
    choose_action,
    earlier_tool_fraction,
    optimal_investment,
)

DECISIONS = {
    "heads-up, nothing to call": (
        BetSituation(100, 10, 0, (Caller(),), 2),
        Outcome(0.6, (0.0,), 0.4),
    ),
    "3 opponents, call, side pots": (
        BetSituation(4970, 180, 30, (Caller(4940), Caller(800, 30), Caller(2000)), 90),
        Outcome(0.3, (0.02, 0.01, 0.005), 0.665),
    ),
    "9 opponents, call, side pots": (
        BetSituation(1000, 150, 20,
                     tuple(Caller(100 * (j + 1), j % 3 * 5) for j in range(9)), 40),
        Outcome(0.2, (0.02,) * 9, 0.62),
    ),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=2000, help="calls per timed run")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    print(f"# {platform.processor() or platform.machine()}, Python {platform.python_version()},"
          f" numpy {np.__version__}, one thread")
    print(f"{'decision':<30} {'function':<24} {'us per call':>11}")
    for name, (situation, outcome) in DECISIONS.items():
        c = situation.pot / situation.stack
        p = [outcome.win, *outcome.split]
        n = len(outcome.split)
        calls: dict[str, Callable[[], object]] = {
            "choose_action": lambda s=situation, o=outcome: choose_action(s, o, 0.5),
            "optimal_investment": lambda s=situation, o=outcome: optimal_investment(s, o),
            "earlier_tool_fraction": lambda p=p, q=outcome.lose, n=n, c=c:
                earlier_tool_fraction(p, q, n, c),
        }
        for function, call in calls.items():
            call()
            seconds = best_time(lambda call=call: [call() for _ in range(args.calls)],
                                args.repeat) / args.calls
            print(f"{name:<30} {function:<24} {seconds * 1e6:>11.0f}")


if __name__ == "__main__":
    main()
