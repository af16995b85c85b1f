"""Plain-language timeline summaries of the encounter events (events.py)."""

from __future__ import annotations

from typing import Any

from ledger.domain.audit.summaries import Names, summarizes, who


def _clock(d: dict[str, Any]) -> str:
    return f"minute {d['minute']}, second {d['second']}"


@summarizes("EncounterStarted")
def _started(d: dict[str, Any], names: Names) -> str:
    order = ", ".join(f"{p['name']} {p['initiative']}" for p in d["order"])
    return f"Encounter {d['encounter_id']} began in scene {d['scene']}: {order}"


@summarizes("RoundStarted")
def _round(d: dict[str, Any], names: Names) -> str:
    return f"Round {d['round']} began ({_clock(d)})"


@summarizes("TurnAdvanced")
def _turn(d: dict[str, Any], names: Names) -> str:
    return f"Round {d['round']}: {names(d['participant_id'])}'s turn"


@summarizes("TurnDelayed")
def _delayed(d: dict[str, Any], names: Names) -> str:
    return f"{names(d['participant_id'])} delayed to act after {names(d['after'])}"


@summarizes("ParticipantAdded")
def _added(d: dict[str, Any], names: Names) -> str:
    p = d["participant"]
    return f"{p['name']} joined the encounter at initiative {p['initiative']}"


@summarizes("ParticipantRemoved")
def _removed(d: dict[str, Any], names: Names) -> str:
    reason = f" ({d['reason']})" if d.get("reason") else ""
    return f"{names(d['participant_id'])} left the encounter{reason}"


@summarizes("EncounterSpiritJoined")
def _spirit(d: dict[str, Any], names: Names) -> str:
    return (f"Spirit {d['spirit_id']} acts on {names(d['participant_id'])}'s initiative "
            f"from round {d['from_round']}")


@summarizes("ConditionTimed")
def _timed(d: dict[str, Any], names: Names) -> str:
    t = d["timer"]
    until = (f"until round {t['round']}" if t["kind"] == "rounds"
             else f"for {t['turns']} of their own turns")
    return f"{who(d, names)}'s {t['name']} lasts {until}"


@summarizes("ConditionExpired")
def _expired(d: dict[str, Any], names: Names) -> str:
    return f"{who(d, names)}'s {d['name']} ended ({d['why'].replace('-', ' ')})"


@summarizes("EncounterEnded")
def _ended(d: dict[str, Any], names: Names) -> str:
    return (f"Encounter {d['encounter_id']} ended after {d['rounds']} rounds "
            f"({d['why'].replace('-', ' ')}; {_clock(d)})")


@summarizes("ActiveTestCounted")
def _active_test(d: dict[str, Any], names: Names) -> str:
    if d["generates_sp"]:
        return f"{who(d, names)}'s first active test of their turn generates Stunt Points"
    return (f"{who(d, names)}'s active test generates no Stunt Points "
            f"({d['why'].replace('-', ' ')}; {d['withheld']} SP withheld)")


@summarizes("HurtThisRound")
def _hurt(d: dict[str, Any], names: Names) -> str:
    return (f"{who(d, names)} took {d['amount']} Health damage in round {d['round']}: "
            "no casting that round")


@summarizes("SpellEffectTimed")
def _effect_timed(d: dict[str, Any], names: Names) -> str:
    t = d["effect"]
    return (f"{who(d, names)}'s {t['spell']} lasts {t['rounds']} rounds "
            f"(until round {t['round']})")


@summarizes("SpellEffectEnded")
def _effect_ended(d: dict[str, Any], names: Names) -> str:
    return f"{who(d, names)}'s {d['spell']} ended ({d['why'].replace('-', ' ')})"


@summarizes("SpellEffectUsedInRound")
def _effect_used(d: dict[str, Any], names: Names) -> str:
    return f"{who(d, names)} took {d['spell']}'s action for round {d['round']}"


@summarizes("TestOwed")
def _test_owed(d: dict[str, Any], names: Names) -> str:
    t = d["test"]
    focus = f" ({t['focus']})" if t.get("focus") else ""
    tn = f"TN {t['tn']}" if t.get("tn") is not None else "its TN given when rolled"
    why = (f"Confused at the start of their turn in round {t['round']}" if t["kind"] == "confused"
           else f"a combat of {t['rounds']} rounds, more than {t['limit']}")
    return f"{who(d, names)} owes a {t['kind']} test: {t['ability']}{focus}, {tn} ({why})"


@summarizes("OwedTestRolled")
def _owed_rolled(d: dict[str, Any], names: Names) -> str:
    return (f"{who(d, names)} rolled the {d['kind']} test owed: "
            f"{'success' if d['success'] else 'failure'}")


