"""HUD statistics from the hand database beside the players: a name field and the
player's statistics for each seat of the full hand, and a line a player in the replay.

The counts are the database's cache sums (milliseconds) but are still read off the GUI
thread (:class:`~ui.background.LatestTask`): the file may be on a slow disk, or locked
for a moment by an import's commit.  Each display asks for all its names at once, so
the latest answer is the whole picture.
"""

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QObject, QSettings, QTimer, Signal
from PySide6.QtWidgets import QLabel, QLineEdit, QVBoxLayout, QWidget

from assistant.database.display import COLUMNS, format_value, hud_line
from assistant.database.stats import stat_value
from assistant.equity import Progress, ShouldStop
from assistant.opponents.learning import fit_with_posterior, learning_counts
from assistant.opponents.profile import Profile
from ui.background import LatestTask
from ui.hand_database import Counts, read_counts

NAMES_KEY = "hud/names"
"""The settings key of the names typed for the seats."""
NAME_WIDTH = 86
LEGEND = ("the player's screen name; below it, its statistics from the hand database"
          " (File → Import hands): VPIP/PFR/3-bet in %, the aggression factor, went to"
          " showdown in %, and the hands they are counted over (hover them for all)")


def hud_compact(counts: Counts) -> str:
    """A seat's HUD in two short lines, as trackers write it: VPIP/PFR/3-bet and AF,
    then WTSD and the sample (hands); the tooltip (:func:`hud_details`) names them all.

    >>> from assistant.database.stats import COUNTERS, stat_counts
    >>> sums = dict.fromkeys(COUNTERS, 0) | {"hands": 1040, "vpip": 260, "vpip_chances": 1040,
    ...     "pfr": 156, "pfr_chances": 1040, "aggressive": 6, "calls": 4, "won_bb": 0.0}
    >>> print(hud_compact(stat_counts(sums)))
    25/15/- AF 1.5
    WTSD - · 1,040 h
    """
    hands = int(counts["hands"][0])
    if not hands:
        return "no hands"

    def value(stat: str) -> str:
        return format_value(stat, stat_value(stat, *counts[stat]))

    return (f"{value('vpip')}/{value('pfr')}/{value('three_bet')} AF {value('af')}\n"
            f"WTSD {value('wtsd')} · {hands:,} h")


def hud_details(name: str, counts: Counts) -> str:
    """Every statistic of a player with its counts, one a line (a tooltip)."""
    lines = [name]
    for stat, heading in COLUMNS:
        done, chances = counts[stat]
        value = format_value(stat, stat_value(stat, done, chances))
        count = f"{done:,.0f}" if stat == "hands" else (
            f"{done:,.1f} bb over {chances:,} hands" if stat == "bb_per_100"
            else f"{done:,.0f} of {chances:,}")
        lines.append(f"{heading}: {value} ({count})")
    return "\n".join(lines)


def learned_profile(name: str, counts: Counts) -> tuple[Profile, str]:
    """The profile the model learns from a player's counts, and a line saying from how
    many hands and which kind of player they look most like."""
    profile, chances = fit_with_posterior(learning_counts(counts), name=name)
    kind, chance = max(chances.items(), key=lambda item: item[1])
    hands = int(counts["hands"][0])
    return profile, f"learned from {hands:,} hands of {name}: most like {kind} ({chance:.0%})"


class HudSource(QObject):
    """Reads players' counts from the database off the GUI thread, and, if it ``learns``,
    fits the profiles of those with hands there too (:func:`learned_profile`); the latest
    wins."""

    read = Signal(object, object)  # {name: counts}, {name: (profile, line)}
    failed = Signal(str)

    def __init__(self, database: Path, parent: QObject | None = None,
                 learns: bool = False) -> None:
        super().__init__(parent)
        self.database = database
        self.learns = learns
        self.task = LatestTask("HUD", self)
        self.task.done.connect(lambda _, read: self.read.emit(*read))
        self.task.failed.connect(lambda _, message: self.failed.emit(message))

    def ask(self, names: Sequence[str]) -> None:
        """Read the counts of ``names`` (names left empty are skipped)."""
        wanted = [name for name in names if name]
        database, learns = self.database, self.learns

        def read(progress: Progress, should_stop: ShouldStop
                 ) -> tuple[dict[str, Counts], dict[str, tuple[Profile, str]]]:
            counts = read_counts(database, wanted)
            learned = {name: learned_profile(name, each) for name, each in counts.items()
                       if learns and each["hands"][0]}
            return counts, learned

        self.task.run(read)

    def close(self) -> None:
        """Drop any read still running."""
        self.task.close()


