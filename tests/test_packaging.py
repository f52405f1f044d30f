"""deckcheck as a wheel installs it (`pip install .`, pipx): every package, and the data it reads at run time."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tarfile
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


def test_the_source_distribution_holds_what_its_tests_and_readme_use_and_its_tests_collect(tmp_path):
    """The sdist held the test modules (setuptools adds tests/test_*.py by itself) but not conftest.py, the helpers
    they import, the fixtures, the example decks or the notebooks: 12 of its test modules failed to import. It
    carried no licence text either. MANIFEST.in now names them; unpacked, its tests collect without an error."""
    # built from a copy without the tree's build leftovers: setuptools adds every file an old .egg-info lists
    tree = tmp_path / "tree"
    shutil.copytree(ROOT, tree, ignore=shutil.ignore_patterns(".git", "*.egg-info", "build", "dist", "__pycache__",
                                                              ".pytest_cache", ".hypothesis", "test-artifacts"))
    built = subprocess.run([sys.executable, "-m", "build", "--sdist", "--outdir", str(tmp_path / "dist"), str(tree)],
                           capture_output=True, text=True, timeout=600)
    if built.returncode and any(word in built.stderr.lower() for word in ("connection", "no matching distribution")):
        pytest.skip(f"pip can't get the build requirements here: {built.stderr.strip()[-200:]}")
    assert built.returncode == 0, built.stderr[-2000:]
    (sdist,) = (tmp_path / "dist").glob("deckcheck-*.tar.gz")
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
        archive.extractall(tmp_path / "src", filter="data")
    tracked = subprocess.run(["git", "ls-files", "tests", "data/examples", "notebooks", "LICENSE"], cwd=ROOT,
                             capture_output=True, text=True)
    wanted = set(tracked.stdout.split()) if tracked.returncode == 0 else set()
    wanted |= {"LICENSE", "tests/conftest.py", "tests/check_support.py", "tests/peak_rss.py",
               "data/examples/tournament/01-alice-breed-lethality.txt", "notebooks/batch_report.ipynb"}
    assert wanted <= names, sorted(wanted - names)
    assert not any("__pycache__" in name or name.endswith(".pyc") for name in names)
    (unpacked,) = (tmp_path / "src").iterdir()
    collected = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"],
                               cwd=unpacked, capture_output=True, text=True, timeout=600)
    summary = collected.stdout.strip().splitlines()[-1]  # "1793 tests collected in 4.10s" (", 12 errors" before)
    assert collected.returncode == 0 and re.fullmatch(r"\d+ tests collected in [\d.]+s", summary), summary
    assert int(summary.split()[0]) > 1000
