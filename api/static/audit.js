// The GM audit page. The token comes from the form or the URL fragment (#token=...), never
// from the query string, and only ever travels in an Authorization header.

import {apiClient, charactersOf, el, show} from "./audit-core.js";
import {chartView} from "./audit-chart.js";
import {positionView, voidedRanges} from "./audit-position.js";
import {scanVoided, timelineView} from "./audit-timeline.js";

const $ = (id) => document.getElementById(id);
const campaignId = $("audit").dataset.campaign;

function say(text, kind = "") {
  const status = $("status");
  status.textContent = text;
  status.className = `status ${kind}`;
}

function badge(node, text, kind) {
  node.textContent = text;
  node.className = `badge badge-${kind}`;
}

const count = (value) => (Array.isArray(value) ? value.length : Number(value) || 0);

function renderChain(chain) {
  if (chain.ok) badge($("chain-status"), "Intact", "ok");
  else badge($("chain-status"), `Broken at position ${show(chain.first_break)}`, "bad");
  const length = chain.length === undefined ? "" : `${chain.length} events · `;
  $("chain-detail").replaceChildren(`${length}head hash `, el("code", {}, show(chain.head_hash)));
}

function mismatch(m) {
  if (!m || typeof m !== "object") return show(m);
  return `position ${show(m.position)}: die ${show(m.index)} (d${show(m.sides)}) recorded `
    + `${show(m.recorded)}, derived ${show(m.derived)} · ${show(m.problem)}`;
}

function renderDice(dice) {
  const mismatches = dice.mismatches || [];
  const epochs = dice.epochs || [];
  const badSeeds = epochs.filter((e) => e.ok === false).length;
  if (mismatches.length) badge($("dice-status"), `${mismatches.length} mismatched`, "bad");
  else badge($("dice-status"), `${show(dice.verified)} verified`, "ok");
  const seeds = epochs.length ? ` · ${epochs.filter((e) => e.revealed_at !== null).length} of `
    + `${epochs.length} seeds revealed${badSeeds ? `, ${badSeeds} not matching their commitment` : ""}` : "";
  $("dice-detail").replaceChildren(
    `${count(dice.reported)} reported at the table · ${count(dice.pending)} pending (seed not yet revealed)${seeds}`,
    mismatches.length ? el("ul", {className: "changes"}, mismatches.map((m) => el("li", {}, mismatch(m)))) : "");
}

async function loadVerification(client) {
  try {
    const answer = await client.get("/verify");
    renderChain(answer.chain || {});
    renderDice(answer.dice || {});
  } catch (failure) {
    const why = failure.status === 404 || failure.status === 405 ? "unavailable" : `unavailable: ${failure.message}`;
    badge($("chain-status"), why, "unknown");
    badge($("dice-status"), why, "unknown");
  }
}

function renderCampaign(campaign) {
  const clock = campaign.clock || {};
  $("campaign-name").textContent = show(campaign.name);
  document.title = `Audit · ${show(campaign.name)}`;
  $("campaign-facts").textContent = `· head position ${show(campaign.position)} · session `
    + `${show(clock.session)}${clock.session_open ? " (open)" : ""}, scene ${show(clock.scene)}, day ${show(clock.day)}`;
}

async function loadVoided(client, slider) {
  try {
    const {voided, complete} = await scanVoided(client);
    slider.setVoided(voidedRanges(voided), complete);
  } catch (failure) {
    const why = failure.status === 404 ? "unavailable on this server" : `unavailable: ${failure.message}`;
    $("voided").replaceChildren(el("p", {className: "small muted"}, `Voided ranges ${why}.`));
  }
}

function start(client, campaign, head) {
  const characters = charactersOf(head.state);
  const names = new Map(characters.map((c) => [c.id, show(c.name)]));
  renderCampaign(campaign);
  $("content").hidden = false;
  $("token-form").hidden = true;
  say("Audit open. Everything below is read live from the ledger.", "ok");
  const slider = positionView(client, campaign.position);
  timelineView(client, names, (position) => slider.moveTo(position));
  chartView(client, names, (campaign.clock && campaign.clock.session) || 0);
  loadVerification(client);
  loadVoided(client, slider);
}

async function open(token) {
  const client = apiClient(campaignId, token);
  say("Opening…");
  try {
    const campaign = (await client.get("")).campaign;
    const head = await client.get("/state");
    start(client, campaign, head);
  } catch (failure) {
    const refused = [401, 403, 404].includes(failure.status);
    say(refused ? "That token does not open this campaign." : `Cannot open the audit: ${failure.message}`, "error");
  }
}

function tokenFromFragment() {
  const token = new URLSearchParams(window.location.hash.slice(1)).get("token");
  if (token) {
    // Drop the secret from the address bar and the history entry.
    history.replaceState(null, "", window.location.pathname);
  }
  return token;
}

$("token-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const input = $("token-input");
  const token = input.value.trim();
  input.value = "";
  if (token) open(token);
});

const fromFragment = tokenFromFragment();
if (fromFragment) open(fromFragment);
