"""The dated Commander policy (deckcheck/policy.py, data/policy) on real cards from ../shared/data.

Cards come from two real sources, turned into deckcheck Cards by the small factories below: Scryfall's
2019 bulk file (every card up to Throne of Eldraine, incl. Conspiracy, ante and the removed cards) and
MTGJSON's 2026-01 deck-card file (newer cards, with `isGameChanger` and 2026-01 legalities).
"""

from __future__ import annotations

import gzip
import json
from datetime import date, timedelta
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

from deckcheck.errors import DeckcheckError
from deckcheck.model.card import Card, Face
from deckcheck.model.names import name_key
from deckcheck.policy import (
    ANTE,
    COMPANION,
    CONSPIRACY,
    NAMED,
    OFFENSIVE,
    POLICY_DIR,
    Policy,
    load_policy,
)

SHARED = Path(__file__).resolve().parent.parent.parent / "shared" / "data"
MTGJSON_DATE = date(2026, 1, 3)  # MTGJSON 5.2.2+20260103
D = date.fromisoformat


# --- small factories: real source objects -> Card ---------------------------------------------------
def _face(o: dict[str, Any]) -> Face:
    return Face(name=o["name"], mana_cost=o.get("mana_cost", ""), type_line=o.get("type_line", ""),
                oracle_text=o.get("oracle_text", ""), power=o.get("power"), toughness=o.get("toughness"),
                loyalty=o.get("loyalty"))


def card_from_scryfall(o: dict[str, Any]) -> Card:
    """A Card from one Scryfall card object (enough for policy and bracket tests)."""
    faces = tuple(_face(f) for f in o["card_faces"]) if o.get("card_faces") else (_face(o),)
    return Card(oracle_id=o.get("oracle_id") or o["card_faces"][0].get("oracle_id", o["id"]), name=o["name"],
                layout=o["layout"], faces=faces,
                commander_legality=o.get("legalities", {}).get("commander", "not_legal"),
                game_changer=bool(o.get("game_changer", False)), released_at=o.get("released_at"))


def cards_from_mtgjson(objs: list[dict[str, Any]]) -> Card:
    """A Card from the MTGJSON objects of one card (one object per face for multi-face cards)."""
    objs = sorted(objs, key=lambda o: o.get("side", "a"))
    faces = tuple(Face(name=o.get("faceName", o["name"]), mana_cost=o.get("manaCost", ""), type_line=o["type"],
                       oracle_text=o.get("text", ""), power=o.get("power"), toughness=o.get("toughness"),
                       loyalty=o.get("loyalty")) for o in objs)
    first = objs[0]
    legality = first.get("legalities", {}).get("commander", "not_legal").lower()
    return Card(oracle_id=first.get("identifiers", {}).get("scryfallOracleId", first["uuid"]), name=first["name"],
                layout=first["layout"], faces=faces, commander_legality=legality,
                game_changer=bool(first.get("isGameChanger", False)))


@lru_cache(maxsize=1)
def scryfall_2019() -> dict[str, Card]:
    """Folded name -> Card for every oracle card in Scryfall's 2019 bulk file (English printings first)."""
    with gzip.open(SHARED / "scryfall" / "all-cards-2019.json.gz", "rt", encoding="utf-8") as f:
        objs = json.load(f)
    out: dict[str, Card] = {}
    for o in sorted(objs, key=lambda o: o.get("lang") != "en"):
        if o.get("layout") in ("token", "double_faced_token", "emblem", "art_series", "planar", "scheme",
                               "vanguard"):
            continue
        out.setdefault(name_key(o["name"]), card_from_scryfall(o))
    return out


@lru_cache(maxsize=1)
def mtgjson_2026() -> dict[str, Card]:
    """Folded name -> Card for every card in MTGJSON's 2026-01 deck-card file."""
    by_uuid_group: dict[str, dict[str, dict[str, Any]]] = {}
    with gzip.open(SHARED / "mtgjson" / "deck-cards-2026-01.jsonl.gz", "rt", encoding="utf-8") as f:
        for line in f:
            o = json.loads(line)
            sides = by_uuid_group.setdefault(o["name"], {})
            sides.setdefault(o.get("side", "a"), o)
    return {name_key(name): cards_from_mtgjson(list(sides.values())) for name, sides in by_uuid_group.items()}


