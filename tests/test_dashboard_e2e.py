"""End to end in real headless Chromium: a short Not Scrabble game with simulated buzzers, a
Dictionary, Please! turn with a capture, a DICEWORDS turn and a Lexicon round, each checked on
the screen; a screenshot of every page goes to build/screenshots/."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.words.solver import Referee
from tests.browser import call, chromium, live_server, need_chromium
from tests.helpers import ROOT

SHOTS = ROOT / "build" / "screenshots"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, referee: Referee) -> Iterator[str]:
    need_chromium()
    with live_server(tmp_path_factory.mktemp("dashboard"), referee) as (url, _):
        yield url


@pytest.fixture(scope="module")
def browser(server: str):
    driver = chromium()
    driver.implicitly_wait(0)
    SHOTS.mkdir(parents=True, exist_ok=True)
    yield driver
    driver.quit()


def wait_text(driver, selector: str, text: str, timeout: float = 10) -> str:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, timeout).until(lambda d: text in d.find_element(By.CSS_SELECTOR, selector).text)
    return driver.find_element(By.CSS_SELECTOR, selector).text


def wait_action(driver, label: str, timeout: float = 10):
    """The row of the move called ``label`` once the page offers it."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    xpath = f"//div[@class='action'][b[starts-with(normalize-space(.), '{label}')]]"
    return WebDriverWait(driver, timeout).until(lambda d: d.find_element(By.XPATH, xpath))


