"""Shared test fixtures."""

from __future__ import annotations

from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parent.parent
SHARED_DATA = PROJECT.parent / "shared" / "data"


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """../shared/data, the real Scryfall/MTGJSON card data and decklists; skips the test where absent."""
    if not SHARED_DATA.is_dir():
        pytest.skip(f"real card data not found at {SHARED_DATA} (../shared/data)")
    return SHARED_DATA
