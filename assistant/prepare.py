"""Getting the engine ready: tables loaded and every kernel compiled or read from cache."""

import threading
from collections.abc import Callable

from assistant.cards import parse_cards
from assistant.door import Villain, advise_numbers
from assistant.equity import equity
from assistant.hand_strength import hand_strength
from assistant.opponents.profile import PRESETS

_LOCK = threading.Lock()
_prepared = False


def prepare_engine(progress: Callable[[float], None] | None = None) -> None:
    """Run one small question through every path of the engine.

    The first run after installation compiles the numba kernels (seconds); later runs
    read them from the cache.  Either way, questions asked afterwards are answered at
    full speed.  It runs once per process: a second caller (the window's range worker
    beside its advice worker, say) waits for the first and does not load the kernels
    again.
    """
    global _prepared
    with _LOCK:
        if _prepared:
            if progress is not None:
                progress(1.0)
            return
        _run_steps(progress)
        _prepared = True


def _run_steps(progress: Callable[[float], None] | None) -> None:
    steps: list[Callable[[], object]] = [
        lambda: equity("AhKd", opponents=2),  # the preflop table
        lambda: equity("AsKs", vs=["QhQd"]),  # preflop counting
        lambda: equity("AhKd", "Qs7d2c", opponents=3),  # postflop counting
        lambda: equity("AhKd", "Qs7d2c", opponents=5, samples=1000, seed=1),  # sampling
        lambda: equity("AhKd", "Qs7d2c", vs=["QQ+,AK"]),  # a weighted range, counted
        lambda: hand_strength("AhKd", "Qs7d2c"),
        lambda: advise_numbers(parse_cards("AhKd"), parse_cards("Qs7d2c"), pot=10, to_call=5,
                               stack=100, villains=[Villain(PRESETS["unknown"], 100)],
                               big_blind=2),  # the showdown counts and board strength
        lambda: advise_numbers(parse_cards("AhKd"), [], pot=10, to_call=2, stack=100,
                               villains=[Villain(PRESETS["unknown"], 100)] * 2,
                               big_blind=2),  # several ranges: the range sums' kernel
    ]
    for done, step in enumerate(steps, start=1):
        step()
        if progress is not None:
            progress(done / len(steps))
