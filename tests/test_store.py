"""The card store: name lookup that ignores case, accents, ligatures, quotes, spacing and face
separators; every face name finds its card; suggestions for typos. On the bundled snapshot (real cards)."""

from __future__ import annotations

import pytest

from deckcheck.model.names import has_punctuation, loosen, name_key
from deckcheck.store import BUNDLED, STORE_FILE, CardStore

pytestmark = pytest.mark.skipif(not BUNDLED.is_file(), reason="bundled snapshot data/cards.sqlite not built")


@pytest.fixture(scope="module")
def store():
    with CardStore.open_file(BUNDLED) as s:
        yield s


@pytest.mark.parametrize(
    ("asked", "full"),
    [
        ("Lim-Dul's Vault", "Lim-Dûl's Vault"),  # accents
        ("LIM-DÛL’S  VAULT", "Lim-Dûl's Vault"),  # case, curly apostrophe, spacing
        ("Commander\u02bcs Sphere", "Commander's Sphere"),  # apostrophe look-alikes: a modifier letter, a prime
        ("Commander\u2032s Sphere", "Commander's Sphere"),
        ("Jotun Grunt", "Jötun Grunt"),
        ("Fire", "Fire // Ice"),  # a split half
        ("Ice", "Fire // Ice"),
        ("Fire/Ice", "Fire // Ice"),  # MTGO's separator
        ("Fire /// Ice", "Fire // Ice"),  # Arena's
        ("fire//ice", "Fire // Ice"),
        ("Wear|Tear", "Wear // Tear"),  # Cockatrice's
        ("Wear | Tear", "Wear // Tear"),
        ("Insectile Aberration", "Delver of Secrets // Insectile Aberration"),  # a back face
        ("Avacyn, the Purifier", "Archangel Avacyn // Avacyn, the Purifier"),
        ("Arcane \u200bSignet", "Arcane Signet"),  # a zero-width space pasted from a web page
        ("Sol Ring\u200b", "Sol Ring"),
        ("Sol Ri\u00adng", "Sol Ring"),  # a soft hyphen
        ("Counter\u2060spell", "Counterspell"),  # a word joiner
        ("Henzie Toolbox Torre", 'Henzie "Toolbox" Torre'),  # double quotes left out, or single
        ("Miles 'Tails' Prower", 'Miles "Tails" Prower'),
        ("Kongming, \u201cSleeping Dragon\u201d", 'Kongming, "Sleeping Dragon"'),
        ("Ach! Hans, Run!", '"Ach! Hans, Run!"'),
    ],
)
def test_lookup_folds_names(store, asked, full):
    card = store.lookup(asked)
    assert card is not None and card.name == full


def test_every_card_name_folds_to_a_key_the_store_holds(store):
    """name_key is applied when the store is built and at every lookup: a change to it that moved any real
    name's key would need the bundled store rebuilt."""
    stored = {key for (key,) in store._rows("SELECT key FROM names")}
    assert all(name_key(card.name) in stored for card in store.iter_cards())


def test_ligature_and_name_key():
    assert name_key("Æther Vial") == name_key("Aether Vial") == "aether vial"
    assert name_key("SP//dr, Piloted by Peni") == name_key("sp // dr, piloted by peni")


@pytest.mark.parametrize(("typed", "full"), [
    ("urzas saga", "Urza's Saga"),
    ("Thassas Oracle", "Thassa's Oracle"),
    ("atraxa praetors voice", "Atraxa, Praetors' Voice"),
    ("Lim Duls Vault", "Lim-Dûl's Vault"),
    ("Jace Vryns Prodigy", "Jace, Vryn's Prodigy // Jace, Telepath Unbound"),
    ("Tibalt Cosmic Impostor", "Valki, God of Lies // Tibalt, Cosmic Impostor"),  # a face
    ("sol ring,", "Sol Ring"),
    ("Ach Hans Run", '"Ach! Hans, Run!"'),
    ("Borrowing 100000 Arrows", "Borrowing 100,000 Arrows"),  # a thousands separator left out or written
    ("borrowing 100.000 arrows", "Borrowing 100,000 Arrows"),  # otherwise
    ("Borrowing 100 000 Arrows", "Borrowing 100,000 Arrows"),
    ("Guan Yus 1000 Li March", "Guan Yu's 1,000-Li March"),
])
def test_a_name_typed_without_its_punctuation_is_the_one_card_so_named(store, typed, full):
    assert store.lookup(typed) is None
    card = store.lookup_loose(typed)
    assert card is not None and card.name == full


def test_no_two_cards_lose_their_punctuation_alike(store):
    """Every card whose name has punctuation is found by its name without it, and as itself: in the bundled
    data no loosened name is two cards' (lookup_loose would give none for such a name)."""
    punctuated = [card.name for card in store.iter_cards()
                  if has_punctuation(name_key(card.name)) and card.name != "_____"]  # all punctuation: no words
    assert len(punctuated) > 4000
    found = {name: store.lookup_loose(loosen(name_key(name))) for name in punctuated}
    assert [name for name, card in found.items() if card is None or card.name != name] == []
    assert [store.lookup_loose(n) for n in ("", "!!!", "Definitely Not A Card", "urza saga")] == [None] * 4


def test_unknown_is_none(store):
    assert store.lookup("Definitely Not A Card") is None


