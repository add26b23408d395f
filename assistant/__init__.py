"""The Kelly poker assistant's engine: cards, evaluator, equity, Kelly advice.

Nothing in this package imports Qt; the window in ``ui`` and the command line in
:mod:`assistant.cli` are thin layers over it.
"""

__version__ = "0.1.0"
