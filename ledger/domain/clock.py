"""The game clock: sessions, scenes, game time, sunrise and sunset, new days.

Sessions also open and close dice epochs: each start or end reveals the seed of
the epoch it closes and commits to a fresh one (docs/dice.md).
"""

from __future__ import annotations

from typing import Any, ClassVar

from ledger.domain.character_refs import resolve_character
from ledger.domain.context import Context
from ledger.domain.decision import Decide, Later
from ledger.domain.errors import InvalidInput, RuleViolation
from ledger.domain.events import DomainEvent, evolves, upcaster
from ledger.domain.state import CampaignState


class SessionStarted(DomainEvent, frozen=True, kw_only=True):
    session: int
    revealed_epoch: int
    revealed_seed: str
    dice_epoch: int
    dice_commitment: str


class SessionEnded(DomainEvent, frozen=True, kw_only=True):
    version: ClassVar[int] = 2
    session: int
    # The hash of the event just before this one; None for a version 1 event, whose
    # head_hash (the hash before its whole command) verification checks from the raw data.
    head_hash: str | None
    revealed_epoch: int
    revealed_seed: str
    dice_epoch: int
    dice_commitment: str


class SceneStarted(DomainEvent, frozen=True, kw_only=True):
    scene: int


class SceneEnded(DomainEvent, frozen=True, kw_only=True):
    scene: int


class TimeAdvanced(DomainEvent, frozen=True, kw_only=True):
    minutes: int
    before: int
    after: int


class SunMarked(DomainEvent, frozen=True, kw_only=True):
    marker: str  # "sunrise" or "sunset"
    day: int


class NewDay(DomainEvent, frozen=True, kw_only=True):
    day: int
    rested: list[str]


@upcaster("SessionEnded", 1)
def _session_ended_v1(data: dict[str, Any]) -> dict[str, Any]:
    return data | {"head_hash": None}


@evolves(SessionStarted)
def _session_started(state: CampaignState, e: SessionStarted) -> None:
    state.clock.session = e.session
    state.clock.session_open = True
    state.dice_epoch = e.dice_epoch
    state.dice_commitment = e.dice_commitment


@evolves(SessionEnded)
def _session_ended(state: CampaignState, e: SessionEnded) -> None:
    state.clock.session_open = False
    state.clock.scene_open = False
    state.dice_epoch = e.dice_epoch
    state.dice_commitment = e.dice_commitment


@evolves(SceneStarted)
def _scene_started(state: CampaignState, e: SceneStarted) -> None:
    state.clock.scene = e.scene
    state.clock.scene_open = True


@evolves(SceneEnded)
def _scene_ended(state: CampaignState, e: SceneEnded) -> None:
    state.clock.scene_open = False


@evolves(TimeAdvanced)
def _time_advanced(state: CampaignState, e: TimeAdvanced) -> None:
    state.clock.minutes = e.after


@evolves(SunMarked)
def _sun_marked(state: CampaignState, e: SunMarked) -> None:
    state.clock.last_marker = e.marker
    state.clock.last_marker_day = e.day


@evolves(NewDay)
def _new_day(state: CampaignState, e: NewDay) -> None:
    state.clock.day = e.day


def start_session(state: CampaignState, ctx: Context) -> list[DomainEvent]:
    if state.clock.session_open:
        raise RuleViolation("session-already-open", f"session {state.clock.session} is still open")
    epoch = state.dice_epoch + 1
    return [SessionStarted(
        session=state.clock.session + 1,
        revealed_epoch=state.dice_epoch, revealed_seed=ctx.seeds.reveal(state.dice_epoch),
        dice_epoch=epoch, dice_commitment=ctx.seeds.commit_new(epoch),
    )]


def end_session(state: CampaignState, ctx: Context) -> list[DomainEvent | Later]:
    if not state.clock.session_open:
        raise RuleViolation("no-open-session", "there is no open session to end")
    events: list[DomainEvent | Later] = []
    if state.clock.scene_open:
        events.append(SceneEnded(scene=state.clock.scene))

    def ended(now: CampaignState) -> SessionEnded:  # built after the scene's end is recorded
        epoch = now.dice_epoch + 1
        return SessionEnded(
            session=now.clock.session, head_hash=now.head_hash,
            revealed_epoch=now.dice_epoch, revealed_seed=ctx.seeds.reveal(now.dice_epoch),
            dice_epoch=epoch, dice_commitment=ctx.seeds.commit_new(epoch),
        )

    events.append(Later(ended))
    return events


def start_scene(state: CampaignState, ctx: Context) -> list[DomainEvent]:
    events: list[DomainEvent] = []
    if state.clock.scene_open:  # a new scene closes the one before it
        events.append(SceneEnded(scene=state.clock.scene))
    events.append(SceneStarted(scene=state.clock.scene + 1))
    return events


def end_scene(state: CampaignState, ctx: Context) -> list[DomainEvent]:
    if not state.clock.scene_open:
        raise RuleViolation("no-open-scene", "there is no open scene to end")
    return [SceneEnded(scene=state.clock.scene)]


def advance(minutes: int) -> Decide:
    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        if minutes <= 0:
            raise RuleViolation("time-moves-forward", "game time only moves forward")
        before = state.clock.minutes
        return [TimeAdvanced(minutes=minutes, before=before, after=before + minutes)]

    return decide


def mark_sun(marker: str) -> Decide:
    """A day has one sunrise and one sunset: marking either again before a new day would
    charge the Mana deadline twice (002: "before the next sunrise or sunset")."""

    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        clock = state.clock
        if clock.last_marker == marker and clock.last_marker_day == clock.day:
            raise RuleViolation("sun-already-marked",
                                f"{marker} was marked on day {clock.day} already; a new day "
                                "comes first (POST …/clock/new-day)")
        return [SunMarked(marker=marker, day=clock.day)]

    return decide


def new_day(rested: list[str] | None) -> Decide:
    """A new day. `rested` must be given, even empty: leaving it out used to mean "nobody
    rested", which silently kept everyone's day Effort. Each entry is a character's id
    or name (any case); the event records ids."""

    def decide(state: CampaignState, ctx: Context) -> list[DomainEvent]:
        if rested is None:
            raise InvalidInput("rested-required", "say who rested: `rested` lists character ids "
                               "or names, and is [] when nobody rested", field="rested")
        ids = [resolve_character(state, ref, f"rested.{i}") for i, ref in enumerate(rested)]
        return [NewDay(day=state.clock.day + 1, rested=sorted(set(ids)))]

    return decide
