"""The tournament HTML report: self-contained, escaped, and working in a real headless Chromium (sort,
filter, no alert from a deck named <script>alert(1)</script>). A screenshot goes to test-artifacts/."""

from __future__ import annotations

import io
import os
import re
import shutil
import tempfile
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from html.parser import HTMLParser
from pathlib import Path

import pytest

from deckcheck import cli

PROJECT = Path(__file__).resolve().parent.parent
TOURNAMENT = PROJECT / "data" / "examples" / "tournament"
ARTIFACTS = PROJECT / "test-artifacts"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"


@pytest.fixture(scope="module")
def report_file(tmp_path_factory) -> Path:
    target = tmp_path_factory.mktemp("html") / "report.html"
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = cli.main(["batch", "--format", "html", "-o", str(target), str(TOURNAMENT)])
    assert code == 2, err.getvalue()  # one registration is unreadable
    return target


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict]] = []
        self.scripts: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        self._in_script = tag == "script"

    def handle_endtag(self, tag):
        self._in_script = False

    def handle_data(self, data):
        if self._in_script:
            self.scripts.append(data)


def test_self_contained_and_escaped(report_file):
    text = report_file.read_text(encoding="utf-8")
    parsed = _Collector()
    parsed.feed(text)
    scripts = [attrs for tag, attrs in parsed.tags if tag == "script"]
    assert scripts == [{}]  # exactly one script, inline: the report's own
    assert not any(tag in ("link", "img", "iframe", "object", "embed") for tag, _ in parsed.tags)
    for tag, attrs in parsed.tags:
        for name in ("src", "href"):
            value = attrs.get(name)
            assert value is None or value.startswith("#"), (tag, attrs)
    assert "alert" not in "".join(parsed.scripts)
    assert "<script>alert(1)</script>" not in text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text
    assert "<img src=x" not in text and "&lt;img src=x onerror=alert(2)&gt;" in text
    assert re.search(r'id="card-date">2\d{3}-\d\d-\d\d<', text)


def test_the_most_common_offending_cards_count_decks(tmp_path):
    """A card that two violations of one deck name (Flash, banned and off-color) was counted twice in "Most
    common offending cards", which counted violations (an organizer's review): the count is of decks now, and says
    so."""
    deck = tmp_path / "deck.txt"
    deck.write_text("Commander\n1 Krenko, Mob Boss\n\nDeck\n1 Mana Crypt\n1 Dockside Extortionist\n1 Sol Ring\n"
                    "1 Flash\n95 Mountain\n", encoding="utf-8")
    target = tmp_path / "report.html"
    with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
        assert cli.main(["batch", "--format", "html", "-o", str(target), str(deck)]) == 1
    text = target.read_text(encoding="utf-8")
    listed = re.search(r'<ol id="offending">(.*?)</ol>', text).group(1)
    assert sorted(re.findall(r"<li>(.*?)</li>", listed)) == [
        "Dockside Extortionist (1 deck)", "Flash (1 deck)", "Mana Crypt (1 deck)"]


@contextmanager
def _browser():
    """A headless Chromium (`_driver`), quit and its profile removed afterwards."""
    driver, profile = _driver()
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def _driver():
    if not (os.path.exists(CHROMIUM) and os.path.exists(CHROMEDRIVER)):
        pytest.skip(f"headless Chromium not installed (need {CHROMIUM} and {CHROMEDRIVER}; "
                    "Debian packages chromium and chromium-driver)")
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is in the test extra")
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="deckcheck-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", f"--user-data-dir={profile}", "--window-size=1400,1000"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    return driver, profile


