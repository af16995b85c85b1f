"""The GM console (the audit page) end to end in a real headless Chromium, on both stores:
rewind and redo from the page, stepping with the keyboard, live updates, diffs by identity,
the chart's equal series, actors, and a read-only observer."""

from __future__ import annotations

from typing import Any

from ledger.service.config import Config
from tests.api_client import ApiClient
from tests.e2e.audit_browser import (
    click,
    count_of,
    csp_complaints,
    fill,
    open_with_form,
    press,
    screenshots,
    stat,
    text_of,
    texts_of,
    wait_for,
)


class Table:
    """A small session: Mara (with a player token labelled "phone") spends, rolls and takes
    two Conditions; the GM records through the HTTP API."""

    def __init__(self, api: ApiClient) -> None:
        self.api = api
        self.campaign = api.new_campaign("Night Market")
        self.gm = str(api.token)
        self.do("/clock/start-session")
        self.do("/clock/start-scene")
        self.mara = api.new_character(name="Mara", mana={"current": 12, "max": 12},
                                      abilities={"Willpower": 3, "Constitution": 1})
        issued = api.post(api.c("/tokens"), {"role": "player", "character_id": self.mara,
                                             "label": "phone"})
        assert issued.status == 201, issued
        self.player = str(issued["token"])
        self.spend = self.do(f"/characters/{self.mara}/mana/spend",
                             {"amount": 3, "reason": "Arson"}, token=self.player)
        self.reported = self.do(f"/characters/{self.mara}/rolls",
                                {"kind": "age", "ability": "Willpower", "dice": [3, 4, 5]})
        self.dazed = self.add_condition("Dazed")
        self.deafened = self.add_condition("Deafened")

    def do(self, path: str, body: dict[str, Any] | None = None, token: str | None = None) -> int:
        answer = self.api.post(self.api.c(path), body, token=token)
        assert answer.status in (200, 201), answer
        return int(answer["position"])

    def add_condition(self, name: str) -> str:
        answer = self.api.post(self.api.c(f"/characters/{self.mara}/conditions"), {"name": name})
        assert answer.status == 201, answer
        return str(answer["condition"]["id"])

    def head(self) -> int:
        return int(self.api.get(self.api.c())["position"])

    def url(self) -> str:
        return f"/campaigns/{self.campaign}/audit"


def opened(browser: Any, live_server: str, table: Table, token: str) -> None:
    browser.set_window_size(1400, 1000)
    browser.get_log("browser")
    open_with_form(browser, live_server + table.url(), token)
    wait_for(browser, lambda b: text_of(b, "#campaign-name") == "Night Market")
    wait_for(browser, lambda b: "Live: following" in text_of(b, "#live-status"))


