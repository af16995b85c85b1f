"""Talents that change a stunt's cost, and Trickster Master's stunt, over HTTP on both
stores (rules: ledger/domain/stunts/talents.py, spending.py `discombobulation`;
docs/rules/talents.md)."""

from __future__ import annotations

from tests.api_client import ApiClient
from tests.e2e.test_stunts_api import SHEET, roll, spend, summary_of


def test_adventurer_master_and_leader_expert_add_up_on_when_a_plan_comes_together_over_http(
        api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character(name="Mara", **SHEET, specializations=[
        {"name": "Adventurer", "degree": "Master"}, {"name": "Leader", "degree": "Expert"}])
    plan = spend(api, roll(api, mara, [6, 6, 6]), [{"name": "When a Plan Comes Together",
                                                    "sp": 4}])
    assert plan.status == 201, plan
    (stunt,) = plan["events"][0]["data"]["stunts"]
    assert (stunt["tier"], stunt["paid"], stunt["talents"]) == (
        4, 2, ["Adventurer Master", "Leader Expert"])
    assert summary_of(api, plan["events"][0]["position"]).startswith(
        "Mara spends 2 SP on When a Plan Comes Together (4 SP less 2 for Adventurer Master, "
        "Leader Expert)")


def test_leader_expert_alone_gives_1_sp_on_group_tactics_over_http(api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character(name="Mara", **SHEET,
                             talents=[{"name": "Leader", "degree": "Expert"}])
    tactics = spend(api, roll(api, mara, [6, 6, 6]), [{"name": "Group Tactics", "sp": 3}])
    assert tactics.status == 201, tactics
    assert tactics["events"][0]["data"]["paid"] == 2


def test_discombobulation_without_trickster_master_is_refused_over_http(api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character(name="Mara", **SHEET,
                             specializations=[{"name": "Trickster", "degree": "Expert"}])
    position = roll(api, mara, [6, 6, 6])
    refused = spend(api, position, [{"name": "Discombobulation"}])
    assert (refused.status, refused["rule"]) == (409, "stunt-needs-trickster-master")
    assert api.get(api.c("/stunts"))["stunts"]["rolls"] == []
