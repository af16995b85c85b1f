"""Talents that reroll 1s (Mana Noir "Talents" and "Specializations"; docs/rules/talents.md).

A roll whose tag, ability or focus matches rerolls each of its three dice that shows 1,
once, with the same dice as the rest of the roll (server dice stay verifiable; reported
dice list the rerolls after the three). The reroll stands, whatever it shows.
- Brilliance Expert: "a test to develop a new idea": tag `new-idea`, any ability.
- Evaluation Expert: "any Perception or Intelligence roll related to figuring out
  something": tag `figuring-out` on a Perception or Intelligence roll.
- Rituals Master: "any Ritual roll": tag `rituals`.
- Shaman Expert: "any test involving Spirits": tag `spirits` (damage: shown).
- Leader Novice: "any Communication (Leadership) or (Persuasion) roll": by ability and focus.
- Trickster Expert: "attempts with Deception, Sleight of Hand or Stealth": by focus.
- Wizard Expert: "reroll ones on their magical Tests" (the chosen Arcana's): the Magic
  Test's `arcana` (ledger/domain/magic/test.py).
Our reading: rerolling is the roller's choice ("may"), made before the dice: a roll asks
`reroll_ones: false` to keep its 1s (they may make doubles). Rerolling only some of them
after seeing the dice is not offered: the ledger draws a roll's dice in one command.
"""

from __future__ import annotations

from collections.abc import Sequence

from ledger.domain.state import Character
from ledger.domain.stunts.talents import has

# (tag, talent, least degree, abilities it needs or () for any)
BY_TAG: tuple[tuple[str, str, str, tuple[str, ...]], ...] = (
    ("new-idea", "Brilliance", "expert", ()),
    ("figuring-out", "Evaluation", "expert", ("Perception", "Intelligence")),
    ("rituals", "Rituals", "master", ()),
    ("spirits", "Shaman", "expert", ()),
)
# (talent, least degree, abilities it needs or () for any, focuses)
BY_FOCUS: tuple[tuple[str, str, tuple[str, ...], tuple[str, ...]], ...] = (
    ("Leader", "novice", ("Communication",), ("Leadership", "Persuasion")),
    ("Trickster", "expert", (), ("Deception", "Sleight of Hand", "Stealth")),
)


def _fold(name: str | None) -> str:
    return " ".join((name or "").split()).lower()


def _fits(ability: str, abilities: tuple[str, ...]) -> bool:
    return not abilities or _fold(ability) in {_fold(a) for a in abilities}


def ones_rerollers(character: Character, *, ability: str, focus: str | None,
                   tags: Sequence[str]) -> list[str]:
    """The talents of `character` that reroll the 1s of an AGE roll of `ability`, `focus`
    (the sheet's spelling) and `tags` (folded), by name and degree."""
    found = [f"{talent} {degree.title()}" for tag, talent, degree, abilities in BY_TAG
             if tag in tags and _fits(ability, abilities) and has(character, talent, degree)]
    found += [f"{talent} {degree.title()}" for talent, degree, abilities, focuses in BY_FOCUS
              if _fold(focus) in {_fold(f) for f in focuses} and _fits(ability, abilities)
              and has(character, talent, degree)]
    return found