def test_gm_rewinds_and_redoes_from_the_page_with_the_voided_ranges_labelled(
        browser: Any, live_server: str, api: ApiClient) -> None:
    table = Table(api)
    head = table.head()
    opened(browser, live_server, table, table.gm)
    wait_for(browser, lambda b: text_of(b, "#act") != "")

    # Rewind to the spend, from the page; the reason is required.
    fill(browser, "rewind-to", str(table.spend))
    fill(browser, "rewind-reason", "")
    click(browser, "rewind-button")
    wait_for(browser, lambda b: "needs a reason" in text_of(b, "#act-status"))
    assert table.head() == head
    fill(browser, "rewind-to", str(table.spend))
    fill(browser, "rewind-reason", "wrong target")
    click(browser, "rewind-button")
    rewind = head + 1
    wait_for(browser, lambda b: f"Rewound to position {table.spend}" in text_of(b, "#act-status"))
    assert table.head() == rewind
    wait_for(browser, lambda b: f"positions {table.spend + 1}\u2013{head} voided by the rewind at {rewind} "
             "(“wrong target”, by " in text_of(b, "#voided-text"))
    rewound_row = f'#timeline-body tr.voided[data-first="{head}"]'
    wait_for(browser, lambda b: f"voided by the rewind at {rewind} (“wrong target”, by GM (gm))"
             in text_of(b, rewound_row))
    wait_for(browser, lambda b: stat(b, table.mara, "mana").startswith("9 / 12")
             and text_of(b, f'#cards [data-character="{table.mara}"] [data-part="conditions"]')
             .endswith("No Conditions"))

    # Redo: the rewind itself is now the voided one, labelled as undone by the redo.
    fill(browser, "redo-reason", "it was the right target")
    click(browser, "redo-button")
    redo = rewind + 1
    wait_for(browser, lambda b: f"Redone (recorded at position {redo})" in text_of(b, "#act-status"))
    expected = (f"position {rewind} (a rewind, undone) voided by the redo at {redo} "
                "(“it was the right target”, by ")
    wait_for(browser, lambda b: expected in text_of(b, "#voided-text"))
    assert "by the rewind at" not in text_of(browser, "#voided-text")
    voided_row = f'#timeline-body tr.voided[data-first="{rewind}"]'
    wait_for(browser, lambda b: f"voided by the redo at {redo}" in text_of(b, voided_row))
    wait_for(browser, lambda b: len(texts_of(b, f'#cards [data-character="{table.mara}"] '
                                                '[data-condition]')) == 2)

    # A second redo is refused by the API: its 409 shows in place and nothing is recorded.
    fill(browser, "redo-reason", "again")
    click(browser, "redo-button")
    wait_for(browser, lambda b: "409 nothing-to-redo" in text_of(b, "#act-status"))
    assert table.head() == redo
    # The refused redo's 409 is the only resource the browser reports as failed.
    assert [m for m in csp_complaints(browser) if "/redo - Failed to load resource" not in m] == []


def test_gm_steps_through_commands_with_the_keyboard_and_sees_dice_and_actors(
        browser: Any, live_server: str, api: ApiClient) -> None:
    table = Table(api)
    head = table.head()
    opened(browser, live_server, table, table.gm)
    wait_for(browser, lambda b: "gained Deafened" in text_of(b, "#step-changes"))
    press(browser, "\ue012")  # ArrowLeft: the command before (the Dazed Condition)
    wait_for(browser, lambda b: text_of(b, "#position-value") == str(head - 1)
             and "gained Dazed" in text_of(b, "#step-changes"))
    press(browser, "\ue012")  # the reported roll
    wait_for(browser, lambda b: text_of(b, "#position-value") == str(table.reported)
             and "reported at the table" in text_of(b, "#step-dice"))
    press(browser, "\ue012")  # the player's spend: the token's label for the GM
    wait_for(browser, lambda b: text_of(b, "#position-value") == str(table.spend)
             and text_of(b, "#step-actor") == "phone (player · Mara)"
             and "Mara's Mana 12 → 9" in text_of(b, "#step-changes"))
    press(browser, "\ue014")  # ArrowRight: forward again
    wait_for(browser, lambda b: text_of(b, "#position-value") == str(table.reported))
    click(browser, "step-next")
    wait_for(browser, lambda b: text_of(b, "#position-value") == str(head - 1))


def test_gm_sees_a_card_and_the_timeline_update_live_while_another_client_writes(
        browser: Any, live_server: str, api: ApiClient) -> None:
    table = Table(api)
    opened(browser, live_server, table, table.gm)
    wait_for(browser, lambda b: stat(b, table.mara, "mana").startswith("9 / 12"))
    browser.execute_script("window.stillTheSamePage = true;")
    spent = table.do(f"/characters/{table.mara}/mana/spend", {"amount": 2, "reason": "Veil"},
                     token=table.player)
    wait_for(browser, lambda b: stat(b, table.mara, "mana").startswith("7 / 12")
             and text_of(b, "#position-head") == str(spent))
    wait_for(browser, lambda b: "spent 2 Mana on Veil" in text_of(b, "#timeline-body tr"))
    lio = api.new_character(name="Lio")
    wait_for(browser, lambda b: text_of(b, f'#cards [data-character="{lio}"] h3') == "Lio"
             and count_of(b, f'#chart-character option[value="{lio}"]') == 1)
    assert browser.execute_script("return window.stillTheSamePage === true;")


