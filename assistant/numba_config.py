"""numba's settings for the engine's kernels: import this module before defining any.

Every module with ``@njit`` kernels imports it first, so numba (a large import) is
loaded only by the code that needs it, never by ``poker-assistant --version`` or
``--help``.  The modules the window imports (the hand, the door, equity, growth, the
narrowing, the breakdown, the live hand) import a kernel module only inside the
functions that run it (marked ``numba: off the window's imports``): the window's GUI
thread is on screen without numba (0.2 s), and the worker thread loads the kernels.

In the standalone bundle (PyInstaller sets ``sys.frozen``) the kernels have no source
files: numba then caches them in its own user-wide directory, keyed on the bundle's
executable, which changes with every build.

It also runs numpy's BLAS on one thread, unless ``OPENBLAS_NUM_THREADS`` says otherwise.
The engine's matrix products (the answers' shares over a range) are small and many, and the
review and the simulator already run a process per core: OpenBLAS's own threads made
the advice up to three times slower, in CPU and in wall time (BENCHMARKS.md, "Review on
one BLAS thread"), and left its last digits to the machine's core count.  The products
are made only by modules that load this one first.
"""

import hashlib
import os
import sys
from pathlib import Path

import numba
from numba.misc.appdirs import AppDirs
from threadpoolctl import threadpool_limits

KERNEL_MARK = b"@njit"


def cache_directory(engine: Path = Path(__file__).parent) -> Path:
    """Where numba keeps compiled kernels: a directory named by a digest of the engine.

    Kernels call kernels in other files, and numba's on-disk cache notices changes
    to a function's own file only; with the directory keyed on every module of the
    ``engine`` package that holds kernels (subpackages too), any change to one
    recompiles them all instead of running stale machine code.
    """
    digest = hashlib.sha256()
    for source in sorted(engine.rglob("*.py")):
        text = source.read_bytes()
        if KERNEL_MARK in text:
            digest.update(source.relative_to(engine).as_posix().encode() + text)
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "kelly-poker-assistant" / "numba" / digest.hexdigest()[:16]


FROZEN = bool(getattr(sys, "frozen", False))

if not os.environ.get("NUMBA_CACHE_DIR") and not FROZEN:
    # Through the environment, which numba reads again whenever it reloads its settings.
    os.environ["NUMBA_CACHE_DIR"] = str(cache_directory())
    numba.config.reload_config()

if "OPENBLAS_NUM_THREADS" not in os.environ:
    # After numba, which loads numpy and so its BLAS; a forked worker keeps the limit.
    threadpool_limits(1, user_api="blas")


def kernel_cache_directory() -> Path:
    """The directory numba caches the kernels in."""
    if FROZEN:
        return Path(AppDirs(appname="numba", appauthor=False).user_cache_dir)
    return Path(os.environ["NUMBA_CACHE_DIR"])
