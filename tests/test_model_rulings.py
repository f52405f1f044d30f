"""The seed rulings deckcheck was created from, each a test on real cards from the bundled snapshot
(built from ../shared/data by data/build_snapshot.py)."""

from __future__ import annotations

import re

import pytest

from deckcheck.model.identity import color_identity
from deckcheck.model.vocab import Zone
from deckcheck.store import BUNDLED, CardStore

pytestmark = pytest.mark.skipif(not BUNDLED.is_file(), reason="bundled snapshot data/cards.sqlite not built")


@pytest.fixture(scope="module")
def store():
    with CardStore.open_file(BUNDLED) as s:
        yield s


def card(store, name):
    found = store.lookup(name)
    assert found is not None, name
    return found


# A permanent card is an artifact, creature, enchantment, land, planeswalker or battle card; per face.
@pytest.mark.parametrize(
    ("name", "face", "permanent"),
    [
        ("Sol Ring", 0, True),  # artifact
        ("Llanowar Elves", 0, True),  # creature
        ("Lightning Bolt", 0, False),  # instant
        ("Shatterskull Smashing", 0, False),  # sorcery face of a modal DFC ...
        ("Shatterskull Smashing", 1, True),  # ... whose land face is a permanent
        ("Tergrid, God of Fright", 0, True),  # creature face
        ("Tergrid, God of Fright", 1, True),  # artifact face
        ("Delver of Secrets", 1, True),
        ("Fire // Ice", 0, False),
    ],
)
def test_permanent_card_per_face(store, name, face, permanent):
    assert card(store, name).is_permanent(face) is permanent


# A modal DFC is judged by the face being played: a land by its land face, cast by its spell face;
# permission to cast never lets it be played as a land.
@pytest.mark.parametrize("name", ["Shatterskull Smashing", "Agadeem's Awakening", "Emeria's Call"])
def test_modal_dfc_played_by_the_face_being_played(store, name):
    c = card(store, name)
    assert c.can_cast(0) and not c.can_play_as_land(0)  # spell face
    assert c.can_play_as_land(1) and not c.can_cast(1)  # land face: never "cast"


# A modal DFC's mana value: the face that is up on the stack and battlefield, the front face elsewhere;
# a transforming DFC's back face has the front face's mana value.
def test_modal_dfc_mana_value_per_zone(store):
    c = card(store, "Emeria's Call")  # {4}{W}{W}{W} // land
    assert c.mana_value(Zone.LIBRARY) == 7
    assert c.mana_value(Zone.HAND, face=1) == 7  # front face off the stack/battlefield
    assert c.mana_value(Zone.GRAVEYARD) == 7
    assert c.mana_value(Zone.STACK, face=0) == 7
    assert c.mana_value(Zone.BATTLEFIELD, face=1) == 0  # the land face is up
    s = card(store, "Shatterskull Smashing")  # {X}{R}{R}
    assert s.mana_value(Zone.LIBRARY) == 2
    assert s.mana_value(Zone.STACK, face=0, x=3) == 5
    assert s.mana_value(Zone.BATTLEFIELD, face=1) == 0


def test_transforming_dfc_back_face_has_front_mana_value(store):
    d = card(store, "Delver of Secrets")  # {U} // Insectile Aberration
    assert d.mana_value(Zone.BATTLEFIELD, face=1) == 1
    assert d.mana_value(Zone.LIBRARY) == 1


# A modal DFC can't be transformed; a DFC put onto the battlefield enters front face up.
def test_modal_dfc_cannot_transform_and_dfcs_enter_front_face_up(store):
    assert not card(store, "Tergrid, God of Fright").can_transform
    assert card(store, "Delver of Secrets").can_transform
    for name in ("Tergrid, God of Fright", "Delver of Secrets", "Emeria's Call"):
        assert card(store, name).battlefield_entry_face == 0


# When a name is chosen either face's name may be chosen: either face name finds the card.
@pytest.mark.parametrize(
    ("asked", "full"),
    [
        ("Tergrid's Lantern", "Tergrid, God of Fright // Tergrid's Lantern"),
        ("tergrid, god of fright", "Tergrid, God of Fright // Tergrid's Lantern"),
        ("Insectile Aberration", "Delver of Secrets // Insectile Aberration"),
        ("Agadeem, the Undercrypt", "Agadeem's Awakening // Agadeem, the Undercrypt"),
        ("Ice", "Fire // Ice"),
        ("Fire/Ice", "Fire // Ice"),
    ],
)
def test_either_face_name_finds_the_card(store, asked, full):
    c = card(store, asked)
    assert c.name == full
    assert {f.name for f in c.faces} <= set(c.names)


