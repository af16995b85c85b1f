"""Loading what a rewind or a redo carries, then handing the pure decision to the service.

Rule: a rewind lands on a command boundary (`check_command_boundary`): the
state between two events of one command (a roll recorded, its Mana not yet
spent) never existed at the table.
"""

from __future__ import annotations

from ledger.domain.audit import rewind as rw
from ledger.domain.decision import Decide
from ledger.domain.errors import RuleViolation
from ledger.domain.record import Record
from ledger.service.ledger import Ledger


def check_command_boundary(records: list[Record], to_position: int) -> None:
    """`records` are the events at `to_position` and the one after it."""
    if len(records) == 2 and records[0].correlation_id == records[1].correlation_id:
        raise RuleViolation(
            "rewind-to-command-boundary",
            f"position {to_position} is inside a command; rewind to the end of a command",
            field="to_position",
        )


def rewind_command(led: Ledger, campaign_id: str, to_position: int, reason: str) -> Decide:
    head = led.state(campaign_id)
    rw.check_rewind_goes_back(head, to_position)
    check_command_boundary(led.store.read(campaign_id, after=to_position - 1,
                                          upto=to_position + 1), to_position)
    return rw.rewind(to_position, reason, led.canon_state_at(campaign_id, to_position))


def redo_command(led: Ledger, campaign_id: str, reason: str) -> Decide:
    head = led.state(campaign_id)
    last = head.rewind.last_rewind
    before = led.state_at(campaign_id, last - 1) if last and last == head.position else None
    return rw.redo(reason, before)
