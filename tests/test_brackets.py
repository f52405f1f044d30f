"""Commander Brackets floor (deckcheck/brackets.py) on real cards and real precons from ../shared/data."""

from __future__ import annotations

import gzip
import json
from collections import Counter
from dataclasses import replace
from datetime import date, timedelta
from pathlib import Path

import pytest

from deckcheck.brackets import (
    GAME_CHANGER,
    TUTOR,
    BracketEstimate,
    BracketFlags,
    card_flags,
    estimate_bracket,
    extra_turns,
    is_mass_land_denial,
    is_tutor,
)
from deckcheck.policy import Policy, load_policy
from test_policy import real_card  # the real-card factory (Scryfall 2019 + MTGJSON 2026-01)

D = date.fromisoformat
TODAY = D("2026-11-29")
CASUAL = ["Krenko, Mob Boss", "Sol Ring", "Lightning Bolt", "Goblin Bombardment", "Rampant Growth",
          "Diabolic Tutor", "Wrath of God", "Evolving Wilds", "Mountain"]


@pytest.fixture(scope="module")
def policy(shared_data: Path) -> Policy:
    return load_policy()


def estimate(policy: Policy, names: list[str], on: date = TODAY) -> BracketEstimate:
    return estimate_bracket([real_card(n) for n in names], policy, on)


# --- per-card detection --------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["Armageddon", "Ravages of War", "Winter Orb", "Static Orb", "Stasis",
                                  "Jokulhaups", "Obliterate", "Sunder", "Wildfire", "Hokori, Dust Drinker",
                                  "Blood Moon", "Back to Basics", "Ruination", "Decree of Annihilation",
                                  "Tectonic Break", "Cataclysm", "Keldon Firebombers", "Apocalypse",
                                  "Rising Waters", "Boom // Bust", "Acid Rain",
                                  "Burning of Xinye", "Stench of Evil",
                                  # every land tapped for one color or none, kept tapped, destroyed one by one,
                                  # shuffled away, or sacrificed turn by turn or by the handful (a review found
                                  # them missed: Wizards' "change what mana is produced", "keep lands tapped")
                                  "Contamination", "Infernal Darkness", "Ritual of Subdual", "Choke",
                                  "Curse of Marit Lage", "Vorinclex, Voice of Hunger", "Cleansing",
                                  "Sway of the Stars", "Mana Vortex", "Thoughts of Ruin",
                                  # every nonartifact permanent, all but a few permanents, every land's mana
                                  # one color (a later review found them missed)
                                  "Soulscour", "Razia's Purification", "Balancing Act", "Hall of Gemstone"])
def test_mass_land_denial_found(shared_data: Path, name: str) -> None:
    assert is_mass_land_denial(real_card(name))


@pytest.mark.parametrize("name", ["Wrath of God", "Strip Mine", "Stone Rain", "Cyclonic Rift", "Evacuation",
                                  "Elspeth Tirel", "Mungha Wurm", "Reduce // Rubble", "Scourglass", "Wash Out",
                                  "Ajani Vengeant", "Return of the Nightstalkers", "Celestial Kirin",
                                  "Exhaustion", "Sol Ring", "Evolving Wilds", "Urborg, Tomb of Yawgmoth",
                                  # lands spared (Giants, Wizards and lands stay), or each land lost replaced
                                  # by a basic: Wizards' mass land denial takes them "without replacing them"
                                  "Cyclone Summoner", "From the Ashes", "Wave of Vitriol",
                                  # fewer than Wizards' four lands a player (two, three); lands put back after
                                  # every permanent is shuffled away
                                  "Tectonic Hellion", "Ember Swallower", "Warp World", "The Great Aurora",
                                  # nonland or colored permanents; nontoken ones handed back out, or those a
                                  # flipped Orb touches; a creature each player keeps
                                  "Cataclysmic Gearhulk", "All Is Dust", "Thieves' Auction", "Chaos Orb",
                                  "Covetous Elegy", "Hour of Revelation",
                                  # a planeswalker's ultimate, once a game if ever, is not land denial "regularly": a
                                  # precon's Gideon (-15: exile all other permanents) put its deck at bracket 4
                                  "Gideon, Champion of Justice", "Dovin Baan"])
