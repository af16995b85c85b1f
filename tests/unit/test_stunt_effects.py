"""What stunts do where the effect is a number or a state (ledger/domain/stunts/effects.py,
resisting.py, attacks.py): Lock, Throw, Grabbed's +2, Frighten, Suggest Action, the Stunt
Attack and Opportunist, and the timeline's sentences."""

from __future__ import annotations

import msgspec
import pytest

from ledger.domain.audit import summaries_stunts  # noqa: F401  (registers the summaries)
from ledger.domain.audit.summaries import summarize
from ledger.domain.conditions.adding import condition_events
from ledger.domain.errors import DomainError
from ledger.domain.events import encode_data
from ledger.domain.stunts.effects import Choice
from ledger.domain.stunts.resisting import escape, resist
from ledger.domain.stunts.spending import spend_stunts
from tests.unit.stunt_helpers import StuntTable


def grappled() -> tuple[StuntTable, str, str]:
    """Mara holds Ovid: he is Pinned (a grapple that gives no +2)."""
    table = StuntTable()
    mara, ovid = table.fighter("Mara"), table.fighter("Ovid")
    table.do(lambda state, ctx: condition_events(state, state.characters[ovid], "Pinned", None,
                                                 None, new_id=ctx.new_id))
    return table, mara, ovid


def names(state_ids: dict[str, str]):  # type: ignore[no-untyped-def]
    return lambda i: state_ids.get(i or "", "someone")


def test_lock_needs_a_prior_grapple() -> None:
    table = StuntTable()
    mara, ovid = table.fighter("Mara"), table.fighter("Ovid")
    position = table.roll(mara, [6, 6, 6])
    with pytest.raises(DomainError) as caught:
        table.do(spend_stunts(position, [Choice(name="Lock", sp=3)], ovid))
    assert caught.value.rule == "grapple-first"


def test_lock_at_3_sp_gives_minus_2_to_escape_and_no_condition() -> None:
    table, mara, ovid = grappled()
    position = table.roll(mara, [6, 6, 6])
    table.do(spend_stunts(position, [Choice(name="Lock", sp=3)], ovid))
    (lock,) = table.state.stunt_spending.locks
    assert (lock.tier, lock.escape_penalty, lock.by, lock.target) == (3, -2, mara, ovid)
    assert [c.name for c in table.get(ovid).conditions] == ["Pinned"]


@pytest.mark.parametrize(("tier", "condition"), [(5, "Impaired"), (6, "Restrained")])
def test_lock_at_5_and_6_sp_gives_its_condition_with_the_sp_as_figure(tier: int,
                                                                       condition: str) -> None:
    table, mara, ovid = grappled()
    position = table.roll(mara, [6, 6, 6])
    table.do(spend_stunts(position, [Choice(name="Lock", sp=tier)], ovid))
    given = table.get(ovid).conditions[-1]
    assert (given.name, given.figure, given.cause) == (condition, tier, "stunt")


def test_failed_lock_escape_takes_1d6_plus_1_per_sp_penetrating_damage() -> None:
    table, mara, ovid = grappled()
    position = table.roll(mara, [6, 6, 6])
    table.do(spend_stunts(position, [Choice(name="Lock", sp=5)], ovid))
    (lock,) = table.state.stunt_spending.locks
    health = table.get(ovid).health.current
    events = table.do(escape(lock.id, False, [4]))
    tried = next(e for e in events if type(e).__name__ == "LockEscapeTried")
    assert (tried.die, tried.damage) == (4, 4 + 5)
    assert table.get(ovid).health.current == max(0, health - 9)
    assert table.state.stunt_spending.locks  # still held
    table.do(escape(lock.id, True, None))
    assert table.state.stunt_spending.locks == []


def test_grabbed_target_of_a_grappling_stunt_adds_2_to_its_sp_once_per_roll() -> None:
    table = StuntTable()
    mara, ovid = table.fighter("Mara"), table.fighter("Ovid")
    table.do(lambda state, ctx: condition_events(state, state.characters[ovid], "Grabbed", None,
                                                 None, new_id=ctx.new_id))
    position = table.roll(mara, [5, 5, 6])  # 6 SP
    (spent, _impaired) = table.do(spend_stunts(
        position, [Choice(name="Lock", sp=5), Choice(name="Clinch")], ovid))
    lock, clinch = spent.stunts
    assert (lock.tier, lock.bonus, lock.paid) == (5, 2, 3)
    assert (clinch.bonus, clinch.paid) == (0, 3)
    assert spent.paid == 6


