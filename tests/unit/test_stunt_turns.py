"""Stunt limits counted in an encounter's turns (ledger/domain/stunts/turns.py;
docs/rules/stunts.md, "Limits counted in turns"): Lock the turn after the Grapple, one
Minor Action stunt per turn, Frighten's roll once per turn, Suggest Action's turns, and
Opportunist's attack."""

from __future__ import annotations

import msgspec
import pytest

from ledger.domain.audit import summaries_stunts  # noqa: F401  (registers the summaries)
from ledger.domain.audit.summaries import summarize
from ledger.domain.conditions.adding import condition_events
from ledger.domain.encounters.commands import EndEncounter, NextTurn, StartEncounter
from ledger.domain.errors import DomainError
from ledger.domain.events import encode_data
from ledger.domain.stunts.attacks import attack
from ledger.domain.stunts.effects import Choice
from ledger.domain.stunts.resisting import resist
from ledger.domain.stunts.spending import spend_stunts
from tests.unit.effort_helpers import of_type
from tests.unit.encounter_helpers import pc
from tests.unit.stunt_helpers import StuntTable

SIX = [6, 6, 6]  # a success with 6 SP
LOW = [1, 2, 3]  # a failed resistance roll


def fight(*, held: str | None = None) -> tuple[StuntTable, str, str]:
    """Mara (12) and Ovid (10) in an encounter: turn 1 is Mara's, turn 2 Ovid's, turn 3
    Mara's again. `held`: a holding Condition Ovid had before the fight."""
    table = StuntTable()
    mara, ovid = table.fighter("Mara"), table.fighter("Ovid")
    if held:
        hold(table, ovid, held)
    table.scene()
    table.do(StartEncounter(participants=[pc(mara, 12), pc(ovid, 10)]))
    return table, mara, ovid


def hold(table: StuntTable, target: str, name: str) -> list[object]:
    return table.do(lambda state, ctx: condition_events(
        state, state.characters[target], name, None, None, new_id=ctx.new_id))


def refused(table: StuntTable, decide: object) -> str:
    with pytest.raises(DomainError) as caught:
        table.do(decide)  # type: ignore[arg-type]
    return caught.value.rule


def test_lock_in_an_encounter_comes_the_turn_after_the_grapple() -> None:
    table, mara, ovid = fight()
    events = hold(table, ovid, "Grabbed")  # turn 1
    (noted,) = of_type(events, "GrappleNoted")
    assert (noted.turn_number, noted.name) == (1, "Grabbed")
    same_turn = table.roll(mara, SIX)
    assert refused(table, spend_stunts(same_turn, [Choice(name="Lock", sp=3)], ovid)
                   ) == "lock-comes-next-turn"
    table.do(NextTurn())
    table.do(NextTurn())  # turn 3: Mara's next turn
    spent, impaired = table.do(spend_stunts(table.roll(mara, SIX), [Choice(name="Lock", sp=5)],
                                            ovid))
    assert (spent.turn_number, impaired.condition.name) == (3, "Impaired")


def test_lock_in_an_encounter_on_a_target_held_before_it_needs_no_wait() -> None:
    table, mara, ovid = fight(held="Pinned")
    (spent,) = table.do(spend_stunts(table.roll(mara, SIX), [Choice(name="Lock", sp=3)], ovid))
    assert spent.turn_number == 1


def test_lock_after_a_gm_named_grapple_comes_the_next_turn() -> None:
    table, mara, ovid = fight()
    position = table.roll(mara, SIX)
    table.do(spend_stunts(position, [Choice(name="Grapple", sp=2)], ovid))
    assert table.state.encounter is not None
    assert table.state.encounter.grapples == {f"{mara}>{ovid}": 1}
    assert refused(table, spend_stunts(position, [Choice(name="Lock", sp=3)], ovid)
                   ) == "lock-comes-next-turn"
    table.do(NextTurn())
    table.do(NextTurn())
    table.do(spend_stunts(table.roll(mara, SIX), [Choice(name="Lock", sp=3)], ovid))


