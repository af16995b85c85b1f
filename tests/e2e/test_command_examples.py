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
from tests.api_client import ApiClient, by_id, primary
from tests.envelope import envelope_problems, is_recorded

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
    return {**ids, "spirit_id": summoned["spirit"]["id"]}


def ensnaring_spirit(api: ApiClient) -> Ids:
    """A present spirit with Ensnare, and a character to snare."""
    ids = summoner(api)
    summoned = api.post(api.c(f"/characters/{ids['character_id']}/spirits"), {
        **SummonSpirit.example, "powers": ["Ensnare", "Favor", "Spirit's Eye"]})
    assert summoned.status == 201, summoned
    return {"spirit_id": summoned.primary["id"], "character_id": api.new_character(name="Ivo")}


def ensnared(api: ApiClient) -> Ids:
    """A character snared by a spirit."""
    ids = ensnaring_spirit(api)
    snared = api.post(api.c(f"/spirits/{ids['spirit_id']}/ensnare"),
                      {"target": ids["character_id"]})
    assert snared.status == 200, snared
    return ids


def dismissed_spirit(api: ApiClient) -> Ids:
    ids = spirit(api)
    assert api.post(api.c(f"/spirits/{ids['spirit_id']}/dismiss")).status == 200
    return ids


def uncontrolled_spirit(api: ApiClient) -> Ids:
    ids = spirit(api)
    broke = api.post(api.c(f"/spirits/{ids['spirit_id']}/compel"),
                     {"command": "contrary", "dice": [1, 1]})
    assert broke["spirit"]["status"] == "uncontrolled", broke
    return ids


def banisher(api: ApiClient) -> Ids:
    """Another summoner in the current campaign."""
    return {"banisher_id": api.new_character(name="Ivo", **SUMMONER)}


def stunt_on_ovid(api: ApiClient, stunt: dict[str, Any]) -> dict[str, Any]:
    """Mara (Communication 1) rolls 6 SP and spends them on `stunt` against Ovid."""
    api.new_campaign()
    mara = api.new_character(name="Mara", abilities={"willpower": 2, "communication": 1})
    ovid = api.new_character(name="Ovid", abilities={"willpower": 2})
    assert api.post(api.c(f"/characters/{ovid}/conditions"), {"name": "Pinned"}).status == 201
    rolled = api.post(api.c(f"/characters/{mara}/rolls"),
                      {"kind": "age", "ability": "willpower", "tn": 5, "dice": [6, 6, 6]})
    spent = api.post(api.c("/stunts/spend"), {"roll_position": rolled["events"][0]["position"],
                                              "stunts": [stunt], "target": ovid})
    assert spent.status == 201, spent
    return dict(spent["events"][0]["data"])


def stunt_resistance(api: ApiClient) -> Ids:
    """A Frighten waiting for its target's Willpower (Courage) roll."""
    return {"resistance_id": stunt_on_ovid(api, {"name": "Frighten"})["resistances"][0]["id"]}


def lock(api: ApiClient) -> Ids:
    """A 3 SP Lock on a Pinned target."""
    return {"lock_id": stunt_on_ovid(api, {"name": "Lock", "sp": 3})["locks"][0]["id"]}


def convinced(api: ApiClient) -> Ids:
    api.new_campaign()
    return {"character_id": api.new_character(conviction={"current": 3, "max": 3})}


def _with_condition(api: ApiClient, condition: dict[str, Any]) -> Ids:
    api.new_campaign()
    character_id = api.new_character(abilities={"Constitution": 1})
    added = api.post(api.c(f"/characters/{character_id}/conditions"), condition)
    assert added.status == 201, added
    return {"character_id": character_id, "condition_id": added["condition"]["id"]}


def condition(api: ApiClient) -> Ids:
    """A character with Constitution, Fatigued (recoverable and healable)."""
    return _with_condition(api, {"name": "Fatigued"})


def wound(api: ApiClient) -> Ids:
    """Injured at 4 points: a Wound, treated before it recovers."""
    return _with_condition(api, {"name": "Injured", "points": 4, "target": "left arm"})


CASTER = {"name": "Sefa", "level": 3, "abilities": {"Willpower": 1}, "skills": {"cast": 1},
          "modifiers": {"int": 1, "con": 0}, "edges": ["Spellcaster"],
          "strain": {"current": 0, "permanent": 0, "max": 12}}


def caster(api: ApiClient) -> Ids:
    """A Spellcaster with Mage Effort (2) in an open scene."""
    api.new_campaign()
    ids = {"character_id": api.new_character(**CASTER)}
    for step in ("start-session", "start-scene"):
        assert api.post(api.c(f"/clock/{step}")).status == 200
    return ids


