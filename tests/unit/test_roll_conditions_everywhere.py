"""The roller's Conditions meet every AGE roll the ledger makes: Magic Tests (and their
automatic success), recovery rolls, Consequence rolls, firearm trust tests, Stunt Attacks and
resistance rolls against stunts."""

from __future__ import annotations

from ledger.domain.conditions.adding import Request, add_condition
from ledger.domain.conditions.recovery import recover
from ledger.domain.items.firearms import TrustTested, trust_test
from ledger.domain.magic.consequence_roll import ConsequenceRolled, consequence_roll
from ledger.domain.magic.test_events import MagicTestMade
from ledger.domain.resources import spend
from ledger.domain.rolls import Rolled
from ledger.domain.state import CampaignState
from ledger.domain.stunts.effects import Choice
from ledger.domain.stunts.resisting import resist
from ledger.domain.stunts.spending import spend_stunts
from tests.unit.items_helpers import Table, of_type
from tests.unit.magic_helpers import campaign, cast, mage, only, run, set_backlash
from tests.unit.stunt_helpers import StuntTable


def caster(*conditions: str, willpower: int = 3, **sheet: object) -> tuple[CampaignState, str]:
    state = campaign()
    chid = mage(state, willpower=willpower, **sheet)
    for name in conditions:
        run(state, add_condition(chid, Request(name=name)))
    return state, chid


def magic_total(*conditions: str) -> int:
    state, chid = caster(*conditions)
    return only(cast(state, chid, [4, 4, 3], base_tn=12), Rolled).total


def test_magic_test_roll_applies_fatigued_minus_two() -> None:
    assert magic_total("Fatigued") == magic_total() - 2


def test_magic_test_automatic_success_counts_the_condition_penalty() -> None:
    state, chid = caster(willpower=5)  # lowest roll 3 + 5 reaches TN 8: no dice
    assert of_type(cast(state, chid, base_tn=8), Rolled) == []
    state, chid = caster("Fatigued", willpower=5)  # 3 + 5 - 2 does not: it rolls
    assert only(cast(state, chid, [1, 1, 1], base_tn=8), MagicTestMade).success is False


def test_reeling_rules_out_a_magic_tests_automatic_success() -> None:
    state, chid = caster("Reeling", willpower=5)
    events = cast(state, chid, [6, 6, 2], base_tn=8)  # 14 + 5 reaches 8, Stunt Die 2 fails
    made = only(events, MagicTestMade)
    assert (made.automatic, made.success, made.degree) == (False, False, 0)
    assert made.failure_backlash == 1 + made.carried
    assert only(events, Rolled).automatic_failure


def test_recovery_roll_applies_the_penalty_of_the_condition_it_recovers_from() -> None:
    state, chid = caster("Fatigued", abilities={"Willpower": 3, "Constitution": 2})
    fatigued = state.characters[chid].conditions[0]
    roll = only(run(state, recover(chid, fatigued.id), [6, 4, 3]), Rolled)
    assert (roll.tn, roll.total, roll.success) == (9 + 4, 13 + 2 - 2, True)
    assert [m.name for m in roll.condition_modifiers] == ["Fatigued"]


def owing_a_consequence_roll(*conditions: str) -> tuple[CampaignState, str]:
    state, chid = caster(*conditions, mana=2)
    set_backlash(state, chid, 2)
    run(state, spend(chid, "mana", 1, "lamp"))  # Backlash 2 now exceeds Mana 1: a roll owed
    return state, chid


def test_consequence_roll_applies_condition_penalties() -> None:
    state, chid = owing_a_consequence_roll("Winded")
    events = run(state, consequence_roll(chid, [2, 2, 3]))  # 7 + 3 - 1 against TN 10
    assert (only(events, Rolled).total, only(events, ConsequenceRolled).success) == (9, False)


def test_reeling_fails_a_consequence_roll_that_reached_its_tn() -> None:
    state, chid = owing_a_consequence_roll("Reeling")
    events = run(state, consequence_roll(chid, [6, 6, 1]))  # 13 + 3 reaches TN 10
    rolled = only(events, ConsequenceRolled)
    assert (rolled.total, rolled.success, rolled.consequences_due) == (16, False, True)


def trust(*conditions: str) -> TrustTested:
    table = Table()
    table.scene()
    gun = table.firearm("revolver")  # TN 9
    user = table.character(abilities={"Willpower": 1}, focuses=["Firearms"])
    for name in conditions:
        table.run(add_condition(user, Request(name=name)))
    (tested,) = of_type(table.run(trust_test(gun, user), [3, 3, 3]), TrustTested)
    return tested


def test_trust_test_applies_exhausted_minus_four() -> None:
    plain, worn = trust(), trust("Exhausted")
    assert (plain.total, plain.success) == (9 + 1 + 2, True)
    assert (worn.total, worn.success, worn.outcome) == (plain.total - 4, False, "broke")


def test_stunt_resistance_roll_applies_the_targets_penalties() -> None:
    table = StuntTable()
    mara, ovid = table.fighter("Mara"), table.fighter("Ovid")
    table.do(add_condition(ovid, Request(name="Winded")))
    position = table.roll(mara, [6, 6, 6])
    (spent,) = table.do(spend_stunts(position, [Choice(name="Frighten")], ovid))
    events = table.do(resist(spent.resistances[0].id, [1, 2, 3]))
    rolled = next(e for e in events if isinstance(e, Rolled))
    assert [m.name for m in rolled.condition_modifiers] == ["Winded"]
    assert rolled.total == 1 + 2 + 3 + rolled.ability_value + rolled.focus_bonus - 1


def test_stunt_attack_sp_keep_the_named_modifiers_in_the_roll_text() -> None:
    table = StuntTable()
    mara = table.fighter("Mara")
    table.do(add_condition(mara, Request(name="Fatigued")))
    position = table.attack(mara, [6, 5, 1], kind="stunt-attack", tn=8)
    rolled = table.log[position].event
    assert isinstance(rolled, Rolled)
    assert rolled.stunt_points == 2
    assert "- 2 Fatigued" in rolled.result_text
    assert "2 SP" in rolled.result_text
