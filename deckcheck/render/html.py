"""The tournament HTML report: one self-contained file (inline CSS and JS from report.css/report.js beside
this module, no network, no external assets) with a sortable, filterable table of every deck, counts by
code, the card data date and a detail section per deck with its violations and offending cards.

Every piece of text that comes from a decklist (paths, deck names, card names, messages) goes through
html.escape; the script only reads and reorders the table's own DOM, never builds markup from text."""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Iterable
from datetime import datetime, timezone
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from deckcheck.errors import one_line
from deckcheck.report import card_data_of
from deckcheck.wording import counted, identity_cell, identity_words

if TYPE_CHECKING:
    from deckcheck.batch import BatchReport, DeckResult

_HERE = Path(__file__).resolve().parent
#: The strictest policy that lets the inline style and script run: nothing is ever fetched.
CSP = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:"


def esc(value: Any) -> str:
    """HTML-escape any value as text (quotes too, so it is safe in attributes), its control characters and the
    marks that reorder text written as escapes, as the text report writes them (`one_line`): a name holding U+202E
    turned the rest of its heading around, the verdict beside it too ("lagel ton")."""
    return html.escape(one_line("" if value is None else str(value)), quote=True)


def _asset(name: str) -> str:
    text = (_HERE / name).read_text(encoding="utf-8")
    return text.replace("</", "<\\/") if name.endswith(".js") else text


def _verdict(result: DeckResult) -> tuple[str, str]:
    if result.unreadable:
        return "unreadable", "unreadable"
    return ("legal", "legal") if result.legal else ("not legal", "illegal")


def _codes(result: DeckResult) -> str:
    counts = Counter(result.report.codes())
    return ", ".join(f"{c}×{n}" if n > 1 else c for c, n in counts.items())


def _display_name(result: DeckResult) -> str:
    return result.name or Path(result.path).name or result.path


def _row(index: int, result: DeckResult) -> str:
    d = result.report
    verdict, cls = _verdict(result)
    bracket = (result.bracket or {}).get("minimum")
    cells = [
        f'<td data-sort="{index}">{index}</td>',
        f'<td><a href="#deck-{index}">{esc(_display_name(result))}</a><div class="path">{esc(d.path)}</div></td>',
        f"<td>{esc(d.commanders_cell)}</td>",
        f'<td class="identity">{esc(identity_cell(d.color_identity, result.unreadable))}</td>',
        f'<td class="num" data-sort="{d.card_count}">{d.card_count}</td>',
        f'<td class="verdict {cls}">{esc(verdict)}</td>',
        f'<td class="num" data-sort="{len(d.errors)}">{len(d.errors)}</td>',
        f'<td class="num" data-sort="{len(d.warnings)}">{len(d.warnings)}</td>',
        f"<td>{esc(_codes(result))}</td>",
        f'<td class="num" data-sort="{bracket if bracket is not None else -1}">'
        f'{esc(bracket) if bracket is not None else ""}</td>',
    ]
    also = dict.fromkeys(c for v in d.violations for c in v.cards)  # found by the filter too
    if d.companion:
        also[d.companion] = None
    found_by = "&#10;".join(map(esc, also))  # a line each, as the filter reads the cells: a phrase is in one name
    return (f'<tr class="{cls}" data-status="{cls}"' + (f' data-also="{found_by}"' if also else "") + ">"
            + "".join(cells) + "</tr>")


def _detail(index: int, result: DeckResult) -> str:
    d = result.report
    verdict, cls = _verdict(result)
    parts = [f'<section class="deck {cls}" id="deck-{index}">',
             f'<h3><span class="idx">#{index}</span> {esc(_display_name(result))} '
             f'<span class="verdict {cls}">{esc(verdict)}</span></h3>',
             f'<p class="path">{esc(d.path)}</p>']
    if not result.unreadable:
        leaders = " + ".join(d.commanders) or "no commander"
        cards = counted(d.card_count, "card")
        parts.append(f"<p>Commander: <b>{esc(leaders)}</b> · identity {esc(identity_words(d.color_identity))} · "
                     f"{cards}" + (f" · companion {esc(d.companion)}" if d.companion else "") + "</p>")
    for note in d.notes:
        parts.append(f'<p class="note">Note: {esc(note)}</p>')
    if d.violations:
        parts.append('<div class="scroll"><table class="violations"><thead><tr><th>severity</th><th>code</th>'
                     "<th>line</th><th>cards</th><th>what to fix</th><th>rule</th></tr></thead><tbody>")
        for v in d.violations:
            lines = ", ".join(map(str, v.lines))
            cards = "".join(f'<span class="card">{esc(c)}</span>' for c in v.cards)
            parts.append(f'<tr class="{esc(v.severity)}"><td>{esc(v.severity)}</td><td><code>{esc(v.code)}</code></td>'
                         f"<td>{esc(lines)}</td><td>{cards}</td><td>{esc(v.message)}</td><td>{esc(v.rule)}</td></tr>")
        parts.append("</tbody></table></div>")
    else:
        parts.append("<p>No problems found.</p>")
    bracket = result.bracket
    if bracket:
        parts.append(f'<details class="bracket"><summary>Bracket: at least {esc(bracket.get("minimum"))}'
                     f"</summary><ul>" + "".join(f"<li>{esc(r)}</li>" for r in bracket.get("reasons", ()))
                     + "</ul></details>")
    parts.append('<p><a href="#decks">back to the table</a></p></section>')
    return "\n".join(parts)


