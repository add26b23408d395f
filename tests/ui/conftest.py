"""Window tests write nothing into the user's real folders; ``window`` is the real
window on a settings file of its own, showing the full hand."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QStandardPaths
from pytestqt.qtbot import QtBot

QStandardPaths.setTestModeEnabled(True)


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> Iterator[object]:
    from tests.ui.test_main_window import make_window  # the helper the tests share

    window = make_window(qtbot, tmp_path / "settings.ini")
    yield window
    window.close()
