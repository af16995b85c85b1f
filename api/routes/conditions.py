"""Conditions on a character: add (with escalation), take instead of damage, recover, heal."""

from __future__ import annotations

from typing import Any

from flask import Response
from flask_smorest import Blueprint

from api import auth, schemas
from api.answers import character_view, json_response, write
from api.schemas_conditions import ConditionIn, MagicalHealingIn, RecoverIn
from api.timetravel import character_for
from api.voids import at_fields
from ledger.domain.conditions import (
    adding as conditions,
)
from ledger.domain.conditions import (
    recovery as conditions_recovery,
)
from ledger.domain.conditions import (
    treatment as conditions_treatment,
)
from ledger.service.ledger import Outcome

blp = Blueprint("conditions", __name__,
                url_prefix="/v1/campaigns/<campaign_id>/characters/<character_id>/conditions",
                description="Conditions: points, escalation, recovery and magical healing")


def _added(outcome: Outcome) -> dict[str, Any]:
    added = next(e for e in outcome.events if isinstance(e, conditions.ConditionAdded))
    character = outcome.state.characters[added.character_id or ""]
    return {"condition": character.condition(added.condition.id)}


@blp.route("", methods=["POST"])
@blp.arguments(ConditionIn)
def add(body: dict[str, Any], campaign_id: str, character_id: str) -> Response:
    """Give a character a Condition (GM or its player); answers it as `condition`.

    Points: fixed Conditions have their listed points; ranged ones (Choking 3-6-9,
    Hindered 1-3, Injured 1-6, Immobile 3 or 6, Broken or Maimed 4-6, Helpless 4 or 7)
    need `points` in range. `incurable` (normal healing cannot cure it) adds +2.
    Escalation: Fatigued on Fatigued is Exhausted; Fatigued or Exhausted on Exhausted
    adds Helpless (campaign `helpless_points`), keeping the Exhausted; Winded on Winded
    is Fatigued; Grabbed on Grabbed is Restrained; steps chain. Hamstrung and Weakened
    stack; any other Condition already present is replaced only by a worse one (409
    `condition-already-as-severe` otherwise). Injured and Broken or Maimed need a
    `target` body part; instances on different parts coexist.
    `instead_of_damage`: 2 points of incoming damage buy 1 Condition point, before
    Toughness and Armor (`reduction`, default the sheet's, none against penetrating);
    the rest is Health damage (never refused). If no Health is lost, the Condition is
    one point less (at least 1).
    """
    auth.require_gm_or_player(campaign_id, character_id)
    exchange = body.pop("instead_of_damage")
    request = conditions.Request(**body)
    if exchange is None:
        decide = conditions.add_condition(character_id, request)
    else:
        decide = conditions.instead_of_damage(character_id, request, exchange["damage"],
                                              exchange["type"], exchange["reduction"],
                                              exchange["reason"])
    return write(campaign_id, decide, view=character_view(character_id), status=201, extra=_added)


@blp.route("", methods=["GET"])
@blp.arguments(schemas.AtQuery, location="query")
def list_conditions(query: dict[str, Any], campaign_id: str, character_id: str) -> Response:
    """A character's Conditions and Speed after them (`movement`), at the head or `?at=`."""
    auth.require_reader(campaign_id)
    state, character = character_for(campaign_id, character_id, query["at"], query["view"])
    return json_response({**at_fields(campaign_id, state), "character_id": character_id,
                          "conditions": character.conditions, "movement": character.movement,
                          "speed": character.speed})


@blp.route("/<condition_id>/recover", methods=["POST"])
@blp.arguments(RecoverIn)
def recover(body: dict[str, Any], campaign_id: str, character_id: str,
            condition_id: str) -> Response:
    """Recovery roll: Constitution (Stamina) vs TN 9 + figure; success takes the Stunt Die off.

    Server dice, or the three physical dice in `dice` (the last is the Stunt Die). The
    roll is recorded as a non-active AGE test (never Stunt Points). At 0 points the
    Condition ends. Refused (409): incurable Conditions, Injured or Broken or Maimed at
    6 (only magic), and Injured at 3-5 before a day of treatment and rest (see /treat).
    """
    auth.require_gm_or_player(campaign_id, character_id)
    return write(campaign_id, conditions_recovery.recover(character_id, condition_id,
                                                          body.get("dice"), body["modifier"]),
                 view=character_view(character_id))


@blp.route("/<condition_id>/heal", methods=["POST"])
@blp.arguments(MagicalHealingIn)
def heal(body: dict[str, Any], campaign_id: str, character_id: str,
         condition_id: str) -> Response:
    """Magical healing: every 2 `points` remove 1 point of the Condition.

    Refused (409 `backlash-conditions-never-heal-magically`) for a Condition Backlash
    caused, and (409 `magical-healing-needs-two-points`) for 1 point.
    """
    auth.require_gm_or_player(campaign_id, character_id)
    return write(campaign_id, conditions_recovery.heal(character_id, condition_id, body["points"]),
                 view=character_view(character_id))


@blp.route("/<condition_id>/treat", methods=["POST"])
@blp.arguments(schemas.Empty)
def treat(body: dict[str, Any], campaign_id: str, character_id: str,
          condition_id: str) -> Response:
    """Begin a day of full treatment and rest for a Wound (Injured at 3 to 5 points).

    Our reading: the treatment counts once a new day dawns with the character among
    those who rested; recovery rolls are then allowed.
    """
    auth.require_gm_or_player(campaign_id, character_id)
    return write(campaign_id, conditions_treatment.start_treatment(character_id, condition_id),
                 view=character_view(character_id))