@pytest.mark.parametrize(
    ("typo", "first"),
    [
        ("Llanowar Elfs", "Llanowar Elves"),
        ("Sol Rnig", "Sol Ring"),
        ("Lightnig Bolt", "Lightning Bolt"),
        ("Thassas Oracle", "Thassa's Oracle"),
        ("Atraxa", "Atraxa, Praetors' Voice"),  # typed in part
        ("Swords to Plowshare", "Swords to Plowshares"),
        # its whole words, its hyphen and "The" left out (Mindscour Dragon, which holds "ur dragon" inside a word,
        # came first, and The Ur-Dragon was not among the three; Meathook Massacre II before The Meathook Massacre)
        ("Ur Dragon", "The Ur-Dragon"),
        ("Meathook Massacre", "The Meathook Massacre"),
        # what a legend's name has before its comma (Blightning, a name spelt much alike, came first, and Lightning,
        # Security Sergeant was not among the three)
        ("Lightning", "Lightning, Security Sergeant"),
        ("Kenrith", "Kenrith, the Returned King"),
    ],
)
def test_suggestions_rank_the_intended_card_first(store, typo, first):
    suggestions = store.suggest(typo)
    assert suggestions[0] == first
    assert all(len(s) > 3 for s in suggestions)  # no tiny name that merely sits inside the typo ("Ow")


def test_suggest_many_agrees_with_suggest(store):
    typos = ["Llanowar Elfs", "Sol Rnig", "Lightnig Bolt", "Thassas Oracle", "Atraxa"]
    many = store.suggest_many(typos)
    assert many == {t: store.suggest(t) for t in typos}
    for typo in typos:  # a fresh store scores its first single name without numpy: the same shortlists
        with CardStore.open_file(BUNDLED) as fresh:
            assert fresh.suggest(typo) == many[typo]


def test_a_name_longer_than_any_card_s_is_not_scored(store, monkeypatch):
    """A 13 MB name in an XML deck took 8 minutes of similarity scoring; no card name has 300 characters."""
    import deckcheck.store

    scored: list[str] = []
    real = deckcheck.store._shortlists
    monkeypatch.setattr(deckcheck.store, "_shortlists", lambda queries, *a, **k: scored.extend(queries) or real(
        queries, *a, **k))
    long_name = "Sol Ring " * 40
    assert store.suggest_many([long_name, "Sol Rnig"]) == {long_name: [], "Sol Rnig": store.suggest("Sol Rnig")}
    assert store.suggest_many([long_name]) == {long_name: []}
    assert "sol rnig" in scored and not any(len(q) > 300 for q in scored)


def test_one_name_and_vectorized_shortlists_are_the_same_set() -> None:
    from deckcheck.store import _shortlists

    keys = ["sol ring", "sol rang", "sal ring", "soul ring", "sol ringer", "solring", "lotus", "ring", "sol"] * 3
    for query in ("sol rnig", "ring", "xyz"):
        one = _shortlists([query], keys, 5, vectorized=False)[0]
        many = _shortlists([query, "lotus"], keys, 5, vectorized=True)[0]
        assert sorted(one) == sorted(many) and len(one) == 5  # ties at the cut: the first keys, both ways


@pytest.mark.parametrize(
    ("written", "full"),
    [
        ("Sol Ring // Sol Ring", "Sol Ring"),  # MTGJSON's name for a reversible printing
        ("Fire // Ice", "Fire // Ice"),
        ("Gisela, the Broken Blade // Brisela, Voice of Nightmares", "Gisela, the Broken Blade"),  # meld
    ],
)
def test_mtgjson_style_joined_names_resolve(store, written, full):
    """MTGJSON deck files join a reversible card's two identical faces, and a meld card with its result;
    the first part then names the card (also for `deckcheck card`, not only the checker)."""
    card = store.lookup(written)
    assert card is not None and card.name == full


@pytest.mark.parametrize(
    ("written", "full"),
    [
        ("Ice // Fire", "Fire // Ice"),  # a split card's halves
        ("Tear|Wear", "Wear // Tear"),
        ("Insectile Aberration // Delver of Secrets", "Delver of Secrets // Insectile Aberration"),  # back first
        ("Stomp // Bonecrusher Giant", "Bonecrusher Giant // Stomp"),  # an adventure first
    ],
)
def test_a_cards_faces_in_another_order_are_the_card(store, written, full):
    """A card's faces written in another order, as some lists do (mtg.wtf reads them so): the card. Before, an
    unknown card."""
    card = store.lookup(written)
    assert card is not None and card.name == full


def test_a_game_aid_named_as_a_card_s_faces_in_another_order_is_the_game_aid(store):
    """The helper card "Day // Night" (Innistrad: Midnight Hunt's day/night tracker) is a game aid; read as Night //
    Day's faces in another order, a deck listing it was legal with the split card in its place."""
    assert store.lookup("Day // Night") is None
    assert store.lookup_other("Day // Night").kind == "game_aid"
    assert store.lookup("Night // Day").name == "Night // Day"


