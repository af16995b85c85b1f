"""The roll command: an AGE test or dice notation, each with its own fields and no other.

A field of the other kind is refused (422) rather than ignored: an `ability` sent with a
notation roll, or an `expression` with an AGE test, says the caller meant something the
ledger would not record.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta

from ledger.domain.bounds import Dice, Label, Modifier
from ledger.domain.characters import require_alive
from ledger.domain.command import Command, gm_or_player_of
from ledger.domain.context import Context
from ledger.domain.decision import Later
from ledger.domain.errors import InvalidInput
from ledger.domain.events import DomainEvent
from ledger.domain.focus import focus_bonus
from ledger.domain.roll_tags import TAGS, check_tags, tag_effects
from ledger.domain.rolls.age import age_roll, sheet_ability, sheet_focus
from ledger.domain.rolls.ones import ones_rerollers
from ledger.domain.rolls.round_effects import in_force
from ledger.domain.rolls.sources import notation_rolled
from ledger.domain.state import CampaignState
from ledger.domain.talent_successes import automatic_success
from ledger.domain.talent_uses.on_roll import talents_on_roll

KINDS = ("age", "notation")
# Fields only one kind takes, with the value that means "not given".
AGE_ONLY: dict[str, Any] = {"ability": None, "focus": None, "modifier": 0, "tn": None,
                            "active": True, "talent": None, "tags": [], "reroll_ones": True,
                            "spend_conviction": False, "attack_trade": 0}
NOTATION_ONLY: dict[str, Any] = {"expression": None}


def check_roll_fields(kind: str, request: Mapping[str, Any]) -> None:
    """Refuse a field the kind does not take, and require the one it needs."""
    if kind not in KINDS:
        raise InvalidInput("unknown-name", f"kind is one of {', '.join(KINDS)}", field="kind",
                           allowed=KINDS)
    foreign = NOTATION_ONLY if kind == "age" else AGE_ONLY
    for field, unset in foreign.items():
        if request.get(field, unset) != unset:
            raise InvalidInput("field-not-for-kind", f"{field} is not a field of a {kind} roll "
                               f"(kind {'notation' if kind == 'age' else 'age'} takes it)",
                               field=field)
    needed = "ability" if kind == "age" else "expression"
    if not request.get(needed):
        raise InvalidInput("field-required-for-kind", f"a {kind} roll needs its {needed}",
                           field=needed)
    focus = request.get("focus")
    if kind == "age" and focus is not None and not focus.strip():
        raise InvalidInput("blank-focus", "focus names a focus of the sheet, or is left out",
                           field="focus")


# Talents' inputs on a roll, declared once for a roll and an attack (stunts/spending_commands.py).
SpendConviction = Annotated[bool, Meta(
    description="spend 1 Conviction on this roll (Adventurer Apex: +3 in an encounter)")]
AttackTrade = Annotated[int, Meta(ge=-3, le=3, description=(
    "Warrior Master: the attack's modifier; the damage roll gets the opposite"))]


class Roll(Command, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Roll: an AGE test (3d6 + Stunt Die) or d20 notation; server or reported dice.

    An AGE test (`kind: age`) takes `ability`, `focus` (+2, a focus on the sheet, else
    409 `focus-not-on-sheet`), `modifier`, `tn` and `active` (doubles on a successful
    active test give Stunt Points equal to the Stunt Die). The roller's Conditions apply:
    Fatigued -2, Exhausted -4, Impaired -3, Winded -1, Shock -1, Compelled -2 and Choking
    -1/-3/-4 by degree are added to the total and named on the roll; Nauseated rerolls
    each 5-6 once (reported `dice`: the three, then one reroll per 5-6, in order); Reeling
    fails the test on a Stunt Die of 1-2; penalties that depend on the situation (Blinded,
    Cowed, Prone...) are shown, not applied. A notation roll (`kind: notation`, the
    default) takes `expression` (`4d6kh3`, `1d20+5 to hit`). A field of the other kind is
    a 422 `field-not-for-kind`.

    Talents (docs/rules/talents.md): an AGE test's `tags` name its context (spirits,
    rituals, social, investigation, cooperative, new-idea, figuring-out, study) for the
    talents that apply to rolls of a kind; `talent` asks for an automatic success by
    Brilliance Apex (once per clock day, an Intelligence test) or Trickster Apex (1
    Conviction, a Deception or Sleight of Hand attempt), which rolls no dice and records
    `TalentSuccess`. A talent that rerolls 1s (Rituals Master on `rituals`, Shaman Expert
    on `spirits`, Brilliance Expert on `new-idea`, Evaluation Expert on `figuring-out`,
    Leader Novice on Communication (Leadership or Persuasion), Trickster Expert on
    Deception, Sleight of Hand or Stealth) rerolls each 1 of the three dice once (reported
    `dice`: the three, then one reroll per 1, in order), unless `reroll_ones` is false.
    `spend_conviction` spends 1 Conviction on the roll (+3 for an Adventurer Apex in an
    encounter); `attack_trade` is Warrior Master's trade (409 `talent-not-on-sheet`
    without it); modifiers Leader Master left for the roller's next test go into the roll
    and are used up.
    """

    policy = gm_or_player_of("character_id")
    path = ("character_id",)
    acting_field = "character_id"
    example = {"kind": "age", "ability": "Willpower", "tn": 11, "dice": [3, 4, 5],
               "label": "keep calm under fire"}
    example_needs = ("mage",)
    character_id: str
    kind: Annotated[Literal["age", "notation"], Meta(
        description="an AGE test or dice notation")] = "notation"
    expression: Annotated[str, Meta(max_length=500, description="dice notation")] | None = None
    ability: Annotated[str, Meta(max_length=100, description="the ability tested")] | None = None
    focus: Annotated[str, Meta(max_length=100, description="a focus on the sheet")] | None = None
    modifier: Modifier = 0
    tn: Annotated[int, Meta(ge=0, le=100)] | None = None
    active: Annotated[bool, Meta(description="an active test (may give SP)")] = True
    dice: Annotated[Dice | None, Meta(description="reported dice; server dice if absent")] = None
    label: Label = ""
    talent: Annotated[Literal["brilliance-apex", "trickster-apex"] | None, Meta(
        description="an automatic success by a talent, no dice")] = None
    tags: Annotated[list[Annotated[str, Meta(max_length=50)]], Meta(
        max_length=len(TAGS), description="the roll's context, for talents that apply to "
                                          "rolls of a kind: " + ", ".join(TAGS))] = []
    reroll_ones: Annotated[bool, Meta(
        description="let the roller's talents reroll 1s (false keeps them)")] = True
    spend_conviction: SpendConviction = False
    attack_trade: AttackTrade = 0

    def authorize(self, state: CampaignState, ctx: Context) -> None:
        super().authorize(state, ctx)
        # The request's shape, checked right after the policy and before settling, so a
        # malformed roll answers its 422 whatever the character has pending (as before).
        check_roll_fields(self.kind, msgspec.structs.asdict(self))

    def decide(self, state: CampaignState, ctx: Context) -> Sequence[DomainEvent | Later]:
        character = require_alive(state, self.character_id)
        if self.kind == "notation":
            assert self.expression is not None  # check_roll_fields required it
            return [notation_rolled(ctx, self.character_id, self.expression, self.dice,
                                    state.settings.max_dice_per_roll, label=self.label)]
        assert self.ability is not None
        if self.talent is not None:
            if self.dice is not None:
                raise InvalidInput("dice-with-automatic-success",
                                   "a test that succeeds by a talent rolls no dice", field="dice")
            if self.spend_conviction or self.attack_trade:
                field = "spend_conviction" if self.spend_conviction else "attack_trade"
                raise InvalidInput("field-with-automatic-success", f"{field} changes a roll; a "
                                   "test that succeeds by a talent rolls none", field=field)
            return automatic_success(self.character_id, self.talent, ability=self.ability,
                                     focus=self.focus, tn=self.tn, label=self.label)(state, ctx)
        name, value = sheet_ability(character, self.ability)
        folded = check_tags(self.tags)
        on_sheet = None if self.focus is None else sheet_focus(character, self.focus)
        ones = ones_rerollers(character, ability=name, focus=on_sheet, tags=folded) \
            if self.reroll_ones else []
        talents = talents_on_roll(state, character, spend_conviction=self.spend_conviction,
                                  attack_trade=self.attack_trade)
        return [*talents.before, age_roll(
            ctx, self.character_id, self.dice, ability=name, ability_value=value, tn=self.tn,
            focus=on_sheet, focus_bonus=focus_bonus(character, on_sheet), modifier=self.modifier,
            active=self.active, label=self.label, conditions=in_force(state, character, self.active),
            tagged=tag_effects(character, folded, focus_bonus(character, on_sheet), name),
            tags=folded,
            ones_by=ones, named=talents.named, notes=talents.notes), *talents.after]


def roll(character_id: str, request: Mapping[str, Any]) -> Roll:
    """The command for one roll request (its body fields), as the API builds it."""
    return msgspec.convert({**request, "character_id": character_id}, Roll)


def age_test(character_id: str, *, ability: str, focus: str | None = None, modifier: int = 0,
             tn: int | None = None, active: bool = True, reported: list[int] | None = None,
             label: str = "", tags: Sequence[str] = (), reroll_ones: bool = True,
             spend_conviction: bool = False, attack_trade: int = 0) -> Roll:
    return Roll(character_id=character_id, kind="age", ability=ability, focus=focus,
                modifier=modifier, tn=tn, active=active, dice=reported, label=label,
                tags=list(tags), reroll_ones=reroll_ones, spend_conviction=spend_conviction,
                attack_trade=attack_trade)


def notation_roll(character_id: str, expression: str, reported: list[int] | None = None,
                  label: str = "") -> Roll:
    return Roll(character_id=character_id, expression=expression, dice=reported, label=label)