def test_removing_the_first_of_two_conditions_reads_as_one_removal(
        browser: Any, live_server: str, api: ApiClient) -> None:
    table = Table(api)
    healed = api.post(api.c(f"/characters/{table.mara}/conditions/{table.dazed}/heal"),
                      {"points": 4})
    assert healed.status == 200, healed
    opened(browser, live_server, table, table.gm)
    wait_for(browser, lambda b: "ended" in text_of(b, "#step-changes"))
    sentences = texts_of(browser, "#step-changes li")
    about = [s for s in sentences if "Dazed" in s or "Deafened" in s]
    assert about == ["Mara's Dazed, 2 points ended"], sentences
    row = f'#timeline-body tr[data-first="{healed["position"]}"] .changes-cell li'
    wait_for(browser, lambda b: "Mara's Dazed, 2 points ended" in texts_of(b, row))
    assert not [s for s in texts_of(browser, row) if "Deafened" in s]


def test_two_series_with_equal_values_render_distinct_marks(
        browser: Any, live_server: str, api: ApiClient) -> None:
    table = Table(api)
    # Vic has no Mana, Backlash, Effort or Strain: four series all at 0.
    vic = api.new_character(name="Vic", mana={"current": 0, "max": 0})
    table.do(f"/characters/{vic}/health/damage", {"amount": 1, "type": "wound"})
    opened(browser, live_server, table, table.gm)
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    wait_for(browser, lambda b: count_of(b, f'#chart-character option[value="{vic}"]') == 1)
    Select(browser.find_element(By.ID, "chart-character")).select_by_value(vic)
    browser.find_element(By.CSS_SELECTOR, "#chart-form button").click()
    lines = "#chart polyline[data-series]"
    drawn = wait_for(browser, lambda b: b.execute_script(
        "return Array.from(document.querySelectorAll(arguments[0]),"
        " (l) => [l.dataset.series, l.dataset.values, l.getAttribute('points')]);", lines))
    assert {values for _, values, _ in drawn} == {"0,0"}
    assert len({points for _, _, points in drawn}) == 4, "equal lines drawn on top of each other"
    shapes = browser.execute_script(
        "return Array.from(document.querySelectorAll('#chart .dot'), (d) => d.dataset.shape"
        " + ':' + d.dataset.series);")
    assert len({s.split(":")[0] for s in shapes}) == 4
    assert all(browser.execute_script(
        "return Array.from(document.querySelectorAll('#chart .dot'), (d) => d.checkVisibility());"))
    # The x-axis can show scenes and game time as well as positions.
    for axis, tick in (("scene", "scene 1"), ("time", "day 1 ")):
        Select(browser.find_element(By.ID, "chart-x")).select_by_value(axis)
        browser.find_element(By.CSS_SELECTOR, "#chart-form button").click()
        wait_for(browser, lambda b, a=axis, t=tick: count_of(b, f'#chart svg[data-axis="{a}"]') == 1
                 and t in b.execute_script("return document.querySelector('#chart svg').textContent;"))


def test_an_observer_reads_the_console_without_act_buttons_and_sees_roles_not_labels(
        browser: Any, live_server: str, api: ApiClient, store_config: Config) -> None:
    table = Table(api)
    observer = api.post(api.c("/tokens"), {"role": "observer", "label": "screen"})
    assert observer.status == 201
    opened(browser, live_server, table, str(observer["token"]))
    wait_for(browser, lambda b: "read-only" in text_of(b, "#status"))
    assert text_of(browser, "#act") == ""
    wait_for(browser, lambda b: "player · Mara" in texts_of(b, "#timeline-body td.actor"))
    assert not [t for t in texts_of(browser, "#timeline-body td.actor") if "phone" in t]
    screenshots(browser, f"gm-console-observer-{store_config.store}")


