"""Tests owed by combat time (000; docs/rules/encounters.md, "Tests owed in and after a
fight"). Each is shown in the character's pending decisions and resolved by rolling it
(`roll_owed`); none blocks another roll.

- Confused: "Roll a TN 13 Willpower (Self-Discipline) test at the start of each of the
  character's turns". A participant who is Confused when their turn starts owes it
  (`owe_at_turn_start`, a reaction to `EncounterStarted`, `TurnAdvanced` and
  `TurnDelayed`). Our readings: an unrolled test lapses when that turn ends (the GM then
  chose the major action), or with the encounter or the Condition; a delayed turn that
  resumes owes no second test while the first is still owed.
- Fatigue: "You must make a Fatigue Test after every combat that lasts more than one
  round per Con bonus". At the end of an encounter each participant whose rounds exceed
  their Constitution owes it (`after_the_fight`). Our reading: a Constitution of 0 or less
  allows no round, so every combat owes it. The texts give neither its TN nor its effect:
  the TN is the setting `fatigue_tn` or given when rolled, the effect a Condition given
  when rolled (`failure_condition`, added on a failure).
- The rolls are tests the Conditions and the fight impose, not actions: they generate no
  Stunt Points (`active: false`), as a recovery roll.
"""

from __future__ import annotations

import msgspec

from ledger.domain.conditions.adding import condition_events
from ledger.domain.context import Context
from ledger.domain.errors import InvalidInput, NotFound
from ledger.domain.events import DomainEvent, evolves
from ledger.domain.rolls import age_roll, focus_bonus
from ledger.domain.rolls.age import sheet_ability
from ledger.domain.rolls.round_effects import in_force
from ledger.domain.sheet_names import find_focus, lookup
from ledger.domain.state import CampaignState, Character
from ledger.domain.state.encounter import Encounter
from ledger.domain.state.owed import OwedTest

CONFUSED, FATIGUE = "confused", "fatigue"
CONFUSED_TEST = ("Willpower", "Self-Discipline", 13)  # 000, Confused
FATIGUE_TEST = ("Constitution", "Stamina")  # our reading: the texts' test of endurance


class TestOwed(DomainEvent, frozen=True, kw_only=True):
    test: OwedTest


class OwedTestRolled(DomainEvent, frozen=True, kw_only=True):
    test_id: str
    kind: str
    roll_position: int
    success: bool


class OwedTestLapsed(DomainEvent, frozen=True, kw_only=True):
    test_id: str
    kind: str
    why: str  # "turn-ended", "encounter-ended", "condition-ended"


def _drop(state: CampaignState, character_id: str | None, test_id: str) -> None:
    character = state.characters[character_id or ""]
    character.owed_tests = [t for t in character.owed_tests if t.id != test_id]


@evolves(TestOwed)
def _owed(state: CampaignState, e: TestOwed) -> None:
    state.characters[e.character_id or ""].owed_tests.append(msgspec.structs.replace(e.test))


@evolves(OwedTestRolled)
def _rolled(state: CampaignState, e: OwedTestRolled) -> None:
    _drop(state, e.character_id, e.test_id)


@evolves(OwedTestLapsed)
def _lapsed(state: CampaignState, e: OwedTestLapsed) -> None:
    _drop(state, e.character_id, e.test_id)


def _confused(character: Character) -> bool:
    return any(c.name == "Confused" for c in character.conditions)


def _lapse(character: Character, kind: str, why: str) -> list[DomainEvent]:
    return [OwedTestLapsed(character_id=character.id, test_id=t.id, kind=t.kind, why=why)
            for t in character.owed_tests if t.kind == kind]


