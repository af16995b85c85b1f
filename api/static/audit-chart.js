// A character's Mana, Backlash, Effort (committed) and System Strain over one session,
// drawn as inline SVG from time-travel reads at the positions of that session's events.

import {characterIn, el, mapLimited, show, svg} from "./audit-core.js";
import {backlashTotal, effortCommitted} from "./audit-cards.js";

const $ = (id) => document.getElementById(id);
// Bounds on requests: event pages scanned, states read, and reads in flight.
const EVENT_PAGES = 5;
const EVENTS_PER_PAGE = 200;
const MAX_POINTS = 40;
const IN_FLIGHT = 4;
const SERIES = [
  {key: "mana", label: "Mana", value: (c) => Number(c.mana && c.mana.current) || 0},
  {key: "backlash", label: "Backlash (temporary + permanent)", value: backlashTotal},
  {key: "effort", label: "Effort committed", value: effortCommitted},
  {key: "strain", label: "System Strain", value: (c) => Number(c.strain && c.strain.current) || 0},
];
const BOX = {width: 880, height: 300, left: 44, right: 20, top: 16, bottom: 40};

async function sessionPositions(client, characterId, session) {
  // The session's first event (its start) gives the baseline before the character's events.
  const first = await client.get("/events", {session, limit: 1});
  const found = new Set((first.events || []).map((e) => e.position));
  let after = null;
  for (let i = 0; i < EVENT_PAGES; i++) {
    const answer = await client.get("/events",
      {session, character_id: characterId, limit: EVENTS_PER_PAGE, after});
    for (const e of answer.events || []) found.add(e.position);
    after = answer.next;
    if (after === null || after === undefined) break;
  }
  return [...found].sort((a, b) => a - b);
}

// Evenly thins the positions down to `max`, keeping the first and the last.
export function thin(positions, max) {
  if (positions.length <= max) return positions;
  const picked = [];
  for (let i = 0; i < max; i++) picked.push(positions[Math.round((i * (positions.length - 1)) / (max - 1))]);
  return [...new Set(picked)];
}

async function readPoints(client, characterId, positions) {
  const points = await mapLimited(positions, IN_FLIGHT, async (at) => {
    const answer = await client.get("/state", {at});
    const character = characterIn(answer.state, characterId);
    return character ? {position: answer.position, character} : null; // not registered yet
  });
  return points.filter(Boolean);
}

function scales(points) {
  const first = points[0].position;
  const last = points[points.length - 1].position;
  const top = Math.max(1, ...points.flatMap((p) => SERIES.map((s) => s.value(p.character))));
  const plotW = BOX.width - BOX.left - BOX.right;
  const plotH = BOX.height - BOX.top - BOX.bottom;
  const x = (p) => BOX.left + (last === first ? plotW / 2 : ((p - first) / (last - first)) * plotW);
  const y = (v) => BOX.top + plotH - (v / top) * plotH;
  return {x, y, top, first, last};
}

function axes(s) {
  const step = Math.max(1, Math.ceil(s.top / 5));
  const marks = [];
  for (let v = 0; v <= s.top; v += step) {
    marks.push(svg("line", {class: "grid", x1: BOX.left, x2: BOX.width - BOX.right, y1: s.y(v), y2: s.y(v)}),
      svg("text", {class: "tick", x: BOX.left - 8, y: s.y(v) + 4, "text-anchor": "end"}, v));
  }
  const base = BOX.height - BOX.bottom + 18;
  marks.push(svg("text", {class: "tick", x: s.x(s.first), y: base, "text-anchor": "middle"}, s.first));
  if (s.last !== s.first) marks.push(svg("text", {class: "tick", x: s.x(s.last), y: base, "text-anchor": "middle"}, s.last));
  marks.push(svg("text", {class: "axis-label", x: BOX.width / 2, y: BOX.height - 4, "text-anchor": "middle"}, "position"));
  return marks;
}

function line(points, serie, s) {
  const values = points.map((p) => serie.value(p.character));
  const coords = [];
  points.forEach((p, i) => {
    // A step line: a value holds until the next event changes it.
    if (i > 0) coords.push(`${s.x(p.position)},${s.y(values[i - 1])}`);
    coords.push(`${s.x(p.position)},${s.y(values[i])}`);
  });
  return svg("g", {class: `series series-${serie.key}`},
    svg("polyline", {class: "line", points: coords.join(" "), "data-series": serie.key,
      "data-values": values.join(","), "data-positions": points.map((p) => p.position).join(",")}),
    points.map((p, i) => svg("circle", {class: "dot", cx: s.x(p.position), cy: s.y(values[i]), r: 3},
      svg("title", {}, `${serie.label} ${values[i]} at position ${p.position}`))));
}

function legend(points) {
  const last = points[points.length - 1].character;
  return el("ul", {className: "legend"}, SERIES.map((serie) => el("li", {},
    el("span", {className: `swatch series-${serie.key}`}), `${serie.label}: ${serie.value(last)} at the end`)));
}

export function draw(container, points, name) {
  const s = scales(points);
  const chart = svg("svg", {viewBox: `0 0 ${BOX.width} ${BOX.height}`, class: "chart-svg", role: "img",
    "aria-label": `${name}: Mana, Backlash, Effort and System Strain by position`,
    "data-points": points.length},
  axes(s), SERIES.map((serie) => line(points, serie, s)));
  container.replaceChildren(chart, legend(points));
}

// Reads and draws one character's session; answers the line under the chart.
async function chartFor(client, characterId, name, session) {
  const positions = await sessionPositions(client, characterId, session);
  const chosen = thin(positions, MAX_POINTS);
  const points = await readPoints(client, characterId, chosen);
  if (!points.length) {
    $("chart").replaceChildren();
    return `No events for ${name} in session ${session}.`;
  }
  draw($("chart"), points, name);
  return `${name}, session ${session}: ${points.length} points, positions `
    + `${points[0].position}–${points[points.length - 1].position}`
    + (positions.length > chosen.length ? ` (thinned from ${positions.length})` : "");
}

export function chartView(client, names, session) {
  const select = $("chart-character");
  const status = $("chart-status");
  for (const [id, name] of names) select.append(el("option", {value: id}, name));
  $("chart-session").value = String(session);
  $("chart-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const chosen = $("chart-session").value.trim();
    if (!select.value || chosen === "") return;
    status.textContent = "Reading the session…";
    try {
      status.textContent = await chartFor(client, select.value, show(names.get(select.value)), chosen);
    } catch (failure) {
      status.textContent = `Chart unavailable: ${failure.message}`;
    }
  });
}