@summarizes("OwedTestLapsed")
def _owed_lapsed(d: dict[str, Any], names: Names) -> str:
    return f"{who(d, names)}'s {d['kind']} test lapsed unrolled ({d['why'].replace('-', ' ')})"


@summarizes("GrappledThisRound")
def _grappled(d: dict[str, Any], names: Names) -> str:
    return (f"{who(d, names)} was grappled ({d['condition']}) in round {d['round']}: "
            "no casting that round")


@summarizes("ConsequenceEffectTimed")
def _consequence_timed(d: dict[str, Any], names: Names) -> str:
    e = d["effect"]
    if e["effect"] == "penalty-next-round":
        return f"{who(d, names)} is at {e['modifier']} to all rolls in round {e['round']}"
    action = "minor" if e["effect"] == "next-minor-action-fails" else "major"
    return f"{who(d, names)}'s next {action} action fails (Backlash Consequence)"


@summarizes("ConsequenceEffectEnded")
def _consequence_ended(d: dict[str, Any], names: Names) -> str:
    return (f"{who(d, names)}'s Backlash Consequence ({d['effect'].replace('-', ' ')}) ended "
            f"({d['why'].replace('-', ' ')})")


@summarizes("StunImmunityGained")
def _stun_immune(d: dict[str, Any], names: Names) -> str:
    return (f"{who(d, names)} is immune to Stun and Stunwave until scene {d['scene']} ends "
            f"(targeted by {d['spell']})")


@summarizes("ParalysisTargeted")
def _paralysis_targeted(d: dict[str, Any], names: Names) -> str:
    return f"Paralysis reached {who(d, names)} (once per scene: scene {d['scene']})"


@summarizes("StunImmunityEnded")
def _stun_immunity_ended(d: dict[str, Any], names: Names) -> str:
    return f"{who(d, names)}'s immunity to Stun and Stunwave ended with scene {d['scene']}"


@summarizes("Ensnared")
def _ensnared(d: dict[str, Any], names: Names) -> str:
    return (f"{who(d, names)} is snared by spirit {d['spirit_id']} until minute "
            f"{d['until_minute']}")


@summarizes("SnareFaded")
def _snare_faded(d: dict[str, Any], names: Names) -> str:
    return f"{who(d, names)}'s snare by spirit {d['spirit_id']} ended ({d['why'].replace('-', ' ')})"


@summarizes("ConsequenceEffectChosen")
def _consequence_chosen(d: dict[str, Any], names: Names) -> str:
    return (f"{who(d, names)}'s {d['severity']} Consequence: "
            f"{d['effect'].replace('-', ' ')}")

@summarizes("DyingBegan")
def _dying_began(d: dict[str, Any], names: Names) -> str:
    until = (f", until round {d['ends_round']}" if d.get("ends_round") is not None
             else ", not counted outside an encounter")
    return (f"{who(d, names)} is dying ({d['mode']} mode): survives "
            f"{d['survival_rounds']} rounds without treatment{until}")


@summarizes("SurvivalTimeRanOut")
def _ran_out(d: dict[str, Any], names: Names) -> str:
    then = (f"a survival test at TN {d['tn']} is owed" if d["test_owed"]
            else "they may perish: the GM records the death")
    return f"{who(d, names)}'s survival time ran out: {then}"


@summarizes("SurvivalTested")
def _survival_tested(d: dict[str, Any], names: Names) -> str:
    if d["kind"] == "consciousness":
        return (f"{who(d, names)} " + ("stays conscious" if d["success"] else
                                        "falls unconscious until regaining 1 Health")
                + f" while dying (TN {d['tn']})")
    if not d["success"]:
        return f"{who(d, names)} failed the survival test at TN {d['tn']}: they may perish"
    sp = f", {d['stunt_points']} SP" if d.get("stunt_points") else ""
    return (f"{who(d, names)} survives {d['extra_rounds']} more rounds (TN {d['tn']}"
            f"{sp})")


@summarizes("DyingEnded")
def _dying_ended(d: dict[str, Any], names: Names) -> str:
    return f"{who(d, names)} is no longer dying ({d['why'].replace('-', ' ')})"


@summarizes("FirstAidGiven")
def _first_aid(d: dict[str, Any], names: Names) -> str:
    by = f" from {names(d['by'])}" if d.get("by") else ""
    return f"{who(d, names)} received First Aid{by}: ends {', '.join(d['ends'])}"


@summarizes("HelplessWhileDown")
def _helpless_down(d: dict[str, Any], names: Names) -> str:
    return f"{who(d, names)}'s Helpless lasts as long as they are {d['state']}"
