"""The advice panel: the advised action in large type, the pot odds against hero's
equity, the Kelly reasoning, each opponent's profile, range and answers, the growth of
the actions, hand strength, and the two plots.  It shows the door's
:class:`~assistant.door.Advice`; every action is put in words by
:func:`assistant.door.label`."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout, QWidget

from assistant.betting import break_even_equity, pot_fraction
from assistant.curve import SizeCurve
from assistant.door import Advice, label
from assistant.equity import Equity
from assistant.growth import Evaluated, best
from ui.plot_slot import NO_CURVE, PlotSlot
from ui.units import Money, whole
from ui.worker import Answer

if TYPE_CHECKING:
    from assistant.hand_strength import HandStrength
    from ui.plots import GrowthPlot, OutcomePlot

SeatName = Callable[[int], str]
SIZED = ("bet", "raise", "all-in")
DARK_HEADLINES = {"#1b5e20": "#66bb6a", "#c62828": "#ef5350", "#1f5fd6": "#64b5f6"}
"""Each headline colour's lighter twin, readable on the dark theme."""
NO_OUTCOMES = "the chances to win, tie and lose appear with the odds"
METHOD_NAMES = {"exact": "exact", "table": "preflop table", "monte-carlo": "sampled",
                "ranges": "against the ranges"}


def describe_odds(equity: Equity) -> str:
    """Win, splits, lose and equity in one line.

    >>> describe_odds(Equity(0.5, (0.1, 0.0), 0.4, 0.55, True, 10, 0.0, "exact"))
    'win 50.0% · tie 10.0% · lose 40.0% · equity 55.0%'
    """
    tie = sum(equity.split)
    return (f"win {100 * equity.win:.1f}% · tie {100 * tie:.1f}% · lose {100 * equity.lose:.1f}%"
            f" · equity {100 * equity.equity:.1f}%")


def describe_method(equity: Equity, seconds: float) -> str:
    """How the odds were found, and how precise they are.

    >>> describe_method(Equity(0.5, (0.1,), 0.4, 0.55, False, 250000, 0.001, "monte-carlo"), 0.1)
    'sampled ± 0.10% · 250,000 deals · 0.10 s'
    """
    error = "" if equity.exact or not equity.stderr else f" ± {100 * equity.stderr:.2f}%"
    return (f"{METHOD_NAMES.get(equity.method, equity.method)}{error} · {equity.trials:,} deals"
            f" · {seconds:.2f} s")


def percent(share: float) -> str:
    """A share as a player reads it.

    >>> percent(0.2857), percent(1.0)
    ('28.6 %', '100.0 %')
    """
    return f"{100 * share:.1f} %"


def describe_advice(advice: Advice, money: Money = whole) -> str:
    """The advised action in large type, in the door's words (:func:`assistant.door.label`):
    a raise to the whole stack reads all-in."""
    return label(advice.choice, advice.spot, money).upper()


def describe_pot_odds(advice: Advice, money: Money = whole) -> str:
    """The odds line: what a call needs against what hero has against the ranges.

    A call must win its share of the pot after calling
    (:func:`assistant.betting.break_even_equity`); hero's equity is against the
    opponents' ranges as they stand after every action.
    """
    spot, have = advice.spot, percent(advice.equity.equity)
    if spot.to_call:
        need = percent(break_even_equity(spot.pot, spot.to_call))
        return f"call {money(spot.to_call)} — you need {need}, you have {have}"
    return f"nothing to call — you have {have} against their ranges"


def _sized(advice: Advice) -> Evaluated | None:
    """The bet or raise of ``advice`` that grows most, if hero may bet or raise."""
    sized = [c for c in advice.candidates if c.kind in SIZED]
    return best(sized) if sized else None


def describe_reason(advice: Advice, money: Money = whole, big_blind: int | None = None) -> str:
    """The Kelly reasoning: the growth of the advised action with the opponents'
    answers, beside the growth if every hand called; a bet or raise also says its
    size in pots (and big blinds when ``big_blind`` is known) and how often all fold."""
    choice, spot = advice.choice, advice.spot
    ahead = f"{growth_text(choice.growth)} with their answers"
    always = advice.always_called[advice.candidates.index(choice)]
    if choice.kind in SIZED:
        size = pot_fraction(spot.pot, spot.to_call, choice.chips)
        blinds = f" · {choice.chips / big_blind:,.1f} bb" if big_blind else ""
        return (f"{label(choice, spot, money)} puts in {money(choice.chips)} ({size:.2f} pot"
                f"{blinds}): Kelly growth {ahead} (if every hand called:"
                f" {growth_text(always)}); all fold {percent(choice.all_fold)}")
    sized = _sized(advice)
    beside = "" if sized is None else (
        f"; the best {sized.kind} ({label(sized, spot, money)}) {growth_text(sized.growth)}")
    if choice.kind == "call":
        return f"calling grows your bankroll most: {ahead}{beside}"
    if choice.kind == "check":
        return f"no bet grows your bankroll more than checking: {ahead}{beside}"
    calls = [c for c in advice.candidates if c.kind == "call"]
    call = f"; calling {growth_text(calls[0].growth)}" if calls else ""
    return f"every way of putting chips in shrinks your bankroll{call}{beside}"


