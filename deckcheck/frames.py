"""pandas DataFrames of reports and card data, for notebooks. pandas is imported inside each function, so
importing this module (or deckcheck) never loads pandas."""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

    from deckcheck.batch import BatchReport, DeckResult
    from deckcheck.report import DeckReport
    from deckcheck.store import CardStore

#: Columns of the one-row-per-deck frame.
DECK_COLUMNS = ("path", "name", "commanders", "color_identity", "card_count", "legal", "unreadable",
                "errors", "warnings", "codes", "bracket_minimum", "game_changers", "notes")
#: Columns of the one-row-per-violation frame.
VIOLATION_COLUMNS = ("deck", "name", "code", "severity", "card", "cards", "line", "lines", "rule", "message")
#: Columns of cards_frame.
CARD_COLUMNS = ("name", "layout", "mana_value", "color_identity", "colors", "type_line", "types",
                "legality", "game_changer", "oracle_id", "source_legality")


def _as_text(frame: pd.DataFrame, columns: Iterable[str]) -> pd.DataFrame:
    """The frame with these columns in pandas' own type for text, whatever their rows hold: pandas 3's "str" (a
    missing value NaN) even in an empty frame or a column of no value, which pandas would make "object" with
    None; "object" before pandas 3, as pandas makes text columns there."""
    import pandas as pd

    text = pd.Series(["text"]).dtype
    return frame.astype(dict.fromkeys(columns, text))


def _deck_row(result: DeckResult) -> dict[str, Any]:
    report = result.report
    bracket = result.bracket or {}
    codes = list(dict.fromkeys(report.codes()))
    return {"path": report.path, "name": result.name, "commanders": report.commanders_cell,
            "color_identity": report.color_identity, "card_count": report.card_count, "legal": report.legal,
            "unreadable": result.unreadable, "errors": len(report.errors), "warnings": len(report.warnings),
            "codes": ", ".join(codes), "bracket_minimum": bracket.get("minimum"),
            "game_changers": bracket.get("game_changer_count"), "notes": report.notes_cell}


def batch_frame(report: BatchReport) -> pd.DataFrame:
    """One row per deck: path, name, commanders (" + "-joined, by name), identity, card count, legal, unreadable,
    error and warning counts, the codes found (", "-joined, first-seen order), bracket floor and Game
    Changer count (when estimated), and the deck's notes on how its list was read (a line each); indexed by the
    report's `index` when it has one (check_many of pandas)."""
    import pandas as pd

    frame = pd.DataFrame([_deck_row(r) for r in report.results], columns=list(DECK_COLUMNS))
    # The same number and flag types with no deck at all (an empty frame's columns are all "object").
    frame = frame.astype({"card_count": "int64", "legal": "bool", "unreadable": "bool", "errors": "int64",
                          "warnings": "int64", "bracket_minimum": "Int64", "game_changers": "Int64"})
    return _as_text(_indexed(frame, report), ("path", "name", "commanders", "color_identity", "codes", "notes"))


def _violation_rows(report: DeckReport, name: str | None) -> Iterable[dict[str, Any]]:
    for v in report.violations:
        yield {"deck": report.path, "name": name, "code": v.code, "severity": v.severity,
               "card": v.cards[0] if v.cards else None, "cards": list(v.cards), "line": v.line,
               "lines": list(v.lines), "rule": v.rule, "message": v.message}


def _violations(rows: Iterable[dict[str, Any]]) -> pd.DataFrame:
    import pandas as pd

    frame = pd.DataFrame(list(rows), columns=list(VIOLATION_COLUMNS))
    frame["line"] = frame["line"].astype("Int64")
    return _as_text(frame, ("deck", "name", "code", "severity", "card", "rule", "message"))


def _indexed(frame: pd.DataFrame, report: BatchReport, rows_per_deck: Iterable[int] | None = None) -> pd.DataFrame:
    """A frame of a row per deck (or `rows_per_deck` rows each), indexed by each deck's label in the report's `index`
    (check_many of pandas), so that it joins the rows the decks came from; else by each deck's place in the report,
    as `batch_frame`'s rows are (0, 1, ...), so that a violation or a card joins its own deck's row."""
    import pandas as pd

    index = report.index
    if index is None or len(index) != len(report.results):
        if rows_per_deck is None:
            return frame
        index = pd.RangeIndex(len(report.results))
    if rows_per_deck is not None:
        index = index.repeat(list(rows_per_deck))
    frame.index = index
    return frame


def violations_frame(report: BatchReport) -> pd.DataFrame:
    """One row per violation of every deck: deck (path), name, code, severity, card (the first card
    involved), cards (all of them: `.explode("cards")` for one row per card), line (the first), lines,
    rule, message; indexed as `batch_frame` is."""
    frame = _violations(row for r in report.results for row in _violation_rows(r.report, r.name))
    return _indexed(frame, report, (len(r.report.violations) for r in report.results))


def deck_report_frame(report: DeckReport) -> pd.DataFrame:
    """One row per violation of one deck (the columns of violations_frame)."""
    return _violations(_violation_rows(report, report.name))


