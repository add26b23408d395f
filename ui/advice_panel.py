"""The advice panel: the recommended action in large type, the odds, the Kelly bet,
the growth of every legal action, hand strength, and the two plots."""

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout, QWidget

from assistant.advice import Advice, whole_chips
from assistant.betting import break_even_equity, pot_fraction
from assistant.equity import Equity
from assistant.hand_strength import HandStrength
from ui.plots import GrowthPlot, OutcomePlot
from ui.worker import Answer

Money = Callable[[float], str]
DARK_HEADLINES = {"#1b5e20": "#66bb6a", "#c62828": "#ef5350", "#1f5fd6": "#64b5f6"}
"""Each headline colour's lighter twin, readable on the dark theme."""
METHOD_NAMES = {"exact": "exact", "table": "preflop table", "monte-carlo": "sampled"}


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
    error = "" if equity.exact else f" ± {100 * equity.stderr:.2f}%"
    return (f"{METHOD_NAMES.get(equity.method, equity.method)}{error} · {equity.trials:,} deals"
            f" · {seconds:.2f} s")


def whole(chips: float) -> str:
    """Chips as a whole number with thousands separators (the live table's unit)."""
    return f"{chips:,.0f}"


def describe_advice(advice: Advice, street_bet: int, money: Money = whole) -> str:
    """The advised action as a player says it: raises as the total to raise to, and
    a raise of the whole stack as the all-in it is; ``money`` writes an amount."""
    action, chips = advice.choice.action, whole_chips(advice)
    if action == "raise" and chips >= advice.situation.stack:
        action = "all-in"
    if action == "raise":
        verb = "bet" if advice.situation.to_call == 0 and street_bet == 0 else "raise to"
        return f"{verb.upper()} {money(street_bet + chips)}"
    if action == "call":
        return f"CALL {money(chips)}"
    if action == "all-in":
        return f"ALL-IN {money(street_bet + chips)}"
    return action.upper()


def describe_reason(advice: Advice, money: Money = whole, big_blind: int | None = None) -> str:
    """Why, as a player reads it: the pot odds against the equity, then the Kelly
    investment of a bet.

    The odds line compares the share of the final pot a call must win with hero's
    equity; a raise also says its size as a fraction of the pot, and in big blinds
    when ``big_blind`` is known.
    """
    situation, choice = advice.situation, advice.choice
    have = f"you have {100 * advice.equity.equity:.1f}%"
    if situation.to_call:
        need = break_even_equity(situation.pot, situation.to_call)
        odds = f"to call {money(situation.to_call)} you need {100 * need:.1f}%, {have}"
    else:
        odds = f"nothing to call; {have} equity"
    if choice.action in ("raise", "all-in"):
        chips = whole_chips(advice)
        size = pot_fraction(situation.pot, situation.to_call, chips)
        blinds = f" = {chips / big_blind:,.1f} big blinds" if big_blind else ""
        return (f"{odds}. Kelly puts in {money(chips)}{blinds},"
                f" {100 * chips / situation.stack:.1f}% of your stack ({size:.2f} of the pot)")
    if choice.action == "call":
        return f"{odds}: calling grows your bankroll more than folding or raising"
    if choice.action == "check":
        return f"{odds}: no bet grows your bankroll more than checking"
    return f"{odds}: every way of putting chips in shrinks your bankroll"


def describe_growths(advice: Advice, money: Money = whole) -> str:
    """The log-growth of each action, the chosen one in bold; a raise of the whole
    stack is listed once, as the all-in."""
    rows = []
    candidates = advice.choice.candidates
    all_in = candidates.get("all-in")
    for action, candidate in candidates.items():
        if action == "raise" and all_in is not None and candidate.amount >= all_in.amount:
            continue
        growth = "ruin risk (-inf)" if candidate.growth == float("-inf") else (
            f"{candidate.growth:+.4f}")
        line = f"{action} {money(candidate.amount)}: {growth}" if candidate.amount else (
            f"{action}: {growth}")
        chosen = action == advice.choice.action or (
            action == "all-in" and advice.choice.action == "raise"
            and whole_chips(advice) >= advice.situation.stack)
        rows.append(f"<b>{line}</b>" if chosen else line)
    return "log-growth G of each action — " + " · ".join(rows)


