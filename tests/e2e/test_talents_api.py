"""Talents the ledger applies, over HTTP on both stores (docs/rules/talents.md): Warrior
Novice's Health, Wizard Novice's +1 and Shaman Grandmaster's -1 Mana on Magic Tests."""

from __future__ import annotations

from typing import Any

from tests.api_client import ApiClient, by_id

WARRIOR = [{"name": "Warrior", "degree": "Novice"}]


def summaries(api: ApiClient) -> list[str]:
    answer = api.get(api.c("/timeline"))
    assert answer.status == 200, answer
    return [e["summary"] for e in answer["entries"]]


def test_warrior_novice_adds_five_health_recorded_and_shown_in_the_timeline(
        api: ApiClient) -> None:
    api.new_campaign()
    answer = api.post(api.c("/characters"), {"name": "Jo", "talents": WARRIOR,
                                             "health": {"current": 20, "max": 20}})
    assert answer.status == 201, answer
    assert [e["type"] for e in answer["events"]] == ["CharacterRegistered", "TalentHealthChanged"]
    assert answer.primary["health"] == {"current": 25, "max": 25}
    jo = answer.primary["id"]
    assert "Jo's Warrior Novice adds 5 Health: Health 20/20 → 25/25" in summaries(api)[-1]
    registered = answer["events"][-1]["position"]
    dropped = api.patch(api.c(f"/characters/{jo}"), {"talents": []})
    assert dropped.status == 200, dropped
    now = api.get(api.c(f"/characters/{jo}"))["character"]
    assert (now["health"], now["talent_health"]) == ({"current": 20, "max": 20}, 0)
    then = api.get(api.c(f"/characters/{jo}?at={registered}"))["character"]
    assert then["health"] == {"current": 25, "max": 25}


def mage(api: ApiClient, **sheet: Any) -> str:
    api.new_campaign()
    return api.new_character(abilities={"Willpower": 3}, magic_ability="Willpower",
                             mana={"current": 10, "max": 10}, **sheet)


def test_wizard_novice_adds_one_to_a_novice_magic_test(api: ApiClient) -> None:
    mara = mage(api, talents=[{"name": "Wizard", "degree": "Novice"}])
    answer = api.post(api.c(f"/characters/{mara}/magic-tests"),
                      {"base_tn": 11, "spell_rank": "novice", "dice": [1, 2, 4]})
    assert answer.status == 201, answer
    made = answer["magic_test"]
    # 1 + 2 + 4 + Willpower 3 = 10 fails TN 11 without the talent
    assert (made["total"], made["success"], made["talents"]) == (11, True, ["Wizard Novice"])


def test_shaman_grandmaster_novice_spirit_spell_costs_one_mana_less(api: ApiClient) -> None:
    mara = mage(api, specializations=[{"name": "Shaman", "degree": "Grandmaster"}])
    answer = api.post(api.c(f"/characters/{mara}/magic-tests"),
                      {"base_tn": 12, "spell_rank": "novice", "arcana": "Spirit",
                       "mana_cost": 3, "dice": [6, 6, 5]})
    assert answer.status == 201, answer
    assert (answer["magic_test"]["mana_less"], answer.primary["mana"]["current"]) == (1, 8)


def test_a_spell_rank_outside_the_list_is_refused_naming_the_field(api: ApiClient) -> None:
    mara = mage(api)
    answer = api.post(api.c(f"/characters/{mara}/magic-tests"),
                      {"base_tn": 12, "spell_rank": "apex"})
    assert answer.status == 422, answer
    assert "spell_rank" in str(answer.body)


def test_ordinarius_grandmaster_target_gives_the_caster_one_automatic_backlash(
        api: ApiClient) -> None:
    mara = mage(api)
    ines = api.new_character(name="Ines", specializations=[
        {"name": "Ordinarius", "degree": "Grandmaster"}])
    answer = api.post(api.c(f"/characters/{mara}/magic-tests"),
                      {"base_tn": 12, "target_character": ines, "dice": [6, 6, 5]})
    assert answer.status == 201, answer
    offered = [e for e in answer["events"] if e["type"] == "BacklashChoiceOffered"]
    assert [(e["data"]["amount"], e["data"]["source"]) for e in offered] == [(1, "target-talent")]
    assert answer["magic_test"]["costs"]["target_backlash"] == 1
    unknown = api.post(api.c(f"/characters/{mara}/magic-tests"),
                       {"base_tn": 12, "target_character": "chr_nobody"})
    assert unknown.status == 422, unknown
    assert "target_character" in str(unknown.body)


def test_brilliance_apex_succeeds_once_per_clock_day_over_http(api: ApiClient) -> None:
    api.new_campaign()
    ines = api.new_character(name="Ines", abilities={"Intelligence": 2},
                             talents=[{"name": "Brilliance", "degree": "Apex"}])
    body = {"kind": "age", "ability": "Intelligence", "tn": 15, "talent": "brilliance-apex"}
    first = api.post(api.c(f"/characters/{ines}/rolls"), body)
    assert first.status == 201, first
    assert [e["type"] for e in first["events"]] == ["TalentSuccess"]
    assert first.primary["talent_days"] == {"brilliance-apex": 1}
    again = api.post(api.c(f"/characters/{ines}/rolls"), body)
    assert again.status == 409, again
    assert again["rule"] == "brilliance-apex-once-per-day"
    assert "Ines succeeds at Intelligence against TN 15 by Brilliance Apex" in summaries(api)[-1]


