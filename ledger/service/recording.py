"""One attempt at recording a command against a head: decide on a scratch copy, then write
its events, answer, checkpoints, sealed seeds and tokens in one transaction."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ledger.adapters.checkpoint_seal import CheckpointSeal
from ledger.adapters.store.base import EventStore
from ledger.adapters.store.records import TokenRow
from ledger.domain.context import Actor, Context, Earlier
from ledger.domain.decision import Decide
from ledger.domain.dice import SeededDice
from ledger.domain.events import decode_data
from ledger.domain.pipeline import run_command
from ledger.domain.state import CampaignState
from ledger.domain.state.clone import clone
from ledger.service import correlation
from ledger.service.answers import WriteAnswer
from ledger.service.envelope import Envelope
from ledger.service.heads import HeadCache
from ledger.service.hidden_vault import StoredHidden
from ledger.service.idempotent import AnswerSpec, render
from ledger.service.outcome import Outcome
from ledger.service.seeds import CommandSeeds, SeedVault


class HeadUnconfirmed(Exception):
    """A command decided on a head not read from the store recorded no event: nothing
    proves that head current, so its answer waits for a decision on a fresh one."""


class Recorder:
    def __init__(self, store: EventStore, vault: SeedVault, heads: HeadCache, *,
                 checkpoint_every: int, now: Callable[[], str], seal: CheckpointSeal) -> None:
        self.store = store
        self.vault = vault
        self.heads = heads
        self.checkpoint_every = checkpoint_every
        self.now = now
        self.seal = seal

    def earlier(self, campaign_id: str, position: int, head: int) -> Earlier | None:
        """The event at `position`, if recorded before this command began."""
        if not 1 <= position <= head:
            return None
        found = self.store.read(campaign_id, after=position - 1, upto=position)
        if not found:
            return None
        record = found[0]
        return Earlier(decode_data(record.type, record.version, record.data), record.session)

    def attempt(self, state: CampaignState, actor: Actor, decide: Decide,
                answer: AnswerSpec | None, tokens: Sequence[TokenRow] = (),
                plan: WriteAnswer | None = None, *, verified: bool = True) -> Outcome:
        """Raises PositionTaken or IdempotencyKeyTaken when another writer committed first.
        `verified`: `state` was read from the store for this command (else it is the
        cached head, which only an append at its next position proves current)."""
        scratch = clone(state)
        broker = CommandSeeds(self.vault, scratch.id)
        ctx = Context(
            dice=SeededDice(lambda: self.vault.dice_seed(scratch), scratch.id, scratch.dice_epoch,
                            scratch.position + 1),
            actor=actor,
            epoch=scratch.dice_epoch,
            command_position=scratch.position + 1,
            seeds=broker,
            earlier=lambda position: self.earlier(scratch.id, position, state.position),
            hidden=StoredHidden(self.store, self.vault.box, scratch.id),
        )
        envelope = Envelope(scratch, actor, correlation_id=correlation.for_command(),
                            recorded_at=max(self.now(), state.recorded_at),
                            checkpoint_every=self.checkpoint_every, seal=self.seal)
        events = run_command(scratch, ctx, decide, envelope)
        if not verified and not envelope.records:
            raise HeadUnconfirmed()
        outcome = Outcome(scratch.id, scratch.position, envelope.records, events, scratch,
                          tokens=list(tokens))
        stored_answer = render(plan, answer, outcome)
        self.store.append(envelope.records, stored_answer, envelope.checkpoints,
                          self.vault.seal(scratch.id, broker.pending), tokens)
        self.vault.keep(scratch.id, broker.pending)
        if envelope.records:
            self.heads.remember(scratch)
        outcome.replayed = stored_answer
        return outcome
