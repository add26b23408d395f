"""Start-up times of the command line and the window, against a baseline commit.

Run from a checkout: ``python benchmarks/bench_startup.py --baseline 2aee1ff``.  The
baseline's tree is extracted with ``git archive`` into a temporary directory and both
trees are timed in the same run, alternately, as fresh Python processes (the way a user
starts the program).  Each case runs once untimed first, so numba's kernel cache is warm
for both trees; the figures are the median and the fastest of ``--repeat`` runs.
"""

import argparse
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

WINDOW = """
import os, sys
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
from ui.main_window import MainWindow
window = MainWindow()
window.show()
app.processEvents()
os._exit(0)
"""
"""The main window built, shown and painted once; ``os._exit`` skips the teardown."""

SPLASH = """
import os, sys
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
from ui.app import apply_look, show_start_screen
apply_look(app)
show_start_screen(app)
os._exit(0)
"""
"""What ``ui.app.run`` puts on screen before it imports the engine (the start screen),
painted once; it fails where there is none (a tree before it), shown as n/a."""

QT_FLOOR = """
import os, sys
from PySide6.QtWidgets import QApplication, QLabel
app = QApplication(sys.argv[:1])
label = QLabel("poker")
label.show()
app.processEvents()
os._exit(0)
"""
"""The floor for any window: Qt started and one label painted, no project code."""

CASES: dict[str, list[str]] = {
    "python, nothing": ["-c", "pass"],
    "--version": ["-m", "assistant", "--version"],
    "--help": ["-m", "assistant", "--help"],
    "argument error": ["-m", "assistant", "equity", "AhKd", "--opponents", "x"],
    "advise, preflop": ["-m", "assistant", "advise", "AhKd", "--stack", "100", "--pot", "3",
                        "--to-call", "2"],
    "equity, flop": ["-m", "assistant", "equity", "AhKd", "--board", "Qs7d2c"],
    "Qt floor (a label)": ["-c", QT_FLOOR],
    "splash shown": ["-c", SPLASH],
    "window shown": ["-c", WINDOW],
}


def run_once(tree: Path, arguments: list[str]) -> float:
    """Seconds of wall time of one fresh process running ``arguments`` in ``tree``; NaN
    if it crashed (an argument error's status 2 is expected)."""
    environment = {**os.environ, "PYTHONPATH": str(tree), "QT_QPA_PLATFORM": "offscreen"}
    start = time.perf_counter()
    result = subprocess.run([sys.executable, *arguments], cwd=tree, env=environment,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    seconds = time.perf_counter() - start
    return seconds if result.returncode in (0, 2) else math.nan


def extract(commit: str, into: Path) -> Path:
    """The tree of ``commit`` written into a new directory under ``into``."""
    tree = into / commit
    tree.mkdir()
    archive = subprocess.run(["git", "archive", commit], cwd=ROOT, capture_output=True,
                             check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    return tree


def figures(times: list[float]) -> str:
    """The median and the fastest of some times, or n/a if a run failed."""
    if any(math.isnan(t) for t in times):
        return f"{'n/a':>22}"
    return f"{statistics.median(times):>13.3f} /{min(times):>6.3f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default="2aee1ff", help="the commit to compare with")
    parser.add_argument("--repeat", type=int, default=7, help="timed runs of each case")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        trees = {args.baseline: extract(args.baseline, Path(scratch)), "this tree": ROOT}
        print(f"start-up, {args.repeat} fresh processes per case (median / fastest),"
              f" Python {sys.version.split()[0]}")
        print(f"{'case':<18}" + "".join(f"{name:>22}" for name in trees))
        for case, arguments in CASES.items():
            for tree in trees.values():
                run_once(tree, arguments)  # warm the kernel cache and the OS file cache
            times: dict[str, list[float]] = {name: [] for name in trees}
            for _ in range(args.repeat):
                for name, tree in trees.items():
                    times[name].append(run_once(tree, arguments))
            print(f"{case:<18}" + "".join(figures(t) for t in times.values()))


if __name__ == "__main__":
    main()
