// The position slider with its step buttons: every character's state at the chosen position,
// what the command there did (summary, actor, dice, changes), and the voided ranges.

import {debounce, el, show, svg} from "./audit-core.js";
import {characterList, effortAt, renderCards} from "./audit-cards.js";
import {inRanges, rangeText} from "./audit-voids.js";
import {stepView} from "./audit-step.js";

const $ = (id) => document.getElementById(id);

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
      width: Math.max(x(r.to + 0.5) - left, 4), height: 10}, svg("title", {}, `Voided: ${rangeText(r)}`));
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

export function positionView(client, head, context) {
  const slider = $("position-slider");
  const cards = $("cards");
  const canon = $("canon-view");
  let ranges = [];
  let asked = 0;
  let top = head;
  slider.min = "1";
  slider.max = String(Math.max(head, 1));
  slider.value = String(head);
  $("position-head").textContent = String(head);
  const step = stepView(client, context, (position) => moveTo(position));

  async function load() {
    const ticket = ++asked;
    const position = Number(slider.value);
    $("position-value").textContent = String(position);
    $("position-note").textContent = `Loading position ${position}…`;
    context.onPosition(position);
    step.show(position, top);
    try {
      const answer = await client.get("/state", {at: position, view: canon.checked ? "canon" : ""});
      const effort = await effortAt(client, characterList(answer.state), position);
      if (ticket !== asked) return; // a newer position was asked for meanwhile
      renderCards(cards, answer.state, {effort, actors: context.actors});
      cards.classList.toggle("is-voided", inRanges(answer.position, ranges));
      cards.dataset.position = String(answer.position);
      $("position-note").textContent = describe(answer, ranges);
    } catch (failure) {
      if (ticket === asked) $("position-note").textContent = `State unavailable: ${failure.message}`;
    }
  }

  function moveTo(position) {
    slider.value = String(Math.min(Math.max(position, 1), top));
    load();
  }

  const later = debounce(load, 150);
  slider.addEventListener("input", () => { $("position-value").textContent = slider.value; later(); });
  slider.addEventListener("change", load);
  canon.addEventListener("change", load);
  load();
  return {
    moveTo(position) { moveTo(position); slider.focus(); },
    position: () => Number(slider.value),
    // A new head (live feed, rewind, redo): follow it when the slider was at the old head.
    setHead(newHead) {
      const following = Number(slider.value) === top;
      top = newHead;
      slider.max = String(Math.max(newHead, 1));
      $("position-head").textContent = String(newHead);
      if (following) slider.value = String(newHead);
      load();
    },
    setVoided(found) {
      ranges = found;
      $("voided-strip").replaceChildren(strip(found, top));
      $("voided").replaceChildren(el("p", {className: "small", id: "voided-text"},
        found.length ? `Voided: ${found.map(rangeText).join("; ")}` : "No voided ranges."));
      if (found.length) load(); // redraw the voided mark and the step's note
    },
  };
}
