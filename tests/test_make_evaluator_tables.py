"""The evaluator's table file: recomputed cells, a full rebuild, and packaging."""

import hashlib
import importlib.resources
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import numpy as np
import pytest

from assistant.cards import mask_to_cards
from assistant.deal import random_masks
from assistant.evaluator import evaluator_metadata, load_tables, rank_position
from assistant.table_files import read_table_file
from assistant.tables import make_evaluator_tables as generator

REPO = Path(__file__).resolve().parents[1]


def test_metadata_names_generator_method_and_error() -> None:
    metadata = evaluator_metadata()
    assert metadata["generator"] == "tables/make_evaluator_tables.py"
    assert metadata["version"] == generator.VERSION
    assert metadata["error"] == 0
    assert "exact" in str(metadata["method"])


def test_a_random_sample_of_cells_recomputes() -> None:
    tables = load_tables()
    strengths = generator.strengths_by_signature(generator.five_card_classes())
    cache: dict[tuple[int, ...], int] = {}
    for mask in random_masks(300, 7, seed=5):
        ranks = [card % 13 for card in mask_to_cards(int(mask))]
        key = sum(int(tables.suit_keys[1 << rank]) for rank in ranks)
        expected = generator.best_of_fives(ranks, False, strengths, cache)
        assert tables.rank_strength[rank_position(key, tables)] == expected
    suited: dict[tuple[int, ...], int] = {}
    for suit_mask in np.random.default_rng(6).integers(0, 1 << 13, size=300):
        ranks = [rank for rank in range(13) if suit_mask >> rank & 1]
        expected = generator.best_of_fives(ranks, True, strengths, suited) if len(ranks) >= 5 else 0
        assert tables.flush[suit_mask] == expected


def digest(arrays: dict[str, np.ndarray]) -> str:
    sha = hashlib.sha256()
    for name in sorted(arrays):
        sha.update(name.encode() + arrays[name].tobytes())
    return sha.hexdigest()


@pytest.mark.slow
def test_whole_table_file_is_what_the_generator_writes() -> None:
    stored_arrays = read_table_file("evaluator.npz")
    assert digest(generator.build_tables()) == digest(stored_arrays)


def test_editable_install_finds_tables_in_the_repo() -> None:
    resource = importlib.resources.files("assistant.tables") / "evaluator.npz"
    assert resource.is_file()
    assert Path(str(resource)).resolve() == REPO / "tables" / "evaluator.npz"


@pytest.mark.slow
def test_wheel_ships_tables_inside_the_engine_package(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
         "--wheel-dir", str(tmp_path / "dist"), str(REPO)],
        check=True, capture_output=True,
    )
    wheel = next((tmp_path / "dist").glob("*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert "assistant/tables/evaluator.npz" in names
    assert not any(name.startswith("tables/") for name in names), "would shadow PyTables"
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    probe = (
        "import json, assistant.evaluator as e;"
        "t = e.load_tables();"
        "print(json.dumps([e.__file__, int(t.rank_strength.size)]))"
    )
    result = subprocess.run([sys.executable, "-I", "-c",
                             f"import sys; sys.path.insert(0, {str(site)!r}); {probe}"],
                            cwd=tmp_path, check=True, capture_output=True, text=True)
    module_file, size = json.loads(result.stdout)
    assert Path(module_file).is_relative_to(site)
    assert size == 73775
