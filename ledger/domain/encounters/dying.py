"""Dying under the campaign's mode (000, Dying; docs/rules/encounters.md, "Dying").

Rules and readings:
- Wound damage to 0 Health makes a character Dying (ledger/domain/resources.py); the
  campaign's `dying_mode` at that moment ("gritty", "pulpy": the default pulp mode of Mana
  Noir, or "cinematic") is recorded with the survival time: 2 + Constitution rounds, at
  least 0 (`survival_rounds`; a Constitution of -2 or less leaves none: it is over at once).
- The survival time is counted in the rounds of the encounter under way: it runs out at the
  start of the same place in the order that many rounds later, as Helpless does
  (`run_out`). Outside an encounter no rounds are counted; the state shows the rounds.
- Pulpy and Cinematic: when it runs out a survival test is owed, Constitution (Stamina) at
  TN 9, +2 per test already made (`survival_tn`); a success adds rounds equal to the Stunt
  Die to the time that ran out, a failure leaves the character to perish. Gritty: the
  dying must pass a TN 9 Constitution (Stamina) test, owed at once, or fall unconscious
  until they regain 1 Health; the survival time is not extended (the extension is the
  Pulpy rule in the text). A character whose time is over with no test left "may perish":
  the GM records the death with the death command.
- Cinematic: a Minor action each round (shown); the survival test's doubles give Stunt
  Points (an exception to "no SP from resistance rolls"), 3 of which buy a Major action
  (`major_action`, through the stunt spending).
- Treatment ends Dying: First Aid (`first_aid`) or any healing that restores Health.
"""

from __future__ import annotations

from ledger.domain.characters import require_alive
from ledger.domain.conditions.recovery import constitution, stamina_focus
from ledger.domain.context import Context
from ledger.domain.errors import RuleViolation
from ledger.domain.events import DomainEvent, evolves
from ledger.domain.resources import Damaged, Healed
from ledger.domain.rolls import Rolled, age_roll, focus_bonus
from ledger.domain.rolls.age import with_stunt_points
from ledger.domain.state import CampaignState, Character
from ledger.domain.state.dying import DyingState
from ledger.domain.unconscious import KnockedOut, UnconsciousEnded, first_aid_revives

SURVIVAL_BASE = 2
SURVIVAL_TN = 9
TN_PER_TEST = 2
MAJOR_ACTION_SP = 3
MAJOR_ACTION = "Major action"
GRITTY = "dying-gritty"  # the knockout cause of a failed Gritty test


class DyingBegan(DomainEvent, frozen=True, kw_only=True):
    mode: str
    constitution: int
    survival_rounds: int
    encounter_id: str | None
    ends_round: int | None
    ends_turn: int | None


class SurvivalTimeRanOut(DomainEvent, frozen=True, kw_only=True):
    mode: str
    test_owed: bool
    tn: int | None  # the survival test's TN when one is owed


class SurvivalTested(DomainEvent, frozen=True, kw_only=True):
    """A survival test (Pulpy, Cinematic) or Gritty's test against falling unconscious."""

    kind: str  # "survival" or "consciousness"
    roll_position: int
    tn: int
    success: bool
    extra_rounds: int = 0
    ends_round: int | None = None
    stunt_points: int = 0


class DyingEnded(DomainEvent, frozen=True, kw_only=True):
    why: str  # "healed", "first-aid"


class FirstAidGiven(DomainEvent, frozen=True, kw_only=True):
    by: str | None
    note: str
    ends: list[str]  # what it ends: "dying", knockout causes


def _dying(state: CampaignState, e: DomainEvent) -> DyingState:
    found = state.characters[e.character_id or ""].dying_state
    assert found is not None  # decide checked it
    return found


@evolves(DyingBegan)
def _began(state: CampaignState, e: DyingBegan) -> None:
    over = e.survival_rounds == 0
    state.characters[e.character_id or ""].dying_state = DyingState(
        mode=e.mode, survival_rounds=e.survival_rounds, since_position=state.position + 1,
        encounter_id=e.encounter_id, ends_round=e.ends_round, ends_turn=e.ends_turn,
        ran_out=over, test_owed=over and e.mode != "gritty",
        may_perish=over and e.mode == "gritty", consciousness_test_owed=e.mode == "gritty")


