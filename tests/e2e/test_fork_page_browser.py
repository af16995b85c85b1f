"""The fork page in a real headless Chromium, on both stores: a GM creates a fork from the
page, opens it, sees its origin and compares a character between origin and fork."""

from __future__ import annotations

from typing import Any

from selenium.webdriver.common.by import By

from ledger.service.config import Config
from tests.api_client import ApiClient
from tests.e2e.audit_browser import csp_complaints, open_with_form, text_of, wait_for
from tests.e2e.table_browser import DESKTOP, PHONE, click, reachability, screenshot, viewport


def fill(browser: Any, element_id: str, value: str) -> None:
    box = browser.find_element(By.ID, element_id)
    box.clear()
    box.send_keys(value)


def row(browser: Any, name: str) -> tuple[str, str]:
    cells = f'#compare-table tr[data-row="{name}"] td'
    return (text_of(browser, cells + '[data-side="origin"]'),
            text_of(browser, cells + '[data-side="fork"]'))


def test_fork_created_from_the_page_opens_shows_its_origin_and_compares(
        browser: Any, live_server: str, api: ApiClient, store_config: Config) -> None:
    origin = api.new_campaign("Night Market")
    mara = api.new_character(name="Mara", mana={"current": 12, "max": 12})
    api.post(api.c("/clock/start-session"))
    at = api.post(api.c(f"/characters/{mara}/mana/spend"), {"amount": 3})["position"]
    cast = api.post(api.c(f"/characters/{mara}/mana/spend"),
                    {"amount": 4, "reason": "the cast"})["position"]

    browser.get_log("browser")
    viewport(browser, DESKTOP)
    open_with_form(browser, f"{live_server}/campaigns/{origin}/forks", str(api.token))
    wait_for(browser, lambda b: "no fork" in text_of(b, "#origin-text"))
    assert text_of(browser, "#compare-panel") == ""  # nothing to compare on an origin
    fill(browser, "fork-at", str(at))
    fill(browser, "fork-name", "Without the cast")
    click(browser, "#fork-form button")
    wait_for(browser, lambda b: text_of(b, "#open-fork") == "Open the fork")
    fork_token = browser.find_element(By.ID, "fork-token").get_attribute("value")
    screenshot(browser, f"forks-origin-{store_config.store}-1400x1000")

    # The fork plays on: Mara casts something lesser instead.
    fork_id = browser.find_element(By.ID, "open-fork").get_attribute("href").split("/")[-2]
    fork = ApiClient(api.client)
    fork.token, fork.campaign = fork_token, fork_id
    answer = fork.post(fork.c(f"/characters/{mara}/mana/spend"), {"amount": 1, "reason": "a spark"})
    assert answer.status == 200, answer

    click(browser, "#open-fork")
    wait_for(browser, lambda b: text_of(b, "#campaign-name") == "Without the cast")
    assert "token" not in browser.current_url
    wait_for(browser, lambda b: text_of(b, "#origin-text")
             == f"Forked from {origin} at position {at}.")
    wait_for(browser, lambda b: "is the one recorded" in text_of(b, "#origin-check"))

    # The origin after the cast beside the fork's head: 5 Mana against 8.
    fill(browser, "compare-origin-at", str(cast))
    click(browser, "#compare-form button")
    wait_for(browser, lambda b: row(b, "Mana") == ("5 / 12", "8 / 12"))
    assert "character.mana.current: 5 → 8" in text_of(browser, "#compare-changes")
    screenshot(browser, f"forks-compare-{store_config.store}-1400x1000", top="#compare-title")

    # Any position of each: the fork point in the origin and the fork's first position agree.
    fill(browser, "compare-origin-at", str(at))
    fill(browser, "compare-fork-at", "1")
    click(browser, "#compare-form button")
    wait_for(browser, lambda b: row(b, "Mana") == ("9 / 12", "9 / 12"))
    assert text_of(browser, "#compare-changes") == ""

    # A position past the origin's head is refused in place.
    fill(browser, "compare-origin-at", "999")
    click(browser, "#compare-form button")
    wait_for(browser, lambda b: text_of(b, "#compare-status").startswith("Refused:"))

    viewport(browser, PHONE)
    reach = reachability(browser)
    assert reach["overflow"] <= 0, reach
    assert reach["found"] == [], reach
    assert reach["count"] >= 8, reach
    screenshot(browser, f"forks-{store_config.store}-390x844")
    # The console's only complaint is the refused read above.
    assert [c for c in csp_complaints(browser) if "origin_at=999" not in c] == []


def test_fork_refused_for_a_player_shows_the_reason_in_place(
        browser: Any, live_server: str, api: ApiClient) -> None:
    api.new_campaign("Night Market")
    mara = api.new_character(name="Mara")
    player = api.new_token("player", mara)
    viewport(browser, DESKTOP)
    browser.get(f"{live_server}/campaigns/{api.campaign}/forks#token={player}")
    wait_for(browser, lambda b: "no fork" in text_of(b, "#origin-text"))
    fill(browser, "fork-at", "1")
    fill(browser, "fork-name", "Mine")
    click(browser, "#fork-form button")
    wait_for(browser, lambda b: "gm-only" in text_of(b, "#fork-status"))
    assert text_of(browser, "#fork-result") == ""
