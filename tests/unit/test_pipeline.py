"""The pipeline (ledger/domain/pipeline.py): policy, settling, decide, then each event evolved,
positioned and followed by its reactions before the next one."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from ledger.domain import clock
from ledger.domain.context import Context
from ledger.domain.decision import Later
from ledger.domain.encounters.actions import limit_the_turn
from ledger.domain.encounters.consequence_effects import end_applied
from ledger.domain.encounters.stunt_points import one_active_test_per_turn
from ledger.domain.errors import Forbidden, RuleViolation
from ledger.domain.events import DomainEvent
from ledger.domain.magic.backlash import ConsequenceRollOwed, gained_event
from ledger.domain.magic.test import MagicTestRequest, make_test
from ledger.domain.pipeline import MAX_EVENTS_PER_COMMAND, run_command
from ledger.domain.reactions import REACTIONS
from ledger.domain.resources import spend_event
from ledger.domain.rolls import Rolled
from ledger.domain.state import CampaignState
from ledger.domain.stunts import rules as stunts
from ledger.domain.stunts.events import StuntRollNoted
from tests.unit.harness import context, run
from tests.unit.magic_helpers import campaign, mage, set_backlash

FAIL_BY_3 = [1, 2, 3]  # 6 + Willpower 3 = 9 against TN 12


def types(events: Sequence[DomainEvent]) -> list[str]:
    return [type(e).__name__ for e in events]


def over_mana_on_next_spend(state: CampaignState) -> str:
    """A mage at Mana 3 with Backlash 3: spending 1 Mana puts Backlash over Mana."""
    chid = mage(state, mana=3)
    set_backlash(state, chid, 3)
    return chid


def test_pipeline_runs_an_events_reactions_before_the_commands_next_event() -> None:
    state = campaign()
    chid = over_mana_on_next_spend(state)

    def decide(now: CampaignState, ctx: Context) -> list[DomainEvent | Later]:
        return [spend_event(now.characters[chid], "mana", 1, "lamp"),
                Later(lambda s: gained_event(s.characters[chid], 1, "superhuman"))]

    assert types(run(state, decide)) == ["ResourceSpent", "ConsequenceRollOwed", "BacklashGained"]


def test_pipeline_advances_the_position_once_per_event_before_its_reactions_run() -> None:
    state = campaign()
    chid = over_mana_on_next_spend(state)
    start = state.position
    stamped: list[tuple[int, str]] = []

    def stamp(now: CampaignState, event: DomainEvent) -> None:
        stamped.append((now.position, type(event).__name__))

    run(state, lambda now, ctx: [spend_event(now.characters[chid], "mana", 1, "lamp")],
        stamp=stamp)
    assert stamped == [(start + 1, "ResourceSpent"), (start + 2, "ConsequenceRollOwed")]
    assert state.position == start + 2
    owed = state.characters[chid].backlash.owed
    assert owed[0].since == start + 2  # the evolver saw the position before its event


def test_pipeline_gives_a_reaction_the_position_of_the_event_it_follows() -> None:
    state = campaign()
    chid, friend = mage(state), mage(state, name="Ivo")
    run(state, stunts.record_bond(chid, friend, 1))
    run(state, stunts.record_bond(friend, chid, 1))
    run(state, clock.start_session)
    assert state.stunts.active
    events = run(state, make_test(chid, MagicTestRequest(base_tn=9, dice=[4, 4, 5])))
    assert types(events)[-3:] == ["Rolled", "StuntRollNoted", "MagicTestMade"]
    rolled_at = state.position - 2
    note = next(e for e in events if isinstance(e, StuntRollNoted))
    assert note.roll_position == rolled_at


def test_pipeline_builds_a_later_from_what_the_events_and_reactions_before_it_left() -> None:
    state = campaign()
    chid = over_mana_on_next_spend(state)
    seen: list[int] = []

    def after(now: CampaignState) -> DomainEvent:
        seen.append(len(now.characters[chid].backlash.owed))
        return gained_event(now.characters[chid], 1, "superhuman")

    run(state, lambda now, ctx: [spend_event(now.characters[chid], "mana", 1, "lamp"),
                                 Later(after)])
    assert seen == [1]  # the reaction's owed roll was already recorded


def test_pipeline_records_every_event_a_later_builds_in_turn() -> None:
    state = campaign()
    chid = mage(state, mana=10)
    events = run(state, lambda now, ctx: [Later(lambda s: [
        spend_event(s.characters[chid], "mana", 1, "one"),
        Later(lambda t: spend_event(t.characters[chid], "mana", 2, "two"))])])
    assert [(e.before, e.after) for e in events] == [(10, 9), (9, 7)]  # type: ignore[attr-defined]


class Typed:
    """A command of the typed protocol: policy, acting character, decision."""

    def __init__(self, chid: str, allowed: bool = True) -> None:
        self.chid = chid
        self.allowed = allowed
        self.calls: list[str] = []

    def authorize(self, state: CampaignState, ctx: Context) -> None:
        self.calls.append("authorize")
        if not self.allowed:
            raise Forbidden("typed-policy", "only the character's player or the GM")

    def acting(self, state: CampaignState) -> str | None:
        self.calls.append("acting")
        return self.chid

    def decide(self, state: CampaignState, ctx: Context) -> list[DomainEvent]:
        self.calls.append("decide")
        return [spend_event(state.characters[self.chid], "mana", 1, "typed")]


def test_pipeline_runs_a_typed_commands_policy_then_settling_then_its_decision() -> None:
    state = campaign()
    chid = mage(state, mana=10)
    run(state, make_test(chid, MagicTestRequest(base_tn=12)), context(FAIL_BY_3, scripted=True))
    command = Typed(chid)
    events = run(state, command)
    assert command.calls == ["authorize", "acting", "decide"]
    assert types(events) == ["MagicTestFailureAccepted", "BacklashChoiceOffered", "ResourceSpent"]


def test_pipeline_refuses_a_typed_command_its_policy_forbids_before_settling() -> None:
    state = campaign()
    chid = mage(state, mana=10)
    run(state, make_test(chid, MagicTestRequest(base_tn=12)), context(FAIL_BY_3, scripted=True))
    before = state.position
    command = Typed(chid, allowed=False)
    with pytest.raises(Forbidden):
        run(state, command)
    assert command.calls == ["authorize"]
    assert state.position == before
    assert state.characters[chid].magic_tests.failure is not None


def test_pipeline_refuses_a_command_that_records_too_many_events() -> None:
    state = campaign()
    chid = mage(state, mana=10_000)
    many = [Later(lambda s: spend_event(s.characters[chid], "mana", 1, "drip"))
            for _ in range(MAX_EVENTS_PER_COMMAND + 1)]
    with pytest.raises(RuleViolation) as err:
        run_command(state, context(), lambda now, ctx: many)
    assert err.value.rule == "command-too-large"


def test_reactions_are_listed_once_per_event_type_in_one_ordered_table() -> None:
    listed = [(event_type, reaction) for event_type, reactions in REACTIONS.items()
              for reaction in reactions]
    assert len(listed) == len(set(listed))  # none twice for one type
    assert all(isinstance(reactions, tuple) for reactions in REACTIONS.values())
    # The pool notes the roll first; one active test per turn may then withhold its SP; the
    # turn's limits (Compelled, Pinned) record nothing, so their place changes no position.
    assert REACTIONS[Rolled] == (stunts.note_roll, one_active_test_per_turn, limit_the_turn,
                                 end_applied)
    assert ConsequenceRollOwed not in REACTIONS  # a reaction's own events may react in turn
