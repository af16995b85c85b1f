"""The golden session: every command family the API has, a rewind and a redo, as HTTP calls.

The records it produced on the day it was written are committed next to it
(history.jsonl, expected.json). Steps are only ever appended: their names key the ids
and seeds each step draws (tests/golden/harness.py). How and when to regenerate:
tests/golden/README.md.
"""

from __future__ import annotations

from tests.golden.harness import Recorder

MARA = {"name": "Mara", "level": 5, "abilities": {"Willpower": 3, "Constitution": 1},
        "magic_ability": "Willpower", "mana": {"current": 10, "max": 10},
        "conviction": {"current": 1, "max": 3}, "skills": {"cast": 1, "summon": 1},
        "modifiers": {"int": 1, "cha": 2, "con": 0}, "attributes": {"con": 12},
        "strain": {"current": 0, "permanent": 0, "max": 12}, "edges": ["Spellcaster", "Summoner"]}
IVO = {"name": "Ivo", "level": 5, "abilities": {"Willpower": 2}, "skills": {"summon": 1},
       "modifiers": {"cha": 2, "con": 0}, "edges": ["Summoner"]}
HOUND = {"mode": "ritual", "nature": "Fire", "form": "physical", "form_level": 1,
         "appearance": "a burning hound", "powers": ["Curse", "Favor", "Spirit's Eye"],
         "hit_dice": 1, "hit_points": 6}
WAND = {"name": "Wand", "kind": "wand", "materials": [{"name": "hardwood"}], "magical": True}
PISTOL = {"name": "Pistol", "kind": "firearm", "materials": [{"name": "steel"}],
          "firearm": {"weapon_class": "revolver", "damage": "2d6"}}
FAILING = {"base_tn": 12, "dice": [1, 2, 3]}


def play(rec: Recorder) -> None:
    rec.post("create-campaign", "/v1/campaigns", {"name": "Golden", "settings": {}}, token="")
    rec.call("change-settings", "PATCH", "/settings", {"settings": {"helpless_points": 7}})
    mara = rec.post("register-mara", "/characters", MARA).primary["id"]
    ivo = rec.post("register-ivo", "/characters", IVO).primary["id"]
    rec.call("update-mara-sheet", "PATCH", f"/characters/{mara}", {"level": 6})
    player = rec.post("issue-mara-player-token", "/tokens",
                      {"role": "player", "character_id": mara, "label": "Mara's player"})["token"]
    session_and_pool(rec, mara, ivo, player)
    resources(rec, f"/characters/{mara}", player)
    conditions(rec, f"/characters/{mara}", player)
    cwn_magic(rec, f"/characters/{mara}", player)
    mana_noir_magic(rec, f"/characters/{mara}", player)
    spirits(rec, mara, ivo)
    pistol = items(rec, mara)
    rewind_and_redo(rec)
    wrap_up(rec, mara, ivo, pistol)
    behind_the_screen(rec, ivo)
    stunts(rec, ivo)
    encounter(rec, mara, ivo)
    fork(rec)
    encounter_talents(rec, ivo)
    owed_tests(rec, ivo)
    talents_used(rec, ivo)
    dying(rec)


def session_and_pool(rec: Recorder, mara: str, ivo: str, player: str) -> None:
    rec.post("bond-mara-ivo", "/bonds", {"a": mara, "b": ivo, "rank": 2})
    rec.post("bond-ivo-mara", "/bonds", {"a": ivo, "b": mara, "rank": 1})
    rec.call("pool-members", "PUT", "/stunt-pool/members", {"members": None})
    rec.post("start-session-1", "/clock/start-session")
    rec.post("start-scene-1", "/clock/start-scene")
    rec.post("advance-10", "/clock/advance", {"minutes": 10})
    lucky = rec.post("age-test-reported", f"/characters/{mara}/rolls",
                     {"kind": "age", "ability": "Willpower", "tn": 10, "dice": [4, 5, 4]},
                     token=player)["events"][0]["position"]
    rec.post("pool-contribute", "/stunt-pool/contribute", {"roll_position": lucky, "sp": 4})
    plain = rec.post("age-test-ivo", f"/characters/{ivo}/rolls",
                     {"kind": "age", "ability": "Willpower", "tn": 10,
                      "dice": [6, 5, 4]})["events"][0]["position"]
    rec.post("pool-spend", "/stunt-pool/spend", {"roll_position": plain, "sp": 2})
    # Recorded with `focus: "Arcana"`, a focus Mara's sheet lacks (focus_bonus 0); such a
    # roll is refused now (issue 16), so the step sends none: allowed.py.
    rec.post("age-test-server-dice", f"/characters/{mara}/rolls",
             {"kind": "age", "ability": "Willpower", "tn": 11}, token=player)
    rec.post("notation-reported", f"/characters/{mara}/rolls",
             {"kind": "notation", "expression": "1d20+2", "dice": [7]})
    rec.post("notation-server-dice", f"/characters/{mara}/rolls",
             {"kind": "notation", "expression": "4d6kh3", "label": "stats"})