def tap_move(driver, label: str, fields: dict[str, str]) -> None:
    """Fill the move's boxes (by their placeholder; ``take`` and ``player`` are lists), tap Record,
    and wait for the moves the table allows next."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    row = wait_action(driver, label)
    last = driver.find_element(By.ID, "last").text
    for name, value in fields.items():
        if name in ("take", "player"):
            Select(row.find_element(By.TAG_NAME, "select")).select_by_value(value)
        elif name == "rerolled":  # the dice to reroll, ticked
            for colour in value.split(","):
                row.find_element(By.CSS_SELECTOR, f"input[type=checkbox][value='{colour}']").click()
        else:
            row.find_element(By.CSS_SELECTOR, f"input[placeholder='{name}']").send_keys(value)
    driver.execute_script("document.querySelector('#toast').textContent = ''")
    row.find_element(By.XPATH, ".//button[. = 'Record']").click()
    WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "toast").text)
    answer = driver.find_element(By.ID, "toast").text
    assert not answer.startswith("Refused"), (label, answer)
    WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "last").text != last)  # the page has caught up


def new_game(server: str, setup: dict) -> int:
    """A new game on the server, set up through the API; its number."""
    return call(f"{server}/api/sessions", setup, timeout=10)["id"]


def shot(driver, name: str) -> Path:
    path = SHOTS / f"{name}.png"
    driver.save_screenshot(str(path))
    return path


def test_a_not_scrabble_game_with_simulated_buzzers(server: str, browser) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    browser.get(server + "/")
    wait_text(browser, "#game-choice", "Not Scrabble")
    Select(browser.find_element(By.ID, "game-choice")).select_by_visible_text("Not Scrabble")
    players = browser.find_element(By.NAME, "players")
    players.clear()
    players.send_keys("Ann, Ben")
    browser.find_element(By.CSS_SELECTOR, "#start summary").click()  # the options the rules leave open
    Select(browser.find_element(By.CSS_SELECTOR, "[data-option=tiles]")).select_by_value('"camera"')
    shot(browser, "start")
    browser.find_element(By.CSS_SELECTOR, "#start button[type=submit]").click()
    wait_text(browser, "#title", "Not Scrabble")
    game = browser.current_url.split("/game/")[1].split("/")[0]
    # The draw for first player and the letters turned up, by taps on the moves' letter pickers
    taps = [
        ("Ann draws for first", "M"),
        ("Ben draws for first", "C"),
        ("Ben turns up a letter", "R"),
        ("Ann turns up a letter", "I"),
        ("Ben turns up a letter", "D"),
        ("Ann turns up a letter", "E"),
    ]
    for label, letter in taps:
        row = wait_action(browser, label)
        row.find_element(By.XPATH, f".//button[. = '{letter}']").click()
        wait_text(browser, "#toast", f"{label.split()[0]} ")
    assert "DEIR" in wait_text(browser, "#pool", "DEIR")
    # the word box answers at once
    browser.find_element(By.ID, "word").send_keys("ride")
    assert "RIDE: valid" in wait_text(browser, "#verdict", "RIDE")  # not "RIDE: not valid"
    # the stem judge's verdict, overruled with one tap for this game
    browser.find_element(By.ID, "word").clear()
    browser.find_element(By.ID, "from").send_keys("tease")
    browser.find_element(By.ID, "pool-letters").send_keys("r")
    browser.find_element(By.ID, "word").send_keys("teaser")
    wait_text(browser, "#verdict", "not legal")
    browser.find_element(By.XPATH, "//button[contains(., 'Rule: steal allowed')]").click()
    wait_text(browser, "#toast", "ruling recorded")
    assert "not legal" not in wait_text(browser, "#verdict", "legal")
    for box in ("word", "from", "pool-letters"):
        browser.find_element(By.ID, box).clear()
    # Ben's on-screen button, through the simulated box, link and arbiter
    browser.find_elements(By.CSS_SELECTOR, "button.buzz")[1].click()
    assert "Ben first" in wait_text(browser, "#buzzers", "Ben first", timeout=15)
    wait_text(browser, "#claim", "Ben pressed first")  # his claim is open, with the words to tap
    # Ann's key on the keyboard: her claim opens behind Ben's
    browser.find_element(By.TAG_NAME, "body").send_keys("1")
    wait_text(browser, "#buzzers", "Ann first", timeout=15)
    wait_text(browser, "#claim", "Ann pressed")
    browser.execute_script("document.querySelector('#claim').scrollIntoView()")
    shot(browser, "claim-prompt")
    # The referee taps what each said: Ben nothing, Ann RIDE from the solver's list: her claim
    ben = browser.find_elements(By.CSS_SELECTOR, "#claim .press")[0]
    ben.find_element(By.XPATH, ".//button[. = 'said nothing']").click()
    wait_text(browser, "#claim", "nothing")
    browser.find_elements(By.CSS_SELECTOR, "#claim .press")[1].find_element(By.XPATH, ".//button[. = 'RIDE']").click()
    scores = wait_text(browser, "#scores", "Ann 4")
    assert "Ben 0" in scores
    assert "RIDE" in wait_text(browser, "#words", "RIDE")
    shot(browser, "table")
    for page in ("referee", "buzzers", "scores", "history", "timers"):
        browser.get(f"{server}/game/{game}/{page}")
        wait_text(browser, "#title", "Not Scrabble")
        if page == "history":
            assert "claim" in wait_text(browser, "#history", "RIDE")
        shot(browser, page)
    # undo to before the claim from the history page
    browser.get(f"{server}/game/{game}/history")
    wait_text(browser, "#history", "RIDE")
    items = browser.find_elements(By.CSS_SELECTOR, "#history li")
    claim = next(i for i, li in enumerate(items) if "claim" in li.text)
    items[claim].find_element(By.TAG_NAME, "button").click()
    wait_text(browser, "#toast", "back to event")
    state = call(f"{server}/api/sessions/{game}", timeout=10)
    assert state["state"]["pool"] and all(s["score"] == 0 for s in state["state"]["standings"])
    browser.get(f"{server}/game/{game}/scores?mode=tv")
    wait_text(browser, "#scores", "Ann")
    shot(browser, "scores-tv")
    # to the end, by taps: Ann's claim from the Moves card, then "no more words" (the solver agrees)
    browser.get(f"{server}/game/{game}/table")
    tap_move(browser, "Ann claims", {"the word": "RIDE"})
    tap_move(browser, "no more words can be made", {})
    assert "Ann wins with 4 letters" in wait_text(browser, "#result", "wins")
    shot(browser, "not-scrabble-over")


def test_a_dictionary_please_turn_with_a_capture(server: str, browser) -> None:
    """Dictionary, Please! by taps: the draw for first player, a turn of two words, a capture."""
    from selenium.webdriver.common.by import By

    game = new_game(server, {"game": "dictionary-please", "players": ["Ann", "Bea"], "scoring": "stars",
                             "tiles": "camera"})  # fmt: skip
    browser.get(f"{server}/game/{game}/table")
    for label, letter in [("Ann draws for first", "B"), ("Bea draws for first", "A")]:
        wait_action(browser, label).find_element(By.XPATH, f".//button[. = '{letter}']").click()
        wait_text(browser, "#last", f"{label.split()[0]} drew")
    tap_move(browser, "Bea plays", {"the letters in hand": "RIDETEASEM", "words, space between": "RIDE TEASE"})
    tap_move(browser, "Ann plays", {"the letters in hand": "GLR", "words, space between": "GLIDER<Bea:RIDE"})
    assert "capturing Bea's RIDE" in wait_text(browser, "#last", "GLIDER")
    browser.get(f"{server}/game/{game}/scores")
    details = wait_text(browser, "#details", "GLIDER")
    assert "Ann" in details
    shot(browser, "dictionary-please-scores")
    browser.get(f"{server}/game/{game}/table")
    words = wait_text(browser, "#words", "GLIDER")
    assert "in hand" in words and "Ends (c)" in words
    assert browser.find_elements(By.CSS_SELECTOR, "#words .award.star.green")  # the star before GLIDER
    shot(browser, "dictionary-please-table")


def test_a_dicewords_turn(server: str, browser) -> None:
    """DICEWORDS by taps: the rule text's roll, a reroll of the dice ticked, advice, the word declared."""
    from selenium.webdriver.common.by import By

    game = new_game(server, {"game": "dicewords", "players": ["Ann", "Ben"], "target": 100})
    browser.get(f"{server}/game/{game}/table")
    tap_move(browser, "Ann rolls", {"nine faces, gold die first": "EEHELVNTP"})
    tap_move(browser, "Ann rerolls", {"nine faces, gold die first": "IEHELSNTP", "rerolled": "gold,blue"})
    dice = wait_text(browser, "#dice", "1 roll(s) left")
    assert "race to 100" in dice
    browser.find_element(By.XPATH, "//button[. = 'Best word and advice']").click()
    assert "PLINTHS 70" in wait_text(browser, "#dice .advice", "keep the rest", timeout=60)
    shot(browser, "dicewords-table")
    tap_move(browser, "Ann declares a word", {"the word": "PLINTHS"})
    assert "Ann 70" in wait_text(browser, "#scores", "Ann 70")


