// Stepping one command at a time: the previous/next buttons and the arrow keys, and at each
// position one sentence of what happened there, who did it, its dice with their verification
// status, and its changes compared by identity (audit-diff.js).

import {el, show} from "./audit-core.js";
import {describeChanges} from "./audit-diff.js";

const $ = (id) => document.getElementById(id);
const TYPING = new Set(["INPUT", "SELECT", "TEXTAREA"]); // their arrows are their own

// Dice live at the top of an event's data or one level down (docs/rules/audit.md, Verify).
export function diceOf(event) {
  const data = event.data || {};
  const found = [];
  const isDice = (v) => Array.isArray(v) && v.length && v.every((d) => d && typeof d === "object" && "value" in d);
  if (isDice(data.dice)) found.push(data.dice);
  for (const value of Object.values(data)) {
    if (value && typeof value === "object" && !Array.isArray(value) && isDice(value.dice)) found.push(value.dice);
  }
  return found.flat();
}

// A roll's status from GET …/verify: mismatched, reported at the table, pending, or verified.
export function diceStatus(position, verify) {
  const dice = (verify && verify.dice) || null;
  if (!dice) return "not checked";
  const at = (list) => (list || []).some((d) => d.position === position);
  if (at(dice.mismatches)) return "MISMATCH: not what the seed derives";
  if (at(dice.reported)) return "reported at the table (physical dice, not verifiable)";
  if (at(dice.pending)) return "pending: the seed is not revealed yet";
  return "verified against the revealed seed";
}

async function entryAt(client, position) {
  const answer = await client.get("/timeline", {from: position, to: position, limit: 1});
  return (answer.entries || [])[0] || null;
}

export function stepView(client, context, moveTo) {
  const prev = $("step-prev");
  const next = $("step-next");
  let current = null; // the timeline entry of the command at the slider's position
  let head = 0;
  let asked = 0;

  async function goNext() {
    if (!current) return;
    const answer = await client.get("/timeline", {after: current.last_position, limit: 1});
    const entry = (answer.entries || [])[0];
    if (entry) moveTo(entry.last_position);
  }
  function goPrev() {
    if (current && current.first_position > 1) moveTo(current.first_position - 1);
  }
  prev.addEventListener("click", goPrev);
  next.addEventListener("click", goNext);
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || TYPING.has(event.target.tagName)) return;
    if (event.key === "ArrowLeft") { event.preventDefault(); goPrev(); }
    if (event.key === "ArrowRight") { event.preventDefault(); goNext(); }
  });

  async function render(position, entry) {
    const [events, before, after] = await Promise.all([
      client.get("/events", {after: entry.first_position - 1, limit: entry.last_position - entry.first_position + 1}),
      entry.first_position > 1 ? client.stateAt(entry.first_position - 1).then((a) => a.state) : {},
      client.stateAt(entry.last_position).then((a) => a.state),
    ]);
    const rolls = (events.events || []).map((e) => ({e, dice: diceOf(e)})).filter((r) => r.dice.length);
    const verify = context.verify();
    const changes = describeChanges(before, after);
    return [
      el("p", {id: "step-summary", className: "step-summary"}, show(entry.summary)),
      el("p", {className: "small"},
        entry.last_position !== entry.first_position ? `Positions ${entry.first_position}–${entry.last_position}`
          : `Position ${entry.first_position}`,
        " · by ", el("span", {id: "step-actor"}, context.label(entry.actor)),
        entry.voided ? el("span", {className: "flag flag-voided"}, context.voidText(entry.voided_by)) : null),
      rolls.length ? el("ul", {id: "step-dice", className: "plain small"}, rolls.map(({e, dice}) =>
        el("li", {}, `Dice at ${e.position}: ${dice.map((d) => `${d.value}${d.sides ? ` (d${d.sides})` : ""}`).join(", ")} · `,
          el("strong", {}, diceStatus(e.position, verify))))) : el("p", {className: "muted small"}, "No dice."),
      el("ul", {id: "step-changes", className: "changes"},
        changes.length ? changes.map((c) => el("li", {}, c)) : el("li", {className: "muted"}, "No tracked value changed.")),
    ];
  }

  return {
    async show(position, top) {
      const ticket = ++asked;
      head = top;
      prev.disabled = position <= 1;
      next.disabled = position >= head;
      try {
        const entry = await entryAt(client, position);
        if (ticket !== asked) return;
        current = entry;
        if (!entry) { $("step").replaceChildren(el("p", {className: "muted"}, "Nothing recorded here.")); return; }
        const parts = await render(position, entry);
        if (ticket === asked) $("step").replaceChildren(...parts);
      } catch (failure) {
        if (ticket === asked) $("step").replaceChildren(el("p", {className: "muted"}, `Step unavailable: ${failure.message}`));
      }
    },
  };
}