@lru_cache(maxsize=1)
def _by_any_name() -> dict[str, Card]:
    index: dict[str, Card] = {}

    def put(key: str, card: Card) -> None:
        old = index.get(key)
        if old is None or len(card.faces) >= len(old.faces):  # some MTGJSON deck files hold one face only
            index[key] = card

    for source in (scryfall_2019(), mtgjson_2026()):  # the newer source wins
        for card in source.values():
            for n in card.names:
                put(name_key(n), card)
        for card in source.values():
            put(name_key(card.name), card)  # a full name beats another card's face name
    return index


def real_card(name: str) -> Card:
    """The newest real Card answering to that name (full or face name): MTGJSON 2026-01, else Scryfall 2019."""
    card = _by_any_name().get(name_key(name))
    if card is None:
        raise LookupError(f"{name!r} is in neither real data file")
    return card


@pytest.fixture(scope="module")
def policy(shared_data: Path) -> Policy:
    return load_policy()


# --- the data files ---------------------------------------------------------------------------------
def test_load_policy_is_cached_and_dated() -> None:
    p = load_policy()
    assert load_policy() is p and load_policy(POLICY_DIR) is p
    assert p.latest_event == D("2026-09-22")
    assert p.known_from() == D("2024-09-23")


def test_every_event_has_date_url_and_note() -> None:
    for name in ("banned-list.json", "game-changers.json"):
        data = json.loads((POLICY_DIR / name).read_text(encoding="utf-8"))
        for event in data["events"]:
            assert set(event) >= {"date", "list", "change", "cards", "url", "note"}, event
            assert event["url"].startswith("https://"), event
            D(event["date"])


def test_every_policy_name_is_a_real_card(shared_data: Path) -> None:
    """Catches typos: each name is in the real data, except cards newer than both files."""
    # cards printed after 2019 that no precon of the 2026-01 file holds
    newer = {"Nadu, Winged Wisdom", "Jeweled Lotus", "Hullbreacher", "Opposition Agent", "Orcish Bowmasters",
             "The One Ring"}
    names: set[str] = set()
    for file in ("banned-list.json", "game-changers.json"):
        data = json.loads((POLICY_DIR / file).read_text(encoding="utf-8"))
        names.update(data["baseline"]["cards"])
        for event in data["events"]:
            names.update(event["cards"])
            names.update(event.get("uncertain", {}).get("of", []))
    cats = json.loads((POLICY_DIR / "category-bans.json").read_text(encoding="utf-8"))
    names.update(cats["ante"]["cards"], cats["offensive"]["cards"])
    missing = set()
    for n in names:
        try:
            found = real_card(n)
        except LookupError:
            missing.add(n)
            continue
        assert found.name == n, f"policy spells {n!r}, the card data {found.name!r}"
    assert missing == newer


def test_malformed_policy_is_a_one_line_error(tmp_path: Path) -> None:
    for name in ("banned-list.json", "game-changers.json", "category-bans.json"):
        (tmp_path / name).write_text((POLICY_DIR / name).read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "game-changers.json").write_text('{"events": [', encoding="utf-8")
    with pytest.raises(DeckcheckError, match="game-changers.json: policy data is not valid JSON"):
        load_policy(tmp_path)
    (tmp_path / "game-changers.json").write_text('{"known_from": "2025-02-11"}', encoding="utf-8")
    with pytest.raises(DeckcheckError, match="malformed policy data"):
        load_policy(tmp_path)
    with pytest.raises(DeckcheckError, match="cannot read policy data"):
        load_policy(tmp_path / "nowhere")


# --- the banned list as of a date -------------------------------------------------------------------
@pytest.mark.parametrize(
    ("card", "event_day", "before", "after"),
    [
        ("Dockside Extortionist", "2024-09-23", None, NAMED),
        ("Mana Crypt", "2024-09-23", None, NAMED),
        ("Gifts Ungiven", "2025-04-22", NAMED, None),
        ("Braids, Cabal Minion", "2025-04-22", NAMED, None),
        ("Coalition Victory", "2025-04-22", NAMED, None),
        ("Panoptic Mirror", "2025-04-22", NAMED, None),
        ("Biorhythm", "2026-02-09", NAMED, None),
        ("Lutri, the Spellchaser", "2026-02-09", NAMED, None),
        ("Primeval Titan", "2026-02-09", NAMED, NAMED),
    ],
)
def test_ban_event_boundaries(policy: Policy, card: str, event_day: str, before: str | None,
                              after: str | None) -> None:
    c = real_card(card)
    day = D(event_day)
    got_before = policy.ban(c, day - timedelta(days=1))
    got_on = policy.ban(c, day)
    assert (got_before.reason if got_before else None) == before
    assert (got_on.reason if got_on else None) == after


