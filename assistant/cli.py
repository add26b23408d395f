"""The ``poker-assistant`` command: a thin layer of argparse over the engine."""

import argparse
from collections.abc import Sequence

from assistant import __version__


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the command line."""
    parser = argparse.ArgumentParser(
        prog="poker-assistant",
        description="Exact Texas hold 'em odds and Kelly-optimal bets.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    parser.parse_args(argv)
    parser.print_usage()
    return 0
