"""The events of an encounter and how each changes the state.

Every step of the turn tracker is an event: the start (with the order), each turn, each
round (with the game time it brings), a delay, a participant added or removed, a spirit
joining its summoner's initiative, a Condition timed or expired, and the end.
"""

from __future__ import annotations

import msgspec

from ledger.domain.events import DomainEvent, evolves
from ledger.domain.state import CampaignState
from ledger.domain.state.conditions import Movement
from ledger.domain.state.encounter import Encounter, Participant, TurnTimer


class EncounterStarted(DomainEvent, frozen=True, kw_only=True):
    encounter_id: str
    scene: int
    order: list[Participant]  # in initiative order; round 1 is the first participant's turn
    round_seconds: int
    started_minute: int
    started_second: int
    tie_break: str


class RoundStarted(DomainEvent, frozen=True, kw_only=True):
    """A new round: game time moves on by one round's length (minute and second after)."""

    encounter_id: str
    round: int
    minute: int
    second: int


class TurnAdvanced(DomainEvent, frozen=True, kw_only=True):
    """The turn of `ended` is over; `participant_id`'s turn starts."""

    encounter_id: str
    ended: str
    participant_id: str
    round: int
    turn: int  # index in the order
    turn_number: int


class TurnDelayed(DomainEvent, frozen=True, kw_only=True):
    """The participant whose turn it was acts later: moved to just after `after`, keeping
    that place in later rounds; the next participant's turn starts."""

    encounter_id: str
    participant_id: str
    after: str
    initiative: int
    turn_number: int


class ParticipantAdded(DomainEvent, frozen=True, kw_only=True):
    encounter_id: str
    participant: Participant
    index: int  # its place in the order


class ParticipantRemoved(DomainEvent, frozen=True, kw_only=True):
    encounter_id: str
    participant_id: str
    reason: str


class EncounterSpiritJoined(DomainEvent, frozen=True, kw_only=True):
    """A spirit acts on its summoner's initiative from `from_round` (001)."""

    encounter_id: str
    spirit_id: str
    participant_id: str
    from_round: int


class ConditionTimed(DomainEvent, frozen=True, kw_only=True):
    encounter_id: str
    timer: TurnTimer


class ConditionExpired(DomainEvent, frozen=True, kw_only=True):
    """A Condition counted in turns or rounds is over; `why` names the count."""

    condition_id: str
    name: str
    why: str  # "rounds-passed", "turns-passed", "encounter-ended"
    movement: Movement | None = None


class EncounterEnded(DomainEvent, frozen=True, kw_only=True):
    encounter_id: str
    rounds: int
    why: str  # "gm", "scene-ended", "session-ended"
    minute: int  # game time after its last round
    second: int


def _open(state: CampaignState) -> Encounter:
    assert state.encounter is not None  # decide checked it
    return state.encounter


@evolves(EncounterStarted)
def _started(state: CampaignState, e: EncounterStarted) -> None:
    state.encounters += 1
    state.encounter = Encounter(
        id=e.encounter_id, scene=e.scene, order=[msgspec.structs.replace(p) for p in e.order],
        round_seconds=e.round_seconds, started_minute=e.started_minute,
        started_second=e.started_second, started_position=state.position + 1)


@evolves(RoundStarted)
def _round(state: CampaignState, e: RoundStarted) -> None:
    _open(state).round = e.round
    state.clock.seconds = e.second


@evolves(TurnAdvanced)
def _turn(state: CampaignState, e: TurnAdvanced) -> None:
    encounter = _open(state)
    ended = encounter.participant(e.ended)
    ending_turn = encounter.turn_number
    for timer in encounter.timers:  # an own turn that started after the Condition ends
        if (timer.kind == "own-turns" and ended is not None
                and ended.character_id == timer.character_id and ending_turn > timer.after_turn):
            timer.turns -= 1
    encounter.round, encounter.turn, encounter.turn_number = e.round, e.turn, e.turn_number
    encounter.tested_this_turn = []


@evolves(TurnDelayed)
def _delayed(state: CampaignState, e: TurnDelayed) -> None:
    encounter = _open(state)
    moving = encounter.order.pop(encounter.turn)
    moving.initiative = e.initiative
    after = next(i for i, p in enumerate(encounter.order) if p.id == e.after)
    encounter.order.insert(after + 1, moving)
    encounter.turn_number = e.turn_number  # `turn` now points at the next participant
    encounter.tested_this_turn = []


@evolves(ParticipantAdded)
def _added(state: CampaignState, e: ParticipantAdded) -> None:
    encounter = _open(state)
    encounter.order.insert(e.index, msgspec.structs.replace(e.participant))
    if e.index <= encounter.turn:
        encounter.turn += 1


@evolves(ParticipantRemoved)
def _removed(state: CampaignState, e: ParticipantRemoved) -> None:
    encounter = _open(state)
    index = next(i for i, p in enumerate(encounter.order) if p.id == e.participant_id)
    encounter.order.pop(index)
    if index < encounter.turn:
        encounter.turn -= 1


@evolves(EncounterSpiritJoined)
def _spirit_joined(state: CampaignState, e: EncounterSpiritJoined) -> None:
    participant = _open(state).participant(e.participant_id)
    if participant is not None:
        participant.spirits[e.spirit_id] = e.from_round


@evolves(ConditionTimed)
def _timed(state: CampaignState, e: ConditionTimed) -> None:
    _open(state).timers.append(msgspec.structs.replace(e.timer))


@evolves(ConditionExpired)
def _expired(state: CampaignState, e: ConditionExpired) -> None:
    character = state.characters[e.character_id or ""]
    character.conditions = [c for c in character.conditions if c.id != e.condition_id]
    character.movement = e.movement
    if state.encounter is not None:
        state.encounter.timers = [t for t in state.encounter.timers
                                  if t.condition_id != e.condition_id]


@evolves(EncounterEnded)
def _ended(state: CampaignState, e: EncounterEnded) -> None:
    state.encounter = None
    state.clock.seconds = e.second
