"""`unknown-card`: a name that no card has; the message suggests the closest names. `not-a-deck-card`: a
name no card has that names a meld result, a token, an emblem, a dungeon or a game aid."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from deckcheck.decklist.model import COMMANDER, FETCHES_NO_PAGES, is_web_address
from deckcheck.model.names import MAX_NAME_CHARS, has_face_separator, name_key, split_faces
from deckcheck.model.vocab import DUNGEON, GAME_AID, MELD_RESULT
from deckcheck.report import Violation
from deckcheck.rules.base import DeckContext, error_rule
from deckcheck.rules.legality import BANNED, ban_details, ban_reason

if TYPE_CHECKING:
    from deckcheck.checker import Checker
    from deckcheck.model.card import NonDeckObject

#: The unknown names of one deck that get suggestions: three times a whole deck of typos (issue 3 asks for
#: 300 unknown cards with suggestions). A wrong file checked as a deck (10,000 lines of prose) spent 13 s
#: finding close names for every line.
SUGGESTED_PER_DECK = 300

UNKNOWN_CARD = error_rule(
    "unknown-card", "",
    "A name that no card has.",
    "Each entry's name is looked up by its full name, a face name, a split half or another printed name, "
    "ignoring case, accents, curly quotes and the way faces are separated. A name that matches nothing is "
    f"reported with the closest card names (for a deck's first {SUGGESTED_PER_DECK} unknown names; the rest "
    "without); one holding a web address, a deck site's link pasted for the list, says so instead, and so do "
    "one that joins two cards' names with a slash, \" & \" or \" + \" (\"Tymna the Weaver // Thrasios, Triton "
    "Hero\" on one line; among a deck's first unknown names) and one longer than any card's name (over "
    f"{MAX_NAME_CHARS} characters: never searched). Card names run together on one line, separated "
    "by commas (\"Sol Ring, Arcane Signet, Command Tower\") or only by their counts (\"1 Sol Ring 1 Arcane "
    "Signet\"), are read apart first, each the card its name is, with a note.",
    "An unknown card can't be checked for color identity, singleton or bans; the deck that was checked "
    "is not the deck you meant. It still counts towards the 100. An unknown commander leaves the deck's color "
    "identity unknown, and its message says so: no card is outside it until the commander is a card. A name "
    "the banned list holds is reported `banned` instead (a card newer than the card data).",
    "`1 Lightning Blot` -> unknown card \"Lightning Blot\"; did you mean Lightning Bolt?",
)

NOT_A_DECK_CARD = error_rule(
    "not-a-deck-card", "",
    "A meld result, a token, an emblem, a dungeon or a game aid: never a card of a deck.",
    "A name that no card has is looked up among the meld results, tokens, emblems, dungeons and game aids of the "
    "card data. A meld result (Brisela, Voice of Nightmares) is the back halves of two cards, put together only "
    "on the battlefield (CR 712.4); a token is a marker, not a card (CR 111.1); an emblem lives in the "
    "command zone (CR 114.1); a dungeon (Tomb of Annihilation) begins outside the game, never part of a deck or "
    "sideboard, and is brought to the command zone by venturing into it (CR 309.2); a game aid (a checklist, a "
    "helper card such as The Monarch, an ad: the type line \"Card\") is printed with the tokens and is no Magic "
    "card at all. A name of a plane, scheme or "
    "Vanguard is an unknown card with suggestions: such names are mostly a card's first words, written "
    "short; so is a game aid's that cards' names begin with (Teferi, a Jumpstart theme card).",
    "Some card data marks meld results legal in Commander, and a naive checker accepts them; a list that "
    "names one is not the deck that can be played. It still counts towards the 100, as written.",
    "`1 Brisela, Voice of Nightmares` -> \"Brisela, Voice of Nightmares\" is a meld result, not a card a deck "
    "can hold: \"Bruna, the Fading Light\" and \"Gisela, the Broken Blade\" meld into it on the battlefield "
    "(CR 712.4)",
)

RULES = (UNKNOWN_CARD, NOT_A_DECK_CARD)

#: The codes of names that are no card: their entries have no card to check.
NO_CARD = frozenset(rule.code for rule in RULES)

#: What each kind of non-deck object is, and the rule that says so.
_KINDS = {
    MELD_RESULT: ("a meld result", "712.4"),
    "token": ("a token", "111.1"),
    "double_faced_token": ("a token", "111.1"),
    "emblem": ("an emblem", "114.1"),
    GAME_AID: ("a game aid (a checklist, helper or promotional card printed with the tokens)", ""),
    DUNGEON: ("a dungeon, ventured into from outside the game", "309.2"),
}


def what_it_is(name: str, found: NonDeckObject) -> str:
    """What a name that no card has names, in one sentence: \"Treasure\" is a token, ..."""
    kind, cr = _KINDS.get(found.kind, ("an object of the card data", ""))
    text = f"\"{name}\" is {kind}, not a card a deck can hold"
    if found.kind == MELD_RESULT and found.parts:
        # quoted: card names hold "and" (The Mightstone and Weakstone)
        quoted = " and ".join(f'"{part}"' for part in found.parts)
        text += f": {quoted} meld into it on the battlefield"
    return f"{text} (CR {cr})" if cr else text


