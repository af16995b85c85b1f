"""Check saved receipts (JSON Lines, one write answer's `receipt` per line) against a history:
each tree head's signature, its root and head hash at its size, and each inclusion proof.
A history that was rewritten after a receipt was saved fails here (docs/trust.md)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import msgspec

from ledger.adapters.signing import TreeHead, tree_head_ok
from ledger.domain import merkle
from ledger.domain.record import Record
from ledger.service.audit.receipts import Receipt


class ReceiptReport(msgspec.Struct, kw_only=True):
    checked: int
    problems: list[str]


def read_receipts(lines: Iterable[bytes]) -> list[Receipt]:
    """Each non-blank line: a receipt, or a whole write answer holding one."""
    found = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            raw = msgspec.json.decode(line)
            found.append(msgspec.convert(raw.get("receipt", raw), Receipt))
        except (msgspec.DecodeError, msgspec.ValidationError, AttributeError) as exc:
            raise ValueError(f"line {number} is not a receipt: {exc}") from None
    return found


def check_receipts(records: Sequence[Record], receipts: Sequence[Receipt],
                   public_key: str | None) -> ReceiptReport:
    nodes = dict(merkle.all_nodes(r.hash for r in records))
    problems: list[str] = []
    for n, receipt in enumerate(receipts, 1):
        problems += [f"receipt {n}: {p}" for p in _problems(records, nodes, receipt, public_key)]
    return ReceiptReport(checked=len(receipts), problems=problems)


def _problems(records: Sequence[Record], nodes: dict[merkle.Key, bytes], receipt: Receipt,
              public_key: str | None) -> list[str]:
    head: TreeHead = receipt.tree_head
    size = head.tree_size
    if public_key is not None and not tree_head_ok(head, public_key):
        return [f"the tree head of size {size} is not signed by the key given"]
    if not 1 <= size <= len(records):
        return [f"the history has {len(records)} events; the receipt names size {size}"]
    out = []
    if merkle.root(nodes.__getitem__, size).hex() != head.root_hash:
        out.append(f"the root at size {size} differs: the history was changed up to there")
    if records[size - 1].hash != head.head_hash:
        out.append(f"the head hash at position {size} differs")
    for inclusion in receipt.inclusions:
        p = inclusion.position
        if not 1 <= p <= size or records[p - 1].hash != inclusion.chain_hash:
            out.append(f"the event at position {p} differs from the receipt")
        elif [x.hex() for x in merkle.inclusion(nodes.__getitem__, p - 1, size)] != inclusion.path:
            out.append(f"the inclusion proof of position {p} does not fit the history")
    return out
