"""The command line, as a user runs it."""

import json
import math
import re
import subprocess
import sys
from pathlib import Path

import pytest

from assistant import __version__
from assistant.cards import parse_cards
from assistant.cli import main
from assistant.opponents.profile import get_profile


def test_no_subcommand_opens_the_window(monkeypatch: pytest.MonkeyPatch) -> None:
    import ui.app

    opened: list[object] = []
    monkeypatch.setattr(ui.app, "run", lambda hand_file=None: opened.append(hand_file) or 0)
    assert main([]) == 0 and opened == [None]
    sample = Path(__file__).parents[1] / "resources" / "hands" / "samples.phhs"
    assert main(["gui", str(sample)]) == 0 and opened == [None, sample]


def test_gui_with_a_missing_file_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["gui", "no-such-hands.phh"]) == 2
    assert "'no-such-hands.phh' is not a file" in capsys.readouterr().err


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
    assert result.returncode == 2
    assert "'two' opponents: must be a whole number from 1 to 9" in result.stderr


def test_advise_json_has_the_odds_the_answers_and_every_growth() -> None:
    result = run_cli("advise", "AhKd", "--board", "Qs7d2c", "--opponent", "tag:BTN:open",
                     "--opponent", "station", "--stack", "5000", "--pot", "450", "--to-call",
                     "100", "--opponent-stacks", "3000,8000", "--big-blind", "50",
                     "--kelly-scale", "0.5", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert {"fold", "call 100"} <= set(data["growth"]) and data["growth"]["fold"] == 0.0
    assert set(data["growth"]) == set(data["growth_if_always_called"])
    assert data["action"] in ("fold", "call", "raise", "all-in")
    assert [o["profile"] for o in data["opponents"]] == ["tag", "station"]
    assert [o["player"] for o in data["opponents"]] == ["opponent 1", "opponent 2"]
    assert data["opponents"][0]["percent"] < data["opponents"][1]["percent"]


def test_advise_call_above_the_stack_is_an_all_in(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["advise", "AsAd", "--stack", "100", "--pot", "350", "--to-call", "200"]) == 0
    out = capsys.readouterr().out
    assert "advice   CALL 100 (ALL-IN)" in out


def test_advise_with_a_range_for_hero_fails_before_any_work() -> None:
    result = run_cli("advise", "QQ+", "--stack", "100", "--pot", "10")
    assert result.returncode == 2 and "is not a card" in result.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--stack", "-5", "--pot", "10"], "'-5' is not a number of chips of 0 or more"),
        (["--stack", "ten", "--pot", "10"], "'ten' is not a whole number of chips"),
        (["--stack", "0", "--pot", "10"], "stack 0 leaves hero nothing to bet"),
        (["--stack", "100", "--pot", "10", "--opponent-stacks", "5,5"], "2 opponent stacks for 1"),
        (["--stack", "100", "--pot", "10", "--kelly-scale", "2"],
         "'2' is not a fraction of the Kelly bet"),
        (["--stack", "100", "--pot", "50", "--to-call", "60"], "pot 50 is less than"),
        (["--stack", "100", "--pot", "10", "--opponent", "shark"], "unknown profile 'shark'"),
        (["--stack", "100", "--pot", "10", "--opponent", "tag:XX:open"], "unknown position 'XX'"),
        (["--stack", "100", "--pot", "10", "--opponent", "tag:BTN:jam"], "unknown action 'jam'"),
        (["--stack", "100", "--pot", "10", "--vs", "AsKs"], "empty once the known cards"),
        (["--stack", "1e16", "--pot", "10"], "is not a whole number of chips"),
        (["--stack", "100", "--pot", "10", "--players", "11"], "'11' players: must be"),
    ],
)
def test_advise_rejects_bad_input_with_status_2(args: list[str], message: str) -> None:
    result = run_cli("advise", "AsAd", *args)
    assert result.returncode == 2, result.stdout
    assert message in result.stderr and "Traceback" not in result.stderr


HANDS = Path(__file__).resolve().parents[1] / "resources" / "hands"
STARS = str(HANDS / "pokerstars-samples.txt")


