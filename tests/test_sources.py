"""The importers: streaming readers, conversion to Card, merging printings and sources, validation."""

from __future__ import annotations

import copy
import gzip
import json
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from deckcheck.errors import InputError, one_line
from deckcheck.sources import load_files
from deckcheck.sources.jsonstream import iter_file
from deckcheck.sources.validate import load_validator

pytestmark = pytest.mark.shared


def _objects(path: Path) -> list[dict]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as fh:
        return json.load(fh)


def _write_json(path: Path, data: object, gz: bool = False) -> Path:
    text = json.dumps(data)
    if gz:
        path.write_bytes(gzip.compress(text.encode()))
    else:
        path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def fixtures(shared_data: Path) -> list[dict]:
    """Scryfall's own example objects, 21 layouts."""
    return _objects(shared_data / "scryfall" / "layout-fixtures.json")


@pytest.fixture(scope="module")
def emn(shared_data: Path) -> dict:
    """The MTGJSON set file of Eldritch Moon (meld cards, transforming DFCs)."""
    with gzip.open(shared_data / "mtgjson" / "sets-2022-04" / "EMN.json.gz", "rt") as fh:
        return json.load(fh)


def _by_name(cards):
    return {c.name: c for c in cards}


# --- every shared file: counts of cards and of skipped kinds ---------------------------------------

SCRYFALL_FILES = [
    # (its two dungeons, Dungeon of the Mad Mage of layout "normal" and The Initiative // Undercity, not cards)
    ("layout-fixtures.json", 85, 59, {"art_series": 3, "double_faced_token": 2, "dungeon": 2, "emblem": 3,
                                       "meld_result": 1, "planar": 5, "scheme": 4, "token": 2,
                                       "game_aid": 2, "vanguard": 2}),
    ("cards-2025-11-recorded.json", 461, 297, {}),
    ("cards-2025-12-collection.json", 420, 335, {}),
]


@pytest.mark.parametrize("name,objects,cards,skipped", SCRYFALL_FILES, ids=[f[0] for f in SCRYFALL_FILES])
def test_scryfall_files(shared_data, name, objects, cards, skipped):
    result = load_files([shared_data / "scryfall" / name])
    assert result.report.objects == objects
    assert len(result.cards) == cards
    assert dict(result.report.skipped) == skipped
    assert result.report.invalid_count == 0
    assert result.meta["source"] == "scryfall"


@pytest.mark.slow
def test_scryfall_all_cards_2019(shared_data):
    result = load_files([shared_data / "scryfall" / "all-cards-2019.json.gz"])
    assert result.report.objects == 45_851
    assert len(result.cards) == 19_767
    assert dict(result.report.skipped) == {"token": 79, "game_aid": 73, "emblem": 1, "meld_result": 6,
                                           "double_faced_token": 7, "vanguard": 117, "planar": 12,
                                           "scheme": 5}
    # its newest card legal in Commander is of War of the Spark: the 8 Throne of Eldraine printings legal are
    # reprints, and Eldraine's new cards legal nowhere yet (2019-10-04 before, taken from those reprints)
    assert result.meta["updated_at"] == "2019-05-03"
    cards = _by_name(result.cards)
    assert "Brisela, Voice of Nightmares" not in cards
    assert cards["Bruna, the Fading Light"].layout == "meld"
    assert cards["Delver of Secrets // Insectile Aberration"].faces[1].color_indicator == "U"


def test_a_scryfall_file_is_not_dated_by_a_reprint_in_a_product_to_come(shared_data, tmp_path):
    """Scryfall lists a reprint in a product to come (a Secret Lair drop) as legal, dated by its release: a file
    holding one is still as old as its newest card legal since its first printing, and the previews it holds, legal
    nowhere yet, stay cards released since the data (a warning, checked as legal). Before, the reprint dated the
    file: every preview of the newest set was a `not-legal` error."""
    from deckcheck import check_deck
    from deckcheck.store import CardStore, build_store

    objects = json.loads((shared_data / "scryfall" / "cards-2025-12-collection.json").read_text(encoding="utf-8"))
    objects = objects["data"] if isinstance(objects, dict) else objects
    legal = next(o for o in objects if o["legalities"].get("commander") == "legal" and o["layout"] == "normal")
    later = dict(legal, id="00000000-0000-4000-8000-000000000001", set="sld", released_at="2026-02-20")
    assert load_files([shared_data / "scryfall" / "cards-2025-12-collection.json"]).meta["updated_at"] == "2025-11-21"
    path = tmp_path / "cards.json"
    path.write_text(json.dumps([*objects, later]), encoding="utf-8")
    result = load_files([path])
    assert result.meta["updated_at"] == "2025-11-21"
    hakoda = next(c for c in result.cards if c.name == "Hakoda, Selfless Commander")
    assert hakoda.commander_legality == "not_legal" and hakoda.released_at == "2025-11-21"  # a preview
    with CardStore.open_file(build_store(result.cards, result.meta, tmp_path, others=result.others)) as store:
        report = check_deck("Commander\n1 Hakoda, Selfless Commander\n", store=store)
    assert "released-since-data" in report.codes() and "not-legal" not in report.codes()


@pytest.mark.slow
def test_mtgjson_deck_cards(shared_data):
    result = load_files([shared_data / "mtgjson" / "deck-cards-2026-01.jsonl.gz"])
    assert result.report.objects == 53_918
    assert len(result.cards) == 25_938
    assert dict(result.report.skipped) == {"scheme": 105, "planar": 256, "vanguard": 32}
    assert result.report.invalid_count == 0
    # MTGJSON deck files list only the front face object of a multi-face card: those are reported.
    assert "Alive // Well" in result.report.incomplete
    alive = _by_name(result.cards)["Alive // Well"]
    assert alive.face_names == ("Alive",)
    assert not alive.complete and alive.mana_value() == 5.0  # the source's value stands in


@pytest.mark.slow
def test_mtgjson_set_files(shared_data):
    paths = sorted((shared_data / "mtgjson" / "sets-2022-04").glob("*.json.gz"))
    assert len(paths) == 579
    result = load_files(paths)
    assert len(result.cards) == 23_546
    assert result.report.skipped["token"] == 1360
    assert result.report.skipped["dungeon"] == 3  # Adventures in the Forgotten Realms' three, listed as tokens
    assert result.report.skipped["game_aid"] == 264  # checklists, helpers, ads: tokens whose type is "Card"
    assert result.report.skipped["art_series"] == 1728
    assert result.report.skipped["meld_result"] == 6
    assert result.report.incomplete == []
    # Secret Lair reversible cards without a Scryfall oracle id are skipped and reported.
    assert result.report.invalid_count == 10
    assert all("scryfallOracleId" in i.reason for i in result.report.invalid)
    assert result.meta["updated_at"] == "2022-04-25"


