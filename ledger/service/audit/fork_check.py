"""A fork's `ForkedFrom` checked against its origin in the same store (docs/forks.md)."""

from __future__ import annotations

from typing import Any

import msgspec

from ledger.adapters.signing import TreeHead, tree_head_ok
from ledger.adapters.store.base import EventStore
from ledger.domain.audit.reports import ForkReport, Report
from ledger.domain.merkle_proofs import consistent
from ledger.service.audit import receipts
from ledger.service.fork_compare import forker_still_gm


def check_fork(store: EventStore, campaign_id: str, public_key: str | None) -> ForkReport | None:
    """None for a campaign that is no fork (or whose first row cannot be read: the chain
    check reports that). `public_key` is the server's; without it the signature is not
    checked (`tree_head_ok` null)."""
    first = store.read(campaign_id, after=0, upto=1)
    if not first or first[0].type != "ForkedFrom":
        return None
    try:
        data = msgspec.json.decode(first[0].data)
        origin, position = str(data["origin"]["campaign_id"]), int(data["origin"]["position"])
        recorded = str(data["origin"]["head_hash"])
        head = msgspec.convert(data["tree_head"], TreeHead)
    except (msgspec.DecodeError, msgspec.ValidationError, KeyError, TypeError, ValueError):
        return ForkReport(origin="", position=0, head_hash="", origin_found=False, ok=False)
    base: dict[str, Any] = {"origin": origin, "position": position, "head_hash": recorded}
    size = store.head(origin)
    if size == 0:
        return ForkReport(**base, origin_found=False)
    rows = store.read(origin, after=position - 1, upto=position) if 1 <= position <= size else []
    head_ok = bool(rows) and rows[0].hash == recorded
    fits = (head.campaign_id == origin and head.tree_size == position
            and head.head_hash == recorded)
    signed = None if public_key is None else fits and tree_head_ok(head, public_key)
    agrees = head_ok and fits and _extends(store, origin, head, size)
    ok = head_ok and agrees and signed is not False
    return ForkReport(**base, origin_found=True, head_ok=head_ok, tree_head_ok=signed,
                      consistent=agrees, origin_size=size, ok=ok)


def check_fork_for_its_readers(store: EventStore, campaign_id: str,
                               public_key: str | None) -> ForkReport | None:
    """`check_fork` as the fork's readers may see it: the origin's head today is its later
    history, no longer theirs once the origin's GM token that made the fork is revoked (as
    `compare`'s 403, ledger/service/fork_compare.py). The checks of the fork's base stay."""
    report = check_fork(store, campaign_id, public_key)
    if report is not None and report.origin_found and not forker_still_gm(
            store, campaign_id, report.origin):
        return msgspec.structs.replace(report, origin_size=None)
    return report


def _extends(store: EventStore, origin: str, head: TreeHead, size: int) -> bool:
    """The origin's tree today extends the recorded tree head: a consistency proof from
    the store, checked against both roots."""
    proof = receipts.consistency(store, origin, head.tree_size, size)
    try:
        first_root = bytes.fromhex(head.root_hash)
    except ValueError:
        return False
    return consistent(head.tree_size, size, first_root,
                      bytes.fromhex(receipts.tree_root(store, origin, size)),
                      [bytes.fromhex(p) for p in proof.path])


def with_fork(report: Report, fork: ForkReport | None) -> Report:
    if fork is None:
        return report
    return msgspec.structs.replace(report, fork=fork, ok=report.ok and fork.ok)