def test_lock_outside_an_encounter_needs_only_the_prior_grapple() -> None:
    table = StuntTable()
    mara, ovid = table.fighter("Mara"), table.fighter("Ovid")
    assert of_type(hold(table, ovid, "Grabbed"), "GrappleNoted") == []
    (spent,) = table.do(spend_stunts(table.roll(mara, SIX), [Choice(name="Lock", sp=3)], ovid))
    assert (spent.turn_number, spent.encounter_id) == (None, None)


def test_full_force_and_opportunist_one_per_turn_in_an_encounter() -> None:
    table, mara, _ = fight()
    table.do(spend_stunts(table.roll(mara, SIX), [Choice(name="Opportunist")], None))
    other_roll = table.roll(mara, SIX)  # a second roll in the same turn, of another roll
    assert refused(table, spend_stunts(other_roll, [Choice(name="Full Force")], None)
                   ) == "minor-action-used"
    table.do(NextTurn())
    table.do(NextTurn())  # Mara's next turn: a Minor Action again
    (spent,) = table.do(spend_stunts(table.roll(mara, SIX), [Choice(name="Full Force")], None))
    assert spent.paid == 5


def test_full_force_outside_an_encounter_is_one_per_roll() -> None:
    table = StuntTable()
    mara = table.fighter("Mara")
    for _ in range(2):
        table.do(spend_stunts(table.roll(mara, SIX), [Choice(name="Full Force")], None))


def frightened(table: StuntTable, mara: str, ovid: str) -> str:
    (spent,) = table.do(spend_stunts(table.roll(mara, SIX), [Choice(name="Frighten")], ovid))
    return str(spent.resistances[0].id)


def test_frighten_in_an_encounter_the_target_rolls_again_once_per_own_turn() -> None:
    table, mara, ovid = fight()
    rid = frightened(table, mara, ovid)
    table.do(resist(rid, LOW))  # turn 1 (Mara's): the first roll fails, Cowed
    assert refused(table, resist(rid, LOW)) == "stunt-resistance-once-per-turn"
    table.do(NextTurn())  # turn 2, Ovid's
    _, second = table.do(resist(rid, LOW))
    assert (second.attempt, second.bonus, second.turn_number) == (2, 1, 2)
    table.do(NextTurn())  # turn 3, Mara's: not Ovid's own turn
    assert refused(table, resist(rid, LOW)) == "stunt-resistance-in-own-turn"
    table.do(NextTurn())  # turn 4, Ovid's: +2, accumulated
    _, third = table.do(resist(rid, SIX))
    assert (third.bonus, third.success, third.outcome) == (2, True, "overcame Cowed")


def suggested(table: StuntTable, mara: str, ovid: str, dice: list[int]) -> str:
    (spent,) = table.do(spend_stunts(table.roll(mara, SIX), [Choice(name="Suggest Action", sp=4)],
                                     ovid))
    rid = str(spent.resistances[0].id)
    table.do(resist(rid, dice))
    return rid


def test_suggest_action_order_in_an_encounter_holds_for_the_targets_next_turn() -> None:
    table, mara, ovid = fight()
    rid = suggested(table, mara, ovid, LOW)  # failed: one order for the next turn
    assert table.state.stunt_spending.resistances[rid].turns_left == 1
    assert of_type(table.do(NextTurn()), "StuntTurnPassed") == []  # Mara's turn ended
    (passed,) = of_type(table.do(NextTurn()), "StuntTurnPassed")  # Ovid's turn ended
    assert (passed.resistance_id, passed.turns_left) == (rid, 0)
    assert "no longer holds Ovid" in summarize("StuntTurnPassed", msgspec.json.decode(encode_data(passed)),
                                               {ovid: "Ovid"}.get)


def test_suggest_action_suggestion_in_an_encounter_holds_two_of_the_targets_turns() -> None:
    table, mara, ovid = fight()
    rid = suggested(table, mara, ovid, SIX)  # succeeded: a suggestion for two turns
    table.do(NextTurn())
    table.do(NextTurn())  # Ovid's first turn under it ended
    assert table.state.stunt_spending.resistances[rid].turns_left == 1
    table.do(NextTurn())
    table.do(NextTurn())  # the second
    assert table.state.stunt_spending.resistances[rid].turns_left == 0