def test_replay_prints_every_decision_and_the_final_stacks(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", STARS]) == 0
    out = capsys.readouterr().out
    assert out.count("hand ") >= 4 and "hand 4 of 4 (#200000000004): hero Lou (p4)" in out
    assert "  preflop AhKh             pot 3.75  to call 1.25  stack 38.15  3 opponents" in out
    assert re.search(r"equity \d+\.\d\d% \(ranges\)  advice: (fold|call 1\.25|raise to"
                     r" \d+\.\d\d|all-in 38\.65)  took: raises to 5\.50", out)
    assert ("final stacks: hero: the first 36.80, Bo [Lucky] 21.75, ChipLeader 61.60,"
            " Dee 51.00, Ana Banana 50.00") in out


def test_replay_json_holds_players_stacks_and_decisions() -> None:
    result = run_cli("replay", STARS, "--hand", "3", "--hero", "Hal 9000", "--json",
                     "--bankroll", "50000")
    assert result.returncode == 0, result.stderr
    (hand,) = json.loads(result.stdout)["hands"]
    assert hand["players"] == ["Jo: Jo", "Kim", "Gus", "Hal 9000", "Ivy"]
    assert hand["finishing_stacks"] == [7110, 2120, 9660, 8085, 0]
    assert hand["hero"] == "Hal 9000" and hand["result"] == 8085 - 12210
    (raise_, call) = hand["decisions"]
    assert raise_["street"] == "preflop" and raise_["hole_cards"] == "KhKs"
    assert raise_["taken"] == {"action": "raise", "amount": 2850,
                               "text": "Hal 9000 raises to 2,850"}
    assert raise_["equity"]["method"] == "ranges" and raise_["advice"]["action"] in (
        "fold", "call", "raise", "all-in")
    assert raise_["equity"] == raise_["advice"]["equity"]
    assert call["street"] == "flop" and call["board"] == "7c9h2s"
    assert call["to_call"] == 1235 and call["opponents"] == 2  # Ivy is all-in, still live
    assert math.isfinite(hand["growth_given_up"])


def test_replay_json_gives_each_live_opponents_range_and_answers() -> None:
    from assistant.combos import N_COMBOS
    from assistant.ranges import Range

    result = run_cli("replay", STARS, "--hand", "1", "--json")
    assert result.returncode == 0, result.stderr
    (hand,) = json.loads(result.stdout)["hands"]
    answered = 0
    for decision in hand["decisions"]:
        advice = decision["advice"]
        players = [o["player"] for o in advice["opponents"]]
        assert len(players) == decision["opponents"] == len(set(players))
        assert hand["hero"] not in players and set(players) <= set(hand["players"])
        known = Range.full().without(0)
        dead = 0
        for card in re.findall("..", decision["hole_cards"] + decision["board"]):
            dead |= 1 << parse_cards(card)[0]
        for opponent in advice["opponents"]:
            written = Range.parse(opponent["range"]).without(dead)
            # The notation rounds weights to 3 decimals, and writes a weight below
            # 0.0005 as 0.001: at most 0.001 a combo.
            assert written.combos == pytest.approx(opponent["combos"], abs=0.001 * N_COMBOS)
            assert opponent["percent"] == pytest.approx(100 * opponent["combos"] / N_COMBOS)
            assert 0 < opponent["combos"] <= known.without(dead).combos
            assert 0 <= opponent["equity_vs"] <= 1
        if advice["action"] in ("bet", "raise", "all-in"):
            assert [a["player"] for a in advice["answers"]] == [
                p for p in players if p in {a["player"] for a in advice["answers"]}]
            for answer in advice["answers"]:
                assert answer["fold"] + answer["call"] + answer["raise"] == pytest.approx(1)
                assert min(answer["fold"], answer["call"], answer["raise"]) >= 0
            answered += len(advice["answers"]) == len(players)
        assert set(advice["growth"]) == set(advice["growth_if_always_called"])
    assert answered  # a bet that every opponent answers


def test_replay_profiles_change_the_ranges_and_are_reported() -> None:
    def first_advice(*options: str) -> dict:
        result = run_cli("replay", STARS, "--hand", "1", "--json", *options)
        assert result.returncode == 0, result.stderr
        (hand,) = json.loads(result.stdout)["hands"]
        return {"profiles": hand["profiles"], **hand["decisions"][0]["advice"]}

    nit = first_advice("--profile", "ChipLeader=nit")
    maniac = first_advice("--profile", "ChipLeader=MANIAC", "--profile", "p2=station")
    assert nit["profiles"] == {"ChipLeader": "nit"}
    assert maniac["profiles"] == {"Bo [Lucky]": "station", "ChipLeader": "maniac"}
    ranges = {name: {o["player"]: (o["profile"], o["combos"]) for o in advice["opponents"]}
              for name, advice in (("nit", nit), ("maniac", maniac))}
    assert ranges["nit"]["ChipLeader"][0] == "nit"
    assert ranges["maniac"]["ChipLeader"][0] == "maniac"
    assert ranges["nit"]["ChipLeader"][1] < ranges["maniac"]["ChipLeader"][1]
    assert ranges["nit"]["Dee"] == ranges["maniac"]["Dee"]  # unknown in both


@pytest.mark.parametrize(("option", "message"), [
    ("ChipLeader=shark", "unknown profile 'shark'"),
    ("Zed=nit", "--profile Zed: no such player in the hands replayed"),
    ("nit", "'nit' is not PLAYER=PROFILE"),
])
def test_replay_bad_profiles_are_named(option: str, message: str) -> None:
    result = run_cli("replay", STARS, "--hand", "1", "--profile", option)
    assert result.returncode == 2 and message in result.stderr
    assert "Traceback" not in result.stderr


def test_replay_learns_each_players_profile_from_the_other_hands() -> None:
    import dataclasses

    from assistant.door import Settings
    from assistant.history import load_hands
    from assistant.history.replay import Replay, find_hero
    from assistant.opponents.learning import learn_from_hands

    path = str(Path(__file__).parent / "data" / "pokerstars"
               / "MultipleHandsTests__10MultipleHands.txt")
    result = run_cli("replay", path, "--hand", "2", "--hero", "ValueH", "--learn",
                     "--profile", "BoomDoon=nit", "--json")
    assert result.returncode == 0, result.stderr
    (hand,) = json.loads(result.stdout)["hands"]
    others = [name for name in hand["players"] if name != "ValueH"]
    assert hand["profiles"] == {name: "nit" if name == "BoomDoon" else "learned"
                                for name in others}
    records = load_hands(path).hands
    record = records[1]
    learned = learn_from_hands(records[:1] + records[2:])
    profiles = {find_hero(record, name): dataclasses.replace(learned[name], name="learned")
                for name in others}
    profiles[find_hero(record, "BoomDoon")] = get_profile("nit")
    assert all(profile != get_profile("unknown") for profile in learned.values())
    summary = Replay(record, find_hero(record, "ValueH"), Settings(profiles=profiles)).summary()
    expected = [review.advice.to_dict(record.names, record.decimals) if review.advice else None
                for review in summary.reviews]
    assert json.loads(json.dumps(expected)) == [d["advice"] for d in hand["decisions"]]


def test_replay_by_player_number_and_in_cents(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", STARS, "--hand", "2", "--hero", "p5", "--json"]) == 0
    (hand,) = json.loads(capsys.readouterr().out)["hands"]
    assert hand["hero"] == "Ana Banana" and hand["result"] == 9.25
    assert [d["taken"]["action"] for d in hand["decisions"]] == ["call", "call", "check",
                                                                  "raise"]
    assert all(d["advice"] is None and d["note"] for d in hand["decisions"])


def test_replay_skips_a_bad_hand_and_says_so(tmp_path: Path) -> None:
    text = Path(STARS).read_text(encoding="utf-8-sig").replace("Dee: calls $1.50",
                                                               "Dee: calls $9.50", 1)
    path = tmp_path / "one bad hand.txt"
    path.write_text(text)
    result = run_cli("replay", str(path))
    assert result.returncode == 1
    assert result.stderr.startswith(f"poker-assistant: skipped {path}: hand 1 (#200000000001),"
                                    " line 14: 'Dee' calls 9.50, but the call is 1.50")
    assert "hand 2 of 4" in result.stdout and "hand 1 of 4" not in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--hand", "5"], "holds 4 hands: there is no hand 5"),
        (["--hand", "1", "--hero", "Zed"], "no hand of"),
        (["--kelly-scale", "3"], "'3' is not a fraction of the Kelly bet"),
    ],
)
def test_replay_errors_exit_with_status_2(args: list[str], message: str) -> None:
    result = run_cli("replay", STARS, *args)
    assert result.returncode == 2 and message in result.stderr
    assert "Traceback" not in result.stderr


