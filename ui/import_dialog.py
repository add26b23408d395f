"""Importing hand histories into the database from the window: the folder or files
are chosen, the import runs off the GUI thread (never on the engine worker), and a
progress dialog shows it with a Cancel button.

Cancel stops the import at its next hand; the hands read so far are written in the
importer's last batch, so the database stays whole and importing again finishes the
job (the hands already in are duplicates).
"""

import threading
import time
from pathlib import Path

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QFileDialog, QProgressDialog, QWidget

from ui.background import LatestTask
from ui.hand_database import ImportOutcome, ImportProgress, import_task

SHOW_AFTER_MS = 300
"""An import this quick ends before its progress dialog shows."""
FILE_FILTER = "Hand histories (*.txt *.phh *.phhs);;All (*)"
GREW_EVERY = 1.0
"""Seconds between two ``grew`` signals of an import (the HUD is read again on each)."""


def describe_import(outcome: ImportOutcome) -> str:
    """An import's result in one line, as the status bar shows it."""
    report = outcome.report
    skipped = report.skipped
    text = (f"{'Import cancelled' if outcome.cancelled else 'Imported'}: {report.files:,}"
            f" file{'s' * (report.files != 1)}, {report.hands:,} hands read,"
            f" {report.imported:,} new, {report.duplicates:,} already in the database,"
            f" {len(skipped):,} skipped")
    if skipped:
        first = skipped[0]
        where = f", line {first.line}" if first.line is not None else ""
        text += f" (the first: {first.file}{where}: {first.reason})"
    return text


class HandImport(QObject):
    """The window's import: chooses what to import, runs it, shows its progress."""

    finished = Signal(object)  # the ImportOutcome
    failed = Signal(str)
    grew = Signal()  # new hands are in: now and then during an import

    def __init__(self, database: Path, parent: QWidget) -> None:
        super().__init__(parent)
        self.database = database
        self.window = parent
        self.task = LatestTask("import", self)
        self.task.done.connect(self._on_done)
        self.task.failed.connect(self._on_failed)
        self.task.progressed.connect(self._on_progress)
        self._cancel = threading.Event()
        self.serial = 0
        self.dialog: QProgressDialog | None = None
        self._grown = 0.0
        self._imported = 0

    @property
    def running(self) -> bool:
        """Whether an import is under way."""
        return self.dialog is not None

    def choose_folder(self) -> None:
        """Ask for a folder of hand histories and import it (with its subfolders)."""
        folder = QFileDialog.getExistingDirectory(self.window, "Import the hands of a folder")
        if folder:
            self.start([folder])

    def choose_files(self) -> None:
        """Ask for hand history files and import them."""
        files, _ = QFileDialog.getOpenFileNames(self.window, "Import hand files", "",
                                                FILE_FILTER)
        if files:
            self.start(files)

    def start(self, paths: list[str]) -> None:
        """Import ``paths`` (files and folders) into the database."""
        if self.running:
            self.failed.emit("an import is already running: wait for it, or cancel it")
            return
        self._cancel = threading.Event()
        self._grown, self._imported = time.monotonic(), 0
        dialog = QProgressDialog(f"Importing into {self.database}…", "Cancel", 0, 0, self.window)
        dialog.setObjectName("import_progress")
        dialog.setWindowTitle("Import hands")
        dialog.setWindowModality(Qt.WindowModality.NonModal)  # the table stays in use
        dialog.setMinimumDuration(SHOW_AFTER_MS)
        dialog.setAutoClose(False)
        dialog.setAutoReset(False)
        dialog.canceled.connect(self.cancel)
        self.dialog = dialog
        self.serial = self.task.run(import_task(self.database, paths, self._cancel.is_set))

    def cancel(self) -> None:
        """Stop the import at its next hand (what was read is written)."""
        self._cancel.set()
        if self.dialog is not None:
            self.dialog.setLabelText("Cancelling: writing the hands read so far…")

    def close(self) -> None:
        """The window closes: the import stops at its next hand, unwaited for."""
        self._cancel.set()
        self.task.close()
        self._close_dialog()

    def _on_progress(self, serial: int, state: object) -> None:
        if serial != self.serial or self.dialog is None or not isinstance(state, ImportProgress):
            return
        if self._cancel.is_set():
            return
        self.dialog.setMaximum(max(state.total_files, 1))
        self.dialog.setValue(min(state.files, state.total_files))
        self.dialog.setLabelText(
            f"{state.files:,} of {state.total_files:,} files · {state.hands:,} hands read ·"
            f" {state.imported:,} new · {state.duplicates:,} already in ·"
            f" {state.skipped:,} skipped")
        now = time.monotonic()
        if state.imported > self._imported and now - self._grown >= GREW_EVERY:
            self._grown, self._imported = now, state.imported
            self.grew.emit()

    def _on_done(self, serial: int, outcome: object) -> None:
        if serial == self.serial and isinstance(outcome, ImportOutcome):
            self._close_dialog()
            self.finished.emit(outcome)

    def _on_failed(self, serial: int, message: str) -> None:
        if serial == self.serial:
            self._close_dialog()
            self.failed.emit(message)

    def _close_dialog(self) -> None:
        dialog, self.dialog = self.dialog, None
        if dialog is not None:
            dialog.canceled.disconnect(self.cancel)
            dialog.close()
            dialog.deleteLater()