# In Commander a DFC's color identity combines both faces' mana symbols, plus either face's color
# indicator or basic land type.
@pytest.mark.parametrize(
    ("name", "identity"),
    [
        ("Delver of Secrets", "U"),
        ("Civilized Scholar", "UR"),  # back face has a red color indicator (903.4d)
        ("Esika, God of the Tree", "WUBRG"),  # back face cost {W}{U}{B}{R}{G}
        ("Tergrid, God of Fright", "B"),
        ("Agadeem's Awakening", "B"),
        ("Shatterskull Smashing", "R"),
    ],
)
def test_dfc_identity_combines_both_faces(store, name, identity):
    assert color_identity(card(store, name)) == identity


# A characteristic-defining ability that sets colors counts (604.3), whatever its case or the characters
# around it; the quick tests that skip text without such a sentence must never skip one.
@pytest.mark.parametrize(
    ("text", "identity"),
    [
        ("Flying", ""),  # the real card: no sentence at all
        ("Flying\nOrnithopter is red.", "R"),
        ("Flying\nORNITHOPTER IS BLUE AND RED.", "UR"),  # case does not matter
        ("Flying\nThis creature is all colors.", "WUBRG"),
        ("Flying — fast.\nOrnithopter is green.", "G"),  # not ASCII: the full search
        ("Flying\nOrnithopter (a reminder)is white.", "W"),  # " is " only once the reminder is gone
        ("Flying (This is a reminder: {R}.)", ""),  # a symbol in reminder text adds nothing (903.4c)
        ("Flying\n{T}: Add {G}.", "G"),
        ("Flying\nOther creatures you control are green.", ""),  # about other objects
    ],
)
def test_color_setting_sentences_count(store, text, identity):
    from dataclasses import replace

    real = card(store, "Ornithopter")
    changed = replace(real, faces=(replace(real.faces[0], oracle_text=text),))
    assert color_identity(changed) == identity


def test_color_setting_sentences_on_real_cards(store):
    assert color_identity(card(store, "Transguild Courier")) == "WUBRG"  # "... is all colors."
    assert color_identity(card(store, "Ghostfire")) == "R"  # "Ghostfire is colorless." adds nothing; {R} does


# A face's color is its mana cost's and its color indicator's (202.2, 204.2) unless its text sets it (604.3):
# devoid makes it colorless (702.114a), as "Ghostfire is colorless." does, and "~ is all colors" all five.
# Color identity still counts the symbols (903.4), and leaves out what the card says doesn't count.
@pytest.fixture(scope="module")
def frame_colors(store):
    from deckcheck.frames import cards_frame

    frame = cards_frame(store)
    return dict(zip(frame["name"], zip(frame["colors"], frame["color_identity"])))


@pytest.mark.parametrize(
    ("name", "colors", "identity"),
    [
        ("Lightning Bolt", "R", "R"),
        ("Dryad Arbor", "G", "G"),  # color indicator, no mana cost
        ("Civilized Scholar // Homicidal Brute", "U", "UR"),  # the front face's colors
        ("Eldrazi Displacer", "", "W"),  # devoid, {2}{W}
        ("Ulalek, Fused Atrocity", "", "WUBRG"),  # devoid, {C/W}{C/U}{C/B}{C/R}{C/G}
        ("Ghostfire", "", "R"),  # "Ghostfire is colorless.", {2}{R}
        ("Transguild Courier", "WUBRG", "WUBRG"),  # "... is all colors.", {4}
        ("Sphinx of the Guildpact", "WUBRG", "WUBRG"),
        ("Fallaji Wayfarer", "WUBRG", "G"),  # "... is all colors. This ability doesn't affect its color identity."
    ],
)
def test_cards_frame_colors_follow_color_setting_abilities(frame_colors, name, colors, identity):
    assert frame_colors[name] == (colors, identity)


def test_cards_frame_every_devoid_card_is_colorless(store, frame_colors):
    devoid = [c.name for c in store.iter_cards() if "Devoid (This card has no color.)" in c.front.oracle_text]
    assert len(devoid) == 107
    assert {name: frame_colors[name][0] for name in devoid if frame_colors[name][0]} == {}