def test_manipulation_grandmaster_doubles_suggest_actions_turns() -> None:
    """000, Manipulation Grandmaster: "double the usual duration for the social effect or
    Stunt". The ledger counts Suggest Action's turns, so it counts twice as many (an
    outside review of the readings found the talent only shown)."""
    for dice, turns in ((LOW, 2), (SIX, 4)):  # one order, a suggestion: 1 and 2, doubled
        table = StuntTable()
        mara = table.character("Mara", abilities={"willpower": 2, "communication": 3},
                               focuses=["Persuasion"], specializations=[
                                   {"name": "Manipulation", "degree": "Grandmaster"}])
        ovid = table.fighter("Ovid")
        table.scene()
        table.do(StartEncounter(participants=[pc(mara, 12), pc(ovid, 10)]))
        rid = suggested(table, mara, ovid, dice)
        assert table.state.stunt_spending.resistances[rid].turns_left == turns


def test_suggest_action_count_ends_with_the_encounter() -> None:
    table, mara, ovid = fight()
    rid = suggested(table, mara, ovid, SIX)
    (ended,) = of_type(table.do(EndEncounter()), "StuntTurnPassed")
    assert (ended.resistance_id, ended.why, ended.turns_left) == (rid, "encounter-ended", 0)


def test_suggest_action_outside_an_encounter_counts_no_turns() -> None:
    table = StuntTable()
    mara, ovid = table.fighter("Mara"), table.fighter("Ovid")
    rid = suggested(table, mara, ovid, LOW)
    resistance = table.state.stunt_spending.resistances[rid]
    assert (resistance.turns_left, resistance.outcome) == (
        0, "follows one order for their next turn")


def test_opportunist_attack_in_an_encounter_generates_no_sp_and_is_not_the_turns_test() -> None:
    table, mara, ovid = fight()
    table.do(spend_stunts(table.roll(mara, SIX), [Choice(name="Opportunist")], None))
    table.do(NextTurn())  # Ovid's turn: he moves away, Mara's prepared attack
    events = table.do(attack(mara, "opportunist", ability="willpower", focus=None, modifier=0,
                             tn=10, reported=SIX, label="", target=ovid))
    (rolled,) = of_type(events, "Rolled")
    assert (rolled.stunt_points, rolled.active) == (0, False)
    assert of_type(events, "ActiveTestCounted") == []
    assert table.state.encounter is not None
    assert mara not in table.state.encounter.tested_this_turn



def test_timeline_reads_a_frighten_in_an_encounter_with_its_turn_and_the_targets_roll() -> None:
    table, mara, ovid = fight()
    (spent,) = table.do(spend_stunts(table.roll(mara, SIX), [Choice(name="Frighten")], ovid))
    text = summarize("StuntsSpent", msgspec.json.decode(encode_data(spent)),
                     {mara: "Mara", ovid: "Ovid"}.get)
    assert text.startswith("Mara spends 3 SP on Frighten on Ovid in turn 1 (roll at position")
    assert text.endswith("; Ovid rolls Willpower (Courage) against TN 17")


def test_timeline_reads_full_force_as_the_minor_action_given_up() -> None:
    table, mara, _ = fight()
    (spent,) = table.do(spend_stunts(table.roll(mara, SIX), [Choice(name="Full Force")], None))
    text = summarize("StuntsSpent", msgspec.json.decode(encode_data(spent)), {mara: "Mara"}.get)
    assert text.startswith("Mara spends 5 SP on Full Force: the Minor Action given up in turn 1")


def test_stunt_attack_in_an_encounter_is_the_turns_one_generating_test() -> None:
    table, mara, ovid = fight()
    first = table.attack(mara, [6, 5, 1], kind="stunt-attack", target=ovid)  # a hit: 2 SP
    second = table.attack(mara, [6, 5, 1], kind="stunt-attack", target=ovid)
    assert (table.state.withheld_sp.get(first), table.state.withheld_sp.get(second)) == (None, 2)
    assert refused(table, spend_stunts(second, [Choice(name="Glean Motives")], None)
                   ) == "stunt-points-over-budget"
    table.do(spend_stunts(first, [Choice(name="Glean Motives")], None))
