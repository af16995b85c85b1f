"""Talents used by their own command or on a roll (ledger/domain/talent_uses/;
docs/rules/talents.md): Rituals Grandmaster, Leader Master, Adventurer Apex, Warrior
Master, Wizard Apex."""

from __future__ import annotations

from typing import Any

import pytest

from ledger.domain.characters import register_character
from ledger.domain.encounters.commands import EndEncounter, NextTurn, StartEncounter
from ledger.domain.encounters.order import Entry
from ledger.domain.errors import InvalidInput, RuleViolation
from ledger.domain.magic.commands import MakeMagicTest
from ledger.domain.magic.test_events import MagicTestMade
from ledger.domain.rolls import Rolled
from ledger.domain.rolls.commands import roll
from ledger.domain.state.backlash import ConsequencesDue
from ledger.domain.talent_uses.commands import (
    AvoidBacklash,
    RerollRitual,
    RerollSpiritsTest,
    TradeForAlly,
)
from tests.unit.effort_helpers import of_type
from tests.unit.magic_helpers import campaign, cast, mage, only
from tests.unit.stunt_helpers import StuntTable

CONVICTION = {"current": 3, "max": 3}


def talent(name: str, degree: str) -> list[dict[str, str]]:
    return [{"name": name, "degree": degree}]


def age(table: StuntTable, chid: str, dice: list[int], **fields: Any) -> list[Any]:
    request = {"kind": "age", "ability": "Willpower", "tn": 13, "dice": dice} | fields
    return table.do(roll(chid, request))


def ritual_table() -> tuple[StuntTable, str, str, int]:
    table = StuntTable()
    rita = table.character("Rita", conviction=CONVICTION,
                           talents=talent("Rituals", "Grandmaster"))
    ivo = table.character("Ivo", abilities={"Willpower": 1})
    (failed,) = of_type(age(table, ivo, [2, 3, 4], tags=["rituals"]), "Rolled")
    assert failed.success is False
    return table, rita, ivo, table.state.position


def test_rituals_grandmaster_spends_conviction_and_the_roller_rerolls_the_failed_ritual() -> None:
    table, rita, ivo, position = ritual_table()
    events = table.do(RerollRitual(character_id=rita, roll_position=position, dice=[5, 5, 6]))
    assert [type(e).__name__ for e in events] == ["ResourceSpent", "RitualRerolled", "Rolled"]
    spent, rerolled, again = events
    assert (spent.character_id, table.get(rita).conviction.current) == (rita, 2)
    assert (rerolled.roll_position, rerolled.roller_id) == (position, ivo)
    assert (again.character_id, again.tags, again.tn, again.total, again.success) == (
        ivo, ["rituals"], 13, 5 + 5 + 6 + 1, True)
    assert f"reroll of the roll at {position} (Rituals Grandmaster)" in again.label


def test_rituals_grandmaster_rerolls_each_failed_ritual_roll_once() -> None:
    table, rita, _, position = ritual_table()
    table.do(RerollRitual(character_id=rita, roll_position=position, dice=[1, 2, 2]))
    with pytest.raises(RuleViolation) as again:
        table.do(RerollRitual(character_id=rita, roll_position=position, dice=[5, 5, 6]))
    assert again.value.rule == "ritual-roll-already-rerolled"
    assert table.get(rita).conviction.current == 2


def test_rituals_grandmaster_refuses_a_success_or_an_untagged_roll() -> None:
    table, rita, ivo, _ = ritual_table()
    age(table, ivo, [6, 6, 5], tags=["rituals"])
    success = table.state.position
    age(table, ivo, [1, 2, 3])
    untagged = table.state.position
    for position in (success, untagged):
        with pytest.raises(RuleViolation) as refused:
            table.do(RerollRitual(character_id=rita, roll_position=position))
        assert refused.value.rule == "ritual-roll-not-eligible"