def resources(rec: Recorder, mara: str, player: str) -> None:
    rec.post("mana-spend", f"{mara}/mana/spend", {"amount": 2, "reason": "ward"}, token=player)
    rec.post("mana-gain", f"{mara}/mana/gain", {"amount": 1})
    rec.post("conviction-gain", f"{mara}/conviction/gain", {"amount": 1})
    rec.post("conviction-spend", f"{mara}/conviction/spend", {"amount": 1}, token=player)
    rec.post("health-damage", f"{mara}/health/damage", {"amount": 2, "type": "stun"})
    rec.post("health-heal", f"{mara}/health/heal", {"amount": 2})
    rec.post("gm-correction", f"{mara}/corrections",
             {"field": "mana.current", "value": 10, "reason": "typo"})


def conditions(rec: Recorder, mara: str, player: str) -> None:
    fatigued = rec.post("condition-fatigued", f"{mara}/conditions",
                        {"name": "Fatigued"})["condition"]["id"]
    rec.post("condition-recover", f"{mara}/conditions/{fatigued}/recover", {"dice": [6, 6, 6]},
             token=player)
    injured = rec.post("condition-injured", f"{mara}/conditions",
                       {"name": "Injured", "points": 3, "target": "arm"})["condition"]["id"]
    rec.post("condition-treat", f"{mara}/conditions/{injured}/treat")
    rec.post("condition-heal", f"{mara}/conditions/{injured}/heal", {"points": 2})


def cwn_magic(rec: Recorder, mara: str, player: str) -> None:
    held = rec.post("effort-commit", f"{mara}/effort/commit",
                    {"pool": "mage", "amount": 1, "duration": "duration", "label": "ward"},
                    token=player)
    commitment = held["events"][0]["data"]["commitment"]["id"]
    rec.post("effort-reclaim", f"{mara}/effort/{commitment}/reclaim")
    rec.post("spells-prepare", f"{mara}/spells/prepare", {"spells": ["Illumination", "Haste"]})
    rec.post("spell-cast", f"{mara}/spells/cast", {"spell": "Illumination"}, token=player)
    rec.post("spell-use", f"{mara}/spells/use", {"spell": "Haste"})
    rec.post("strain-gain", f"{mara}/strain/gain", {"amount": 2, "reason": "cold"})
    rec.post("strain-recover", f"{mara}/strain/recover", {"amount": 1})


def mana_noir_magic(rec: Recorder, mara: str, player: str) -> None:
    def failed(name: str) -> str:
        answer = rec.post(name, f"{mara}/magic-tests", FAILING, token=player)
        return str(answer["magic_test"]["test_id"])

    rec.post("fix-magic-test", f"{mara}/magic-tests/{failed('magic-test-to-fix')}/fix",
             {"mana": 3})
    rec.post("accept-magic-test", f"{mara}/magic-tests/{failed('magic-test-to-accept')}/accept",
             token=player)
    rec.post("consequence-roll", f"{mara}/backlash/consequence-roll", {"dice": [1, 1, 1]})
    rec.post("consequence-draw", f"{mara}/backlash/consequences/draw", {"dice": [1, 1]})
    rec.post("consequences", f"{mara}/backlash/consequences",
             {"consequences": [{"description": "a chill", "drawn": True}], "amount": 1})
    rec.post("accept-third-test", f"{mara}/magic-tests/{failed('magic-test-to-bank')}/accept")
    rec.post("bank-backlash", f"{mara}/backlash/bank", token=player)
    rec.post("superhuman", f"{mara}/backlash/superhuman", {"ability": "Willpower"})
    rec.post("consequence-roll-owed", f"{mara}/backlash/consequence-roll", {"dice": [6, 6, 6]})
    # A failure left pending while the GM writes about Mara: these settled it when the fixture
    # was recorded; now only her own next action does (allowed.py lists the difference).
    failed("magic-test-left-pending")
    rec.post("gm-damage-while-pending", f"{mara}/health/damage", {"amount": 1})
    rec.post("gm-correction-while-pending", f"{mara}/corrections",
             {"field": "mana.current", "value": 6, "reason": "recount"})
    rec.post("server-magic-test", f"{mara}/magic-tests", {"base_tn": 9, "mana_cost": 1},
             token=player)


