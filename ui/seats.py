"""The seats of the live hand: each seat's starting stack, chips behind, bet this
street, state and its two card slots, and on a second line the opponent's profile and a
button that reads out its range (combos and share) and opens it."""

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QWidget,
)

from assistant.cards import format_cards
from assistant.live import LiveHand, Slot
from assistant.opponents.learning import population_profile
from assistant.opponents.profile import DEFAULT_PROFILE, PRESETS, Profile
from ui.cards import CardSlot
from ui.profile_dialog import ProfileDialog
from ui.range_task import SeatRangeView

HEADINGS = ("Seat", "Start", "Behind", "Bet", "", "Cards")
STACK_WIDTH = 80
CUSTOM = "custom"
LEARNED = "learned"
PROFILE_CHOICES = (*PRESETS, LEARNED, CUSTOM)
"""The profile picker's choices: the presets, the profile learned from the player's hands
in the database (:meth:`SeatsView.set_learned`), and one from typed HUD statistics."""
PROFILE_TIP = ("how this player plays: the opponent model's profile, learned from the"
               " player's hands in the database, or custom from HUD statistics")


def range_readout(view: SeatRangeView) -> str:
    """A range in a few characters: its live combos and share, ``yours`` when the player
    set it; the hand itself when hero knows it.

    >>> import numpy as np
    >>> ones = np.ones(1326)
    >>> range_readout(SeatRangeView(2, ones, None, 0, False, 1326.0, 1.0))
    '1326 combos · 100.0%'
    >>> range_readout(SeatRangeView(2, ones, ones, 0, False, 12.5, 12.5 / 1326))
    'yours 12.5 combos · 0.9%'
    >>> range_readout(SeatRangeView(2, ones, None, 0, False, 1.0, 1 / 1326, cards=(51, 24)))
    'holds As Kd'
    """
    if view.folded:
        return "folded"
    if view.cards:
        return f"holds {format_cards(view.cards, ' ')}"
    owner = "yours " if view.yours is not None else ""
    combos = f"{view.combos:.0f}" if view.combos >= 100 else f"{view.combos:.1f}"
    return f"{owner}{combos} combos · {view.share:.1%}"


@dataclass
class SeatRow:
    """The widgets of one seat's row."""

    name: QLabel
    stack: QSpinBox  # the stack at the start of the hand (set up before any betting)
    behind: QLabel
    bet: QLabel
    state: QLabel
    profile: QComboBox
    range_button: QPushButton