def duration_effort(api: ApiClient) -> Ids:
    ids = caster(api)
    committed = api.post(api.c(f"/characters/{ids['character_id']}/effort/commit"),
                         {"pool": "mage", "amount": 1, "duration": "duration"})
    assert committed.status == 200, committed
    return {**ids, "commitment_id": by_id(committed["effort"]["pools"], "mage")["commitments"][0]["id"]}


def prepared_caster(api: ApiClient) -> Ids:
    ids = caster(api)
    prepared = api.post(api.c(f"/characters/{ids['character_id']}/spells/prepare"),
                        {"spells": ["Blast"]})
    assert prepared.status == 200, prepared
    return ids


def _item(api: ApiClient, spec: dict[str, Any]) -> str:
    registered = api.post(api.c("/items"), spec)
    assert registered.status == 201, registered
    return str(primary(registered)["id"])


def item(api: ApiClient) -> Ids:
    """A caster and a hardwood staff nobody holds."""
    ids = caster(api)
    return {**ids, "item_id": _item(api, {"name": "Staff", "kind": "staff",
                                          "materials": [{"name": "hardwood"}]})}


def magic_item(api: ApiClient) -> Ids:
    ids = caster(api)
    return {**ids, "item_id": _item(api, {"name": "Wand", "kind": "wand",
                                          "materials": [{"name": "hardwood"}], "magical": True})}


def linked_item(api: ApiClient) -> Ids:
    ids = magic_item(api)
    linked = api.post(api.c(f"/items/{ids['item_id']}/link"), {"character_id": ids["character_id"]})
    assert linked.status == 200, linked
    return ids


def firearm(api: ApiClient) -> Ids:
    """A revolver (trust TN 9) and a caster with Willpower 1, in an open scene."""
    ids = caster(api)
    return {**ids, "item_id": _item(api, {"name": "Revolver", "kind": "firearm",
                                          "materials": [{"name": "steel"}],
                                          "firearm": {"weapon_class": "revolver", "damage": "2d6"}})}


def jammed_firearm(api: ApiClient) -> Ids:
    ids = firearm(api)
    tested = api.post(api.c(f"/items/{ids['item_id']}/trust-test"),
                      {"character_id": ids["character_id"], "dice": [1, 1, 5]})  # 8 < 9, Stunt Die 5
    assert tested.status == 200, tested
    assert tested["item"]["status"] == "jammed", tested
    return ids
def clock_action(api: ApiClient) -> Ids:
    """A campaign, and the clock action of the URL (`…/clock/{action}`)."""
    api.new_campaign()
    return {"action": "start-session"}


def rewound(api: ApiClient) -> Ids:
    """A rewind that is still the latest event."""
    ids = character(api)
    assert api.post(api.c("/rewind"), {"to_position": 1, "reason": "replay"}).status == 200
    return ids


def token(api: ApiClient) -> Ids:
    """An observer token of the campaign, to rotate."""
    api.new_campaign()
    issued = api.post(api.c("/tokens"), {"role": "observer"})
    assert issued.status == 201, issued
    return {"token_id": issued["id"]}


def webhook(api: ApiClient) -> Ids:
    """A webhook of the campaign, to delete."""
    api.new_campaign()
    made = api.post(api.c("/webhooks"), {"url": "https://bot.example/hook", "types": ["*"]})
    assert made.status == 201, made
    return {"webhook_id": made["id"]}


def hidden_roll(api: ApiClient) -> Ids:
    """A GM's roll behind the screen."""
    api.new_campaign()
    rolled = api.post(api.c("/hidden/rolls"), {"expression": "2d6"})
    assert rolled.status == 201, rolled
    return {"position": rolled["position"]}


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
    order = started["encounter"]["order"]
    return {**ids, "participant_id": order[1], "other_participant": order[2]}


def adventurer_in_encounter(api: ApiClient) -> Ids:
    """An Adventurer Grandmaster with Conviction, in an encounter under way."""
    scene(api)
    adventurer = api.new_character(name="Ada", conviction={"current": 2, "max": 2},
                                   talents=[{"name": "Adventurer", "degree": "Grandmaster"}])
    started = api.post(api.c("/encounter"), {"participants": [
        {"character_id": adventurer, "initiative": 10}]})
    assert started.status == 201, started
    return {"character_id": adventurer}


def confused_in_encounter(api: ApiClient) -> Ids:
    """A Confused character whose turn starts an encounter: a Confused test is owed."""
    scene(api)
    mara = api.new_character(name="Mara", abilities={"Willpower": 1})
    assert api.post(api.c(f"/characters/{mara}/conditions"), {"name": "Confused"}).status == 201
    started = api.post(api.c("/encounter"), {"participants": [
        {"character_id": mara, "initiative": 10}]})
    assert started.status == 201, started
    test = next(e for e in started["events"] if e["type"] == "TestOwed")["data"]["test"]
    return {"character_id": mara, "test_id": test["id"]}


