"""Speed of the whole advice with the opponents' answers, beside the earlier advice.

Run ``python benchmarks/bench_door.py``.  Each scenario is a decision in numbers
(:func:`assistant.door.advise_numbers`): hero's cards and board, the pot and the bet,
one to three opponents with profiles and preflop priors.  Each is timed ``--repeat``
times from cold caches (the showdowns and board strengths are cleared before
every run, so the figure is what a new decision costs) and warm (the window asking
again at the same decision).  Beside it, in the same run, the earlier advice
(:func:`assistant.advice.advise`: random hands that always call) on the same cards.

Goals (issue 13): flop heads-up under 150 ms, three-way under 300 ms, preflop under 20 ms.
"""

import argparse
import statistics
import time
from collections.abc import Callable

from assistant.advice import advise as earlier_advise
from assistant.cards import parse_cards
from assistant.door import Villain, advise_numbers
from assistant.kelly import BetSituation, Caller
from assistant.opponents.profile import PRESETS
from assistant.showdown import board_strength, showdown

SCENARIOS = {
    "preflop, heads-up": ("AhKd", "", 1),
    "preflop, three-way": ("AhKd", "", 2),
    "flop, heads-up": ("AhKd", "Qs7d2c", 1),
    "flop, three-way": ("AhKd", "Qs7d2c", 2),
    "turn, heads-up": ("AhKd", "Qs7d2c9h", 1),
    "river, heads-up": ("AhKd", "Qs7d2c9h3s", 1),
    "river, four-way": ("AhKd", "Qs7d2c9h3s", 3),
}
"""Name: hero's cards, the board and the number of opponents (pot 450, 100 to call)."""


def ours(hero: str, board: str, opponents: int) -> Callable[[], object]:
    villains = [Villain(PRESETS[name], 5000, None, position, "open" if not board else "call")
                for name, position in zip(("tag", "station", "lag"), (2, 5, 4), strict=False)]
    return lambda: advise_numbers(parse_cards(hero), parse_cards(board), pot=450,
                                  to_call=100, stack=5000, villains=villains[:opponents],
                                  big_blind=50)


def earlier(hero: str, board: str, opponents: int) -> Callable[[], object]:
    situation = BetSituation(5000, 450, 100, tuple(Caller(stack=5000)
                                                   for _ in range(opponents)), 200, 125_000)
    return lambda: earlier_advise(hero, board, situation, seed=1)


def timings(run: Callable[[], object], repeat: int, cold: bool) -> list[float]:
    out = []
    for _ in range(repeat):
        if cold:
            showdown.cache_clear()
            board_strength.cache_clear()
        start = time.perf_counter()
        run()
        out.append(time.perf_counter() - start)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    print(f"{'scenario':<36}{'cold ms (min/median)':>22}{'warm ms':>10}{'earlier ms':>12}")
    for name, (hero, board, opponents) in SCENARIOS.items():
        ours(hero, board, opponents)()  # compile and load once
        earlier(hero, board, opponents)()
        cold = timings(ours(hero, board, opponents), args.repeat, cold=True)
        warm = timings(ours(hero, board, opponents), args.repeat, cold=False)
        old = timings(earlier(hero, board, opponents), args.repeat, cold=False)
        print(f"{name:<36}{1e3 * min(cold):>10.1f} / {1e3 * statistics.median(cold):>8.1f}"
              f"{1e3 * min(warm):>10.1f}{1e3 * min(old):>12.1f}")


if __name__ == "__main__":
    main()
