"""Unconscious ends: stun damage to 0 Health (000, Unconscious; the rules README).

Rules (the README's "Unconscious ends", for stun damage; docs/rules/conditions.md):
- Stun damage that takes Health to 0 leaves the character unconscious. When it ends
  is rolled once, at the knockout, as an event: 2d6 minutes of game time (server dice,
  in the command that dealt the damage).
- It ends when that game time has passed, or on regaining at least 1 Health, whichever
  comes first. Our reading: a new day also ends it (far more than 12 minutes pass).
- Each cause is tracked on its own (`Character.knockouts`): healing wakes a stunned
  character but not one who collapsed from overcasting (ledger/domain/magic/strain.py).
- An unconsciousness recorded before this rule, or set by a GM correction, has no
  recorded cause: it ends as stun unconsciousness does on healing or at a new day,
  and after an advance of at least 12 minutes (the most 2d6 can roll).
"""

from __future__ import annotations

from ledger.domain.clock import TimeAdvanced
from ledger.domain.conditions.adding import ConditionAdded
from ledger.domain.context import Context
from ledger.domain.events import DomainEvent, evolves
from ledger.domain.resources import Damaged, Healed, heal_event
from ledger.domain.rolls import notation_rolled
from ledger.domain.state import CampaignState, Character
from ledger.domain.state.unconscious import Knockout

STUN = "stun-damage"
STUN_DICE = "2d6"
STUN_MOST_MINUTES = 12


class KnockedOut(DomainEvent, frozen=True, kw_only=True):
    cause: str  # "stun-damage", "unconscious-condition", "exhausted", "dying-gritty", "stun-spell"
    minutes: int | None  # as rolled at the knockout; None when only an event ends it
    until_minute: int | None
    # Health regained when it ends by time (Exhausted: after six hours; the Stun spells:
    # up to 1, see ledger/domain/stun_spell.py); older events: 0.
    regains: int = 0


class UnconsciousEnded(DomainEvent, frozen=True, kw_only=True):
    cause: str
    why: str  # "time-passed", "healed", "new-day"


@evolves(KnockedOut)
def _knocked_out(state: CampaignState, e: KnockedOut) -> None:
    character = state.characters[e.character_id or ""]
    character.knockouts.append(Knockout(cause=e.cause, since=state.position + 1,
                                        until_minute=e.until_minute, regains=e.regains))
    character.unconscious = True


@evolves(UnconsciousEnded)
def _ended(state: CampaignState, e: UnconsciousEnded) -> None:
    character = state.characters[e.character_id or ""]
    character.knockouts = [k for k in character.knockouts if k.cause != e.cause]
    # Awake only once no other cause holds: an overcasting collapse keeps its own hour.
    character.unconscious = bool(character.knockouts) or (
        character.strain_extras.unconscious_until is not None)


def stunned(character: Character) -> bool:
    """Unconscious from stun damage, recorded as such or without any recorded cause."""
    if character.dead or not character.unconscious:
        return False
    if any(k.cause == STUN for k in character.knockouts):
        return True
    return not character.knockouts and character.strain_extras.unconscious_until is None


def ended(character: Character, why: str) -> UnconsciousEnded:
    return UnconsciousEnded(character_id=character.id, cause=STUN, why=why)


def knock_out(state: CampaignState, event: DomainEvent, ctx: Context) -> list[DomainEvent]:
    if not isinstance(event, Damaged) or not event.unconscious or event.spell is not None:
        return []  # the Stun spells' own knockout: ledger/domain/stun_spell.py
    character = state.characters[event.character_id or ""]
    if character.dead or any(k.cause == STUN for k in character.knockouts):
        return []  # already out from stun damage: the first roll stands
    rolled = notation_rolled(ctx, character.id, STUN_DICE, None, state.settings.max_dice_per_roll,
                             label="unconscious for 2d6 minutes (stun damage)")
    return [rolled, KnockedOut(character_id=character.id, cause=STUN, minutes=rolled.total,
                               until_minute=state.clock.minutes + rolled.total)]


def wake_on_healing(state: CampaignState, event: DomainEvent, ctx: Context) -> list[DomainEvent]:
    if not isinstance(event, Healed) or event.after < 1:
        return []
    character = state.characters[event.character_id or ""]
    return [ended(character, "healed")] if stunned(character) else []


def wake_as_time_passes(
    state: CampaignState, event: DomainEvent, ctx: Context
) -> list[DomainEvent]:
    if not isinstance(event, TimeAdvanced):
        return []
    out: list[DomainEvent] = []
    for character in state.characters.values():
        if not stunned(character):
            continue
        until = next((k.until_minute for k in character.knockouts if k.cause == STUN), None)
        over = (event.after >= until if until is not None
                else not character.knockouts and event.minutes >= STUN_MOST_MINUTES)
        if over:
            out.append(ended(character, "time-passed"))
    return out


def wake_at_a_new_day(state: CampaignState, event: DomainEvent, ctx: Context) -> list[DomainEvent]:
    return [ended(ch, "new-day") for ch in state.characters.values() if stunned(ch)]



