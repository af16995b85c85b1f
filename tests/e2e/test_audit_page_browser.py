"""The GM audit page end to end: a real HTTP server and a real headless Chromium, on both stores.

Chromium and chromedriver are the Debian packages (see .ci/apt-packages). Without them
the browser tests skip locally and fail in CI (CI=true).
"""

from __future__ import annotations

import re
import urllib.request
from typing import Any
from urllib.parse import urlsplit

from api.routes.audit_page import CONTENT_SECURITY_POLICY
from ledger.service.config import Config
from tests.api_client import ApiClient
from tests.e2e.audit_browser import (
    ARTIFACTS,
    csp_complaints,
    draw_chart,
    move_slider_to,
    open_with_form,
    stat,
    text_of,
    wait_for,
)


class Seeded:
    """A session of play through the HTTP API: spends, rolls, Backlash, Strain, Effort, a rewind."""

    def __init__(self, api: ApiClient) -> None:
        self.api = api
        self.campaign = api.new_campaign("Night Market")
        self.token = str(api.token)
        self.do("/clock/start-session")
        self.do("/clock/start-scene")
        self.mara = api.new_character(name="Mara", mana={"current": 12, "max": 12},
                                      abilities={"Willpower": 3})
        # Hostile text from the API must show as text, never as markup.
        self.vic = api.new_character(name="<img src=x>Vic", mana={"current": 6, "max": 6})
        self.first_spend = self.do(f"/characters/{self.mara}/mana/spend",
                                   {"amount": 3, "reason": "Arson"})
        self.do(f"/characters/{self.mara}/rolls", {"kind": "age", "ability": "Willpower"})
        self.do(f"/characters/{self.mara}/rolls",
                {"kind": "age", "ability": "Willpower", "dice": [3, 4, 5]})
        self.do(f"/characters/{self.mara}/corrections",
                {"field": "backlash.temporary", "value": 2, "reason": "Backlash from the ward"})
        self.do(f"/characters/{self.mara}/strain/gain", {"amount": 3, "reason": "Stim"})
        self.do(f"/characters/{self.mara}/effort/commit",
                {"pool": "mage", "amount": 1, "duration": "day", "label": "Ward"})
        kept = self.do(f"/characters/{self.mara}/mana/spend", {"amount": 5, "reason": "Veil"})
        self.voided = self.do(f"/characters/{self.vic}/health/damage",
                              {"amount": 4, "type": "wound"})
        self.rewind = self.do("/rewind", {"to_position": kept, "reason": "wrong target"})
        self.do("/clock/end-session")  # reveals the session's seed, so its dice can be verified

    def do(self, path: str, body: dict[str, Any] | None = None) -> int:
        answer = self.api.post(self.api.c(path), body)
        assert answer.status in (200, 201), answer
        return int(answer["position"])


def test_the_audit_page_sends_a_strict_csp_and_has_no_inline_code(live_server: str,
                                                                  api: ApiClient) -> None:
    campaign = api.new_campaign()
    with urllib.request.urlopen(f"{live_server}/campaigns/{campaign}/audit") as page:
        html = page.read().decode()
        headers = page.headers
    assert headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "no-referrer"
    assert not re.search(r"<script(?![^>]*\bsrc=)", html), "inline script"
    assert "<style" not in html, "inline style element"
    assert " style=" not in html, "inline style attribute"
    with urllib.request.urlopen(f"{live_server}/audit-assets/audit.js") as script:
        assert script.headers["X-Content-Type-Options"] == "nosniff"
        assert "javascript" in script.headers["Content-Type"]


def test_the_audit_page_refuses_a_token_in_the_query_string(api: ApiClient) -> None:
    campaign = api.new_campaign()
    answer = api.get(f"/campaigns/{campaign}/audit?token={api.token}", token="")
    assert answer.status == 400
    assert answer["rule"] == "token-in-query"