@evolves(SurvivalTimeRanOut)
def _ran_out(state: CampaignState, e: SurvivalTimeRanOut) -> None:
    dying = _dying(state, e)
    dying.ran_out, dying.test_owed, dying.may_perish = True, e.test_owed, not e.test_owed


@evolves(SurvivalTested)
def _tested(state: CampaignState, e: SurvivalTested) -> None:
    dying = _dying(state, e)
    if e.kind == "consciousness":
        dying.consciousness_test_owed = False
        return
    dying.tests += 1
    dying.test_owed = False
    dying.survival_roll_position = e.roll_position
    if e.success:
        dying.ran_out, dying.ends_round = False, e.ends_round
    else:
        dying.may_perish = True


@evolves(DyingEnded)
def _ended(state: CampaignState, e: DyingEnded) -> None:
    character = state.characters[e.character_id or ""]
    character.dying = False
    character.dying_state = None


@evolves(FirstAidGiven)
def _first_aid(state: CampaignState, e: FirstAidGiven) -> None:
    """What First Aid ends is recorded by the events after it."""


def survival_rounds(constitution_score: int) -> int:
    """2 + Constitution rounds; a Constitution of -2 or less leaves none."""
    return max(0, SURVIVAL_BASE + constitution_score)


def survival_tn(tests_made: int) -> int:
    return SURVIVAL_TN + TN_PER_TEST * tests_made


def _constitution(character: Character) -> int:
    """The sheet's Constitution; a sheet without one counts 0 (our reading)."""
    try:
        return constitution(character)[1]
    except RuleViolation:
        return 0


def begin_dying(state: CampaignState, event: DomainEvent, ctx: Context) -> list[DomainEvent]:
    """A reaction to `Damaged`: the first wound to 0 Health starts the survival time."""
    if not isinstance(event, Damaged) or not event.dying:
        return []
    character = state.characters[event.character_id or ""]
    if character.dead or character.dying_state is not None:
        return []
    con = _constitution(character)
    rounds = survival_rounds(con)
    encounter = state.encounter
    counted = encounter is not None and any(p.character_id == character.id
                                            for p in encounter.order)
    return [DyingBegan(
        character_id=character.id, mode=state.settings.dying_mode, constitution=con,
        survival_rounds=rounds, encounter_id=encounter.id if encounter and counted else None,
        ends_round=encounter.round + rounds if encounter and counted else None,
        ends_turn=encounter.turn if encounter and counted else None)]


def run_out(state: CampaignState, event: DomainEvent, ctx: Context) -> list[DomainEvent]:
    """A reaction to each turn: a survival time whose rounds are over runs out."""
    encounter = state.encounter
    if encounter is None:
        return []
    out: list[DomainEvent] = []
    for character in state.characters.values():
        dying = character.dying_state
        if (dying is None or character.dead or dying.ran_out or dying.encounter_id != encounter.id
                or dying.ends_round is None or dying.ends_turn is None):
            continue
        if (encounter.round, encounter.turn) >= (dying.ends_round, dying.ends_turn):
            owed = dying.mode != "gritty"
            out.append(SurvivalTimeRanOut(character_id=character.id, mode=dying.mode,
                                          test_owed=owed,
                                          tn=survival_tn(dying.tests) if owed else None))
    return out


def end_on_healing(state: CampaignState, event: DomainEvent, ctx: Context) -> list[DomainEvent]:
    """A reaction to `Healed`: healing that restores Health is treatment; a Gritty
    unconsciousness ends on regaining at least 1 Health."""
    if not isinstance(event, Healed) or event.after < 1:
        return []
    character = state.characters[event.character_id or ""]
    out: list[DomainEvent] = []
    if character.dying_state is not None:
        out.append(DyingEnded(character_id=character.id, why="healed"))
    if any(k.cause == GRITTY for k in character.knockouts):
        out.append(UnconsciousEnded(character_id=character.id, cause=GRITTY, why="healed"))
    return out


def _test_roll(ctx: Context, character: Character, tn: int, reported: list[int] | None,
               modifier: int, label: str) -> Rolled:
    ability, value = constitution(character)
    focus = stamina_focus(character)
    return age_roll(ctx, character.id, reported, ability=ability, ability_value=value, tn=tn,
                    focus=focus, focus_bonus=focus_bonus(character, focus), modifier=modifier,
                    active=False, label=label, conditions=character.conditions)


