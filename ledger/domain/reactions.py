"""Events caused by other events, listed in one place and in order, and the settling
that runs before a character's next action.

A reaction runs after its event is recorded (a scene's end returns the scene's Effort;
a sunrise adds Backlash to everyone still over their Mana); its events are recorded,
with their own reactions, before the command's next event (ledger/domain/pipeline.py). The
order below is the order they run in, so it decides positions and hashes: a reaction
is added at the end of its event's list, and moving one changes what later commands
record (tests/golden). Settling (a pending failed Magic Test is accepted when the
character acts again) runs before an action of the character. All are pure and
recorded under the command's correlation id.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ledger.domain import mana_recovery_rate, stun_spell, talent_health, unconscious
from ledger.domain.characters import CharacterDied, CharacterRegistered, Corrected, SheetUpdated
from ledger.domain.clock import NewDay, SceneEnded, SessionEnded, SessionStarted, SunMarked, TimeAdvanced
from ledger.domain.conditions import recovery as conditions_recovery
from ledger.domain.conditions import treatment as conditions_treatment
from ledger.domain.conditions.adding import ConditionAdded
from ledger.domain.conditions.recovery import ConditionReduced
from ledger.domain.context import Context
from ledger.domain.decision import Later
from ledger.domain.encounters import actions as encounter_actions
from ledger.domain.encounters import casting as encounter_casting
from ledger.domain.encounters import consequence_effects as encounter_consequences
from ledger.domain.encounters import dying, while_down
from ledger.domain.encounters import haste as encounter_haste
from ledger.domain.encounters import links as encounters
from ledger.domain.encounters import owed as encounter_owed
from ledger.domain.encounters import stunt_points as encounter_stunt_points
from ledger.domain.encounters import timed_effects as encounter_timed
from ledger.domain.encounters import timers as encounter_timers
from ledger.domain.encounters.dying import DyingEnded
from ledger.domain.encounters.events import (
    ConditionExpired,
    EncounterEnded,
    EncounterStarted,
    TurnAdvanced,
    TurnDelayed,
)
from ledger.domain.events import DomainEvent
from ledger.domain.items import identification as items_identification
from ledger.domain.items import linkage
from ledger.domain.magic import backlash, effort, harm, permanent, spell_preparation, strain
from ledger.domain.magic.backlash import BacklashBanked, BacklashChoiceOffered, BacklashGained
from ledger.domain.magic.consequences import ConsequenceEffectChosen
from ledger.domain.magic.failure import settle_before_next_command
from ledger.domain.magic.permanent import PermanentBacklashChanged
from ledger.domain.magic.spells import SpellCast, SpellEffectUsed
from ledger.domain.resources import Damaged, Healed, ResourceSpent
from ledger.domain.rolls import Rolled
from ledger.domain.spirits import passing_time as spirits_time
from ledger.domain.spirits.events import SpiritSummoned
from ledger.domain.state import CampaignState
from ledger.domain.stunts import rules as stunts
from ledger.domain.stunts import turns as stunt_turns
from ledger.domain.unconscious import UnconsciousEnded

Reaction = Callable[[CampaignState, DomainEvent, Context], list[DomainEvent]]
Settle = Callable[[CampaignState, str, Context], Sequence[DomainEvent | Later]]

REACTIONS: dict[type[DomainEvent], tuple[Reaction, ...]] = {
    CharacterRegistered: (permanent.derive_permanent, talent_health.health_follows_the_talents),
    SheetUpdated: (conditions_recovery.movement_follows_the_sheet, permanent.derive_permanent,
                   talent_health.health_follows_the_talents),
    Corrected: (conditions_recovery.movement_follows_the_sheet, permanent.derive_permanent,
                talent_health.health_follows_the_talents,
                encounter_owed.lapse_when_confusion_ends),
    CharacterDied: (items_identification.abandon_studies_of_the_dead, linkage.end_links_of_the_dead,
                    spirits_time.summoners_death_dispels_their_spirits),
    ResourceSpent: (backlash.owe_roll_on_crossing,),
    BacklashGained: (backlash.owe_roll_on_crossing,),
    BacklashChoiceOffered: (backlash.owe_roll_on_crossing,),
    BacklashBanked: (backlash.owe_roll_on_crossing,),
    PermanentBacklashChanged: (backlash.owe_roll_on_crossing,),
    Damaged: (unconscious.knock_out, stun_spell.knock_out, encounter_casting.note_health_damage,
              dying.begin_dying,
              unconscious.knock_out_when_exhausted),
    Healed: (harm.recover_harm, unconscious.wake_on_healing, dying.end_on_healing,
             unconscious.wake_timed_on_healing),
    Rolled: (stunts.note_roll, encounter_stunt_points.one_active_test_per_turn,
             encounter_actions.limit_the_turn, encounter_consequences.end_applied),
    SessionStarted: (stunts.open_pool,),
    SessionEnded: (stunts.reset_pool, encounters.end_with_the_scene),
    SceneEnded: (effort.return_scene_effort, encounters.end_with_the_scene,
                 encounter_timed.immunity_ends_with_the_scene),
    SunMarked: (backlash.deadline_at_sunrise_or_sunset,),
    TimeAdvanced: (strain.end_collapses, spirits_time.immediate_spirits_vanish_after_an_hour,
                   unconscious.wake_as_time_passes, unconscious.wake_timed,
                   encounter_timed.snares_fade, stun_spell.wake),
    NewDay: (conditions_treatment.a_day_of_treatment_and_rest, effort.return_daily_effort,
             items_identification.complete_studies, spell_preparation.reopen_preparation,
             strain.end_collapses, spirits_time.immediate_spirits_are_gone_by_a_new_day,
             unconscious.wake_at_a_new_day, mana_recovery_rate.recover_mana_by_rate,
             unconscious.wake_timed, encounter_timed.snares_fade, stun_spell.wake),
    # Encounters (ledger/domain/encounters/): turn-counted Conditions, spirits, the end.
    ConditionAdded: (encounter_timers.time_conditions, stunt_turns.note_grapples,
                     encounter_casting.note_grappling, unconscious.knock_out_by_condition,
                     while_down.bind_helpless),
    TurnAdvanced: (encounter_timers.end_counted_conditions, encounter_haste.end_effects,
                   stunt_turns.count_target_turns, encounter_owed.owe_at_turn_start,
                   encounter_consequences.end_at_turn, dying.run_out),
    TurnDelayed: (encounter_timers.end_counted_conditions, encounter_haste.end_effects,
                  encounter_owed.owe_at_turn_start, dying.run_out),
    EncounterStarted: (encounter_owed.owe_at_turn_start,),
    ConditionReduced: (encounter_owed.lapse_when_confusion_ends,),
    ConditionExpired: (encounter_owed.lapse_when_confusion_ends,),
    SpellCast: (encounter_haste.time_haste, encounter_timed.immunity_from_cast,
                encounter_timed.paralysis_target_from_cast),
    SpellEffectUsed: (encounter_haste.note_use,),
    SpiritSummoned: (encounters.spirit_joins_next_round,),
    EncounterEnded: (encounters.return_scene_effort_under_mission_time,
                     stunt_turns.end_with_the_encounter),
    ConsequenceEffectChosen: (encounter_consequences.time_effect,),
    # Time-bounded states (docs/rules/encounters.md): what lasts as long as being down.
    DyingEnded: (while_down.release,),
    UnconsciousEnded: (while_down.release,),
    strain.CollapseEnded: (while_down.release,),
}

# What an action of a character first settles (docs/rules/magic-test.md, "Settling").
SETTLING: tuple[Settle, ...] = (settle_before_next_command,)


def reactions_to(state: CampaignState, event: DomainEvent, ctx: Context) -> list[DomainEvent]:
    out: list[DomainEvent] = []
    for reaction in REACTIONS.get(type(event), ()):
        out.extend(reaction(state, event, ctx))
    return out


def settling(state: CampaignState, character_id: str, ctx: Context) -> list[DomainEvent | Later]:
    out: list[DomainEvent | Later] = []
    for settle in SETTLING:
        out.extend(settle(state, character_id, ctx))
    return out
