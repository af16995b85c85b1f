"""The application service: load state, decide, record once, retry on conflict.

One instance per process (built lazily after fork). It keeps a small cache of
head states per campaign and always fast-forwards it from the store before
deciding, so workers never act on stale state.
"""

from __future__ import annotations

import random
import secrets as pysecrets
import threading
import time
import uuid
from collections import OrderedDict
from collections.abc import Callable, Sequence

import msgspec

from ledger import correlation
from ledger.chain import GENESIS, chain_hash
from ledger.context import Actor, Context
from ledger.decision import Decide, run_decision
from ledger.dice import SeededDice, seed_commitment
from ledger.errors import InvalidInput, NotFound, RuleViolation, StaleState
from ledger.events import DomainEvent, encode_data
from ledger.fold import STATE_PREFIX, apply_record, blank, clone, decode_state, encode_state, fold
from ledger.health import utc_now
from ledger.idempotency import KeyedRequest, earlier_answer
from ledger.secrets_box import SecretBox
from ledger.state import CampaignState
from ledger.store.base import EventStore, IdempotencyKeyTaken, PositionTaken, StoreUnavailable
from ledger.store.records import IdempotentAnswer, Record, TokenRow

# Lost races are retried 60 times, with a jittered backoff growing by 2 ms and capped at
# 50 ms: about 2.4 s of waiting at most. Why (docs/decisions/007-commands.md): writers in
# one process queue on the campaign's lock, so a race is lost only to another worker
# process that recorded a command for this campaign first (under PostgreSQL, the unique
# position); at a busy table a process can lose to each other worker in turn, for several
# rounds, and 12 attempts gave 503s under contention alone (docs/reliability.md). Past
# that, a 503 with Retry-After hands the wait to the client.
MAX_ATTEMPTS = 60


class AnswerSpec(msgspec.Struct):
    """How to remember a POST's answer under its Idempotency-Key."""

    scope: str
    key: str
    fingerprint: str
    render: Callable[[Outcome], tuple[int, bytes]]


class Outcome(msgspec.Struct):
    campaign_id: str
    position: int
    records: list[Record]
    events: list[DomainEvent]
    state: CampaignState
    replayed: IdempotentAnswer | None = None


class ConflictRetriesExhausted(StoreUnavailable):
    pass


