"""Shared test setup: Qt runs offscreen, and property tests are reproducible.

The suite runs hypothesis derandomized, so every run (CI's included) tries the same
examples and a red result always reproduces.  Hunting for new failures is a separate,
deliberate run with random examples: ``python -m pytest --hypothesis-profile=fuzz``;
every failure it finds becomes a regression test.
"""

import os

from hypothesis import settings

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

settings.register_profile("default", derandomize=True)
settings.register_profile("fuzz", derandomize=False, max_examples=2_000)
settings.load_profile("default")
