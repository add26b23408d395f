"""The Python that runs a benchmark, in one line: its version, path and how libpython is
linked.

The same code runs at different speeds on different builds of the same CPython: on the
development machine, importing hands (pure Python: the reader, the hand state) took 12 to
15 % less CPU on Debian's ``/usr/bin/python3.11`` (the interpreter linked into the
executable, built as the distribution builds it) than on pyenv's 3.11.7 (a shared
libpython, built without ``--enable-optimizations``).  Figures taken on different
interpreters are not comparable, so each benchmark names its own.
"""

import platform
import sys
from pathlib import Path


def describe_python() -> str:
    """``Python 3.11.2 (/usr/bin/python3.11, interpreter in the executable), x86_64``:
    whether libpython is a shared library is read off the process's mapped files (on
    Linux; build flags say it wrongly where a distribution builds both)."""
    maps = Path("/proc/self/maps")
    if maps.exists():
        shared = "libpython" in maps.read_text()
        linked = "libpython shared" if shared else "interpreter in the executable"
    else:
        linked = "linking unknown"
    base = getattr(sys, "_base_executable", sys.executable)  # a venv's python is its base's
    return f"Python {platform.python_version()} ({base}, {linked}), {platform.machine()}"
