"""Merkle proofs of a campaign's history (RFC 9162): inclusion and consistency.

They always read the primary store: a proof must match the signed heads the primary gives.
docs/trust.md explains what they prove and how to check one by hand.
"""

from __future__ import annotations

from typing import Any

from flask import Response
from flask_smorest import Blueprint

from api import auth, schemas_audit
from api.answers import json_response
from api.runtime import ledger
from ledger.service.audit import receipts

blp = Blueprint("proofs", __name__, url_prefix="/v1/campaigns/<campaign_id>/proofs",
                description="Merkle inclusion and consistency proofs (RFC 9162)")


@blp.route("/inclusion")
@blp.arguments(schemas_audit.InclusionQuery, location="query")
def inclusion(query: dict[str, Any], campaign_id: str) -> Response:
    """The audit path that proves the event at `position` is leaf `position - 1` of the
    tree of `size` leaves (default: the head), per RFC 9162 §2.1.3. The leaf input is
    the event's chain hash (bytes). Check it against the root of a signed tree head of
    that size. Any role of the campaign may read it."""
    auth.require_reader(campaign_id)
    return json_response(receipts.inclusion(ledger().store, campaign_id, query.get("position"),
                                            query["size"]))


@blp.route("/consistency")
@blp.arguments(schemas_audit.ConsistencyQuery, location="query")
def consistency(query: dict[str, Any], campaign_id: str) -> Response:
    """The proof that the tree of `to` leaves (default: the head) extends the tree of
    `from` leaves, per RFC 9162 §2.1.4: nothing recorded up to `from` was changed. Check
    it against two signed tree heads. Any role of the campaign may read it."""
    auth.require_reader(campaign_id)
    return json_response(receipts.consistency(ledger().store, campaign_id, query.get("from_"),
                                              query["to"]))
