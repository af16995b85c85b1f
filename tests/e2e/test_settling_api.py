"""Settling follows the command type alone, over HTTP on both stores.

Only an action of the character first settles their pending decisions (accepts a
pending failed Magic Test, banks an unanswered bank-or-roll choice); a refused command
records nothing, settling included, and names the commands that resolve its block.
The per-command table: docs/rules/magic-test.md, "Settling, per command".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import pytest

from tests.api_client import Answer, ApiClient
from tests.e2e.test_magic_api import FAIL_BY_3, mage, magic_test, types
from tests.golden.script import HOUND, MARA, WAND


class Party(NamedTuple):
    api: ApiClient
    mara: str
    ivo: str


class Family(NamedTuple):
    """A command family: `prepare` sets the scene before Mara fails her Magic Test and
    answers the (method, path, body) to issue while the failure is pending."""

    name: str
    prepare: Callable[[Party], tuple[str, str, Any]]
    settles: bool


def _char(p: Party, who: str, suffix: str) -> str:
    return p.api.c(f"/characters/{who}{suffix}")


def _summoned(p: Party, by: str) -> str:
    answer = p.api.post(_char(p, by, "/spirits"), HOUND)
    assert answer.status == 201, answer
    return str(answer["spirit"]["id"])


def _condition(p: Party) -> str:
    added = p.api.post(_char(p, p.mara, "/conditions"), {"name": "Fatigued"})
    assert added.status == 201, added
    return str(added["condition"]["id"])


def _held_wand(p: Party) -> str:
    wand = p.api.post(p.api.c("/items"), WAND).primary["id"]
    assert p.api.post(p.api.c(f"/items/{wand}/hand-over"), {"holder": p.mara}).status == 200
    return str(wand)


def _prepared(p: Party) -> tuple[str, str, Any]:
    assert p.api.post(_char(p, p.mara, "/spells/prepare"), {"spells": ["Illumination"]}).status == 200
    return "POST", _char(p, p.mara, "/spells/cast"), {"spell": "Illumination"}


AGE = {"kind": "age", "ability": "Willpower", "tn": 10, "dice": [4, 5, 4]}
FAMILIES = [
    # actions of Mara: they settle her pending decisions first
    Family("magic-test", lambda p: ("POST", _char(p, p.mara, "/magic-tests"),
                                    {"base_tn": 9, "dice": [6, 6, 5]}), True),
    Family("superhuman", lambda p: ("POST", _char(p, p.mara, "/backlash/superhuman"),
                                    {"ability": "Willpower"}), True),
    Family("roll", lambda p: ("POST", _char(p, p.mara, "/rolls"), AGE), True),
    Family("mana-spend", lambda p: ("POST", _char(p, p.mara, "/mana/spend"),
                                    {"amount": 1, "reason": "lamp"}), True),
    Family("condition-recover", lambda p: (
        "POST", _char(p, p.mara, f"/conditions/{_condition(p)}/recover"), {"dice": [6, 6, 6]}),
        True),
    Family("effort-commit", lambda p: ("POST", _char(p, p.mara, "/effort/commit"),
                                       {"pool": "mage", "amount": 1, "duration": "duration"}),
           True),
    Family("spell-cast", _prepared, True),
    Family("summon", lambda p: ("POST", _char(p, p.mara, "/spirits"), HOUND), True),
    Family("spirit-dismiss-by-summoner", lambda p: (
        "POST", p.api.c(f"/spirits/{_summoned(p, p.mara)}/dismiss"), {}), True),
    Family("spirit-banish-by", lambda p: (
        "POST", p.api.c(f"/spirits/{_summoned(p, p.ivo)}/banish"),
        {"by": p.mara, "dice": [1, 1], "opposing_dice": [6, 6]}), True),
    Family("item-identify", lambda p: (
        "POST", p.api.c(f"/items/{_held_wand(p)}/identify"), {"character_id": p.mara}), True),
    # done to Mara, or by someone else: they settle nobody
    Family("health-damage", lambda p: ("POST", _char(p, p.mara, "/health/damage"),
                                       {"amount": 1}), False),
    Family("health-heal", lambda p: ("POST", _char(p, p.mara, "/health/heal"), {"amount": 1}),
           False),
    Family("condition-added", lambda p: ("POST", _char(p, p.mara, "/conditions"),
                                         {"name": "Fatigued"}), False),
    Family("condition-heal", lambda p: (
        "POST", _char(p, p.mara, f"/conditions/{_condition(p)}/heal"), {"points": 2}), False),
    Family("gm-correction", lambda p: ("POST", _char(p, p.mara, "/corrections"),
                                       {"field": "mana.current", "value": 6,
                                        "reason": "recount"}), False),
    Family("sheet-edit", lambda p: ("PATCH", _char(p, p.mara, ""), {"level": 6}), False),
    Family("mana-gain", lambda p: ("POST", _char(p, p.mara, "/mana/gain"), {"amount": 1}),
           False),
    Family("strain-gain", lambda p: ("POST", _char(p, p.mara, "/strain/gain"),
                                     {"amount": 1, "reason": "cold"}), False),
    Family("another-characters-action", lambda p: ("POST", _char(p, p.ivo, "/rolls"), AGE),
           False),
    Family("spirit-damage", lambda p: (
        "POST", p.api.c(f"/spirits/{_summoned(p, p.mara)}/damage"),
        {"amount": 1, "reason": "a slap"}), False),
    Family("clock", lambda p: ("POST", p.api.c("/clock/advance"), {"minutes": 5}), False),
    Family("token", lambda p: ("POST", p.api.c("/tokens"),
                               {"role": "player", "character_id": p.mara}), False),
]


def party(api: ApiClient) -> Party:
    api.new_campaign()
    mara = api.new_character(**MARA)
    ivo = api.new_character(name="Ivo", level=5, abilities={"Willpower": 2},
                            skills={"summon": 1}, modifiers={"cha": 2, "con": 0},
                            edges=["Summoner"])
    for step in ("start-session", "start-scene"):
        assert api.post(api.c(f"/clock/{step}")).status == 200
    return Party(api, mara, ivo)


def pending(api: ApiClient, chid: str) -> list[str]:
    return [p["kind"] for p in api.get(api.c(f"/characters/{chid}/magic"))["magic"]["pending"]]


@pytest.mark.parametrize("family", FAMILIES, ids=[f.name for f in FAMILIES])
def test_only_an_action_of_the_character_settles_a_pending_failure(
        api: ApiClient, family: Family) -> None:
    p = party(api)
    method, path, body = family.prepare(p)
    failed = magic_test(api, p.mara, FAIL_BY_3)
    assert failed["magic_test"]["success"] is False
    answer = api.call(method, path, json=body)
    assert answer.status in (200, 201), answer
    accepted = "MagicTestFailureAccepted" in types(answer) if "events" in answer.body else False
    assert accepted is family.settles
    assert ("magic-test-failure" in pending(api, p.mara)) is not family.settles


def test_a_gm_correction_no_longer_banks_an_unanswered_choice(api: ApiClient) -> None:
    chid = mage(api)
    test_id = magic_test(api, chid, FAIL_BY_3)["magic_test"]["test_id"]
    api.post(api.c(f"/characters/{chid}/magic-tests/{test_id}/accept"))
    corrected = api.post(api.c(f"/characters/{chid}/corrections"),
                         {"field": "mana.current", "value": 9, "reason": "typo"})
    assert corrected.status == 200, corrected
    assert types(corrected) == ["Corrected"]
    assert pending(api, chid) == ["bank-or-roll"]


def refused_with_nothing_recorded(api: ApiClient, send: Callable[[], Answer]) -> Answer:
    head = api.get(api.c())["position"]
    refused = send()
    assert refused.status == 409, refused
    assert refused.headers["Content-Type"] == "application/problem+json"
    assert api.get(api.c())["position"] == head
    return refused


def test_a_refused_action_records_nothing_not_even_its_settling(api: ApiClient) -> None:
    chid = mage(api)
    magic_test(api, chid, FAIL_BY_3)
    spend = api.c(f"/characters/{chid}/mana/spend")
    refused = refused_with_nothing_recorded(
        api, lambda: api.post(spend, {"amount": 50, "reason": "too much"}))
    assert refused["rule"] != "magic-test-failure-pending"
    assert pending(api, chid) == ["magic-test-failure"]


def test_a_new_test_refused_after_a_failure_points_to_accept_not_to_the_roll(
        api: ApiClient) -> None:
    chid = mage(api, mana=2)  # accepting the failure would owe a Consequence roll
    test_id = magic_test(api, chid, FAIL_BY_3)["magic_test"]["test_id"]
    refused = refused_with_nothing_recorded(api, lambda: magic_test(api, chid, [6, 6, 6]))
    assert refused["rule"] == "magic-test-failure-pending"
    assert refused["resolve"] == [f"magic-tests/{test_id}/fix", f"magic-tests/{test_id}/accept"]
    assert f"magic-tests/{test_id}/accept" in refused["detail"]
    assert pending(api, chid) == ["magic-test-failure"]


def test_a_test_refused_after_an_unanswered_choice_points_to_bank_or_roll(
        api: ApiClient) -> None:
    chid = mage(api, mana=4)  # the failure's 4 Backlash fits; banking a fifth would not
    test_id = magic_test(api, chid, FAIL_BY_3)["magic_test"]["test_id"]
    api.post(api.c(f"/characters/{chid}/magic-tests/{test_id}/accept"))
    refused = refused_with_nothing_recorded(api, lambda: magic_test(api, chid, [6, 6, 6]))
    assert refused["rule"] == "backlash-choice-pending"
    assert refused["resolve"] == ["backlash/bank", "backlash/consequence-roll"]
    assert pending(api, chid) == ["bank-or-roll"]


def test_an_owed_roll_refusal_names_the_consequence_roll(api: ApiClient) -> None:
    chid = mage(api, mana=2)
    test_id = magic_test(api, chid, FAIL_BY_3)["magic_test"]["test_id"]
    api.post(api.c(f"/characters/{chid}/magic-tests/{test_id}/accept"))
    refused = refused_with_nothing_recorded(api, lambda: magic_test(api, chid, [6, 6, 6]))
    assert refused["rule"] == "backlash-consequence-roll-owed"
    assert refused["resolve"] == ["backlash/consequence-roll"]


def test_pending_consequences_refusals_name_the_consequences_commands(api: ApiClient) -> None:
    chid = mage(api)
    test_id = magic_test(api, chid, FAIL_BY_3)["magic_test"]["test_id"]
    api.post(api.c(f"/characters/{chid}/magic-tests/{test_id}/accept"))
    roll = api.c(f"/characters/{chid}/backlash/consequence-roll")
    assert api.post(roll, {"fail_deliberately": True}).status == 200
    resolve = ["backlash/consequences", "backlash/consequences/draw"]
    refused = refused_with_nothing_recorded(api, lambda: magic_test(api, chid, [6, 6, 6]))
    assert (refused["rule"], refused["resolve"]) == ("backlash-consequences-pending", resolve)