def deck_cards_frame(report: BatchReport) -> pd.DataFrame:
    """One row per deck entry: deck (path), name, card (canonical name; as written when unknown), quantity,
    section, oracle_id (the card's, the key to merge `cards_frame` on; missing when unknown); indexed as
    `batch_frame` is. Needs a batch run with keep_cards=True."""
    import pandas as pd

    if any(r.cards is None and not r.unreadable for r in report.results):
        raise ValueError("the batch kept no card lists: run check_many(..., keep_cards=True)")
    rows = [(r.report.path, r.name, *entry) for r in report.results for entry in (r.cards or ())]
    frame = pd.DataFrame(rows, columns=["deck", "name", "card", "quantity", "section", "oracle_id"]).astype(
        {"quantity": "int64"})
    return _indexed(_as_text(frame, ("deck", "name", "card", "section", "oracle_id")), report,
                    (len(r.cards or ()) for r in report.results))


def cards_frame(store: CardStore | None = None, *, policy: Any = None, on: Any = None) -> pd.DataFrame:
    """One row per card of the store: name, layout, mana value, color identity, colors of the front face (its
    mana cost's and color indicator's, unless its text sets them: devoid is colorless, "~ is all colors" all
    five), type line and types of the front face (of both halves of a split card, which has both halves'
    characteristics but on the stack, CR 709.4: Fire // Ice is UR, "Instant // Instant"; those the card data holds),
    Commander legality and game changer as `check` holds them on `on` (today by default) by the policy (data/policy,
    unless another is given; as `deckcheck card` shows them), Oracle id, and the card data's own Commander legality
    (`source_legality`). A card is one Oracle id: some cards share a name (Everythingamajig's six Un-cards; Pick Your
    Poison, a playtest card's name too), so the key to merge `deck_cards_frame` on is the Oracle id, the card the
    checker took for each entry's name. As of a day the recorded lists don't cover as they are (before their history,
    a day to come, Game Changers not fully known), a DeckcheckWarning gives the caveat `check --as-of` notes."""
    import warnings

    import pandas as pd

    from deckcheck.errors import DeckcheckWarning
    from deckcheck.model.color import face_colors, sort_colors
    from deckcheck.model.identity import color_identity
    from deckcheck.model.vocab import SPLIT
    from deckcheck.policy import as_date, given_policy, standing_of
    from deckcheck.store import CardStore

    store, policy, on = CardStore.given(store), given_policy(policy), as_date(on)
    if on is not None and (caveat := policy.history_note(on)):
        warnings.warn(DeckcheckWarning(f"cards_frame(on={on.isoformat()}): {caveat}"), stacklevel=3)  # (api.py calls)
    rows = []
    for card in store.iter_cards():
        # a split card has both halves' characteristics off the stack (CR 709.4): Fire // Ice is blue and red
        faces = card.faces if card.layout == SPLIT else (card.front,)
        standing = standing_of(card, policy, on, store.legalities_date)
        rows.append((card.name, card.layout, float(card.mana_value()), color_identity(card),
                     sort_colors("".join(map(face_colors, faces))), " // ".join(f.type_line for f in faces),
                     " ".join(dict.fromkeys(t for f in faces for t in f.types)), standing.legality,
                     bool(standing.game_changer), card.oracle_id, card.commander_legality))
    return _as_text(pd.DataFrame(rows, columns=list(CARD_COLUMNS)),
                    set(CARD_COLUMNS) - {"mana_value", "game_changer"})


def to_spreadsheet_csv(frame: pd.DataFrame | pd.Series, path: str | os.PathLike[str], *,
                       index: bool | None = None) -> None:
    """Write a frame as a CSV file for a spreadsheet, as `deckcheck batch -o report.csv` writes its report: a
    cell that a spreadsheet would run as a formula (a player who registered as "=HYPERLINK(...)") starts with
    an apostrophe, and the file with a UTF-8 byte order mark, without which Excel garbles every accent.
    `index=True` writes each level of the index as a column (by default a frame's is left out, and a Series' (a
    groupby's counts) written, as their own `to_csv` writes them). pandas' own `to_csv` does neither of the two. A
    list's items are joined by "; ", as in `--format csv`. A `color_identity` column is written as `--format csv`
    writes it, "C" for colorless ("" in the frame) and "?" for unknown (missing; nothing for an unreadable deck): an
    empty cell was both. `pd.read_csv` reads the file (the apostrophes stay)."""
    from deckcheck.batch.core import is_pandas
    from deckcheck.render.csv import spreadsheet_safe
    from deckcheck.wording import identity_cell

    if is_pandas(frame, "Series"):
        frame, index = frame.to_frame(), index is None or index
    elif not is_pandas(frame, "DataFrame"):
        raise TypeError(f"to_spreadsheet_csv writes a pandas DataFrame or Series, not {type(frame).__name__}")
    if path is None or is_pandas(path, "DataFrame") or is_pandas(path, "Series"):  # (None: pandas' to_csv returned
        # the text, and nothing was written; a file object, a web app's buffer, is written to)
        raise TypeError(f"to_spreadsheet_csv writes to a file's path or a file object, not {type(path).__name__}")
    if index:  # each level of the index a column of its own (a groupby's player and code)
        frame = frame.reset_index()
    if "color_identity" in frame.columns and frame["color_identity"].ndim == 1:
        import pandas as pd

        unreadable = frame["unreadable"] if "unreadable" in frame.columns else pd.Series(False, index=frame.index)
        frame = frame.assign(color_identity=[
            identity_cell(None if pd.isna(value) else value, lost is True)
            for value, lost in zip(frame["color_identity"], unreadable)])
    safe = frame.map(spreadsheet_safe)
    safe.columns = frame.columns.map(spreadsheet_safe)
    safe.to_csv(path, index=False, encoding="utf-8-sig", lineterminator="\n")

