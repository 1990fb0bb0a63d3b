/**
 * The caster feed of a match with a spectator delay (docs/rules/trpg.md "Spectators"; seed 002
 * 3-3, 3-4): the omniscient view of the delayed state less what is still secret in the live
 * match: characters the party has never seen live, the squares and values of characters concealed
 * live, stat blocks not revealed live, who does not know of whom. Everything once the match is over.
 */
import { omniscient, spectator } from "@fogwar/engine";
import { casterRedact, casterViewFor, trpg, trpgBotPolicy } from "../src";
import { Match, RandomBot } from "@fogwar/engine";
import { QUARRY_GM } from "./helpers";
import type { TrpgCommand, TrpgState } from "../src";

/** Plays a bot match and keeps every state. */
function states(seed: string): TrpgState[] {
  const m = new Match(trpg, QUARRY_GM, seed);
  const bots = new Map(trpg.seatsOf(QUARRY_GM).map((s) => [s, new RandomBot<TrpgCommand>(`${seed}:${s}`, trpgBotPolicy)]));
  const out = [m.state];
  while (!m.state.result && out.length < 3000) {
    const seat = trpg.awaiting(m.state)[0]!;
    m.submit(seat, bots.get(seat)!.choose(trpg.legalCommands(m.state, seat))!);
    out.push(m.state);
  }
  return out;
}

describe("seed 002 3-3: the caster feed of a delayed match keeps what is secret in the live match", () => {
  const all = states("caster-1");
  test("at every pair of (delayed, live) states two rounds apart: no character unknown live, no square or value of one concealed live, no stat block not revealed live, no awareness", () => {
    let checked = 0;
    for (let i = 0; i < all.length; i += 7) {
      const live = all[i]!;
      if (live.phase === "over") continue;
      const delayed = all.find((s) => s.round <= live.round - 2) ?? all[0]!;
      const feed = casterViewFor(delayed, live);
      checked++;
      expect(feed.unaware).toEqual([]);
      for (const c of Object.values(live.characters)) {
        const shown = feed.characters[c.id];
        if (!c.known) expect(shown).toBeUndefined();
        if (c.concealed && shown) expect([shown.at, shown.concealment]).toEqual([null, null]);
        if (c.side === "enemies" && !live.revealedStats.includes(c.id) && shown) expect(shown.archetype).toBeNull();
      }
      expect(JSON.stringify(feed)).not.toContain(live.server.seed);
    }
    expect(checked).toBeGreaterThan(10);
  });

  test("once the match is over the feed shows everything, and every event in full", () => {
    const last = all.at(-1)!;
    expect(last.result).not.toBeNull();
    expect(casterViewFor(all[0]!, last)).toEqual(trpg.sharedViewFor!(all[0]!, omniscient));
    const envelope = { audience: { kind: "server" } as const, event: { type: "waits_unseen", character: "lookout" } as const };
    expect(casterRedact(envelope, last)).toEqual(envelope.event);
    expect(casterRedact(envelope, all[0]!)).toEqual(trpg.redact(envelope, spectator));
  });
});
