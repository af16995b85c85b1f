"""What-if forks: one command on the origin whose transaction records the fork's
`ForkedFrom` and writes the fork's first GM token (docs/forks.md). Nothing of the origin is
written; a refused or replayed fork writes nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, ClassVar

import msgspec
from msgspec import Meta

from ledger.adapters.signing import HeadSigner
from ledger.domain import limits
from ledger.domain.command import GM, Command
from ledger.domain.context import Actor
from ledger.domain.errors import InvalidInput
from ledger.domain.forks import OriginTreeHead, fork_campaign
from ledger.domain.state import ForkOrigin
from ledger.service import tokens
from ledger.service.audit import receipts
from ledger.service.creation import new_campaign_id
from ledger.service.idempotency import check_unused_in
from ledger.service.outcome import Outcome

if TYPE_CHECKING:
    from ledger.service.answers import WriteAnswer
    from ledger.service.idempotent import AnswerSpec
    from ledger.service.ledger import Ledger


class ForkCampaign(Command, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Fork the campaign at a position: a new campaign starting from the canon state there.

    The fork's history starts with one `ForkedFrom` event (the origin's id, `at`, the
    origin's chain hash and signed tree head at `at`, and the canon state at `at`); it has
    its own dice epoch with a fresh sealed seed and no token of the origin. The answer is
    the fork's id and its GM token (shown once). Only the origin's GM may fork; when the
    server sets an admin token, the request also sends it in `X-Admin-Token`
    (401 `admin-token-required`), as campaign creation needs it.
    """

    policy = GM
    example = {"at": 1, "name": "The Ashen Road (what if)"}
    example_needs: ClassVar[tuple[str, ...]] = ()
    at: Annotated[int, Meta(ge=1, description="the origin's position to fork at")]
    name: Annotated[str, Meta(min_length=limits.NAME_LENGTH.low,
                              max_length=limits.NAME_LENGTH.high)]


def fork(led: Ledger, signer: HeadSigner, origin_id: str, command: ForkCampaign,
         actor: Actor, *, answer: AnswerSpec | None = None,
         plan: WriteAnswer | None = None) -> Outcome:
    """Check the caller against the origin, then create the fork and its GM token."""
    head = led.state(origin_id)  # 404 for an unknown campaign
    command.policy.check(command, actor, head)
    if command.at > head.position:
        raise InvalidInput("position-out-of-range",
                           f"at must be from 1 to the head position {head.position}",
                           field="at")
    at_origin = led.canon_state_at(origin_id, command.at)
    record = led.store.read(origin_id, after=command.at - 1, upto=command.at)[0]
    origin = ForkOrigin(campaign_id=origin_id, position=command.at, head_hash=record.hash)
    sth = msgspec.convert(msgspec.to_builtins(
        receipts.tree_head(led.store, signer, origin_id, command.at)), OriginTreeHead)
    fork_id = new_campaign_id(*((answer.scope, answer.key) if answer else ()))
    if answer is not None:
        earlier = led.replay(answer, fork_id, creating=True)
        if earlier is not None:  # a retry: its fork, whatever the origin saw since
            return earlier
        # One key, one request: not also a write on the origin. Checked before the fork's
        # transaction, as the write checks the fork's id before its own: two requests
        # sent at once under one key can both pass (docs/forks.md).
        check_unused_in(led.store, answer.request, origin_id)
    gm, _secret = tokens.new_token(led.box, fork_id, "gm", None, "GM", actor)
    decide = fork_campaign(command.name, origin, sth, at_origin)
    return led.execute(fork_id, actor, decide, answer=answer, creating=True, tokens=[gm],
                       plan=plan)