def test_throw_leaves_the_target_prone_and_dazed_and_no_longer_held() -> None:
    """000, Throw: "Prone and Dazed, but not Grappled": the Pinned hold ends, with the Lock
    and the Restrained the Lock gave."""
    table, mara, ovid = grappled()
    position = table.roll(mara, [6, 6, 6])
    table.do(spend_stunts(position, [Choice(name="Lock", sp=6)], ovid))  # Restrained, a stunt's
    other = table.roll(mara, [6, 6, 6])
    table.do(spend_stunts(other, [Choice(name="Throw")], ovid))
    left = table.get(ovid).conditions
    assert [c.name for c in left] == ["Prone", "Dazed"]
    assert [c.figure for c in left] == [4, 4]
    assert table.state.stunt_spending.locks == []


def test_throw_leaves_a_restrained_that_no_stunt_gave() -> None:
    """Restrained "escape their bonds": bonds the GM recorded are no grapple to end."""
    table, mara, ovid = grappled()
    table.do(lambda state, ctx: condition_events(state, state.characters[ovid], "Restrained",
                                                 None, None, new_id=ctx.new_id))
    other = table.roll(mara, [6, 6, 6])
    table.do(spend_stunts(other, [Choice(name="Throw")], ovid))
    assert [(c.name, c.cause) for c in table.get(ovid).conditions] == [
        ("Restrained", "gm"), ("Prone", "stunt"), ("Dazed", "stunt")]


def frightened() -> tuple[StuntTable, str, str, str]:
    table = StuntTable()
    mara, ovid = table.fighter("Mara"), table.fighter("Ovid")
    position = table.roll(mara, [6, 6, 6])
    (spent,) = table.do(spend_stunts(position, [Choice(name="Frighten")], ovid))
    return table, mara, ovid, spent.resistances[0].id


def test_frighten_tn_is_12_plus_communication_persuasion_or_strength_intimidation() -> None:
    table, mara, ovid, rid = frightened()
    assert table.state.stunt_spending.resistances[rid].tn == 12 + 3 + 2  # Communication 3, focus
    position = table.roll(mara, [6, 6, 6])
    (spent,) = table.do(spend_stunts(position, [Choice(name="Frighten", focus="intimidation")],
                                     ovid))
    assert spent.resistances[0].tn == 12 + 1  # Strength 1, no Intimidation focus


def test_frighten_failed_resistance_gives_cowed_with_figure_3() -> None:
    table, _mara, ovid, rid = frightened()
    table.do(resist(rid, [1, 2, 3]))  # 6 + Willpower 2 = 8 < 17
    (cowed,) = table.get(ovid).conditions
    assert (cowed.name, cowed.points, cowed.figure) == ("Cowed", 3, 3)


def test_frighten_later_rolls_accumulate_plus_1_and_a_success_ends_cowed() -> None:
    table, _mara, ovid, rid = frightened()
    table.do(resist(rid, [1, 2, 3]))
    (_second, resisted) = table.do(resist(rid, [1, 2, 4]))
    assert (resisted.bonus, resisted.success) == (1, False)
    events = table.do(resist(rid, [4, 4, 4]))  # 12 + 2 + 2 = 16 < 17
    assert (events[1].bonus, events[1].success) == (2, False)
    events = table.do(resist(rid, [4, 4, 5]))  # 13 + 2 + 3 = 18
    assert (events[1].bonus, events[1].success, events[1].outcome) == (3, True, "overcame Cowed")
    assert table.get(ovid).conditions == []
    with pytest.raises(DomainError) as caught:
        table.do(resist(rid, [4, 4, 5]))
    assert caught.value.rule == "stunt-resistance-settled"


