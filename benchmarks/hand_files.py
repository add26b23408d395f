"""Generated hand history files for the database benchmark: random legal 6-max hands.

A minimal stand-in for the simulator: six players drawn from a pool sit at a $0.50/$1
table with 50 to 250 big blinds; each decision is a random fold, check, call, bet or
raise with fixed odds (most hands end before the flop, as at a real table); the hands
are played with :class:`assistant.hand.Hand` and written with ``format_phh``, a
thousand to a file, each with a site hand number and a time 40 seconds after the last.

    python benchmarks/hand_files.py FOLDER --hands 100000
"""

import argparse
import calendar
import datetime
import random
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from assistant.hand import ActionKind, Hand, HandConfig, Street
from assistant.history import HandRecord, format_phh, make_record

PLAYERS = 5000
HANDS_PER_FILE = 1000
SEATS = 6
BIG_BLIND = 100  # in cents
START = calendar.timegm((2026, 1, 1, 12, 0, 0))
SITE = "Generated"


def act(hand: Hand, rng: random.Random) -> None:
    """One random legal action of the seat to act."""
    seat = hand.to_act
    assert seat is not None
    legal = hand.legal_actions()
    owes = hand.to_call(seat)
    roll = rng.random()
    aggressive = ActionKind.RAISE if ActionKind.RAISE in legal else ActionKind.BET
    if aggressive in legal and roll < (0.12 if owes else 0.3):
        lowest, highest = hand.min_raise_to(), hand.max_raise_to()
        assert lowest is not None and highest is not None
        target = hand.street_contribution(seat) + owes + max(owes, hand.pot * 2 // 3)
        (hand.raise_to if aggressive == ActionKind.RAISE else hand.bet)(
            seat, min(highest, max(lowest, target)))
    elif not owes:
        hand.check(seat)
    elif roll < (0.75 if hand.street == Street.PREFLOP and hand.pot <= 2 * BIG_BLIND
                 else 0.6):
        hand.fold(seat)
    else:
        hand.call(seat)


def play_hand(number: int) -> HandRecord:
    """The generated hand ``number`` (the same every time)."""
    rng = random.Random(number)
    names = [f"player{k}" for k in rng.sample(range(PLAYERS), SEATS)]
    stacks = [rng.randint(50, 250) * BIG_BLIND for _ in range(SEATS)]
    config = HandConfig.standard(stacks, SEATS - 1, BIG_BLIND // 2, BIG_BLIND)
    hand = Hand(HandConfig(config.stacks, config.button, config.blinds, config.antes,
                           config.min_bet, names=tuple(names)))
    deck = list(range(52))
    rng.shuffle(deck)
    for seat in range(SEATS):
        hand.deal_hole(seat, [deck.pop(), deck.pop()])
    while not hand.is_over:
        if hand.to_act is not None:
            act(hand, rng)
        elif hand.needs_board:
            hand.deal_board([deck.pop() for _ in range(3 if hand.street == Street.PREFLOP else 1)])
        else:
            seat = next(s for s in hand.live_seats() if not hand.has_shown(s))
            hand.show(seat)
    moment = datetime.datetime.fromtimestamp(START + 40 * number, datetime.UTC)
    return make_record(hand, decimals=2, fields={
        "venue": SITE, "hand": number, "year": moment.year, "month": moment.month,
        "day": moment.day, "time": moment.time()})


def write_file(folder: Path, first: int, count: int) -> Path:
    """Write hands ``first`` .. ``first + count - 1`` to one file of the folder."""
    path = folder / f"hands-{first:08d}.phhs"
    path.write_text(format_phh([play_hand(number) for number in range(first, first + count)]),
                    encoding="utf-8")
    return path


def write_hands(folder: Path, hands: int, workers: int = 1) -> list[Path]:
    """Write ``hands`` generated hands to files in ``folder`` (made if missing)."""
    folder.mkdir(parents=True, exist_ok=True)
    starts = range(0, hands, HANDS_PER_FILE)
    counts = [min(HANDS_PER_FILE, hands - first) for first in starts]
    with ProcessPoolExecutor(workers) as pool:
        return list(pool.map(write_file, [folder] * len(counts), starts, counts))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    files = write_hands(args.folder, args.hands, args.workers)
    print(f"{args.hands:,} hands in {len(files)} files in {args.folder}")


if __name__ == "__main__":
    main()
