// What a command changed, read as sentences. Pure: no DOM, no fetch, so the page, the table
// view and a plain `node` run share it. Lists of objects that carry an `id` (Conditions,
// Effort commitments, spirits, items, characters) are compared member by member by that id,
// never by index: removing the first of two Conditions is one removal, not two changes.

// Log bookkeeping that changes with every event, and the voided ranges (a rewind says those).
const SKIP = new Set(["position", "head_hash", "recorded_at", "serial", "dice",
  "dice_epoch", "dice_commitment", "rewind"]);
const POOLS = {mana: "Mana", health: "Health", conviction: "Conviction"};

// The campaign's characters as a list, whether the state holds them as a map by id or as a
// list (the envelope is moving from the one to the other): the only place that knows both.
export function characterList(state) {
  const found = state && state.characters;
  if (!found) return [];
  return Array.isArray(found) ? found : Object.values(found);
}

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const keyed = (list) => Array.isArray(list) && list.length > 0
  && list.every((m) => isObject(m) && typeof m.id === "string");
const title = (text) => String(text).charAt(0).toUpperCase() + String(text).slice(1);

export function brief(value) {
  if (value === null || value === undefined) return "none";
  if (Array.isArray(value)) return value.length ? value.map(brief).join(", ") : "none";
  if (isObject(value)) return value.name ? String(value.name) : "{…}";
  return String(value);
}

function byId(list) {
  const found = new Map();
  for (const member of list || []) found.set(member.id, member);
  return found;
}

// Members added, removed and kept (in the after-order, then removed ones in before-order).
export function matchById(before, after) {
  const old = byId(before);
  const now = byId(after);
  return {
    added: [...now.values()].filter((m) => !old.has(m.id)),
    removed: [...old.values()].filter((m) => !now.has(m.id)),
    kept: [...now.values()].filter((m) => old.has(m.id)).map((m) => [old.get(m.id), m]),
  };
}

function commitment(c) {
  const label = c.label ? ` (${c.label})` : "";
  return `${title(c.duration)} commitment of ${c.amount} ${title(c.pool)} Effort${label}`;
}

function condition(c) {
  return `${c.name}${c.target ? ` (${c.target})` : ""}, ${c.points} points`;
}

function spirit(s) {
  return `spirit ${s.name || s.nature || s.id}`;
}

// Generic leaves under `label` (a readable prefix), lists of keyed members by id.
function leaves(label, before, after, out) {
  // A field missing on one side and null on the other is no change (it read "none → none").
  if (JSON.stringify(before ?? null) === JSON.stringify(after ?? null)) return;
  if ((keyed(before) || keyed(after)) && (before || []).concat(after || []).every(isObject)) {
    const m = matchById(before || [], after || []);
    for (const a of m.added) out.push(`${label}: ${brief(a.name || a.id)} added`);
    for (const r of m.removed) out.push(`${label}: ${brief(r.name || r.id)} removed`);
    for (const [b, a] of m.kept) leaves(`${label} ${brief(a.name || a.id)}`, b, a, out);
    return;
  }
  // A whole object appearing or going (an encounter, a roll's spending) is one change.
  if (isObject(after) && (before === null || before === undefined)) {
    out.push(`${label}${after.name ? ` ${after.name}` : ""} added`);
    return;
  }
  if (isObject(before) && (after === null || after === undefined)) {
    out.push(`${label}${before.name ? ` ${before.name}` : ""} removed`);
    return;
  }
  if (isObject(before) && isObject(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      leaves(`${label} ${key.replaceAll("_", " ")}`, before[key], after[key], out);
    }
    return;
  }
  out.push(`${label} ${brief(before)} → ${brief(after)}`);
}

function pools(who, b, a, out) {
  for (const [key, name] of Object.entries(POOLS)) {
    const was = b[key] || {};
    const now = a[key] || {};
    if (was.current !== now.current) out.push(`${who} ${name} ${brief(was.current)} → ${brief(now.current)}`);
    if (was.max !== now.max) out.push(`${who} ${name} maximum ${brief(was.max)} → ${brief(now.max)}`);
  }
}

function backlashAndStrain(who, b, a, out) {
  const was = b.backlash || {};
  const now = a.backlash || {};
  for (const part of ["temporary", "permanent"]) {
    if (was[part] !== now[part]) out.push(`${who} ${part} Backlash ${brief(was[part])} → ${brief(now[part])}`);
  }
  if (!was.choice && now.choice) out.push(`${who} must choose: bank the Backlash or roll for Consequences`);
  if (was.choice && !now.choice) out.push(`${who} made the bank-or-roll choice`);
  const owed = (now.owed || []).length - (was.owed || []).length;
  if (owed > 0) out.push(`${who} now owes ${owed} Consequence roll${owed > 1 ? "s" : ""}`);
  if (owed < 0) out.push(`${who} made ${-owed} owed Consequence roll${owed < -1 ? "s" : ""}`);
  if (!was.consequences_due && now.consequences_due) out.push(`${who} must record Consequences`);
  if (was.consequences_due && !now.consequences_due) out.push(`${who} finished the Consequences due`);
  const s = b.strain || {};
  const t = a.strain || {};
  if (s.current !== t.current) out.push(`${who} System Strain ${brief(s.current)} → ${brief(t.current)}`);
  if (s.permanent !== t.permanent) out.push(`${who} permanent System Strain ${brief(s.permanent)} → ${brief(t.permanent)}`);
  if (s.max !== t.max) out.push(`${who} System Strain maximum ${brief(s.max)} → ${brief(t.max)}`);
}