def test_dockside_in_2019_is_legal_today_banned(policy: Policy) -> None:
    dockside = real_card("Dockside Extortionist")
    assert policy.ban(dockside, D("2019-08-23")) is None
    ban = policy.ban(dockside)
    assert ban is not None and ban.reason == NAMED and ban.since == D("2024-09-23")
    assert ban.source.startswith("https://magic.wizards.com/") and "september-23-2024" in ban.source
    assert "not recorded" in (policy.history_note(D("2019-08-23")) or "")
    assert policy.history_note(D("2024-09-23")) is None


def test_baseline_bans_have_no_start_date(policy: Policy) -> None:
    ban = policy.ban(real_card("Griselbrand"), D("2019-01-01"))
    assert ban is not None and ban.since is None and ban.reason == NAMED


def test_lutri_banned_only_as_companion_from_2026_02_09(policy: Policy) -> None:
    lutri = real_card("Lutri, the Spellchaser")
    assert lutri.commander_legality == "banned"  # the 2026-01 data predates the change
    assert policy.ban(lutri) is None
    companion = policy.companion_ban(lutri)
    assert companion is not None and companion.reason == COMPANION
    assert "february-9-2026" in companion.source
    # its ban before has no known start: the companion-only status is dated by its own (it was None: "banned as a
    # companion (banned as a companion only)", with no date)
    assert companion.since == D("2026-02-09")
    old = policy.companion_ban(lutri, D("2026-02-08"))
    assert old is not None and old.reason == NAMED
    assert policy.companion_ban(real_card("Jegantha, the Wellspring")) is None
    # a card banned outright can't be a companion either
    assert policy.companion_ban(real_card("Golos, Tireless Pilgrim")).reason == NAMED


def test_biorhythm_unbanned_and_game_changer(policy: Policy) -> None:
    bio = real_card("Biorhythm")
    assert bio.commander_legality == "banned"
    assert policy.ban(bio) is None
    assert policy.is_game_changer(bio)
    assert policy.ban(bio, D("2026-02-08")) is not None and not policy.is_game_changer(bio, D("2026-02-08"))


def test_face_and_folded_names_match(policy: Policy) -> None:
    tergrid = real_card("Tergrid, God of Fright")  # found by its front face
    assert tergrid.name == "Tergrid, God of Fright // Tergrid's Lantern"
    assert policy.is_game_changer(tergrid)
    renamed = Card(oracle_id="x", name="tergrid,   GOD of fright", layout="normal",
                   faces=(Face(name="tergrid,   GOD of fright"),))
    assert policy.is_game_changer(renamed)
    assert not policy.is_game_changer(real_card("Tergrid's Shadow"))


def test_the_newer_of_the_card_data_and_the_policy_wins(policy: Policy) -> None:
    """RULES.md: where a card's own data disagrees with the policy, the newer wins. Card data made after the
    policy's last event (a ban or unban announced since) was overruled: a newly banned card passed, an unbanned
    one stayed banned. The data wins from its own day on; before it, and where it is older, the policy does."""
    from dataclasses import replace

    newer = policy.latest_event + timedelta(days=30)
    later, before = newer + timedelta(days=1), newer - timedelta(days=1)
    crypt = real_card("Mana Crypt")
    assert policy.ban(crypt, later) is not None  # banned since 2024-09-23 by the policy
    unbanned = replace(crypt, commander_legality="legal")
    assert policy.ban(unbanned, later, newer) is None and policy.ban(unbanned, newer, newer) is None
    assert policy.ban(unbanned, before, newer) is not None  # the data says nothing of the days before its own
    assert policy.ban(unbanned, later, policy.latest_event) is not None  # data as old as the policy: the policy
    assert "the card data is used" in policy.data_disagreement(unbanned, later, newer)
    assert "the policy is used" in policy.data_disagreement(unbanned, later, policy.latest_event)
    ring = replace(real_card("Sol Ring"), commander_legality="banned")
    assert policy.ban(ring, later) is None
    ban = policy.ban(ring, later, newer)
    assert ban is not None and ban.reason == "data" and newer.isoformat() in ban.note
    assert policy.companion_ban(ring, later, newer) == ban
    # what no card data can say stays the policy's: a category ban, a ban as a companion only
    ante = replace(real_card("Contract from Below"), commander_legality="legal")
    assert policy.ban(ante, later, newer) is not None
    lutri = replace(real_card("Lutri, the Spellchaser"), commander_legality="banned")
    assert policy.ban(lutri, later, newer) is None and policy.companion_ban(lutri, later, newer).reason == "companion"
    # a Game Changer the newer data names is one; one it does not name stays one (its data may carry no flag)
    flagged = replace(real_card("Sol Ring"), game_changer=True)
    assert policy.game_changer_status(flagged, later, newer).member is True
    assert policy.game_changer_status(flagged, before, newer).member is False
    assert "the card data is used" in policy.game_changer_disagreement(flagged, later, newer)
    unflagged = replace(real_card("Demonic Tutor"), game_changer=False)
    assert policy.game_changer_status(unflagged, later, newer).member is True