def test_a_lexicon_round(server: str, browser) -> None:
    """A LEXICON round refereed by taps on the Moves card: the cut, the deal, words laid, a word grown,
    discards from the exposed card and the blind pile, a challenge, the hands shown at the end."""
    game = new_game(server, {"game": "lexicon", "players": ["Ann", "Ben", "Cat"], "deck": "parker"})
    browser.get(f"{server}/game/{game}/table")
    moves = [("Ann cuts", {"card": "C"}), ("Ben cuts", {"card": "A"}), ("Cat cuts", {"card": "K"}),
             ("deal round 1", {"card": "Q"}), ("Cat lays a word", {"the word": "MOTHER"}),
             ("Ann inserts", {"the word": "MOTHER", "the new word": "SMOTHERED"}),
             ("Ben discards", {"card": "X", "take": "exposed"}), ("Cat discards", {"card": "Z", "take": "blind"}),
             ("Ann lays a word", {"the word": "OATS"}), ("Ben lays a word", {"the word": "TAXI"}),
             ("challenge the last word", {"player": "Cat"}), ("Cat lays a word", {"the word": "JOKE"}),
             ("the cards left in each hand", {"Ann:EQ, Ben:XZ*": "Ann:ABC, Ben:DEFGH*"})]  # fmt: skip
    for label, fields in moves:
        tap_move(browser, label, fields)
    browser.get(f"{server}/game/{game}/scores")
    state = call(f"{server}/api/sessions/{game}", timeout=10)["state"]
    penalties = [f"{s['player']} {s['score']}" for s in state["standings"]]
    assert penalties == ["Cat 10", "Ann 20", "Ben 45"]  # lowest penalty first: the engine's figures
    scores = wait_text(browser, "#scores", "Ben 45")
    assert scores.splitlines()[1:] == penalties
    shot(browser, "lexicon-scores")


def test_the_demo_table_plays_itself(tmp_path: Path, referee: Referee, browser) -> None:
    """What `make run` shows: the replayed camera and the simulated box play the game; the page
    shows the game's own centre and words, the open buzzer claim, and moves with them."""
    from web.demo import demo_services

    with live_server(tmp_path, referee) as (url, services):
        game = demo_services(services, dwell=0.5)
        browser.get(f"{url}/game/{game}/table")
        wait_text(browser, "#camera-status", "read in", timeout=60)
        assert "RIDE" in wait_text(browser, "#words", "RIDE", timeout=90)  # the camera laid Ann's claim
        assert "GLIDER" in wait_text(browser, "#words", "GLIDER", timeout=90)  # Cat's steal
        assert browser.execute_script("return document.querySelector('#camera-frame').naturalWidth") == 800
        shot(browser, "demo-table")
        wait_text(browser, "#scores", "Cat", timeout=30)
        tv = chromium(1920, 1080)
        try:  # a screen everyone at the table sees: the table and the scores, nothing to scroll
            tv.get(f"{url}/game/{game}/table?mode=tv")
            wait_text(tv, "#words", "GLIDER", timeout=60)
            heights = tv.execute_script(
                "return [window.innerHeight, document.querySelector('#scores').getBoundingClientRect().bottom]"
            )
            assert heights[1] <= heights[0], f"the scoreboard ends at {heights[1]} px on a {heights[0]} px screen"
            shot(tv, "demo-table-tv")
        finally:
            tv.quit()
        assert services.tables.get(game).history()[-1]["scores"]["Cat"] >= 6


def test_the_dictionary_page_and_a_phone(server: str) -> None:
    from selenium.webdriver.common.by import By

    phone = chromium(375, 800, phone=True)
    try:
        phone.get(server + "/dictionary?word=glider")
        assert "aircraft" in wait_text(phone, "#meanings", "aircraft")
        widths = phone.execute_script("return [window.innerWidth, document.documentElement.scrollWidth]")
        assert widths == [375, 375], f"the page is {widths[1]} pixels wide on a 375-pixel phone"
        phone.find_element(By.NAME, "old").send_keys("ride")
        phone.find_element(By.NAME, "new").send_keys("rider\n")
        assert "same" in wait_text(phone, "#stem-verdict", ":")
        shot(phone, "dictionary-phone")
        game = new_game(server, {"game": "not-scrabble", "players": ["Ann", "Ben", "Cat"]})
        phone.get(f"{server}/game/{game}/table")
        wait_text(phone, "#scores", "Cat")
        widths = phone.execute_script("return [window.innerWidth, document.documentElement.scrollWidth]")
        assert widths == [375, 375], f"the table page is {widths[1]} pixels wide on a 375-pixel phone"
        shot(phone, "table-phone")
    finally:
        phone.quit()