def test_resistance_rolls_generate_no_sp() -> None:
    table, _mara, _ovid, rid = frightened()
    (rolled, _resisted, _cowed) = table.do(resist(rid, [6, 6, 1]))
    assert (rolled.active, rolled.stunt_points) == (False, 0)


def test_suggest_action_at_4_sp_is_one_order_on_a_failure_two_turns_of_suggestion_on_success(
) -> None:
    table = StuntTable()
    mara, ovid = table.fighter("Mara"), table.fighter("Ovid")
    position = table.roll(mara, [6, 6, 6])
    (two,) = table.do(spend_stunts(position, [Choice(name="Suggest Action", sp=2)], ovid))
    assert two.resistances == []
    (four,) = table.do(spend_stunts(position, [Choice(name="Suggest Action", sp=4)], ovid))
    (r,) = four.resistances
    assert r.tn == 9 + 3 + 2
    (_rolled, failed) = table.do(resist(r.id, [1, 1, 2]))
    assert failed.outcome == "follows one order for their next turn"


def test_stunt_attack_generates_2_sp_on_a_hit_without_doubles() -> None:
    table = StuntTable()
    mara = table.fighter("Mara")
    position = table.attack(mara, [6, 5, 1], kind="stunt-attack")
    attack = table.state.stunt_spending.attacks[position]
    assert (attack.hit, attack.generated) == (True, 2)
    assert table.log[position].event.stunt_points == 2
    missed = table.attack(mara, [1, 2, 3], kind="stunt-attack")
    assert table.state.stunt_spending.attacks[missed].generated == 0


def test_stunt_attack_sp_do_not_add_to_doubles() -> None:
    table = StuntTable()
    mara = table.fighter("Mara")
    low = table.attack(mara, [1, 6, 1], kind="stunt-attack")  # doubles, Stunt Die 1
    high = table.attack(mara, [5, 6, 5], kind="stunt-attack")  # doubles, Stunt Die 5
    attacks = table.state.stunt_spending.attacks
    assert (attacks[low].generated, attacks[high].generated) == (2, 5)


def test_opportunist_attack_needs_the_stunt_and_generates_no_sp() -> None:
    table = StuntTable()
    mara = table.fighter("Mara")
    with pytest.raises(DomainError) as caught:
        table.attack(mara, [6, 6, 6], kind="opportunist")
    assert caught.value.rule == "no-prepared-attack"
    position = table.roll(mara, [6, 6, 6])
    table.do(spend_stunts(position, [Choice(name="Opportunist")], None))
    assert table.state.stunt_spending.prepared == [mara]
    prepared = table.attack(mara, [6, 6, 6], kind="opportunist")
    assert table.log[prepared].event.stunt_points == 0
    assert table.state.stunt_spending.prepared == []


def test_timeline_reads_a_stunt_as_a_sentence() -> None:
    table, mara, ovid = grappled()
    position = table.roll(mara, [5, 6, 5])
    (spent, _impaired) = table.do(spend_stunts(position, [Choice(name="Lock", sp=5)], ovid))
    data = msgspec.json.decode(encode_data(spent))
    text = summarize("StuntsSpent", data, names({mara: "Mara", ovid: "Ovid"}))
    assert text.startswith("Mara spends 5 SP on Lock: Impaired on Ovid")
    assert "0 of 5 SP left" in text


def test_suggest_action_at_4_sp_success_is_a_suggestion_for_two_turns() -> None:
    table = StuntTable()
    mara, ovid = table.fighter("Mara"), table.fighter("Ovid")
    position = table.roll(mara, [6, 6, 6])
    (four,) = table.do(spend_stunts(position, [Choice(name="Suggest Action", sp=4)], ovid))
    (_rolled, resisted) = table.do(resist(four.resistances[0].id, [6, 6, 5]))  # 17 + 2 >= 14
    assert (resisted.success, resisted.outcome) == (
        True, "acts as if given a suggestion for two turns")


def test_mentalists_trick_tn_is_12_plus_communication_deception() -> None:
    table = StuntTable()
    mara, ovid = table.fighter("Mara"), table.fighter("Ovid")
    position = table.roll(mara, [6, 6, 6])
    (spent,) = table.do(spend_stunts(position, [Choice(name="Mentalist's Trick")], ovid))
    (r,) = spent.resistances
    assert (r.ability, r.focus, r.tn) == ("Perception", "Empathy", 12 + 3)


