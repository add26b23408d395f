"""Shared test setup: Qt runs offscreen, and property tests are reproducible.

The suite runs hypothesis derandomized, so every run (CI's included) tries the same
examples and a red result always reproduces.  Hunting for new failures is a separate,
deliberate run with random examples: ``python -m pytest --hypothesis-profile=fuzz``;
every failure it finds becomes a regression test.  That run picks a seed and prints it
in the session header; ``--hypothesis-seed=N`` replays it (tests/test_fuzz_files.py).
"""

import os
import random

import pytest
from hypothesis import settings

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

settings.register_profile("default", derandomize=True)
settings.register_profile("fuzz", derandomize=False, max_examples=2_000)
settings.load_profile("default")


def pytest_configure(config: pytest.Config) -> None:
    """A fuzz run without a seed gets one, so that the header can print it."""
    if (config.getoption("hypothesis_profile", None) == "fuzz"
            and config.getoption("hypothesis_seed", None) is None):
        config.option.hypothesis_seed = str(random.randrange(2**32))


def pytest_report_header(config: pytest.Config) -> str:
    """The hypothesis seed, to replay a fuzz run's failure."""
    seed = config.getoption("hypothesis_seed", None)
    return (f"hypothesis seed: {seed} (replay with --hypothesis-seed={seed})" if seed
            else "hypothesis: derandomized (the same examples every run)")