def test_rituals_master_cannot_reroll_a_failed_ritual_for_conviction() -> None:
    table, _, _, position = ritual_table()
    master = table.character("Mo", conviction=CONVICTION, talents=talent("Rituals", "Master"))
    with pytest.raises(RuleViolation) as refused:
        table.do(RerollRitual(character_id=master, roll_position=position))
    assert refused.value.rule == "talent-not-on-sheet"


def leader_table() -> tuple[StuntTable, str, str]:
    table = StuntTable()
    lea = table.character("Lea", abilities={"Willpower": 2}, talents=talent("Leader", "Master"))
    ivo = table.character("Ivo", abilities={"Willpower": 2})
    return table, lea, ivo


def test_leader_master_trade_goes_into_both_next_tests_once() -> None:
    table, lea, ivo = leader_table()
    events = table.do(TradeForAlly(character_id=lea, ally="Ivo", amount=3))
    assert [(e.character_id, e.modifier) for e in events] == [(lea, -3), (ivo, 3)]
    helped = of_type(age(table, ivo, [2, 3, 4]), "Rolled")[0]
    assert (helped.total, [(m.name, m.modifier) for m in helped.talent_modifiers]) == (
        2 + 3 + 4 + 2 + 3, [("Leader Master", 3)])
    assert "+ 3 Leader Master" in helped.result_text
    distracted = age(table, lea, [2, 3, 4])
    assert [type(e).__name__ for e in distracted] == ["Rolled", "NextTestModifiersUsed"]
    assert distracted[0].total == 2 + 3 + 4 + 2 - 3
    assert of_type(age(table, ivo, [2, 3, 4]), "Rolled")[0].total == 2 + 3 + 4 + 2
    assert table.state.talent_uses.next_test == {}


def test_leader_master_trades_with_an_ally_only_and_up_to_three() -> None:
    table, lea, _ = leader_table()
    with pytest.raises(RuleViolation) as refused:
        table.do(TradeForAlly(character_id=lea, ally=lea, amount=1))
    assert refused.value.rule == "leader-master-is-for-an-ally"
    novice = table.character("Nia", talents=talent("Leader", "Novice"))
    with pytest.raises(RuleViolation) as lacking:
        table.do(TradeForAlly(character_id=novice, ally="Ivo", amount=1))
    assert lacking.value.rule == "talent-not-on-sheet"


def start(table: StuntTable, *ids: str) -> None:
    table.do(StartEncounter(participants=[
        Entry(character_id=c, initiative=10 - i) for i, c in enumerate(ids)]))


def test_adventurer_apex_adds_three_to_a_roll_with_conviction_in_an_encounter() -> None:
    table = StuntTable()
    table.scene()
    ada = table.character("Ada", abilities={"Willpower": 2}, conviction=CONVICTION,
                          talents=talent("Adventurer", "Apex"))
    outside = age(table, ada, [2, 3, 4], spend_conviction=True)
    assert [type(e).__name__ for e in outside] == ["ResourceSpent", "Rolled"]
    assert outside[1].total == 2 + 3 + 4 + 2
    start(table, ada)
    inside = age(table, ada, [2, 3, 4], spend_conviction=True)
    assert inside[1].total == 2 + 3 + 4 + 2 + 3
    assert [(m.name, m.modifier) for m in inside[1].talent_modifiers] == [("Adventurer Apex", 3)]
    assert table.get(ada).conviction.current == 1
    assert age(table, ada, [2, 3, 4])[0].total == 2 + 3 + 4 + 2  # no Conviction, no +3


def test_adventurer_grandmaster_gets_no_three_for_conviction() -> None:
    table = StuntTable()
    table.scene()
    gm = table.character("Gus", abilities={"Willpower": 2}, conviction=CONVICTION,
                         talents=talent("Adventurer", "Grandmaster"))
    start(table, gm)
    assert age(table, gm, [2, 3, 4], spend_conviction=True)[1].total == 2 + 3 + 4 + 2


