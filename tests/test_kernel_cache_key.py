"""The kernels' cache directory is keyed on every engine module that holds a kernel,
subpackages included, so that changing one never runs another's stale machine code."""

from pathlib import Path

from assistant.numba_config import cache_directory


def engine(root: Path, files: dict[str, str]) -> Path:
    """A toy engine package of ``files`` (relative path: text) under ``root``."""
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


KERNEL = "@njit(cache=True)\ndef f(x):\n    return x\n"


def test_a_kernel_in_a_subpackage_changes_the_key(tmp_path: Path) -> None:
    before = cache_directory(engine(tmp_path, {"a.py": KERNEL, "sub/b.py": KERNEL}))
    after = cache_directory(engine(tmp_path, {"sub/b.py": KERNEL + "# changed\n"}))
    assert before != after


def test_a_module_without_kernels_leaves_the_key(tmp_path: Path) -> None:
    before = cache_directory(engine(tmp_path, {"a.py": KERNEL, "sub/c.py": "x = 1\n"}))
    after = cache_directory(engine(tmp_path, {"sub/c.py": "x = 2\n"}))
    assert before == after


def test_the_same_text_in_another_file_is_another_key(tmp_path: Path) -> None:
    first = cache_directory(engine(tmp_path / "one", {"a.py": KERNEL}))
    second = cache_directory(engine(tmp_path / "two", {"sub/a.py": KERNEL}))
    assert first != second
