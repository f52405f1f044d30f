"""Shared test fixtures."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parent.parent
SHARED_DATA = PROJECT.parent / "shared" / "data"


def pytest_configure(config: pytest.Config) -> None:
    """The tests check against the bundled snapshot, whatever card store the user keeps: `deckcheck update` builds one
    in the user's cache folder (or where $DECKCHECK_DATA says), of other cards, and tests that count the snapshot's
    findings failed beside it. Every test, and every process a test starts, has an empty cache folder of the run's
    own (platformdirs reads $XDG_CACHE_HOME on Linux) and no $DECKCHECK_DATA; the tests of those set their own."""
    cache = tempfile.mkdtemp(prefix="deckcheck-tests-cache-")
    config.add_cleanup(lambda: shutil.rmtree(cache, ignore_errors=True))
    environment = pytest.MonkeyPatch()  # put back when the run ends (pytest.main in a notebook or an IDE)
    config.add_cleanup(environment.undo)
    if "PIP_CACHE_DIR" not in os.environ:  # pip's own downloads (the packaging tests' builds) kept where they were
        import platformdirs

        environment.setenv("PIP_CACHE_DIR", platformdirs.user_cache_dir("pip"))
    environment.setenv("XDG_CACHE_HOME", cache)
    environment.delenv("DECKCHECK_DATA", raising=False)


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """../shared/data, the real Scryfall/MTGJSON card data and decklists; skips the test where absent."""
    if not SHARED_DATA.is_dir():
        pytest.skip(f"real card data not found at {SHARED_DATA} (../shared/data)")
    return SHARED_DATA
