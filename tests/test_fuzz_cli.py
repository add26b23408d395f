"""Fuzzing the command line: every numeric option, with any text, either parses to a
number in its range or ends the command with status 2 and a message quoting the text,
before any work is done.  Never a traceback, a hang or an out-of-memory.

The options are found in the parser itself, so a new numeric option is fuzzed too.
How to run it longer, and how to replay a failure, is in ``tests/test_fuzz_files.py``.
"""

import argparse
import contextlib
import io
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assistant.cli import build_parser, main
from assistant.cli.arguments import MAX_CHIPS, MAX_SEED
from assistant.equity import MAX_TRIALS

REQUIRED = {"equity": ["AhKd"], "advise": ["AhKd", "--stack=100", "--pot=10"],
            "replay": ["hands.phh"]}


def numeric_options() -> list[tuple[str, str]]:
    """(command, option) for every option whose value is converted from text."""
    parser = build_parser()
    commands = next(action for action in parser._actions
                    if isinstance(action, argparse._SubParsersAction))
    found = []
    for name, sub in commands.choices.items():
        for action in sub._actions:
            if action.type is not None and action.option_strings and name in REQUIRED:
                found.append((name, action.option_strings[0]))
    return found


OPTIONS = numeric_options()
PARSER = build_parser()
NUMBERS = (st.text(max_size=30) | st.integers().map(str)
           | st.floats(allow_nan=True, allow_infinity=True).map(repr)
           | st.sampled_from(["-1", "0", "1e308", "1e-308", "nan", "inf", "-0", "1_000",
                              "0x10", " 5", "99999999999", "1" * 5000, "1,2", ",", "1,,2"]))


def parse(command: str, option: str, text: str) -> argparse.Namespace | str:
    """The parsed arguments, or the error message argparse printed (exit 2)."""
    err = io.StringIO()
    try:
        with contextlib.redirect_stderr(err):
            return PARSER.parse_args([command, *REQUIRED[command], f"{option}={text}"])
    except SystemExit as exit_:
        assert exit_.code == 2
        return err.getvalue()


@pytest.mark.parametrize(("command", "option"), OPTIONS)
@given(text=NUMBERS)
def test_every_numeric_option_parses_in_range_or_exits_2(command: str, option: str,
                                                        text: str) -> None:
    result = parse(command, option, text)
    if isinstance(result, str):
        assert f"argument {option}" in result and "Traceback" not in result
        return
    value = getattr(result, option.lstrip("-").replace("-", "_"))
    for number in value if isinstance(value, list) else [value]:
        assert math.isfinite(number) and 0 <= number <= max(MAX_CHIPS, MAX_SEED)


def test_the_numeric_options_are_all_found() -> None:
    assert {option for _, option in OPTIONS} >= {
        "--opponents", "--samples", "--seed", "--stack", "--pot", "--to-call", "--big-blind",
        "--opponent-stacks", "--players", "--kelly-scale", "--bankroll", "--hand"}


@pytest.mark.parametrize(
    ("args", "message"),
    [  # issue 11.6, each a traceback, a hang or a nan before
        (["equity", "AhKd", "--seed", "-1"], "'-1' seed: must be a whole number from 0 to"),
        (["equity", "AhKd", "--samples", "1000000000000"],
         f"'1000000000000' samples: must be a whole number from 1 to {MAX_TRIALS:,}"),
        (["equity", "AhKd", "--opponents", "99999999999"],
         "'99999999999' opponents: must be a whole number from 1 to 9"),
        (["advise", "AhKd", "--stack", "100", "--pot", "1e308"],
         "'1e308' is not a whole number of chips"),
        (["advise", "AhKd", "--stack", "100", "--pot", "10" * 9],
         "is not a number of chips of 0 or more and at most 1,000,000,000,000,000"),
        (["advise", "AhKd", "--stack", "100", "--pot", "10", "--opponent-stacks", "50,-1"],
         "'-1' is not a number of chips of 0 or more"),
        (["advise", "AhKd", "--stack", "100", "--pot", "10", "--kelly-scale", "nan"],
         "'nan' is not a fraction of the Kelly bet"),
        (["replay", "hands.phh", "--kelly-scale", "0"], "'0' is not a fraction"),
    ],
)
def test_out_of_range_numbers_exit_2_with_a_clear_message(
        args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(args)
    assert exit_.value.code == 2
    assert message in capsys.readouterr().err


def test_the_largest_numbers_taken_still_give_finite_advice(
        capsys: pytest.CaptureFixture[str]) -> None:
    big = f"{MAX_CHIPS:.0f}"
    assert main(["advise", "AsAd", "--stack", "1", "--pot", big, "--to-call", big,
                 "--bankroll", big, "--json"]) == 0
    assert "nan" not in capsys.readouterr().out.lower()
