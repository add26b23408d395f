"""``poker-assistant warm-up``: compile and cache every kernel ahead of the first hand."""

import argparse
import sys
import time


def add_parser(commands: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    """Register the command."""
    warm = commands.add_parser(
        "warm-up", help="compile and cache every engine kernel (run once after installing)",
        description="Load the tables and compile every numba kernel into the user's cache,"
        " so that the first question at the table is answered at full speed. The first"
        " run after an installation or an update takes a while; later runs read the cache.")
    warm.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """``poker-assistant warm-up``: progress on stderr, where the cache is on stdout."""
    print("loading the engine...", file=sys.stderr, flush=True)
    start = time.perf_counter()
    from assistant.numba_config import kernel_cache_directory
    from assistant.prepare import prepare_engine

    def report(fraction: float) -> None:
        print(f"  {100 * fraction:3.0f}% of the engine ready"
              f" ({time.perf_counter() - start:.1f} s)", file=sys.stderr, flush=True)

    report(0.0)
    prepare_engine(report)
    print(f"kernels compiled and cached in {kernel_cache_directory()}")
    return 0