class AdvicePanel(QWidget):
    """Shows one :class:`~ui.worker.Answer` at a time."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        self.headline = QLabel("—")
        self.headline.setObjectName("headline")
        self.headline.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.kelly = QLabel()
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
        self.growth_plot = GrowthPlot(self)
        self.outcome_plot = OutcomePlot(self)
        self.kelly.setObjectName("reason")
        for widget in (self.headline, self.kelly, self.odds, self.method, self.growths,
                       self.made_hand, self.strength, separator):
            layout.addWidget(widget)
            if isinstance(widget, QLabel):
                widget.setWordWrap(True)
        self.growth_plot.setMinimumSize(280, 220)
        self.outcome_plot.setMinimumSize(280, 150)
        layout.addWidget(self.growth_plot, stretch=3)
        layout.addWidget(self.outcome_plot, stretch=2)
        self.show_waiting("Enter your cards to see the odds")

    def _headline(self, text: str, colour: str) -> None:
        if self.palette().window().color().lightness() < 128:  # the dark theme
            colour = DARK_HEADLINES.get(colour, colour)
        self.headline.setText(text)
        self.headline.setStyleSheet(f"font-size: 26pt; font-weight: bold; color: {colour};")

    def show_waiting(self, message: str) -> None:
        """Nothing to show yet: ``message`` says why."""
        self._headline("—", "#888")
        self.kelly.setText(message)
        for label in (self.odds, self.method, self.growths, self.made_hand, self.strength):
            label.clear()
        self.growth_plot.show_curve(None)
        self.outcome_plot.show_outcome(None)

    def show_working(self, message: str) -> None:
        """The engine is at work on new input: ``message`` says so."""
        self.show_waiting(message)
        self._headline("…", "#888")

    def show_answer(self, answer: Answer, street_bet: int, big_blind: int | None = None) -> None:
        """Show a live ``answer``; ``street_bet`` is what hero has bet this street."""
        self.show_advice(answer.equity, answer.advice, answer.strength, answer.seconds,
                         street_bet, big_blind=big_blind)

    def show_advice(self, equity: Equity, advice: Advice | None,
                    strength: HandStrength | None, seconds: float, street_bet: int,
                    money: Money = whole, big_blind: int | None = None) -> None:
        """Show the odds, and the advice if there is a decision (with hand strength if
        known); ``street_bet`` is what hero has bet this street already, ``money``
        writes amounts in the hand's unit, ``big_blind`` (if known) sizes the bets."""
        self.odds.setText(describe_odds(equity))
        self.method.setText(describe_method(equity, seconds))
        self.outcome_plot.show_outcome(equity)
        self.strength.setText("" if strength is None else
                              f"HS {strength.strength:.3f} · PPot {strength.positive_potential:.3f}"
                              f" · NPot {strength.negative_potential:.3f}"
                              f" · EHS {strength.effective_strength:.3f}")
        if advice is None:
            self._headline(f"equity {100 * equity.equity:.1f}%", "#1f5fd6")
            self.kelly.setText("the Kelly advice comes at your turn")
            self.growths.clear()
            self.made_hand.setText("")
            self.growth_plot.show_curve(None)
            return
        choice = advice.choice
        self._headline(describe_advice(advice, street_bet, money),
                       "#c62828" if choice.action == "fold" else "#1b5e20")
        self.kelly.setText(describe_reason(advice, money, big_blind))
        self.growths.setText(describe_growths(advice, money))
        self.made_hand.setText(f"made hand: {advice.made_hand}" if advice.made_hand else "")
        self.growth_plot.show_curve(advice.curve, advice.situation.stack)
