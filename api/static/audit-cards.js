// Character cards: every character's tracked values at one position.

import {el, show} from "./audit-core.js";

export function effortCommitted(character) {
  const commitments = (character.effort && character.effort.commitments) || [];
  return commitments.reduce((sum, c) => sum + (Number(c.amount) || 0), 0);
}

function effortByPool(character) {
  const pools = new Map();
  for (const c of (character.effort && character.effort.commitments) || []) {
    pools.set(c.pool, (pools.get(c.pool) || 0) + (Number(c.amount) || 0));
  }
  return [...pools].map(([pool, amount]) => `${pool} ${amount}`).join(", ");
}

export function backlashTotal(character) {
  const b = character.backlash || {};
  return (Number(b.temporary) || 0) + (Number(b.permanent) || 0);
}

function pool(p) {
  return p ? `${show(p.current)} / ${show(p.max)}` : "–";
}

function meter(p) {
  if (!p || !(Number(p.max) > 0)) return null;
  return el("meter", {min: 0, max: Number(p.max), value: Math.max(0, Number(p.current) || 0)});
}

function stat(key, label, value, extra) {
  return [el("dt", {}, label), el("dd", {dataset: {stat: key}}, value, extra)];
}

function flags(character) {
  const names = ["dead", "dying", "unconscious"].filter((flag) => character[flag] === true);
  return names.map((name) => el("span", {className: `flag flag-${name}`}, name));
}

function conditions(character) {
  const list = character.conditions || [];
  if (!list.length) return el("p", {className: "muted small"}, "No Conditions");
  return el("ul", {className: "conditions"},
    list.map((c) => el("li", {}, `${show(c.name)} (${show(c.points)})`,
      c.incurable ? el("span", {className: "flag"}, "incurable") : null)));
}

// The character's place in the encounter under way, if any: initiative, whose turn, round.
function encounterStat(character, encounter) {
  if (!encounter) return [];
  const order = encounter.order || [];
  const place = order.find((p) => p.character_id === character.id);
  if (!place) return [];
  const current = order[encounter.turn];
  const turn = current && current.id === place.id ? ", their turn" : "";
  return stat("encounter", "Encounter", `initiative ${show(place.initiative)}${turn}, `
    + `round ${show(encounter.round)}`);
}

// Dying (000): the campaign's mode, when the survival time ends and whether a test is owed.
function dyingStat(character) {
  const d = character.dying_state;
  if (!d) return [];
  const when = d.may_perish ? "may perish" : d.test_owed ? `survival test owed (TN ${9 + 2 * (Number(d.tests) || 0)})`
    : d.ends_round != null ? `survives until round ${show(d.ends_round)}` : `${show(d.survival_rounds)} rounds, not counted`;
  const gritty = d.consciousness_test_owed ? ", TN 9 test against unconsciousness owed" : "";
  return stat("dying", "Dying", `${show(d.mode)}: ${when}${gritty}`);
}

// Each way the character is unconscious, and when it ends (a game minute, or an event).
function knockoutStat(character) {
  const list = character.knockouts || [];
  if (!list.length) return [];
  return stat("knockouts", "Unconscious", list.map((k) => `${show(k.cause)} `
    + (k.until_minute != null ? `until minute ${show(k.until_minute)}` : "until healed")).join(", "));
}

// Each roll of the character whose SP were spent: its budget and what bought what.
function stunts(character, state) {
  const rolls = Object.values((state && state.stunt_spending && state.stunt_spending.rolls) || {})
    .filter((r) => r.character_id === character.id);
  if (!rolls.length) return null;
  return el("ul", {className: "stunts"}, rolls.map((r) => {
    const budget = (Number(r.generated) || 0) + (Number(r.from_pool) || 0)
      - (Number(r.contributed) || 0);
    const bought = (r.stunts || []).map((s) => `${show(s.name)}${s.condition ? ` (${show(s.condition)})` : ""}`
      + ` ${show(s.paid)} SP`).join(", ");
    return el("li", {dataset: {roll: String(r.position)}},
      `Roll ${show(r.position)}: ${budget} SP budget (${show(r.generated)} generated`
      + `${r.from_pool ? `, +${r.from_pool} pool` : ""}${r.contributed ? `, −${r.contributed} to pool` : ""}),`
      + ` ${show(r.spent)} spent on ${bought}`);
  }));
}

export function card(character, state) {
  const b = character.backlash || {};
  const s = character.strain || {};
  const effort = effortCommitted(character);
  return el("article", {className: "card", dataset: {character: character.id}},
    el("h3", {}, show(character.name), ...flags(character)),
    el("dl", {className: "stats"},
      stat("mana", "Mana", pool(character.mana), meter(character.mana)),
      stat("backlash", "Backlash", `${show(b.temporary)} temporary, ${show(b.permanent)} permanent`),
      stat("effort", "Effort committed", effort ? `${effort} (${effortByPool(character)})` : "0"),
      stat("strain", "System Strain", `${show(s.current)} / ${show(s.max)}`
        + (s.permanent ? ` (${s.permanent} permanent)` : ""), meter(s)),
      stat("health", "Health", pool(character.health), meter(character.health)),
      stat("conviction", "Conviction", pool(character.conviction)),
      ...encounterStat(character, state && state.encounter), ...dyingStat(character),
      ...knockoutStat(character)),
    conditions(character), stunts(character, state));
}

export function renderCards(container, state) {
  const characters = Object.values((state && state.characters) || {});
  if (!characters.length) {
    container.replaceChildren(el("p", {className: "muted"}, "No characters at this position."));
    return;
  }
  container.replaceChildren(...characters.map((character) => card(character, state)));
}
