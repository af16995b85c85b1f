"""What stunts do where the effect is a number or a state (Mana Noir "New Stunts"):

- Lock: 3 SP, -2 to actions trying to escape; 5 SP, Impaired; 6 SP, Restrained. The lock is
  kept until the target escapes (ledger/domain/stunts/resisting.py: a failed escape takes
  1d6 + 1 per SP penetrating damage) or is thrown.
- Throw: the target is Prone and Dazed, "but not Grappled": the Grabbed and Pinned
  Conditions end, and a Restrained a stunt gave (a Lock's hold; Restrained from other
  causes, bonds, stays).
- Frighten, Suggest Action at 4 SP and Mentalist's Trick offer the target a roll against
  base + the character's ability and focus (Frighten: Communication (Persuasion) or
  Strength (Intimidation), chosen by `focus`); resisting.py rolls it.
- A Condition bought with SP is given with the SP spent as its creating figure.
Conditions a stunt gives have cause "stunt" and the stunt's SP as their figure, so their
recovery TN is 9 + that figure (ledger/domain/conditions/recovery.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated

import msgspec
from msgspec import Meta

from ledger.domain.conditions.adding import condition_events
from ledger.domain.conditions.catalog import lookup
from ledger.domain.conditions.recovery import reduced_event
from ledger.domain.context import Context
from ledger.domain.decision import Later
from ledger.domain.errors import InvalidInput
from ledger.domain.events import DomainEvent
from ledger.domain.rolls import focus_bonus, sheet_ability
from ledger.domain.sheet_names import find_focus
from ledger.domain.state import CampaignState
from ledger.domain.state.stunt_spending import Lock, Resistance, SpentStunt
from ledger.domain.stunts import catalog

Name = Annotated[str, Meta(min_length=1, max_length=100)]


class Choice(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One stunt to buy: a catalogue name (or one the GM names, with `sp`), or "Condition"."""

    name: Name
    sp: Annotated[int, Meta(ge=1, le=100)] | None = None  # the tier; a Condition's points
    condition: Name | None = None  # for "Condition": which one (Conditions catalogue)
    focus: Name | None = None  # Frighten: "Persuasion" (default) or "Intimidation"
    note: Annotated[str, Meta(max_length=500)] = ""
    # For a Condition placed on the body (Injured, Broken or Maimed): which part (000 lists
    # them among the Conditions SP buy; an outside rules check found them refused).
    body_part: Annotated[str, Meta(max_length=100)] = ""


class Extra(msgspec.Struct):
    locks: list[Lock]
    resistances: list[Resistance]
    later: list[DomainEvent | Later]


def give(ctx: Context, target: str, name: str, figure: int, note: str,
         points: int | None = None, body_part: str = "") -> Later:
    """A Condition from a stunt, built from the state as recorded so far."""
    return Later(lambda state: condition_events(
        state, state.characters[target], name, points, figure, note=note, target=body_part,
        cause="stunt", new_id=ctx.new_id))


def holds_thrown_off(state: CampaignState, target: str) -> list[str]:
    """The Conditions a Throw ends (000, Throw: "Prone and Dazed, but not Grappled")."""
    return [c.id for c in state.characters[target].conditions
            if c.name in catalog.GRAPPLED_CONDITIONS
            or (c.name in catalog.STUNT_HOLD_CONDITIONS and c.cause == "stunt")]


def released(target: str, condition_id: str) -> Later:
    """One hold ended, built after the one before it so that Speed is worked out right."""
    def build(state: CampaignState) -> DomainEvent:
        character = state.characters[target]
        condition = next(c for c in character.conditions if c.id == condition_id)
        return reduced_event(character, condition, 0, "a Throw")
    return Later(build)


def resistance_tn(state: CampaignState, by: str, resist: catalog.Resist, focus: str | None
                  ) -> int:
    """base + the character's ability and focus bonus (the focus picks the ability)."""
    chosen = focus or next(iter(resist.options))
    key = next((f for f in resist.options if f.lower() == chosen.strip().lower()), None)
    if key is None:
        raise InvalidInput("stunt-focus", f"choose one of {', '.join(resist.options)}",
                           field="focus", allowed=list(resist.options))
    character = state.characters[by]
    _, value = sheet_ability(character, resist.options[key])
    return resist.base + value + focus_bonus(character, find_focus(character.focuses, key))


def effects_of(state: CampaignState, ctx: Context, position: int, by: str,
               stunts: list[SpentStunt], choices: Sequence[Choice]) -> Extra:
    extra = Extra([], [], [])
    for index, (stunt, choice) in enumerate(zip(stunts, choices, strict=True)):
        target = stunt.target or ""
        said = catalog.given_note(stunt.name, stunt.tier, position)
        if stunt.name == "Condition" and stunt.condition:
            if lookup(stunt.condition).placed and not choice.body_part.strip():
                raise InvalidInput("condition-needs-a-body-part",
                                   f"{stunt.condition} needs the body part it affects",
                                   field=f"stunts.{index}.body_part")
            extra.later.append(give(ctx, target, stunt.condition, stunt.paid, said, stunt.tier,
                                    choice.body_part.strip()))
            continue
        spec = catalog.find(stunt.name)
        if spec is None or stunt.gm_named:
            continue
        if spec.name == "Lock":
            extra.locks.append(Lock(id=ctx.new_id("lck"), by=by, target=target, tier=stunt.tier,
                                    roll_position=position,
                                    escape_penalty=catalog.ESCAPE_PENALTY if stunt.tier == 3 else 0))
            if stunt.tier in catalog.LOCK_CONDITIONS:
                extra.later.append(give(ctx, target, catalog.LOCK_CONDITIONS[stunt.tier],
                                        stunt.tier, said))
        elif spec.name == "Throw":
            extra.later.extend(released(target, condition_id)
                               for condition_id in holds_thrown_off(state, target))
            extra.later.extend(give(ctx, target, name, stunt.tier, said)
                               for name in catalog.THROW_CONDITIONS)
        if spec.resist is not None and catalog.offers_roll(spec, stunt.tier):
            resist = spec.resist
            extra.resistances.append(Resistance(
                id=ctx.new_id("rst"), stunt=spec.name, by=by, target=target,
                ability=resist.ability, focus=resist.focus, roll_position=position,
                tn=resistance_tn(state, by, resist, choice.focus)))
    return extra