def test_a_card_printed_only_in_a_product_never_played_is_not_legal(shared_data):
    """Garruk the Slayer exists only as an oversized promo (MTGJSON's PPC1, its legalities empty): its legality stayed
    unknown, which the policy takes for legal, and a deck holding it was legal on a store of MTGJSON set files (a
    review of the card model found it); Scryfall calls it not legal. A memorabilia printing of a card printed
    elsewhere (Collector's Edition) still says nothing of the card's."""
    (garruk,) = load_files([shared_data / "mtgjson" / "sets-2022-04" / "PPC1.json.gz"]).cards
    assert (garruk.name, garruk.commander_legality) == ("Garruk the Slayer", "not_legal")
    collectors = load_files([shared_data / "mtgjson" / "sets-2022-04" / "CED.json.gz"]).cards
    assert len(collectors) > 250 and "not_legal" not in {c.commander_legality for c in collectors}


def test_mtgjson_precon_deck_files(shared_data):
    paths = sorted((shared_data / "decks" / "mtgjson-precons-2026-01").glob("*.json.gz"))
    result = load_files(paths)
    assert len(result.cards) == 6073
    assert dict(result.report.skipped) == {"planar": 90, "scheme": 40, "token": 10}
    assert result.report.invalid_count == 0
    assert result.meta["updated_at"] == "2026-01-03"


# --- formats, detected by content ----------------------------------------------------------------

def test_json_lines_gzip_with_misleading_name(tmp_path, fixtures):
    jsonl = "\n".join(json.dumps(o) for o in fixtures) + "\n"
    path = tmp_path / "cards.json"  # gzipped JSON Lines, named like a plain JSON file
    path.write_bytes(gzip.compress(jsonl.encode()))
    array = _write_json(tmp_path / "cards.txt", fixtures, gz=True)
    assert load_files([path]).cards == load_files([array]).cards
    assert len(load_files([path]).cards) == 59


def test_small_chunks_give_the_same_objects(tmp_path, fixtures, monkeypatch):
    import deckcheck.sources.jsonstream as js

    path = _write_json(tmp_path / "a.json", fixtures)
    monkeypatch.setattr(js, "_READ_SIZE", 7)  # values straddle many chunk boundaries
    got = [obj for _, obj, _ in iter_file(path)]
    assert got == fixtures


def test_a_gzip_inflates_a_bounded_piece_at_a_time_and_whole(tmp_path, monkeypatch):
    """A gzip expands up to a thousand times: one read of 1 MB could inflate to a gigabyte at once. Pieces
    are now at most _INFLATE_SIZE, and together still the whole file (two members, the second of zeros)."""
    import os
    from deckcheck.sources import jsonstream as js

    monkeypatch.setattr(js, "_INFLATE_SIZE", 1 << 16)
    text = os.urandom(300_000).hex().encode()
    path = tmp_path / "two-members.gz"
    path.write_bytes(gzip.compress(text) + gzip.compress(bytes(5_000_000)))
    pieces = list(js.byte_chunks(path, None))
    assert max(map(len, pieces)) <= 1 << 16
    assert b"".join(pieces) == text + bytes(5_000_000)


def test_a_gzip_file_gzipped_again_is_read_through_both(tmp_path, shared_data):
    """A .jsonl.gz that a server sent with "Content-Encoding: gzip" is kept as sent, gzip in gzip: it was refused as
    "not UTF-8 text"; its cards are now read as the file's, bounded pieces and all. A cut inner stream is still one."""
    from deckcheck.sources import jsonstream as js

    text = (shared_data / "scryfall" / "layout-fixtures.json").read_bytes()
    twice = tmp_path / "oracle.json.gz"
    twice.write_bytes(gzip.compress(gzip.compress(text)))
    assert b"".join(js.byte_chunks(twice, None)) == text
    assert len(load_files([twice]).cards) == len(load_files([shared_data / "scryfall" / "layout-fixtures.json"]).cards)
    cut = tmp_path / "cut.json.gz"
    cut.write_bytes(gzip.compress(gzip.compress(text)[:-100]))
    with pytest.raises(js.TruncatedFile):
        b"".join(js.byte_chunks(cut, None))


