"""What must hold after a fault, read from the store itself, and the per-test summary.

Each load command gains 1 Mana with its Idempotency-Key as the reason, so the log must
hold exactly one such event per acknowledged key, at the positions its answer gave, and
never two for any key. Each event must have its stored idempotency answer and each
answer its event (one transaction wrote both: nothing half-written). The hash chain must
verify, and the head state a fresh Ledger builds (checkpoint + tail) must equal a fold
of the whole log from position 0, as must every checkpoint at its position.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec

from ledger.adapters.secrets_box import SecretBox
from ledger.adapters.store.base import EventStore
from ledger.domain.audit.verify import verify
from ledger.domain.fold import apply_record, blank, decode_state, encode_state
from ledger.domain.record import Record
from ledger.service.config import Config
from ledger.service.ledger import Ledger
from ledger.service.wiring import build_store
from scripts.load import LoadResult

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


class LogCheck(msgspec.Struct):
    sent: int
    acknowledged: int
    found: int  # acknowledged keys with exactly one event, at the answered position
    missing: list[str]  # acknowledged keys with no event
    wrong_position: list[str]  # acknowledged keys whose event is not where the answer said
    duplicates: int  # extra events for any key, acknowledged or not
    unacknowledged_in_log: int  # sent, never acknowledged, yet recorded (answer lost)
    half_written: list[str]  # an event without its answer or an answer without its event
    chain_ok: bool
    state_matches_fold: bool
    checkpoints_checked: int
    checkpoint_mismatches: list[int]
    mana_matches_events: bool

    def holds(self) -> bool:
        return (self.found == self.acknowledged and not self.missing and not self.wrong_position
                and self.duplicates == 0 and not self.half_written and self.chain_ok
                and self.state_matches_fold and not self.checkpoint_mismatches
                and self.mana_matches_events)


def check_log(config: Config, result: LoadResult) -> LogCheck:
    store = build_store(config)
    try:
        return _check(store, config, result)
    finally:
        store.close()


def _check(store: EventStore, config: Config, result: LoadResult) -> LogCheck:
    logs = {cid: store.read(cid) for cid in sorted({c.campaign_id for c in result.commands})}
    by_key: dict[str, list[tuple[str, int]]] = {}
    for cid, records in logs.items():
        for r in records:
            reason = _load_reason(r)
            if reason:
                by_key.setdefault(reason, []).append((cid, r.position))
    acks = result.acks()
    missing = [c.key for c in acks if c.key not in by_key]
    exact = {c.key for c in acks if by_key.get(c.key) == [(c.campaign_id, p) for p in c.positions]}
    wrong = [c.key for c in acks if c.key in by_key and c.key not in exact]
    folds = [_fold_checks(store, config, cid, records) for cid, records in logs.items()]
    acked = {c.key for c in acks}
    return LogCheck(
        sent=result.sent, acknowledged=len(acks),
        found=len(exact),
        missing=missing, wrong_position=wrong,
        duplicates=sum(len(v) - 1 for v in by_key.values()),
        unacknowledged_in_log=sum(1 for k in by_key if k not in acked),
        half_written=_half_written(store, list(logs), by_key),
        chain_ok=all(verify(records).chain.ok for records in logs.values()),
        state_matches_fold=all(f["head"] for f in folds),
        checkpoints_checked=sum(f["checked"] for f in folds),
        checkpoint_mismatches=[p for f in folds for p in f["bad"]],
        mana_matches_events=all(f["mana"] for f in folds),
    )


def _load_reason(record: Record) -> str | None:
    if record.type != "ResourceGained":
        return None
    reason = json.loads(record.data).get("reason", "")
    return reason if reason.startswith("load-") else None


def _fold_checks(store: EventStore, config: Config, cid: str,
                 records: list[Record]) -> dict[str, Any]:
    """Fold from position 0 without checkpoints; compare every checkpoint and the head."""
    state, checked, bad = blank(cid), 0, []
    for r in records:
        apply_record(state, r)
        if r.position % config.checkpoint_every == 0:
            found = store.checkpoint_at(cid, r.position)
            if found is not None and found[0] == r.position:
                checked += 1
                stored = decode_state(found[1])
                if stored is None or encode_state(stored) != encode_state(state):
                    bad.append(r.position)
    key = bytes.fromhex(config.secret_key or "")
    fresh = Ledger(store, SecretBox(key), checkpoint_every=config.checkpoint_every).state(cid)
    gained = sum(1 for r in records if _load_reason(r))
    mana = all(c.mana.current == gained for c in state.characters.values())
    return {"head": encode_state(fresh) == encode_state(state), "checked": checked, "bad": bad,
            "mana": mana}


def _half_written(store: EventStore, campaigns: list[str],
                  by_key: dict[str, list[tuple[str, int]]]) -> list[str]:
    """Answers and events of the load's keys that are not both there (every command of the
    load went to one of `campaigns`)."""
    answers: dict[str, tuple[str, int]] = {}
    with store.transaction(write=False) as c:
        for cid in campaigns:
            c.execute(store.q("SELECT key, campaign_id, position FROM ledger_idempotency "
                              "WHERE campaign_id=? AND key LIKE ?"), (cid, "load-%"))
            answers.update({row[0]: (row[1], int(row[2])) for row in c.fetchall()})
    problems = [f"{k}: event without answer" for k in by_key if k not in answers]
    problems += [f"{k}: answer without event" for k in answers if k not in by_key]
    problems += [f"{k}: answer at {answers[k]}, event at {v}" for k, v in by_key.items()
                 if k in answers and [answers[k]] != v[-1:]]
    return problems


def record(test: str, store: str, result: LoadResult, check: LogCheck | None,
           **extra: Any) -> dict[str, Any]:
    """Print the closing numbers and write test-artifacts/faults-<test>-<store>.json."""
    summary = {
        "test": test, "store": store, "clients": result.clients, "seconds": result.seconds,
        "sent": result.sent, "acknowledged": result.acknowledged,
        "found_in_log": check.found if check else None,
        "duplicates": check.duplicates if check else None,
        "server_errors_5xx": result.server_errors, "errors_by_status": result.errors,
        "requests": result.requests, "throughput_per_s": round(result.throughput, 1),
        "p50_ms": round(result.p50_ms, 1), "p99_ms": round(result.p99_ms, 1),
        "database_is_locked": result.locked, "malformed_5xx": len(result.bad_5xx),
        "sample_answers": result.samples,
        "check": msgspec.to_builtins(check) if check else None, **extra,
    }
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"faults-{test}-{store}.json").write_text(json.dumps(summary, indent=2) + "\n")
    print(f"\n[{test} on {store}] sent {result.sent}, acknowledged {result.acknowledged}, "
          f"found {summary['found_in_log']}, duplicates {summary['duplicates']}, "
          f"5xx {result.server_errors}, errors {result.errors}")
    return summary
