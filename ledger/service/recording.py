"""One attempt at recording a command against a head: decide on a scratch copy, then write
its events, answer, checkpoints, sealed seeds and tokens in one transaction."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ledger.adapters.store.base import EventStore
from ledger.adapters.store.records import TokenRow
from ledger.domain.context import Actor, Context
from ledger.domain.decision import Decide
from ledger.domain.dice import SeededDice
from ledger.domain.pipeline import run_command
from ledger.domain.state import CampaignState
from ledger.domain.state.clone import clone
from ledger.service import correlation
from ledger.service.envelope import Envelope
from ledger.service.heads import HeadCache
from ledger.service.hidden_vault import StoredHidden
from ledger.service.idempotent import AnswerSpec, answer_to_store
from ledger.service.outcome import Outcome
from ledger.service.seeds import CommandSeeds, SeedVault


class Recorder:
    def __init__(self, store: EventStore, vault: SeedVault, heads: HeadCache, *,
                 checkpoint_every: int, now: Callable[[], str]) -> None:
        self.store = store
        self.vault = vault
        self.heads = heads
        self.checkpoint_every = checkpoint_every
        self.now = now

    def attempt(self, state: CampaignState, actor: Actor, decide: Decide,
                answer: AnswerSpec | None, tokens: Sequence[TokenRow] = ()) -> Outcome:
        """Raises PositionTaken or IdempotencyKeyTaken when another writer committed first."""
        scratch = clone(state)
        broker = CommandSeeds(self.vault, scratch.id)
        ctx = Context(
            dice=SeededDice(lambda: self.vault.dice_seed(scratch), scratch.id, scratch.dice_epoch,
                            scratch.position + 1),
            actor=actor,
            epoch=scratch.dice_epoch,
            command_position=scratch.position + 1,
            seeds=broker,
            hidden=StoredHidden(self.store, self.vault.box, scratch.id),
        )
        envelope = Envelope(scratch, actor, correlation_id=correlation.for_command(),
                            recorded_at=max(self.now(), state.recorded_at),
                            checkpoint_every=self.checkpoint_every)
        events = run_command(scratch, ctx, decide, envelope)
        outcome = Outcome(scratch.id, scratch.position, envelope.records, events, scratch,
                          tokens=list(tokens))
        stored_answer = answer_to_store(answer, outcome)
        self.store.append(envelope.records, stored_answer, envelope.checkpoints,
                          self.vault.seal(scratch.id, broker.pending), tokens)
        self.vault.keep(scratch.id, broker.pending)
        if envelope.records:
            self.heads.remember(scratch)
        outcome.replayed = stored_answer
        return outcome
