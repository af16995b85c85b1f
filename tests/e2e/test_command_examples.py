"""Every registered command's example, as the API documents it, succeeds on both stores.

Each command names what its example needs (`example_needs`, beside the example); the
builders here make that state and give the ids, which fill the path and any `{name}` in
the body. The example is then sent as it is, with the GM's token, and must answer 2xx.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from api import route_blueprints
from api.registry import REGISTRY, Registration
from ledger.domain.spirits.commands import SummonSpirit
from tests.api_client import ApiClient

route_blueprints()
Ids = dict[str, Any]  # name -> id (a position is a number)


def character(api: ApiClient) -> Ids:
    api.new_campaign()
    return {"character_id": api.new_character()}


def mage(api: ApiClient) -> Ids:
    api.new_campaign()
    return {"character_id": api.new_character(
        abilities={"Willpower": 3}, magic_ability="Willpower", mana={"current": 10, "max": 10})}


def failed_test(api: ApiClient) -> Ids:
    ids = mage(api)
    failed = api.post(api.c(f"/characters/{ids['character_id']}/magic-tests"),
                      {"base_tn": 10, "dice": [1, 2, 3]})  # 6 + 3 = 9 against TN 10
    assert failed.status == 201, failed
    assert failed["magic_test"]["success"] is False
    return {**ids, "test_id": failed["magic_test"]["test_id"]}


def backlash_choice(api: ApiClient) -> Ids:
    ids = failed_test(api)
    accepted = api.post(api.c(f"/characters/{ids['character_id']}/magic-tests/"
                              f"{ids['test_id']}/accept"))
    assert accepted.status == 200, accepted
    return ids


def consequences_due(api: ApiClient) -> Ids:
    ids = backlash_choice(api)
    failed = api.post(api.c(f"/characters/{ids['character_id']}/backlash/consequence-roll"),
                      {"fail_deliberately": True})
    assert failed.status == 200, failed
    return ids


def two_characters(api: ApiClient) -> Ids:
    api.new_campaign()
    return {"character_id": api.new_character(name="Mara", abilities={"willpower": 2}),
            "other_id": api.new_character(name="Ovid", abilities={"willpower": 2})}


def pool_roll(api: ApiClient) -> Ids:
    """A bonded pair in an open session, and a successful active roll with 4 SP."""
    ids = two_characters(api)
    for a, b in ((ids["character_id"], ids["other_id"]), (ids["other_id"], ids["character_id"])):
        assert api.post(api.c("/bonds"), {"a": a, "b": b, "rank": 1}).status == 201
    assert api.post(api.c("/clock/start-session")).status == 200
    rolled = api.post(api.c(f"/characters/{ids['character_id']}/rolls"),
                      {"kind": "age", "ability": "willpower", "tn": 5, "dice": [4, 5, 4]})
    assert rolled.status == 201, rolled
    return {**ids, "roll_position": rolled["events"][0]["position"]}


SUMMONER = {"level": 5, "skills": {"summon": 1}, "modifiers": {"cha": 2, "con": 0},
            "edges": ["Summoner"]}


def summoner(api: ApiClient) -> Ids:
    api.new_campaign()
    return {"character_id": api.new_character(**SUMMONER)}


def spirit(api: ApiClient) -> Ids:
    """A present ritual spirit of a summoner (the Summon example)."""
    ids = summoner(api)
    summoned = api.post(api.c(f"/characters/{ids['character_id']}/spirits"),
                        SummonSpirit.example)
    assert summoned.status == 201, summoned
    return {**ids, "spirit_id": summoned["spirit_id"]}


def dismissed_spirit(api: ApiClient) -> Ids:
    ids = spirit(api)
    assert api.post(api.c(f"/spirits/{ids['spirit_id']}/dismiss")).status == 200
    return ids


def uncontrolled_spirit(api: ApiClient) -> Ids:
    ids = spirit(api)
    broke = api.post(api.c(f"/spirits/{ids['spirit_id']}/compel"),
                     {"command": "contrary", "dice": [1, 1]})
    assert broke["state"]["spirit"]["status"] == "uncontrolled", broke
    return ids


def banisher(api: ApiClient) -> Ids:
    """Another summoner in the current campaign."""
    return {"banisher_id": api.new_character(name="Ivo", **SUMMONER)}


def scene(api: ApiClient) -> Ids:
    """A character in an open scene."""
    ids = character(api)
    assert api.post(api.c("/clock/start-scene")).status == 200
    return ids


def encounter(api: ApiClient) -> Ids:
    """An encounter under way: the character first, then two named participants."""
    ids = scene(api)
    started = api.post(api.c("/encounter"), {"participants": [
        {"character_id": ids["character_id"], "initiative": 14},
        {"name": "Hired gun", "initiative": 11}, {"name": "Driver", "initiative": 5}]})
    assert started.status == 201, started
    order = started["state"]["order"]
    return {**ids, "participant_id": order[1], "other_participant": order[2]}


NEEDS: dict[str, Callable[[ApiClient], Ids]] = {
    "scene": scene, "encounter": encounter,
    "summoner": summoner, "spirit": spirit, "dismissed-spirit": dismissed_spirit,
    "uncontrolled-spirit": uncontrolled_spirit, "banisher": banisher,
    "character": character, "mage": mage, "failed-test": failed_test,
    "backlash-choice": backlash_choice, "consequences-due": consequences_due,
    "two-characters": two_characters, "pool-roll": pool_roll,
}


def fill(value: Any, ids: Ids) -> Any:
    """`{name}` in the example's strings, replaced by the id the needs gave; a string that
    is only `{name}` becomes the id itself, so a position stays a number."""
    whole = re.fullmatch(r"{(\w+)}", value) if isinstance(value, str) else None
    if whole and whole.group(1) in ids:
        return ids[whole.group(1)]
    if isinstance(value, str):
        return re.sub(r"{(\w+)}", lambda m: str(ids.get(m.group(1), m.group(0))), value)
    if isinstance(value, list):
        return [fill(v, ids) for v in value]
    if isinstance(value, dict):
        return {k: fill(v, ids) for k, v in value.items()}
    return value


@pytest.mark.parametrize("registration", REGISTRY, ids=lambda r: r.command.__name__)
def test_the_documented_example_succeeds(api: ApiClient, registration: Registration) -> None:
    command = registration.command
    assert set(command.example_needs) <= set(NEEDS), "a need without a builder"
    ids: Ids = {}
    for need in command.example_needs:
        ids.update(NEEDS[need](api))
    if not ids:
        api.new_campaign()
    path = fill(registration.path, {**ids, "campaign_id": api.campaign})
    answer = api.call(registration.method, path, fill(command.example, ids))
    assert answer.status == registration.status, answer