def growth_text(growth: float) -> str:
    """A growth in nats (+0.0001 grows the bankroll about 0.01 %), or the ruin it risks.

    >>> growth_text(0.000123), growth_text(float("-inf"))
    ('+0.00012', 'ruin risk (-inf)')
    """
    return "ruin risk (-inf)" if growth == float("-inf") else f"{growth:+.5f}"


def describe_opponents(advice: Advice, seat_name: SeatName, money: Money = whole) -> str:
    """Each live opponent's profile, combos left and hero's equity against it, and its
    answer (fold / call / raise) to the advised action; when the advice puts in chips
    no one answers (a fold, a check or a closing call), the answers to the best bet
    or raise are shown instead, said as such.  Rich text, one line an opponent."""
    choice, spot = advice.choice, advice.spot
    shown, heading = choice, f"their answers to {label(choice, spot, money)}"
    if not choice.answers:
        sized = _sized(advice)
        if sized is not None and sized.answers:
            shown, heading = sized, f"if you {label(sized, spot, money)} instead"
    answers = {a.seat: a for a in shown.answers}
    rows = []
    for view in advice.opponents:
        line = (f"<b>{seat_name(view.seat)}</b>: {view.profile} · {view.combos:,.0f} combos"
                f" ({view.percent:.1f} % of hands) · you {percent(view.equity_vs)}")
        answer = answers.get(view.seat)
        if answer is not None:
            line += (f" — fold {percent(answer.fold)} · call {percent(answer.call)}"
                     f" · raise {percent(answer.raise_)}")
        rows.append(line)
    if shown.answers:
        rows.insert(0, f"{heading}: all fold {percent(shown.all_fold)}")
    return "<br>".join(rows)


def describe_growths(advice: Advice, money: Money = whole) -> str:
    """The log-growth of each action with the answers (and if every hand called), the
    chosen one in bold: fold, check or call, the best bet or raise and all-in (the
    whole grid of sizes is on the plot)."""
    sized = _sized(advice)
    rows = []
    for candidate, always in zip(advice.candidates, advice.always_called, strict=True):
        if candidate.kind in ("bet", "raise") and candidate is not sized \
                and candidate is not advice.choice:
            continue
        line = (f"{label(candidate, advice.spot, money)}: {growth_text(candidate.growth)}"
                f" ({growth_text(always)})")
        rows.append(f"<b>{line}</b>" if candidate is advice.choice else line)
    return ("log-growth G with their answers (if every hand called) — "
            + " · ".join(rows))


def opponent_number(seat: int) -> str:
    """Quick mode's name for an opponent (numbered from 1)."""
    return f"opponent {seat}"


