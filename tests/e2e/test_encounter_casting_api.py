"""Casting counted in rounds over HTTP, on both stores (001; docs/rules/encounters.md,
"Casting in a round")."""

from __future__ import annotations

from tests.api_client import ApiClient

MAGE = {"name": "Mara", "level": 1, "skills": {"cast": 1}, "modifiers": {"int": 1, "con": 0},
        "attributes": {"con": 12}, "strain": {"current": 0, "permanent": 0, "max": 12},
        "health": {"current": 10, "max": 10}, "edges": ["Spellcaster"]}


def mage_in_fight(api: ApiClient) -> str:
    """Mara (12) then a thug (10), round 1, Mara's turn, Illumination prepared."""
    api.new_campaign()
    mara = api.new_character(**MAGE)
    assert api.post(api.c(f"/characters/{mara}/spells/prepare"),
                    {"spells": ["Illumination"]}).status == 200
    assert api.post(api.c("/clock/start-scene")).status == 200
    started = api.post(api.c("/encounter"), {"participants": [
        {"character_id": mara, "initiative": 12}, {"name": "Thug", "initiative": 10}]})
    assert started.status == 201, started
    return mara


def test_a_mage_hurt_in_a_round_cannot_cast_that_round_but_can_the_next(api: ApiClient) -> None:
    mara = mage_in_fight(api)
    hurt = api.post(api.c(f"/characters/{mara}/health/damage"),
                    {"amount": 3, "type": "wound", "reason": "knife"})
    assert hurt.status == 200, hurt
    noted = next(e for e in hurt["events"] if e["type"] == "HurtThisRound")["data"]
    assert (noted["round"], noted["amount"]) == (1, 3)
    head = api.get(api.c())["position"]
    refused = api.post(api.c(f"/characters/{mara}/spells/cast"), {"spell": "Illumination"})
    assert (refused.status, refused["rule"]) == (409, "hurt-this-round-cannot-cast")
    assert refused.headers["Content-Type"].startswith("application/problem+json")
    assert api.get(api.c())["position"] == head  # a refused cast records nothing
    api.post(api.c("/encounter/next-turn"))
    api.post(api.c("/encounter/next-turn"))  # round 2
    cast = api.post(api.c(f"/characters/{mara}/spells/cast"), {"spell": "Illumination"})
    assert cast.status == 200, cast
    assert "SpellCast" in [e["type"] for e in cast["events"]]


def test_overcasting_applies_only_to_the_spell_cast_with_it_in_that_round(
        api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character(**MAGE)
    api.post(api.c(f"/characters/{mara}/spells/prepare"), {"spells": ["Blast"]})
    api.post(api.c("/clock/start-scene"))
    api.post(api.c("/encounter"), {"participants": [{"character_id": mara, "initiative": 12}]})
    cast = api.c(f"/characters/{mara}/spells/cast")
    over = api.post(cast, {"spell": "Blast", "duration": "scene",
                           "overcast": {"die": 3, "strain": 1}})
    assert over.status == 200, over
    assert "EffortCommitted" not in [e["type"] for e in over["events"]]
    plain = api.post(cast, {"spell": "Blast", "duration": "scene"})
    assert plain.status == 200, plain
    assert "EffortCommitted" in [e["type"] for e in plain["events"]]
    assert api.get(api.c("/encounter"))["encounter"]["round"] == 1


def test_haste_lasts_its_rolled_rounds_with_one_extra_action_per_round(api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character(**MAGE)
    ivo = api.new_character(name="Ivo")
    api.post(api.c(f"/characters/{mara}/spells/prepare"), {"spells": ["Haste"]})
    api.post(api.c("/clock/start-scene"))
    api.post(api.c("/encounter"), {"participants": [
        {"character_id": mara, "initiative": 12}, {"character_id": ivo, "initiative": 10}]})
    hasted = api.post(api.c(f"/characters/{mara}/spells/cast"),
                      {"spell": "Haste", "duration": "scene", "target": ivo})
    assert hasted.status == 200, hasted
    rolled = next(e for e in hasted["events"] if e["type"] == "Rolled")["data"]
    assert rolled["expression"] == "1d4+1"
    assert 2 <= rolled["total"] <= 5
    (effect,) = api.get(api.c("/encounter"))["encounter"]["encounter"]["effects"]
    assert (effect["character_id"], effect["round"]) == (ivo, 1 + rolled["total"])
    use = api.c(f"/characters/{ivo}/spells/use")
    assert api.post(use, {"spell": "Haste"}).status == 200
    again = api.post(use, {"spell": "Haste"})
    assert (again.status, again["rule"]) == (409, "haste-once-per-round")
    for _ in range(2 * rolled["total"]):  # to round 1 + total, Mara's turn: it ends
        api.post(api.c("/encounter/next-turn"))
    (effect,) = api.get(api.c("/encounter"))["encounter"]["encounter"]["effects"]
    assert effect["ended"]
    late = api.post(use, {"spell": "Haste"})
    assert (late.status, late["rule"]) == (409, "haste-ended")
