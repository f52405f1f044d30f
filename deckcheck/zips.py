"""Zip archives as deckcheck meets them (a zip of decklists, a workbook, a word processor's document, a zipped
card data file): how one begins, what kind of file one is, and what the standard library's zipfile raises
when one is damaged. zipfile itself is imported only where an archive is read."""

from __future__ import annotations

from typing import IO, Any

#: The first bytes of a zip archive (and so of an .xlsx or .ods workbook, a .docx or .odt document).
ZIP_MAGIC = b"PK\x03\x04"
#: The first bytes of a gzip stream (RFC 1952).
GZIP_MAGIC = b"\x1f\x8b"
#: The first bytes of an empty zip archive: its end of central directory record, with nothing before it.
_EMPTY_ZIP_MAGIC = b"PK\x05\x06"
#: The kinds `archive_kind` tells: workbooks, word processors' documents, Apple's Pages and Numbers files.
WORKBOOKS, DOCUMENTS, IWORK = ("xlsx", "ods"), ("docx", "odt"), "iwork"
_OPENDOCUMENT = {b"application/vnd.oasis.opendocument.spreadsheet": "ods",
                 b"application/vnd.oasis.opendocument.text": "odt"}


def is_zip(head: bytes) -> bool:
    """Whether a file beginning with these bytes is a zip archive, one with members or an empty one."""
    return head[:4] in (ZIP_MAGIC, _EMPTY_ZIP_MAGIC)


def members_kind(archive: Any) -> str | None:
    """What an open zip archive (a zipfile.ZipFile) is, by its members: "xlsx" or "ods" (a workbook), "docx"
    or "odt" (a document), IWORK (Apple Pages or Numbers), or None (an archive of other files)."""
    names = set(archive.namelist())
    if "xl/workbook.xml" in names:
        return "xlsx"
    if "word/document.xml" in names:
        return "docx"
    if "Index/Document.iwa" in names:
        return IWORK
    if "content.xml" in names and "mimetype" in names:  # OpenDocument: its media type in a member of its own
        try:
            with archive.open("mimetype") as member:
                return _OPENDOCUMENT.get(member.read(100).strip())
        except zip_errors():
            return None
    return None


def archive_kind(source: str | IO[bytes]) -> str | None:
    """`members_kind` of a file (a path or a binary file object); None when it is no zip archive that can be
    read."""
    import zipfile

    try:
        with zipfile.ZipFile(source) as archive:
            return members_kind(archive)
    except zip_errors():
        return None


def zip_errors() -> tuple[type[BaseException], ...]:
    """What the standard library's zipfile raises on a damaged or hostile archive: a bad header, offsets before
    its start (ValueError), a broken deflate, bzip2 (OSError) or LZMA stream, an unknown compression method, an
    encrypted member. Named in an `except` clause, which calls it only when an exception is being matched."""
    import lzma
    import zipfile
    import zlib

    return (zipfile.BadZipFile, zlib.error, lzma.LZMAError, OSError, EOFError, ValueError, NotImplementedError,
            RuntimeError)


def member_errors() -> tuple[type[BaseException], ...]:
    """What reading one member of an archive that opened raises when that member alone is damaged: its header or
    CRC (BadZipFile), its deflate or LZMA stream, its end, its compression method. (A seek before the file's
    start, OSError or ValueError, is the archive's directory at fault: `zip_errors`.)"""
    import lzma
    import zipfile
    import zlib

    return zipfile.BadZipFile, zlib.error, lzma.LZMAError, EOFError, NotImplementedError