class SeatsView(QGroupBox):
    """One row per seat; the card slots come from the window, which owns selection.

    ``profiles_changed`` says a seat's profile was chosen (:meth:`seat_profiles` gives
    them all); ``range_requested`` carries the seat whose range button was clicked and
    a title for its range window.
    """

    stacks_changed = Signal()
    profiles_changed = Signal()
    range_requested = Signal(int, str)

    def __init__(self) -> None:
        super().__init__("Seats")
        self.grid = QGridLayout(self)
        self.rows: list[SeatRow] = []
        self._choices: dict[int, str] = {}  # a seat's profile name, kept across rebuilds
        self._custom: dict[int, Profile] = {}
        self._learned: dict[int, tuple[Profile, str]] = {}
        self._dialog: ProfileDialog | None = None
        self.player_widget: Callable[[int], QWidget] | None = None
        """Makes a seat's player widget (the HUD, :mod:`ui.hud`), put last in its row."""

    def rebuild(self, stacks: tuple[int, ...], make_slot: Callable[[Slot, str], CardSlot]
                ) -> None:
        """Lay out a row per seat with these starting stacks."""
        while self.grid.count():
            item = self.grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self.rows = []
        for column, title in enumerate(HEADINGS):
            self.grid.addWidget(QLabel(f"<b>{title}</b>"), 0, column)
        for seat, chips in enumerate(stacks):
            stack = QSpinBox()
            stack.setObjectName(f"stack_{seat}")
            stack.setRange(1, 10**9)
            stack.setGroupSeparatorShown(True)
            stack.setMaximumWidth(STACK_WIDTH)
            stack.setValue(chips)
            stack.setToolTip("the stack at the start of the hand")
            stack.valueChanged.connect(lambda _: self.stacks_changed.emit())
            name, behind, bet, state = QLabel(), QLabel(), QLabel(), QLabel()
            profile = QComboBox()
            profile.setObjectName(f"profile_{seat}")
            profile.addItems(list(PROFILE_CHOICES))
            profile.setCurrentText(self._choices.get(seat, DEFAULT_PROFILE))
            profile.setToolTip(self._profile_tip(seat))
            profile.textActivated.connect(lambda text, s=seat: self._choose_profile(s, text))
            range_button = QPushButton("range")
            range_button.setObjectName(f"range_{seat}")
            range_button.setToolTip(f"seat {seat + 1}'s range: live combos and share of all"
                                    " hands; click to open it")
            range_button.clicked.connect(lambda _=False, s=seat: self.range_requested.emit(
                s, f"Seat {s + 1}'s range"))
            slots = QWidget()
            slot_layout = QHBoxLayout(slots)
            slot_layout.setContentsMargins(0, 0, 0, 0)
            for index in range(2):
                slot_layout.addWidget(make_slot(Slot(seat, index), f"seat {seat + 1} card"))
            for column, widget in enumerate((name, stack, behind, bet, state, slots)):
                self.grid.addWidget(widget, 2 * seat + 1, column)
            # The opponent's profile and range go on a line of their own: the seats'
            # column is narrow.
            self.grid.addWidget(profile, 2 * seat + 2, 1, 1, 2)
            self.grid.addWidget(range_button, 2 * seat + 2, 3, 1, 3)
            self.rows.append(SeatRow(name, stack, behind, bet, state, profile, range_button))
            if self.player_widget is not None:
                self.grid.addWidget(self.player_widget(seat), 2 * seat + 1, len(HEADINGS),
                                    2, 1)
        if self.player_widget is not None:
            self.grid.addWidget(QLabel("<b>Player · HUD</b>"), 0, len(HEADINGS))

    def stacks(self) -> list[int]:
        """Each seat's starting stack."""
        return [row.stack.value() for row in self.rows]

    def set_stacks(self, stacks: list[int]) -> None:
        """Set the starting stacks quietly (no new hand per seat)."""
        for row, chips in zip(self.rows, stacks, strict=False):
            row.stack.blockSignals(True)
            row.stack.setValue(chips)
            row.stack.blockSignals(False)

    def seat_profiles(self) -> dict[int, Profile]:
        """Each seat's chosen profile (hero's row included; the engine skips it)."""
        chosen = {seat: self._choices.get(seat, DEFAULT_PROFILE) for seat in range(len(self.rows))}
        return {seat: self._custom[seat] if name == CUSTOM else
                self._learned_profile(seat) if name == LEARNED else PRESETS[name]
                for seat, name in chosen.items()}

    def set_learned(self, learned: Mapping[int, tuple[Profile, str]]) -> None:
        """Each seat's profile learned from its player's hands, and a line saying from
        what; a seat left out is learned from no hands (the population)."""
        if dict(learned) == self._learned:
            return  # the HUD read again, and nothing the advice uses changed
        self._learned = dict(learned)
        uses = [seat for seat, name in self._choices.items() if name == LEARNED]
        for seat in uses:
            if seat < len(self.rows):
                self.rows[seat].profile.setToolTip(self._profile_tip(seat))
        if uses:
            self.profiles_changed.emit()

    def _learned_profile(self, seat: int) -> Profile:
        kept = self._learned.get(seat)
        return kept[0] if kept is not None else population_profile()

    def _profile_tip(self, seat: int) -> str:
        """The profile picker's tooltip: for a learned profile, from what it was learned."""
        if self._choices.get(seat) != LEARNED:
            return PROFILE_TIP
        kept = self._learned.get(seat)
        return kept[1] if kept is not None else "learned from no hands: the population"

    def set_custom_profile(self, seat: int, profile: Profile) -> None:
        """Give ``seat`` a custom profile (from HUD statistics)."""
        self._custom[seat] = profile
        self._choices[seat] = CUSTOM
        row = self.rows[seat]
        row.profile.setCurrentText(CUSTOM)
        row.profile.setToolTip(f"custom: looseness {profile.looseness:.2f}, raise share"
                               f" {profile.raise_share:.2f}, 3-bet {profile.three_bet:.2f},"
                               f" aggression {profile.aggression:.2f}")
        self.profiles_changed.emit()

    def show_ranges(self, views: Mapping[int, SeatRangeView]) -> None:
        """Read out each opponent's range on its button."""
        for seat, view in views.items():
            if seat < len(self.rows):
                self.rows[seat].range_button.setText(range_readout(view))

    def _choose_profile(self, seat: int, name: str) -> None:
        if name != CUSTOM:
            self._choices[seat] = name
            self.rows[seat].profile.setToolTip(self._profile_tip(seat))
            self.profiles_changed.emit()
            return
        self._dialog = ProfileDialog(f"Seat {seat + 1}: profile from HUD statistics", self)
        self._dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self._dialog.accepted.connect(
            lambda d=self._dialog: self.set_custom_profile(seat, d.profile()))
        self._dialog.rejected.connect(
            lambda: self.rows[seat].profile.setCurrentText(self._choices.get(seat,
                                                                             DEFAULT_PROFILE)))
        self._dialog.open()

    def show_hand(self, live: LiveHand) -> None:
        """Show each seat's chips and state in ``live``."""
        hand, config = live.hand, live.config
        folded = set(range(config.n_seats)) - set(hand.live_seats())
        for seat, row in enumerate(self.rows):
            marks = [m for m, on in (("you", seat == live.hero), ("button", seat == config.button))
                     if on]
            row.name.setText(f"{seat + 1}" + (f" ({', '.join(marks)})" if marks else ""))
            row.stack.setEnabled(not live.betting)
            row.behind.setText(f"{hand.stack(seat):,}")
            row.bet.setText(f"{hand.street_contribution(seat):,}")
            row.state.setText("to act" if hand.to_act == seat else "folded" if seat in folded
                              else "all-in" if seat in hand.all_in_seats() else "")
            row.profile.setEnabled(seat != live.hero)
            row.range_button.setEnabled(seat != live.hero)
            if seat == live.hero:
                row.range_button.setText("you")
