"""The shareable history: JSON Lines, one object per line, tagged by `kind`.

    {"kind":"header","format":"campaign-ledger/export/v2","campaign_id":...,"events":N,...}
    {"kind":"event","position":1,"type":...,"data":{...},...,"hash":...}   (N lines)
    {"kind":"seed","epoch":0,"seed":"<hex>","commitment":"<hex>","revealed_at":P}
    {"kind":"head","campaign_id":...,"position":N,"head_hash":...,"signature":...}

An event's `data` is written verbatim (the stored bytes), so an import writes
byte-identical records. Only revealed seeds appear: they are in the events anyway.

Version 2 adds, on a hidden event's line only, `envelope: 2` and its `commitment`; a
placeholder export (any reader but the GM) writes that line's `data` as the commitment
alone. Version 1 files have no hidden events and read as before.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import msgspec

from ledger.adapters.signing import HeadSigner, SignedHead
from ledger.domain.audit.verify import Checker
from ledger.domain.chain import HIDDEN_ENVELOPE, UnreadableData, envelope_version
from ledger.domain.hidden import is_hidden, public_data, stored_commitment
from ledger.domain.record import Record

FORMAT = "campaign-ledger/export/v2"
FORMATS = ("campaign-ledger/export/v1", FORMAT)  # the versions this code reads


class ExportError(Exception):
    """A file that is not an export this version can read."""


class ActorLine(msgspec.Struct, frozen=True):
    role: str
    token_id: str | None
    character_id: str | None


class HeaderLine(msgspec.Struct, frozen=True, kw_only=True, tag="header", tag_field="kind"):
    format: str = FORMAT
    campaign_id: str
    events: int
    exported_at: str


class EventLine(msgspec.Struct, frozen=True, kw_only=True, tag="event", tag_field="kind",
                omit_defaults=True):
    position: int
    type: str
    version: int
    data: msgspec.Raw
    recorded_at: str
    actor: ActorLine
    correlation_id: str
    character_id: str | None
    session: int
    scene: int
    hash: str
    envelope: int | None = None  # 2 on a hidden event's line, absent on every other
    commitment: str | None = None


class SeedLine(msgspec.Struct, frozen=True, kw_only=True, tag="seed", tag_field="kind"):
    epoch: int
    seed: str
    commitment: str | None
    revealed_at: int | None


class HeadLine(SignedHead, frozen=True, kw_only=True, tag="head", tag_field="kind"):
    pass


Line = HeaderLine | EventLine | SeedLine | HeadLine
_decoder = msgspec.json.Decoder(Line)
_encoder = msgspec.json.Encoder()


class History(msgspec.Struct):
    header: HeaderLine
    records: list[Record]
    seeds: list[SeedLine]
    head: HeadLine | None


def event_line(r: Record, placeholder: bool = False) -> EventLine:
    hidden = is_hidden(r.type)
    data = public_data(r.type, r.data) if placeholder else r.data
    return EventLine(position=r.position, type=r.type, version=r.version,
                     data=msgspec.Raw(data), recorded_at=r.recorded_at,
                     actor=ActorLine(r.actor_role, r.actor_token, r.actor_character),
                     correlation_id=r.correlation_id, character_id=r.character_id,
                     session=r.session, scene=r.scene, hash=r.hash,
                     envelope=HIDDEN_ENVELOPE if hidden else None,
                     commitment=stored_commitment(r.data) if hidden else None)


def record_of(campaign_id: str, e: EventLine) -> Record:
    return Record(campaign_id=campaign_id, position=e.position, type=e.type, version=e.version,
                  data=bytes(e.data), recorded_at=e.recorded_at, actor_role=e.actor.role,
                  actor_token=e.actor.token_id, actor_character=e.actor.character_id,
                  correlation_id=e.correlation_id, character_id=e.character_id,
                  session=e.session, scene=e.scene, hash=e.hash)


def export_lines(header: HeaderLine, records: Iterable[Record], signer: HeadSigner,
                 checker: Checker | None = None, *, placeholders: bool = False
                 ) -> Iterator[bytes]:
    """Every line of the export, each ending in a newline. `checker` sees every record.
    `placeholders` writes hidden events without their sealed data (any reader but the GM).

    Raises UnreadableData at a row whose data is not JSON: an export line cannot hold it."""
    checker = checker or Checker()
    yield _encoder.encode(header) + b"\n"
    for record in records:
        checker.add(record)
        if record.position in checker.unreadable:
            raise UnreadableData(record.position, "not canonical JSON")
        yield _encoder.encode(event_line(record, placeholders)) + b"\n"
    for seed in seed_lines(checker):
        yield _encoder.encode(seed) + b"\n"
    last = checker.last
    if last is not None:
        signed = signer.sign(header.campaign_id, last.position, last.hash)
        yield _encoder.encode(HeadLine(**msgspec.structs.asdict(signed))) + b"\n"


def seed_lines(checker: Checker) -> list[SeedLine]:
    return [SeedLine(epoch=epoch, seed=seed, revealed_at=at,
                     commitment=checker.commitments.get(epoch, (None, None))[0])
            for epoch, (seed, at) in sorted(checker.revealed.items())]


def read_history(lines: Iterable[bytes]) -> History:
    history: History | None = None
    for number, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        try:
            line = _decoder.decode(raw)
        except (msgspec.DecodeError, msgspec.ValidationError) as exc:
            raise ExportError(f"line {number}: {exc}") from None
        except RecursionError:  # JSON nested thousands deep (an outside attack): no traceback
            raise ExportError(f"line {number}: JSON nested too deeply") from None
        history = _take(history, line, number)
    if history is None:
        raise ExportError("empty file: no header line")
    return history


def _take(history: History | None, line: Line, number: int) -> History:
    if history is None:
        if not isinstance(line, HeaderLine) or line.format not in FORMATS:
            raise ExportError(f"line {number}: expected a {FORMAT} header")
        return History(line, [], [], None)
    if history.head is not None:
        raise ExportError(f"line {number}: nothing may follow the head line")
    if isinstance(line, EventLine):
        record = record_of(history.header.campaign_id, line)
        if (line.envelope or 1) != envelope_version(line.type) or (
                line.envelope and line.commitment != stored_commitment(record.data)):
            raise ExportError(f"line {number}: the envelope version or commitment does not "
                              f"fit a {line.type} event")
        history.records.append(record)
    elif isinstance(line, SeedLine):
        history.seeds.append(line)
    elif isinstance(line, HeadLine):
        history.head = line
    else:
        raise ExportError(f"line {number}: a second header")
    return history
