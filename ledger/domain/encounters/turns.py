"""Starting an encounter, passing turns and rounds, delaying, adding, removing, ending
(docs/rules/encounters.md).

- An encounter starts inside an open scene (409 `no-open-scene`), one at a time (409
  `encounter-already-open`); round 1 is the first participant's turn.
- Next turn: the next participant in the order; after the last, a new round starts at
  the top, and game time moves on by one round (ledger/domain/encounters/time.py).
- Delay (our reading; the texts define neither delaying nor holding): the participant
  whose turn it is gives it up and acts right after a participant still to act this
  round, keeping that place (and that initiative) in later rounds. A held action that
  interrupts someone is recorded the same way, as a delay to just after them.
- Removing the participant whose turn it is passes the turn first. The last participant
  is not removed: the encounter is ended instead (409 `encounter-needs-a-participant`).
- Ending: the round in progress counts whole, so game time moves to start + rounds times
  length; Conditions still counted in turns end with it (our reading: the turns they
  counted no longer come). Ending the scene or the session ends an open encounter. Tests
  still owed in turns lapse; the Fatigue tests owed after the fight follow (owed.py).
"""

from __future__ import annotations

from ledger.domain.context import Context
from ledger.domain.encounters import owed, timers
from ledger.domain.encounters.events import (
    EncounterEnded,
    EncounterStarted,
    ParticipantAdded,
    ParticipantRemoved,
    RoundStarted,
    TurnAdvanced,
    TurnDelayed,
)
from ledger.domain.encounters.order import Entry, ordered, participant_of, place_for
from ledger.domain.encounters.time import after_a_round
from ledger.domain.errors import InvalidInput, NotFound, RuleViolation
from ledger.domain.events import DomainEvent
from ledger.domain.state import CampaignState
from ledger.domain.state.encounter import Encounter, Participant


def open_encounter(state: CampaignState) -> Encounter:
    if state.encounter is None:
        raise RuleViolation("no-open-encounter", "there is no encounter under way")
    return state.encounter


def start(state: CampaignState, ctx: Context, entries: list[Entry]) -> list[DomainEvent]:
    if not state.clock.scene_open:
        raise RuleViolation("no-open-scene", "an encounter takes place inside an open scene")
    if state.encounter is not None:
        raise RuleViolation("encounter-already-open",
                            f"encounter {state.encounter.id} is still under way")
    events: list[DomainEvent] = []
    listed = []
    taken: set[str] = set()
    for i, entry in enumerate(entries):
        participant, rolled = participant_of(state, ctx, entry, f"participants.{i}", taken)
        taken.add(participant.id)
        listed.append(participant)
        events.extend(rolled)
    tie_break = state.settings.initiative_tie_break
    events.append(EncounterStarted(
        encounter_id=ctx.new_id("enc"), scene=state.clock.scene, order=ordered(tie_break, listed),
        round_seconds=state.settings.round_seconds, started_minute=state.clock.minutes,
        started_second=state.clock.seconds, tie_break=tie_break))
    return events


def next_turn(state: CampaignState) -> list[DomainEvent]:
    encounter = open_encounter(state)
    current = encounter.current()
    assert current is not None
    index, round_ = encounter.turn + 1, encounter.round
    events: list[DomainEvent] = []
    if index >= len(encounter.order):
        index, round_ = 0, round_ + 1
        minute, second, advance = after_a_round(state)
        events.append(RoundStarted(encounter_id=encounter.id, round=round_, minute=minute,
                                   second=second))
        events.extend(advance)
    events.append(TurnAdvanced(encounter_id=encounter.id, ended=current.id,
                               participant_id=encounter.order[index].id, round=round_,
                               turn=index, turn_number=encounter.turn_number + 1))
    return events


def delay(state: CampaignState, after: str) -> list[DomainEvent]:
    encounter = open_encounter(state)
    current = encounter.current()
    assert current is not None
    later = encounter.order[encounter.turn + 1:]
    named = _named(encounter.order, after)
    if len(named) > 1:
        raise InvalidInput("ambiguous-participant", f"after: {after!r} names "
                           + ", ".join(f"{p.name} ({p.id})" for p in named)
                           + "; name one by its id", field="after")
    target = named[0] if named else None
    if target not in later:
        still = ", ".join(f"{p.name} ({p.id})" for p in later) or "nobody is"
        raise RuleViolation("delay-after-someone-still-to-act",
                            f"{target.name if target else repr(after)} is not still to act "
                            f"this round; delay to just after one who is: {still}",
                            field="after")
    assert target is not None
    return [TurnDelayed(encounter_id=encounter.id, participant_id=current.id, after=target.id,
                        initiative=target.initiative, turn_number=encounter.turn_number + 1)]


def _named(order: list[Participant], wanted: str) -> list[Participant]:
    """The participants `wanted` names: its id, or else its name, in any case (as when
    the encounter starts). A newcomer delayed after a character by name and was told that
    character was not in the list."""
    folded = wanted.strip().casefold()
    by_id = [p for p in order if p.id.casefold() == folded]
    return by_id or [p for p in order if p.name.strip().casefold() == folded]


def add(state: CampaignState, ctx: Context, entry: Entry) -> list[DomainEvent]:
    encounter = open_encounter(state)
    participant, rolled = participant_of(state, ctx, entry, "participant",
                                         {p.id for p in encounter.order})
    index = place_for(state.settings.initiative_tie_break, encounter.order, participant)
    return [*rolled, ParticipantAdded(encounter_id=encounter.id, participant=participant,
                                      index=index)]


def remove(state: CampaignState, participant_id: str, reason: str) -> list[DomainEvent]:
    encounter = open_encounter(state)
    if encounter.participant(participant_id) is None:
        raise NotFound("participant", participant_id)
    if len(encounter.order) == 1:
        raise RuleViolation("encounter-needs-a-participant",
                            "the last participant is not removed: end the encounter")
    current = encounter.current()
    passing = next_turn(state) if current is not None and current.id == participant_id else []
    return [*passing, ParticipantRemoved(encounter_id=encounter.id,
                                         participant_id=participant_id, reason=reason)]


def end(state: CampaignState, why: str, ctx: Context) -> list[DomainEvent]:
    encounter = open_encounter(state)
    minute, second, advance = after_a_round(state)
    return [*timers.all_end(state), *owed.at_the_end(state, encounter), *advance,
            EncounterEnded(encounter_id=encounter.id, rounds=encounter.round, why=why,
                           minute=minute, second=second),
            *owed.after_the_fight(state, ctx, encounter)]
