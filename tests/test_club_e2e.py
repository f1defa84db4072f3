"""A short club evening in real headless Chromium, by taps: two tables of four seated from the form,
the hand dealt, a Steward called to a wrong word and fining it 50, the bell rung for every table,
the score cards marked and confirmed by the players on the left, the winners moved, the next
hand dealt by the arriving winners, the party ended with the lowest total winning. The tables'
own moves go in through the API (their dashboard is tested by tests/test_dashboard_e2e.py).
Screenshots at 1280 px and on a phone go to build/screenshots/club-*.png."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from companion.sets.cards import penalty
from companion.words.solver import Referee
from tests.browser import call, chromium, live_server, need_chromium
from tests.helpers import ROOT

SHOTS = ROOT / "build" / "screenshots"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, referee: Referee) -> Iterator[str]:
    need_chromium()
    with live_server(tmp_path_factory.mktemp("club"), referee) as (url, _):
        yield url


def wait_text(driver, selector: str, text: str, timeout: float = 15) -> str:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, timeout).until(lambda d: text in d.find_element(By.CSS_SELECTOR, selector).text)
    return str(driver.find_element(By.CSS_SELECTOR, selector).text)


def tap(driver, text: str, timeout: float = 15) -> None:
    """Tap the visible button that says ``text`` (the page redraws every two seconds: a button
    replaced under the finger is looked for again)."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    xpath = f"//button[normalize-space(.) = '{text}']"

    def tapped(d) -> bool:
        try:
            button = next((b for b in d.find_elements(By.XPATH, xpath) if b.is_displayed() and b.is_enabled()), None)
            if button is None:
                return False
            button.click()
            return True
        except StaleElementReferenceException:
            return False

    WebDriverWait(driver, timeout).until(tapped)


def texts(driver, selector: str) -> list[str]:
    """The text of every element ``selector`` finds, read at once (the page redraws every two seconds)."""
    found: list[str] = driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map((e) => e.innerText)", selector
    )
    return found