def test_trickster_apex_spends_conviction_for_an_automatic_success_over_http(
        api: ApiClient) -> None:
    api.new_campaign()
    ines = api.new_character(name="Ines", abilities={"Dexterity": 1},
                             conviction={"current": 1, "max": 3},
                             talents=[{"name": "Trickster", "degree": "Apex"}])
    answer = api.post(api.c(f"/characters/{ines}/rolls"),
                      {"kind": "age", "ability": "Dexterity", "focus": "Sleight of Hand",
                       "talent": "trickster-apex"})
    assert answer.status == 201, answer
    assert [e["type"] for e in answer["events"]] == ["ResourceSpent", "TalentSuccess"]
    assert answer.primary["conviction"]["current"] == 0
    unknown = api.post(api.c(f"/characters/{ines}/rolls"),
                       {"kind": "age", "ability": "Dexterity", "talent": "lucky"})
    assert unknown.status == 422, unknown
    assert "talent" in str(unknown.body)


def test_tags_on_a_roll_apply_synergy_expert_and_manipulation_novice_over_http(
        api: ApiClient) -> None:
    api.new_campaign()
    ines = api.new_character(name="Ines", abilities={"Willpower": 2}, talents=[
        {"name": "Synergy", "degree": "Expert"}, {"name": "Manipulation", "degree": "Novice"}])
    answer = api.post(api.c(f"/characters/{ines}/rolls"),
                      {"kind": "age", "ability": "Willpower", "tn": 13, "dice": [5, 5, 4],
                       "tags": ["cooperative", "social"]})
    assert answer.status == 201, answer
    (rolled,) = [e["data"] for e in answer["events"] if e["type"] == "Rolled"]
    # 5 + 5 + 4 + 2 = 16, +1 cooperating; doubles: Stunt Die 4, +1 SP on a social roll
    assert (rolled["total"], rolled["stunt_points"], rolled["talents"]) == (
        17, 5, ["Synergy Expert", "Manipulation Novice"])
    plain = api.post(api.c(f"/characters/{ines}/rolls"),
                     {"kind": "age", "ability": "Willpower", "tn": 13, "dice": [5, 5, 4]})
    (untagged,) = [e["data"] for e in plain["events"] if e["type"] == "Rolled"]
    assert (untagged["total"], untagged["stunt_points"]) == (16, 4)
    unknown = api.post(api.c(f"/characters/{ines}/rolls"),
                       {"kind": "age", "ability": "Willpower", "tags": ["combat"]})
    assert unknown.status == 422, unknown
    assert "tags" in str(unknown.body)


def test_wizard_expert_chosen_arcana_costs_one_mana_less_over_http(api: ApiClient) -> None:
    mara = mage(api, talents=[{"name": "Wizard", "degree": "Expert", "choice": "Fire"}])
    sheet = api.get(api.c(f"/characters/{mara}"))["character"]
    assert sheet["talents"] == [{"name": "Wizard", "degree": "Expert", "choice": "Fire"}]
    answer = api.post(api.c(f"/characters/{mara}/magic-tests"),
                      {"base_tn": 12, "arcana": "Fire", "mana_cost": 3, "dice": [6, 6, 5]})
    assert answer.status == 201, answer
    assert (answer["magic_test"]["costs"]["cost"], answer.primary["mana"]["current"]) == (2, 8)


def test_warrior_expert_chosen_stunts_cost_1_sp_less_over_http(api: ApiClient) -> None:
    api.new_campaign()
    mara = api.new_character(name="Mara", abilities={"Willpower": 2}, talents=[
        {"name": "Warrior", "degree": "Expert", "choice": "Skillful Attack, Full Force, Clinch"}])
    rolled = api.post(api.c(f"/characters/{mara}/rolls"),
                      {"kind": "age", "ability": "Willpower", "tn": 10, "dice": [3, 5, 5]})
    position = rolled["events"][0]["position"]  # 5 SP
    # Skillful Attack 2 and Full Force 5 cost 1 + 4 = 5 with the talent (7 without it)
    spent = api.post(api.c("/stunts/spend"),
                     {"roll_position": position, "stunts": [{"name": "Skillful Attack"},
                                                             {"name": "Full Force"}]})
    assert spent.status == 201, spent
    paid = [(e["data"]["stunts"][0]["paid"], e["data"]["stunts"][1]["paid"])
            for e in spent["events"] if e["type"] == "StuntsSpent"]
    assert paid == [(1, 4)]
    assert by_id(api.get(api.c("/stunts"))["stunts"]["rolls"], position)["spent"] == 5


def test_evaluation_grandmaster_doubles_the_focus_bonus_in_an_investigation_over_http(
        api: ApiClient) -> None:
    api.new_campaign()
    ines = api.new_character(name="Ines", abilities={"Perception": 1}, focuses=["Searching"],
                             talents=[{"name": "Evaluation", "degree": "Grandmaster"}])
    answer = api.post(api.c(f"/characters/{ines}/rolls"),
                      {"kind": "age", "ability": "Perception", "focus": "Searching",
                       "dice": [1, 2, 4], "tags": ["investigation"]})
    assert answer.status == 201, answer
    (rolled,) = [e["data"] for e in answer["events"] if e["type"] == "Rolled"]
    assert (rolled["total"], rolled["talent_bonus"]) == (1 + 2 + 4 + 1 + 2 + 2, 2)
