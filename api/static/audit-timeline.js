// The timeline table: one row per command (correlated events), with filters and paging.

import {el, show, shortTime} from "./audit-core.js";

const $ = (id) => document.getElementById(id);
const PAGE = 50;
const LONG = 40;
const FILTERS = {character_id: "filter-character", session: "filter-session", scene: "filter-scene",
  type: "filter-type", from: "filter-from", to: "filter-to"};

function positions(entry, onPick) {
  const label = entry.first_position === entry.last_position
    ? String(entry.first_position) : `${entry.first_position}–${entry.last_position}`;
  const button = el("button", {type: "button", className: "link",
    title: "Show the state after this entry"}, label);
  button.addEventListener("click", () => onPick(entry.last_position));
  return button;
}

function actor(entry, names) {
  const a = entry.actor || {};
  const who = a.character_id ? names.get(a.character_id) || a.character_id : "";
  return [show(a.role), who ? ` · ${who}` : ""];
}

function what(entry, names) {
  const about = (entry.character_ids || []).map((id) => names.get(id) || id).join(", ");
  return [
    el("div", {className: "types"}, (entry.types || []).join(", ")),
    el("div", {}, show(entry.summary)),
    about ? el("div", {className: "muted small"}, about) : null,
    entry.voided ? el("span", {className: "flag flag-voided"},
      entry.voided_by ? `voided at ${entry.voided_by}` : "voided") : null,
  ];
}

// "characters.chr_1.mana.current" reads better as "Mara mana.current".
function path(raw, names) {
  const parts = String(raw).split(".");
  if (parts[0] === "characters" && parts.length >= 2 && names.has(parts[1])) {
    const field = parts.length > 2 ? el("code", {}, parts.slice(2).join(".")) : "(sheet)";
    return [`${names.get(parts[1])} `, field];
  }
  return [el("code", {}, String(raw))];
}

// Long values (a whole new sheet, a hash) are cut; the full text stays in the tooltip.
function brief(value) {
  if (value !== null && typeof value === "object") return Array.isArray(value) ? "[…]" : "{…}";
  const text = show(value);
  return text.length > LONG ? `${text.slice(0, LONG - 1)}…` : text;
}

function changes(entry, names) {
  const list = entry.changes || [];
  if (!list.length) return "";
  return el("ul", {className: "changes"}, list.map((c) =>
    el("li", {title: `${show(c.path)}: ${show(c.before)} → ${show(c.after)}`},
      ...path(c.path, names), ` ${brief(c.before)} → ${brief(c.after)}`)));
}

function row(entry, names, onPick) {
  return el("tr", {className: entry.voided ? "voided" : "", dataset: {first: entry.first_position}},
    el("td", {}, positions(entry, onPick)),
    el("td", {className: "nowrap"}, shortTime(entry.recorded_at)),
    el("td", {}, `${show(entry.session)} · ${show(entry.scene)}`),
    el("td", {}, actor(entry, names)),
    el("td", {}, what(entry, names)),
    el("td", {}, changes(entry, names)));
}

export function timelineView(client, names, onPick) {
  const body = $("timeline-body");
  const more = $("timeline-more");
  const status = $("timeline-status");
  const select = $("filter-character");
  for (const [id, name] of names) select.append(el("option", {value: id}, name));
  let after = null;
  let shown = 0;

  function params() {
    const chosen = {limit: PAGE, after};
    for (const [key, id] of Object.entries(FILTERS)) chosen[key] = $(id).value.trim();
    return chosen;
  }

  async function page(reset) {
    if (reset) { after = null; shown = 0; body.replaceChildren(); }
    status.textContent = "Loading the timeline…";
    more.hidden = true;
    try {
      const answer = await client.get("/timeline", params());
      const entries = answer.entries || [];
      body.append(...entries.map((entry) => row(entry, names, onPick)));
      shown += entries.length;
      after = answer.next;
      more.hidden = after === null || after === undefined;
      status.textContent = shown ? `${shown} entries shown` : "No entries match these filters.";
    } catch (failure) {
      status.textContent = failure.status === 404 || failure.status === 405
        ? "Timeline unavailable on this server." : `Timeline unavailable: ${failure.message}`;
    }
  }

  $("timeline-filters").addEventListener("submit", (event) => { event.preventDefault(); page(true); });
  more.addEventListener("click", () => page(false));
  page(true);
}

// Scans the unfiltered timeline (a bounded number of pages) for voided entries.
export async function scanVoided(client, maxPages = 5) {
  const voided = [];
  let after = null;
  for (let i = 0; i < maxPages; i++) {
    const answer = await client.get("/timeline", {limit: 200, after});
    voided.push(...(answer.entries || []).filter((e) => e.voided));
    after = answer.next;
    if (after === null || after === undefined) return {voided, complete: true};
  }
  return {voided, complete: false};
}
