// Who acted: the role and character for everyone; for the GM also the token's label (tokens
// keep their label for life, and a rotation issues a new token id, so the label the GM reads
// is the one the token had when it acted).

import {show} from "./audit-core.js";

// `tokens` (GM only, else null) and `names` may grow while the page is open: read each time.
export function actorLabeller(tokens, names) {
  return function label(actor) {
    const byId = new Map((tokens || []).map((t) => [t.id, t]));
    const a = actor || {};
    const who = a.character_id ? names.get(a.character_id) || a.character_id : "";
    const base = `${show(a.role)}${who ? ` · ${who}` : ""}`;
    if (!tokens) return base;
    const token = byId.get(a.token_id);
    const name = token ? token.label || token.id : a.token_id;
    return name ? `${name} (${base})` : base;
  };
}