class SeatHud(QWidget):
    """One seat's player: a name field and the player's HUD below it."""

    def __init__(self, seat: int, name: str) -> None:
        super().__init__()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        self.name = QLineEdit(name)
        self.name.setObjectName(f"player_name_{seat}")
        self.name.setPlaceholderText("player name")
        self.name.setToolTip(LEGEND)
        self.name.setMaximumWidth(NAME_WIDTH)
        self.name.setMinimumWidth(NAME_WIDTH)
        self.stats = QLabel()
        self.stats.setObjectName(f"hud_{seat}")
        self.stats.setStyleSheet("font-size: 8pt;")
        layout.addWidget(self.name)
        layout.addWidget(self.stats)

    def show_counts(self, counts: Counts | None) -> None:
        """Show a player's statistics (``None``: no name, or not read yet)."""
        name = self.name.text().strip()
        if counts is None or not name:
            self.stats.clear()
            self.stats.setToolTip("")
            return
        self.stats.setText(hud_compact(counts))
        self.stats.setToolTip(hud_details(name, counts))


class SeatHuds(QObject):
    """The HUDs of the full hand's seats: makes each seat's widget (for
    :class:`ui.seats.SeatsView`), remembers the names typed, and shows each player's
    statistics from the database; ``learned`` gives each named seat's learned profile
    (:func:`learned_profile`, fitted with the read) whenever the statistics are read."""

    learned = Signal(object)  # {seat: (profile, line)} of the seats whose player has hands

    def __init__(self, database: Path, settings: QSettings, parent: QObject | None = None
                 ) -> None:
        super().__init__(parent)
        self.settings = settings
        saved = settings.value(NAMES_KEY) or []
        self.names: list[str] = [str(name) for name in
                                 (saved if isinstance(saved, list) else [saved])]
        self.widgets: dict[int, SeatHud] = {}
        self.counts: dict[str, Counts] = {}
        self.source = HudSource(database, self, learns=True)
        self.source.read.connect(self._on_read)
        self._asking = QTimer(self)  # one read for the whole table, once it is laid out
        self._asking.setSingleShot(True)
        self._asking.setInterval(0)
        self._asking.timeout.connect(
            lambda: self.source.ask([self.names[seat] for seat in sorted(self.widgets)]))

    def make(self, seat: int) -> QWidget:
        """The HUD widget of ``seat`` (the seats view lays it out in the seat's row)."""
        while len(self.names) <= seat:
            self.names.append("")
        widget = SeatHud(seat, self.names[seat])
        widget.name.editingFinished.connect(lambda s=seat, w=widget: self._renamed(s, w))
        widget.destroyed.connect(lambda _=None, s=seat, w=widget: self._forget(s, w))
        self.widgets[seat] = widget
        widget.show_counts(self.counts.get(self.names[seat]))
        self.refresh()
        return widget

    def seat_names(self) -> list[str]:
        """Each seat's player name as its field shows it now (typed, even before Enter
        or leaving the field), ``''`` for none."""
        return [self.widgets[seat].name.text().strip() if seat in self.widgets else name
                for seat, name in enumerate(self.names)]

    def refresh(self) -> None:
        """Read every seat's statistics again (after an import, say)."""
        self._asking.start()

    def _renamed(self, seat: int, widget: SeatHud) -> None:
        name = widget.name.text().strip()
        if name == self.names[seat]:
            return
        self.names[seat] = name
        self.settings.setValue(NAMES_KEY, self.names)
        widget.show_counts(self.counts.get(name))
        self.refresh()

    def _forget(self, seat: int, widget: SeatHud) -> None:
        if self.widgets.get(seat) is widget:
            del self.widgets[seat]

    def _on_read(self, counts: dict[str, Counts],
                 learned: dict[str, tuple[Profile, str]]) -> None:
        self.counts = counts
        for seat, widget in self.widgets.items():
            widget.show_counts(counts.get(self.names[seat]))
        self.learned.emit({seat: learned[self.names[seat]] for seat in self.widgets
                           if self.names[seat] in learned})


class ReplayHud(QLabel):
    """The replayed hand's players, each with its HUD line from the database."""

    def __init__(self, database: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("replay_hud")
        self.setWordWrap(True)
        self.names: tuple[str, ...] = ()
        self.source = HudSource(database, self)
        self.source.read.connect(self._on_read)
        self.source.failed.connect(self.setText)

    def show_players(self, names: Sequence[str]) -> None:
        """Show the statistics of these players (read off the GUI thread)."""
        if tuple(names) != self.names:
            self.clear()
        self.names = tuple(names)
        self.source.ask(self.names)

    def _on_read(self, counts: dict[str, Counts], _: object) -> None:
        if not counts:
            self.setText("HUD: the hand database is empty (File → Import hands)")
            return
        self.setText("<br>".join(f"<b>{name}</b>: {hud_line(counts[name])}"
                                 for name in self.names if name in counts))
