"""The views of the state and the extra keys that write answers show, named by each
command's registration: pure functions of the state (a view) or of the outcome (extras).
"""

from __future__ import annotations

from typing import Any

from ledger.domain.character_answer import character_answer
from ledger.domain.conditions.adding import ConditionAdded
from ledger.domain.items import objects as items
from ledger.domain.magic import effort
from ledger.domain.magic.pending import magic_summary
from ledger.domain.magic.test_events import MagicTestMade
from ledger.domain.spirits.events import SpiritSummoned
from ledger.domain.state import CampaignState
from ledger.service.answers import Extras, StateView
from ledger.service.outcome import Outcome


def campaign_summary(state: CampaignState) -> dict[str, Any]:
    return {"id": state.id, "name": state.name, "settings": state.settings, "clock": state.clock,
            "position": state.position, "head_hash": state.head_hash,
            "dice": {"epoch": state.dice_epoch, "commitment": state.dice_commitment},
            "forked_from": state.forked_from}


def character_view(character_id: str) -> StateView:
    def view(state: CampaignState) -> Any:
        character = state.characters.get(character_id)
        return None if character is None else character_answer(character)

    return view


def magic_extras(character_id: str) -> Extras:
    """The character's Mana, Backlash and pending decisions, and the Magic Test made."""

    def extra(outcome: Outcome) -> dict[str, Any]:
        character = outcome.state.characters.get(character_id)
        made = next((e for e in outcome.events if isinstance(e, MagicTestMade)), None)
        return {"magic": magic_summary(character) if character else None,
                **({"magic_test": made} if made else {})}

    return extra


def holdings(state: CampaignState, character_id: str) -> dict[str, Any]:
    """One summoner's spirits: those held now, and every spirit they ever summoned."""
    mine = [s for s in state.spirits.values() if s.summoner_id == character_id]
    held = [s for s in mine if s.held]
    return {"character_id": character_id, "held": held, "spirits": mine,
            "hit_dice_held": sum(s.hit_dice for s in held)}


def spirit_view(spirit_id: str) -> StateView:
    return lambda state: state.spirits[spirit_id]


def summoned_spirit(outcome: Outcome) -> Any:
    """The spirit a summoning brought (a new one, or one summoned again)."""
    found = [e.spirit_id for e in outcome.events if isinstance(e, SpiritSummoned)]
    return outcome.state.spirits[found[0]] if found else None


def newest_character(state: CampaignState) -> Any:
    """The character a registration just added (characters keep their insertion order)."""
    return character_answer(list(state.characters.values())[-1])


def added_condition(outcome: Outcome) -> dict[str, Any]:
    added = next(e for e in outcome.events if isinstance(e, ConditionAdded))
    character = outcome.state.characters[added.character_id or ""]
    return {"condition": character.condition(added.condition.id)}


def effort_view(character_id: str) -> StateView:
    return lambda state: effort.summary(state.characters[character_id])


def item_state(item_id: str) -> StateView:
    return lambda state: items.item_view(state.items[item_id])


def newest_item(state: CampaignState) -> Any:
    return items.item_view(list(state.items.values())[-1])
