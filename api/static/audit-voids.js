// Voided ranges, read from the head's `rewind.voided` ({from, to, by}), each labelled with
// what voided it: a rewind voids what came after its target; a redo voids the rewind it undid.

import {show} from "./audit-core.js";

export function inRanges(position, ranges) {
  return ranges.some((r) => position >= r.from && position <= r.to);
}

// The event at `by` (a Rewound or a Redone): its type, reason and actor, read once.
export function voiderReader(client, label) {
  const seen = new Map();
  return function voider(by) {
    if (!seen.has(by)) {
      const read = client.get("/events", {after: by - 1, limit: 1}).then((answer) => {
        const e = (answer.events || [])[0] || {};
        const data = e.data || {};
        return {by, type: e.type, reason: data.reason || "", who: label(e.actor)};
      });
      read.catch(() => seen.delete(by));
      seen.set(by, read);
    }
    return seen.get(by);
  };
}

export function voiderText(v) {
  const what = v.type === "Redone" ? `the redo at ${v.by}` : `the rewind at ${v.by}`;
  const why = v.reason ? `“${v.reason}”, ` : "";
  return `${what} (${why}by ${v.who})`;
}

export function rangeText(range) {
  const span = range.from === range.to ? `position ${range.from}` : `positions ${range.from}–${range.to}`;
  const undone = range.voider && range.voider.type === "Redone" ? " (a rewind, undone)" : "";
  return range.voider ? `${span}${undone} voided by ${voiderText(range.voider)}` : `${span} voided at ${range.by}`;
}

// The head's ranges with their voiders, merged where one voider voided adjacent positions.
export async function voidedRanges(headState, voider) {
  const raw = ((headState && headState.rewind && headState.rewind.voided) || [])
    .map((v) => ({from: v.from, to: v.to, by: v.by}))
    .sort((a, b) => a.from - b.from);
  const ranges = [];
  for (const range of raw) {
    const last = ranges[ranges.length - 1];
    if (last && last.by === range.by && range.from <= last.to + 1) last.to = Math.max(last.to, range.to);
    else ranges.push({...range});
  }
  for (const range of ranges) range.voider = await voider(range.by).catch(() => null);
  return ranges;
}

export function describeVoid(by, voider) {
  return voider ? `voided by ${voiderText(voider)}` : `voided at ${show(by)}`;
}
