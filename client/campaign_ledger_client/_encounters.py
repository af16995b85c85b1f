"""Encounters: rounds, turns and initiative (all the GM's)."""

from __future__ import annotations

from datetime import datetime

from campaign_ledger_client._campaigns import at_query
from campaign_ledger_client._scope import CAMPAIGN, Call, Scope, body, command, read
from campaign_ledger_client.bodies import ParticipantSpec
from campaign_ledger_client.models import At, View
from campaign_ledger_client.schemas import EncounterAnswer, EncounterView

ENCOUNTER = CAMPAIGN + "/encounter"


class Encounters(Scope):
    @command("POST", ENCOUNTER, EncounterView)
    def start_encounter(self, participants: list[ParticipantSpec]) -> Call:
        """Start an encounter in the open scene; initiative is rolled unless reported."""
        return Call(body={"participants": participants})

    @command("POST", ENCOUNTER + "/next-turn", EncounterView)
    def next_turn(self) -> Call:
        return Call(body={})

    @command("POST", ENCOUNTER + "/delay", EncounterView)
    def delay_turn(self, after: str) -> Call:
        """The current participant acts right after `after` (a participant id)."""
        return body(after=after)

    @command("POST", ENCOUNTER + "/participants", EncounterView)
    def add_participant(self, character_id: str | None = None, *, name: str | None = None,
                        initiative: int | None = None) -> Call:
        return body(character_id=character_id, name=name, initiative=initiative)

    @command("POST", ENCOUNTER + "/participants/{participant_id}/remove", EncounterView)
    def remove_participant(self, participant_id: str, reason: str = "") -> Call:
        return body({"participant_id": participant_id}, reason=reason)

    @command("POST", ENCOUNTER + "/end", EncounterView)
    def end_encounter(self) -> Call:
        return Call(body={})

    @read(ENCOUNTER, EncounterAnswer)
    def encounter(self, at: At | datetime | None = None, view: View = "recorded") -> Call:
        """The encounter under way (or null), its round, whose turn, the order, game time."""
        return at_query(at, view)
