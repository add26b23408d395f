"""Speed of the window's advice: from a question to the advice on screen, then its curve.

Run ``python benchmarks/bench_window_advice.py``.  Each scenario is a question the
window asks (:class:`assistant.live.Question`): the logged hand at hero's turn, or
quick mode's numbers.  The first figure is what the worker does before the advice is
shown (:func:`assistant.live.work_out`, through the door); the second is the growth
curve that follows it as a task of its own (:func:`assistant.curve.size_curve`: the
growth with answers at every size from the smallest raise to all-in).  Both are timed
``--repeat`` times from cold caches (the showdown matrices and board strengths cleared
before every run: a new decision).

Goal (issue 12): click-to-advice in the window under 150 ms.
"""

import argparse
import functools
import statistics
from collections.abc import Callable

from bench_door import timings

from assistant.cards import parse_cards
from assistant.curve import size_curve
from assistant.door import Advice
from assistant.hand import ActionKind, HandConfig
from assistant.live import BOARD, LiveHand, Question, QuickSpot, Slot, work_out


def logged_preflop() -> LiveHand:
    """Five-handed, blinds 15/30: seat 3 opens to 60, hero (seat 4, AhKd) decides."""
    live = LiveHand(HandConfig.standard([5000] * 5, button=4, small_blind=15, big_blind=30),
                    hero=3)
    for index, card in enumerate(parse_cards("AhKd")):
        live.set_card(Slot(3, index), card)
    live.act(ActionKind.RAISE, 60)
    return live


def logged_flop() -> LiveHand:
    """The same hand: hero calls, three see Qs 7d 2c; a check, a bet of 90 to hero."""
    live = logged_preflop()
    for kind in (ActionKind.CALL, ActionKind.FOLD, ActionKind.FOLD, ActionKind.CALL):
        live.act(kind)
    for slot, card in zip(BOARD[:3], parse_cards("Qs7d2c"), strict=True):
        live.set_card(slot, card)
    live.act(ActionKind.CHECK)
    live.act(ActionKind.BET, 90)
    return live


def quick(hero: str, board: str, pot: int, to_call: int, opponents: int) -> Question | None:
    return QuickSpot(tuple(parse_cards(hero)), tuple(parse_cards(board)), pot, to_call, 200,
                     (200,) * opponents, 2).question()


SCENARIOS: dict[str, Callable[[], Question | None]] = {
    "logged, preflop, 5-handed, facing an open": lambda: logged_preflop().question(),
    "logged, flop, three-way, facing a bet": lambda: logged_flop().question(),
    "quick, preflop, 5 opponents (new hand)": lambda: quick("AhKd", "", 3, 2, 5),
    "quick, flop, heads-up, facing a bet": lambda: quick("AhKd", "Ks9h4d", 33, 12, 1),
    "quick, flop, two opponents, facing a bet": lambda: quick("AhKd", "Ks9h4d", 33, 12, 2),
    "quick, river, heads-up, checked to": lambda: quick("AhKd", "Ks9h4d7c2s", 40, 0, 1),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"{'scenario':<44}{'advice ms (min/median)':>24}{'curve ms (min/median)':>24}")
    for name, ask in SCENARIOS.items():
        question = ask()
        assert question is not None and question.decision is not None, name
        advice = work_out(question).advice  # compile and load once
        assert isinstance(advice, Advice)
        first = timings(functools.partial(work_out, question), args.repeat, cold=True)
        second = timings(functools.partial(size_curve, advice), args.repeat, cold=True)
        print(f"{name:<44}{1e3 * min(first):>12.1f} / {1e3 * statistics.median(first):>8.1f}"
              f"{1e3 * min(second):>14.1f} / {1e3 * statistics.median(second):>7.1f}")


if __name__ == "__main__":
    main()
