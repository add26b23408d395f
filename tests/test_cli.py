"""The command line, as a user runs it."""

import json
import subprocess
import sys

import pytest

from assistant import __version__
from assistant.cli import main


def test_no_subcommand_opens_the_window(monkeypatch: pytest.MonkeyPatch) -> None:
    import ui.app

    opened: list[bool] = []
    monkeypatch.setattr(ui.app, "run", lambda: opened.append(True) or 0)
    assert main([]) == 0 and opened == [True]


def test_the_engine_never_imports_qt() -> None:
    probe = ("import importlib, pkgutil, sys, assistant\n"
             "for m in pkgutil.walk_packages(assistant.__path__, 'assistant.'):\n"
             "    if m.name != 'assistant.__main__':  # that one runs the command\n"
             "        importlib.import_module(m.name)\n"
             "print(sorted(n for n in sys.modules if n.startswith(('PySide6', 'ui'))))")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "[]"


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


def test_advise_json_has_the_equity_and_the_kelly_fields() -> None:
    result = run_cli("advise", "AhKd", "--board", "Qs7d2c", "--opponents", "2", "--stack", "5000",
                     "--pot", "450", "--to-call", "100", "--opponent-stacks", "3000,8000",
                     "--kelly-scale", "0.5", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["method"] == "exact" and data["action"] in data["growth"]
    assert set(data["growth"]) == {"fold", "call", "raise", "all-in"}
    assert data["growth"]["fold"] == 0.0 and data["growth"]["all-in"] is None  # ruin: -inf
    assert data["amount"] == 100.0 and data["action"] == "call"
    assert data["kelly_amount"] == pytest.approx(0.5 * 5000 * data["kelly_fraction"])


def test_advise_call_above_the_stack_is_an_all_in(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["advise", "AsAd", "--stack", "100", "--pot", "350", "--to-call", "200",
                 "--bankroll", "2000"]) == 0
    out = capsys.readouterr().out
    assert "advice         ALL-IN 100" in out and "call " not in out


def test_advise_warns_when_the_stack_is_the_whole_bankroll(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["advise", "AsAd", "--stack", "100", "--pot", "350", "--to-call", "200"]) == 0
    assert "give --bankroll" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--stack", "-5", "--pot", "10"], "'-5' is not a number of chips of 0 or more"),
        (["--stack", "ten", "--pot", "10"], "'ten' is not a number of chips"),
        (["--stack", "0", "--pot", "10"], "stack 0.0 leaves hero nothing to bet"),
        (["--stack", "100", "--pot", "10", "--opponent-stacks", "5,5"], "2 opponent stacks given"),
        (["--stack", "100", "--pot", "10", "--kelly-scale", "2"], "kelly_scale 2.0 is not"),
        (["--stack", "100", "--pot", "50", "--to-call", "60"], "pot 50.0 is less than"),
    ],
)
def test_advise_rejects_bad_amounts_with_status_2(args: list[str], message: str) -> None:
    result = run_cli("advise", "AsAd", *args)
    assert result.returncode == 2
    assert message in result.stderr and "Traceback" not in result.stderr
