"""Who takes part and in which order (docs/rules/encounters.md, "Initiative").

- The texts give neither the initiative test nor the tie-break, so both are campaign
  settings: initiative is `initiative_dice` (3d6 by default) plus the ability
  `initiative_ability` (Dexterity by default; none adds nothing), rolled with the
  session's dice as a recorded roll unless the GM reports the value.
- The order is highest initiative first. Equal values: `initiative_tie_break` "ability"
  (default) puts the higher ability score first, then the order listed; "listed" keeps
  the order the GM listed them in. A participant added later goes after everyone with
  an initiative at least as high (it was listed last).
- A summoner's present spirits act on the summoner's initiative (001): they are listed
  under the summoner's place, not as places of their own.
- A participant is a character (by id or name) or a participant the ledger has no sheet
  for, named by the GM (its id is minted, `npc_…`; its initiative has no ability).
- Adventurer Expert (000): "When combat breaks out, you may either add +1 to your
  Initiative, your Defense, or your Speed." The ledger adds +1 to the initiative it rolls
  for a character with the talent, and the roll's label names it. Our reading: a reported
  initiative is the final value (the GM reports it with the +1, or without it when the
  player took Defense or Speed instead), so it is taken as it is.
"""

from __future__ import annotations

from typing import Annotated

import msgspec
from msgspec import Meta

from ledger.domain.bounds import Label, Modifier
from ledger.domain.character_refs import resolve_character
from ledger.domain.context import Context
from ledger.domain.errors import InvalidInput, RuleViolation
from ledger.domain.events import DomainEvent
from ledger.domain.rolls import notation_rolled
from ledger.domain.sheet_names import lookup
from ledger.domain.state import CampaignState
from ledger.domain.state.encounter import Participant
from ledger.domain.stunts.talents import has

ADVENTURER_EXPERT_INITIATIVE = 1


class Entry(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One participant: a character (`character_id`, an id or a name) or a `name` the
    ledger has no sheet of; `initiative` as reported, or rolled by the ledger."""

    character_id: Annotated[str, Meta(max_length=200)] | None = None
    name: Label | None = None
    initiative: Modifier | None = None


def tie_value(state: CampaignState, character_id: str | None) -> int:
    ability = state.settings.initiative_ability
    if character_id is None or ability is None:
        return 0
    found = lookup(state.characters[character_id].abilities, ability)
    return found[1] if found else 0


def adventurer_expert_bonus(state: CampaignState, character_id: str | None) -> int:
    """Adventurer Expert's +1 to a rolled initiative (0 for anyone without it)."""
    if character_id is None or not has(state.characters[character_id], "Adventurer", "expert"):
        return 0
    return ADVENTURER_EXPERT_INITIATIVE


def participant_of(state: CampaignState, ctx: Context, entry: Entry, field: str,
                   taken: set[str]) -> tuple[Participant, list[DomainEvent]]:
    """The participant an entry names, with the initiative roll it records (if rolled)."""
    if (entry.character_id is None) == (entry.name is None):
        raise InvalidInput("participant-is-a-character-or-a-name",
                           "give either `character_id` or `name`", field=field)
    character_id = None
    if entry.character_id is not None:
        character_id = resolve_character(state, entry.character_id, f"{field}.character_id")
        character = state.characters[character_id]
        if character.dead:
            raise RuleViolation("participant-is-dead", f"{character.name} is dead",
                                field=f"{field}.character_id")
        if character_id in taken:
            raise RuleViolation("participant-already-in-encounter",
                                f"{character.name} is already in the encounter",
                                field=f"{field}.character_id")
        name = character.name
        pid = character_id
    else:
        name = (entry.name or "").strip()
        if not name:
            raise InvalidInput("participant-needs-a-name", "a name", field=f"{field}.name")
        pid = ctx.new_id("npc")
    tie = tie_value(state, character_id)
    events: list[DomainEvent] = []
    if entry.initiative is not None:
        initiative = entry.initiative
    else:
        dice = state.settings.initiative_dice
        ability = state.settings.initiative_ability if character_id else None
        bonus = adventurer_expert_bonus(state, character_id)
        added = (tie if ability else 0) + bonus
        # The roll's own total is the initiative: its expression carries what is added
        # (a newcomer read "3d6 + Dexterity 2" beside a total of the dice alone).
        rolled = notation_rolled(ctx, character_id, f"{dice}{added:+d}" if added else dice, None,
                                 state.settings.max_dice_per_roll,
                                 label=f"initiative: {name} ({dice}"
                                       + (f" + {ability} {tie}" if ability else "")
                                       + (f" + Adventurer Expert {bonus}" if bonus else "")
                                       + ")")
        initiative = rolled.total
        events.append(rolled)
    spirits = {s.id: 1 for s in state.spirits.values()
               if character_id and s.summoner_id == character_id and s.status == "present"}
    return Participant(id=pid, name=name, initiative=initiative, character_id=character_id,
                       tie=tie, spirits=spirits), events


def sort_key(tie_break: str, participant: Participant) -> tuple[int, int]:
    return (-participant.initiative, -participant.tie if tie_break == "ability" else 0)


def ordered(tie_break: str, listed: list[Participant]) -> list[Participant]:
    """Highest initiative first; ties by the setting, then the order listed (a stable sort)."""
    return sorted(listed, key=lambda p: sort_key(tie_break, p))


def place_for(tie_break: str, order: list[Participant], newcomer: Participant) -> int:
    """Where a participant added later goes: after everyone who would sort before or level."""
    key = sort_key(tie_break, newcomer)
    return next((i for i, p in enumerate(order) if sort_key(tie_break, p) > key), len(order))
