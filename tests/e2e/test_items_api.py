"""Items over HTTP, on both stores: register, damage, repair, trust tests, identify, links."""

from __future__ import annotations

from typing import Any

from tests.api_client import ApiClient, by_id

STEEL_KNIFE = {"name": "Knife", "kind": "weapon", "materials": [{"name": "steel"}]}
WAND = {"name": "Wand", "kind": "wand", "materials": [{"name": "hardwood"}], "magical": True}


def register(api: ApiClient, spec: dict[str, Any]) -> str:
    answer = api.post(api.c("/items"), spec)
    assert answer.status == 201, answer
    return str(answer.primary["id"])


def types(answer: Any) -> list[str]:
    return [e["type"] for e in answer["events"]]


def test_registering_steel_gives_the_rules_durability_and_integrity(api: ApiClient) -> None:
    api.new_campaign()
    answer = api.post(api.c("/items"), STEEL_KNIFE)
    assert answer.status == 201
    item = answer.primary
    assert (item["durability"], item["repair_tn"], item["integrity"]) == (
        15, 25, {"current": 10, "max": 10})
    assert types(answer) == ["ItemRegistered"]


def test_only_the_gm_registers_items(api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character()
    player = api.new_token("player", mara)
    answer = api.post(api.c("/items"), STEEL_KNIFE, token=player)
    assert answer.status == 403


def test_an_unlisted_material_without_figures_is_a_422(api: ApiClient) -> None:
    api.new_campaign()
    answer = api.post(api.c("/items"), {"name": "Idol", "kind": "object",
                                        "materials": [{"name": "bone"}]})
    assert answer.status == 422
    assert answer["rule"] == "material-figures-required"


def test_damage_above_durability_takes_integrity_and_repair_restores_it(api: ApiClient) -> None:
    api.new_campaign()
    knife = register(api, STEEL_KNIFE)
    weak = api.post(api.c(f"/items/{knife}/damage"), {"amount": 13, "type": "acid"})
    assert weak.primary["integrity"]["current"] == 9  # steel is 12 against acid
    strong = api.post(api.c(f"/items/{knife}/damage"), {"amount": 19, "type": "fire"})
    assert strong["events"][0]["data"]["exceeded"] is False  # 20 against fire
    repaired = api.post(api.c(f"/items/{knife}/repair"), {"threshold_successes": 4})
    assert repaired["events"][0]["data"]["tn"] == 25
    assert repaired.primary["integrity"]["current"] == 10


def test_a_destroyed_object_takes_no_more_hits(api: ApiClient) -> None:
    api.new_campaign()
    vial = register(api, {"name": "Vial", "kind": "object", "materials": [{"name": "liquid"}],
                          "integrity_current": 1})
    gone = api.post(api.c(f"/items/{vial}/damage"), {"amount": 1, "at_zero": "destroyed"})
    assert gone.primary["status"] == "destroyed"
    again = api.post(api.c(f"/items/{vial}/damage"), {"amount": 1})
    assert again.status == 409
    assert again["rule"] == "item-destroyed"


def test_a_trust_test_that_explodes_hurts_the_user_and_ruins_the_weapon(api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character(abilities={"Willpower": 0}, health={"current": 20, "max": 20})
    gun = register(api, {"name": "Colt", "kind": "firearm", "materials": [{"name": "steel"}],
                         "firearm": {"weapon_class": "revolver", "damage": "2d6"}})
    api.post(api.c("/clock/start-scene"))
    player = api.new_token("player", mara)
    answer = api.post(api.c(f"/items/{gun}/trust-test"),
                      {"character_id": mara, "dice": [1, 1, 2], "damage_dice": [3, 4]}, token=player)
    assert answer.status == 200, answer
    assert types(answer) == ["Rolled", "TrustTested", "Rolled", "Damaged"]
    assert answer["events"][1]["data"]["outcome"] == "exploded"
    assert answer["events"][3]["data"]["amount"] == 9
    assert answer.primary["status"] == "exploded"
    hurt = api.get(api.c(f"/characters/{mara}"))["character"]["health"]["current"]
    assert hurt == 11


def test_a_trust_test_is_once_per_encounter(api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character(abilities={"Willpower": 3}, focuses=["Firearms"])
    gun = register(api, {"name": "Colt", "kind": "firearm", "materials": [{"name": "steel"}],
                         "firearm": {"weapon_class": "revolver", "damage": "2d6"}})
    no_scene = api.post(api.c(f"/items/{gun}/trust-test"), {"character_id": mara})
    assert no_scene["rule"] == "trust-test-needs-an-encounter"
    api.post(api.c("/clock/start-scene"))
    first = api.post(api.c(f"/items/{gun}/trust-test"), {"character_id": mara, "dice": [4, 4, 4]})
    assert first["events"][1]["data"]["success"] is True
    again = api.post(api.c(f"/items/{gun}/trust-test"), {"character_id": mara, "dice": [4, 4, 4]})
    assert again.status == 409
    assert again["rule"] == "trust-test-once-per-encounter"


def test_a_jammed_weapon_works_again_after_maintenance(api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character(abilities={"Willpower": 0})
    gun = register(api, {"name": "Rifle", "kind": "firearm", "materials": [{"name": "steel"}],
                         "firearm": {"weapon_class": "sniper rifle", "damage": "3d6"}})
    api.post(api.c("/clock/start-scene"))
    jammed = api.post(api.c(f"/items/{gun}/trust-test"), {"character_id": mara, "dice": [1, 1, 6]})
    assert jammed.primary["status"] == "jammed"
    fixed = api.post(api.c(f"/items/{gun}/maintain"), {"character_id": mara})
    assert fixed.primary["status"] == "working"


def test_linking_a_mage_adds_strain_and_binds_effort_until_the_day_after_unlinking(
        api: ApiClient) -> None:
    api.new_campaign()
    mage = api.new_character(edges=["Spellcaster"], skills={"cast": 1}, modifiers={"int": 1})
    wand = register(api, WAND)
    linked = api.post(api.c(f"/items/{wand}/link"), {"character_id": mage})
    assert linked.status == 200, linked
    assert types(linked) == ["ItemLinked", "EffortCommitted"]
    assert linked.primary["linked_to"] == mage
    sheet = api.get(api.c(f"/characters/{mage}"))["character"]
    assert (sheet["strain"]["current"], sheet["strain"]["permanent"]) == (1, 1)
    unlinked = api.post(api.c(f"/items/{wand}/unlink"), {"character_id": mage})
    assert types(unlinked) == ["TimeAdvanced", "ItemLinkEnded", "EffortReleased"]
    assert unlinked["events"][0]["data"]["minutes"] == 60
    sheet = api.get(api.c(f"/characters/{mage}"))["character"]
    assert (sheet["strain"]["current"], sheet["strain"]["permanent"]) == (1, 0)
    assert len(sheet["effort"]["commitments"]) == 1
    day = api.post(api.c("/clock/new-day"), {"rested": [mage]})
    assert "EffortReturned" in types(day)
    assert api.get(api.c(f"/characters/{mage}"))["character"]["effort"]["commitments"] == []


def test_linking_without_know_how_is_a_409_naming_the_rule(api: ApiClient) -> None:
    api.new_campaign()
    mundane = api.new_character()
    wand = register(api, WAND)
    answer = api.post(api.c(f"/items/{wand}/link"), {"character_id": mundane})
    assert answer.status == 409
    assert answer["rule"] == "link-needs-magical-know-how"
    guide = api.new_character(name="Guide", edges=["Graced"])
    helped = api.post(api.c(f"/items/{wand}/link"), {"character_id": mundane, "helper": guide})
    assert helped.status == 200


def test_items_list_shows_holders_links_and_history_at_any_position(api: ApiClient) -> None:
    api.new_campaign()
    ada = api.new_character(name="Ada", edges=["Graced"])
    bo = api.new_character(name="Bo", edges=["Graced"])
    wand = register(api, WAND | {"holder": ada})
    first = api.post(api.c(f"/items/{wand}/link"), {"character_id": ada})["position"]
    api.post(api.c(f"/items/{wand}/link"), {"character_id": bo})
    api.post(api.c(f"/items/{wand}/hand-over"), {"holder": bo})
    now = api.get(api.c("/items"))
    assert now["by_character"] == [{"character_id": bo, "holds": [wand], "linked": [wand]}]
    history = now["items"][0]["links"]
    assert [(h["user"], h["why"]) for h in history] == [(ada, "new-user-imprinted"), (bo, None)]
    assert history[0]["linked_at"] == first
    then = api.get(api.c(f"/items/{wand}?at={first}"))
    assert then["position"] == first
    assert then["item"]["linked_to"] == ada
    whole = api.get(api.c("/state"))["state"]
    assert by_id(whole["items"], wand)["linked_to"] == bo
    assert by_id(whole["characters"], ada)["strain"]["permanent"] == 0


def test_identifying_takes_a_day_of_study(api: ApiClient) -> None:
    api.new_campaign()
    scholar = api.new_character(skills={"cast": 0})
    ring = register(api, WAND | {"name": "Ring", "min_skill": {"skill": "cast", "level": 1}})
    refused = api.post(api.c(f"/items/{ring}/identify"), {"character_id": scholar})
    assert refused["rule"] == "identification-needs-minimum-skill"
    amulet = register(api, WAND | {"name": "Amulet"})
    begun = api.post(api.c(f"/items/{amulet}/identify"), {"character_id": scholar})
    assert types(begun) == ["ItemIdentificationBegun"]
    assert begun.primary["identified"] == []
    day = api.post(api.c("/clock/new-day"), {"rested": []})
    assert "ItemIdentified" in types(day)
    known = api.get(api.c(f"/items/{amulet}"))["item"]["identified"]
    assert [(i["character_id"], i["day"]) for i in known] == [(scholar, 2)]


def test_a_death_ends_the_link(api: ApiClient) -> None:
    api.new_campaign()
    ada = api.new_character(name="Ada", edges=["Graced"])
    wand = register(api, WAND)
    api.post(api.c(f"/items/{wand}/link"), {"character_id": ada})
    died = api.post(api.c(f"/characters/{ada}/death"), {"cause": "shot"})
    assert "ItemLinkEnded" in types(died)
    item = api.get(api.c(f"/items/{wand}"))["item"]
    assert item["linked_to"] is None
    assert item["links"][0]["why"] == "user-died"


def test_an_unknown_item_is_a_404(api: ApiClient) -> None:
    api.new_campaign()
    assert api.get(api.c("/items/itm_nope")).status == 404
    assert api.post(api.c("/items/itm_nope/damage"), {"amount": 3}).status == 404
