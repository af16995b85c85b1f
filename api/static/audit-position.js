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
    .map((e) => ({from: e.first_position, to: e.last_position, by: e.voided_by ?? null}))
    .sort((a, b) => a.from - b.from);
  for (const range of sorted) {
    const last = ranges[ranges.length - 1];
    if (last && last.by === range.by && range.from <= last.to + 1) last.to = Math.max(last.to, range.to);
    else ranges.push({...range});
  }
  return ranges;
}

function label(range) {
  const span = range.from === range.to ? `position ${range.from}` : `positions ${range.from}–${range.to}`;
  return range.by === null ? span : `${span} (by the rewind at ${range.by})`;
}

function strip(ranges, head) {
  const width = 1000;
  // Centred under the slider's stops: position p sits at (p - 1) steps from the left.
  const step = width / Math.max(head - 1, 1);
  const x = (p) => Math.min(Math.max((p - 1) * step, 0), width);
  return svg("svg", {viewBox: `0 0 ${width} 10`, preserveAspectRatio: "none",
    class: "voided-strip", role: "img", "aria-label": "Voided ranges along the history"},
  svg("rect", {class: "track", x: 0, y: 0, width, height: 10}),
  ranges.map((r) => {
    const left = x(r.from - 0.5);
    return svg("rect", {class: "voided-range", x: left, y: 0,
      width: Math.max(x(r.to + 0.5) - left, 4), height: 10}, svg("title", {}, `Voided: ${label(r)}`));
  }));
}

function describe(answer, ranges) {
  const clock = (answer.state && answer.state.clock) || {};
  const view = answer.view === "canon" ? "canon state" : "state as recorded";
  const voided = inRanges(answer.position, ranges)
    ? " · this position lies in a range a later rewind voided" : "";
  return `Showing the ${view} at position ${answer.position} · session ${show(clock.session)}, `
    + `scene ${show(clock.scene)}, day ${show(clock.day)}${voided}`;
}

function showVoided(found, head, complete) {
  const text = found.length ? `Voided by rewinds: ${found.map(label).join("; ")}` : "No voided ranges.";
  $("voided-strip").replaceChildren(strip(found, head));
  $("voided").replaceChildren(el("p", {className: "small", id: "voided-text"}, text,
    complete ? "" : " (only the first part of the history was scanned)"));
}

function setUpSlider(slider, head) {
  slider.min = "1";
  slider.max = String(Math.max(head, 1));
  slider.value = String(head);
  $("position-value").textContent = String(head);
  $("position-head").textContent = String(head);
}

export function positionView(client, head) {
  const slider = $("position-slider");
  const cards = $("cards");
  const canon = $("canon-view");
  let ranges = [];
  let asked = 0;
  setUpSlider(slider, head);

  async function load() {
    const ticket = ++asked;
    const position = Number(slider.value);
    $("position-value").textContent = String(position);
    $("position-note").textContent = `Loading position ${position}…`;
    try {
      const answer = await client.get("/state", {at: position, view: canon.checked ? "canon" : ""});
      if (ticket !== asked) return; // a newer position was asked for meanwhile
      renderCards(cards, answer.state);
      cards.classList.toggle("is-voided", inRanges(answer.position, ranges));
      cards.dataset.position = String(answer.position);
      $("position-note").textContent = describe(answer, ranges);
    } catch (failure) {
      if (ticket === asked) $("position-note").textContent = `State unavailable: ${failure.message}`;
    }
  }

  const later = debounce(load, 150);
  slider.addEventListener("input", () => { $("position-value").textContent = slider.value; later(); });
  slider.addEventListener("change", load);
  canon.addEventListener("change", load);
  load();
  return {
    moveTo(position) { slider.value = String(position); load(); slider.focus(); },
    setVoided(found, complete) {
      ranges = found;
      showVoided(found, head, complete);
      if (found.length) load(); // redraw the note and the voided mark for the current position
    },
  };
}
