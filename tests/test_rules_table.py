"""The rules table, both directions: for every row of issue 3's rules table, a legal deck on real cards and
the same deck made illegal by one change, with the exact set of violation codes each must produce."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date

import pytest

from check_support import deck_text, shared_store_path
from deckcheck.checker import Checker
from deckcheck.decklist import parse_text
from deckcheck.policy import load_policy
from deckcheck.report import DeckReport
from deckcheck.store import CardStore


@pytest.fixture(scope="module")
def checker(request: pytest.FixtureRequest) -> Checker:
    cache = request.config.cache.mkdir("deckcheck-check-store")
    store = CardStore.open_file(shared_store_path(cache))
    return Checker(store, load_policy())


@dataclass(frozen=True)
class Deck:
    """A deck spec: commanders, other cards ("N Name" or "Name"), a basic land that fills the deck up to
    100, optional companion / sideboard, the date checked and --commander names."""

    commanders: tuple[str, ...]
    cards: tuple[str, ...] = ()
    fill: str = "Wastes"
    companion: str | None = None
    sideboard: tuple[str, ...] = ()
    on: date | None = None
    size: int = 100
    unmarked: bool = False  # write the list without sections (no commander marked)
    override: tuple[str, ...] = ()  # --commander names

    def text(self) -> str:
        if self.unmarked:
            body = deck_text([], list(self.commanders) + list(self.cards), fill=self.fill, size=self.size)
            return body.replace("Commander\n", "").replace("Deck\n", "")
        return deck_text(list(self.commanders), list(self.cards), companion=self.companion,
                         sideboard=list(self.sideboard), fill=self.fill, size=self.size)


@dataclass(frozen=True)
class Case:
    """A legal deck, the same deck changed once, and the codes the changed deck must get."""

    id: str
    legal: Deck
    illegal: Deck
    codes: frozenset[str]
    legal_codes: frozenset[str] = frozenset()
    ignore: frozenset[str] = field(default=frozenset())  # known card-data issues, with a reason in the case


def C(id: str, legal: Deck, illegal: Deck, *codes: str, legal_codes: tuple[str, ...] = (),
      ignore: tuple[str, ...] = ()) -> Case:
    return Case(id, legal, illegal, frozenset(codes), frozenset(legal_codes), frozenset(ignore))


D = Deck
CASES = [
    # --- deck-size (903.5a)
    C("deck-size/99", D(("Krenko, Mob Boss",), fill="Mountain"),
      D(("Krenko, Mob Boss",), fill="Mountain", size=99), "deck-size"),
    C("deck-size/101-with-partners", D(("Thrasios, Triton Hero", "Tymna the Weaver"), fill="Island"),
      D(("Thrasios, Triton Hero", "Tymna the Weaver"), fill="Island", size=101), "deck-size"),
    # --- syntax and unknown-card
    C("syntax/huge-quantity", D(("Krenko, Mob Boss",), ("Sol Ring",), fill="Mountain"),
      D(("Krenko, Mob Boss",), ("1000000000000000000000000000000 Sol Ring",), fill="Mountain", size=100),
      "syntax", "deck-size"),
    C("unknown-card", D(("Krenko, Mob Boss",), ("Lightning Bolt",), fill="Mountain"),
      D(("Krenko, Mob Boss",), ("Lightning Blot",), fill="Mountain"), "unknown-card"),
    # --- not-a-deck-card: a meld result (Scryfall marks Brisela legal in Commander), a token, an emblem
    C("not-a-deck-card/meld-result", D(("Bruna, the Fading Light",), ("Gisela, the Broken Blade",), fill="Plains"),
      D(("Bruna, the Fading Light",), ("Brisela, Voice of Nightmares",), fill="Plains"), "not-a-deck-card"),
    C("not-a-deck-card/token", D(("Krenko, Mob Boss",), ("Treasure Map",), fill="Mountain"),
      D(("Krenko, Mob Boss",), ("Treasure",), fill="Mountain"), "not-a-deck-card"),
    C("not-a-deck-card/commander-is-a-meld-result", D(("Bruna, the Fading Light",), fill="Plains"),
      D(("Brisela, Voice of Nightmares",), fill="Plains"), "not-a-deck-card"),
    # --- no-commander (903.3)
    C("no-commander", D(("Krenko, Mob Boss",), ("Sol Ring",), fill="Mountain", unmarked=True,
                        override=("Krenko, Mob Boss",)),
      D(("Krenko, Mob Boss",), ("Sol Ring",), fill="Mountain", unmarked=True), "no-commander"),
    # --- commander-ineligible (903.3): Vehicles, Spacecraft, DFC front faces, flip cards, "can be your commander"
    C("eligible/legendary-vehicle", D(("Shorikai, Genesis Engine",), fill="Island"),
      D(("Smuggler's Copter",), fill="Wastes"), "commander-ineligible"),
    C("eligible/spacecraft-with-pt", D(("The Seriema",), fill="Plains"),
      D(("The Eternity Elevator",), fill="Wastes"), "commander-ineligible"),
    C("eligible/transform-back-name", D(("Avacyn, the Purifier",), fill="Mountain"),
      D(("Westvale Abbey",), fill="Swamp"), "commander-ineligible"),
    C("eligible/mdfc-front", D(("Esika, God of the Tree",), fill="Forest"),
      D(("Elbrus, the Binding Blade",), fill="Swamp"), "commander-ineligible"),
    C("eligible/flip-unflipped", D(("Erayo, Soratami Ascendant",), fill="Island", on=date(2026, 1, 1)),
      D(("Kitsune Mystic",), fill="Plains", on=date(2026, 1, 1)), "commander-ineligible",
      legal_codes=("banned",)),
    C("eligible/flip-akki", D(("Krenko, Mob Boss",), fill="Mountain"),
      D(("Akki Lavarunner",), fill="Mountain"), "commander-ineligible"),
    C("eligible/can-be-your-commander", D(("Jeska, Thrice Reborn",), fill="Mountain"),
      D(("Ugin, the Spirit Dragon",), fill="Wastes"), "commander-ineligible"),
    C("eligible/grist", D(("Grist, the Hunger Tide",), fill="Forest"),
      D(("Cultivate",), fill="Forest"), "commander-ineligible"),
    C("eligible/lone-background", D(("Karlach, Fury of Avernus", "Folk Hero"), fill="Mountain"),
      D(("Folk Hero",), fill="Plains"), "commander-ineligible"),
    # --- commander-pair (702.124), every variant read from Oracle text
    C("pair/partner", D(("Thrasios, Triton Hero", "Tymna the Weaver"), fill="Island"),
      D(("Thrasios, Triton Hero", "Pir, Imaginative Rascal"), fill="Island"), "commander-pair"),
    C("pair/partner-with", D(("Pir, Imaginative Rascal", "Toothy, Imaginary Friend"), fill="Island"),
      D(("Pir, Imaginative Rascal", "Thrasios, Triton Hero"), fill="Island"), "commander-pair"),
    C("pair/partner-with-wrong-name", D(("Rhoda, Geist Avenger", "Timin, Youthful Geist"), fill="Island"),
      D(("Rhoda, Geist Avenger", "Toothy, Imaginary Friend"), fill="Island"), "commander-pair"),
    C("pair/survivors", D(("Ellie, Brick Master", "Joel, Resolute Survivor"), fill="Mountain"),
      D(("Ellie, Brick Master", "Atreus, Impulsive Son"), fill="Mountain"), "commander-pair"),
    # Friends forever (702.124i): only with another "Partner—Friends forever"; never with plain partner.
    C("pair/friends-forever", D(("Bjorna, Nightfall Alchemist", "Cecily, Haunted Mage"), fill="Island"),
      D(("Bjorna, Nightfall Alchemist", "Kraum, Ludevic's Opus"), fill="Island"), "commander-pair"),
    C("pair/father-and-son", D(("Atreus, Impulsive Son", "Kratos, Stoic Father"), fill="Mountain"),
      D(("Kratos, Stoic Father", "Jeska, Thrice Reborn"), fill="Mountain"), "commander-pair"),
    C("pair/background", D(("Karlach, Fury of Avernus", "Folk Hero"), fill="Mountain"),
      D(("Thrasios, Triton Hero", "Folk Hero"), fill="Island"), "commander-pair", "commander-ineligible"),
    C("pair/doctors-companion-changeling", D(("Yasmin Khan", "The Tenth Doctor"), fill="Mountain"),
      D(("Yasmin Khan", "Orvar, the All-Form"), fill="Island"), "commander-pair"),
    C("pair/doctors-companion-other-type", D(("Yasmin Khan", "The Tenth Doctor"), fill="Mountain"),
      D(("Yasmin Khan", "The Master, Formed Anew"), fill="Swamp"), "commander-pair"),
    C("pair/three-commanders", D(("Thrasios, Triton Hero", "Tymna the Weaver"), fill="Island"),
      D(("Thrasios, Triton Hero", "Tymna the Weaver", "Kraum, Ludevic's Opus"), fill="Island"),
      "commander-pair"),
    # --- singleton (903.5b)
    C("singleton/sol-ring", D(("Krenko, Mob Boss",), ("Sol Ring",), fill="Mountain"),
      D(("Krenko, Mob Boss",), ("2 Sol Ring",), fill="Mountain"), "singleton"),
    C("singleton/relentless-rats-30", D(("Sheoldred, the Apocalypse",), ("30 Relentless Rats",), fill="Swamp"),
      D(("Sheoldred, the Apocalypse",), ("30 Relentless Rats", "2 Sol Ring"), fill="Swamp"), "singleton"),
    C("singleton/seven-dwarves", D(("Krenko, Mob Boss",), ("7 Seven Dwarves",), fill="Mountain"),
      D(("Krenko, Mob Boss",), ("8 Seven Dwarves",), fill="Mountain"), "singleton"),
    C("singleton/nazgul", D(("Sheoldred, the Apocalypse",), ("9 Nazgûl",), fill="Swamp"),
      D(("Sheoldred, the Apocalypse",), ("10 Nazgul",), fill="Swamp"), "singleton"),
    C("singleton/snow-basics", D(("Orvar, the All-Form",), ("20 Snow-Covered Island",), fill="Island"),
      D(("Orvar, the All-Form",), ("20 Snow-Covered Island", "2 Counterspell"), fill="Island"), "singleton"),
    C("singleton/commander-counts", D(("Krenko, Mob Boss",), fill="Mountain"),
      D(("Krenko, Mob Boss",), ("Krenko, Mob Boss",), fill="Mountain"), "singleton"),
    C("singleton/two-names-one-card", D(("Krenko, Mob Boss",), ("Lightning Bolt",), fill="Mountain"),
      D(("Krenko, Mob Boss",), ("Lightning Bolt", "Hadoken"), fill="Mountain"), "singleton"),
    # --- color-identity (903.4, 903.5c, 903.5d)
    C("identity/hybrid", D(("Wort, the Raidmother",), ("Lightning Bolt",), fill="Mountain"),
      D(("Krenko, Mob Boss",), ("Lightning Bolt", "Wort, the Raidmother"), fill="Mountain"), "color-identity"),
    C("identity/phyrexian", D(("Sheoldred, the Apocalypse",), ("Dismember",), fill="Swamp"),
      D(("Krenko, Mob Boss",), ("Dismember",), fill="Mountain"), "color-identity"),
    C("identity/extort-reminder", D(("Thalia, Guardian of Thraben",), ("Syndic of Tithes",), fill="Plains"),
      D(("Sheoldred, the Apocalypse",), ("Syndic of Tithes",), fill="Swamp"), "color-identity"),
    C("identity/dryad-arbor", D(("Meren of Clan Nel Toth",), ("Dryad Arbor",), fill="Swamp"),
      D(("Sheoldred, the Apocalypse",), ("Dryad Arbor",), fill="Swamp"), "color-identity"),
    # Tundra (Plains Island): its basic land types make it white-blue (903.5d), reminder text or not.
    C("identity/tundra", D(("Brago, King Eternal",), ("Tundra",), fill="Island"),
      D(("Thalia, Guardian of Thraben",), ("Tundra",), fill="Plains"), "color-identity"),
    C("identity/colorless-basics", D(("Traxos, Scourge of Kroog",), ("Sol Ring",), fill="Wastes"),
      D(("Traxos, Scourge of Kroog",), ("Sol Ring", "Island"), fill="Wastes"), "color-identity"),
    C("identity/mdfc-back-face", D(("Valki, God of Lies",), ("Lightning Bolt",), fill="Swamp"),
      D(("Sheoldred, the Apocalypse",), ("Valki, God of Lies",), fill="Swamp"), "color-identity"),
    C("identity/partners-union", D(("Thrasios, Triton Hero", "Tymna the Weaver"), ("Swords to Plowshares",),
                                   fill="Island"),
      D(("Thrasios, Triton Hero", "Tymna the Weaver"), ("Lightning Bolt",), fill="Island"), "color-identity"),
    C("identity/choose-a-color", D(("Clara Oswald", "The Tenth Doctor"), ("Swords to Plowshares",),
                                   fill="Island"),
      D(("Clara Oswald", "The Tenth Doctor"), ("Swords to Plowshares", "Dismember"), fill="Island"),
      "color-identity"),
    # --- banned (policy)
    C("banned/mana-crypt", D(("Krenko, Mob Boss",), ("Mana Crypt",), fill="Mountain", on=date(2024, 9, 1)),
      D(("Krenko, Mob Boss",), ("Mana Crypt",), fill="Mountain"), "banned"),
    C("banned/biorhythm-unbanned", D(("Meren of Clan Nel Toth",), ("Biorhythm",), fill="Forest"),
      D(("Meren of Clan Nel Toth",), ("Biorhythm",), fill="Forest", on=date(2026, 2, 8)), "banned"),
    C("banned/lutri-as-companion", D(("Niv-Mizzet, Parun",), ("Lutri, the Spellchaser",), fill="Island"),
      D(("Niv-Mizzet, Parun",), fill="Island", companion="Lutri, the Spellchaser"), "banned"),
    # --- not-legal (card data)
    C("not-legal/alchemy", D(("Sheoldred, the Apocalypse",), ("Blood Artist",), fill="Swamp"),
      D(("Sheoldred, the Apocalypse",), ("A-Blood Artist",), fill="Swamp"), "not-legal"),
    C("not-legal/silver-border", D(("Thalia, Guardian of Thraben",), fill="Plains"),
      D(("Thalia, Guardian of Thraben",), ("Adorable Kitten",), fill="Plains"), "not-legal"),
    # --- a card released on the day of the card data (Avatar: The Last Airbender, 2025-11-21; the data's objects,
    # recorded before the release, call it not legal): legal from that day with a warning, not-legal before it
    C("not-legal/before-release", D(("Krenko, Mob Boss",), ("Fire Nation Turret",), fill="Mountain",
                                    on=date(2025, 11, 21)),
      D(("Krenko, Mob Boss",), ("Fire Nation Turret",), fill="Mountain", on=date(2025, 11, 20)), "not-legal",
      legal_codes=("released-since-data",)),
    C("released-since-data", D(("Krenko, Mob Boss",), ("Lightning Bolt",), fill="Mountain"),
      D(("Krenko, Mob Boss",), ("Fire Nation Turret",), fill="Mountain"), "released-since-data"),
    # --- companion (702.139): all ten conditions, identity and singleton
    C("companion/gyruda", D(("Lazav, the Multifarious",), ("Counterspell",), fill="Island",
                            companion="Gyruda, Doom of Depths"),
      D(("Lazav, the Multifarious",), ("Counterspell", "Sol Ring"), fill="Island",
        companion="Gyruda, Doom of Depths"), "companion"),
    C("companion/jegantha", D(("Morophon, the Boundless",), ("Lightning Bolt",), fill="Forest",
                              companion="Jegantha, the Wellspring"),
      D(("Morophon, the Boundless",), ("Craterhoof Behemoth",), fill="Forest",
        companion="Jegantha, the Wellspring"), "companion"),
    C("companion/kaheera-changeling", D(("Arahbo, Roar of the World",), ("Woodland Changeling",), fill="Forest",
                                        companion="Kaheera, the Orphanguard"),
      D(("Arahbo, Roar of the World",), ("Woodland Changeling", "Llanowar Elves"), fill="Forest",
        companion="Kaheera, the Orphanguard"), "companion"),
    C("companion/kaheera-every-type-by-its-own-text",
      D(("Omnath, Locus of Creation",), ("Mistform Ultimus",), fill="Forest", companion="Kaheera, the Orphanguard"),
      # Omo makes creatures with an everything counter every type, not itself: a Shapeshifter Noble card
      D(("Omnath, Locus of Creation",), ("Omo, Queen of Vesuva",), fill="Forest",
        companion="Kaheera, the Orphanguard"), "companion"),
    C("companion/keruga", D(("Tatyova, Benthic Druid",), ("Cultivate",), fill="Forest",
                            companion="Keruga, the Macrosage"),
      D(("Tatyova, Benthic Druid",), ("Cultivate", "Sol Ring"), fill="Forest",
        companion="Keruga, the Macrosage"), "companion"),
    C("companion/lurrus", D(("Ayli, Eternal Pilgrim",), ("Sol Ring", "Swords to Plowshares"), fill="Plains",
                            companion="Lurrus of the Dream-Den"),
      D(("Ayli, Eternal Pilgrim",), ("Sol Ring", "Smothering Tithe"), fill="Plains",
        companion="Lurrus of the Dream-Den"), "companion"),
    C("companion/lutri", D(("Niv-Mizzet, Parun",), ("Dragon's Approach",), fill="Mountain",
                           companion="Lutri, the Spellchaser"),
      D(("Niv-Mizzet, Parun",), ("3 Dragon's Approach",), fill="Mountain", companion="Lutri, the Spellchaser"),
      "companion", "banned", legal_codes=("banned",)),
    C("companion/obosh", D(("Judith, the Scourge Diva",), ("Lightning Bolt",), fill="Swamp",
                           companion="Obosh, the Preypiercer"),
      D(("Judith, the Scourge Diva",), ("Lightning Bolt", "Terminate"), fill="Swamp",
        companion="Obosh, the Preypiercer"), "companion"),
    C("companion/umori-grist", D(("Meren of Clan Nel Toth",), ("Grist, the Hunger Tide", "Llanowar Elves"),
                                 fill="Forest", companion="Umori, the Collector"),
      D(("Meren of Clan Nel Toth",), ("Grist, the Hunger Tide", "Llanowar Elves", "Cultivate"), fill="Forest",
        companion="Umori, the Collector"), "companion"),
    C("companion/yorion", D(("Brago, King Eternal",), fill="Island"),
      D(("Brago, King Eternal",), fill="Island", companion="Yorion, Sky Nomad"), "companion"),
    C("companion/zirda", D(("Tajic, Legion's Edge",), ("Sol Ring",), fill="Plains",
                           companion="Zirda, the Dawnwaker"),
      D(("Tajic, Legion's Edge",), ("Sol Ring", "Smothering Tithe"), fill="Plains",
        companion="Zirda, the Dawnwaker"), "companion"),
    C("companion/zirda-keywords",  # typecycling with a space is activated (702.29e); mobilize triggers (702.181a)
      D(("Tajic, Legion's Edge",), ("Battle Plan", "Sojourner's Companion"), fill="Plains",
        companion="Zirda, the Dawnwaker"),
      D(("Tajic, Legion's Edge",), ("Battle Plan", "Shock Brigade"), fill="Plains", companion="Zirda, the Dawnwaker"),
      "companion"),
    C("companion/identity", D(("Ayli, Eternal Pilgrim",), fill="Plains", companion="Lurrus of the Dream-Den"),
      D(("Thalia, Guardian of Thraben",), fill="Plains", companion="Lurrus of the Dream-Den"), "companion"),
    C("companion/singleton", D(("Ayli, Eternal Pilgrim",), fill="Plains", companion="Lurrus of the Dream-Den"),
      D(("Ayli, Eternal Pilgrim",), ("Lurrus of the Dream-Den",), fill="Plains",
        companion="Lurrus of the Dream-Den"), "companion"),
    # --- sideboard (warning only: the deck stays legal)
    C("sideboard", D(("Krenko, Mob Boss",), fill="Mountain"),
      D(("Krenko, Mob Boss",), fill="Mountain", sideboard=("Pyroblast",)), "sideboard"),
]


def run(checker: Checker, spec: Deck) -> DeckReport:
    deck = parse_text(spec.text(), "case.txt")
    return checker.check(deck, on=spec.on, commanders=list(spec.override) or None)


def _codes(report: DeckReport, ignore: frozenset[str]) -> set[str]:
    return {v.code for v in report.violations} - ignore


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_rules_table(checker: Checker, case: Case) -> None:
    good = run(checker, case.legal)
    assert _codes(good, case.ignore) == set(case.legal_codes), [v.message for v in good.violations]
    bad = run(checker, case.illegal)
    assert _codes(bad, case.ignore) == set(case.codes), [v.message for v in bad.violations]
    from deckcheck.rules import REGISTRY

    # a warning never makes a deck illegal
    assert bad.legal == all(REGISTRY[code].severity == "warning" for code in case.codes)


def test_every_rule_has_a_case() -> None:
    from deckcheck.rules import REGISTRY

    covered = {code for c in CASES for code in c.codes}
    # (a deck that can't be read is no deck the checker checks: test_rules_unreadable_is_explained and the batch
    # tests cover `unreadable`)
    assert covered == set(REGISTRY) - {"unreadable"}


@pytest.mark.parametrize(("name", "activated"), [
    ("Battle Plan", True), ("Sojourner's Companion", True),  # basic / artifact landcycling (702.29e)
    ("Yuriko, the Tiger's Shadow", True),  # commander ninjutsu (702.49d)
    ("Arcanum Wings", True),  # aura swap (702.65a)
    ("Shock Brigade", False),  # mobilize: a triggered ability (702.181a)
    ("Savannah Lions", False),
])
def test_activated_keyword_abilities(checker: Checker, name: str, activated: bool) -> None:
    """Zirda's condition asks each permanent card for an activated ability: the keywords that are one count,
    whatever their text's reminder says, and a keyword that triggers does not."""
    from deckcheck.rules.facts import has_activated_ability

    card = checker.store.lookup(name)
    assert card is not None and has_activated_ability(card.front) is activated


