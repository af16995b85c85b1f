// The GM audit page. The token comes from the form or the URL fragment (#token=...), never
// from the query string, and only ever travels in an Authorization header.

import {apiClient, el, show} from "./audit-core.js";
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

function renderChain(chain) {
  if (chain.ok) badge($("chain-status"), "Intact", "ok");
  else badge($("chain-status"), `Broken at position ${show(chain.first_break)}`, "bad");
  $("chain-detail").replaceChildren("Head hash ", el("code", {}, show(chain.head_hash)));
}

function renderDice(dice) {
  const mismatches = dice.mismatches || [];
  if (mismatches.length) badge($("dice-status"), `${mismatches.length} mismatched`, "bad");
  else badge($("dice-status"), `${show(dice.verified)} verified`, "ok");
  $("dice-detail").replaceChildren(
    `${show(dice.reported)} reported at the table · ${show(dice.pending)} pending (seed not yet revealed)`,
    mismatches.length ? el("ul", {className: "changes"}, mismatches.map((m) => el("li", {}, show(m)))) : "");
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

async function open(token) {
  const client = apiClient(campaignId, token);
  say("Opening…");
  let campaign;
  let head;
  try {
    campaign = await client.get("");
    head = await client.get("/state");
  } catch (failure) {
    const refused = failure.status === 401 || failure.status === 403 || failure.status === 404;
    say(refused ? "That token does not open this campaign." : `Cannot reach the ledger: ${failure.message}`, "error");
    return;
  }
  const characters = Object.values(head.state.characters || {});
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
