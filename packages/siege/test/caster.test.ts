/**
 * The caster feed of a match with a spectator delay (design.md principle 4; seed 004 "비밀
 * 오퍼레이터", "팀 준비"): `casterViewFor(delayed, live)` and `casterRedact(envelope, live)`. The
 * server shows spectators the state `delay` rounds behind the live one; Siege's secret tokens keep
 * their ids until a reveal, so the feed may show a real token only once the live match has
 * revealed its operator. Over seeded bot matches, with the delayed state the server would pick
 * (the last one whose round is at most the live round minus the delay):
 * - the feed trails: its round is at most max(0, live round - delay);
 * - non-interference: swapping the real token and the decoy of every operator still hidden live
 *   (in both states) changes nothing in the feed, nor in its events;
 * - the feed does carry real tokens: operators hidden in the delayed state but revealed live are
 *   shown with their real token (counted, and required in these matches);
 * - no pick before the live picks are revealed; everything, with the seed, once the match is over.
 */
import { canonicalJson, omniscient, redactEvent, spectator, type EventEnvelope } from "@fogwar/engine";
import { casterRedact, casterViewFor, siege, viewFor, type SiegeEvent, type SiegeState } from "../src";
import { ATTACK_PICK, DEFENCE_PICK, playout, run, SETUP_1V1, SETUP_2V2 } from "./helpers";

const canon = (v: unknown) => canonicalJson(v);

/** Swaps real and decoy of every operator hidden in `live`, in `s` (tokens keep their ids while hidden). */
function swapHiddenLive(s: SiegeState, live: SiegeState): SiegeState {
  const out = structuredClone(s);
  for (const [op, real] of Object.entries(out.hidden.real)) {
    if (!live.operators[op]?.hidden) continue;
    const other = out.tokens.find((t) => t.operator === op && t.id !== real);
    if (other) out.hidden.real[op] = other.id;
  }
  return out;
}

/** Every state of a bot match (0: after setup) and every entry's events. */
function replayed(seed: string, botSeed: string, setup = SETUP_1V1) {
  const match = playout(seed, botSeed, setup);
  const log = match.toLog();
  const states: SiegeState[] = [siege.setup(setup, seed).state];
  for (const e of log.entries) {
    const r = siege.apply(states[states.length - 1]!, e.command, e.seat);
    if (!r.ok) throw new Error(`replay refused at ${e.seq}`);
    states.push(r.state);
  }
  return { states, entries: log.entries };
}

/** The delayed index the server's caster feed holds at live index `i` (apps/server/src/live.ts `advanceDelayed`). */
function delayedIndex(states: readonly SiegeState[], i: number, delay: number): number {
  if (states[i]!.result) return i;
  const horizon = Math.max(0, states[i]!.round - delay);
  let d = 0;
  while (d < i && states[d + 1]!.round <= horizon) d++;
  return d;
}

const CASES = [
  { seed: "caster-0-5b1e", botSeed: "caster-bot-0", setup: SETUP_1V1, delay: 1 },
  { seed: "caster-1-93fa", botSeed: "caster-bot-1", setup: SETUP_2V2, delay: 1 },
  { seed: "caster-2-c07d", botSeed: "caster-bot-2", setup: SETUP_1V1, delay: 2 },
];

describe("seed 004 비밀 오퍼레이터: the caster feed of a delayed match shows no secret still kept in the live match", () => {
  test.each(CASES)("match $seed, delay $delay: the feed trails, swapping real tokens still hidden live changes nothing in it, and it shows the real tokens of operators revealed since", ({ seed, botSeed, setup, delay }) => {
    const { states, entries } = replayed(seed, botSeed, setup);
    let shownReal = 0;
    let sent = 0;
    let passed = 0;
    for (let i = 0; i < states.length; i++) {
      const live = states[i]!;
      const d = delayedIndex(states, i, delay);
      const delayed = states[d]!;
      const feed = casterViewFor(delayed, live);
      if (!live.result) {
        expect(delayed.round).toBeLessThanOrEqual(Math.max(0, live.round - delay));
        const swapped = casterViewFor(swapHiddenLive(delayed, live), swapHiddenLive(live, live));
        expect(canon(swapped)).toBe(canon(feed));
        for (const op of Object.keys(feed.hidden.real)) expect(live.operators[op]!.hidden).toBe(false);
        if (live.phase === "picks") expect(feed.hidden.picks).toEqual({ attack: null, defence: null });
        expect(feed.seed).toBeUndefined();
        shownReal += Object.keys(feed.hidden.real).length;
        // The entries the feed passes now (as the server sends them): the defence's token
        // placements say `real` only for operators no longer hidden live.
        for (const e of entries.slice(passed, d)) {
          for (const env of e.events as EventEnvelope<SiegeEvent>[]) {
            const shown = casterRedact(env, live);
            if (env.event.type === "token_placed" && live.operators[env.event.operator]!.hidden) {
              expect(shown).toEqual(redactEvent(env, spectator));
              expect(Object.keys(shown ?? {})).not.toContain("real");
            } else expect(shown).toEqual(redactEvent(env, omniscient));
            sent++;
          }
        }
        passed = Math.max(passed, d);
      } else {
        expect(d).toBe(i);
        expect(canon(feed)).toBe(canon(viewFor(live, omniscient)));
        expect(feed.seed).toBe(seed);
      }
    }
    expect(sent).toBeGreaterThan(0);
    // In these seeded matches some operators are revealed live while the feed still shows them hidden.
    expect(shownReal).toBeGreaterThan(0);
  });

  test("during the picks the feed shows no pick, and while the defence places its tokens none of them (as for spectators)", () => {
    const s0 = siege.setup(SETUP_1V1, "caster-picks").state;
    const one = run(s0, [["a1", ATTACK_PICK]]);
    expect(viewFor(one, omniscient).hidden.picks.attack).not.toBeNull();
    expect(casterViewFor(one, one).hidden.picks).toEqual({ attack: null, defence: null });
    const placing = run(one, [["d1", DEFENCE_PICK], ["d1", { type: "place_gadget", gadget: "barbed_wire", at: "1,8" }], ["d1", { type: "place_token", operator: "keel", at: "4,4", watch: { facing: "N" }, real: true }]]);
    const feed = casterViewFor(placing, placing);
    expect(feed.tokens).toEqual([]);
    expect(feed.hidden.real).toEqual({});
    expect(feed.hidden.picks).toEqual({ attack: null, defence: null });
    expect(feed.picks.attack.choice).toEqual(placing.picks.attack.choice);
  });
});