@pytest.mark.parametrize(("commanders", "fill", "said"), [
    (("Karlach, Fury of Avernus", "Durnan of the Yawning Portal"), "Mountain",
     "Karlach, Fury of Avernus and Durnan of the Yawning Portal can't be partners: both have \"Choose a "
     'Background", which pairs a commander with a Background, never with another commander that chooses one '
     "(702.124k)"),
    (("Yasmin Khan", "Rose Tyler"), "Mountain",
     "Yasmin Khan and Rose Tyler can't be partners: both have \"Doctor's companion\", which pairs a commander "
     "with a Time Lord Doctor, never with another companion (702.124m)"),
    # a Background is a card's subtype, no ability: before, "Folk Hero has Background; two commanders need a shared
    # partner ability (702.124)"
    (("Tymna the Weaver", "Folk Hero"), "Plains",
     "Tymna the Weaver and Folk Hero can't be partners: Tymna the Weaver has Partner and Folk Hero is a Background; "
     "a Background is a commander only beside one that has \"Choose a Background\" (702.124k)"),
])
def test_two_commanders_with_one_pairing_ability_that_needs_another_kind(checker: Checker, commanders: tuple[str, ...],
                                                                        fill: str, said: str) -> None:
    """Two commanders that each choose a Background (or are each a Doctor's companion) share their ability, yet
    can't pair: the message says why, not that their abilities differ."""
    report = run(checker, Deck(commanders, fill=fill))
    assert [v.message for v in report.violations if v.code == "commander-pair"] == [said]


