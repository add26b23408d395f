"""Hand files opened from disk: either format, checked before reading, read as a stream.

Files are untrusted: anything but a regular file (a device such as ``/dev/zero``, a
pipe, a folder) is refused, and so is a file over the stated size.  A PokerStars file
is read line by line and each hand is yielded as soon as it is read, so memory stays
flat in the number of hands and a reader can show hands while the rest loads.  A PHH
file is TOML, parsed whole, so its limit is smaller.

Reading takes ``progress(fraction)`` and ``should_stop()`` callables, as the engine's
other long tasks do: progress is the fraction of the file's bytes read, and a stop
request ends the reading with :class:`~assistant.errors.Cancelled` between lines.
"""

import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from assistant.equity import Progress, ShouldStop
from assistant.errors import Cancelled, PokerInputError
from assistant.history.phh import read_phh
from assistant.history.pokerstars import iter_pokerstars, read_pokerstars
from assistant.history.record import HandError, HandFile, HandRecord

MAX_FILE_BYTES = 1 << 30
"""The largest hand file read (1 GiB); PokerStars files are streamed."""
MAX_PHH_BYTES = 32 << 20
"""The largest PHH file read (32 MiB): TOML is parsed whole."""
CHECK_EVERY = 512
"""Lines read between two progress reports and stop checks."""


def read_hands(text: str, path: str = "<text>") -> HandFile:
    """The hands of a file's text, PokerStars or PHH, told apart by how it starts."""
    if _is_pokerstars(text):
        return read_pokerstars(text, path)
    return read_phh(text, path)


def load_hands(path: str | Path, progress: Progress | None = None,
               should_stop: ShouldStop | None = None) -> HandFile:
    """The hands of a file, as :func:`iter_hands` reads them."""
    return HandFile(str(path), tuple(iter_hands(path, progress, should_stop)))


def iter_hands(path: str | Path, progress: Progress | None = None,
               should_stop: ShouldStop | None = None) -> Iterator[HandRecord | HandError]:
    """The hands of a file in file order, each as soon as it is read: a record for a
    hand that loads, an error for one that does not.

    Raises :class:`PokerInputError` when the file is not a regular file, is too large,
    cannot be read as UTF-8 text or holds no hand at all, and :class:`Cancelled` when
    ``should_stop()`` returns true.
    """
    name = str(path)
    size = _check_file(name)
    try:
        file = open(name, "rb")  # noqa: SIM115 - closed by the with below
    except OSError as error:
        raise PokerInputError(f"cannot read {name!r}: {error.strerror}") from None
    with file:
        start = file.read(4096).decode("utf-8", errors="replace")
        file.seek(0)
        found = False
        if _is_pokerstars(start):
            lines = _read_lines(file, name, size, progress, should_stop)
            for entry in iter_pokerstars(lines, name):
                found = True
                yield entry
        else:
            if size > MAX_PHH_BYTES:
                raise PokerInputError(f"{name!r} is {size:,} bytes: PHH files over"
                                      f" {MAX_PHH_BYTES:,} bytes are not read")
            _check_stop(should_stop)
            text = _decode(file.read(), name)
            for entry in read_phh(text, name).entries:
                _check_stop(should_stop)
                found = True
                yield entry
            if progress is not None:
                progress(1.0)
    if not found:
        raise PokerInputError(f"{name!r} holds no hand")


def _is_pokerstars(text: str) -> bool:
    return text.removeprefix("\ufeff").lstrip().startswith("PokerStars")


def _check_file(name: str) -> int:
    """The size of a file that may be read; refuses anything else."""
    try:
        status = os.stat(name)
    except OSError as error:
        raise PokerInputError(f"cannot read {name!r}: {error.strerror}") from None
    if not stat.S_ISREG(status.st_mode):
        raise PokerInputError(f"{name!r} is not a regular file (a device, pipe or folder)")
    if status.st_size > MAX_FILE_BYTES:
        raise PokerInputError(f"{name!r} is {status.st_size:,} bytes: hand files over"
                              f" {MAX_FILE_BYTES:,} bytes are not read")
    return status.st_size


def _read_lines(file: BinaryIO, name: str, size: int, progress: Progress | None,
                should_stop: ShouldStop | None) -> Iterator[str]:
    """A binary file's lines as text, reporting progress and checking for a stop."""
    done = 0
    for number, raw in enumerate(file, 1):
        done += len(raw)
        if number % CHECK_EVERY == 0:
            _check_stop(should_stop)
            if progress is not None:
                progress(min(1.0, done / max(size, 1)))
        try:
            yield raw.decode("utf-8-sig" if number == 1 else "utf-8")
        except UnicodeDecodeError as error:
            raise PokerInputError(f"{name!r} is not UTF-8 text (line {number},"
                                  f" byte {error.start + 1})") from None
    if progress is not None:
        progress(1.0)


def _decode(data: bytes, name: str) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise PokerInputError(f"{name!r} is not UTF-8 text (byte {error.start})") from None


def _check_stop(should_stop: ShouldStop | None) -> None:
    if should_stop is not None and should_stop():
        raise Cancelled("reading the hand file stopped")
