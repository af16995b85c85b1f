"""Compelling and banishing spirits (CWN 6.2.4, 6.2.6), with every die recorded.

Rules:
- A Cha/Summon skill check is 2d6 + Charisma modifier + Summon skill (CWN's
  skill check); it succeeds when the total reaches the difficulty.
- Compel: the summoner commits 1 Summoner Effort for the scene and checks against
  8 (deeply distasteful command), 11 (suicidal order) or 13 (directly contrary
  to the spirit's nature), +2 for a Namebearer. On a failure the spirit breaks
  free: it is uncontrolled and its summoning Effort returns the next new day.
- Banish: any summoner commits 1 Summoner Effort for the day and makes an
  opposed Cha/Summon check against the spirit's summoner's Cha/Summon check, or,
  for an uncontrolled spirit, against 2d6 + the spirit's skill bonus + 2. Only a
  higher total succeeds (a tie keeps the spirit). A success deals 1d8 per
  Summon skill level (none at Summon-0).
"""

from __future__ import annotations

from ledger.domain.characters import require_able
from ledger.domain.context import Context
from ledger.domain.decision import Decide
from ledger.domain.errors import InvalidInput, RuleViolation
from ledger.domain.events import DomainEvent
from ledger.domain.magic.effort import commit_event
from ledger.domain.roll_tags import tag_effects
from ledger.domain.rolls import Rolled, notation_rolled
from ledger.domain.spirits.actions import damage_events
from ledger.domain.spirits.common import (
    cha_summon,
    check_active,
    check_held,
    check_present,
    check_summoner_edge,
    release_effort,
    require_spirit,
    spirit_source,
    summon_level,
)
from ledger.domain.spirits.events import SpiritBanishAttempted, SpiritBrokeFree, SpiritCompelled
from ledger.domain.state import CampaignState, Character
from ledger.domain.state.spirits import Spirit

COMPEL_DIFFICULTY = {"distasteful": 8, "suicidal": 11, "contrary": 13}
NAMEBEARER_WILLFULNESS = 2
UNCONTROLLED_BONUS = 2
# Neither text gives an amount; like a spell, each commits 1 Effort.
COMPEL_EFFORT = 1
BANISH_EFFORT = 1


def check_roll(ctx: Context, state: CampaignState, character_id: str | None, expression: str,
               label: str, *, reported: list[int] | None, tn: int | None = None) -> Rolled:
    """Roll `expression` with server or reported dice, as a Rolled event with every die."""
    return notation_rolled(ctx, character_id, expression, reported,
                           state.settings.max_dice_per_roll, label=label, tn=tn)


def skill_check(bonus: int) -> str:
    return f"2d6{bonus:+d}"


def spirit_check(character: Character, label: str) -> tuple[str, str]:
    """A character's Cha/Summon check about a spirit, with what their talents add to "any
    roll involving Spirits" (000, Shaman Novice +1, Apex +2: the `spirits` tag's bonuses,
    ledger/domain/roll_tags.py), named in the label. An outside rules check found them
    missing from compelling and banishing."""
    talents = tag_effects(character, ["spirits"])
    named = f" ({', '.join(talents.talents)} {talents.bonus:+d})" if talents.bonus else ""
    return skill_check(cha_summon(character) + talents.bonus), label + named


def compel_difficulty(spirit: Spirit, command: str) -> int:
    if command not in COMPEL_DIFFICULTY:
        raise InvalidInput("unknown-compel-command",
                           f"command is one of {', '.join(COMPEL_DIFFICULTY)}", field="command")
    return COMPEL_DIFFICULTY[command] + (NAMEBEARER_WILLFULNESS if spirit.namebearer else 0)


def compel(spirit_id: str, command: str, reported: list[int] | None = None) -> Decide:
    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        spirit = require_spirit(state, spirit_id)
        summoner = require_able(state, spirit.summoner_id)
        check_held(spirit)
        check_present(spirit, "compel")
        difficulty = compel_difficulty(spirit, command)
        committed = commit_event(ctx, summoner, "summoner", COMPEL_EFFORT, "scene",
                                 f"compel spirit ({command})", source=spirit_source(spirit.id))
        roll = check_roll(ctx, state, summoner.id,
                          *spirit_check(summoner, "Cha/Summon check to compel a spirit"),
                          tn=difficulty, reported=reported)
        events: list[DomainEvent] = [committed, roll, SpiritCompelled(
            character_id=summoner.id, spirit_id=spirit.id, command=command,
            difficulty=difficulty, total=roll.total, success=bool(roll.success))]
        if not roll.success:
            events.append(SpiritBrokeFree(character_id=summoner.id, spirit_id=spirit.id))
            events.extend(release_effort(state, spirit))
        return events

    return decide


def _opposing_roll(ctx: Context, state: CampaignState, spirit: Spirit,
                   reported: list[int] | None, skill_bonus: int | None) -> Rolled:
    if spirit.held:
        summoner = state.characters[spirit.summoner_id]
        return check_roll(ctx, state, summoner.id,
                          *spirit_check(summoner, "Cha/Summon check to resist a banishment"),
                          reported=reported)
    bonus = skill_bonus if skill_bonus is not None else spirit.skill_bonus
    if bonus is None:
        raise InvalidInput("spirit-skill-bonus-unknown",
                           "this uncontrolled spirit's skill bonus was never given; send it",
                           field="skill_bonus")
    return check_roll(ctx, state, None, skill_check(bonus + UNCONTROLLED_BONUS),
                      f"uncontrolled spirit {spirit.id} resists a banishment", reported=reported)


def banish(spirit_id: str, by: str, *, dice: list[int] | None = None,
           opposing_dice: list[int] | None = None, damage_dice: list[int] | None = None,
           skill_bonus: int | None = None) -> Decide:
    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        spirit = require_spirit(state, spirit_id)
        banisher = require_able(state, by)
        check_summoner_edge(banisher)
        check_active(spirit)
        check_present(spirit, "banish")
        if spirit.held and spirit.summoner_id == banisher.id:
            raise RuleViolation("banish-own-spirit", "a summoner dispels their own spirits")
        committed = commit_event(ctx, banisher, "summoner", BANISH_EFFORT, "day",
                                 "banish a spirit", source=spirit_source(spirit.id))
        roll = check_roll(ctx, state, banisher.id,
                          *spirit_check(banisher, "Cha/Summon check to banish a spirit"),
                          reported=dice)
        opposing = _opposing_roll(ctx, state, spirit, opposing_dice, skill_bonus)
        events: list[DomainEvent] = [committed, roll, opposing]
        success = roll.total > opposing.total
        levels = summon_level(banisher)
        hurt = check_roll(ctx, state, banisher.id, f"{levels}d8", "banishment damage",
                          reported=damage_dice) if success and levels > 0 else None
        events.append(SpiritBanishAttempted(
            character_id=banisher.id, spirit_id=spirit.id,
            summoner_id=spirit.summoner_id if spirit.held else None, total=roll.total,
            opposing_total=opposing.total, success=success, damage=hurt.total if hurt else 0))
        if hurt is not None:
            events.append(hurt)
            events.extend(damage_events(state, spirit, hurt.total, f"banished by {banisher.name}"))
        return events

    return decide