class AdvicePanel(QWidget):
    """Shows one :class:`~ui.worker.Answer` (or a replayed decision) at a time."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        self.headline = QLabel("—")
        self.headline.setObjectName("headline")
        self.headline.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.pot_odds = QLabel()
        self.pot_odds.setObjectName("pot_odds")
        self.pot_odds.setStyleSheet("font-size: 12pt;")
        self.kelly = QLabel()
        self.kelly.setObjectName("reason")
        self.opponents = QLabel()
        self.opponents.setObjectName("opponents")
        self.opponents.setTextFormat(Qt.TextFormat.RichText)
        self.odds = QLabel()
        self.odds.setObjectName("odds")
        self.method = QLabel()
        self.method.setObjectName("method")
        self.method.setStyleSheet("color: #666;")
        self.growths = QLabel()
        self.growths.setObjectName("growths")
        self.growths.setTextFormat(Qt.TextFormat.RichText)
        self.made_hand = QLabel()
        self.made_hand.setObjectName("made_hand")
        self.strength = QLabel()
        self.strength.setObjectName("strength")
        self.strength.setToolTip("Against one random hand: HS how often hero is ahead now;"
                                 " PPot how often hero gets ahead by the river when behind;"
                                 " NPot how often hero falls behind when ahead;"
                                 " EHS = HS(1 - NPot) + (1 - HS) PPot")
        separator = QFrame()
        separator.setFrameShape(QFrame.Shape.HLine)
        self.growth_slot = PlotSlot(_make_growth_plot, NO_CURVE)
        self.growth_slot.setObjectName("growth_slot")
        self.outcome_slot = PlotSlot(_make_outcome_plot, NO_OUTCOMES)
        self.outcome_slot.setObjectName("outcome_slot")
        self.shown: Advice | None = None  # the advice on screen, whose curve may follow
        self.money: Money = whole
        for widget in (self.headline, self.pot_odds, self.kelly, self.opponents, self.odds,
                       self.method, self.growths, self.made_hand, self.strength, separator):
            layout.addWidget(widget)
            if isinstance(widget, QLabel):
                widget.setWordWrap(True)
        self.growth_slot.setMinimumSize(280, 220)
        self.outcome_slot.setMinimumSize(280, 150)
        layout.addWidget(self.growth_slot, stretch=3)
        layout.addWidget(self.outcome_slot, stretch=2)
        self.show_waiting("Enter your cards to see the odds")

    @property
    def growth_plot(self) -> GrowthPlot:
        """The growth plot, made on first use (:class:`~ui.plot_slot.PlotSlot`)."""
        return cast("GrowthPlot", self.growth_slot.plot())

    @property
    def outcome_plot(self) -> OutcomePlot:
        """The outcome plot, made on first use."""
        return cast("OutcomePlot", self.outcome_slot.plot())

    def _no_curve(self, message: str) -> None:
        """No growth curve to draw: ``message`` says why (on the plot if it is made)."""
        if self.growth_slot.made is None:
            self.growth_slot.say(message)
        else:
            self.growth_plot.show_curve(None, message=message)

    def _headline(self, text: str, colour: str) -> None:
        if self.palette().window().color().lightness() < 128:  # the dark theme
            colour = DARK_HEADLINES.get(colour, colour)
        self.headline.setText(text)
        self.headline.setStyleSheet(f"font-size: 26pt; font-weight: bold; color: {colour};")

    def _clear(self) -> None:
        for widget in (self.pot_odds, self.opponents, self.odds, self.method, self.growths,
                       self.made_hand, self.strength):
            widget.clear()

    def show_waiting(self, message: str) -> None:
        """Nothing to show yet: ``message`` says why."""
        self.shown = None
        self._headline("—", "#888")
        self._clear()
        self.kelly.setText(message)
        self._no_curve(NO_CURVE)
        if self.outcome_slot.made is not None:
            self.outcome_plot.show_outcome(None)

    def show_working(self, message: str) -> None:
        """The engine is at work on new input: ``message`` says so."""
        self.show_waiting(message)
        self._headline("…", "#888")

    def show_answer(self, answer: Answer, seat_name: SeatName = opponent_number,
                    big_blind: int | None = None) -> None:
        """Show a live ``answer``; ``seat_name`` names an opponent's seat."""
        found = answer.found
        self.show_advice(found.equity, found.advice, found.strength, answer.seconds,
                         seat_name, big_blind=big_blind)

    def show_advice(self, equity: Equity, advice: Advice | None,
                    strength: HandStrength | None, seconds: float,
                    seat_name: SeatName = opponent_number, money: Money = whole,
                    big_blind: int | None = None) -> None:
        """Show the odds, and the advice if there is a decision (with hand strength if
        known); its growth curve follows (:meth:`show_curve`).  ``seat_name`` names an
        opponent's seat, ``money`` writes amounts in the hand's unit, ``big_blind``
        (if known) sizes the bets."""
        self._clear()
        self.shown, self.money = advice, money
        self.odds.setText(describe_odds(equity))
        self.method.setText(describe_method(equity, seconds))
        self.outcome_plot.show_outcome(equity)
        self.strength.setText("" if strength is None else
                              f"HS {strength.strength:.3f} · PPot {strength.positive_potential:.3f}"
                              f" · NPot {strength.negative_potential:.3f}"
                              f" · EHS {strength.effective_strength:.3f}")
        if advice is None:
            self._headline(f"equity {percent(equity.equity)}", "#1f5fd6")
            self.kelly.setText("the Kelly advice comes at your turn")
            self._no_curve(NO_CURVE)
            return
        self._no_curve("working out the curve…")
        self._headline(describe_advice(advice, money),
                       "#c62828" if advice.choice.kind == "fold" else "#1b5e20")
        self.pot_odds.setText(describe_pot_odds(advice, money))
        self.kelly.setText(describe_reason(advice, money, big_blind))
        self.opponents.setText(describe_opponents(advice, seat_name, money))
        self.growths.setText(describe_growths(advice, money))
        self.made_hand.setText(f"made hand: {advice.made_hand}" if advice.made_hand else "")

    def show_curve(self, advice: Advice, curve: SizeCurve | None) -> None:
        """Draw the growth curve of ``advice`` if it is still the one shown (no curve:
        hero may not bet or raise)."""
        if advice is not self.shown:
            return
        if curve is None:
            self._no_curve("no bet or raise is possible")
        else:
            self.growth_plot.show_curve(curve, advice, self.money)


def _make_growth_plot() -> GrowthPlot:
    from ui.plots import GrowthPlot  # matplotlib: imported when the first curve comes

    return GrowthPlot()


def _make_outcome_plot() -> OutcomePlot:
    from ui.plots import OutcomePlot

    return OutcomePlot()
