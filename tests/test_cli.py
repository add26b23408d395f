"""The command line, as a user runs it."""

import json
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


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "assistant", *args], capture_output=True,
                          text=True)


def test_equity_json_has_every_field_and_the_exact_counts() -> None:
    result = run_cli("equity", "AhKd", "--board", "Qs7d2c", "--opponents", "2", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) == {"win", "split", "lose", "equity", "exact", "trials", "stderr",
                         "method", "seconds"}
    assert data["method"] == "exact" and data["exact"] and len(data["split"]) == 2
    assert data["win"] * data["trials"] == pytest.approx(331818670)


def test_equity_with_ranges_dead_cards_and_sampling(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["equity", "AhKd", "--board", "Qs7d2c", "--opponents", "3", "--vs", "QQ+,AKs",
                 "--vs", "7h7c", "--dead", "2d", "--samples", "30000", "--seed", "5",
                 "--method", "monte-carlo"])
    out = capsys.readouterr().out
    assert code == 0
    assert out.startswith("method   monte-carlo, 30,000 deals")
    assert "split with 3" in out and "±" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["equity", "AhKd", "--board", "Qs7d"], "a board has 0, 3, 4 or 5 cards"),
        (["equity", "AhAh"], "Ah appears twice"),
        (["equity", "AhKd", "--opponents", "30"], "the deck has 52"),
        (["equity", "AhKd", "--vs", "QQ", "--board", "Qs Qh 2c", "--dead", "Qd"],
         "the range 'QQ' is empty once the known cards are removed"),
        (["equity", "QQ", "--vs", "QQ", "--board", "Qs Qh 2c"], "cannot all be dealt at once"),
    ],
)
def test_bad_input_exits_with_status_2_and_one_line(args: list[str], message: str) -> None:
    result = run_cli(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith("poker-assistant: error: ") and message in result.stderr
    assert "Traceback" not in result.stderr


def test_argument_errors_exit_with_status_2() -> None:
    result = run_cli("equity", "AhKd", "--opponents", "two")
    assert result.returncode == 2 and "invalid int value" in result.stderr
