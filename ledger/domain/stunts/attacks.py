"""Attack rolls, the Stunt Attack and Opportunist's prepared attack (Mana Noir "Stunts").

Rules and our readings (docs/rules/stunts.md):
- An attack is an AGE test against the target's Defense (`tn`), recorded as a Rolled event
  followed by AttackRolled, which marks the roll as an attack (SP bought Conditions only
  from an attack roll).
- "Stunt Attack: this action generates 2 SP, not 1." Our reading: the 2 SP need a hit (SP
  come only from a successful test) and come without doubles (Lock: "perform another Stunt
  Attack, or generate SP with a successful attack"). They do not add to SP from doubles:
  a hit with doubles generates the greater of 2 and the Stunt Die.
- Opportunist's prepared attack generates no SP: it is recorded as a roll that is not an
  active decision (Rolled.active false), and needs an Opportunist bought earlier.
- The Stunt Attack is still the turn's one generating test: in an encounter it is an active
  test like any other (ledger/domain/encounters/stunt_points.py), so a second one in the
  turn, or one in someone else's turn, has its SP withheld. Lock's "next turn":
  ledger/domain/stunts/turns.py.
"""

from __future__ import annotations

from collections.abc import Sequence

from ledger.domain.context import Context
from ledger.domain.decision import Decide, Later
from ledger.domain.errors import RuleViolation
from ledger.domain.events import DomainEvent
from ledger.domain.roll_tags import ATTACK
from ledger.domain.rolls import Rolled, age_test
from ledger.domain.rolls.age import with_stunt_points
from ledger.domain.state import CampaignState
from ledger.domain.stunts.spending_events import AttackRolled

STUNT_ATTACK_SP = 2
KINDS = ("attack", "stunt-attack", "opportunist")


def attack_sp(kind: str, rolled: Rolled) -> int:
    """The SP an attack generates: a Stunt Attack's 2 on a hit, never an Opportunist's."""
    if kind == "opportunist" or not rolled.success:
        return 0
    if kind == "stunt-attack":
        return max(STUNT_ATTACK_SP, rolled.stunt_points)
    return rolled.stunt_points


def attack(character_id: str, kind: str, *, ability: str, focus: str | None, modifier: int,
           tn: int, reported: list[int] | None, label: str, target: str | None,
           spend_conviction: bool = False, attack_trade: int = 0) -> Decide:
    def decide(state: CampaignState, ctx: Context) -> Sequence[DomainEvent | Later]:
        if kind == "opportunist" and character_id not in state.stunt_spending.prepared:
            raise RuleViolation("no-prepared-attack", "an Opportunist attack needs the "
                                "Opportunist stunt bought first", field="kind")
        if target is not None and target not in state.characters:
            raise RuleViolation("unknown-target", f"no character {target!r}", field="target")
        # The test may record more than its roll: a talent's modifier it uses up (a Leader
        # Master's trade) goes before it. Unpacking one event made any attack a 500 then.
        made = list(age_test(character_id, ability=ability, focus=focus, modifier=modifier,
                             tn=tn, active=kind != "opportunist", reported=reported,
                             label=label or kind, spend_conviction=spend_conviction,
                             attack_trade=attack_trade, tags=(ATTACK,))(state, ctx))
        at = next(i for i, event in enumerate(made) if isinstance(event, Rolled))
        rolled = made[at]
        assert isinstance(rolled, Rolled)
        assert all(isinstance(event, DomainEvent) for event in made[:at])  # positions are known
        sp = attack_sp(kind, rolled)
        if sp != rolled.stunt_points:
            made[at] = rolled = with_stunt_points(rolled, sp)
        return [*made, AttackRolled(character_id=character_id,
                                    roll_position=state.position + 1 + at, kind=kind,
                                    target=target, hit=bool(rolled.success), generated=sp)]

    return decide
