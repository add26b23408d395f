"""Evaluator speed: ours beside phevaluator, eval7 and treys, in one process, one core.

Run ``python benchmarks/bench_evaluator.py``.  Two tasks:

* random 7-card hands: the same uniformly random hands for every library; ours
  through :func:`assistant.evaluator.evaluate_many` (a uint64 mask array in, one
  strength per mask out), the peers through their fastest Python call, one hand
  at a time, with their inputs converted to their own card objects beforehand;
* exhaustive enumeration: every 5-card hand (2,598,960) for every library, and
  every 7-card hand (133,784,560) for ours, which the peers would take minutes on.

Each figure is the best of ``--repeat`` runs after a warm-up call (so numba's
compilation is not timed).  The ratio is our rate over the peer's on the same task.
"""

import argparse
import itertools
import platform
import time
from collections.abc import Callable, Iterable
from typing import Any

import numpy as np

from assistant.cards import mask_to_cards
from assistant.deal import random_masks
from assistant.evaluator import category_counts, evaluate_many


def best_time(run: Callable[[], object], repeat: int) -> float:
    """The shortest wall time of ``repeat`` calls, in seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


class Peer:
    """A peer library: how to turn our card indices into its input, and evaluate it."""

    def __init__(self, name: str, convert: Callable[[list[int]], Any],
                 evaluate: Callable[[Any], object]) -> None:
        self.name, self.convert, self.evaluate = name, convert, evaluate

    def time_hands(self, hands: Iterable[list[int]], repeat: int = 1) -> tuple[int, float]:
        """Hands evaluated and the best time; conversion happens before the clock."""
        prepared = [self.convert(cards) for cards in hands]
        evaluate = self.evaluate

        def run() -> None:
            for hand in prepared:
                evaluate(hand)

        return len(prepared), best_time(run, repeat)


def installed_peers() -> list[Peer]:
    """The peers installed here, each through its fastest Python call."""
    peers = []
    try:
        from phevaluator.evaluator import evaluate_5cards, evaluate_7cards

        ph_id = [c % 13 * 4 + c // 13 for c in range(52)]  # phevaluator: rank * 4 + suit
        by_size = {5: evaluate_5cards, 7: evaluate_7cards}
        peers.append(Peer("phevaluator",
                          lambda cards: (by_size[len(cards)], [ph_id[c] for c in cards]),
                          lambda hand: hand[0](*hand[1])))
    except ImportError:
        pass
    try:
        import eval7

        deck = [eval7.Card(r + s) for s in "cdhs" for r in "23456789TJQKA"]
        peers.append(Peer("eval7", lambda cards: [deck[c] for c in cards], eval7.evaluate))
    except ImportError:
        pass
    try:
        from treys import Card, Evaluator

        treys_deck = [Card.new(r + s) for s in "cdhs" for r in "23456789TJQKA"]
        evaluator = Evaluator()
        peers.append(Peer("treys",
                          lambda cards: ([treys_deck[c] for c in cards[:2]],
                                         [treys_deck[c] for c in cards[2:]]),
                          lambda hand: evaluator.evaluate(hand[0], hand[1])))
    except ImportError:
        pass
    return peers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000_000, help="random hands for ours")
    parser.add_argument("--peer-hands", type=int, default=200_000, help="random hands per peer")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    print(f"# {platform.processor() or platform.machine()}, Python {platform.python_version()},"
          f" numpy {np.__version__}, one thread")
    rows: list[tuple[str, str, int, float]] = []

    masks = random_masks(args.hands, 7, seed=2024)
    evaluate_many(masks[:10])
    rows.append(("random 7-card", "ours (evaluate_many)", masks.size,
                 best_time(lambda: evaluate_many(masks), args.repeat)))
    peers = installed_peers()
    peer_hands = [mask_to_cards(int(m)) for m in masks[: args.peer_hands]]
    for peer in peers:
        rows.append(("random 7-card", peer.name, *peer.time_hands(peer_hands)))

    category_counts(5)
    category_counts(7)
    rows.append(("all 5-card", "ours (category_counts)", 2_598_960,
                 best_time(lambda: category_counts(5), args.repeat)))
    for peer in peers:
        hands = (list(cards) for cards in itertools.combinations(range(52), 5))
        rows.append(("all 5-card", peer.name, *peer.time_hands(hands)))
    rows.append(("all 7-card", "ours (category_counts)", 133_784_560,
                 best_time(lambda: category_counts(7), args.repeat)))

    print(f"{'task':<14} {'library':<24} {'hands':>12} {'seconds':>9} {'hands/s':>10} "
          f"{'ours / peer':>11}")
    ours_rate = {task: n / t for task, lib, n, t in rows if lib.startswith("ours")}
    for task, library, n, seconds in rows:
        rate = n / seconds
        ratio = "" if library.startswith("ours") else f"{ours_rate[task] / rate:10.0f}x"
        print(f"{task:<14} {library:<24} {n:>12,} {seconds:>9.3f} {rate:>10.3g} {ratio:>11}")


if __name__ == "__main__":
    main()
