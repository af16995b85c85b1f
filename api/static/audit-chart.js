// A character's Mana, Backlash, Effort (committed) and System Strain over one scene, one
// session or a range of positions, drawn as inline SVG from time-travel reads. The x-axis
// shows positions, scenes or game time. Series that share a value stay visible: each has
// its own marker shape and a small fixed vertical offset.

import {el, mapLimited, show, svg} from "./audit-core.js";
import {backlashTotal, characterList, effortCommitted} from "./audit-cards.js";

const $ = (id) => document.getElementById(id);
// Bounds on requests: event pages scanned, states read, and reads in flight.
const EVENT_PAGES = 5;
const EVENTS_PER_PAGE = 200;
const MAX_POINTS = 40;
const IN_FLIGHT = 4;
export const SERIES = [
  {key: "mana", label: "Mana", shape: "circle", offset: -4.5, value: (c) => Number(c.mana && c.mana.current) || 0},
  {key: "backlash", label: "Backlash (temporary + permanent)", shape: "square", offset: -1.5, value: backlashTotal},
  {key: "effort", label: "Effort committed", shape: "triangle", offset: 1.5, value: effortCommitted},
  {key: "strain", label: "System Strain", shape: "diamond", offset: 4.5, value: (c) => Number(c.strain && c.strain.current) || 0},
];
const BOX = {width: 880, height: 300, left: 44, right: 20, top: 16, bottom: 40};

// The positions to read: the range's first event (its baseline) and the character's events in it.
async function rangePositions(client, characterId, range) {
  const scope = range.kind === "session" ? {session: range.session}
    : range.kind === "scene" ? {scene: range.scene} : {};
  const start = range.kind === "range" ? range.from - 1 : 0;
  const stop = range.kind === "range" ? range.to : Infinity;
  const first = await client.get("/events", {...scope, after: start, limit: 1});
  const found = new Set((first.events || []).map((e) => e.position).filter((p) => p <= stop));
  let after = start;
  for (let i = 0; i < EVENT_PAGES && after !== null && after !== undefined && after < stop; i++) {
    const answer = await client.get("/events", {...scope, character_id: characterId, limit: EVENTS_PER_PAGE, after});
    for (const e of answer.events || []) if (e.position <= stop) found.add(e.position);
    after = answer.next;
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
    const answer = await client.stateAt(at);
    const character = characterList(answer.state).find((c) => c.id === characterId);
    const clock = answer.state.clock || {};
    return character ? {position: answer.position, character, clock} : null; // not registered yet
  });
  return points.filter(Boolean);
}

const minutes = (clock) => (Number(clock.day) || 0) * 1440 + (Number(clock.minutes) || 0);
const clockText = (clock) => `day ${show(clock.day)} ${String(Math.floor((clock.minutes || 0) / 60)).padStart(2, "0")}:`
  + `${String((clock.minutes || 0) % 60).padStart(2, "0")}`;

// Where each point sits on the x-axis, and the ticks to label it with.
export function xAxis(points, mode) {
  if (mode === "time") {
    return {at: (p) => minutes(p.clock), label: (p) => clockText(p.clock), title: "game time", ticks: "change"};
  }
  if (mode === "scene") {
    return {at: (p, i) => i, label: (p) => `scene ${show(p.clock.scene)}`, title: "scene (points in order)", ticks: "change"};
  }
  return {at: (p) => p.position, label: (p) => String(p.position), title: "position", ticks: "ends"};
}

function scales(points, axis) {
  const xs = points.map((p, i) => axis.at(p, i));
  const first = Math.min(...xs);
  const last = Math.max(...xs);
  const top = Math.max(1, ...points.flatMap((p) => SERIES.map((s) => s.value(p.character))));
  const plotW = BOX.width - BOX.left - BOX.right;
  const plotH = BOX.height - BOX.top - BOX.bottom;
  const x = (v) => BOX.left + (last === first ? plotW / 2 : ((v - first) / (last - first)) * plotW);
  const y = (v) => BOX.top + plotH - (v / top) * plotH;
  return {x, y, top, xs};
}

function axes(points, axis, s) {
  const step = Math.max(1, Math.ceil(s.top / 5));
  const marks = [];
  for (let v = 0; v <= s.top; v += step) {
    marks.push(svg("line", {class: "grid", x1: BOX.left, x2: BOX.width - BOX.right, y1: s.y(v), y2: s.y(v)}),
      svg("text", {class: "tick", x: BOX.left - 8, y: s.y(v) + 4, "text-anchor": "end"}, v));
  }
  const base = BOX.height - BOX.bottom + 18;
  let previous = null;
  let lastX = -Infinity;
  points.forEach((p, i) => {
    const text = axis.label(p);
    const ends = i === 0 || i === points.length - 1;
    const wanted = axis.ticks === "ends" ? ends : text !== previous;
    previous = text;
    const at = s.x(s.xs[i]);
    if (!wanted || at - lastX < 60) return; // labels never overlap
    lastX = at;
    marks.push(svg("text", {class: "tick x-tick", x: at, y: base, "text-anchor": "middle"}, text));
  });
  marks.push(svg("text", {class: "axis-label", x: BOX.width / 2, y: BOX.height - 4, "text-anchor": "middle"}, axis.title));
  return marks;
}

