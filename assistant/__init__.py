"""The Kelly poker assistant's engine: cards, evaluator, equity, Kelly advice.

Nothing in this package imports Qt; the window in ``ui`` and the command line in
:mod:`assistant.cli` are thin layers over it.  Importing the package itself is light
(no numpy, no numba), so ``poker-assistant --version`` starts at once; the modules with
numba kernels import :mod:`assistant.numba_config` first.
"""

__version__ = "0.1.0"
__all__ = ["advise_phh"]


def advise_phh(text: str, hero: str, **settings: object) -> dict[str, object]:
    """The advice at hero's current decision of a PHH hand: see
    :func:`assistant.door.advise_phh` (imported on first use, so that ``import assistant``
    stays light)."""
    from assistant.door import advise_phh as door_advise_phh

    return door_advise_phh(text, hero, **settings)  # type: ignore[arg-type]
