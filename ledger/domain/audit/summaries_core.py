"""Summaries of the core events: campaign, characters, clock, resources, rolls, Effort,
rewinds. A sentence names the character, the numbers and the before → after."""

from __future__ import annotations

from typing import Any

from ledger.domain.audit.summaries import Names, because, outcome, summarizes, why


@summarizes("CampaignCreated")
def _created(d: dict[str, Any], names: Names) -> str:
    return f"Campaign {d['name']!r} created"


@summarizes("ForkedFrom")
def _forked(d: dict[str, Any], names: Names) -> str:
    o = d["origin"]
    return f"Campaign {d['name']!r} forked from {o['campaign_id']} at position {o['position']}"


@summarizes("SettingsChanged")
def _settings(d: dict[str, Any], names: Names) -> str:
    shown = ", ".join(f"{k} {d['before'].get(k)} → {v}" for k, v in d["changes"].items())
    return f"Settings changed: {shown}"


@summarizes("CharacterRegistered")
def _registered(d: dict[str, Any], names: Names) -> str:
    return f"{d['sheet'].get('name') or names(d['character_id'])} joined the campaign"


@summarizes("SheetUpdated")
def _sheet(d: dict[str, Any], names: Names) -> str:
    return f"{names(d['character_id'])}'s sheet updated: {', '.join(d['changes'])}"


@summarizes("CharacterDied")
def _died(d: dict[str, Any], names: Names) -> str:
    return f"{names(d['character_id'])} died{why(d.get('cause'))}"


@summarizes("Corrected")
def _corrected(d: dict[str, Any], names: Names) -> str:
    return (f"GM corrected {names(d['character_id'])}'s {d['field']} "
            f"({d['before']} → {d['after']}): {d['reason']}")


@summarizes("ResourceSpent")
def _spent(d: dict[str, Any], names: Names) -> str:
    return (f"{names(d['character_id'])} spent {d['amount']} {d['resource'].title()}"
            f"{because(d.get('reason'))} ({d['before']} → {d['after']})")


@summarizes("ResourceGained")
def _gained(d: dict[str, Any], names: Names) -> str:
    return (f"{names(d['character_id'])} gained {d['amount']} {d['resource'].title()}"
            f"{because(d.get('reason'))} ({d['before']} → {d['after']})")


@summarizes("Damaged")
def _damaged(d: dict[str, Any], names: Names) -> str:
    state = ", now dying" if d.get("dying") else ", now unconscious" if d.get("unconscious") else ""
    return (f"{names(d['character_id'])} took {d['amount']} {d['damage_type']} damage"
            f"{why(d.get('reason'))} (Health {d['before']} → {d['after']}{state})")


@summarizes("KnockedOut")
def _knocked_out(d: dict[str, Any], names: Names) -> str:
    until = (f" for {d['minutes']} minutes (until minute {d['until_minute']})"
             if d.get("until_minute") is not None else "")
    return f"{names(d['character_id'])} was knocked out by {d['cause']}{until}"


@summarizes("UnconsciousEnded")
def _unconscious_ended(d: dict[str, Any], names: Names) -> str:
    return f"{names(d['character_id'])} came to from {d['cause']}{why(d.get('why'))}"


@summarizes("ManaRecoveryLimited")
def _mana_limited(d: dict[str, Any], names: Names) -> str:
    return (f"{names(d['character_id'])} recovered {d['recovered']} Mana under Limited Mana "
            f"Recovery {d['limit']} and keeps {d['kept']} ({d['progress_after']} carried)")


@summarizes("Healed")
def _healed(d: dict[str, Any], names: Names) -> str:
    how = " magically" if d.get("magical") else ""
    return (f"{names(d['character_id'])} healed {d['amount']}{how}{why(d.get('reason'))} "
            f"(Health {d['before']} → {d['after']})")


