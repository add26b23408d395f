"""Auto-import: a folder a poker client writes to, read as its files grow.

:func:`poll_folder` is one pass: for each hand history file of the folder, the bytes
added since the last pass are read up to the end of the last whole hand, imported,
and the new position remembered in the database (so a restart goes on from there).
A file that got shorter was replaced, and is read again from its start (the hands
already in are duplicates).  The CLI's ``db watch`` repeats the pass.
"""

import codecs
from pathlib import Path

from assistant.database.importer import Importer, Skipped
from assistant.database.sources import MAX_FILE_BYTES, complete_length, hand_files


def poll_folder(importer: Importer, folder: str | Path) -> None:
    """Import the whole hands added to the folder's files since the last pass; the
    importer's report counts them."""
    for path in hand_files([str(folder)]):
        name = str(path)
        file_id, offset, line = importer.file_state(name)
        size = path.stat().st_size
        if size < offset:
            offset, line = 0, 1
        if size == offset:
            continue
        with path.open("rb") as stream:
            stream.seek(offset)
            data = stream.read(min(size - offset, MAX_FILE_BYTES))
        # Whole lines only, which also keeps a character being written out.
        data = data[:data.rfind(b"\n") + 1]
        bom = len(codecs.BOM_UTF8) if offset == 0 and data.startswith(codecs.BOM_UTF8) else 0
        try:
            text = data[bom:].decode("utf-8")
        except UnicodeDecodeError as error:
            importer.report.skipped.append(Skipped(name, None, f"not UTF-8 text (byte"
                                                               f" {offset + bom + error.start})"))
            importer.set_offset(file_id, size, line)
            continue
        done = text[:complete_length(text)]
        if not done:
            continue
        importer.report.files += 1
        importer.add_text(done, name, line)
        importer.flush()
        importer.set_offset(file_id, offset + bom + len(done.encode()), line + done.count("\n"))