def test_no_card_name_holds_the_marks_lists_are_written_with(store):
    """What the decklist reader takes as marks is in no card's name, nor a face's: "|" (Cockatrice's face
    separator, which name_key folds as "//", and a Markdown table's cells), Markdown's "*", "[[", "](", "__", "~"
    (strikethrough) and a quote's ">" (`deckcheck.decklist.text`); "_" only in "_____"."""
    import re

    names = [name for card in store.iter_cards() for name in (card.name, *card.face_names)]
    assert len(names) > 25_000 and "_____" in names
    marks = re.compile(r"[|*>_~]|\[\[|\]\(")
    assert [name for name in names if marks.search(name) and name != "_____"] == []


def test_no_card_name_ends_as_a_quantity_or_a_commander_mark_after_a_name(store):
    """What the decklist reader takes off the end of a name is no card's ending: a quantity ("x2", "x 5", "5x",
    "(5)", "(x5)", "(5x)"), a hand-written commander mark ("(Commander)", "(CMDR)", "(General)"), a heading's colon ("Ramp:") or
    a letter in parentheses (MTGGoldfish's foil and etched marks "(F)", "(E)")."""
    import re

    names = [name for card in store.iter_cards() for name in (card.name, *card.face_names)]
    ending = re.compile(r"\s(?:[xX×]\s?\d+|\d+[xX×]|\(\d+\)|\((?:[xX×]\s?\d+|\d+\s?[xX×])\)"
                        r"|\((?:commander|cmdr|general|[^\W\d_])\))$|:$",
                        re.IGNORECASE)
    assert len(names) > 25_000 and [name for name in names if ending.search(name)] == []


def test_no_card_name_reads_as_a_list_s_count_of_its_cards(store):
    """A line counting a list's cards ("100 cards", "Total: 100", "Creatures: 23, Lands: 37") is read as no card
    (`deckcheck.decklist.text`): no card's name, a face's or an alias reads as one, nor follows a count as one's
    words do ("cards", "Cards total")."""
    from deckcheck.decklist.text import _TALLY, _TALLY_NAMES

    names = [name for card in store.iter_cards() for name in (card.name, *card.face_names, *card.aliases)]
    assert len(names) > 25_000 and [name for name in names if _TALLY(name) or name in _TALLY_NAMES] == []
    assert _TALLY("Creatures: 23, Lands: 37, Other: 40") and not _TALLY("Borrowing 100,000 Arrows")


def test_no_card_name_reads_as_a_web_address(store):
    """A web address is told with or without its scheme ("moxfield.com/decks/abc", `is_web_address`): no card's
    name, a face's or an alias reads as one."""
    from deckcheck.decklist.model import is_web_address

    names = [name for card in store.iter_cards() for name in (card.name, *card.face_names, *card.aliases)]
    assert len(names) > 25_000 and [name for name in names if is_web_address(name)] == []
    assert is_web_address("moxfield.com/decks/abc123") and not is_web_address("B.O.B. (Bevy of Beebles)")


def test_joined_name_of_unrelated_unknown_part_is_unknown(store):
    assert store.lookup("Sol Ring // Not A Card At All") is None


def test_two_cards_names_joined_are_no_card(store):
    """Two commanders written on one line: read as the first alone, the second was lost unseen."""
    assert store.lookup("Tymna the Weaver // Thrasios, Triton Hero") is None
    assert store.lookup("Brazen Borrower // Stomp") is None  # the back of another adventure
    assert store.lookup("Stomp // Brazen Borrower") is None
    assert store.lookup("Ice // Fire // Ice") is None  # a face twice: no card's faces


@pytest.mark.parametrize("written", [
    "Bruna, the Fading Light // Sol Ring",  # two cards on one line: Sol Ring was lost unseen
    "Bruna, the Fading Light // Not A Card At All",
    "Bruna, the Fading Light // Hanweir, the Writhing Township",  # another pair's meld result
    "Bruna, the Fading Light // Brisela, Voice of Nightmares, Ajani, Strength of the Pride",  # names run on
])
def test_a_meld_card_joined_to_anything_but_its_meld_result_is_no_card(store, written):
    """A meld card's name was the card whatever followed its " // ": only its own meld result may."""
    assert store.lookup("Bruna, the Fading Light // Brisela, Voice of Nightmares").name == "Bruna, the Fading Light"
    assert store.lookup(written) is None


def test_blobs_inflate_the_same_through_the_raw_path_and_a_bad_one_is_refused(store):
    import zlib

    from deckcheck.store import _decompress

    rows = store._con.execute("SELECT data FROM cards LIMIT 2000").fetchall()
    assert rows and all(_decompress(b, store._zdict, store._zdict_id) == _decompress(b, store._zdict) for (b,) in rows)
    bad = bytearray(rows[0][0])
    bad[-1] ^= 1  # the stream's checksum of the card's JSON
    with pytest.raises(zlib.error):
        _decompress(bytes(bad), store._zdict, store._zdict_id)


EXAMPLE = BUNDLED.parent / "examples" / "abzan-armor-tdc.txt"


def _damaged_copy(tmp_path, damage) -> str:
    """A data folder holding a copy of the bundled store, damaged by `damage(path)`."""
    import shutil

    folder = tmp_path / "data"
    folder.mkdir()
    shutil.copy(BUNDLED, folder / BUNDLED.name)
    damage(folder / BUNDLED.name)
    return str(folder)