@summarizes("Rolled")
def _rolled(d: dict[str, Any], names: Names) -> str:
    dice = ", ".join(str(die["value"]) for die in d["dice"])
    source = " (reported dice)" if d.get("source") == "reported" else ""
    label = f" for {d['label']}" if d.get("label") else ""
    if d.get("kind") != "age":
        return (f"{names(d.get('character_id'))} rolled {d['expression']}{label}: "
                f"{d['total']} [{dice}]{source}")
    against = f" vs TN {d['tn']}, {outcome(d.get('success'))}" if d.get("tn") is not None else ""
    sp = f", {d['stunt_points']} SP" if d.get("stunt_points") else ""
    return (f"{names(d.get('character_id'))} rolled a {d.get('ability')} test{label}: "
            f"[{dice}] = {d['total']}{against}{sp}{source}")


@summarizes("Rolled", version=2)
@summarizes("Rolled", version=3)
@summarizes("Rolled", version=4)
def _rolled_v2(d: dict[str, Any], names: Names) -> str:
    """Version 2 writes the roll's own text (marked dice, SP, outcome): the line quotes it.
    Version 3's text also names the roller's Conditions (modifiers, procedures, not applied);
    version 4's the talents that rerolled its 1s."""
    source = " (reported dice)" if d.get("source") == "reported" else ""
    label = f" for {d['label']}" if d.get("label") else ""
    who = names(d.get("character_id"))
    if d.get("kind") == "age":
        return f"{who} rolled a {d.get('ability')} test{label}: {d['result_text']}{source}"
    # The notation's text starts with the expression itself: `1d6 (4) = 4`.
    against = f" vs TN {d['tn']}, {outcome(d.get('success'))}" if d.get("tn") is not None else ""
    return f"{who} rolled {d['result_text']}{label}{against}{source}"


@summarizes("SessionStarted")
def _session_started(d: dict[str, Any], names: Names) -> str:
    return (f"Session {d['session']} started (dice epoch {d['dice_epoch']}; "
            f"epoch {d['revealed_epoch']} revealed)")


@summarizes("SessionEnded")
def _session_ended(d: dict[str, Any], names: Names) -> str:
    return f"Session {d['session']} ended (dice epoch {d['revealed_epoch']} revealed)"


@summarizes("SceneStarted")
def _scene_started(d: dict[str, Any], names: Names) -> str:
    return f"Scene {d['scene']} started"


@summarizes("SceneEnded")
def _scene_ended(d: dict[str, Any], names: Names) -> str:
    return f"Scene {d['scene']} ended"


@summarizes("TimeAdvanced")
def _time(d: dict[str, Any], names: Names) -> str:
    return f"Game time advanced {d['minutes']} minutes ({d['before']} → {d['after']})"


@summarizes("SunMarked")
def _sun(d: dict[str, Any], names: Names) -> str:
    return f"{d['marker'].title()} on day {d['day']}"


@summarizes("NewDay")
def _new_day(d: dict[str, Any], names: Names) -> str:
    rested = ", ".join(names(c) for c in d["rested"]) or "nobody"
    return f"Day {d['day']} began; rested: {rested}"


@summarizes("EffortCommitted")
def _effort_committed(d: dict[str, Any], names: Names) -> str:
    c = d["commitment"]
    return (f"{names(d['character_id'])} committed {c['amount']} {c['pool'].title()} Effort "
            f"for the {c['duration']}{why(c.get('label'))} ({d['available_after']} left)")


@summarizes("EffortReleased")
def _effort_released(d: dict[str, Any], names: Names) -> str:
    return (f"{names(d['character_id'])}'s bound Effort released; it returns at the next new "
            "day they rest")


@summarizes("EffortReturned")
def _effort_returned(d: dict[str, Any], names: Names) -> str:
    return (f"{names(d['character_id'])} got back {d['amount']} {d['pool'].title()} Effort "
            f"({d['why']})")


@summarizes("Rewound")
def _rewound(d: dict[str, Any], names: Names) -> str:
    return (f"GM rewound to position {d['to_position']}{why(d.get('reason'))}; "
            f"positions {d['voided_from']} to {d['voided_to']} voided")


@summarizes("Redone")
def _redone(d: dict[str, Any], names: Names) -> str:
    return (f"GM redid the rewind at position {d['rewind_position']}{why(d.get('reason'))}; "
            f"positions {d['restored_from']} to {d['restored_to']} restored")
