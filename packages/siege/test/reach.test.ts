/**
 * `reachableSquares` (seed 004 "이동", "장애물", "상층부와 진입로"): on seeded bot matches, at
 * activations of both teams, every walk it offers replays step by step through the reducer as legal
 * commands and ends on its square (a reaction offered on the way is declined; a walk the rules
 * interrupt, by a reveal or the activation ending, stops there as a client's walk would); no square
 * is offered that no walk reaches; every one-step move is offered; the seat's own projection gives
 * the same answer as the whole state. `legalSteps`, which the walks are planned from, is exactly the
 * `step` part of `legalCommands`.
 */
import { autoplay } from "@fogwar/engine";
import { canonicalJson, seatViewer } from "@fogwar/engine";
import { board, legalCommands, legalSteps, reachableSquares, siege, siegeBotPolicy, viewFor, type SiegeState } from "../src";
import { SETUP_1V1, SETUP_2V2 } from "./helpers";

/** States with an activation and no decision pending, from seeded bot matches (a sample of them). */
function activations(seeds: readonly string[]): { state: SiegeState; seat: string }[] {
  const out: { state: SiegeState; seat: string }[] = [];
  seeds.forEach((seed, i) => {
    let n = 0;
    autoplay(siege, i % 2 === 0 ? SETUP_1V1 : SETUP_2V2, seed, `${seed}-bots`, {
      policy: siegeBotPolicy,
      onCommand: (match) => {
        const s = match.state;
        if (!s.activation || s.pending || s.result || n++ % 7 !== 0) return;
        const seat = siege.awaiting(s)[0];
        if (seat) out.push({ state: s, seat });
      },
    });
  });
  return out;
}

const SAMPLES = activations(["reach-1", "reach-2", "reach-3", "reach-4"]);

/** The walker's place: the model's square, or the token's. */
const placeOf = (s: SiegeState, operator: string, token?: string) => (token ? s.tokens.find((t) => t.id === token)?.at : s.operators[operator]?.at);

