/**
 * No-leak playouts of Siege (design.md "Hidden information"; seed 004 "비밀 오퍼레이터", "팀 준비").
 * Over seeded bot matches (1 v 1 and 2 v 2), at every step (after setup and after each command)
 * and for every viewer of `allViewers(seats, ["attack", "defence"])`:
 * - projection: `viewFor` carries `hidden.real` to the defence (its seats, its team viewer) and
 *   omniscient viewers only, each team's pick to that team only, and never the RNG state (the
 *   seed only once the match is over);
 * - non-interference: swapping every hidden operator's real token with its decoy changes nothing
 *   an attacker or spectator sees (`viewFor`), who is awaited, the pending decision, the attack's
 *   legal commands, nor the verdict (error code and message) on any attack command;
 * - events: what attackers and spectators receive of an event (`redact`) never says which token
 *   is real before the match is over;
 * - `legalCommandsInView(viewFor(state, seat), seat)` equals `legalCommands(state, seat)`.
 * Each failure names the match (seeds, seats), the step and the viewer.
 */
import { allViewers, canonicalJson, viewerLabel, type Viewer } from "@fogwar/engine";
import { board, check, legalCommands, legalCommandsInView, siege, viewFor, type SiegeCommand, type SiegeState } from "../src";
import { playout, SETUP_1V1, SETUP_2V2, swapReal } from "./helpers";

const MATCHES = 6;

const CASES = Array.from({ length: MATCHES }, (_, i) => ({
  seed: `no-leak-${i}-a7c19e3f`,
  botSeed: `no-leak-bot-${i}`,
  setup: i % 2 === 0 ? SETUP_1V1 : SETUP_2V2,
}));

/** Viewers that must not know which token is real. */
const blind = (s: SiegeState, v: Viewer): boolean =>
  v.kind === "spectator" || (v.kind === "team" && v.team === "attack") || (v.kind === "seat" && s.teams.attack.includes(v.seat));

/** Attack commands worth probing: every legal one, plus refusals aimed at tokens and their spaces. */
function probes(s: SiegeState, legal: readonly SiegeCommand[]): SiegeCommand[] {
  const out: SiegeCommand[] = [...legal];
  const attacker = Object.values(s.operators).find((o) => o.team === "attack" && !o.dead)?.id ?? "auger";
  for (const t of s.tokens) {
    out.push({ type: "shoot", operator: attacker, target: t.operator });
    out.push({ type: "step", operator: attacker, to: t.at });
    out.push({ type: "gadget", operator: attacker, gadget: "frag_grenade", at: t.at });
    out.push({ type: "breach", operator: attacker, target: t.id });
    out.push({ type: "react", operator: t.operator });
  }
  return out;
}

describe("seed 004 비밀 오퍼레이터: no viewer learns which secret token is real, nor the other team's pick", () => {
  test.each(CASES)("match $seed: at every step, every viewer sees only what it may know", (c) => {
    {
      const match = playout(c.seed, c.botSeed, c.setup);
      const log = match.toLog();
      const viewers = allViewers(siege.seatsOf(c.setup), ["attack", "defence"]);
      const problems: string[] = [];
      let state = siege.setup(c.setup, c.seed).state;
      const steps: { seq: number; state: SiegeState }[] = [{ seq: 0, state }];
      for (const e of log.entries) {
        const r = siege.apply(state, e.command, e.seat);
        if (!r.ok) throw new Error(`replay refused at ${e.seq}`);
        state = r.state;
        steps.push({ seq: e.seq, state });
      }
      for (const { seq, state: s } of steps) {
        const swapped = swapReal(s);
        const live = s.phase !== "finished";
        for (const v of viewers) {
          const where = `step ${seq}, ${viewerLabel(v)}`;
          const view = viewFor(s, v);
          const json = JSON.stringify(view);
          if (json.includes("rng") || (live && view.seed !== undefined)) problems.push(`${where}: server secrets in the view`);
          if (blind(s, v) && Object.keys(view.hidden.real).length > 0) problems.push(`${where}: real tokens in the view`);
          if (blind(s, v) && canonicalJson(viewFor(swapped, v)) !== canonicalJson(view)) problems.push(`${where}: view depends on which token is real`);
          for (const team of ["attack", "defence"] as const) {
            const mine = v.kind === "omniscient" || (v.kind === "team" && v.team === team) || (v.kind === "seat" && s.teams[team].includes(v.seat));
            if (!mine && view.hidden.picks[team] !== null) problems.push(`${where}: sees the ${team} pick`);
          }
        }
        if (canonicalJson(siege.awaiting(swapped)) !== canonicalJson(siege.awaiting(s))) problems.push(`step ${seq}: awaiting depends on realness`);
        if (canonicalJson(swapped.pending) !== canonicalJson(s.pending)) problems.push(`step ${seq}: pending depends on realness`);
        const legal = new Map(s.seats.map((seat) => [seat, legalCommands(s, seat)]));
        for (const seat of s.teams.attack) {
          const list = probes(s, legal.get(seat)!);
          const here = board.withFrozen(s, () => list.map((p) => check(s, seat, p)));
          const there = board.withFrozen(swapped, () => list.map((p) => check(swapped, seat, p)));
          list.forEach((p, i) => {
            if (here[i] !== there[i]) problems.push(`step ${seq}: ${seat} ${JSON.stringify(p)} answered ${here[i]} vs ${there[i]}`);
          });
          if (canonicalJson(legalCommands(swapped, seat)) !== canonicalJson(legal.get(seat))) problems.push(`step ${seq}: attack legal commands depend on realness`);
        }
        for (const seat of s.seats) {
          const inView = legalCommandsInView(viewFor(s, { kind: "seat", seat }), seat);
          if (canonicalJson(inView) !== canonicalJson(legal.get(seat))) problems.push(`step ${seq}: legalCommandsInView differs for ${seat}`);
        }
        if (problems.length > 12) break;
      }
      for (const e of [...log.setupEvents, ...log.entries.flatMap((x) => x.events)]) {
        for (const v of viewers.filter((v) => blind(state, v))) {
          const seen = siege.redact(e, v);
          if (seen && seen.type !== "match_ended" && "real" in seen) problems.push(`${viewerLabel(v)} received ${JSON.stringify(seen)}`);
        }
      }
      expect(problems.slice(0, 12)).toEqual([]);
      expect(match.state.result).not.toBeNull();
    }
  });
});
