"""Equity against weighted ranges (issue 12.6), as ratios to the random-opponent path
measured in the same run.

Run ``python benchmarks/bench_ranges.py``.  Hero holds AhKd on Qs 7d 2c.  Each row
times :func:`assistant.equity.equity_vs_ranges` against 1 to 4 narrowed ranges and,
beside it, the same number of random opponents (``Range.full()``, the engine's
random-opponent counting or sampling, as ``equity()`` gives today).  The narrowed
ranges are a button opening range whose class weights fall with hand strength, times
a per-combo factor from a fixed seed (as Bayesian narrowing leaves them), so no class
is uniform.  Times are the best of several runs after a warm-up call.  The same
ranges before the flop are timed too, beside the preflop table.
"""

import argparse
from collections.abc import Callable

import numpy as np
from bench_equity import best_time

from assistant.cards import cards_to_mask, parse_cards
from assistant.equity import Equity, equity, equity_vs_ranges
from assistant.ranges import Range

HERO = cards_to_mask(parse_cards("AhKd"))
FLOP = cards_to_mask(parse_cards("Qs 7d 2c"))
OPEN = ("22+,A2s+,K8s+,Q9s+,J9s+,T8s+,97s+,86s+,75s+,65s,54s,ATo+,KTo+,QTo+,JTo,"
        "77-22:0.7,A5s-A2s:0.6,K9s-K8s:0.5,97s-75s:0.5,65s:0.4,54s:0.4,ATo:0.6,KTo:0.5,"
        "QTo:0.4,JTo:0.3")
PRECISION = 0.004  # sampling stops below this standard error (the goal is 0.005)
GOALS = {1: 0.030, 2: 0.150, 3: 0.150, 4: 0.150}


def narrowed_ranges(n: int) -> list[Range]:
    """``n`` narrowed ranges: the opening range times per-combo factors in [0.2, 1]."""
    rng = np.random.default_rng(12)
    base = Range.parse(OPEN).weights
    return [Range.from_weights(base * rng.uniform(0.2, 1.0, base.size)) for _ in range(n)]


def timed(run: Callable[[], Equity], repeat: int) -> tuple[float, Equity]:
    """The shortest wall time of ``repeat`` calls after a warm-up, and the result."""
    run()
    seconds, result = best_time(run, repeat)
    assert isinstance(result, Equity)
    return seconds, result


def describe(result: Equity) -> str:
    spread = "" if result.exact else f" ±{result.stderr:.4f}"
    return f"{result.method:<12} {result.equity:8.5f}{spread}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    ranges = narrowed_ranges(4)
    print(f"narrowed range: {ranges[0].combos:.1f} combos ({ranges[0].percent:.1f}%),"
          f" {int((ranges[0].weights > 0).sum())} with weight above 0")
    print(f"{'opponents':<10} {'ranges: s':>10} {'method, equity':<32} {'random: s':>10}"
          f" {'method, equity':<32} {'ratio':>6} {'goal':>6}")
    for n in range(1, 5):
        ours, ranged = timed(lambda n=n: equity_vs_ranges(
            HERO, ranges[:n], FLOP, seed=1, precision=PRECISION), args.repeat)
        today, random = timed(lambda n=n: equity(
            "AhKd", "Qs7d2c", n, seed=1, precision=PRECISION), args.repeat)
        same, _ = timed(lambda n=n: equity_vs_ranges(
            HERO, [Range.full()] * n, FLOP, seed=1, precision=PRECISION), args.repeat)
        met = "met" if ours < GOALS[n] and ranged.stderr < 0.005 else "MISSED"
        print(f"{n:<10} {ours:10.4f} {describe(ranged):<32} {today:10.4f} {describe(random):<32}"
              f" {ours / today:6.1f} {met:>6}  (random seats through equity_vs_ranges:"
              f" {same:.4f} s)")
    print("before the flop (no goal; the random seats read the preflop table):")
    for n in range(1, 4):
        ours, ranged = timed(lambda n=n: equity_vs_ranges(
            HERO, ranges[:n], seed=1, precision=PRECISION), args.repeat)
        today, random = timed(lambda n=n: equity("AhKd", opponents=n), args.repeat)
        print(f"{n:<10} {ours:10.4f} {describe(ranged):<32} {today:10.4f} {describe(random):<32}"
              f" {ours / today:6.0f}")

if __name__ == "__main__":
    main()
