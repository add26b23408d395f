"""How long the window waits for the opponents' ranges after an action.

Run ``PYTHONPATH=. python benchmarks/bench_seat_ranges.py``.  It times
:func:`ui.range_task.work_out_ranges` (every opponent narrowed after every action so far,
the read-outs, and the board breakdown of the seats whose range window is open) on the
first hand of ``resources/hands/samples.phhs``, four players, at each street, with none,
one and three range windows open.  The kernels are compiled (or read from numba's cache)
first, as the window's warm-up does.
"""

import argparse
import os
import statistics
import time
from pathlib import Path

from assistant.cards import parse_cards
from assistant.history import load_hands
from assistant.history.record import play
from assistant.prepare import prepare_engine
from ui.range_task import question_of_replay, work_out_ranges

SAMPLES = Path(__file__).parents[1] / "resources" / "hands" / "samples.phhs"
STREETS = (("preflop, after the 3-bet", 6), ("flop", 11), ("turn", 14), ("river", 21))
"""Points of the hand: a name and the number of actions played."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    prepare_engine()
    record = load_hands(SAMPLES).hands[0]
    hero_cards = tuple(parse_cards("AsAd"))
    print(f"load average {os.getloadavg()[0]:.1f}, {args.repeat} runs each")
    print("| point of the hand | windows open | best ms | median ms |")
    print("|---|---:|---:|---:|")
    for name, played in STREETS:
        hand = play(record, played)
        for seats in ((), (2,), (1, 2, 3)):
            question = question_of_replay(hand, 0, hero_cards, seats)
            work_out_ranges(question)
            times = []
            for _ in range(args.repeat):
                start = time.perf_counter()
                work_out_ranges(question)
                times.append(1e3 * (time.perf_counter() - start))
            print(f"| {name} | {len(seats)} | {min(times):.1f} |"
                  f" {statistics.median(times):.1f} |")


if __name__ == "__main__":
    main()
