"""A session that calls every method of the Python client once against the real server.

Each step checks a fact of its answer, so a method that reaches the wrong path or
sends the wrong body fails here. `tests/e2e/test_client.py` also checks that the
walk reached every endpoint the client maps.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from campaign_ledger_client import Campaign, Character, Client, WriteResult
from campaign_ledger_client.verify import verify_export
from campaign_ledger_client.witness import included

MARA = {"name": "Mara", "level": 5, "abilities": {"Willpower": 3, "Constitution": 1},
        "magic_ability": "Willpower", "mana": {"current": 10, "max": 10},
        "conviction": {"current": 1, "max": 3},
        "skills": {"cast": 1, "summon": 1}, "modifiers": {"int": 1, "cha": 2, "con": 0},
        "attributes": {"con": 12}, "strain": {"current": 0, "permanent": 0, "max": 12},
        "edges": ["Spellcaster", "Summoner"]}
IVO = {"name": "Ivo", "level": 5, "abilities": {"Willpower": 2}, "skills": {"summon": 1},
       "modifiers": {"cha": 2, "con": 0}, "edges": ["Summoner"]}
HOUND: Any = {"mode": "ritual", "nature": "Fire", "form": "physical", "form_level": 1,
              "appearance": "a burning hound", "powers": ["Curse", "Favor", "Spirit's Eye"],
              "hit_dice": 1, "hit_points": 6}
WAND: Any = {"name": "Wand", "kind": "wand", "materials": [{"name": "hardwood"}], "magical": True}
PISTOL: Any = {"name": "Pistol", "kind": "firearm", "materials": [{"name": "steel"}],
               "firearm": {"weapon_class": "revolver", "damage": "2d6"}}


def types(result: WriteResult) -> list[str]:
    return [e.type for e in result.events]


def walk(service: Client) -> None:
    assert service.health()["status"] == "ok"
    assert service.ready()["status"] == "ready"
    assert len(service.signing_key()["public_key"]) == 64
    assert "paths" in service.openapi()
    assert "spells" in [c["name"] for c in service.catalogs()["catalogs"]]
    assert service.catalog("conditions")["entries"]
    assert "healthy" in service.runner_health()
    assert "# TYPE" in service.metrics()
    created = service.create_campaign("Walkthrough")
    campaign = service.with_token(created.gm_token).campaign(created.id)
    assert campaign.get()["campaign"]["id"] == created.id
    changed = campaign.change_settings({"helpless_points": 7})
    assert changed.resource["settings"]["helpless_points"] == 7
    mara = campaign.character(campaign.register_character(MARA).resource["id"])
    ivo = campaign.character(campaign.register_character(IVO).resource["id"])
    assert mara.update({"level": 6}).resource["level"] == 6
    assert [c["name"] for c in campaign.characters()["characters"]] == ["Mara", "Ivo"]
    tokens(campaign, mara)
    access(service, campaign, mara)
    webhooks(campaign)
    stunt_pool(campaign, mara, ivo)
    stunts(campaign)
    resources(mara)
    conditions(mara)
    cwn_magic(campaign, mara)
    mana_noir_magic(campaign, mara)
    spirits(campaign, mara, ivo)
    items(campaign, mara)
    encounter(campaign, mara, ivo)
    audit(service, campaign)
    clock_and_death(campaign, mara, ivo)


def tokens(campaign: Campaign, mara: Character) -> None:
    player = campaign.issue_token("player", mara.id, "Mara's player")
    observer = campaign.issue_token("observer", label="table")
    rotated = campaign.rotate_token(observer.id)
    assert (rotated.replaces, rotated.role) == (observer.id, "observer")
    campaign.revoke_token(rotated.id)
    listed = {t["id"]: t for t in campaign.tokens()["tokens"]}
    assert listed[rotated.id]["revoked_at"]
    assert not listed[player.id]["revoked_at"]


def access(service: Client, campaign: Campaign, mara: Character) -> None:
    player = campaign.issue_token("player", mara.id, "Mara's phone")
    me = service.with_token(player.token).me()
    assert (me.token_id, me.role, me.campaign_id, me.character_id, me.label) == (
        player.id, "player", campaign.id, mara.id, "Mara's phone")
    ticket = service.with_token(player.token).campaign(campaign.id).feed_ticket()
    assert (ticket.token_id, ticket.ticket.split("_")[1]) == (player.id, player.id)


def webhooks(campaign: Campaign) -> None:
    hook = campaign.register_webhook("https://bot.example/hook", ["Rolled"])
    assert hook.secret
    assert [w.id for w in campaign.webhooks()] == [hook.id]
    # every field the listing answers, `tree_heads` included (a newcomer found it dropped)
    witness = campaign.register_webhook("https://witness.example/heads", ["*"], tree_heads=True)
    assert (witness.tree_heads, hook.tree_heads) == (True, False)
    assert [w.tree_heads for w in campaign.webhooks()] == [False, True]
    campaign.delete_webhook(witness.id)
    assert campaign.webhook_deliveries(hook.id)["deliveries"] == []
    campaign.delete_webhook(hook.id)
    assert campaign.webhooks() == []


def stunt_pool(campaign: Campaign, mara: Character, ivo: Character) -> None:
    campaign.record_bond(mara.id, ivo.id, 2)
    campaign.record_bond(ivo.id, mara.id, 1)
    campaign.set_pool_members(None)
    campaign.clock("start-session")
    campaign.clock("start-scene")
    campaign.advance(10)
    lucky = mara.age_test("Willpower", tn=10, dice=[4, 5, 4]).events[0]
    assert (lucky.data["success"], lucky.data["stunt_points"]) == (True, 4)
    assert campaign.contribute_to_pool(lucky.position, 4).resource["sp"] == 7
    plain = ivo.age_test("Willpower", tn=10, dice=[6, 5, 4]).events[0]
    assert campaign.spend_from_pool(plain.position, 2).resource["sp"] == 5
    assert campaign.stunt_pool()["stunt_pool"]["sp"] == 5
    assert mara.roll("1d20+2", dice=[7]).events[0].data["total"] == 9


def stunts(campaign: Campaign) -> None:
    """A Stunt Attack buys Grabbed; Lock (with Grabbed's +2) and Frighten spend an attack's
    SP; the Lock's escape fails and Frighten is resisted (docs/rules/stunts.md)."""
    nox = campaign.register_character({"name": "Nox", "abilities": {"Willpower": 2,
                                                                    "Communication": 2}})
    pell = campaign.register_character({"name": "Pell", "abilities": {"Willpower": 1}})
    nox_id, pell_id = nox.resource["id"], pell.resource["id"]
    hit = campaign.attack(nox_id, "Willpower", 10, kind="stunt-attack", dice=[6, 5, 1],
                          target=pell_id).events[0]
    assert hit.data["stunt_points"] == 2
    grabbed = campaign.spend_stunt_points(hit.position, [{"name": "Condition",
                                                          "condition": "Grabbed"}], pell_id)
    assert grabbed.events[0].data["paid"] == 2
    lucky = campaign.attack(nox_id, "Willpower", 10, dice=[6, 6, 6], target=pell_id).events[0]
    spent = campaign.spend_stunt_points(lucky.position, [{"name": "Lock", "sp": 5},
                                                         {"name": "Frighten"}], pell_id)
    assert spent.events[0].data["paid"] == 3 + 3  # Lock at 5 with Grabbed's +2
    (lock,), (resistance,) = spent.resource["locks"], spent.resource["resistances"]
    escaped = campaign.try_lock_escape(lock["id"], False, dice=[2])
    assert [e.type for e in escaped.events][:2] == ["Rolled", "LockEscapeTried"]
    resisted = campaign.resist_stunt(resistance["id"], dice=[1, 2, 3])
    assert resisted.events[1].data["outcome"] == "Cowed"
    assert lucky.position in [r["id"] for r in campaign.stunts()["stunts"]["rolls"]]


def resources(mara: Character) -> None:
    assert mara.spend("mana", 2, "ward").resource["mana"]["current"] == 8
    assert mara.gain("mana", 1).resource["mana"]["current"] == 9
    assert mara.gain("conviction", 1).resource["conviction"]["current"] == 2
    assert mara.spend("conviction", 1).resource["conviction"]["current"] == 1
    before = mara.get()["character"]["health"]["current"]
    assert mara.damage(2, "stun").resource["health"]["current"] == max(0, before - 2)
    mara.heal(2)
    assert mara.correct("mana.current", 10, "typo").resource["mana"]["current"] == 10


def conditions(mara: Character) -> None:
    fatigued = mara.add_condition({"name": "Fatigued"}).extra["condition"]
    recovered = mara.recover_condition(fatigued["id"], dice=[6, 6, 6])
    assert types(recovered)[0] == "Rolled"
    injured = mara.add_condition({"name": "Injured", "points": 3, "target": "arm"})
    injured_id = injured.extra["condition"]["id"]
    assert types(mara.treat_condition(injured_id))
    assert types(mara.heal_condition(injured_id, 2))
    listed = mara.conditions()["conditions"]
    assert injured_id in [c["id"] for c in listed]


def cwn_magic(campaign: Campaign, mara: Character) -> None:
    held = mara.commit_effort("mage", 1, "duration", "ward")
    commitment = held.events[0].data["commitment"]["id"]
    mara.reclaim_effort(commitment)
    assert "mage" in [p["id"] for p in mara.effort()["effort"]["pools"]]
    mara.prepare_spells(["Illumination", "Haste"])
    assert types(mara.cast("Illumination"))
    assert types(mara.use_spell_effect("Haste"))
    assert mara.spells()["spells"]
    mara.gain_strain(2, "cold")
    assert mara.recover_strain(1).resource["strain"]["current"] >= 1
    assert "current" in mara.strain()["strain"]


def mana_noir_magic(campaign: Campaign, mara: Character) -> None:
    assert campaign.resistance_factors()["careful"]
    assert "helpless_points" in campaign.catalog("conditions")["settings"]
    failed = mara.magic_test({"base_tn": 12, "dice": [1, 2, 3]})
    assert failed.extra["magic_test"]["success"] is False
    fixed = mara.fix_magic_test(failed.extra["magic_test"]["test_id"], mana=3)
    assert types(fixed)
    again = mara.magic_test({"base_tn": 12, "dice": [1, 2, 3]}).extra["magic_test"]["test_id"]
    mara.accept_magic_test(again)
    rolled = mara.consequence_roll(dice=[1, 1, 1])
    assert "Rolled" in types(rolled)
    mara.draw_consequence(dice=[1, 1])
    mara.record_consequences([{"description": "a chill", "drawn": True}], amount=1)
    third = mara.magic_test({"base_tn": 12, "dice": [1, 2, 3]}).extra["magic_test"]["test_id"]
    mara.accept_magic_test(third)
    assert types(mara.bank_backlash())
    assert types(mara.superhuman_use("Willpower"))
    assert "backlash" in mara.magic()["magic"]


def spirits(campaign: Campaign, mara: Character, ivo: Character) -> None:
    first = ivo.summon(HOUND).resource["id"]
    assert [s["id"] for s in ivo.spirits()["holdings"]["held"]] == [first]
    campaign.dismiss_spirit(first)
    campaign.call_spirit(first)
    assert "Rolled" in types(campaign.compel_spirit(first, "distasteful", dice=[6, 6]))
    banished = campaign.banish_spirit(first, mara.id, dice=[1, 1], opposing_dice=[6, 6])
    assert "SpiritBanishAttempted" in types(banished)
    campaign.damage_spirit(first, 1, "a slap")
    campaign.dispel_spirit(first)
    campaign.clock("end-scene")
    campaign.clock("start-scene")
    second = ivo.summon(HOUND).resource["id"]
    assert "SpiritBrokeFree" in types(campaign.compel_spirit(second, "contrary", dice=[1, 1]))
    assert types(campaign.fade_spirit(second, "no energy"))
    assert [s["character_id"] for s in campaign.spirits()["summoners"]] == [ivo.id]


def items(campaign: Campaign, mara: Character) -> None:
    wand = campaign.register_item(WAND).resource["id"]
    campaign.damage_item(wand, 9, "fire")
    assert campaign.repair_item(wand, 1).resource["integrity"]["current"] >= 1
    campaign.hand_over(wand, mara.id)
    campaign.identify(wand, mara.id)
    campaign.link(wand, mara.id, pool="mage")
    assert "ItemLinkEnded" in types(campaign.unlink(wand, mara.id))
    pistol = campaign.register_item(PISTOL).resource["id"]
    jammed = campaign.trust_test(pistol, mara.id, dice=[1, 1, 5], modifier=-5)
    assert jammed.events[0].data["success"] is False
    assert types(campaign.maintain(pistol, mara.id))
    assert campaign.item(wand)["item"]["holder"] == mara.id
    assert len(campaign.items()["items"]) == 2


def audit(service: Client, campaign: Campaign) -> None:
    head = campaign.get()["position"]
    assert len(campaign.timeline(limit=5)["entries"]) == 5
    assert campaign.verify()["ok"] is True
    signed = campaign.signed_head()
    assert signed["position"] == head
    root = bytes.fromhex(signed["tree_head"]["root_hash"])
    proof = campaign.inclusion_proof(2)
    assert included(1, head, proof["chain_hash"], proof["path"], root)
    assert campaign.consistency_proof(3)["second"] == head
    page = campaign.events(after=0, limit=3)
    assert ([e.position for e in page.events], page.position) == ([1, 2, 3], head)
    assert len(list(campaign.iter_events(page=50))) == head
    assert campaign.state(at=3)["position"] == 3
    mark = campaign.advance(5).position
    campaign.advance(5)
    rewound = campaign.rewind(mark, "one advance too many")
    assert rewound.resource["clock"]["minutes"] == campaign.state(at=mark)["state"]["clock"]["minutes"]
    campaign.redo("it was right")
    assert campaign.state(view="canon")["position"] == campaign.get()["position"]
    forked = campaign.fork_campaign(mark, "What if")
    what_if = service.with_token(forked.gm_token).campaign(forked.id)
    assert what_if.get()["campaign"]["forked_from"]["position"] == mark
    mara_id = campaign.state(at=mark)["state"]["characters"][0]["id"]
    assert what_if.character(mara_id).compare(origin_at=mark)["changes"] == []
    with campaign.feed(after=head) as feed:
        assert next(feed).position == head + 1
    behind_the_screen(campaign)


def behind_the_screen(campaign: Campaign) -> None:
    """A blind roll and a secret note; the roll revealed; the export verifies whole."""
    rolled = campaign.hidden_roll("1d20+2", label="does the guard notice?")
    noted = campaign.hidden_note("the guard is bribed")
    assert rolled.events[0].data.keys() == {"commitment"}
    assert rolled.extra["hidden"]["data"]["label"] == "does the guard notice?"
    assert campaign.hidden_event(noted.position)["hidden"]["data"]["text"] == "the guard is bribed"
    assert campaign.reveal_hidden(rolled.position).events[0].data["hidden_position"] \
        == rolled.position
    lines = campaign.export()
    assert verify_export(lines).ok
    assert noted.position < len(lines)
    with tempfile.TemporaryDirectory() as tmp:  # kept as docs/client.md says
        kept = Path(tmp) / "history.jsonl"
        with open(kept, "wb") as handle:
            handle.writelines(lines)
        assert verify_export(kept).ok


def encounter(campaign: Campaign, mara: Character, ivo: Character) -> None:
    assert types(campaign.clock("start-scene"))
    started = campaign.start_encounter([{"character_id": mara.id, "initiative": 14},
                                        {"character_id": ivo.id, "initiative": 10},
                                        {"name": "Thug", "initiative": 5}])
    thug = started.resource["order"][2]
    assert campaign.delay_turn(thug).resource["order"] == [ivo.id, thug, mara.id]
    driver = campaign.add_participant(name="Driver", initiative=1).resource["order"][-1]
    assert types(campaign.next_turn()) == ["TurnAdvanced"]
    assert driver not in campaign.remove_participant(driver, "fled").resource["order"]
    assert campaign.encounter()["encounter"]["round"] == 1
    encounter_talents(campaign, ivo)
    assert "EncounterEnded" in types(campaign.end_encounter())


def encounter_talents(campaign: Campaign, ivo: Character) -> None:
    """Adventurer Grandmaster and Leader Apex, with the encounter under way."""
    ada = campaign.character(campaign.register_character({
        "name": "Ada", "conviction": {"current": 2, "max": 2},
        "talents": [{"name": "Adventurer", "degree": "Grandmaster"},
                    {"name": "Leader", "degree": "Apex"}]}).resource["id"])
    assert types(ada.avoid_damage(4, reason="a club")) == ["ResourceSpent", "DamageAvoided"]
    helped = ada.spend_conviction_for_ally(ivo.id, reason="rallied")
    assert helped.resource["conviction"]["current"] == 0
    confused_test(campaign)
    talents_used(campaign, ivo)
    dying(campaign)


def confused_test(campaign: Campaign) -> None:
    """A Confused participant's owed test, rolled when their turn starts."""
    cora = campaign.character(campaign.register_character({
        "name": "Cora", "abilities": {"Willpower": 1}}).resource["id"])
    cora.add_condition({"name": "Confused"})
    campaign.add_participant(character_id=cora.id, initiative=0)
    while (campaign.encounter()["encounter"]["turn"] or {}).get("id") != cora.id:
        campaign.next_turn()
    (test,) = [d for d in cora.get()["character"]["pending"]
               if d["kind"] == "confused-test-owed"]
    assert types(cora.roll_owed_test(test["test_id"], dice=[6, 5, 2])) == [
        "Rolled", "OwedTestRolled"]
    snare(campaign, cora)


def snare(campaign: Campaign, cora: Character) -> None:
    """A summoner's spirit snares Cora, who is cut free."""
    sol = campaign.character(campaign.register_character({
        "name": "Sol", "level": 5, "skills": {"summon": 2}, "modifiers": {"cha": 2, "con": 0},
        "edges": ["Summoner"]}).resource["id"])
    spirit = sol.summon({"mode": "ritual", "nature": "Fire", "form": "physical",
                         "form_level": 1, "appearance": "a snaring hound",
                         "powers": ["Ensnare"], "hit_dice": 1, "hit_points": 6}).resource["id"]
    assert types(campaign.ensnare(spirit, cora.id)) == ["Ensnared"]
    assert types(cora.free_from_snare(spirit)) == ["SnareFaded"]


def talents_used(campaign: Campaign, ivo: Character) -> None:
    """Rituals Grandmaster, Leader Master and Wizard Apex, each by its own command."""
    rhea = campaign.character(campaign.register_character({
        "name": "Rhea", "abilities": {"Willpower": 1}, "magic_ability": "Willpower",
        "mana": {"current": 20, "max": 20}, "conviction": {"current": 2, "max": 2},
        "talents": [{"name": "Rituals", "degree": "Grandmaster"},
                    {"name": "Leader", "degree": "Master"},
                    {"name": "Wizard", "degree": "Apex"}]}).resource["id"])
    failed = ivo.age_test("Willpower", tn=30, tags=["rituals"], dice=[2, 3, 4])
    again = rhea.reroll_ritual(failed.events[0].position, dice=[1, 2, 2])
    assert types(again)[:3] == ["ResourceSpent", "RitualRerolled", "Rolled"]
    assert types(rhea.leader_trade(ivo.id, 1)) == ["NextTestModified", "NextTestModified"]
    rhea.magic_test({"base_tn": 15, "dice": [1, 2, 3]})
    assert "BacklashAvoided" in types(rhea.avoid_backlash(reason="steadied"))
    sha = campaign.character(campaign.register_character({
        "name": "Sha", "abilities": {"Willpower": 1},
        "talents": [{"name": "Shaman", "degree": "Master"}]}).resource["id"])
    campaign.add_participant(sha.id, initiative=3)
    spirits = sha.age_test("Willpower", tags=["spirits"], dice=[2, 3, 4])
    again = sha.reroll_spirits_test(spirits.events[0].position, dice=[4, 5, 6])
    assert types(again)[:2] == ["ShamanMasterRerolled", "Rolled"]


def dying(campaign: Campaign) -> None:
    """Dying (Pulpy by default) with no survival rounds: the test is owed at once."""
    vex = campaign.character(campaign.register_character({
        "name": "Vex", "abilities": {"Constitution": -2}}).resource["id"])
    vex.damage(10, reason="shot")
    tested = vex.dying_test(dice=[5, 4, 3])
    assert tested.resource["dying_state"]["tests"] == 1
    assert vex.first_aid(note="a tourniquet").resource["dying"] is False


def clock_and_death(campaign: Campaign, mara: Character, ivo: Character) -> None:
    for action in ("end-scene", "sunset", "sunrise", "end-session"):
        assert types(campaign.clock(action))
    assert types(campaign.new_day([mara.id, ivo.id]))
    extra = campaign.character(campaign.register_character({"name": "Extra"}).resource["id"])
    assert "CharacterDied" in types(extra.record_death("shot"))
