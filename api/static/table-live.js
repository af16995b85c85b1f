// Follows the campaign's feed: a ticket (POST …/feed-tickets) opens an EventSource, since a
// browser's EventSource cannot send the Authorization header. A ticket lives a minute, so
// when the stream closes, a fresh ticket reopens it after the last position received.

export function follow(api, after, onEvent, onState) {
  let last = after;
  let source = null;
  let stopped = false;

  async function open() {
    if (stopped) return;
    try {
      const {ticket} = await api.post("/feed-tickets", {});
      const url = `/v1/campaigns/${encodeURIComponent(api.campaignId)}/feed?`
        + new URLSearchParams({after: String(last), ticket});
      source = new EventSource(url);
    } catch (failure) {
      // A token revoked while the stream was down is refused its ticket: retrying is futile.
      if (failure.status === 401) {
        stopped = true;
        onState("revoked");
        return;
      }
      onState("offline");
      setTimeout(open, 5000);
      return;
    }
    source.onopen = () => onState("live");
    const take = (kind) => (message) => {
      const position = Number(message.lastEventId);
      if (position > last) last = position;
      let event = null;
      try { event = JSON.parse(message.data); } catch { event = null; }
      onEvent(kind, event);
    };
    source.addEventListener("message", take("event"));
    source.addEventListener("retract", take("retract"));
    source.addEventListener("restore", take("restore"));
    source.addEventListener("token-revoked", () => { stopped = true; source.close(); onState("revoked"); });
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED) {
        onState("reconnecting");
        setTimeout(open, 2000); // the browser gave up (an expired ticket): a fresh one
      }
    };
  }

  open();
  return {stop() { stopped = true; if (source) source.close(); }};
}
