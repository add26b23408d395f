"""``poker-assistant simulate``: the report is the runner's summary of the same runs."""

import json

import pytest

from assistant.cli import main
from assistant.simulate.runner import TableSpec, run_simulation


def test_json_report_is_the_summary_of_the_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--opponent", "station", "--players", "3", "--hands", "12",
                 "--runs", "3", "--hero", "kelly", "--kelly-scale", "0.5", "--seed", "4",
                 "--bankroll-buyins", "10", "--workers", "1", "--json"]) == 0
    captured = capsys.readouterr()
    report = json.loads(captured.out)
    assert "3/3 runs" in captured.err
    summary, _ = run_simulation(TableSpec("station", 3, 12, "kelly", 0.5, 10), 3, 4, 1)
    assert {key: report[key] for key in ("opponent", "players", "hands", "runs")} == {
        "opponent": "station", "players": 3, "hands": 12, "runs": 3}
    assert report["bb_per_100"] == pytest.approx(summary.bb_per_100)
    assert report["ci95"] == pytest.approx(list(summary.ci95))
    assert report["ruin_rate"] == summary.ruin_rate
    assert report["mean_log_growth"] == pytest.approx(summary.mean_log_growth)
    assert report["hands_per_second"] > 0


def test_text_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--opponent", "jam", "--hands", "4", "--runs", "2",
                 "--seed", "1", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "half-kelly vs 1 x jam" in out and "bb/100" in out and "ruin rate" in out


@pytest.mark.parametrize(("args", "message"), [
    (["--opponent", "shark"], "unknown opponent type 'shark'"),
    (["--opponent", "nit", "--players", "9"], "players must be 2 to 6"),
    (["--opponent", "nit", "--hero", "gto"], "unknown hero policy 'gto'"),
    (["--opponent", "nit", "--runs", "0"], "runs must be at least 1"),
])
def test_bad_arguments_are_one_clear_line(args: list[str], message: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--hands", "2", *args]) == 2
    assert message in capsys.readouterr().err
