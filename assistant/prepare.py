"""Getting the engine ready: tables loaded and every kernel compiled or read from cache."""

from collections.abc import Callable

from assistant.advice import advise
from assistant.equity import equity
from assistant.hand_strength import hand_strength
from assistant.kelly import BetSituation, Opponent


def prepare_engine(progress: Callable[[float], None] | None = None) -> None:
    """Run one small question through every path of the engine.

    The first run after installation compiles the numba kernels (seconds); later runs
    read them from the cache.  Either way, questions asked afterwards are answered at
    full speed.
    """
    steps: list[Callable[[], object]] = [
        lambda: equity("AhKd", opponents=2),  # the preflop table
        lambda: equity("AsKs", vs=["QhQd"]),  # preflop counting
        lambda: equity("AhKd", "Qs7d2c", opponents=3),  # postflop counting
        lambda: equity("AhKd", "Qs7d2c", opponents=5, samples=1000, seed=1),  # sampling
        lambda: hand_strength("AhKd", "Qs7d2c"),
        lambda: advise("AhKd", "Qs7d2c", BetSituation(100, 10, 5, (Opponent(),), 10)),
    ]
    for done, step in enumerate(steps, start=1):
        step()
        if progress is not None:
            progress(done / len(steps))
