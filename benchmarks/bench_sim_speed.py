"""The whole-hand simulator's speed per core with the model on, against a baseline commit.

Run from a checkout: ``python benchmarks/bench_sim_speed.py --baseline 8680835``.  The
baseline's tree is extracted with ``git archive`` and both trees play, one after the
other and ``--repeat`` times, the same runs in fresh processes (each tree's ``assistant``
first on the path, one BLAS thread): for each table, ``--runs`` runs of ``--hands`` hands
of ``--hero`` (default ``half-kelly-hud``, the learning hero) from master seed ``--seed``,
in one process, after a three-hand warm-up run that loads the kernels (and, before any
of that, a :data:`WARM_UP_HANDS`-hand run of every table per tree, untimed, in which a
freshly extracted tree compiles its kernels).

Reported per tree: bb/100, hands per CPU second of the play alone (the process's CPU
time, so other jobs on the machine count little), hands per wall second, and a digest of
every hand's actions: equal digests mean the same seed dealt the same hands and every
decision was the same.
"""

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench_startup import extract  # the baseline tree, as the start-up benchmark makes it
from interpreter import describe_python

ROOT = Path(__file__).resolve().parent.parent
TABLES = ("tag 2", "station 2", "tag 6")
WARM_UP_HANDS = 20
"""Hands of each table a tree plays, untimed, before any is timed: enough that a freshly
extracted tree has compiled the kernels the table reaches (three hands of one table
were not: the first timed table of an extracted tree used to run slow)."""


def measure(bot: str, players: int, hands: int, runs: int, hero: str, seed: int
            ) -> dict[str, object]:
    """This tree's play of one table: bb/100, hands, CPU and wall seconds, actions' digest."""
    from assistant.simulate.runner import TableSpec, play_run, run_seeds
    from assistant.simulate.statistics import summarise

    play_run(TableSpec(bot, players, 3, hero), run_seeds(seed + 1, 1)[0])
    spec = TableSpec(bot, players, hands, hero)
    digest = hashlib.sha256()
    cpu, wall = time.process_time(), time.perf_counter()
    results = [play_run(spec, run_seed, observe=lambda h: digest.update(repr(h.actions).encode()))
               for run_seed in run_seeds(seed, runs)]
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return {"bb_per_100": summarise(results, wall).bb_per_100,
            "hands": sum(r.hands for r in results), "cpu": cpu, "wall": wall,
            "actions": digest.hexdigest()[:12]}


def run_on(tree: Path, table: str, args: argparse.Namespace) -> dict[str, Any]:
    """:func:`measure` for the ``assistant`` of ``tree``, in a fresh process."""
    environment = {**os.environ, "PYTHONPATH": str(tree), "OPENBLAS_NUM_THREADS": "1"}
    command = [sys.executable, __file__, "--json", table, "--hands", str(args.hands),
               "--runs", str(args.runs), "--hero", args.hero, "--seed", str(args.seed)]
    result = subprocess.run(command, cwd=tree, env=environment, capture_output=True,
                            text=True, check=True)
    return json.loads(result.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", help="the commit to compare with")
    parser.add_argument("--tables", nargs="*", default=list(TABLES),
                        help='tables as "BOT PLAYERS" (default: %(default)s)')
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--runs", type=int, default=4)
    parser.add_argument("--hero", default="half-kelly-hud")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--json", help='print this tree\'s figures for one "BOT PLAYERS"')
    args = parser.parse_args()
    if args.json:
        bot, players = args.json.split()
        print(json.dumps(measure(bot, int(players), args.hands, args.runs, args.hero,
                                 args.seed)))
        return
    print(describe_python())
    print("| table | tree | bb/100 | actions | hands per CPU s | hands per wall s |")
    print("|---|---|---:|---|---:|---:|")
    with tempfile.TemporaryDirectory() as scratch:
        trees = {"this tree": ROOT}
        if args.baseline:
            trees = {args.baseline: extract(args.baseline, Path(scratch)), **trees}
        warm_up = argparse.Namespace(**{**vars(args), "hands": WARM_UP_HANDS, "runs": 1})
        for tree in trees.values():  # a fresh tree compiles its kernels: not timed
            for table in args.tables:
                run_on(tree, table, warm_up)
        for table in args.tables:
            for _ in range(args.repeat):
                for name, tree in trees.items():
                    got = run_on(tree, table, args)
                    print(f"| {table} | {name} | {got['bb_per_100']:+.2f} | {got['actions']} |"
                          f" {got['hands'] / got['cpu']:.1f} | {got['hands'] / got['wall']:.1f} |",
                          flush=True)


if __name__ == "__main__":
    main()
