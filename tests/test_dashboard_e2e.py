"""End to end in real headless Chromium: a short Not Scrabble game with simulated buzzers, a
Dictionary, Please! turn with a capture, a DICEWORDS turn and a Lexicon round, each checked on
the screen; a screenshot of every page goes to build/screenshots/."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

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


@pytest.fixture(scope="module")
def screens(server: str):
    """A TV (1920 x 1080, TV mode) and a phone (375 x 800), for each game's table at three sizes."""
    tv, phone = chromium(1920, 1080), chromium(375, 800, phone=True)
    yield tv, phone
    tv.quit()
    phone.quit()


def three_sizes(browser, screens, server: str, game: int, name: str, text: str, me: str | None = None) -> None:
    """The game's table at 1280 px (as the browser shows it now), on a TV and on a phone, each
    written to build/screenshots/NAME-{1280,tv,phone}.png; the TV shows the table and the scores
    with nothing to scroll, the phone is no wider than its screen."""
    tv, phone = screens
    browser.execute_script("window.scrollTo(0, 0)")
    shot(browser, f"{name}-1280")
    tv.get(f"{server}/game/{game}/table?mode=tv")
    wait_text(tv, ".reads", text, timeout=20)
    bottom, height = tv.execute_script(
        "return [document.querySelector('#scores').getBoundingClientRect().bottom, window.innerHeight]"
    )
    assert bottom <= height, f"{name}: the scoreboard ends at {bottom} px on a {height} px TV"
    from selenium.webdriver.support.ui import WebDriverWait

    # nothing to scroll: a long game's words make the type smaller instead (a new user's walk)
    fits = "return document.documentElement.scrollHeight <= window.innerHeight"
    WebDriverWait(tv, 5).until(lambda d: d.execute_script(fits), f"{name}: the TV page has to be scrolled")
    shot(tv, f"{name}-tv")
    phone.get(f"{server}/game/{game}/table")
    wait_text(phone, ".reads", text, timeout=20)
    widths = phone.execute_script("return [window.innerWidth, document.documentElement.scrollWidth]")
    assert widths[1] <= widths[0], f"{name}: the table page is {widths[1]} px wide on a {widths[0]} px phone"
    hidden = phone.execute_script(
        "return [...document.querySelectorAll('header a')].filter(a => a.getBoundingClientRect().right > "
        "window.innerWidth).map(a => a.textContent)"
    )
    assert not hidden, f"{name}: the phone's header hides {hidden} past the screen's edge"
    shot(phone, f"{name}-phone")
    # the moves lie below the table: one tap takes the referee down to them
    from selenium.webdriver.common.by import By

    phone.find_element(By.CSS_SELECTOR, ".to-moves").click()  # a tap: it must be on the screen to take one
    top = phone.execute_script("return document.querySelector('#moves').getBoundingClientRect().top")
    assert -2 < top < 100, f"{name}: the moves begin at {top} px after the tap"
    shot(phone, f"{name}-phone-moves")
    if me:  # a player's own view: that player's line, no referee's controls
        phone.get(f"{server}/game/{game}/table?me={me}")
        assert f"You are {me}" in wait_text(phone, "#me", "You are", timeout=20)
        assert not phone.execute_script("return document.querySelector('#actions').offsetParent")
        shot(phone, f"{name}-player-phone")


def wait_text(driver, selector: str, text: str, timeout: float = 10) -> str:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, timeout).until(lambda d: text in d.find_element(By.CSS_SELECTOR, selector).text)
    return driver.find_element(By.CSS_SELECTOR, selector).text


def click_in(driver, selector: str, index: int, xpath: str, timeout: float = 10) -> None:
    """Click the ``xpath`` button inside the ``index``-th element matching ``selector``, looked up
    afresh until it works: the page redraws a part it polls, and a button found just before a
    redraw is gone by the click."""
    from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    def clicked(d) -> bool:
        try:
            d.find_elements(By.CSS_SELECTOR, selector)[index].find_element(By.XPATH, xpath).click()
        except (IndexError, NoSuchElementException, StaleElementReferenceException):
            return False
        return True

    WebDriverWait(driver, timeout).until(clicked)


def wait_action(driver, label: str, timeout: float = 10):
    """The row of the move called ``label`` once the page offers it."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    xpath = f"//div[contains(concat(' ', @class, ' '), ' action ')][b[starts-with(normalize-space(.), '{label}')]]"
    return WebDriverWait(driver, timeout).until(lambda d: d.find_element(By.XPATH, xpath))


def tap_move(driver, label: str, fields: dict[str, Any]) -> None:
    """Fill the move's boxes and lists, tap Record, and wait for the moves the table allows next.

    ``fields``: a box by its placeholder; a list (``take``, ``player``, ``stack``...) by its name;
    ``letter``, or a card's ask (``card``, ``exposed``) whose keys the move offers: the key to tap;
    ``dice``: the faces to tap, a die at a time (held dice are
    skipped); ``plays``: Dictionary, Please! words as (WORD, captured, second captured)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    row = wait_action(driver, label)
    last = driver.find_element(By.ID, "last").text
    needs_record = bool(row.find_elements(By.XPATH, ".//button[. = 'Record']"))  # else a tap records it
    driver.execute_script("document.querySelector('#toast').textContent = ''")
    for name, value in fields.items():
        keys = (
            []
            if "'" in name + str(value)
            else row.find_elements(By.XPATH, f".//span[@data-ask='{name}']/button[. = '{value}']")
        )
        if keys:  # a letter or a card: its key tapped
            keys[0].click()
        elif name == "letter":
            row.find_element(By.XPATH, f".//button[. = '{value}']").click()
        elif name == "dice":
            columns = [
                c
                for c in row.find_elements(By.CSS_SELECTOR, ".dice-picker .pick")
                if c.find_elements(By.TAG_NAME, "button")
            ]
            assert len(columns) == len(value), (label, len(columns), value)
            for column, face in zip(columns, value, strict=True):
                column.find_element(By.XPATH, f".//button[. = '{face}']").click()
        elif name == "cells":  # Crossword Lexicon: tap the cell, then its letter
            for cell in value:
                r, c, letter = cell.split(",")
                row.find_element(By.CSS_SELECTOR, f"button.cell[data-cell='{r},{c}']").click()
                row.find_element(By.XPATH, f".//span[@class='picker']/button[. = '{letter}']").click()
        elif name == "plays":
            for n, (word, *captured) in enumerate(value):
                if n:
                    row.find_element(By.XPATH, ".//button[. = '+ word']").click()
                line = row.find_elements(By.CSS_SELECTOR, ".plays .play")[n]
                line.find_element(By.TAG_NAME, "input").send_keys(word)
                for select, taken in zip(line.find_elements(By.TAG_NAME, "select"), captured, strict=False):
                    Select(select).select_by_value(taken)
        elif row.find_elements(By.CSS_SELECTOR, f'select[data-ask="{name}"]'):
            Select(row.find_element(By.CSS_SELECTOR, f'select[data-ask="{name}"]')).select_by_value(value)
        else:
            box = row.find_element(By.CSS_SELECTOR, f'input[placeholder="{name}"]')
            box.clear()  # a box may start filled in (LEXICON's new word starts as the word picked)
            box.send_keys(value)
    if needs_record:
        row.find_element(By.XPATH, ".//button[. = 'Record']").click()
    armed = row.find_elements(By.CSS_SELECTOR, "button.armed")  # a move that ends the game asks a second tap
    if armed:
        assert armed[0].text == "end the game? tap again" and not driver.find_element(By.ID, "toast").text
        armed[0].click()
    WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "toast").text)
    answer = driver.find_element(By.ID, "toast").text
    assert not answer.startswith("Refused") and "tap" not in answer, (label, answer)
    WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "last").text != last)  # the page has caught up


