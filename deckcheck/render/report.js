// deckcheck tournament report: sort by a column header's button, filter by text and by verdict.
// Reads and reorders existing rows only; never builds markup from decklist text.
(function () {
  "use strict";
  var table = document.getElementById("deck-table");
  if (!table) { return; }
  var body = table.tBodies[0];
  var headers = table.tHead.rows[0].cells;
  var filter = document.getElementById("filter");
  var status = document.getElementById("status");
  var shown = document.getElementById("shown");
  var rows = Array.prototype.slice.call(body.rows);
  // what a row is found by: its cells, and its deck's offending cards and companion ("Lurrus"), accents aside
  // ("eowyn" finds Éowyn) as the table is sorted, a curly apostrophe as a straight one and any run of spaces as one
  // (as the page shows them); a line each, so that no phrase runs from one into the next
  function plain(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[\u2018\u2019\u02bc]/g, "'")
      .replace(/\s+/g, " ").toLowerCase();
  }
  var texts = rows.map(function (r) {
    var parts = [];  // each cell's parts: the deck cell's name and the path shown below it are two
    Array.prototype.forEach.call(r.cells, function (c) {
      Array.prototype.forEach.call(c.childNodes, function (n) { parts.push(n.textContent); });
    });
    return parts.concat((r.getAttribute("data-also") || "").split("\n")).map(plain).join("\n");
  });
  // what the filter seeks: words, each anywhere in a row, and "quoted phrases" (straight or curly quotes, the last
  // one may be left open), each as written: "mana crypt" is not Mana Leak beside Cryptic Command
  var QUOTES = "\"\u201c\u201d";
  var TERM = new RegExp("[" + QUOTES + "][^" + QUOTES + "]*[" + QUOTES + "]?|[^\\s" + QUOTES + "]+", "g");
  function sought(value) {
    var terms = [];
    (plain(value).match(TERM) || []).forEach(function (m) {
      var term = m.replace(new RegExp("[" + QUOTES + "]", "g"), "").trim();
      if (term) { terms.push(term); }
    });
    return terms;
  }
  var collator = new Intl.Collator(undefined, { sensitivity: "base", numeric: true });

  function key(row, col, numeric) {
    var cell = row.cells[col];
    if (numeric) {
      var v = parseFloat(cell.getAttribute("data-sort"));
      return isNaN(v) ? -Infinity : v;
    }
    return cell.textContent.trim().toLowerCase();
  }

  function sortBy(col) {
    var th = headers[col];
    var numeric = th.getAttribute("data-type") === "num";
    var asc = th.getAttribute("aria-sort") !== "ascending";
    for (var i = 0; i < headers.length; i++) { headers[i].removeAttribute("aria-sort"); }
    th.setAttribute("aria-sort", asc ? "ascending" : "descending");
    // each row's keys read once, not in every comparison: a cell's text is slow to read
    var ordered = Array.prototype.slice.call(body.rows).map(function (r) {
      return { row: r, key: key(r, col, numeric), index: key(r, 0, true) };
    });
    ordered.sort(function (a, b) {
      // text by the reader's alphabet ("Éowyn" among the E's, not after "The Tenth Doctor"), numbers as numbers
      var c = numeric ? (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) : collator.compare(a.key, b.key);
      return (asc ? c : -c) || a.index - b.index;  // ties in the batch's order, whichever way
    });
    var frag = document.createDocumentFragment();
    ordered.forEach(function (o) { frag.appendChild(o.row); });
    body.appendChild(frag);
  }

  function applyFilter() {
    var words = sought(filter.value);
    var wanted = status.value;
    var n = 0;
    rows.forEach(function (row, i) {
      var ok = (!wanted || row.getAttribute("data-status") === wanted) &&
        words.every(function (w) { return texts[i].indexOf(w) !== -1; });
      row.hidden = !ok;
      if (ok) { n++; }
    });
    shown.textContent = n + " of " + rows.length + " decks shown";
  }

  for (var i = 0; i < headers.length; i++) {  // a button each: sorted from the keyboard too
    headers[i].querySelector("button").addEventListener("click", sortBy.bind(null, i));
  }
  filter.addEventListener("input", applyFilter);
  status.addEventListener("change", applyFilter);
  applyFilter();
}());
