"""Group commit (ledger/adapters/store/group_commit.py) on the real stores: appends that
queue behind a running commit share the next transaction (never two of one campaign), a
lost race inside a shared transaction costs only its loser, and the limit bounds a
transaction's commands.

The first commit is held at a gate (before it reaches the database) until the others have
queued: the only way to make threads meet without timing."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence

import msgspec
import pytest

from ledger.adapters.store.base import EventStore, IdempotencyKeyTaken, PositionTaken
from ledger.adapters.store.group_commit import Write
from ledger.adapters.store.records import IdempotentAnswer
from ledger.domain.chain import GENESIS, chain_hash
from ledger.domain.record import Record
from tests.waiting import wait_until


def _first_event(campaign_id: str, reason: str = "a") -> Record:
    data = msgspec.json.encode({"amount": 1, "reason": reason})
    draft = Record(campaign_id, 1, "ResourceGained", 1, data, "2026-01-01T00:00:00.000000Z",
                   "gm", "tok", None, "cor", None, 0, 0, "")
    return msgspec.structs.replace(draft, hash=chain_hash(GENESIS, draft))


class _Gate:
    """Sets the group commit limit and wraps the store's commit:
    records each transaction's command count and holds the first one until released."""

    def __init__(self, store: EventStore, limit: int = 32) -> None:
        store.group_commit_limit = limit
        self.sizes: list[int] = []
        self.release = threading.Event()
        real = store.commit_writes

        def commit(writes: Sequence[Write]) -> None:
            self.sizes.append(len(writes))
            if len(self.sizes) == 1:
                assert self.release.wait(timeout=120), "the gate was never released"
            real(writes)

        store.commit_writes = commit  # type: ignore[method-assign]


def _appender(store: EventStore, outcomes: dict[str, BaseException | None], name: str,
              record: Record | None, answer: IdempotentAnswer | None = None) -> threading.Thread:
    def run() -> None:
        try:
            store.append([record] if record else [], answer)
            outcomes[name] = None
        except BaseException as exc:  # asserted in the test's thread
            outcomes[name] = exc

    return threading.Thread(target=run, name=name)


def _failures(outcomes: dict[str, BaseException | None]) -> dict[str, type]:
    """Which appends failed, and how: the others were acknowledged."""
    return {name: type(error) for name, error in outcomes.items() if error is not None}


def _queue_behind_gate(store: EventStore, gate: _Gate,
                       appends: list[Callable[[], threading.Thread]]) -> list[threading.Thread]:
    """Start the first append (held at the gate), then the others one by one, each queued
    before the next starts (so their order is known), then open the gate."""
    threads = [appends[0]()]
    threads[0].start()
    wait_until(lambda: gate.sizes, "the first commit to reach the gate")
    for queued, make in enumerate(appends[1:], start=1):
        thread = make()
        thread.start()
        threads.append(thread)
        wait_until(lambda n=queued: len(store.committer._queue) == n, f"{queued} queued appends")
    gate.release.set()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(t.is_alive() for t in threads)
    return threads


def test_appends_queued_behind_a_commit_share_one_transaction(store: EventStore) -> None:
    gate, outcomes = _Gate(store), {}
    campaigns = [f"cmp_group_{i}" for i in range(6)]
    _queue_behind_gate(store, gate, [
        lambda c=c: _appender(store, outcomes, c, _first_event(c)) for c in campaigns])
    assert outcomes == dict.fromkeys(campaigns)
    assert gate.sizes == [1, 5]  # the first alone, then the five that queued behind it
    for c in campaigns:
        assert [r.hash for r in store.read(c)] == [_first_event(c).hash]