def hold(driver, colours: list[str]) -> None:
    """Tap the dice to hold on the table (DICEWORDS), and wait until they show as held."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    for colour in colours:
        driver.find_element(By.CSS_SELECTOR, f"#dice button.die[data-colour='{colour}']").click()
    WebDriverWait(driver, 5).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#dice .die.held")) == len(colours))


def new_game(server: str, setup: dict) -> int:
    """A new game on the server, set up through the API; its number."""
    return call(f"{server}/api/sessions", setup, timeout=10)["id"]


def shot(driver, name: str) -> Path:
    path = SHOTS / f"{name}.png"
    driver.save_screenshot(str(path))
    return path


def test_a_not_scrabble_game_with_simulated_buzzers(server: str, browser, screens) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select, WebDriverWait

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
    # level at nought: the standings say "tied" in words (rule 22 names no tie-break), not "tied true"
    details = wait_text(browser, "#details", "tied")
    assert "tied true" not in details and "no tie-break" in details
    assert browser.find_element(By.ID, "buzz-keys").is_displayed()  # Not Scrabble's buzzers have their keys
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
    # the U key turns up a U like any other letter (it once undid the last move, and the U was
    # lost); Ctrl+Z undoes, and the toast says what
    wait_action(browser, "Ben turns up a letter")
    browser.find_element(By.TAG_NAME, "body").send_keys("u")
    assert "DEIRU" in wait_text(browser, "#pool", "DEIRU")
    ActionChains(browser).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()
    assert "turned up U" in wait_text(browser, "#toast", "Undone")
    WebDriverWait(browser, 10).until(lambda d: "U" not in d.find_element(By.ID, "pool").text)
    # the word box answers at once
    browser.find_element(By.ID, "word").send_keys("ride")
    assert "RIDE: valid" in wait_text(browser, "#verdict", "RIDE")  # not "RIDE: not valid"
    # the stem judge's verdict, overruled with one tap for this game
    browser.find_element(By.ID, "word").clear()
    browser.find_element(By.ID, "from").send_keys("tease")
    browser.find_element(By.ID, "pool-letters").send_keys("r")
    browser.find_element(By.ID, "word").send_keys("teaser")
    wait_text(browser, "#verdict", "not legal")
    browser.find_element(By.XPATH, "//button[contains(., 'allow this steal')]").click()
    wait_text(browser, "#toast", "ruling recorded")
    assert "not legal" not in wait_text(browser, "#verdict", "legal")
    for box in ("word", "from", "pool-letters"):
        browser.find_element(By.ID, box).clear()
    # the boxes the operator offers and the game's own simulator, which the page attached
    ports = wait_text(browser, "#buzzer-port", "simulated box")
    assert ports.splitlines() == ["simulated box"]  # no --buzzers: only the game's simulator
    # Ben's on-screen button, through the simulated box, link and arbiter
    browser.find_elements(By.CSS_SELECTOR, "button.buzz")[1].click()
    assert "Ben first" in wait_text(browser, "#buzzers", "Ben first", timeout=15)
    wait_text(browser, "#claim", "Ben pressed first")  # his claim is open, with the words to tap
    # and it comes into view: the buzzers are at the foot of the page, the claim above them
    in_view = (
        "const r = document.querySelector('#claim').getBoundingClientRect(); return r.top > -2 && r.top < innerHeight"
    )
    WebDriverWait(browser, 5).until(lambda d: d.execute_script(in_view))
    # Ann's key on the keyboard: her claim opens behind Ben's
    browser.find_element(By.TAG_NAME, "body").send_keys("1")
    wait_text(browser, "#buzzers", "Ann first", timeout=15)
    wait_text(browser, "#claim", "Ann pressed")
    browser.execute_script("document.querySelector('#claim').scrollIntoView()")
    shot(browser, "claim-prompt")
    # The referee taps what each said: Ben nothing, Ann RIDE from the solver's list: her claim
    click_in(browser, "#claim .press", 0, ".//button[. = 'said nothing']")
    wait_text(browser, "#claim", "nothing")
    click_in(browser, "#claim .press", 1, ".//button[. = 'RIDE']")
    scores = wait_text(browser, "#scores", "Ann 4")
    assert "Ben 0" in scores
    assert "RIDE" in wait_text(browser, "#words", "RIDE")
    shot(browser, "table")
    for page in ("referee", "buzzers", "scores", "history", "timers"):
        browser.get(f"{server}/game/{game}/{page}")
        wait_text(browser, "#title", "Not Scrabble")
        if page == "history":
            assert "claim" in wait_text(browser, "#history", "RIDE")
        if page == "buzzers":  # the claim is settled: the press is the last one, no longer the big news
            assert "last press: Ann first" in wait_text(browser, "#buzzers", "last press")
            assert not browser.find_elements(By.CSS_SELECTOR, "#buzzers .big")
        if page == "scores":  # the chart's legend: whose line is whose, with the score now
            assert wait_text(browser, "#chart-legend", "Ann 4").split() == ["Ann", "4", "Ben", "0"]
        shot(browser, page)
    # undo to before the claim from the history page
    browser.get(f"{server}/game/{game}/history")
    wait_text(browser, "#history", "RIDE")
    items = browser.find_elements(By.CSS_SELECTOR, "#history li")
    # the U drawn and undone above is struck through, with no button; the claim's button undoes
    # the claim and what followed, though the stored numbers and the game's places differ now
    drawn = next(li for li in items if "turned up U" in li.text)
    assert "undone" in drawn.get_attribute("class") and not drawn.find_elements(By.TAG_NAME, "button")
    claim = next(i for i, li in enumerate(items) if "claim" in li.text)
    undo = items[claim].find_element(By.TAG_NAME, "button")
    undo.click()  # the first tap asks: it says how many moves would go, and undoes nothing yet
    assert undo.text.startswith("undo ") and undo.text.endswith("? tap again")
    assert call(f"{server}/api/sessions/{game}", timeout=10)["state"]["standings"][0]["score"] == 4
    undo.click()
    assert "claimed RIDE" in wait_text(browser, "#toast", "Undone")
    state = call(f"{server}/api/sessions/{game}", timeout=10)
    assert state["state"]["pool"] and all(s["score"] == 0 for s in state["state"]["standings"])
    browser.get(f"{server}/game/{game}/scores?mode=tv")
    wait_text(browser, "#scores", "Ann")
    wide = browser.execute_script(
        "return document.querySelector('#scores').closest('.card').getBoundingClientRect().width / innerWidth"
    )
    assert wide > 0.8, f"the scores page on a TV uses {wide:.0%} of its width"  # not the table page's side column
    shot(browser, "scores-tv")
    # to the end, by taps: Ann's claim from the Moves card, then "no more words" (the solver agrees)
    browser.get(f"{server}/game/{game}/table")
    # a refused claim made at the foot of the screen: the refusal hides none of the claim's row
    row = wait_action(browser, "Ann claims")
    word = row.find_element(By.CSS_SELECTOR, 'input[placeholder="the word"]')
    word.send_keys("RIDDLE")
    browser.execute_script("arguments[0].scrollIntoView({block: 'end'})", row)
    row.find_element(By.XPATH, ".//button[. = 'Record']").click()
    browser.get_log("browser")  # what the console held before the refusal
    refusal = wait_text(browser, "#toast.bad", "RIDDLE")
    assert not overlapping(browser, browser.find_element(By.ID, "toast"), row), refusal
    thrown = [e["message"] for e in browser.get_log("browser") if "Uncaught" in e["message"]]
    assert not thrown, thrown  # the toast told the player: no uncaught error besides
    shot(browser, "not-scrabble-refused")
    word.clear()
    tap_move(browser, "Ann claims", {"the word": "RIDE"})
    three_sizes(browser, screens, server, int(game), "not-scrabble-table", "RIDE", me="Ben")
    # Ben's own view: Not Scrabble has no turns to play (rule 04), the bag passes round
    me = screens[1].find_element(By.ID, "me").text
    assert "you hold the bag" in me and "turn" not in me, me
    tap_move(browser, "the bag is empty and no more words can be made", {})
    assert "Ann wins with 4 letters" in wait_text(browser, "#result", "wins")
    shot(browser, "not-scrabble-over")


def overlapping(driver, one, other) -> bool:
    """Do two elements' boxes on the screen overlap?"""
    return bool(
        driver.execute_script(
            "const a = arguments[0].getBoundingClientRect(), b = arguments[1].getBoundingClientRect();"
            "return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;",
            one,
            other,
        )
    )