function marker(shape, cx, cy, serie, title) {
  const common = {class: "dot", "data-series": serie, "data-shape": shape};
  const r = 3.5;
  const node = shape === "circle" ? svg("circle", {...common, cx, cy, r})
    : shape === "square" ? svg("rect", {...common, x: cx - r, y: cy - r, width: 2 * r, height: 2 * r})
      : svg("polygon", {...common, points: shape === "triangle"
        ? `${cx},${cy - r - 1} ${cx + r + 1},${cy + r} ${cx - r - 1},${cy + r}`
        : `${cx},${cy - r - 1} ${cx + r + 1},${cy} ${cx},${cy + r + 1} ${cx - r - 1},${cy}`});
  node.append(svg("title", {}, title));
  return node;
}

function line(points, serie, s) {
  const values = points.map((p) => serie.value(p.character));
  const y = (v) => s.y(v) + serie.offset; // a fixed offset per series keeps equal lines apart
  const coords = [];
  points.forEach((p, i) => {
    // A step line: a value holds until the next event changes it.
    if (i > 0) coords.push(`${s.x(s.xs[i])},${y(values[i - 1])}`);
    coords.push(`${s.x(s.xs[i])},${y(values[i])}`);
  });
  return svg("g", {class: `series series-${serie.key}`},
    svg("polyline", {class: "line", points: coords.join(" "), "data-series": serie.key,
      "data-values": values.join(","), "data-positions": points.map((p) => p.position).join(",")}),
    points.map((p, i) => marker(serie.shape, s.x(s.xs[i]), y(values[i]), serie.key,
      `${serie.label} ${values[i]} at position ${p.position}`)));
}

function legend(points) {
  const last = points[points.length - 1].character;
  return el("ul", {className: "legend"}, SERIES.map((serie) => el("li", {},
    el("span", {className: `swatch series-${serie.key} shape-${serie.shape}`}), `${serie.label}: ${serie.value(last)} at the end`)));
}

export function draw(container, points, name, mode = "position") {
  const axis = xAxis(points, mode);
  const s = scales(points, axis);
  const chart = svg("svg", {viewBox: `0 0 ${BOX.width} ${BOX.height}`, class: "chart-svg", role: "img",
    "aria-label": `${name}: Mana, Backlash, Effort and System Strain by ${axis.title}`,
    "data-points": points.length, "data-axis": mode},
  axes(points, axis, s), SERIES.map((serie) => line(points, serie, s)));
  container.replaceChildren(chart, legend(points));
}

function rangeText(range) {
  return range.kind === "session" ? `session ${range.session}`
    : range.kind === "scene" ? `scene ${range.scene}` : `positions ${range.from}–${range.to}`;
}

// Reads and draws one character over the range; answers the line under the chart.
async function chartFor(client, characterId, name, range, mode) {
  const positions = await rangePositions(client, characterId, range);
  const chosen = thin(positions, MAX_POINTS);
  const points = await readPoints(client, characterId, chosen);
  if (!points.length) {
    $("chart").replaceChildren();
    return `No events for ${name} in ${rangeText(range)}.`;
  }
  draw($("chart"), points, name, mode);
  return `${name}, ${rangeText(range)}: ${points.length} points, positions `
    + `${points[0].position}–${points[points.length - 1].position}`
    + (positions.length > chosen.length ? ` (thinned from ${positions.length})` : "");
}

function chosenRange() {
  const kind = $("chart-range").value;
  const number = (id) => Number($(id).value.trim());
  return {kind, session: number("chart-session"), scene: number("chart-scene"),
    from: Math.max(1, number("chart-from") || 1), to: number("chart-to") || Infinity};
}

function showInputs() {
  const kind = $("chart-range").value;
  for (const [id, shown] of [["chart-session-label", kind === "session"], ["chart-scene-label", kind === "scene"],
    ["chart-from-label", kind === "range"], ["chart-to-label", kind === "range"]]) $(id).hidden = !shown;
}

export function chartView(client, names, clock) {
  const select = $("chart-character");
  const status = $("chart-status");
  for (const [id, name] of names) select.append(el("option", {value: id}, name));
  $("chart-session").value = String((clock && clock.session) || 0);
  $("chart-scene").value = String((clock && clock.scene) || 0);
  $("chart-range").addEventListener("change", showInputs);
  showInputs();
  $("chart-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!select.value) return;
    status.textContent = "Reading the states…";
    try {
      status.textContent = await chartFor(client, select.value, show(names.get(select.value)),
        chosenRange(), $("chart-x").value);
    } catch (failure) {
      status.textContent = `Chart unavailable: ${failure.message}`;
    }
  });
}
