// The GM audit page. The token comes from the form or the URL fragment (#token=...), never
// from the query string, and only ever travels in an Authorization header.

import {apiClient, el, onToken, say, show} from "./audit-core.js";
import {actView} from "./audit-act.js";
import {actorLabeller} from "./audit-actors.js";
import {characterList} from "./audit-cards.js";
import {chartView} from "./audit-chart.js";
import {follow} from "./audit-live.js";
import {positionView} from "./audit-position.js";
import {timelineView} from "./audit-timeline.js";
import {describeVoid, voidedRanges, voiderReader} from "./audit-voids.js";

const $ = (id) => document.getElementById(id);
const campaignId = $("audit").dataset.campaign;

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
    return answer;
  } catch (failure) {
    const why = failure.status === 404 || failure.status === 405 ? "unavailable" : `unavailable: ${failure.message}`;
    badge($("chain-status"), why, "unknown");
    badge($("dice-status"), why, "unknown");
    return null;
  }
}

function renderCampaign(campaign) {
  const clock = campaign.clock || {};
  $("campaign-name").textContent = show(campaign.name);
  document.title = `Audit · ${show(campaign.name)}`;
  $("campaign-facts").textContent = `· head position ${show(campaign.position)} · session `
    + `${show(clock.session)}${clock.session_open ? " (open)" : ""}, scene ${show(clock.scene)}, day ${show(clock.day)}`;
}

function liveStatus(text, kind) {
  const node = $("live-status");
  node.textContent = text;
  node.className = `status small ${kind}`;
}

// Each character's acting players, for "who must act" on the cards (GM only: it reads tokens).
function playersOf(tokens, names) {
  const found = {};
  for (const t of tokens || []) {
    if (t.role !== "player" || t.revoked_at || !t.character_id) continue;
    (found[t.character_id] ||= []).push(t.label || t.id);
  }
  return Object.fromEntries(Object.entries(found).map(([id, labels]) =>
    [id, `${names.get(id) || id}'s player (${labels.join(", ")}) or the GM`]));
}

async function start(client, me, campaign, head) {
  const names = new Map(characterList(head.state).map((c) => [c.id, show(c.name)]));
  const gm = me.role === "gm";
  const tokens = gm ? ((await client.get("/tokens").catch(() => ({tokens: null}))).tokens) : null;
  const label = actorLabeller(tokens, names);
  const voider = voiderReader(client, label);
  const voiders = new Map();
  let verified = null;
  renderCampaign(campaign);
  $("content").hidden = false;
  $("token-form").hidden = true;
  say(gm ? "Console open as the GM. Everything below is read live from the ledger."
    : `Opened read-only as ${me.role === "player" ? "a player" : "an observer"}: only a GM may rewind or redo.`, "ok");
  const context = {
    names, label, head: campaign.position, actors: gm ? playersOf(tokens, names) : {},
    verify: () => verified,
    voidText: (by) => describeVoid(by, voiders.get(by)),
    onPosition: () => acting && acting.follow(),
  };
  let acting = null;
  const slider = positionView(client, campaign.position, context);
  const timeline = timelineView(client, context, (position) => slider.moveTo(position));
  chartView(client, names, campaign.clock);

  // Characters registered since the page opened: their names, and a place in the pickers.
  function learn(state) {
    for (const c of characterList(state)) {
      if (names.has(c.id)) continue;
      names.set(c.id, show(c.name));
      for (const id of ["chart-character", "filter-character"]) $(id).append(el("option", {value: c.id}, show(c.name)));
    }
  }
  async function refreshVoided(state) {
    try {
      const ranges = await voidedRanges(state, voider);
      for (const r of ranges) if (r.voider) voiders.set(r.by, r.voider);
      slider.setVoided(ranges);
    } catch (failure) {
      $("voided").replaceChildren(el("p", {className: "small muted"}, `Voided ranges unavailable: ${failure.message}`));
    }
  }
  // Verification reads the whole chain: one read in flight, and at most one more queued.
  let verifying = null;
  let again = false;
  function refreshVerification() {
    if (verifying) { again = true; return; }
    verifying = loadVerification(client).then((answer) => { verified = answer; }).finally(() => {
      verifying = null;
      if (again) { again = false; refreshVerification(); }
    });
  }
  // A new head: the header, the voided ranges, the verification, the slider and the timeline.
  async function refresh() {
    const [read, state] = await Promise.all([client.get(""), client.get("/state")]);
    const now = campaignOf(read);
    learn(state.state);
    if (tokens) tokens.splice(0, tokens.length, ...((await client.get("/tokens").catch(() => null)) || {tokens}).tokens);
    renderCampaign(now);
    await refreshVoided(state.state);
    refreshVerification();
    slider.setHead(now.position);
    timeline.setHead(now.position);
  }
  if (gm) acting = actView(client, () => slider.position(), refresh);
  acting && acting.follow();
  await refreshVoided(head.state);
  refreshVerification();
  timeline.refresh();
  follow(client, campaign.position, () => refresh().catch(() => {}), liveStatus);
}

// `GET …/{cid}` answers {position, campaign}: the page keeps the campaign with its position.
function campaignOf(answer) {
  return {...answer.campaign, position: answer.position};
}

async function open(token) {
  const client = apiClient(campaignId, token);
  say("Opening…");
  try {
    const me = await client.me();
    const campaign = campaignOf(await client.get(""));
    const head = await client.get("/state");
    await start(client, me, campaign, head);
  } catch (failure) {
    const refused = [401, 403, 404].includes(failure.status);
    say(refused ? "That token does not open this campaign." : `Cannot open the audit: ${failure.message}`, "error");
  }
}

onToken(open);
