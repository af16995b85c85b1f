"""The Condition commands: adding one (or taking it instead of damage), a recovery roll,
magical healing and a day of treatment (rules: ledger/domain/conditions/).

All may be issued by the GM or the character's player. The recovery roll is the
character's action, so it first settles their pending decisions; an added Condition,
magical healing and treatment happen to the character and settle nobody
(docs/rules/magic-test.md, "Settling, per command").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, ClassVar

import msgspec
from msgspec import UNSET, Meta, UnsetType

from ledger.domain.bounds import Dice, Modifier, Note
from ledger.domain.command import Command, gm_or_player_of
from ledger.domain.conditions import adding, recovery, treatment
from ledger.domain.context import Context
from ledger.domain.decision import Later
from ledger.domain.events import DomainEvent
from ledger.domain.resources import DAMAGE_TYPES
from ledger.domain.state import CampaignState

Decided = Sequence[DomainEvent | Later]
Amount = Annotated[int, Meta(ge=1, le=10_000)]
CAUSES = ["stunt", "hazard", "damage", "backlash", "gm"]
FIGURE_HELP = "The SP or figure that created it (recovery TN 9 + figure); default its points."


class DamageExchangeRequest(msgspec.Struct, frozen=True, kw_only=True,
                            forbid_unknown_fields=True):
    """Incoming damage, part of which is traded for the Condition (2 damage a point)."""

    damage: Amount
    type: Annotated[str, Meta(extra_json_schema={"enum": list(DAMAGE_TYPES)})] = "wound"
    # Toughness + Armor that apply; by default the sheet's, none against penetrating.
    reduction: Annotated[int, Meta(ge=0, le=1000)] | None = None
    reason: Note = ""


class AddCondition(Command, frozen=True, kw_only=True, forbid_unknown_fields=True):
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

    policy = gm_or_player_of("character_id")
    path: ClassVar[tuple[str, ...]] = ("character_id",)
    example = {"name": "Injured", "points": 3, "target": "left arm", "cause": "hazard",
               "note": "caught in the rockfall"}
    character_id: str
    name: Annotated[str, Meta(min_length=1, max_length=100)]
    points: Annotated[int, Meta(ge=1, le=20, description="Required for a ranged Condition.")
                      ] | None = None
    figure: Annotated[int, Meta(ge=0, le=100, description=FIGURE_HELP)] | None = None
    incurable: bool = False
    from_backlash: bool = False
    target: Annotated[str, Meta(max_length=200)] = ""
    note: Note = ""
    cause: Annotated[str, Meta(extra_json_schema={"enum": CAUSES})] = "gm"
    instead_of_damage: DamageExchangeRequest | None = None

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        request = adding.Request(name=self.name, points=self.points, figure=self.figure,
                                 incurable=self.incurable, from_backlash=self.from_backlash,
                                 note=self.note, target=self.target, cause=self.cause)
        exchange = self.instead_of_damage
        if exchange is None:
            return adding.add_condition(self.character_id, request)(state, ctx)
        return adding.instead_of_damage(self.character_id, request, exchange.damage,
                                        exchange.type, exchange.reduction,
                                        exchange.reason)(state, ctx)


class ConditionCommand(Command, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A command about one of the character's Conditions, the path names both."""

    policy = gm_or_player_of("character_id")
    path: ClassVar[tuple[str, ...]] = ("character_id", "condition_id")
    example_needs: ClassVar[tuple[str, ...]] = ("condition",)
    character_id: str
    condition_id: str


class RecoverFromCondition(ConditionCommand, frozen=True, kw_only=True,
                           forbid_unknown_fields=True):
    """Recovery roll: Constitution (Stamina) vs TN 9 + figure; success takes the Stunt Die off.

    Server dice, or the three physical dice in `dice` (the last is the Stunt Die). The
    roll is recorded as a non-active AGE test (never Stunt Points). At 0 points the
    Condition ends. Refused (409): incurable Conditions, Injured or Broken or Maimed at
    6 (only magic), and Injured at 3-5 before a day of treatment and rest (see /treat).
    """

    acting_field = "character_id"
    example = {"dice": [4, 5, 3], "modifier": 0}
    dice: Dice | UnsetType = UNSET
    modifier: Modifier = 0

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        reported = None if isinstance(self.dice, UnsetType) else self.dice
        return recovery.recover(self.character_id, self.condition_id, reported,
                                self.modifier)(state, ctx)


class HealCondition(ConditionCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Magical healing: every 2 `points` remove 1 point of the Condition.

    Refused (409 `backlash-conditions-never-heal-magically`) for a Condition Backlash
    caused, and (409 `magical-healing-needs-two-points`) for 1 point.
    """

    example = {"points": 2}
    points: Amount

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return recovery.heal(self.character_id, self.condition_id, self.points)(state, ctx)


class TreatCondition(ConditionCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Begin a day of full treatment and rest for a Wound (Injured at 3 to 5 points).

    Our reading: the treatment counts once a new day dawns with the character among
    those who rested; recovery rolls are then allowed.
    """

    example_needs = ("wound",)

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return treatment.start_treatment(self.character_id, self.condition_id)(state, ctx)