def standings(server: str, game: int) -> list[str]:
    return [
        f"{s['player']} {s['score']}" for s in call(f"{server}/api/sessions/{game}", timeout=10)["state"]["standings"]
    ]


def test_the_start_form_shows_a_setting_only_where_it_counts(server: str, browser) -> None:
    """Dictionary, Please!'s words that end the game count only for ending (a): the field shows
    when (a) is chosen, not under the default (c); a default's label reads without double brackets.
    A yes-or-no setting shows its default, and a game started with it changed records the change."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    browser.get(server + "/")
    wait_text(browser, "#game-choice", "Dictionary, Please!")
    Select(browser.find_element(By.ID, "game-choice")).select_by_visible_text("Dictionary, Please!")
    browser.find_element(By.CSS_SELECTOR, "#start summary").click()
    words = browser.find_element(By.CSS_SELECTOR, "[data-option=words_to_end]")
    ending = Select(browser.find_element(By.CSS_SELECTOR, "[data-option=ending]"))
    # the text names no default ending, nor a number of words ("usually 8 or 9"): said so
    assert ending.options[0].text == "wordtable's default (the text names none): (c) when the letters run out"
    assert not words.is_displayed()
    ending.select_by_value('"words"')
    assert words.is_displayed() and words.get_attribute("placeholder") == '8 (the text: "usually 8 or 9")'
    shot(browser, "start-dictionary-please")
    ending.select_by_value('"time"')
    assert not words.is_displayed()
    # a yes-or-no setting whose default is yes (Word Building's deal passing) is ticked, and can be unticked
    Select(browser.find_element(By.ID, "game-choice")).select_by_visible_text("Word Building")
    passes = browser.find_element(By.CSS_SELECTOR, "[data-option=dealer_passes]")
    assert passes.is_selected()
    passes.click()
    browser.find_element(By.CSS_SELECTOR, "#start button[type=submit]").click()
    WebDriverWait(browser, 10).until(lambda d: "/game/" in d.current_url)
    game = int(browser.current_url.split("/game/")[1].split("/")[0])
    setup = call(f"{server}/api/sessions/{game}/events")["events"][0]
    assert setup["type"] == "game" and setup["dealer_passes"] is False


def test_a_dictionary_please_game_with_a_capture_and_a_double_capture(server: str, browser, screens) -> None:
    """Dictionary, Please! to its end by taps: the draw for first player, a turn of two words, a
    capture, a double capture, time called and the final round (ending (b))."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    game = new_game(server, {"game": "dictionary-please", "players": ["Ann", "Bea"], "scoring": "stars",
                             "tiles": "camera", "ending": "time"})  # fmt: skip
    browser.get(f"{server}/game/{game}/table")
    for label, letter in [("Ann draws for first", "B"), ("Bea draws for first", "A")]:
        wait_action(browser, label).find_element(By.XPATH, f".//button[. = '{letter}']").click()
        wait_text(browser, "#last", f"{label.split()[0]} drew")
    tap_move(browser, "Bea plays", {"the letters in hand": "NAMESOREXY", "plays": [("NAME",), ("SORE",)]})
    tap_move(browser, "Ann plays", {"the letters in hand": "ICQ", "plays": [("ICEMAN", "Bea:NAME")]})
    assert "capturing Bea's NAME" in wait_text(browser, "#last", "ICEMAN")
    assert "×2: a word captured twice so far" in wait_text(browser, "#words", "captured twice")  # its key
    assert browser.find_element(By.ID, "centre-head").text == "Pool"  # the text's own word for it
    tap_move(browser, "Bea plays", {"the letters in hand": "LUV", "plays": [("CEREMONIALS", "Ann:ICEMAN", "Bea:SORE")]})
    # the double capture's purple counter (50) goes to Bea's envelope with the two green ones (5 each)
    assert "envelope 60" in wait_text(browser, "#words", "CEREMONIALS")
    three_sizes(browser, screens, server, game, "dictionary-please-table", "CEREMONIALS", me="Ann")
    # On the phone, a capture chosen: the double capture's list offers the other words only, and
    # the page stays as wide as the screen
    phone = screens[1]
    phone.get(f"{server}/game/{game}/table")
    play = wait_action(phone, "Ann plays").find_element(By.CSS_SELECTOR, ".play")
    what, second = play.find_elements(By.TAG_NAME, "select")
    Select(what).select_by_visible_text("capturing Bea's CEREMONIALS")
    offered = [o.text for o in Select(second).options]
    assert offered == ["(one word)"] and second.is_displayed()  # Bea's only word is taken already
    widths = phone.execute_script("return [window.innerWidth, document.documentElement.scrollWidth]")
    assert widths[1] <= widths[0], f"the capture's lists make the page {widths[1]} px on a {widths[0]} px phone"
    phone.execute_script("arguments[0].scrollIntoView()", play)
    shot(phone, "dictionary-please-capture-phone")
    # a word being typed keeps the capture chosen (a refused capture is corrected, not lost);
    # with none chosen, the list offers no capture the word's letters cannot make
    box = play.find_element(By.TAG_NAME, "input")
    box.send_keys("SALMON")
    assert what.get_attribute("value") == "Bea:CEREMONIALS"
    Select(what).select_by_value("")
    box.send_keys("S")
    assert [o.text for o in Select(what).options] == ["a new word"] and not second.is_displayed()
    tap_move(browser, "Ann passes", {})
    tap_move(browser, "time is up", {})
    tap_move(browser, "Bea plays", {"the letters in hand": "STONED", "plays": [("STONED",)]})
    tap_move(browser, "Ann plays", {"the letters in hand": "GARDEN", "plays": [("GARDEN",)]})
    result = wait_text(browser, "#result", "wins")
    top = standings(server, game)
    assert top[0].startswith("Bea") and f"Bea wins with {top[0].split()[1]}" in result
    # (b): "the player holding the most words scores an extra 25 points"
    details = call(f"{server}/api/sessions/{game}", timeout=10)["state"]["standings"]
    assert {d["player"]: d["words"] for d in details} == {"Bea": ["CEREMONIALS", "STONED"], "Ann": ["GARDEN"]}
    browser.get(f"{server}/game/{game}/scores")
    assert top == wait_text(browser, "#scores", "Bea").splitlines()[1:]
    shot(browser, "dictionary-please-scores")
    # a player's own line names nobody's turn once the game is over (a new user's walk)
    browser.get(f"{server}/game/{game}/table?me=Ann")
    assert "turn" not in wait_text(browser, "#me", "You are Ann")


