"""The standalone bundle, built and run as on a machine without Python (opt-in).

Building takes minutes, more than the suite's budget, so these run only when asked:

    POKER_ASSISTANT_BUNDLE_TEST=1 python -m pytest tests/test_bundle.py

(``POKER_ASSISTANT_BUNDLE=dist/poker-assistant/poker-assistant`` tests an existing build
instead of building one.)  Every run is a clean environment: a new home, no virtualenv,
no PYTHONPATH, only the system's ``/usr/bin:/bin``.
"""

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from assistant import __version__

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not os.environ.get("POKER_ASSISTANT_BUNDLE_TEST"),
                       reason="builds the bundle (minutes): set POKER_ASSISTANT_BUNDLE_TEST=1"),
]

ROOT = Path(__file__).parents[1]


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bundle's program, built into a temporary folder (or given)."""
    given = os.environ.get("POKER_ASSISTANT_BUNDLE")
    if given:
        return Path(given).resolve()
    sys.path.insert(0, str(ROOT / "packaging"))
    from build_bundle import build

    scratch = tmp_path_factory.mktemp("bundle")
    return build(scratch / "dist", scratch / "work")


def clean_environment(home: Path, **extra: str) -> dict[str, str]:
    return {"HOME": str(home), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", **extra}


def test_version_runs_without_python(bundle: Path, tmp_path: Path) -> None:
    result = subprocess.run([str(bundle), "--version"], capture_output=True, text=True,
                            env=clean_environment(tmp_path), cwd=tmp_path, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"poker-assistant {__version__}"


def test_equity_from_the_bundle_counts_exactly(bundle: Path, tmp_path: Path) -> None:
    """The same exact counts as ``tests/test_cli.py``, with the kernels compiled and cached
    by the bundle itself in the new home (numba's own cache directory, when frozen)."""
    arguments = [str(bundle), "equity", "AhKd", "--board", "Qs7d2c", "--opponents", "2",
                 "--json"]
    for _ in range(2):  # the second run reads the kernels from the cache
        result = subprocess.run(arguments, capture_output=True, text=True,
                                env=clean_environment(tmp_path), cwd=tmp_path, timeout=600)
        assert result.returncode == 0, result.stderr
        data = json.loads(result.stdout)
        assert data["method"] == "exact"
        assert data["win"] * data["trials"] == pytest.approx(331818670)
    assert list((tmp_path / ".cache" / "numba").rglob("equity_kernels.postflop_counts*.nbi"))


@pytest.fixture
def display(tmp_path: Path) -> Iterator[str]:
    """A private X server (Xvfb) for the window."""
    if shutil.which("Xvfb") is None:
        pytest.skip("Xvfb is not installed")
    number = 100 + os.getpid() % 400
    server = subprocess.Popen(["Xvfb", f":{number}", "-nolisten", "tcp", "-screen", "0",
                               "1600x1000x24"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    time.sleep(1)
    yield f":{number}"
    server.terminate()
    server.wait(10)


def test_the_window_opens_under_xvfb(bundle: Path, tmp_path: Path, display: str) -> None:
    window = subprocess.Popen([str(bundle)], env=clean_environment(tmp_path, DISPLAY=display),
                              cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
    try:
        deadline = time.monotonic() + 60
        titles = ""
        while time.monotonic() < deadline and "Kelly poker assistant" not in titles:
            time.sleep(1)
            assert window.poll() is None, window.communicate()[1]
            titles = subprocess.run(["xwininfo", "-root", "-tree"], capture_output=True,
                                    text=True, env={"DISPLAY": display}).stdout
        assert "Kelly poker assistant" in titles
        time.sleep(3)  # a few seconds on screen, still alive
        assert window.poll() is None, window.communicate()[1]
    finally:
        window.terminate()
        window.communicate(timeout=30)
