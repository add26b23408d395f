"""The command line, as a user runs it."""

import subprocess
import sys

import pytest

from assistant import __version__
from assistant.cli import main


def test_no_subcommand_prints_usage(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    assert capsys.readouterr().out.startswith("usage: poker-assistant")


def test_python_dash_m_runs_the_same_command() -> None:
    result = subprocess.run([sys.executable, "-m", "assistant", "--version"],
                            capture_output=True, text=True, check=True)
    assert result.stdout.strip() == f"poker-assistant {__version__}"
