"""First end-to-end checks of `deckcheck check` and `deckcheck rules` through deckcheck.cli.main."""

from __future__ import annotations

import json

import pytest

from check_support import deck_text, shared_store_path
from deckcheck.cli import main


@pytest.fixture(scope="session")
def data_dir(request: pytest.FixtureRequest) -> str:
    cache = request.config.cache.mkdir("deckcheck-check-store")
    return str(shared_store_path(cache).parent)


def test_rules_lists_every_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    for code in ("syntax", "unknown-card", "deck-size", "no-commander", "commander-ineligible",
                 "commander-pair", "singleton", "color-identity", "banned", "not-legal", "companion",
                 "sideboard"):
        assert f"\n{code} " in "\n" + out


def test_rules_explains_one_and_refuses_unknown(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "color-identity"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("color-identity (CR 903.4, 903.5c, 903.5d; error)")
    assert "Example:" in out and "Why:" in out
    assert main(["rules", "no-such-rule"]) == 2
    assert "no rule 'no-such-rule'" in capsys.readouterr().err


def test_check_small_bad_deck(tmp_path, data_dir: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "d.txt"
    path.write_text(deck_text(["Thrasios, Triton Hero", "Tymna the Weaver"],
                              ["Sol Ring", "2 Lightning Bolt"]))
    assert main(["check", "--data-dir", data_dir, str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == [
        f"{path}: deck-size the deck has 5 cards (2 commanders + 3 main), 95 short; a Commander deck has "
        "exactly 100",
        f"{path}:6: singleton 2 copies of Lightning Bolt; a deck may have one copy",
        f"{path}:6: color-identity Lightning Bolt (R) is outside the commander's color identity (WUBG): red "
        "not allowed under Thrasios, Triton Hero and Tymna the Weaver",
        f"{path}: NOT legal (3 errors): 5 cards, Thrasios, Triton Hero + Tymna the Weaver, identity WUBG",
    ]


def test_check_json_shape(tmp_path, data_dir: str, capsys: pytest.CaptureFixture[str]) -> None:
    import jsonschema

    from deckcheck.render import load_schema

    path = tmp_path / "d.txt"
    path.write_text(deck_text(["Thrasios, Triton Hero", "Tymna the Weaver"], ["Sol Ring"],
                              fill="Island"))
    assert main(["check", "--format", "json", "--data-dir", data_dir, str(path)]) == 0
    doc = json.loads(capsys.readouterr().out)
    jsonschema.Draft202012Validator(load_schema()).validate(doc)
    bracket = doc["decks"][0].pop("bracket")  # issue 4 section 5: a bracket object in every deck
    assert set(bracket) >= {"minimum", "game_changers", "mass_land_denial", "extra_turns", "tutors", "reasons"}
    assert bracket["minimum"] == 1 and bracket["game_changers"] == []  # no Game Changer, MLD or extra turn
    assert doc["decks"][0] == {"path": str(path), "legal": True,
                               "commanders": ["Thrasios, Triton Hero", "Tymna the Weaver"],
                               "color_identity": "WUBG", "card_count": 100, "violations": []}
