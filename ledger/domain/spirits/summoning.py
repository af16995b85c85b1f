"""Summoning spirits, ritual or immediate (CWN 6.2.3.1, 6.2.3.2, 6.2.5.1, 6.2.8 Namebearer).

Rules:
- Only a character with the Summoner Edge can summon (6.2.0).
- A ritual summoning takes two hours of game time (6.2.3.1 step 1: "Spend two hours in
  a complex ritual"): the clock moves first, and the spirit arrives at the ritual's end.
- Form: Physical or Spirit, level I from character level 1, II from 5, III from 9.
- Powers: see ledger/domain/spirits/powers.py. Each power adds 1 to the spirit's cost.
- Cost (Summoner Effort): ritual = powers - 1 - Summon, at least 1; immediate =
  powers - Summon, at least 1, plus 1 for each earlier immediate summoning by the
  same summoner in the same (open) scene.
- The Effort is committed "bound" to the spirit: the text commits it "for the
  day" but it cannot be recovered until the morning after the spirit is
  dispelled or destroyed, which is what a bound commitment does.
- Hit-dice cap: the summoner's held spirits (present or dismissed) may not total
  more hit dice than the summoner's level.
- Hit dice and hit points are input (the manifestation table is missing). A
  Namebearer gains +2 hit points per hit die on top of the given hit points.
- A Namebearer (a `name` and the Namebearer power) can be summoned again by its
  summoner once it is gone: same spirit id, same manifestation (form, level and
  hit dice), and its powers can only grow.
"""

from __future__ import annotations

from typing import Annotated

import msgspec
from msgspec import Meta

from ledger.domain.characters import require_able
from ledger.domain.clock import advance
from ledger.domain.context import Context
from ledger.domain.decision import Decide, Later
from ledger.domain.errors import InvalidInput, RuleViolation
from ledger.domain.events import DomainEvent
from ledger.domain.magic.effort import commit_event
from ledger.domain.spirits.common import check_summoner_edge, spirit_source, summon_level
from ledger.domain.spirits.events import SpiritSummoned
from ledger.domain.spirits.powers import NAMEBEARER, checked_powers, checked_rare_powers
from ledger.domain.state import CampaignState, Character
from ledger.domain.state.spirits import Spirit

MODES = ("ritual", "immediate")
FORMS = ("physical", "spirit")
FORM_MIN_LEVEL = {1: 1, 2: 5, 3: 9}
NAMEBEARER_HP_PER_HIT_DIE = 2

RITUAL_MINUTES = 120  # 6.2.3.1: "Spend two hours in a complex ritual"


def _one_of(values: tuple[str, ...]) -> Meta:
    return Meta(extra_json_schema={"enum": list(values)})


class SummonOrder(msgspec.Struct, frozen=True, kw_only=True):
    mode: Annotated[str, _one_of(MODES)]
    nature: Annotated[str, Meta(min_length=1, max_length=100)]
    form: Annotated[str, _one_of(FORMS)]
    form_level: Annotated[int, Meta(ge=1, le=3)]
    appearance: Annotated[str, Meta(min_length=1, max_length=500)]
    powers: Annotated[list[Annotated[str, Meta(min_length=1, max_length=100)]],
                      Meta(max_length=40)] = msgspec.field(default_factory=list)
    # Powers beyond the rules' list, which "are simply the most common among summoned
    # spirits ... Rarer abilities are said to be possessed by some entities" (001, 6.2.8):
    # the GM names them; each counts as a power; no stated constraint applies to them.
    rare_powers: Annotated[list[Annotated[str, Meta(min_length=1, max_length=100)]],
                           Meta(max_length=10)] = msgspec.field(default_factory=list)
    hit_dice: Annotated[int, Meta(ge=1, le=100)]
    hit_points: Annotated[int, Meta(ge=1, le=10_000)]
    skill_bonus: Annotated[int, Meta(ge=-10, le=50)] | None = None
    name: Annotated[str, Meta(min_length=1, max_length=100)] | None = None
    notes: Annotated[str, Meta(max_length=1000)] = ""


def summoning_cost(mode: str, powers: int, summon: int, earlier_immediate: int = 0) -> int:
    if mode == "ritual":
        return max(1, powers - 1 - summon)
    return max(1, powers - summon) + earlier_immediate


def check_order_shape(order: SummonOrder) -> None:
    if order.mode not in MODES:
        raise InvalidInput("unknown-summoning-mode", "mode is ritual or immediate", field="mode")
    if order.form not in FORMS:
        raise InvalidInput("unknown-spirit-form", "form is physical or spirit", field="form")
    if order.form_level not in FORM_MIN_LEVEL:
        raise InvalidInput("unknown-form-level", "form levels are 1, 2 and 3", field="form_level")
    if order.hit_dice < 1 or order.hit_points < 1:
        raise InvalidInput("spirit-hit-dice", "hit dice and hit points are at least 1",
                           field="hit_dice")


def check_form_level(summoner: Character, order: SummonOrder) -> None:
    needed = FORM_MIN_LEVEL[order.form_level]
    if summoner.level < needed:
        raise RuleViolation("spirit-form-level",
                            f"Form {'I' * order.form_level} needs character level {needed}; "
                            f"{summoner.name} is level {summoner.level}", field="form_level")