def test_a_targeted_stunt_needs_its_target_character() -> None:
    table = StuntTable()
    mara = table.fighter("Mara")
    position = table.roll(mara, [6, 6, 6])
    with pytest.raises(DomainError) as caught:
        table.do(spend_stunts(position, [Choice(name="Frighten")], None))
    assert (caught.value.rule, caught.value.field) == ("stunt-needs-a-target", "target")


def test_recorded_only_stunts_change_nothing_but_the_rolls_spending() -> None:
    table = StuntTable()
    mara = table.fighter("Mara")
    position = table.roll(mara, [6, 6, 6])
    (spent,) = table.do(spend_stunts(position, [Choice(name="Hit Where It Hurts"),
                                                Choice(name="Precise Force", sp=3)], None))
    assert [(s.name, s.tier, s.paid) for s in spent.stunts] == [
        ("Hit Where It Hurts", 2, 2), ("Precise Force", 3, 3)]
    spending = table.state.stunt_spending
    assert (spending.locks, spending.resistances, spending.prepared) == ([], {}, [])
    assert spending.rolls[position].spent == 5


def test_a_locks_impaired_is_shown_for_physical_actions_not_taken_off_every_test() -> None:
    """000, Lock: "For 5 SP, the lock is actively painful, and the target is Impaired in
    any physical action." Which tests are physical a roll does not say, so the -3 is shown
    on the roll (as Hindered's is), not taken off a Willpower test; Impaired from anything
    else stays -3 to all tests (an outside rules check found the Lock's on every roll)."""
    table, mara, ovid = grappled()
    table.do(spend_stunts(table.roll(mara, [6, 6, 6]), [Choice(name="Lock", sp=5)], ovid))
    position = table.roll(ovid, [3, 4, 5])
    rolled = table.log[position].event
    assert [m.name for m in rolled.condition_modifiers] == []  # type: ignore[attr-defined]
    assert [(c.name, c.effect) for c in rolled.conditions_not_applied] == [  # type: ignore[attr-defined]
        ("Impaired", "-3 to physical actions (a Lock at 5 SP)")]
    assert rolled.total == 3 + 4 + 5 + 2  # type: ignore[attr-defined]  # willpower 2, no -3

    other, _, ivo = grappled()
    other.do(lambda state, ctx: condition_events(state, state.characters[ivo], "Impaired",
                                                 None, None, new_id=ctx.new_id))
    rolled = other.log[other.roll(ivo, [3, 4, 5])].event
    assert [(m.name, m.modifier) for m in rolled.condition_modifiers] == [  # type: ignore[attr-defined]
        ("Impaired", -3)]


@pytest.mark.parametrize("condition", ["Defenseless", "Blinded"])
def test_attack_penalties_take_5_off_an_attack_but_are_only_shown_on_other_tests(
        condition: str) -> None:
    """000: "A defenseless character has a -5 penalty to attack tests"; Blinded: "Fighting
    while blind imposes a -5 penalty to attacks". The ledger knows its attacks (they carry
    the `attack` tag), so the -5 applies there; on a roll the table has not called an
    attack it stays shown (outside reviews of the readings)."""
    table = StuntTable()
    mara = table.fighter("Mara")
    table.do(lambda state, ctx: condition_events(state, state.characters[mara], condition,
                                                 None, None, new_id=ctx.new_id))
    hit = table.log[table.attack(mara, [3, 4, 5], tn=10)].event
    assert [(m.name, m.modifier) for m in hit.condition_modifiers] == [(condition, -5)]  # type: ignore[attr-defined]
    assert (hit.total, hit.success) == (3 + 4 + 5 + 2 - 5, False)  # type: ignore[attr-defined]
    assert hit.tags == ["attack"]  # type: ignore[attr-defined]
    plain = table.log[table.roll(mara, [3, 4, 5])].event
    assert plain.condition_modifiers == []  # type: ignore[attr-defined]
    assert [c.name for c in plain.conditions_not_applied] == [condition]  # type: ignore[attr-defined]