# can_cast answers for casting a face in the ordinary way: either half of a split card, an adventurer or its
# Adventure; a flip card only unflipped (710.2: off the battlefield it has only those characteristics); a
# transforming DFC only front face up (712.11), even one whose disturb, More Than Meets the Eye or Siege lets it
# be cast transformed (712.11a): those permissions are not read, as the docstring says.
@pytest.mark.parametrize(
    ("name", "face", "castable"),
    [
        ("Fire // Ice", 0, True),
        ("Fire // Ice", 1, True),
        ("Bonecrusher Giant // Stomp", 0, True),
        ("Bonecrusher Giant // Stomp", 1, True),  # the Adventure (715.3)
        ("Akki Lavarunner", 0, True),
        ("Akki Lavarunner", 1, False),  # Tok-Tok, Volcano Born: the flipped half
        ("Delver of Secrets", 1, False),
        ("Beloved Beggar", 1, False),  # disturb: cast transformed from a graveyard, not the ordinary way
        ("Goldbug, Humanity's Ally", 1, False),  # More Than Meets the Eye: cast converted
        ("Invasion of Alara", 1, False),  # a Siege's back face, cast transformed once it is defeated
        ("Commit // Memory", 0, True),
        ("Commit // Memory", 1, False),  # aftermath: cast only from a graveyard (702.127a)
        ("Living End", 0, False),  # no mana cost: cast only for an alternative cost, suspend's (118.6)
        ("Ancestral Vision", 0, False),
        ("Ornithopter", 0, True),  # a cost of {0} is paid
    ],
)
def test_can_cast_answers_for_the_ordinary_way(store, name, face, castable):
    assert card(store, name).can_cast(face) is castable


def test_a_prepare_spell_is_never_cast_from_its_card():
    """722.3: only copies of a prepare spell are cast. Neither ../shared/data nor the bundled store holds a
    preparation card; this one is the Scryfall fixture RULES.md names (names and costs only)."""
    from deckcheck.model.card import Card, Face

    page = Card(oracle_id="", name="Honorbound Page // Forum's Favor", layout="prepare",
                faces=(Face("Honorbound Page", "{3}{W}"), Face("Forum's Favor", "{W}")))
    assert page.can_cast(0) and not page.can_cast(1)


# On the battlefield a Room's locked half has no mana cost (709.5): with one half unlocked its mana value is that
# half's, with both the combined one (709.4b), as in the library. The bundled store and ../shared/data hold only
# Rooms' first halves (MTGJSON deck files), so Locker Room is added from what MTGJSON's object for Bottomless Pool
# says of it: its text (originalText) and its mana value, 5 (manaValue 6 - faceManaValue 1); {4}{U} is a blue cost
# of that value (colorIdentity U), and the value is all this test reads.
def test_room_on_the_battlefield_counts_its_unlocked_halves(store):
    from dataclasses import replace

    from deckcheck.model.card import Face

    pool = card(store, "Bottomless Pool")
    locker = Face("Locker Room", "{4}{U}", pool.front.type_line,
                  "Whenever one or more creatures you control deal combat damage to a player, draw a card.")
    room = replace(pool, faces=(pool.front, locker), complete=True)
    assert room.mana_value(Zone.BATTLEFIELD, 0) == 1
    assert room.mana_value(Zone.BATTLEFIELD, 1) == 5
    assert room.mana_value(Zone.BATTLEFIELD) == 6  # both halves unlocked
    assert room.mana_value(Zone.LIBRARY) == 6
    assert (room.mana_value(Zone.STACK, 0), room.mana_value(Zone.STACK, 1)) == (1, 5)


# A face is asked for by its index; one the card doesn't have is an IndexError in every layout and zone, and one
# the card has but its data lacks (an incomplete card: MTGJSON's deck files held only its front face) is a
# MissingFaceError, an IndexError too, that says so.
@pytest.mark.parametrize(
    ("name", "zone", "face", "said"),
    [
        ("Aquatic Alchemist", Zone.STACK, 1, "the card data lacks face 1 (Bubble Up)"),  # an adventure
        ("Aquatic Alchemist", Zone.LIBRARY, 1, "the card data lacks face 1"),
        ("Bottomless Pool", Zone.BATTLEFIELD, 1, "the card data lacks face 1 (Locker Room)"),
        ("Aquatic Alchemist", Zone.STACK, 2, "has no face 2"),
        ("Fire // Ice", Zone.STACK, 2, "has no face 2"),
        ("Sol Ring", Zone.LIBRARY, 1, "has no face 1"),
        ("Sol Ring", Zone.STACK, -1, "has no face -1"),
    ],
)
def test_a_face_the_card_or_its_data_lacks_is_an_index_error_that_says_which(store, name, zone, face, said):
    from deckcheck.model.card import MissingFaceError

    c = card(store, name)
    with pytest.raises(IndexError, match=re.escape(said)) as raised:
        c.mana_value(zone, face)
    assert (raised.type is MissingFaceError) is ("lacks" in said)
    with pytest.raises(IndexError, match=re.escape(said)):
        c.can_cast(face)
    with pytest.raises(IndexError, match=re.escape(said)):
        c.is_permanent(face)


