"""Where the simulator's time goes: the compiled kernels against everything around them.

Run from a checkout: ``python benchmarks/bench_sim_floor.py --tables "station 6" "tag 6"``.
For each table, ``--runs`` runs of ``--hands`` hands of the learning hero
(``half-kelly-hud``, the model on) are played twice in this process: once plain, for the
CPU time a hand takes (:func:`bench_sim_speed.measure`, which warms the kernels up
first), and once under cProfile, which times each numba kernel of ``assistant`` (its own
time: the compiled loop and its dispatch) and each numpy function called by name.

What the kernels take per hand bounds the speed from above: were everything around them
(the Python of the model, numpy's arithmetic, the dealer and the bots) to take no time at
all, a table could not play faster than ``1 / kernels`` hands per CPU second, the
"kernel floor" printed.  The numpy functions called by name are printed beside them;
numpy's arithmetic through operators (``a * b``) has no entry of its own in the profile
and counts with the Python around it.
"""

import argparse
import cProfile
import importlib
import pkgutil
import pstats

import bench_sim_speed
from interpreter import describe_python

Key = tuple[str, int, str]


def kernel_keys() -> dict[Key, str]:
    """The profile keys of every numba kernel in ``assistant``'s modules, with a name."""
    from numba.core.registry import CPUDispatcher

    import assistant

    keys: dict[Key, str] = {}
    for info in pkgutil.walk_packages(assistant.__path__, "assistant."):
        if info.name.endswith("__main__"):  # the command line, not a module of kernels
            continue
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if isinstance(value, CPUDispatcher):
                code = value.py_func.__code__
                keys[(code.co_filename, code.co_firstlineno, code.co_name)] = (
                    f"{module.__name__.removeprefix('assistant.')}.{code.co_name}")
    return keys


def measure(bot: str, players: int, hands: int, runs: int, seed: int) -> None:
    """Print one table's row: CPU per hand, the kernels' and numpy's shares, the floor."""
    from assistant.simulate.runner import TableSpec, play_run, run_seeds

    plain = bench_sim_speed.measure(bot, players, hands, runs, "half-kelly-hud", seed)
    count = plain["hands"]
    cpu = plain["cpu"] / count
    spec = TableSpec(bot, players, hands, "half-kelly-hud")
    profile = cProfile.Profile()
    profile.enable()
    for run_seed in run_seeds(seed, runs):
        play_run(spec, run_seed)
    profile.disable()
    stats = pstats.Stats(profile).stats
    kernels = kernel_keys()
    own = {kernels[key]: row[2] / count for key, row in stats.items() if key in kernels}
    numpy_c = sum(row[2] for key, row in stats.items()
                  if key[0] == "~" and "numpy" in key[2]) / count
    compiled = sum(own.values())
    largest = sorted(own.items(), key=lambda item: -item[1])[:5]
    print(f"| {bot} {players} | {1 / cpu:.1f} | {1e3 * cpu:.2f} | {1e3 * compiled:.2f} |"
          f" {1e3 * numpy_c:.2f} | {1e3 * (cpu - compiled - numpy_c):.2f} |"
          f" {1 / compiled:.0f} | "
          + ", ".join(f"{name} {1e3 * spent:.2f}" for name, spent in largest) + " |",
          flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", nargs="*", default=["station 6", "tag 6"],
                        help='tables as "BOT PLAYERS" (default: %(default)s)')
    parser.add_argument("--hands", type=int, default=150)
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(describe_python())
    print("| table | hands per CPU s | ms a hand | kernels (ms) | numpy by name (ms) |"
          " the rest (ms) | kernel floor (hands per CPU s) | largest kernels (ms a hand) |")
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    for table in args.tables:
        bot, players = table.split()
        measure(bot, int(players), args.hands, args.runs, args.seed)


if __name__ == "__main__":
    main()
