"""Build the standalone bundle: a folder that runs without Python or a virtualenv.

    pip install -e '.[bundle]'
    python packaging/build_bundle.py            # writes dist/poker-assistant/
    dist/poker-assistant/poker-assistant warm-up

PyInstaller (one folder) freezes ``packaging/poker_assistant.py`` with the engine, the
window, numpy, numba, PySide6 and matplotlib; the tables and the window's resources are
copied from this checkout.  The numba kernels compile on the first run (or with
``warm-up``) into the user's cache, like an installed copy.  ``tests/test_bundle.py``
builds and checks the bundle (opt-in: it takes minutes).
"""

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NAME = "poker-assistant"


def pyinstaller_arguments(dist: Path, work: Path) -> list[str]:
    """The PyInstaller command line for a one-folder bundle written into ``dist``."""
    data = [(ROOT / "tables", "assistant/tables"), (ROOT / "resources", "ui/resources")]
    arguments = [str(ROOT / "packaging" / "poker_assistant.py"), "--name", NAME, "--onedir",
                 "--noconfirm", "--clean", "--log-level", "WARN",
                 "--distpath", str(dist), "--workpath", str(work),
                 "--specpath", str(work),
                 "--additional-hooks-dir", str(ROOT / "packaging" / "hooks"),
                 "--paths", str(ROOT),
                 "--exclude-module", "tkinter", "--exclude-module", "pytest",
                 "--exclude-module", "hypothesis", "--exclude-module", "IPython",
                 "--exclude-module", "setuptools", "--exclude-module", "pkg_resources"]
    for source, target in data:
        arguments += ["--add-data", f"{source}{':'}{target}"]
    return arguments


def build(dist: Path, work: Path) -> Path:
    """Build the bundle; the path of its program."""
    import PyInstaller.__main__

    PyInstaller.__main__.run(pyinstaller_arguments(dist, work))
    return dist / NAME / NAME


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist",
                        help="where the bundle's folder goes (default: dist/)")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "pyinstaller",
                        help="PyInstaller's scratch folder")
    args = parser.parse_args()
    program = build(args.dist.resolve(), args.work.resolve())
    print(f"built {program}", file=sys.stderr)


if __name__ == "__main__":
    main()
