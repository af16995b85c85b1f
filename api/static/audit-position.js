// The position slider: every character's state at the chosen position, and the voided ranges.

import {debounce, el, show, svg} from "./audit-core.js";
import {renderCards} from "./audit-cards.js";

const $ = (id) => document.getElementById(id);

export function inRanges(position, ranges) {
  return ranges.some((r) => position >= r.from && position <= r.to);
}

// Merge voided timeline entries into ranges of positions [{from, to}].
export function voidedRanges(entries) {
  const ranges = [];
  const sorted = entries.filter((e) => e.voided)
    .map((e) => ({from: e.first_position, to: e.last_position}))
    .sort((a, b) => a.from - b.from);
  for (const range of sorted) {
    const last = ranges[ranges.length - 1];
    if (last && range.from <= last.to + 1) last.to = Math.max(last.to, range.to);
    else ranges.push({...range});
  }
  return ranges;
}

function strip(ranges, head) {
  const width = 1000;
  const x = (p) => ((p - 1) / Math.max(head, 1)) * width;
  return svg("svg", {viewBox: `0 0 ${width} 10`, preserveAspectRatio: "none",
    class: "voided-strip", role: "img", "aria-label": "Voided ranges along the history"},
  svg("rect", {class: "track", x: 0, y: 0, width, height: 10}),
  ranges.map((r) => svg("rect", {class: "voided-range", x: x(r.from), y: 0,
    width: Math.max(x(r.to + 1) - x(r.from), 3), height: 10},
  svg("title", {}, `positions ${r.from}–${r.to} voided`))));
}

function describe(answer, ranges) {
  const clock = (answer.state && answer.state.clock) || {};
  const view = answer.view === "canon" ? "canon state" : "state as recorded";
  const voided = inRanges(answer.position, ranges)
    ? " · this position lies in a range a later rewind voided" : "";
  return `Showing the ${view} at position ${answer.position} · session ${show(clock.session)}, `
    + `scene ${show(clock.scene)}, day ${show(clock.day)}${voided}`;
}

export function positionView(client, head) {
  const slider = $("position-slider");
  const output = $("position-value");
  const note = $("position-note");
  const cards = $("cards");
  const canon = $("canon-view");
  let ranges = [];
  let asked = 0;
  slider.min = "1";
  slider.max = String(Math.max(head, 1));
  slider.value = String(head);
  output.textContent = String(head);
  $("position-head").textContent = String(head);

  async function load() {
    const ticket = ++asked;
    const position = Number(slider.value);
    output.textContent = String(position);
    note.textContent = `Loading position ${position}…`;
    try {
      const answer = await client.get("/state", {at: position, view: canon.checked ? "canon" : ""});
      if (ticket !== asked) return; // a newer position was asked for meanwhile
      renderCards(cards, answer.state);
      cards.classList.toggle("is-voided", inRanges(answer.position, ranges));
      cards.dataset.position = String(answer.position);
      note.textContent = describe(answer, ranges);
    } catch (failure) {
      if (ticket === asked) note.textContent = `State unavailable: ${failure.message}`;
    }
  }

  const later = debounce(load, 150);
  slider.addEventListener("input", () => { output.textContent = slider.value; later(); });
  slider.addEventListener("change", load);
  canon.addEventListener("change", load);
  load();
  return {
    moveTo(position) { slider.value = String(position); load(); slider.focus(); },
    setVoided(found, complete) {
      ranges = found;
      if (found.length) load(); // redraw the note and the voided mark for the current position
      const box = $("voided");
      const text = found.length
        ? `Voided by rewinds: ${found.map((r) => (r.from === r.to ? `${r.from}` : `${r.from}–${r.to}`)).join(", ")}`
        : "No voided ranges.";
      box.replaceChildren(strip(found, head),
        el("p", {className: "small", id: "voided-text"}, text,
          complete ? "" : " (only the first part of the history was scanned)"));
    },
  };
}
