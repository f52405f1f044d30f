"""`deckcheck brackets DECK...`: the lowest Commander Bracket each deck's cards allow, with the Game
Changers, mass land denial, extra-turn cards and tutors behind it and what deckcheck can't judge.

Exit 0 when every deck was read, 2 for a usage error, an unreadable decklist or no card data. Legality is
`deckcheck check`'s job: a bracket is estimated for illegal decks too."""

from __future__ import annotations

import argparse
import json
import sys

from deckcheck.commands.options import add_data_dir, add_as_of, add_commander, stdin_at_most_once
from deckcheck.errors import InputError, one_line, reason_of

FORMATS = ("text", "json")



def register(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Add the `brackets` subcommand."""
    p = sub.add_parser(
        "brackets", help="estimate each deck's lowest Commander Bracket",
        description="Estimate the lowest Commander Bracket (1-4) each deck's cards allow: Game Changers "
                    "(commanders included), mass land denial, extra turns; tutors are listed. Brackets 4 and 5 "
                    "differ by intent only, so 5 is never claimed; two-card combos are not judged.")
    p.add_argument("decks", nargs="+", metavar="DECK", help="decklist file, or - for standard input")
    p.add_argument("--format", choices=FORMATS, default="text", help="output format (default: text)")
    add_as_of(p, "the Game Changers list")
    add_commander(p)
    add_data_dir(p)
    return p


def _text(path: str, bracket: dict, stream, banned: list[str] = ()) -> None:
    stream.write(one_line(f"{path}: bracket {bracket['minimum']} or higher") + "\n")
    if banned:  # names hold commas
        stream.write(one_line(f"  Not legal in Commander: {'; '.join(banned)} banned; the brackets are of legal decks "
                              "(`deckcheck check` says what breaks the rules)") + "\n")
    from deckcheck.brackets import game_changers_named

    count = bracket["game_changer_count"]
    named = game_changers_named(bracket["game_changers"], count, bracket["maybe_game_changers"])
    stream.write(f"  Game Changers ({count}): {named or '-'}\n")  # names hold commas
    for label, key in (("Mass land denial", "mass_land_denial"), ("Extra turns", "extra_turns"), ("Tutors", "tutors")):
        cards = bracket[key]
        stream.write(f"  {label} ({len(cards)}): {'; '.join(cards) if cards else '-'}\n")
    for reason in bracket["reasons"]:  # unknown card names among them (estimate_bracket)
        stream.write(f"  - {one_line(reason)}\n")


def run(args: argparse.Namespace) -> int:
    """Estimate and print each deck's bracket; return the exit code."""
    from deckcheck.checker import Checker
    from deckcheck.commands.check import deck_label, read_deck
    from deckcheck.policy import load_policy
    from deckcheck.rules.legality import BANNED
    from deckcheck.rules.unknown import NO_CARD
    from deckcheck.store import CardStore

    stdin_at_most_once(args.decks)
    store = CardStore.open(args.data_dir)
    checker = Checker(store, load_policy())
    decks: list[dict] = []  # each deck's JSON object, in order: an unreadable one says why
    for path in args.decks:
        try:
            report = checker.check(read_deck(path), on=args.as_of, commanders=args.commander, bracket=True)
        except InputError as exc:  # (a damaged store, a DeckcheckError of no deck's, stops the command)
            print(f"deckcheck: error: {exc}", file=sys.stderr)
            label = deck_label(path)
            decks.append({"path": label, "unreadable": reason_of(exc, label)})
            continue
        # (a banned card the card data lacks, Jeweled Lotus in the bundled snapshot, is both: no card to judge)
        unknown = [name for v in report.violations if v.code in NO_CARD or v.code == BANNED.code
                   and v.details.get("card_data") is False for name in v.cards]
        banned = [name for v in report.violations if v.code == BANNED.code for name in v.cards]
        decks.append({"path": report.path, "commanders": list(report.commanders), "bracket": report.bracket,
                      "unknown_cards": unknown, "banned": banned})
    # a day before the recorded lists, or a day to come, as `check` and `card` note it (before, nothing said it)
    caveat = checker.policy.day_note(args.as_of) if args.as_of is not None else None
    if args.format == "json":  # every deck, an unreadable one with why, as `check`'s JSON has it
        doc: dict = {"decks": decks}
        if args.as_of:
            doc["as_of"] = args.as_of.isoformat()
        if caveat:
            doc["notes"] = [caveat]
        json.dump(doc, sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
    else:  # an unreadable deck was said on standard error, as with `check`
        for d in decks:
            if "unreadable" not in d:
                _text(d["path"], d["bracket"], sys.stdout, d["banned"])
        if caveat:
            print(one_line(f"note: {caveat}"))
    sys.stdout.flush()
    return 2 if any("unreadable" in d for d in decks) else 0
