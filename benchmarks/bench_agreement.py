"""How often the advice takes the decision strong players took, on the public hands in
``tests/data/phh`` (20 Pluribus hands, 11 of the 2023 WSOP Event #43 final day and
Dwan-Ivey), against a baseline commit.

Run from a checkout: ``python benchmarks/bench_agreement.py --baseline 9f6f95d``.  The
baseline's tree is extracted with ``git archive`` and this script runs again on it (its
``assistant`` first on the path), so both trees meet the same decisions.

Every decision of every seat whose cards the file shows is replayed through the door
(:class:`assistant.history.replay.Replay`, default settings: every opponent ``unknown``,
25 buy-ins, full Kelly) and put in one of three kinds: **fold**, **passive** (check or
call) and **aggressive** (bet, raise or all-in).  Reported: the share whose kind agrees,
with a 95 % Wilson interval (the decisions of one hand are not independent, so the
interval is optimistic), the replay's own agreement (the same action and size within
25 %, or growth within the tolerance), the confusion table and the agreement by street.
It is a small sample: a check on the direction of a change, not a figure to tune to.
"""

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import TypedDict

from bench_startup import extract  # the baseline tree, as the start-up benchmark makes it

ROOT = Path(__file__).resolve().parent.parent
HANDS = ROOT / "tests" / "data" / "phh"
KINDS = {"fold": "fold", "check": "passive", "call": "passive", "bet": "aggressive",
         "raise": "aggressive", "all-in": "aggressive"}
"""The kind of each action the door names, in the order the tables show them."""


class Counts(TypedDict):
    """One tree's counts, as JSON: (taken, advised, decisions), (street, agreed,
    decisions) and the decisions where the replay found the same action."""

    pairs: list[tuple[str, str, int]]
    streets: list[tuple[str, bool, int]]
    same_action: int


def measure() -> Counts:
    """The counts for the ``assistant`` on the path (this process)."""
    from assistant.errors import PokerInputError
    from assistant.history.files import load_hands
    from assistant.history.replay import Replay

    pairs: Counter[tuple[str, str]] = Counter()
    streets: Counter[tuple[str, bool]] = Counter()
    same_action = 0
    for path in sorted(HANDS.glob("*.phh")):
        for record in load_hands(path).hands:
            for seat in range(record.config.n_seats):
                if record.known_cards(seat) is None:
                    continue
                try:
                    summary = Replay(record, seat).summary()
                except PokerInputError:
                    continue
                for review in summary.reviews:
                    if review.advice is None:
                        continue
                    taken, advised = KINDS[review.taken], KINDS[review.advice.choice.kind]
                    pairs[(taken, advised)] += 1
                    streets[(review.decision.street.name.lower(), taken == advised)] += 1
                    same_action += bool(review.agrees)
    return {"pairs": [(t, a, n) for (t, a), n in sorted(pairs.items())],
            "streets": [(s, ok, n) for (s, ok), n in sorted(streets.items())],
            "same_action": same_action}


def wilson(k: int, n: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of ``k`` successes in ``n``."""
    z = 1.96
    centre = (k + z * z / 2) / (n + z * z)
    half = z * math.sqrt(k * (n - k) / n + z * z / 4) / (n + z * z)
    return centre - half, centre + half


def report(name: str, counts: Counts) -> None:
    """Print one tree's figures."""
    pairs = {(t, a): n for t, a, n in counts["pairs"]}
    total = sum(pairs.values())
    agree = sum(n for (t, a), n in pairs.items() if t == a)
    low, high = wilson(agree, total)
    print(f"\n{name}: {total} decisions; same kind {agree} ({agree / total:.1%}, 95 %"
          f" {low:.1%} to {high:.1%}); same action {counts['same_action']}"
          f" ({counts['same_action'] / total:.1%})")
    kinds = tuple(dict.fromkeys(KINDS.values()))
    print("| taken \\ advised | " + " | ".join(kinds) + " |")
    print("|---|" + "---:|" * len(kinds))
    for taken in kinds:
        print(f"| {taken} | " + " | ".join(str(pairs.get((taken, a), 0)) for a in kinds)
              + " |")
    by_street: dict[str, list[int]] = {}
    for street, ok, n in counts["streets"]:
        by_street.setdefault(street, [0, 0])[0 if ok else 1] += n
    print("by street: " + ", ".join(f"{s} {ok}/{ok + bad}" for s, (ok, bad) in
                                     by_street.items()))


def run_on(tree: Path) -> Counts:
    """This script's counts for the ``assistant`` of ``tree``, in a fresh process."""
    environment = {**os.environ, "PYTHONPATH": str(tree)}
    result = subprocess.run([sys.executable, __file__, "--json"], cwd=tree, env=environment,
                            capture_output=True, text=True, check=True)
    return json.loads(result.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", help="the commit to compare with")
    parser.add_argument("--json", action="store_true",
                        help="print this tree's counts as JSON (used for the baseline)")
    args = parser.parse_args()
    if args.json:
        print(json.dumps(measure()))
        return
    if args.baseline:
        with tempfile.TemporaryDirectory() as scratch:
            report(args.baseline, run_on(extract(args.baseline, Path(scratch))))
    report("this tree", run_on(ROOT))


if __name__ == "__main__":
    main()