class Ledger:
    def __init__(
        self,
        store: EventStore,
        box: SecretBox,
        *,
        checkpoint_every: int = 100,
        now: Callable[[], str] = utc_now,
        cache_size: int = 128,
    ) -> None:
        self.store = store
        self.box = box
        self.checkpoint_every = checkpoint_every
        self.now = now
        self.cache_size = cache_size
        self._cache: OrderedDict[str, CampaignState] = OrderedDict()
        self._seeds: dict[tuple[str, int], bytes] = {}
        self._lock = threading.Lock()
        self._writer_locks: dict[str, threading.Lock] = {}

    # --- reading ----------------------------------------------------------
    def state(self, campaign_id: str) -> CampaignState:
        """The head state, fast-forwarded from the store. Callers must not mutate it:
        cached states are shared between threads and replaced, never changed."""
        cached = self._cache.get(campaign_id)
        after = cached.position if cached else 0
        newer = self.store.read(campaign_id, after=after)
        if cached is None and not newer:
            raise NotFound("campaign", campaign_id)
        if not newer:
            assert cached is not None
            return cached
        if cached is None:
            state = self._nearest(campaign_id, newer[-1].position)
            state = self._fold_repairing(state, [r for r in newer if r.position > state.position])
        else:
            state = fold(clone(cached), newer)
        self._remember(state)
        return state

    def cached_state(self, campaign_id: str) -> CampaignState | None:
        """The newest head this process has seen, without reading the store (it may be
        behind). Callers must not mutate it."""
        return self._cache.get(campaign_id)

    def _nearest(self, campaign_id: str, position: int) -> CampaignState:
        """The newest checkpoint at or below `position` that this code can read, else a blank
        state. Any checkpoint above it is stale or broken: `_fold_repairing` rebuilds it."""
        below = position
        while (found := self.store.checkpoint_at(campaign_id, below, STATE_PREFIX)) is not None:
            decoded = decode_state(found[1])
            if decoded is not None:
                return decoded
            below = found[0] - 1  # the right format, but a body this code cannot read
        return blank(campaign_id)

    # Checkpoints a read rebuilds are written this many to a transaction: few commits, and
    # little memory held, when a format change sends a long history's first read far back.
    REPAIR_BATCH = 50

    def _fold_repairing(self, state: CampaignState, records: list[Record]) -> CampaignState:
        """Fold `records` into `state` (from `_nearest`), rewriting each checkpoint passed that
        could not be read and writing each one missing at a checkpoint position."""
        if not records:
            return state
        unreadable = set(self.store.checkpoint_positions(state.id, state.position,
                                                         records[-1].position))
        due: list[tuple[str, int, bytes]] = []
        writable = True
        for record in records:
            apply_record(state, record)
            if writable and (record.position in unreadable
                             or record.position % self.checkpoint_every == 0):
                due.append((state.id, record.position, encode_state(state)))
                if len(due) == self.REPAIR_BATCH:
                    writable, due = self.store.repair_checkpoints(due), []
        if writable and due:
            self.store.repair_checkpoints(due)
        return state

    def state_at(self, campaign_id: str, position: int) -> CampaignState:
        """The state as recorded at `position`: nearest checkpoint plus the few events after."""
        if position <= 0:
            raise InvalidInput("position-out-of-range", "positions count from 1", field="at")
        state = self._nearest(campaign_id, position)
        records = self.store.read(campaign_id, after=state.position, upto=position)
        if state.position == 0 and not records:
            raise NotFound("campaign", campaign_id)
        if records and records[-1].position != position:
            raise InvalidInput("position-out-of-range", f"no event at position {position}", field="at")
        return self._fold_repairing(state, records)

    def canon_state_at(self, campaign_id: str, position: int) -> CampaignState:
        """The state at `position` without what later rewinds voided (docs/rules/audit.md).

        At a canon position this is the recorded state: every rewind before it already
        replaced the state, and no rewind after it can void anything before it. At a
        voided position it is the state at the last canon position before it.
        """
        head = self.state(campaign_id)
        if position > head.position:
            raise InvalidInput("position-out-of-range", f"no event at position {position}", field="at")
        canon = head.rewind.last_canon_at_or_before(position)
        return self.state_at(campaign_id, canon if canon else position)

    def position_at_time(self, campaign_id: str, recorded_at: str) -> int:
        return self.store.position_at_time(campaign_id, recorded_at)

    def _remember(self, state: CampaignState) -> None:
        with self._lock:
            known = self._cache.get(state.id)
            if known is not None and known.position > state.position:
                return  # another thread already cached a newer head
            self._cache[state.id] = state
            self._cache.move_to_end(state.id)
            while len(self._cache) > self.cache_size:
                self._cache.popitem(last=False)

    # --- writing ----------------------------------------------------------
    def create_campaign(
        self, decide: Decide, actor: Actor, answer: AnswerSpec | None = None
    ) -> Outcome:
        campaign_id = f"cmp_{uuid.uuid4().hex[:20]}"
        return self.execute(campaign_id, actor, decide, answer=answer, creating=True)

    def execute(
        self,
        campaign_id: str,
        actor: Actor,
        decide: Decide,
        *,
        answer: AnswerSpec | None = None,
        if_match: int | None = None,
        creating: bool = False,
        tokens: Sequence[TokenRow] = (),
    ) -> Outcome:
        """Decide against the head and record the events atomically, retrying lost races.
        `tokens` are written in the same transaction (a new campaign's GM token)."""
        if answer is not None:
            earlier = self.replay(answer, campaign_id)
            if earlier is not None:
                return earlier
        for attempt in range(MAX_ATTEMPTS):
            # Writers of one campaign in this process queue here instead of racing;
            # races left are with other processes, settled by the unique position.
            with self._campaign_lock(campaign_id):
                state = blank(campaign_id) if creating else self.state(campaign_id)
                if if_match is not None and state.position != if_match:
                    raise StaleState(if_match, state.position)
                try:
                    return self._attempt(state, actor, decide, answer, tokens)
                except PositionTaken:
                    pass  # someone else recorded first: fast-forward and decide again
                except IdempotencyKeyTaken:
                    assert answer is not None
                    earlier = self.replay(answer, campaign_id)
                    if earlier is not None:
                        return earlier
            time.sleep(random.uniform(0, min(0.05, 0.002 * (attempt + 1))))  # breaks lockstep
        raise ConflictRetriesExhausted("too many concurrent writers on this campaign")

    def _campaign_lock(self, campaign_id: str) -> threading.Lock:
        with self._lock:
            lock = self._writer_locks.get(campaign_id)
            if lock is None:
                if len(self._writer_locks) > 4 * self.cache_size:
                    self._writer_locks.clear()  # idle locks are cheap to recreate
                lock = self._writer_locks[campaign_id] = threading.Lock()
            return lock

    def replay(self, answer: AnswerSpec, campaign_id: str) -> Outcome | None:
        stored = earlier_answer(self.store, KeyedRequest(answer.scope, answer.key,
                                                         answer.fingerprint))
        if stored is None:
            return None
        return Outcome(stored.campaign_id or campaign_id, stored.position or 0, [], [],
                       blank(campaign_id), replayed=stored)

    def _attempt(
        self,
        state: CampaignState,
        actor: Actor,
        decide: Decide,
        answer: AnswerSpec | None,
        tokens: Sequence[TokenRow] = (),
    ) -> Outcome:
        scratch = clone(state)
        broker = _CommandSeeds(self, scratch.id)
        ctx = Context(
            dice=SeededDice(lambda: self._seed(scratch), scratch.id, scratch.dice_epoch,
                            scratch.position + 1),
            actor=actor,
            epoch=scratch.dice_epoch,
            command_position=scratch.position + 1,
            seeds=broker,
        )
        records: list[Record] = []
        checkpoints: list[tuple[str, int, bytes]] = []
        correlation_id = correlation.for_command()  # the request's, when there is one
        recorded_at = max(self.now(), state.recorded_at)

        def record(event: DomainEvent) -> None:
            draft = Record(
                campaign_id=scratch.id, position=scratch.position + 1, type=event.type_name(),
                version=event.version, data=encode_data(event), recorded_at=recorded_at,
                actor_role=actor.role, actor_token=actor.token_id,
                actor_character=actor.character_id, correlation_id=correlation_id,
                character_id=event.character_id, session=scratch.clock.session,
                scene=scratch.clock.scene, hash="",
            )
            done = msgspec.structs.replace(draft, hash=chain_hash(scratch.head_hash or GENESIS, draft))
            records.append(done)
            scratch.position = done.position
            scratch.head_hash = done.hash
            scratch.recorded_at = done.recorded_at
            if done.position % self.checkpoint_every == 0:
                checkpoints.append((scratch.id, done.position, encode_state(scratch)))

        events = run_decision(scratch, ctx, decide, on_applied=record)
        outcome = Outcome(scratch.id, scratch.position, records, events, scratch)
        stored_answer = None
        if answer is not None:
            status, body = answer.render(outcome)
            stored_answer = IdempotentAnswer(answer.scope, answer.key, answer.fingerprint,
                                             status, body, scratch.id, scratch.position)
        sealed = [(scratch.id, epoch, self.box.seal(seed, self._seed_context(scratch.id, epoch)))
                  for epoch, seed in broker.pending.items()]
        self.store.append(records, stored_answer, checkpoints, sealed, tokens)
        for epoch, seed in broker.pending.items():
            self._seeds[(scratch.id, epoch)] = seed
        if records:
            self._remember(scratch)
        outcome.replayed = stored_answer
        return outcome

    # --- dice seeds -----------------------------------------------------------
    @staticmethod
    def _seed_context(campaign_id: str, epoch: int) -> bytes:
        return f"{campaign_id}|{epoch}".encode()

    def _seed_for(self, campaign_id: str, epoch: int) -> bytes:
        key = (campaign_id, epoch)
        if key not in self._seeds:
            sealed = self.store.sealed_seed(campaign_id, epoch)
            if sealed is None:
                raise NotFound("dice-seed", f"{campaign_id}/{epoch}")
            self._seeds[key] = self.box.open(sealed, self._seed_context(campaign_id, epoch))
        return self._seeds[key]

    def _seed(self, state: CampaignState) -> bytes:
        if state.position == 0:
            return b"\0" * 32  # no dice before the campaign exists
        try:
            return self._seed_for(state.id, state.dice_epoch)
        except NotFound:
            raise RuleViolation(
                "dice-seed-unavailable",
                "This dice epoch's secret seed is held by the server that recorded it (an "
                "imported campaign). Report physical dice until the next session starts here.",
                field="dice",
            ) from None


class _CommandSeeds:
    """The seeds one command creates (sealed in its transaction) or reveals."""

    def __init__(self, ledger: Ledger, campaign_id: str) -> None:
        self.ledger = ledger
        self.campaign_id = campaign_id
        self.pending: dict[int, bytes] = {}

    def commit_new(self, epoch: int) -> str:
        seed = pysecrets.token_bytes(32)
        self.pending[epoch] = seed
        return seed_commitment(seed)

    def reveal(self, epoch: int) -> str:
        if epoch in self.pending:
            return self.pending[epoch].hex()
        try:
            return self.ledger._seed_for(self.campaign_id, epoch).hex()
        except NotFound:
            # An imported campaign's open epoch: its seed stayed with the recording server,
            # so its rolls stay unverified ("pending") rather than revealed.
            return ""