def _flip_sol_ring(path) -> None:
    import sqlite3

    con = sqlite3.connect(path)
    blob = bytearray(con.execute("SELECT data FROM cards WHERE name = 'Sol Ring'").fetchone()[0])
    blob[-1] ^= 1  # its checksum no longer matches
    con.execute("UPDATE cards SET data = ? WHERE name = 'Sol Ring'", (bytes(blob),))
    con.commit()
    con.close()


def _overwrite_pages(path) -> None:
    import random

    size, rng = path.stat().st_size, random.Random(5)
    with open(path, "r+b") as fh:
        for offset in range(4096 * 30, size - 4096, 4096 * 7):  # every seventh page past the meta table
            fh.seek(offset)
            fh.write(rng.randbytes(4096))


@pytest.mark.parametrize("argv", [["check", str(EXAMPLE), str(EXAMPLE)], ["brackets", str(EXAMPLE), str(EXAMPLE)],
                                  ["batch", "--no-progress", str(EXAMPLE)],
                                  ["batch", "--no-progress", "--jobs", "2", str(EXAMPLE), str(EXAMPLE)],
                                  ["card", "Sol Ring"], ["card", "Sol Rnig"], ["info"]])
@pytest.mark.parametrize("damage", [_flip_sol_ring, _overwrite_pages])
def test_a_damaged_store_is_one_line_naming_it_not_a_traceback(tmp_path, capsys, argv, damage):
    """A card store whose file does not read back (a blob that fails its checksum, pages of noise) stops
    every command with one line naming the store, whichever read meets the damage first; `info` too, which said
    such a store held its cards. `check` and `brackets` of two decks stop at the first, not a line per deck."""
    from deckcheck.cli import main

    data_dir = _damaged_copy(tmp_path, damage)
    code = main([*argv, "--data-dir", data_dir])
    out, err = capsys.readouterr()
    if damage is _flip_sol_ring and argv == ["card", "Sol Rnig"]:  # names only: the damaged blob is not read
        assert (code, err) == (1, "") and "did you mean Sol Ring" in out
        return
    store = f"{data_dir}/{BUNDLED.name}"
    assert code == 2 and err.count("\n") == 1 and err.startswith(f"deckcheck: error: {store}: "), err
    assert "card store" in err
    if damage is _flip_sol_ring:
        assert "the card store is damaged (error: card data corrupted (checksum mismatch))" in err


def _sol_ring_rewritten(change):
    """A damage: Sol Ring's card data decoded, changed by `change(card dict)` (its return value, when not None,
    stands for the whole) and stored again as the store compresses it, so that it inflates and decodes."""
    def damage(path) -> None:
        import json
        import sqlite3

        from deckcheck.store import _compress, _compressor, _decompress

        con = sqlite3.connect(path)
        zdict = con.execute("SELECT value FROM meta WHERE key = 'zdict'").fetchone()[0]
        card = json.loads(_decompress(con.execute("SELECT data FROM cards WHERE name = 'Sol Ring'").fetchone()[0],
                                      zdict))
        card = change(card) or card
        con.execute("UPDATE cards SET data = ? WHERE name = 'Sol Ring'",
                    (_compress(json.dumps(card).encode(), _compressor(zdict)),))
        con.commit()
        con.close()
    return damage


@pytest.mark.parametrize("argv", [["check", str(EXAMPLE)], ["card", "Sol Ring"]])
@pytest.mark.parametrize("change", [
    lambda card: [1, 2],
    lambda card: card["faces"][0].update(name=5),
    lambda card: card["faces"][0].update(oracle_text=["{T}: Add {C}{C}."]),
    lambda card: card.update(faces=[]),
    lambda card: card.update(commander_legality=None),
    lambda card: card.update(aliases=[5]),
], ids=["a-list", "face-name-a-number", "text-a-list", "no-faces", "legality-null", "alias-a-number"])
def test_a_card_blob_of_the_wrong_shape_is_a_damaged_store(tmp_path, capsys, argv, change):
    """Card data that inflates to JSON of another shape than the store writes (a list, a face named by a number)
    is damage, found where the store reads the card: one line naming the store. Before, an AttributeError's
    traceback from the card model or the policy, or a card shown with what came."""
    from deckcheck.cli import main

    data_dir = _damaged_copy(tmp_path, _sol_ring_rewritten(change))
    assert main([*argv, "--data-dir", data_dir]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1, err
    assert err.startswith(f"deckcheck: error: {data_dir}/{BUNDLED.name}: the card store is damaged (TypeError: a ")
    assert err.endswith(f"); run `deckcheck update --data-dir {data_dir}` to build it again\n")


def _sql(statement):
    def damage(path) -> None:
        import sqlite3

        con = sqlite3.connect(path)
        assert con.execute(statement).rowcount > 0
        con.commit()
        con.close()
    return damage


@pytest.mark.parametrize("argv", [["check", "{deck}"], ["card", "Sol Rnig"]])
@pytest.mark.parametrize("statement", [
    "UPDATE names SET key = CAST(key AS BLOB) WHERE card = (SELECT id FROM cards WHERE name = 'Sol Ring')",
    "UPDATE cards SET name = CAST(name AS BLOB) WHERE name = 'Sol Ring'",
], ids=["name-key-a-blob", "card-name-a-blob"])
def test_a_name_that_is_not_text_is_a_damaged_store(tmp_path, capsys, argv, statement):
    """A card's name or name key stored as a blob is damage, found when the names are first listed (for a name no
    card has): one line naming the store. Before, a TypeError's traceback from a regular expression, or from
    the suggestions joined."""
    from deckcheck.cli import main

    data_dir = _damaged_copy(tmp_path, _sql(statement))
    deck = tmp_path / "deck.txt"
    deck.write_text("1 Sol Rnig\n", encoding="utf-8")
    assert main([*(a.format(deck=deck) for a in argv), "--data-dir", data_dir]) == 2
    assert capsys.readouterr() == ("", f"deckcheck: error: {data_dir}/{BUNDLED.name}: the card store is damaged "
                                       f"(a card's name that is not text); run `deckcheck update --data-dir "
                                       f"{data_dir}` to build it again\n")


def _schema(version):
    def damage(path) -> None:
        import json
        import sqlite3

        con = sqlite3.connect(path)
        if version is None:
            con.execute("DELETE FROM meta WHERE key = 'schema_version'")
        else:
            con.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (json.dumps(version),))
        con.commit()
        con.close()
    return damage


