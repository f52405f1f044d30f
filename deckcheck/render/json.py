"""The report JSON (issue 3 section 3), valid against report.schema.json."""

from __future__ import annotations

import json
from typing import IO

from deckcheck.report import CheckReport


def render(report: CheckReport, stream: IO[str]) -> None:
    """Write the report as one JSON document (UTF-8, two-space indent)."""
    json.dump(report.to_dict(), stream, ensure_ascii=False, indent=2)
    stream.write("\n")
