"""Request bodies with many fields, as TypedDicts (the server's schemas check the rest).

Field names and meanings are those of the endpoint's documentation in /docs.
"""

from __future__ import annotations

from typing import Literal, Required, TypedDict

from campaign_ledger_client.models import JSON


class Pool(TypedDict):
    current: int
    max: int


class Graded(TypedDict, total=False):
    name: Required[str]
    degree: Required[str]
    choice: str | None  # the choice a degree asks for (Wizard Expert's Arcana)


class Sheet(TypedDict, total=False):
    """A character sheet; on registration `name` is required, on update nothing is."""

    name: str
    level: int
    abilities: dict[str, int]
    magic_ability: str | None
    focuses: list[str]
    double_focuses: list[str]
    attributes: dict[str, int]
    modifiers: dict[str, int]
    skills: dict[str, int]
    edges: list[str]
    traits: list[str]
    specializations: list[Graded]
    talents: list[Graded]
    graced_arts: list[Graded]
    art_points: int
    toughness: int
    armor: int
    speed: int
    defense: int
    health: Pool
    mana: Pool
    conviction: Pool
    strain: JSON  # {current, permanent, max}
    cyberware: list[JSON]  # [{name, strain}]


class ParticipantSpec(TypedDict, total=False):
    """A character (`character_id`, an id or a name) or a `name`; `initiative` if reported."""

    character_id: str
    name: str
    initiative: int


class RollSpec(TypedDict, total=False):
    """A roll request of either kind: `age` (ability, focus, modifier, tn, active, talent,
    tags, reroll_ones, spend_conviction, attack_trade) or
    `notation` (expression, the default); `dice` reports dice, else the server rolls."""

    kind: Literal["age", "notation"]
    expression: str
    ability: str
    focus: str | None
    modifier: int
    tn: int | None
    active: bool
    dice: list[int] | None
    label: str
    talent: Literal["brilliance-apex", "trickster-apex"] | None  # an automatic success
    tags: list[str]  # spirits, rituals, social, investigation, cooperative, new-idea...
    reroll_ones: bool  # false keeps the 1s a talent would reroll
    spend_conviction: bool  # 1 Conviction on the roll (Adventurer Apex: +3 in an encounter)
    attack_trade: int  # Warrior Master: the attack's modifier, -3..3


class ConditionSpec(TypedDict, total=False):
    name: Required[str]
    points: int | None
    figure: int | None
    incurable: bool
    from_backlash: bool
    target: str
    note: str
    cause: str
    instead_of_damage: JSON | None  # {damage, type, reduction, reason}


class ItemSpec(TypedDict, total=False):
    """An item or object; see the server's documentation of POST …/items."""

    name: Required[str]
    kind: Required[str]
    materials: Required[list[JSON]]
    exposure: str | None
    integrity: int | None
    integrity_current: int | None
    magical: bool
    min_skill: JSON | None
    enchantment_bonus: int
    durability_bonus: int
    firearm: JSON | None
    description: str
    holder: str | None


class SummonSpec(TypedDict, total=False):
    mode: Required[Literal["ritual", "immediate"]]
    nature: Required[str]
    form: Required[Literal["physical", "spirit"]]
    form_level: Required[int]
    appearance: Required[str]
    powers: list[str]
    rare_powers: list[str]  # beyond the rules' list: the GM's to name
    hit_dice: Required[int]
    hit_points: Required[int]
    skill_bonus: int | None
    name: str | None
    notes: str


class MagicTestSpec(TypedDict, total=False):
    base_tn: Required[int]
    ability: str | None
    focus: str | None
    careful: list[str]
    resistance_factors: list[JSON]
    resistance: int
    auto_backlash: int | None
    mana_cost: int
    mana_for_tn: int
    cost_backlash: int
    bonus_mana: int
    bonus_backlash: int
    modifier: int
    spell_rank: str | None  # "novice", "expert" or "master": talents apply by rank
    arcana: str | None
    target_character: str | None  # the spell's target: Ordinarius Grandmaster adds Backlash
    dice: list[int] | None
    label: str
    ritual: bool  # a Ritual's test: Rituals Novice, Master and Apex apply
    reroll_ones: bool  # false keeps the 1s a talent would reroll ("you may")


class ConsequenceSpec(TypedDict, total=False):
    description: Required[str]
    drawn: bool
    category: str | None
    severity: str | None
    backlash: int | None
    damage: int
    damage_type: str
    conditions: list[ConditionSpec]


class StuntChoice(TypedDict, total=False):
    """One stunt bought with a roll's SP: a catalogue name (GET /v1/catalog/stunts), one the
    GM names with `sp`, or "Condition" with `condition` (GM)."""

    name: Required[str]
    sp: int | None
    condition: str | None
    focus: str | None
    note: str
