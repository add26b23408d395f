"""The screenshot script drives the real window to a decision and saves it."""

from pathlib import Path

from PySide6.QtGui import QImage

from ui.screenshot import take_screenshot


def test_screenshot_shows_the_window_mid_hand(tmp_path: Path) -> None:
    path = tmp_path / "window.png"
    take_screenshot(path)
    image = QImage(str(path))
    assert image.width() >= 1200 and image.height() >= 800
