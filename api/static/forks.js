// The fork page: a fork's origin, a new fork, and a character compared between any position
// of the origin and any position of the fork (GET …/characters/{id}/compare).

import {el, show} from "./audit-core.js";
import {campaignOf, client, onToken, problemText, say, wire} from "./table-api.js";

const $ = (id) => document.getElementById(id);
const campaignId = $("forks").dataset.campaign;
const pageOf = (id) => `/campaigns/${encodeURIComponent(id)}/forks`;

function renderOrigin(campaign, report) {
  const from = campaign.forked_from;
  if (!from) {
    $("origin").replaceChildren(el("p", {id: "origin-text"}, "This campaign is no fork: it started from nothing."));
    return;
  }
  const check = report && report.fork;
  const verdict = !check ? "not checked" : !check.origin_found ? "origin not in this store"
    : check.ok ? "the origin's history at that position is the one recorded" : "does NOT match the origin";
  $("origin").replaceChildren(
    el("p", {id: "origin-text"}, "Forked from ", el("a", {href: pageOf(from.campaign_id), id: "origin-link"},
      el("code", {}, from.campaign_id)), ` at position ${show(from.position)}.`),
    el("p", {className: "small muted"}, "Origin's head hash then: ", el("code", {}, show(from.head_hash))),
    el("p", {className: `badge badge-${check && check.ok ? "ok" : check ? "bad" : "unknown"}`,
      id: "origin-check"}, `Verification: ${verdict}`));
}

// The values a table argues about, read from a character answer.
const ROWS = [
  ["Mana", (c) => `${show(c.mana && c.mana.current)} / ${show(c.mana && c.mana.max)}`],
  ["Backlash", (c) => `${show(c.backlash && c.backlash.temporary)} temporary, ${show(c.backlash && c.backlash.permanent)} permanent`],
  ["Health", (c) => `${show(c.health && c.health.current)} / ${show(c.health && c.health.max)}`],
  ["System Strain", (c) => `${show(c.strain && c.strain.current)} / ${show(c.strain && c.strain.max)}`],
  ["Conviction", (c) => `${show(c.conviction && c.conviction.current)} / ${show(c.conviction && c.conviction.max)}`],
  ["Conditions", (c) => (c.conditions || []).map((x) => `${show(x.name)} (${show(x.points)})`).join(", ") || "none"],
];

function side(answerSide, row) {
  const c = answerSide.character;
  return c ? row[1](c) : "did not exist";
}

function renderCompare(answer) {
  const {origin, fork} = answer;
  const table = el("table", {className: "compare-table", id: "compare-table"},
    el("thead", {}, el("tr", {}, el("th", {}, ""),
      el("th", {scope: "col"}, `Origin at ${show(origin.position)}`),
      el("th", {scope: "col"}, `Fork at ${show(fork.position)}`))),
    el("tbody", {}, ROWS.map((row) => {
      const before = side(origin, row);
      const after = side(fork, row);
      return el("tr", {className: before === after ? "" : "changed", dataset: {row: row[0]}},
        el("th", {scope: "row"}, row[0]), el("td", {dataset: {side: "origin"}}, before),
        el("td", {dataset: {side: "fork"}}, after));
    })));
  const changes = answer.changes || [];
  $("compare").replaceChildren(el("div", {className: "table-wrap"}, table),
    el("h3", {}, `${changes.length} difference${changes.length === 1 ? "" : "s"}`),
    el("ul", {className: "changes", id: "compare-changes"}, changes.map((c) =>
      el("li", {dataset: {path: show(c.path)}}, `${show(c.path)}: ${show(c.before)} → ${show(c.after)}`))));
}

function compareView(api, campaign, state) {
  const from = campaign.forked_from;
  $("compare-panel").hidden = !from;
  if (!from) return;
  $("compare-character").replaceChildren(...wire(state, "characters").map((c) =>
    el("option", {value: c.id}, show(c.name))));
  $("compare-origin-at").value = String(from.position);
  $("compare-fork-at").value = String(campaign.position);
  $("compare-fork-at").max = String(campaign.position);
  $("compare-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const id = $("compare-character").value;
    $("compare-status").textContent = "Comparing…";
    try {
      const answer = await api.get(`/characters/${encodeURIComponent(id)}/compare`, {
        origin_at: $("compare-origin-at").value, fork_at: $("compare-fork-at").value});
      renderCompare(answer);
      $("compare-status").textContent = `${show(answer.origin.character ? answer.origin.character.name
        : answer.fork.character.name)}: origin position ${show(answer.origin.position)} beside fork position `
        + `${show(answer.fork.position)} (both canon).`;
    } catch (failure) {
      $("compare-status").textContent = `Refused: ${problemText(failure)}`;
      $("compare").replaceChildren();
    }
  });
}

function forkForm(api, campaign) {
  $("fork-at").value = String(campaign.position);
  $("fork-at").max = String(campaign.position);
  $("fork-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const admin = $("fork-admin").value.trim();
    $("fork-status").textContent = "Forking…";
    try {
      const answer = await api.post("/fork", {at: Number($("fork-at").value), name: $("fork-name").value},
        admin ? {"X-Admin-Token": admin} : {});
      $("fork-admin").value = "";
      const made = answer.campaign ? answer.campaign : answer;
      const open = `${pageOf(made.id)}#token=${encodeURIComponent(answer.gm_token)}`;
      $("fork-status").textContent = `Fork ${made.id} created at position ${$("fork-at").value}.`;
      $("fork-result").replaceChildren(
        el("p", {}, "The fork's GM token, shown only now; keep it:"),
        el("input", {className: "token-box", id: "fork-token", readOnly: true, value: answer.gm_token,
          type: "text", spellcheck: false}),
        el("p", {}, el("a", {href: open, id: "open-fork"}, "Open the fork"), " · ",
          el("a", {href: `/campaigns/${encodeURIComponent(made.id)}/audit#token=${encodeURIComponent(answer.gm_token)}`},
            "its audit")));
    } catch (failure) {
      $("fork-status").textContent = `Refused: ${problemText(failure)}`;
    }
  });
}

async function open(token) {
  const api = client(campaignId, token);
  say("Opening…");
  try {
    const [read, answer] = await Promise.all([api.get(""), api.get("/state")]);
    const campaign = campaignOf(read);
    const report = campaign.forked_from ? await api.get("/verify").catch(() => null) : null;
    $("campaign-name").textContent = show(campaign.name);
    document.title = `Forks · ${show(campaign.name)}`;
    $("campaign-facts").textContent = `· head position ${show(campaign.position)}`;
    $("token-form").hidden = true;
    $("content").hidden = false;
    renderOrigin(campaign, report);
    compareView(api, campaign, answer.state);
    forkForm(api, campaign);
    say(campaign.forked_from ? "Fork open: compare a character with its origin, or fork again."
      : "Open: fork this campaign at any position.", "ok");
  } catch (failure) {
    const refused = [401, 403, 404].includes(failure.status);
    say(refused ? "That token does not open this campaign." : `Cannot open: ${problemText(failure)}`, "error");
  }
}

onToken(open);