def test_zero_bytes_padding_a_gzip_file_are_skipped_as_gzip_skips_them(tmp_path, fixtures):
    """A gzip file padded with zero bytes (as tar and dd pad, and which `gzip -t` passes) was refused as "corrupt gzip
    data (incorrect header check)"; zeros after the last member now end the file, and anything after them is
    corrupt data (gzip itself ignores it: here it would be cards lost unseen)."""
    from deckcheck.errors import InputError

    jsonl = ("\n".join(json.dumps(o) for o in fixtures) + "\n").encode()
    half = jsonl.rindex(b"\n", 0, len(jsonl) // 2) + 1
    padded = tmp_path / "padded.jsonl.gz"
    padded.write_bytes(gzip.compress(jsonl[:half]) + gzip.compress(jsonl[half:]) + bytes(3_000_000))
    assert [c.name for c in load_files([padded]).cards] == [c.name for c in load_files([_write_json(
        tmp_path / "plain.json", fixtures)]).cards]
    for after in (b"junk", gzip.compress(jsonl)):  # padding ends the file: a member after it is no more data
        (tmp_path / "more.jsonl.gz").write_bytes(gzip.compress(jsonl) + bytes(10) + after)
        with pytest.raises(InputError, match="corrupt gzip data"):
            load_files([tmp_path / "more.jsonl.gz"])


def test_a_json_lines_line_cut_after_a_whole_member_names_its_own_line(tmp_path, fixtures):
    """A JSON Lines line cut off after a whole member (`..., "type_line": "Creature`) was said to be broken on the
    next line, which is whole: the decoder reads on into it. The message now names the line the value starts on."""
    from deckcheck.errors import InputError

    lines = [json.dumps(o) for o in fixtures[:10]]
    lines[4] = lines[4][:lines[4].index('"', lines[4].index('"type_line": "') + 14) + 1]
    path = tmp_path / "cut.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(InputError) as caught:
        load_files([path])
    assert str(caught.value).endswith("invalid JSON: Expecting ',' delimiter at line 6, in the value that starts on "
                                      "line 5")


def test_a_long_value_is_decoded_a_few_times_and_a_bomb_s_refused(tmp_path, monkeypatch):
    """A value longer than a read was decoded again after every read (a 200 MB object inflated from a
    200 KB gzip: 11 s and 1.3 GB before its error); now the text read doubles between tries, and a value
    past MAX_VALUE_CHARS is no card data."""
    from deckcheck.sources import jsonstream as js

    monkeypatch.setattr(js, "_READ_SIZE", 1 << 12)
    card = {"object": "card", "name": "Long", "filler": ["x" * 50] * 20_000}  # about 1 MB
    path = _write_json(tmp_path / "long.json", [card])
    tries = []
    decode = json.JSONDecoder().raw_decode

    class Counting(js.TextStream):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self._decode = lambda buf, pos: tries.append(pos) or decode(buf, pos)

    monkeypatch.setattr(js, "TextStream", Counting)
    assert [obj for _, obj, _ in js.iter_file(path)] == [card]
    assert len(tries) <= 12  # 1 MB in 4 KB reads: about 256 tries before
    monkeypatch.setattr(js, "MAX_VALUE_CHARS", 100_000)
    with pytest.raises(InputError, match=r"long\.json: a JSON value at character 1 is longer than 100,000 "
                                         r"characters: not card data$"):
        list(js.iter_file(path))


def test_a_string_longer_than_64k_across_reads_is_json_not_an_error(tmp_path, monkeypatch):
    """The decoder names an unterminated string by where it starts: one of 130 KB that a read cut was taken
    for broken JSON ("invalid JSON: Unterminated string"), and a valid card file with a long flavor text
    failed to import. A string past MAX_VALUE_CHARS is still no card data."""
    from deckcheck.sources import jsonstream as js

    monkeypatch.setattr(js, "_READ_SIZE", 1 << 12)
    cards = [{"object": "card", "name": "Long", "flavor_text": "long flavour " * 10_000}, {"name": "Next"}]
    path = _write_json(tmp_path / "long-string.json", cards)
    assert [obj for _, obj, _ in js.iter_file(path)] == cards
    monkeypatch.setattr(js, "MAX_VALUE_CHARS", 100_000)
    with pytest.raises(InputError, match=r"long-string\.json: a JSON value at character 1 is longer than "
                                         r"100,000 characters: not card data$"):
        list(js.iter_file(path))


@pytest.mark.parametrize("kind", ["scryfall", "mtgjson"])
def test_invalid_objects_are_skipped_cheaply_and_the_first_reasons_kept(shared_data, fixtures, tmp_path, kind):
    """A real card, 100 real cards without a name, then 400,000 empty objects: all counted, the first 200 reasons
    kept, each jsonschema's own. Only those are asked of jsonschema (~100 us an object); the rest are counted on
    the fast predicate's verdict. Before, every invalid object was explained and the explanation dropped: 1 card
    and 1,000,000 empty objects (3 MB) took 53 s to import, against 4 s for 45,851 real cards."""
    import time

    if kind == "scryfall":
        card = next(o for o in fixtures if o["layout"] == "normal")
    else:
        with gzip.open(shared_data / "mtgjson" / "deck-cards-2026-01.jsonl.gz", "rt", encoding="utf-8") as fh:
            card = json.loads(fh.readline())
    nameless = {k: v for k, v in card.items() if k != "name"}
    path = tmp_path / "cards.jsonl"
    path.write_text(json.dumps(card) + "\n" + (json.dumps(nameless) + "\n") * 100 + "{}\n" * 400_000, encoding="utf-8")
    validator = load_validator(f"{kind}_card")
    start = time.process_time()
    report = load_files([path]).report
    spent = time.process_time() - start
    assert (report.objects, report.invalid_count, len(report.invalid)) == (400_101, 400_100, 200)
    assert [i.reason for i in report.invalid] == [validator.problem(nameless)] * 100 + [validator.problem({})] * 100
    assert spent < 5, spent  # about 1.5 s; explaining every object took 15 s


def test_mtgjson_set_file_meld_and_faces(emn, tmp_path):
    path = _write_json(tmp_path / "EMN.json", emn)
    result = load_files([path])
    cards = _by_name(result.cards)
    bruna = cards["Bruna, the Fading Light"]
    assert bruna.face_names == ("Bruna, the Fading Light",)
    assert bruna.source_mana_value == 7.0
    assert "Brisela, Voice of Nightmares" not in cards
    assert not any("Brisela" in c.name for c in result.cards)
    assert result.report.skipped["meld_result"] == 3
    delver = [c for c in result.cards if c.layout == "transform"][0]
    assert len(delver.faces) == 2 and " // " in delver.name
    assert cards["Bruna, the Fading Light"].released_at == emn["data"]["releaseDate"]
    assert result.meta["updated_at"] == "2022-04-25"


def test_a_set_file_s_sealed_products_and_decks_are_not_cards(emn, tmp_path):
    """A set file as MTGJSON writes it now (keys sorted) lists its sealed products and its decks beside its cards
    (the shared set files had them stripped): each was read as an invalid card ("'layout' is a required
    property"). Only its cards and tokens are read, as in the same file without them."""
    uuid = "9b7f6d86-0b27-5c8c-9d4c-7c1a0b5f3e21"
    sealed = {"category": "booster_box", "identifiers": {"tcgplayerProductId": "118336"},
              "name": "Eldritch Moon Booster Box", "purchaseUrls": {}, "releaseDate": "2016-07-22",
              "subtype": "default", "uuid": uuid,
              "contents": {"sealed": [{"count": 36, "name": "Eldritch Moon Booster Pack", "set": "emn",
                                       "uuid": "0f3ac3e1-2b0e-5a43-8c25-4f7e5e0a2c4d"}]}}
    first = emn["data"]["cards"][0]
    deck = {"code": "EMN", "commander": [], "mainBoard": [{"count": 1, "isFoil": False, "uuid": first["uuid"]}],
            "name": "Eldritch Moon Intro Pack", "releaseDate": "2016-07-22", "sealedProductUuids": [uuid],
            "sideBoard": [], "type": "Intro Pack"}
    data = dict(sorted({**emn["data"], "sealedProduct": [sealed], "decks": [deck]}.items()))
    with_products = load_files([_write_json(tmp_path / "EMN-now.json", {"meta": emn["meta"], "data": data})])
    without = load_files([_write_json(tmp_path / "EMN.json", emn)])
    assert with_products.report.invalid_count == 0, with_products.report.invalid[:3]
    assert with_products.report.objects == without.report.objects
    assert with_products.cards == without.cards
    assert dict(with_products.report.skipped) == dict(without.report.skipped)


def test_objects_no_deck_holds_are_kept_by_name_with_a_meld_result_s_parts(emn, fixtures, tmp_path):
    """Meld results and tokens are not cards, but their names are kept so a deck naming one is told what it
    is: MTGJSON names a meld result's parts only on the parts ("Part // Result", side a), Scryfall on the
    result's own all_parts."""
    from_set = {o.name: o for o in load_files([_write_json(tmp_path / "EMN.json", emn)]).others}
    assert from_set["Chittering Host"].kind == "meld_result"
    assert from_set["Chittering Host"].parts == ("Graf Rats", "Midnight Scavengers")
    assert from_set["Brisela, Voice of Nightmares"].parts == ("Bruna, the Fading Light", "Gisela, the Broken Blade")
    assert from_set["Eldrazi Horror"].kind == "token"  # the set's tokens list
    assert "Bruna, the Fading Light" not in from_set
    from_scryfall = {o.name: o for o in load_files([_write_json(tmp_path / "f.json", fixtures)]).others}
    assert from_scryfall["Brisela, Voice of Nightmares"].parts == ("Bruna, the Fading Light",
                                                                 "Gisela, the Broken Blade")
    ring = from_scryfall["The Ring // The Ring Tempts You"]
    assert (ring.kind, ring.face_names) == ("double_faced_token", ("The Ring", "The Ring Tempts You"))
    assert from_scryfall["Angel // Angel"].face_names == ("Angel",)  # once
    # a checklist or helper card printed with the tokens is a game aid: its type line is the bare "Card"
    assert (from_scryfall["The Monarch"].kind, from_scryfall["Ability Punchcard"].kind) == ("game_aid",) * 2
    # a dungeon card: Scryfall's layout is "normal" (it was a card, "not legal"), or on the back of The Initiative's
    # helper card, whose token layout called both faces a token: each face is what it is (a review)
    assert (from_scryfall["Dungeon of the Mad Mage"].kind, from_scryfall["Undercity"].kind) == ("dungeon", "dungeon")
    assert from_scryfall["The Initiative"].kind == from_scryfall["The Initiative // Undercity"].kind == "game_aid"
    assert "Dungeon of the Mad Mage" not in {card.name for card in load_files([_write_json(tmp_path / "f.json",
                                                                                           fixtures)]).cards}
    # planes, schemes and Vanguards are not kept: their names are mostly a card's first words ("Karn")
    assert {o.kind for o in from_scryfall.values()} == {"token", "double_faced_token", "emblem", "meld_result",
                                                       "game_aid", "dungeon"}


def test_mtgjson_lists_dungeons_with_the_tokens_and_they_are_said_dungeons(shared_data, tmp_path):
    """MTGJSON's Adventures in the Forgotten Realms lists its three dungeons among the set's tokens: a deck naming one
    was told it names a token (a review). They are dungeons, which begin outside the game (CR 309.2)."""
    with gzip.open(shared_data / "mtgjson" / "sets-2022-04" / "AFR.json.gz", "rt") as fh:
        afr = json.load(fh)
    others = {o.name: o.kind for o in load_files([_write_json(tmp_path / "AFR.json", afr)]).others}
    assert {name: others[name] for name in ("Tomb of Annihilation", "Lost Mine of Phandelver",
                                            "Dungeon of the Mad Mage")} == dict.fromkeys(
        ("Tomb of Annihilation", "Lost Mine of Phandelver", "Dungeon of the Mad Mage"), "dungeon")
    assert others["Treasure"] == "token"


def test_mtgjson_s_helper_card_with_a_dungeon_on_its_back_is_kept_face_by_face(shared_data, tmp_path):
    """MTGJSON keeps a double-faced helper card as a face object a side: The Initiative // Undercity (in sets newer
    than the bundled files; made here from Midnight Hunt's Day // Night, of the same shape) was one object of the kind
    of whichever face came first, so that Undercity was a game aid, or The Initiative a dungeon (a review). Each face
    is now what it is, as the Scryfall importer keeps them, in either order of the faces."""
    with gzip.open(shared_data / "mtgjson" / "sets-2022-04" / "MID.json.gz", "rt") as fh:
        mid = json.load(fh)
    day, night = (t for t in mid["data"]["tokens"] if t["name"] == "Day // Night")
    initiative = {**day, "name": "The Initiative // Undercity", "faceName": "The Initiative"}
    undercity = {**night, "name": "The Initiative // Undercity", "faceName": "Undercity", "type": "Dungeon — Undercity",
                 "types": ["Dungeon"], "subtypes": ["Undercity"]}
    for faces in ([initiative, undercity], [undercity, initiative]):
        data = {**mid["data"], "tokens": [t for t in mid["data"]["tokens"] if t["name"] != "Day // Night"] + faces}
        result = load_files([_write_json(tmp_path / "MID.json", {"meta": mid["meta"], "data": data})])
        others = {o.name: o for o in result.others}
        whole = others["The Initiative // Undercity"]
        assert (whole.kind, whole.face_names) == ("game_aid", ("The Initiative", "Undercity"))
        assert others["Undercity"].kind == "dungeon"  # its own name beats the face name (store._other_rows)
        assert result.report.invalid_count == 0


def test_mtgjson_faces_become_one_card(shared_data, tmp_path):
    with gzip.open(shared_data / "mtgjson" / "sets-2022-04" / "ZNR.json.gz", "rt") as fh:
        znr = json.load(fh)
    result = load_files([_write_json(tmp_path / "ZNR.json", znr)])
    smashing = _by_name(result.cards)["Shatterskull Smashing // Shatterskull, the Hammer Pass"]
    assert smashing.layout == "modal_dfc"
    assert smashing.face_names == ("Shatterskull Smashing", "Shatterskull, the Hammer Pass")
    assert smashing.faces[1].type_line == "Land"
    assert smashing.source_color_identity == "R"
    assert smashing.commander_legality == "legal"


def test_a_multi_face_card_whose_front_face_is_invalid_is_dropped(shared_data, tmp_path):
    """Valki's front face (side "a") invalid in a set file: its back face, Tibalt, was kept as the whole card, taken
    for the front (mana value 7, judged as a commander by the back face). The card is dropped, its front's object
    reported invalid; the other faces of the set stay cards."""
    with gzip.open(shared_data / "mtgjson" / "sets-2022-04" / "KHM.json.gz", "rt") as fh:
        khm = json.load(fh)
    for card in khm["data"]["cards"]:
        if card["name"] == "Valki, God of Lies // Tibalt, Cosmic Impostor" and card.get("side") == "a":
            card["manaValue"] = "two"
    result = load_files([_write_json(tmp_path / "KHM.json", khm)])
    cards = _by_name(result.cards)
    assert "Valki, God of Lies // Tibalt, Cosmic Impostor" not in cards
    assert "Valki, God of Lies" in {bad.ident for bad in result.report.invalid}
    assert cards["Esika, God of the Tree // The Prismatic Bridge"].front.name == "Esika, God of the Tree"


def test_an_all_printings_file_s_sets_may_be_coded_in_any_case(emn, tmp_path):
    """AllPrintings keys each set by its code: a code in lower case or longer than MTGJSON's own ("emn",
    "EMN_COPY_2") is a set still, not an AtomicCards entry (a review found such sets lost or refused)."""
    path = _write_json(tmp_path / "AllPrintings.json", {"meta": {"date": "2022-04-25"},
                                                       "data": {"emn": emn["data"], "EMN_COPY_2": emn["data"]}})
    result = load_files([path])
    assert _by_name(result.cards).keys() == _by_name(load_files([_write_json(tmp_path / "s.json", emn)]).cards).keys()
    assert result.report.invalid_count == 0


def test_mtgjson_atomic_cards_shape(emn, tmp_path):
    by_name: dict[str, list] = {}
    for card in emn["data"]["cards"]:
        atomic = {k: v for k, v in card.items() if k not in ("uuid", "setCode", "number", "rarity")}
        by_name.setdefault(card["name"], []).append(atomic)
    path = _write_json(tmp_path / "AtomicCards.json", {"meta": {"date": "2022-04-25"}, "data": by_name})
    from_atomic = _by_name(load_files([path]).cards)
    from_set = _by_name(load_files([_write_json(tmp_path / "set.json", emn)]).cards)
    assert from_atomic.keys() == from_set.keys()
    assert from_atomic["Bruna, the Fading Light"].faces == from_set["Bruna, the Fading Light"].faces
    # an entry that is no list of faces (null, one face object) is reported, the entries after it still read; before,
    # every card after a null was left out with no word, and a face object not in a list vanished with none
    names = list(by_name)
    broken = dict(by_name, **{names[3]: None, names[5]: by_name[names[5]][0]})
    result = load_files([_write_json(tmp_path / "broken.json", {"meta": {"date": "2022-04-25"}, "data": broken})])
    assert _by_name(result.cards).keys() == from_set.keys() - {names[3], names[5]}
    assert [(bad.ident, bad.reason) for bad in result.report.invalid] == [
        (names[3], "not a list of face objects"), (names[5], "not a list of face objects")]


def test_mtgjson_all_identifiers_gives_the_cards_all_printings_gives(emn, shared_data, tmp_path):
    """AllIdentifiers ({"meta", "data": {uuid: printing}}) holds the printings of AllPrintings' sets' card lists, one
    object each keyed by its uuid: the same cards come out of it as out of AllPrintings of the same sets, but for
    their release days (a printing holds no set's). Before, each printing was taken for an AtomicCards entry
    written without its list, and the file refused as "not card data"."""
    with gzip.open(shared_data / "mtgjson" / "sets-2022-04" / "ZNR.json.gz", "rt") as fh:
        znr = json.load(fh)
    meta = {"date": "2022-04-25", "version": "5.2.0"}
    sets = {"EMN": emn["data"], "ZNR": znr["data"]}
    printings = {card["uuid"]: card for one in sets.values() for card in one["cards"] + one["tokens"]}
    all_printings = load_files([_write_json(tmp_path / "AllPrintings.json", {"meta": meta, "data": sets})])
    all_identifiers = load_files([_write_json(tmp_path / "AllIdentifiers.json", {"meta": meta, "data": printings})])
    assert all_identifiers.report.invalid_count == 0, all_identifiers.report.invalid[:3]
    assert all_identifiers.report.objects == all_printings.report.objects == len(printings)
    assert dict(all_identifiers.report.skipped) == dict(all_printings.report.skipped)  # tokens, meld results
    assert [replace(card, released_at=None) for card in all_printings.cards] == all_identifiers.cards
    assert all_identifiers.others == all_printings.others
    assert all_identifiers.meta["data_date"] == "2022-04-25"


def test_scryfall_layouts(fixtures, tmp_path):
    cards = _by_name(load_files([_write_json(tmp_path / "f.json", fixtures)]).cards)
    assert "Ajani Goldmane" in cards  # a reversible card: one card, its faces' own oracle id
    assert cards["Ajani Goldmane"].face_names == ("Ajani Goldmane",)
    assert cards["Ajani Goldmane"].source_mana_value == 4.0
    assert "Megatron" in cards["Blightsteel Colossus"].aliases  # a face's flavor_name
    assert "Brisela, Voice of Nightmares" not in cards
    for card in cards.values():
        assert card.layout not in ("token", "emblem", "art_series", "planar", "scheme", "vanguard")
        assert card.faces and all(f.name for f in card.faces)


def test_non_english_printed_name_is_not_an_alias(shared_data):
    result = load_files([shared_data / "scryfall" / "cards-2025-11-recorded.json"])
    for card in result.cards:
        for alias in card.aliases:
            assert alias.isascii() or "’" in alias or any(ch in alias for ch in "éûâíóáú"), alias


def test_unknown_future_layout_is_a_card(fixtures, tmp_path):
    normal = next(o for o in fixtures if o["layout"] == "normal")
    future = dict(normal, layout="hologram_2030")
    cards = load_files([_write_json(tmp_path / "f.json", [future])]).cards
    assert len(cards) == 1 and cards[0].layout == "hologram_2030"


# --- merging printings and sources -----------------------------------------------------------------

def _printing(obj: dict, legality: str, released: str) -> dict:
    p = copy.deepcopy(obj)
    p["legalities"]["commander"] = legality
    p["released_at"] = released
    return p


@pytest.mark.parametrize("legalities,expected", [
    (["legal", "not_legal"], "legal"),  # an unreleased or promo printing never hides a legal one
    (["not_legal", "legal"], "legal"),
    (["not_legal", "not_legal"], "not_legal"),
    (["legal", "banned"], "banned"),
    (["banned", "not_legal"], "banned"),
])
def test_any_printing_legal(fixtures, tmp_path, legalities, expected):
    base = next(o for o in fixtures if o["layout"] == "normal")
    objs = [_printing(base, leg, f"2020-01-0{i + 1}") for i, leg in enumerate(legalities)]
    cards = load_files([_write_json(tmp_path / "p.json", objs)]).cards
    assert [c.commander_legality for c in cards] == [expected]
    assert cards[0].released_at == "2020-01-01"


def test_missing_legality_is_not_legal(fixtures, tmp_path):
    base = copy.deepcopy(next(o for o in fixtures if o["layout"] == "normal"))
    del base["legalities"]
    assert load_files([_write_json(tmp_path / "p.json", [base])]).cards[0].commander_legality == "not_legal"


def test_newer_source_wins(fixtures, tmp_path):
    base = next(o for o in fixtures if o["layout"] == "normal")
    old = _write_json(tmp_path / "old.json", [_printing(base, "legal", "2019-01-01")])
    new = _write_json(tmp_path / "new.json", [_printing(base, "banned", "2024-01-01")])
    for order in ([old, new], [new, old]):
        result = load_files(order)
        assert [c.commander_legality for c in result.cards] == ["banned"]
        assert result.cards[0].released_at == "2019-01-01"
        assert result.meta["updated_at"] == "2024-01-01"


def test_newer_not_legal_printing_does_not_unmake_a_legal_card(fixtures, tmp_path):
    """A newer file holding only printings without a Commander legality (MTGJSON's Collector's Edition
    Tundra) keeps the older legal (or banned) status; a newer ban or unban still wins."""
    base = next(o for o in fixtures if o["layout"] == "normal")
    for older in ("legal", "banned"):
        old = _write_json(tmp_path / f"old-{older}.json", [_printing(base, older, "2019-01-01")])
        new = _write_json(tmp_path / "new-nl.json", [_printing(base, "not_legal", "2024-01-01")])
        assert [c.commander_legality for c in load_files([old, new]).cards] == [older]
    old = _write_json(tmp_path / "old-banned.json", [_printing(base, "banned", "2019-01-01")])
    new = _write_json(tmp_path / "new-legal.json", [_printing(base, "legal", "2024-01-01")])
    assert [c.commander_legality for c in load_files([old, new]).cards] == ["legal"]


def test_a_legality_older_than_the_data_keeps_its_own_date(fixtures, tmp_path):
    """Merged sources of several dates (the bundled snapshot): a card only the older source holds, or whose
    newer printings say nothing of Commander, keeps the older source's date beside its legality; a card the
    newest source speaks for has none (the store's date is its)."""
    base, other = [o for o in fixtures if o["layout"] == "normal"][:2]
    old = _write_json(tmp_path / "old.json", [_printing(base, "legal", "2019-01-01"),
                                             _printing(other, "legal", "2019-01-01")])
    new = _write_json(tmp_path / "new.json", [_printing(base, "banned", "2024-01-01")])
    cards = _by_name(load_files([old, new]).cards)
    assert (cards[base["name"]].legality_date, cards[other["name"]].legality_date) == (None, "2019-01-01")
    silent = _write_json(tmp_path / "silent.json", [_printing(base, "not_legal", "2024-01-01")])
    assert _by_name(load_files([old, silent]).cards)[base["name"]].legality_date == "2019-01-01"
    assert load_files([old]).cards[0].legality_date is None  # one source: its date is the store's


def test_newer_incomplete_card_keeps_complete_faces(shared_data, tmp_path):
    with gzip.open(shared_data / "mtgjson" / "sets-2022-04" / "ZNR.json.gz", "rt") as fh:
        znr = json.load(fh)
    front = copy.deepcopy(next(c for c in znr["data"]["cards"] if c.get("faceName") == "Shatterskull Smashing"))
    front["legalities"]["commander"] = "Banned"
    decks = tmp_path / "deck-cards.jsonl"
    decks.write_text(json.dumps(dict(front, originalReleaseDate="2026-01-01")) + "\n")
    result = load_files([_write_json(tmp_path / "ZNR.json", znr), decks])
    card = _by_name(result.cards)["Shatterskull Smashing // Shatterskull, the Hammer Pass"]
    assert len(card.faces) == 2 and card.complete
    assert card.commander_legality == "banned"
    assert result.report.incomplete == []


@pytest.fixture(scope="module")
def set_file_text(shared_data) -> bytes:
    """A real MTGJSON set file (Tenth Edition), uncompressed."""
    return gzip.decompress((shared_data / "mtgjson" / "sets-2022-04" / "10E.json.gz").read_bytes())


def _packed(kind: str, data: bytes, tmp_path: Path) -> Path:
    import bz2
    import lzma
    import zipfile

    path = tmp_path / f"10E.json.{kind}"
    if kind == "zip":
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
            archive.writestr("10E.json", data)
    elif kind == "xz-streams":  # two xz streams, one after the other, cut mid-value
        path.write_bytes(lzma.compress(data[:100_000]) + lzma.compress(data[100_000:]))
    else:
        path.write_bytes({"xz": lzma.compress, "bz2": bz2.compress}[kind](data))
    return path


@pytest.mark.parametrize("kind", ["xz", "bz2", "zip", "xz-streams"])
def test_mtgjson_s_xz_bzip2_and_zip_files_read_as_the_gzip(set_file_text, shared_data, tmp_path, monkeypatch, kind):
    """MTGJSON offers its files as .json.gz, .json.xz, .json.bz2 and .json.zip: each reads as the gzip does,
    decompressed a bounded piece at a time."""
    from deckcheck.sources import jsonstream as js

    want = load_files([shared_data / "mtgjson" / "sets-2022-04" / "10E.json.gz"])
    monkeypatch.setattr(js, "_INFLATE_SIZE", 1 << 16)
    monkeypatch.setattr(js, "_READ_SIZE", 1 << 14)
    path = _packed(kind, set_file_text, tmp_path)
    read: list[int] = []  # what a progress bar sized by the file is told
    assert max(map(len, js.byte_chunks(path, read.append))) <= 1 << 16
    size = path.stat().st_size
    assert size * 0.95 <= sum(read) <= size, (sum(read), size)
    got = load_files([path])
    assert len(got.cards) == len(want.cards) > 300
    assert got.cards == want.cards and got.meta["updated_at"] == "2022-04-25"


@pytest.mark.parametrize("kind", ["xz", "bz2"])
def test_a_cut_or_damaged_xz_or_bzip2_file_fails_with_one_line(set_file_text, tmp_path, kind):
    whole = _packed(kind, set_file_text, tmp_path).read_bytes()
    name = {"xz": "xz", "bz2": "bzip2"}[kind]
    for label, data, said in (("cut", whole[: len(whole) // 2], f"truncated {name} file"),
                              ("damaged", whole[:40] + bytes(200) + whole[240:], f"corrupt {name} data")):
        path = tmp_path / f"{label}.{kind}"
        path.write_bytes(data)
        with pytest.raises(InputError) as info:
            load_files([path])
        assert str(info.value).startswith(f"{path}: {said}") and "\n" not in str(info.value), label


def test_a_zip_of_several_files_says_it_reads_one(set_file_text, tmp_path):
    import zipfile

    path = tmp_path / "AllSetFiles.zip"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("10E.json", set_file_text)
        archive.writestr("M10.json", set_file_text)
    with pytest.raises(InputError, match=r"a zip archive of 2 files \(10E\.json, M10\.json\): deckcheck reads a "
                                         r"zip holding one card data file"):
        load_files([path])
    path.write_bytes(path.read_bytes()[:5000])  # cut: no central directory
    with pytest.raises(InputError, match="corrupt or unsupported zip archive"):
        load_files([path])


@pytest.mark.parametrize("method", ["ZIP_STORED", "ZIP_DEFLATED", "ZIP_LZMA"])
def test_a_zip_whose_member_is_damaged_fails_with_one_line(set_file_text, tmp_path, method):
    """Bytes flipped inside the member: a damaged LZMA member raised lzma.LZMAError, which ended the import with
    a traceback; now it is a corrupt zip, as a damaged stored or deflated member already was."""
    import zipfile

    path = tmp_path / "10E.json.zip"
    with zipfile.ZipFile(path, "w", getattr(zipfile, method)) as archive:
        archive.writestr("10E.json", set_file_text)
    data = bytearray(path.read_bytes())
    middle = len(data) // 3  # inside the member's data, past its header
    data[middle:middle + 64] = bytes(b ^ 0xFF for b in data[middle:middle + 64])
    path.write_bytes(data)
    with pytest.raises(InputError) as info:
        load_files([path])
    assert str(info.value).startswith(f"{path}: corrupt or unsupported zip archive (")
    assert "\n" not in str(info.value)


# --- bad input ------------------------------------------------------------------------------------

def test_truncated_gzip_fails_with_one_line(shared_data, tmp_path):
    data = (shared_data / "scryfall" / "all-cards-2019.json.gz").read_bytes()
    path = tmp_path / "cut.json.gz"
    path.write_bytes(data[: len(data) // 50])
    with pytest.raises(InputError) as info:
        load_files([path])
    message = str(info.value)
    assert str(path) in message and "truncated" in message and "\n" not in message


@pytest.mark.parametrize("content", [
    "[1, 2, 3]",
    '{"hello": "world"}',
    '{"meta": {"date": "2024-01-01"}, "data": {"foo": [1, 2]}}',
    "not json at all",
    "",
    '[{"name": "x"',
], ids=["numbers", "object", "mtgjson-without-cards", "text", "empty", "cut-json"])
def test_non_card_files_fail(tmp_path, content):
    path = tmp_path / "x.json"
    path.write_text(content)
    with pytest.raises(InputError) as info:
        load_files([path])
    assert str(path) in str(info.value)


def test_game_changers_list_is_not_card_data(shared_data):
    with pytest.raises(InputError, match="not card data"):
        load_files([shared_data / "game-changers-2026-09.json"])


def test_missing_file_fails(tmp_path):
    with pytest.raises(InputError, match="cannot read"):
        load_files([tmp_path / "nope.json"])


def test_invalid_object_is_skipped_and_reported(fixtures, tmp_path):
    objs = copy.deepcopy([o for o in fixtures if o["layout"] == "normal" and o["type_line"] != "Dungeon"])
    broken = objs[3]
    del broken["oracle_id"]
    objs[5]["cmc"] = "three"
    result = load_files([_write_json(tmp_path / "f.json", objs)])
    assert len(result.cards) == len(objs) - 2
    assert result.report.invalid_count == 2
    first, second = result.report.invalid
    assert first.ident == broken["name"] and "oracle_id" in first.reason
    assert second.ident == objs[5]["name"] and "cmc" in second.reason


@pytest.mark.parametrize("name", ["Odds // Ends", "Beanstalk Giant // Fertile Footsteps",
                                  "Nicol Bolas, the Ravager // Nicol Bolas, the Arisen"])
def test_a_face_without_its_mana_cost_is_an_invalid_object(fixtures, tmp_path, name):
    """Scryfall gives every face its mana_cost ("" for none; all 1,079 faces of ../shared/data do). A face
    without one was read as costing nothing: Odds // Ends colorless, of mana value 0, without a word. The
    object is invalid now, skipped and counted, rather than its costs guessed from the top-level mana_cost,
    which only split and adventure cards give joined by " // " (a flip card's is its first half's, a
    transforming card has none)."""
    card = copy.deepcopy(next(o for o in fixtures if o["name"] == name))
    del card["card_faces"][0]["mana_cost"]
    good = next(o for o in fixtures if o["layout"] == "normal")
    result = load_files([_write_json(tmp_path / "f.json", [good, card])])
    assert [c.name for c in result.cards] == [good["name"]]
    assert result.report.invalid_count == 1
    (bad,) = result.report.invalid
    assert (bad.ident, bad.reason) == (name, "card_faces/0: 'mana_cost' is a required property")


def _write_objects(path: Path, objs: list, shape: str) -> Path:
    if shape == "array":
        return _write_json(path, objs)
    path.write_text("".join(json.dumps(o) + "\n" for o in objs), encoding="utf-8")
    return path


@pytest.mark.parametrize("shape", ["array", "jsonl"])
@pytest.mark.parametrize("first", [{}, {"name": "Foo", "layout": "normal"}, 5, None],
                         ids=["empty", "no-card-keys", "number", "null"])
def test_a_bad_object_first_is_skipped_and_counted_as_one_second_is(fixtures, tmp_path, first, shape):
    """The file's kind was judged from its first object alone: a bad object first made the whole file "not card
    data", while the same object second was skipped and counted (and a JSON Lines file whose first line is no
    object, `5` or `null`, was not even JSON card data). The kind is now that of the first object shaped like a
    card, and the objects before it are invalid objects like any other."""
    good = [o for o in fixtures if o["layout"] == "normal"][:3]
    want = load_files([_write_objects(tmp_path / f"good.{shape}", [good[0], first, *good[1:]], shape)])
    assert want.report.invalid_count == 1 and len(want.cards) == 3
    got = load_files([_write_objects(tmp_path / f"first.{shape}", [first, *good], shape)])
    assert got.cards == want.cards
    assert (got.report.objects, got.report.invalid_count) == (4, 1)
    assert got.report.files[0]["format"] == "scryfall"


def test_a_file_s_kind_is_looked_for_in_its_first_hundred_objects(fixtures, tmp_path):
    good = next(o for o in fixtures if o["layout"] == "normal")
    result = load_files([_write_json(tmp_path / "99.json", [{}] * 99 + [good])])
    assert (len(result.cards), result.report.objects, result.report.invalid_count) == (1, 100, 99)
    path = _write_json(tmp_path / "100.json", [{}] * 100 + [good])
    with pytest.raises(InputError, match=r"100\.json: not card data: none of its first 100 objects is a Scryfall or "
                                         r"MTGJSON card$"):
        load_files([path])
    path = _write_json(tmp_path / "none.json", [{}, 5])
    with pytest.raises(InputError, match=r"none\.json: not card data: none of its objects is a Scryfall or MTGJSON "
                                         r"card$"):
        load_files([path])


@pytest.mark.parametrize("oracle_id, said", [(None, r"card_faces/\d: 'oracle_id' is a required property"),
                                             ("", r"card_faces/\d/oracle_id: '' should be non-empty")],
                         ids=["missing", "empty"])
def test_a_reversible_card_whose_faces_lack_their_oracle_id_is_counted_invalid(fixtures, tmp_path, oracle_id, said):
    """A reversible card's oracle_id is on its faces: faces without one were passed over, and the card was
    gone from the store without being counted anywhere."""
    card = copy.deepcopy(next(o for o in fixtures if o["layout"] == "reversible_card"))
    for face in card["card_faces"]:
        del face["oracle_id"]
        if oracle_id is not None:
            face["oracle_id"] = oracle_id
    good = next(o for o in fixtures if o["layout"] == "normal")
    result = load_files([_write_json(tmp_path / "f.json", [good, card])])
    assert [c.name for c in result.cards] == [good["name"]]
    assert result.report.invalid_count == 1
    assert re.fullmatch(said, result.report.invalid[0].reason), result.report.invalid[0].reason


# --- schemas ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["scryfall_card", "mtgjson_card", "mtgjson_atomic_card",
                                  "scryfall_bulk_data", "scryfall_bulk_entry"])
def test_schemas_are_draft_2020_12_and_compiled(name):
    """Each schema is valid Draft 2020-12 (checked by jsonschema, which an import whose objects are all valid no
    longer loads) and compiled into the fast predicate."""
    from jsonschema import Draft202012Validator

    validator = load_validator(name)
    assert validator.schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(validator.schema)
    assert validator.fast is not None


def test_an_import_of_valid_objects_does_not_load_jsonschema(fixtures, tmp_path):
    """jsonschema explains an invalid object; an import with none does not load it (0.13 s of `update`)."""
    path = _write_json(tmp_path / "cards.json", fixtures[:20])
    code = ("import sys; from deckcheck.sources import load_files; r = load_files([sys.argv[1]]); "
            "print(len(r.cards), r.report.invalid_count, 'jsonschema' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, check=True)
    cards, invalid, loaded = done.stdout.split()
    assert int(cards) > 10 and invalid == "0" and loaded == "False"
    bad = _write_json(tmp_path / "bad.json", [*fixtures[:20], dict(fixtures[0], name=3)])
    done = subprocess.run([sys.executable, "-c", code, str(bad)], capture_output=True, text=True, check=True)
    assert done.stdout.split()[1:] == ["1", "True"]  # the invalid object explained by jsonschema


def test_names_past_any_card_s_length_are_invalid_and_reported_in_a_line(fixtures, tmp_path):
    """A card file naming a card with megabytes of text stored it, and every later suggestion scored every
    typo against it; the schemas now stop card names at MAX_NAME_CHARS (the longest card's has 141), and
    the report names such an object in a line's worth."""
    from deckcheck.model.names import MAX_NAME_CHARS
    from deckcheck.sources.merge import MAX_IDENT

    def max_lengths(node, found):
        if isinstance(node, dict):
            for key, sub in node.items():
                if key in ("name", "faceName", "printed_name", "printedName") and isinstance(sub, dict):
                    found.add(sub.get("maxLength"))
                max_lengths(sub, found)
        return found

    for name in ("scryfall_card", "mtgjson_card", "mtgjson_atomic_card"):
        assert max_lengths(load_validator(name).schema, set()) == {MAX_NAME_CHARS}
    card = next(obj for obj in fixtures if obj["layout"] == "normal")
    long_one = dict(card, name="Long\nName " * 50_000, oracle_id="00000000-0000-4000-8000-000000000001")
    result = load_files([_write_json(tmp_path / "long.json", [card, long_one])])
    assert [c.name for c in result.cards] == [card["name"]] and result.report.invalid_count == 1
    (bad,) = result.report.invalid
    assert bad.ident == one_line(long_one["name"][:MAX_IDENT - 1] + "…") and "is too long" in bad.reason
    assert "\n" not in str(bad) and len(str(bad)) < 400


def _mutations(obj: dict):
    yield obj
    for key in list(obj)[:40]:
        yield {k: v for k, v in obj.items() if k != key}
        for bad in (None, 3, "x", "x" * 301, [], {}, True, ["Q"]):
            yield dict(obj, **{key: bad})


def test_fast_validator_agrees_with_jsonschema(fixtures, shared_data):
    sf = load_validator("scryfall_card")
    objs = fixtures + _objects(shared_data / "scryfall" / "cards-2025-11-recorded.json")[:100]
    for obj in objs:
        for variant in _mutations(obj):
            assert sf.is_valid(variant) == sf.jsonschema_is_valid(variant), (obj["name"], variant)
        for face in obj.get("card_faces") or ():
            for variant in _mutations(face):
                whole = dict(obj, card_faces=[variant])
                assert sf.is_valid(whole) == sf.jsonschema_is_valid(whole)
    mj = load_validator("mtgjson_card")
    with gzip.open(shared_data / "mtgjson" / "deck-cards-2026-01.jsonl.gz", "rt") as fh:
        lines = [json.loads(next(fh)) for _ in range(60)]
    for obj in lines:
        for variant in _mutations(obj):
            assert mj.is_valid(variant) == mj.jsonschema_is_valid(variant), variant.get("name")


def test_mtgjson_all_printings_shape(shared_data, emn, tmp_path):
    with gzip.open(shared_data / "mtgjson" / "sets-2022-04" / "ZNR.json.gz", "rt") as fh:
        znr = json.load(fh)
    whole = {"meta": emn["meta"], "data": {"EMN": emn["data"], "ZNR": znr["data"]}}
    from_all = load_files([_write_json(tmp_path / "AllPrintings.json.gz", whole, gz=True)])
    from_sets = load_files([_write_json(tmp_path / "EMN.json", emn), _write_json(tmp_path / "ZNR.json", znr)])
    assert from_all.cards == from_sets.cards
    assert dict(from_all.report.skipped) == dict(from_sets.report.skipped)
    assert len(from_all.cards) > 400


def test_a_printing_of_no_legalities_says_nothing_of_the_card_s(shared_data, tmp_path):
    """MTGJSON gives the printings of products never played (Collector's Edition, the gold-bordered World
    Championship decks) no legalities: a store of its deck-cards file called Bayou and City of Traitors "not
    legal", and so a deck playing them. Such a printing leaves the card's legality unknown, judged by the policy
    alone (and said nowhere as the data's). MTGJSON leaves out the formats a card is not legal in, so no legalities
    on any other printing is not legal: My Little Pony's Secret Lair cards, the Astral cards (Aswan Jaguar, also
    in a promo set), an AtomicCards entry (no set: the whole card's). Merged with data that knows, the known
    legality stands."""
    from deckcheck.model.vocab import LEGAL, NOT_LEGAL, UNKNOWN
    from deckcheck.policy import load_policy

    wanted = {"Bayou", "City of Traitors", "Chaos Orb", "Pinkie Pie", "Aswan Jaguar"}
    lines = []
    with gzip.open(shared_data / "mtgjson" / "deck-cards-2026-01.jsonl.gz", "rt", encoding="utf-8") as fh:
        lines = [line for line in fh if json.loads(line)["name"] in wanted]
    assert all(not json.loads(line)["legalities"] for line in lines)  # every printing of them in the file: none
    source = tmp_path / "deck-cards.jsonl"
    source.write_text("".join(lines), encoding="utf-8")
    cards = _by_name(load_files([source]).cards)
    assert {name: cards[name].commander_legality for name in wanted} == {
        "Bayou": UNKNOWN, "City of Traitors": UNKNOWN, "Chaos Orb": UNKNOWN, "Pinkie Pie": NOT_LEGAL,
        "Aswan Jaguar": NOT_LEGAL}
    atomic = tmp_path / "atomic.jsonl"  # Bayou's CE printing as a set-less object: a whole card's empty legalities
    bayou = next(json.loads(line) for line in lines if json.loads(line)["name"] == "Bayou")
    atomic.write_text(json.dumps({k: v for k, v in bayou.items() if k != "setCode"}) + "\n", encoding="utf-8")
    assert _by_name(load_files([atomic]).cards)["Bayou"].commander_legality == NOT_LEGAL
    policy = load_policy()
    assert policy.ban(cards["Bayou"]) is None and policy.ban(cards["Chaos Orb"]) is not None
    assert policy.data_disagreement(cards["Chaos Orb"]) is None  # the data said nothing to disagree with
    revised = shared_data / "mtgjson" / "sets-2022-04" / "3ED.json.gz"  # Bayou's legal printing, older data
    merged = _by_name(load_files([revised, source]).cards)
    assert merged["Bayou"].commander_legality == LEGAL


def test_a_card_s_release_is_its_earliest_printing_s_only_when_every_printing_has_a_day(tmp_path, shared_data):
    """MTGJSON's deck cards have no set around them: a promo carries its own day (originalReleaseDate), the other
    printings none. Demonic Tutor's Secret Lair promo of 2025-10-13 was given as its release, "the earliest printing
    in the card data", beside its Duel Decks printings of no day. A card of dated printings only keeps its day, and a
    set file dates every printing (Limited Edition Alpha's Demonic Tutor, 1993-08-05)."""
    wanted = {"Demonic Tutor", "Abby, Merciless Soldier"}
    with gzip.open(shared_data / "mtgjson" / "deck-cards-2026-01.jsonl.gz", "rt", encoding="utf-8") as fh:
        lines = [line for line in fh if json.loads(line)["name"] in wanted]
    source = tmp_path / "deck-cards.jsonl"
    source.write_text("".join(lines), encoding="utf-8")
    cards = _by_name(load_files([source]).cards)
    assert (cards["Demonic Tutor"].released_at, cards["Abby, Merciless Soldier"].released_at) == (None, "2025-10-27")
    alpha = shared_data / "mtgjson" / "sets-2022-04" / "LEA.json.gz"
    assert _by_name(load_files([alpha, source]).cards)["Demonic Tutor"].released_at == "1993-08-05"