def spirits(rec: Recorder, mara: str, ivo: str) -> None:
    first = rec.post("summon-hound", f"/characters/{ivo}/spirits", HOUND)["spirit"]["id"]
    rec.post("spirit-dismiss", f"/spirits/{first}/dismiss")
    rec.post("spirit-call", f"/spirits/{first}/call")
    rec.post("spirit-compel", f"/spirits/{first}/compel",
             {"command": "distasteful", "dice": [6, 6]})
    rec.post("spirit-banish", f"/spirits/{first}/banish",
             {"by": mara, "dice": [1, 1], "opposing_dice": [6, 6]})
    rec.post("spirit-damage", f"/spirits/{first}/damage", {"amount": 1, "reason": "a slap"})
    rec.post("spirit-dispel", f"/spirits/{first}/dispel")
    rec.post("end-scene-1", "/clock/end-scene")
    rec.post("start-scene-2", "/clock/start-scene")
    second = rec.post("summon-second-hound", f"/characters/{ivo}/spirits", HOUND)["spirit"]["id"]
    rec.post("spirit-breaks-free", f"/spirits/{second}/compel",
             {"command": "contrary", "dice": [1, 1]})
    rec.post("spirit-fade", f"/spirits/{second}/fade", {"reason": "no energy"})


def items(rec: Recorder, mara: str) -> str:
    wand = rec.post("register-wand", "/items", WAND).primary["id"]
    rec.post("item-damage", f"/items/{wand}/damage", {"amount": 9, "type": "fire"})
    rec.post("item-repair", f"/items/{wand}/repair", {"threshold_successes": 1})
    rec.post("item-hand-over", f"/items/{wand}/hand-over", {"holder": mara})
    rec.post("item-identify", f"/items/{wand}/identify", {"character_id": mara})
    rec.post("item-link", f"/items/{wand}/link", {"character_id": mara, "pool": "mage"})
    rec.post("item-unlink", f"/items/{wand}/unlink", {"character_id": mara})
    pistol = rec.post("register-pistol", "/items", PISTOL).primary["id"]
    rec.post("trust-test-reported", f"/items/{pistol}/trust-test",
             {"character_id": mara, "dice": [1, 1, 5], "modifier": -5})
    rec.post("item-maintain", f"/items/{pistol}/maintain", {"character_id": mara})
    return str(pistol)


def rewind_and_redo(rec: Recorder) -> None:
    mark = rec.post("advance-5", "/clock/advance", {"minutes": 5})["position"]
    rec.post("advance-5-too-many", "/clock/advance", {"minutes": 5})
    rec.post("rewind", "/rewind", {"to_position": mark, "reason": "one advance too many"})
    rec.post("redo", "/redo", {"reason": "it was right"})


def wrap_up(rec: Recorder, mara: str, ivo: str, pistol: str) -> None:
    for action in ("end-scene", "sunset", "sunrise", "end-session"):
        rec.post(f"{action}-final", f"/clock/{action}")
    rec.post("new-day", "/clock/new-day", {"rested": [mara, ivo]})
    extra = rec.post("register-extra", "/characters", {"name": "Extra"}).primary["id"]
    rec.post("death", f"/characters/{extra}/death", {"cause": "shot"})
    rec.post("start-session-2", "/clock/start-session")
    rec.post("start-scene-session-2", "/clock/start-scene")
    rec.post("trust-test-server-dice", f"/items/{pistol}/trust-test", {"character_id": mara})
    rec.post("session-2-roll", f"/characters/{ivo}/rolls", {"kind": "notation", "expression": "2d6"})
    rec.post("end-session-2", "/clock/end-session")



def behind_the_screen(rec: Recorder, ivo: str) -> None:
    """Appended with GM blind rolls: a hidden roll, revealed; a secret note, left sealed."""
    rolled = rec.post("hidden-roll", "/hidden/rolls",
                      {"expression": "1d20+3", "label": "does Ivo spot the tail?",
                       "character_id": ivo})
    rec.post("hidden-note", "/hidden/notes", {"text": "The tail works for the Prefect."})
    rec.post("reveal-hidden-roll", "/hidden/reveal", {"position": rolled["position"]})