def test_not_mass_land_denial(shared_data: Path, name: str) -> None:
    assert not is_mass_land_denial(real_card(name))


@pytest.mark.parametrize(("name", "kind"), [
    ("Time Warp", "some"), ("Temporal Manipulation", "some"), ("Capture of Jingzhou", "some"),
    ("Karn's Temporal Sundering", "some"), ("Medomai the Ageless", "some"), ("Teferi, Timebender", "some"),
    ("Time Stretch", "chained"), ("Nexus of Fate", "chained"), ("Beacon of Tomorrows", "chained"),
    ("Walk the Aeons", "chained"), ("Sage of Hours", "chained"), ("Lighthouse Chronologist", "chained"),
    ("Stranglehold", None), ("Sol Ring", None), ("Time Walk", "some"),
    ("Timesifter", "chained"),  # "At the beginning of each upkeep, ...", the extra turn in its next sentence
    ("Magosi, the Waterveil", "some"),  # returns itself to hand, but each extra turn costs a skipped turn
    ("Eon Frolicker", None),  # the extra turn is an opponent's: no bracket limits that
    ("Emrakul, the Promised End", None),  # "that player", the opponent it controlled, takes it
    ("Ral Zarek", "some"),  # its ultimate's extra turns "for each" coin: one ability once a game, not chained
])
def test_extra_turns(shared_data: Path, name: str, kind: str | None) -> None:
    assert extra_turns(real_card(name)) == kind


@pytest.mark.parametrize(("name", "tutor"), [
    ("Demonic Tutor", True), ("Diabolic Tutor", True), ("Enlightened Tutor", True), ("Worldly Tutor", True),
    ("Tooth and Nail", True), ("Dimir Machinations", True), ("Treefolk Harbinger", True),
    ("Boonweaver Giant", True), ("Green Sun's Zenith", True), ("Fleshwrither", True),
    ("Rampant Growth", False), ("Kodama's Reach", False), ("Evolving Wilds", False), ("Polluted Delta", False),
    ("Squadron Hawk", False), ("Traverse the Outlands", False), ("Sakura-Tribe Elder", False),
    ("Expedition Map", False), ("Lightning Bolt", False),
    # searches by others that still find the deck's cards; land fetches of "that many" lands or of Caves
    ("Scheming Symmetry", True), ("Maralen of the Mornsong", True), ("Pattern of Rebirth", True),
    ("Boldwyr Heavyweights", False), ("Scapeshift", False), ("Rites of Spring", False), ("Compass Gnome", False),
    ("Scholarship Sponsor", False),
])
def test_tutors(shared_data: Path, name: str, tutor: bool) -> None:
    assert is_tutor(real_card(name)) is tutor


def test_texts_without_a_feature_word_have_no_feature() -> None:
    """The words the features' patterns need skip the reading of most texts: every card of the bundled snapshot
    read in full, a card whose text has none of the words has no feature (and many that have one do: a pattern
    whose word is missing would be caught), and each reading through the skip is the full one."""
    from deckcheck.brackets import _has_feature_word, _read_features
    from deckcheck.store import BUNDLED, CardStore

    with CardStore.open_file(BUNDLED) as store:
        cards = list(store.iter_cards())
    read = [_read_features(card) for card in cards]
    unread = [i for i, card in enumerate(cards) if not _has_feature_word(card)]
    assert len(unread) > len(cards) // 2  # most texts are skipped
    assert [cards[i].name for i in unread if read[i] != (False, None, False)] == []
    assert sum(map(any, read)) > 500  # the patterns find features to miss
    assert [(is_mass_land_denial(card), extra_turns(card), is_tutor(card)) for card in cards] == read