@pytest.mark.parametrize("other", ["Jenny, Generated Anomaly", "Clara Oswald", "Thrasios, Triton Hero"])
def test_a_commander_with_two_pairing_abilities_is_told_both(checker: Checker, other: str) -> None:
    """Amy Pond has Partner with Rory Williams and Doctor's companion: the message said she "can partner only with
    Rory Williams", though she pairs with any lone Time Lord Doctor too (Amy Pond and The Eleventh Doctor is legal).
    It now names both, with both rules."""
    report = run(checker, Deck(("Amy Pond", other), fill="Mountain"))
    assert [v.message for v in report.violations if v.code == "commander-pair"] == [
        f"Amy Pond and {other} can't be partners: Amy Pond can pair only with Rory Williams or a legendary Time Lord "
        "Doctor creature with no other creature types (702.124j, 702.124m)"]
    assert not [v for v in run(checker, Deck(("Amy Pond", "The Eleventh Doctor"), fill="Mountain")).violations
                if v.code == "commander-pair"]


@pytest.mark.parametrize("commanders", [("Karlov of the Ghost Council", "Lurrus of the Dream-Den"),
                                        ("Lurrus of the Dream-Den", "Karlov of the Ghost Council"),
                                        ("Wernog, Rider's Chaplain", "Bjorna, Nightfall Alchemist",
                                         "Lurrus of the Dream-Den")])
