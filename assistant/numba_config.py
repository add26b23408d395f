"""numba's settings for the engine's kernels: import this module before defining any.

Every module with ``@njit`` kernels imports it first, so numba (a large import) is
loaded only by the code that needs it, never by ``poker-assistant --version`` or
``--help``.
"""

import hashlib
import os
from pathlib import Path

import numba

KERNEL_MARK = b"@njit"


def cache_directory() -> Path:
    """Where numba keeps compiled kernels: a directory named by a digest of the engine.

    Kernels call kernels in other files, and numba's on-disk cache notices changes
    to a function's own file only; with the directory keyed on every module that
    holds kernels, any change to one recompiles them all instead of running stale
    machine code.
    """
    digest = hashlib.sha256()
    for source in sorted(Path(__file__).parent.glob("*.py")):
        text = source.read_bytes()
        if KERNEL_MARK in text:
            digest.update(source.name.encode() + text)
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "kelly-poker-assistant" / "numba" / digest.hexdigest()[:16]


if not os.environ.get("NUMBA_CACHE_DIR"):
    # numba reads the setting when each cached kernel is defined, after this import.
    setattr(numba.config, "CACHE_DIR", str(cache_directory()))  # noqa: B010 - untyped module


def kernel_cache_directory() -> Path:
    """The directory numba caches kernels in now (``NUMBA_CACHE_DIR`` if set)."""
    return Path(numba.config.CACHE_DIR)  # type: ignore[attr-defined]
