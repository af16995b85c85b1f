// Following the campaign live: a short-lived feed ticket opens an EventSource (which cannot
// send the token); when the ticket's reconnection is refused, a fresh ticket resumes after
// the last position seen, so nothing is missed or seen twice (docs/feed-and-webhooks.md).

import {debounce} from "./audit-core.js";

const RETRY_MS = 3000;

// `onChange(lastPosition)` runs (debounced) after new events, rewinds or redos arrive.
export function follow(client, after, onChange, onStatus) {
  let last = after;
  let source = null;
  const changed = debounce(() => onChange(last), 200);

  function seen(event) {
    const position = Number(event.lastEventId);
    if (Number.isFinite(position) && position > last) last = position;
    changed();
  }

  async function open() {
    try {
      const {ticket} = await client.post("/feed-tickets", {});
      const query = new URLSearchParams({after: String(last), ticket});
      source = new EventSource(`${client.base}/feed?${query}`);
      source.onopen = () => onStatus("Live: following the ledger as commands are recorded.", "ok");
      source.onmessage = seen;
      source.addEventListener("retract", seen);
      source.addEventListener("restore", seen);
      source.addEventListener("token-revoked", () => { source.close(); onStatus("Live updates stopped: this token was revoked.", "error"); });
      source.onerror = () => {
        if (source.readyState !== EventSource.CLOSED) return; // the browser reconnects by itself
        onStatus("Live updates interrupted; reconnecting…", "");
        setTimeout(open, RETRY_MS);
      };
    } catch (failure) {
      onStatus(`Live updates unavailable: ${failure.message}; retrying…`, "error");
      setTimeout(open, RETRY_MS * 5);
    }
  }

  open();
  return {close: () => source && source.close()};
}
