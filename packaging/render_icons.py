"""Render ``resources/icon.svg`` into the PNG sizes desktops ask for.

The PNGs are committed in ``resources/icons/`` (shipped as ``ui.resources``), so that
``poker-assistant install-desktop`` copies files and never needs Qt.  Run again after
changing the SVG: ``python packaging/render_icons.py``.
"""

import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

RESOURCES = Path(__file__).resolve().parents[1] / "resources"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def render(svg: Path, size: int, target: Path) -> None:
    """One square PNG of ``size`` pixels, transparent around the drawing."""
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    QSvgRenderer(str(svg)).render(painter)
    painter.end()
    if not image.save(str(target), "PNG"):
        raise OSError(f"could not write {target}")


def main() -> None:
    QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    for size in SIZES:
        target = RESOURCES / "icons" / f"{size}x{size}.png"
        render(RESOURCES / "icon.svg", size, target)
        print(target)


if __name__ == "__main__":
    main()
