"""The Kelly poker assistant's engine: cards, evaluator, equity, Kelly advice.

Nothing in this package imports Qt; the window in ``ui`` and the command line in
:mod:`assistant.cli` are thin layers over it.  Importing the package itself is light
(no numpy, no numba), so ``poker-assistant --version`` starts at once; the modules with
numba kernels import :mod:`assistant.numba_config` first.
"""

__version__ = "0.1.0"
