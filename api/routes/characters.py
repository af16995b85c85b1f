"""Characters: sheets, rolls, resources, corrections and death."""

from __future__ import annotations

from typing import Any

from flask import Response
from flask_smorest import Blueprint

from api import auth, registry, schemas
from api.answers import character_view, json_response, write
from api.contract import CHAR_WRITE
from api.registry import AnswerShape
from api.timetravel import character_for, state_for
from api.voids import at_fields
from ledger.domain import characters, resources
from ledger.domain.character_answer import character_answer
from ledger.domain.rolls.commands import Roll
from ledger.domain.state import CampaignState

blp = Blueprint("characters", __name__, url_prefix="/v1/campaigns/<campaign_id>/characters",
                description="Characters, their rolls and resources")


@blp.route("", methods=["POST"])
@blp.arguments(schemas.CharacterCreate)
def register(body: dict[str, Any], campaign_id: str) -> Response:
    """Register a character (GM)."""
    auth.require_gm(campaign_id)
    return write(campaign_id, characters.register_character(body), status=201,
                 view=lambda state: character_answer(state.characters[state_last_character(state)]))


def state_last_character(state: CampaignState) -> str:
    """The character a registration just added (characters keep their insertion order)."""
    return str(list(state.characters)[-1])


@blp.route("", methods=["GET"])
@blp.arguments(schemas.AtQuery, location="query")
def list_characters(query: dict[str, Any], campaign_id: str) -> Response:
    """Every character, at the head or `?at=`."""
    auth.require_reader(campaign_id)
    state = state_for(campaign_id, query["at"], query["view"])
    return json_response({**at_fields(campaign_id, state),
                          "characters": [character_answer(c) for c in state.characters.values()]})


@blp.route("/<character_id>", methods=["GET"])
@blp.arguments(schemas.AtQuery, location="query")
def get_character(query: dict[str, Any], campaign_id: str, character_id: str) -> Response:
    """One character's state, at the head or `?at=`."""
    auth.require_reader(campaign_id)
    state, character = character_for(campaign_id, character_id, query["at"], query["view"])
    return json_response({**at_fields(campaign_id, state), "character": character_answer(character)})


@blp.route("/<character_id>", methods=["PATCH"])
@blp.arguments(schemas.Sheet)
def update(body: dict[str, Any], campaign_id: str, character_id: str) -> Response:
    """Update the sheet (GM)."""
    auth.require_gm(campaign_id)
    return write(campaign_id, characters.update_sheet(character_id, body),
                 view=character_view(character_id))


# The roll command and its rules: ledger/domain/rolls/commands.py.
registry.register(blp, "POST", "/<character_id>/rolls", Roll, status=201, answer=AnswerShape(
    CHAR_WRITE, view=lambda command: character_view(command.character_id)))


@blp.route("/<character_id>/<any(mana,conviction):resource>/<any(spend,gain):action>",
           methods=["POST"])
@blp.arguments(schemas.ResourceChange)
def resource(body: dict[str, Any], campaign_id: str, character_id: str, resource: str,
             action: str) -> Response:
    """Spend or gain Mana or Conviction; spending more than the character has is a 409."""
    auth.require_gm_or_player(campaign_id, character_id)
    change = resources.spend if action == "spend" else resources.gain
    return write(campaign_id, change(character_id, resource, body["amount"], body["reason"]),
                 view=character_view(character_id))


@blp.route("/<character_id>/health/damage", methods=["POST"])
@blp.arguments(schemas.DamageIn)
def damage(body: dict[str, Any], campaign_id: str, character_id: str) -> Response:
    """Take damage: never refused; Health stops at 0 (Dying for wounds, Unconscious for stun)."""
    auth.require_gm_or_player(campaign_id, character_id)
    return write(campaign_id, resources.damage(character_id, body["amount"], body["type"],
                                               body["reason"]),
                 view=character_view(character_id))


@blp.route("/<character_id>/health/heal", methods=["POST"])
@blp.arguments(schemas.HealIn)
def heal(body: dict[str, Any], campaign_id: str, character_id: str) -> Response:
    """Heal Health, up to the maximum."""
    auth.require_gm_or_player(campaign_id, character_id)
    return write(campaign_id, resources.heal(character_id, body["amount"], body["reason"],
                                             body["magical"]),
                 view=character_view(character_id))


@blp.route("/<character_id>/corrections", methods=["POST"])
@blp.arguments(schemas.CorrectionIn)
def correction(body: dict[str, Any], campaign_id: str, character_id: str) -> Response:
    """GM correction of one listed value by dotted path (e.g. `mana.current`), with a reason.

    Values keep the bounds of docs/rules/characters.md; `dead` is not correctable (death
    has its own command). A bound broken answers 422 naming the field and the bound.
    """
    auth.require_gm(campaign_id)
    return write(campaign_id, characters.correct(character_id, body["field"], body["value"],
                                                 body["reason"]),
                 view=character_view(character_id))


@blp.route("/<character_id>/death", methods=["POST"])
@blp.arguments(schemas.DeathIn)
def death(body: dict[str, Any], campaign_id: str, character_id: str) -> Response:
    """Record a character's death (GM)."""
    auth.require_gm(campaign_id)
    return write(campaign_id, characters.record_death(character_id, body["cause"]),
                 view=character_view(character_id))
