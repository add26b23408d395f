"""The code base passes its linter (ruff) and its type checker (mypy)."""

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("command", [["ruff", "check", "."], ["mypy"]], ids=["ruff", "mypy"])
def test_static_check_passes(command: list[str]) -> None:
    result = subprocess.run([sys.executable, "-m", *command], cwd=REPO,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
