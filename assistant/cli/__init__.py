"""The ``poker-assistant`` command: a thin layer of argparse over the engine, one module
per command.

Every engine error (:class:`~assistant.errors.PokerInputError`) is caught in
:func:`main`, printed as one line, and ends the command with status 2.

Start-up is kept instant: building the parser imports every command module, so
``--version``, ``--help`` and argument errors must never load numpy or numba
(``tests/test_startup.py`` checks it).  A command module (add it to :data:`COMMANDS`)
therefore has

* ``add_parser(commands)``: registers the subcommand and ``set_defaults(run=run)``;
* ``run(args) -> int``: does the work and returns the exit status;
* at the top, only light imports: the standard library, :mod:`assistant.cli.arguments`,
  :mod:`assistant.errors`, :mod:`assistant.equity_methods` and other modules that import
  neither numpy nor numba.  Engine imports go inside the functions that call the engine
  (``from assistant.equity import equity`` in ``run``); names needed only in type hints
  are imported under ``if TYPE_CHECKING:``, with ``from __future__ import annotations``.
  Argument choices taken from the engine (like the equity ``METHODS``) live in light
  modules too.
"""

import argparse
import os
import sys
from collections.abc import Callable, Sequence

from assistant import __version__
from assistant.cli import advise, db, desktop, equity, gui, range, replay, simulate, warmup
from assistant.errors import PokerInputError

Command = Callable[[argparse.Namespace], int]
COMMANDS = (equity, advise, range, replay, simulate, db, gui, warmup, desktop)
"""The command modules, in the order ``--help`` lists them."""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the command line, with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="poker-assistant",
        description="Exact Texas hold 'em odds and Kelly-optimal bets. With no command,"
                    " opens the window.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for command in COMMANDS:
        command.add_parser(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        return gui.open_window()
    try:
        run: Command = args.run
        return run(args)
    except PokerInputError as error:
        print(f"poker-assistant: error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader (say, `head`) left: end quietly, and stop Python's own flush at
        # exit from complaining about the closed pipe.
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - must outlive this call
        return 1