def test_dicewords_three_turns_with_holds_and_advice(server: str, browser, screens) -> None:
    """DICEWORDS to its end by taps: the faces tapped on each die, dice held by tapping them, the
    advice, the word's score as it is typed; a player past the target, and the round completed."""
    from selenium.webdriver.common.by import By

    game = new_game(server, {"game": "dicewords", "players": ["Ann", "Ben", "Cat"], "target": 60})
    browser.get(f"{server}/game/{game}/table")
    tap_move(browser, "Ann rolls", {"dice": "EEHELVNTP"})
    hold(browser, ["indigo", "red-orange", "red", "purple", "brown", "black", "green"])  # all but gold and blue
    browser.refresh()  # the dice held for this roll survive a reload of the page
    wait_text(browser, "#dice", "holding")
    assert len(browser.find_elements(By.CSS_SELECTOR, "#dice .die.held")) == 7
    tap_move(browser, "Ann rerolls", {"dice": "IS"})
    dice = wait_text(browser, "#dice", "1 roll left")
    assert "race to 60" in dice and not browser.find_elements(By.CSS_SELECTOR, "#dice .die.held")
    browser.find_element(By.XPATH, "//button[. = 'Best word and advice']").click()
    assert "PLINTHS 70" in wait_text(browser, "#dice .advice", "keep the rest", timeout=60)
    browser.find_element(By.XPATH, "//button[. = 'Hold what the advice keeps']").click()
    assert browser.find_elements(By.CSS_SELECTOR, "#dice .die.held")
    row = wait_action(browser, "Ann declares")
    # "A dictionary may only be used to check a declared word": the box scores a word the
    # dictionary lacks as it scores any other, and says nothing of the dictionary
    box = row.find_element(By.CSS_SELECTOR, "input[placeholder='the word']")
    box.send_keys("PLINTHE")
    hint = wait_text(browser, ".score-now", "PLINTHE scores")
    assert "dictionary" not in hint
    box.clear()
    box.send_keys("PLINTHS")
    assert "PLINTHS scores 70" in wait_text(browser, ".score-now", "PLINTHS scores")
    three_sizes(browser, screens, server, game, "dicewords-table", "race to 60")
    row.find_element(By.XPATH, ".//button[. = 'Record']").click()
    assert "Ann 70" in wait_text(browser, "#scores", "Ann 70")
    tap_move(browser, "Ben rolls", {"dice": "OARESUNTE"})
    tap_move(browser, "Ben declares", {"the word": "TONSURE"})
    wait_text(browser, "#dice", "final round")
    tap_move(browser, "Cat rolls", {"dice": "?AJKQVWXZ"})
    tap_move(browser, "Cat declares", {"the word": "JAW"})
    result = wait_text(browser, "#result", "wins")
    top = standings(server, game)
    assert result.startswith(f"{top[0].split()[0]} wins with {top[0].split()[1]}")
    moves = [b.text for b in browser.find_elements(By.CSS_SELECTOR, "#actions .action b")]
    assert moves == ["challenge JAW"], moves  # nothing to roll after the end; JAW may be challenged
    assert result.endswith("unless JAW is challenged and refuted")  # the banner says the winner may change
    assert not browser.find_element(By.ID, "buzz-keys").is_displayed()  # no buzzers in DICEWORDS: no keys for them
    shot(browser, "dicewords-over")
    tap_move(browser, "challenge JAW", {"player": "Ann"})  # JAW stands: the winner is the winner
    assert "unless" not in wait_text(browser, "#last", "JAW stands") + browser.find_element(By.ID, "result").text


