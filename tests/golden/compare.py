"""Comparing a replay of the golden script with the committed fixture, and state digests.

Records are compared step by step (the steps' names line up), field by field. A step
that records more or fewer events shifts the positions after it; positions are compared
after that shift. Hashes are compared while nothing has differed yet: after the first
difference every later hash differs as a consequence, and the fields compared explain it.
"""

from __future__ import annotations

import hashlib
from typing import Any

import msgspec

from ledger.domain.chain import canonical
from ledger.domain.record import Record
from ledger.domain.state import CampaignState
from tests.golden.allowed import Allowed
from tests.golden.harness import Step

FIELDS = ("campaign_id", "type", "version", "data", "recorded_at", "actor_role", "actor_token",
          "actor_character", "correlation_id", "character_id", "session", "scene")


class Difference(msgspec.Struct, frozen=True):
    step: str
    field: str  # a record field, "position", "hash", "events" (how many) or "steps"
    detail: str

    def explained_by(self, allowed: Allowed) -> bool:
        return allowed.step == self.step and self.field in allowed.fields


def _records_of(step: Step, by_position: dict[int, Record]) -> list[Record]:
    return [by_position[p] for p in range(step.first, step.last + 1)]


def differences(fixture: list[Record], fixture_steps: list[Step], replay: list[Record],
                replay_steps: list[Step]) -> list[Difference]:
    names = [s.name for s in fixture_steps]
    if [s.name for s in replay_steps[:len(names)]] != names:
        return [Difference("", "steps", "the script's steps no longer match the fixture's")]
    old = {r.position: r for r in fixture}
    new = {r.position: r for r in replay}
    found: list[Difference] = []
    shift = 0
    for was, now in zip(fixture_steps, replay_steps, strict=False):
        before, after = _records_of(was, old), _records_of(now, new)
        if len(before) != len(after):
            found.append(Difference(was.name, "events", f"{len(before)} recorded, now {len(after)}: "
                                    f"{[r.type for r in before]} -> {[r.type for r in after]}"))
        for f, r in zip(before, after, strict=False):
            mine = _record_differences(was.name, f, r, shift)
            if not mine and not found and f.hash != r.hash:
                mine.append(Difference(was.name, "hash", f"position {f.position}"))
            found += mine
        shift += len(after) - len(before)
    return found


def _record_differences(step: str, f: Record, r: Record, shift: int) -> list[Difference]:
    found = []
    if r.position - f.position != shift:
        found.append(Difference(step, "position", f"{f.position} -> {r.position}"))
    for name in FIELDS:
        was, now = getattr(f, name), getattr(r, name)
        if was != now:
            found.append(Difference(step, name, f"position {f.position}: {was!r} -> {now!r}"))
    return found


def unexplained(found: list[Difference], allowed: list[Allowed]) -> list[Difference]:
    return [d for d in found if not any(d.explained_by(a) for a in allowed)]


def unused(found: list[Difference], allowed: list[Allowed]) -> list[Allowed]:
    """Allow-list lines that explain nothing: stale, so they must go."""
    return [a for a in allowed if not any(d.explained_by(a) for d in found)]


# --- states -----------------------------------------------------------------------------
def state_digest(state: CampaignState, shape: Any) -> str:
    """A digest of the state restricted to the fields of `shape` (the shape recorded with
    the fixture): fields added to the state later do not change it."""
    return hashlib.sha256(canonical(_prune(msgspec.to_builtins(state), shape, []))).hexdigest()


def _prune(value: Any, shape: Any, outer: list[Any]) -> Any:
    kind = shape.get("kind")
    if kind == "recursive":
        return _prune(value, outer[-shape["up"]], outer)
    if kind == "record" and isinstance(value, dict):
        inner = [*outer, shape]
        return {k: _prune(value[k], f["type"], inner) for k, f in shape["fields"].items()
                if k in value}
    if kind == "DictType" and isinstance(value, dict):
        return {k: _prune(v, shape["value_type"], outer) for k, v in value.items()}
    if kind == "UnionType":
        for member in shape["types"]:
            if _fits(value, member):
                return _prune(value, member, outer)
        return value
    if isinstance(value, list) and "item_type" in shape:
        return [_prune(v, shape["item_type"], outer) for v in value]
    return value


def _fits(value: Any, shape: Any) -> bool:
    kind = shape.get("kind")
    if isinstance(value, dict):
        return kind in ("record", "DictType", "recursive")
    if isinstance(value, list):
        return "item_type" in shape
    return False


def removed(old: Any, new: Any, path: str = "state") -> list[str]:
    """What of the `old` shape the `new` one lost or changed: it may only add fields with
    defaults, since stored `Rewound` events and checkpoints hold the old shape."""
    if old.get("kind") != new.get("kind"):
        return [f"{path}: {old.get('kind')} -> {new.get('kind')}"]
    if old.get("kind") == "record":
        lost = [f"{path}.{name} added without a default (old data lacks it)"
                for name, field in new["fields"].items()
                if name not in old["fields"] and field["required"]]
        for name, field in old["fields"].items():
            if name not in new["fields"]:
                lost.append(f"{path}.{name} removed")
            else:
                lost += removed(field["type"], new["fields"][name]["type"], f"{path}.{name}")
        return lost
    lost = []
    for key, value in old.items():
        other = new.get(key)
        if isinstance(value, dict) and isinstance(other, dict):
            lost += removed(value, other, f"{path}[{key}]")
        elif (isinstance(value, list) and isinstance(other, list) and len(value) == len(other)
              and all(isinstance(v, dict) and isinstance(o, dict)
                      for v, o in zip(value, other, strict=True))):
            # A union's member types (`PendingFailure | None`): each may gain fields too.
            for i, (v, o) in enumerate(zip(value, other, strict=True)):
                lost += removed(v, o, f"{path}[{key}][{i}]")
        elif value != other:
            lost.append(f"{path}: {key} {value!r} -> {other!r}")
    return lost