describe("reachableSquares", () => {
  it("samples activations of both teams, hidden operators among them", () => {
    const teams = new Set(SAMPLES.map(({ state }) => state.operators[state.activation!.operator]!.team));
    expect(teams).toEqual(new Set(["attack", "defence"]));
    expect(SAMPLES.some(({ state }) => state.operators[state.activation!.operator]!.hidden)).toBe(true);
    expect(SAMPLES.length).toBeGreaterThan(20);
  });

  it("offers walks that replay as legal steps through the reducer and end on their squares", () => {
    let whole = 0;
    let multi = 0;
    for (const { state, seat } of SAMPLES) {
      for (const r of reachableSquares(state, seat)) {
        expect(r.path.length).toBeGreaterThan(0);
        expect(r.path[r.path.length - 1]!.to).toBe(r.to);
        expect(r.cost).toBeLessThanOrEqual(state.activation!.mp);
        let s = state;
        let interrupted = false;
        for (const step of r.path) {
          const result = siege.apply(s, step, seat);
          if (!result.ok) throw new Error(`${JSON.stringify(step)} of the walk to ${r.to} refused: ${result.error.code}`);
          s = result.state;
          // A reaction offered on the way is declined (the client stops there and lets the player answer).
          while (s.pending?.kind === "reaction") {
            const holder = s.teams[s.pending.team][0]!;
            const held = siege.apply(s, { type: "hold" }, holder);
            if (!held.ok) throw new Error(held.error.code);
            s = held.state;
          }
          const op = s.operators[step.operator]!;
          if (s.pending || s.activation?.operator !== step.operator || op.dead || (step.token !== undefined && !op.hidden)) {
            interrupted = true;
            break;
          }
        }
        if (interrupted) continue;
        expect(placeOf(s, r.path[0]!.operator, r.token)).toBe(r.to);
        expect(s.activation!.mp).toBe(state.activation!.mp - r.cost);
        whole++;
        if (r.path.length > 1) multi++;
      }
    }
    expect(whole).toBeGreaterThan(100);
    expect(multi).toBeGreaterThan(50);
  });

  it("plans from legalSteps, which lists exactly the step commands of legalCommands, in order, for every seat and on the seat's view", () => {
    let some = 0;
    for (const { state, seat } of SAMPLES) {
      const seats = [...state.teams.attack, ...state.teams.defence];
      for (const s of seats) {
        const steps = legalCommands(state, s).filter((c) => c.type === "step");
        expect(canonicalJson(legalSteps(state, s))).toBe(canonicalJson(steps));
        expect(canonicalJson(legalSteps(viewFor(state, seatViewer(s)), s))).toBe(canonicalJson(steps));
      }
      if (legalSteps(state, seat).length > 0) some++;
      expect(legalSteps({ ...state, pending: { kind: "contest", team: "attack", ap: "1,1", challenger: "x", holder: "y" } } as SiegeState, seat)).toEqual([]);
    }
    expect(some).toBeGreaterThan(SAMPLES.length / 2);
  });

  it("offers every one-step move and no square beyond the movement points or taken", () => {
    for (const { state, seat } of SAMPLES) {
      const reach = reachableSquares(state, seat);
      const offered = new Set(reach.map((r) => `${r.token ?? ""}@${r.to}`));
      for (const c of legalCommands(state, seat)) if (c.type === "step") expect(offered.has(`${c.token ?? ""}@${c.to}`)).toBe(true);
      for (const r of reach) {
        const from = placeOf(state, state.activation!.operator, r.token)!;
        if (!board.isUpper(r.to) && !board.isUpper(from)) {
          const [x1, y1] = from.split(",").map(Number);
          const [x2, y2] = r.to.split(",").map(Number);
          expect(Math.max(Math.abs(x1! - x2!), Math.abs(y1! - y2!))).toBeLessThanOrEqual(state.activation!.mp);
        }
        expect(Object.values(state.operators).some((o) => o.at === r.to || o.stand === r.to)).toBe(false);
      }
    }
  });

  it("offers every square the reducer's own steps reach, and only those where no step changed the board", () => {
    let exact = 0;
    const stops = (s: SiegeState) => new Set(s.gadgets.flatMap((g) => (g.aim ? [g.at, g.aim] : [g.at])));
    for (const { state, seat } of SAMPLES.filter((_, i) => i % 5 === 0)) {
      const op = state.activation!.operator;
      const gadgets = stops(state);
      const reached = new Set<string>();
      const seen = new Set<string>();
      let cut = false;
      let frontier: SiegeState[] = [state];
      while (frontier.length > 0) {
        const next: SiegeState[] = [];
        for (const s of frontier) {
          for (const c of legalCommands(s, seat)) {
            if (c.type !== "step") continue;
            const r = siege.apply(s, c, seat);
            if (!r.ok) throw new Error(r.error.code);
            let t = r.state;
            while (t.pending?.kind === "reaction") {
              const held = siege.apply(t, { type: "hold" }, t.teams[t.pending.team][0]!);
              if (!held.ok) throw new Error(held.error.code);
              t = held.state;
            }
            reached.add(`${c.token ?? ""}@${c.to}`);
            const key = `${c.token ?? ""}@${c.to}:${t.activation?.mp}`;
            // Anything but the move itself (a reveal, a ping, a gadget going off...) changes the board: a walk stops there.
            const quiet = r.events.every((e) => e.event.type === "moved" || e.event.type === "watch_ended");
            if (!quiet || t.pending || t.activation?.operator !== op || t.operators[op]!.dead) {
              if (!gadgets.has(c.to)) cut = true;
              continue;
            }
            if (seen.has(key) || gadgets.has(c.to)) continue;
            seen.add(key);
            next.push(t);
          }
        }
        frontier = next;
      }
      const starts = new Set([`@${state.operators[op]!.at}`, ...state.tokens.filter((t) => t.operator === op).map((t) => `${t.id}@${t.at}`)]);
      const offered = new Set(reachableSquares(state, seat).map((r) => `${r.token ?? ""}@${r.to}`));
      for (const k of reached) if (!starts.has(k)) expect(offered).toContain(k);
      // Where no walk was interrupted (a reveal, the activation ending), nothing more is offered either.
      if (!cut) {
        expect(offered).toEqual(new Set([...reached].filter((k) => !starts.has(k))));
        exact++;
      }
    }
    expect(exact).toBeGreaterThan(0);
  });

  it("gives nothing when no step may be taken: the other team's seat, a decision pending, no points left", () => {
    for (const { state, seat } of SAMPLES.slice(0, 20)) {
      const other = [...state.teams.attack, ...state.teams.defence].find((s) => !siege.awaiting(state).includes(s))!;
      expect(reachableSquares(state, other)).toEqual([]);
      expect(reachableSquares({ ...state, activation: { ...state.activation!, mp: 0 } }, seat)).toEqual([]);
      expect(reachableSquares({ ...state, pending: { kind: "contest", team: "attack", ap: "1,1", challenger: "x", holder: "y" } } as SiegeState, seat)).toEqual([]);
    }
  });

  it("reads only what the seat may see: its projection gives the same walks as the whole state", () => {
    for (const { state, seat } of SAMPLES) {
      expect(canonicalJson(reachableSquares(viewFor(state, seatViewer(seat)), seat))).toBe(canonicalJson(reachableSquares(state, seat)));
    }
  });
});