def check_namebearer_name(order: SummonOrder, powers: list[str]) -> None:
    if (order.name is not None) != (NAMEBEARER in powers):
        raise RuleViolation("namebearer-needs-name",
                            "a name is given exactly when the spirit has the Namebearer power",
                            field="name")


def check_hit_dice_cap(state: CampaignState, summoner: Character, hit_dice: int) -> None:
    held = sum(s.hit_dice for s in state.spirits.values()
               if s.summoner_id == summoner.id and s.held)
    if held + hit_dice > summoner.level:
        raise RuleViolation("spirit-hit-dice-cap",
                            f"{summoner.name} holds {held} hit dice of spirits; {hit_dice} more "
                            f"would exceed level {summoner.level}", field="hit_dice")


def namebearer_record(state: CampaignState, summoner_id: str, name: str | None) -> Spirit | None:
    if name is None:
        return None
    wanted = name.strip().casefold()
    return next((s for s in state.spirits.values() if s.summoner_id == summoner_id
                 and s.name is not None and s.name.strip().casefold() == wanted), None)


def check_can_summon_again(previous: Spirit, order: SummonOrder, powers: list[str]) -> None:
    if previous.active:
        raise RuleViolation("namebearer-already-summoned",
                            f"{previous.name} is {previous.status}, not gone", field="name")
    if (previous.form, previous.form_level, previous.hit_dice) != (
            order.form, order.form_level, order.hit_dice):
        raise RuleViolation("namebearer-keeps-manifestation",
                            f"{previous.name} returns as {previous.form} Form "
                            f"{'I' * previous.form_level} with {previous.hit_dice} hit dice",
                            field="form")
    lost = [p for p in previous.powers if p not in powers]
    if lost:
        raise RuleViolation("namebearer-only-gains-powers",
                            f"{previous.name} keeps its powers: {', '.join(lost)} missing",
                            field="powers")


def earlier_immediate(state: CampaignState, summoner_id: str) -> int:
    """Immediate summonings by this summoner earlier in the open scene (none outside scenes)."""
    if not state.clock.scene_open:
        return 0
    return sum(1 for s in state.spirits.values() if s.summoner_id == summoner_id
               for done in s.summonings
               if done.mode == "immediate" and done.scene == state.clock.scene)


def summon(character_id: str, order: SummonOrder) -> Decide:
    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent | Later]:
        summoner = require_able(state, character_id)
        check_summoner_edge(summoner)
        check_order_shape(order)
        check_form_level(summoner, order)
        powers = checked_powers(order.powers, order.form)
        powers += checked_rare_powers(order.rare_powers)
        check_namebearer_name(order, powers)
        previous = namebearer_record(state, summoner.id, order.name)
        if previous is not None:
            check_can_summon_again(previous, order, powers)
        spirit_id = previous.id if previous else ctx.new_id("spr")
        if order.mode != "ritual":
            check_hit_dice_cap(state, summoner, order.hit_dice)
            return [*_summoning_events(state, ctx, summoner, order, powers, spirit_id, previous)]
        return [*advance(RITUAL_MINUTES)(state, ctx),
                Later(lambda now: _ritual_end(now, ctx, summoner.id, order, powers, spirit_id,
                                              previous))]

    return decide


def _ritual_end(now: CampaignState, ctx: Context, summoner_id: str, order: SummonOrder,
                powers: list[str], spirit_id: str, previous: Spirit | None) -> list[DomainEvent]:
    """6.2.3.1: the spirit "will manifest at the end of the ritual", so the cap on spirits
    "summoned at once" counts what is still held then: an immediate spirit whose hour ran
    out during the two hours no longer does."""
    summoner = now.characters[summoner_id]
    check_hit_dice_cap(now, summoner, order.hit_dice)
    return _summoning_events(now, ctx, summoner, order, powers, spirit_id, previous)


def _summoning_events(state: CampaignState, ctx: Context, summoner: Character, order: SummonOrder,
                      powers: list[str], spirit_id: str, previous: Spirit | None,
                      ) -> list[DomainEvent]:
    earlier = earlier_immediate(state, summoner.id) if order.mode == "immediate" else 0
    level = summon_level(summoner)
    cost = summoning_cost(order.mode, len(powers), level, earlier)
    committed = commit_event(ctx, summoner, "summoner", cost, "bound",
                             f"{order.mode} summoning of a {order.nature} spirit",
                             source=spirit_source(spirit_id))
    bonus = NAMEBEARER_HP_PER_HIT_DIE * order.hit_dice if order.name is not None else 0
    skill_bonus = order.skill_bonus if order.skill_bonus is not None else (
        previous.skill_bonus if previous else None)
    clock = state.clock
    return [committed, SpiritSummoned(
        character_id=summoner.id, spirit_id=spirit_id, mode=order.mode, nature=order.nature,
        form=order.form, form_level=order.form_level, appearance=order.appearance,
        powers=powers, hit_dice=order.hit_dice, base_hit_points=order.hit_points,
        max_hit_points=order.hit_points + bonus, skill_bonus=skill_bonus, name=order.name,
        notes=order.notes, cost=cost, summon_skill=level, earlier_immediate=earlier,
        commitment_id=committed.commitment.id, resummoned=previous is not None, day=clock.day,
        minute=clock.minutes, scene=clock.scene if clock.scene_open else None,
    )]
