"""A range's breakdown on the board as a sorted bar list: each made class and draw with
its share of the range, its combos, and hero's equity against it.

It is one rich-text label, set once per breakdown: the bars are text, so an update is a
single Qt call (see BENCHMARKS.md, "Range grid", on why the number of calls matters).
"""

from dataclasses import dataclass
from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

from assistant.breakdown import Breakdown, ClassShare

BAR_CHARS = 24
"""The width of a full bar (a share of 100 %), in characters."""
_EIGHTHS = " ▏▎▍▌▋▊▉"


@dataclass(frozen=True)
class BarRow:
    """One line of the list: a class, its share of the range (0 to 1), its weighted
    combos and hero's equity against it (None without hero's cards)."""

    name: str
    share: float
    combos: float
    equity: float | None


def breakdown_rows(breakdown: Breakdown) -> tuple[tuple[BarRow, ...], tuple[BarRow, ...]]:
    """The made classes and the draws that hold any combos, each list by share, largest
    first (ties in the breakdown's order, best hand first)."""
    def rows(shares: tuple[ClassShare, ...]) -> tuple[BarRow, ...]:
        kept = [BarRow(s.name, s.share, s.combos, s.equity) for s in shares if s.combos > 0]
        return tuple(sorted(kept, key=lambda row: -row.share))

    return rows(breakdown.made), rows(breakdown.draws)


def bar(share: float) -> str:
    """A share in [0, 1] as a bar of block characters, to an eighth of a character.

    >>> bar(0.5), len(bar(1.0)), bar(0.0)
    ('████████████', 24, '')
    """
    eighths = round(share * BAR_CHARS * 8)
    return "█" * (eighths // 8) + _EIGHTHS[eighths % 8].strip()


def percent(share: float) -> str:
    """A share as a percentage to a tenth, a small positive share as ``<0.1%``.

    >>> percent(0.4583), percent(0.0004), percent(0.0)
    ('45.8%', '<0.1%', '0.0%')
    """
    return "<0.1%" if 0 < share < 0.0005 else f"{share:.1%}"


def rows_html(title: str, rows: tuple[BarRow, ...]) -> str:
    """A titled table of rows: name, bar, share, combos, hero's equity."""
    lines = [f"<tr><td colspan=5><b>{escape(title)}</b></td></tr>"]
    for row in rows:
        equity = "" if row.equity is None else f"{row.equity:.0%}"
        lines.append(f"<tr><td>{escape(row.name)}</td>"
                     f"<td style='color:#d8573c'>{bar(row.share)}</td>"
                     f"<td align=right>{escape(percent(row.share))}</td>"
                     f"<td align=right>{row.combos:.1f}</td>"
                     f"<td align=right>{equity}</td></tr>")
    return "".join(lines)


class BreakdownList(QLabel):
    """The breakdown of one range on the board, or a note saying why there is none."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("range_breakdown")
        self.setWordWrap(True)
        self.setMinimumWidth(300)
        self.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)

    def show_breakdown(self, breakdown: Breakdown, hero_known: bool) -> None:
        """Show ``breakdown``; the equity column only when hero's cards are known."""
        made, draws = breakdown_rows(breakdown)
        heading = ("<tr><th align=left>class</th><th></th><th>share</th><th>combos</th>"
                   f"<th>{'you' if hero_known else ''}</th></tr>")
        self.setText(f"<table cellspacing=0 cellpadding=3>{heading}"
                     f"{rows_html('Made hands', made)}"
                     f"{rows_html('Draws', draws) if draws else ''}</table>"
                     f"<p>{breakdown.combos:.1f} live combos."
                     f"{' You: your equity against each class.' if hero_known else ''}</p>")

    def show_note(self, note: str) -> None:
        """No breakdown: say why."""
        self.setText(escape(note))
