// Shared helpers for the audit page: DOM building (text only), SVG, and the API client;
// with the table view and the fork page: the status line and the token (form or fragment).
// Everything that comes from the API reaches the page through textContent or attributes.

const SVG_NS = "http://www.w3.org/2000/svg";

export class ApiFailure extends Error {
  constructor(status, problem) {
    super((problem && problem.detail) || `HTTP ${status}`);
    this.status = status;
    this.problem = problem;
  }
}

function append(node, children) {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// el("td", {className: "x", dataset: {p: 1}}, "text", otherNode)
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "dataset") Object.assign(node.dataset, value);
    else node[key] = value;
  }
  return append(node, children);
}

export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  return append(node, children);
}

export function clear(node) {
  node.replaceChildren();
  return node;
}

export function show(value) {
  if (value === null || value === undefined) return "–";
  return typeof value === "string" ? value : JSON.stringify(value);
}

export function shortTime(iso) {
  return typeof iso === "string" ? iso.replace("T", " ").replace(/\.\d+Z$/, " UTC") : show(iso);
}

function freshKey() {
  if (crypto.randomUUID) return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

// A client for one campaign. The token only ever travels in the Authorization header.
// Writes carry a fresh Idempotency-Key, so a retried click never records twice.
export function apiClient(campaignId, token) {
  const base = `/v1/campaigns/${encodeURIComponent(campaignId)}`;
  async function call(method, url, body) {
    const headers = {Authorization: `Bearer ${token}`, Accept: "application/json"};
    if (method !== "GET") Object.assign(headers, {"Content-Type": "application/json", "Idempotency-Key": freshKey()});
    const response = await fetch(url, {
      method, headers, body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "omit", cache: "no-store", referrerPolicy: "no-referrer",
    });
    const answer = await response.json().catch(() => null);
    if (!response.ok) throw new ApiFailure(response.status, answer);
    return answer;
  }
  async function get(path, params = {}) {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) {
      if (value !== null && value !== undefined && value !== "") query.set(key, String(value));
    }
    return call("GET", base + path + (query.toString() ? `?${query}` : ""));
  }
  // The state as recorded at a position never changes: read each one once.
  const states = new Map();
  function stateAt(position) {
    if (!states.has(position)) {
      const read = get("/state", {at: position});
      states.set(position, read);
      read.catch(() => states.delete(position));
    }
    return states.get(position);
  }
  return {
    campaignId, base, get, stateAt,
    post: (path, body = {}) => call("POST", base + path, body),
    me: () => call("GET", "/v1/me"),
  };
}

// Runs fn over items with at most `limit` requests in flight.
export async function mapLimited(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index], index);
    }
  }
  await Promise.all(Array.from({length: Math.min(limit, items.length)}, worker));
  return results;
}

export function debounce(fn, ms) {
  let timer = null;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}

// The characters of a state (`GET …/state`'s `state`), in creation order. The API sends
// every collection as a list of objects with their `id`: read characters only through
// these two, so every page reads them the same way.
export function charactersOf(state) {
  return (state && Array.isArray(state.characters)) ? state.characters : [];
}

export function characterIn(state, id) {
  return charactersOf(state).find((c) => c.id === id) || null;
}

// The token from `#token=…`, dropped from the address bar and the history entry at once.
export function tokenFromFragment() {
  const token = new URLSearchParams(window.location.hash.slice(1)).get("token");
  if (token) history.replaceState(null, "", window.location.pathname);
  return token;
}

// Wires the token form and the fragment to `open(token)`.
export function onToken(open) {
  document.getElementById("token-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = document.getElementById("token-input");
    const token = input.value.trim();
    input.value = "";
    if (token) open(token);
  });
  const fromFragment = tokenFromFragment();
  if (fromFragment) open(fromFragment);
  // A `#token=` link followed in a tab already open: dropped from the address bar and the
  // history as at load (it was ignored, the secret left in the address). A page already
  // open stays with its token: another opens in a new tab.
  window.addEventListener("hashchange", () => {
    const token = tokenFromFragment();
    if (!token) return;
    if (document.getElementById("token-form").hidden) {
      say("A token in the address was removed from it and not used: this page is open " +
          "with another. Open the link in a new tab to use it.", "error");
    } else {
      open(token);
    }
  });
}

export function say(text, kind = "") {
  const status = document.getElementById("status");
  status.textContent = text;
  status.className = `status ${kind}`;
}
