"""Effort, spells, overcasting and System Strain over HTTP, on both stores."""

from __future__ import annotations

from tests.api_client import ApiClient, by_id

MAGE = {"name": "Mara", "level": 1, "skills": {"cast": 1}, "modifiers": {"int": 1, "con": 0},
        "attributes": {"con": 12}, "strain": {"current": 0, "permanent": 0, "max": 12},
        "edges": ["Spellcaster"]}


def mage(api: ApiClient, **sheet: object) -> str:
    api.new_campaign()
    return api.new_character(**{**MAGE, **sheet})


def path(api: ApiClient, character_id: str, suffix: str) -> str:
    return api.c(f"/characters/{character_id}{suffix}")


def test_committing_effort_answers_max_available_and_each_commitment(api: ApiClient) -> None:
    mara = mage(api)
    answer = api.post(path(api, mara, "/effort/commit"),
                      {"pool": "mage", "amount": 1, "duration": "scene", "label": "Cloak"})
    assert answer.status == 200, answer
    mage_pool = by_id(answer.primary["pools"], "mage")
    assert (mage_pool["max"], mage_pool["available"]) == (2, 1)
    (commitment,) = mage_pool["commitments"]
    assert (commitment["duration"], commitment["label"]) == ("scene", "Cloak")
    assert answer["events"][0]["type"] == "EffortCommitted"


def test_committing_more_effort_than_available_is_a_409_and_records_nothing(
    api: ApiClient,
) -> None:
    mara = mage(api)
    head = api.get(api.c())["position"]
    answer = api.post(path(api, mara, "/effort/commit"),
                      {"pool": "mage", "amount": 3, "duration": "day"})
    assert answer.status == 409
    assert answer["rule"] == "effort-exhausted"
    assert api.get(api.c())["position"] == head


def test_cyberware_of_strains_2_0_and_half_cuts_four_effort(api: ApiClient) -> None:
    mara = mage(api, skills={"cast": 4}, modifiers={"int": 2, "con": 0},
                cyberware=[{"name": "arm", "strain": 2}, {"name": "eyes", "strain": 0},
                           {"name": "jack", "strain": 0.5}])
    effort = api.get(path(api, mara, "/effort"))["effort"]
    assert (effort["cyberware_cut"], by_id(effort["pools"], "mage")["max"]) == (4, 2)


def test_duration_effort_is_reclaimed_and_scene_effort_returns_at_the_scenes_end(
    api: ApiClient,
) -> None:
    mara = mage(api, skills={"cast": 2})
    api.post(api.c("/clock/start-scene"))
    held = api.post(path(api, mara, "/effort/commit"),
                    {"pool": "mage", "amount": 1, "duration": "duration"})
    commitment_id = held["events"][0]["data"]["commitment"]["id"]
    api.post(path(api, mara, "/effort/commit"), {"pool": "mage", "amount": 2, "duration": "scene"})
    api.post(api.c("/clock/end-scene"))
    assert by_id(api.get(path(api, mara, "/effort"))["effort"]["pools"], "mage")["available"] == 2
    back = api.post(path(api, mara, f"/effort/{commitment_id}/reclaim"))
    assert back.status == 200, back
    assert by_id(back.primary["pools"], "mage")["available"] == 3
    assert api.post(path(api, mara, "/effort/eff_nope/reclaim")).status == 404


def test_day_effort_returns_at_a_new_day_only_to_those_who_rested(api: ApiClient) -> None:
    mara = mage(api)
    ovid = api.new_character(**{**MAGE, "name": "Ovid"})
    for who in (mara, ovid):
        api.post(path(api, who, "/effort/commit"), {"pool": "mage", "amount": 1, "duration": "day"})
    api.post(api.c("/clock/new-day"), {"rested": [mara]})
    assert by_id(api.get(path(api, mara, "/effort"))["effort"]["pools"], "mage")["available"] == 2
    assert by_id(api.get(path(api, ovid, "/effort"))["effort"]["pools"], "mage")["available"] == 1


