"""The Qt binding keeps Python's reference counts: PySide6 6.12.0 dropped a reference to
``None`` on every Qt call that returns nothing, which ends a long session on Python 3.11
with "deallocating None" (``None`` is immortal only from 3.12).  The project requires a
release without the defect; this test fails if one is installed anyway."""

import sys

from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot


def test_qt_calls_that_return_nothing_keep_the_count_of_none(qtbot: QtBot) -> None:
    label = QLabel()
    qtbot.addWidget(label)
    before = sys.getrefcount(None)
    for _ in range(1000):
        label.setText("x")
    assert sys.getrefcount(None) - before > -100
