"""The window's advice comes through the one door: the opponents' answers on the panel,
the growth curve with and without them, and the same advice as the engine's own door."""

import math
import re
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from matplotlib.backend_bases import MouseEvent
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSpinBox
from pytestqt.qtbot import QtBot

from assistant.cards import parse_cards
from assistant.door import Settings, advise_hand, growth_if_always_called, label
from assistant.growth import put_in
from assistant.live import QuickTurn
from tests.ui.test_main_window import click, make_window, pick
from ui.main_window import MainWindow
from ui.units import whole
from ui.worker import Answer

ANSWER_TIMEOUT_MS = 60_000


def latest_answer(qtbot: QtBot, window: MainWindow, answers: list[Answer]) -> Answer:
    """Wait for the window to show advice, and return the answer it shows."""
    qtbot.waitUntil(lambda: bool(answers) and answers[-1].found.advice is not None
                    and window.advice.headline.text() not in ("…", "—"),
                    timeout=ANSWER_TIMEOUT_MS)
    return answers[-1]


def collect(window: MainWindow) -> list[Answer]:
    answers: list[Answer] = []
    window.worker.answered.connect(
        lambda serial, result: answers.append(result) if isinstance(result, Answer) else None)
    return answers


def percents(text: str) -> list[float]:
    return [float(x) for x in re.findall(r"(\d+\.\d) %", text)]


def assert_answers_shown(text: str, answer: Answer, name: Callable[[int], str]) -> None:
    """Each opponent's line ends with its answers at the advised size, as the engine's
    ``put_in`` gives them when asked again at that size alone."""
    advice = answer.found.advice
    assert advice is not None and advice.choice.answers
    (again,) = put_in(advice.spot, [advice.choice.total])
    lines = text.split("<br>")
    assert lines[0].startswith(f"their answers to {label(advice.choice, advice.spot, whole)}")
    assert percents(lines[0])[-1] == pytest.approx(100 * again.all_fold, abs=0.051)
    assert len(again.answers) == len(advice.opponents)
    for seat_answer in again.answers:
        line = next(x for x in lines[1:] if x.startswith(f"<b>{name(seat_answer.seat)}</b>:"))
        view = next(v for v in advice.opponents if v.seat == seat_answer.seat)
        assert f"{view.profile} · {view.combos:,.0f} combos" in line
        fold, call, raise_ = percents(line.split("—")[1])
        for shown, share in ((fold, seat_answer.fold), (call, seat_answer.call),
                             (raise_, seat_answer.raise_)):
            assert shown == pytest.approx(100 * share, abs=0.051)


def test_quick_mode_shows_each_opponent_s_answers(qtbot: QtBot, tmp_path: Path) -> None:
    window = make_window(qtbot, tmp_path / "settings.ini", mode="Quick")
    answers = collect(window)
    window.quick.numbers["opponents"].setValue(2)
    window.quick.profile.setCurrentText("nit")
    qtbot.keyClicks(window.quick.board, "Ks 7d 2c")
    qtbot.keyClick(window.quick.board, Qt.Key.Key_Return)
    window.quick.numbers["pot"].setValue(300)
    window.quick.numbers["to_call"].setValue(0)
    qtbot.keyClicks(window.quick.hero, "AhKd")
    qtbot.keyClick(window.quick.hero, Qt.Key.Key_Return)
    answer = latest_answer(qtbot, window, answers)
    advice = answer.found.advice
    assert advice is not None and advice.choice.kind == "bet"  # top pair, nothing to call
    assert window.advice.headline.text() == label(advice.choice, advice.spot,
                                                  whole).upper()
    assert window.advice.pot_odds.text().startswith("nothing to call — you have")
    text = window.advice.opponents.text()
    assert text.count("nit · 1,081 combos") == 2  # every hand but those using known cards
    assert_answers_shown(text, answer, lambda seat: f"opponent {seat}")
    window.quick.in_position.setChecked(True)  # one more input, and the question says it
    request = window.request()
    assert request is not None and isinstance(request.question.decision, QuickTurn)
    assert request.question.decision.in_position
    assert request.question.decision.profiles == ("nit", "nit")
    window.close()