def test_replay_of_a_file_that_is_not_there_or_not_hands(tmp_path: Path) -> None:
    missing = run_cli("replay", str(tmp_path / "nothing.phh"))
    assert missing.returncode == 2 and "cannot read" in missing.stderr
    junk = tmp_path / "junk.phh"
    junk.write_bytes(b"\x00\xff garbage")
    result = run_cli("replay", str(junk))
    assert result.returncode == 2 and "not UTF-8 text" in result.stderr
    assert "Traceback" not in missing.stderr + result.stderr


def test_range_prints_the_prior_with_its_size() -> None:
    result = run_cli("range", "tag", "--position", "UTG", "--action", "open", "--players",
                     "9", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) == {"profile", "position", "action", "players", "combos", "percent",
                         "range"}
    assert data["position"] == "UTG" and 5 < data["percent"] < 14
    assert data["range"].startswith("AA")
    wider = json.loads(run_cli("range", "tag", "--position", "BTN", "--action", "open",
                               "--players", "9", "--json").stdout)
    assert wider["percent"] > data["percent"]


@pytest.mark.parametrize(("args", "message"), [
    (["shark", "--position", "BTN", "--action", "open"], "unknown profile 'shark'"),
    (["tag", "--position", "LJ", "--action", "open"], "unknown position 'LJ' at 6 players"),
    (["tag", "--position", "BTN", "--action", "open", "--players", "12"], "players 12"),
    (["tag", "--position", "BTN", "--action", "jam"], "invalid choice: 'jam'"),
])
def test_range_names_bad_input(args: list[str], message: str) -> None:
    result = run_cli("range", *args)
    assert result.returncode == 2 and message in result.stderr
