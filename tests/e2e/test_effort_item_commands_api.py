"""The Effort, spell, Strain and item commands over HTTP on both stores: who acts (and is
settled first), who may issue each, and that a refused command records nothing.

The per-command table: docs/rules/magic-test.md, "Settling, per command"; the commands:
ledger/domain/magic/cwn_commands.py and ledger/domain/items/commands.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import pytest

from tests.api_client import ApiClient, by_id
from tests.e2e.test_magic_api import FAIL_BY_3, magic_test, types
from tests.e2e.test_settling_api import Party, party, pending, refused_with_nothing_recorded
from tests.golden.script import PISTOL, WAND


class Case(NamedTuple):
    """`prepare` sets the scene before Mara fails her Magic Test and answers the
    (path, body) to post while the failure is pending."""

    name: str
    prepare: Callable[[Party], tuple[str, Any]]
    settles: bool


def _char(p: Party, who: str, suffix: str) -> str:
    return p.api.c(f"/characters/{who}{suffix}")


def _item(p: Party, spec: dict[str, Any], holder: str | None = None) -> str:
    registered = p.api.post(p.api.c("/items"), {**spec, "holder": holder})
    assert registered.status == 201, registered
    return str(registered.primary["id"])


def _linked_wand(p: Party) -> str:
    wand = _item(p, WAND, p.mara)
    linked = p.api.post(p.api.c(f"/items/{wand}/link"), {"character_id": p.mara, "pool": "mage"})
    assert linked.status == 200, linked
    return wand


def _duration_effort(p: Party) -> str:
    committed = p.api.post(_char(p, p.mara, "/effort/commit"),
                           {"pool": "mage", "amount": 1, "duration": "duration"})
    assert committed.status == 200, committed
    return str(by_id(committed.primary["pools"], "mage")["commitments"][0]["id"])


def _jammed(p: Party) -> str:
    pistol = _item(p, PISTOL, p.ivo)
    tested = p.api.post(p.api.c(f"/items/{pistol}/trust-test"),
                        {"character_id": p.ivo, "tn": 15, "dice": [1, 1, 5]})  # Stunt Die 5: jams
    assert tested.primary["status"] == "jammed", tested
    return pistol


CASES = [
    # actions of Mara: they settle her pending decisions first
    Case("effort-reclaim", lambda p: (
        _char(p, p.mara, f"/effort/{_duration_effort(p)}/reclaim"), {}), True),
    Case("spells-prepare", lambda p: (_char(p, p.mara, "/spells/prepare"),
                                      {"spells": ["Blast"]}), True),
    Case("spells-use", lambda p: (_char(p, p.mara, "/spells/use"), {"spell": "Haste"}), True),
    Case("item-trust-test", lambda p: (p.api.c(f"/items/{_item(p, PISTOL, p.mara)}/trust-test"),
                                       {"character_id": p.mara, "dice": [4, 5, 3]}), True),
    Case("item-link", lambda p: (p.api.c(f"/items/{_item(p, WAND, p.mara)}/link"),
                                 {"character_id": p.mara, "pool": "mage"}), True),
    Case("item-unlink-by-its-user", lambda p: (p.api.c(f"/items/{_linked_wand(p)}/unlink"),
                                               {"character_id": p.mara}), True),
    # done to Mara or to her things, or by someone else: they settle nobody
    Case("strain-recover", lambda p: (_char(p, p.mara, "/strain/recover"), {"amount": 1}),
         False),
    Case("item-damage-to-her-wand", lambda p: (
        p.api.c(f"/items/{_item(p, WAND, p.mara)}/damage"), {"amount": 20}), False),
    Case("item-repair-naming-her", lambda p: (
        p.api.c(f"/items/{_item(p, WAND, p.mara)}/repair"),
        {"threshold_successes": 1, "character_id": p.mara}), False),
    Case("item-hand-over-to-her", lambda p: (
        p.api.c(f"/items/{_item(p, WAND)}/hand-over"), {"holder": p.mara}), False),
    Case("item-maintain-naming-her", lambda p: (p.api.c(f"/items/{_jammed(p)}/maintain"),
                                                {"character_id": p.mara}), False),
    Case("item-unlink-by-the-gm", lambda p: (p.api.c(f"/items/{_linked_wand(p)}/unlink"), {}),
         False),
    Case("another-characters-item-action", lambda p: (
        p.api.c(f"/items/{_item(p, WAND, p.mara)}/identify"), {"character_id": p.ivo}), False),
]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_only_the_acting_character_s_own_command_settles_a_pending_failure(
        api: ApiClient, case: Case) -> None:
    p = party(api)
    path, body = case.prepare(p)
    assert magic_test(api, p.mara, FAIL_BY_3)["magic_test"]["success"] is False
    answer = api.post(path, body)
    assert answer.status == 200, answer
    assert ("MagicTestFailureAccepted" in types(answer)) is case.settles
    assert ("magic-test-failure" in pending(api, p.mara)) is not case.settles


def test_who_may_issue_them_and_a_refusal_records_nothing(api: ApiClient) -> None:
    p = party(api)
    wand = _item(p, WAND, p.mara)
    magic_test(api, p.mara, FAIL_BY_3)
    ivo, mara = api.new_token("player", p.ivo), api.new_token("player", p.mara)
    commit = _char(p, p.mara, "/effort/commit")
    refusals = [
        (commit, {"pool": "mage", "amount": 1, "duration": "day"}, ivo, "not-your-character"),
        (_char(p, p.mara, "/strain/gain"), {"amount": 1}, ivo, "not-your-character"),
        (api.c(f"/items/{wand}/damage"), {"amount": 20}, mara, "gm-only"),
        (api.c(f"/items/{wand}/identify"), {"character_id": p.mara}, ivo, "not-your-character"),
        (api.c(f"/items/{wand}/unlink"), {}, mara, "gm-only"),
        # any player maintains a jammed firearm, but credits only their own character
        (api.c(f"/items/{_jammed(p)}/maintain"), {"character_id": p.mara}, ivo,
         "not-your-character"),
    ]
    head = api.get(api.c())["position"]
    for path, body, token, rule in refusals:
        refused = api.post(path, body, token=token)
        assert (refused.status, refused["rule"]) == (403, rule), (path, refused)
    assert api.get(api.c())["position"] == head
    assert pending(api, p.mara) == ["magic-test-failure"]
    allowed = api.post(commit, {"pool": "mage", "amount": 1, "duration": "day"}, token=mara)
    assert allowed.status == 200, allowed
    assert "MagicTestFailureAccepted" in types(allowed)


def test_a_refused_item_action_records_nothing_not_even_its_settling(api: ApiClient) -> None:
    p = party(api)
    staff = _item(p, {"name": "Staff", "kind": "staff", "materials": [{"name": "wood"}]}, p.mara)
    magic_test(api, p.mara, FAIL_BY_3)
    refused = refused_with_nothing_recorded(
        api, lambda: api.post(api.c(f"/items/{staff}/identify"), {"character_id": p.mara}))
    assert refused["rule"] != "magic-test-failure-pending"
    assert pending(api, p.mara) == ["magic-test-failure"]


@pytest.mark.parametrize(("suffix", "body", "field"), [
    ("/strain/gain", {"amount": 1, "bogus": 1}, "bogus"),
    ("/spells/cast", {"spell": "Blast", "overcast": {"die": 3, "strain": 1, "bogus": 1}},
     "overcast.bogus"),
    ("/effort/eff_1/reclaim", {"bogus": 1}, "bogus"),
])
def test_an_unknown_field_is_a_422_naming_it(api: ApiClient, suffix: str, body: Any,
                                             field: str) -> None:
    api.new_campaign()
    chid = api.new_character()
    answer = api.post(api.c(f"/characters/{chid}{suffix}"), body)
    assert answer.status == 422, answer
    assert list(answer["errors"]) == [field]


def test_a_strain_action_other_than_gain_or_recover_is_still_not_found(api: ApiClient) -> None:
    api.new_campaign()
    chid = api.new_character()
    assert api.post(api.c(f"/characters/{chid}/strain/drain"), {"amount": 1}).status == 404
