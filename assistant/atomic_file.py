"""Writing a file atomically: a crash leaves the old file or the new one, never half;
and cleaning up after a process killed mid-write."""

import os
import re
import tempfile
from pathlib import Path

_TEMPORARY = re.compile(r"\..+\.[a-z0-9_]{8}\.tmp")
"""How :func:`tempfile.mkstemp` names :func:`write_atomically`'s temporary files."""


def write_atomically(target: Path, data: bytes) -> None:
    """Write ``data`` to ``target`` atomically.  The bytes go to a temporary file beside
    it, are flushed to the disk, and then replace the file in one step; the file gets
    the mode the umask gives new files (mkstemp's own is 0600)."""
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.",
                                         suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    os.chmod(target, new_file_mode())
    if hasattr(os, "O_DIRECTORY"):  # make the rename itself durable (POSIX)
        directory = os.open(target.parent, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(directory)
        finally:
            os.close(directory)


def remove_stale_temporaries(directory: str | os.PathLike[str]) -> list[Path]:
    """Delete the temporary files that :func:`write_atomically` left in ``directory``
    when its process was killed mid-write (``.NAME.XXXXXXXX.tmp``); call it at start,
    before any save.  Returns the files removed; one that cannot be removed is left."""
    removed = []
    for path in Path(directory).glob(".*.tmp"):
        if path.is_file() and _TEMPORARY.fullmatch(path.name):
            try:
                path.unlink()
            except OSError:
                continue
            removed.append(path)
    return removed


def new_file_mode() -> int:
    """The mode a new file gets under the process's umask.

    Linux shows the umask in /proc; elsewhere it is read by setting it and back, which
    another thread creating a file at that moment could see.
    """
    try:
        with open("/proc/self/status", encoding="ascii", errors="replace") as status:
            mask = next(int(line.split()[1], 8) for line in status
                        if line.startswith("Umask:"))
    except (OSError, StopIteration, ValueError, IndexError):
        mask = os.umask(0o022)
        os.umask(mask)
    return 0o666 & ~mask
