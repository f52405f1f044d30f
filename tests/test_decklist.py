"""The decklist parser: every dialect reads to the same deck; line-level details of each dialect."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from deckcheck.decklist import (
    COMMANDER, COMPANION, MAIN, MAX_LINE_CHARS, MAYBEBOARD, OUTSIDE, SIDEBOARD, Deck, assign_sideboard_commanders,
    parse_file, parse_text, with_commanders,
)
from deckcheck.model.names import name_key
from deckcheck.decklist.model import is_web_address
from deckcheck.decklist.text import without_group_names, without_words_around

DECKS = Path(__file__).parent / "fixtures" / "decks"
EXAMPLES = Path(__file__).resolve().parent.parent / "data" / "examples"
LEADERS = {"The Tenth Doctor", "Rose Tyler"}


def can_lead(name: str) -> bool:
    """Stand-in for the card-data predicate: the two legendary creatures that lead Timey-Wimey."""
    return name in LEADERS


def shape(deck: Deck) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    """Commanders and main deck as sorted (folded name, quantity) lists."""
    deck = assign_sideboard_commanders(deck, can_lead)

    def section(name: str) -> list[tuple[str, int]]:
        return sorted((name_key(e.name), e.quantity) for e in deck.entries if e.section == name)

    return section(COMMANDER), section(MAIN)


DIALECTS = sorted(p.name for p in DECKS.glob("timey-wimey.*") if p.name != "timey-wimey.mtgjson.json")


def test_reference_deck_is_the_precon() -> None:
    commanders, main = shape(parse_file(DECKS / "timey-wimey.mtgjson.json"))
    assert commanders == [("rose tyler", 1), ("the tenth doctor", 1)]
    assert sum(q for _, q in main) == 98
    assert ("coward // killer", 1) in main and ("island", 3) in main


@pytest.mark.parametrize("filename", DIALECTS, ids=[n.removeprefix("timey-wimey.") for n in DIALECTS])
def test_every_dialect_reads_the_same_deck(filename: str) -> None:
    deck = parse_file(DECKS / filename)
    assert deck.problems == ()
    assert shape(deck) == shape(parse_file(DECKS / "timey-wimey.mtgjson.json"))


@pytest.mark.parametrize(("filename", "counts", "name"), [
    ("timey-wimey.mtgwtf.txt", {COMMANDER: 2, MAIN: 98, OUTSIDE: 11}, "Timey-Wimey - Doctor Who Commander Deck"),
    ("timey-wimey.mtgwtf.csv", {COMMANDER: 2, MAIN: 98, OUTSIDE: 11}, None),
    ("timey-wimey.mtgjson.json", {COMMANDER: 2, MAIN: 98, OUTSIDE: 11}, "Timey-Wimey"),
    ("timey-wimey.tappedout.txt", {COMMANDER: 2, MAIN: 98, SIDEBOARD: 1}, "Timey-Wimey"),
    ("timey-wimey.archidekt.txt", {COMMANDER: 2, MAIN: 98, MAYBEBOARD: 1}, None),
    ("timey-wimey.headers.txt", {COMMANDER: 2, MAIN: 98, MAYBEBOARD: 1, OUTSIDE: 1}, None),
    ("timey-wimey.mtgo.txt", {MAIN: 98, SIDEBOARD: 2}, None),
    ("timey-wimey.xmage.dck", {MAIN: 98, SIDEBOARD: 2}, "Timey-Wimey"),
    ("timey-wimey.mtgo.dek", {MAIN: 98, SIDEBOARD: 2}, None),
    ("timey-wimey.mtgo.csv", {MAIN: 98, SIDEBOARD: 2}, None),  # the rows Sideboarded "Yes"
    ("timey-wimey.cockatrice.cod", {MAIN: 98, SIDEBOARD: 2}, "Timey-Wimey"),
    ("timey-wimey.forge.dck", {COMMANDER: 2, MAIN: 98, OUTSIDE: 10}, "Timey-Wimey"),
], ids=lambda v: v if isinstance(v, str) and v.startswith("timey") else "")
def test_sections_outside_the_100_and_deck_names(filename: str, counts: dict[str, int], name: str | None) -> None:
    deck = parse_file(DECKS / filename)
    assert {s: deck.count(s) for s in counts} == counts
    assert sum(e.quantity for e in deck.entries) == sum(counts.values())
    assert deck.name == name


def one(text: str) -> tuple:
    """The single entry of a one-card text as (quantity, name, section, set, number)."""
    deck = parse_text(text)
    assert deck.problems == (), deck.problems
    assert len(deck.entries) == 1, deck.entries
    e = deck.entries[0]
    return e.quantity, e.name, e.section, e.set_code, e.collector_number


@pytest.mark.parametrize(("line", "expected"), [
    ("1 Sol Ring", (1, "Sol Ring", MAIN, None, None)),
    ("1x Sol Ring", (1, "Sol Ring", MAIN, None, None)),
    ("Sol Ring", (1, "Sol Ring", MAIN, None, None)),
    ("x4 Sol Ring", (4, "Sol Ring", MAIN, None, None)),
    ("4 x Sol Ring", (4, "Sol Ring", MAIN, None, None)),
    ("4X Sol Ring", (4, "Sol Ring", MAIN, None, None)),
    ("[4] Sol Ring", (4, "Sol Ring", MAIN, None, None)),
    ("(4) Sol Ring", (4, "Sol Ring", MAIN, None, None)),
    ("4* Sol Ring", (4, "Sol Ring", MAIN, None, None)),
    ("  3   Sol   Ring  ", (3, "Sol Ring", MAIN, None, None)),
    ("SB: 2 Sol Ring", (2, "Sol Ring", SIDEBOARD, None, None)),
    ("SB:Sol Ring", (1, "Sol Ring", SIDEBOARD, None, None)),
    ("1 Sol Ring (CMM) 410", (1, "Sol Ring", MAIN, "CMM", "410")),
    ("1 Sol Ring (CMM) 410 *F*", (1, "Sol Ring", MAIN, "CMM", "410")),
    ("1 Sol Ring (CMM) 410 *E*", (1, "Sol Ring", MAIN, "CMM", "410")),
    ("1 Sol Ring (CMM) 410 *F* *E*", (1, "Sol Ring", MAIN, "CMM", "410")),
    ("1 Sol Ring (SLD) 345s", (1, "Sol Ring", MAIN, "SLD", "345s")),
    ("1 Mind Stone (UMA) UMA-345", (1, "Mind Stone", MAIN, "UMA", "UMA-345")),
    ("1 Amulet of Vigor (PLST) WWK-121 *F*", (1, "Amulet of Vigor", MAIN, "PLST", "WWK-121")),
    ("1 Sol Ring (LEA)", (1, "Sol Ring", MAIN, "LEA", None)),
    ("1 Atraxa, Praetors' Voice (CM2) 10 *CMDR*", (1, "Atraxa, Praetors' Voice", COMMANDER, "CM2", "10")),
    # TappedOut: foil kinds, a set with its number, the commander's and the companion's marks
    ("1x Xenagos, God of Revels (CMR) *f-etch* *CMDR*", (1, "Xenagos, God of Revels", COMMANDER, "CMR", None)),
    ("1x Sol Ring (SLD:589) *f* #Land", (1, "Sol Ring", MAIN, "SLD", "589")),
    ("1x Command Tower *f-pre*", (1, "Command Tower", MAIN, None, None)),
    ("1x Lurrus of the Dream-Den *CMPN*", (1, "Lurrus of the Dream-Den", COMPANION, None, None)),
    ("1x Sol Ring (cmm) 410 [Ramp,Artifacts] ^Have,#37d67a^", (1, "Sol Ring", MAIN, "cmm", "410")),
    ("1x Think Twice () 92 [Draw]", (1, "Think Twice", MAIN, None, "92")),
    ("1x Atraxa, Praetors' Voice (cm2) 10 [Commander{top}]", (1, "Atraxa, Praetors' Voice", COMMANDER, "cm2", "10")),
    ("1x Counterspell (cmr) 632 [Maybeboard{noDeck}{noPrice}]", (1, "Counterspell", MAYBEBOARD, "cmr", "632")),
    ("1x Counterspell (cmr) 632 [Sideboard{noDeck}{noPrice}]", (1, "Counterspell", SIDEBOARD, "cmr", "632")),
    ("1 Atraxa, Praetors' Voice #!Commander", (1, "Atraxa, Praetors' Voice", COMMANDER, None, None)),
    ("1 Atraxa, Praetors' Voice # !Commander", (1, "Atraxa, Praetors' Voice", COMMANDER, None, None)),
    ("4 Counterspell (CMR) 632 *F* #TargetedDisruption", (4, "Counterspell", MAIN, "CMR", "632")),
    ("COMMANDER: 1 The Fourth Doctor [WHO:2] [foil]", (1, "The Fourth Doctor", COMMANDER, "WHO", "2")),
    # the commander's label mistyped, or the format's old word for it ("General"): before, no label, and the line a
    # title or an unknown card
    ("Comander: Edgar Markov", (1, "Edgar Markov", COMMANDER, None, None)),
    ("**Commmander:** Edgar Markov", (1, "Edgar Markov", COMMANDER, None, None)),
    ("Commandar - Edgar Markov", (1, "Edgar Markov", COMMANDER, None, None)),
    ("General: Edgar Markov", (1, "Edgar Markov", COMMANDER, None, None)),
    ("Commandeer", (1, "Commandeer", MAIN, None, None)),  # a card, whose name begins so
    ("1 Lightning Bolt [A25/141] [foil]", (1, "Lightning Bolt", MAIN, "A25", "141")),
    ("1 Lightning Bolt [M10]", (1, "Lightning Bolt", MAIN, "M10", None)),
    ("1 Twice Upon a Time // Unlikely Meeting [WHO:61a]",
     (1, "Twice Upon a Time // Unlikely Meeting", MAIN, "WHO", "61a")),
    ("1 Amulet of Vigor [PLST:WWK-121]", (1, "Amulet of Vigor", MAIN, "PLST", "WWK-121")),
    ("1 [WHO:32] Wilfred Mott", (1, "Wilfred Mott", MAIN, "WHO", "32")),
    ("SB: 1 [WHO:3] The Tenth Doctor", (1, "The Tenth Doctor", SIDEBOARD, "WHO", "3")),
    ("1 [CMM#410] Sol Ring", (1, "Sol Ring", MAIN, "CMM", "410")),  # deckstats
    ("1 [C19#7] Sevinne, the Chronoclasm #!Commander", (1, "Sevinne, the Chronoclasm", COMMANDER, "C19", "7")),
    ("1 Kitsa, Otterball Elite [BLB] #54 foil", (1, "Kitsa, Otterball Elite", MAIN, "BLB", "54")),
    ("1 Sol Ring (foil)", (1, "Sol Ring", MAIN, None, None)),
    ("1 Sol Ring [C21] (foil)", (1, "Sol Ring", MAIN, "C21", None)),
    ("1 Sol Ring (C21) 263 (Etched)", (1, "Sol Ring", MAIN, "C21", "263")),
    ("1 Sol Ring <extended> [C21]", (1, "Sol Ring", MAIN, "C21", None)),
    ("1 Sol Ring <C21>", (1, "Sol Ring", MAIN, None, None)),
    ("1 Lightning Bolt <141> [2XM] (F)", (1, "Lightning Bolt", MAIN, "2XM", None)),  # MTGGoldfish: foil, etched
    ("1 Sol Ring <extended> [CMM] (E)", (1, "Sol Ring", MAIN, "CMM", None)),
    ("1 Arcane Signet [C21] (F)", (1, "Arcane Signet", MAIN, "C21", None)),
    ("1\tSol Ring\tCMM\t410", (1, "Sol Ring", MAIN, None, None)),  # cells copied from a spreadsheet
    ("Sol Ring\t2", (2, "Sol Ring", MAIN, None, None)),
    ("Sol Ring\tx2\tArtifact", (2, "Sol Ring", MAIN, None, None)),
    ("1x\tSol Ring\t\t$3.50", (1, "Sol Ring", MAIN, None, None)),
    ("1\tAtraxa, Praetors' Voice\t*CMDR*", (1, "Atraxa, Praetors' Voice", COMMANDER, None, None)),
    ("1\tAtraxa, Praetors' Voice\tCommander", (1, "Atraxa, Praetors' Voice", COMMANDER, None, None)),  # a section cell
    ("1\tLurrus of the Dream-Den\tArtifact\tCompanion", (1, "Lurrus of the Dream-Den", COMPANION, None, None)),
    ("1;Sol Ring;Sideboard", (1, "Sol Ring", SIDEBOARD, None, None)),  # a CSV's row with no header
    ('1,"Betor, Ancestor\'s Voice",TDC', (1, "Betor, Ancestor's Voice", MAIN, None, None)),
    ("1 Sol Ring\t(CMM)\t410", (1, "Sol Ring", MAIN, "CMM", "410")),
    ("1 Fire // Ice", (1, "Fire // Ice", MAIN, None, None)),
    ("1 Fire/Ice", (1, "Fire/Ice", MAIN, None, None)),
    ("1 Fire /// Ice (MH2) 290", (1, "Fire /// Ice", MAIN, "MH2", "290")),
    ("1 Fire", (1, "Fire", MAIN, None, None)),
    ("1 Brisela, Voice of Nightmares", (1, "Brisela, Voice of Nightmares", MAIN, None, None)),
    ("1 SP//dr, Piloted by Peni", (1, "SP//dr, Piloted by Peni", MAIN, None, None)),
    ("1 SP//dr, Piloted by Peni (SPM) 12 *F*", (1, "SP//dr, Piloted by Peni", MAIN, "SPM", "12")),
    ("1 B.O.B. (Bevy of Beebles)", (1, "B.O.B. (Bevy of Beebles)", MAIN, None, None)),
    ("1 Circle of Protection: Red", (1, "Circle of Protection: Red", MAIN, None, None)),
    ("1 Commander's Sphere", (1, "Commander's Sphere", MAIN, None, None)),
    ("1 Lim-Dûl's Vault", (1, "Lim-Dûl's Vault", MAIN, None, None)),
    ("1 Æther Vial", (1, "Æther Vial", MAIN, None, None)),
    ("1 Borrowing 100,000 Arrows", (1, "Borrowing 100,000 Arrows", MAIN, None, None)),
    ("1 Everybody Lives!", (1, "Everybody Lives!", MAIN, None, None)),
    ("1 _____", (1, "_____", MAIN, None, None)),  # Unhinged: the one name without a letter
    ("2× Island", (2, "Island", MAIN, None, None)),
    ("Sol Ring x1", (1, "Sol Ring", MAIN, None, None)),
    ("Island ×12", (12, "Island", MAIN, None, None)),
    ("Forest x 5", (5, "Forest", MAIN, None, None)),
    ("Island 12x", (12, "Island", MAIN, None, None)),  # written by hand
    ("Island (12)", (12, "Island", MAIN, None, None)),
    ("1 Island (12)", (1, "Island", MAIN, "12", None)),  # a quantity before it: the parentheses name a set
    ("1 Atraxa, Praetors' Voice (Commander)", (1, "Atraxa, Praetors' Voice", COMMANDER, None, None)),
    ("Tymna the Weaver (cmdr)", (1, "Tymna the Weaver", COMMANDER, None, None)),
    # the commander marked as lists written by hand mark it (before, unknown cards or a plain card)
    ("1 Felothar the Steadfast - Commander", (1, "Felothar the Steadfast", COMMANDER, None, None)),
    ("1 Felothar the Steadfast \u2013 commander", (1, "Felothar the Steadfast", COMMANDER, None, None)),
    ("1 Felothar the Steadfast *(Commander)*", (1, "Felothar the Steadfast", COMMANDER, None, None)),
    ("1 Felothar the Steadfast _(commander)_", (1, "Felothar the Steadfast", COMMANDER, None, None)),
    ("1 Felothar the Steadfast [CMDR]", (1, "Felothar the Steadfast", COMMANDER, None, None)),
    ("1 Felothar the Steadfast (TDC) 1 - Commander", (1, "Felothar the Steadfast", COMMANDER, "TDC", "1")),
    ("Tasigur Control - Commander", (1, "Tasigur Control - Commander", MAIN, None, None)),  # a title: no count, no mark
    # the companion marked as the commander is (before, a main-deck card: a 101-card deck, its condition unchecked)
    ("1 Lurrus of the Dream-Den (Companion)", (1, "Lurrus of the Dream-Den", COMPANION, None, None)),
    ("1 Lurrus of the Dream-Den - Companion", (1, "Lurrus of the Dream-Den", COMPANION, None, None)),
    ("1 Lurrus of the Dream-Den \u2014 companion", (1, "Lurrus of the Dream-Den", COMPANION, None, None)),
    ("1 Lurrus of the Dream-Den [Companion]", (1, "Lurrus of the Dream-Den", COMPANION, None, None)),
    ("1 Lurrus of the Dream-Den #!Companion", (1, "Lurrus of the Dream-Den", COMPANION, None, None)),
    # Archidekt's export of a category kept out of the deck (before, its maybeboard: the companion unchecked)
    ("1x Lurrus of the Dream-Den (iko) 226 [Companion{noDeck}]", (1, "Lurrus of the Dream-Den", COMPANION, "iko",
                                                                   "226")),
    ("Kaheera Cats - Companion", (1, "Kaheera Cats - Companion", MAIN, None, None)),  # a title: no count, no mark
    # a maybeboard's card stays there whatever its other categories say
    ("1x Kaheera, the Orphanguard (iko) 8 [Maybeboard{noDeck}{noPrice},Companion]",
     (1, "Kaheera, the Orphanguard", MAYBEBOARD, "iko", "8")),
    ("1 Pip-Boy 3000", (1, "Pip-Boy 3000", MAIN, None, None)),
    ("Overseer of Vault 76", (1, "Overseer of Vault 76", MAIN, None, None)),
    ("- 1 Sol Ring", (1, "Sol Ring", MAIN, None, None)),  # list bullets, as pasted from Markdown, chats, pages
    ("* 2x Island", (2, "Island", MAIN, None, None)),
    ("• Sol Ring", (1, "Sol Ring", MAIN, None, None)),
    ("+ 1 Sol Ring (CMM) 410", (1, "Sol Ring", MAIN, "CMM", "410")),
    ("\u25cf 1 Sol Ring", (1, "Sol Ring", MAIN, None, None)),  # a word processor's or a page's bullets: ●, –, ·, ▪
    ("\u2013 1 Arcane Signet", (1, "Arcane Signet", MAIN, None, None)),
    ("\u00b7 Command Tower", (1, "Command Tower", MAIN, None, None)),
    ("\u25aa 2x Forest", (2, "Forest", MAIN, None, None)),
    # an emoji as the bullet, with its variation selector or skin tone (before, unknown cards "🔹 1 Sol Ring")
    ("\u2b50 1 Seedborn Muse", (1, "Seedborn Muse", MAIN, None, None)),
    ("\U0001f539 Sol Ring", (1, "Sol Ring", MAIN, None, None)),
    ("\u2714\ufe0f 2x Island", (2, "Island", MAIN, None, None)),
    ("\U0001f44d\U0001f3fd 1 Sol Ring (CMM) 410", (1, "Sol Ring", MAIN, "CMM", "410")),
    ("\u00a9 2025 Moxfield", (1, "\u00a9 2025 Moxfield", MAIN, None, None)),  # a page's footer: no bullet, no count
    ("Island (x12)", (12, "Island", MAIN, None, None)),  # a count in parentheses: no set code is "x" and digits
    ("Mountain (12x)", (12, "Mountain", MAIN, None, None)),
    ("\\- 1 Sol Ring", (1, "Sol Ring", MAIN, None, None)),  # a Reddit post's Markdown source escapes punctuation
    ("\\* 2x Island", (2, "Island", MAIN, None, None)),
    ('1 Kongming, \\"Sleeping Dragon\\"', (1, 'Kongming, "Sleeping Dragon"', MAIN, None, None)),
    ("1 \\[\\[Sol Ring\\]\\]", (1, "Sol Ring", MAIN, None, None)),
    ("+2 Mace", (1, "+2 Mace", MAIN, None, None)),
    ("SB: Pyroblast x2", (2, "Pyroblast", SIDEBOARD, None, None)),
    ("Commander - Atraxa, Praetors' Voice", (1, "Atraxa, Praetors' Voice", COMMANDER, None, None)),
    # a second commander named as what it is (before: an unknown card "Background: Folk Hero")
    ("Background: Folk Hero", (1, "Folk Hero", COMMANDER, None, None)),
    ("**Partner:** Tymna the Weaver", (1, "Tymna the Weaver", COMMANDER, None, None)),
    ("Sideboard \u2013 1 Duress", (1, "Duress", SIDEBOARD, None, None)),  # a word processor's en dash
    ("Deck: 1 Sol Ring", (1, "Sol Ring", MAIN, None, None)),  # a form's or a chat's one-line sections
    ("Main deck - Sol Ring", (1, "Sol Ring", MAIN, None, None)),
    ("Mainboard: 2 Island", (2, "Island", MAIN, None, None)),
    ("1 Sol Ring|C16", (1, "Sol Ring", MAIN, "C16", None)),  # Forge .dck: name|set|art index
    ("1 Fire // Ice|MH2|1", (1, "Fire // Ice", MAIN, "MH2", None)),
    ("1 Fire|Ice", (1, "Fire|Ice", MAIN, None, None)),  # Cockatrice's split-card spelling, not a set
    ("1 [[Sol Ring]]", (1, "Sol Ring", MAIN, None, None)),  # Markdown: the card-fetching bots' links (Reddit)
    ("[[Sol Ring|CMM]] x2", (2, "Sol Ring", MAIN, "CMM", None)),  # the set a bot link names is kept
    ("1 [[Sol Ring|cmm]] *F*", (1, "Sol Ring", MAIN, "CMM", None)),
    ("1 [[Sol Ring|]]", (1, "Sol Ring", MAIN, None, None)),
    ("* 1x **Sol Ring**", (1, "Sol Ring", MAIN, None, None)),  # emphasis
    ("- 1 *Sol Ring*", (1, "Sol Ring", MAIN, None, None)),
    ("1 _Sol Ring_", (1, "Sol Ring", MAIN, None, None)),
    ("1 __Sol Ring__ (CMM) 410", (1, "Sol Ring", MAIN, "CMM", "410")),
    ("1 *Sol Ring* *F*", (1, "Sol Ring", MAIN, None, None)),
    ("1 *F*Sol Ring", (1, "*F*Sol Ring", MAIN, None, None)),  # no emphasis: the marks are not around the name
    ("1 *F* Sol Ring", (1, "*F* Sol Ring", MAIN, None, None)),
    ("1 **Atraxa, Praetors' Voice** *CMDR*", (1, "Atraxa, Praetors' Voice", COMMANDER, None, None)),
    ("**Commander:** Atraxa, Praetors' Voice", (1, "Atraxa, Praetors' Voice", COMMANDER, None, None)),  # bold prefix
    ("**Commander**: Atraxa, Praetors' Voice", (1, "Atraxa, Praetors' Voice", COMMANDER, None, None)),
    ("**Commander: Atraxa, Praetors' Voice**", (1, "Atraxa, Praetors' Voice", COMMANDER, None, None)),
    ("__Sideboard:__ 1 Duress", (1, "Duress", SIDEBOARD, None, None)),
], ids=lambda v: v if isinstance(v, str) else "")
def test_card_lines(line: str, expected: tuple) -> None:
    assert one(line) == expected


def rows(deck: Deck) -> list[tuple[int, str, str, int]]:
    """(quantity, name, section, line) of each entry of a deck."""
    return [(e.quantity, e.name, e.section, e.line) for e in deck.entries]


def reposted(text: str, header: Callable[[str], list[str]], card: Callable[[str, str], str]) -> list[str]:
    """A list's lines as another writer posts them: each "Commander" or "Deck" header as `header` writes it, each
    "N Name" line as `card` writes it (from "N" and "Name"), the other lines as they are."""
    posted: list[str] = []
    for line in text.splitlines():
        if line in ("Commander", "Deck"):
            posted += header(line)
        elif line[:1].isdigit():
            posted.append(card(*line.split(" ", 1)))
        else:
            posted.append(line)
    return posted


def test_a_list_pasted_from_a_numbered_list_loses_its_item_numbers():
    """A real list pasted from a document's numbered list, its numbering starting again in each section and
    its quantities kept inside the items, reads as the list itself; before, every line was an unknown card
    named "N. ...". Numbers that don't count up, or a list with unnumbered card lines too, make no numbered list, but
    each numbered line is still read without its item number (`test_a_numbered_line_among_plain_lines_is_its_card`)."""
    text = (EXAMPLES / "tournament" / "01-alice-breed-lethality.txt").read_text(encoding="utf-8")
    numbered, item = [], 0
    for line in text.splitlines():
        if line in ("Commander", "Deck"):
            item = 0
        if line[:1].isdigit():
            item += 1
            line = f"{item}{'.' if item % 2 else ')'} {line}"
        numbered.append(line)
    assert numbered[4:8] == ["1. 1 Atraxa, Praetors' Voice", "", "Deck", "1. 1 Thrummingbird"]
    plain, pasted = parse_text(text), parse_text("\n".join(numbered))
    assert pasted.problems == () and rows(pasted) == rows(plain)
    assert [(e.quantity, e.name) for e in parse_text("1. Sol Ring\n2. Arcane Signet\n3) Island\n").entries] == [
        (1, "Sol Ring"), (1, "Arcane Signet"), (1, "Island")]
    for text in ("1. Sol Ring\n3. Arcane Signet\n4. Island\n", "1. Sol Ring\n2. Arcane Signet\n3. Island\n4 Forest\n"):
        assert [(e.quantity, e.name) for e in parse_text(text).entries][:3] == [
            (1, "Sol Ring"), (1, "Arcane Signet"), (1, "Island")]


@pytest.mark.parametrize("style", ["[[{}]]", "[{}](https://scryfall.com/search?q={})", "**{}**", "*{}*"])
def test_a_list_posted_with_markdown_reads_as_the_list(style: str) -> None:
    """A real precon's list as a Reddit or Discord post writes it: its headers in bold, each card name a link
    for the card-fetching bots ("1 [[Sol Ring]]"), a Markdown link or emphasized. It reads as the list itself;
    before, every card was an unknown card named with its marks, or a line with no card name."""
    text = (EXAMPLES / "abzan-armor-tdc.txt").read_text(encoding="utf-8")
    posted = reposted(text, lambda header: [f"**{header}**"],
                      lambda count, name: f"{count} {style.format(name, name.replace(' ', '+'))}")
    assert posted[3:5] == ["**Commander**", f"1 {style.format('Felothar the Steadfast', 'Felothar+the+Steadfast')}"]
    plain, pasted = parse_text(text), parse_text("\n".join(posted))
    assert len(plain.entries) > 60 and pasted.problems == ()
    assert rows(pasted) == rows(plain)


def test_what_a_posted_list_strikes_through_is_cut_and_noted() -> None:
    """A real precon's list posted with cards struck through, as a post that edits its list does: a whole entry
    ("~~1 Sol Ring~~", "- ~~1 Sol Ring~~", a table's cell) is cut, a struck name before its replacement ("1 ~~Mana
    Crypt~~ Sol Ring") leaves the replacement. The deck is the list without them, each entry on its own line,
    and its note names every piece cut with its line. Before, each was an unknown card named with its marks."""
    text = (EXAMPLES / "abzan-armor-tdc.txt").read_text(encoding="utf-8")
    plain = parse_text(text)
    lines = text.splitlines()
    names = [line.split(" ", 1)[1] for line in lines if line[:1].isdigit()]
    cards = [i for i, line in enumerate(lines) if line[:1].isdigit() and names.count(line.split(" ", 1)[1]) == 1]
    cut, replaced = cards[3::10], cards[5::10]  # every tenth entry struck whole, another one replaced
    posted = list(lines)
    for i in cut:
        posted[i] = f"~~{lines[i]}~~" if i % 2 else f"- ~~{lines[i]}~~"
    for i in replaced:
        count, name = lines[i].split(" ", 1)
        posted[i] = f"{count} ~~Mana Crypt~~ {name}"
    deck = parse_text("\n".join(posted))
    assert len(cut) > 5 and deck.problems == ()
    assert rows(deck) == [row for row in rows(plain) if row[3] - 1 not in cut]
    struck = [f'line {i + 1} "{lines[i] if i in cut else "Mana Crypt"}"' for i in sorted(cut + replaced)]
    assert deck.notes == (f"read what is struck through (~~) as cut from the list, not counted: "
                          f"{', '.join(struck[:10])} and {len(struck) - 10} more",)
    table = parse_text("| Qty | Card |\n|---|---|\n| 1 | ~~Arcane Signet~~ |\n| 1 | Sol Ring |\n")
    assert rows(table) == [(1, "Sol Ring", MAIN, 4)] and table.notes == (
        'read what is struck through (~~) as cut from the list, not counted: line 3 "Arcane Signet"',)


def test_a_strikethrough_never_holds_another_s_marks() -> None:
    """An opening "~~" whose close fails is given up at the next "~~": "~~Mana ~~Sol Ring~~" strikes "Sol Ring"
    alone, as Markdown does (before, "Mana ~~Sol Ring", and each failed opening was sought to the line's end, time
    growing with the line's length squared), and a line of such openings is left as written."""
    deck = parse_text("1 ~~Mana ~~Sol Ring~~ Arcane Signet\n1 " + "~~a " * 200 + "\n")
    assert deck.notes == ('read what is struck through (~~) as cut from the list, not counted: line 1 "Sol Ring"',)
    assert [e.name for e in deck.entries] == ["~~Mana Arcane Signet", ("~~a " * 200).strip()]


def test_a_link_to_a_deck_page_is_no_card_link() -> None:
    """A Markdown link to a deck site's page posted with the list ("[My deck](https://www.moxfield.com/decks/...)")
    is kept whole, so the checker says it holds a web address; before, its text was read as a card name and
    suggested close card names."""
    link = "[Abzan armor on Moxfield](https://www.moxfield.com/decks/abc123)"
    deck = parse_text(f"{link}\n1 [Sol Ring](https://scryfall.com/card/cmm/410/sol-ring)\n"
                      "1 [Arcane Signet](https://deckbox.org/mtg/Arcane%20Signet)\n")  # a deck site's card page
    assert [e.name for e in deck.entries] == [link, "Sol Ring", "Arcane Signet"]
    assert is_web_address(deck.entries[0].name)


def test_a_line_with_no_count_before_lines_with_counts_may_name_a_group() -> None:
    """A list grouped by what its cards do names each group on a line with no count ("Ramp", "Card Draw (2)"): the
    parser keeps such a line, right before an entry with a count, in `group_lines`, and `without_group_names` drops
    it when no card has its name (the checker knows which) and ends a commander's section with it. A block that starts
    with a group's name is no MTGO sideboard (MTGO writes every count)."""
    deck = parse_text("Commander\n1 Tymna the Weaver\nRamp\n1 Sol Ring\n1 Arcane Signet\n\nCard Draw (2)\n"
                      "1 Rhystic Study\nSol Ring\nIsland\n")
    assert deck.group_lines == (3, 7) and deck.notes == ()
    grouped = without_group_names(deck, ["Ramp", "Card Draw", "Island"])
    assert rows(grouped) == [(1, "Tymna the Weaver", COMMANDER, 2), (1, "Sol Ring", MAIN, 4),
                             (1, "Arcane Signet", MAIN, 5), (1, "Rhystic Study", MAIN, 8), (1, "Sol Ring", MAIN, 9),
                             (1, "Island", MAIN, 10)]
    assert grouped.notes == ('read line 3 "Ramp", line 7 "Card Draw" as the name of a group of the cards after it, '
                             'not as a card: no card has that name',)
    assert without_group_names(deck, ["Island"]) is deck  # every group line's name a card's: nothing to drop
    typo = without_group_names(deck, ["Ramp", "Card Draw"], lambda names: {"Card Draw": "Card Drew"})
    assert typo.notes[0].startswith('read line 3 "Ramp", line 7 "Card Draw" (Card Drew mistyped?) as the name')
    # a list of many such lines: the note names the first ten, and only they are looked at for a card misspelt
    many = parse_text("".join(f"Group {n}\n1 Island\n" for n in range(25)))
    asked: list[list[str]] = []
    noted = without_group_names(many, [f"Group {n}" for n in range(25)], lambda names: asked.append(names) or {})
    assert asked == [[f"Group {n}" for n in range(10)]] and [e.name for e in noted.entries] == ["Island"]
    listed = ", ".join(f'line {2 * n + 1} "Group {n}"' for n in range(10))
    assert noted.notes == (f"read {listed} and 15 more as the name of a group of the cards after it, not as a card: "
                           "no card has that name",)
    two = parse_text("Ramp\n1 Sol Ring\n1 Arcane Signet\n\nDraw\n1 Rhystic Study\n")
    assert two.group_lines == (1, 5) and {e.section for e in two.entries} == {MAIN} and two.notes == ()
    assert parse_text("Commander: Tymna, Thrasios\nDeck: 1 Sol Ring\n").group_lines == ()  # a section's entry


def test_a_list_posted_as_markdown_tables_reads_as_the_list() -> None:
    """A real precon's list posted as Markdown tables, a bold header before each ("| Qty | Card | Type |", its rule
    "|---:|---|---|", then "| 1 | Sol Ring | Artifact |"): the same cards in the same sections as the list itself.
    Before, each row was an unknown card ("| 1 | Sol Ring | Artifact |") and each header row another. A table
    whose header names a section ("| Commander |") starts it; the outer bars may be left out ("1 | Sol Ring")."""
    text = (EXAMPLES / "abzan-armor-tdc.txt").read_text(encoding="utf-8")
    posted = reposted(text, lambda header: [f"**{header}**", "", "| Qty | Card | Type |", "|---:|---|---|"],
                      lambda count, name: f"| {count} | {name} | card |")
    plain, pasted = parse_text(text), parse_text("\n".join(posted))
    assert len(plain.entries) > 60 and pasted.problems == ()
    assert [row[:3] for row in rows(pasted)] == [row[:3] for row in rows(plain)]
    deck = parse_text("| Commander |\n| --- |\n| Tymna the Weaver |\n\nQty | Card\n--|--\n2 | Island\n1 | Sol Ring\n")
    assert deck.problems == () and rows(deck) == [
        (1, "Tymna the Weaver", COMMANDER, 3), (2, "Island", MAIN, 7), (1, "Sol Ring", MAIN, 8)]


def test_groups_and_a_title_are_told_in_a_list_counted_after_its_names() -> None:
    """A list that writes each count after its name ("Sol Ring x1") may name its groups ("Ramp", "Card Draw (12)")
    and its title as a list counted before its names does. Before, they were cards, "Card Draw" twelve of them."""
    deck = parse_text("Ramp\nSol Ring x1\nArcane Signet x1\nCard Draw (12)\nRhystic Study x1\n")
    assert deck.group_lines == (1, 4)
    assert parse_text("My Build\n\nSol Ring x1\nArcane Signet x1\n").title_line == 1
    assert parse_text("Sol Ring x1\nMana Crypt x1\nArcane Signet x1\n").group_lines == ()  # a card's count


def test_a_markdown_table_s_rows_copied_without_their_header_are_read() -> None:
    """Rows of a Markdown table copied without its header row and rule ("| 1 | Sol Ring |"), alone or among plain
    lines: each its card. Before, each was an unknown card "| 1 | Sol Ring |", or (among counted lines) a group's
    name, dropped."""
    deck = parse_text("Commander\n| 1 | Kenrith, the Returned King |\n\nDeck\n1 Arcane Signet\n| 1 | Sol Ring | C21 |\n"
                      "| 97 | Plains |\n")
    assert deck.problems == () and deck.group_lines == () and [row[:3] for row in rows(deck)] == [
        (1, "Kenrith, the Returned King", COMMANDER), (1, "Arcane Signet", MAIN), (1, "Sol Ring", MAIN),
        (97, "Plains", MAIN)]
    assert [e.name for e in parse_text("Forest|M21\n1 Sol Ring\n").entries] == ["Forest", "Sol Ring"]  # Forge's


@pytest.mark.parametrize("header", ["Card | Qty | Set | Section", "Section | Card | CMC"])
def test_a_markdown_table_is_read_by_the_columns_its_header_names(header: str) -> None:
    """A real precon's list posted as one Markdown table whose header names its columns, in any order: the count
    from the count column (one copy a row when there is none), the set and the section from theirs, other columns
    ("CMC") left out. The same cards in the same sections as the list itself. Before, the CMC column was read as
    the count (five copies of a commander of mana value 5) and a set or section cell as part of the name."""
    text = (EXAMPLES / "abzan-armor-tdc.txt").read_text(encoding="utf-8")
    plain = parse_text(text)
    columns = [name.strip() for name in header.split("|")]
    table = [f"| {header} |", "|" + "---|" * len(columns)]
    for e in plain.entries:
        cells = {"Card": e.name, "Qty": str(e.quantity), "Set": "TDC", "CMC": "3",
                 "Section": "Commander" if e.section == COMMANDER else "Main"}
        copies = 1 if "Qty" in columns else e.quantity
        table += ["| " + " | ".join(cells[c] for c in columns) + " |"] * copies
    posted = parse_text("\n".join(table))
    assert len(plain.entries) > 60 and posted.problems == ()
    assert [row[:3] for row in rows(posted)] == [row[:3] for row in rows(plain)]
    assert {e.set_code for e in posted.entries} == ({"TDC"} if "Set" in columns else {None})
    # a section's cell is read as a copied row's is: "Companion" too
    row = parse_text("| Card | Section |\n|---|---|\n| Lurrus of the Dream-Den | Companion |\n")
    assert rows(row) == [(1, "Lurrus of the Dream-Den", COMPANION, 3)]


@pytest.mark.parametrize("fence", ["```", "```txt", "~~~"])
def test_a_list_posted_in_a_code_block_or_quoted_reads_as_the_list(fence: str) -> None:
    """A real precon's list posted in a chat: in a code block whose fence names a language ("```txt"), each line
    quoted ("> 1 Sol Ring"), or a code block of each section. The same entries, on the same lines, as the list
    itself; before, "```txt" was an unknown card, a quoted line another, and a fence between the commander and
    the deck kept the deck's cards in the commander's section."""
    text = (EXAMPLES / "abzan-armor-tdc.txt").read_text(encoding="utf-8")
    plain = parse_text(text)
    lines = text.splitlines()
    quoted = [f"> {line}" if line else ">" for line in lines]
    sections = [fence if not line else line for line in lines]  # a fence where a blank line was
    for posted in ([fence, *lines, "```"], quoted, sections):
        pasted = parse_text("\n".join(posted))
        shift = posted[0] == fence  # the fence line before the list
        assert pasted.problems == () and [(*row[:3], row[3] - shift) for row in rows(pasted)] == rows(plain)


def test_entries_written_on_one_line_are_read_apart():
    """A list written across a line, its entries joined by commas or semicolons ("1 Sol Ring, 1 Arcane
    Signet"), reads as the same entries on lines of their own, each with its line's number and its line's
    section prefix; before, it was one unknown card named after the rest of the line. A comment, a name with
    a comma of its own and a number written with a thousands separator are not cut."""
    deck = parse_text("Commander: 1 Atraxa, Praetors' Voice\n"
                      "1 Sol Ring, 1 Arcane Signet,2x Forest; 1 Borrowing 100,000 Arrows\n"
                      "// Main, 60 cards\n"
                      "- 1 Guan Yu's 1,000-Li March, 1 Island (CMM) 1, 1 Swamp\n"
                      "SB: 1 Duress; 1 Negate\n")
    assert deck.problems == ()
    assert [(e.quantity, e.name, e.section, e.line, e.set_code) for e in deck.entries] == [
        (1, "Atraxa, Praetors' Voice", COMMANDER, 1, None), (1, "Sol Ring", MAIN, 2, None),
        (1, "Arcane Signet", MAIN, 2, None), (2, "Forest", MAIN, 2, None),
        (1, "Borrowing 100,000 Arrows", MAIN, 2, None), (1, "Guan Yu's 1,000-Li March", MAIN, 4, None),
        (1, "Island", MAIN, 4, "CMM"), (1, "Swamp", MAIN, 4, None), (1, "Duress", SIDEBOARD, 5, None),
        (1, "Negate", SIDEBOARD, 5, None)]


def test_a_real_deck_written_on_one_line_is_the_deck(shared_data: Path) -> None:
    """A whole precon's main deck on one line (1,600 characters: longer than any one entry may be) reads as
    its deck file does, in a text file and as a deck object's one list item."""
    import gzip
    import json

    from deckcheck.decklist.reading import parse_deck_record

    path = shared_data / "decks" / "mtgjson-precons-2026-01" / "AdaptiveEnchantment_C18.json.gz"
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        data = json.load(handle)["data"]
    line = ", ".join(f"{card['count']} {card['name']}" for card in data["mainBoard"])
    assert len(line) > MAX_LINE_CHARS
    expected = sorted((e.quantity, e.name, e.section) for e in parse_file(path).entries if e.section != OUTSIDE)
    text = parse_text(f"Commander\n1 {data['commander'][0]['name']}\n\nDeck\n{line}\n")
    record = parse_deck_record({"commander": [data["commander"][0]["name"]], "decklist": [line]}, "deck.json")
    for deck in (text, record):
        assert deck.problems == ()
        assert sorted((e.quantity, e.name, e.section) for e in deck.entries) == expected
    assert {e.line for e in text.entries if e.section == MAIN} == {5}


def test_a_block_of_lines_reads_annotations_as_one_line_does():
    """The whole-block fast path takes only plain entries: a variant in angle brackets or a finish in
    parentheses on some lines of a long list is read as on a line alone."""
    lines = [f"1 {name}" for name in ("Sol Ring <extended>", "Island", "Arcane Signet <C21> [C21]", "Swamp",
                                        "Command Tower (foil)", "Forest")]
    deck = parse_text("\n".join(lines) + "\n")
    assert [(e.name, e.line, e.set_code) for e in deck.entries] == [
        ("Sol Ring", 1, None), ("Island", 2, None), ("Arcane Signet", 3, "C21"), ("Swamp", 4, None),
        ("Command Tower", 5, None), ("Forest", 6, None)]


@pytest.mark.parametrize("header", [
    "Commander", "COMMANDER", "commanders", "Commander(s)", "Commander:", "Commanders:", "// Commander",
    "//Commander", "# Commander", "Command Zone", "Commander Zone", "Commander (1)", "== COMMANDER ==", "COMMANDER:",
])
def test_commander_headers(header: str) -> None:
    deck = parse_text(f"{header}\n1 Atraxa, Praetors' Voice\nDeck\n1 Sol Ring\n")
    assert [(e.name, e.section) for e in deck.entries] == [("Atraxa, Praetors' Voice", COMMANDER), ("Sol Ring", MAIN)]
    assert deck.commanders_marked


@pytest.mark.parametrize(("header", "section"), [
    ("Deck", MAIN), ("Main", MAIN), ("Mainboard", MAIN), ("MAINBOARD:", MAIN), ("Main Deck", MAIN),
    ("// Mainboard", MAIN), ("Sideboard", SIDEBOARD), ("sideboard:", SIDEBOARD), ("Sideboard: 15", SIDEBOARD),
    ("SB:", SIDEBOARD), ("// Sideboard", SIDEBOARD), ("Maybeboard", MAYBEBOARD), ("Considering", MAYBEBOARD),
    ("// Considering", MAYBEBOARD), ("Tokens", OUTSIDE), ("Display Commander", OUTSIDE),
    ("Planar Deck", OUTSIDE), ("Scheme Deck", OUTSIDE), ("Companion", "companion"), ("COMPANION:", "companion"),
    ("[Main]", MAIN), ("[Sideboard]", SIDEBOARD), ("[Planes]", OUTSIDE), ("[Conspiracy]", OUTSIDE),  # Forge
    ("• Sideboard", SIDEBOARD), ("- Sideboard -", SIDEBOARD),
    ("// Outside the Game", SIDEBOARD),  # Scryfall's export, where its companion is (before: a comment)
    ("Acquire:", MAYBEBOARD), ("// Acquire", MAYBEBOARD), ("ACQUIRE (3)", MAYBEBOARD),  # TappedOut's cards to buy
    ("// Cuts", MAYBEBOARD),  # (before: counted in the deck)
])
def test_section_headers(header: str, section: str) -> None:
    deck = parse_text(f"Commander\n1 Atraxa, Praetors' Voice\n\n{header}\n2 Sol Ring\n")
    assert deck.section(section)[0].name == "Sol Ring"
    assert deck.problems == ()


def test_a_header_word_that_is_a_card_s_name_is_the_card_on_a_line_of_its_own() -> None:
    """"Acquire" heads TappedOut's board of cards to buy written as a header, and is a sorcery's name: bare, as a
    list of names without counts writes it, it is the card."""
    for written in ("Acquire", "- Acquire", "**Acquire**", "• Acquire"):  # (a list's bullet, Markdown's bold)
        deck = parse_text(f"Commander\nAtraxa, Praetors' Voice\nDeck\nSol Ring\n{written}\nIsland\n")
        assert [(e.name, e.section) for e in deck.entries] == [
            ("Atraxa, Praetors' Voice", COMMANDER), ("Sol Ring", MAIN), ("Acquire", MAIN), ("Island", MAIN)], written


def test_forge_metadata_block_and_bracketed_headers() -> None:
    deck = parse_text("[metadata]\nName=Karlov\nDescription=1 of 2\n[Commander]\n1 Atraxa, Praetors' Voice|C16|1\n"
                      "[Main]\n1 Sol Ring|C16\nConspiracy\n")
    assert deck.name == "Karlov"
    assert [(e.name, e.section) for e in deck.entries] == [
        ("Atraxa, Praetors' Voice", COMMANDER), ("Sol Ring", MAIN), ("Conspiracy", MAIN)]  # bare: the card
    assert deck.problems == () and deck.commanders_marked


def test_duplicate_lines_add_up_and_keep_their_lines() -> None:
    deck = parse_text("Deck\n1 Island\n2 Sol Ring\n3 island\n\nSideboard\n1 Island\n")
    assert [(e.name, e.quantity, e.section, e.lines) for e in deck.entries] == [
        ("Island", 4, MAIN, (2, 4)), ("Sol Ring", 2, MAIN, (3,)), ("Island", 1, SIDEBOARD, (7,))]
    assert deck.entries[0].line == 2


def test_face_separators_add_up() -> None:
    deck = parse_text("1 Fire // Ice\n1 Fire/Ice\n1 Fire /// Ice\n")
    assert [(e.name, e.quantity) for e in deck.entries] == [("Fire // Ice", 3)]


def test_blank_lines_mean_nothing_once_there_are_headers() -> None:
    deck = parse_text("Deck\n1 Sol Ring\n\n1 Island\n\n1 Forest\n")
    assert {e.section for e in deck.entries} == {MAIN}


def test_blank_line_starts_the_sideboard_of_a_plain_list() -> None:
    deck = parse_text("// my list\n4 Lightning Bolt\n20 Mountain\n\n3 Smash to Smithereens\n")
    assert [(e.name, e.section) for e in deck.entries] == [
        ("Lightning Bolt", MAIN), ("Mountain", MAIN), ("Smash to Smithereens", SIDEBOARD)]
    assert "MTGO" in deck.notes[0]


def test_three_blocks_are_one_main_deck() -> None:
    # Type-grouped lists separate groups with blank lines; that is not a sideboard.
    deck = parse_text("Creatures (2)\n1 Llanowar Elves\n1 Elvish Mystic\n\nLands (2)\n2 Forest\n\n1 Sol Ring\n")
    assert {e.section for e in deck.entries} == {MAIN}
    assert deck.count(MAIN) == 5


@pytest.mark.parametrize("commander, group", [("Commander (1)", "Creatures (2)"),
                                               ("//Commander", "//Creature"),  # deckstats' export
                                               ("Companion", "Lands")])
def test_a_card_type_group_ends_the_commander_s_block_as_a_blank_line_does(commander, group) -> None:
    """A list grouped by type, as copied from a deck page, goes straight from its commander to "Creatures (30)":
    every card after the commander was read as a commander (a legal deck of 100 commanders)."""
    deck = parse_text(f"{commander}\n1 Felothar the Steadfast\n{group}\n1 Wall of Roots\n1 Wall of Blossoms\n")
    lead = COMPANION if commander == "Companion" else COMMANDER
    assert [(e.name, e.section) for e in deck.entries] == [
        ("Felothar the Steadfast", lead), ("Wall of Roots", MAIN), ("Wall of Blossoms", MAIN)]
    sideboard = parse_text("1 Sol Ring\nSideboard\n1 Wall of Roots\nCreatures (1)\n1 Wall of Blossoms\n")
    assert [e.section for e in sideboard.entries] == [MAIN, SIDEBOARD, SIDEBOARD]  # a sideboard's groups stay in it


@pytest.mark.parametrize("header, sep", [("Quantity,Name", ","), ("Qty\tCard", "\t")])
def test_a_commander_marker_after_a_name_in_a_table_with_a_header_marks_it(header, sep) -> None:
    """"Felothar the Steadfast (Commander)" marked the commander in a text list and in a table without a header
    row, but in a CSV, tab-separated or Word table with one it was an unknown card's name."""
    deck = parse_text(f"{header}\n1{sep}Felothar the Steadfast (Commander)\n1{sep}Sol Ring *CMDR*\n"
                      f"1{sep}B.F.M. (Big Furry Monster)\n1{sep}Wall of Roots\n")
    assert [(e.name, e.section) for e in deck.entries] == [
        ("Felothar the Steadfast", COMMANDER), ("Sol Ring", COMMANDER), ("B.F.M. (Big Furry Monster)", MAIN),
        ("Wall of Roots", MAIN)]


def test_a_table_s_row_of_totals_is_no_card_and_no_error() -> None:
    """A spreadsheet kept as a decklist ends with its sum: "100,,Total" was a syntax error ("no card name in this
    row"), which made a legal deck not legal. A row with no name and nothing saying a total still is one."""
    deck = parse_text("Quantity,Name,Board\n1,Felothar the Steadfast,Commander\n99,Forest,Main\n100,,Total\n"
                      "Total:,100,\n")
    assert [(e.name, e.quantity) for e in deck.entries] == [("Felothar the Steadfast", 1), ("Forest", 99)]
    assert deck.problems == ()
    assert [p.message for p in parse_text("Quantity,Name\n1,Forest\n4,,\n").problems] == ["no card name in this row"]


def test_tag_block_marks_following_cards_until_a_blank_line() -> None:
    deck = parse_text("//!Commander\n1 Tana, the Bloodsower\n1 Tymna the Weaver\n\n1 Sol Ring\n// Ramp\n1 Arcane Signet\n")
    assert [e.name for e in deck.commanders] == ["Tana, the Bloodsower", "Tymna the Weaver"]
    assert deck.count(MAIN) == 2


def test_about_block_is_not_cards() -> None:
    deck = parse_text("About\nName Death & Taxes\n\nCompanion\n1 Yorion, Sky Nomad (IKO) 232\n\n"
                      "Deck\n2 Arid Mesa (MH2) 244\n\nSideboard\n1 Yorion, Sky Nomad (IKO) 232\n")
    assert deck.name == "Death & Taxes"
    assert [(e.name, e.section) for e in deck.entries] == [
        ("Yorion, Sky Nomad", "companion"), ("Arid Mesa", MAIN), ("Yorion, Sky Nomad", SIDEBOARD)]


def test_about_block_ends_at_a_header() -> None:
    deck = parse_text("About\nName Timey-Wimey\nCommander\n1 Rose Tyler\nDeck\n1 Sol Ring\n")
    assert deck.name == "Timey-Wimey"
    assert [(e.name, e.section) for e in deck.entries] == [("Rose Tyler", COMMANDER), ("Sol Ring", MAIN)]


def test_commander_section_ends_at_a_blank_line() -> None:
    deck = parse_text("Commander\n1 Atraxa, Praetors' Voice\n\n1 Sol Ring\n1 Island\n")
    assert [e.name for e in deck.commanders] == ["Atraxa, Praetors' Voice"]
    assert deck.count(MAIN) == 2


def test_maybeboard_is_never_commander() -> None:
    deck = parse_text("Commander\n1 Atraxa, Praetors' Voice\nMaybeboard\n1 Tymna the Weaver *CMDR*\n"
                      "1 Thrasios, Triton Hero [Commander{top}]\n")
    assert [e.name for e in deck.commanders] == ["Atraxa, Praetors' Voice"]
    assert deck.count(MAYBEBOARD) == 2


def test_a_heading_may_name_a_group_whatever_follows() -> None:
    """A list posted with headings and no counts: in bold or italics ("**Ramp**", "*Card Draw*:", "__Removal:__",
    "_Tutors_ (3)"), ending in a colon ("Mana Rocks:", taken off the name as no card name ends in one), or counting
    the group's cards before a card with no count ("Ramp (3)"). Such a
    line is in `group_lines` whatever comes after it, so that the checker takes it out when no card has its name; a
    card's name in bold ("**Sol Ring**") stays a card, and a line with a count or only partly in bold is no
    heading."""
    deck = parse_text("**Commander**\nTymna the Weaver\n**Ramp**\nSol Ring\n*Card Draw*:\nRhystic Study\n"
                      "__Removal:__\n**Sol Ring**\n1 **Draw**\n**Draw** Island\n_Tutors_ (3)\nIsland\nMana Rocks:\n"
                      "Mind Stone\n")
    assert deck.group_lines == (3, 5, 7, 8, 11, 13)
    assert [e.name for e in deck.entries] == ["Tymna the Weaver", "Ramp", "Sol Ring", "Card Draw", "Rhystic Study",
                                              "Removal", "Draw", "Draw Island", "Tutors", "Island", "Mana Rocks",
                                              "Mind Stone"]
    grouped = without_group_names(deck, ["Ramp", "Card Draw", "Removal", "Draw", "Draw Island", "Tutors",
                                         "Mana Rocks"])
    assert rows(grouped) == [(1, "Tymna the Weaver", COMMANDER, 2), (2, "Sol Ring", MAIN, 4),
                             (1, "Rhystic Study", MAIN, 6), (1, "Draw", MAIN, 9), (1, "Draw Island", MAIN, 10),
                             (1, "Island", MAIN, 12), (1, "Mind Stone", MAIN, 14)]
    assert [e.name for e in parse_text("1 Sol Ring:\n1 Circle of Protection: Red\n").entries] == [
        "Sol Ring", "Circle of Protection: Red"]
    # a line counting its group's cards "(12)" right before a line with no count at all; not before one with a count
    # after its name, nor one that counts otherwise ("x2")
    sized = parse_text("Ramp (3)\nSol Ring\nForest (2)\nIsland x2\nTutors x2\nDemonic Tutor\nDraw (2)\n")
    assert sized.group_lines == (1,)


@pytest.mark.parametrize("words", ["Thanks in advance :)", "Any feedback welcome ;-)", "cheers xD", "Thanks 🙏",
                                   "Edit: swapped Mana Crypt for Sol Ring lol", "EDIT - added a land", "PS: no proxies"])
def test_a_post_s_closing_words_with_no_full_stop_are_words_too(words: str) -> None:
    """Reddit's and Discord's last lines end in a smiley or an emoji, or begin as an afterthought ("Edit:"), more
    often than in a full stop: they were entries of the list, unknown cards a deck too many. A card's name does none
    of these (and the checker drops such a line only when no card has its name)."""
    deck = parse_text(f"1 Sol Ring\n1 Arcane Signet\n\n{words}\n")
    assert deck.word_lines == (4,)
    assert parse_text("1 Sol Ring\n\nHazmat Suit (Used)\nKeeper of the Cadence\n").word_lines == ()


def test_a_post_s_words_around_its_list_may_be_no_card() -> None:
    """A list pasted with the post around it: lines with no count that read as sentences ("Here's my list. Thoughts?",
    "Thanks!") before the first other entry or after the last are in `word_lines`, and `without_words_around` drops
    those no card has (the checker knows which) with a note, but for one that nearly spells a card. A sentence
    between cards is not, nor is any line of a text with no other entry; a post's last words after a blank line are
    no MTGO sideboard."""
    deck = parse_text("Here's my list. Thoughts?\nWelcome!\n\n1 Sol Ring\nGreat card!\n1 Arcane Signet\n\nThanks!\n")
    assert deck.word_lines == (1, 2, 8) and deck.notes == ()
    thanks = parse_text("1 Sol Ring\n1 Arcane Signet\n\nThanks!\n")
    assert thanks.word_lines == (4,) and [e.section for e in thanks.entries] == [MAIN] * 3 and thanks.notes == ()
    cut = without_words_around(deck, ["Here's my list. Thoughts?", "Thanks!", "Great card!"])
    assert [e.name for e in cut.entries] == ["Welcome!", "Sol Ring", "Great card!", "Arcane Signet"]
    assert cut.notes == ('read line 1 "Here\'s my list. Thoughts?", line 8 "Thanks!" as the post\'s words around the '
                         'list, not as a card: no card has that name',)
    assert without_words_around(deck, ["Great card!"]) is deck
    # one that nearly spells a card ("Arcane Signat.") stays, a card mistyped; only the first WORDS_SEARCHED are
    # searched
    asked: list[list[str]] = []
    typo = without_words_around(deck, ["Here's my list. Thoughts?", "Thanks!"],
                                lambda names: asked.append(names) or {"Thanks!": "Thank You"})
    assert [e.name for e in typo.entries] == ["Welcome!", "Sol Ring", "Great card!", "Arcane Signet", "Thanks!"]
    assert asked == [["Here's my list. Thoughts?", "Thanks!"]] and typo.notes[0].startswith('read line 1 "Here')
    many = parse_text("".join(f"Line {n}!\n" for n in range(150)) + "1 Sol Ring\n")
    asked.clear()
    noted = without_words_around(many, [f"Line {n}!" for n in range(150)], lambda names: asked.append(names) or {})
    assert asked == [[f"Line {n}!" for n in range(100)]] and [e.name for e in noted.entries] == ["Sol Ring"]
    assert parse_text("Thanks!\nHello there.\n").word_lines == ()
    long = parse_text("1 Sol Ring\n" + "Word " * 30 + "end.\n")
    assert without_words_around(long, [long.entries[1].name]).notes[0].startswith(
        'read line 2 "' + ("Word " * 12).strip() + '…" as')


def test_type_group_lines_and_decoration_are_not_cards() -> None:
    deck = parse_text("Creatures (1)\n1 Llanowar Elves\n-----\nLands\n1 Forest\n=====\n")
    assert [e.name for e in deck.entries] == ["Llanowar Elves", "Forest"]
    assert deck.problems == ()


def test_comments_are_skipped() -> None:
    deck = parse_text("# a comment\n// another\n1 Sol Ring\n  # indented comment\n")
    assert [e.name for e in deck.entries] == ["Sol Ring"] and deck.problems == ()


def test_problems_carry_line_and_text() -> None:
    deck = parse_text("1 Sol Ring\n4\n0 Island\n7 (CMM) 410\n")
    assert [(p.line, p.text) for p in deck.problems] == [(2, "4"), (3, "0 Island"), (4, "7 (CMM) 410")]
    assert [e.name for e in deck.entries] == ["Sol Ring"]


def test_crlf_and_cr_line_endings() -> None:
    deck = parse_text("Commander\r\n1 Atraxa, Praetors' Voice\r\nDeck\r\n1 Sol Ring\r\n")
    assert [(e.name, e.line) for e in deck.entries] == [("Atraxa, Praetors' Voice", 2), ("Sol Ring", 4)]
    assert parse_text("1 Sol Ring\r2 Island\r").count(MAIN) == 3


# --- commanders chosen after parsing ---------------------------------------------------------------------

def test_mtgo_convention_takes_sideboard_commanders_and_says_so() -> None:
    deck = assign_sideboard_commanders(parse_file(DECKS / "timey-wimey.mtgo.txt"), can_lead)
    assert {e.name for e in deck.commanders} == LEADERS
    assert deck.count(SIDEBOARD) == 0 and deck.count(MAIN) == 98
    assert any("MTGO convention" in n and "Rose Tyler" in n for n in deck.notes)


def test_mtgo_convention_needs_cards_that_can_lead() -> None:
    deck = parse_file(DECKS / "timey-wimey.mtgo.txt")
    assert assign_sideboard_commanders(deck, lambda name: False) is deck


def test_mtgo_convention_needs_98_or_99_main_cards() -> None:
    deck = parse_text("Deck\n" + "".join(f"1 Card {i}\n" for i in range(60)) + "Sideboard\n1 Rose Tyler\n")
    assert assign_sideboard_commanders(deck, can_lead).commanders == ()


def test_mtgo_convention_leaves_marked_decks_alone() -> None:
    deck = parse_file(DECKS / "timey-wimey.arena.txt")
    assert assign_sideboard_commanders(deck, lambda name: True) is deck


def test_commander_written_first_then_a_blank_line() -> None:
    deck = parse_file(DECKS / "timey-wimey.commander-first.txt")
    assert deck.first_block_names == ("The Tenth Doctor", "Rose Tyler")
    led = assign_sideboard_commanders(deck, can_lead)
    assert {e.name for e in led.commanders} == LEADERS and led.count(MAIN) == 98
    assert assign_sideboard_commanders(deck, lambda name: False).count(MAIN) == 100


def test_commander_written_first_in_a_list_of_several_blocks() -> None:
    """The commander set off at the top of a list that parts its spells and its lands by a blank line too."""
    text = (DECKS / "timey-wimey.commander-first.txt").read_text(encoding="utf-8")
    lines = text.splitlines()
    lands = next(i for i, line in enumerate(lines) if line.endswith(("Island", "Plains", "Mountain", "Forest")))
    deck = parse_text("\n".join(lines[:lands] + [""] + lines[lands:]) + "\n")
    assert deck.first_block_names == ("The Tenth Doctor", "Rose Tyler") and deck.count(SIDEBOARD) == 0
    led = assign_sideboard_commanders(deck, can_lead)
    assert {e.name for e in led.commanders} == LEADERS and led.count(MAIN) == 98


def test_with_commanders_moves_names_out_of_main() -> None:
    deck = with_commanders(parse_text("1 Atraxa, Praetors' Voice\n1 Sol Ring\n"), ["atraxa, praetors’ voice"])
    assert [(e.name, e.section) for e in deck.entries] == [("Atraxa, Praetors' Voice", COMMANDER), ("Sol Ring", MAIN)]
    assert deck.commanders_marked


def test_with_commanders_adds_names_not_in_the_list() -> None:
    deck = with_commanders(parse_text("1 Sol Ring\n"), ["Tymna the Weaver", "Tana, the Bloodsower"])
    assert [e.name for e in deck.commanders] == ["Tymna the Weaver", "Tana, the Bloodsower"]
    assert all(e.line == 0 for e in deck.commanders)
    assert any("not in the list" in n for n in deck.notes)


def test_with_commanders_by_face_name_and_from_sideboard() -> None:
    deck = parse_text("Deck\n1 Esika, Queen of Myriads // The Prismatic Bridge\nSideboard\n1 Rose Tyler\n")
    deck = with_commanders(deck, ["Esika, Queen of Myriads", "Rose Tyler"])
    assert {e.name for e in deck.commanders} == {"Esika, Queen of Myriads // The Prismatic Bridge", "Rose Tyler"}
    assert deck.count(MAIN) == 0 and deck.count(SIDEBOARD) == 0


@pytest.mark.parametrize("given", ["Tymna the Weaver / Thrasios, Triton Hero",
                                   "Tymna the Weaver + Thrasios, Triton Hero", "tymna & thrasios",
                                   "Thrasios, Triton Hero/Tymna the Weaver"])
def test_with_commanders_reads_two_names_given_as_one(given: str) -> None:
    """`--commander "A / B"`: two commanders of the list written as one name are both commanders; before,
    the name was added as one more card (read as its first part, a second copy of it)."""
    deck = with_commanders(parse_text("1 Tymna the Weaver\n1 Thrasios, Triton Hero\n1 Sol Ring\n"), [given])
    assert {e.name for e in deck.commanders} == {"Tymna the Weaver", "Thrasios, Triton Hero"}
    assert [e.name for e in deck.section(MAIN)] == ["Sol Ring"]
    assert not any("not in the list" in note for note in deck.notes)


def test_with_commanders_keeps_a_name_whose_parts_are_not_both_listed() -> None:
    """A double-faced card's faces joined by one slash, or parts the list does not hold, stay one name."""
    deck = parse_text("1 Esika, Queen of Myriads // The Prismatic Bridge\n1 Sol Ring\n")
    deck = with_commanders(deck, ["Esika, Queen of Myriads / The Prismatic Bridge"])
    assert [e.name for e in deck.commanders] == ["Esika, Queen of Myriads // The Prismatic Bridge"]
    deck = with_commanders(parse_text("1 Tymna the Weaver\n1 Sol Ring\n"), ["Tymna the Weaver / Kraum"])
    assert [e.name for e in deck.commanders] == ["Tymna the Weaver / Kraum"]


def test_with_commanders_replaces_marked_commanders() -> None:
    deck = with_commanders(parse_text("Commander\n1 Atraxa, Praetors' Voice\nDeck\n1 Sol Ring\n2 Rose Tyler\n"),
                           ["Rose Tyler"])
    assert [e.name for e in deck.commanders] == ["Rose Tyler"]
    assert {(e.name, e.quantity) for e in deck.section(MAIN)} == {
        ("Atraxa, Praetors' Voice", 1), ("Sol Ring", 1), ("Rose Tyler", 1)}


def test_a_line_of_zero_width_spaces_is_blank() -> None:
    """A list pasted from a web page may hold zero-width spaces: a line of only those parts the blocks as a
    blank line does (here the MTGO sideboard), and at a line's ends they are not part of the entry."""
    deck = parse_text("1 Sol Ring\u200b\n\u200c1 Arcane Signet\n\u200b \u200b\n\ufeff1 Krenko, Mob Boss\u2060\n")
    assert [(e.name, e.section) for e in deck.entries] == [("Sol Ring", MAIN), ("Arcane Signet", MAIN),
                                                           ("Krenko, Mob Boss", SIDEBOARD)]
    assert deck.problems == ()


def test_a_second_block_larger_than_a_sideboard_is_main_deck() -> None:
    """A list with no headers written as its spells, a blank line, then its lands: the second block holds more
    cards than any sideboard (15, CR 100.4a), so it is main deck too; up to 15 it is still MTGO's sideboard."""
    spells = "".join(f"1 Card {i}\n" for i in range(60))
    deck = parse_text(spells + "\n20 Island\n20 Forest\n")
    assert (deck.count(MAIN), deck.count(SIDEBOARD)) == (100, 0)
    deck = parse_text(spells + "\n15 Island\n")
    assert (deck.count(MAIN), deck.count(SIDEBOARD)) == (60, 15)


def test_a_count_run_into_the_name_is_the_count():
    """"1Tip the Scales" (a space lost) was a name of no card, then dropped as a group's name with only a note, and
    the deck a card short. No card name starts with digits run into a capital and a small letter."""
    deck = parse_text("1Tip the Scales\n12Forest\n1 Sol Ring\n1 1996 World Champion\n2XMage\n", "glued.txt")
    assert [(e.quantity, e.name) for e in deck.entries] == [
        (1, "Tip the Scales"), (12, "Forest"), (1, "Sol Ring"), (1, "1996 World Champion"), (1, "2XMage")]


@pytest.mark.parametrize("header", ["", "Count,Name\n", "Name,Count\n", "Count,Name,Set\n"])
def test_a_csv_name_with_its_commas_unquoted_stays_one_name(header):
    """"1,Sheoldred, Whispering One" in a CSV written by hand: the cells after the comma were dropped and the row
    became Sheoldred, another real card, without a word (Urborg, Tomb of Yawgmoth became Urborg). A name's comma has
    a space after it where no spreadsheet writes one; "Borrowing 100,000 Arrows" has a number's thousands. A later
    cell a spreadsheet wrote (a set code, "Commander") is still a cell of its own."""
    names = ["Sheoldred, Whispering One", "Fear, Fire, Foes!", "Borrowing 100,000 Arrows", "Sol Ring"]
    if header.startswith("Name"):
        rows = [f"{name},1" for name in names]
    else:
        rows = [f"1,{name}" + (",ONE" if "Set" in header else "") for name in names]
    rows.append("1,Urborg, Tomb of Yawgmoth,Commander" if not header.startswith("Name") else "Forest,1")
    deck = parse_text(header + "\n".join(rows) + "\n", "hand.csv")
    expected = [(1, name) for name in names] + [(1, "Urborg, Tomb of Yawgmoth" if "Name" not in header[:4] else "Forest")]
    assert [(e.quantity, e.name) for e in deck.entries] == expected
    if not header:
        assert deck.entries[-1].section == "commander"
    spaced = parse_text("1, Sol Ring, foil\n1, Arcane Signet\n", "spaced.csv")  # a space after every comma
    assert [e.name for e in spaced.entries] == ["Sol Ring", "Arcane Signet"]


def test_a_list_marking_thousands_of_commanders_reads_a_few_as_listed_not_all():
    """`commanders_as_listed` read every marked commander against the whole list: a 428 KB list of 10,000
    "**Commanders:** A / B" lines took 52 s (the commander-pair rule reports it all the same). It reads the first
    hundred (`MAX_READ_AS_LISTED`; no deck marks as many): the names asked of the card data no longer grow with the
    commanders marked."""
    from deckcheck.decklist.commanders import MAX_READ_AS_LISTED, commanders_as_listed
    from deckcheck.decklist import parse_text

    asked: list[str] = []

    def card_names(name: str) -> tuple[str, ...]:
        asked.append(name)
        return ()

    text = "".join(f"**Commanders:** Thrasios {i} / Tymna {i}\n" for i in range(2000)) + "1 Sol Ring\n"
    deck = parse_text(text, "many.txt")
    assert len(deck.commanders) == 2000
    read = commanders_as_listed(deck, card_names)
    assert len(read.commanders) == 2000  # every one kept, for the rules to judge
    # (and the list's one other card, once: its other names, for a commander named in short)
    assert len(asked) <= 4 * MAX_READ_AS_LISTED + 1
