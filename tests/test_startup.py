"""Start-up: the light commands never import the heavy engine, and warm-up caches it."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = ("numpy", "numba", "PySide6", "matplotlib")


def imported_modules(*args: str) -> tuple[subprocess.CompletedProcess[str], set[str]]:
    """Run ``poker-assistant ARGS`` with ``-X importtime``; the modules it imported."""
    result = subprocess.run([sys.executable, "-X", "importtime", "-m", "assistant", *args],
                            capture_output=True, text=True)
    names = set(re.findall(r"^import time:\s+\d+ \|\s+\d+ \|\s*(\S+)", result.stderr,
                           re.MULTILINE))
    return result, names


@pytest.mark.parametrize("args", [["--version"], ["--help"], ["equity", "--help"],
                                  ["advise", "AhKd", "--stack", "x"],
                                  ["equity", "AhKd", "--method", "magic"]])
def test_light_commands_import_nothing_heavy(args: list[str]) -> None:
    result, names = imported_modules(*args)
    assert "assistant.cli" in names, result.stderr[-2000:]  # the probe sees the imports
    assert result.returncode in (0, 2)
    assert sorted(name for name in names if name.split(".")[0] in HEAVY) == []


def test_every_command_module_registers_without_the_engine() -> None:
    probe = ("import sys\n"
             "from assistant.cli import build_parser\n"
             "build_parser()\n"
             f"print(sorted(n for n in sys.modules if n.split('.')[0] in {HEAVY!r}))")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "[]"


def test_an_engine_command_does_import_numba() -> None:
    """The probe above can fail: a command that computes loads the kernels' module."""
    result, names = imported_modules("equity", "AhKd", "--board", "Qs7d2c", "--samples",
                                     "1000", "--seed", "1")
    assert result.returncode == 0, result.stderr[-2000:]
    assert {"numba", "assistant.equity_kernels", "assistant.numba_config"} <= names


WINDOW_PROBE = """
import sys
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
import ui.main_window
{then}
print(sorted({{name.split(".")[0] for name in sys.modules}} & {{"numba", "matplotlib"}}))
"""


def heavy_after_window(then: str = "") -> str:
    """Which of numba and matplotlib a fresh process has imported once it has imported
    the main window's module and run ``then``."""
    result = subprocess.run([sys.executable, "-c", WINDOW_PROBE.format(then=then)],
                            capture_output=True, text=True,
                            env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout.strip()


def test_the_window_s_modules_import_neither_numba_nor_matplotlib() -> None:
    """The engine's kernels load on the worker thread, the plots on first use."""
    assert heavy_after_window() == "[]"


@pytest.mark.parametrize(("then", "heavy"), [
    ("from ui.advice_panel import AdvicePanel\nAdvicePanel().outcome_plot", "['matplotlib']"),
    ("import assistant.prepare", "['numba']"),  # what the worker thread imports first
])
def test_the_window_probe_sees_a_plot_s_or_the_engine_s_imports(then: str, heavy: str) -> None:
    """The probe above can fail: making a plot, or the engine, imports them."""
    assert heavy_after_window(then) == heavy


def test_warm_up_caches_every_kernel_the_engine_runs(tmp_path: Path) -> None:
    """Into an empty cache of its own, so that only the warm-up can have put a kernel
    there (the suite's other tests compile into the shared one)."""
    env = {key: value for key, value in os.environ.items() if key != "NUMBA_CACHE_DIR"}
    env["XDG_CACHE_HOME"] = str(tmp_path)
    result = subprocess.run([sys.executable, "-m", "assistant", "warm-up"],
                            capture_output=True, text=True, env=env)
    assert result.returncode == 0, result.stderr
    assert "100% of the engine ready" in result.stderr
    cache = Path(result.stdout.strip().rsplit(" in ", 1)[1])
    assert cache.is_relative_to(tmp_path)
    indexes = {path.name.split("-")[0] for path in cache.rglob("*.nbi")}
    assert {"equity_kernels.preflop_counts", "equity_kernels.postflop_counts",
            "equity_kernels.sample_counts", "equity_kernels.weighted_counts",
            "evaluator._strengths", "hand_strength.strength_counts", "showdown._counts",
            "showdown._board_shares", "showdown._range_sums", "showdown._sum_steps",
            "thresholds._roots", "thresholds._cells", "answer_kernels.levels",
            "answer_kernels.calls", "growth_kernels.caller_patterns",
            "growth_kernels.pattern_stakes", "growth_kernels.pattern_sums",
            "numpy_sum.pairwise_sum"} <= indexes


def kernels_loaded(*args: str) -> list[str]:
    """The kernels ``poker-assistant ARGS`` compiled or read from numba's cache."""
    result = subprocess.run([sys.executable, "-m", "assistant", *args], capture_output=True,
                            text=True, env={**os.environ, "NUMBA_DEBUG_CACHE": "1"})
    assert result.returncode == 0, result.stderr[-2000:]
    return re.findall(r"^\[cache\] (?:data loaded|data saved) .*?([\w.]+)-\d+\.py",
                      result.stdout + result.stderr, re.MULTILINE)


def test_preflop_advice_runs_only_the_kernels_it_needs() -> None:
    """Preflop the advice needs the showdown's totals over sampled boards (and so the
    evaluator), and no equity counting at all."""
    kernels = kernels_loaded("advise", "AhKd", "--stack", "100", "--pot", "3", "--to-call",
                             "2")
    assert "showdown._counts" in kernels
    assert not [k for k in kernels if k.startswith("equity_kernels")]
    # The probe sees kernels when there are some: a sampled flop loads its kernel.
    flop = kernels_loaded("equity", "AhKd", "--board", "Qs7d2c", "--samples", "1000",
                          "--seed", "1", "--method", "monte-carlo")
    assert "equity_kernels.sample_counts" in flop