def test_a_spell_face_named_as_a_listed_card_is_not_that_card(policy: Policy) -> None:
    """Secrets of Strixhaven's prepare cards carry famous spells as their inset faces ("Emeritus of Ideation //
    Ancestral Recall", "Emeritus of Woe // Demonic Tutor"): matched by every face's name, each was banned or a
    Game Changer, as the card it shares a face's name with. The lists call a card by its full or front name."""
    banned, gc = real_card("Ancestral Recall"), real_card("Demonic Tutor")
    assert policy.ban(banned) is not None and policy.is_game_changer(gc)
    for spell, front in ((banned, "Emeritus of Ideation"), (gc, "Emeritus of Woe")):
        prepare = Card(oracle_id=f"prepare-{front}", name=f"{front} // {spell.name}", layout="prepare",
                       faces=(Face(name=front, mana_cost="{3}{U}", type_line="Creature — Human Wizard"),
                              Face(name=spell.name, mana_cost=spell.front.mana_cost, type_line=spell.front.type_line)),
                       commander_legality="legal")
        assert policy.ban(prepare) is None and not policy.is_game_changer(prepare)
        assert policy.data_disagreement(prepare) is None


@pytest.mark.parametrize(
    ("card", "reason"),
    [
        ("Backup Plan", CONSPIRACY),
        ("Brago's Favor", CONSPIRACY),
        ("Contract from Below", ANTE),
        ("Timmerian Fiends", ANTE),
        ("Invoke Prejudice", OFFENSIVE),
        ("Stone-Throwing Devils", OFFENSIVE),
    ],
)
def test_category_bans(policy: Policy, card: str, reason: str) -> None:
    ban = policy.ban(real_card(card), D("2019-01-01"))
    assert ban is not None and ban.reason == reason and ban.since is None
    assert policy.ban(real_card(card)).reason == reason


def test_ante_pattern_finds_exactly_the_nine(policy: Policy) -> None:
    found = {c.name for c in scryfall_2019().values() if policy.ban(c) and policy.ban(c).reason == ANTE}
    assert found == {"Amulet of Quoz", "Bronze Tablet", "Contract from Below", "Darkpact", "Demonic Attorney",
                     "Jeweled Bird", "Rebirth", "Tempest Efreet", "Timmerian Fiends"}


def test_conspiracies_all_banned(policy: Policy) -> None:
    found = {c.name for c in scryfall_2019().values() if policy.ban(c) and policy.ban(c).reason == CONSPIRACY}
    assert 20 <= len(found) <= 30  # "about 25" (RULES.md 3.2); the 2019 file has both Conspiracy sets
    assert "Advantageous Proclamation" in found and "Double Stroke" in found


def test_ordinary_cards_not_banned(policy: Policy) -> None:
    for name in ("Sol Ring", "Lightning Bolt", "Worldfire", "Time Warp", "Farewell"):
        assert policy.ban(real_card(name)) is None, name


# --- Game Changers ----------------------------------------------------------------------------------
def test_game_changers_today_equal_the_2026_09_list(policy: Policy, shared_data: Path) -> None:
    expected = set(json.loads((shared_data / "game-changers-2026-09.json").read_text(encoding="utf-8")))
    assert len(expected) == 53
    assert policy.game_changers() == expected
    assert policy.game_changers(D("2026-09-03")) == expected
    assert policy.uncertain_game_changers() == frozenset()


@pytest.mark.parametrize(
    ("day", "certain", "uncertain"),
    [("2025-02-10", 0, 0), ("2025-02-11", 40, 0), ("2025-04-21", 40, 0), ("2025-04-22", 59, 4),
     ("2025-10-20", 59, 4), ("2025-10-21", 51, 0), ("2026-02-08", 51, 0), ("2026-02-09", 53, 0)],
)
def test_game_changer_counts_by_period(policy: Policy, day: str, certain: int, uncertain: int) -> None:
    assert len(policy.game_changers(D(day))) == certain
    assert len(policy.uncertain_game_changers(D(day))) == uncertain