# The Unconscious Condition (000: "Typically, an unconscious character remains so for 2d6
# minutes or until revived by another character using the First Aid action"): the same
# 2d6 minutes, rolled when the Condition is added, tracked as its own cause.
CONDITION = "unconscious-condition"
# Exhausted (000): "if the character loses more than half their Health while exhausted,
# they become unconscious for 1d6 hours or until restored to greater than half their
# maximum Health. After six hours unconscious, they regain 10 + Constitution + Level Health
# and regain consciousness."
EXHAUSTED = "exhausted"
SIX_HOURS = 6
TIMED = (CONDITION, EXHAUSTED)  # causes (besides stun damage) that end when time reaches them


def knock_out_by_condition(state: CampaignState, event: DomainEvent,
                           ctx: Context) -> list[DomainEvent]:
    """A reaction to `ConditionAdded`: the Unconscious Condition knocks out for 2d6 minutes."""
    if not isinstance(event, ConditionAdded) or event.condition.name != "Unconscious":
        return []
    character = state.characters[event.character_id or ""]
    if character.dead or any(k.cause == CONDITION for k in character.knockouts):
        return []
    rolled = notation_rolled(ctx, character.id, STUN_DICE, None, state.settings.max_dice_per_roll,
                             label="unconscious for 2d6 minutes (Unconscious Condition)")
    return [rolled, KnockedOut(character_id=character.id, cause=CONDITION, minutes=rolled.total,
                               until_minute=state.clock.minutes + rolled.total)]


def _holds(character: Character, cause: str) -> bool:
    return not character.dead and any(k.cause == cause for k in character.knockouts)


def wake_timed(state: CampaignState, event: DomainEvent, ctx: Context) -> list[DomainEvent]:
    """A reaction to `TimeAdvanced` (and so to each round crossing a minute) and `NewDay`."""
    out: list[DomainEvent] = []
    for character in state.characters.values():
        for k in character.knockouts:
            if character.dead or k.cause not in TIMED:
                continue
            if isinstance(event, TimeAdvanced):
                if k.until_minute is not None and event.after >= k.until_minute:
                    out.append(UnconsciousEnded(character_id=character.id, cause=k.cause,
                                                why="time-passed"))
                    if k.regains:
                        out.append(heal_event(character, k.regains,
                                              "six hours unconscious while Exhausted"))
            else:  # a new day: far more than 12 minutes (as for stun damage)
                out.append(UnconsciousEnded(character_id=character.id, cause=k.cause,
                                            why="new-day"))
                if k.regains:  # more than six hours passed, so their Health comes back too
                    out.append(heal_event(character, k.regains,
                                          "six hours unconscious while Exhausted"))
    return out


def wake_timed_on_healing(state: CampaignState, event: DomainEvent,
                          ctx: Context) -> list[DomainEvent]:
    """Regaining at least 1 Health ends the Unconscious Condition's knockout; being restored
    to more than half the maximum ends an Exhausted one."""
    if not isinstance(event, Healed) or event.after <= event.before:
        return []
    character = state.characters[event.character_id or ""]
    out: list[DomainEvent] = []
    if _holds(character, CONDITION):
        out.append(UnconsciousEnded(character_id=character.id, cause=CONDITION, why="healed"))
    if _holds(character, EXHAUSTED) and 2 * event.after > character.health.max:
        out.append(UnconsciousEnded(character_id=character.id, cause=EXHAUSTED, why="healed"))
    return out


def _constitution(character: Character) -> int:
    return next((v for k, v in character.abilities.items()
                 if k.lower() in ("constitution", "con")), 0)


def knock_out_when_exhausted(state: CampaignState, event: DomainEvent,
                             ctx: Context) -> list[DomainEvent]:
    """A reaction to `Damaged`: damage that takes an Exhausted character from at least half
    their maximum Health to below it (more than half lost) knocks them out for 1d6 hours."""
    if not isinstance(event, Damaged) or event.after >= event.before:
        return []
    character = state.characters[event.character_id or ""]
    half_lost = 2 * event.after < character.health.max <= 2 * event.before
    if (character.dead or not half_lost or _holds(character, EXHAUSTED)
            or not any(c.name == "Exhausted" for c in character.conditions)):
        return []
    rolled = notation_rolled(ctx, character.id, "1d6", None, state.settings.max_dice_per_roll,
                             label="unconscious for 1d6 hours (Exhausted, half Health lost)")
    hours = rolled.total
    regains = (10 + _constitution(character) + character.level) if hours >= SIX_HOURS else 0
    return [rolled, KnockedOut(character_id=character.id, cause=EXHAUSTED, minutes=hours * 60,
                               until_minute=state.clock.minutes + hours * 60,
                               regains=max(0, regains))]


def first_aid_revives(character: Character) -> list[UnconsciousEnded]:
    """First Aid revives from stun damage and from the Unconscious Condition (000)."""
    out = [UnconsciousEnded(character_id=character.id, cause=STUN, why="first-aid")
           ] if stunned(character) else []
    if _holds(character, CONDITION):
        out.append(UnconsciousEnded(character_id=character.id, cause=CONDITION, why="first-aid"))
    return out