def test_dicewords_the_camera_offers_a_dies_printed_value(tmp_path: Path, referee: Referee, browser) -> None:
    """A set whose K is printed 5 (the table assumes 4): the camera's roll (a rendered one, read by the
    real pipeline) is recorded, the offer shows above the table, and one tap sets K = 5."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    from vision.pipeline import Pipeline
    from vision.render import dice_scene

    with live_server(tmp_path, referee) as (url, services):
        game = new_game(url, {"game": "dicewords", "players": ["Ann", "Ben"]})
        browser.get(f"{url}/game/{game}/table")
        wait_action(browser, "Ann rolls")
        scene = dice_scene("AEAKOUSTT", seed=5, values={"k": 5})
        seen = Pipeline().look(scene.image, "dice").table.seen("dice")
        services.tables.get(game).observe(seen)  # what the table's camera feed does with a stable view
        asked = wait_text(browser, "#ask", "K reads 5", timeout=20)
        assert "the table scores K 4 (assumed)" in asked
        red = "#dice .die[data-colour='red'] small"
        wait_text(browser, red, "4*")  # the dice may be drawn again meanwhile: read it when it is there
        assert "an assumed value" in browser.find_element(By.ID, "dice").text
        shot(browser, "dicewords-value-offer")
        browser.find_element(By.XPATH, "//div[@id='ask']//button[. = 'K = 5']").click()
        WebDriverWait(browser, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, red).text == "5")
        assert not browser.find_element(By.ID, "ask").is_displayed()
        assert "the referee set K = 5 read on the dice" in wait_text(browser, "#last", "K = 5")
        assert "an assumed value" not in browser.find_element(By.ID, "dice").text
        shot(browser, "dicewords-value-taken")
        row = wait_action(browser, "Ann declares")
        row.find_element(By.CSS_SELECTOR, "input[placeholder='the word']").send_keys("STAKE")
        assert "STAKE scores 45" in wait_text(browser, ".score-now", "scores")


def test_a_lexicon_game_to_its_end(server: str, browser, screens) -> None:
    """A LEXICON game (the quick game to 50, the lowest score winning) refereed by taps: the cut, the
    deal, words laid, a word grown, discards from the exposed card and the blind pile, a challenge,
    the hands shown at the end of the round, which takes Ben past the limit."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    game = new_game(server, {"game": "lexicon", "players": ["Ann", "Ben", "Cat"], "deck": "parker",
                             "ending": "lowest", "limit": 50})  # fmt: skip
    browser.get(f"{server}/game/{game}/table")
    moves = [("Ann cuts", {"card": "C"}), ("Ben cuts", {"card": "A"}), ("Cat cuts", {"card": "K"}),
             ("Ben deals round 1", {"exposed": "Q"}), ("Cat lays a word", {"the word": "MOTHER"}),
             ("Ann inserts", {"word": "MOTHER", "the new word": "SMOTHERED"}),
             ("Ben discards", {"card": "X", "take": "exposed"}), ("Cat discards", {"card": "Z", "take": "blind"}),
             ("Ann lays a word", {"the word": "OATS"}), ("Ben lays a word", {"the word": "TAXI"}),
             ("challenge TAXI", {"player": "Cat"}), ("Cat lays a word", {"the word": "JOKE"})]  # fmt: skip
    # a card is tapped, not typed: the deck's faces, the master card last
    keys = wait_action(browser, "Ann cuts").find_elements(By.CSS_SELECTOR, "span[data-ask='card'] button")
    assert [k.text for k in keys][-3:] == ["Y", "Z", "*"] and not keys[0].find_elements(By.XPATH, "../../input")
    shot(browser, "lexicon-cut-keys")
    for label, fields in moves:
        if label == "challenge TAXI":  # an earlier word's own player is not offered as its challenger
            row = wait_action(browser, "challenge a word laid earlier")
            Select(row.find_element(By.CSS_SELECTOR, 'select[data-ask="word"]')).select_by_value("OATS")
            players = Select(row.find_element(By.CSS_SELECTOR, 'select[data-ask="player"]'))
            assert [o.text for o in players.options if not o.is_enabled()] == ["Ann"]
            assert players.first_selected_option.text != "Ann"
        if label == "Ann inserts":  # the word is picked from the table's, and the new word starts as it
            row = wait_action(browser, label)
            assert (
                Select(row.find_element(By.CSS_SELECTOR, 'select[data-ask="word"]')).first_selected_option.text
                == "MOTHER"
            )
            assert row.find_element(By.CSS_SELECTOR, 'input[data-ask="new"]').get_attribute("value") == "MOTHER"
        tap_move(browser, label, fields)
    three_sizes(browser, screens, server, game, "lexicon-table", "Cat")
    tap_move(browser, "the cards left in each hand", {"Ann's 3 cards": "ABC", "Ben's 6 cards": "DEFG**"})
    result = wait_text(browser, "#result", "wins")
    top = standings(server, game)
    assert top[0].startswith("Cat") and int(top[-1].split()[1]) >= 50  # lowest penalty first
    assert result.startswith("Cat wins with")
    browser.get(f"{server}/game/{game}/scores")
    assert wait_text(browser, "#scores", "Ben").splitlines()[1:] == top
    # the game's terms said once, under the scores, not on each player's line
    assert browser.find_element(By.ID, "details").text.count("lower is better") == 1
    shot(browser, "lexicon-scores")
    # the history says what the challenge cost: TAXI stands, and the wrong challenger has 10 added
    browser.get(f"{server}/game/{game}/history")
    said = "Cat challenged TAXI: TAXI stands: in the dictionary, a wrong challenge · Cat +10"
    assert said in wait_text(browser, "#history", "challenged TAXI")
    shot(browser, "lexicon-history")
    # on a small screen the history opens at its foot: the newest move in view, the first not
    from selenium.webdriver.support.ui import WebDriverWait

    size = browser.get_window_size()
    browser.set_window_size(390, 640)
    try:
        browser.get(f"{server}/game/{game}/history")
        wait_text(browser, "#history", "challenged TAXI")
        ends = (
            "const l = document.querySelectorAll('#history li');"
            "return [l[0].getBoundingClientRect().top, l[l.length - 1].getBoundingClientRect().bottom, innerHeight]"
        )
        WebDriverWait(browser, 5).until(lambda d: d.execute_script(ends)[1] <= d.execute_script(ends)[2])
        first, last, height = browser.execute_script(ends)
        assert first < 0 and 0 < last <= height
    finally:
        browser.set_window_size(size["width"], size["height"])