def names_to_suggest(names: Iterable[str], checker: Checker) -> list[str]:
    """Of a deck's unknown names in list order, the ones that get suggestions: the first SUGGESTED_PER_DECK
    distinct ones (a name written twice, in any case or spelling, is one) that `gets_suggestions`. The rule
    and `Checker.prefetch` (which finds a batch chunk's suggestions first) both ask here."""
    first: dict[str, str] = {}
    for name in names:
        if gets_suggestions(name, checker):
            first.setdefault(name_key(name), name)
            if len(first) == SUGGESTED_PER_DECK:
                break
    return list(first.values())


def gets_suggestions(name: str, checker: Checker) -> bool:
    """Whether an unknown name is worth close card names: not a web address, no meld result, token, emblem
    or game aid, and no names of cards joined (those are reported as what they are)."""
    return not is_web_address(name) and checker.non_deck_object(name) is None and not joined_cards(name, checker)


def joined_cards(name: str, checker: Checker) -> list[str]:
    """The cards an unknown name joins, each part a different card: two commanders written on one line, with
    slashes ("Tymna the Weaver // Thrasios, Triton Hero") or a bar (Cockatrice's face separator), " & " or " + ";
    none for any other name. (Names run together with commas are read apart before the rules run:
    `deckcheck.decklist.runs`.)"""
    if has_face_separator(name):
        return _cards_of(split_faces(name), checker)
    if " & " in name or " + " in name:
        return _cards_of(name.replace(" + ", " & ").split(" & "), checker)
    return []


def _cards_of(parts: list[str], checker: Checker) -> list[str]:
    """The names of the different cards `parts` name, one each; none unless every part is such a card."""
    parts = [part.strip() for part in parts]
    if len(parts) < 2 or not all(parts):
        return []
    cards = [checker.lookup(part) for part in parts]
    names = [card.name for card in cards if card is not None]
    return names if len(names) == len(parts) and len(set(names)) == len(names) else []


def not_searched(name: str) -> str:
    """What follows "unknown card" for a name longer than any card's (MAX_NAME_CHARS), which the store finds no
    close name for without looking."""
    return f"; not searched for close names: at {len(name):,} characters, it is longer than any card's name"


def did_you_mean(suggestions: list[str]) -> str:
    """What follows "unknown card ...": the close names joined by "or" (card names hold commas)."""
    return f"; did you mean {' or '.join(suggestions)}?" if suggestions else "; no close name found"


def check(ctx: DeckContext, checker: Checker) -> list[Violation]:
    """One violation per name no card has (repeats of a name are one violation with all their lines): what
    it names when it is an object no deck can hold, else the closest card names (unless `checker.suggests` is
    False: a batch report that shows no message)."""
    by_key: dict[str, list] = {}
    for item in ctx.unknown:
        by_key.setdefault(name_key(item.entry.name), []).append(item)
    suggests = checker.suggests
    suggested = names_to_suggest((items[0].entry.name for items in by_key.values()), checker) if suggests else []
    all_suggestions = checker.suggest_many(suggested)
    # Past the last name that gets suggestions when the deck has more, no name is looked at part by part either
    # (a wrong file checked as a deck: 10,000 lines of prose, commas in each).
    last = suggested[-1] if len(suggested) == SUGGESTED_PER_DECK else None
    past_last = not suggests  # a report that shows no message: no name is looked at part by part either
    out = []
    for items in by_key.values():
        name = items[0].entry.name
        lines = tuple(n for i in items for n in i.lines)
        sections = sorted({i.entry.section for i in items})
        ban = checker.policy.ban_named(name, ctx.on)
        if ban is not None:  # a card newer than the card data in use, which the banned list names
            out.append(BANNED.violation(
                f"{ban.card} is banned in Commander ({ban_reason(ban)}); the card data in use lacks the card",
                cards=(name,), lines=lines, details={**ban_details(ban), "sections": sections, "card_data": False}))
            continue
        found = checker.non_deck_object(name)
        if found is not None:
            out.append(NOT_A_DECK_CARD.violation(
                what_it_is(name, found), cards=(name,), lines=lines,
                details={"kind": found.kind, "object": found.name, "parts": list(found.parts),
                         "sections": sections}))
            continue
        joined = [] if past_last or name in all_suggestions else joined_cards(name, checker)
        past_last = past_last or name == last
        if is_web_address(name):
            suggestions = []
            hint = f": it holds a web address ({FETCHES_NO_PAGES})"
        elif joined:
            suggestions = joined
            hint = f": it joins {len(joined)} cards' names ({'; '.join(joined)}): write each on a line of its own"
        elif len(name) > MAX_NAME_CHARS:  # the store finds no close name for it without looking
            suggestions = []
            hint = not_searched(name)
        elif (later := checker.policy.ban_named(name)) is not None:  # checked as of a day before its ban: a real
            suggestions = []  # card, newer than the card data (Jeweled Lotus), not a typo of Jeweled Torque
            hint = ("; the card data in use lacks the card, which the banned list names"
                    + (f" from {later.since}" if later.since else ""))
        elif name in all_suggestions:
            suggestions = all_suggestions[name]
            hint = did_you_mean(suggestions)
        else:
            suggestions = []
            hint = f"; no suggestions past a deck's first {SUGGESTED_PER_DECK} unknown names" if suggests else ""
        if COMMANDER in sections:  # the identity rule waits for every commander's card
            hint = (", a commander: the deck's color identity is not checked without its card"
                    + (f"; {hint[2:]}" if hint.startswith(": ") else hint))
        out.append(UNKNOWN_CARD.violation(f"unknown card \"{name}\"{hint}", cards=(name,), lines=lines,
                                          details={"suggestions": suggestions, "sections": sections}))
    return out
