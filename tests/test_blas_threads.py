"""The engine runs BLAS on one thread: importing :mod:`assistant` before numpy sets it."""

import os
import subprocess
import sys

import pytest

PROBE = ("import os\n"
         "import assistant\n"
         "import numpy as np\n"
         "matrix = np.ones((600, 600), dtype=np.float32)\n"
         "matrix @ matrix\n"
         "print(len(os.listdir('/proc/self/task')))")
"""Prints the process's threads after a matrix product large enough for OpenBLAS to
start its pool."""


def threads(**environ: str) -> int:
    """The probe's thread count, run without OPENBLAS_NUM_THREADS but for ``environ``."""
    env = {name: value for name, value in os.environ.items()
           if name != "OPENBLAS_NUM_THREADS"} | environ
    result = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                            env=env, check=True)
    return int(result.stdout)


@pytest.mark.skipif(not os.path.isdir("/proc/self/task") or (os.cpu_count() or 1) < 2,
                    reason="counts threads in Linux's /proc, with two cores or more")
def test_blas_runs_on_one_thread_unless_told() -> None:
    assert threads() == 1
    # The probe can fail: a value the user sets wins, and starts OpenBLAS's threads.
    assert threads(OPENBLAS_NUM_THREADS="2") == 2