def test_two_commands_of_one_campaign_never_share_a_transaction(store: EventStore) -> None:
    gate, outcomes = _Gate(store), {}
    winner, loser = _first_event("cmp_race", "winner"), _first_event("cmp_race", "loser")
    _queue_behind_gate(store, gate, [
        lambda: _appender(store, outcomes, "first", _first_event("cmp_first")),
        lambda: _appender(store, outcomes, "winner", winner),
        lambda: _appender(store, outcomes, "loser", loser),
        lambda: _appender(store, outcomes, "bystander", _first_event("cmp_bystander")),
    ])
    # The loser waited for the next transaction, alone, and lost the race there.
    assert gate.sizes == [1, 2, 1]
    assert len(outcomes) == 4
    assert _failures(outcomes) == {"loser": PositionTaken}
    assert [r.hash for r in store.read("cmp_race")] == [winner.hash]
    assert store.head("cmp_bystander") == 1


def test_a_lost_race_in_a_shared_transaction_fails_only_the_loser(store: EventStore) -> None:
    gate, outcomes = _Gate(store), {}
    winner, loser = _first_event("cmp_race", "winner"), _first_event("cmp_race", "loser")
    _queue_behind_gate(store, gate, [  # the winner commits first (another worker, say)
        lambda: _appender(store, outcomes, "winner", winner),
        lambda: _appender(store, outcomes, "loser", loser),
        lambda: _appender(store, outcomes, "bystander", _first_event("cmp_bystander")),
    ])
    # The shared transaction failed whole, then each command was written on its own.
    assert gate.sizes == [1, 2, 1, 1]
    assert len(outcomes) == 3
    assert _failures(outcomes) == {"loser": PositionTaken}
    assert [r.hash for r in store.read("cmp_race")] == [winner.hash]
    assert store.head("cmp_bystander") == 1


def test_a_repeated_idempotency_key_in_a_shared_transaction(store: EventStore) -> None:
    gate, outcomes = _Gate(store), {}
    kept = IdempotentAnswer("POST /mana", "key-1", "fp", 201, b'{"first":true}', "cmp_keyed", 0)
    again = msgspec.structs.replace(kept, body=b'{"first":false}')
    _queue_behind_gate(store, gate, [
        lambda: _appender(store, outcomes, "kept", None, kept),
        lambda: _appender(store, outcomes, "again", None, again),
        lambda: _appender(store, outcomes, "bystander", _first_event("cmp_two")),
    ])
    assert gate.sizes == [1, 2, 1, 1]
    assert len(outcomes) == 3
    assert _failures(outcomes) == {"again": IdempotencyKeyTaken}
    stored = store.answer("cmp_keyed", "POST /mana", "key-1")
    assert stored is not None
    assert stored.body == kept.body


def test_a_lost_race_is_a_lost_race_whatever_the_campaign_is_called(store: EventStore) -> None:
    """The violated key decides, not the words of the message: PostgreSQL's quotes the
    key's values, and a campaign id may read "idempot…" (an imported one may)."""
    campaign = "cmp_idempotency_race"
    store.append([_first_event(campaign)])
    answer = IdempotentAnswer("POST /mana", "key-new", "fp", 201, b"{}", campaign, 1)
    with pytest.raises(PositionTaken):
        store.append([_first_event(campaign, reason="b")], answer)
    taken = msgspec.structs.replace(answer, campaign_id="cmp_other")
    store.append([_first_event("cmp_other")], taken)
    with pytest.raises(IdempotencyKeyTaken):
        store.append([_first_event("cmp_third")], taken)


@pytest.mark.parametrize(("limit", "sizes"), [(2, [1, 2, 2, 1]), (1, [1, 1, 1, 1, 1, 1])])
def test_the_limit_bounds_each_transaction(store: EventStore, limit: int,
                                           sizes: list[int]) -> None:
    gate, outcomes = _Gate(store, limit), {}
    campaigns = [f"cmp_limit_{i}" for i in range(6)]
    if limit == 1:  # nothing queues: every append commits on its own, at once
        gate.release.set()
        for c in campaigns:
            store.append([_first_event(c)])
    else:
        _queue_behind_gate(store, gate, [
            lambda c=c: _appender(store, outcomes, c, _first_event(c)) for c in campaigns])
    assert gate.sizes == sizes
    assert all(store.head(c) == 1 for c in campaigns)
