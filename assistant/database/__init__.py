"""The hand database: hand histories imported into one SQLite file, with each
player's statistics kept as counts for a HUD, the data of the graphs, a leak review,
and an auto-import of a folder a poker client writes to.

>>> import tempfile, os
>>> with tempfile.TemporaryDirectory() as folder:
...     connection = open_database(os.path.join(folder, "hands.db"))
...     report = import_paths(connection, ["resources/hands/pokerstars-samples.txt"])
...     counts = player_counts(connection, "Lou")
...     connection.close()
>>> report.imported > 0, counts["hands"][0] > 0
(True, True)
"""

from assistant.database.importer import Importer, ImportReport, Skipped, import_paths
from assistant.database.queries import player_counts, player_stats
from assistant.database.schema import default_path, open_database

__all__ = [
    "ImportReport",
    "Importer",
    "Skipped",
    "default_path",
    "import_paths",
    "open_database",
    "player_counts",
    "player_stats",
]