@pytest.mark.browser
@pytest.mark.timeout(180)
def test_report_in_headless_chromium(report_file):
    from selenium.common.exceptions import NoAlertPresentException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    with _browser() as driver:
        driver.get(report_file.as_uri())
        # no script from a decklist ran: no alert is open, and the name shows as text
        with pytest.raises(NoAlertPresentException):
            driver.switch_to.alert.text  # noqa: B018
        assert driver.title == "deckcheck tournament report"
        body = driver.find_element(By.TAG_NAME, "body").text
        assert "<script>alert(1)</script>" in body
        assert "<img src=x onerror=alert(2)>" in body
        assert driver.execute_script("return document.querySelectorAll('script').length") == 1
        assert driver.find_element(By.ID, "card-date").text[:2] == "20"
        assert driver.find_element(By.ID, "n-decks").text == "12"

        def visible_rows() -> list[list[str]]:
            rows = driver.find_elements(By.CSS_SELECTOR, "#deck-table tbody tr")
            return [[c.text for c in r.find_elements(By.TAG_NAME, "td")] for r in rows if r.is_displayed()]

        rows = visible_rows()
        assert len(rows) == 12
        assert driver.find_element(By.ID, "shown").text == "12 of 12 decks shown"
        headers = driver.find_elements(By.CSS_SELECTOR, "#deck-table thead th")
        names = [h.text for h in headers]
        errors_col, deck_col, legal_col = names.index("errors"), names.index("deck"), names.index("legal")

        headers[errors_col].click()  # ascending: the legal decks (0 errors) first
        counts = [int(r[errors_col]) for r in visible_rows()]
        assert counts == sorted(counts) and counts[0] == 0
        assert headers[errors_col].get_attribute("aria-sort") == "ascending"
        headers[errors_col].find_element(By.TAG_NAME, "button").send_keys(Keys.ENTER)  # from the keyboard too
        rows = visible_rows()  # descending: Shivan Dragon's 59 errors first
        assert headers[errors_col].get_attribute("aria-sort") == "descending"
        assert [int(r[errors_col]) for r in rows] == sorted(counts, reverse=True)
        assert "Shivan Dragon" in rows[0][names.index("commanders")] and rows[0][errors_col] == "59"
        zeros = [int(r[0]) for r in rows if r[errors_col] == "0"]
        assert zeros == sorted(zeros)  # ties in the batch's order, descending too
        headers[deck_col].click()
        decks = [r[deck_col].splitlines()[0].lower() for r in visible_rows()]
        named = [d for d in decks if d[:1].isalnum()]  # (a name that begins with "<" goes where the alphabet puts it)
        assert named == sorted(named) and len(named) == 11
        headers[names.index("commanders")].click()  # by the reader's alphabet: Éowyn among the E's, not last
        leaders = [r[names.index("commanders")] for r in visible_rows()]
        assert leaders.index("Éowyn, Shieldmaiden") == leaders.index("Edgar Markov") + 1

        Select(driver.find_element(By.ID, "status")).select_by_value("illegal")
        rows = visible_rows()
        assert len(rows) == 6 and all(r[legal_col] == "not legal" for r in rows)
        assert driver.find_element(By.ID, "shown").text == "6 of 12 decks shown"
        search = driver.find_element(By.ID, "filter")
        search.send_keys("singleton")
        rows = visible_rows()
        assert len(rows) == 1 and "Commodore Guff" in rows[0][names.index("commanders")]
        Select(driver.find_element(By.ID, "status")).select_by_value("")
        search.clear()
        search.send_keys("eowyn")  # accents aside, as the table sorts
        assert [r[names.index("commanders")] for r in visible_rows()] == ["Éowyn, Shieldmaiden"]
        search.clear()
        search.send_keys("sol rnig")  # an offending card of the deck, not in its row's cells
        assert len(visible_rows()) == 1
        leaders_found = {}
        for sought in ('"edgar markov"', 'markov edgar', '"markov edgar"', '\u201cedgar  MARKOV', '"sol rnig" "',
                       '"markov wbr"', '\u201catraxa, praetors\u2019 voice\u201d', '"lethality.txt"',
                       '"lethality.txt/"', '"lethality.txt /"'):
            # a phrase as written, the last quote may be left open, a curly apostrophe as a straight one; not across
            # cells, nor from a deck's name into its path below it
            search.clear()
            search.send_keys(sought)
            leaders_found[sought] = [r[names.index("commanders")] for r in visible_rows()]
        assert leaders_found == {'"edgar markov"': ["Edgar Markov"], 'markov edgar': ["Edgar Markov"],
                                 '"markov edgar"': [], '\u201cedgar  MARKOV': ["Edgar Markov"],
                                 '"sol rnig" "': ["Éowyn, Shieldmaiden"], '"markov wbr"': [],
                                 '\u201catraxa, praetors\u2019 voice\u201d': ["Atraxa, Praetors' Voice"],
                                 '"lethality.txt"': ["Atraxa, Praetors' Voice"], '"lethality.txt/"': [],
                                 '"lethality.txt /"': []}
        search.clear()
        search.send_keys("<script>")
        rows = visible_rows()
        assert len(rows) == 1 and rows[0][deck_col].startswith("<script>alert(1)</script>")

        # the detail section of that deck, reached by its link, shows the warning and the escaped card
        driver.find_element(By.CSS_SELECTOR, "#deck-table tbody tr:not([hidden]) a").click()
        section = driver.find_element(By.ID, "deck-9")
        assert "sideboard" in section.text and "<img src=x onerror=alert(2)>" in section.text
        jonas = driver.find_element(By.ID, "deck-10").text
        assert "commander-ineligible" in jonas and "Shivan Dragon" in jonas
        with pytest.raises(NoAlertPresentException):
            driver.switch_to.alert.text  # noqa: B018

        search.clear()
        search.send_keys(" ")
        ARTIFACTS.mkdir(exist_ok=True)
        driver.execute_script("window.scrollTo(0, 0)")
        assert driver.save_screenshot(str(ARTIFACTS / "tournament-report.png"))
        assert (ARTIFACTS / "tournament-report.png").stat().st_size > 10_000
        driver.execute_script("document.getElementById('decks').scrollIntoView()")
        assert driver.save_screenshot(str(ARTIFACTS / "tournament-report-table.png"))