@pytest.mark.parametrize(("version", "said"), [
    ("2", 'a card store of schema "2", which this deckcheck can\'t read (it reads schema "1"); run `deckcheck '
          'update --data-dir {data_dir}` to build one it reads'),
    (1, 'a card store of schema 1, which this deckcheck can\'t read (it reads schema "1"); run `deckcheck update '
        '--data-dir {data_dir}` to build one it reads'),
    (None, "not a deckcheck card store (no schema version); `deckcheck update --data-dir {data_dir}` builds one in "
           "its place"),
], ids=["another", "a-number", "none"])
def test_a_store_of_another_schema_is_refused_at_open(tmp_path, capsys, version, said):
    """A store written by another deckcheck (a newer layout), or an SQLite file with a meta table that is no
    store, is refused when opened, in one line, before any read of it fails somewhere else. The schema is said as
    the store holds it, in JSON: a version that is the number 1 read "a card store of schema 1, which this
    deckcheck can't read (it reads schema 1)"."""
    from deckcheck.cli import main

    data_dir = _damaged_copy(tmp_path, _schema(version))
    assert main(["check", str(EXAMPLE), "--data-dir", data_dir]) == 2
    assert capsys.readouterr().err == f"deckcheck: error: {data_dir}/{BUNDLED.name}: {said.format(data_dir=data_dir)}\n"


def test_an_unreadable_store_says_the_update_that_builds_one_in_its_place(tmp_path, capsys):
    """A store named by --data-dir that can't be read was told "`deckcheck update` builds one in its place", but a
    plain update builds one in the user's own folder, not there: it says `--data-dir` and the folder now. The user's
    own store is told the plain command."""
    from pathlib import Path

    import platformdirs

    from deckcheck.cli import main

    folder = tmp_path / "named"
    folder.mkdir()
    (folder / STORE_FILE).write_bytes(b"not sqlite at all" * 100)
    assert main(["info", "--data-dir", str(folder)]) == 2
    assert capsys.readouterr().err.endswith(f"; `deckcheck update --data-dir {folder}` builds one in its place\n")
    own = Path(platformdirs.user_cache_dir("deckcheck"))  # (the test run's own, empty: conftest.py)
    own.mkdir(parents=True, exist_ok=True)
    try:
        (own / STORE_FILE).write_bytes(b"not sqlite at all" * 100)
        assert main(["info"]) == 2
        assert capsys.readouterr().err.endswith("; `deckcheck update` builds one in its place\n")
    finally:
        (own / STORE_FILE).unlink()


def _meta_value(key, value):
    def damage(path) -> None:
        import json
        import sqlite3

        con = sqlite3.connect(path)
        assert con.execute("UPDATE meta SET value = ? WHERE key = ?", (json.dumps(value), key)).rowcount == 1
        con.commit()
        con.close()
    return damage


@pytest.mark.parametrize("argv", [["info"], ["check", str(EXAMPLE)], ["batch", "--no-progress", "--format", "json",
                                                                      str(EXAMPLE)]])
@pytest.mark.parametrize(("key", "value", "shown"), [
    ("sources", 5, "5"), ("sources", None, "null"), ("updated_at", 20260103, "20260103"),
    ("source", ["x"], '["x"]'), ("files", ["a", 1], '["a", 1]'), ("card_count", "29305", '"29305"'),
])
def test_a_meta_value_of_the_wrong_type_is_a_damaged_store(tmp_path, capsys, argv, key, value, shown):
    """A meta value of a type deckcheck never writes ("sources" 5 or null, a date that is a number) is damage, as
    a value that is no JSON is: one line naming the store, found when it is opened. Before, `info` ended with a
    TypeError's traceback for some, and the reports' card data said what came ("card data: 20260103")."""
    from deckcheck.cli import main

    data_dir = _damaged_copy(tmp_path, _meta_value(key, value))
    assert main([*argv, "--data-dir", data_dir]) == 2
    assert capsys.readouterr() == ("", f"deckcheck: error: {data_dir}/{BUNDLED.name}: the card store is damaged "
                                       f"(its meta value {key} is {shown}); run `deckcheck update --data-dir "
                                       f"{data_dir}` to build it again\n")