class DeckParts:
    """Each deck's row of the decks table and its details section, numbered in batch order. `deckcheck
    batch` adds each chunk's results as they arrive (with --jobs, while the workers go on with the next
    chunks), so that only the summary is left for after the last one."""

    def __init__(self) -> None:
        self.rows: list[str] = []
        self.details: list[str] = []

    def add(self, results: Iterable[DeckResult]) -> None:
        """Make the parts of these results, the next decks of the batch."""
        for index, result in enumerate(results, start=len(self.rows) + 1):
            self.rows.append(_row(index, result))
            self.details.append(_detail(index, result))


def render(report: BatchReport, stream: IO[str], *, title: str = "deckcheck tournament report",
           parts: DeckParts | None = None) -> None:
    """Write the whole report as one HTML document. `parts`: the results' DeckParts, when already made
    (as they arrived)."""
    if parts is None:
        parts = DeckParts()
        parts.add(report.results)
    s = report.summary()
    data = card_data_of(report.card_data)
    generated = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    # each card counted once a deck it is an error of (not once a violation: two of one deck counted it twice)
    offending = Counter(card for r in report.results
                        for card in {c: None for v in r.report.violations if v.is_error for c in v.cards})
    w = stream.write
    w("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
    w(f'<meta http-equiv="Content-Security-Policy" content="{CSP}">\n')
    w('<meta name="viewport" content="width=device-width, initial-scale=1">\n')
    w(f"<title>{esc(title)}</title>\n<style>\n{_asset('report.css')}\n</style>\n</head>\n<body>\n")
    w(f"<header><h1>{esc(title)}</h1>\n<p class=\"meta\">Card data: <b id=\"card-date\">"
      f"{esc(data['updated_at'] or 'unknown')}</b> ({esc(data['source'])})"
      + (f" · checked as of <b>{esc(report.on.isoformat())}</b>" if report.on else "")
      + f" · generated {esc(generated)} · deckcheck {esc(report.deckcheck_version)}</p>\n"
      + "".join(f'<p class="note">{esc(note)}</p>\n' for note in report.notes) + "</header>\n")
    w('<section id="summary"><h2>Summary</h2>\n<ul class="totals">'
      f'<li><b id="n-decks">{s["decks"]}</b> decks</li><li class="legal"><b id="n-legal">{s["legal"]}</b> legal</li>'
      f'<li class="illegal"><b id="n-illegal">{s["illegal"]}</b> not legal</li>'
      f'<li class="unreadable"><b id="n-unreadable">{s["unreadable"]}</b> unreadable</li></ul>\n')
    if s["codes"]:
        w('<table id="codes"><thead><tr><th>code</th><th>violations</th><th>decks</th></tr></thead><tbody>')
        for code, n in sorted(s["codes"].items(), key=lambda kv: (-kv[1], kv[0])):
            w(f"<tr><td><code>{esc(code)}</code></td><td class=\"num\">{n}</td>"
              f"<td class=\"num\">{s['decks_by_code'][code]}</td></tr>")
        w("</tbody></table>\n")
    if offending:
        w('<h3>Most common offending cards</h3><ol id="offending">'
          + "".join(f"<li>{esc(card)} ({counted(n, 'deck')})</li>" for card, n in offending.most_common(10))
          + "</ol>\n")
    w("</section>\n")
    w('<section id="decks"><h2>Decks</h2>\n<div class="controls">'
      '<label>Filter <input id="filter" type="search" '
      'placeholder="deck, player, commander, card, code, &quot;a phrase&quot;…" '
      'autocomplete="off"></label> '
      '<label>Show <select id="status"><option value="">all decks</option><option value="legal">legal</option>'
      '<option value="illegal">not legal</option><option value="unreadable">unreadable</option></select></label> '
      '<span id="shown" aria-live="polite"></span></div>\n')
    w('<div class="scroll"><table id="deck-table"><thead><tr>'
      + "".join(f'<th data-type="{t}"><button type="button" title="sort">{esc(h)}</button></th>' for h, t in (
          ("#", "num"), ("deck", "text"), ("commanders", "text"), ("identity", "text"), ("cards", "num"),
          ("legal", "text"), ("errors", "num"), ("warnings", "num"), ("codes", "text"), ("bracket", "num")))
      + "</tr></thead>\n<tbody>\n")
    stream.writelines(row + "\n" for row in parts.rows)
    w("</tbody></table></div></section>\n")
    w('<section id="details"><h2>Deck details</h2>\n')
    stream.writelines(detail + "\n" for detail in parts.details)
    w("</section>\n")
    w(f"<script>\n{_asset('report.js')}\n</script>\n</body>\n</html>\n")