def stunts(rec: Recorder, ivo: str) -> None:
    """Appended: a Stunt Attack buys Grabbed, Lock and Frighten spend an attack's SP, the
    Lock's escape fails and Frighten is resisted (docs/rules/stunts.md)."""
    nox = rec.post("register-nox", "/characters",
                   {"name": "Nox", "abilities": {"Willpower": 2, "Communication": 2},
                    "focuses": ["Persuasion"]}).primary["id"]
    rec.post("start-session-3", "/clock/start-session")
    hit = rec.post("stunt-attack", f"/characters/{nox}/attacks",
                   {"kind": "stunt-attack", "ability": "Willpower", "tn": 10, "dice": [6, 5, 1],
                    "target": ivo})["events"][0]["position"]
    rec.post("stunts-grabbed", "/stunts/spend",
             {"roll_position": hit, "stunts": [{"name": "Condition", "condition": "Grabbed"}],
              "target": ivo})
    lucky = rec.post("attack-doubles", f"/characters/{nox}/attacks",
                     {"ability": "Willpower", "tn": 10, "dice": [6, 6, 6],
                      "target": ivo})["events"][0]["position"]
    spent = rec.post("stunts-lock-frighten", "/stunts/spend",
                     {"roll_position": lucky, "target": ivo,
                      "stunts": [{"name": "Lock", "sp": 5}, {"name": "Frighten"}]})
    data = spent["events"][0]["data"]
    rec.post("lock-escape-failed", "/stunts/escape",
             {"lock_id": data["locks"][0]["id"], "escaped": False, "dice": [2]})
    rec.post("frighten-resisted", "/stunts/resist",
             {"resistance_id": data["resistances"][0]["id"], "dice": [1, 2, 3]})
    rec.post("end-session-3", "/clock/end-session")


def encounter(rec: Recorder, mara: str, ivo: str) -> None:
    """Appended for the encounter commands: a fight in a new scene of a fourth session."""
    rec.post("start-session-4", "/clock/start-session")
    rec.post("start-scene-session-4", "/clock/start-scene")
    order = rec.post("encounter-start", "/encounter", {"participants": [
        {"character_id": mara, "initiative": 14}, {"character_id": ivo, "initiative": 9},
        {"name": "Thug", "initiative": 8}]}).primary["order"]
    rec.post("encounter-delay", "/encounter/delay", {"after": order[2]})
    added = rec.post("encounter-add", "/encounter/participants",
                     {"name": "Driver", "initiative": 3}).primary["order"]
    rec.post("encounter-next-turn", "/encounter/next-turn")
    driver = next(p for p in added if p not in order)
    rec.post("encounter-remove", f"/encounter/participants/{driver}/remove", {"reason": "fled"})
    rec.post("encounter-end", "/encounter/end")
    rec.post("end-session-4", "/clock/end-session")


def fork(rec: Recorder) -> None:
    """Appended: a what-if fork at the start of session 3 (docs/forks.md). It records its
    `ForkedFrom` in a new campaign: nothing in this one."""
    at = next(s.first for s in rec.steps if s.name == "start-session-3")
    rec.post("fork-at-session-3", "/fork", {"at": at, "name": "The Ashen Road (what if)"})


def encounter_talents(rec: Recorder, ivo: str) -> None:
    """Appended for the talents limited per encounter or turn (docs/rules/talents.md):
    Adventurer Grandmaster avoids an attack's damage, Leader Apex spends for an ally."""
    ada = rec.post("register-ada", "/characters", {
        "name": "Ada", "conviction": {"current": 3, "max": 3},
        "talents": [{"name": "Adventurer", "degree": "Grandmaster"},
                    {"name": "Leader", "degree": "Apex"}]}).primary["id"]
    rec.post("start-session-5", "/clock/start-session")
    rec.post("start-scene-session-5", "/clock/start-scene")
    rec.post("encounter-talents-start", "/encounter", {"participants": [
        {"character_id": ada}, {"character_id": ivo, "initiative": 9}]})
    rec.post("avoid-damage", f"/characters/{ada}/health/avoid-damage",
             {"amount": 6, "reason": "the Thug's shotgun"})
    rec.post("conviction-for-ally", f"/characters/{ada}/conviction/spend-for-ally",
             {"ally": ivo, "reason": "steadied Ivo's aim"})
    rec.post("encounter-talents-end", "/encounter/end")
    rec.post("end-session-5", "/clock/end-session")


