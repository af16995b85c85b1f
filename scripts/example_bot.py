"""Follow a campaign's live feed and print one line per roll: copy this into your bot.

    LEDGER_TOKEN=clt_… python scripts/example_bot.py --url http://127.0.0.1:8000 \\
        --campaign cmp_…

    #3 Mara rolled AGE test Willpower (Courage) vs TN 11: 6 5 [1] = 16, success
    #4 Mara rolled 1d20+5: 17 = 22 (reported dice)
    undone: #4 Mara rolled 1d20+5: 17 = 22 (reported dice)

A GM's rewind voids events the bot already announced: the feed then sends a `Retract`
naming the voided positions, and the bot says "undone: …" for each roll it had
announced there (a redo's `Restore` brings them back: "restored: …").

The bot is also a witness of the history: it keeps the newest signed tree head of the
campaign in a file (`--heads`, default ledger-heads.json), and checks every newer head it
sees (at start, and in the feed) with a consistency proof. A head that does not extend
the kept one means the server's history was rewritten: the bot says so loudly, prints
both signed heads (the evidence, docs/trust.md) and exits with status 3.

The token comes from the environment (a command line shows in `ps`); an observer
token is enough. The feed resumes by itself after a disconnect and never repeats or
skips an event, so a Discord bot only has to replace `print` with its send call.
Without `--after` the bot starts at the head: only new rolls are announced.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from campaign_ledger_client import (
    Campaign,
    Client,
    Event,
    HistoryRewritten,
    Restore,
    Retract,
    Witness,
)

REWRITTEN = 3  # the exit status when a kept head is not extended by a newer one


def describe(event: Event, who: str) -> str:
    """`#position who rolled what: dice = total, outcome` for one Rolled event."""
    data = event.data
    values = [str(d["value"]) for d in data["dice"]]
    if data["kind"] == "age":
        what = f"AGE test {data['ability']}" + (f" ({data['focus']})" if data["focus"] else "")
        values[-1:] = [f"[{values[-1]}]"] if values else []  # the Stunt Die
    else:
        what = data["expression"] + (f" ({data['label']})" if data.get("label") else "")
    if data.get("tn") is not None:
        what += f" vs TN {data['tn']}"
    line = f"#{event.position} {who} rolled {what}: {' '.join(values)} = {data['total']}"
    if data.get("success") is not None:
        line += ", success" if data["success"] else ", failure"
        line += f", {data['stunt_points']} SP" if data.get("stunt_points") else ""
    return line + (" (reported dice)" if data["source"] == "reported" else "")


class Names:
    """Character names by id, read again when an unknown id shows up."""

    def __init__(self, campaign: Campaign) -> None:
        self.campaign = campaign
        self.known: dict[str, str] = {}

    def __call__(self, character_id: str | None) -> str:
        if character_id is None:
            return "the GM"
        if character_id not in self.known:
            listed: list[dict[str, Any]] = self.campaign.characters()["characters"]
            self.known = {c["id"]: c["name"] for c in listed}
        return self.known.get(character_id, character_id)


class Announced:
    """The lines said for rolls, by position, so a rewind can take them back."""

    def __init__(self) -> None:
        self.lines: dict[int, str] = {}
        self.undone_by: dict[int, int] = {}  # position -> the rewind that undid it

    def said(self, position: int, line: str) -> None:
        self.lines[position] = line
        print(line, flush=True)

    def undo(self, rewind: Retract) -> None:
        # A position an earlier rewind already voided stays with that one.
        for position in sorted(self.lines):
            if rewind.voided_from <= position <= rewind.voided_to and position not in self.undone_by:
                self.undone_by[position] = rewind.position
                print(f"undone: {self.lines[position]}", flush=True)

    def restore(self, redo: Restore) -> None:
        for position in sorted(p for p, by in self.undone_by.items() if by == redo.rewind_position):
            del self.undone_by[position]
            print(f"restored: {self.lines[position]}", flush=True)


def alarm(exc: HistoryRewritten) -> None:
    """Loudly: one line for the channel, both signed heads (the evidence) on stderr."""
    print(f"!!! HISTORY REWRITTEN: {exc}", flush=True)
    print("!!! HISTORY REWRITTEN: keep both heads below; each is signed by the server, and "
          "together they show that it rewrote the history (docs/trust.md)", file=sys.stderr)
    print("kept head: " + json.dumps(exc.saved, sort_keys=True), file=sys.stderr)
    print("seen head: " + json.dumps(exc.seen, sort_keys=True), file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--url", default=os.environ.get("LEDGER_URL", "http://127.0.0.1:8000"))
    parser.add_argument("--campaign", default=os.environ.get("LEDGER_CAMPAIGN"), required=False)
    parser.add_argument("--after", type=int, help="start after this position (default: head)")
    parser.add_argument("--stop-at", type=int, help="exit after this position (for demos)")
    parser.add_argument("--heads", default=os.environ.get("LEDGER_HEADS", "ledger-heads.json"),
                        help="where the newest signed tree head of each campaign is kept")
    parser.add_argument("--public-key", help="the server's signing key (hex) heads must be "
                        "signed with (default: the key the server names)")
    args = parser.parse_args(argv)
    token = os.environ.get("LEDGER_TOKEN")
    if not token or not args.campaign:
        parser.error("set LEDGER_TOKEN in the environment and give --campaign")
    key = args.public_key or Client(args.url).signing_key()["public_key"]
    witness = Witness(args.heads, public_key=key)
    campaign = Client(args.url, token, witness=witness).campaign(args.campaign)
    try:
        return follow(campaign, args)
    except HistoryRewritten as exc:
        alarm(exc)
        return REWRITTEN


def follow(campaign: Campaign, args: argparse.Namespace) -> int:
    campaign.signed_head()  # the witness checks the head against the one kept last time
    after = args.after if args.after is not None else int(campaign.get()["position"])
    names = Names(campaign)
    announced = Announced()
    with campaign.feed(after=after, on_retract=announced.undo,
                       on_restore=announced.restore) as feed:
        for event in feed:  # the feed's tree heads go to the witness too
            if event.type == "Rolled":
                announced.said(event.position, describe(event, names(event.character_id)))
            if args.stop_at is not None and event.position >= args.stop_at:
                break
    return 0


if __name__ == "__main__":
    sys.exit(main())
