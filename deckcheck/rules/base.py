"""What every rule module shares: the Rule record (code, CR, explanation) and the checked deck's context."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING, Any, NamedTuple

from deckcheck.report import ERROR, Violation

if TYPE_CHECKING:
    from deckcheck.decklist import Deck, Entry
    from deckcheck.model.card import Card
    from deckcheck.rules.facts import CardFacts

# A Comprehensive Rules number as the explanations write one: "712.4", "702.124k", "903.5b" (a bare "100" is a
# count of cards, never a rule there).
_CR_NUMBER = re.compile(r"\b\d{3}\.\d+[a-z]?\b")


@dataclass(frozen=True, slots=True)
class Rule:
    """One deck-construction rule: a stable kebab-case code, its Comprehensive Rules reference, its
    severity and an explanation printable by `deckcheck rules CODE` (what it checks, why, an example)."""

    code: str
    rule: str  # CR reference, "" when the rule is deckcheck's own (syntax, unknown-card)
    severity: str
    summary: str
    what: str
    why: str
    example: str

    def violation(self, message: str, *, cards: tuple[str, ...] | list[str] = (),
                  lines: tuple[int, ...] | list[int] = (), details: Mapping[str, Any] | None = None,
                  rule: str | None = None) -> Violation:
        """A violation of this rule; `rule`, the CR number it breaks when the code's are more than it breaks (a
        Background's "702.124k" is no nonlegendary creature's)."""
        return Violation(self.code, self.severity, message, tuple(cards), tuple(lines), rule or self.rule,
                         details or {})

    def explain(self) -> str:
        """The printable explanation: code, CR, severity, what, why, example."""
        cr = f"CR {self.rule}" if self.rule else "no CR rule (deckcheck's own check)"
        return (f"{self.code} ({cr}; {self.severity})\n{self.summary}\n\n"
                f"What: {self.what}\nWhy: {self.why}\nExample: {self.example}\n")

    @property
    def references(self) -> tuple[str, ...]:
        """The CR numbers of the rule: those it cites, then those its explanation names (not-a-deck-card cites
        none, and names 712.4, 111.1 and 114.1), each once; `deckcheck rules NUMBER` finds the rule by them."""
        cited = [number.strip() for number in self.rule.split(",") if number.strip()]
        named = _CR_NUMBER.findall(" ".join((self.summary, self.what, self.why, self.example)))
        return tuple(dict.fromkeys(cited + named))


#: A CR number a message cites in parentheses: "a deck has at most two (702.124g)".
_CITED = re.compile(rf"\(({_CR_NUMBER.pattern})\)")


def cited(message: str) -> str | None:
    """The CR number a message cites in parentheses (the last, the rule its sentence ends on), else None."""
    found = _CITED.findall(message)
    return found[-1] if found else None


def error_rule(code: str, rule: str, summary: str, what: str, why: str, example: str) -> Rule:
    """A Rule of severity error."""
    return Rule(code, rule, ERROR, summary, what, why, example)


class Item(NamedTuple):
    """One entry of the deck with its card (None when the name is unknown) and the card's facts.

    A named tuple: the checker makes one per entry of every deck, and a tuple is the cheapest to build."""

    entry: Entry
    card: Card | None
    facts: CardFacts | None

    @property
    def name(self) -> str:
        """The canonical card name, or the name as written when no card has it."""
        return self.card.name if self.card is not None else self.entry.name

    @property
    def lines(self) -> tuple[int, ...]:
        return self.entry.lines

    def __repr__(self) -> str:
        return f"Item({self.entry.quantity} {self.name!r}, {self.entry.section})"


@dataclass(slots=True)
class DeckContext:
    """Everything the rules read about one deck: its items by section and the commanders' identity."""

    deck: Deck
    commanders: list[Item]
    main: list[Item]
    companions: list[Item]
    unused: list[Item]  # sideboard and maybeboard: outside the 100 (903.5e)
    unknown: list[Item]
    on: date | None
    policy: Any
    #: The known items of the starting deck (commanders, then main deck, in deck order) and their Oracle ids;
    #: `repeats` is True when some card is on two lines (two names of one card are one card). Set by
    #: Checker.context; `card_groups` and `multiples` read them.
    known: list[Item] = field(default_factory=list)
    oids: list[str] = field(default_factory=list)
    repeats: bool = False
    #: The starting-deck items whose card is banned on the date or not legal at all (most decks: none).
    restricted: list[Item] = field(default_factory=list)
    #: Copies among the commanders and the main deck (903.5a).
    card_count: int = 0
    base_identity: str = ""  # the commanders' combined identity before any chosen colors (903.4, 702.124c)
    identity: str = ""  # with the colors chosen for "choose a color" commanders (903.4b)
    identity_mask: int = 0
    chosen_colors: str = ""
    #: What the rules say of the deck beside its violations (a companion's condition judged on part of a card).
    notes: list[str] = field(default_factory=list)
    _groups: dict[str, list[Item]] | None = field(default=None, init=False, repr=False)  # see card_groups

    @property
    def identity_known(self) -> bool:
        """Whether the deck's color identity is known: it has commanders, each a card the data knows. Without
        one it is undefined (903.4f); without a misspelled partner, the other's alone would call every card of
        the missing one's colors outside it."""
        return bool(self.commanders) and all(item.facts is not None for item in self.commanders)

    @property
    def starting_deck(self) -> list[Item]:
        """Commanders and main deck: the 100 and the companion's "starting deck" (702.139b)."""
        return self.commanders + self.main

    def card_groups(self) -> dict[str, list[Item]]:
        """The known items of the starting deck grouped by Oracle id (built on first use: most decks never
        need it)."""
        if self._groups is None:
            groups: dict[str, list[Item]] = {}
            for oid, item in zip(self.oids, self.known):
                groups.setdefault(oid, []).append(item)
            self._groups = groups
        return self._groups

    def multiples(self) -> list[list[Item]]:
        """The groups of one card with more than one copy in the starting deck, on one line or several."""
        if not self.repeats:
            return [[i] for i in self.known if i.entry.quantity > 1]
        return [g for g in self.card_groups().values() if len(g) > 1 or g[0].entry.quantity > 1]

    def lines_of(self, oracle_id: str) -> list[int]:
        """Every decklist line of one card of the starting deck."""
        if not self.repeats:  # one item a card: a scan costs less than building the groups
            return [n for oid, i in zip(self.oids, self.known) if oid == oracle_id for n in i.entry.lines]
        return [n for i in self.card_groups().get(oracle_id, ()) for n in i.entry.lines]
