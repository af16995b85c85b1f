"""Audit and disputes: the timeline, rewind and redo, verification and the signed head.

Rules and JSON shapes: docs/rules/audit.md. Views of state: `?at=P` is the state
as recorded at P (the prefix of the log); `?at=P&view=canon` additionally drops
what any later rewind voided.
"""

from __future__ import annotations

from typing import Any

import msgspec
from flask import Response
from flask_smorest import Blueprint

from api import auth, schemas_audit
from api.answers import json_response, write
from api.read_route import read_from
from api.runtime import ledger, signer
from ledger.adapters.signing import ALGORITHM, HeadSigner
from ledger.domain.audit.verify import verify
from ledger.domain.errors import NotFound
from ledger.service.audit import receipts
from ledger.service.audit.commands import redo_command, rewind_command
from ledger.service.audit.sources import from_store
from ledger.service.audit.timeline import TimelineQuery, timeline

blp = Blueprint("audit", __name__, url_prefix="/v1",
                description="Timeline, rewind and redo, dice verification, signed head")


@blp.route("/campaigns/<campaign_id>/timeline")
@blp.arguments(schemas_audit.TimelineQuery, location="query")
def get_timeline(query: dict[str, Any], campaign_id: str) -> Response:
    """One entry per command: summary, actor, time, changed fields; voided ones marked.

    Filters: `character`, `session`, `scene`, `type` (comma-separated), `from`/`to`
    positions; a command is listed when any of its events matches. Paginate with
    `after` = the previous page's `next`. `changes` diffs the state before the
    command with the state after it (changed leaves; keys or list items that appear or
    disappear as one change). Any role of the campaign may read it.
    """
    auth.require_reader(campaign_id)
    types = tuple(t for t in (query["type"] or "").split(",") if t)
    asked = TimelineQuery(after=query["after"], limit=query["limit"],
                          character=query["character"], session=query["session"],
                          scene=query["scene"], types=types, first=query["from_"],
                          last=query["to"])
    return json_response(read_from(campaign_id, lambda led: timeline(led, campaign_id, asked)))


@blp.route("/campaigns/<campaign_id>/rewind", methods=["POST"])
@blp.arguments(schemas_audit.RewindIn)
def rewind(body: dict[str, Any], campaign_id: str) -> Response:
    """Rewind to an earlier position (GM): a `Rewound` event; later events are voided.

    The canon state becomes the state at `to_position`; the events after it stay in
    the log, voided, and new commands build on the canon state. Our readings: the
    target must be canon (not voided by an earlier rewind, 409 `rewind-target-voided`)
    and the end of a command (409 `rewind-to-command-boundary`). When the target is in
    an earlier dice epoch, whose seed is already revealed, the current epoch's seed is
    revealed and a fresh epoch is committed: epochs never go back. Tokens are not
    part of the history, so a rewind never restores a revoked token.

    Two views of the past: `?at=P` is the state as recorded at P (the prefix of the
    log, rewinds before P included); `?at=P&view=canon` also drops what any later
    rewind voided (at a voided P it answers the last canon position before it).
    """
    auth.require_gm(campaign_id)
    decide = rewind_command(ledger(), campaign_id, body["to_position"], body["reason"])
    return write(campaign_id, decide)


@blp.route("/campaigns/<campaign_id>/redo", methods=["POST"])
@blp.arguments(schemas_audit.RedoIn)
def redo(body: dict[str, Any], campaign_id: str) -> Response:
    """Undo the latest rewind (GM): a `Redone` event restores the voided events.

    Allowed only while the rewind is still the latest event: 409
    `redo-after-new-events` once anything was recorded after it, 409
    `nothing-to-redo` when the latest event is not a rewind.
    """
    auth.require_gm(campaign_id)
    return write(campaign_id, redo_command(ledger(), campaign_id, body["reason"]))


@blp.route("/campaigns/<campaign_id>/verify")
@blp.arguments(schemas_audit.VerifyQuery, location="query")
def get_verify(query: dict[str, Any], campaign_id: str) -> Response:
    """Check the hash chain and re-derive every server die of the revealed epochs.

    `chain.first_break` is the first position whose hash or place is wrong. Reported
    (physical) dice are listed as reported, never verified; server rolls of an epoch
    whose seed is not revealed yet are pending. `expect_head` (a head hash saved
    earlier) must still be in the chain. Any role of the campaign may read it.
    """
    auth.require_reader(campaign_id)
    source = from_store(ledger().store, campaign_id)
    if source.total == 0:  # not by folding the state: verification must survive damaged rows
        raise NotFound("campaign", campaign_id)
    return json_response(verify(source.records, query["expect_head"]))


@blp.route("/campaigns/<campaign_id>/head")
def signed_head(campaign_id: str) -> Response:
    """The head position and hash, signed with the server's Ed25519 key (save it), and
    `tree_head`: the newest signed tree head (the root of the campaign's Merkle tree at
    the head, docs/trust.md). Both signatures use the same key under distinct contexts."""
    auth.require_reader(campaign_id)
    led = ledger()
    head = led.state(campaign_id)
    signer = _signer()
    signed = msgspec.structs.asdict(signer.sign(campaign_id, head.position, head.head_hash))
    tree_head = receipts.tree_head(led.store, signer, campaign_id, head.position)
    return json_response({**signed, "tree_head": tree_head})


@blp.route("/signing-key")
@blp.doc(security=[])
def signing_key() -> Response:
    """The server's Ed25519 public key (hex) that signs campaign heads."""
    return json_response({"algorithm": ALGORITHM, "public_key": _signer().public_key})


def _signer() -> HeadSigner:
    return signer()