def owed_tests(rec: Recorder, ivo: str) -> None:
    """Appended for the tests combat time owes (docs/rules/encounters.md): a Confused
    participant rolls the Willpower (Self-Discipline) test owed at the start of her turn;
    a spirit's snare and cutting her free."""
    cora = rec.post("register-cora", "/characters", {
        "name": "Cora", "abilities": {"Willpower": 1}}).primary["id"]
    rec.post("cora-confused", f"/characters/{cora}/conditions", {"name": "Confused"})
    rec.post("start-session-6", "/clock/start-session")
    rec.post("start-scene-session-6", "/clock/start-scene")
    started = rec.post("encounter-owed-start", "/encounter", {"participants": [
        {"character_id": cora, "initiative": 10}]})
    test = next(e for e in started["events"] if e["type"] == "TestOwed")["data"]["test"]
    rec.post("roll-owed-test", f"/characters/{cora}/owed-tests/{test['id']}/roll",
             {"dice": [6, 5, 2]})
    hound = rec.post("summon-snaring-hound", f"/characters/{ivo}/spirits",
                     {**HOUND, "powers": ["Ensnare"]})
    spirit = hound.primary["id"]
    rec.post("ensnare", f"/spirits/{spirit}/ensnare", {"target": cora})
    rec.post("free-from-snare", f"/characters/{cora}/snares/{spirit}/free")
    rec.post("encounter-owed-end", "/encounter/end")
    rec.post("end-session-6", "/clock/end-session")


def talents_used(rec: Recorder, ivo: str) -> None:
    """Appended for the talents used by their own command (docs/rules/talents.md): Rituals
    Grandmaster rerolls Ivo's failed Ritual roll, Leader Master trades, Wizard Apex avoids
    Backlash."""
    rhea = rec.post("register-rhea", "/characters", {
        "name": "Rhea", "abilities": {"Willpower": 1}, "magic_ability": "Willpower",
        "mana": {"current": 10, "max": 10}, "conviction": {"current": 3, "max": 3},
        "talents": [{"name": "Rituals", "degree": "Grandmaster"},
                    {"name": "Leader", "degree": "Master"},
                    {"name": "Wizard", "degree": "Apex"}]}).primary["id"]
    rec.post("start-session-7", "/clock/start-session")
    failed = rec.post("ritual-roll-failed", f"/characters/{ivo}/rolls", {
        "kind": "age", "ability": "Willpower", "tn": 15, "tags": ["rituals"], "dice": [2, 3, 4]})
    rec.post("reroll-ritual", f"/characters/{rhea}/rolls/reroll-ritual",
             {"roll_position": failed["events"][0]["position"], "dice": [5, 5, 6]})
    rec.post("leader-trade", f"/characters/{rhea}/talents/leader-trade",
             {"ally": ivo, "amount": 2, "reason": "on my signal"})
    rec.post("roll-after-trade", f"/characters/{ivo}/rolls",
             {"kind": "age", "ability": "Willpower", "tn": 11, "dice": [3, 4, 2]})
    rec.post("wizard-test-failed", f"/characters/{rhea}/magic-tests",
             {"base_tn": 15, "dice": [1, 2, 3]})
    rec.post("avoid-backlash", f"/characters/{rhea}/backlash/avoid", {"reason": "a deep breath"})
    rec.post("start-scene-session-7", "/clock/start-scene")
    sha = rec.post("register-sha", "/characters", {
        "name": "Sha", "abilities": {"Willpower": 2},
        "talents": [{"name": "Shaman", "degree": "Master"}]}).primary["id"]
    rec.post("spirits-encounter-start", "/encounter", {"participants": [
        {"character_id": sha, "initiative": 10}]})
    spirits = rec.post("spirits-test", f"/characters/{sha}/rolls", {
        "kind": "age", "ability": "Willpower", "tn": 15, "tags": ["spirits"], "dice": [2, 3, 4]})
    rec.post("reroll-spirits", f"/characters/{sha}/rolls/reroll-spirits",
             {"roll_position": spirits["events"][0]["position"], "dice": [6, 5, 4]})
    rec.post("spirits-encounter-end", "/encounter/end")
    rec.post("end-session-7", "/clock/end-session")


def dying(rec: Recorder) -> None:
    """Appended for Dying under the campaign's mode and First Aid (docs/rules/encounters.md,
    "Dying"): a Constitution of -2 leaves no survival rounds, so the test is owed at once."""
    vex = rec.post("register-vex", "/characters", {
        "name": "Vex", "abilities": {"Constitution": -2}}).primary["id"]
    rec.post("vex-shot", f"/characters/{vex}/health/damage", {"amount": 10, "reason": "shot"})
    rec.post("vex-survival-test", f"/characters/{vex}/dying/test", {"dice": [5, 4, 3]})
    rec.post("vex-first-aid", f"/characters/{vex}/first-aid", {"note": "a tourniquet"})