def test_the_cards_show_effort_spirits_items_and_pending_decisions_at_desktop_and_phone_sizes(
        browser: Any, live_server: str, api: ApiClient, store_config: Config) -> None:
    table = Table(api)
    table.do(f"/characters/{table.mara}/effort/commit",
             {"pool": "mage", "amount": 1, "duration": "scene", "label": "Ward"})
    sera = api.new_character(name="Sera", level=5, edges=["Summoner", "Spellcaster"],
                             skills={"summon": 1, "cast": 1},
                             modifiers={"cha": 2, "con": 0, "int": 1},
                             abilities={"Willpower": 3}, magic_ability="Willpower",
                             mana={"current": 10, "max": 10})
    summoned = api.post(api.c(f"/characters/{sera}/spirits"), {
        "mode": "ritual", "nature": "Fire", "form": "physical", "form_level": 1,
        "appearance": "a burning hound", "powers": ["Curse", "Favor", "Spirit's Eye"],
        "hit_dice": 1, "hit_points": 6})
    assert summoned.status == 201, summoned
    wand = api.post(api.c("/items"), {"name": "Wand", "kind": "wand",
                                      "materials": [{"name": "hardwood"}], "magical": True})
    assert wand.status == 201, wand
    linked = api.post(api.c(f"/items/{wand.primary['id']}/link"), {"character_id": sera, "pool": "mage"})
    assert linked.status == 200, linked
    failed = api.post(api.c(f"/characters/{sera}/magic-tests"),
                      {"base_tn": 12, "dice": [1, 2, 3]})
    assert failed.status == 201, failed
    opened(browser, live_server, table, table.gm)
    card = f'#cards [data-character="{sera}"]'
    wait_for(browser, lambda b: "Fire · physical form, level 1, 1 HD" in text_of(
        b, f'{card} [data-part="spirits"]'))
    assert "Powers: Curse, Favor, Spirit's Eye · Effort held: 1" in text_of(
        browser, f'{card} [data-part="spirits"]')
    assert text_of(browser, f'{card} [data-part="items"]').startswith("LINKED ITEMS\nWand · wand")
    pending = text_of(browser, f'{card} [data-part="pending"]')
    assert "Magic Test failed (total 9 vs TN 12)" in pending
    assert "to act: Sera's player or the GM" in pending
    wait_for(browser, lambda b: "committed of" in text_of(b, f'{card} [data-pool="summoner"]'))
    assert "1 bound · spirit:" in text_of(browser, f'{card} [data-pool="summoner"]')
    wait_for(browser, lambda b: "Ward: 1 for the scene" in text_of(
        b, f'#cards [data-character="{table.mara}"] [data-pool="mage"]'))
    dazed = f'#cards [data-character="{table.mara}"] [data-condition="{table.dazed}"]'
    wait_for(browser, lambda b: "Ends: recovery rolls (Constitution, TN 11)" in text_of(b, dazed))
    wait_for(browser, lambda b: count_of(b, "#timeline-body .changes-cell > span") == 0)
    for path in screenshots(browser, f"gm-console-{store_config.store}"):
        assert path.stat().st_size > 0
    # At 390 wide nothing scrolls sideways but the timeline's own box.
    assert browser.execute_script(
        "return document.documentElement.scrollWidth <= window.innerWidth;")


def test_the_cards_show_tests_owed_and_effects_that_time_ends(
        browser: Any, live_server: str, api: ApiClient) -> None:
    table = Table(api)
    cora = api.new_character(name="Cora", abilities={"Willpower": 1})
    table.do(f"/characters/{cora}/conditions", {"name": "Confused"})
    table.do("/encounter", {"participants": [{"character_id": cora, "initiative": 10}]})
    sol = api.new_character(name="Sol", level=5, skills={"summon": 2},
                            modifiers={"cha": 2, "con": 0}, edges=["Summoner"])
    summoned = api.post(api.c(f"/characters/{sol}/spirits"), {
        "mode": "ritual", "nature": "Fire", "form": "physical", "form_level": 1,
        "appearance": "a snaring hound", "powers": ["Ensnare"], "hit_dice": 1, "hit_points": 6})
    assert summoned.status == 201, summoned
    table.do(f"/spirits/{summoned.primary['id']}/ensnare", {"target": cora})
    opened(browser, live_server, table, table.gm)
    card = f'#cards [data-character="{cora}"]'
    wait_for(browser, lambda b: "confused test owed: Willpower (Self-Discipline) vs TN 13"
             in text_of(b, f'{card} [data-part="pending"]'))
    assert stat(browser, cora, "timed").startswith("ensnared until minute ")