def test(state: CampaignState, ctx: Context, character_id: str, reported: list[int] | None,
         modifier: int) -> list[DomainEvent]:
    """The test the dying character owes: Gritty's against falling unconscious first, then a
    survival test once the survival time ran out (409 `no-dying-test-owed` otherwise)."""
    character = require_alive(state, character_id)
    dying = character.dying_state
    if dying is None:
        raise RuleViolation("character-not-dying", f"{character.name} is not dying")
    at = state.position + 1  # the roll is the command's first event
    if dying.consciousness_test_owed:
        roll = _test_roll(ctx, character, SURVIVAL_TN, reported, modifier,
                          "Dying (Gritty): Constitution (Stamina) against falling unconscious")
        tested = SurvivalTested(character_id=character.id, kind="consciousness",
                                roll_position=at, tn=SURVIVAL_TN, success=bool(roll.success))
        if roll.success:
            return [roll, tested]
        return [roll, tested, KnockedOut(character_id=character.id, cause=GRITTY, minutes=None,
                                         until_minute=None)]
    if not dying.test_owed:
        raise RuleViolation("no-dying-test-owed", f"{character.name} owes no survival test: "
                            + ("the survival time has not run out" if not dying.ran_out
                               else "no further test is allowed"))
    tn = survival_tn(dying.tests)
    roll = _test_roll(ctx, character, tn, reported, modifier, f"Dying: survival test (TN {tn})")
    sp = 0
    if dying.mode == "cinematic" and roll.success and roll.doubles:
        sp = roll.stunt_die or 0  # Cinematic: the survival test's SP buy a Major action
        roll = with_stunt_points(roll, sp)
    extra = (roll.stunt_die or 0) if roll.success else 0
    ends = dying.ends_round + extra if roll.success and dying.ends_round is not None else None
    return [roll, SurvivalTested(character_id=character.id, kind="survival", roll_position=at,
                                 tn=tn, success=bool(roll.success), extra_rounds=extra,
                                 ends_round=ends, stunt_points=sp)]


def major_action_from(state: CampaignState, position: int, roller: Character,
                      name: str) -> None:
    """Cinematic: 3 SP of the character's last survival test buy a Major action, and they
    buy nothing else (the exception to "no SP from resistance rolls" is for it alone)."""
    dying = roller.dying_state
    if name.strip().lower() != MAJOR_ACTION.lower():
        raise RuleViolation("survival-sp-buy-only-a-major-action", "the SP of a survival test "
                            "buy only a Major action (Cinematic Dying)", field="stunts")
    if (dying is None or dying.mode != "cinematic"
            or dying.survival_roll_position != position):
        raise RuleViolation("major-action-needs-a-cinematic-survival-test",
                            "a Major action is bought only with the SP of a dying character's "
                            "last survival test in Cinematic mode", field="roll_position")


def survival_roll_of(state: CampaignState, position: int) -> bool:
    return any(ch.dying_state is not None and ch.dying_state.survival_roll_position == position
               for ch in state.characters.values())


def dying_now(character: Character) -> bool:
    """Whether a treatment (First Aid, Triage) has a Dying to end."""
    return character.dying_state is not None or character.dying


def first_aid(state: CampaignState, character_id: str, by: str | None,
              note: str) -> list[DomainEvent]:
    """First Aid ends Dying (treatment) and revives a character knocked out by stun damage or
    the Unconscious Condition (000); it does not wake a Gritty, overcasting or Exhausted
    unconsciousness, which end by their own rules."""
    character = require_alive(state, character_id)
    if by is not None and by.strip().lower() in (character.id.lower(), character.name.lower()):
        # 000, Unconscious: "revived by another character using the First Aid action"; and
        # a dying character is helpless (an outside rules check gave itself First Aid).
        raise RuleViolation("first-aid-by-another", f"{character.name} cannot give First "
                            "Aid to themselves: another character gives it", field="by")
    revived = first_aid_revives(character)
    ends = (["dying"] if dying_now(character) else []) + [
        e.cause for e in revived]
    if not ends:
        raise RuleViolation("first-aid-not-needed", f"{character.name} is neither dying nor "
                            "knocked out in a way First Aid ends")
    out: list[DomainEvent] = [FirstAidGiven(character_id=character.id, by=by, note=note,
                                            ends=ends)]
    if "dying" in ends:
        out.append(DyingEnded(character_id=character.id, why="first-aid"))
    return out + list(revived)