# --- deck floors, both directions ----------------------------------------------------------------
def test_casual_deck_is_bracket_1(policy: Policy) -> None:
    est = estimate(policy, CASUAL)
    assert est.minimum == 1
    assert est.game_changers == est.mass_land_denial == est.extra_turns == ()
    assert est.tutors == ("Diabolic Tutor",)
    assert any("no bracket limits tutors since 2025-10-21" in r for r in est.reasons)
    assert any("two-card combos" in u for u in est.unjudged)
    # before the brackets existed, October 2025's definitions are used: their tutors too (it said both)
    tutors = [r for r in estimate(policy, CASUAL, D("2024-01-01")).reasons if "tutor" in r]
    assert tutors == ["1 tutor (Diabolic Tutor): no bracket limits tutors since 2025-10-21."]
    assert [r for r in estimate(policy, CASUAL, D("2025-06-01")).reasons if "tutor" in r] == [
        '1 tutor (Diabolic Tutor): before 2025-10-21 brackets 1-2 asked for "few tutors", not judged here.']


def test_one_extra_turn_card_is_bracket_2(policy: Policy) -> None:
    est = estimate(policy, [*CASUAL, "Time Warp"])
    assert est.minimum == 2 and est.extra_turns == ("Time Warp",)


def test_three_extra_turn_cards_stay_2_four_are_4(policy: Policy) -> None:
    three = [*CASUAL, "Time Warp", "Temporal Manipulation", "Capture of Jingzhou"]
    assert estimate(policy, three).minimum == 2
    assert estimate(policy, [*three, "Karn's Temporal Sundering"]).minimum == 4


def test_time_stretch_is_chained(policy: Policy) -> None:
    est = estimate(policy, [*CASUAL, "Time Stretch"])
    assert est.minimum == 4
    assert any("Time Stretch takes several extra turns" in r for r in est.reasons)


@pytest.mark.parametrize(("gcs", "floor"), [
    ([], 1), (["Rhystic Study"], 3), (["Rhystic Study", "Demonic Tutor", "Smothering Tithe"], 3),
    (["Rhystic Study", "Demonic Tutor", "Smothering Tithe", "Cyclonic Rift"], 4),
])
def test_game_changer_counts(policy: Policy, gcs: list[str], floor: int) -> None:
    est = estimate(policy, [*CASUAL, *gcs])
    assert est.minimum == floor
    assert set(est.game_changers) == set(gcs)


def test_commander_counts_as_game_changer(policy: Policy) -> None:
    est = estimate(policy, ["Grand Arbiter Augustin IV", "Sol Ring", "Swords to Plowshares"])
    assert est.minimum == 3 and est.game_changers == ("Grand Arbiter Augustin IV",)


@pytest.mark.parametrize("mld", ["Armageddon", "Winter Orb", "Blood Moon"])
def test_mass_land_denial_is_bracket_4(policy: Policy, mld: str) -> None:
    est = estimate(policy, [*CASUAL, mld])
    assert est.minimum == 4 and est.mass_land_denial == (mld,)
    assert any(f"Mass land denial ({mld})" in r for r in est.reasons)


def test_game_changers_as_of_a_date(policy: Policy) -> None:
    deck = ["Urza, Lord High Artificer", "Sol Ring", "Thopter Foundry"]
    assert estimate(policy, deck, D("2025-06-01")).minimum == 3  # a Game Changer until 2025-10-21
    assert estimate(policy, deck, D("2025-10-21")).minimum == 1
    # before the brackets existed, October 2025's definitions and list are used: Urza left it on 2025-10-21, and
    # Rhystic Study is on it (both were said to be no Game Changers, "no list yet")
    assert estimate(policy, deck, D("2024-12-01")).minimum == 1
    assert estimate(policy, ["Rhystic Study", "Sol Ring"], D("2009-08-26")).game_changers == ("Rhystic Study",)
    assert any("brackets did not exist" in u for u in estimate(policy, deck, D("2024-12-01")).unjudged)
    early = estimate(policy, [*CASUAL], D("2025-06-01"))
    assert any('"few tutors"' in r for r in early.reasons)


def test_uncertain_game_changer_is_reported_not_counted(policy: Policy) -> None:
    est = estimate(policy, ["Kinnan, Bonder Prodigy", "Sol Ring"], D("2025-06-01"))
    assert est.minimum == 1 and est.game_changers == ()
    assert any("Kinnan, Bonder Prodigy may have been on the list" in u for u in est.unjudged)
    assert estimate(policy, ["Kinnan, Bonder Prodigy"], D("2025-03-01")).minimum == 3