def leader_and_ally(api: ApiClient) -> Ids:
    """A Leader Apex with Conviction, and an ally."""
    api.new_campaign()
    return {"character_id": api.new_character(name="Lea", conviction={"current": 2, "max": 2},
                                              talents=[{"name": "Leader", "degree": "Apex"}]),
            "ally_id": api.new_character(name="Ivo")}


def failed_ritual_roll(api: ApiClient) -> Ids:
    """A Rituals Grandmaster with Conviction, and a failed Ritual roll of another."""
    api.new_campaign()
    grandmaster = api.new_character(name="Rita", conviction={"current": 2, "max": 2},
                                    talents=[{"name": "Rituals", "degree": "Grandmaster"}])
    ivo = api.new_character(name="Ivo", abilities={"Willpower": 1})
    failed = api.post(api.c(f"/characters/{ivo}/rolls"), {
        "kind": "age", "ability": "Willpower", "tn": 15, "tags": ["rituals"], "dice": [2, 3, 4]})
    assert failed.status == 201, failed
    return {"character_id": grandmaster, "roll_position": failed["events"][0]["position"]}


def wizard_with_backlash(api: ApiClient) -> Ids:
    """A Wizard Apex with Conviction and temporary Backlash."""
    api.new_campaign()
    wizard = api.new_character(abilities={"Willpower": 3}, magic_ability="Willpower",
                               mana={"current": 10, "max": 10},
                               conviction={"current": 2, "max": 2},
                               talents=[{"name": "Wizard", "degree": "Apex"}])
    failed = api.post(api.c(f"/characters/{wizard}/magic-tests"),
                      {"base_tn": 10, "dice": [1, 2, 3]})
    assert failed.status == 201, failed
    return {"character_id": wizard}


def spirits_roll_in_encounter(api: ApiClient) -> Ids:
    """A Shaman Master in an encounter, with a Spirits test made in it."""
    scene(api)
    shaman = api.new_character(name="Sha", abilities={"Willpower": 2},
                               talents=[{"name": "Shaman", "degree": "Master"}])
    started = api.post(api.c("/encounter"), {"participants": [
        {"character_id": shaman, "initiative": 10}]})
    assert started.status == 201, started
    rolled = api.post(api.c(f"/characters/{shaman}/rolls"), {
        "kind": "age", "ability": "Willpower", "tn": 15, "tags": ["spirits"], "dice": [2, 3, 4]})
    assert rolled.status == 201, rolled
    return {"character_id": shaman, "roll_position": rolled["events"][0]["position"]}


def dying_character(api: ApiClient) -> Ids:
    """A character Dying at 0 Health, whose survival time is over at once (Constitution -2),
    so a survival test is owed."""
    api.new_campaign()
    character = api.new_character(name="Vex", abilities={"Constitution": -2})
    hurt = api.post(api.c(f"/characters/{character}/health/damage"), {"amount": 10})
    assert hurt.status == 200, hurt
    return {"character_id": character}


NEEDS: dict[str, Callable[[ApiClient], Ids]] = {
    "spirits-roll-in-encounter": spirits_roll_in_encounter,
    "failed-ritual-roll": failed_ritual_roll, "wizard-with-backlash": wizard_with_backlash,
    "dying-character": dying_character,
    "adventurer-in-encounter": adventurer_in_encounter, "leader-and-ally": leader_and_ally,
    "confused-in-encounter": confused_in_encounter, "ensnaring-spirit": ensnaring_spirit,
    "ensnared": ensnared,
    "scene": scene, "encounter": encounter,
    "clock-action": clock_action, "rewound": rewound, "token": token, "webhook": webhook,
    "summoner": summoner, "spirit": spirit, "dismissed-spirit": dismissed_spirit,
    "uncontrolled-spirit": uncontrolled_spirit, "banisher": banisher,
    "character": character, "mage": mage, "failed-test": failed_test,
    "backlash-choice": backlash_choice, "consequences-due": consequences_due,
    "two-characters": two_characters, "pool-roll": pool_roll,
    "stunt-resistance": stunt_resistance, "lock": lock,
    "convinced": convinced, "condition": condition, "wound": wound,
    "caster": caster, "duration-effort": duration_effort, "prepared-caster": prepared_caster,
    "item": item, "magic-item": magic_item, "linked-item": linked_item, "firearm": firearm,
    "jammed-firearm": jammed_firearm,
    "gain": lambda api: {"action": "gain"},  # a path's choice, not state
    "hidden-roll": hidden_roll,
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
    if is_recorded(registration):
        assert envelope_problems(registration, answer.body) == [], answer
