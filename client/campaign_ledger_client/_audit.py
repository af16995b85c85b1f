"""Audit and disputes: the timeline, rewind and redo, verification and the signed head."""

from __future__ import annotations

from campaign_ledger_client._http import Answer
from campaign_ledger_client._scope import (
    CAMPAIGN,
    Call,
    Scope,
    body,
    command,
    endpoint,
    query,
    read,
)
from campaign_ledger_client.models import CreatedCampaign
from campaign_ledger_client.schemas import (
    CampaignState,
    ConsistencyProof,
    InclusionProof,
    SignedHeadAnswer,
    TimelinePage,
    VerifyReport,
)


def _lines(answer: Answer) -> list[bytes]:
    # Each line keeps its newline, so that `writelines` writes the file as served.
    return answer.body.splitlines(keepends=True) if isinstance(answer.body, bytes) else []


def _created(answer: Answer) -> CreatedCampaign:
    return CreatedCampaign.from_json(answer.body)


class Audit(Scope):
    @read(CAMPAIGN + "/timeline", TimelinePage)
    def timeline(self, after: int = 0, limit: int = 50, *, character_id: str | None = None,
                 session: int | None = None, scene: int | None = None,
                 types: list[str] | None = None, from_: int | None = None,
                 to: int | None = None) -> Call:
        """One entry per command (summary, actor, changes, voided); page with `next`.
        `from_`/`to` are the query's `from`/`to` positions (`from` is a Python keyword)."""
        return query(after=after, limit=limit, character_id=character_id, session=session,
                     scene=scene, type=",".join(types) if types else None,
                     **{"from": from_, "to": to})

    @command("POST", CAMPAIGN + "/rewind", CampaignState)
    def rewind(self, to_position: int, reason: str) -> Call:
        """Rewind to an earlier command boundary (GM); later events stay, voided."""
        return body(to_position=to_position, reason=reason)

    @endpoint("POST", CAMPAIGN + "/fork", _created, "command")
    def fork_campaign(self, at: int, name: str) -> Call:
        """Fork the campaign at position `at` into a new campaign (GM; docs/forks.md): its
        id and GM token (shown once), as `create_campaign` answers. A server with an admin
        token also needs it in `X-Admin-Token` (the transport's `extra_headers`)."""
        return body(at=at, name=name)

    @command("POST", CAMPAIGN + "/redo", CampaignState)
    def redo(self, reason: str = "") -> Call:
        """Undo the latest rewind while it is still the latest event (GM)."""
        return body(reason=reason)

    @read(CAMPAIGN + "/verify", VerifyReport)
    def verify(self, expect_head: str | None = None) -> Call:
        """The server's own check of the chain and dice (see verify.py to do it yourself)."""
        return query(expect_head=expect_head)

    @read(CAMPAIGN + "/head", SignedHeadAnswer)
    def signed_head(self) -> Call:
        """The head position and hash signed with the server's Ed25519 key: keep it."""
        return Call()

    @read(CAMPAIGN + "/proofs/inclusion", InclusionProof)
    def inclusion_proof(self, position: int, size: int | None = None) -> Call:
        """The Merkle audit path of the event at `position` in the tree of `size` events
        (default: the head); check it with `witness.included` (docs/trust.md)."""
        return query(position=position, size=size)

    @read(CAMPAIGN + "/proofs/consistency", ConsistencyProof)
    def consistency_proof(self, from_: int, to: int | None = None) -> Call:
        """The proof that the tree of `to` events (default: the head) extends the tree of
        `from_` events (the query's `from`); check it with `witness.consistent`
        (docs/trust.md)."""
        return query(**{"from": from_, "to": to})

    @endpoint("GET", CAMPAIGN + "/export", _lines, "read")
    def export(self) -> Call:
        """The history as JSON Lines, hidden events as placeholders unless you are the GM;
        check it with `verify.verify_export` (it verifies whole either way)."""
        return Call()

    @command("POST", CAMPAIGN + "/hidden/rolls", type(None))
    def hidden_roll(self, expression: str, *, label: str = "",
                    character_id: str | None = None) -> Call:
        """Roll behind the screen (GM): others see a placeholder with a commitment."""
        return body(expression=expression, label=label, character_id=character_id)

    @command("POST", CAMPAIGN + "/hidden/notes", type(None))
    def hidden_note(self, text: str, *, label: str = "", character_id: str | None = None) -> Call:
        """Write a secret note (GM): others see a placeholder with a commitment."""
        return body(text=text, label=label, character_id=character_id)

    @read(CAMPAIGN + "/hidden/{position}")
    def hidden_event(self, position: int) -> Call:
        """Read a hidden roll or note back (GM): `hidden.data` as your own answer showed it,
        and whether it has been revealed."""
        return Call(params={"position": str(position)})

    @command("POST", CAMPAIGN + "/hidden/reveal", type(None))
    def reveal_hidden(self, position: int) -> Call:
        """Reveal a hidden roll or note (GM): its data, nonce and seed, for anyone to check."""
        return body(position=position)
