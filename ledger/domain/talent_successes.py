"""Talents that make a test succeed without rolling (Mana Noir "Talents";
docs/rules/talents.md), asked for on an AGE roll with `talent`.

- Brilliance Apex: "once per day you may choose a single Intelligence Test to simply
  succeed in without rolling, regardless of Target Number".
  The day is the campaign clock's (`clock.day`): one use per clock day, whatever the hour.
- Trickster Apex: "spend a Conviction point to automatically succeed in a Deception or
  Sleight of Hand attempt". Our reading: the test names its focus, Deception or Sleight of
  Hand (the attempt's kind; the sheet need not hold the focus), and 1 Conviction is spent.
An automatic success rolls no dice, so it generates no Stunt Points: `TalentSuccess` is
recorded instead of `Rolled`, with the talent and the clock day.
"""

from __future__ import annotations

from ledger.domain.characters import require_alive
from ledger.domain.context import Context
from ledger.domain.decision import Decide
from ledger.domain.errors import InvalidInput, RuleViolation
from ledger.domain.events import DomainEvent, evolves
from ledger.domain.resources import spend_event
from ledger.domain.rolls.age import sheet_ability
from ledger.domain.state import CampaignState, Character
from ledger.domain.stunts.talents import has

BRILLIANCE = "brilliance-apex"
TRICKSTER = "trickster-apex"
TALENTS = {BRILLIANCE: ("Brilliance", "Brilliance Apex"), TRICKSTER: ("Trickster", "Trickster Apex")}
TRICKSTER_FOCUSES = ("Deception", "Sleight of Hand")


class TalentSuccess(DomainEvent, frozen=True, kw_only=True):
    """A test that succeeded by a talent, without dice."""

    talent: str  # "brilliance-apex" or "trickster-apex"
    ability: str
    focus: str | None
    tn: int | None
    day: int  # the clock day, for once-per-day talents
    conviction: int = 0  # Conviction spent for it (spent by its own event, just before)
    label: str = ""


@evolves(TalentSuccess)
def _talent_success(state: CampaignState, e: TalentSuccess) -> None:
    state.characters[e.character_id or ""].talent_days[e.talent] = e.day


def check_talent(character: Character, talent: str) -> None:
    if talent not in TALENTS:
        raise InvalidInput("unknown-name", f"talent is one of {', '.join(TALENTS)}",
                           field="talent", allowed=list(TALENTS))
    name, shown = TALENTS[talent]
    if not has(character, name, "apex"):
        raise RuleViolation("talent-not-on-sheet", f"{character.name} lacks {shown}",
                            field="talent")


def trickster_focus(focus: str | None) -> str:
    found = next((f for f in TRICKSTER_FOCUSES if focus and f.lower() == focus.strip().lower()),
                 None)
    if found is None:
        raise RuleViolation("trickster-apex-needs-deception-or-sleight-of-hand",
                            "Trickster Apex succeeds at a Deception or Sleight of Hand attempt: "
                            "name that focus", field="focus", allowed=list(TRICKSTER_FOCUSES))
    return found


def automatic_success(character_id: str, talent: str, *, ability: str, focus: str | None = None,
                      tn: int | None = None, label: str = "") -> Decide:
    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        character = require_alive(state, character_id)
        check_talent(character, talent)
        name, _ = sheet_ability(character, ability)
        day = state.clock.day
        if talent == BRILLIANCE:
            if name != "Intelligence":
                raise RuleViolation("brilliance-apex-needs-intelligence",
                                    "Brilliance Apex succeeds at an Intelligence Test",
                                    field="ability")
            if character.talent_days.get(talent) == day:
                raise RuleViolation("brilliance-apex-once-per-day",
                                    f"{character.name} used Brilliance Apex on day {day} already",
                                    field="talent")
            return [TalentSuccess(character_id=character_id, talent=talent, ability=name,
                                  focus=focus, tn=tn, day=day, label=label)]
        spent = spend_event(character, "conviction", 1, "Trickster Apex: an automatic success")
        return [spent, TalentSuccess(character_id=character_id, talent=talent, ability=name,
                                     focus=trickster_focus(focus), tn=tn, day=day, conviction=1,
                                     label=label)]

    return decide
