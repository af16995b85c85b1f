"""Backlash Consequences counted in combat time, as they reach a roll (002;
docs/rules/encounters.md, "Backlash Consequences in rounds").

They join the roller's Conditions on the roll (`in_force`), so every AGE test the ledger
rolls takes them the same way and records them by name and by the Consequence's id:
- "-N penalty to all rolls next round": a fixed modifier on each of the character's
  AGE rolls in that round of the encounter;
- "Your next major action fails": the character's next active test in their own turn
  fails automatically (an active test in one's own turn is the turn's action).
"""

from __future__ import annotations

from ledger.domain.rolls.conditions import CONSEQUENCE_FAILS as FAILS
from ledger.domain.rolls.conditions import CONSEQUENCE_PENALTY as PENALTY
from ledger.domain.state import CampaignState, Character, Condition


def in_force(state: CampaignState, character: Character, active: bool = False
             ) -> list[Condition]:
    """The character's Conditions, and the Consequences that reach this roll."""
    encounter = state.encounter
    if encounter is None:
        return list(character.conditions)
    current = encounter.current()
    own_turn = current is not None and current.character_id == character.id
    extra: list[Condition] = []
    for e in encounter.consequence_effects:
        if e.character_id != character.id or e.ended:
            continue
        if e.effect == "penalty-next-round" and e.round == encounter.round:
            extra.append(Condition(id=e.consequence_id, name=PENALTY, points=-e.modifier,
                                   figure=0))
        elif e.effect == "next-major-action-fails" and active and own_turn and not any(
                c.name == FAILS for c in extra):
            extra.append(Condition(id=e.consequence_id, name=FAILS, points=0, figure=0))
    return [*character.conditions, *extra]
