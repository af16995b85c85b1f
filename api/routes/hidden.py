"""GM blind rolls and secret notes, their reveal, and the export any reader may download.

The commands are declared in ledger/domain/hidden_commands.py; every reader but the
answer to the GM's own command sees a hidden event as a placeholder (ledger/service/wire.py).
The export streams JSON Lines (the format of `campaign-ledger export`); for any token but
the GM's, hidden events are placeholders, and the export still verifies whole.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from flask import Response, stream_with_context
from flask_smorest import Blueprint

from api import auth, contract
from api.contract import INT, STR, obj
from api.contract import write as write_schema
from api.read_route import read_from
from api.registry import AnswerShape, register
from api.runtime import ledger, signer
from ledger.adapters.export_format import HeaderLine, export_lines
from ledger.domain.errors import NotFound
from ledger.domain.hidden import HiddenNoted, HiddenRolled
from ledger.domain.hidden_commands import RecordHiddenNote, RecordHiddenRoll, RevealHidden
from ledger.service.audit.sources import Source, from_store
from ledger.service.health import utc_now
from ledger.service.hidden_vault import open_sealed
from ledger.service.ledger import Ledger, Outcome

blp = Blueprint("hidden", __name__, url_prefix="/v1/campaigns/<campaign_id>",
                description="GM blind rolls and secret notes, reveals, and the export")

SHOWN = obj(("position", "commitment", "data"), position=INT, commitment=STR,
            data={"type": "object", "additionalProperties": True,
                  "description": "what only the GM sees until the reveal"})


def _shown(command: Any) -> Callable[[Outcome], dict[str, Any]]:
    """The GM's own answer shows the hidden data (never the nonce or the seed)."""
    def extra(outcome: Outcome) -> dict[str, Any]:
        for event, record in zip(outcome.events, outcome.records, strict=True):
            if isinstance(event, HiddenRolled | HiddenNoted):
                opened = open_sealed(ledger().box, outcome.campaign_id, record.position,
                                     event.sealed) or {}
                return {"hidden": {"position": record.position, "commitment": event.commitment,
                                   "data": opened.get("data")}}
        return {}

    return extra


# A hidden event or a reveal changes no state: no primary resource.
HIDDEN = AnswerShape(write_schema(hidden=SHOWN), extras=_shown)
REVEALED = AnswerShape(write_schema())
contract.MEDIA["hidden.export"] = "application/x-ndjson"
contract.SUCCESS["hidden.export"] = (200, {
    "type": "string", "description": "JSON Lines (application/x-ndjson): a header, the events, "
    "the revealed seeds, the signed head, one object per line tagged by `kind`"})

register(blp, "POST", "/hidden/rolls", RecordHiddenRoll, answer=HIDDEN, status=201)
register(blp, "POST", "/hidden/notes", RecordHiddenNote, answer=HIDDEN, status=201)
register(blp, "POST", "/hidden/reveal", RevealHidden, answer=REVEALED)


@blp.route("/export", methods=["GET"])
def export(campaign_id: str) -> Response:
    """The campaign's history as JSON Lines: a header, every event with its envelope and
    hash, the revealed dice seeds and the signed head (docs/history.md, "Export").

    Any reader may download it. For every token but the GM's, hidden events are
    placeholders (the envelope and the commitment); the chain still verifies, since it
    hashes the commitment of a hidden event, not its data."""
    token = auth.require_reader(campaign_id)

    def read(led: Ledger) -> Source:
        found = from_store(led.store, campaign_id)
        if found.total == 0:  # on a replica without a hint: the primary is asked too
            raise NotFound("campaign", campaign_id)
        return found

    # A replica's copy when one holds what the client saw (Ledger-Min-Position); the
    # records stream from the store that counted them, so the export is one snapshot's.
    source = read_from(campaign_id, read)
    header = HeaderLine(campaign_id=campaign_id, events=source.total, exported_at=utc_now())
    lines = export_lines(header, source.records, signer(), placeholders=token.role != "gm")

    def stream() -> Iterator[bytes]:
        yield from lines

    return Response(stream_with_context(stream()), mimetype="application/x-ndjson")