def warrior(table: StuntTable, name: str, degree: str) -> str:
    """A Warrior (registering one records its +5 Health too)."""
    events = table.do(register_character({"name": name, "abilities": {"Willpower": 2},
                                          "talents": talent("Warrior", degree)}))
    return events[0].character_id or ""


def test_warrior_master_trades_attack_for_damage_before_the_roll() -> None:
    table = StuntTable()
    wes = warrior(table, "Wes", "Master")
    (rolled,) = age(table, wes, [2, 3, 4], attack_trade=-2, label="attack")
    assert rolled.total == 2 + 3 + 4 + 2 - 2
    assert "Warrior Master: damage +2" in rolled.result_text
    (bonus,) = age(table, wes, [2, 3, 4], attack_trade=3)
    assert (bonus.total, bonus.talent_notes) == (2 + 3 + 4 + 2 + 3, ["Warrior Master: damage -3"])


def test_warrior_master_trade_needs_the_talent() -> None:
    table = StuntTable()
    expert = warrior(table, "Exa", "Expert")
    with pytest.raises(RuleViolation) as refused:
        age(table, expert, [2, 3, 4], attack_trade=1)
    assert refused.value.rule == "talent-not-on-sheet"


def wizard_table() -> tuple[StuntTable, str]:
    table = StuntTable()
    table.scene()
    wiz = table.character("Wiz", abilities={"Willpower": 3}, magic_ability="Willpower",
                          mana={"current": 20, "max": 20}, conviction=CONVICTION,
                          talents=talent("Wizard", "Apex"))
    return table, wiz


def fail_a_test(table: StuntTable, wiz: str) -> None:
    table.do(MakeMagicTest(character_id=wiz, base_tn=12, dice=[1, 2, 3]))


def test_wizard_apex_avoids_one_temporary_backlash_for_one_conviction() -> None:
    table, wiz = wizard_table()
    fail_a_test(table, wiz)
    events = table.do(AvoidBacklash(character_id=wiz))
    (avoided,) = of_type(events, "BacklashAvoided")
    backlash = table.get(wiz).backlash
    assert (avoided.before - avoided.after, backlash.temporary) == (1, avoided.after)
    assert table.get(wiz).conviction.current == 2


def test_wizard_apex_once_per_turn_and_never_permanent_backlash() -> None:
    table, wiz = wizard_table()
    fail_a_test(table, wiz)
    start(table, wiz)
    table.do(AvoidBacklash(character_id=wiz))
    with pytest.raises(RuleViolation) as twice:
        table.do(AvoidBacklash(character_id=wiz))
    assert twice.value.rule == "wizard-apex-once-per-turn"
    table.do(NextTurn())
    table.do(AvoidBacklash(character_id=wiz))
    table.do(EndEncounter())
    table.get(wiz).backlash.temporary = 0
    table.get(wiz).backlash.permanent = 2
    with pytest.raises(RuleViolation) as permanent:
        table.do(AvoidBacklash(character_id=wiz))
    assert permanent.value.rule == "wizard-apex-no-temporary-backlash"


def ritualist(degree: str) -> tuple[Any, str]:
    state = campaign()
    return state, mage(state, talents=talent("Rituals", degree))


def test_rituals_apex_ignores_the_first_point_of_a_failed_ritual_tests_backlash() -> None:
    state, mara = ritualist("Apex")
    # 2 + 2 + 2 + Willpower 3 + Rituals Novice 1 = 10 against TN 12: fails by 2.
    made = only(cast(state, mara, [2, 2, 2], ritual=True), MagicTestMade)
    assert (made.total, made.failure_backlash, made.failure_backlash_less) == (10, 1 + 2 - 1, 1)
    assert "Rituals Apex" in made.talents
    other_state, other = ritualist("Apex")
    plain = only(cast(other_state, other, [2, 2, 2]), MagicTestMade)
    assert (plain.total, plain.failure_backlash, plain.failure_backlash_less) == (9, 1 + 3, 0)


