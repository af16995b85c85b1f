"""The GM's encounter commands (docs/rules/encounters.md). Each docstring is the rule's text
as the API documents it; the rules live in turns.py, order.py, time.py and timers.py."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, ClassVar

from msgspec import Meta

from ledger.domain.bounds import Label, Modifier, Note
from ledger.domain.command import GM, Command
from ledger.domain.context import Context
from ledger.domain.decision import Later
from ledger.domain.encounters import turns
from ledger.domain.encounters.order import Entry
from ledger.domain.events import DomainEvent
from ledger.domain.state import CampaignState

Decided = Sequence[DomainEvent | Later]
Participants = Annotated[list[Entry], Meta(min_length=1, max_length=100)]


class EncounterCommand(Command, frozen=True, kw_only=True, forbid_unknown_fields=True):
    policy = GM
    example_needs: ClassVar[tuple[str, ...]] = ("encounter",)


class StartEncounter(EncounterCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Start an encounter inside the open scene, with its participants and their initiative.

    Each participant is a character (`character_id`: an id or a name) or a `name` the
    ledger has no sheet of. `initiative` as reported, or rolled by the ledger with the
    session's dice: the campaign's `initiative_dice` (3d6) + `initiative_ability`
    (Dexterity), each roll recorded. Highest first; ties by `initiative_tie_break`
    ("ability": higher ability score, then the order listed; or "listed"). A summoner's
    present spirits act on the summoner's initiative. Round 1 starts with the first
    participant's turn. 409 `no-open-scene`, `encounter-already-open`.
    """

    example = {"participants": [{"character_id": "{character_id}"},
                                {"name": "Hired gun", "initiative": 11}]}
    example_needs = ("scene",)
    participants: Participants

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return turns.start(state, ctx, self.participants)


class NextTurn(EncounterCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """End the current turn; the next participant's turn starts.

    After the last participant a new round starts, and game time moves on by the round's
    length (`round_seconds`, 6): effects measured in minutes end at the round that reaches
    their minute. Conditions counted in turns or rounds (Helpless, Dazed, Shock) end at
    their turn.
    """

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return turns.next_turn(state)


class DelayTurn(EncounterCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Delay (or hold) the current participant's action: they act right after `after`.

    `after` is a participant still to act this round; the delayed participant keeps the new
    place in later rounds. A held action that interrupts someone is recorded the same way.
    The next participant's turn starts.
    """

    example = {"after": "{other_participant}"}
    example_needs = ("encounter",)
    after: Annotated[str, Meta(min_length=1, max_length=200)]

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return turns.delay(state, self.after)


class AddParticipant(EncounterCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Add a participant to the encounter under way, at its initiative (reported or rolled).

    It goes after everyone whose initiative is at least as high.
    """

    example = {"name": "Second gun", "initiative": 8}
    character_id: Annotated[str, Meta(max_length=200)] | None = None
    name: Label | None = None
    initiative: Modifier | None = None

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        entry = Entry(character_id=self.character_id, name=self.name,
                      initiative=self.initiative)
        return turns.add(state, ctx, entry)


class RemoveParticipant(EncounterCommand, frozen=True, kw_only=True,
                        forbid_unknown_fields=True):
    """Remove a participant (fled, fallen, gone). Removing the one whose turn it is passes
    the turn first; the last participant is not removed (end the encounter instead)."""

    path: ClassVar[tuple[str, ...]] = ("participant_id",)
    example = {"reason": "fled"}
    example_needs = ("encounter",)
    participant_id: str
    reason: Note = ""

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return turns.remove(state, self.participant_id, self.reason)


class EndEncounter(EncounterCommand, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """End the encounter. The round in progress counts whole: game time is the start plus
    rounds times the round's length. Conditions still counted in turns end. Under mission time
    (`mission_time`), Effort committed for the scene returns. The scene stays open."""

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        return turns.end(state, "gm", ctx)
