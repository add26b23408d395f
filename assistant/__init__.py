"""The Kelly poker assistant's engine: cards, evaluator, equity, Kelly advice.

Nothing in this package imports Qt; the window in ``ui`` and the command line in
:mod:`assistant.cli` are thin layers over it.
"""

import hashlib
import os
from pathlib import Path

import numba

__version__ = "0.1.0"
__all__ = ["advise_phh"]


def advise_phh(text: str, hero: str, **settings: object) -> dict[str, object]:
    """The advice at hero's current decision of a PHH hand: see
    :func:`assistant.door.advise_phh` (imported on first use, so that ``import assistant``
    stays light)."""
    from assistant.door import advise_phh as door_advise_phh

    return door_advise_phh(text, hero, **settings)  # type: ignore[arg-type]


def _cache_directory() -> Path:
    """Where numba keeps compiled kernels: a directory named by a digest of the engine.

    Kernels call kernels in other files, and numba's on-disk cache notices changes
    to a function's own file only; with the directory keyed on every module that
    holds kernels, any change to one recompiles them all instead of running stale
    machine code.
    """
    digest = hashlib.sha256()
    for source in sorted(Path(__file__).parent.glob("*.py")):
        text = source.read_bytes()
        if b"@njit" in text:
            digest.update(source.name.encode() + text)
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "kelly-poker-assistant" / "numba" / digest.hexdigest()[:16]


if not os.environ.get("NUMBA_CACHE_DIR"):
    # numba reads the setting when each cached kernel is defined, after this import.
    setattr(numba.config, "CACHE_DIR", str(_cache_directory()))  # noqa: B010 - untyped module
