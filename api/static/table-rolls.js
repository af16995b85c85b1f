// The roll log: every recorded roll with its dice, Stunt Points, stunts and verification
// mark; a GM's hidden roll is a placeholder until its reveal is recorded.

import {el, show} from "./audit-core.js";
import {byId} from "./table-api.js";

const MARKS = {
  verified: ["✓", "verified"], pending: ["○", "seed sealed"], reported: ["✎", "reported"],
  mismatch: ["✗", "does not match"], sealed: ["○", "hidden"], revealed: ["✓", "revealed"],
};

// Positions the verification report names, by what it found.
export function verdicts(report) {
  const dice = (report && report.dice) || {};
  const hidden = (report && report.hidden) || {};
  const at = (list) => new Set((list || []).map((x) => (typeof x === "object" ? x.position : x)));
  return {mismatch: at(dice.mismatches), reported: at(dice.reported), pending: at(dice.pending),
    revealed: at(hidden.revealed), known: Boolean(report)};
}

function markOf(event, found) {
  const p = event.position;
  if (event.type === "HiddenRolled") return event.revealed ? "revealed" : "sealed";
  if (found.mismatch.has(p)) return "mismatch";
  if (found.reported.has(p) || event.data.source === "reported") return "reported";
  if (found.pending.has(p) || !found.known) return "pending";
  return "verified";
}

function dice(roll) {
  const list = roll.dice || [];
  return el("span", {className: "dice"}, list.map((d, i) => el("span", {
    className: `die die-${show(d.mark || "kept")}${roll.kind === "age" && i === 2 ? " stunt-die" : ""}`,
    title: `d${show(d.sides)}${d.mark ? `, ${d.mark}` : ""}`,
  }, show(d.value))));
}

function stuntsOf(position, state) {
  const spent = state && state.stunt_spending
    && byId(state.stunt_spending.rolls)[String(position)];
  if (!spent || !(spent.stunts || []).length) return null;
  return el("span", {className: "bought", dataset: {field: "stunts"}}, "Stunts: ",
    spent.stunts.map((s) => `${show(s.name)} (${show(s.paid)} SP)`).join(", "));
}

function rollBody(roll, position, state) {
  const sp = Number(roll.stunt_points) || 0;
  return [
    el("span", {className: "roll-text", dataset: {field: "result"}},
      show(roll.result_text || `${show(roll.expression)} = ${show(roll.total)}`)),
    dice(roll),
    sp ? el("span", {className: "sp", dataset: {field: "sp"}}, `${sp} SP`) : null,
    stuntsOf(position, state),
  ];
}

function entry(event, names, state, found) {
  const mark = markOf(event, found);
  const [symbol, word] = MARKS[mark];
  const roll = event.type === "HiddenRolled" ? event.revealed : event.data;
  const who = roll && roll.character_id ? names.get(roll.character_id) || roll.character_id : "GM";
  const label = roll && roll.label ? ` · ${roll.label}` : "";
  const voided = event.voided_by ? el("span", {className: "flag flag-voided"},
    `voided by the rewind at ${event.voided_by}`) : null;
  const body = event.type === "HiddenRolled" && !event.revealed
    ? [el("span", {className: "roll-text"}, "A hidden roll by the GM, sealed until revealed.")]
    : rollBody(roll, event.position, state);
  return el("li", {className: `roll${event.voided_by ? " voided" : ""}`,
    dataset: {position: String(event.position), mark}},
  el("div", {className: "roll-head"},
    el("span", {className: `verify-mark mark-${mark}`, title: word, dataset: {field: "mark"}},
      `${symbol} ${word}`),
    el("strong", {}, show(who)), el("span", {className: "muted"}, `${label} · #${event.position}`),
    voided),
  el("div", {className: "roll-body"}, ...body));
}

// The dice-carrying events and hidden rolls, each hidden roll with its reveal when recorded.
export function rollsOf(events) {
  const reveals = new Map();
  for (const e of events) {
    if (e.type === "HiddenRevealed" && e.data && e.data.data) reveals.set(e.data.data.position, e.data.data);
  }
  return events.filter((e) => e.type === "HiddenRolled" || (e.data && Array.isArray(e.data.dice)))
    .filter((e) => e.type !== "HiddenRevealed")
    .map((e) => (e.type === "HiddenRolled" ? {...e, revealed: reveals.get(e.position) || null} : e));
}

export function renderRolls(list, events, names, state, report) {
  const found = verdicts(report);
  const rolls = rollsOf(events).reverse();
  if (!rolls.length) {
    list.replaceChildren(el("li", {className: "muted"}, "No rolls yet."));
    return;
  }
  list.replaceChildren(...rolls.map((e) => entry(e, names, state, found)));
}