def test_a_companion_listed_with_the_commanders_is_the_companion(checker: Checker,
                                                                 commanders: tuple[str, ...]) -> None:
    """MTGTop8's pages and the Duel Commander archive's "commander" field list the companion with the commanders:
    Lurrus, who pairs with neither, beside a commander (or two that pair) of a deck that is 100 cards without it.
    Before, a commander-pair error ("can't be partners", or "3 commanders") and a deck-size error (101 cards); now it
    is the companion, its condition checked, said in a note."""
    deck = Deck(commanders, fill="Plains", size=101)
    report = run(checker, deck)
    others = " and ".join(c for c in commanders if c != "Lurrus of the Dream-Den")
    assert report.violations == () and report.card_count == 100
    assert report.notes == (f"took Lurrus of the Dream-Den, listed with the commanders, as companion: it has a "
                            f"companion ability, and can't be a commander beside {others}",)
    broken = run(checker, replace(deck, cards=("Solemn Simulacrum",)))  # a permanent of mana value 4
    assert _codes(broken, frozenset()) == {"companion"}


def test_a_third_commander_that_is_a_background_is_the_pair_rule_s_to_report(checker: Checker) -> None:
    """Karlach, who chooses a Background, with two Backgrounds: one error, three commanders (702.124g). Before, each
    Background was also "ineligible: a Background can be a commander only next to a commander with 'Choose a
    Background'", beside that very commander."""
    report = run(checker, Deck(("Karlach, Fury of Avernus", "Folk Hero", "Passionate Archaeologist"), fill="Mountain"))
    assert _codes(report, frozenset()) == {"commander-pair"}


def test_a_color_chosen_for_a_commander_leaves_the_fewest_cards_outside_counting_copies(checker: Checker) -> None:
    """Clara Oswald chooses a color (903.4b): one Dark Ritual or 40 Forest is a tie of lines, not of cards. Before,
    black was chosen (the first on a tie of lines) and the 40 Forest were called off-color; green leaves one card."""
    report = run(checker, Deck(("Clara Oswald",), ("1 Dark Ritual", "40 Forest")))
    assert (report.color_identity, [(v.code, v.cards) for v in report.violations]) == (
        "G", [("color-identity", ("Dark Ritual",))])
    assert run(checker, Deck(("Clara Oswald",), ("40 Dark Ritual", "1 Forest"), size=41)).color_identity == "B"
