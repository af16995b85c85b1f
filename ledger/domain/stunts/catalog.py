"""The stunts of Mana Noir ("Other Rules", New Stunts) at the tiers their bodies price.

The headings give ranges ("Lock (Grappling, 3-6)"); the bodies price single tiers, and
only those are listed: Lock has 3, 5 and 6 SP, never 4 (docs/rules/stunts.md).
Any other stunt is one the GM names with its cost (`gm_named`).
"""

from __future__ import annotations

import re

import msgspec

from ledger.domain.errors import InvalidInput


class Resist(msgspec.Struct, frozen=True):
    """The roll a stunt offers its target: its ability (focus) against `base` + the
    character's `against` ability and focus (one of `options`, by focus)."""

    ability: str
    focus: str
    base: int
    options: dict[str, str]  # the character's focus -> its ability


class StuntSpec(msgspec.Struct, frozen=True, kw_only=True):
    name: str
    category: str
    tiers: dict[int, str]  # SP -> what that tier does
    heading: str  # the range the heading gives
    minor_action: bool = False  # uses up the Minor Action
    grappling: bool = False  # needs a prior Grapple; a Grabbed target adds +2 SP
    resist: Resist | None = None
    resist_tier: int | None = None  # the tier that offers the roll (None: every tier)
    needs_target: bool = False


ESCAPE_PENALTY = -2
LOCK_CONDITIONS = {5: "Impaired", 6: "Restrained"}


def _given_by(stunt: str, tier: int) -> str:
    return f"{stunt} at {tier} SP"


def given_note(stunt: str, tier: int, roll_position: int) -> str:
    """The note on a Condition a stunt gives (cause "stunt"), naming the stunt first."""
    return f"{_given_by(stunt, tier)} (roll {roll_position})"


def locks_physical_actions(condition_name: str, cause: str, note: str) -> bool:
    """The Impaired a Lock at 5 SP gives, which counts "in any physical action" only
    (000, Lock), where Impaired from anything else is "-3 to all Ability tests"."""
    return (condition_name == LOCK_CONDITIONS[5] and cause == "stunt"
            and note.startswith(_given_by("Lock", 5)))
THROW_CONDITIONS = ("Prone", "Dazed")
# What a Throw ends ("but not Grappled"): being held, whoever gave it, and a Restrained a
# stunt gave (a Lock); a Restrained from other causes (bonds) stays.
GRAPPLED_CONDITIONS = ("Grabbed", "Pinned")
STUNT_HOLD_CONDITIONS = ("Restrained",)
FRIGHTEN = Resist("Willpower", "Courage", 12,
                  {"Persuasion": "Communication", "Intimidation": "Strength"})
SUGGEST = Resist("Willpower", "Self-Discipline", 9, {"Persuasion": "Communication"})
TRICK = Resist("Perception", "Empathy", 12, {"Deception": "Communication"})

STUNTS: dict[str, StuntSpec] = {s.name.lower(): s for s in (
    StuntSpec(name="Called Shot", category="Combat", heading="4-5", tiers={
        4: "M:AGE's Called Shot (firearms)",
        5: "the current melee attack ignores Armor (not Toughness)"}),
    StuntSpec(name="Clinch", category="Grappling", heading="3", grappling=True, needs_target=True,
              tiers={3: "normal melee damage to the held target"}),
    StuntSpec(name="Frighten", category="General", heading="3", resist=FRIGHTEN, needs_target=True,
              tiers={3: "Willpower (Courage) against TN 12 + Communication (Persuasion) or "
                        "Strength (Intimidation); on a failure, Cowed"}),
    StuntSpec(name="Full Force", category="Combat", heading="5", minor_action=True, tiers={
        5: "the Minor Action is used up; + Accuracy (ranged), Fighting (melee) or "
           "Willpower (magic) to damage"}),
    StuntSpec(name="Glean Motives", category="Investigation", heading="2",
              tiers={2: "the GM answers two questions about the target's motives"}),
    StuntSpec(name="Hit Where It Hurts", category="Combat", heading="2",
              tiers={2: "+1 damage per 2 points the attack beat the target's Defense by"}),
    StuntSpec(name="Lock", category="Grappling", heading="3-6", grappling=True, needs_target=True,
              tiers={3: f"{ESCAPE_PENALTY} to actions trying to escape the hold",
                     5: "Impaired in any physical action", 6: "Restrained"}),
    StuntSpec(name="Mentalist's Trick", category="Social", heading="3", resist=TRICK,
              needs_target=True,
              tiers={3: "Perception (Empathy) against TN 12 + Communication (Deception); on a "
                        "failure the target picks the character's choice unawares"}),
    StuntSpec(name="Opportunist", category="Combat", heading="3", minor_action=True, tiers={
        3: "the Minor Action is used up; a prepared melee attack that generates no SP"}),
    StuntSpec(name="Precise Force", category="Combat", heading="2-3", tiers={
        2: "M:AGE's Precise Force (Pierce Armor)",
        3: "magically created Armor is halved for the strike"}),
    StuntSpec(name="Quick Assessment", category="Investigation", heading="2", tiers={
        2: "the most dangerous, most vulnerable and most important elements of the scene"}),
    StuntSpec(name="Skillful Attack", category="Combat", heading="2",
              tiers={2: "an appropriate Focus's bonus is added to damage"}),
    StuntSpec(name="Suggest Action", category="Social", heading="2-4", resist=SUGGEST,
              needs_target=True,
              resist_tier=4, tiers={
                  2: "a suggestion for the target's next opportunity",
                  4: "a Command: Willpower (Self-Discipline) against TN 9 + Communication "
                     "(Persuasion); on a failure one order for the next turn, on a success a "
                     "suggestion for two turns"}),
    StuntSpec(name="Throw", category="Grappling", heading="4", grappling=True, needs_target=True,
              tiers={4: "thrown 1 m per 2 points of Fighting (Grapple) or Strength (Might), "
                        "1d6 + 1 Impact damage per meter; Prone and Dazed, no longer held"}),
)}
GRAPPLE = "grapple"  # a stunt the GM names "Grapple" records a prior Grapple


def folded(name: str) -> str:
    """A stunt's name as compared: case, spaces and punctuation aside, so "Double Team"
    is "Double-Team" and "Aha" is "Aha!" (the texts spell them both ways)."""
    return re.sub(r"[^a-z0-9]+", "", name.lower())


_BY_FOLDED = {folded(spec.name): spec for spec in STUNTS.values()}
assert len(_BY_FOLDED) == len(STUNTS), "two stunts fold to one name"


def find(name: str) -> StuntSpec | None:
    return _BY_FOLDED.get(folded(name))


def tier_of(spec: StuntSpec, sp: int | None) -> int:
    """The tier asked for: the only one, or one the body prices (422 naming them)."""
    tiers = sorted(spec.tiers)
    if sp is None and len(tiers) == 1:
        return tiers[0]
    if sp not in spec.tiers:
        priced = ", ".join(str(t) for t in tiers)
        raise InvalidInput("stunt-tier", f"{spec.name} is priced at {priced} SP, not {sp}",
                           field="sp", allowed=[str(t) for t in tiers], catalog="stunts")
    return sp


def offers_roll(spec: StuntSpec, tier: int) -> bool:
    return spec.resist is not None and spec.resist_tier in (None, tier)
