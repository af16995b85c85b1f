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
from api.answers import json_response
from api.contract import INT, STR, obj
from api.contract import write as write_schema
from api.errors import ApiError
from api.read_route import read_from
from api.registry import AnswerShape, register
from api.runtime import ledger, signer
from api.schemas import ascii_position
from ledger.adapters.export_format import HeaderLine, export_lines
from ledger.domain.errors import NotFound
from ledger.domain.hidden import HiddenNoted, HiddenRolled
from ledger.domain.hidden_commands import RecordHiddenNote, RecordHiddenRoll, RevealHidden
from ledger.service.audit.sources import Source, from_store
from ledger.service.health import utc_now
from ledger.service.hidden_vault import StoredHidden
from ledger.service.ledger import Ledger, Outcome

blp = Blueprint("hidden", __name__, url_prefix="/v1/campaigns/<campaign_id>",
                description="GM blind rolls and secret notes, reveals, and the export")

SHOWN = obj(("position", "commitment", "data"), position=INT, commitment=STR,
            data={"type": "object", "additionalProperties": True,
                  "description": "what only the GM sees until the reveal"})


def _shown(command: Any) -> Callable[[Outcome], dict[str, Any]]:
    """Where the hidden event is: the part of the answer an Idempotency-Key stores."""
    def extra(outcome: Outcome) -> dict[str, Any]:
        for event, record in zip(outcome.events, outcome.records, strict=True):
            if isinstance(event, HiddenRolled | HiddenNoted):
                return {"hidden": {"position": record.position, "commitment": event.commitment}}
        return {}

    return extra


def _opened(campaign_id: str, body: dict[str, Any]) -> dict[str, Any]:
    """The GM's own answer shows the hidden data (never the nonce or the seed), opened from
    the sealed event for the first answer and every replay alike: a stored answer holding
    it would put the secret in the database in clear (an outside attack found that)."""
    shown = body.get("hidden")
    if not isinstance(shown, dict):
        return body
    led = ledger()
    found = StoredHidden(led.store, led.box, campaign_id).open(int(shown["position"]))
    return {**body, "hidden": {**shown, "data": found[2].get("data") if found else None}}


# A hidden event or a reveal changes no state: no primary resource.
HIDDEN = AnswerShape(write_schema(hidden=SHOWN), extras=_shown, reveal=_opened)
REVEALED = AnswerShape(write_schema())
contract.MEDIA["hidden.export"] = "application/x-ndjson"
contract.SUCCESS["hidden.export"] = (200, {
    "type": "string", "description": "JSON Lines (application/x-ndjson): a header, the events, "
    "the revealed seeds, the signed head, one object per line tagged by `kind`"})

contract.SUCCESS["hidden.hidden_event"] = (200, obj(
    ("position", "hidden"), position=INT, hidden=obj(
        ("position", "type", "commitment", "data", "revealed"), position=INT, type=STR,
        commitment=STR, revealed={"type": "boolean"},
        data={"type": "object", "additionalProperties": True,
              "description": "what the GM's own answer showed: a roll's dice and result, "
                             "a note's text"})))

register(blp, "POST", "/hidden/rolls", RecordHiddenRoll, answer=HIDDEN, status=201)
register(blp, "POST", "/hidden/notes", RecordHiddenNote, answer=HIDDEN, status=201)
register(blp, "POST", "/hidden/reveal", RevealHidden, answer=REVEALED)


@blp.route("/hidden/<position>", methods=["GET"])
def hidden_event(campaign_id: str, position: str) -> Response:
    """Read a hidden roll or note back (GM only): its data as the GM's own answer showed
    it, opened from the sealed event, and whether it has been revealed. `position` is the
    hidden event's. Every other reader sees only its commitment (a newcomer's trial found
    the write's answer was the GM's only copy)."""
    auth.require_gm(campaign_id)
    led = ledger()
    vault = StoredHidden(led.store, led.box, campaign_id)
    # A position as every header reads one: werkzeug's int converter read other scripts'
    # digits, and a number past 2^63 was a 500 (an outside attack).
    at = ascii_position(position) or 0
    found = vault.open(at) if at else None
    if found is None:
        raise ApiError(404, "hidden-event-not-found",
                       f"No hidden roll or note this server can open at position {position!r}.")
    kind, commitment, payload = found
    return json_response({"position": led.store.head(campaign_id), "hidden": {
        "position": at, "type": kind, "commitment": commitment,
        "data": payload.get("data"), "revealed": vault.revealed(at)}})


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