def test_copies_count_once_and_to_dict(policy: Policy) -> None:
    once = estimate(policy, [*CASUAL, "Time Warp"])
    many = estimate(policy, [*CASUAL, "Time Warp", "Time Warp", "Mountain", "Mountain"])
    assert once == many
    d = once.to_dict()
    assert set(d) == {"minimum", "game_changers", "game_changer_count", "maybe_game_changers", "mass_land_denial",
                      "extra_turns", "tutors", "reasons"}
    assert d["minimum"] == 2 and d["extra_turns"] == ["Time Warp"]
    json.dumps(d)


def test_flags_are_kept_per_card_and_day(policy: Policy) -> None:
    """Flags kept from deck to deck (as a Checker keeps them) never lend one card's flags to another: a copy
    of Sol Ring given a tutor's text, the same Oracle id and name, is read as a tutor and the real one is
    not; a card's Game Changer flag follows the day; flags kept for one day can't be used for another."""
    sol = real_card("Sol Ring")
    text = "Search your library for a card, put that card into your hand, then shuffle."
    tutor_sol = replace(sol, faces=(replace(sol.faces[0], oracle_text=text),))
    kept = BracketFlags(policy, TODAY)
    assert card_flags(sol, policy, TODAY) == 0
    assert estimate_bracket([sol], policy, TODAY, flags=kept).tutors == ()
    assert estimate_bracket([tutor_sol], policy, TODAY, flags=kept).tutors == ("Sol Ring",)
    assert estimate_bracket([sol, tutor_sol, tutor_sol], policy, TODAY, flags=kept).tutors == ("Sol Ring",)  # once
    assert kept.of([tutor_sol, sol]) == [TUTOR, 0]
    urza = real_card("Urza, Lord High Artificer")
    assert card_flags(urza, policy, D("2025-06-01")) & GAME_CHANGER
    assert estimate_bracket([urza], policy, D("2025-06-01")).game_changers == (urza.name,)
    assert estimate_bracket([urza], policy, D("2025-10-21")).game_changers == ()
    assert estimate_bracket((c for c in [urza, sol]), policy, D("2025-06-01")).minimum == 3  # any iterable
    with pytest.raises(ValueError, match="bracket flags of"):
        estimate_bracket([urza], policy, D("2025-06-01"), flags=kept)