def test_gm_audits_state_timeline_verification_and_chart_in_a_real_browser(
        browser: Any, live_server: str, api: ApiClient, store_config: Config) -> None:
    seeded = Seeded(api)
    browser.get_log("browser")  # start this page's console log afresh
    open_with_form(browser, f"{live_server}/campaigns/{seeded.campaign}/audit", seeded.token)
    wait_for(browser, lambda b: text_of(b, "#campaign-name") == "Night Market")
    assert seeded.token not in browser.current_url
    assert not urlsplit(browser.current_url).query
    wait_for(browser, lambda b: stat(b, seeded.mara, "mana").startswith("4 / 12"))

    move_slider_to(browser, seeded.first_spend)
    wait_for(browser, lambda b: text_of(b, "#position-value") == str(seeded.first_spend)
             and stat(b, seeded.mara, "mana").startswith("9 / 12"))
    # The cards re-render whenever a read comes back: every read waits, finding afresh.
    wait_for(browser, lambda b: stat(b, seeded.mara, "backlash").startswith("0 temporary"))
    vic = f'#cards [data-character="{seeded.vic}"] h3'
    wait_for(browser, lambda b: text_of(b, vic) == "<img src=x>Vic")
    assert not browser.find_elements("css selector", "#cards img")

    wait_for(browser, lambda b: "ResourceSpent" in text_of(b, "#timeline-body"))
    voided_row = f'#timeline-body tr.voided[data-first="{seeded.voided}"]'
    wait_for(browser, lambda b: f"voided by the rewind at {seeded.rewind} (“wrong target”"
             in text_of(b, voided_row))
    wait_for(browser, lambda b: f"position {seeded.voided} voided by the rewind at {seeded.rewind}"
             " (“wrong target”, by " in text_of(b, "#voided-text"))
    wait_for(browser, lambda b: text_of(b, "#chain-status") == "Intact")
    wait_for(browser, lambda b: text_of(b, "#dice-status") == "1 verified")
    wait_for(browser, lambda b: text_of(b, "#dice-detail").startswith(
        "1 reported at the table · 0 pending"))

    series = draw_chart(browser, seeded.mara, 1)
    assert series["mana"][0] == 12
    assert series["mana"][-1] == 4
    assert 9 in series["mana"]
    assert [series[name][-1] for name in ("backlash", "strain", "effort")] == [2, 3, 1]

    ARTIFACTS.mkdir(exist_ok=True)
    browser.set_window_size(1280, browser.execute_script("return document.body.scrollHeight"))
    browser.save_screenshot(str(ARTIFACTS / f"audit-{store_config.store}.png"))
    assert csp_complaints(browser) == []


def test_the_token_can_come_from_the_url_fragment_and_leaves_the_address_bar(
        browser: Any, live_server: str, api: ApiClient) -> None:
    campaign = api.new_campaign("Fragment Run")
    browser.get(f"{live_server}/campaigns/{campaign}/audit#token={api.token}")
    wait_for(browser, lambda b: text_of(b, "#campaign-name") == "Fragment Run")
    assert str(api.token) not in browser.current_url
    assert "token" not in browser.current_url


def test_a_fragment_token_given_to_an_open_page_leaves_the_address_bar_at_once(
        browser: Any, live_server: str, api: ApiClient) -> None:
    # A newcomer's trial: a `#token=` link followed in a tab already open was ignored, and
    # the secret stayed in the address bar and the history.
    campaign = api.new_campaign("Second Link")
    observer = api.new_token("observer")
    browser.get(f"{live_server}/campaigns/{campaign}/audit#token={observer}")
    wait_for(browser, lambda b: "an observer" in text_of(b, "#status"))
    browser.execute_script("window.location.hash = arguments[0]", f"token={api.token}")
    wait_for(browser, lambda b: "not used" in text_of(b, "#status"))
    assert str(api.token) not in browser.current_url
    assert "token" not in browser.current_url


def test_a_wrong_token_is_refused_on_the_page(browser: Any, live_server: str,
                                              api: ApiClient) -> None:
    campaign = api.new_campaign()
    open_with_form(browser, f"{live_server}/campaigns/{campaign}/audit", "tok_nope_nope")
    wait_for(browser, lambda b: "does not open" in text_of(b, "#status"))
    assert text_of(browser, "#content") == ""


def test_the_timeline_shows_a_spent_rolls_sp_budget_in_a_real_browser(
        browser: Any, live_server: str, api: ApiClient) -> None:
    campaign = api.new_campaign("Stunts")
    mara = api.new_character(name="Mara", abilities={"Willpower": 2})
    rolled = api.post(api.c(f"/characters/{mara}/rolls"),
                      {"kind": "age", "ability": "Willpower", "tn": 10, "dice": [3, 5, 5]})
    position = int(rolled["events"][0]["position"])  # 5 SP
    spent = api.post(api.c("/stunts/spend"), {"roll_position": position,
                                              "stunts": [{"name": "Skillful Attack"}]})
    assert spent.status == 201, spent
    open_with_form(browser, f"{live_server}/campaigns/{campaign}/audit", str(api.token))
    line = f'#timeline-body .sp-budget[data-roll="{position}"]'
    wait_for(browser, lambda b: text_of(b, line) == (
        "SP budget 5 (5 generated): spent 2 on Skillful Attack 2 SP; 3 left"))