def test_effort_and_strain_at_a_past_position_show_each_commitment(api: ApiClient) -> None:
    mara = mage(api)
    first = api.post(path(api, mara, "/effort/commit"),
                     {"pool": "mage", "amount": 1, "duration": "day", "label": "Emotion"})
    api.post(path(api, mara, "/strain/gain"), {"amount": 2, "reason": "stims"})
    then = api.get(path(api, mara, f"/effort?at={first['position']}"))
    assert then["position"] == first["position"]
    assert [c["label"] for c in by_id(then["effort"]["pools"], "mage")["commitments"]] == ["Emotion"]
    assert then["strain"]["current"] == 0
    assert api.get(path(api, mara, "/strain"))["strain"]["current"] == 2


def test_prepared_spells_are_cast_and_blast_adds_strain_after_the_first(api: ApiClient) -> None:
    mara = mage(api, skills={"cast": 3})
    prepared = api.post(path(api, mara, "/spells/prepare"), {"spells": ["blast", "Stun"]})
    assert prepared.status == 200, prepared
    api.post(api.c("/clock/start-scene"))
    for _ in range(2):
        cast = api.post(path(api, mara, "/spells/cast"), {"spell": "Blast", "duration": "scene"})
        assert cast.status == 200, cast
    assert cast.primary["strain"]["current"] == 1
    spells = api.get(path(api, mara, "/spells"))["spells"]
    assert (spells["prepared"], spells["casts_this_scene"]) == (["Blast", "Stun"], {"Blast": 2})
    again = api.post(path(api, mara, "/spells/prepare"), {"spells": ["Stun"]})
    assert (again.status, again["rule"]) == (409, "prepare-at-new-day")


def test_an_unprepared_spell_is_a_409(api: ApiClient) -> None:
    mara = mage(api)
    answer = api.post(path(api, mara, "/spells/cast"), {"spell": "Blast", "duration": "scene"})
    assert (answer.status, answer["rule"]) == (409, "spell-not-prepared")


def test_heal_injury_adds_strain_to_the_target_character(api: ApiClient) -> None:
    mara = mage(api)
    ovid = api.new_character(name="Ovid")
    api.post(path(api, mara, "/spells/prepare"), {"spells": ["Heal Injury"]})
    answer = api.post(path(api, mara, "/spells/cast"),
                      {"spell": "Heal Injury", "duration": "scene", "target": ovid})
    assert answer.status == 200, answer
    assert api.get(path(api, ovid, "/strain"))["strain"]["current"] == 1


def test_overcasting_over_the_maximum_knocks_the_caster_out_at_1_hp(api: ApiClient) -> None:
    mara = mage(api, strain={"current": 11, "permanent": 0, "max": 12})
    api.post(path(api, mara, "/spells/prepare"), {"spells": ["Emotion"]})
    answer = api.post(path(api, mara, "/spells/cast"),
                      {"spell": "Emotion", "duration": "day", "overcast": {"die": 4, "strain": 2}})
    assert answer.status == 200, answer
    types = [e["type"] for e in answer["events"]]
    assert types == ["SpellCast", "StrainGained", "OvercastCollapsed"]
    assert answer["events"][0]["data"]["overcast"]["result"] == 4 + 1 + 0 - 2
    assert (answer.primary["unconscious"], answer.primary["health"]["current"]) == (True, 1)
    api.post(api.c("/clock/advance"), {"minutes": 60})
    assert api.get(path(api, mara, ""))["character"]["unconscious"] is False


def test_haste_uses_add_strain_to_the_user(api: ApiClient) -> None:
    mara = mage(api)
    for _ in range(3):
        answer = api.post(path(api, mara, "/spells/use"), {"spell": "Haste"})
    assert answer.primary["strain"]["current"] == 0 + 1 + 2


def test_strain_recovers_by_the_amount_given_but_never_below_permanent(api: ApiClient) -> None:
    mara = mage(api, strain={"current": 5, "permanent": 2, "max": 12})
    answer = api.post(path(api, mara, "/strain/recover"), {"amount": 9, "reason": "rest"})
    assert answer["events"][0]["data"]["amount"] == 3
    assert answer.primary["strain"] == {"current": 2, "permanent": 2, "max": 12}


def test_a_player_commits_effort_only_for_their_own_character(api: ApiClient) -> None:
    mara = mage(api)
    ovid = api.new_character(name="Ovid")
    token = api.new_token("player", ovid)
    answer = api.post(path(api, mara, "/effort/commit"),
                      {"pool": "mage", "amount": 1, "duration": "day"}, token=token)
    assert answer.status == 403
    observer = api.new_token("observer")
    assert api.get(path(api, mara, "/effort"), token=observer).status == 200
