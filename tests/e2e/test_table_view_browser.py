"""The table view for players and observers in a real headless Chromium, on both stores."""

from __future__ import annotations

import re
import threading
import urllib.request
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import msgspec
import pytest
from flask import Flask
from werkzeug.serving import make_server

from api import create_app
from api.routes.audit_page import CONTENT_SECURITY_POLICY
from ledger.service.config import Config
from tests.api_client import ApiClient
from tests.e2e.audit_browser import csp_complaints, stat, text_of, wait_for
from tests.e2e.table_browser import DESKTOP, PHONE, click, reachability, screenshot, viewport


class Table:
    """Mid-session: rolls of each kind, a failed Magic Test waiting on Mara, an encounter."""

    def __init__(self, api: ApiClient) -> None:
        self.api = api
        self.campaign = api.new_campaign("Harbor Watch")
        self.do("/clock/start-session")
        self.do("/clock/start-scene")
        self.mara = api.new_character(name="Mara", mana={"current": 10, "max": 10},
                                      abilities={"Willpower": 3}, magic_ability="Willpower")
        self.vic = api.new_character(name="Vic", mana={"current": 6, "max": 6})
        self.player = api.new_token("player", self.mara)
        self.observer = api.new_token("observer")
        self.server_roll = self.do(f"/characters/{self.mara}/rolls",
                                   {"kind": "age", "ability": "Willpower", "tn": 10})
        self.reported = self.do(f"/characters/{self.mara}/rolls",
                                {"kind": "age", "ability": "Willpower", "tn": 10,
                                 "dice": [6, 6, 5], "label": "climb the mast"})
        self.do("/stunts/spend", {"roll_position": self.reported,
                                  "stunts": [{"name": "Skillful Attack"}]})
        self.do(f"/characters/{self.mara}/magic-tests", {"base_tn": 12, "dice": [1, 2, 3]})
        self.hidden = self.do("/hidden/rolls", {"expression": "1d20", "label": "ambush check",
                                                "character_id": self.vic})
        self.do("/encounter", {"participants": [{"character_id": self.mara, "initiative": 12},
                                                {"character_id": self.vic, "initiative": 8}]})

    def do(self, path: str, body: dict[str, Any] | None = None) -> int:
        answer = self.api.post(self.api.c(path), body)
        assert answer.status in (200, 201), answer
        return int(answer["position"])

    def rolled(self, body: dict[str, Any]) -> int:
        """Mara rolls; the position of the `Rolled` event (doubles record more after it)."""
        answer = self.api.post(self.api.c(f"/characters/{self.mara}/rolls"), body)
        assert answer.status == 201, answer
        return int(next(e["position"] for e in answer["events"] if e["type"] == "Rolled"))

    def pending(self) -> list[str]:
        magic = self.api.get(self.api.c(f"/characters/{self.mara}/magic"), token=self.player)
        return [d["kind"] for d in magic["magic"]["pending"]]


def roll(position: int) -> str:
    return f'#rolls li[data-position="{position}"]'


@pytest.mark.parametrize("page", ["table", "forks"])
def test_the_table_and_fork_pages_send_a_strict_csp_and_have_no_inline_code(
        live_server: str, api: ApiClient, page: str) -> None:
    campaign = api.new_campaign()
    with urllib.request.urlopen(f"{live_server}/campaigns/{campaign}/{page}") as answer:
        html = answer.read().decode()
        headers = answer.headers
    assert headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
    assert headers["Cache-Control"] == "no-store"
    assert not re.search(r"<script(?![^>]*\bsrc=)", html), "inline script"
    assert "<style" not in html, "inline style element"
    assert " style=" not in html, "inline style attribute"


@pytest.mark.parametrize("page", ["table", "forks"])
def test_the_table_and_fork_pages_refuse_a_token_in_the_query_string(api: ApiClient,
                                                                    page: str) -> None:
    campaign = api.new_campaign()
    answer = api.get(f"/campaigns/{campaign}/{page}?token={api.token}", token="")
    assert (answer.status, answer["rule"]) == (400, "token-in-query")


