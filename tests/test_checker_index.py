"""The checker's one pass over the entries groups the starting deck by card and notes its banned cards; the
rules read that index. Its order must be the starting deck's (commanders first) however the list is written."""

from __future__ import annotations

import pytest

from deckcheck.checker import Checker
from deckcheck.decklist import parse_text
from deckcheck.policy import load_policy
from deckcheck.store import CardStore

MAIN = ["1 Mana Crypt", "1 Griselbrand", "1 Sol Ring", "1 griselbrand", "1 Golos, Tireless Pilgrim"]


def _report(text: str):
    return Checker(CardStore.open(), load_policy()).check(parse_text(text, "deck.txt"))


def test_commander_listed_last_is_reported_first_with_every_line() -> None:
    last = _report("Deck\n" + "\n".join(MAIN) + "\nCommander\n1 Golos, Tireless Pilgrim\n")
    first = _report("Commander\n1 Golos, Tireless Pilgrim\nDeck\n" + "\n".join(MAIN) + "\n")
    for report in (last, first):
        banned = [v for v in report.violations if v.code == "banned"]
        assert [v.cards[0] for v in banned] == ["Golos, Tireless Pilgrim", "Mana Crypt", "Griselbrand"]
        assert banned[0].message == ("Golos, Tireless Pilgrim is banned in Commander (on the banned list), here as "
                                     "the commander")
        singles = [v for v in report.violations if v.code == "singleton"]
        assert [(v.cards[0], v.details["copies"]) for v in singles] == [("Golos, Tireless Pilgrim", 2),
                                                                        ("Griselbrand", 2)]
    by_card = {v.cards[0]: v.lines for v in last.violations if v.code == "banned"}
    assert by_card == {"Golos, Tireless Pilgrim": (6, 8), "Mana Crypt": (2,), "Griselbrand": (3, 5)}


def test_a_clean_deck_has_no_index_findings() -> None:
    report = _report("Commander\n1 Atraxa, Praetors' Voice\nDeck\n1 Sol Ring\n1 Arcane Signet\n20 Forest\n")
    assert {v.code for v in report.violations} == {"deck-size"}


@pytest.mark.parametrize(
    "text",
    [
        "Commander\n1 Golos, Tireless Pilgrim\nDeck\n" + "\n".join(MAIN) + "\n",  # commanders first
        "Deck\n" + "\n".join(MAIN) + "\nCommander\n1 Golos, Tireless Pilgrim\n",  # commanders last
        "Commander\n1 Tymna the Weaver\nDeck\n" + "\n".join(MAIN) + "\nCommander\n1 Thrasios, Triton Hero\n",
        "\n".join(MAIN) + "\n",  # a main deck only
        "Commander\n1 Golos, Tireless Pilgrim\nDeck\n" + "\n".join(MAIN) + "\n3 Not A Card\nSideboard\n1 Opt\n",
        "Commander\n1 Golos, Tireless Pilgrim\nCompanion\n1 Lurrus of the Dream-Den\nDeck\n" + "\n".join(MAIN) + "\n",
    ],
)
def test_context_is_the_starting_deck_in_order_however_the_list_is_laid_out(text: str) -> None:
    deck = parse_text(text, "deck.txt")
    ctx = Checker(CardStore.open(), load_policy()).context(deck)
    assert [i.entry for i in ctx.commanders] == [e for e in deck.entries if e.section == "commander"]
    assert [i.entry for i in ctx.main] == [e for e in deck.entries if e.section == "main"]
    starting = ctx.commanders + ctx.main
    assert ctx.card_count == sum(i.entry.quantity for i in starting)
    assert ctx.known == [i for i in starting if i.card is not None]
    assert ctx.oids == [i.card.oracle_id for i in ctx.known]
    assert ctx.repeats == (len(set(ctx.oids)) < len(ctx.oids))


def test_prefetch_resolves_the_sections_the_rules_read_and_suggests_for_the_starting_deck_only() -> None:
    plain = parse_text("Commander\n1 Golos, Tireless Pilgrim\nDeck\n1 Sol Ring\n1 Solr Ring\n", "a.txt")
    mixed = parse_text("Commander\n1 Golos, Tireless Pilgrim\nDeck\n1 Arcane Signet\n1 Arcane Signett\n"
                       "Sideboard\n1 Lightnig Bolt\n1 Opt\nTokens\n1 Treasure\n", "b.txt")
    assert {e.section for e in mixed.entries} >= {"sideboard", "outside"}
    checker = Checker(CardStore.open(), load_policy())
    checker.prefetch([plain, mixed])
    resolved = checker._resolved[None]
    assert list(resolved) == ["Golos, Tireless Pilgrim", "Sol Ring", "Solr Ring", "Arcane Signet",
                              "Arcane Signett", "Lightnig Bolt", "Opt"]  # not the token, in first-met order
    assert set(checker._suggestions) == {"Solr Ring", "Arcane Signett"}  # not the sideboard-only typo
    # every deck checked after the chunk's prefetch reports as a deck checked on its own
    for deck in (plain, mixed):
        assert checker.check(deck) == Checker(CardStore.open(), load_policy()).check(deck)
