"""Window tests write nothing into the user's real folders."""

from PySide6.QtCore import QStandardPaths

QStandardPaths.setTestModeEnabled(True)
