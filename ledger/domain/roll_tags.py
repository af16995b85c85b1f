"""Context tags on an AGE roll, and the talents that apply to rolls of a kind (Mana Noir
"Talents"; docs/rules/talents.md). A roll carries the tags the table gives it; the ledger
does not guess a roll's kind.

Applied when the tag is present (a degree includes the ones below it):
- `rituals`: Rituals Novice, "+1 to any roll involving Rituals".
- `cooperative`: Synergy Expert, "+1 to your roll when cooperating".
- `spirits`: Shaman Novice, "+1 to any roll involving Spirits" (our reading: on the roll;
  moving it to the Stunt Die instead is the player's choice, shown, not automated), and
  Shaman Apex, "+2 to all rolls involving Spirits". Our reading: the two add up (+3 at
  Apex), as each degree's benefit is kept by the degrees above it.
- `social`: Manipulation Novice, "+1 SP when generating Social Stunt Points".
- `investigation`: Evaluation Master, "+1 SP when you generate Stunt Points during an
  Investigation". The +1 SP comes only when the roll generates SP.
- `investigation`: Evaluation Grandmaster, "You double the appropriate Focus bonus being
  used in a current Investigation": a roll with a focus gets its Focus bonus again (in
  `talent_bonus`). Whether the focus is the appropriate one is the table's, by the tag.
- `study`: Brilliance Master, "When attempting to study, modify, or build something based
  on something for which you have an Intelligence Focus, double your Focus bonus": an
  Intelligence roll with a focus gets its Focus bonus again (our reading: the roll's focus
  is an Intelligence Focus when the roll is an Intelligence one). Doubling is not done
  twice: with Evaluation Grandmaster on an `investigation` roll too, the bonus is added once.
Rerolling 1s (Rituals Master, Shaman Expert, Brilliance Expert on `new-idea`, Evaluation
Expert on `figuring-out`...) is applied with new dice: ledger/domain/rolls/ones.py.

`attack` (no talent): the roll is an attack test, as every attack the ledger records is
(ledger/domain/stunts/attacks.py). The Conditions' penalties to attacks (Defenseless,
Blinded) apply to it: `ATTACK_PENALTIES` in ledger/domain/rolls/conditions.py.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from ledger.domain.errors import InvalidInput
from ledger.domain.state import Character
from ledger.domain.stunts.talents import has

ATTACK = "attack"
TAGS = ("spirits", "rituals", "social", "investigation", "cooperative", "new-idea",
        "figuring-out", "study", ATTACK)
# (tag, talent, least degree, bonus to the roll)
BONUSES: tuple[tuple[str, str, str, int], ...] = (
    ("rituals", "Rituals", "novice", 1),
    ("cooperative", "Synergy", "expert", 1),
    ("spirits", "Shaman", "novice", 1),
    ("spirits", "Shaman", "apex", 2),
)
# (tag, talent, least degree, SP added when the roll generates SP)
SP_BONUSES: tuple[tuple[str, str, str, int], ...] = (
    ("social", "Manipulation", "novice", 1),
    ("investigation", "Evaluation", "master", 1),
)


class TagEffects(msgspec.Struct, frozen=True, kw_only=True):
    bonus: int = 0
    sp: int = 0
    talents: list[str] = msgspec.field(default_factory=list)


def check_tags(tags: Sequence[str]) -> list[str]:
    """The tags in lower case, each known and given once (422 naming `tags`)."""
    folded = [t.strip().lower() for t in tags]
    for tag in folded:
        if tag not in TAGS:
            raise InvalidInput("unknown-roll-tag", f"roll tags are {', '.join(TAGS)}",
                               field="tags", allowed=TAGS)
    if len(set(folded)) != len(folded):
        raise InvalidInput("roll-tag-given-once", "each tag is given once", field="tags")
    return folded


def tag_effects(character: Character, tags: Sequence[str], focus_bonus: int = 0,
                ability: str = "") -> TagEffects:
    """What the roller's talents add to a roll of `ability` carrying `tags` (with its Focus
    bonus)."""
    bonus, sp = 0, 0
    named: list[str] = []
    if "investigation" in tags and focus_bonus and has(character, "Evaluation", "grandmaster"):
        bonus, named = focus_bonus, ["Evaluation Grandmaster"]
    elif ("study" in tags and focus_bonus and ability.strip().lower() == "intelligence"
          and has(character, "Brilliance", "master")):
        bonus, named = focus_bonus, ["Brilliance Master"]
    for table, is_sp in ((BONUSES, False), (SP_BONUSES, True)):
        for tag, talent, degree, amount in table:
            if tag in tags and has(character, talent, degree):
                named.append(f"{talent} {degree.title()}")
                sp, bonus = (sp + amount, bonus) if is_sp else (sp, bonus + amount)
    return TagEffects(bonus=bonus, sp=sp, talents=named)