def test_player_resolves_decisions_on_a_phone_and_follows_the_table_live(
        browser: Any, live_server: str, api: ApiClient, store_config: Config) -> None:
    t = Table(api)
    browser.get_log("browser")
    viewport(browser, DESKTOP)
    browser.get(f"{live_server}/campaigns/{t.campaign}/table#token={t.player}")
    wait_for(browser, lambda b: text_of(b, "#who") == "Player of Mara")
    assert t.player not in browser.current_url
    assert not urlsplit(browser.current_url).query

    # The party, own card first; the roll log with each roll's mark; the encounter.
    wait_for(browser, lambda b: text_of(b, "#cards .card.own h3") == "Mara")
    wait_for(browser, lambda b: stat(b, t.vic, "mana").startswith("6 / 6"))
    # Each Effort pool with its maximum, which needs the rules: as GET …/effort gives it.
    pools = api.get(api.c(f"/characters/{t.mara}/effort"))["effort"]["pools"]
    assert all(isinstance(p["max"], int) for p in pools), pools
    for p in pools:
        shown = f'#cards [data-character="{t.mara}"] [data-pool="{p["id"]}"]'
        wait_for(browser, lambda b, shown=shown, p=p: text_of(b, shown).startswith(
            f"{p['id'].title()}: 0 committed of {p['max']}"))
    wait_for(browser, lambda b: "seed sealed" in text_of(b, roll(t.server_roll)))
    reported = text_of(browser, roll(t.reported))
    for shown in ("✎ reported", "5 SP", "climb the mast", "Stunts: Skillful Attack (2 SP)"):
        assert shown in reported, reported
    assert "sealed until revealed" in text_of(browser, roll(t.hidden))
    assert "ambush check" not in text_of(browser, "#rolls")
    assert text_of(browser, "#turn") == "Round 1 · Mara's turn (yours)"
    wait_for(browser, lambda b: "● live" in text_of(b, "#live-status"))
    screenshot(browser, f"table-{store_config.store}-1400x1000")

    # On a phone: nothing scrolls sideways, every control is on screen and not covered.
    viewport(browser, PHONE)
    failed = '#decisions li[data-kind="magic-test-failure"]'
    wait_for(browser, lambda b: "Fix" in text_of(b, failed))
    reach = reachability(browser)
    assert reach["overflow"] <= 0, reach
    assert reach["found"] == [], reach
    assert reach["count"] >= 4, reach  # Mana, Backlash, Fix, Accept
    screenshot(browser, f"table-{store_config.store}-390x844")

    # Resolve from the page, tapping on the phone. A fix short of the TN is refused in place.
    mana = browser.find_element("css selector", f'{failed} input[data-field="mana"]')
    mana.clear()
    mana.send_keys("1")
    click(browser, f'{failed} button[data-action="fix"]')
    wait_for(browser, lambda b: "fix-must-reach-tn" in text_of(b, f"{failed} .decision-note"))
    assert t.pending() == ["magic-test-failure"]
    # Accept the failure, then bank the Backlash.
    click(browser, f'{failed} button[data-action="accept"]')
    choice = '#decisions li[data-kind="bank-or-roll"]'
    wait_for(browser, lambda b: "bank it" in text_of(b, choice))
    assert t.pending() == ["bank-or-roll"]
    click(browser, f'{choice} button[data-action="bank"]')
    wait_for(browser, lambda b: text_of(b, "#no-decisions") == "Nothing waits on a decision.")
    assert t.pending() == []
    wait_for(browser, lambda b: stat(b, t.mara, "backlash").startswith("5 temporary"))

    # Another client writes: the page follows without reloading.
    viewport(browser, DESKTOP)
    t.do(f"/characters/{t.vic}/mana/spend", {"amount": 2, "reason": "Ward"})
    wait_for(browser, lambda b: stat(b, t.vic, "mana").startswith("4 / 6"))
    t.do(f"/characters/{t.mara}/effort/commit",
         {"pool": "mage", "amount": 1, "duration": "day", "label": "Ward"})
    mage = f'#cards [data-character="{t.mara}"] [data-pool="mage"]'
    most = next(p["max"] for p in pools if p["id"] == "mage")
    wait_for(browser, lambda b: text_of(b, mage).startswith(f"Mage: 1 committed of {most}"))
    t.do("/hidden/reveal", {"position": t.hidden})
    wait_for(browser, lambda b: "ambush check" in text_of(b, roll(t.hidden))
             and "revealed" in text_of(b, roll(t.hidden)))
    t.do("/encounter/next-turn")
    wait_for(browser, lambda b: text_of(b, "#turn") == "Round 1 · Vic's turn")
    # A roll a rewind voids stays in the log, struck through, naming the rewind.
    extra = t.rolled({"kind": "age", "ability": "Willpower", "dice": [2, 2, 2],
                      "label": "wrong hand"})
    wait_for(browser, lambda b: "wrong hand" in text_of(b, roll(extra)))
    rewind = t.do("/rewind", {"to_position": extra - 1, "reason": "rolled for the wrong one"})
    wait_for(browser, lambda b: f"voided by the rewind at {rewind}"
             in text_of(b, roll(extra)).lower())  # the flag is set in capitals
    t.do("/clock/end-session")  # reveals the seed: the server roll verifies
    wait_for(browser, lambda b: "✓ verified" in text_of(b, roll(t.server_roll)))
    screenshot(browser, f"table-rolls-{store_config.store}-1400x1000", top="#rolls-title")
    # The console's only complaint is the refused fix above.
    assert [c for c in csp_complaints(browser) if "/fix - " not in c] == []