def test_the_growth_plot_draws_both_curves_and_hovers_the_engine_s_numbers(
        qtbot: QtBot, window: MainWindow) -> None:
    answers = collect(window)
    pick(qtbot, window, "Ah Kd")
    amount = window.findChild(QSpinBox, "amount")
    assert amount is not None
    amount.setValue(60)
    click(qtbot, window, "raise")  # seat 3 raises to 60; hero (seat 4) decides
    answer = latest_answer(qtbot, window, answers)
    advice = answer.found.advice
    plot = window.advice.growth_plot
    qtbot.waitUntil(plot.curve.get_visible, timeout=ANSWER_TIMEOUT_MS)  # it follows the advice
    curve = plot.size
    assert advice is not None and curve is not None and window.advice.shown is advice
    assert plot.always.get_visible()
    assert (plot.curve.get_linestyle(), plot.always.get_linestyle()) == ("-", "--")
    for line in (plot.curve, plot.always):
        assert np.array_equal(np.asarray(line.get_xdata()), curve.totals)
    assert curve.totals[0] == advice.spot.min_raise_to == 90  # 60 + a raise of 30
    assert curve.totals[-1] == advice.spot.max_raise_to == 5000
    region = plot.raise_region  # the legal sizes, shaded
    assert (region.get_x(), region.get_x() + region.get_width()) == (90, 5000)
    untried = plot.untried_region  # hatched beyond the largest size the advice tried
    tried = max(c.total for c in advice.candidates if c.kind in ("bet", "raise", "all-in"))
    assert (untried.get_x(), untried.get_x() + untried.get_width()) == (tried, 5000)
    assert tried < 5000 and untried.get_visible()
    call = next(c for c in advice.candidates if c.kind == "call")
    assert np.array_equal(np.asarray(plot.other.get_ydata()), [call.growth] * 2)  # across
    spot = advice.spot
    index = len(curve.totals) // 3
    x, y = plot.axes.transData.transform((curve.totals[index], curve.growth[index]))
    plot.callbacks.process("motion_notify_event", MouseEvent("motion_notify_event", plot, x, y))
    assert plot.hover.get_visible()
    text = plot.hover.get_text()
    size = re.match(r"to ([\d,]+) ·", text)
    assert size is not None
    total = int(size.group(1).replace(",", ""))
    (engine,) = put_in(spot, [total])
    (always,) = growth_if_always_called(spot, np.array([total - spot.bet], dtype=float))
    pots = (total - spot.bet - spot.to_call) / (spot.pot + spot.to_call)
    assert f"· {pots:.2f} pot · {total / 30:,.1f} bb" in text
    numbers = {name: float(value) for value, name in re.findall(
        r"G ([+-]\d+\.\d+) (with their answers|if every hand called)", text)}
    assert numbers["with their answers"] == pytest.approx(engine.growth, abs=6e-6)
    assert numbers["if every hand called"] == pytest.approx(always, abs=6e-6)
    assert percents(text)[-1] == pytest.approx(100 * engine.all_fold, abs=0.051)
    assert math.isfinite(engine.growth)


def test_the_full_hand_tab_gives_the_door_s_advice_for_that_hand(
        qtbot: QtBot, window: MainWindow) -> None:
    """Issue 10: the same decision gets the same advice live and from the engine."""
    window.kelly_scale.setValue(0.5)
    window.bankroll.setValue(40_000)
    answers = collect(window)
    pick(qtbot, window, "Ah Kd")
    amount = window.findChild(QSpinBox, "amount")
    assert amount is not None
    amount.setValue(60)
    click(qtbot, window, "raise")  # seat 3 raises to 60; hero decides
    answer = latest_answer(qtbot, window, answers)
    direct = advise_hand(window.live.hand, 3, Settings(0.5, 40_000))
    assert answer.found.advice is not None
    assert answer.found.advice.to_dict() == direct.to_dict()
    assert direct.choice.kind == "raise"  # AKo re-raises; every other seat answers
    assert window.advice.headline.text() == label(direct.choice, direct.spot, whole).upper()
    assert window.advice.pot_odds.text() == (
        f"call 60 — you need 36.4 %, you have {100 * direct.equity.equity:.1f} %")
    assert_answers_shown(window.advice.opponents.text(), answer,
                         window.live.config.seat_name)
    assert amount.value() == direct.choice.total  # the advised size is offered
    # A hand hero knows (seat 1's nines) is that seat's whole range.
    answers.clear()
    click(qtbot, window, "slot_0_0")
    pick(qtbot, window, "9c 9d")
    known = latest_answer(qtbot, window, answers)
    assert known.found.advice is not None
    assert known.found.advice.to_dict() == advise_hand(window.live.hand, 3, Settings(0.5, 40_000),
                                                 known={0: parse_cards("9c9d")}).to_dict()
    assert "<b>seat 1</b>: unknown · 1 combos (0.1 % of hands)" in (
        window.advice.opponents.text())
