"""The simulator of whole hands: its speed, and hero's bankroll against every bot.

Run ``python benchmarks/bench_simulate.py`` (``--quick`` for a smoke run).

* **Speed**: one run per bot, heads-up and 6-handed, with the baseline hero, in this
  process (one core), after a warm-up hand: ``--speed-hands`` hands or as many as fit in
  ``--speed-seconds``; hands per second.
* **Results**: for each table size, bot and hero policy, ``--runs`` bankroll runs of
  ``--hands`` hands (25 buy-ins of 100 big blinds, blinds 1/2, a fresh buy-in every hand)
  on ``--workers`` processes: bb/100 with its 95 % t interval over the runs, the ruin rate
  and the mean log growth of the bankroll.  Every cell uses the same master seed, so the
  three heroes meet the same decks hand for hand until their play differs.
"""

import argparse
import platform
import time
from collections.abc import Sequence

import numpy as np

from assistant.simulate.bots import bot_names
from assistant.simulate.runner import TableSpec, play_run, run_simulation

HEROES = ("baseline", "kelly", "half-kelly")
TABLES = {"heads-up": 2, "6-handed": 6}


def speed(bots: Sequence[str], hands: int, seconds: float, seed: int) -> None:
    """Hands per second on one core, baseline hero, per bot and table size."""
    print("| table | bot | hands | s | hands/s (one core) |")
    print("|---|---|---:|---:|---:|")
    for name, players in TABLES.items():
        for bot in bots:
            play_run(TableSpec(bot, players, 1, "baseline"), np.random.SeedSequence(seed))
            spec = TableSpec(bot, players, hands, "baseline")
            start = time.perf_counter()
            deadline = start + seconds
            result = play_run(spec, np.random.SeedSequence(seed),
                              lambda deadline=deadline: time.perf_counter() > deadline)
            elapsed = time.perf_counter() - start
            print(f"| {name} | {bot} | {result.hands} | {elapsed:.2f} |"
                  f" {result.hands / elapsed:,.1f} |", flush=True)


def results(tables: Sequence[str], bots: Sequence[str], runs: int, hands: int, workers: int,
            seed: int) -> None:
    """The bankroll table."""
    print("| table | bot | hero | bb/100 | 95% CI | ruin | mean log growth | hands/s |")
    print("|---|---|---|---:|---|---:|---:|---:|")
    for name in tables:
        players = TABLES[name]
        for bot in bots:
            for hero in HEROES:
                spec = TableSpec(bot, players, hands, hero)
                summary, _ = run_simulation(spec, runs, seed, workers)
                low, high = summary.ci95
                print(f"| {name} | {bot} | {hero} | {summary.bb_per_100:+.1f} |"
                      f" {low:+.1f} to {high:+.1f} | {summary.ruin_rate:.1%} |"
                      f" {summary.mean_log_growth:+.4f} | {summary.hands_per_second:,.0f} |",
                      flush=True)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--hands", type=int, default=500)
    parser.add_argument("--speed-hands", type=int, default=200)
    parser.add_argument("--speed-seconds", type=float, default=20.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=20261125)
    parser.add_argument("--bots", nargs="*", help="bots to measure (default: all installed)")
    parser.add_argument("--tables", nargs="*", choices=TABLES, default=list(TABLES))
    parser.add_argument("--skip-speed", action="store_true")
    parser.add_argument("--skip-results", action="store_true")
    parser.add_argument("--quick", action="store_true", help="a smoke run")
    args = parser.parse_args(argv)
    if args.quick:
        args.runs, args.hands, args.speed_hands = 2, 5, 5
    bots = args.bots or bot_names()
    print(f"# {platform.processor() or platform.machine()}, Python {platform.python_version()},"
          f" numpy {np.__version__}; seed {args.seed}")
    total = time.perf_counter()
    if not args.skip_speed:
        speed(bots, args.speed_hands, args.speed_seconds, args.seed)
    if not args.skip_results:
        print(f"# {args.runs} runs of {args.hands} hands per cell, {args.workers} processes")
        results(args.tables, bots, args.runs, args.hands, args.workers, args.seed)
    print(f"# {time.perf_counter() - total:.0f} s in all")


if __name__ == "__main__":
    main()
