/**
 * No-leak playouts of Siege (design.md "Hidden information"; seed 004 "비밀 오퍼레이터", "팀 준비"),
 * run by the engine kit (`@fogwar/engine/testing`). Over seeded bot matches (1 v 1 and 2 v 2), at
 * every step (after setup and after each command) and for every viewer of
 * `allViewers(seats, ["attack", "defence"])`:
 * - projection: `viewFor` carries `hidden.real` to the defence (its seats, its team viewer) and
 *   omniscient viewers only, each team's pick to that team only, and never the RNG state (the
 *   seed only once the match is over);
 * - non-interference, which token is real (secrets.ts `realTokens`): swapping every hidden
 *   operator's real token with its decoy changes nothing an attacker or spectator sees
 *   (`viewFor`), who is awaited, the pending decision, the attack's legal commands, the verdict
 *   (error code) on any attack command, nor what the next command played tells them (its events
 *   and the views after it), until a reveal;
 * - non-interference, the picks (secrets.ts `teamPick`): another locked pick changes nothing the
 *   other team or a spectator sees, may do or is told, and a pick sent with other operators tells
 *   them the same (its commitment aside);
 * - events: what attackers and spectators receive of an event (`redact`) never says which token
 *   is real before the match is over;
 * - `legalCommandsInView(viewFor(state, seat), seat)` equals `legalCommands(state, seat)`.
 * Each failure names the match (seeds, seats), the step and the viewer.
 */
import { allViewers, seatViewer, spectator, viewerLabel } from "@fogwar/engine";
import { runKit } from "@fogwar/engine/testing";
import { siege, siegeBotPolicy, type SiegeCommand, type SiegeSetup, type SiegeState } from "../src";
import { hazeContestsRook, rookContestsHaze, run, SETUP_1V1, SETUP_2V2, swapReal } from "./helpers";
import { blind, realTokens, teamPick, verdicts } from "./secrets";

const MATCHES = 6;

const CASES = Array.from({ length: MATCHES }, (_, i) => ({
  seed: `no-leak-${i}-a7c19e3f`,
  botSeed: `no-leak-bot-${i}`,
  setup: i % 2 === 0 ? SETUP_1V1 : SETUP_2V2,
}));

const viewers = (setup: SiegeSetup) => allViewers(siege.seatsOf(setup), ["attack", "defence"]);

describe("seed 004 비밀 오퍼레이터: no viewer learns which secret token is real, nor the other team's pick", () => {
  test.each(CASES)("match $seed: at every step, every viewer sees only what it may know", (c) => {
    const { problems, counters, played } = runKit({
      ruleset: siege,
      cases: [{ ...c, label: `match ${c.seed}` }],
      policy: siegeBotPolicy,
      viewers,
      secrets: [realTokens, teamPick("attack"), teamPick("defence")],
      verdicts,
      inView: 1,
      replay: false,
      onStep: (ctx) => {
        const s = ctx.state;
        const live = s.phase !== "finished";
        for (const v of ctx.viewers) {
          const where = `${ctx.at}, ${viewerLabel(v)}`;
          const view = ctx.view(v);
          if (ctx.viewJson(v).includes("rng") || (live && view.seed !== undefined)) ctx.problems.add("view", `${where}: server secrets in the view`);
          if (blind(s, v) && Object.keys(view.hidden.real).length > 0) ctx.problems.add("view", `${where}: real tokens in the view`);
          for (const team of ["attack", "defence"] as const) {
            const mine = v.kind === "omniscient" || (v.kind === "team" && v.team === team) || (v.kind === "seat" && s.teams[team].includes(v.seat));
            if (!mine && view.hidden.picks[team] !== null) ctx.problems.add("view", `${where}: sees the ${team} pick`);
          }
          if (!blind(s, v)) continue;
          for (const e of ctx.events) {
            const seen = siege.redact(e, v);
            if (seen && seen.type !== "match_ended" && "real" in seen) ctx.problems.add("events", `${where} received ${JSON.stringify(seen)}`);
          }
        }
      },
    });
    problems.expectNone("termination", "view", "events", "real token", "pick", "in-view", "errors");
    expect(problems.kinds()).toEqual([]);
    expect(played).toHaveLength(1);
    expect(counters.get("real token:varied")).toBeGreaterThan(20);
    expect(counters.get("real token:probes")).toBeGreaterThan(100);
    expect(counters.get("pick:varied")).toBeGreaterThan(0);
  });
});

/**
 * Seed 004 "사격 교환": the holder that survives the challenger's shot may fire back, a decision of
 * its team. Random play rarely reaches an exchange of fire, so it is checked at its two kinds of
 * moment, with the other defence operators still hidden: the defence asked (it holds the loft's
 * access point) and the attack asked (it holds it). With every hidden operator's real token
 * swapped, the attack and spectators see the same views, the same awaited seats and pending
 * decision, the same legal commands and verdicts, and the same events and views after each answer.
 */
describe("seed 004 사격 교환 and 비밀 오퍼레이터: the decision to fire back tells nothing of the real tokens", () => {
  const blindViewers = [seatViewer("a1"), spectator, { kind: "team", team: "attack" } as const];
  const same = (state: SiegeState) => {
    const variant = swapReal(state);
    expect(Object.keys(state.hidden.real).length).toBeGreaterThan(2);
    expect(JSON.stringify(variant.hidden.real)).not.toBe(JSON.stringify(state.hidden.real));
    for (const v of blindViewers) expect(siege.viewFor(variant, v)).toEqual(siege.viewFor(state, v));
    expect(siege.awaiting(variant)).toEqual(siege.awaiting(state));
    expect(siege.pending(variant)).toEqual(siege.pending(state));
    expect(siege.legalCommands(variant, "a1")).toEqual(siege.legalCommands(state, "a1"));
    const probes: SiegeCommand[] = [
      { type: "return_fire", fire: true },
      { type: "return_fire", fire: false },
      { type: "contest", fight: true },
      { type: "react", operator: "rook" },
      { type: "hold" },
    ];
    expect(verdicts!(variant, "a1", probes)).toEqual(verdicts!(state, "a1", probes));
    const seat = siege.awaiting(state)[0]!;
    for (const answer of siege.legalCommands(state, seat)) {
      const a = siege.apply(state, answer, seat);
      const b = siege.apply(variant, answer, seat);
      if (!a.ok || !b.ok) throw new Error("an answer was refused");
      for (const v of blindViewers) {
        expect(b.events.map((e) => siege.redact(e, v))).toEqual(a.events.map((e) => siege.redact(e, v)));
        expect(siege.viewFor(b.state, v)).toEqual(siege.viewFor(a.state, v));
      }
    }
  };

  test("the defence asked: Haze contests Rook's token on 1,1 from the loft; Rook fights and is asked to fire back", () => {
    const s = run(hazeContestsRook("leak-return-fire"), [["d1", { type: "contest", fight: true }]]);
    expect(s.pending).toMatchObject({ kind: "return_fire", team: "defence" });
    same(s);
  });

  test("the attack asked: Haze holds 1,1 from the loft (set by hand); the revealed Rook contests it, Haze fights and is asked to fire back", () => {
    const s = run(rookContestsHaze("leak-return-fire-attack"), [["a1", { type: "contest", fight: true }]]);
    expect(s.pending).toMatchObject({ kind: "return_fire", team: "attack" });
    same(s);
  });
});
