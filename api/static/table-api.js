// What the table view and the fork page share: a client that reads and writes with the token
// in the Authorization header only, the token from the form or the URL fragment, and the
// one function that knows the wire's shapes.

import {ApiFailure} from "./audit-core.js";

export {onToken, say} from "./audit-core.js";

// The only place that reads a shape of the wire that may change: a state's `characters`
// (a map by id, or a list) and a write answer's result (under its resource key, or the
// older `state`). wire(state, "characters") is always a list.
export function wire(body, key) {
  if (body === null || body === undefined) return key === "characters" ? [] : null;
  const found = key in body ? body[key] : (body.state ?? null);
  if (key === "characters") return Array.isArray(found) ? found : Object.values(found || {});
  return found;
}

// A list of objects carrying `id` (the wire) or an older map by id, as a map by id.
export function byId(found) {
  if (!found) return {};
  return Array.isArray(found) ? Object.fromEntries(found.map((m) => [String(m.id), m])) : found;
}

// `GET …/{cid}` answers {position, campaign}: the campaign, with its position.
export function campaignOf(answer) {
  return answer && answer.campaign ? {...answer.campaign, position: answer.position} : answer;
}

function randomKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export function client(campaignId, token) {
  const root = `/v1/campaigns/${encodeURIComponent(campaignId)}`;
  async function call(method, path, params = {}, body = undefined, headers = {}) {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) {
      if (value !== null && value !== undefined && value !== "") query.set(key, String(value));
    }
    const url = (path.startsWith("/v1/") ? path : root + path) + (query.toString() ? `?${query}` : "");
    const sent = {Authorization: `Bearer ${token}`, Accept: "application/json", ...headers};
    if (body !== undefined) {
      sent["Content-Type"] = "application/json";
      sent["Idempotency-Key"] = randomKey(); // a retried click never records twice
    }
    const response = await fetch(url, {
      method, headers: sent, body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "omit", cache: "no-store", referrerPolicy: "no-referrer",
    });
    const answer = await response.json().catch(() => null);
    if (!response.ok) throw new ApiFailure(response.status, answer);
    return answer;
  }
  return {
    campaignId,
    get: (path, params) => call("GET", path, params),
    post: (path, body = {}, headers = {}) => call("POST", path, {}, body, headers),
  };
}

export function problemText(failure) {
  const problem = failure.problem || {};
  const rule = problem.type ? String(problem.type).split("/").pop() : "";
  return `${failure.message}${rule ? ` (${rule})` : ""}`;
}
