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

from api import auth, contract, schemas_audit
from api.answers import json_response
from api.read_route import read_from
from api.registry import AnswerShape, register
from api.runtime import ledger, signer
from ledger.adapters.signing import ALGORITHM, HeadSigner
from ledger.domain.audit.verify import verify
from ledger.domain.errors import NotFound
from ledger.domain.event_names import type_filter
from ledger.service.audit import receipts
from ledger.service.audit.checkpoint_audit import CheckpointAudit, with_checkpoints
from ledger.service.audit.commands import RedoRewind, RewindCampaign
from ledger.service.audit.fork_check import check_fork_for_its_readers, with_fork
from ledger.service.audit.sources import from_store
from ledger.service.audit.timeline import TimelineQuery, timeline

blp = Blueprint("audit", __name__, url_prefix="/v1",
                description="Timeline, rewind and redo, dice verification, signed head")


@blp.route("/campaigns/<campaign_id>/timeline")
@blp.arguments(schemas_audit.TimelineQuery, location="query")
def get_timeline(query: dict[str, Any], campaign_id: str) -> Response:
    """One entry per command: summary, actor, time, changed fields; voided ones marked.

    Filters: `character_id`, `session`, `scene`, `type` (comma-separated), `from`/`to`
    positions; a command is listed when any of its events matches. Paginate with
    `after` = the previous page's `next`. `changes` diffs the state before the
    command with the state after it (changed leaves; keys or list items that appear or
    disappear as one change). Any role of the campaign may read it.
    """
    auth.require_reader(campaign_id)
    types = type_filter(query["type"])
    asked = TimelineQuery(after=query["after"], limit=query["limit"],
                          character=query["character_id"], session=query["session"],
                          scene=query["scene"], types=types, first=query["from_"],
                          last=query["to"])
    return json_response(read_from(campaign_id, lambda led: timeline(led, campaign_id, asked)))


# Rewind and redo answer the whole campaign state (their `state`).
register(blp, "POST", "/campaigns/<campaign_id>/rewind", RewindCampaign,
         answer=AnswerShape(contract.write(contract.ref("CampaignState"))))
register(blp, "POST", "/campaigns/<campaign_id>/redo", RedoRewind,
         answer=AnswerShape(contract.write(contract.ref("CampaignState"))))


@blp.route("/campaigns/<campaign_id>/verify")
@blp.arguments(schemas_audit.VerifyQuery, location="query")
def get_verify(query: dict[str, Any], campaign_id: str) -> Response:
    """Check the hash chain and re-derive every server die of the revealed epochs.

    `chain.first_break` is the first position whose hash or place is wrong. Reported
    (physical) dice are listed as reported, never verified; server rolls of an epoch
    whose seed is not revealed yet are pending. `expect_head` (a head hash saved
    earlier) must still be in the chain. `tampered` lists every row whose stored data the
    ledger never writes (not canonical JSON, or a key twice). `checkpoints` compares every
    stored checkpoint with the fold from the first event and lists forged ones (seal,
    place in the chain, content). A fork's `fork` checks its `ForkedFrom` against the
    origin in this store (chain hash, signed tree head, consistency proof). Any role of
    the campaign may read it.
    """
    auth.require_reader(campaign_id)
    led = ledger()
    source = from_store(led.store, campaign_id)
    if source.total == 0:  # not by folding the state: verification must survive damaged rows
        raise NotFound("campaign", campaign_id)
    audit = CheckpointAudit(led.store, campaign_id, led.seal)
    report = with_checkpoints(verify(audit.tee(source.records), query["expect_head"]),
                              audit.report())
    fork = check_fork_for_its_readers(led.store, campaign_id, _signer().public_key)
    return json_response(with_fork(report, fork))


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
