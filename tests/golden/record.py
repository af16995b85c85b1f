"""Record the golden session, and (only on purpose) rewrite the committed fixture.

    python -m tests.golden.record            # replay into a scratch store, list differences
    python -m tests.golden.record --write    # also write the fixture: refused when a
                                             # committed step's records or states changed

When and how regenerating is allowed: tests/golden/README.md.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

import msgspec

from ledger.adapters.export_format import HeaderLine, export_lines, read_history
from ledger.adapters.signing import HeadSigner
from ledger.domain import fold
from ledger.domain.record import Record
from ledger.domain.state import CampaignState
from ledger.domain.state.shape import data_shape
from ledger.service.config import Config
from tests.golden.compare import Difference, differences, state_digest
from tests.golden.harness import Determinism, Recorder, Step, recording_app
from tests.golden.script import play

HERE = Path(__file__).parent
HISTORY = HERE / "history.jsonl"
EXPECTED = HERE / "expected.json"


class Recording(msgspec.Struct):
    records: list[Record]
    steps: list[Step]
    export: bytes


def record(config: Config) -> Recording:
    """Play the script on the store of `config` (empty) and export what it recorded."""
    determinism = Determinism()
    app = recording_app(config, determinism)
    rec = Recorder(app, determinism)
    try:
        play(rec)
        records = rec.ledger.store.read(rec.campaign)
        header = HeaderLine(campaign_id=rec.campaign, events=len(records),
                            exported_at=records[-1].recorded_at)
        export = b"".join(export_lines(header, records, HeadSigner(rec.ledger.box)))
    finally:
        rec.ledger.store.close()
    return Recording(records, rec.steps, export)


def expected_of(recording: Recording) -> dict[str, Any]:
    """The per-position state digests of today's fold, with the shape they are taken over."""
    shape = data_shape(CampaignState)
    state = fold.blank(recording.records[0].campaign_id)
    digests = [state_digest(fold.apply_record(state, r), shape) for r in recording.records]
    return {"campaign_id": state.id, "head_position": state.position,
            "head_hash": state.head_hash, "steps": msgspec.to_builtins(recording.steps),
            "state_digests": digests, "state_shape": shape}


def committed() -> tuple[list[Record], list[Step], dict[str, Any]]:
    with HISTORY.open("rb") as handle:
        history = read_history(handle)
    expected = json.loads(EXPECTED.read_text())
    return history.records, msgspec.convert(expected["steps"], list[Step]), expected


def changes(recording: Recording) -> list[Difference]:
    """How `recording` differs from the committed fixture on the fixture's steps."""
    if not HISTORY.exists():
        return []
    records, steps, expected = committed()
    found = differences(records, steps, recording.records, recording.steps)
    new_digests = _digests_beside(recording.records, records, expected["state_shape"])
    for step in steps:
        for position in range(step.first, step.last + 1):
            if new_digests[position - 1] != expected["state_digests"][position - 1]:
                found.append(Difference(step.name, "state", f"position {position}"))
    return found


def _digests_beside(replay: list[Record], fixture: list[Record], shape: Any) -> list[str]:
    """The replay's state digests with the chain head taken from the fixture's record at the
    same position: once one hash changes every later head does, and `differences` already
    reports the first changed hash, so the states are compared on everything else."""
    fixture_hash = {r.position: r.hash for r in fixture}
    state = fold.blank(replay[0].campaign_id)
    digests = []
    for r in replay:
        now = fold.apply_record(state, r)
        head = fixture_hash.get(r.position, now.head_hash)
        digests.append(state_digest(msgspec.structs.replace(now, head_hash=head), shape))
    return digests


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.golden.record")
    parser.add_argument("--write", action="store_true",
                        help="write the fixture (only new steps may add records)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as scratch:
        recording = record(Config(data_dir=scratch, store="sqlite", log_level="WARNING"))
    found = changes(recording)
    for difference in found:
        print(f"{difference.step}: {difference.field}: {difference.detail}")
    if not args.write:
        return 1 if found else 0
    if found:
        print("refused: committed steps changed; explain them in tests/golden/allowed.py",
              file=sys.stderr)
        return 1
    HISTORY.write_bytes(recording.export)
    EXPECTED.write_text(json.dumps(expected_of(recording), indent=1, sort_keys=True) + "\n")
    print(f"wrote {HISTORY.name} ({len(recording.records)} events) and {EXPECTED.name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
