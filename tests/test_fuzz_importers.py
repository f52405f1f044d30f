"""Fuzz tests of the importers' per-object path: real Scryfall and MTGJSON objects from ../shared/data,
mutated (keys deleted, values retyped, values grafted from other cards), fed through scryfall.ingest /
mtgjson.ingest and on to the Card, its computed identity and mana values and the store encoding. An
invalid object must be skipped and reported, never crash the import (nor leave a card whose mana cost
later breaks the checker: ManaCostError is a failure here); a whole file of mutated objects imports or
fails with an InputError."""

from __future__ import annotations

import gzip
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckcheck.errors import InputError
from deckcheck.sources import load_files
from fuzz.fuzzlib import (
    mtgjson_objects, mutate_object, mutated_card_file, run_one, scryfall_objects, target_card_file, target_mtgjson,
    target_scryfall,
)

pytestmark = [pytest.mark.timeout(300), pytest.mark.shared]
FAST = settings(max_examples=500, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


@pytest.fixture(scope="module")
def sf_objects(shared_data):
    objs = scryfall_objects()
    assert len(objs) > 2000
    return objs


@pytest.fixture(scope="module")
def mj_objects(shared_data):
    objs = mtgjson_objects()
    assert len(objs) > 2000
    return objs


def test_unmutated_objects_import(sf_objects, mj_objects) -> None:
    for obj in sf_objects:
        target_scryfall(obj)
    for obj, context in mj_objects:
        target_mtgjson(obj, context)


@FAST
@given(seed=SEEDS)
def test_mutated_scryfall_objects(shared_data, seed: int) -> None:
    rng = random.Random(seed)
    objs = scryfall_objects()
    target_scryfall(mutate_object(rng, rng.choice(objs), objs))


@FAST
@given(seed=SEEDS)
def test_mutated_mtgjson_objects(shared_data, seed: int) -> None:
    rng = random.Random(seed)
    objs = mtgjson_objects()
    obj, context = rng.choice(objs)
    target_mtgjson(mutate_object(rng, obj, [o for o, _ in objs[:100]]), context)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
                        st.sampled_from(["name", "layout", "oracle_id", "card_faces", "mana_cost", "type_line",
                                         "identifiers", "side", "faceName", "legalities", "object", "x"]),
                        inner, max_size=6), max_leaves=20))
def test_generated_json_values(value) -> None:
    target_scryfall(value)
    target_mtgjson(value, {})
    target_mtgjson(value, {"list": "atomic"})


@pytest.mark.parametrize("shape", ["jsonl", "array", "jsonl.gz"])
def test_whole_file_of_mutated_objects(tmp_path, sf_objects, shape: str) -> None:
    """load_files on a file where most objects are mutated: it imports the valid ones and reports the
    invalid ones, or (when too few are cards) fails with an InputError; never another exception."""
    rng = random.Random(shape)
    objs = [mutate_object(rng, o, sf_objects) if rng.random() < 0.7 else o for o in rng.sample(sf_objects, 400)]
    objs = [o for o in objs if o is not None]
    path = tmp_path / f"cards.{shape}"
    if shape == "array":
        path.write_text(json.dumps(objs), encoding="utf-8")
    else:
        text = "\n".join(json.dumps(o) for o in objs) + "\n"
        path.write_bytes(gzip.compress(text.encode()) if shape.endswith(".gz") else text.encode())
    try:
        result = load_files([path])
    except InputError as exc:
        assert str(path) in str(exc)
        return
    assert result.report.objects == len(objs)
    assert result.report.invalid_count > 0
    assert result.cards


def test_truncated_and_corrupted_files_fail_cleanly(tmp_path, sf_objects) -> None:
    text = json.dumps(sf_objects[:300]).encode()
    rng = random.Random(7)
    for i in range(30):
        data = gzip.compress(text) if i % 2 else text
        cut = data[: rng.randrange(1, len(data))]
        if i % 3 == 0:
            cut = bytearray(data)
            for _ in range(5):
                cut[rng.randrange(len(cut))] = rng.randrange(256)
            cut = bytes(cut)
        path = tmp_path / f"bad{i}.json"
        path.write_bytes(cut)
        try:
            load_files([path])
        except InputError as exc:
            assert str(path) in str(exc) and "\n" not in str(exc)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(seed=SEEDS)
def test_mutated_card_files(shared_data, seed: int) -> None:
    """Whole small real card files (a Scryfall array and JSON Lines, an MTGJSON set file), edited as text or as
    bytes, then gzipped or zipped or not: load_files imports them or says in one line, naming the file, what is
    wrong. (A zip whose directory points before its start said "cannot read: Invalid argument".)"""
    run_one(target_card_file, *mutated_card_file(random.Random(seed)))


def test_a_zip_whose_directory_points_before_its_start_is_a_corrupt_archive(tmp_path, sf_objects) -> None:
    """Found by the fuzz run's whole card files: a zip whose end record puts its directory further in than it is
    sends zipfile to a place before the file's start, an OSError (EINVAL) that was said as the file's own:
    "cannot read: Invalid argument", though the file reads well. It is a corrupt archive, and the store stays."""
    import struct
    import zipfile

    path = tmp_path / "cards.json.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("cards.json", json.dumps(sf_objects[:5]))
    data = bytearray(path.read_bytes())
    end = data.rindex(b"PK\x05\x06")  # the end of central directory record: its directory's offset at +16
    (offset,) = struct.unpack_from("<I", data, end + 16)
    struct.pack_into("<I", data, end + 16, offset + 1000)
    path.write_bytes(bytes(data))
    with pytest.raises(InputError) as caught:
        load_files([path])
    assert str(caught.value).startswith(f"{path}: corrupt or unsupported zip archive (")
    assert "cannot read" not in str(caught.value)


@pytest.mark.parametrize("cost", ["//", "{2}{U} // junk", "W}", "{W} // {U", "x // {1}"])
def test_single_faced_card_with_a_broken_cost_is_reported_invalid(cost: str) -> None:
    """Found by the dedicated fuzz run: the top-level mana_cost pattern lets " // " through (multi-face
    cards write "{1}{R} // {1}{U}"), so a one-faced card with cost "//" was stored and its mana value
    later raised ManaCostError. It is an invalid object now, reported and skipped."""
    from deckcheck.sources import scryfall
    from deckcheck.sources.merge import Accumulator, ImportReport

    obj = {"object": "card", "oracle_id": "fuzz-1", "name": "Fuzz Card", "layout": "normal", "mana_cost": cost,
           "type_line": "Creature — Fuzz", "oracle_text": "", "legalities": {"commander": "legal"}}
    acc, report = Accumulator(), ImportReport()
    scryfall.ingest(obj, acc, report, "fuzz.json")
    assert not acc.records
    assert report.invalid_count == 1 and "Fuzz Card" in str(report.invalid[0])