def test_a_lexicon_party_hand_with_its_clock_and_a_misspelling(server: str, browser, screens) -> None:
    """LEXICON party play: the hand's seven minutes count down on the table's own page; a
    misspelling challenged costs only the turn ("Mistakes in spelling do not incur any penalty");
    the timers page's countdown survives going to another page and back."""
    from selenium.webdriver.common.by import By

    game = new_game(server, {"game": "lexicon", "variant": "party", "players": ["Ann", "Ben", "Cat", "Dan"]})
    browser.get(f"{server}/game/{game}/table")
    for label, card in [("Ann cuts", "C"), ("Ben cuts", "A"), ("Cat cuts", "K"), ("Dan cuts", "M")]:
        tap_move(browser, label, {"card": card})
    tap_move(browser, "Ben deals round 1", {"exposed": "Q"})
    assert wait_text(browser, "#facts .timer-now", "left").startswith(("7:00", "6:5"))
    tap_move(browser, "Cat lays a word", {"the word": "RECIEVE"})
    tap_move(browser, "challenge RECIEVE: misspelled", {"player": "Dan"})
    assert (
        "Cat 0" in wait_text(browser, "#facts", "Scores (lower is better)")
        and "Cat 10" in browser.find_element(By.ID, "facts").text
    )
    shot(browser, "lexicon-party-table")
    browser.get(f"{server}/game/{game}/timers")
    browser.find_element(By.XPATH, "//button[starts-with(., '7 min')]").click()
    wait_text(browser, "#timer", "6:5")
    browser.get(f"{server}/game/{game}/table")
    browser.get(f"{server}/game/{game}/timers")
    assert wait_text(browser, "#timer", ":").startswith("6:")  # still counting, not 0:00


def test_crossword_lexicon_cards_placed_on_the_grid_by_taps(server: str, browser, screens) -> None:
    """Crossword Lexicon: the cards placed by tapping cells of the grid and their letters (the
    rule text's GAME, then S, L and T making SALT through its A)."""
    game = new_game(server, {"game": "lexicon", "variant": "crossword", "players": ["Ann", "Ben"]})
    browser.get(f"{server}/game/{game}/table")
    tap_move(browser, "Ann cuts", {"card": "C"})
    tap_move(browser, "Ben cuts", {"card": "M"})
    tap_move(browser, "Ann deals round 1", {"exposed": "E"})
    assert "no cards on the grid yet" in wait_text(browser, "#words", "grid")  # not an empty box
    tap_move(browser, "Ben places cards", {"cells": ["0,0,G", "0,1,A", "0,2,M", "0,3,E"]})
    tap_move(browser, "Ann places cards", {"cells": ["-1,1,S", "1,1,L", "2,1,T"]})
    grid = wait_text(browser, "pre.crossword", "GAME")
    assert grid.split() == [".S..", "GAME", ".L..", ".T.."]
    three_sizes(browser, screens, server, game, "crossword-lexicon-table", "GAME")


