"""`deckcheck card` and `deckcheck info` end to end through main([...]) on the bundled snapshot."""

from __future__ import annotations

import io
import json

import pytest

from deckcheck.cli import main
from deckcheck.store import BUNDLED

pytestmark = pytest.mark.skipif(not BUNDLED.is_file(), reason="bundled snapshot data/cards.sqlite not built")
NO_STORE = "/nonexistent-deckcheck-store"  # falls back to the bundled snapshot


def _stdin(monkeypatch, data: str | bytes) -> None:
    """Standard input holding `data`, as a process has it (text over bytes)."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(raw), encoding="utf-8"))


def run_json(capsys, *names):
    code = main(["card", "--format", "json", "--data-dir", NO_STORE, *names])
    return code, json.loads(capsys.readouterr().out)


def test_card_json_shape_for_a_modal_dfc_asked_by_its_back_face(capsys):
    code, out = run_json(capsys, "Tergrid's Lantern")
    assert code == 0
    (card,) = out
    assert card == {
        "query": "Tergrid's Lantern",
        "name": "Tergrid, God of Fright // Tergrid's Lantern",
        "layout": "modal_dfc",
        "color_identity": "B",
        "mana_value": 5,
        "cast_mana_values": [  # each face where it is cast: on the stack, then on the battlefield (CR 712.8)
            {"face": "Tergrid, God of Fright", "zones": "stack and battlefield", "mana_value": 5, "x": 0},
            {"face": "Tergrid's Lantern", "zones": "stack and battlefield", "mana_value": 4, "x": 0}],
        "x": 0,
        "faces": card["faces"],
        "faces_missing": [],
        "can_be_commander": True,
        "commander_ineligible_reason": None,
        "commander_legality": "legal",
        "source_commander_legality": "legal",
        "game_changer": True,
        "source_game_changer": True,
        "source_color_identity": "B",
        "released_at": "2021-02-05",  # Kaldheim
    }
    assert [f["name"] for f in card["faces"]] == ["Tergrid, God of Fright", "Tergrid's Lantern"]
    assert [f["mana_cost"] for f in card["faces"]] == ["{3}{B}{B}", "{3}{B}"]
    assert set(card["faces"][0]) == {"name", "mana_cost", "type_line", "oracle_text", "color_indicator"}


@pytest.mark.parametrize("name, said", [
    ("Sol Ring", "no: it is not legendary (Artifact)"),
    ("The Eternity Elevator", "no: a legendary Spacecraft can lead only with a power/toughness box"),
    ("Folk Hero", 'no: a Background can be a commander only next to a commander with "Choose a Background"'),
    ("Inspirit, Flagship Vessel", "yes"),
    ("Valki, God of Lies", "yes"),
])
def test_card_says_whether_it_can_be_a_commander(capsys, name, said):
    """`card` said "commander: legal" of Sol Ring as of Inspirit: the format's legality, which reads as "can lead".
    It now says whether the card can be a commander, and why not, as `check` says it of a commander; the legality is
    the Commander format's."""
    assert main(["card", "--data-dir", NO_STORE, name]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert f"can be your commander: {said}" in lines
    assert any(line.startswith("Commander format: legal; ") for line in lines)
    assert main(["card", "--data-dir", NO_STORE, "--format", "json", name]) == 0
    (card,) = json.loads(capsys.readouterr().out)
    assert (card["can_be_commander"], card["commander_ineligible_reason"]) == (
        said == "yes", None if said == "yes" else said.removeprefix("no: "))


def test_card_says_the_name_it_was_asked_by_when_that_is_none_of_its_own(capsys):
    """A flavor name (Godzilla's) or a look-alike letter (a Cyrillic "о") finds the card, which said nothing of it:
    the name asked by is said beside the card's, and why for a look-alike letter; a face's name or another case is
    the card's own, and nothing is said."""
    assert main(["card", "--data-dir", NO_STORE, "Godzilla, Doom Inevitable", "P\u043ender", "insectile aberration",
                 "Sol Ring"]) == 0
    heads = [line for line in capsys.readouterr().out.splitlines() if line.endswith(("]", ")")) and "  [" in line]
    assert heads == ['Yidaro, Wandering Monster  [normal]  (asked as "Godzilla, Doom Inevitable")',
                     'Ponder  [normal]  (asked as "P\u043ender", a Cyrillic or Greek letter in it read as the Latin one '
                     'it looks like)', "Delver of Secrets // Insectile Aberration  [transform]", "Sol Ring  [normal]"]


def test_card_unknown_name_has_suggestions_and_exit_1(capsys):
    code, out = run_json(capsys, "Sol Ring", "Sol Rnig")
    assert code == 1
    assert out[0]["name"] == "Sol Ring" and out[0]["color_identity"] == ""
    assert out[1]["error"] == "unknown-card" and out[1]["query"] == "Sol Rnig"
    assert "Sol Ring" in out[1]["suggestions"]


def test_a_name_with_undecodable_bytes_is_unknown_not_a_damaged_store(capsys):
    """Python keeps bytes it can't decode in argv and standard input as lone surrogates, which SQLite can't
    take: such a name is no card's, and says so (it was reported as a damaged card store)."""
    code, out = run_json(capsys, "Sol Ring", "\udcff\udcfeabc")
    assert code == 1 and out[0]["name"] == "Sol Ring"
    assert out[1]["error"] == "unknown-card" and out[1]["query"] == "\udcff\udcfeabc"


def test_names_read_from_a_file_can_t_send_terminal_escapes(capsys, monkeypatch):
    """`deckcheck card -` printed an unknown name as read: an escape sequence in it reached the terminal."""
    _stdin(monkeypatch, "x\x1b[2J\x1b[31mred\nBrisela, Voice\x07 of Nightmares\nSol Ring\nArcane Signet\n")
    assert main(["card", "--data-dir", NO_STORE, "-"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("x\\x1b[2J\\x1b[31mred: unknown card") and "\x1b" not in out and "\x07" not in out


def test_card_reads_names_from_stdin(capsys, monkeypatch):
    _stdin(monkeypatch, "Fire/Ice\n\nLim-Dul's Vault\nAether Vial\n")
    code, out = run_json(capsys, "-")
    assert code == 0
    assert [c["name"] for c in out] == ["Fire // Ice", "Lim-Dûl's Vault", out[2]["name"]]
    assert out[2]["name"].lower().endswith("ther vial")
    assert out[0]["color_identity"] == "UR" and out[0]["mana_value"] == 4  # split: halves summed (709.4b)


def test_stdin_among_names_given_stands_where_its_dash_is(capsys, monkeypatch):
    """`card Forest - Island` reads standard input's names between the two (before, "-" was looked up as a card
    unless it stood alone); a second "-" is a usage error, as for `check`."""
    _stdin(monkeypatch, "Sol Ring\nFire/Ice\n")
    code, out = run_json(capsys, "Forest", "-", "Island")
    assert code == 0 and [c["name"] for c in out] == ["Forest", "Sol Ring", "Fire // Ice", "Island"]
    _stdin(monkeypatch, "Sol Ring\n")
    assert main(["card", "--data-dir", NO_STORE, "-", "-"]) == 2
    assert capsys.readouterr().err == "deckcheck: error: standard input (-) can be given only once\n"


def test_unknown_names_get_their_suggestions_in_one_pass_worded_as_check_words_them(capsys, monkeypatch):
    from deckcheck.store import CardStore

    names = ["Atraxa", "Sol Rnig", "uiddnm emblux", "Sol Ring", "Lightning Blot"]
    alone = []
    for name in names:
        main(["card", "--data-dir", NO_STORE, name])
        alone.append(capsys.readouterr().out.rstrip("\n"))
    passes = []
    suggest_many = CardStore.suggest_many
    monkeypatch.setattr(CardStore, "suggest_many", lambda self, wanted, *a, **k: passes.append(list(wanted)) or
                        suggest_many(self, wanted, *a, **k))
    _stdin(monkeypatch, "\n".join(names) + "\n")
    assert main(["card", "--data-dir", NO_STORE, "-"]) == 1
    assert capsys.readouterr().out.rstrip("\n").split("\n\n") == alone
    assert passes == [["Atraxa", "Sol Rnig", "uiddnm emblux", "Lightning Blot"]]
    # names hold commas, so the close names are joined with "or", as `deckcheck check` joins them
    assert alone[0] == ("Atraxa: unknown card; did you mean Atraxa, Praetors' Voice or Atraxa, Grand Unifier or "
                        "Atraxa's Fall?")
    assert alone[2] == "uiddnm emblux: unknown card; no close name found"


def test_names_on_stdin_are_read_as_a_decklist_s_bytes(capsys, monkeypatch):
    """Random bytes gave thousands of names, each with a search for close names (21 s for 3 MB); an empty
    input printed an empty line and exit 0. Names in Windows-1252 are read as a decklist's are."""
    _stdin(monkeypatch, bytes(range(256)) * 64)
    assert main(["card", "--data-dir", NO_STORE, "-"]) == 2
    assert capsys.readouterr().err == "deckcheck: error: <stdin>: not a text list of card names (binary data)\n"
    _stdin(monkeypatch, b"\n  \n")
    assert main(["card", "--data-dir", NO_STORE, "-"]) == 2
    assert capsys.readouterr().err == "deckcheck: error: <stdin>: no card names (one a line)\n"
    _stdin(monkeypatch, b"Lim-D\xfbl's Vault\r\n")
    code, out = run_json(capsys, "-")
    assert code == 0 and [c["name"] for c in out] == ["Lim-Dûl's Vault"]


def test_only_the_first_unknown_names_get_suggestions(capsys, monkeypatch):
    """100,000 made-up names took 70 s, nearly all finding close names; as in a deck, the first
    SUGGESTED_PER_DECK unknown names get them."""
    from deckcheck.rules.unknown import SUGGESTED_PER_DECK
    from deckcheck.store import CardStore

    names = [f"Sol Rnig {i}" for i in range(SUGGESTED_PER_DECK + 20)]
    passes = []
    suggest_many = CardStore.suggest_many
    monkeypatch.setattr(CardStore, "suggest_many", lambda self, wanted, *a, **k: passes.append(list(wanted)) or
                        suggest_many(self, wanted, *a, **k))
    _stdin(monkeypatch, "Sol Ring\n" + "\n".join(names) + "\n")
    assert main(["card", "--data-dir", NO_STORE, "-"]) == 1
    shown = capsys.readouterr().out.rstrip("\n").split("\n\n")
    assert passes == [names[:SUGGESTED_PER_DECK]]
    assert shown[0].startswith("Sol Ring  [normal]") and len(shown) == len(names) + 1
    assert all("did you mean" in line for line in shown[1:SUGGESTED_PER_DECK + 1])
    assert shown[SUGGESTED_PER_DECK + 1:] == [f"{name}: unknown card; no suggestions past the first "
                                              f"{SUGGESTED_PER_DECK} unknown names" for name in names[SUGGESTED_PER_DECK:]]


def test_an_empty_card_name_is_a_usage_error(capsys):
    assert main(["card", "--data-dir", NO_STORE, "Sol Ring", " "]) == 2
    assert capsys.readouterr().err.endswith("deckcheck card: error: argument NAME: a card name can't be empty\n")


def test_card_text_shows_mana_value_per_zone_and_both_identities(capsys):
    assert main(["card", "--data-dir", NO_STORE, "Emeria's Call"]) == 0
    out = capsys.readouterr().out
    assert "mana value: 7" in out
    assert "Emeria, Shattered Skyclave on the battlefield: 0" in out
    assert "color identity: W (source says W)" in out


def test_card_text_says_a_card_released_since_the_data_may_be_legal(capsys):
    """Aang's Iceberg (Avatar: The Last Airbender, released 2025-11-21) is not legal in the bundled objects,
    recorded before its release, and released no earlier than the data: `check` holds it legal from its release
    on (a warning), and so does `card`, in its text and its JSON (which said "not_legal" alone). Before its
    release, not legal. An Alchemy card, not legal and released before the data, says no such thing."""
    assert main(["card", "--data-dir", NO_STORE, "Aang's Iceberg", "A-Blood Artist"]) == 0
    iceberg, alchemy = capsys.readouterr().out.split("\n\n")
    said = ("released on 2025-11-21, {}: the card data of 2025-11-21 calls every card not yet released not legal); "
            "game changer: no")
    assert "Commander format: legal (" + said.format("from its release on") in iceberg.splitlines()
    assert "released: 2025-11-21 (the earliest printing in the card data)" in iceberg.splitlines()
    assert "Commander format: not legal; game changer: no" in alchemy.splitlines()
    assert main(["card", "--data-dir", NO_STORE, "--as-of", "2025-11-20", "Aang's Iceberg"]) == 0
    assert "Commander format: not legal (" + said.format("before its release") in capsys.readouterr().out.splitlines()
    assert main(["card", "--data-dir", NO_STORE, "--format", "json", "Aang's Iceberg", "A-Blood Artist"]) == 0
    iceberg, alchemy = json.loads(capsys.readouterr().out)
    assert (iceberg["commander_legality"], iceberg["source_commander_legality"]) == ("legal", "not_legal")
    assert alchemy["commander_legality"] == alchemy["source_commander_legality"] == "not_legal"


def test_a_game_changer_not_known_for_the_day_is_said_unknown_not_no(capsys):
    """Which cards left the Game Changers list on 2025-04-22 is not recorded: `card` said "game changer: no"
    (JSON false) for Kinnan on 2025-05-01, where `brackets` says it may have been one and counts it not."""
    assert main(["card", "--data-dir", NO_STORE, "--as-of", "2025-05-01", "Kinnan, Bonder Prodigy"]) == 0
    (line,) = [line for line in capsys.readouterr().out.splitlines() if line.startswith("Commander format:")]
    assert line.startswith("Commander format: legal; game changer: unknown (Kinnan, Bonder Prodigy may or may not "
                           "have been a Game Changer on 2025-05-01") and line.endswith("; not counted)")
    assert main(["card", "--data-dir", NO_STORE, "--format", "json", "--as-of", "2025-05-01",
                 "Kinnan, Bonder Prodigy", "Sol Ring"]) == 0
    kinnan, ring = json.loads(capsys.readouterr().out)
    assert kinnan["game_changer"] is None and "may or may not have been" in kinnan["game_changer_note"]
    assert ring["game_changer"] is False and "game_changer_note" not in ring


def test_info_says_what_the_snapshot_holds_and_its_date(capsys):
    """The snapshot's data is of 2026-01-03, its newest file's build; a card whose legality comes from an older
    file carries that file's date, which `card` names (test_legality_and_game_changer_are_check_s_...)."""
    assert main(["info", "--data-dir", NO_STORE]) == 0
    out = capsys.readouterr().out
    assert "card data as of: 2026-01-03\nbuilt: " in out
    assert "cards: 29304" in out  # (the dungeon Scryfall gives the layout "normal" is not one)


def test_a_meld_result_or_a_token_is_named_for_what_it_is_not_unknown(capsys):
    """Scryfall marks Brisela legal in Commander; it is the back halves of two cards, not a card."""
    code, out = run_json(capsys, "Brisela, Voice of Nightmares", "treasure")
    assert code == 1
    assert out == [
        {"query": "Brisela, Voice of Nightmares", "error": "not-a-deck-card", "kind": "meld_result",
         "object": "Brisela, Voice of Nightmares", "parts": ["Bruna, the Fading Light", "Gisela, the Broken Blade"]},
        {"query": "treasure", "error": "not-a-deck-card", "kind": "token", "object": "Treasure", "parts": []},
    ]
    assert main(["card", "--data-dir", NO_STORE, "Urza, Planeswalker"]) == 1
    assert capsys.readouterr().out == (
        '"Urza, Planeswalker" is a meld result, not a card a deck can hold: "The Mightstone and Weakstone" and '
        '"Urza, Lord Protector" meld into it on the battlefield (CR 712.4)\n')


def test_a_checklist_or_helper_card_is_a_game_aid_not_a_token(capsys):
    """Checklists, helper cards ("The Monarch") and World Championship ads come with the tokens, or as a card
    of layout normal, and have the type line "Card": neither a token nor a card a deck can hold."""
    code, out = run_json(capsys, "Innistrad Checklist", "The Monarch", "2002 World Championships Ad")
    assert code == 1
    assert [(o["error"], o["kind"], o["object"]) for o in out] == [
        ("not-a-deck-card", "game_aid", "Innistrad Checklist"), ("not-a-deck-card", "game_aid", "The Monarch"),
        ("not-a-deck-card", "game_aid", "2002 World Championships Ad")]
    assert main(["card", "--data-dir", NO_STORE, "Kai Budde Decklist"]) == 1
    assert capsys.readouterr().out == (
        '"Kai Budde Decklist" is a game aid (a checklist, helper or promotional card printed with the tokens), '
        'not a card a deck can hold\n')


def test_a_dungeon_is_said_a_dungeon_not_a_token_nor_a_card(capsys):
    """MTGJSON lists dungeons with the tokens, and Scryfall gives them the layout "normal": "Tomb of Annihilation"
    was said a token, and "Dungeon of the Mad Mage" a card not legal in Commander (a review). A dungeon begins
    outside the game (CR 309.2)."""
    code, out = run_json(capsys, "Tomb of Annihilation", "Dungeon of the Mad Mage")
    assert code == 1
    assert [(o["error"], o["kind"], o["object"]) for o in out] == [
        ("not-a-deck-card", "dungeon", "Tomb of Annihilation"),
        ("not-a-deck-card", "dungeon", "Dungeon of the Mad Mage")]
    code, out = run_json(capsys, "Undercity", "The Initiative")  # the back of The Initiative's helper card
    assert [(o["kind"], o["object"]) for o in out] == [("dungeon", "Undercity"), ("game_aid", "The Initiative")]
    assert main(["card", "--data-dir", NO_STORE, "Lost Mine of Phandelver"]) == 1
    assert capsys.readouterr().out == (
        '"Lost Mine of Phandelver" is a dungeon, ventured into from outside the game, not a card a deck can hold '
        '(CR 309.2)\n')


def test_a_card_s_text_can_t_move_the_cursor_or_forge_a_line(tmp_path, shared_data, capsys):
    """The card data's own text is printed as the card view's lines: a terminal escape or a carriage return in
    a name or rules text is escaped, as `check` escapes it (before, it was printed raw)."""
    objs = json.loads((shared_data / "scryfall" / "layout-fixtures.json").read_text(encoding="utf-8"))
    card = next(o for o in objs if o["layout"] == "normal" and o.get("oracle_text"))
    card["oracle_text"] += "\x1b[2J\rCommander format: legal"
    source = tmp_path / "cards.json"
    source.write_text(json.dumps([card]), encoding="utf-8")
    data_dir = tmp_path / "data"
    assert main(["update", "--file", str(source), "--data-dir", str(data_dir)]) == 0
    capsys.readouterr()
    assert main(["card", "--data-dir", str(data_dir), card["name"]]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\r" not in out and "\\x1b[2J\\rCommander format: legal" in out


def test_legality_and_game_changer_are_check_s_beside_the_card_data_s(capsys):
    """`card` said what the card data says: Mana Crypt legal, Biorhythm banned, Farewell no Game Changer, while
    `check` and `brackets` hold the opposite by the policy. Now it says the policy's verdict, and the data's
    where it differs."""
    lines = {}
    for name in ("Mana Crypt", "Biorhythm", "Lutri, the Spellchaser", "Sol Ring"):
        assert main(["card", "--data-dir", NO_STORE, "--as-of", "2026-03-01", name]) == 0
        lines[name] = next(line for line in capsys.readouterr().out.splitlines()
                           if line.startswith("Commander format:"))
    assert lines["Mana Crypt"] == ("Commander format: banned (on the banned list since 2024-09-23); the card data "
                                   "(2022-04-25) says legal; game changer: no")
    assert lines["Biorhythm"] == ("Commander format: legal; the card data (2026-01-03) says banned; game changer: "
                                  "yes (the card data says no)")  # the data's own day when the card has none of its own
    assert lines["Lutri, the Spellchaser"].startswith("Commander format: legal (banned as a companion only")
    assert lines["Sol Ring"] == "Commander format: legal; game changer: no"
    code, (crypt, farewell) = run_json(capsys, "Mana Crypt", "Farewell")
    assert (crypt["commander_legality"], crypt["source_commander_legality"]) == ("banned", "legal")
    assert crypt["ban"]["since"] == "2024-09-23" and crypt["ban"]["reason"] == "named"
    assert (farewell["game_changer"], farewell["source_game_changer"]) == (True, False)
    # before its ban, as check holds it on that date
    assert main(["card", "--data-dir", NO_STORE, "--as-of", "2024-01-01", "Mana Crypt"]) == 0
    assert "Commander format: legal; game changer: no" in capsys.readouterr().out


def test_mana_values_by_zone_say_where_each_face_can_be(capsys):
    """A modal double-faced card's land face is played, never on the stack, and a sorcery face never reaches the
    battlefield; X counts only on the stack (CR 202.3e). Before: "Shatterskull, the Hammer Pass on the stack or
    battlefield: 0" and the sorcery face's 2 with no word of its X."""
    assert main(["card", "--data-dir", NO_STORE, "Shatterskull Smashing", "Valki, God of Lies"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "  Shatterskull Smashing on the stack: 2 + X" in lines
    assert "  Shatterskull, the Hammer Pass on the battlefield: 0" in lines
    assert "  Tibalt, Cosmic Impostor on the stack or battlefield: 7" in lines


def test_a_permanent_face_s_mana_value_is_shown_on_the_battlefield_too(capsys):
    """An adventurer cast as itself resolves onto the battlefield with its own mana value, and a card whose faces
    share one value (a transforming double-faced card, 712.8e; a flip card, 710.2; any one-faced card) has it in
    every zone, X adding to it on the stack (202.3e). Before, Bonecrusher Giant was "on the stack" only, and every
    such card's value was said only of the library, hand, graveyard, exile and command zone."""
    assert main(["card", "--data-dir", NO_STORE, "Bonecrusher Giant", "Huntmaster of the Fells", "Kitsune Mystic",
                 "Endless One", "Sol Ring"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[lines.index("mana value: 3 (library, hand, graveyard, exile, command zone)") + 1:][:2] == [
        "  Bonecrusher Giant on the stack or battlefield: 3", "  Stomp on the stack: 2"]
    assert [line for line in lines if line.startswith("mana value: ")][1:] == [
        "mana value: 4 (every zone, either face up)", "mana value: 4 (every zone, either face up)",
        "mana value: 0 (every zone but the stack; on the stack 0 + X)", "mana value: 1 (every zone)"]
    code, (giant,) = run_json(capsys, "Bonecrusher Giant")
    assert [c["zones"] for c in giant["cast_mana_values"]] == ["stack and battlefield", "stack"]


def test_a_prepare_spell_s_mana_value_is_its_copy_s_never_the_card_s():
    """722.3-722.4: a preparation card is never its prepare spell; only a copy of that spell is cast. Its value is
    shown as the copy's. Before, "Forum's Favor on the stack: 1" read as the card's own value there. (No card data
    here holds a preparation card: this is the Scryfall fixture RULES.md names, names, types and costs only.)"""
    from deckcheck.commands.card import _zone_values, cast_values
    from deckcheck.model.card import Card, Face

    page = Card(oracle_id="", name="Honorbound Page // Forum's Favor", layout="prepare",
                faces=(Face("Honorbound Page", "{3}{W}", "Creature — Human Cleric"),
                       Face("Forum's Favor", "{W}", "Sorcery")))
    assert [c.get("copy", False) for c in cast_values(page)] == [False, True]
    assert _zone_values(page) == [
        "mana value: 4 (library, hand, graveyard, exile, command zone)",
        "  Honorbound Page on the stack or battlefield: 4",
        "  a copy of Forum's Favor on the stack: 1 (the card itself never is Forum's Favor)"]


def test_a_prototype_card_s_smaller_mana_value_is_shown(capsys):
    """Cast prototyped, a card has its prototype's mana value on the stack and battlefield (CR 718.3b), its own
    everywhere else, and there too when cast as itself (718.4); `card` showed only the first, then (until the
    second line) not the last, as if on the stack it always had the prototype's."""
    assert main(["card", "--data-dir", NO_STORE, "Phyrexian Fleshgorger"]) == 0
    lines = capsys.readouterr().out.splitlines()
    at = lines.index("mana value: 7 (library, hand, graveyard, exile, command zone)")
    assert lines[at + 1:at + 3] == ["  Phyrexian Fleshgorger on the stack or battlefield: 7",
                                    "  prototyped ({1}{B}{B}), on the stack or battlefield: 3"]


def test_a_card_the_data_holds_in_part_says_which_face_it_lacks(capsys):
    """In the text, and (new) in the JSON, whose one face costing {U} beside a mana value of 6 went unexplained."""
    assert main(["card", "--data-dir", NO_STORE, "Bottomless Pool"]) == 0
    assert ("  (the card data lacks Locker Room: its color identity and mana value are the source's)"
            in capsys.readouterr().out.splitlines())
    code, (pool, ring) = run_json(capsys, "Bottomless Pool", "Sol Ring")
    assert code == 0 and (pool["faces_missing"], pool["mana_value"], ring["faces_missing"]) == (["Locker Room"], 6, [])


def test_a_name_longer_than_any_card_s_says_it_was_not_searched(capsys):
    """`check` says a name past 300 characters is not searched for close names; `card` said "no close name
    found", as if it had looked."""
    name = "Sol Ring" + "a" * 300
    assert main(["card", "--data-dir", NO_STORE, name]) == 1
    assert capsys.readouterr().out == (f"{name}: unknown card; not searched for close names: at 308 characters, it "
                                       "is longer than any card's name\n")


def test_the_json_has_the_mana_values_per_zone_the_text_shows(capsys):
    """`card --format json` had one mana value; the text view also gave each face's on the stack, a prototype's and
    (new) a fused split card's, both halves cast together (CR 709.4d, 718.3b)."""
    code, cards = run_json(capsys, "Arcane Proxy", "Cut // Ribbons", "Alive // Well", "Sol Ring")
    assert code == 0
    assert [c["cast_mana_values"] for c in cards] == [
        [{"face": "Arcane Proxy", "zones": "stack and battlefield", "mana_value": 7, "x": 0},
         {"face": "Arcane Proxy", "zones": "stack and battlefield", "prototyped": "{1}{U}{U}", "mana_value": 3, "x": 0}],
        [{"face": "Cut", "zones": "stack", "mana_value": 2, "x": 0},
         {"face": "Ribbons", "zones": "stack", "mana_value": 2, "x": 1}],
        [{"face": "Alive", "zones": "stack", "mana_value": 4, "x": 0},
         {"face": "Well", "zones": "stack", "mana_value": 1, "x": 0},
         {"face": "Alive // Well", "zones": "stack", "fused": True, "mana_value": 5, "x": 0}],
        []]
    main(["card", "--data-dir", NO_STORE, "Alive // Well"])
    assert "  fused, both halves on the stack: 5\n" in capsys.readouterr().out
    # a card of one face with X: its {X}s too (the text said "on the stack 2 + X", the JSON only 2)
    code, (krasis,) = run_json(capsys, "Hydroid Krasis")
    assert (krasis["mana_value"], krasis["cast_mana_values"], krasis["x"]) == (2, [], 1)


def test_as_of_an_earlier_day_shows_no_disagreement_the_data_does_not_have(capsys):
    """The card data (2026-01-03) speaks for its own day: as of 2025-01-01, Gifts Ungiven was banned and Urza, Lord
    High Artificer a Game Changer, which the data, rightly for its day, does not say. `card` called both a
    disagreement ("the card data says legal"), where `check` notes none; a real one is still shown (Biorhythm)."""
    main(["card", "--data-dir", NO_STORE, "--as-of", "2025-01-01", "Gifts Ungiven"])
    assert capsys.readouterr().out.splitlines()[-2] == "Commander format: banned (on the banned list); game changer: no"
    main(["card", "--data-dir", NO_STORE, "--as-of", "2025-06-01", "Urza, Lord High Artificer"])
    assert capsys.readouterr().out.splitlines()[-2] == "Commander format: legal; game changer: yes"
    main(["card", "--data-dir", NO_STORE, "Biorhythm"])
    assert "the card data (2026-01-03) says banned" in capsys.readouterr().out
    # and none that says the value shown again: Humility's own card data (2022-04-25) has no Game Changers list
    main(["card", "--data-dir", NO_STORE, "--as-of", "2025-03-01", "Humility"])
    assert capsys.readouterr().out.splitlines()[-2] == "Commander format: legal; game changer: no"


def test_a_meld_card_s_mana_value_on_the_stack_and_melded(capsys):
    """`card` of a meld card gave only its value off the battlefield: on the stack and battlefield it is its own,
    and the melded permanent's is the total of both cards' (712.8g), which the melded result never has alone."""
    code, out = run_json(capsys, "Bruna, the Fading Light", "Urza, Lord Protector")
    assert code == 0 and out[0]["cast_mana_values"] == [
        {"face": "Bruna, the Fading Light", "zones": "stack and battlefield", "mana_value": 7, "x": 0},
        {"face": "Brisela, Voice of Nightmares", "zones": "battlefield", "melded": "Brisela, Voice of Nightmares",
         "with": "Gisela, the Broken Blade", "mana_value": 11, "x": 0}]
    assert out[1]["cast_mana_values"][1]["mana_value"] == 3 + 5  # with The Mightstone and Weakstone
    assert main(["card", "--data-dir", NO_STORE, "Gisela, the Broken Blade"]) == 0
    text = capsys.readouterr().out
    assert "  melded with Bruna, the Fading Light, as Brisela, Voice of Nightmares on the battlefield: 11" in text
    assert "  Gisela, the Broken Blade on the stack or battlefield: 4" in text
    assert main(["card", "--data-dir", NO_STORE, "Hanweir Battlements"]) == 0  # a land: played, never cast
    text = capsys.readouterr().out
    assert "  Hanweir Battlements on the battlefield: 0" in text and "on the stack" not in text


def test_a_name_given_in_utf8_under_a_locale_python_reads_otherwise_is_read_as_utf8():
    """In a C locale with Python's UTF-8 mode off, the command line's "Lim-Dûl" came as surrogate escapes: the card
    was unknown, and `--commander` so named added an unknown commander. A name whose bytes are UTF-8 is read so."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    env = dict(os.environ, PYTHONUTF8="0", LC_ALL="C", PYTHONIOENCODING="utf-8",
               PYTHONPATH=str(Path(__file__).resolve().parent.parent))
    done = subprocess.run([sys.executable, "-m", "deckcheck", "card", "--format", "json", "Lim-Dûl's Vault"],
                          env=env, capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)[0]["name"] == "Lim-Dûl's Vault"


def test_a_day_before_the_recorded_policy_history_is_said_as_check_says_it(capsys):
    """`check --as-of 2015-01-01` notes that the banned list before 2024-09-23 is not recorded; `card` showed the
    legality of that day with no word of it."""
    assert main(["card", "--data-dir", NO_STORE, "--as-of", "2015-01-01", "Golos, Tireless Pilgrim"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[-1].startswith("note: policy history before 2024-09-23 is not recorded")
    assert main(["card", "--data-dir", NO_STORE, "--as-of", "2015-01-01", "--format", "json", "Sol Ring"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)[0]["name"] == "Sol Ring"
    assert captured.err.splitlines()[-1].startswith("deckcheck: note: policy history before 2024-09-23")
    assert main(["card", "--data-dir", NO_STORE, "--as-of", "2025-01-01", "Sol Ring"]) == 0
    assert "note:" not in capsys.readouterr().out
    # a day to come, as `check` notes it: today's lists are used (before, `card` said nothing of it)
    assert main(["card", "--data-dir", NO_STORE, "--as-of", "2999-01-01", "Sol Ring"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("note: 2999-01-01 is a day to come: the banned and "
                                                               "Game Changers lists as they stand today")


def test_a_room_s_values_with_both_doors_or_neither_unlocked():
    """A Room on the battlefield has the mana value of its unlocked halves (709.5): `card` gave each half's alone,
    not both halves' (11 for Funeral Room // Awakening Hall), nor 0 with neither unlocked (it entered uncast). The
    bundled snapshot holds one half of each Room, so the other is added as in test_model_rulings (MTGJSON's
    Bottomless Pool: Locker Room's mana value 5, blue)."""
    from dataclasses import replace

    from deckcheck.commands.card import _zone_values, cast_values
    from deckcheck.model.card import Face
    from deckcheck.store import CardStore

    pool = CardStore.open(str(BUNDLED.parent)).lookup("Bottomless Pool")
    room = replace(pool, faces=(pool.front, Face("Locker Room", "{4}{U}", pool.front.type_line, "")), complete=True)
    assert [(c["face"], c["zones"], c.get("unlocked"), c["mana_value"]) for c in cast_values(room)] == [
        ("Bottomless Pool", "stack and battlefield", None, 1), ("Locker Room", "stack and battlefield", None, 5),
        (room.name, "battlefield", "both", 6), (room.name, "battlefield", "neither", 0)]
    assert _zone_values(room)[-2:] == ["  both doors unlocked, on the battlefield: 6",
                                       "  neither door unlocked (it entered uncast), on the battlefield: 0"]
    assert [c.get("unlocked") for c in cast_values(pool)] == []  # the data's one half: no whole card to speak of
