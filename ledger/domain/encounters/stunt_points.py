"""Stunt Points from one active test per turn (000; docs/rules/encounters.md, "Stunt
Points").

- In an encounter, only the first active test a participant makes in their own turn
  generates Stunt Points; an active test made in someone else's turn, or a second one in
  their own turn, generates none. Each active AGE test of a participant is recorded as
  counted (`ActiveTestCounted`): whether it generates SP, and the SP the dice showed that
  it does not (`withheld`), which also leaves the Stunt Pool nothing to take from it.
- Outside an encounter nothing changes: every successful active test with doubles
  generates SP, and the Stunt Pool's stand-in (each roll may contribute once) stays.
- Our reading: a roll's `stunt_points` stays what the dice showed; what the character
  may spend is that less `withheld`.
"""

from __future__ import annotations

from ledger.domain.context import Context
from ledger.domain.events import DomainEvent, evolves
from ledger.domain.rolls import Rolled
from ledger.domain.state import CampaignState


class ActiveTestCounted(DomainEvent, frozen=True, kw_only=True):
    encounter_id: str
    roll_position: int
    turn_number: int
    generates_sp: bool
    withheld: int
    why: str  # "", "not-their-turn", "second-active-test-this-turn"


@evolves(ActiveTestCounted)
def _counted(state: CampaignState, e: ActiveTestCounted) -> None:
    if state.encounter is not None and e.generates_sp:
        state.encounter.tested_this_turn.append(e.character_id or "")
    if e.withheld:
        state.withheld_sp[e.roll_position] = e.withheld
    note = state.stunts.rolls.get(e.roll_position)
    if note is not None and e.withheld:
        note.generated = max(0, note.generated - e.withheld)


def one_active_test_per_turn(
    state: CampaignState, event: DomainEvent, ctx: Context
) -> list[DomainEvent]:
    encounter = state.encounter
    if (not isinstance(event, Rolled) or encounter is None or event.kind != "age"
            or not event.active or not event.character_id):
        return []
    character_id = event.character_id
    if not any(p.character_id == character_id for p in encounter.order):
        return []
    current = encounter.current()
    own_turn = current is not None and current.character_id == character_id
    first = character_id not in encounter.tested_this_turn
    why = ("" if own_turn and first else "not-their-turn" if not own_turn
           else "second-active-test-this-turn")
    return [ActiveTestCounted(character_id=character_id, encounter_id=encounter.id,
                              roll_position=state.position, turn_number=encounter.turn_number,
                              generates_sp=not why, withheld=event.stunt_points if why else 0,
                              why=why)]
