"""deckcheck as a wheel installs it (`pip install .`, pipx): every package, and the data it reads at run time."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _setuptools_config() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]


def test_every_package_of_the_tree_is_named_in_pyproject():
    """pyproject.toml names deckcheck's packages one by one (one of them, deckcheck.data, is the project's data/
    folder): a package added to the tree but not there would be missing from every installed copy."""
    in_tree = {".".join(path.parent.relative_to(ROOT).parts) for path in (ROOT / "deckcheck").rglob("__init__.py")}
    named = set(_setuptools_config()["packages"])
    assert in_tree == named - {"deckcheck.data"}
    assert _setuptools_config()["package-dir"] == {"deckcheck.data": "data"}


def test_an_installed_wheel_checks_a_deck_with_its_own_card_data_and_policy(tmp_path):
    """A wheel (what `pip install .` installs) held no card snapshot and no policy: an installed deckcheck said there
    was no card data, and after `deckcheck update` that it could not read the policy. The wheel now carries data/ as
    deckcheck/data; unpacked outside the project and run from elsewhere, it checks a deck with what it carries."""
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path / "dist"),
                            str(ROOT)], capture_output=True, text=True, timeout=600)
    if built.returncode and any(word in built.stderr.lower() for word in ("connection", "no matching distribution")):
        pytest.skip(f"pip can't get the build requirements here: {built.stderr.strip()[-200:]}")
    assert built.returncode == 0, built.stderr
    (wheel,) = (tmp_path / "dist").glob("deckcheck-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        archive.extractall(tmp_path / "site")
    policy = {p.name for p in (ROOT / "data" / "policy").glob("*.json")}
    assert {"deckcheck/data/cards.sqlite", *(f"deckcheck/data/policy/{name}" for name in policy)} <= names
    assert not any(name.startswith("deckcheck/data/examples") for name in names)
    env = {**os.environ, "PYTHONPATH": str(tmp_path / "site"), "DECKCHECK_DATA": str(tmp_path / "no-store")}
    where = subprocess.run([sys.executable, "-c", "import deckcheck; print(deckcheck.DATA_DIR)"], cwd=tmp_path,
                           env=env, capture_output=True, text=True, check=True).stdout.strip()
    assert Path(where) == tmp_path / "site" / "deckcheck" / "data"
    deck = ROOT / "data" / "examples" / "abzan-armor-tdc.txt"
    checked = subprocess.run([sys.executable, "-m", "deckcheck", "check", str(deck)], cwd=tmp_path, env=env,
                             capture_output=True, text=True)
    assert (checked.returncode, checked.stdout.strip()) == (
        0, f"{deck}: legal: 100 cards, Felothar the Steadfast, identity WBG"), checked.stderr