# --- real precons --------------------------------------------------------------------------------
def _precons(shared_data: Path) -> list[tuple[str, date, list[dict]]]:
    out = []
    for path in sorted((shared_data / "decks" / "mtgjson-precons-2026-01").glob("*.json.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as f:
            data = json.load(f)["data"]
        if data.get("type") != "Commander Deck":
            continue
        out.append((path.name, D(data["releaseDate"]), data["commander"] + data["mainBoard"]))
    return out


def test_precon_game_changers_match_their_flags(policy: Policy, shared_data: Path) -> None:
    """Per precon, the Game Changers found as of the data's date (2026-01-03) are exactly the cards the
    deck file flags with isGameChanger."""
    checked = 0
    for name, _, entries in _precons(shared_data):
        cards = [real_card(e["name"]) for e in entries]
        est = estimate_bracket(cards, policy, D("2026-01-03"))
        flagged = {real_card(e["name"]).name for e in entries if e.get("isGameChanger")}
        assert set(est.game_changers) == flagged, name
        checked += 1
    assert checked > 150


def test_precon_floors(policy: Policy, shared_data: Path) -> None:
    """Floors of the Commander precons today: mostly 1-3; every 4 is explained by a named card."""
    floors: Counter[int] = Counter()
    for name, _, entries in _precons(shared_data):
        est = estimate_bracket([real_card(e["name"]) for e in entries], policy, TODAY)
        floors[est.minimum] += 1
        if est.minimum == 4:
            assert est.mass_land_denial or len(est.game_changers) > 3 or est.extra_turns, name
    assert floors[5] == 0 and sum(floors.values()) > 150
    assert floors[1] + floors[2] + floors[3] > floors[4]


def test_checker_keeps_flags_for_a_few_days_only(policy: Policy) -> None:
    """A long-lived Checker asked about many days keeps the flags of a few of them, and its floors stay
    right across the days it forgot (Urza was a Game Changer until 2025-10-21)."""
    from deckcheck.checker import Checker
    from deckcheck.decklist import parse_text
    from deckcheck.store import CardStore

    checker = Checker(CardStore.open(), policy)
    deck = parse_text("Commander\n1 Urza, Lord High Artificer\nDeck\n1 Sol Ring\n1 Thopter Foundry\n", "urza.txt")
    days = [D("2025-06-01") + timedelta(days=n) for n in range(12)] + [D("2025-10-21")]
    floors = [checker.check(deck, on=day, bracket=True).bracket["minimum"] for day in days]
    assert floors == [3] * 12 + [1]
    assert len(checker._bracket_flags) <= 8


def test_a_game_changer_the_card_data_lacks_is_counted_by_name(policy: Policy) -> None:
    """The One Ring, Orcish Bowmasters and Opposition Agent are on the list but not in the bundled snapshot: a deck
    of them and Demonic Tutor has four Game Changers, so bracket 4. Before, only Demonic Tutor counted (bracket 3),
    the others said only to be unknown names. A name is counted from the day the list names it (Farewell, added
    on 2026-02-09)."""
    lacked = ["The One Ring", "orcish bowmasters", "Opposition Agent"]
    est = estimate_bracket([real_card("Demonic Tutor")], policy, TODAY, unknown=[*lacked, "Card 1"])
    assert (est.minimum, est.game_changers) == (4, ("Demonic Tutor", "The One Ring", "Orcish Bowmasters",
                                                    "Opposition Agent"))
    assert est.reasons[1] == ("The One Ring; Orcish Bowmasters; Opposition Agent: on the Game Changers list by name, "
                              "though the card data has no such card: counted.")
    assert est.reasons[-1] == "Not judged: 1 unknown card name, which the card data has no card for: Card 1."
    assert estimate_bracket([], policy, date(2026, 2, 8), unknown=["Farewell"]).game_changers == ()
    assert estimate_bracket([], policy, date(2026, 2, 9), unknown=["Farewell"]).game_changers == ("Farewell",)


def test_unknown_card_names_are_said_in_every_estimate(policy: Policy) -> None:
    """A deck's names no card has may be Game Changers (The One Ring, newer than the bundled data): the estimate's own
    reasons say so, so the JSON of `check` and `batch` and the HTML report carry it, not only `brackets`' text."""
    est = estimate_bracket([real_card("Necropotence")], policy, TODAY, unknown=[f"Card {i}" for i in range(10)])
    assert est.reasons[-1] == ("Not judged: 10 unknown card names, which the card data has no card for: Card 0; "
                               "Card 1; Card 2; Card 3; Card 4; Card 5; Card 6; Card 7 and 2 more.")
    assert not any("unknown card" in r for r in estimate_bracket([real_card("Necropotence")], policy, TODAY).reasons)


def test_cards_of_which_some_must_be_game_changers_count_as_many(policy: Policy) -> None:
    """On 2025-04-22 two of Kinnan, Winota, Trinisphere and Trouble in Pairs left the Game Changers list, which two
    not recorded: a deck of all four holds two Game Changers, and of three at least one. They counted as none, so a
    deck with two more Game Changers was put at bracket 3 (4 Game Changers: bracket 4), and one of three of them at
    bracket 1 (at least one: bracket 3)."""
    four = ["Kinnan, Bonder Prodigy", "Winota, Joiner of Forces", "Trinisphere", "Trouble in Pairs"]
    day = date(2025, 6, 1)
    assert estimate(policy, four + ["Rhystic Study", "Smothering Tithe", "Island"], day).minimum == 4
    assert estimate(policy, four[:3] + ["Island"], day).minimum == 3
    assert estimate(policy, four[:2] + ["Island"], day).minimum == 1  # both may have left it
    assert estimate(policy, four + ["Island"], date(2025, 4, 21)).minimum == 4  # all four on the list then
    counted = estimate(policy, four + ["Rhystic Study", "Island"], day)
    assert (counted.game_changers, counted.game_changer_count) == (("Rhystic Study",), 3)
    assert counted.maybe_game_changers == tuple(four)
    assert estimate(policy, four[:2] + ["Island"], day).game_changer_count == 0