def test_the_bundled_snapshot_says_what_it_lacks_when_a_deck_names_a_card_it_does_not_have(tmp_path, capsys,
                                                                                           monkeypatch):
    """Orcish Bowmasters (2023, in no precon) is not in the bundled snapshot: a report naming it says what the
    snapshot lacks and how to get current cards, as `info` does; a legal deck's report and a store built
    by `update` from the same data (no longer the snapshot) don't."""
    import json

    from deckcheck.cli import main
    from deckcheck.store import SNAPSHOT_LACKS

    monkeypatch.setenv("DECKCHECK_DATA", str(tmp_path / "nothing-built"))
    deck = tmp_path / "deck.txt"
    deck.write_text(EXAMPLE.read_text(encoding="utf-8").replace("1 Sol Ring", "1 Orcish Bowmasters"),
                    encoding="utf-8")
    assert "1 Orcish Bowmasters" in deck.read_text(encoding="utf-8")
    note = f"names no card has here may be newer cards: {SNAPSHOT_LACKS}"
    assert main(["check", "--format", "json", str(deck)]) == 1
    assert json.loads(capsys.readouterr().out)["notes"][-1] == note
    assert main(["check", "--format", "json", str(EXAMPLE)]) == 0
    assert note not in capsys.readouterr().out
    assert main(["info"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == f"note: {SNAPSHOT_LACKS}"
    data_dir = _damaged_copy(tmp_path, lambda path: None)  # the same cards, as a store of one's own
    assert main(["check", "--data-dir", data_dir, str(deck)]) == 1
    assert SNAPSHOT_LACKS not in capsys.readouterr().out
    assert main(["info", "--data-dir", data_dir]) == 0
    assert SNAPSHOT_LACKS not in capsys.readouterr().out


def test_the_snapshot_s_newest_cards_are_those_it_holds():
    """SNAPSHOT_NEWEST_CARDS, which a store older than it is said to be by `update` and `check`, is the release day of
    the newest cards the bundled snapshot holds (rebuilt, it may change)."""
    from deckcheck.store import SNAPSHOT_NEWEST_CARDS

    with CardStore.open_file(BUNDLED) as snapshot:
        assert max(card.released_at or "" for card in snapshot.iter_cards()) == SNAPSHOT_NEWEST_CARDS
        assert not snapshot.older_than_the_snapshot


@pytest.mark.parametrize(("line", "said"), [
    ("1 Treasure", False), ("1 The Monarch", False), ("1 Ajani Steadfast Emblem", False),  # token, game aid, emblem
    ("1 Brisela, Voice of Nightmares", False),  # a meld result: its two cards are in the snapshot
    ("1 Tymna the Weaver // Thrasios, Triton Hero", False),  # two commanders on one line: both are cards
    ("1 https://www.moxfield.com/decks/abc123", False),  # a deck site's link
    ("Sideboard\n1 <img src=x onerror=alert(2)>", False),  # junk outside the 100, after the deck: a legal deck
    ("1 Lightning Blot", True), ("1 Zorblax, Quuxer of Worlds", True),  # names a newer card might have
], ids=["token", "game-aid", "emblem", "meld-result", "two-cards", "link", "sideboard-junk", "typo", "made-up"])
def test_the_bundled_snapshot_says_what_it_lacks_only_for_a_name_that_may_be_a_newer_card(tmp_path, capsys,
                                                                                        monkeypatch, line, said):
    """The note on what the bundled snapshot lacks is for an unknown card that may be one printed since: not for
    a name every card data would fail, told as what it is (a token, a game aid, an emblem, a meld result, two
    cards' names joined, a link), nor for junk in a sideboard. Before, any name no card has gave it, even
    where every name was recognised."""
    from deckcheck.cli import main
    from deckcheck.store import SNAPSHOT_LACKS

    monkeypatch.setenv("DECKCHECK_DATA", str(tmp_path / "nothing-built"))
    deck = tmp_path / "deck.txt"
    text = EXAMPLE.read_text(encoding="utf-8")
    assert text.count("\n1 Sol Ring\n") == 1
    text = text + line if line.startswith("Sideboard") else text.replace("\n1 Sol Ring\n", f"\n{line}\n")
    deck.write_text(text, encoding="utf-8")
    code = main(["check", str(deck)])
    out = capsys.readouterr().out
    assert code == (0 if line.startswith("Sideboard") else 1)
    assert (f"note: names no card has here may be newer cards: {SNAPSHOT_LACKS}" in out.splitlines()) is said, out


def test_a_store_file_that_is_no_database_says_how_to_replace_it(tmp_path, capsys):
    from deckcheck.cli import main

    data_dir = _damaged_copy(tmp_path, lambda path: path.write_bytes(b"not sqlite at all" * 100))
    assert main(["info", "--data-dir", data_dir]) == 2
    assert capsys.readouterr().err == (f"deckcheck: error: {data_dir}/{BUNDLED.name}: not a deckcheck card store "
                                       f"(DatabaseError: file is not a database); `deckcheck update --data-dir "
                                       f"{data_dir}` builds one in its place\n")


@pytest.mark.parametrize(
    ("asked", "kind", "named"),
    [
        ("Brisela, Voice of Nightmares", "meld_result", "Brisela, Voice of Nightmares"),
        ("urza, planeswalker", "meld_result", "Urza, Planeswalker"),
        ("Treasure", "token", "Treasure"),  # the token's own name beats a face of "Dinosaur // Treasure"
        ("The Ring Tempts You", "double_faced_token", "The Ring // The Ring Tempts You"),
        ("Liliana, the Last Hope Emblem", "emblem", "Liliana, the Last Hope Emblem"),
    ],
)
def test_names_of_objects_no_deck_holds(store, asked, kind, named):
    assert store.lookup(asked) is None
    found = store.lookup_other(asked)
    assert (found.kind, found.name) == (kind, named)


def test_a_name_of_a_card_or_a_plane_is_never_kept_as_another_object(store):
    """Tokens share names with cards (an embalmed Vizier of Many Faces): the card is what the name means.
    A plane's or Vanguard's name is mostly a card's first words, written short: an unknown card."""
    assert store.lookup("Vizier of Many Faces") is not None
    assert store.lookup_other("Vizier of Many Faces") is None
    for name in ("Sol Rign", "Sokenzan", "Glen Elendra", "Karn"):
        assert store.lookup(name) is None and store.lookup_other(name) is None


def test_a_store_built_before_other_objects_were_kept_has_none(tmp_path, capsys):
    import shutil
    import sqlite3

    from deckcheck.cli import main

    old = tmp_path / "cards.sqlite"
    shutil.copy(BUNDLED, old)
    with sqlite3.connect(old) as con:
        con.execute("DROP TABLE others")
    con.close()
    with CardStore.open_file(old) as s:
        assert s.lookup_other("Treasure") is None
    deck = tmp_path / "deck.txt"
    deck.write_text("Commander: Krenko, Mob Boss\n1 Treasure\n98 Mountain\n")
    assert main(["check", str(deck), "--data-dir", str(tmp_path)]) == 1
    assert 'unknown-card unknown card "Treasure"' in capsys.readouterr().out


def test_no_card_name_holds_what_parts_card_names_run_together(store):
    """What parts card names run together on one line (`holds_several_names`: three commas or more, a count
    between words or run on after a name's last letter or mark, as in "Sol Ring 1 Arcane Signet" and "Sol
    Ring1 Arcane Signet", or a count after a name and a word after it, "Sol Ring x1 Arcane Signet") is in no
    card's name or face name: only card names run together are read apart.
    Close calls that are cards: "+2 Mace", "T-45 Power Armor", "Borrowing 100,000 Arrows", "Fear, Fire, Foes!"."""
    from deckcheck.decklist.runs import holds_several_names

    names = [name for card in store.iter_cards() for name in (card.name, *(face.name for face in card.faces))]
    assert len(names) > 25_000 and {"+2 Mace", "T-45 Power Armor", "Fear, Fire, Foes!"} <= set(names)
    assert [name for name in names if holds_several_names(name)] == []



def test_every_card_name_near_counts_is_read_whole_in_a_line_of_names(store):
    """Every card name, or a face's, that a count could be taken from or run into (one holding a digit:
    "Overseer of Vault 76", "Borrowing 100,000 Arrows"; beginning with a mark, "+2 Mace", "\"Ach! Hans,
    Run!\"", or with "And"; holding a finish, "Etched Oracle"), written among other names in a one-line
    list with its count before it and with its count after it, is read as that card. Before, "+2 Mace" and
    the quoted names were no name's beginning after a count."""
    import re

    from deckcheck.decklist.runs import names_in

    def is_card(name: str) -> bool:
        return store.lookup(name) is not None

    risky = re.compile(r"\d|^[^\w]|^and |\b(foil|etched)\b", re.IGNORECASE)
    names = sorted({name for card in store.iter_cards() for name in (card.name, *(face.name for face in card.faces))
                    if risky.search(name)})
    assert len(names) >= 25 and {"+2 Mace", "Overseer of Vault 76", "Etched Oracle"} <= set(names)
    misread = []
    for name in names:
        if name.startswith("1996"):  # no decklist line reads it: 1996 copies of "World Champion" are too many
            continue
        card = store.lookup(name).name
        for line in (f"1 Sol Ring 2 {name} 1 Arcane Signet", f"Sol Ring x1 {name} x2 Arcane Signet x1"):
            pieces = names_in(line, is_card, store.opens_comma_name)
            if pieces is None or [(piece.count, store.lookup(piece.name).name) for piece in pieces] != [
                    (1, "Sol Ring"), (2, card), (1, "Arcane Signet")]:
                misread.append((line, pieces))
    assert misread == []

def test_every_card_name_with_commas_is_read_whole_in_a_line_of_names(store):
    """Every card whose name, or a face's, holds commas (Kenrith, the Returned King; Fear, Fire, Foes!; Tamiyo,
    Inquisitive Student // Tamiyo, Seasoned Scholar), written among other names separated by commas, is
    read as that card: the parts before a name's first comma that `opens_comma_name` knows are every card's."""
    from deckcheck.decklist.runs import names_in

    def is_card(name: str) -> bool:
        return store.lookup(name) is not None

    names = {card.name: [face.name for face in card.faces if "," in face.name] for card in store.iter_cards()
             if "," in card.name}
    written = [*names, *(face for faces in names.values() for face in faces)]
    assert len(written) > 2000
    misread = []
    for name in written:
        pieces = names_in(f"Sol Ring, {name}, 2 Arcane Signet, and {name}", is_card, store.opens_comma_name)
        if pieces is None or [(piece.count, store.lookup(piece.name).name) for piece in pieces] != [
                (1, "Sol Ring"), (1, store.lookup(name).name), (2, "Arcane Signet"), (1, store.lookup(name).name)]:
            misread.append((name, pieces))
    assert misread == []


@pytest.mark.parametrize(("written", "read"), [
    # a name's number run on into the next count: cut where the card data says
    ("1 Avalanche of Sector 71 Barret Wallace1 Sol Ring",
     [(1, "Avalanche of Sector 7", True, None), (1, "Barret Wallace", True, None), (1, "Sol Ring", True, None)]),
    ("1 Sol Ring1 Borrowing 100,000 Arrows1 T-45 Power Armor12 Forest",
     [(1, "Sol Ring", True, None), (1, "Borrowing 100,000 Arrows", True, None), (1, "T-45 Power Armor", True, None),
      (12, "Forest", True, None)]),
    # a collector number is no count: not 410 copies of Foil (a card), nor 8 of "Deck"
    ("1 Sol Ring (CMM) 410 Foil 1 Arcane Signet 1 Command Tower",
     [(1, "Sol Ring (CMM) 410 Foil", False, None), (1, "Arcane Signet", True, None), (1, "Command Tower", True, None)]),
    # Arena's export pasted on one line: its headers start sections, alone or after a card's line
    ("Commander 1 Inalla, Archmage Ritualist (C17) 38  Deck 1 Kess, Dissident Mage (C17) 39 1 Sol Ring (C17) 1 "
     "Sideboard 1 Duress",
     [(0, "", True, "commander"), (1, "Inalla, Archmage Ritualist", True, "main"),
      (1, "Kess, Dissident Mage", True, None), (1, "Sol Ring", True, "sideboard"), (1, "Duress", True, None)]),
])
def test_lines_run_together_are_read_by_the_card_data(store, written, read):
    from deckcheck.decklist.runs import names_in

    pieces = names_in(written, lambda name: store.lookup(name) is not None, store.opens_comma_name)
    assert [piece[:4] for piece in pieces] == read and not any(piece.longer for piece in pieces)


@pytest.mark.parametrize(("asked", "full"), [
    ("Locker Room", "Bottomless Pool // Locker Room"),  # the MTGJSON deck cards hold only each card's front
    ("Tunnel of Hate", "Ticket Booth // Tunnel of Hate"),
    ("Bubble Up", "Aquatic Alchemist // Bubble Up"),  # an adventure
    ("Locker Room // Bottomless Pool", "Bottomless Pool // Locker Room"),  # halves in the other order
])
def test_a_face_the_card_data_lacks_still_finds_its_card(store, asked, full):
    """200 cards of the snapshot came only from MTGJSON deck files, which hold a multi-face card's front face:
    the other face's name (a Room's second door, an adventure's spell) was no card. CR 201.3a: either name."""
    card = store.lookup(asked)
    assert card is not None and card.name == full and not card.complete


def test_a_store_this_user_may_not_read_says_so(tmp_path):
    """A store the user has no read permission for was called "not a deckcheck card store ... `deckcheck update`
    builds one in its place". Run as a real process; as root, with the capabilities that bypass file permissions
    dropped (setpriv), since root reads any file."""
    import os
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    folder = tmp_path / "data"
    folder.mkdir()
    shutil.copy(BUNDLED, folder / "cards.sqlite")
    (folder / "cards.sqlite").chmod(0)
    command = [sys.executable, "-m", "deckcheck", "info", "--data-dir", str(folder)]
    if os.geteuid() == 0:
        if shutil.which("setpriv") is None:
            pytest.skip("root reads any file, and setpriv is not here to drop that")
        command = ["setpriv", "--bounding-set", "-dac_override,-dac_read_search",
                   "--inh-caps", "-dac_override,-dac_read_search", *command]
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=60)
    if done.returncode == 0:
        pytest.skip("this machine lets the process read the file anyway")
    assert (done.returncode, done.stderr) == (
        2, f"deckcheck: error: {folder / 'cards.sqlite'}: can't read the card store: permission denied\n")


def test_each_face_s_flavor_name_of_a_reversible_card_finds_it(tmp_path, shared_data):
    """MTGJSON gives a reversible Secret Lair card's flavor names joined, "African Swallow // European Swallow" (its
    front face's alone as faceFlavorName): the back face's name was unknown. Each is now the card's."""
    import gzip
    import json

    from deckcheck.sources import load_files
    from deckcheck.store import build_store

    with gzip.open(shared_data / "mtgjson" / "deck-cards-2026-01.jsonl.gz", "rt", encoding="utf-8") as fh:
        lines = [line for line in fh if "European Swallow" in line]
    assert [json.loads(line)["flavorName"] for line in lines] == ["African Swallow // European Swallow"]
    source = tmp_path / "swallows.jsonl"
    source.write_text("".join(lines), encoding="utf-8")
    result = load_files([source])
    with CardStore.open_file(build_store(result.cards, result.meta, tmp_path, others=result.others)) as built:
        assert {built.lookup(name).name for name in ("African Swallow", "European Swallow")} == {"Birds of Paradise"}