def shot(driver, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    driver.execute_script("window.scrollTo(0, 0)")
    height = driver.execute_script("return document.documentElement.scrollHeight")
    width = driver.execute_script("return window.innerWidth")
    driver.set_window_size(width if width > 500 else 375, min(max(height + 140, 700), 3000))
    driver.save_screenshot(str(SHOTS / f"{name}.png"))


def fits(driver, name: str) -> None:
    widths = driver.execute_script("return [window.innerWidth, document.documentElement.scrollWidth]")
    assert widths[1] <= widths[0], f"{name}: {widths[1]} px wide on a {widths[0]} px phone"


def play(server: str, game: int, moves: list[str]) -> None:
    for text in moves:
        call(f"{server}/api/sessions/{game}/events", {"text": text})


def test_a_club_evening_from_the_dashboard(server: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    browser, phone = chromium(1280, 900), chromium(375, 800, phone=True)
    try:
        browser.get(f"{server}/club")
        browser.find_element(By.NAME, "name").send_keys("Friday party")
        browser.find_element(By.NAME, "players").send_keys("Ann, Ben, Cat, Dan\nEve, Fay, Gus, Hal")
        shot(browser, "club-new-1280")
        tap(browser, "Seat the players")
        wait_text(browser, "#next", "8 players seated at 2 tables")
        evening = int(browser.current_url.rstrip("/").split("/")[-1])
        tap(browser, "Deal hand 1")
        wait_text(browser, "#tables", "cutting for dealer")
        games = [t["game"] for t in call(f"{server}/api/evenings/{evening}")["tables"]]
        links = browser.execute_script("return [...document.querySelectorAll('#tables a.open')].map((a) => a.href)")
        assert links == [f"{server}/game/{g}/table" for g in games]
        # Table 1: Ben cuts the A and deals; Cat, on his left, runs out. Table 2: Fay lays QXZ.
        cuts = ["cut player=Ann card=C", "cut player=Ben card=A", "cut player=Cat card=K", "cut player=Dan card=M"]
        play(server, games[0], [*cuts, "deal exposed=Q", "word player=Cat word=BLACKSMITH"])
        play(server, games[1], ["cut player=Eve card=A", "cut player=Fay card=B", "cut player=Gus card=C",
                                "cut player=Hal card=D", "deal exposed=E", "word player=Fay word=QXZ"])  # fmt: skip
        wait_text(browser, "#tables", "Cat ran out")
        wait_text(browser, "#tables", "Gus to play")
        # Gus calls the Steward, on the Steward's page on a phone.
        phone.get(f"{server}/club/{evening}/steward")
        wait_text(phone, "#steward", "Nothing to settle")
        Select(phone.find_element(By.ID, "call-table")).select_by_visible_text("Table 2")
        Select(phone.find_element(By.ID, "call-player")).select_by_visible_text("Gus")
        phone.find_element(By.ID, "call-word").send_keys("qxz")
        tap(phone, "Call")
        wait_text(phone, "#steward", "Table 2: Gus challenges QXZ")
        assert "not in the dictionary" in phone.find_element(By.ID, "steward").text
        fits(phone, "steward")
        shot(phone, "club-steward-phone")
        tap(phone, "Wrong word: fine 50")
        wait_text(phone, "#steward", "Table 2 fines this hand: Fay 50")
        # The bell: table 2 is stopped, table 1 had finished.
        wait_text(browser, "#tables", "fined 50")
        shot(browser, "club-tables-playing-1280")
        tap(browser, "Ring the bell at every table")
        wait_text(browser, "#toast", "The bell stopped table 2")
        wait_text(browser, "#tables", "the bell has rung")
        play(server, games[0], ['{"type": "reveal", "hands": ["Ann:ABCDEFGHIJ", "Ben:KLMNOPQRST", "Dan:DDDDDDDDDD"]}'])
        play(server, games[1], ['{"type": "reveal", "hands": ["Eve:EEEEEEEEEE", "Fay:XXXXXXXXXG", '
                                '"Gus:BBBBBBBBBB", "Hal:GGGGGGGGGG"]}'])  # fmt: skip
        tap(browser, "Mark the score cards")
        wait_text(browser, "#next", "8 scores to check")
        shot(browser, "club-cards-1280")
        # Party 4: each player's score confirmed by the player on the left (Fay's by Gus).
        row = next(r for r in texts(browser, "#cards tr") if r.startswith("Fay"))
        assert row.split()[:4] == ["Fay", "22", "50", "72"] and "Gus checks:" in row
        for _ in range(8):
            tap(browser, "Confirm")
        wait_text(browser, "#next", "move the winners (Cat 1 → 2, Gus 2 → 1)")
        shot(browser, "club-ready-to-move-1280")
        tap(browser, "Move the winners")
        wait_text(browser, "#next", "deal hand 2")
        tables = [t.replace("\n", " ") for t in texts(browser, "#tables .club-table")]
        assert "Gus deals" in tables[0] and "Cat deals" in tables[1]
        assert "Moved after hand 1: Cat 1 → 2, Gus 2 → 1" in browser.find_element(By.ID, "moves").text
        expected = {"Ann": penalty("ABCDEFGHIJ"), "Ben": penalty("KLMNOPQRST"), "Cat": 0, "Dan": penalty("D" * 10),
                    "Eve": penalty("E" * 10), "Fay": penalty("XXXXXXXXXG") + 50, "Gus": penalty("B" * 10),
                    "Hal": penalty("G" * 10)}  # fmt: skip
        rows = [r.split() for r in texts(browser, "#standings tr")[1:]]
        assert [(r[1], int(r[-2])) for r in rows] == sorted(
            expected.items(), key=lambda i: (i[1], list(expected).index(i[0]))
        )
        shot(browser, "club-moved-1280")
        tap(browser, "Deal hand 2")
        wait_text(browser, "#tables", "Gus deals")  # no cut: the arriving winner deals
        phone.get(f"{server}/club/{evening}")
        wait_text(phone, "#tables", "Gus deals")
        fits(phone, "tables")
        shot(phone, "club-tables-phone")
        for table in call(f"{server}/api/evenings/{evening}")["tables"]:
            play(server, table["game"], ["deal exposed=Q"])
        tap(browser, "Ring the bell at every table")
        wait_text(browser, "#toast", "The bell stopped tables 1, 2")
        for table in call(f"{server}/api/evenings/{evening}")["tables"]:
            reveal = {"type": "reveal", "hands": [f"{p}:BBBBBBBBBB" for p in table["seats"]]}
            play(server, table["game"], [json.dumps(reveal)])
        tap(browser, "Mark the score cards")
        wait_text(browser, "#next", "8 scores to check")
        for _ in range(8):
            tap(browser, "Confirm")
        wait_text(browser, "#next", "Every score is checked")
        browser.find_element(By.ID, "end").click()
        browser.switch_to.alert.accept()
        result = wait_text(browser, "#result", "wins the party")
        assert result == f"Cat wins the party with {penalty('B' * 10)} (the lowest total)"
        browser.get(f"{server}/club/{evening}/standings")
        wait_text(browser, "#standings", "Hand 2")
        shot(browser, "club-standings-1280")
        phone.get(f"{server}/club/{evening}/standings")
        wait_text(phone, "#standings", "Hand 2")
        fits(phone, "standings")
        shot(phone, "club-standings-phone")
    finally:
        browser.quit()
        phone.quit()
