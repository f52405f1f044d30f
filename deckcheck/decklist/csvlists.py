"""CSV decklist exports with a header row: count/quantity, name, and a section/board/category column when
there is one (mtg.wtf: `Section,Count,Name,Set code,Set name,Collector number,Finish`; Archidekt, Moxfield,
Deckbox and doubletap-style exports), or MTGO's yes-or-no Sideboarded column (`Card Name,Quantity,ID #,Rarity,Set,
Collector #,Premium,Sideboarded,Annotation`), separated by commas, semicolons (a spreadsheet saved in a European
locale) or tabs."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import partial
from typing import Any, NamedTuple, TypeVar

from deckcheck.decklist.columns import CardColumns, card_columns, fold
from deckcheck.decklist.commanders import split_joined
from deckcheck.decklist.model import (
    COMMANDER, COMPANION, KEPT_FROM_MARKS, MAIN, MAYBEBOARD, OUTSIDE, SIDEBOARD, Deck, EntryCollector, Problems,
    is_web_address, long_name, problem, read_quantity, says_yes, shortened,
)
from deckcheck.decklist.records import listed_text
from deckcheck.decklist.runs import holds_several_names
from deckcheck.decklist.text import HEADERS, continued_name, labelled_name, runs_entries_together, split_annotations
from deckcheck.model.names import loose_key, name_key

#: Field separators, in the order tried: commas, then the semicolons of a spreadsheet saved in a locale whose
#: decimal mark is a comma (Excel in much of Europe), then tabs (tab-separated exports).
DELIMITERS = (",", ";", "\t")


# A count cell: "2", "2x", "x2", or "2.0" as pandas writes a column of counts with a gap in it (ASCII digits only).
_COUNT_CELL = re.compile(r"([0-9]+)(?:\.0+)?|([0-9]+)\s?[xX×]|[xX×]\s?([0-9]+)").fullmatch

# Excel's first line naming the field separator ("sep=;"), which card managers' exports for Excel write first.
_SEPARATOR_LINE = re.compile(r'"?sep=([,;\t|])"?[^\S\n]*(?:\n|$)', re.IGNORECASE)


def separator_line(text: str) -> tuple[str | None, str]:
    """A CSV text that begins with Excel's "sep=;" line: (the separator it names, the text after that line);
    else (None, text). Excel reads the line as no row of the sheet."""
    m = _SEPARATOR_LINE.match(text)
    return (None, text) if m is None else (m.group(1), text[m.end():])


def _headers(first_line: str, delimiters: Sequence[str] = DELIMITERS) -> Iterator[tuple[str, list[str]]]:
    """A first line read as a header row with each of `delimiters` it holds: (separator, folded cells)."""
    for delimiter in delimiters:
        if delimiter in first_line:
            try:
                yield delimiter, [fold(c) for c in next(csv.reader([first_line], delimiter=delimiter))]
            except (csv.Error, StopIteration):
                continue


def csv_delimiter(first_line: str, delimiters: Sequence[str] = DELIMITERS) -> str | None:
    """The field separator (one of `delimiters`) of a first line that is a CSV header row naming at least a
    card-name column and a count or section column; None when the line is no such header."""
    if len(first_line) > 2000:
        return None
    for delimiter, header in _headers(first_line, delimiters):
        if card_columns(header) is not None:
            return delimiter
    return None


_HEADER_HEAD = 1 << 13  # how much of a text is searched for a header row
_BLANK = re.compile(r"\s*").match
_LINE_BREAK = re.compile(r"\r\n?|\n")  # where the csv module's reader ends a line: a lone carriage return too
_ENTRY = re.compile(r"\d{1,3}[xX]?(?:\s+|\s*[,;\t]\s*)[^\W\d_]").match  # a count, then a name: a list's entry

#: How many rows a sheet may hold above its header row: a title, the player's name, a date; never a card.
ROWS_ABOVE_HEADER = 3

_Header = TypeVar("_Header")


def _header_below_titles(text: str, read: Callable[[str], _Header | None]) -> tuple[_Header, int, int] | None:
    """The header row of a table's text: the first of its first non-blank lines that `read` reads as one, at the
    top or below at most ROWS_ABOVE_HEADER rows of a title ("Inalla Wizards", "Deck:,Inalla Wizards"): (what
    `read` said, its line number, 1 for the first line, and its offset in `text`); None when there is no such
    header. An entry ("1 Sol Ring", "1,Sol Ring") ends the search: a list has begun, so no header is coming."""
    above = 0
    start = _BLANK(text).end()  # from the first non-blank line (an offset: the text is not copied)
    number, limit = len(_LINE_BREAK.findall(text, 0, start)), start + _HEADER_HEAD
    while start < limit and above <= ROWS_ABOVE_HEADER:
        end = _LINE_BREAK.search(text, start, limit)
        if end is None and len(text) > limit:
            return None  # a line longer than the search
        offset, line = start, (text[start:] if end is None else text[start:end.start()]).strip()
        start, number = (limit if end is None else end.end()), number + 1
        if not line:
            continue
        if _ENTRY(line):
            return None
        header = read(line)
        if header is not None:
            return header, number, offset
        above += 1
    return None


def line_start(text: str, number: int) -> int:
    """Where line `number` (1 for the first) of a text begins, its lines ended as `_header_below_titles` numbers
    them and the csv module's reader ends them (CR, LF or CRLF); the last line's start for a text of fewer lines."""
    start = 0
    for _ in range(number - 1):
        end = _LINE_BREAK.search(text, start)
        if end is None:
            break
        start = end.end()
    return start


def csv_header(text: str, delimiters: Sequence[str] = DELIMITERS) -> tuple[str, int] | None:
    """A card list's CSV text's field separator and its header row's line number (1 for the first line): the
    first line `csv_delimiter` reads as a header row, at the top or below a title (`_header_below_titles`); None
    when it has no such header."""
    found = _header_below_titles(text, partial(csv_delimiter, delimiters=delimiters))
    return None if found is None else found[:2]


#: A first cell that labels the deck's name in the second: "Deck:,Inalla Wizards".
_NAME_LABELS = frozenset({"deck", "deck name", "deckname", "name", "title", "deck title", "list"})


def _title_of(rows: Sequence[Sequence[str]]) -> str | None:
    """A deck's name from the filled cells of the rows above its sheet's header row: the first row's cells, or
    the second of its two cells when the first labels it ("Deck:", "Deck name", "Title"); None for no row."""
    if not rows:
        return None
    cells = rows[0]
    if len(cells) == 2 and fold(cells[0].rstrip(":")) in _NAME_LABELS:
        return cells[1]
    return ", ".join(cells)


#: How much of a text is read to tell a table of registrations.
REGISTRATIONS_HEAD = 1 << 16


class Registrations(NamedTuple):
    """How a table of registrations is laid out: its field separator, decklist column, player column, the
    columns naming the commanders (a form's "Commander" and "Partner" questions) and the companion, when it has
    them, the line of its text (after Excel's "sep=" line, `table_body`) that is its header row: the first, or
    one below a title, and a column asking for a link to the list beside the list's own."""

    delimiter: str
    decklist: int
    player: int | None
    commanders: tuple[int, ...] = ()
    header_line: int = 1
    companion: int | None = None
    link: int | None = None
    surname: int | None = None  # the column of the player's last name, beside one of the first ("First name")
    #: the other columns naming the player, best first ("Email address" beside "Full name"): a row whose player's
    #: cell is empty is named by the first of them it fills (before, it had no name, its e-mail there)
    other_players: tuple[int, ...] = ()

    def with_player_first(self) -> Registrations:
        """The layout of the same columns with the player's put first (a frame's index set from a column,
        `registrations.set_index("Player name")`): each other column one further right."""
        def right(index: int | None) -> int | None:
            return None if index is None else index + 1

        return self._replace(decklist=self.decklist + 1, player=0,
                             commanders=tuple(i + 1 for i in self.commanders),
                             companion=right(self.companion), link=right(self.link), surname=None,
                             other_players=())


def table_body(text: str) -> tuple[str | None, str]:
    """A table's text after Excel's "sep=" line when it begins with one (blank lines aside), else the text: the
    rows, numbered as the sheet numbers them; and the separator that line names, or None."""
    hint, rest = separator_line(text.lstrip())
    return (None, text) if hint is None else (hint, rest)


def table_rows(text: str, layout: Registrations) -> Iterator[list[str]]:
    """A table of registrations' rows as the csv module reads them, its header row first (Excel's "sep=," line and
    the rows above the header, blank or a title, left out). Each is read with the module's limit of a cell's size
    raised to the text's meanwhile: a cell as long as the table (a list pasted with pages of notes) is read (the
    default of 131,072 characters would end the table there), and no cell can cost more than the text in memory
    already. The limit, the module's for the whole process, is put back before any code of the caller's runs.
    csv.Error for a row that can't be read."""
    body = table_body(text)[1]
    rows = csv.reader(io.StringIO(body[line_start(body, layout.header_line):], newline=""), delimiter=layout.delimiter)
    while True:
        limit = csv.field_size_limit(max(csv.field_size_limit(), len(body)))
        try:
            row = next(rows, None)
        finally:
            csv.field_size_limit(limit)
        if row is None:
            return
        yield row


def _registrations_header(line: str, delimiters: Sequence[str]) -> Registrations | None:
    """A header row of a table of registrations: one that names a decklist column ("deck", "list", "card", "paste"
    or "export" in it) and is no comment; a first column named "#" alone (Typeform's response number,
    "#,Name,...") is no comment.
    (A card list's header row may be one too: `registrations_layout` tells them apart.)"""
    low = line.lower()
    if not any(word in low for word in (*_LIST_WORDS, "card")) or len(line) > 2000:
        return None
    if line[:1] in "/#" and not (line[:1] == "#" and line[1:2] in delimiters):
        return None
    return _header_layout(line, delimiters)


def registrations_layout(text: str) -> Registrations | None:
    """The layout of a table of registrations, from the start of its text: a sign-up form's export, whose
    header row names a column for the decklist (a player's name beside it) and one of whose rows in the first
    64 KB has a decklist of several lines there (or of several entries or card names on one line, typed into a
    form's one-line answer), or a deck site's link, or whose decklist cells are all empty beside a player's
    column (the first sign-ups may not have sent theirs yet); None for a card list's CSV, a decklist or any other
    text. A header below a title must name a player's column, and a row must have a list or, when none has one yet,
    every row the header's number of cells (more than two)."""
    hint, body = table_body(text[:REGISTRATIONS_HEAD])
    delimiters = DELIMITERS if hint is None else (hint,)
    found = _header_below_titles(body, partial(_registrations_header, delimiters=delimiters))
    if found is None:
        return None
    layout, line, offset = found
    card_list = csv_header(body, delimiters)
    if card_list is not None and card_list[1] != line:  # a card list's header above (or below) it
        return None
    # A header that a card list's may be too ("Name,Deck": a card and its section; Microsoft Forms' "Name" beside
    # a "Deck" question) is registrations only when a row's decklist cell holds a list: a section cell never does.
    card_list_too = card_list is not None
    titled = bool(body[:offset].strip())  # below a title, only a header naming the players, over a row's list
    if titled and layout.player is None:  # ("Commander: Atraxa", then "Deck: Sol Ring, ..." is a decklist)
        return None
    try:
        header, *rows = csv.reader(io.StringIO(body[offset:], newline=""), delimiter=layout.delimiter)
    except csv.Error:
        return None
    # the column whose cells hold lists, of those the header may name for them ("Deck" beside "Paste your list here")
    layout = _columns_layout([fold(cell) for cell in header], layout.delimiter, rows) or layout
    column, width = layout.decklist, len(header)
    cells = [row[column] for row in rows if column < len(row)]
    if any(_holds_a_list(cell) or _holds_a_link(cell) for cell in cells):
        return layout._replace(header_line=line)
    # the first sign-ups, none of whom has sent a list yet: a player's column beside a decklist column empty or saying
    # the list is to come ("TBD", "will send it tonight": `answers_none`; a deck's name, "Atraxa counters", is a
    # roster's or standings' column); below a title, or beside such answers, every row a form's row of the header's
    # cells, more than two (a decklist's lines are one or two cells, never all alike); else rows of two cells or more
    # ("Player: Alice, Deck: Atraxa" above a list of one cell a line is no header)
    sent = any(cell.strip() for cell in cells)
    if sent and not all(answers_none(cell) for cell in cells if cell.strip()):
        return None
    # the number of cells of each row that has any; a last row on no line break of its own may be cut off where the
    # head read ends (a sheet of 1,500 sign-ups), its cells not all there
    widths = {len(row) for row in (rows[:-1] if len(rows) > 1 and not body.endswith("\n") else rows) if any(row)}
    form_rows = widths == {width} and width > 2 if titled or sent else min(widths, default=2) >= 2
    if card_list_too or layout.player is None or not form_rows:
        return None
    return layout._replace(header_line=line)


def _header_layout(first_line: str, delimiters: Sequence[str]) -> Registrations | None:
    """The layout a header row names: the first separator that splits it into cells one of which names a
    decklist column; the player's column is one that says "player", else a name or e-mail column."""
    for delimiter, header in _headers(first_line, delimiters):
        layout = _columns_layout(header, delimiter)
        if layout is not None:
            return layout
    return None


def columns_layout(columns: Iterable[object], rows: Iterable[Sequence[str]] = ()) -> Registrations | None:
    """The layout that a pandas DataFrame's column names give a table of registrations, its decklist column the one
    whose cells hold lists in `rows` (its rows' cells as text) when the names allow several; None when none of
    them names a decklist column."""
    return _columns_layout([fold(str(c)) for c in columns], "", rows)


def _columns_layout(header: list[str], delimiter: str, rows: Iterable[Sequence[str]] = ()) -> Registrations | None:
    """The layout a header row's folded cells name; with `rows` (the cells of the rows below it), the decklist column
    is the one whose cells hold lists, of those the header may name for them (`_decklist_columns`: a form's "Deck"
    question, which asks for the deck's name, beside its "Paste your list here"), when one does."""
    named = _decklist_columns(header)
    if not named:
        return None
    rows = list(rows)
    # a column asking for the list's text by saying "decklist" is the list's (of several, the one most of whose cells
    # hold one); else, of the columns that may be ("Deck", which may ask the deck's name, beside "Paste your list here";
    # "Anything we should know about your deck?"), the one whose cells hold most lists or links; among equals (none
    # sent yet), the likeliest
    contenders = [i for i in named if _says_decklist(header[i]) and not _asks_for_a_link(header[i])] or named
    decks = max(contenders, key=lambda i: (sum(i < len(row) and (_holds_a_list(row[i]) or _holds_a_link(row[i]))
                                               for row in rows), -contenders.index(i)))
    # a link's column beside the list's ("Moxfield link", "Decklist URL"; not "Discord profile link"), read when the
    # list's cell is empty
    link = next((i for i, cell in enumerate(header) if i != decks and _asks_for_a_link(cell)
                 and not _DECK_WORDS.isdisjoint(_words(cell))), None)
    player, surname = _player_columns(header)
    companion = next((i for i, cell in enumerate(header) if i not in (decks, player) and _names_a_companion(cell)),
                     None)
    commanders = tuple(i for i, cell in enumerate(header) if i not in (decks, player, companion)
                       and _names_commanders(cell))
    others = sorted((rank, i) for i, cell in enumerate(header) if (rank := player_rank(cell)) is not None
                    and i not in (decks, player, surname, companion, link, *commanders)
                    and not set(_words(cell)) & _NOT_THE_PLAYER)  # ("Deck nickname", "Playmat name")
    return Registrations(delimiter, decks, player, commanders, companion=companion, link=link, surname=surname,
                         other_players=tuple(i for _, i in others))


def registration_record(cells: Sequence[str], layout: Registrations) -> dict[str, Any]:
    """The deck object of one row of registrations, {"text": its decklist cell ("" when empty), "player": its
    player's cell, "commander": the names its commander cells give, "companion": those its companion cell gives}."""
    cells = list(map(listed_text, cells))  # (a frame of lists saved as CSV: "['1 Island', '1 Forest']")
    decklist = cells[layout.decklist] if layout.decklist < len(cells) else ""
    if not decklist.strip() and layout.link is not None and layout.link < len(cells) and is_web_address(
            cells[layout.link].strip()):
        decklist = cells[layout.link]  # only a link sent: its row says deckcheck fetches no pages
    record: dict[str, Any] = {"text": decklist}
    if answers_none(decklist):  # "TBD", "N/A": no list yet, as an empty cell
        record.update(text="", unsent=decklist.strip())
    player = " ".join(cells[i].strip() for i in (layout.player, layout.surname) if i is not None and i < len(cells))
    if not player.strip():
        player = next((cells[i] for i in layout.other_players if i < len(cells) and cells[i].strip()), "")
    if player.strip():
        record["player"] = player.strip()
    commanders = [name for i in layout.commanders if i < len(cells) for name in commander_cell(cells[i])]
    if commanders:
        record["commander"] = commanders
    if layout.companion is not None and layout.companion < len(cells) and (
            companions := commander_cell(cells[layout.companion])):
        record["companion"] = companions
    return record


def no_decklist(record: Mapping[str, Any]) -> str:
    """What is said of a registration whose decklist cell holds none (`registration_record`): empty, or answering
    that there is none yet ("TBD")."""
    said = record.get("unsent")
    return f'no decklist in this row (it says "{said}")' if said else "no decklist in this row (an empty cell)"


def _decklist_columns(header: list[str]) -> list[int]:
    """The columns a form's header may name for the decklist, the likeliest first: those saying "decklist" or "deck
    list", then those named as a list is ("Cards"), then questions that speak of a deck or list ("Paste your deck
    here", "Link to your list") but not of its name. Columns asking for the list's text come before those asking for
    a link to it ("Decklist link (optional)" beside "Decklist (paste the text export)")."""
    words = [set(_words(cell)) for cell in header]
    asks_for_text = [not _asks_for_a_link(cell) for cell in header]
    return list(dict.fromkeys(i for text in (True, False) for test in _LIST_TESTS for i, cell in enumerate(header)
                              if asks_for_text[i] == text and test(cell, words[i])))


def _holds_a_list(cell: str) -> bool:
    """Whether a table's cell holds a decklist: several lines, or entries or card names run together on one line (a
    form's one-line answer)."""
    cell = cell.strip()
    return "\n" in cell or runs_entries_together(cell) or holds_several_names(cell)


def _holds_a_link(cell: str) -> bool:
    """Whether a table's cell holds a deck site's link, given for the list."""
    return is_web_address(cell.strip())


def _asks_for_a_link(cell: str) -> bool:
    return not _LINK_WORDS.isdisjoint(_words(cell))


#: Words of a header naming a deck's link: the deck or list, or a deck site.
_DECK_WORDS = frozenset({"deck", "decklist", "list", "moxfield", "archidekt", "deckstats", "tappedout",
                         "mtggoldfish", "goldfish", "aetherhub"})


def _names_a_companion(cell: str) -> bool:
    """Whether a header cell asks for the companion: "Companion (if your commander has one)", "Commander's
    companion", not "Commander (and companion, if any)", which asks for the commander first (what is asked first
    wins, a commander's being no question of its own), nor "Companion color"."""
    words = _words(cell)
    if "companion" not in words or not _ABOUT_THE_DECK.isdisjoint(words):
        return False
    words = _words(_POSSESSIVE_COMMANDER("", cell))  # ("Commander(s) & Companion" asks for the commanders first)
    first_commander = next((i for i, word in enumerate(words) if word in _COMMANDER_WORDS), len(words))
    return words.index("companion") < first_commander


#: A commander's companion ("Your commander's companion"), which asks for the companion.
_POSSESSIVE_COMMANDER = re.compile(r"\bcommanders?['’]s?(?=\s+companion)").sub


def _says_decklist(cell: str, words: set[str] | None = None) -> bool:
    """Whether a header cell names the decklist in so many words ("Decklist (paste the text export)", "Liste du
    deck")."""
    return any(name in name_key(cell) for name in _DECKLIST_NAMES)


_LIST_TESTS: tuple[Callable[[str, set[str]], bool], ...] = (
    _says_decklist,
    lambda cell, words: cell in _LIST_COLUMNS,
    lambda cell, words: not _LIST_WORDS.isdisjoint(words) and not words & _NAME_WORDS
    and _ABOUT_THE_DECK.isdisjoint(_words(_INSTRUCTIONS("", cell))))  # (not "Bracket du deck"; "(MTGO format)" is
# an instruction)


#: What a header asking for the decklist says, in English and in the languages of other forms.
_DECKLIST_NAMES = ("decklist", "deck list", "liste du deck", "liste de deck", "liste de mon deck", "liste du jeu",
                   "lista del mazo", "lista de mazo", "lista del mazzo", "lista do deck", "lista de deck")


#: Words of a question asking for the list ("Paste your deck here"; "Your 100 (paste the Moxfield export)" names no
#: deck).
_LIST_WORDS = frozenset({"deck", "list", "paste", "export", "liste", "lista", "mazo", "deckliste"})


#: Words of a header asking for a deck site's link rather than the list itself, or for its file, which a form
#: keeps as a link to it ("Upload your decklist": Google Forms' file question, a Drive link each).
_LINK_WORDS = frozenset({"link", "links", "url", "urls", "upload", "uploaded"})


def _a_persons_name(cell: str, words: set[str]) -> bool:
    return bool(words & _NAME_WORDS) and not words & _NOT_A_PERSON


#: Words for a name, in the languages of the forms organizers write ("Nom", "Nombre", "Vorname", "Prénom").
_NAME_WORDS = frozenset({"name", "nom", "nombre", "nome", "naam", "navn", "namn", "imie", "vorname", "nachname",
                         "prenom", "voornaam", "achternaam", "apellido", "apellidos", "cognome", "sobrenome",
                         "surname", "forename"})
#: Words of a column that names something else than a person ("Deck name", "Nom du deck", "Nombre del mazo").
_NOT_A_PERSON = frozenset({"deck", "decks", "commander", "card", "list", "partner", "background", "companion", "team",
                           "contact", "emergency", "guardian", "parent", "parents", "store", "shop", "club", "event",
                           "tournament", "commandant", "comandante", "kommandeur", "mazo", "mazos", "baraja",
                           "mazzo", "liste", "lista", "carte", "carta", "karte", "deckliste", "jeu", "equipe",
                           "equipo", "squadra", "tournoi", "tournois", "parties", "joueurs", "victoires", "matchs",
                           "lgs", "friend", "friends", "favourite", "favorite", "utilisateur", "usuario", "utente",
                           "playmat", "sleeves"})
#: The word "player" in those languages ("Joueur", "Nom du joueur", "Spielername" is one word: "Spieler" alone).
_PLAYER_WORDS_ABROAD = frozenset({"joueur", "joueuse", "spieler", "spielerin", "spielername", "jugador", "jugadora",
                                  "giocatore", "jogador", "speler", "spiller", "spelare"})


#: How a column names the player, best first: one saying "player", a question for a person's name ("Your name",
#: "Full name"; not the deck's or the commander's), a bare "Name" (Microsoft Forms puts the respondent's account
#: name there, empty or "anonymous" for an anonymous form, before the form's own questions), a nickname or e-mail
#: column, or one naming an account ("Discord username").
_PLAYER_TESTS: tuple[Callable[[str, set[str]], bool], ...] = (
    lambda cell, words: not {"player", *_PLAYER_WORDS_ABROAD}.isdisjoint(_words(cell)[:3]),  # ("Player name", "Name
    # of player", "Nom du joueur"; not "How many players in your pod?", nor "Last name of your favourite player?")
    lambda cell, words: _a_persons_name(cell, words) and cell != "name",
    _a_persons_name,
    lambda cell, words: cell in _PLAYER_COLUMNS or bool(words & _PLAYER_WORDS or words & _EMAIL) or "e-mail" in cell)


def _player_columns(header: list[str]) -> tuple[int | None, int | None]:
    """The column naming the player, the first of the best rank (`player_rank`: "Player name" over "Player ID" or
    "Player email" before it; "Discord username" over "Email Address"; "Name" over "Tournament player ID"), and the
    column of the player's last name when the form asks for the first name and the last apart ("First name" and
    "Last name", "Name" and "Surname", "Prénom" and "Nom", "Vorname" and "Name", "Nombre" and "Apellidos"): the two
    make the player's name. A column asking for both ("First and last name") is the player's alone."""
    ranked = [(rank, i) for i, cell in enumerate(header) if (rank := player_rank(cell)) is not None]
    if not ranked:
        return None, None
    player = min(ranked)[1]
    words = [set(_words(cell)) for cell in header]
    first = next((i for i, asked in enumerate(words) if asked & _FIRST_NAME and asked & _NAME_WORDS
                  and not asked & _LAST_NAME), None)  # (not "Is this your first event?")
    last = next((i for i, asked in enumerate(words) if i != first and _asks_last_name(asked)), None)
    if last is None and first is not None:  # a bare "Nom" next to "Prénom", "Name" next to "Vorname"
        last = _bare_name_next_to(first, words)
    if first is None and last is not None:  # a bare "Name" next to "Surname"
        first = _bare_name_next_to(last, words)
    if first is None or last is None or words[last] & _FIRST_NAME or player not in (first, last) and not (
            words[player] and words[player] <= _A_NAME):  # ("Nom" beside "Prénom" and "Nom de famille")
        return player, None
    return first, last


def _bare_name_next_to(column: int, words: list[set[str]]) -> int | None:
    """The column just before or after `column` whose header is a bare name ("Name", "Nom"), asked beside a first
    or a last name: the other of the two (not Microsoft Forms' "Name", the respondent's account, far from them)."""
    return next((i for i in (column - 1, column + 1) if 0 <= i < len(words) and words[i] and words[i] <= _A_NAME),
                None)


def _asks_last_name(words: set[str]) -> bool:
    return bool(words & _SURNAME or words & _NAME_WORDS and words & _LAST_NAME) and not words & _NOT_A_PERSON


#: A bare name's words ("Name", "Nom"); words asking for a first name, for a last name ("Last name", "Nom de
#: famille"), and words that are a last name ("Nachname", "Apellidos").
_A_NAME = frozenset({"name", "nom", "nombre", "nome", "naam", "navn", "namn", "imie"})
_FIRST_NAME = frozenset({"first", "given", "forename", "vorname", "prenom", "voornaam"})
_LAST_NAME = frozenset({"last", "family", "famille", "surname"})
_SURNAME = frozenset({"surname", "nachname", "achternaam", "apellido", "apellidos", "cognome", "sobrenome"})


def player_rank(name: object) -> tuple[bool, int, bool] | None:
    """How well a column's name names the player, lower better, None when it does not: whether it names the player
    by an address or a number ("Player email", "Tournament player ID") rather than by name, then its kind
    (`_PLAYER_TESTS`), then whether it does not say "name" ("Player name" over "Player Discord")."""
    cell = _INSTRUCTIONS("", fold(str(name))).strip()  # ("Player name (no nicknames)": its instructions aside)
    words = set(_words(cell))
    kind = None if words & _HOW_MANY else next((rank for rank, test in enumerate(_PLAYER_TESTS) if test(cell, words)),
                                               None)
    return None if kind is None else (bool(words & _NOT_BY_NAME or "#" in cell), kind, not words & _NAME_WORDS)


#: What a header says in parentheses, an instruction to the player ("(no nicknames)", "(as on your ID)").
_INSTRUCTIONS = re.compile(r"\([^()]*\)").sub

#: Words of a column naming the player otherwise than by name.
_NOT_BY_NAME = frozenset({"email", "mail", "address", "id", "number", "no", "phone", "dci", "numero", "nummer", "nr",
                          "n", "correo", "courriel", "telephone", "telefon", "telefono", "adresse", "direccion"})
#: Words of a question asking how many ("How many players in your pod?", "Anzahl Spieler").
_HOW_MANY = frozenset({"many", "anzahl", "viele", "combien", "cuantos", "cuantas", "quanti", "quante", "quantos",
                       "quantas"})


def _names_commanders(cell: str) -> bool:
    """Whether a header cell asks for a commander ("Commander", "Commander(s)", "Partner", "Background"), not
    something about the deck ("Commander bracket", "Power level", "Color identity", "Commander deck name") or about the
    player and the format ("How long have you been playing Commander?", "I have read the Commander rules"), whose
    answers ("since 2019", "I agree") were read as commanders no card is, the deck's color identity left unchecked."""
    words = set(_words(cell))
    asked = name_key(_INSTRUCTIONS("", cell))  # (not "Partner (if you have one, since 2024 rules)")
    return bool(words & _COMMANDER_WORDS) and not words & _ABOUT_THE_DECK and _ASKS_SOMETHING_ELSE(asked) is None


def commander_cell(cell: str) -> list[str]:
    """The commander names a registration's commander cell gives, one a line; a cell with no letters ("-"), or
    that answers none ("N/A", "No", "None": no card's name), gives none, and so does a part of a line that answers
    none or has no letters ("Edgar Markov / none", "Atraxa & no partner", "Edgar Markov + N/A", "Edgar Markov / -":
    Edgar Markov, Atraxa). Names joined on one line ("Tymna the Weaver + Thrasios, Triton Hero", "A & B", "A/B")
    are read apart once the cards are known, as `--commander` reads them (`commanders_given_read`): "Minsc & Boo,
    Timeless Heroes" is one card."""
    if answers_none(cell):  # before splitting: "N/A" is no two names joined by a slash
        return []
    names = []
    for line in cell.splitlines():
        parts = split_joined(_NOT_APPLICABLE("none", line))  # ("Edgar Markov + N/A": no N and A)
        if all(map(_a_name, parts)):
            names.append(line.strip())
        else:
            names += filter(_a_name, parts)
    return names


#: "N/A" in a cell, where it is no two names joined by a slash.
_NOT_APPLICABLE = partial(re.compile(r"(?<![\w/])n/a(?![\w/])", re.IGNORECASE).sub)


def _a_name(text: str) -> bool:
    return any(c.isalpha() for c in text) and not answers_none(text)


def answers_none(cell: str) -> bool:
    """Whether a cell (or a label's name: "Companion: none") answers that there is no such card: "N/A", "None.",
    "No partner" (`_NO_ANSWER`), or in other words of saying so ("Nope", "Not needed", "N/A (no partner)", "I don't
    have one", "single commander", "x"), which were read as commanders no card is, the deck's color identity left
    unchecked, or that it is to come ("Pending", "will send it by email tonight": a decklist cell of a list not sent
    yet). No card's name is made of those words but Unstable's X, not legal in Commander."""
    text = cell.strip().casefold()
    if text in _NO_ANSWER or text.rstrip(".!") in _NO_ANSWER:
        return True
    words = set(_words(text))
    return not words.isdisjoint(_SAYING_NO) and words <= _WORDS_OF_NO_ANSWER


#: What a form's optional commander cell (a partner, a background) or companion cell holds for no card.
_NO_ANSWER = frozenset({"n/a", "n.a.", "na", "none", "no", "no partner", "no background", "no companion", "nothing",
                        "not applicable", "null", "nil", "tbd", "yes", "y"})  # (yes: "Does your deck have one?")
#: The words of an answer of no card, of which it has one of `_SAYING_NO` ("N/A (no partner)": n, a, no, partner).
_SAYING_NO = frozenset({"no", "none", "nope", "nah", "not", "n", "na", "nil", "null", "nothing", "tbd", "tba", "tbc",
                        "x", "don", "dont", "doesn", "isn", "without", "single", "solo", "pending", "later", "soon",
                        "tonight", "tomorrow"})
_WORDS_OF_NO_ANSWER = _SAYING_NO | {"a", "needed", "need", "needs", "required", "applicable", "i", "t", "do", "does",
                                    "have", "has", "one", "any", "only", "just", "yet", "there", "is", "the", "my",
                                    "deck", "use", "using", "partner", "partners", "background", "companion",
                                    "commander", "will", "ll", "send", "sending", "it", "by", "email", "e", "mail",
                                    "list", "decklist", "to", "come", "coming"}


#: A header (folded, its instructions in parentheses left out) that asks something else than a commander while
#: speaking of one or of the format: a question of the player's experience or consent, as it begins ("How long have
#: you been playing Commander?", "I have read the Commander rules"), or the name of a Commander deck ("Commander deck
#: name", "Name of your Commander deck"; not "Name of your deck's commander", nor "Commander & deck name", which asks
#: for the commander too).
_ASKS_SOMETHING_ELSE = re.compile(
    r"^\W*(?:how|have you|did you|i have|i ve|i've|i agree|i understand|i accept|i confirm|i read)\b"
    r"|\bcommander\s+deck(?:'s)?\s+name\b|\bname of (?:your |the |this )?commander\s+deck\b(?!')").search
_COMMANDER_WORDS = frozenset({"commander", "commanders", "partner", "background", "commandant", "comandante",
                              "kommandeur"})
_ABOUT_THE_DECK = frozenset({"bracket", "power", "level", "rating", "tier", "experience", "format", "color",
                             "colors", "colour", "colours", "identity", "couleur", "couleurs", "colores", "colori",
                             "farbe", "farben", "niveau", "nivel", "livello", "puissance", "poder", "potere"})


def _words(cell: str) -> list[str]:
    """A header cell's words, folded: "Prénom" gives "prenom"."""
    return re.findall(r"[a-z]+", name_key(cell))


#: Column names of a table of registrations besides any holding "decklist" or "deck list".
_LIST_COLUMNS = ("list", "deck", "cards", "card list")
_PLAYER_COLUMNS = ("name", "full name", "username", "user name", "nickname", "email", "e-mail", "email address")
#: Words of a column naming the player by an account ("Discord username", "Discord", "Arena nickname").
_PLAYER_WORDS = frozenset({"username", "nickname", "discord", "pseudo", "pseudonyme", "apodo", "spitzname",
                           "soprannome", "apelido", "utilisateur", "usuario", "benutzername", "utente"})
#: Words of a column asking for an e-mail address ("E-Mail-Adresse", "Correo electrónico", "Indirizzo email").
_EMAIL = frozenset({"email", "courriel", "correo"})

#: Words of a column about something of the player's, not the player ("Deck nickname", "Playmat name"); an account
#: ("Nom d'utilisateur Discord") is the player.
_NOT_THE_PLAYER = _NOT_A_PERSON - _PLAYER_WORDS


def _section_of(value: str) -> str:
    """The section a Section/Board/Category cell names ("Main Deck", "Commander", "Ramp,Commander")."""
    low = fold(value)
    if not low:
        return MAIN
    found = HEADERS.get(low)
    if found in (COMMANDER, MAIN, SIDEBOARD, MAYBEBOARD, OUTSIDE, COMPANION):
        return found
    for part in low.split(","):  # Archidekt-style category lists
        word = part.split("{", 1)[0].strip()
        found = HEADERS.get(word)
        if found == COMMANDER:
            return COMMANDER
    for part in low.split(","):
        found = HEADERS.get(part.split("{", 1)[0].strip())
        if found in (SIDEBOARD, MAYBEBOARD, OUTSIDE, COMPANION):
            return found
    if "{nodeck}" in low:
        return MAYBEBOARD
    return MAIN  # a category such as "Ramp" or "Creature" is part of the main deck


#: What a spreadsheet's row of totals says in a cell beside its count, where a card's name would be: "Total,100".
_TOTALS = frozenset({"total", "totals", "sum", "total cards", "card count"})


def parse_csv(text: str, path: str, delimiter: str = ",", header_line: int = 1) -> Deck:
    """Parse a CSV export (fields separated by `delimiter`) into a Deck; line numbers are the row's first line in
    the file. The header row is the first non-blank row from line `header_line` on; the rows above it (a
    sheet's title, `csv_header`) are no cards: the first names the deck, and a note says so."""
    problems = Problems()
    above: list[tuple[int, list[str], str]] = []  # the rows above the header: line, filled cells, the row
    collector = EntryCollector()
    source = io.StringIO(text, newline="")
    reader = csv.reader(source, delimiter=delimiter)
    columns: CardColumns | None = None
    marked = False
    label_lines: list[int] = []

    labels: list[tuple[int, str, str]] = []  # (line, section, name) of the rows labelling a commander or companion

    def took_label(filled: list[str], line: int) -> bool:
        """Whether a row's one filled cell names a commander or companion after a label ("Commander: Edgar Markov",
        as a document writes it beside its table, or a template's "Companion: none"): then kept for `labels`."""
        labelled = labelled_name(filled[0]) if len(filled) == 1 else None
        if labelled is None:
            return False
        if not answers_none(labelled[1]):
            labels.append((line, *labelled))
        return True

    last_line = 0
    while True:
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            problems.append(problem(reader.line_num, "", f"CSV error: {exc}; the rest of the file is not read"))
            break
        line, last_line = last_line + 1, reader.line_num
        if not any(cell.strip() for cell in row):
            continue
        if columns is None:
            if line >= header_line:
                columns = card_columns(row)  # the header: the first header row from csv_header's line on
                width = len(row)
            if columns is None:  # a row above it: a title, or a commander named after a label ("Commander: Name")
                filled = [cell.strip() for cell in row if cell.strip()]
                if not took_label(filled, line):
                    above.append((line, filled, delimiter.join(row).strip(delimiter)))
            continue
        name_col, qty_col, section_col, set_col, number_col, sideboarded_col, commander_col = columns
        raw = delimiter.join(row)
        if len(row) > width and delimiter == ",":  # more cells than the header: a name's commas, unquoted
            row = continued_name(row, name_col)
        name = row[name_col].strip() if name_col < len(row) else ""
        name = " ".join(name.split())
        if not name or not any(ch.isalpha() for ch in name):
            if took_label([cell.strip() for cell in row if cell.strip()], line):  # "Commander: Name" below the table
                continue
            if not any(cell.strip().strip(":").lower() in _TOTALS for cell in row):  # a sheet's totals row: no card
                problems.append(problem(line, raw, "no card name in this row"))
            continue
        too_long = long_name(line, raw, name)
        if too_long is not None:
            problems.append(too_long)
            continue
        named_as = None  # a marker after the name, as a list written by hand has it: "Atraxa (Commander)",
        if name[-1] in ")]*":  # "Lurrus of the Dream-Den (Companion)"
            bare, notes = split_annotations(name)
            if bare and (notes.commander or notes.board == COMPANION):
                name, named_as = bare, COMMANDER if notes.commander else COMPANION
        quantity = 1
        if qty_col is not None and qty_col < len(row) and row[qty_col].strip():
            cell = row[qty_col].strip()
            count = _COUNT_CELL(cell)
            if count is None:
                problems.append(problem(line, raw, f"quantity {cell[:20]!r} is not a number"))
                continue
            value, why = read_quantity(next(filter(None, count.groups())))
            if value is None:
                problems.append(problem(line, raw, why or "bad quantity"))
                continue
            quantity = value
        section = _section_of(row[section_col]) if section_col is not None and section_col < len(row) else MAIN
        if sideboarded_col is not None and sideboarded_col < len(row) and says_yes(row[sideboarded_col]):
            section = SIDEBOARD
        if commander_col is not None and commander_col < len(row) and says_yes(row[commander_col]):
            named_as = named_as or COMMANDER
        if named_as is not None and section not in KEPT_FROM_MARKS:
            section = named_as
        marked = marked or section == COMMANDER
        set_code = row[set_col].strip() if set_col is not None and set_col < len(row) else ""
        if not (2 <= len(set_code) <= 8 and set_code.isalnum()):
            set_code = ""
        number = row[number_col].strip() if number_col is not None and number_col < len(row) else ""
        collector.add(quantity, name, section, line, set_code or None, number[:20] or None)
    for line, section, name in labels:  # a label naming a card the table marks so is that card, not another
        words = loose_key(name)
        if not any(k == words or k.startswith(words + " ") for k in map(loose_key, collector.names_in(section))):
            collector.add(1, name, section, line)
            marked = marked or section == COMMANDER
            label_lines.append(line)
    entries, kept = collector.finish(problems)
    notes: tuple[str, ...] = ()
    if above:
        lines = str(above[0][0]) if len(above) == 1 else f"{above[0][0]}-{above[-1][0]}"
        said = shortened(" ".join(raw for _, _, raw in above), 60)
        notes = (f'read line{"s" * (len(above) > 1)} {lines} "{said}" above the header row as a title, not as '
                 f'{"a card" if len(above) == 1 else "cards"}',)
    return Deck(path=path, name=_title_of([cells for _, cells, _ in above]), entries=entries, problems=kept,
                commanders_marked=marked, source_format="csv", notes=notes, label_lines=tuple(label_lines))
