"""The screenshot script drives the real window to a decision and saves it."""

from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from ui.screenshot import take_screenshot


@pytest.mark.parametrize("quick", [False, True])
def test_screenshot_shows_the_advice_at_a_laptop_size(tmp_path: Path, quick: bool) -> None:
    path = tmp_path / "window.png"
    take_screenshot(path, (1366, 768), quick=quick)
    image = QImage(str(path))
    assert (image.width(), image.height()) == (1366, 768)
