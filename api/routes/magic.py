"""Mana Noir Magic Tests and the Backlash bank.

The rules live in ledger/domain/magic/ (test, failure, resistance, backlash, permanent,
consequence_roll, consequences, harm); docs/rules/magic-test.md lists each rule
and our readings. Every command records all it causes under one correlation id
and answers `{magic, position, events, state}`, where `magic` shows Mana,
Backlash, what is owed and the pending decisions with the commands that resolve
them. Which commands settle a pending decision first is the ledger's to know
(ledger/domain/decision.py); the commands that resolve one do not settle it first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec
from flask import Response
from flask_smorest import Blueprint

from api import auth
from api.answers import character_view, json_response, write
from api.errors import ApiError
from api.schemas import AtQuery
from api.schemas_magic import (
    ConsequenceRollIn,
    ConsequencesIn,
    DrawIn,
    FixIn,
    MagicTestIn,
    SuperhumanIn,
)
from api.timetravel import character_for
from api.voids import at_fields
from ledger.domain.decision import Decide
from ledger.domain.magic import backlash, consequence_roll, consequences, failure, test
from ledger.domain.magic.pending import magic_summary
from ledger.domain.magic.resistance import FACTORS
from ledger.domain.magic.test_events import MagicTestMade
from ledger.service.ledger import Outcome

blp = Blueprint("magic", __name__, url_prefix="/v1/campaigns/<campaign_id>",
                description="Mana Noir Magic Tests, Backlash, Consequences")


def _magic(character_id: str) -> Callable[[Outcome], dict[str, Any]]:
    def extra(outcome: Outcome) -> dict[str, Any]:
        character = outcome.state.characters.get(character_id)
        made = next((e for e in outcome.events if isinstance(e, MagicTestMade)), None)
        return {"magic": magic_summary(character) if character else None,
                **({"magic_test": made} if made else {})}

    return extra


def _run(campaign_id: str, character_id: str, decide: Decide, status: int = 200) -> Response:
    return write(campaign_id, decide, view=character_view(character_id),
                 extra=_magic(character_id), status=status)


def _gm_only(row: Any, asked: bool, rule: str, detail: str) -> None:
    if asked and row.role != "gm":
        raise ApiError(403, rule, detail)


@blp.route("/characters/<character_id>/magic-tests", methods=["POST"])
@blp.arguments(MagicTestIn)
def magic_test(body: dict[str, Any], campaign_id: str, character_id: str) -> Response:
    """Make a Magic Test: final TN, costs, automatic success or the roll.

    TN = base + `mana_for_tn` (the "-1 Mana cost for +1 TN" trade) + Resistance
    (named factors from the rules, each with its value, plus `resistance` as a
    number); then each careful option (slower-casting, tools, gestures,
    spoken-words, consumed-materials) takes 1 off, never below TN 8. Our reading:
    careful magic applies last and does not lower a TN already below 8.
    Resistance above 5 gives 1 automatic Backlash per point over 5 when the
    campaign setting `auto_backlash_over_resistance_5` is on (default); the GM may
    set `auto_backlash` for one test (403 for players). Our reading: it is taken
    on success and failure alike.

    Before the roll: `bonus_mana` (+1 each) and `bonus_backlash` (+2 each). The
    spell's `mana_cost`, less the trade, is paid with `cost_backlash` (2 Mana
    each), then Mana; a shortfall of n Mana costs ceil(n / 2) Backlash. Backlash
    from magic offers the choice to roll for Consequences or bank it.

    When 3 + ability + focus (+2) + bonus + modifier reaches the TN the test
    succeeds with no roll. Otherwise 3d6 (reported `dice` or server dice); doubles
    on a success give Stunt Points equal to the Stunt Die. A failure is pending:
    `…/magic-tests/{tid}/fix` or `…/accept`; the character's next action accepts
    it, and first banks a bank-or-roll choice left unanswered (our reading of
    "immediately roll or bank"). 409 `backlash-consequence-roll-owed` while a
    Consequence roll is owed; 409 `backlash-consequences-pending` while a failed
    roll's Consequences are unrecorded; `magic-test-failure-pending` when accepting
    the pending failure first would owe a roll (nothing is recorded). Each of these
    409s lists the commands that resolve it in `resolve`.
    """
    row = auth.require_gm_or_player(campaign_id, character_id)
    _gm_only(row, body["auto_backlash"] is not None, "auto-backlash-override-gm-only",
             "Only the GM may override the automatic Backlash.")
    request = msgspec.convert(body, test.MagicTestRequest)
    return _run(campaign_id, character_id, test.make_test(character_id, request),
                status=201)


@blp.route("/characters/<character_id>/magic-tests/<test_id>/fix", methods=["POST"])
@blp.arguments(FixIn)
def fix(body: dict[str, Any], campaign_id: str, character_id: str, test_id: str) -> Response:
    """Fix a failed Magic Test after the fact with Mana and/or Backlash.

    Our reading (the text gives no rate): each Mana or each point of Backlash adds
    +1 to the roll, and the fix must reach the TN (409 `fix-must-reach-tn`). The
    test becomes a success: the failure's Backlash is not taken and no Consequence
    roll is offered for it. The next failure taken carries +1 Backlash; fixes add
    up until a failure uses them all. Backlash paid for the fix still counts when
    total Backlash first exceeds Mana (a roll is then owed).
    """
    auth.require_gm_or_player(campaign_id, character_id)
    return _run(campaign_id, character_id,
                failure.fix(character_id, test_id, body["mana"], body["backlash"]))


@blp.route("/characters/<character_id>/magic-tests/<test_id>/accept", methods=["POST"])
def accept(campaign_id: str, character_id: str, test_id: str) -> Response:
    """Take a failed Magic Test: Backlash 1 + (TN - total) + the carried penalty.

    The carried penalty (+1 per fix since the last failure taken) is used up. The
    Backlash offers the choice to roll for Consequences now or bank it, and owes a
    roll if total Backlash first exceeds Mana.
    """
    auth.require_gm_or_player(campaign_id, character_id)
    return _run(campaign_id, character_id, failure.accept(character_id, test_id))


@blp.route("/characters/<character_id>/backlash/bank", methods=["POST"])
def bank(campaign_id: str, character_id: str) -> Response:
    """Bank Backlash just gained from magic instead of rolling: +1 Backlash.

    Answers the pending bank-or-roll choice (409 `no-backlash-to-bank` without
    one). An owed roll stays owed.
    """
    auth.require_gm_or_player(campaign_id, character_id)
    return _run(campaign_id, character_id, backlash.bank(character_id))


@blp.route("/characters/<character_id>/backlash/consequence-roll", methods=["POST"])
@blp.arguments(ConsequenceRollIn)
def roll(body: dict[str, Any], campaign_id: str, character_id: str) -> Response:
    """Roll for Backlash Consequences: the magic ability against TN 8 + total Backlash.

    Offered after Backlash from magic, owed when total Backlash (temporary +
    permanent) first exceeds current Mana and at each sunrise or sunset while it
    still does (then with +1 Backlash). The ability is the sheet's
    `magic_ability`; no focus. Our reading: it is not an active test, so it never
    gives Stunt Points. `fail_deliberately` fails it with no dice, to burn off
    Backlash. A success brings no Consequence now; a failure makes Consequences
    due (`…/backlash/consequences`). It resolves the oldest owed roll and the
    bank-or-roll choice. If the excess remains, nothing more is owed until the
    next sunrise or sunset.
    """
    auth.require_gm_or_player(campaign_id, character_id)
    decide = consequence_roll.consequence_roll(character_id, body["dice"],
                                               body["fail_deliberately"])
    return _run(campaign_id, character_id, decide)


@blp.route("/characters/<character_id>/backlash/consequences/draw", methods=["POST"])
@blp.arguments(DrawIn)
def draw(body: dict[str, Any], campaign_id: str, character_id: str) -> Response:
    """Roll a Consequence on the tables; it waits in the state until recorded.

    Category 1d6: 1-2 General, 3-4 Supernatural Type, 5-6 Domains. General
    severity 1d6: 1-2 Minor (costs 1 Backlash), 3-4 Moderate (2), 5-6 Major (3).
    Record it with `{"drawn": true, "description": …}` in `…/backlash/consequences`.
    """
    auth.require_gm_or_player(campaign_id, character_id)
    return _run(campaign_id, character_id, consequence_roll.draw(character_id, body["dice"]))


@blp.route("/characters/<character_id>/backlash/consequences", methods=["POST"])
@blp.arguments(ConsequencesIn)
def suffer(body: dict[str, Any], campaign_id: str, character_id: str) -> Response:
    """Record the Consequences of a failed Consequence roll, spending Backlash.

    First, once: how much Backlash to spend, `amount` (1 to the temporary
    Backlash) or `roll_amount` (our reading: 1d6 per full 4 points of temporary
    Backlash, capped at it; fewer than 4 points must choose). Then each
    Consequence: drawn (`…/consequences/draw`) or chosen with the GM's approval
    (only a GM token may choose `category`/`severity`). General costs its
    severity (1, 2, 3); Supernatural Type and Domains spend the `backlash` given.
    Consequences repeat until the amount is spent; the last spends only what
    remains (our reading). Only temporary Backlash is spent. `damage` and
    `conditions` are recorded as caused by Backlash: they never heal magically.
    """
    row = auth.require_gm_or_player(campaign_id, character_id)
    chosen = any(not item["drawn"] for item in body["consequences"])
    _gm_only(row, chosen, "consequence-choice-needs-gm",
             "Choosing a Consequence needs the GM's approval: draw it, or let the GM record it.")
    items = msgspec.convert(body["consequences"], list[consequences.ConsequenceInput])
    decide = consequences.record(character_id, items, body["amount"], body["roll_amount"],
                                 body["amount_dice"])
    return _run(campaign_id, character_id, decide)


@blp.route("/characters/<character_id>/backlash/superhuman", methods=["POST"])
@blp.arguments(SuperhumanIn)
def superhuman(body: dict[str, Any], campaign_id: str, character_id: str) -> Response:
    """Use an ability raised above 5 by a temporary source: +1 temporary Backlash.

    (Abilities bought above 5 give permanent Backlash instead, +1 per 5 points of
    the ability, derived from the sheet; the Disbelief trait gives +1 permanent.)
    """
    auth.require_gm_or_player(campaign_id, character_id)
    return _run(campaign_id, character_id,
                backlash.superhuman_use(character_id, body["ability"], body["note"]))


@blp.route("/characters/<character_id>/magic", methods=["GET"])
@blp.arguments(AtQuery, location="query")
def summary(query: dict[str, Any], campaign_id: str, character_id: str) -> Response:
    """Mana, Backlash (temporary, permanent, total), what is owed and pending, at `?at=`."""
    auth.require_reader(campaign_id)
    state, character = character_for(campaign_id, character_id, query["at"], query["view"])
    return json_response({**at_fields(campaign_id, state), "magic": magic_summary(character)})


@blp.route("/magic/resistance-factors", methods=["GET"])
def resistance_factors(campaign_id: str) -> Response:
    """The named Resistance factors of the rules with their values, and the careful options."""
    auth.require_reader(campaign_id)
    return json_response({"resistance_factors": FACTORS, "careful": list(test.CAREFUL)})