def owe_at_turn_start(state: CampaignState, event: DomainEvent, ctx: Context
                      ) -> list[DomainEvent]:
    """The turn that ended lapses its unrolled Confused test; the Confused participant
    whose turn starts owes one."""
    encounter = state.encounter
    if encounter is None:
        return []
    out: list[DomainEvent] = []
    ended = encounter.participant(getattr(event, "ended", ""))
    lapsed: set[str] = set()
    if ended is not None and ended.character_id in state.characters:
        out += _lapse(state.characters[ended.character_id], CONFUSED, "turn-ended")
        lapsed.add(ended.character_id)
    current = encounter.current()
    character = None if current is None else state.characters.get(current.character_id or "")
    if character is None or character.dead or not _confused(character):
        return out
    if character.id not in lapsed and any(t.kind == CONFUSED for t in character.owed_tests):
        return out  # a delayed turn resumes: its test is still owed
    ability, focus, tn = CONFUSED_TEST
    test = OwedTest(id=ctx.new_id("owed"), kind=CONFUSED, ability=ability, focus=focus, tn=tn,
                    encounter_id=encounter.id, round=encounter.round, turn_number=encounter.turn_number)
    return [*out, TestOwed(character_id=character.id, test=test)]


def lapse_when_confusion_ends(state: CampaignState, event: DomainEvent, ctx: Context
                              ) -> list[DomainEvent]:
    """A Confused test still owed lapses when the character is no longer Confused."""
    character = state.characters.get(event.character_id or "")
    if character is None or _confused(character):
        return []
    return _lapse(character, CONFUSED, "condition-ended")


def at_the_end(state: CampaignState, encounter: Encounter) -> list[DomainEvent]:
    """Before the encounter ends: Confused tests still owed lapse with it."""
    return [e for p in encounter.order if p.character_id in state.characters
            for e in _lapse(state.characters[p.character_id], CONFUSED, "encounter-ended")]


def after_the_fight(state: CampaignState, ctx: Context, encounter: Encounter
                    ) -> list[DomainEvent]:
    """After the encounter ends: the Fatigue tests owed (000)."""
    out: list[DomainEvent] = []
    for p in encounter.order:
        character = state.characters.get(p.character_id or "")
        found = None if character is None else lookup(character.abilities, "Constitution")
        if character is None or character.dead or found is None:
            continue  # our reading: a sheet without Constitution owes nothing we can roll
        limit = max(found[1], 0)
        if encounter.round <= limit:
            continue
        ability, focus = FATIGUE_TEST
        test = OwedTest(id=ctx.new_id("owed"), kind=FATIGUE, ability=ability, focus=focus,
                        tn=state.settings.fatigue_tn, encounter_id=encounter.id,
                        rounds=encounter.round, limit=limit)
        out.append(TestOwed(character_id=character.id, test=test))
    return out


def owed_test(character: Character, test_id: str) -> OwedTest:
    found = next((t for t in character.owed_tests if t.id == test_id), None)
    if found is None:
        raise NotFound("owed test", test_id)
    return found


def roll_owed(state: CampaignState, ctx: Context, character: Character, test_id: str,
              reported: list[int] | None, modifier: int, tn: int | None,
              failure_condition: str | None) -> list[DomainEvent]:
    test = owed_test(character, test_id)
    if test.kind == CONFUSED and (tn not in (None, test.tn) or failure_condition):
        raise InvalidInput("confused-test-is-fixed",
                           "the Confused test is Willpower (Self-Discipline) against TN 13; "
                           "its failure lets the GM choose the major action", field="tn")
    tn = test.tn if tn is None else tn
    if tn is None and test.kind != CONFUSED:  # a TN set since the test was owed counts too
        tn = state.settings.fatigue_tn
    if tn is None:
        raise InvalidInput("fatigue-test-needs-a-tn", "the texts give no Fatigue Test TN: give "
                           "`tn`, or set the campaign's `fatigue_tn`", field="tn")
    ability, value = sheet_ability(character, test.ability)
    focus = find_focus(character.focuses, test.focus) if test.focus else None
    rolled = age_roll(ctx, character.id, reported, ability=ability, ability_value=value,
                      tn=tn, focus=focus, focus_bonus=focus_bonus(character, focus),
                      modifier=modifier, active=False, label=f"{test.kind} test",
                      conditions=in_force(state, character))
    out: list[DomainEvent] = [rolled, OwedTestRolled(
        character_id=character.id, test_id=test.id, kind=test.kind,
        roll_position=state.position + 1, success=bool(rolled.success))]
    if failure_condition and not rolled.success:
        out += condition_events(state, character, failure_condition, None, None,
                                note="failed Fatigue test", new_id=ctx.new_id)
    return out

