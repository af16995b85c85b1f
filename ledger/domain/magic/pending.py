"""What a character owes or must decide after Magic Tests and Backlash, and the tests
combat time owes (Confused, Fatigue: ledger/domain/encounters/owed.py).

`pending_decisions` lists, from the state alone, each pending decision with the
commands that resolve it; answers and `GET …/magic` show it at any position.
"""

from __future__ import annotations

from typing import Any

from ledger.domain.errors import DomainError, RuleViolation
from ledger.domain.state import Character


def pending_decisions(character: Character) -> list[dict[str, Any]]:
    """Each pending decision of `character`, with the commands that resolve it."""
    out: list[dict[str, Any]] = []
    failure = character.magic_tests.failure
    if failure is not None:
        out.append({
            "kind": "magic-test-failure", "test_id": failure.test_id, "tn": failure.tn,
            "total": failure.total, "fix_needs": failure.needed, "accept_costs": failure.backlash,
            "commands": [f"magic-tests/{failure.test_id}/fix",
                         f"magic-tests/{failure.test_id}/accept"],
        })
    backlash = character.backlash
    if backlash.owed:
        out.append({"kind": "consequence-roll-owed", "rolls": len(backlash.owed),
                    "reasons": [o.reason for o in backlash.owed], "blocks_magic_tests": True,
                    "commands": ["backlash/consequence-roll"]})
    if backlash.choice is not None:
        out.append({"kind": "bank-or-roll", "gained": backlash.choice.gained,
                    "commands": ["backlash/bank", "backlash/consequence-roll"]})
    due = backlash.consequences_due
    if due is not None:
        out.append({"kind": "consequences", "amount": due.amount, "remaining": due.remaining,
                    "drawn": due.drawn, "blocks_magic_tests": True,
                    "commands": ["backlash/consequences", "backlash/consequences/draw"]})
    for test in character.owed_tests:  # combat time (ledger/domain/encounters/owed.py)
        owed: dict[str, Any] = {
            "kind": f"{test.kind}-test-owed", "test_id": test.id, "ability": test.ability,
            "encounter_id": test.encounter_id, "round": test.round, "rounds": test.rounds,
            "blocks_magic_tests": False, "commands": [f"owed-tests/{test.id}/roll"]}
        # A Fatigue TN not set is given when rolled: left out rather than null.
        owed.update({k: v for k, v in (("focus", test.focus), ("tn", test.tn)) if v is not None})
        out.append(owed)
    return out


def resolving(character: Character, kind: str) -> list[str]:
    """The commands that resolve `character`'s pending decision of `kind`."""
    return next((d["commands"] for d in pending_decisions(character) if d["kind"] == kind), [])


SETTLED_KINDS = ("bank-or-roll", "magic-test-failure")


def refusal_as_recorded(refusal: DomainError, before: list[dict[str, Any]]) -> DomainError:
    """A command refused for a block that only settling made (accepting the failure owes a
    roll): nothing is recorded, so the refusal names the decisions still pending as
    recorded, `before` settling, and the commands that resolve them."""
    settled = [d for d in before if d["kind"] in SETTLED_KINDS]
    blocked_before = any(d["commands"] == refusal.resolve for d in before)
    if not settled or not refusal.resolve or blocked_before:
        return refusal
    failure = next((d for d in settled if d["kind"] == "magic-test-failure"), None)
    rule = "magic-test-failure-pending" if failure else "backlash-choice-pending"
    first = (f"Magic Test {failure['test_id']} failed: fix or accept it first" if failure
             else "Backlash just gained awaits the choice to bank it or roll: make it first")
    commands = [c for d in settled for c in d["commands"]]
    return RuleViolation(rule, f"{first} ({', '.join(commands)}); settling it as part of "
                         f"this command would leave it refused: {refusal.detail}",
                         resolve=commands)


def magic_summary(character: Character) -> dict[str, Any]:
    """Mana, Backlash (temporary, permanent, total), what is owed, and what is pending."""
    backlash = character.backlash
    return {
        "character_id": character.id,
        "magic_ability": character.magic_ability,
        "mana": character.mana,
        "backlash": {"temporary": backlash.temporary, "permanent": backlash.permanent,
                     "total": backlash.total, "permanent_sources": backlash.permanent_sources,
                     "harm": backlash.harm},
        "over_mana": backlash.total > character.mana.current,
        "owed": backlash.owed,
        "carried": character.magic_tests.carried,
        "pending": pending_decisions(character),
    }
