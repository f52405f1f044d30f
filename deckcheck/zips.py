"""Zip archives as deckcheck meets them (a zip of decklists, a workbook, a zipped card data file): how one
begins, and what the standard library's zipfile raises when one is damaged. zipfile itself is imported only
where an archive is read."""

from __future__ import annotations

#: The first bytes of a zip archive (and so of an .xlsx or .ods workbook).
ZIP_MAGIC = b"PK\x03\x04"


def zip_errors() -> tuple[type[BaseException], ...]:
    """What the standard library's zipfile raises on a damaged or hostile archive: a bad header, offsets before
    its start (ValueError), a broken deflate stream, an unknown compression method, an encrypted member. Named
    in an `except` clause, which calls it only when an exception is being matched."""
    import zipfile
    import zlib

    return (zipfile.BadZipFile, zlib.error, OSError, EOFError, ValueError, NotImplementedError, RuntimeError)
