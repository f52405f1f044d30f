"""Both notebooks run top to bottom (nbclient, kernel python3) on the bundled card data and the example
decks in data/, and produce their charts and files; in git their outputs are cleared."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parent.parent
NOTEBOOKS = PROJECT / "notebooks"

nbformat = pytest.importorskip("nbformat", reason="nbformat is in the test extra")
nbclient = pytest.importorskip("nbclient", reason="nbclient is in the test extra")


@pytest.fixture(scope="module")
def kernel_name() -> str:
    """The python3 kernel; registered for this interpreter when no kernel spec exists yet."""
    from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel

    try:
        KernelSpecManager().get_kernel_spec("python3")
    except NoSuchKernel:
        import subprocess

        subprocess.run([sys.executable, "-m", "ipykernel", "install", "--user", "--name", "python3"], check=True,
                       capture_output=True)
    return "python3"


def execute(name: str, out: Path, kernel_name: str, monkeypatch, decks: Path | None = None) -> nbformat.NotebookNode:
    """The notebook run top to bottom, writing into `out`; with `decks`, its `DECKS = ...` line pointed at that
    folder, as its introduction invites a user to point it at their own."""
    monkeypatch.setenv("DECKCHECK_NOTEBOOK_OUT", str(out))
    monkeypatch.setenv("MPLBACKEND", "Agg")
    monkeypatch.setenv("PYTHONPATH", str(PROJECT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    if decks is not None:
        cells = [cell for cell in nb.cells if cell.cell_type == "code" and "\nDECKS = " in "\n" + cell.source]
        assert len(cells) == 1, "the notebook sets DECKS in one cell"
        cells[0].source = "\n".join(f"DECKS = Path({str(decks)!r})" if line.startswith("DECKS = ") else line
                                    for line in cells[0].source.splitlines())
    client = nbclient.NotebookClient(nb, kernel_name=kernel_name, timeout=300,
                                     resources={"metadata": {"path": str(NOTEBOOKS)}})
    client.execute()
    return nb


def outputs(nb, kind: str) -> list:
    return [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", ()) if o.get("output_type") == kind]


@pytest.mark.timeout(600)
def test_batch_report_notebook(tmp_path, kernel_name, monkeypatch):
    nb = execute("batch_report.ipynb", tmp_path, kernel_name, monkeypatch)
    assert not outputs(nb, "error")
    for chart in ("violations_by_code.png", "color_identity.png", "mana_curve.png"):
        data = (tmp_path / chart).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 5_000, chart
    images = [o for o in outputs(nb, "display_data") if "image/png" in o.get("data", {})]
    assert len(images) >= 3  # the charts are shown in the notebook too
    failing = (tmp_path / "failing_decks.csv").read_text(encoding="utf-8")
    assert "10-jonas-draconic-domination.txt" in failing and "commander-ineligible" in failing
    assert "01-alice-breed-lethality.txt" not in failing


@pytest.mark.timeout(600)
@pytest.mark.parametrize("kind", ["legal", "unreadable"])
def test_batch_report_notebook_runs_on_a_folder_with_nothing_to_plot(kind, tmp_path, kernel_name, monkeypatch):
    """DECKS pointed at a folder of legal decks only (no violation at all), or of unreadable decks only: its chart
    cells raised pandas' IndexError, drawing a bar chart of no bars, and the cells after them never ran. A chart of
    nothing is skipped, with a line saying so, and every cell runs."""
    decks = tmp_path / "decks"
    decks.mkdir()
    if kind == "legal":
        for name in ("01-alice-breed-lethality.txt", "02-bruno-timey-wimey.txt", "12-lena-explorers-of-the-deep.csv"):
            shutil.copy(PROJECT / "data" / "examples" / "tournament" / name, decks / name)
        shutil.copy(PROJECT / "data" / "examples" / "abzan-armor-tdc.txt", decks / "abzan-armor-tdc.txt")
    else:
        (decks / "empty.txt").write_text("", encoding="utf-8")
        (decks / "cut.json").write_text('{"commander": ["Atraxa, Praetors\' Voice"], "decklist": ["1 Sol',
                                        encoding="utf-8")  # a download cut short
        (decks / "kofi.txt").write_bytes((PROJECT / "data" / "examples" / "tournament" /
                                          "11-kofi-late-registration.txt").read_bytes())
    out = tmp_path / "out"
    nb = execute("batch_report.ipynb", out, kernel_name, monkeypatch, decks=decks)
    assert not outputs(nb, "error")
    streams = "".join(o.get("text", "") for o in outputs(nb, "stream"))
    drawn = {chart for chart in ("violations_by_code.png", "color_identity.png", "mana_curve.png")
             if (out / chart).is_file()}
    if kind == "legal":
        assert "decks': 4, 'legal': 4" in streams and "No violations: nothing to plot." in streams
        assert drawn == {"color_identity.png", "mana_curve.png"}
    else:
        assert "'unreadable': 3" in streams and "No deck read: no color identities, nothing to plot." in streams
        assert "No nonland cards in the decks read: no mana curve, nothing to plot." in streams
        assert drawn == {"violations_by_code.png"}
    failing = (out / "failing_decks.csv").read_text(encoding="utf-8")
    assert ("kofi.txt" in failing) is (kind == "unreadable")


@pytest.mark.timeout(600)
def test_tournament_check_notebook(tmp_path, kernel_name, monkeypatch):
    import pandas as pd

    nb = execute("tournament_check.ipynb", tmp_path, kernel_name, monkeypatch)
    assert not outputs(nb, "error")
    decks = pd.read_csv(tmp_path / "tournament_decks.csv")
    assert len(decks) == 12 and int(decks["legal"].sum()) == 5
    assert set(decks.loc[~decks["legal"], "player"]) == {"Dana", "Emeka", "Farah", "Gus", "Hana", "Jonas", "Kofi"}
    fixes = pd.read_csv(tmp_path / "tournament_fixes.csv")
    assert set(zip(fixes["player"], fixes["code"])) == {
        ("Dana", "banned"), ("Emeka", "color-identity"), ("Farah", "deck-size"), ("Gus", "singleton"),
        ("Hana", "unknown-card"), ("Jonas", "commander-ineligible"), ("Jonas", "color-identity"),
        ("Kofi", "unreadable")}
    html = (tmp_path / "tournament_report.html").read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    streams = "".join(o.get("text", "") for o in outputs(nb, "stream"))
    assert "7 players must fix their decks before round one" in streams


@pytest.mark.parametrize("name", ["batch_report.ipynb", "tournament_check.ipynb"])
def test_outputs_cleared_in_git(name):
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    nbformat.validate(nb)
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None
