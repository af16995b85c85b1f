// The table view: what a player or observer sees during play, live.

import {el, show} from "./audit-core.js";
import {card, effortAt} from "./audit-cards.js";
import {campaignOf, client, onToken, problemText, say, wire} from "./table-api.js";
import {renderDecisions} from "./table-decisions.js";
import {follow} from "./table-live.js";
import {renderRolls} from "./table-rolls.js";

const $ = (id) => document.getElementById(id);
const campaignId = $("table").dataset.campaign;
const PAGE = 500;

function whoText(me, names) {
  if (me.role === "player") return `Player of ${show(names.get(me.character_id) || me.character_id)}`;
  if (me.role === "observer") return "Observer (read-only)";
  return "GM";
}

function renderEncounter(state, names, me) {
  const encounter = state.encounter;
  if (!encounter) {
    $("encounter").replaceChildren(el("p", {className: "muted", id: "no-encounter"}, "No encounter under way."));
    return;
  }
  const order = encounter.order || [];
  const current = order[encounter.turn];
  const name = (p) => show(p.name || names.get(p.character_id) || p.id);
  const mine = current && me.character_id && current.character_id === me.character_id;
  $("encounter").replaceChildren(
    el("p", {id: "turn"}, `Round ${show(encounter.round)} · `,
      el("strong", {}, current ? `${name(current)}'s turn` : "between turns"), mine ? " (yours)" : ""),
    el("ol", {className: "order"}, order.map((p, i) => el("li", {
      className: i === encounter.turn ? "current" : "", dataset: {participant: p.id},
    }, `${name(p)} · initiative ${show(p.initiative)}`, i === encounter.turn ? " ← now" : ""))));
}

function renderParty(state, me, effort) {
  const characters = wire(state, "characters");
  // The player's own character first.
  characters.sort((a, b) => Number(b.id === me.character_id) - Number(a.id === me.character_id));
  $("cards").replaceChildren(...(characters.length ? characters.map((c) => {
    const shown = card(c, state, {effort});
    if (c.id === me.character_id) shown.classList.add("own");
    return shown;
  }) : [el("p", {className: "muted"}, "No characters yet.")]));
}

// Each character's Effort summary, read again only for a character that changed: it is
// worked out from the character alone, and a busy table refreshes on every command.
function effortReader(api) {
  const known = new Map(); // character id -> {shape: its JSON, effort}
  return async (characters, at) => {
    const changed = characters.filter((c) => {
      const seen = known.get(c.id);
      return !seen || seen.shape !== JSON.stringify(c);
    });
    const fresh = await effortAt(api, changed, at);
    for (const c of changed) {
      if (fresh[c.id]) known.set(c.id, {shape: JSON.stringify(c), effort: fresh[c.id]});
    }
    return Object.fromEntries(characters.filter((c) => known.has(c.id))
      .map((c) => [c.id, known.get(c.id).effort]));
  };
}

// The events after `after`, every page of them.
async function eventsAfter(api, after) {
  const events = [];
  for (;;) {
    const page = await api.get("/events", {after, limit: PAGE, view: "recorded"});
    events.push(...page.events);
    if (page.next === null || page.next === undefined || !page.events.length) return events;
    after = page.next;
  }
}

// What can change a roll's verification mark: new dice, a revealed seed, a hidden roll's reveal.
const touchesDice = (e) => (e.data && (Array.isArray(e.data.dice) || e.data.revealed_seed))
  || /^(Session|Hidden|Rewound|Redone)/.test(e.type);

function view(api, me) {
  let busy = false;
  let again = false;
  let whole = true; // the next refresh re-reads every event (a rewind or redo changes voids)
  let events = [];
  let report = null;
  const effortOf = effortReader(api);

  async function readEvents() {
    const full = whole;
    whole = false;
    const fresh = await eventsAfter(api, full || !events.length ? 0 : events[events.length - 1].position);
    events = full ? fresh : events.concat(fresh);
    if (full || fresh.some(touchesDice)) report = await api.get("/verify").catch(() => null);
  }

  async function refresh() {
    if (busy) { again = true; return; }
    busy = true;
    try {
      const [answer] = await Promise.all([api.get("/state"), readEvents()]);
      const state = answer.state;
      const characters = wire(state, "characters");
      const names = new Map(characters.map((c) => [c.id, c.name]));
      $("who").textContent = whoText(me, names);
      $("campaign-facts").textContent = `· position ${show(answer.position)} · session `
        + `${show(state.clock && state.clock.session)}, scene ${show(state.clock && state.clock.scene)}`;
      // Each pool's maximum needs the rules: read at the state's position, as the console does.
      renderParty(state, me, await effortOf(characters, answer.position));
      renderEncounter(state, names, me);
      renderRolls($("rolls"), events, names, state, report);
      const mine = me.role === "player" ? characters.filter((c) => c.id === me.character_id) : characters;
      await renderDecisions($("decisions"), api, mine,
        () => me.role === "player" || me.role === "gm", () => refresh());
      $("content").dataset.position = String(answer.position);
    } catch (failure) {
      whole = true;
      say(`Could not refresh: ${problemText(failure)}`, "error");
    } finally {
      busy = false;
      if (again) { again = false; refresh(); }
    }
  }
  return {refresh, rewound() { whole = true; }};
}

function liveState(state) {
  const badge = $("live-status");
  badge.hidden = false;
  badge.textContent = {live: "● live", reconnecting: "○ reconnecting…", offline: "○ offline",
    revoked: "token revoked"}[state] || state;
  badge.className = `live live-${state}`;
  // The status line said "Open. Everything updates…" while nothing would any more.
  if (state === "revoked") {
    say("This token was revoked: the page no longer updates. Open it with a new token from the GM.",
      "error");
  }
}

async function open(token) {
  const api = client(campaignId, token);
  say("Opening…");
  try {
    const [read, me] = await Promise.all([api.get(""), api.get("/v1/me")]);
    const campaign = campaignOf(read);
    $("campaign-name").textContent = show(campaign.name);
    document.title = `Table · ${show(campaign.name)}`;
    $("token-form").hidden = true;
    $("content").hidden = false;
    const {refresh, rewound} = view(api, me);
    await refresh();
    say(me.role === "observer" ? "Open read-only. Everything updates as the table plays."
      : "Open. Everything updates as the table plays.", "ok");
    let timer = null;
    follow(api, campaign.position, (kind) => {
      if (kind !== "event") rewound();
      clearTimeout(timer);
      timer = setTimeout(refresh, 100); // a command's events arrive together: one refresh
    }, liveState);
  } catch (failure) {
    const refused = [401, 403, 404].includes(failure.status);
    say(refused ? "That token does not open this campaign." : `Cannot open the table: ${problemText(failure)}`, "error");
  }
}

onToken(open);