def test_rituals_apex_ignores_the_first_automatic_backlash_first() -> None:
    state, mara = ritualist("Apex")
    made = only(cast(state, mara, [6, 6, 6], ritual=True, resistance=7), MagicTestMade)
    assert (made.costs.auto_backlash, made.failure_backlash_less) == (2 - 1, 0)
    other_state, other = ritualist("Apex")
    untagged = only(cast(other_state, other, [6, 6, 6], resistance=7), MagicTestMade)
    assert (untagged.costs.auto_backlash, untagged.talents) == (2, [])


def test_rituals_master_rerolls_ones_on_a_ritual_magic_test_and_grandmaster_ignores_none() -> None:
    state, mara = ritualist("Grandmaster")
    events = cast(state, mara, [1, 2, 3, 6], ritual=True)
    rolled, made = only(events, Rolled), only(events, MagicTestMade)
    assert (rolled.ones_rerolled_by, rolled.total) == (["Rituals Master"], 6 + 2 + 3 + 3 + 1)
    assert (made.success, made.failure_backlash_less) == (True, 0)


def test_shaman_master_rerolls_one_spirits_test_once_per_encounter() -> None:
    table = StuntTable()
    table.scene()
    sha = table.character("Sha", abilities={"Willpower": 2}, talents=talent("Shaman", "Master"))
    age(table, sha, [2, 3, 4], tags=["spirits"])
    before = table.state.position
    with pytest.raises(RuleViolation) as outside:
        table.do(RerollSpiritsTest(character_id=sha, roll_position=before))
    assert outside.value.rule == "shaman-master-needs-an-encounter"
    start(table, sha)
    with pytest.raises(RuleViolation) as earlier:  # made before the encounter
        table.do(RerollSpiritsTest(character_id=sha, roll_position=before))
    assert earlier.value.rule == "spirits-roll-not-eligible"
    position = table.state.position + 1
    age(table, sha, [2, 3, 4], tags=["spirits"])
    events = table.do(RerollSpiritsTest(character_id=sha, roll_position=position, dice=[6, 5, 4]))
    assert [type(e).__name__ for e in events][:2] == ["ShamanMasterRerolled", "Rolled"]
    assert (events[1].total, events[1].tags) == (6 + 5 + 4 + 2 + 1, ["spirits"])  # Novice +1
    with pytest.raises(RuleViolation) as twice:
        table.do(RerollSpiritsTest(character_id=sha, roll_position=position))
    assert twice.value.rule == "shaman-master-once-per-encounter"
    table.do(EndEncounter())
    start(table, sha)
    next_fight = table.state.position + 1
    age(table, sha, [2, 3, 4], tags=["spirits"])
    again = table.do(RerollSpiritsTest(character_id=sha, roll_position=next_fight,
                                       dice=[1, 1, 1, 2, 3, 4]))  # Expert's rerolled 1s too
    assert again[1].total == 2 + 3 + 4 + 2 + 1


def test_wizard_apex_refused_while_consequences_are_due() -> None:
    table, wiz = wizard_table()
    fail_a_test(table, wiz)
    table.do(AvoidBacklash(character_id=wiz))  # settles the failure first, then avoids
    table.get(wiz).backlash.consequences_due = ConsequencesDue(since=1, tn=12, total=None)
    with pytest.raises(RuleViolation) as due:
        table.do(AvoidBacklash(character_id=wiz))
    assert due.value.rule == "wizard-apex-consequences-due"


def test_adventurer_apex_conviction_and_warrior_trade_need_a_roll() -> None:
    table = StuntTable()
    bri = table.character("Bri", abilities={"Intelligence": 2}, conviction=CONVICTION,
                          talents=talent("Brilliance", "Apex"))
    with pytest.raises(InvalidInput) as refused:
        table.do(roll(bri, {"kind": "age", "ability": "Intelligence",
                            "talent": "brilliance-apex", "spend_conviction": True}))
    assert (refused.value.rule, refused.value.field) == ("field-with-automatic-success",
                                                         "spend_conviction")