@pytest.mark.browser
@pytest.mark.timeout(180)
def test_a_name_that_turns_text_around_or_never_breaks_leaves_the_page_as_it_is(tmp_path):
    """A player named with U+202E (a right-to-left override) turned the rest of the deck's heading around, its verdict
    too ("lagel ton"); a 120-character file name with no place to break widened the deck table past the window,
    its verdict and codes off screen. The override is shown as an escape, as in the text report, and a long name
    wraps. A player's name of two spaces, or of a no-break space, is found by the filter as the page shows it."""
    import json

    from selenium.webdriver.common.by import By

    folder = tmp_path / "decks"
    folder.mkdir()
    (folder / "players.jsonl").write_text("".join(json.dumps(
        {"player": player, "commander": ["Krenko, Mob Boss"], "decklist": ["1 Mana Crypt", "98 Mountain"]}) + "\n"
        for player in ("\u202eSNEAKY", "Jean  Dupont", "Ana\u00a0Lopez")), encoding="utf-8")
    (folder / ("Alice_Smith_Breed_Lethality_Atraxa_Praetors_Voice_Superfriends_Final_Version_For_Tournament_"
               "Registration_2024.txt")).write_text("Commander: Krenko, Mob Boss\n99 Mountain\n", encoding="utf-8")
    target = tmp_path / "report.html"
    with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
        assert cli.main(["batch", "--format", "html", "-o", str(target), str(folder)]) == 1
    with _browser() as driver:
        driver.get(target.as_uri())
        headings = [h.text for h in driver.find_elements(By.CSS_SELECTOR, "section.deck h3")]
        assert any(h.endswith("\\u202eSNEAKY not legal") for h in headings), headings
        assert driver.execute_script("return document.documentElement.scrollWidth") <= driver.execute_script(
            "return document.documentElement.clientWidth")
        search = driver.find_element(By.ID, "filter")  # a name's spaces as the page shows them: one
        for sought in ('"jean dupont"', '"ana lopez"', "ana\u00a0lopez"):
            search.clear()
            search.send_keys(sought)
            assert driver.find_element(By.ID, "shown").text == "1 of 4 decks shown", sought


@pytest.mark.browser
@pytest.mark.timeout(180)
def test_a_message_quoting_a_line_with_no_place_to_break_wraps(tmp_path):
    """A file of one long line with no space (junk, or a list pasted with its line breaks lost) is told "line too
    long", quoting 120 characters of it: that message made the deck's violations table wider than a desktop
    window, its rule off screen behind a scroll bar. It wraps now."""
    from selenium.webdriver.common.by import By

    deck = tmp_path / "junk.txt"
    deck.write_text("Commander: Krenko, Mob Boss\n98 Mountain\n" + "Ab" * 1500 + "\n", encoding="utf-8")
    target = tmp_path / "report.html"
    with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
        assert cli.main(["batch", "--format", "html", "-o", str(target), str(deck)]) == 1
    with _browser() as driver:
        driver.get(target.as_uri())
        box = driver.find_element(By.CSS_SELECTOR, "section.deck .scroll")
        driver.execute_script("arguments[0].scrollIntoView()", box)
        assert "line too long" in box.text
        assert driver.execute_script("return arguments[0].scrollWidth <= arguments[0].clientWidth", box)


@pytest.mark.browser
@pytest.mark.timeout(180)
def test_on_a_phone_the_page_never_scrolls_sideways_and_every_column_is_within_reach(report_file):
    """At a phone's width (390 px) the decks table made the whole page about 800 px wide, the verdict off screen,
    the filter's controls too, and a deck's details clipped their last columns ("what to fix", "rule") where no
    scrolling reached them (content-visibility clips). Each table now scrolls in its own box; the page does not."""
    from selenium.webdriver.common.by import By

    with _browser() as driver:
        driver.set_window_size(390, 844)
        driver.get(report_file.as_uri())
        width = driver.execute_script("return document.documentElement.clientWidth")
        assert driver.execute_script("return document.documentElement.scrollWidth") <= width
        for control in ("filter", "status", "shown"):
            assert driver.find_element(By.ID, control).rect["x"] + driver.find_element(By.ID, control).rect[
                "width"] <= width, control
        section = driver.find_element(By.ID, "deck-10")  # a deck whose violations table is wider than the phone
        driver.execute_script("arguments[0].scrollIntoView()", section)
        reach = driver.execute_script("""
            const box = arguments[0].querySelector('.scroll');
            box.scrollLeft = box.scrollWidth;
            const last = box.querySelector('th:last-child').getBoundingClientRect();
            const edge = arguments[0].getBoundingClientRect();
            return [box.scrollWidth > box.clientWidth, last.right <= edge.right + 1, last.left >= edge.left];""",
                                      section)
        assert reach == [True, True, True]
        ARTIFACTS.mkdir(exist_ok=True)
        assert driver.save_screenshot(str(ARTIFACTS / "tournament-report-phone.png"))
