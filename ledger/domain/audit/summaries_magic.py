"""Summaries of the magic events: Magic Tests, Backlash and Consequences, spells and
System Strain. A rule module may register its own summarizer for a type; being imported
later, it replaces the one here."""

from __future__ import annotations

from typing import Any

from ledger.domain.audit.summaries import Names, because, outcome, summarizes, who, why

# --- Magic Tests and Backlash (002) ---------------------------------------------------------

@summarizes("MagicTestMade")
def _magic_test(d: dict[str, Any], names: Names) -> str:
    label = f" for {d['label']}" if d.get("label") else ""
    how = "automatic success" if d.get("automatic") else f"{d['total']}, {outcome(d['success'])}"
    return f"{who(d, names)} made a Magic Test{label}: TN {d['target']['tn']}, {how}"


@summarizes("MagicTestFixed")
def _fixed(d: dict[str, Any], names: Names) -> str:
    return (f"{who(d, names)} fixed a failed Magic Test with {d['mana']} Mana and "
            f"{d['backlash']} Backlash")


@summarizes("MagicTestFailureAccepted")
def _accepted(d: dict[str, Any], names: Names) -> str:
    return (f"{who(d, names)} took the failure: {d['backlash']} Backlash "
            f"(failed by {d['degree']})")


@summarizes("BacklashGained")
def _backlash(d: dict[str, Any], names: Names) -> str:
    return (f"{who(d, names)} gained {d['amount']} Backlash{why(d.get('source'))} "
            f"({d['before']} → {d['after']})")


@summarizes("PermanentBacklashChanged")
def _permanent_backlash(d: dict[str, Any], names: Names) -> str:
    return f"{who(d, names)}'s permanent Backlash {d['before']} → {d['after']}"


@summarizes("ConsequenceRollOwed")
def _roll_owed(d: dict[str, Any], names: Names) -> str:
    return (f"{who(d, names)} owes a Consequence roll (Backlash {d['total']} over "
            f"Mana {d['mana']}){why(d.get('reason'))}")


@summarizes("ConsequenceRolled")
def _consequence_rolled(d: dict[str, Any], names: Names) -> str:
    result = "no Consequence now" if d["success"] else "Consequences due"
    return f"{who(d, names)} rolled for Consequences against TN {d['tn']}: {result}"


@summarizes("ConsequenceDrawn")
def _drawn(d: dict[str, Any], names: Names) -> str:
    drawn = d["drawn"]
    return f"{who(d, names)} drew a {drawn.get('severity') or ''} {drawn['category']} Consequence"


@summarizes("ConsequenceAmountSet")
def _amount(d: dict[str, Any], names: Names) -> str:
    how = "rolled" if d.get("rolled") else "chosen"
    return f"{who(d, names)} will spend {d['amount']} Backlash on Consequences ({how})"


@summarizes("ConsequenceSuffered")
def _suffered(d: dict[str, Any], names: Names) -> str:
    c = d["consequence"]
    return (f"{who(d, names)} suffered a {c['category']} Consequence{why(c.get('description'))}"
            f" (Backlash {d['before']} → {d['after']})")


@summarizes("BacklashHarmRecovered")
def _harm(d: dict[str, Any], names: Names) -> str:
    return f"{who(d, names)} recovered Backlash harm ({d['before']} → {d['after']})"


# --- spells and System Strain (001) -------------------------------------------------------

@summarizes("SpellCast")
def _spell(d: dict[str, Any], names: Names) -> str:
    over = " (overcast)" if d.get("overcast") else ""
    lost = ", lost mid-cast" if d.get("lost") else ""
    return f"{who(d, names)} cast {d['spell']}{over} for {d['effort']} Effort{lost}"


@summarizes("SpellEffectUsed")
def _effect(d: dict[str, Any], names: Names) -> str:
    return f"{who(d, names)} used {d['spell']} (use {d['use']} on day {d['day']})"


@summarizes("SpellsPrepared")
def _prepared(d: dict[str, Any], names: Names) -> str:
    return f"{who(d, names)} prepared {', '.join(d['spells']) or 'no spells'} on day {d['day']}"


@summarizes("SpellPreparationOpened")
def _preparation(d: dict[str, Any], names: Names) -> str:
    return f"{who(d, names)} may prepare spells again (day {d['day']})"


@summarizes("StrainGained")
def _strain(d: dict[str, Any], names: Names) -> str:
    over = ", over the maximum" if d.get("over_max") else ""
    return (f"{who(d, names)} gained {d['amount']} System Strain{because(d.get('reason'))} "
            f"({d['before']} → {d['after']}{over})")


@summarizes("StrainRecovered")
def _strain_recovered(d: dict[str, Any], names: Names) -> str:
    return (f"{who(d, names)} recovered {d['amount']} System Strain "
            f"({d['before']} → {d['after']})")


@summarizes("PermanentStrainChanged")
def _permanent_strain(d: dict[str, Any], names: Names) -> str:
    return (f"{who(d, names)}'s permanent System Strain {d['permanent_before']} → "
            f"{d['permanent_after']}{why(d.get('reason'))}")


@summarizes("OvercastCollapsed")
def _collapsed(d: dict[str, Any], names: Names) -> str:
    return (f"{who(d, names)} collapsed from overcasting (Strain {d['strain']} over "
            f"{d['max']}; Health {d['health_before']} → {d['health_after']})")


@summarizes("CollapseEnded")
def _woke(d: dict[str, Any], names: Names) -> str:
    return f"{who(d, names)} woke up{why(d.get('why'))}"
