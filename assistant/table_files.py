"""Reading the generated table files shipped in the package ``assistant.tables``."""

import importlib.resources
import json

import numpy as np


def read_table_file(name: str) -> dict[str, np.ndarray]:
    """Every array of the ``.npz`` file ``name`` (pickles refused)."""
    resource = importlib.resources.files("assistant.tables") / name
    with resource.open("rb") as handle, np.load(handle, allow_pickle=False) as data:
        return {key: data[key] for key in data.files}


def table_metadata(arrays: dict[str, np.ndarray]) -> dict[str, object]:
    """The metadata (generator, version, method, error) a table file records."""
    return dict(json.loads(str(arrays["metadata"])))
