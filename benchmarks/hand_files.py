"""Generated hand history files for the database benchmark: hands of the simulator.

Six players drawn from a pool of :data:`PLAYERS` sit at a $0.50/$1 table with 50 to
250 big blinds; each plays the profile bot of the simulator its number gives (nit, TAG,
LAG, station or maniac: :data:`assistant.simulate.bots.PROFILES`), and the hand is
dealt and played by :func:`assistant.simulate.dealer.play_hand`.

Simulating costs about as much as importing, so a big set is made from a pool of
:data:`POOL` distinct simulated hands: hand ``number`` is pool hand ``number % POOL``
with its own site hand number, a time 40 seconds after the last, and, from the second
copy on, other players (the same profiles): to the database every hand is a new one,
read and counted in full.  The hands are written with ``format_phh``, a thousand to a
file.

    python benchmarks/hand_files.py FOLDER --hands 100000
"""

import argparse
import calendar
import datetime
import functools
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path

import numpy as np

from assistant.history import HandRecord, format_phh, make_record
from assistant.simulate.bots import PROFILES, make_bot
from assistant.simulate.dealer import Policy, play_hand

PLAYERS = 5000
POOL = 20_000
HANDS_PER_FILE = 1000
SEATS = 6
BIG_BLIND = 100  # in cents
START = calendar.timegm((2026, 1, 1, 12, 0, 0))
SITE = "Generated"
PROFILE_NAMES = tuple(PROFILES)
RENAME_STEP = len(PROFILE_NAMES) * 97
"""How far each copy of a pool hand moves its players along: a multiple of the number
of profiles, so that every player keeps its profile."""


@functools.cache
def bots() -> tuple[Policy, ...]:
    """The policy of each profile, in :data:`PROFILE_NAMES` order."""
    return tuple(make_bot(name, SEATS) for name in PROFILE_NAMES)


@functools.cache
def pool_hand(index: int) -> tuple[HandRecord, tuple[int, ...]]:
    """Distinct simulated hand ``index`` of the pool, and its players' numbers (player
    ``k`` plays profile ``k % 5``)."""
    rng = np.random.default_rng(index)
    players = tuple(int(k) for k in rng.choice(PLAYERS, SEATS, replace=False))
    stacks = [int(bb) * BIG_BLIND for bb in rng.integers(50, 251, SEATS)]
    policies = [bots()[k % len(PROFILE_NAMES)] for k in players]
    # The button is the last seat, so the record's seats are the table's.
    hand = play_hand(stacks, SEATS - 1, policies, rng, BIG_BLIND // 2, BIG_BLIND)
    return make_record(hand, decimals=2), players


def generated_hand(number: int) -> HandRecord:
    """The generated hand ``number`` (the same every time)."""
    record, players = pool_hand(number % POOL)
    shift = number // POOL * RENAME_STEP
    names = tuple(f"player{(k + shift) % PLAYERS}" for k in players)
    moment = datetime.datetime.fromtimestamp(START + 40 * number, datetime.UTC)
    return replace(record, config=replace(record.config, names=names), fields={
        **record.fields, "venue": SITE, "hand": number, "year": moment.year,
        "month": moment.month, "day": moment.day, "time": moment.time()})


def write_file(folder: Path, first: int, count: int) -> Path:
    """Write hands ``first`` .. ``first + count - 1`` to one file of the folder."""
    path = folder / f"hands-{first:08d}.phhs"
    path.write_text(format_phh([generated_hand(number)
                                for number in range(first, first + count)]),
                    encoding="utf-8")
    return path


def write_hands(folder: Path, hands: int, workers: int = 1) -> list[Path]:
    """Write ``hands`` generated hands to files in ``folder`` (made if missing), in this
    process when ``workers`` is 1."""
    folder.mkdir(parents=True, exist_ok=True)
    starts = range(0, hands, HANDS_PER_FILE)
    counts = [min(HANDS_PER_FILE, hands - first) for first in starts]
    if workers == 1:
        return [write_file(folder, first, count) for first, count in zip(starts, counts,
                                                                          strict=True)]
    with ProcessPoolExecutor(workers) as pool:
        return list(pool.map(write_file, [folder] * len(counts), starts, counts))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    files = write_hands(args.folder, args.hands, args.workers)
    print(f"{args.hands:,} hands in {len(files)} files in {args.folder}")


if __name__ == "__main__":
    main()
