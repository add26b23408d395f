"""The engine runs BLAS on one thread: loading its kernels' settings sets it, even with
numpy loaded before."""

import os
import subprocess
import sys

import pytest

PROBE = ("import numpy\n"
         "import assistant.numba_config\n"
         "from threadpoolctl import threadpool_info\n"
         "print(*(pool['num_threads'] for pool in threadpool_info()"
         " if pool['user_api'] == 'blas'))")
"""Prints the threads each BLAS library loaded will use, as the library tells."""


def blas_threads(**environ: str) -> list[int]:
    """The probe's answer, run without OPENBLAS_NUM_THREADS but for ``environ``."""
    env = {name: value for name, value in os.environ.items()
           if name != "OPENBLAS_NUM_THREADS"} | environ
    result = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                            env=env, check=True)
    return [int(word) for word in result.stdout.split()]


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="BLAS has one thread on one core")
def test_blas_runs_on_one_thread_unless_told() -> None:
    assert blas_threads() == [1]
    # The probe can fail: a value the user sets wins.
    assert blas_threads(OPENBLAS_NUM_THREADS="2") == [2]