function conditions(name, b, a, out) {
  const m = matchById(b.conditions, a.conditions);
  for (const c of m.added) out.push(`${name} gained ${condition(c)}`);
  for (const c of m.removed) out.push(`${name}'s ${condition(c)} ended`);
  for (const [was, now] of m.kept) {
    if (was.points !== now.points) out.push(`${name}'s ${now.name} ${was.points} → ${now.points} points`);
    const rest = {...was, points: now.points};
    leaves(`${name}'s ${now.name}`, rest, now, out);
  }
}

function effort(name, b, a, out) {
  const m = matchById((b.effort || {}).commitments, (a.effort || {}).commitments);
  for (const c of m.added) out.push(`${name}: ${commitment(c)} made`);
  for (const c of m.removed) out.push(`${name}: ${commitment(c)} returned`);
  for (const [was, now] of m.kept) {
    if (was.released_at == null && now.released_at != null) out.push(`${name}: ${commitment(now)} released`);
    else leaves(`${name}: ${commitment(now)}`, was, now, out);
  }
}

const SPECIAL = new Set(["mana", "health", "conviction", "backlash", "strain", "conditions", "effort",
  "magic_tests"]);

function character(b, a, out) {
  const name = a.name || b.name;
  const who = `${name}'s`;
  pools(who, b, a, out);
  backlashAndStrain(who, b, a, out);
  conditions(name, b, a, out);
  effort(name, b, a, out);
  const failed = (b.magic_tests || {}).failure;
  const failing = (a.magic_tests || {}).failure;
  if (!failed && failing) out.push(`${name} failed a Magic Test: fix or accept it`);
  if (failed && !failing) out.push(`${name}'s failed Magic Test was settled`);
  for (const flag of ["dying", "unconscious", "dead"]) {
    if (b[flag] !== a[flag]) out.push(`${name} ${a[flag] ? "is now" : "is no longer"} ${flag}`);
  }
  for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (SPECIAL.has(key) || ["dying", "unconscious", "dead", "id"].includes(key)) continue;
    leaves(`${who} ${key.replaceAll("_", " ")}`, b[key], a[key], out);
  }
}

function spirits(b, a, names, out) {
  const m = matchById(Object.values(b || {}), Object.values(a || {}));
  for (const s of m.added) {
    out.push(`${title(spirit(s))} bound to ${names(s.summoner_id)} (${s.form}, level ${s.form_level}, `
      + `${s.hit_dice} HD)`);
  }
  for (const s of m.removed) out.push(`${title(spirit(s))} removed`);
  for (const [was, now] of m.kept) {
    if (was.status !== now.status) out.push(`${title(spirit(now))} ${was.status} → ${now.status}`);
    leaves(title(spirit(now)), {...was, status: now.status, history: now.history},
      now, out);
  }
}

function items(b, a, names, out) {
  const m = matchById(Object.values(b || {}), Object.values(a || {}));
  for (const i of m.added) out.push(`Item ${i.name} registered`);
  for (const i of m.removed) out.push(`Item ${i.name} removed`);
  for (const [was, now] of m.kept) {
    if (was.linked_to !== now.linked_to) {
      out.push(now.linked_to ? `${now.name} linked to ${names(now.linked_to)}`
        : `${now.name} unlinked from ${names(was.linked_to)}`);
    }
    leaves(now.name, {...was, linked_to: now.linked_to, links: now.links}, now, out);
  }
}

// Every change between two campaign states, as sentences, in a stable order.
export function describeChanges(before, after) {
  const out = [];
  const b = before || {};
  const a = after || {};
  const all = new Map([...characterList(b), ...characterList(a)].map((c) => [c.id, c.name]));
  const names = (id) => all.get(id) || id || "nobody";
  const m = matchById(characterList(b), characterList(a));
  for (const c of m.added) out.push(`${c.name} joined the campaign`);
  for (const c of m.removed) out.push(`${c.name} left the campaign`);
  for (const [was, now] of m.kept) character(was, now, out);
  spirits(b.spirits, a.spirits, names, out);
  items(b.items, a.items, names, out);
  for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (SKIP.has(key) || ["characters", "spirits", "items"].includes(key)) continue;
    leaves(title(key.replaceAll("_", " ")), b[key], a[key], out);
  }
  return out;
}
