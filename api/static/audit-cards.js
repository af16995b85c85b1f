// Character cards: everything the state holds about each character at one position.
// Shared by the GM console and the table view: `renderCards(container, state, extras)`.

import {el, mapLimited, show} from "./audit-core.js";
import {characterList} from "./audit-diff.js";

export {characterList};
const POOLS = ["mage", "summoner"];
const HELD = ["present", "dismissed", "uncontrolled"];

export function effortCommitted(character) {
  const commitments = (character.effort && character.effort.commitments) || [];
  return commitments.reduce((sum, c) => sum + (Number(c.amount) || 0), 0);
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

function stat(key, label, value, ...extra) {
  return [el("dt", {}, label), el("dd", {dataset: {stat: key}}, value, ...extra)];
}

function flags(character) {
  const names = ["dead", "dying", "unconscious"].filter((flag) => character[flag] === true);
  return names.map((name) => el("span", {className: `flag flag-${name}`}, name));
}

function section(key, title, items, empty) {
  return el("section", {className: "card-part", dataset: {part: key}},
    el("h4", {}, title),
    items.length ? el("ul", {className: "plain"}, items) : el("p", {className: "muted small"}, empty));
}

// What ends a Condition, from the readings in docs/rules/conditions.md.
export function endsBy(c, encounter) {
  const timer = ((encounter && encounter.timers) || []).find((t) => t.condition_id === c.id);
  if (timer) return `ends by itself in the encounter (${show(timer.kind)}, ${show(timer.turns)} turns)`;
  if (c.incurable && c.from_backlash) return "no recovery roll and no magical healing: only the GM ends it";
  if (c.incurable) return "no recovery roll: magical healing only (2 points per point)";
  if (c.name === "Injured" && c.points >= 6) return "heals only by magic";
  const magic = c.from_backlash ? ", never magical healing" : ", or magical healing (2 points per point)";
  const tn = 9 + (Number(c.figure) || 0);
  const treat = c.name === "Injured" && c.points >= 3 && !c.treated
    ? "a day of full treatment and rest, then " : "";
  return `${treat}recovery rolls (Constitution, TN ${tn})${magic}`;
}

function conditions(character, state) {
  return section("conditions", "Conditions", (character.conditions || []).map((c) =>
    el("li", {dataset: {condition: c.id}},
      el("strong", {}, show(c.name)), c.target ? ` (${c.target})` : "", ` · ${show(c.points)} points`,
      c.incurable ? el("span", {className: "flag"}, "incurable") : null,
      c.from_backlash ? el("span", {className: "flag"}, "backlash") : null,
      el("div", {className: "muted small"}, `Ends: ${endsBy(c, state && state.encounter)}`))),
  "No Conditions");
}

function commitmentText(c) {
  const label = c.label ? `${c.label}: ` : "";
  const released = c.released_at ? ` (released at ${c.released_at})` : "";
  const lasts = c.duration === "bound" ? "bound" : `for the ${show(c.duration)}`;
  return `${label}${show(c.amount)} ${lasts}${c.source ? ` · ${c.source}` : ""}${released}`;
}

// Effort per pool, with the maximum from GET …/effort when the page read it.
function effort(character, summary) {
  const commitments = (character.effort && character.effort.commitments) || [];
  const listed = (summary && summary.pools) || [];
  const pools = Array.isArray(listed) ? Object.fromEntries(listed.map((p) => [p.id, p])) : listed;
  return section("effort", "Effort", POOLS.map((name) => {
    const mine = commitments.filter((c) => c.pool === name);
    const committed = mine.reduce((sum, c) => sum + (Number(c.amount) || 0), 0);
    const max = pools[name] ? pools[name].max : null;
    return el("li", {dataset: {pool: name}},
      `${name[0].toUpperCase()}${name.slice(1)}: ${committed} committed of ${show(max)}`,
      mine.length ? el("ul", {className: "sub"}, mine.map((c) =>
        el("li", {dataset: {commitment: c.id}}, commitmentText(c)))) : null);
  }), "");
}

function heldEffort(spirit, character) {
  const ids = new Set((spirit.summonings || []).map((s) => s.commitment_id));
  return ((character.effort && character.effort.commitments) || [])
    .filter((c) => ids.has(c.id) || c.source === `spirit:${spirit.id}`)
    .reduce((sum, c) => sum + (Number(c.amount) || 0), 0);
}

function spirits(character, state) {
  const bound = Object.values((state && state.spirits) || {})
    .filter((s) => s.summoner_id === character.id && HELD.includes(s.status));
  return section("spirits", "Spirits bound", bound.map((s) => el("li", {dataset: {spirit: s.id}},
    el("strong", {}, show(s.name || s.nature)),
    ` · ${show(s.form)} form, level ${show(s.form_level)}, ${show(s.hit_dice)} HD `
    + `(${show(s.hit_points)}/${show(s.max_hit_points)} HP), ${show(s.status)}`,
    el("div", {className: "muted small"}, `Powers: ${(s.powers || []).join(", ") || "none"}`
      + ` · Effort held: ${heldEffort(s, character)}`))), "No spirits bound");
}

function items(character, state) {
  const linked = Object.values((state && state.items) || {}).filter((i) => i.linked_to === character.id);
  return section("items", "Linked items", linked.map((i) => el("li", {dataset: {item: i.id}},
    el("strong", {}, show(i.name)), ` · ${show(i.kind)}, ${show(i.status)}`,
    i.integrity ? `, Integrity ${pool(i.integrity)}` : "")), "No linked items");
}

// Pending decisions and owed rolls, with who must act (the character's player or the GM).
export function pendingDecisions(character) {
  const out = [];
  const b = character.backlash || {};
  const failure = character.magic_tests && character.magic_tests.failure;
  if (failure) {
    out.push(`Magic Test failed (total ${show(failure.total)} vs TN ${show(failure.tn)}): fix it with `
      + `${show(failure.needed)} points or accept ${show(failure.backlash)} Backlash`);
  }
  for (const owed of b.owed || []) out.push(`Consequence roll owed (${show(owed.reason)}, since position ${show(owed.since)})`);
  if (b.choice) out.push(`Bank ${show(b.choice.gained)} Backlash or roll for Consequences`);
  if (b.consequences_due) {
    const due = b.consequences_due;
    out.push(due.amount === null || due.amount === undefined
      ? "Consequences to record: the Backlash to spend on them is still to choose"
      : `Consequences to record: ${show(due.amount - (due.spent || 0))} Backlash left to spend on them`);
  }
  for (const test of character.owed_tests || []) {
    out.push(`${show(test.kind)} test owed: ${show(test.ability)}${test.focus ? ` (${show(test.focus)})` : ""}`
      + `${test.tn === null || test.tn === undefined ? ", TN given when rolled" : ` vs TN ${show(test.tn)}`}`);
  }
  return out;
}

// Effects the clock, the scene or the encounter ends (combat time, docs/rules/encounters.md).
function timedStat(character, state) {
  const parts = (character.snares || []).map((s) => `ensnared until minute ${show(s.until_minute)}`);
  if (character.stun_immune_scene !== null && character.stun_immune_scene !== undefined) {
    parts.push(`immune to Stun and Stunwave until scene ${show(character.stun_immune_scene)} ends`);
  }
  const encounter = state && state.encounter;
  for (const c of (encounter && encounter.consequence_effects) || []) {
    if (c.character_id !== character.id || c.ended) continue;
    parts.push(c.effect === "penalty-next-round" ? `${show(c.modifier)} to all rolls in round ${show(c.round)}`
      : `${show(c.effect).replaceAll("-", " ")}`);
  }
  return parts.length ? stat("timed", "Timed effects", parts.join("; ")) : [];
}

function pending(character, who) {
  const actor = who || `${show(character.name)}'s player or the GM`;
  return section("pending", "Pending decisions", pendingDecisions(character).map((text) =>
    el("li", {}, text, el("span", {className: "muted small"}, ` · to act: ${actor}`))), "Nothing pending");
}

// The character's place in the encounter under way, if any: initiative, whose turn, round.
function encounterStat(character, encounter) {
  if (!encounter) return [];
  const order = encounter.order || [];
  const place = order.find((p) => p.character_id === character.id);
  if (!place) return [];
  const current = order[encounter.turn];
  const turn = current && current.id === place.id ? ", their turn" : "";
  return stat("encounter", "Encounter", `initiative ${show(place.initiative)}${turn}, round ${show(encounter.round)}`);
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

// `extras` (optional): {effort: {characterId: GET …/effort's `effort`}, actors: {characterId: label}}.
export function card(character, state, extras = {}) {
  const b = character.backlash || {};
  const s = character.strain || {};
  return el("article", {className: "card", dataset: {character: character.id}},
    el("h3", {}, show(character.name), ...flags(character)),
    el("dl", {className: "stats"},
      ...stat("mana", "Mana", pool(character.mana), meter(character.mana)),
      ...stat("backlash", "Backlash", `${show(b.temporary)} temporary, ${show(b.permanent)} permanent`),
      ...stat("effort", "Effort committed", String(effortCommitted(character))),
      ...stat("strain", "System Strain", `${show(s.current)} / ${show(s.max)}`
        + (s.permanent ? ` (${s.permanent} permanent)` : ""), meter(s)),
      ...stat("health", "Health", pool(character.health), meter(character.health)),
      ...stat("conviction", "Conviction", pool(character.conviction)),
      ...encounterStat(character, state && state.encounter), ...dyingStat(character),
      ...knockoutStat(character), ...timedStat(character, state)),
    effort(character, extras.effort && extras.effort[character.id]),
    conditions(character, state), spirits(character, state), items(character, state),
    pending(character, extras.actors && extras.actors[character.id]), stunts(character, state));
}

// Each listed character's Effort summary (the maximum per pool needs the rules), read at
// `at`: the `effort` of `extras`.
export async function effortAt(client, characters, at) {
  const found = {};
  await mapLimited(characters, 3, async (c) => {
    try {
      const answer = await client.get(`/characters/${encodeURIComponent(c.id)}/effort`, {at});
      found[c.id] = answer.effort;
    } catch { /* the card then shows the maximum as unknown */ }
  });
  return found;
}

export function renderCards(container, state, extras = {}) {
  const characters = characterList(state);
  if (!characters.length) {
    container.replaceChildren(el("p", {className: "muted"}, "No characters at this position."));
    return;
  }
  container.replaceChildren(...characters.map((character) => card(character, state, extras)));
}