def test_a_letter_game_rotation_to_its_end(server: str, browser, screens) -> None:
    """Rotation by taps: the draw for dealer, the four table letters, the word, a letter a turn (the
    letter keys on the keyboard), a player who cannot play, the end; the counters on the table."""
    from selenium.webdriver.common.by import By

    game = new_game(server, {"game": "anagrams", "variant": "rotation", "players": ["Ann", "Ben"], "pool": 50})
    browser.get(f"{server}/game/{game}/table")
    tap_move(browser, "Ann draws for dealer", {"letter": "T"})
    tap_move(browser, "Ben draws for dealer", {"letter": "C"})
    tap_move(browser, "Ann places four letters", {"four letters": "ABCD"})
    tap_move(browser, "Ann announces a word", {"the word": "ABSOLUTE"})
    wait_action(browser, "Ann plays A")
    browser.find_element(By.TAG_NAME, "body").send_keys("a")  # the letter key taps the only letter move
    wait_action(browser, "Ben plays B")
    facts = wait_text(browser, "#facts", "A·BSOLUTE")
    assert "A 1 · B 2 · C 3 · D 4" in facts
    tap_move(browser, "Ben plays B", {"letter": "B"})
    tap_move(browser, "Ann cannot play it", {})
    assert "Ann 1 · Ben 3 · pool 46" in wait_text(browser, "#facts", "Ben 3")
    three_sizes(browser, screens, server, game, "rotation-table", "Counters")
    # one tap on "end the game" only asks again: a slip of the finger ends nothing
    from selenium.webdriver.common.by import By

    wait_action(browser, "end the game").find_element(By.XPATH, ".//button[. = 'Record']").click()
    assert browser.find_elements(By.CSS_SELECTOR, "#actions button.armed")
    assert not browser.find_element(By.ID, "result").is_displayed()
    tap_move(browser, "end the game", {})
    assert "Ben wins with 3 counters" in wait_text(browser, "#result", "wins")


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
        # the camera's frame, 800 px wide: a new frame may be loading at any moment, so wait for one
        from selenium.webdriver.support.ui import WebDriverWait

        width = "return document.querySelector('#camera-frame').naturalWidth"
        WebDriverWait(browser, 10).until(lambda d: d.execute_script(width) == 800)
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


def test_an_anagrams_round_clock_is_the_same_on_every_screen(server: str, browser) -> None:
    """The round's minutes run from the call of Ready, as the server stored it: a screen opened
    late (here a fresh page, and the timers page) shows the time left, not the full five minutes,
    and a move in the round (a wrong guess) does not start them again."""
    game = new_game(server, {"game": "anagrams", "players": ["Ann", "Ben", "Cat"]})
    for line in ("first-draw player=Ann letter=Z", "first-draw player=Ben letter=A", "first-draw player=Cat letter=B",
                 "lead leader=Ann words=Ben:GARDEN,Cat:SILENT", "ready"):  # fmt: skip
        call(f"{server}/api/sessions/{game}/events", {"text": line}, timeout=10)
    time.sleep(3)
    call(f"{server}/api/sessions/{game}/events", {"text": "announce player=Ben word=DANGER"}, timeout=10)
    from selenium.webdriver.support.ui import WebDriverWait

    def shown(selector: str) -> str:  # the clock is drawn anew every second: read it in one step
        read = f"const e = document.querySelector('{selector}'); return e ? e.textContent : ''"
        return str(WebDriverWait(browser, 10).until(lambda d: d.execute_script(read)))

    browser.get(f"{server}/game/{game}/table")
    assert shown(".timer-now").startswith("4:5")
    browser.get(f"{server}/game/{game}/timers")
    WebDriverWait(browser, 10).until(lambda d: shown("#timer") != "0:00")
    assert shown("#timer").startswith("4:5")
    # a word announced leaves its box empty: the next announcement is not added to it (DANGERSILENT)
    from selenium.webdriver.common.by import By

    browser.get(f"{server}/game/{game}/table")
    tap_move(browser, "announces the word", {"player": "Cat", "the word": "DANGER"})
    box = wait_action(browser, "announces the word").find_element(By.CSS_SELECTOR, "input[placeholder='the word']")
    assert box.get_attribute("value") == ""


def test_a_lexicon_solitaire_by_taps_to_its_end(server: str, browser, screens) -> None:
    """LEXICON Solitaire No. 1 played on the table page: the deal typed as the cards lie, each word
    a tap among the words the top cards make, and the end named as the text names it ("you have
    completed the Solitaire"); the page shows the top cards and keeps working after a word."""
    game = new_game(server, {"game": "lexicon", "variant": "solitaire-1", "players": ["Ann"]})
    browser.get(f"{server}/game/{game}/table")
    tap_move(browser, "deal: the piles", {"each pile's cards, space between": "HOM EAT"})
    assert "H E" in wait_text(browser, "#facts", "Top cards")
    tap_move(browser, "make HOME", {})
    assert "A" in wait_text(browser, "#facts", "Cards left")
    three_sizes(browser, screens, server, game, "solitaire-table", "Cards left")
    browser.get(f"{server}/game/{game}/table")
    tap_move(browser, "make AT", {})  # "only two or three unplayed cards left ...: a word of two or three letters"
    assert "Ann has completed the Solitaire" in wait_text(browser, "#result", "Solitaire")
    browser.get(f"{server}/game/{game}/scores")
    assert "HOME" in wait_text(browser, "#scores", "Ann") + browser.find_element("css selector", "#details").text


def test_a_buzzer_box_that_does_not_connect_is_said_on_the_table_after_a_moment(
    tmp_path: Path, referee: Referee, browser
) -> None:
    """The box on a port with nothing behind it (a cable pulled): the table's trouble line names it
    and its port, but not in the first moment after the page opens it, when a box that is only
    connecting would make the line flicker."""
    with live_server(tmp_path, referee) as (url, services):
        services.buzzer_ports = ["/dev/ttyWORDTABLE-absent"]
        game = new_game(url, {"game": "not-scrabble", "players": ["Ann", "Ben"], "tiles": "camera"})
        call(f"{url}/api/sessions/{game}/buzzers", {"port": "/dev/ttyWORDTABLE-absent"})
        browser.get(f"{url}/game/{game}/table")
        wait_action(browser, "Ann draws for first")
        assert not browser.execute_script("return document.querySelector('#parts').offsetParent")
        line = wait_text(browser, "#parts", "not connected", timeout=15)
        assert "buzzer box: not connected (/dev/ttyWORDTABLE-absent)" in line