def test_player_view_for_an_observer_lists_decisions_without_buttons(
        browser: Any, live_server: str, api: ApiClient) -> None:
    t = Table(api)
    viewport(browser, DESKTOP)
    browser.get(f"{live_server}/campaigns/{t.campaign}/table#token={t.observer}")
    wait_for(browser, lambda b: text_of(b, "#who") == "Observer (read-only)")
    failed = '#decisions li[data-kind="magic-test-failure"]'
    wait_for(browser, lambda b: "Magic Test failed" in text_of(b, failed))
    assert browser.find_elements("css selector", "#decisions button") == []
    wait_for(browser, lambda b: len(b.find_elements("css selector", "#cards .card")) == 2)
    assert browser.find_elements("css selector", "#cards .card.own") == []


def test_player_view_refuses_a_wrong_token(browser: Any, live_server: str,
                                           api: ApiClient) -> None:
    campaign = api.new_campaign()
    browser.get(f"{live_server}/campaigns/{campaign}/table#token=tok_nope_nope")
    wait_for(browser, lambda b: "does not open" in text_of(b, "#status"))
    assert text_of(browser, "#content") == ""


@pytest.mark.parametrize(("page", "links"), [("audit", ["table", "forks"]),
                                             ("table", ["audit"]), ("forks", ["audit", "table"])])
def test_the_console_table_and_fork_pages_link_to_each_other(live_server: str, api: ApiClient,
                                                             page: str, links: list[str]) -> None:
    campaign = api.new_campaign()
    with urllib.request.urlopen(f"{live_server}/campaigns/{campaign}/{page}") as answer:
        html = answer.read().decode()
    found = re.findall(rf'href="/campaigns/{campaign}/(\w+)"', html)
    assert found == links


@pytest.fixture
def rechecking(store_config: Config) -> Iterator[tuple[Flask, str]]:
    """An app whose feed re-checks its tokens every half second, served over HTTP."""
    app = create_app(msgspec.structs.replace(store_config, feed_auth_recheck_seconds=0.5,
                                             feed_heartbeat_seconds=0.5))
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield app, f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=10)
        if "feed_hub" in app.extensions:
            app.extensions["feed_hub"].close(wait=2.0)
        app.extensions["ledger"].store.close()


def test_the_table_says_its_token_was_revoked_and_stops(
        browser: Any, rechecking: tuple[Flask, str]) -> None:
    app, base = rechecking
    api = ApiClient(app.test_client())
    campaign = api.new_campaign("Revoked")
    observer = api.new_token("observer")
    browser.get(f"{base}/campaigns/{campaign}/table#token={observer}")
    wait_for(browser, lambda b: "● live" in text_of(b, "#live-status"))
    wait_for(browser, lambda b: text_of(b, "#status").startswith("Open read-only"))
    assert api.delete(api.c(f"/tokens/{observer.split('_')[1]}")).status == 204
    wait_for(browser, lambda b: text_of(b, "#live-status") == "token revoked")
    wait_for(browser, lambda b: text_of(b, "#status").startswith("This token was revoked"))
