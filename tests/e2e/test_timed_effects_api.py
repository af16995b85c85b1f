"""Effects measured in minutes or scenes over HTTP, on both stores (001;
docs/rules/encounters.md, "Effects measured in minutes or scenes")."""

from __future__ import annotations

from tests.api_client import ApiClient

MAGE = {"name": "Mara", "level": 3, "skills": {"cast": 1}, "modifiers": {"int": 1, "con": 0},
        "attributes": {"con": 12}, "strain": {"current": 0, "permanent": 0, "max": 12},
        "edges": ["Spellcaster"]}
SUMMONER = {"name": "Sol", "level": 5, "skills": {"summon": 2},
            "modifiers": {"cha": 2, "con": 0}, "edges": ["Summoner"]}
HOUND = {"mode": "ritual", "nature": "Fire", "form": "physical", "form_level": 1,
         "appearance": "a burning hound", "powers": ["Ensnare"], "hit_dice": 1,
         "hit_points": 6}


def test_a_creature_targeted_by_stun_is_immune_to_stun_and_stunwave_for_the_rest_of_the_scene(
        api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character(**MAGE)
    ivo = api.new_character(name="Ivo")
    api.post(api.c(f"/characters/{mara}/spells/prepare"), {"spells": ["Stun", "Stunwave"]})
    api.post(api.c("/clock/start-scene"))
    cast = api.c(f"/characters/{mara}/spells/cast")
    first = api.post(cast, {"spell": "Stun", "target": ivo, "duration": "scene"})
    assert first.status == 200, first
    scene = api.get(api.c())["campaign"]["clock"]["scene"]
    assert api.get(api.c(f"/characters/{ivo}"))["character"]["stun_immune_scene"] == scene
    head = api.get(api.c())["position"]
    again = api.post(cast, {"spell": "Stunwave", "target": ivo, "duration": "scene"})
    assert (again.status, again["rule"]) == (409, "immune-to-stun-this-scene")
    assert again.headers["Content-Type"].startswith("application/problem+json")
    assert api.get(api.c())["position"] == head
    ended = api.post(api.c("/clock/end-scene"))
    assert "StunImmunityEnded" in [e["type"] for e in ended["events"]]


def test_ensnare_lasts_five_minutes_and_fades_mid_fight_at_the_round_that_reaches_them(
        api: ApiClient) -> None:
    api.new_campaign()
    assert api.patch(api.c("/settings"), {"settings": {"round_seconds": 60}}).status == 200
    sol = api.new_character(**SUMMONER)
    ivo = api.new_character(name="Ivo")
    summoned = api.post(api.c(f"/characters/{sol}/spirits"), HOUND)
    assert summoned.status == 201, summoned
    spirit = summoned.primary["id"]
    api.post(api.c("/clock/start-scene"))
    api.post(api.c("/encounter"), {"participants": [{"character_id": ivo, "initiative": 9}]})
    snared = api.post(api.c(f"/spirits/{spirit}/ensnare"), {"target": "Ivo"})
    assert snared.status == 200, snared
    (snare,) = api.get(api.c(f"/characters/{ivo}"))["character"]["snares"]
    # the ritual took two hours: the snare holds until minute 125
    assert (snare["spirit_id"], snare["until_minute"]) == (spirit, 125)
    for _ in range(4):  # rounds 2 to 5: minutes 1 to 4
        api.post(api.c("/encounter/next-turn"))
    assert api.get(api.c(f"/characters/{ivo}"))["character"]["snares"]
    faded = api.post(api.c("/encounter/next-turn"))  # round 6: minute 5
    assert "SnareFaded" in [e["type"] for e in faded["events"]]
    assert api.get(api.c(f"/characters/{ivo}"))["character"]["snares"] == []
    full = api.post(api.c(f"/spirits/{spirit}/ensnare"), {"target": ivo})
    assert full.status == 200, full
    freed = api.post(api.c(f"/characters/{ivo}/snares/{spirit}/free"))
    assert freed.status == 200, freed
    assert freed.primary["snares"] == []
