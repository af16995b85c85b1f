"""The application service's façade: load state, decide, record once, retry on conflict.

One instance per process (built lazily after fork). Each job lives in its own part under
`ledger/service/` (its package docstring lists them); this class only wires them and
keeps the methods callers use.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from ledger.adapters.checkpoint_seal import CheckpointSeal
from ledger.adapters.secrets_box import SecretBox
from ledger.adapters.store.base import EventStore, PositionTaken
from ledger.adapters.store.records import TokenRow
from ledger.domain.context import Actor
from ledger.domain.decision import Decide
from ledger.domain.errors import DomainError, StaleState
from ledger.domain.fold import blank
from ledger.domain.state import CampaignState
from ledger.service.answers import WriteAnswer
from ledger.service.canon import canon_state_at
from ledger.service.checkpoints import Checkpoints
from ledger.service.creation import CreateCampaign, creation_parts, new_campaign_id
from ledger.service.heads import HeadCache
from ledger.service.health import utc_now
from ledger.service.idempotent import AnswerSpec, replay
from ledger.service.outcome import Outcome
from ledger.service.past import ReadsThePast
from ledger.service.recording import HeadUnconfirmed, Recorder
from ledger.service.replicas import Replicas, Route
from ledger.service.retries import MAX_ATTEMPTS, ConflictRetriesExhausted, WriterLocks, until_recorded
from ledger.service.seeds import SeedVault
from ledger.service.time_travel import TimeTravel

T = TypeVar("T")

__all__ = ["MAX_ATTEMPTS", "AnswerSpec", "ConflictRetriesExhausted", "CreateCampaign", "Ledger",
           "Outcome"]


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
        self.seal = CheckpointSeal(box)
        self.checkpoints = Checkpoints(store, checkpoint_every, self.seal)
        self.heads = HeadCache(store, self.checkpoints, cache_size)
        self.travel = TimeTravel(store, self.checkpoints)
        self.seeds = SeedVault(store, box)
        self.recorder = Recorder(store, self.seeds, self.heads,
                                 checkpoint_every=checkpoint_every, now=now, seal=self.seal)
        self.locks = WriterLocks(keep=4 * cache_size)
        # Set by the wiring when read replicas are configured (ledger/service/replicas.py).
        self.replicas: Replicas | None = None

    # --- reading ----------------------------------------------------------
    def state(self, campaign_id: str) -> CampaignState:
        """The head state, fast-forwarded from the store. Callers must not mutate it."""
        return self.heads.state(campaign_id)

    def reader(self, campaign_id: str, min_position: int | None = None) -> Route:
        """Where a read that may go to a replica runs (the routing rule: replicas.py)."""
        if self.replicas is None:
            return Route(self)
        return self.replicas.route(campaign_id, min_position)

    def routed(self, campaign_id: str, min_position: int | None,
               read: Callable[[Ledger], T]) -> tuple[T, Route]:
        """Run `read` on the Ledger the routing rule picks (the primary if a replica fails)."""
        if self.replicas is None:
            return read(self), Route(self)
        return self.replicas.run(campaign_id, min_position, read)

    def cached_state(self, campaign_id: str) -> CampaignState | None:
        """The newest head this process has seen, without reading the store (it may be
        behind). Callers must not mutate it."""
        return self.heads.cached(campaign_id)

    def state_at(self, campaign_id: str, position: int) -> CampaignState:
        """The state as recorded at `position`: nearest checkpoint plus the few events after."""
        return self.travel.state_at(campaign_id, position)

    def canon_state_at(self, campaign_id: str, position: int) -> CampaignState:
        """The state at `position` without what later rewinds voided (docs/rules/audit.md)."""
        return canon_state_at(self.heads, self.travel, campaign_id, position)

    def position_at_time(self, campaign_id: str, recorded_at: str) -> int:
        return self.travel.position_at_time(campaign_id, recorded_at)

    @property
    def REPAIR_BATCH(self) -> int:  # noqa: N802 - kept as it was named before the split
        """How many rebuilt checkpoints a read writes per transaction."""
        return self.checkpoints.repair_batch

    @REPAIR_BATCH.setter
    def REPAIR_BATCH(self, size: int) -> None:  # noqa: N802
        self.checkpoints.repair_batch = size

    # --- writing ----------------------------------------------------------
    def create(self, command: CreateCampaign, actor: Actor, *, answer: AnswerSpec | None = None,
               if_match: int | None = None, plan: WriteAnswer | None = None) -> Outcome:
        """Create a campaign and its GM token (`Outcome.tokens`) in one transaction; `actor`
        issues the token. A refused or replayed creation writes no token."""
        campaign_id = new_campaign_id(*((answer.scope, answer.key) if answer else ()))
        decide, gm = creation_parts(command, self.box, campaign_id, actor)
        return self.execute(campaign_id, actor, decide, answer=answer, if_match=if_match,
                            creating=True, tokens=[gm], plan=plan)

    def create_campaign(
        self, decide: Decide, actor: Actor, answer: AnswerSpec | None = None
    ) -> Outcome:
        campaign_id = new_campaign_id(*((answer.scope, answer.key) if answer else ()))
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
        plan: WriteAnswer | None = None,
    ) -> Outcome:
        """Decide against the head and record the events atomically, retrying lost races.
        `tokens` are written in the same transaction (a new campaign's GM token). With a
        `plan`, the answer is rendered into `Outcome.answer` (and stored under `answer`'s
        Idempotency-Key) in that transaction."""
        if answer is not None:
            earlier = self.replay(answer, campaign_id, creating=creating)
            if earlier is not None:
                return earlier

        tries = 0

        def attempt() -> Outcome:
            nonlocal tries
            tries += 1
            if creating and answer is not None and tries > 1:
                # The key's campaign id was taken: by a concurrent retry of this creation
                # (answer it) or of another request under the key (refused as reused).
                earlier = self.replay(answer, campaign_id, creating=True)
                if earlier is not None:
                    return earlier
            if creating:
                return decide_on(blank(campaign_id), verified=True)
            # First on the head this process last saw, without a read: a stale head cannot
            # record (its positions are taken) and its refusals are checked below.
            cached = self.heads.cached(campaign_id) if tries == 1 and if_match is None else None
            if cached is None:
                return decide_on(self.state(campaign_id), verified=True)
            try:
                return decide_on(cached, verified=False)
            except (PositionTaken, HeadUnconfirmed, DomainError) as exc:
                fresh = self.state(campaign_id)
                if isinstance(exc, DomainError) and fresh.position == cached.position:
                    raise  # refused on the true head
                return decide_on(fresh, verified=True)

        def decide_on(state: CampaignState, *, verified: bool) -> Outcome:
            if if_match is not None and state.position != if_match:
                raise StaleState(if_match, state.position)
            command = decide.loaded(self, state, actor) if isinstance(decide, ReadsThePast) \
                else decide
            return self.recorder.attempt(state, actor, command, answer, tokens, plan,
                                         verified=verified)

        def key_taken() -> Outcome | None:
            assert answer is not None
            return self.replay(answer, campaign_id, creating=creating)

        return until_recorded(self.locks, campaign_id, attempt, key_taken)

    def replay(self, answer: AnswerSpec, campaign_id: str, *,
               creating: bool = False) -> Outcome | None:
        return replay(self.store, answer, campaign_id, creating=creating)

    # --- dice seeds (read by the audit tools and the leak checks) ---------------
    @property
    def _seeds(self) -> dict[tuple[str, int], bytes]:
        return self.seeds.opened

    def _seed_for(self, campaign_id: str, epoch: int) -> bytes:
        return self.seeds.seed_for(campaign_id, epoch)
