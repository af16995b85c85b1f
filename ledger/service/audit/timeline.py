"""The timeline: one entry per command, with a summary and the state fields it changed.

A command's events share a correlation id and consecutive positions. Each entry's
changes are the diff of the state before the command and after it, computed by
folding forward through the page (or from the nearest checkpoint when the next
matching command is far ahead), so a page costs about one checkpoint load.
"""

from __future__ import annotations

from typing import Any

import msgspec

from ledger.adapters.store.base import EventStore
from ledger.domain import fold as folding
from ledger.domain.audit import (  # noqa: F401  (they register the summaries)
    summaries_core,
    summaries_hidden,
    summaries_magic,
    summaries_rules,
    summaries_stunts,
    summaries_talents,
)
from ledger.domain.audit.diff import Change, changes
from ledger.domain.audit.summaries import summarize
from ledger.domain.errors import InvalidInput
from ledger.domain.hidden import public_data
from ledger.domain.record import Record
from ledger.domain.state import CampaignState
from ledger.domain.state.audit import RewindState
from ledger.domain.wire_shape import named
from ledger.service.ledger import Ledger

BATCH = 500


class TimelineQuery(msgspec.Struct, frozen=True, kw_only=True):
    after: int = 0
    limit: int = 50
    character: str | None = None
    session: int | None = None
    scene: int | None = None
    types: tuple[str, ...] = ()
    first: int | None = None  # `from`
    last: int | None = None  # `to`


class EventLine(msgspec.Struct, frozen=True):
    position: int
    type: str
    summary: str


class Entry(msgspec.Struct, frozen=True, kw_only=True):
    first_position: int
    last_position: int
    correlation_id: str
    types: list[str]
    summary: str
    events: list[EventLine]
    actor: dict[str, str | None]
    recorded_at: str
    session: int
    scene: int
    character_ids: list[str]
    changes: list[Change]
    voided: bool
    voided_by: int | None


class Page(msgspec.Struct, frozen=True, kw_only=True):
    """`position` is the head the page was read at, as in every answer; `head` (the same
    number) is kept for the clients that read it first."""

    position: int
    entries: list[Entry]
    next: int | None
    head: int


def timeline(led: Ledger, campaign_id: str, query: TimelineQuery) -> Page:
    if query.first is not None and query.last is not None and query.first > query.last:
        raise InvalidInput("position-range", f"from ({query.first}) is after to "
                           f"({query.last})", field="to")
    head = led.state(campaign_id)
    commands = find_commands(led.store, campaign_id, query, head.position)
    folder = _Folder(led, campaign_id)
    entries = [entry(group, folder, head.rewind) for group in commands[: query.limit]]
    more = len(commands) > query.limit
    return Page(position=head.position, entries=entries,
                next=entries[-1].last_position if more else None, head=head.position)


def find_commands(
    store: EventStore, campaign_id: str, q: TimelineQuery, head: int
) -> list[list[Record]]:
    """Up to limit + 1 whole commands, in order, with an event matching the filters."""
    cursor = max(q.after, (q.first or 1) - 1)
    upper = min(q.last or head, head)
    found: list[list[Record]] = []
    known: dict[int, Record] = {}
    while len(found) <= q.limit and cursor < upper:
        batch = store.read_filtered(campaign_id, after=cursor, limit=BATCH, upto=upper,
                                    character=q.character, types=q.types, session=q.session,
                                    scene=q.scene)
        if not batch:
            break
        known.update((r.position, r) for r in batch)
        for record in batch:
            if found and record.position <= found[-1][-1].position:
                continue  # part of the command just taken
            group = whole_command(store, campaign_id, record, known)
            if group[0].position > q.after:
                found.append(group)
            if len(found) > q.limit:
                break
        cursor = batch[-1].position
    return found


def whole_command(store: EventStore, campaign_id: str, record: Record,
                  known: dict[int, Record]) -> list[Record]:
    """The consecutive events around `record` that share its correlation id."""

    def at(position: int) -> Record | None:
        if position not in known and position >= 1:
            known.update((r.position, r) for r in store.read(campaign_id, after=position - 9,
                                                             upto=position + 8))
        return known.get(position)

    first, last = record.position, record.position
    while (r := at(first - 1)) is not None and r.correlation_id == record.correlation_id:
        first -= 1
    while (r := at(last + 1)) is not None and r.correlation_id == record.correlation_id:
        last += 1
    return [known[p] for p in range(first, last + 1)]


class _Folder:
    """The state at some position, moved forward by folding, or reloaded when far behind."""

    def __init__(self, led: Ledger, campaign_id: str) -> None:
        self.led = led
        self.campaign_id = campaign_id
        self.state: CampaignState | None = None

    def before(self, position: int) -> CampaignState:
        target = position - 1
        s = self.state
        if s is None or s.position > target or target - s.position > self.led.checkpoint_every:
            s = (folding.blank(self.campaign_id) if target == 0
                 else self.led.state_at(self.campaign_id, target))
        elif s.position < target:
            folding.fold(s, self.led.store.read(self.campaign_id, after=s.position, upto=target))
        self.state = s
        return s


def entry(group: list[Record], folder: _Folder, voids: RewindState) -> Entry:
    state = folder.before(group[0].position)
    before = named(state)
    folding.fold(state, group)
    after = named(state)
    names = _names(before, after)
    lines = [EventLine(r.position, r.type, summarize(r.type, _data(r), names, r.version)) for r in group]
    first = group[0]
    voided_by = voids.voided_by(first.position)
    return Entry(
        first_position=first.position, last_position=group[-1].position,
        correlation_id=first.correlation_id, types=list(dict.fromkeys(r.type for r in group)),
        summary="; ".join(line.summary for line in lines), events=lines,
        actor={"role": first.actor_role, "token_id": first.actor_token,
               "character_id": first.actor_character},
        recorded_at=first.recorded_at, session=first.session, scene=first.scene,
        character_ids=list(dict.fromkeys(r.character_id for r in group if r.character_id)),
        changes=changes(before, after), voided=voided_by is not None, voided_by=voided_by,
    )


def _data(record: Record) -> dict[str, Any]:
    data: dict[str, Any] = msgspec.json.decode(public_data(record.type, record.data))
    data.setdefault("character_id", record.character_id)
    return data


def _names(*states: dict[str, Any]) -> Any:
    """Look an id up in every collection of named things (characters, spirits, items...)."""

    def name(ident: str | None) -> str:
        for state in states:
            for collection in state.values():
                if isinstance(collection, dict) and isinstance(collection.get(ident), dict):
                    found = collection[ident].get("name")
                    if found:
                        return str(found)
            # A participant the GM named (`npc_…`) lives only in the encounter's order (a
            # newcomer read "npc_f712…'s turn").
            encounter = state.get("encounter")
            for entry in (encounter or {}).get("order", ()) if isinstance(encounter, dict) else ():
                if isinstance(entry, dict) and entry.get("id") == ident and entry.get("name"):
                    return str(entry["name"])
        return ident or "someone"

    return name