def test_a_pulled_buzzer_cable_is_said_and_unsaid_with_no_move_made(tmp_path: Path, referee: Referee, browser) -> None:
    """The simulated box unplugged and plugged in again while nobody moves: the table's trouble line
    says so, and clears once the box is back (the server tells the page when a box connects or
    drops; the line is not left on an old reading)."""
    from selenium.webdriver.support.ui import WebDriverWait

    from firmware_bridge.simulator import box

    with live_server(tmp_path, referee) as (url, _):
        game = new_game(url, {"game": "not-scrabble", "players": ["Ann", "Ben"], "tiles": "camera"})
        call(f"{url}/api/sessions/{game}/buzzers", {"port": f"sim://table-{game}"})
        browser.get(f"{url}/game/{game}/table")
        wait_action(browser, "Ann draws for first")
        shown = "return document.querySelector('#parts').offsetParent !== null"
        time.sleep(2.5)  # past the grace a connecting box is given
        assert not browser.execute_script(shown)
        box(f"table-{game}").unplug()
        assert "buzzer box: not connected" in wait_text(browser, "#parts", "not connected", timeout=15)
        box(f"table-{game}").plug()
        WebDriverWait(browser, 15).until(lambda d: not d.execute_script(shown))


def test_the_score_chart_spreads_counters_that_start_high(tmp_path: Path, referee: Referee, browser) -> None:
    """Word Building's counters start at 33 each: the chart runs from the lowest score to the
    highest, so the lines part across its height instead of bunching at its top edge."""
    from selenium.webdriver.common.by import By

    with live_server(tmp_path, referee) as (url, _):
        game = new_game(url, {"game": "anagrams", "variant": "word-building", "players": ["Ann", "Ben", "Cat"]})
        draws = [f"first-draw player={p} letter={c}" for p, c in zip(["Ann", "Ben", "Cat"], "ZAB", strict=True)]
        for text in [*draws, "deal crib=ATXXXXXXXXXXXXXXXXXX", "add player=Cat letter=A word=AT"]:
            call(f"{url}/api/sessions/{game}/events", {"text": text})
        browser.get(f"{url}/game/{game}/scores")
        wait_text(browser, "#chart-legend", "Cat 34")
        heights = browser.execute_script(
            "return [...document.querySelectorAll('#chart polyline')]"
            ".map(p => Number(p.getAttribute('points').trim().split(' ').pop().split(',')[1]))"
        )
        assert max(heights) - min(heights) > 60, heights  # of the chart's 120: Cat's 34 at the top, the 33s at the foot
        # its scale says how small the lead is: 34 at the top edge, 33 at the foot
        assert [browser.find_element(By.ID, k).text for k in ("chart-top", "chart-low")] == ["34", "33"]
        shot(browser, "word-building-scores-chart")


def test_word_building_to_its_end_by_the_last_rounds_ten_words(server: str, browser, screens) -> None:
    """Word Building's end by taps: once each player has dealt, the finished word offers only the
    last round (the hands into the crib); the words made from the crib are counted on the table, and
    the tenth ends the game."""
    game = new_game(server, {"game": "anagrams", "variant": "word-building", "players": ["Ann", "Ben"]})
    rounds = []
    for first, second in [("Ben", "Ann"), ("Ann", "Ben")]:
        rounds += [f"add player={first} letter=A word=AT", f"add player={second} letter=T word=AT", "complete",
                   f"add player={first} letter=E word=ATE from=hand", f"cannot player={second}", "finish"]  # fmt: skip
    opening = ["first-draw player=Ann letter=Z", "first-draw player=Ben letter=A", "deal crib=ATXXXXXXXXXXXXXXXXXX"]
    for text in [*opening, *rounds[:6], "deal crib=AT", *rounds[6:]]:
        call(f"{server}/api/sessions/{game}/events", {"text": text})
    browser.get(f"{server}/game/{game}/table")
    assert "Deals\n2 of 2" in wait_text(browser, "#facts", "Deals")
    tap_move(browser, "the last round: the hands go into the crib", {"the crib's letters": "GOTOINSOANBEMEDOHEUP"})
    tap_move(browser, "Ann adds a letter", {"letter": "G", "the word": "GO"})
    tap_move(browser, "Ben adds a letter", {"letter": "O", "the word": "GO"})
    tap_move(browser, "GO is made: word 1 of 10 from the crib", {})
    assert "the last round: 1 of 10 words made from the crib" in wait_text(browser, "#facts", "1 of 10 words")
    three_sizes(browser, screens, server, game, "word-building-last-round", "Counters")
    for word in ["TO", "IN", "SO", "AN", "BE", "ME", "DO", "HE"]:
        for player, letter in zip(["Ann", "Ben"], word, strict=True):
            call(f"{server}/api/sessions/{game}/events", {"text": f"add player={player} letter={letter} word={word}"})
        call(f"{server}/api/sessions/{game}/events", {"text": "complete"})
    wait_text(browser, "#facts", "9 of 10 words")  # the page has caught up: Ann's row is drawn afresh
    tap_move(browser, "Ann adds a letter", {"letter": "U", "the word": "UP"})
    tap_move(browser, "Ben adds a letter", {"letter": "P", "the word": "UP"})
    tap_move(browser, "UP is made: word 10 of 10 from the crib: the game ends", {})
    assert "Ann wins with 62 counters" in wait_text(browser, "#result", "wins")


def test_a_long_not_scrabble_centre_wraps_on_every_screen(server: str, browser, screens) -> None:
    """Forty letters turned up and nobody claiming: the centre wraps instead of running off a
    phone's screen or under a TV's scores (a new user's walk saw 67 letters widen the page)."""
    game = new_game(server, {"game": "not-scrabble", "players": ["Ann", "Ben"], "tiles": "camera"})
    texts = ["first-draw player=Ann letter=M", "first-draw player=Ben letter=C"]
    holder = "Ben"
    for n in range(40):
        texts.append(f"draw player={holder} letter={'QZXJKVWY'[n % 8]}")
        holder = "Ann" if holder == "Ben" else "Ben"
    for text in texts:
        call(f"{server}/api/sessions/{game}/events", {"text": text})
    browser.get(f"{server}/game/{game}/table")
    wait_text(browser, "#bag", "holds the bag")
    three_sizes(browser, screens, server, game, "not-scrabble-long-centre", "Centre")
