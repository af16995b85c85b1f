// Each spent roll's Stunt Point budget and what it paid for, shown under the roll's
// timeline row. Read once from GET /stunts (the head); a server without it shows nothing.

import {el, show} from "./audit-core.js";

export async function loadBudgets(client) {
  try {
    const answer = await client.get("/stunts");
    const rolls = (answer.stunts && answer.stunts.rolls) || [];
    // The wire sends a list, each roll with its position as `id`: keyed here by position.
    return Array.isArray(rolls) ? Object.fromEntries(rolls.map((r) => [String(r.id), r])) : rolls;
  } catch (failure) {
    return {};
  }
}

function stunt(s, names) {
  const on = s.target ? ` on ${names.get(s.target) || s.target}` : "";
  return `${show(s.name)} ${show(s.paid)} SP${on}`;
}

function text(roll, names) {
  const budget = roll.generated + roll.from_pool - roll.contributed;
  const parts = [`${roll.generated} generated`];
  if (roll.from_pool) parts.push(`+ ${roll.from_pool} from the pool`);
  if (roll.contributed) parts.push(`− ${roll.contributed} into the pool`);
  const spent = (roll.stunts || []).map((s) => stunt(s, names)).join(", ");
  return `SP budget ${budget} (${parts.join(" ")}): spent ${roll.spent} on ${spent}; `
    + `${Math.max(0, budget - roll.spent)} left`;
}

// The line for a timeline entry that holds a spent roll, or null.
export function budgetLine(entry, rolls, names) {
  const position = Object.keys(rolls).map(Number).find(
    (p) => p >= entry.first_position && p <= entry.last_position);
  if (position === undefined) return null;
  return el("div", {className: "sp-budget small", dataset: {roll: position}},
    text(rolls[String(position)], names));
}
