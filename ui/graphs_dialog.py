"""The graphs of a player from the hand database, in a dialog: won over hands with
the all-in-adjusted line, per session, and by position.  The drawing is
:func:`assistant.database.graphs.draw_graphs`, the same as ``db graph --out``; the
data are read off the GUI thread."""

from pathlib import Path

from matplotlib.backends.backend_qtagg import FigureCanvasQTAgg
from matplotlib.figure import Figure
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QDialog, QFormLayout, QLabel, QVBoxLayout, QWidget

from assistant.database.graphs import HandResult, draw_graphs
from ui.background import LatestTask
from ui.hand_database import read_players, read_results

PLAYERS_LISTED = 200
"""The players offered, those with the most hands first."""


class GraphsDialog(QDialog):
    """Choose a player; see its graphs."""

    def __init__(self, database: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Graphs")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.resize(760, 900)
        self.database = database
        self.player = QComboBox()
        self.player.setObjectName("graph_player")
        self.player.setEditable(True)
        self.player.setToolTip("the players with the most hands; or type a name")
        self.state = QLabel("reading the players…")
        self.state.setObjectName("graph_state")
        self.figure = Figure(figsize=(7, 9), layout="constrained")
        self.canvas = FigureCanvasQTAgg(self.figure)
        form = QFormLayout()
        form.addRow("Player", self.player)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.state)
        layout.addWidget(self.canvas, 1)
        self.players_task = LatestTask("graph players", self)
        self.players_task.done.connect(self._on_players)
        self.players_task.failed.connect(lambda _, message: self.state.setText(message))
        self.results_task = LatestTask("graph data", self)
        self.results_task.done.connect(self._on_results)
        self.results_task.failed.connect(self._on_failed)
        self.player.activated.connect(lambda _: self.show_player(self.player.currentText()))
        self.players_task.run(lambda progress, should_stop: read_players(database,
                                                                         PLAYERS_LISTED))

    def show_player(self, name: str) -> None:
        """Read ``name``'s hands and draw them."""
        name = name.strip()
        if not name:
            return
        self.state.setText(f"reading {name}'s hands…")
        database = self.database
        self.results_task.run(
            lambda progress, should_stop: (name, read_results(database, name)))

    def _on_players(self, _: int, names: object) -> None:
        assert isinstance(names, list)
        self.player.clear()
        self.player.addItems(names)
        if not names:
            self.state.setText(f"no player in {self.database}: import hands first"
                               " (File → Import hands)")
            return
        self.show_player(names[0])

    def _on_results(self, _: int, found: object) -> None:
        assert isinstance(found, tuple)
        name, results = found
        if not results:
            self.state.setText(f"{name} has no hands")
            return
        self.show_results(name, results)

    def show_results(self, name: str, results: list[HandResult]) -> None:
        """Draw a player's graphs."""
        draw_graphs(self.figure, name, results)
        self.canvas.draw_idle()
        self.state.setText(f"{name}: {len(results):,} hands")

    def _on_failed(self, _: int, message: str) -> None:
        self.figure.clear()
        self.canvas.draw_idle()
        self.state.setText(message)

    def done(self, result: int) -> None:
        """Closing drops any read still running."""
        self.players_task.close()
        self.results_task.close()
        super().done(result)