# The combined mana value of a split card whose data lacks a half (709.4b: a fused split spell, a Room with both
# halves unlocked) is the source's, as it already was off the stack; the halves the data holds are not all of it.
@pytest.mark.parametrize(
    ("name", "zone", "value"),
    [
        ("Bottomless Pool", Zone.BATTLEFIELD, 6),  # {U} + Locker Room, both unlocked
        ("Gallifrey Falls", Zone.STACK, 9),  # {4}{R}{R} + No More, fused
        ("Gallifrey Falls", Zone.LIBRARY, 9),
    ],
)
def test_incomplete_split_card_combined_value_is_the_sources(store, name, zone, value):
    c = card(store, name)
    assert not c.complete and c.mana_value(zone) == value
    if zone is not Zone.LIBRARY:  # the half the data holds, cast or unlocked alone
        assert c.mana_value(zone, 0) == c.front.mana_value


def test_jegantha_sees_a_split_card_s_generic_symbol_twice(store):
    """Jegantha: no card in the starting deck has more than one of the same mana symbol in its mana cost. A split
    card's cost is both halves' (709.4b): Fire // Ice ({1}{R} and {1}{U}) holds {1} twice, and so does Give // Take
    ({2}{G}, {2}{U}) {2}. The generic symbols were left out, and both decks were legal (a review). One cost of the
    same symbols once each (Steam Augury, {2}{U}{R}) still is."""
    from deckcheck import check_deck

    lands = "\n".join(f"{n} {land}" for n, land in ((20, "Plains"), (20, "Island"), (20, "Swamp"), (19, "Mountain"),
                                                     (19, "Forest")))
    for name, legal in (("Fire // Ice", False), ("Give // Take", False), ("Steam Augury", True)):
        report = check_deck(f"Commander\n1 Kenrith, the Returned King\n\nCompanion\n1 Jegantha, the Wellspring\n\n"
                            f"Deck\n1 {name}\n{lands}\n", store=store)
        assert report.legal is legal, name
        assert [(v.code, v.cards) for v in report.violations] == (
            [] if legal else [("companion", ("Jegantha, the Wellspring", name))]), name


def test_a_companion_s_condition_judged_on_part_of_a_card_says_so(store):
    """The bundled snapshot holds one half of some split cards (Rooms: MTGJSON deck files keep the face a deck used).
    Jegantha's condition reads every cost symbol of a split card (709.4: both halves' costs in the library): on such
    a card it is judged on the half the data holds, and a note says so, as another condition reading the card's faces
    (Kaheera's: its creature types) does. Before, the deck passed with no word. A card the condition finds broken
    already (Lurrus's: a permanent card of mana value 6, which the source gives whole), and a condition of mana value
    alone (Gyruda's), say nothing."""
    from deckcheck import check_deck

    room = card(store, "Bottomless Pool // Locker Room")
    assert not room.complete and len(room.faces) == 1
    lands = "\n".join(f"{n} {land}" for n, land in ((20, "Plains"), (20, "Island"), (20, "Swamp"), (19, "Mountain"),
                                                     (19, "Forest")))
    for companion, said in (("Jegantha, the Wellspring", True), ("Kaheera, the Orphanguard", True),
                            ("Lurrus of the Dream-Den", False), ("Gyruda, Doom of Depths", False)):
        text = (f"Commander\n1 Kenrith, the Returned King\n\nCompanion\n1 {companion}\n\nDeck\n"
                f"1 Bottomless Pool // Locker Room\n{lands}\n")
        report = check_deck(text, store=store)
        partial = [note for note in report.notes if "judged on part of" in note]
        assert partial == [f"{companion}'s condition was judged on part of Bottomless Pool // Locker Room: the card "
                           "data lacks its other faces (`deckcheck update` brings whole cards)"] * said, companion
    for complete_enough in ("Fire // Ice", "Beanstalk Wurm // Plant Beans",
                            "Invasion of Zendikar // Awakened Skyclave"):
        # (an adventurer, a double-faced card: its front face alone is the card in the library, 715.4, 712.8a)
        whole = check_deck("Commander\n1 Kenrith, the Returned King\n\nCompanion\n1 Jegantha, the Wellspring\n\n"
                           f"Deck\n1 {complete_enough}\n{lands}\n", store=store)
        assert not [note for note in whole.notes if "judged on part of" in note], complete_enough
