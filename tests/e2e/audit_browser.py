"""Page helpers for the audit page's browser tests (Selenium, imported only once it is there)."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tests.needs import missing

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync", "--disable-quic", "--window-size=1280,1600"]
WAIT_SECONDS = 120  # generous: a loaded machine renders slowly; costs nothing otherwise


def missing_browser() -> str | None:
    for path in (CHROMIUM, CHROMEDRIVER):
        if not path.exists():
            return f"{path} is not installed (apt-get install chromium chromium-driver)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[dev]')"
    return None


@contextmanager
def chromium(*extra_flags: str) -> Iterator[Any]:
    """A headless Chromium with its own profile, logging the console; skips (fails in CI)
    without the browser."""
    lacking = missing_browser()
    if lacking:
        missing(lacking)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="ledger-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in [*CHROMIUM_FLAGS, *extra_flags, f"--user-data-dir={profile}"]:
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def wait_for(browser: Any, check: Callable[[Any], Any]) -> Any:
    """Wait until `check(browser)` holds. The page re-renders as its reads come back, so an
    element found a moment ago may be gone: a stale element means "look again", never a
    failure. Checks find their elements afresh on every try."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(browser, WAIT_SECONDS,
                         ignored_exceptions=[StaleElementReferenceException]).until(check)


def text_of(browser: Any, css: str) -> str:
    """The visible text of the first match ("" if none, or hidden), found and read in one
    step inside the page: no element is held between finding and reading it, so a
    re-render meanwhile cannot leave it stale."""
    script = ("const e = document.querySelector(arguments[0]);"
              " return e && e.checkVisibility() ? e.innerText.trim() : '';")
    return str(browser.execute_script(script, css))


def stat(browser: Any, character: str, name: str) -> str:
    return text_of(browser, f'#cards [data-character="{character}"] [data-stat="{name}"]')


def open_with_form(browser: Any, url: str, token: str) -> None:
    from selenium.webdriver.common.by import By

    browser.get(url)
    browser.find_element(By.ID, "token-input").send_keys(token)
    browser.find_element(By.CSS_SELECTOR, "#token-form button").click()


def move_slider_to(browser: Any, position: int) -> None:
    """Drag by keyboard, as a GM would: Home, then one step right per position."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    slider = browser.find_element(By.ID, "position-slider")
    slider.send_keys(Keys.HOME)
    slider.send_keys(*([Keys.ARROW_RIGHT] * (position - int(slider.get_attribute("min")))))


def draw_chart(browser: Any, character: str, session: int) -> dict[str, list[int]]:
    """Draw the chart; answers each series' values as drawn, first point to last."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    Select(browser.find_element(By.ID, "chart-character")).select_by_value(character)
    box = browser.find_element(By.ID, "chart-session")
    box.clear()
    box.send_keys(str(session))
    browser.find_element(By.CSS_SELECTOR, "#chart-form button").click()
    lines = "#chart polyline[data-series]"
    script = ("return Array.from(document.querySelectorAll(arguments[0]),"
              " (l) => [l.dataset.series, l.dataset.values]);")
    drawn = wait_for(browser, lambda b: b.execute_script(script, lines))
    return {series: [int(v) for v in values.split(",")] for series, values in drawn}


def csp_complaints(browser: Any) -> list[str]:
    return [e["message"] for e in browser.get_log("browser")
            if e["level"] == "SEVERE" or "Content Security Policy" in e["message"]]


def count_of(browser: Any, css: str) -> int:
    return int(browser.execute_script("return document.querySelectorAll(arguments[0]).length;", css))


def texts_of(browser: Any, css: str) -> list[str]:
    """Every match's text, read in one step inside the page (nothing held across re-renders)."""
    script = "return Array.from(document.querySelectorAll(arguments[0]), (e) => e.innerText.trim());"
    return [str(t) for t in browser.execute_script(script, css)]


def fill(browser: Any, element_id: str, text: str) -> None:
    from selenium.webdriver.common.by import By

    box = browser.find_element(By.ID, element_id)
    box.clear()
    if text:
        box.send_keys(text)


def click(browser: Any, element_id: str) -> None:
    """Click once the control is enabled (the page disables buttons while a write is out)."""
    from selenium.webdriver.common.by import By

    wait_for(browser, lambda b: b.find_element(By.ID, element_id).is_enabled())
    browser.find_element(By.ID, element_id).click()


def press(browser: Any, key: str) -> None:
    """A key pressed on the page itself (not in a field), as a GM stepping would."""
    from selenium.webdriver.common.action_chains import ActionChains

    browser.execute_script("document.activeElement && document.activeElement.blur();")
    ActionChains(browser).send_keys(key).perform()


def screenshots(browser: Any, name: str, anchor: str = "position-title") -> list[Path]:
    """The page at the two sizes the docs show (desktop 1400x1000, phone 390x844), scrolled
    to the heading `anchor`."""
    ARTIFACTS.mkdir(exist_ok=True)
    saved = []
    for width, height in ((1400, 1000), (390, 844)):
        browser.set_window_size(width, height)
        wait_for(browser, lambda b, w=width: b.execute_script("return window.innerWidth;") <= w)
        browser.execute_script("document.getElementById(arguments[0]).scrollIntoView();", anchor)
        path = ARTIFACTS / f"{name}-{width}x{height}.png"
        browser.save_screenshot(str(path))
        saved.append(path)
    return saved
