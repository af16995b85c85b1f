// Rewind and redo from the page (GM only): the same API calls as any tool, a reason required,
// and a refusal (409 and the rest) shown in place with the server's own words.

const $ = (id) => document.getElementById(id);

function say(text, kind) {
  const status = $("act-status");
  status.textContent = text;
  status.className = `status ${kind}`;
}

function refusal(failure) {
  const problem = failure.problem || {};
  const rule = problem.rule ? ` (${failure.status} ${problem.rule})` : ` (${failure.status})`;
  return `Refused: ${failure.message}${rule}`;
}

async function act(form, run) {
  const buttons = form.querySelectorAll("button");
  buttons.forEach((b) => { b.disabled = true; });
  try {
    await run();
  } catch (failure) {
    say(refusal(failure), "error");
  } finally {
    buttons.forEach((b) => { b.disabled = false; });
  }
}

// `position()` is the slider's position; `done(position)` refreshes the page after a write.
export function actView(client, position, done) {
  const target = $("rewind-to");
  const rewindReason = $("rewind-reason");
  const redoReason = $("redo-reason");
  $("act").hidden = false;

  $("rewind-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const to = Number(target.value);
    const reason = rewindReason.value.trim();
    if (!reason) { say("A rewind needs a reason: say why, for the table and the record.", "error"); rewindReason.focus(); return; }
    act(event.target, async () => {
      const answer = await client.post("/rewind", {to_position: to, reason});
      say(`Rewound to position ${to} (recorded at position ${answer.position}): the positions after ${to} are voided.`, "ok");
      rewindReason.value = "";
      await done(answer.position);
    });
  });

  $("redo-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const reason = redoReason.value.trim();
    if (!reason) { say("A redo needs a reason: say why, for the table and the record.", "error"); redoReason.focus(); return; }
    act(event.target, async () => {
      const answer = await client.post("/redo", {reason});
      say(`Redone (recorded at position ${answer.position}): the positions the latest rewind voided are back.`, "ok");
      redoReason.value = "";
      await done(answer.position);
    });
  });

  return {
    // The rewind target follows the slider (the position the GM is looking at).
    follow() { target.value = String(position()); },
  };
}
