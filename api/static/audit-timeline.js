// The timeline table: one row per command (correlated events), newest first by default, with
// filters and paging both ways over windows of positions. Each row's changes are computed
// from the states before and after the command, members compared by id (audit-diff.js).

import {el, mapLimited, show, shortTime} from "./audit-core.js";
import {describeChanges} from "./audit-diff.js";
import {budgetLine, loadBudgets} from "./audit-stunt-budget.js";

const $ = (id) => document.getElementById(id);
const WINDOW = 50; // positions per page
const MAX_EMPTY = 20; // windows skipped looking for a match before saying there is none
const FILTERS = {character_id: "filter-character", session: "filter-session", scene: "filter-scene",
  type: "filter-type"};

function positions(entry, onPick) {
  const label = entry.first_position === entry.last_position
    ? String(entry.first_position) : `${entry.first_position}–${entry.last_position}`;
  const button = el("button", {type: "button", className: "link",
    title: "Show the state after this entry"}, label);
  button.addEventListener("click", () => onPick(entry.last_position));
  return button;
}

function what(entry, context, rolls) {
  const about = (entry.character_ids || []).map((id) => context.names.get(id) || id).join(", ");
  return [
    el("div", {className: "types"}, (entry.types || []).join(", ")),
    el("div", {}, show(entry.summary)),
    budgetLine(entry, rolls, context.names),
    about ? el("div", {className: "muted small"}, about) : null,
    entry.voided ? el("div", {className: "flag flag-voided void-note"}, context.voidText(entry.voided_by)) : null,
  ];
}

function row(entry, context, onPick, rolls) {
  return el("tr", {className: entry.voided ? "voided" : "", dataset: {first: entry.first_position}},
    el("td", {}, positions(entry, onPick)),
    el("td", {className: "nowrap"}, shortTime(entry.recorded_at)),
    el("td", {}, `${show(entry.session)} · ${show(entry.scene)}`),
    el("td", {className: "actor"}, context.label(entry.actor)),
    el("td", {}, what(entry, context, rolls)),
    el("td", {className: "changes-cell"}, el("span", {className: "muted small"}, "…")));
}

async function fillChanges(client, entries, body) {
  await mapLimited(entries, 3, async (entry) => {
    const cell = body.querySelector(`tr[data-first="${entry.first_position}"] .changes-cell`);
    try {
      const [before, after] = await Promise.all([
        entry.first_position > 1 ? client.stateAt(entry.first_position - 1).then((a) => a.state) : {},
        client.stateAt(entry.last_position).then((a) => a.state)]);
      const found = describeChanges(before, after);
      if (cell) cell.replaceChildren(found.length ? el("ul", {className: "changes"}, found.map((c) => el("li", {}, c))) : "");
    } catch (failure) {
      if (cell) cell.replaceChildren(el("span", {className: "muted small"}, `changes unavailable: ${failure.message}`));
    }
  });
}

export function timelineView(client, context, onPick) {
  const body = $("timeline-body");
  const status = $("timeline-status");
  const order = $("timeline-order");
  const select = $("filter-character");
  for (const [id, name] of context.names) select.append(el("option", {value: id}, name));
  let head = context.head;
  let low = 1; // the window shown: positions low..high
  let high = 1;
  let asked = 0;
  const newestFirst = () => order.value !== "oldest";

  function filters() {
    const chosen = {};
    for (const [key, id] of Object.entries(FILTERS)) chosen[key] = $(id).value.trim();
    return chosen;
  }

  // Reads windows going `direction` (-1 older, +1 newer) from `start` until one has entries.
  async function load(start, direction, end = null) {
    const ticket = ++asked;
    status.textContent = "Loading the timeline…";
    let from = start;
    try {
      for (let tries = 0; tries < MAX_EMPTY; tries++) {
        const to = Math.min(head, tries === 0 && end !== null ? end : from + WINDOW - 1);
        const answer = await client.get("/timeline", {...filters(), from, to, limit: 200});
        if (ticket !== asked) return;
        const entries = answer.entries || [];
        const last = direction < 0 ? from <= 1 : to >= head;
        if (entries.length || last) {
          low = from;
          high = to;
          if (newestFirst()) entries.reverse();
          const rolls = await loadBudgets(client);
          if (ticket !== asked) return;
          body.replaceChildren(...entries.map((entry) => row(entry, context, onPick, rolls)));
          status.textContent = entries.length
            ? `${entries.length} entries, positions ${from}–${to} of ${head} (${newestFirst() ? "newest" : "oldest"} first)`
            : `No entries in positions ${from}–${to} match these filters.`;
          buttons();
          fillChanges(client, entries, body);
          return;
        }
        from = direction < 0 ? Math.max(1, from - WINDOW) : from + WINDOW;
      }
      status.textContent = "No entries found nearby; widen the filters.";
    } catch (failure) {
      status.textContent = failure.status === 404 || failure.status === 405
        ? "Timeline unavailable on this server." : `Timeline unavailable: ${failure.message}`;
    }
  }

  function buttons() {
    $("timeline-newer").disabled = high >= head;
    $("timeline-older").disabled = low <= 1;
  }
  const first = () => (newestFirst() ? load(Math.max(1, head - WINDOW + 1), -1) : load(1, 1));

  $("timeline-filters").addEventListener("submit", (event) => { event.preventDefault(); first(); });
  order.addEventListener("change", first);
  $("timeline-newer").addEventListener("click", () => load(Math.min(high + 1, head), 1));
  $("timeline-older").addEventListener("click", () => load(Math.max(1, low - WINDOW), -1, low - 1));
  first();
  return {
    // New commands: the newest page follows the head; another page stays where it is.
    setHead(newHead) {
      const atTop = high >= head;
      head = newHead;
      if (atTop && newestFirst()) load(Math.max(1, head - WINDOW + 1), -1);
      else if (atTop) load(low, 1);
      else buttons();
    },
    refresh: () => load(low, 1),
  };
}
