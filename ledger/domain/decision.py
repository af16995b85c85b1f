"""What a decision is: a decide function, and an event built when its turn comes (`Later`).
The pipeline that runs them is ledger/domain/pipeline.py.

Settling follows the command type alone: every write is a typed command
(ledger/domain/command.py) that names its acting character, and only a command whose
acting character is that character first settles their pending decisions. A bare decide
function (the rules' own building blocks, the tests' harness) acts for nobody and settles
nobody. docs/rules/magic-test.md shows the table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ledger.domain.context import Context
from ledger.domain.events import DomainEvent
from ledger.domain.state import CampaignState, Character


class Later:
    """An event built when its turn comes, from the state as recorded so far: for a fact
    only the recorder knows when the command starts, such as the hash of the event just
    before it (the recorder sets `head_hash` as each event is recorded), or an event computed
    from what the events before it left (a cost's Backlash after its Mana). It may build
    several events; they are recorded in turn, each with its reactions."""

    def __init__(self, build: Callable[[CampaignState], DomainEvent | Sequence[DomainEvent | Later]]
                 ) -> None:
        self.build = build


Built = DomainEvent | Sequence[DomainEvent | Later]


def later_for(character_id: str, build: Callable[[Character], Built]) -> Later:
    """A Later built from one character as the events before it left them."""
    return Later(lambda state: build(state.characters[character_id]))


Decide = Callable[[CampaignState, Context], Sequence[DomainEvent | Later]]