def test_uncertain_game_changers_are_honest(policy: Policy) -> None:
    kinnan = real_card("Kinnan, Bonder Prodigy")
    assert policy.is_game_changer(kinnan, D("2025-03-01"))
    status = policy.game_changer_status(kinnan, D("2025-06-01"))
    assert status.member is None and not status.certain and "not recorded" in status.note
    assert not policy.is_game_changer(kinnan, D("2025-06-01"))  # only certain members count
    assert "not fully known" in policy.history_note(D("2025-06-01"))
    assert policy.game_changer_status(kinnan).member is False and policy.game_changer_status(kinnan).certain
    urza = real_card("Urza, Lord High Artificer")
    assert policy.is_game_changer(urza, D("2025-10-20")) and not policy.is_game_changer(urza, D("2025-10-21"))
    sway = real_card("Sway of the Stars")
    assert not policy.is_game_changer(sway, D("2025-04-21")) and policy.ban(sway, D("2025-04-21"))
    assert policy.is_game_changer(sway, D("2025-04-22")) and not policy.ban(sway, D("2025-04-22"))
    assert not policy.is_game_changer(sway, D("2025-10-21"))


def test_game_changers_match_mtgjson_2026_01_flags(policy: Policy) -> None:
    """MTGJSON's isGameChanger (2026-01-03) equals the policy's list on that date for every card present."""
    cards = mtgjson_2026().values()
    flagged = {c.name for c in cards if c.game_changer}
    on_list = {c.name for c in cards if policy.is_game_changer(c, MTGJSON_DATE)}
    assert len(flagged) == 42
    assert flagged == on_list


# --- disagreements with the card data ---------------------------------------------------------------
def test_data_disagreement_biorhythm_and_lutri(policy: Policy) -> None:
    note = policy.data_disagreement(real_card("Biorhythm"), data_date=MTGJSON_DATE)
    assert note is not None
    assert note.startswith("Biorhythm: the card data (2026-01-03) says banned")
    assert "says legal (unbanned 2026-02-09" in note and "\n" not in note
    lutri = policy.data_disagreement(real_card("Lutri, the Spellchaser"), data_date=MTGJSON_DATE)
    assert "legal except as a companion" in lutri and "2026-02-09" in lutri
    # as of a date before the unban, the 2026-01 data agrees with the policy
    assert policy.data_disagreement(real_card("Biorhythm"), D("2025-06-01"), MTGJSON_DATE) is None
    assert policy.data_disagreement(real_card("Sol Ring"), data_date=MTGJSON_DATE) is None


def test_data_disagreement_stale_2019_data(policy: Policy) -> None:
    crypt = scryfall_2019()[name_key("Mana Crypt")]
    assert crypt.commander_legality == "legal"
    note = policy.data_disagreement(crypt, data_date=D("2019-10-04"))
    assert note is not None and "says legal" in note and "says banned (banned 2024-09-23" in note
    # a 2019 check of 2019 data: no disagreement
    assert policy.data_disagreement(crypt, D("2019-10-04"), D("2019-10-04")) is None
    braids = scryfall_2019()[name_key("Braids, Cabal Minion")]
    assert braids.commander_legality == "banned"
    assert "says legal (unbanned 2025-04-22" in policy.data_disagreement(braids, data_date=D("2019-10-04"))
    # Dockside's 2019 object predates its release: not_legal is not the policy's business
    assert policy.data_disagreement(scryfall_2019()[name_key("Dockside Extortionist")]) is None


def test_game_changer_disagreement(policy: Policy) -> None:
    farewell = real_card("Farewell")
    assert not farewell.game_changer
    note = policy.game_changer_disagreement(farewell, data_date=MTGJSON_DATE)
    assert note is not None and "Farewell" in note and "added 2026-02-09" in note
    assert policy.game_changer_disagreement(real_card("Demonic Tutor"), data_date=MTGJSON_DATE) is None


def test_a_day_to_come_is_said_to_be_checked_with_today_s_lists():
    """`--as-of 2030-01-01` gave no word that the lists of that day are not known: today's are used."""
    policy = load_policy()
    said = policy.history_note(date.today() + timedelta(days=400))
    assert said is not None and "is a day to come" in said and policy.latest_event.isoformat() in said
    assert policy.history_note(date.today()) is None or "day to come" not in policy.history_note(date.today())
