"""The careful-magic floor and the Mana trade over HTTP, on both stores (issue 12, bug 4)."""

from __future__ import annotations

from tests.api_client import ApiClient

ALL_CAREFUL = ["slower-casting", "tools", "gestures", "spoken-words", "consumed-materials"]


def test_the_mana_trade_costs_one_tn_after_the_careful_floor(api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character(abilities={"Willpower": 3}, magic_ability="Willpower",
                             mana={"current": 10, "max": 10})
    out = api.post(api.c(f"/characters/{mara}/magic-tests"),
                   {"base_tn": 11, "careful": ALL_CAREFUL, "mana_cost": 2, "mana_for_tn": 1,
                    "dice": [6, 6, 6]})
    assert out.status == 201, out
    made = next(e for e in out["events"] if e["type"] == "MagicTestMade")["data"]
    assert made["target"]["tn"] == 9
