"""Shared test setup: Qt runs offscreen, with no display."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
