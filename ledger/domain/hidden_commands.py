"""The GM's hidden commands: a roll or a note behind the screen, and its reveal
(ledger/domain/hidden.py; docs/trust.md, "Blind rolls"). Only the GM may issue them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, ClassVar

from msgspec import Meta

from ledger.domain.bounds import Label
from ledger.domain.command import GM, Command
from ledger.domain.context import Context
from ledger.domain.decision import Later
from ledger.domain.errors import InvalidInput, NotFound, RuleViolation
from ledger.domain.events import DomainEvent
from ledger.domain.hidden import HiddenDice, HiddenNoted, HiddenRevealed, HiddenRolled, commitment
from ledger.domain.notation import evaluate
from ledger.domain.state import CampaignState

Decided = Sequence[DomainEvent | Later]
Who = Annotated[str | None, Meta(description="the character it concerns, if any")]


def _character(state: CampaignState, character_id: str | None) -> None:
    if character_id is not None and character_id not in state.characters:
        raise InvalidInput("character-not-found", f"No character with id {character_id!r}.",
                           field="character_id")


def _hide(ctx: Context, data: dict[str, Any], seed: bytes | None) -> tuple[str, str]:
    """The commitment to `data` and the sealed data, nonce and seed."""
    nonce = ctx.hidden.secret()
    sealed = ctx.hidden.seal({"data": data, "nonce": nonce.hex(),
                              "seed": seed.hex() if seed else None}, data["position"])
    return commitment(nonce, data), sealed


class RecordHiddenRoll(Command, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Roll behind the screen: dice notation, a plain roll with no rules effects.

    Players and observers see a placeholder (the event's type, position, time, the
    actor's role and a commitment to the roll), never the dice. The dice come from the
    roll's own secret seed, never the session's, so revealing the session's seed does not
    give the roll away. The answer shows the GM the roll; `…/hidden/reveal`
    shows it to everyone, with what proves it.
    """

    policy = GM
    example: ClassVar[dict[str, Any]] = {"expression": "1d20+4", "label": "the guard notices?"}
    example_needs = ()
    expression: Annotated[str, Meta(min_length=1, max_length=200, description="dice notation")]
    label: Label = ""
    character_id: Who = None

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        _character(state, self.character_id)
        position = state.position + 1
        seed = ctx.hidden.secret()
        rolled = evaluate(HiddenDice(seed, state.id, position), self.expression,
                          state.settings.max_dice_per_roll)
        data = {"kind": "roll", "position": position, "expression": rolled.notation,
                "label": self.label or rolled.comment, "character_id": self.character_id,
                "dice": [{"sides": d.sides, "value": d.value, "mark": d.mark}
                         for d in rolled.dice],
                "total": rolled.total, "result_text": rolled.text}
        made, sealed = _hide(ctx, data, seed)
        return [HiddenRolled(commitment=made, sealed=sealed)]


class RecordHiddenNote(Command, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Write a secret note: seen by the GM only, until revealed (a placeholder for others)."""

    policy = GM
    example: ClassVar[dict[str, Any]] = {"text": "The innkeeper is the cult's informant."}
    example_needs = ()
    text: Annotated[str, Meta(min_length=1, max_length=2000)]
    label: Label = ""
    character_id: Who = None

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        _character(state, self.character_id)
        data = {"kind": "note", "position": state.position + 1, "text": self.text,
                "label": self.label, "character_id": self.character_id}
        made, sealed = _hide(ctx, data, None)
        return [HiddenNoted(commitment=made, sealed=sealed)]


class RevealHidden(Command, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Reveal a hidden roll or note: its data, the nonce and the roll's seed, in the open.

    Anyone can then check the data against the commitment recorded before, and each die
    against the seed (`GET …/verify`, `campaign-ledger verify`). 404 `hidden-event-not-found`
    when the position holds no hidden event; 409 `hidden-already-revealed`.
    """

    policy = GM
    example: ClassVar[dict[str, Any]] = {"position": "{position}"}
    example_needs = ("hidden-roll",)
    position: Annotated[int, Meta(ge=1, description="the hidden event's position")]

    def decide(self, state: CampaignState, ctx: Context) -> Decided:
        at = self.position
        opened = ctx.hidden.open(at) if at <= state.position else None
        if opened is None:
            raise NotFound("hidden-event", str(at))
        if ctx.hidden.revealed(at):
            raise RuleViolation("hidden-already-revealed",
                                f"The hidden event at {at} is already revealed.")
        kind, made, payload = opened
        data = payload["data"]
        assert isinstance(data, dict)
        who = data.get("character_id")
        return [HiddenRevealed(
            hidden_position=at, hidden_type=kind, commitment=made, data=data,
            nonce=str(payload["nonce"]), seed=str(payload["seed"]) if payload.get("seed") else None,
            character_id=who if isinstance(who, str) else None)]


COMMANDS: tuple[type[Command], ...] = (RecordHiddenRoll, RecordHiddenNote, RevealHidden)
