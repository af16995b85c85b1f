// Pending decisions (GET …/characters/{id}/magic): what each one is, and for the player of
// the character (or the GM) the buttons that resolve it through the same commands as the API.

import {el, show} from "./audit-core.js";
import {problemText, wire} from "./table-api.js";

function sentence(d) {
  switch (d.kind) {
    case "magic-test-failure":
      return `Magic Test failed: ${show(d.total)} against TN ${show(d.tn)}. Fix it with `
        + `${show(d.fix_needs)} Mana or Backlash (+1 each), or accept ${show(d.accept_costs)} Backlash.`;
    case "bank-or-roll":
      return `${show(d.gained)} Backlash gained from magic: bank it (+1 Backlash) or roll for Consequences now.`;
    case "consequence-roll-owed":
      return `${show(d.rolls)} Consequence roll${d.rolls === 1 ? "" : "s"} owed `
        + `(${(d.reasons || []).map(show).join("; ")}). Magic Tests wait until it is rolled.`;
    case "consequences":  // the amount is null until chosen (a newcomer's trial saw "– of –")
      return d.amount === null || d.amount === undefined
        ? "Consequences due: the Backlash to spend on them is still to choose; the player or the GM records them."
        : `Consequences due: ${show(d.remaining)} of ${show(d.amount)} Backlash left to spend on them; the player or the GM records them.`;
    default:
      return `Pending: ${show(d.kind)}.`;
  }
}

function number(label, name, value) {
  return el("label", {className: "inline"}, label,
    el("input", {type: "number", min: 0, step: 1, value: String(value), name, dataset: {field: name}}));
}

// [label, command path, body from the form] for each button a decision offers.
function actions(d, form) {
  const value = (name) => Number(form.querySelector(`[data-field="${name}"]`).value) || 0;
  switch (d.kind) {
    case "magic-test-failure":
      return [["Fix", `magic-tests/${d.test_id}/fix`, () => ({mana: value("mana"), backlash: value("backlash")})],
        ["Accept", `magic-tests/${d.test_id}/accept`, () => ({})]];
    case "bank-or-roll":
      return [["Bank", "backlash/bank", () => ({})],
        ["Roll for Consequences", "backlash/consequence-roll", () => ({})]];
    case "consequence-roll-owed":
      return [["Roll for Consequences", "backlash/consequence-roll", () => ({})]];
    default:
      return [];
  }
}

function decision(d, character, api, canAct, done) {
  const note = el("p", {className: "small decision-note", role: "status"});
  const form = el("form", {className: "decision-actions"});
  form.addEventListener("submit", (event) => event.preventDefault()); // only the buttons act
  const item = el("li", {className: "decision", dataset: {kind: d.kind, character: character.id}},
    el("p", {}, el("strong", {}, show(character.name)), " · ", sentence(d)), form, note);
  if (!canAct) return item;
  if (d.kind === "magic-test-failure") {
    form.append(number("Mana", "mana", d.fix_needs || 0), number("Backlash", "backlash", 0));
  }
  for (const [label, path, body] of actions(d, form)) {
    const button = el("button", {type: "button", dataset: {action: path.split("/").pop()}}, label);
    button.addEventListener("click", async () => {
      for (const b of form.querySelectorAll("button")) b.disabled = true;
      note.textContent = `${label}…`;
      try {
        const answer = await api.post(`/characters/${encodeURIComponent(character.id)}/${path}`, body());
        const magic = wire(answer, "magic");
        note.textContent = `Recorded at position ${show(answer.position)}`
          + `${magic && magic.backlash ? ` · Backlash now ${show(magic.backlash.total)}` : ""}.`;
        note.className = "small decision-note";
        done();
      } catch (failure) {
        note.textContent = `Refused: ${problemText(failure)}`;
        note.className = "small decision-note error";
      }
      for (const b of form.querySelectorAll("button")) b.disabled = false;
    });
    form.append(button);
  }
  return item;
}

// Reads and shows the pending decisions of `characters`; `canAct(character)` says who gets
// buttons. Unchanged decisions are left as they are, so a live refresh never wipes what a
// player is typing into a Fix box.
export async function renderDecisions(container, api, characters, canAct, done) {
  const answers = await Promise.all(characters.map((c) =>
    api.get(`/characters/${encodeURIComponent(c.id)}/magic`).then((a) => [c, a]).catch(() => [c, null])));
  const found = answers.flatMap(([character, answer]) => {
    const magic = wire(answer, "magic");
    return ((magic && magic.pending) || []).map((d) => [character, d]);
  });
  const key = JSON.stringify(found.map(([c, d]) => [c.id, c.name, d]));
  if (container.dataset.key === key) return;
  container.dataset.key = key;
  container.replaceChildren(found.length
    ? el("ul", {className: "decisions"}, found.map(([c, d]) => decision(d, c, api, canAct(c), done)))
    : el("p", {className: "muted", id: "no-decisions"}, "Nothing waits on a decision."));
}
